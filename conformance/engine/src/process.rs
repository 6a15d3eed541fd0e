//! An engine program as a child process: started on demand, one request line
//! out and one reply line back, a timeout per request, a bounded reply
//! length, and each process's own standard error kept for its incidents.
//!
//! On unix the engine runs in a process group of its own, and stopping it
//! stops the whole group and, on Linux, every descendant that left the
//! group (`reaper.rs`): processes the engine started do not outlive it.

use super::lines::{LineMsg, Output};
use super::protocol::MAX_LINE;
use super::{EngineCommand, Incident, IncidentKind, ProtocolFault};
use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command as Process, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The environment variable that tells an engine how many engine processes
/// the harness runs at once (`--jobs`; PROTOCOL.md): an engine may size its
/// own threads by it.
pub const JOBS_VARIABLE: &str = "HEXODIC_JOBS";

/// How much of an engine process's standard error is kept (the tail).
pub const STDERR_KEEP: usize = 64 * 1024;

/// How much of the standard error an incident carries.
pub const STDERR_SHOWN: usize = 2000;

/// A request slower than this is worth a warning.
pub const SLOW_REQUEST: Duration = Duration::from_secs(1);

/// The most request bytes sent to an engine before its replies are read
/// (with `pipelining`): less than any pipe holds, so that writing them
/// never waits for the engine to read.
pub const PIPELINE_BYTES: usize = 4096;

/// How long one request may take unless told otherwise (the command line's
/// `--timeout` default too).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// How an engine process is run.
///
/// ```
/// use hexodic_engine::ProcessOptions;
/// use std::time::Duration;
/// let o = ProcessOptions::default().with_timeout(Duration::from_secs(30));
/// assert_eq!((o.timeout, o.jobs), (Duration::from_secs(30), 1));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ProcessOptions {
    /// How long one request may take.
    pub timeout: Duration,
    /// When the whole run must end: a request still waiting then is stopped.
    pub deadline: Option<Instant>,
    /// Set from elsewhere (an interrupt) to stop the request being waited for.
    pub stop: Option<Arc<AtomicBool>>,
    /// How many engine processes the harness runs at once (`--jobs`): each
    /// is told in `HEXODIC_JOBS`, and replies are waited for by a short
    /// spin only while a core is left free (`engine/spin.rs`).
    pub jobs: usize,
}

impl Default for ProcessOptions {
    fn default() -> Self {
        ProcessOptions {
            timeout: DEFAULT_TIMEOUT,
            deadline: None,
            stop: None,
            jobs: 1,
        }
    }
}

impl ProcessOptions {
    /// The same with `timeout` for one request.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> ProcessOptions {
        self.timeout = timeout;
        self
    }

    /// The same with a deadline for the whole run.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> ProcessOptions {
        self.deadline = deadline;
        self
    }

    /// The same with a flag that stops the request waited for when set.
    #[must_use]
    pub fn with_stop(mut self, stop: Option<Arc<AtomicBool>>) -> ProcessOptions {
        self.stop = stop;
        self
    }

    /// The same for one of `jobs` engine processes run at once.
    #[must_use]
    pub fn with_jobs(mut self, jobs: usize) -> ProcessOptions {
        self.jobs = jobs;
        self
    }
}

/// `1.5 s`, `250 ms`.
pub fn show_millis(ms: u64) -> String {
    if ms >= 1000 {
        format!("{} s", ms as f64 / 1000.0)
    } else {
        format!("{ms} ms")
    }
}

/// Timing of the requests so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RequestStats {
    /// Requests answered.
    pub requests: u64,
    /// Time spent waiting for replies.
    pub waited: Duration,
    /// The slowest reply: how long and the request.
    pub slowest: Option<(Duration, String)>,
    /// Replies that took longer than [`SLOW_REQUEST`].
    pub slow: u64,
}

impl RequestStats {
    /// A note on the slow replies, when some took longer than [`SLOW_REQUEST`].
    pub fn slow_note(&self) -> Option<String> {
        let (d, req) = self.slowest.as_ref()?;
        Some(format!(
            "{} request(s) took over {} s; the slowest took {:.2} s: {}",
            self.slow,
            SLOW_REQUEST.as_secs(),
            d.as_secs_f64(),
            super::shorten(req, 120)
        ))
        .filter(|_| self.slow > 0)
    }
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    output: Output,
    /// A line that came with the last reply, after it: reported before the
    /// next request.
    stray: Option<String>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
}

/// An engine program, started on the first request and again after an incident.
pub struct EngineProcess {
    command: EngineCommand,
    options: ProcessOptions,
    running: Option<Running>,
    next_id: u64,
    /// The last request sent to the running process, as sent.
    last_request: String,
    /// Times the process was started.
    pub starts: u32,
    stats: Arc<Mutex<RequestStats>>,
}

