//! An engine's standard output read as lines, each read's lines kept
//! together, and the gate that lets a request be sent only when nothing
//! the engine wrote is waiting: a line that arrived before a request was
//! sent is never read as its reply, however its bytes were split.
//!
//! A reading thread takes the output as it comes. Everything one read of
//! the pipe returns goes into one message: a reply and a line written with
//! it (in the same `write()`, or already there when it was read) arrive
//! together, so the line after the reply is seen with the reply. On unix
//! the thread waits for bytes, then takes the gate, reads them and counts
//! the message before letting go; the sender takes the gate, finds no
//! message counted but not taken and no byte waiting in the pipe, and
//! writes its request: what the engine wrote before is always seen.

use super::protocol::MAX_LINE;
use std::io::Read;
use std::process::ChildStdout;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard};

/// How many messages read from an engine wait to be taken at most: an
/// engine that writes more than it is asked for blocks instead of filling
/// memory.
pub(crate) const MESSAGES_QUEUED: usize = 4;

/// How much of an unfinished line a message keeps, to show it.
const PARTIAL_KEPT: usize = 1024;

/// What one read of the output brought.
pub(crate) enum LineMsg {
    /// The complete lines (blank ones dropped) and the start of a line
    /// not finished yet (empty when none).
    Lines {
        /// Complete lines, without their `\n`.
        lines: Vec<Vec<u8>>,
        /// The start of the next line (at most a few hundred bytes).
        partial: Vec<u8>,
    },
    /// A line over [`MAX_LINE`]; the rest of it is skipped.
    Oversized,
    /// The output closed.
    Eof,
}

/// Held by the reading thread from the read to the counting of its
/// message, and by the sender while it checks that nothing waits.
pub(crate) struct Gate {
    lock: Mutex<()>,
    /// Messages counted by the reading thread (under the gate).
    counted: AtomicU64,
    /// A second handle on the output, to ask whether bytes wait (none:
    /// the thread reads without waiting first, as on other systems).
    #[cfg(unix)]
    fd: Option<std::os::fd::OwnedFd>,
}

impl Gate {
    /// A gate on no handle: nothing is known to wait before it is read.
    #[cfg(test)]
    fn without_handle() -> Gate {
        Gate {
            lock: Mutex::new(()),
            counted: AtomicU64::new(0),
            #[cfg(unix)]
            fd: None,
        }
    }

    /// Whether bytes can be waited for before they are read.
    fn polls(&self) -> bool {
        #[cfg(unix)]
        {
            self.fd.is_some()
        }
        #[cfg(not(unix))]
        {
            false
        }
    }

    /// Take the gate.
    pub(crate) fn hold(&self) -> Option<MutexGuard<'_, ()>> {
        self.lock.lock().ok()
    }

    /// How many messages the reading thread has counted.
    pub(crate) fn counted(&self) -> u64 {
        self.counted.load(Ordering::SeqCst)
    }

    /// Whether bytes wait in the pipe, not yet read (never on systems
    /// without `poll`).
    pub(crate) fn bytes_waiting(&self) -> bool {
        #[cfg(unix)]
        {
            use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
            use std::os::fd::AsFd;
            let Some(fd) = self.fd.as_ref() else {
                return false;
            };
            let mut fds = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
            match poll(&mut fds, PollTimeout::ZERO) {
                Ok(n) if n > 0 => fds[0]
                    .revents()
                    .is_some_and(|r| r.contains(PollFlags::POLLIN)),
                _ => false,
            }
        }
        #[cfg(not(unix))]
        {
            false
        }
    }

    /// Wait until bytes can be read (or the output closed).
    #[cfg_attr(not(unix), allow(clippy::unused_self))]
    fn wait_readable(&self) {
        #[cfg(unix)]
        {
            use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
            use std::os::fd::AsFd;
            let Some(fd) = self.fd.as_ref() else {
                return;
            };
            loop {
                let mut fds = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
                match poll(&mut fds, PollTimeout::NONE) {
                    Err(nix::errno::Errno::EINTR) => continue,
                    _ => return,
                }
            }
        }
    }
}

/// Start the thread reading `out`: its messages, and the gate.
pub(crate) fn spawn_reader(out: ChildStdout) -> (Receiver<LineMsg>, Arc<Gate>) {
    let (tx, rx) = mpsc::sync_channel(MESSAGES_QUEUED);
    #[cfg(unix)]
    let (out, fd) = {
        let owned = std::os::fd::OwnedFd::from(out);
        let fd = owned.try_clone().ok();
        (std::fs::File::from(owned), fd)
    };
    let gate = Arc::new(Gate {
        lock: Mutex::new(()),
        counted: AtomicU64::new(0),
        #[cfg(unix)]
        fd,
    });
    let g = Arc::clone(&gate);
    std::thread::spawn(move || read_messages(out, &g, &tx));
    (rx, gate)
}

