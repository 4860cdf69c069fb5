//! Play over the network. The server's brain ([`lobby`], with each game in a [`table`]) is
//! plain logic over the rules engine and a clock it is given; [`server`] and [`client`] carry
//! its messages over replicon and renet (UDP); [`run`] holds the headless programs, `serve`
//! and the [`bot`].

pub mod addresses;
pub mod bot;
pub mod client;
pub mod headless;
pub mod identity;
pub mod lobby;
pub mod names;
pub mod protocol;
pub mod ratings;
pub mod records;
pub mod run;
pub mod server;
pub mod shared_file;
pub mod store;
pub mod table;
pub mod variants;
pub mod wire;
