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

use hexodic_engine::{answer, write_reply, ReferenceEngine, Transcript, MAX_TRANSCRIPT_BYTES};
use hexodic_io::files::write_whole;
use hexodic_io::paths;
use std::path::{Path, PathBuf};

/// The file that marks a folder as one transcripts were written into: a
/// later run clears the transcripts of the earlier one there, and only
/// there.
pub const MARK: &str = ".hexodic-transcripts";

/// The extensions of a transcript's files.
const EXTENSIONS: [&str; 3] = ["in", "got", "expected"];

/// Make sure `dir` is a folder transcripts can be written into (creating
/// it), before any engine starts: an empty folder, or one an earlier run
/// wrote transcripts into (whose transcripts are removed, so none is
/// mistaken for this run's); what is wrong, in words, if not.
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
    let ours = dir.join(MARK).is_file();
    let mut entries = std::fs::read_dir(dir).map_err(|e| words(&e))?.flatten();
    if !ours && entries.next().is_some() {
        return Err(format!(
            "cannot write transcripts into {}: the folder holds other files (give an empty folder, or one an earlier --transcript wrote into)",
            paths::shown(dir)
        ));
    }
    if ours {
        clear(dir).map_err(|e| words(&e))?;
    }
    write_whole(
        &dir.join(MARK),
        b"transcripts of hexodic-conformance run --transcript\n",
    )
    .map_err(|e| e.to_string())
}

/// Remove the transcript files below `dir` (never following a link out).
fn clear(dir: &Path) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)?.flatten() {
        let t = e.file_type()?;
        let p = e.path();
        if t.is_dir() {
            clear(&p)?;
            let _ = std::fs::remove_dir(&p);
        } else if t.is_file()
            && p.extension()
                .is_some_and(|x| EXTENSIONS.iter().any(|e| x == *e))
        {
            std::fs::remove_file(&p)?;
        }
    }
    Ok(())
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

/// The path of a fixture's transcript file with extension `ext` below
/// `dir`: the id's `/` make folders, the extension is added to the whole
/// id (`dot.one` is `dot.one.in`), so every id has files of its own.
pub fn transcript_file(dir: &Path, id: &str, ext: &str) -> PathBuf {
    let base = id
        .split('/')
        .fold(dir.to_path_buf(), |p, part| p.join(part));
    let mut name = base.into_os_string();
    name.push(".");
    name.push(ext);
    PathBuf::from(name)
}

/// Whether a file may be written: the caller's check of the real place it
/// leads to (never an input of the run, never inside a corpus).
pub type Guard<'a> = dyn Fn(&Path) -> Result<(), String> + 'a;

fn write_one(dir: &Path, id: &str, t: &Transcript, guard: &Guard) -> Result<PathBuf, String> {
    let parent = transcript_file(dir, id, "in")
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| dir.to_path_buf());
    std::fs::create_dir_all(&parent).map_err(|e| {
        format!(
            "cannot write {}: {}",
            paths::shown(&parent),
            paths::io_words(&e)
        )
    })?;
    let files = [
        ("in", lines(t.all().map(|e| e.request.as_str()))),
        ("got", lines(t.all().filter_map(|e| e.reply.as_deref()))),
        ("expected", expected_replies(t)),
    ];
    for (ext, text) in &files {
        let path = transcript_file(dir, id, ext);
        let real = std::fs::canonicalize(&parent)
            .map(|p| p.join(path.file_name().unwrap_or_default()))
            .unwrap_or_else(|_| path.clone());
        guard(&real)?;
        write_whole(&path, text.as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(transcript_file(dir, id, "in"))
}

/// Write the transcripts of a run into `dir`: the `.in` files written, and
/// warnings (a record cut at its size limit, a file that could not be
/// written or may not be).
pub fn write_transcripts(
    transcripts: &[(String, Transcript)],
    dir: &Path,
    guard: &Guard,
) -> (Vec<PathBuf>, Vec<String>) {
    let (mut written, mut problems) = (Vec::new(), Vec::new());
    for (id, t) in transcripts {
        if t.cut {
            problems.push(format!(
                "the transcript of {id} was cut at {} MB",
                MAX_TRANSCRIPT_BYTES / (1024 * 1024)
            ));
        }
        match write_one(dir, id, t, guard) {
            Ok(p) => written.push(p),
            Err(e) => problems.push(e),
        }
    }
    (written, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_that_differ_after_a_dot_have_files_of_their_own() {
        let d = Path::new("t");
        let names: Vec<PathBuf> = ["capture/dot", "capture/dot.one", "capture/dot.two"]
            .iter()
            .map(|id| transcript_file(d, id, "in"))
            .collect();
        assert_eq!(names[0], Path::new("t/capture/dot.in"));
        assert_eq!(names[1], Path::new("t/capture/dot.one.in"));
        assert_ne!(names[1], names[2]);
    }
}
