//! The site on disk: the index, the style sheet, a page of rules per area
//! and one page per fixture, written into a folder.

use super::area_page::{area_page_html, area_pages, Sources};
use super::fixture_page::{fixture_page, Neighbours};
use super::index::index_page;
use super::players::player_texts;
use super::rules_doc::rule_texts;
use super::site::fixture_page_path;
use crate::markup::STYLE;
use hexodic_harness::corpus::{coverage, Corpus, Fixture};
use std::collections::BTreeMap;
use std::io;
use std::path::Path;

/// What [`write_catalogue`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatalogueStats {
    /// Pages written: the index, one per rule area (and one for the rules
    /// outside the areas) and one per fixture.
    pub pages: usize,
    /// Pages of rules.
    pub rule_pages: usize,
    /// Fixture pages.
    pub fixtures: usize,
    /// Rules on the pages of rules.
    pub rules: usize,
    /// Boards drawn, in all pages.
    pub boards: usize,
    /// Bytes written, pages and style sheet.
    pub bytes: u64,
}

/// Write the catalogue of `corpus` into the folder `out` (created if need
/// be): `index.html` (a search box, the rules by area, every fixture),
/// `rules-<area>.html` for each rule area (each rule in players' words,
/// with its boards, its fixtures and the wording of `rules_md` for engine
/// developers), `rules-other.html` for the ruleset and the invariants,
/// `style.css` and `<area>/<name>.html` for every fixture. `rules_md` is
/// the text of `rules/RULES.md` (a rule not found there gets a pointer to
/// the file instead). Links are relative, so the folder can be served
/// anywhere or opened from disk; the same corpus gives the same bytes.
/// Each file is written whole or not at all; the first that cannot be
/// written ends the writing, its error naming it.
pub fn write_catalogue(corpus: &Corpus, rules_md: &str, out: &Path) -> io::Result<CatalogueStats> {
    let texts = rule_texts(rules_md);
    let players = player_texts();
    let mut fixtures: Vec<&Fixture> = corpus.fixtures.iter().collect();
    fixtures.sort_by(|a, b| a.id.cmp(&b.id));
    let by_id: BTreeMap<&str, &Fixture> = fixtures.iter().map(|f| (f.id.as_str(), *f)).collect();
    let mut stats = CatalogueStats::default();
    create_dir(out)?;
    write_file(&out.join("style.css"), STYLE, &mut stats)?;
    let pages = area_pages();
    let index = index_page(corpus, &fixtures, &pages, &players);
    write_file(&out.join("index.html"), &index, &mut stats)?;
    stats.pages += 1;
    let cov = coverage(&corpus.fixtures);
    let sources = Sources {
        players: &players,
        reference: &texts,
        coverage: &cov,
        fixtures: &by_id,
    };
    for (i, p) in pages.iter().enumerate() {
        let (html, boards) = area_page_html(&pages, i, &sources);
        write_file(&out.join(&p.file), &html, &mut stats)?;
        stats.pages += 1;
        stats.rule_pages += 1;
        stats.rules += p.rules.len();
        stats.boards += boards;
    }
    let root_name = corpus
        .root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "fixtures".into());
    for (i, fx) in fixtures.iter().enumerate() {
        let around = Neighbours {
            previous: i.checked_sub(1).map(|p| fixtures[p].id.as_str()),
            next: fixtures.get(i + 1).map(|n| n.id.as_str()),
        };
        let (page, boards) = fixture_page(fx, &corpus.root, &root_name, around);
        let path = out.join(fixture_page_path(&fx.id));
        if let Some(dir) = path.parent() {
            create_dir(dir)?;
        }
        write_file(&path, &page, &mut stats)?;
        stats.pages += 1;
        stats.fixtures += 1;
        stats.boards += boards;
    }
    Ok(stats)
}

/// Create the folder `dir` (and those above it) if need be, an error
/// naming it.
fn create_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!(
                "cannot create the folder {}: {}",
                hexodic_io::paths::shown(dir),
                hexodic_io::paths::io_words(&e)
            ),
        )
    })
}

/// Write `text` into `path` whole, and count its bytes.
fn write_file(path: &Path, text: &str, stats: &mut CatalogueStats) -> io::Result<()> {
    hexodic_io::files::write_whole(path, text.as_bytes()).map_err(io::Error::other)?;
    stats.bytes += text.len() as u64;
    Ok(())
}
