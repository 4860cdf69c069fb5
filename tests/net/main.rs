//! The network tests: the server's brain (the lobby) driven by hand, client by client, on a
//! virtual clock (no test sleeps or reads the wall clock); and the real transport on 127.0.0.1
//! (`transport`).

#![cfg(feature = "game")]

mod abuse;
mod clocks;
mod correspondence;
mod faults;
mod identities;
mod lobby;
mod offers;
mod persistence;
mod random;
mod ratings;
#[path = "../support/serve.rs"]
mod serve;
mod store;
mod support;
mod transport;
mod variant_files;
#[path = "../support/wait.rs"]
mod wait;
