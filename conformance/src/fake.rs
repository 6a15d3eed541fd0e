//! Misbehaving engines for testing the harness's protocol client: each mode
//! behaves like `serve` until it misbehaves in one particular way. Reached
//! through the hidden `fake-engine` command.

use crate::serve::Server;
use std::io::{BufRead, Write};
use std::time::Duration;

/// How the fake engine misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FakeMode {
    /// Behave exactly like `serve`.
    Good,
    /// Exit with status 3 before reading anything.
    ExitAtStart,
    /// Exit with status 4 when request number `after` arrives.
    ExitMidRun,
    /// Stop replying (sleep for an hour) at request number `after`.
    Hang,
    /// Reply with a line that is not JSON at request number `after`.
    InvalidJson,
    /// Reply with JSON of the wrong shape at request number `after`.
    WrongShape,
    /// Reply with a 100 MB line at request number `after`.
    HugeLine,
    /// Answer the handshake with protocol version 99.
    OtherVersion,
    /// Write 20 MB to standard error at every request, and behave otherwise.
    FloodStderr,
}

/// Run the fake engine on `input`/`output` (`after` counts requests from 0,
/// the handshake being request 0).
pub fn run(
    mode: FakeMode,
    after: u64,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    if mode == FakeMode::ExitAtStart {
        eprintln!("fake engine: exiting at start");
        std::process::exit(3);
    }
    let mut server = Server::new();
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        let n = n as u64;
        if line.trim().is_empty() {
            continue;
        }
        let id = serde_json::from_str::<serde_json::Value>(&line)
            .ok()
            .and_then(|v| v.get("id").and_then(|i| i.as_u64()))
            .unwrap_or(0);
        let trigger = n == after;
        match mode {
            FakeMode::ExitMidRun if trigger => {
                eprintln!("fake engine: exiting mid-run at request {n}");
                std::process::exit(4);
            }
            FakeMode::Hang if trigger => {
                std::thread::sleep(Duration::from_secs(3600));
            }
            FakeMode::InvalidJson if trigger => {
                writeln!(output, "this is not json {{")?;
                output.flush()?;
                continue;
            }
            FakeMode::WrongShape if trigger => {
                writeln!(output, r#"{{"id":{id},"ok":"yes","turns":42}}"#)?;
                output.flush()?;
                continue;
            }
            FakeMode::HugeLine if trigger => {
                let chunk = vec![b'a'; 1 << 20];
                output.write_all(br#"{"id":0,"junk":""#)?;
                for _ in 0..100 {
                    output.write_all(&chunk)?;
                }
                output.write_all(b"\"}\n")?;
                output.flush()?;
                continue;
            }
            FakeMode::FloodStderr => {
                let chunk = vec![b'e'; 1 << 20];
                let mut err = std::io::stderr().lock();
                for _ in 0..20 {
                    err.write_all(&chunk)?;
                }
            }
            _ => {}
        }
        let (mut reply, quit) = server.handle_line(&line);
        if mode == FakeMode::OtherVersion && reply.protocol.is_some() {
            reply.protocol = Some(99);
        }
        crate::serve::write_reply(&mut output, &reply)?;
        if quit {
            break;
        }
    }
    Ok(())
}
