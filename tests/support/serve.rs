//! Starting an `oddboard serve` process and learning where it listens, for the tests and the
//! network bench. The network tests include this file with
//! `#[path = "../support/serve.rs"] mod serve;`, the bench with
//! `#[path = "../../tests/support/serve.rs"] mod serve;`.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;

/// What the server prints, followed by its address, once it listens.
const LISTENING: &str = "Oddboard server listening on ";

/// Spawns `command` (an `oddboard serve …`, its stdout piped here) and reads its log until the
/// server says where it listens. Returns the process, that address, and the thread that goes
/// on reading the log until the server stops (so that it never blocks on a full pipe nor stops
/// on a closed one), which gives back the lines it read when joined.
pub(crate) fn start(command: &mut Command) -> (Child, SocketAddr, JoinHandle<Vec<String>>) {
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start the server: {e}"));
    let mut lines = BufReader::new(child.stdout.take().expect("the server's output")).lines();
    let address = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|line| line.strip_prefix(LISTENING)?.parse().ok())
        .expect("the server says where it listens");
    let logged = std::thread::spawn(move || lines.map_while(Result::ok).collect());
    (child, address, logged)
}
