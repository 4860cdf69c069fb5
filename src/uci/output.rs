//! The engine's standard output, shared by the thread reading commands and the search thread:
//! whole lines, each flushed at once, so a GUI never sees two lines mixed.

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

/// Where the engine's answers go; clones write to the same place.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    /// Answers written to `sink`.
    pub fn new(sink: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(sink))))
    }

    /// Writes `text` as one line and flushes it. A GUI that has gone away is not an error:
    /// the end of the input follows.
    pub fn line(&self, text: &str) {
        let mut sink = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(sink, "{text}").and_then(|()| sink.flush());
    }

    /// Says `why` a command changed nothing, as one `info string` line.
    pub fn refuse(&self, why: &str) {
        let one_line: String = why
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        self.line(&format!("info string {one_line}"));
    }
}