/// Split the complete lines off `pending`, dropping blank ones.
fn complete_lines(pending: &mut Vec<u8>) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    while let Some(i) = pending.iter().position(|b| *b == b'\n') {
        let mut line: Vec<u8> = pending.drain(..=i).collect();
        line.pop();
        if !line.iter().all(|b| b.is_ascii_whitespace()) {
            lines.push(line);
        }
    }
    lines
}

/// The reading thread: one message per read, counted under the gate.
fn read_messages(mut out: impl Read, gate: &Gate, tx: &SyncSender<LineMsg>) {
    let mut chunk = vec![0u8; 64 * 1024];
    let mut pending: Vec<u8> = Vec::new();
    let mut skipping = false;
    loop {
        // Waiting first, the gate is held from the read to the counting;
        // otherwise it is taken once the read returns.
        let polls = gate.polls();
        if polls {
            gate.wait_readable();
        }
        let early = if polls { gate.hold() } else { None };
        let n = out.read(&mut chunk).unwrap_or(0);
        let guard = if polls { early } else { gate.hold() };
        let msg = if n == 0 {
            LineMsg::Eof
        } else {
            let mut bytes = &chunk[..n];
            if skipping {
                match bytes.iter().position(|b| *b == b'\n') {
                    Some(i) => {
                        skipping = false;
                        bytes = &bytes[i + 1..];
                    }
                    None => bytes = &[],
                }
            }
            pending.extend_from_slice(bytes);
            // Only new bytes can end a line: a long line is not scanned again.
            let lines = if bytes.contains(&b'\n') {
                complete_lines(&mut pending)
            } else {
                Vec::new()
            };
            if pending.len() > MAX_LINE || lines.iter().any(|l| l.len() > MAX_LINE) {
                pending.clear();
                skipping = true;
                LineMsg::Oversized
            } else {
                let partial = pending[..pending.len().min(PARTIAL_KEPT)].to_vec();
                if lines.is_empty() && partial.is_empty() {
                    // Only blank lines or the rest of a skipped one.
                    drop(guard);
                    continue;
                }
                LineMsg::Lines { lines, partial }
            }
        };
        let end = matches!(msg, LineMsg::Eof);
        gate.counted.fetch_add(1, Ordering::SeqCst);
        drop(guard);
        if tx.send(msg).is_err() || end {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    /// Output without end: one short line after another, counting the bytes read.
    struct Endless(Arc<AtomicUsize>);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = b"{\"id\":1,\"ok\":true}\n";
            let n = buf.len() / line.len() * line.len();
            for chunk in buf[..n].chunks_mut(line.len()) {
                chunk.copy_from_slice(line);
            }
            self.0.fetch_add(n, Ordering::Relaxed);
            Ok(n)
        }
    }

    #[test]
    fn messages_nobody_takes_hold_the_engine_back_instead_of_filling_memory() {
        let read = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = mpsc::sync_channel(MESSAGES_QUEUED);
        let source = Endless(Arc::clone(&read));
        let gate = Arc::new(Gate::without_handle());
        let g = Arc::clone(&gate);
        let reader = std::thread::spawn(move || read_messages(source, &g, &tx));
        std::thread::sleep(Duration::from_millis(300));
        let first = read.load(Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(200));
        // Some messages wait, the reading stopped: at most the queue and
        // one more read were taken.
        assert_eq!(read.load(Ordering::Relaxed), first, "the reading goes on");
        assert!(
            first <= (MESSAGES_QUEUED + 2) * 64 * 1024,
            "{first} bytes read"
        );
        assert_eq!(gate.counted(), MESSAGES_QUEUED as u64 + 1);
        let waiting = rx.try_iter().take(MESSAGES_QUEUED + 10).count();
        assert!(waiting >= MESSAGES_QUEUED, "{waiting} messages waited");
        // Once nobody listens, the reader ends.
        drop(rx);
        assert!(reader.join().is_ok());
    }

    #[test]
    fn lines_are_split_and_blank_ones_dropped() {
        let mut p = b"{\"id\":1}\n\n  \n{\"id\":2}\n{\"id\"".to_vec();
        let lines = complete_lines(&mut p);
        assert_eq!(lines, vec![b"{\"id\":1}".to_vec(), b"{\"id\":2}".to_vec()]);
        assert_eq!(p, b"{\"id\"".to_vec());
    }
}
