//! The network tests: the server's brain (the lobby) driven by hand, client by client, on a
//! virtual clock (no test sleeps or reads the wall clock).

#![cfg(feature = "game")]

mod abuse;
mod clocks;
mod lobby;
mod offers;
mod random;
mod support;