fn keep_stderr(err: impl Read, keep: Arc<Mutex<VecDeque<u8>>>) {
    let mut r = BufReader::new(err);
    let mut chunk = [0u8; 8192];
    loop {
        match r.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if let Ok(mut q) = keep.lock() {
                    q.extend(&chunk[..n]);
                    let excess = q.len().saturating_sub(STDERR_KEEP);
                    q.drain(..excess);
                }
            }
        }
    }
}

fn tail(keep: &Mutex<VecDeque<u8>>, max_chars: usize) -> String {
    let bytes: Vec<u8> = match keep.lock() {
        Ok(q) => q.iter().copied().collect(),
        Err(_) => Vec::new(),
    };
    let text = String::from_utf8_lossy(&bytes);
    let n = text.chars().count();
    text.chars().skip(n.saturating_sub(max_chars)).collect()
}

impl EngineProcess {
    /// An engine to start from `command`; nothing runs until [`EngineProcess::start`].
    pub fn new(command: EngineCommand, options: ProcessOptions) -> EngineProcess {
        EngineProcess {
            command,
            options,
            running: None,
            next_id: 0,
            last_request: String::new(),
            starts: 0,
            stats: Arc::new(Mutex::new(RequestStats::default())),
        }
    }

    /// Timing of the requests so far, shared (it can be read while the
    /// engine is in use elsewhere).
    pub fn stats(&self) -> Arc<Mutex<RequestStats>> {
        Arc::clone(&self.stats)
    }

    /// The command.
    pub fn command(&self) -> &EngineCommand {
        &self.command
    }

    /// Whether a process is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The standard error tail of the running process.
    pub fn stderr_tail(&self) -> String {
        self.running
            .as_ref()
            .map_or_else(String::new, |r| tail(&r.stderr, STDERR_SHOWN))
    }

    /// How long a reply is waited for by spinning first.
    fn spin(&self) -> Duration {
        #[cfg(unix)]
        {
            super::spin::spin_for(self.options.jobs)
        }
        #[cfg(not(unix))]
        {
            Duration::ZERO
        }
    }

