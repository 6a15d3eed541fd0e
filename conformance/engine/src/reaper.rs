//! Every process an engine started ends with it, including those that left
//! its process group (`setsid`, `setpgid`).
//!
//! The engine runs in a process group of its own and stopping it signals the
//! whole group. On Linux two more steps reach what left the group:
//!
//! - when an engine is stopped, its descendants are found through `/proc`
//!   (parent links, whatever their group or session) and stopped with it;
//! - the command-line tool makes itself a *child subreaper*
//!   ([`adopt_orphans`]): a process whose parent ends while it runs (a
//!   daemon the engine started twice removed) becomes the tool's child
//!   instead of `init`'s, and every such child left when a command ends is
//!   stopped and collected ([`end_adopted`]).
//!
//! Other unix systems get the group's stop only (PROTOCOL.md says so).
//! A descendant is signalled by its process id right after it was found; a
//! process that ends and whose id is given to another in that moment is the
//! one case this cannot tell apart.

/// Become the parent of every orphaned descendant (Linux): called once by
/// the command-line tool before it starts an engine.
pub fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    {
        // Without it, orphans go to init as before: nothing else changes.
        let _ = nix::sys::prctl::set_child_subreaper(true);
    }
}

/// Stop and collect every child of this process still running: at the end
/// of a command, after its engines were stopped, these are processes
/// adopted by [`adopt_orphans`] (and their children, adopted in turn); on
/// a second interrupt, the engines themselves and what they started.
pub fn end_adopted() {
    #[cfg(target_os = "linux")]
    {
        let me = std::process::id();
        // Each round stops the children found; their own children are
        // adopted in turn. A bounded number of rounds: a process tree
        // forking faster than it is stopped does not hold the tool.
        for _ in 0..50 {
            let children = children_of(&processes(), me);
            if children.is_empty() {
                return;
            }
            for &pid in &children {
                kill(pid);
            }
            for &pid in &children {
                collect(pid);
            }
        }
    }
}

/// Signal every descendant of `pid` found now (Linux), before `pid` itself
/// is stopped.
pub(crate) fn stop_descendants(pid: u32) {
    #[cfg(target_os = "linux")]
    {
        let table = processes();
        let mut found = Vec::new();
        let mut next = vec![pid];
        while let Some(p) = next.pop() {
            for c in children_of(&table, p) {
                if !found.contains(&c) {
                    found.push(c);
                    next.push(c);
                }
            }
        }
        for &p in &found {
            kill(p);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = pid;
}

/// Every process and its parent, from `/proc`.
#[cfg(target_os = "linux")]
fn processes() -> Vec<(u32, u32)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            Some((pid, parent_in_stat(&stat)?))
        })
        .collect()
}

/// The parent process id in a `/proc/PID/stat` line: the second field after
/// the command name, which is in parentheses and may hold anything.
fn parent_in_stat(stat: &str) -> Option<u32> {
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(target_os = "linux")]
fn children_of(table: &[(u32, u32)], parent: u32) -> Vec<u32> {
    table
        .iter()
        .filter(|(_, p)| *p == parent)
        .map(|(c, _)| *c)
        .collect()
}

#[cfg(target_os = "linux")]
fn kill(pid: u32) {
    if let Ok(raw) = i32::try_from(pid) {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(raw),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
}

/// Wait for the child `pid` to end (it was killed), for a bounded time.
#[cfg(target_os = "linux")]
fn collect(pid: u32) {
    use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
    let Ok(raw) = i32::try_from(pid) else {
        return;
    };
    for _ in 0..200 {
        match waitpid(nix::unistd::Pid::from_raw(raw), Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => std::thread::sleep(std::time::Duration::from_millis(1)),
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parent_in_stat;

    #[test]
    fn the_parent_is_read_after_a_command_name_holding_anything() {
        assert_eq!(parent_in_stat("123 (sleep) S 45 123 45 0"), Some(45));
        assert_eq!(parent_in_stat("123 (a) b (c) S 9 1"), Some(9));
        assert_eq!(parent_in_stat("123 (x"), None);
        assert_eq!(parent_in_stat("garbage"), None);
    }
}
