//! An engine's standard output read as lines by the thread that sends the
//! requests, each read's lines kept together, so that a line that arrived
//! before a request was sent is never read as its reply, however its bytes
//! were split.
//!
//! Nothing reads the output while no reply is awaited: before a request is
//! sent, [`Output::waiting`] asks whether the engine wrote anything since
//! its last reply (bytes in the pipe or the rest of the last read), and the
//! harness reports it instead of sending. Everything one read of the pipe
//! returns is one [`LineMsg`]: a reply and a line written with it (in the
//! same `write()`, or already there when it was read) arrive together, so
//! the line after the reply is seen with the reply. An engine that writes
//! more than it is asked for fills the pipe and waits; the harness's memory
//! holds one line of at most [`MAX_LINE`] bytes.
//!
//! On unix the pipe is polled, a reply waited for as [`super::spin`] says.
//! Elsewhere a thread reads the pipe and hands over what each read brought.

use super::protocol::MAX_LINE;
use std::process::ChildStdout;
use std::time::Duration;

/// How much of an unfinished line a message keeps, to show it.
const PARTIAL_KEPT: usize = 1024;

/// How much one read of the pipe takes at most.
const CHUNK: usize = 64 * 1024;

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

/// An engine's standard output, read when a reply is awaited.
pub(crate) struct Output {
    source: Source,
    /// Bytes read that do not end a line yet.
    pending: Vec<u8>,
    /// Inside a line over [`MAX_LINE`]: bytes are dropped up to its end.
    skipping: bool,
    chunk: Vec<u8>,
}

impl Output {
    /// The output of an engine process, waited for by spinning up to
    /// `spin` first (on unix).
    pub(crate) fn new(out: ChildStdout, spin: Duration) -> Output {
        Output {
            source: Source::new(out, spin),
            pending: Vec::new(),
            skipping: false,
            chunk: vec![0u8; CHUNK],
        }
    }

    /// Whether the engine wrote something not read yet, or closed its
    /// output (checked without waiting).
    pub(crate) fn waiting(&mut self) -> bool {
        self.source.ready(Duration::ZERO)
    }

    /// What the next read brings, waiting at most `limit` for it: `None`
    /// when nothing came (a read that brought only blank lines, or the
    /// middle of a line being skipped, counts as nothing).
    pub(crate) fn next(&mut self, limit: Duration) -> Option<LineMsg> {
        if !self.source.ready(limit) {
            return None;
        }
        let n = self.source.read(&mut self.chunk);
        if n == 0 {
            return Some(LineMsg::Eof);
        }
        let mut bytes = &self.chunk[..n];
        if self.skipping {
            match memchr::memchr(b'\n', bytes) {
                Some(i) => {
                    self.skipping = false;
                    bytes = &bytes[i + 1..];
                }
                None => bytes = &[],
            }
        }
        self.pending.extend_from_slice(bytes);
        // Only new bytes can end a line: a long line is not scanned again.
        let lines = if memchr::memchr(b'\n', bytes).is_some() {
            complete_lines(&mut self.pending)
        } else {
            Vec::new()
        };
        if self.pending.len() > MAX_LINE || lines.iter().any(|l| l.len() > MAX_LINE) {
            self.pending.clear();
            self.skipping = true;
            return Some(LineMsg::Oversized);
        }
        let partial = self.pending[..self.pending.len().min(PARTIAL_KEPT)].to_vec();
        if lines.is_empty() && partial.is_empty() {
            return None;
        }
        Some(LineMsg::Lines { lines, partial })
    }
}

/// Split the complete lines off `pending`, dropping blank ones.
fn complete_lines(pending: &mut Vec<u8>) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    let mut start = 0;
    while let Some(i) = memchr::memchr(b'\n', &pending[start..]) {
        let line = &pending[start..start + i];
        if !line.iter().all(|b| b.is_ascii_whitespace()) {
            lines.push(line.to_vec());
        }
        start += i + 1;
    }
    pending.drain(..start);
    lines
}

/// The pipe, polled (unix).
#[cfg(unix)]
struct Source {
    file: std::fs::File,
    spin: Duration,
}

#[cfg(unix)]
impl Source {
    fn new(out: ChildStdout, spin: Duration) -> Source {
        Source {
            file: std::fs::File::from(std::os::fd::OwnedFd::from(out)),
            spin,
        }
    }

    /// Whether a read would not wait (bytes, or the end of the output),
    /// waiting at most `limit` for it.
    fn ready(&self, limit: Duration) -> bool {
        use std::os::fd::AsFd;
        super::spin::readable(self.file.as_fd(), Some(limit), self.spin)
    }

