//! The Oddboard binary: the rules command line (`variants`, `moves`, `perft`, `status`).

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match oddboard::cli::run(&args) {
        Ok(output) => {
            if let Some(note) = output.stderr {
                eprintln!("{note}");
            }
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(output.stdout.as_bytes()).is_err() {
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(error.exit_code())
        }
    }
}
