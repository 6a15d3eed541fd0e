//! `bless`: write or check golden traces from the reference, without a Rust
//! build, showing each new or changed trace as a readable diff.

use crate::corpus::{trace_path, Corpus, Trace};
use similar::{ChangeTag, TextDiff};
use std::path::PathBuf;

/// A trace that is new or would change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blessed {
    /// The fixture id.
    pub id: String,
    /// The trace file.
    pub path: PathBuf,
    /// Its text before (none: new).
    pub old: Option<String>,
    /// Its text from the reference.
    pub new: String,
}

/// A line diff of two texts (`-` old, `+` new, two lines of context).
pub fn line_diff(old: &str, new: &str) -> String {
    let diff = TextDiff::from_lines(old, new);
    let mut out = String::new();
    for group in diff.grouped_ops(2) {
        for op in group {
            for change in diff.iter_changes(&op) {
                let sign = match change.tag() {
                    ChangeTag::Delete => '-',
                    ChangeTag::Insert => '+',
                    ChangeTag::Equal => ' ',
                };
                out.push(sign);
                out.push_str(change.value());
                if !change.value().ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        out.push_str("...\n");
    }
    out
}

/// The traces of `corpus` that are new or differ from the reference's;
/// written unless `check`.
pub fn bless(corpus: &Corpus, check: bool) -> std::io::Result<Vec<Blessed>> {
    let mut out = Vec::new();
    for fx in &corpus.fixtures {
        let path = trace_path(&fx.file);
        let new = Trace::record(fx).to_file_text();
        let old = std::fs::read_to_string(&path).ok();
        if old.as_deref() == Some(new.as_str()) {
            continue;
        }
        if !check {
            std::fs::write(&path, &new)?;
        }
        out.push(Blessed {
            id: fx.id.clone(),
            path,
            old,
            new,
        });
    }
    Ok(out)
}
