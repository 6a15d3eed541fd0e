//! Protocol peers that misbehave on the wire: each serves an engine
//! correctly until it misbehaves in one way, so the harness's handling of
//! engine incidents and of capability declarations can be tested.

use hexodic_engine::{answer, Engine};
use serde_json::Value;
use std::io::{BufRead, Write};
use std::time::Duration;

/// How a peer misbehaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Misbehave {
    /// Behave.
    None,
    /// Leave `captures` and `capture_kinds` out of the handshake and the replies.
    DropCaptures,
    /// Declare `legal-turns` and `error-codes` instead of `legal_turns` and
    /// `error_codes` (and still send codes).
    MisspellCapability,
    /// Answer `capture_kinds` with cells that do not exist.
    UnknownCells,
    /// Exit (status 4) when asked to play this turn.
    CrashOn(String),
    /// Print a debug line on standard output before the reply to request `after`.
    DebugPrint,
    /// Stop replying (stay alive) from request `after` on.
    HangAfter,
    /// Sleep this long before every reply.
    Slow(Duration),
    /// Exit (status 3) before reading anything.
    ExitAtStart,
    /// Reply with a line that is not JSON at request `after`.
    InvalidJson,
    /// Reply with the wrong id at request `after`.
    WrongId,
    /// Reply with a 100 MB line at request `after`.
    HugeLine,
    /// Answer the handshake with protocol version 99.
    OtherVersion,
    /// Write 20 MB to standard error at every request.
    FloodStderr,
    /// After the reply to request `after` (and to every later one), write
    /// another line no request asked for.
    StrayLine,
    /// After the reply to request `after`, write lines on standard output
    /// until it is closed.
    FloodStdout,
    /// At request `after`, start a long-sleeping process of its own (its
    /// process id goes to standard error) and reply; stop replying (stay
    /// alive) from the next request on.
    Grandchild,
    /// Leave `capabilities` out of the handshake, and every field that
    /// needs one out of the replies.
    NoCapabilities,
    /// Give a name and a version of many thousand characters in the handshake.
    LongName,
    /// Write the key `ok` twice in the reply to request `after`.
    DuplicateKey,
    /// Give a name and version holding NUL, ESC, BEL, U+FFFE and markup.
    HostileName,
    /// With the reply to request `after` (and to every later one), in the
    /// same write, a well-formed copy of it carrying the next request's id.
    FakeReply,
    /// From request `after` on, reject every turn offered with a reason
    /// code the protocol does not know (`made-up-code`).
    UnknownCode,
    /// At request `after`, start a long-sleeping process that keeps the
    /// engine's output open, and exit (status 7) without replying.
    ExitLeavingOutput,
    /// As `Grandchild`, with the process in a session of its own (`setsid`),
    /// out of the engine's process group.
    OwnSession,
    /// At request `after`, start a long-sleeping process in a session of
    /// its own through a shell that ends at once (the process is orphaned),
    /// write its id to the file named, and go on replying.
    Orphan(String),
}

impl Misbehave {
    /// Read a mode from its command-line name (`crash-on=c3 +d4`, `slow=2000`).
    pub fn parse(s: &str) -> Option<Misbehave> {
        let (name, arg) = s.split_once('=').unwrap_or((s, ""));
        Some(match name {
            "none" => Misbehave::None,
            "drop-captures" => Misbehave::DropCaptures,
            "misspell-capability" => Misbehave::MisspellCapability,
            "unknown-cells" => Misbehave::UnknownCells,
            "crash-on" => Misbehave::CrashOn(arg.to_owned()),
            "debug-print" => Misbehave::DebugPrint,
            "hang-after" => Misbehave::HangAfter,
            "slow" => Misbehave::Slow(Duration::from_millis(arg.parse().ok()?)),
            "exit-at-start" => Misbehave::ExitAtStart,
            "invalid-json" => Misbehave::InvalidJson,
            "wrong-id" => Misbehave::WrongId,
            "huge-line" => Misbehave::HugeLine,
            "other-version" => Misbehave::OtherVersion,
            "flood-stderr" => Misbehave::FloodStderr,
            "stray-line" => Misbehave::StrayLine,
            "flood-stdout" => Misbehave::FloodStdout,
            "grandchild" => Misbehave::Grandchild,
            "no-capabilities" => Misbehave::NoCapabilities,
            "long-name" => Misbehave::LongName,
            "duplicate-key" => Misbehave::DuplicateKey,
            "hostile-name" => Misbehave::HostileName,
            "fake-reply" => Misbehave::FakeReply,
            "unknown-code" => Misbehave::UnknownCode,
            "exit-leaving-output" => Misbehave::ExitLeavingOutput,
            "own-session" => Misbehave::OwnSession,
            "orphan" if !arg.is_empty() => Misbehave::Orphan(arg.to_owned()),
            _ => return None,
        })
    }
}