    /// Start a new process (the old one, if any, is stopped first).
    pub fn start(&mut self) -> Result<(), Incident> {
        self.kill();
        self.last_request.clear();
        let c = &self.command;
        let mut process = Process::new(&c.program);
        process
            .args(&c.args)
            .env(JOBS_VARIABLE, self.options.jobs.to_string())
            .envs(c.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            // A group of its own, so that stopping the engine stops what it started.
            use std::os::unix::process::CommandExt;
            process.process_group(0);
        }
        let mut child = process.spawn().map_err(|e| {
            Incident::new(IncidentKind::Spawn {
                reason: format!("`{}`: {}", c.program, hexodic_io::paths::io_words(&e)),
            })
        })?;
        self.starts += 1;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            stop(&mut child);
            return Err(Incident::new(IncidentKind::Spawn {
                reason: "its input and output could not be connected".into(),
            }));
        };
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let keep = Arc::clone(&stderr);
            std::thread::spawn(move || keep_stderr(err, keep));
        }
        self.running = Some(Running {
            child,
            stdin,
            output: Output::new(stdout, self.spin()),
            stray: None,
            stderr,
        });
        Ok(())
    }

    /// Stop the process and every process it started (the next request
    /// starts a new one).
    pub fn kill(&mut self) {
        if let Some(mut r) = self.running.take() {
            stop(&mut r.child);
        }
    }

    /// Ask the process to quit, then stop it.
    pub fn quit(&mut self) {
        if let Some(r) = self.running.as_mut() {
            let _ = writeln!(r.stdin, r#"{{"id":{},"cmd":"quit"}}"#, self.next_id);
            let _ = r.stdin.flush();
            // A moment to exit on its own, then stop it.
            for _ in 0..20 {
                if let Ok(Some(_)) = r.child.try_wait() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }

    /// The incident `kind` on `request`, with this process's standard error;
    /// the process is stopped.
    fn fail(&mut self, kind: IncidentKind, request: &str) -> Incident {
        // Let the standard error reader catch up with what the process wrote last.
        std::thread::sleep(Duration::from_millis(20));
        let stderr = self.stderr_tail();
        self.kill();
        Incident {
            kind,
            request: request.to_owned(),
            stderr,
        }
    }

    /// How the process ended, in words (`exited with code 3`).
    fn exit_status(&mut self) -> String {
        let Some(r) = self.running.as_mut() else {
            return "was not running".into();
        };
        for _ in 0..50 {
            if let Ok(Some(s)) = r.child.try_wait() {
                return ended(s);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        "closed its output".into()
    }

    /// The incident of a message that came when no request was waiting
    /// (after the reply to `before`), or of an output closed.
    fn unasked_message(&mut self, msg: LineMsg, before: &str, line: &str) -> Incident {
        match msg {
            LineMsg::Lines { lines, partial } => {
                let first = lines.into_iter().next().unwrap_or(partial);
                let text = String::from_utf8_lossy(&first);
                let kind = IncidentKind::Protocol {
                    fault: Box::new(ProtocolFault::StrayLine),
                    reply: super::shorten(&text, super::SHOWN_CHARS),
                };
                self.fail(kind, before)
            }
            LineMsg::Oversized => self.fail(IncidentKind::Oversized { bytes: MAX_LINE }, before),
            LineMsg::Eof => {
                let status = self.exit_status();
                self.fail(IncidentKind::Exited { status }, line)
            }
        }
    }

    /// Lines the process wrote that no request asked for (with or after
    /// its last reply), taken before the next request so they are never
    /// read as its reply: the first one is an incident. So is an output
    /// already closed.
    fn unasked(&mut self, line: &str) -> Result<(), Incident> {
        let Some(run) = self.running.as_mut() else {
            return Ok(());
        };
        let before = self.last_request.clone();
        if let Some(text) = run.stray.take() {
            let kind = IncidentKind::Protocol {
                fault: Box::new(ProtocolFault::StrayLine),
                reply: text,
            };
            return Err(self.fail(kind, &before));
        }
        if !run.output.waiting() {
            return Ok(());
        }
        // What waits is read at once; only blank lines are no incident.
        match run.output.next(Duration::ZERO) {
            Some(msg) => Err(self.unasked_message(msg, &before, line)),
            None => Ok(()),
        }
    }

    /// Write `bytes`: the process's exit is an incident.
    fn send(&mut self, bytes: &[u8], line: &str) -> Result<(), Incident> {
        let Some(run) = self.running.as_mut() else {
            return Err(Incident::new(IncidentKind::Exited {
                status: "was not running".into(),
            }));
        };
        match run.stdin.write_all(bytes).and_then(|()| run.stdin.flush()) {
            Ok(()) => Ok(()),
            Err(_) => {
                let status = self.exit_status();
                Err(self.fail(IncidentKind::Exited { status }, line))
            }
        }
    }

    fn stopped(&self) -> bool {
        self.options
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.options.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Send one request (built from the next id) and return its id, the
    /// request line as sent and the reply line. The process must be running.
    pub fn request(
        &mut self,
        command: super::protocol::Command,
    ) -> Result<(u64, String, String), Incident> {
        let mut replies = self.requests(vec![command])?;
        replies.pop().ok_or_else(|| {
            Incident::new(IncidentKind::Exited {
                status: "was not running".into(),
            })
        })
    }

    /// Send several requests (each built from the next id) without waiting
    /// for the replies in between, then read the replies in order: for an
    /// engine that declared `pipelining`. Returns each request's id, line
    /// as sent and reply line; the first incident ends the batch. Requests
    /// go out in groups of at most [`PIPELINE_BYTES`], each group's replies
    /// read before the next is sent, so that neither side can fill a pipe
    /// the other is not reading. One request is exactly [`EngineProcess::request`].
    pub fn requests(
        &mut self,
        commands: Vec<super::protocol::Command>,
    ) -> Result<Vec<(u64, String, String)>, Incident> {
        let mut lines = Vec::with_capacity(commands.len());
        for command in commands {
            let id = self.next_id;
            self.next_id += 1;
            lines.push((id, super::protocol::Request { id, command }.to_line()));
        }
        let mut replies = Vec::with_capacity(lines.len());
        let mut rest = &lines[..];
        while !rest.is_empty() {
            // At least one request per group, however long.
            let mut size = rest[0].1.len() + 1;
            let mut n = 1;
            while n < rest.len() && size + rest[n].1.len() < PIPELINE_BYTES {
                size += rest[n].1.len() + 1;
                n += 1;
            }
            let (group, after) = rest.split_at(n);
            self.group(group, size, &mut replies)?;
            rest = after;
        }
        Ok(replies)
    }

    /// Send one group of request lines in one write and read a reply to each.
    fn group(
        &mut self,
        group: &[(u64, String)],
        size: usize,
        replies: &mut Vec<(u64, String, String)>,
    ) -> Result<(), Incident> {
        let first = &group[0].1;
        if self.stopped() {
            return Err(self.fail(IncidentKind::Stopped, first));
        }
        self.unasked(first)?;
        // One write per group, so the engine never wakes to half a line.
        let mut bytes = Vec::with_capacity(size);
        for (_, line) in group {
            bytes.extend_from_slice(line.as_bytes());
            bytes.push(b'\n');
        }
        self.send(&bytes, first)?;
        // Replies read but not yet taken, and the start of a line after the last.
        let mut read: VecDeque<Vec<u8>> = VecDeque::new();
        let mut partial = Vec::new();
        for (i, (id, line)) in group.iter().enumerate() {
            self.last_request.clone_from(line);
            let reply = self.reply(line, &mut read, &mut partial)?;
            // What came after the last reply answers no request.
            if i + 1 == group.len() {
                let after = read.pop_front().unwrap_or(partial.clone());
                if let (false, Some(run)) = (after.is_empty(), self.running.as_mut()) {
                    let text = String::from_utf8_lossy(&after);
                    run.stray = Some(super::shorten(&text, super::SHOWN_CHARS));
                }
            }
            replies.push((*id, line.clone(), reply));
        }
        Ok(())
    }

    /// Wait for the reply to `line`: the next of the lines `read` holds, or
    /// of what the process writes next (kept in `read`, with the start of
    /// an unfinished line in `partial`).
    fn reply(
        &mut self,
        line: &str,
        read: &mut VecDeque<Vec<u8>>,
        partial: &mut Vec<u8>,
    ) -> Result<String, Incident> {
        let t0 = Instant::now();
        let msg = loop {
            if let Some(reply) = read.pop_front() {
                break LineMsg::Lines {
                    lines: vec![reply],
                    partial: Vec::new(),
                };
            }
            let Some(run) = self.running.as_mut() else {
                break LineMsg::Eof;
            };
            let waited = t0.elapsed();
            if waited >= self.options.timeout {
                let millis = self.options.timeout.as_millis() as u64;
                return Err(self.fail(IncidentKind::Timeout { millis }, line));
            }
            let slice = (self.options.timeout - waited).min(Duration::from_millis(50));
            match run.output.next(slice) {
                Some(LineMsg::Lines { lines, partial: p }) => {
                    // The start of a reply, or replies with what follows them.
                    read.extend(lines);
                    *partial = p;
                }
                Some(m) => break m,
                None => {
                    // The engine gone while something it started keeps its
                    // output open: an exit, not a missing reply (once
                    // nothing it wrote is still on the way).
                    let nothing_waits = !run.output.waiting();
                    let exited = match (nothing_waits, run.child.try_wait()) {
                        (true, Ok(Some(status))) => Some(ended(status)),
                        _ => None,
                    };
                    if let Some(status) = exited {
                        return Err(self.fail(IncidentKind::Exited { status }, line));
                    }
                    if self.stopped() {
                        return Err(self.fail(IncidentKind::Stopped, line));
                    }
                }
            }
        };
        let took = t0.elapsed();
        if let Ok(mut st) = self.stats.lock() {
            st.requests += 1;
            st.waited += took;
            if took > SLOW_REQUEST {
                st.slow += 1;
            }
            if st.slowest.as_ref().is_none_or(|(d, _)| took > *d) {
                st.slowest = Some((took, line.to_owned()));
            }
        }
        match msg {
            LineMsg::Lines { lines, .. } => {
                match String::from_utf8(lines.into_iter().next().unwrap_or_default()) {
                    Ok(text) => Ok(text),
                    Err(_) => Err(self.fail(IncidentKind::NotUtf8, line)),
                }
            }
            LineMsg::Oversized => Err(self.fail(IncidentKind::Oversized { bytes: MAX_LINE }, line)),
            LineMsg::Eof => {
                let status = self.exit_status();
                Err(self.fail(IncidentKind::Exited { status }, line))
            }
        }
    }
}

/// Stop `child` and, on unix, its process group (what it started), then
/// collect it.
fn stop(child: &mut Child) {
    #[cfg(unix)]
    {
        // The child leads its own group (see `start`): one signal reaches
        // the processes it started too. A group id is not given to anyone
        // else while the group has members, nor before the child is collected.
        // What left the group first (found while the engine still runs).
        super::reaper::stop_descendants(child.id());
        if let Ok(id) = i32::try_from(child.id()) {
            use nix::sys::signal::{killpg, Signal};
            let _ = killpg(nix::unistd::Pid::from_raw(id), Signal::SIGKILL);
        }
    }
    // The child itself, in case the group could not be signalled.
    let _ = child.kill();
    let _ = child.wait();
}

/// How a process ended, in words: `exited with code 3`, `was killed by signal 9`.
fn ended(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with code {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("was killed by signal {signal}");
        }
    }
    "exited".into()
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn exit_statuses_read_as_words() {
        let status = |script: &str| {
            Process::new("sh")
                .args(["-c", script])
                .status()
                .map(ended)
                .unwrap()
        };
        assert_eq!(status("exit 3"), "exited with code 3");
        assert_eq!(status("kill -9 $$"), "was killed by signal 9");
    }
}
