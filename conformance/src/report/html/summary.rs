//! The report's summary: the tiles with one count per kind of result, the
//! text report's summary lines, notes on an unusable engine or an
//! incomplete run, and the files that could not be loaded.

use super::report::Writer;
use crate::report::text::summary_lines;
use crate::run::Summary;

impl<'a> Writer<'a> {
    /// The summary section.
    pub(super) fn summary(&mut self) {
        let r = self.r;
        let s = &r.summary;
        self.h.open("section", &[("id", "summary")]);
        self.h.elem("h2", &[], "Summary");
        self.summary_tiles();
        self.h.open("div", &[("class", "lines")]);
        for l in summary_lines(&r.engine.label(), s) {
            self.h.elem_inline("p", &[], l.trim_start());
        }
        self.h.close("div");
        self.run_notes();
        self.load_errors();
        self.h.close("section");
    }

    /// The summary's tiles: one count per kind of result, marked when it needs attention.
    fn summary_tiles(&mut self) {
        let s = &self.r.summary;
        self.h.open("div", &[("class", "tiles")]);
        for (label, n, class) in tile_counts(s) {
            let class = if class.is_empty() {
                "tile".to_owned()
            } else {
                format!("tile {class}")
            };
            self.h
                .open("div", &[("class", &class)])
                .elem("b", &[], &n.to_string())
                .text(label)
                .close("div");
        }
        if s.errors > 0 {
            self.h
                .open("div", &[("class", "tile bad")])
                .elem("b", &[], &s.errors.to_string())
                .text("load errors")
                .close("div");
        }
        self.h.close("div");
    }

    /// The notes under the summary: an unusable engine, an incomplete run, and the warnings.
    fn run_notes(&mut self) {
        let r = self.r;
        if let Some(u) = &r.unusable {
            self.h.elem(
                "p",
                &[("class", "faults")],
                &format!("engine unusable: {}", u.kind),
            );
        }
        if let Some(st) = r.stopped {
            self.h.elem(
                "p",
                &[("class", "faults")],
                &format!("run incomplete: {}", st.describe()),
            );
        }
        if !r.warnings.is_empty() {
            self.h.open("ul", &[("class", "brief")]);
            for w in &r.warnings {
                self.h.elem("li", &[], &format!("warning: {w}"));
            }
            self.h.close("ul");
        }
    }

    /// The files that could not be loaded, if any.
    fn load_errors(&mut self) {
        let r = self.r;
        if !r.errors.is_empty() {
            self.h.elem("h3", &[], "Files that could not be loaded");
            self.h.open("ul", &[("class", "brief faults")]);
            for e in &r.errors {
                self.h.elem("li", &[], &format!("ERROR {e}"));
            }
            self.h.close("ul");
        }
    }
}

/// The summary's tiles: label, count and the mark it gets (`good`, `bad`, `warn` or none).
pub(super) fn tile_counts(s: &Summary) -> [(&'static str, usize, &'static str); 7] {
    let failed = s.failed();
    [
        ("fixtures", s.fixtures, ""),
        ("passed", s.passed, "good"),
        ("failed", failed, if failed > 0 { "bad" } else { "" }),
        (
            "documented rules",
            s.failed_documented,
            if s.failed_documented > 0 { "bad" } else { "" },
        ),
        (
            "on rulings",
            s.failed_ruling,
            if s.failed_ruling > 0 { "bad" } else { "" },
        ),
        (
            "skipped",
            s.skipped,
            if s.skipped > 0 { "warn" } else { "" },
        ),
        (
            "incidents",
            s.incidents,
            if s.incidents > 0 { "warn" } else { "" },
        ),
    ]
}