fn without_captures(v: &mut Value) {
    if let Some(m) = v.as_object_mut() {
        m.remove("captured");
        m.remove("capture_kinds");
        if let Some(Value::Array(caps)) = m.get_mut("capabilities") {
            caps.retain(|c| c != "captures" && c != "capture_kinds");
        }
    }
}

/// Leave out every field that needs a capability, and the list of them.
fn without_capabilities(v: &mut Value) {
    without_captures(v);
    if let Some(m) = v.as_object_mut() {
        m.remove("capabilities");
        m.remove("codes");
        if let Some(e) = m.get_mut("error").and_then(Value::as_object_mut) {
            e.remove("codes");
        }
    }
}

/// Start `sleep 3600` with the engine's output and error, in a session of
/// its own when `own_session`; its process id.
fn start_sleeper(own_session: bool) -> std::io::Result<u32> {
    // In a session of its own: `setsid` run by a process that leads no
    // group makes the session and becomes `sleep`, keeping its id.
    let mut command = std::process::Command::new(if own_session { "setsid" } else { "sleep" });
    if own_session {
        command.arg("sleep");
    }
    let child = command
        .arg("3600")
        .stdin(std::process::Stdio::null())
        .spawn()?;
    Ok(child.id())
}

/// A long-sleeping process in a session of its own whose parent (a shell)
/// ends at once: its id.
fn start_orphan() -> std::io::Result<u32> {
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "setsid sleep 3600 </dev/null >/dev/null 2>&1 & echo $!",
        ])
        .stdin(std::process::Stdio::null())
        .output()?;
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .map_err(|_| std::io::Error::other("the shell gave no process id"))
}

