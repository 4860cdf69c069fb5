//! The machine's own addresses, read from its network interfaces (never from an outside
//! service): what a host tells the other player to type.

use std::net::{IpAddr, SocketAddr};

/// Where a server bound to `bind` can be reached: `bind` itself when it names one interface;
/// for all interfaces (`0.0.0.0` or `::`), each interface's address with the port, the
/// machine's own (loopback) last.
pub fn reachable(bind: SocketAddr) -> Vec<SocketAddr> {
    if !bind.ip().is_unspecified() {
        return vec![bind];
    }
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|interface| interface.ip())
        .filter(|ip| ip.is_ipv4() == bind.is_ipv4() || bind.is_ipv6())
        .filter(|ip| !matches!(ip, IpAddr::V6(v6) if v6.is_unicast_link_local()))
        .collect();
    found.sort_by_key(|ip| (ip.is_loopback(), ip.is_ipv6(), *ip));
    found.dedup();
    found
        .into_iter()
        .map(|ip| SocketAddr::new(ip, bind.port()))
        .collect()
}
