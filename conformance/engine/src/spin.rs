//! Waiting for a pipe to bring bytes: a short spin that yields the
//! processor first ([`SPIN`]), then sleeping in `poll`.
//!
//! Between the harness and an engine that answers within microseconds
//! (`serve`), a request and its reply cross in less time than a sleeping
//! process takes to be woken: spinning for a moment reads them without a
//! sleep and a wake-up on either side. That pays only while a core is free
//! for the other side to run on, so it is done only when fewer engines run
//! at once than there are cores ([`spin_for`]; the harness tells each
//! engine how many run in [`JOBS_VARIABLE`]). Against a slow
//! engine a spin costs at most [`SPIN`] of processor time per request.

use super::JOBS_VARIABLE;
use std::os::fd::BorrowedFd;
use std::time::{Duration, Instant};

/// How long bytes are waited for by spinning before sleeping until they come.
pub const SPIN: Duration = Duration::from_micros(200);

/// How long to spin with `jobs` engines running at once: [`SPIN`] while a
/// core is left for the other side of each exchange, else not at all.
pub fn spin_for(jobs: usize) -> Duration {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if jobs < cores {
        SPIN
    } else {
        Duration::ZERO
    }
}

/// How long `serve` spins: by the number of engines the harness says run
/// at once ([`JOBS_VARIABLE`]; one when it does not say).
pub(crate) fn serve_spin() -> Duration {
    let jobs = std::env::var(JOBS_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(1);
    spin_for(jobs)
}

/// Whether a read of `fd` would not wait (bytes, or the end of the input),
/// waiting at most `limit` for it (`None`: for as long as it takes), by
/// spinning for up to `spin` first.
pub(crate) fn readable(fd: BorrowedFd<'_>, limit: Option<Duration>, spin: Duration) -> bool {
    use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
    let check = |timeout: PollTimeout| {
        let mut fds = [PollFd::new(fd, PollFlags::POLLIN)];
        match poll(&mut fds, timeout) {
            Ok(n) if n > 0 => fds[0].revents().is_some_and(|r| {
                r.intersects(PollFlags::POLLIN | PollFlags::POLLHUP | PollFlags::POLLERR)
            }),
            Ok(_) => false,
            // Interrupted: nothing known yet (the caller waits again).
            Err(nix::errno::Errno::EINTR) => false,
            // The handle unusable: let the read report it.
            Err(_) => true,
        }
    };
    if check(PollTimeout::ZERO) {
        return true;
    }
    let t0 = Instant::now();
    let spin = limit.map_or(spin, |l| spin.min(l));
    while t0.elapsed() < spin {
        std::thread::yield_now();
        if check(PollTimeout::ZERO) {
            return true;
        }
    }
    match limit {
        None => loop {
            if check(PollTimeout::NONE) {
                return true;
            }
        },
        Some(l) => {
            let left = l.saturating_sub(t0.elapsed());
            if left.is_zero() {
                return false;
            }
            // Rounded up: never less than asked for.
            let millis = u16::try_from(left.as_micros().div_ceil(1000)).unwrap_or(u16::MAX);
            check(PollTimeout::from(millis))
        }
    }
}

/// Standard input read as it comes, each read waiting by [`readable`].
pub(crate) struct SpinningStdin {
    stdin: std::io::Stdin,
    spin: Duration,
}

impl SpinningStdin {
    /// Standard input, waited for by spinning up to `spin` first.
    pub(crate) fn new(spin: Duration) -> SpinningStdin {
        SpinningStdin {
            stdin: std::io::stdin(),
            spin,
        }
    }
}

impl std::io::Read for SpinningStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use std::os::fd::AsFd;
        readable(self.stdin.as_fd(), None, self.spin);
        self.stdin.read(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;
    use std::process::{Command, Stdio};

    #[test]
    fn a_silent_pipe_is_waited_for_no_longer_than_asked() {
        let mut child = Command::new("sh")
            .args(["-c", "exec sleep 5"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let t0 = Instant::now();
        assert!(!readable(
            out.as_fd(),
            Some(Duration::from_millis(30)),
            SPIN
        ));
        assert!(t0.elapsed() >= Duration::from_millis(30));
        let _ = child.kill();
        let _ = child.wait();
        // The end of the output is something to read.
        assert!(readable(out.as_fd(), None, Duration::ZERO));
    }

    #[test]
    fn spinning_is_left_to_a_free_core() {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        assert_eq!(spin_for(cores), Duration::ZERO);
        assert_eq!(spin_for(cores + 1), Duration::ZERO);
        let expected = if cores > 1 { SPIN } else { Duration::ZERO };
        assert_eq!(spin_for(1), expected);
    }
}