/// Serve `engine` on `input`/`output`, misbehaving as `mode` says from
/// request number `after` on (0 is the handshake). Standard error gets a
/// line naming the process, so tests can tell processes apart. Without
/// `pipelining` the handshake leaves `pipelining` out: the harness then
/// sends one request at a time.
pub fn serve(
    engine: &mut dyn Engine,
    mode: &Misbehave,
    after: u64,
    pipelining: bool,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    if *mode == Misbehave::ExitAtStart {
        eprintln!("test engine {}: exiting at start", std::process::id());
        std::process::exit(3);
    }
    eprintln!("test engine {} started", std::process::id());
    let mut n: u64 = 0;
    let mut hang_next = false;
    let mut orphaned = false;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let due = n >= after;
        n += 1;
        if hang_next {
            std::thread::sleep(Duration::from_secs(3600));
        }
        let (reply, quit) = answer(engine, &line);
        let mut v = serde_json::to_value(&reply).unwrap_or(Value::Null);
        let request: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        if !pipelining {
            if let Some(m) = v.as_object_mut() {
                m.remove("pipelining");
            }
        }
        match mode {
            Misbehave::DropCaptures => without_captures(&mut v),
            Misbehave::MisspellCapability => {
                if let Some(Value::Array(caps)) = v.get_mut("capabilities") {
                    for c in caps.iter_mut() {
                        if let Some(name) = c.as_str().filter(|n| n.contains('_')) {
                            if name == "legal_turns" || name == "error_codes" {
                                *c = Value::from(name.replace('_', "-"));
                            }
                        }
                    }
                }
            }
            Misbehave::UnknownCells if due => {
                if let Some(k) = v.get_mut("capture_kinds").and_then(Value::as_object_mut) {
                    k.insert("encircled".into(), serde_json::json!(["not-a-cell", "zz"]));
                }
            }
            Misbehave::CrashOn(t) if request.get("turn").and_then(Value::as_str) == Some(t) => {
                eprintln!("test engine {}: crashing on `{t}`", std::process::id());
                std::process::exit(4);
            }
            Misbehave::DebugPrint if due && n == after + 1 => {
                writeln!(output, "debug: thinking about request {n}")?;
            }
            Misbehave::HangAfter if due => {
                std::thread::sleep(Duration::from_secs(3600));
            }
            Misbehave::Slow(d) => std::thread::sleep(*d),
            Misbehave::InvalidJson if due => {
                writeln!(output, "this is not json")?;
                output.flush()?;
                continue;
            }
            Misbehave::WrongId if due => {
                v["id"] = Value::from(9999);
            }
            Misbehave::HugeLine if due => {
                let big = "x".repeat(100 * 1024 * 1024);
                writeln!(output, "{{\"id\":0,\"pad\":\"{big}\"}}")?;
                output.flush()?;
                continue;
            }
            Misbehave::OtherVersion if v.get("protocol").is_some() => {
                v["protocol"] = Value::from(99);
            }
            Misbehave::Grandchild | Misbehave::OwnSession if due => {
                let sleeper = start_sleeper(*mode == Misbehave::OwnSession)?;
                eprintln!(
                    "test engine {}: started process {sleeper}",
                    std::process::id()
                );
                hang_next = true;
            }
            Misbehave::Orphan(path) if due && !orphaned => {
                let sleeper = start_orphan()?;
                std::fs::write(path, sleeper.to_string())?;
                orphaned = true;
            }
            Misbehave::ExitLeavingOutput if due => {
                let sleeper = start_sleeper(false)?;
                eprintln!(
                    "test engine {}: started process {sleeper}, exiting",
                    std::process::id()
                );
                std::process::exit(7);
            }
            Misbehave::NoCapabilities => without_capabilities(&mut v),
            Misbehave::UnknownCode if due && request.get("cmd") == Some(&Value::from("play")) => {
                v = serde_json::json!({
                    "id": v["id"].clone(),
                    "ok": true,
                    "legal": false,
                    "codes": ["made-up-code"],
                });
            }
            Misbehave::LongName => {
                if let Some(e) = v.get_mut("engine").and_then(Value::as_object_mut) {
                    e.insert("name".into(), Value::from("n".repeat(100_000)));
                    e.insert("version".into(), Value::from("v".repeat(10_000)));
                }
            }
            Misbehave::HostileName => {
                if let Some(e) = v.get_mut("engine").and_then(Value::as_object_mut) {
                    e.insert(
                        "name".into(),
                        Value::from("bad\u{fffe}\u{0}\u{1b}[2J\u{7}<b>&amp;"),
                    );
                    e.insert(
                        "version".into(),
                        Value::from("\u{ffff}1\u{1b}]0;title\u{7}"),
                    );
                }
            }
            Misbehave::FloodStderr => {
                let chunk = "e".repeat(1 << 20);
                for _ in 0..20 {
                    eprintln!("{chunk}");
                }
            }
            _ => {}
        }
        match mode {
            // Reply and stray line in one write: both are there before the
            // next request.
            Misbehave::StrayLine if due => {
                let both = format!("{v}\ndebug: replied to request {}\n", n - 1);
                output.write_all(both.as_bytes())?;
            }
            Misbehave::FakeReply if due => {
                let mut fake = v.clone();
                fake["id"] = Value::from(v["id"].as_u64().unwrap_or(0) + 1);
                // One write: both lines are there before the next request.
                output.write_all(format!("{v}\n{fake}\n").as_bytes())?;
            }
            Misbehave::DuplicateKey if due => {
                let text = v.to_string();
                let rest = text.strip_prefix('{').unwrap_or(&text);
                writeln!(output, "{{\"ok\":true,{rest}")?;
            }
            Misbehave::FloodStdout if due => {
                writeln!(output, "{v}")?;
                output.flush()?;
                // Until the reader goes away (the write fails).
                loop {
                    writeln!(output, "debug: still here")?;
                }
            }
            _ => writeln!(output, "{v}")?,
        }
        output.flush()?;
        if quit {
            return Ok(());
        }
    }
    Ok(())
}
