//! Play over the network. The server's brain ([`lobby`]) is plain logic over the rules engine
//! and a clock it is given; [`server`] and [`client`] carry its messages over replicon and
//! renet (UDP); [`serve`] and [`bot`] are the headless programs built on them.

pub mod lobby;
pub mod protocol;
pub mod table;