    /// One read; 0 at the end of the output or on an error.
    fn read(&mut self, buf: &mut [u8]) -> usize {
        use std::io::Read;
        loop {
            match self.file.read(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                r => return r.unwrap_or(0),
            }
        }
    }
}

/// A thread reading the pipe, each read handed over whole (systems
/// without `poll`).
#[cfg(not(unix))]
struct Source {
    reads: std::sync::mpsc::Receiver<Vec<u8>>,
    /// A read taken from the thread by [`Source::ready`], not yet read.
    held: Option<Vec<u8>>,
    closed: bool,
}

#[cfg(not(unix))]
impl Source {
    fn new(mut out: ChildStdout, _spin: Duration) -> Source {
        use std::io::Read;
        // A few reads wait at most: an engine that writes more than it is
        // asked for blocks instead of filling memory.
        let (tx, rx) = std::sync::mpsc::sync_channel(4);
        std::thread::spawn(move || {
            let mut chunk = vec![0u8; CHUNK];
            loop {
                let n = out.read(&mut chunk).unwrap_or(0);
                if tx.send(chunk[..n].to_vec()).is_err() || n == 0 {
                    return;
                }
            }
        });
        Source {
            reads: rx,
            held: None,
            closed: false,
        }
    }

    fn ready(&mut self, limit: Duration) -> bool {
        if self.held.is_some() || self.closed {
            return true;
        }
        match self.reads.recv_timeout(limit) {
            Ok(bytes) => {
                self.held = Some(bytes);
                true
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => false,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                self.closed = true;
                true
            }
        }
    }

    fn read(&mut self, buf: &mut [u8]) -> usize {
        match self.held.take() {
            Some(bytes) => {
                let n = bytes.len().min(buf.len());
                buf[..n].copy_from_slice(&bytes[..n]);
                n
            }
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    fn output_of(script: &str) -> (std::process::Child, Output) {
        let mut child = Command::new("sh")
            .args(["-c", script])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = Output::new(child.stdout.take().unwrap(), Duration::ZERO);
        (child, out)
    }

    /// The messages until the end of the output.
    fn all(out: &mut Output) -> Vec<LineMsg> {
        let mut msgs = Vec::new();
        loop {
            match out.next(Duration::from_secs(5)) {
                Some(LineMsg::Eof) => return msgs,
                Some(m) => msgs.push(m),
                None => {}
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_line_written_with_the_reply_comes_with_it() {
        let (mut child, mut out) = output_of(r#"printf '{"id":1}\n{"id":2}\n{"id":'"#);
        let msgs = all(&mut out);
        let _ = child.wait();
        let Some(LineMsg::Lines { lines, partial }) = msgs.first() else {
            panic!("no lines")
        };
        assert_eq!(lines, &[b"{\"id\":1}".to_vec(), b"{\"id\":2}".to_vec()]);
        assert_eq!(partial, b"{\"id\":");
    }

    #[cfg(unix)]
    #[test]
    fn nothing_waits_until_the_engine_writes() {
        let (mut child, mut out) = output_of("exec sleep 5");
        assert!(!out.waiting());
        assert!(out.next(Duration::from_millis(20)).is_none());
        let _ = child.kill();
        let _ = child.wait();
        // Killed: the end of the output waits to be read.
        assert!(out.waiting());
    }

    #[cfg(unix)]
    #[test]
    fn an_oversized_line_is_reported_once_and_skipped() {
        let script = format!(
            "head -c {} /dev/zero | tr '\\0' x; printf '\\n{{\"id\":7}}\\n'",
            MAX_LINE + 10
        );
        let (mut child, mut out) = output_of(&script);
        let msgs = all(&mut out);
        let _ = child.wait();
        let oversized = msgs
            .iter()
            .filter(|m| matches!(m, LineMsg::Oversized))
            .count();
        assert_eq!(oversized, 1);
        let after: Vec<&Vec<u8>> = msgs
            .iter()
            .filter_map(|m| match m {
                LineMsg::Lines { lines, .. } => Some(lines),
                _ => None,
            })
            .flatten()
            .collect();
        // Nothing of the long line comes as a line; the line after it may
        // go with it when one read brings both (the engine is stopped at an
        // oversized line anyway).
        assert!(after.len() <= 1, "{} lines", after.len());
        assert!(after.iter().all(|l| l.as_slice() == b"{\"id\":7}"));
    }

    #[test]
    fn lines_are_split_and_blank_ones_dropped() {
        let mut p = b"{\"id\":1}\n\n  \n{\"id\":2}\n{\"id\"".to_vec();
        let lines = complete_lines(&mut p);
        assert_eq!(lines, vec![b"{\"id\":1}".to_vec(), b"{\"id\":2}".to_vec()]);
        assert_eq!(p, b"{\"id\"".to_vec());
    }
}
