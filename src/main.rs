//! The Oddboard binary: the game window (with the `game` feature, and no arguments or `play`),
//! or the rules command line (`variants`, `moves`, `perft`, `status`, `bestmove`, `selfplay`,
//! `record`, `replay`, …) and the engine protocol `uci`; with `game`, also `serve`, `bot`,
//! `identity` and `admin` (network play).

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    #[cfg(feature = "game")]
    if let Some(request) = oddboard::cli::play_request(&args) {
        let view = request.view.map(|view| match view {
            oddboard::cli::ViewArg::TwoD => oddboard::app::shared::settings::BoardView::TwoD,
            oddboard::cli::ViewArg::ThreeD => oddboard::app::shared::settings::BoardView::ThreeD,
        });
        let launch = oddboard::app::Launch {
            view,
            #[cfg(feature = "dev")]
            window_test: request.dev.window_test,
            #[cfg(feature = "dev")]
            measure: request.dev.measure,
            #[cfg(feature = "dev")]
            sound_test: request.dev.sound_test,
        };
        return match oddboard::app::run(launch) {
            bevy::app::AppExit::Success => ExitCode::SUCCESS,
            bevy::app::AppExit::Error(_) => ExitCode::from(1),
        };
    }
    #[cfg(feature = "game")]
    if let Some(request) = oddboard::cli::net_request(&args) {
        let outcome = request
            .map_err(|e| (e.to_string(), e.exit_code()))
            .and_then(|request| oddboard::net::run::run(request).map_err(|e| (e.why, e.code)));
        return match outcome {
            Ok(()) => ExitCode::SUCCESS,
            Err((why, code)) => {
                eprintln!("{why}");
                ExitCode::from(code)
            }
        };
    }
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
