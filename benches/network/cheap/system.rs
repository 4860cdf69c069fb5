//! What the bench reads from and asks of the system around it: this process's limit of open
//! files, datagrams dropped by full sockets (`/proc/net/udp`), and the server's log (kept in
//! a file if asked, and what it says it took up from its store).

/// Writes a server's log to `$ODDBOARD_BENCH_LOG-<which>.log`, if that is set.
pub(super) fn keep_log(lines: &[String], which: &str) {
    if let Some(stem) = std::env::var_os("ODDBOARD_BENCH_LOG") {
        let path = format!("{}-{which}.log", stem.to_string_lossy());
        let _ = std::fs::write(&path, lines.join("\n"));
    }
}

/// The line of a server's log that says how many games it took up from its store.
pub(super) fn took_up_line(lines: &[String]) -> String {
    lines
        .iter()
        .find(|l| l.contains("took up"))
        .cloned()
        .unwrap_or_else(|| "it did not say what it took up".into())
}

/// The datagrams dropped so far for want of room in a socket's receive buffer: the socket
/// bound to `port` of 127.0.0.1 (the server's) and this process's sockets (the players'),
/// from `/proc/net/udp`.
pub(super) fn udp_drops(port: u16) -> (u64, u64) {
    let mine: std::collections::HashSet<String> = std::fs::read_dir("/proc/self/fd")
        .map(|fds| {
            fds.filter_map(|fd| {
                let link = std::fs::read_link(fd.ok()?.path()).ok()?;
                let link = link.to_string_lossy();
                Some(
                    link.strip_prefix("socket:[")?
                        .strip_suffix(']')?
                        .to_string(),
                )
            })
            .collect()
        })
        .unwrap_or_default();
    let server = format!("0100007F:{port:04X}");
    let table = std::fs::read_to_string("/proc/net/udp").unwrap_or_default();
    let mut drops = (0, 0);
    for line in table.lines().skip(1) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (Some(local), Some(inode), Some(dropped)) =
            (fields.get(1), fields.get(9), fields.get(12))
        else {
            continue;
        };
        let dropped: u64 = dropped.parse().unwrap_or(0);
        if *local == server {
            drops.0 += dropped;
        } else if mine.contains(*inode) {
            drops.1 += dropped;
        }
    }
    drops
}

/// Makes sure this process may open `needed` files (a socket each player): if its soft
/// limit is lower and the hard limit allows, runs itself again under `ulimit -n`.
pub(super) fn enough_files(needed: usize) {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let Some(line) = limits.lines().find(|l| l.starts_with("Max open files")) else {
        return;
    };
    let numbers: Vec<u64> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let (Some(&soft), Some(&hard)) = (numbers.first(), numbers.get(1)) else {
        return;
    };
    if soft >= needed as u64 {
        return;
    }
    if hard < needed as u64 || std::env::var_os("ODDBOARD_BENCH_RELIMITED").is_some() {
        eprintln!(
            "only {soft} open files allowed (hard limit {hard}) and {needed} needed: raise it with ulimit -n {needed}"
        );
        std::process::exit(2);
    }
    use std::os::unix::process::CommandExt;
    let error = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -S -n {needed} && exec \"$0\" \"$@\""))
        .arg(std::env::current_exe().expect("this program"))
        .args(std::env::args_os().skip(1))
        .env("ODDBOARD_BENCH_RELIMITED", "1")
        .exec();
    eprintln!("could not raise the limit of open files: {error}");
    std::process::exit(2);
}
