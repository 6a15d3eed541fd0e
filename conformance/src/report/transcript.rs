//! `run --transcript DIR`: per failing fixture (and per incident), the
//! requests sent to the engine in a form it can be fed directly, with the
//! engine's replies and the reference's beside them:
//!
//! - `DIR/<id>.in`: the request lines, the handshake first
//!   (`my-engine < DIR/<id>.in` replays the exchange);
//! - `DIR/<id>.got`: the engine's reply lines, as received;
//! - `DIR/<id>.expected`: the reference's replies to the same lines (what
//!   `hexodic-conformance serve < DIR/<id>.in` answers).
//!
//! A fixture id's `/` makes folders: `capture/a` is `DIR/capture/a.in`.

use crate::engine::{answer, write_reply, ReferenceEngine, Transcript};
use crate::run::{FixtureResult, RunReport};
use hexodic_io::paths;
use std::path::{Path, PathBuf};

/// Make sure `dir` is a folder transcripts can be written into (creating
/// it), before any engine starts; what is wrong, in words, if not.
pub fn prepare_folder(dir: &Path) -> Result<(), String> {
    let words = |e: &std::io::Error| {
        format!(
            "cannot write transcripts into {}: {}",
            paths::shown(dir),
            paths::io_words(e)
        )
    };
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "cannot write transcripts into {}: it is a file, not a folder",
            paths::shown(dir)
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| words(&e))?;
    let probe = dir.join(".hexodic-transcript-probe");
    std::fs::write(&probe, b"").map_err(|e| words(&e))?;
    std::fs::remove_file(&probe).map_err(|e| words(&e))
}

/// The reference's replies to the request lines of a transcript, as
/// `serve` writes them.
pub fn expected_replies(t: &Transcript) -> String {
    let mut reference = ReferenceEngine::new();
    let mut out: Vec<u8> = Vec::new();
    for e in t.all() {
        let (reply, end) = answer(&mut reference, &e.request);
        // Writing into memory cannot fail.
        let _ = write_reply(&mut out, &reply);
        if end {
            break;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn lines<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items
        .map(|l| format!("{}\n", l.trim_end_matches(['\n', '\r'])))
        .collect()
}

/// The base path of a fixture's transcript files below `dir`.
pub fn transcript_base(dir: &Path, id: &str) -> PathBuf {
    id.split('/')
        .fold(dir.to_path_buf(), |p, part| p.join(part))
}

fn write_one(dir: &Path, r: &FixtureResult, t: &Transcript) -> Result<PathBuf, String> {
    let base = transcript_base(dir, &r.id);
    let with = |ext: &str| base.with_extension(ext);
    let write = |path: PathBuf, text: String| {
        std::fs::write(&path, text).map_err(|e| {
            format!(
                "cannot write {}: {}",
                paths::shown(&path),
                paths::io_words(&e)
            )
        })
    };
    if let Some(parent) = base.parent() {
        std::fs::create_dir_all(parent).map_err(|e| {
            format!(
                "cannot write {}: {}",
                paths::shown(parent),
                paths::io_words(&e)
            )
        })?;
    }
    write(with("in"), lines(t.all().map(|e| e.request.as_str())))?;
    write(
        with("got"),
        lines(t.all().filter_map(|e| e.reply.as_deref())),
    )?;
    write(with("expected"), expected_replies(t))?;
    Ok(with("in"))
}

/// Write the transcript of every failing fixture of the report into `dir`:
/// the `.in` files written, and warnings (a record cut at its size limit, a
/// file that could not be written).
pub fn write_transcripts(report: &RunReport, dir: &Path) -> (Vec<PathBuf>, Vec<String>) {
    let (mut written, mut problems) = (Vec::new(), Vec::new());
    for r in &report.results {
        let Some(t) = &r.transcript else { continue };
        if t.cut {
            problems.push(format!(
                "the transcript of {} was cut at {} MB",
                r.id,
                crate::engine::MAX_TRANSCRIPT_BYTES / (1024 * 1024)
            ));
        }
        match write_one(dir, r, t) {
            Ok(p) => written.push(p),
            Err(e) => problems.push(e),
        }
    }
    (written, problems)
}
