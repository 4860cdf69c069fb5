//! `oddboard uci`: the Universal Chess Interface on standard input and output, so chess GUIs
//! and match tools (cutechess, python-chess, Arena) can use Oddboard's engine, in every
//! variant (`UCI_Variant`). Commands are read line by line while the search thinks on its own
//! thread; bad input is answered with one `info string` line and changes nothing; the end of
//! the input ends the session as `quit` does.

mod clock;
mod command;
mod info;
mod move_text;
mod options;
mod output;
mod searcher;
mod session;

use output::Out;
use session::{Flow, Session};
use std::io::{BufRead, Write};

/// Orthodox chess's variant id: the variant chosen at first, and the one whose moves are written
/// in standard UCI text.
const ORTHODOX: &str = "chess";

/// Speaks UCI: reads commands from `input` and answers on `output` until `quit` or the end of
/// `input`, either of which first stops any search.
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) {
    let out = Out::new(output);
    let mut session = match Session::new(out.clone()) {
        Ok(session) => session,
        Err(why) => return out.refuse(&why),
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        if !matches!(input.read_until(b'\n', &mut line), Ok(read) if read > 0) {
            break;
        }
        let flow = match command::parse(&String::from_utf8_lossy(&line)) {
            Ok(Some(command)) => session.obey(command),
            Ok(None) => Flow::Continue,
            Err(why) => {
                out.refuse(&why);
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            break;
        }
    }
    session.end();
}
