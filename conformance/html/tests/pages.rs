//! The HTML pages as a person would get them: the report of a failing run,
//! the catalogue of the real corpus and the dashboard of several runs,
//! each parsed back (as XML once HTML's void elements are closed: every
//! page is well-formed, every inline SVG with it), its sections and boards
//! counted, its texts escaped, its links followed, its bytes stable.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may unwrap

use hexodic_harness::corpus::{coverage, is_covered, load_corpus, select, Corpus};
use hexodic_harness::engine::{
    Capabilities, Engine, EngineInfo, EngineResult, InProcess, Incident, IncidentKind, PlayReply,
    PositionReply, ReferenceEngine,
};
use hexodic_harness::run::{run_corpus, RunOptions};
use hexodic_html::catalogue::{fixture_page_path, write_catalogue, CatalogueStats};
use hexodic_html::dashboard::{self, Input};
use hexodic_html::{report, CatalogueUrl, PageOptions};
use hexodic_report::{RunReport, Status};
use hexodic_rules::{Echo, Reason, ReasonSet, Setup, Turn};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn rules_md() -> &'static str {
    hexodic_rules::RULES_MD
}

/// The page of a run with no options.
fn page(report: &RunReport) -> String {
    report::page(report, &PageOptions::default())
}

/// The reference, except that it rejects every turn with an Echo-Lock
/// (as if its lock were always used up).
struct NoEchoLock(ReferenceEngine);

impl Engine for NoEchoLock {
    fn info(&self) -> EngineInfo {
        {
            let mut info = self.0.info();
            info.name = "no-echo-lock".into();
            info
        }
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.0.set_position(position)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        if matches!(turn.echo, Some(Echo::Lock(_))) {
            let mut r = ReasonSet::EMPTY;
            r.insert(Reason::LockUsed);
            return Ok(PlayReply::Illegal(r));
        }
        self.0.play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.0.legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.0.perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.0.divide(depth)
    }
}

/// A run of `engine` on `corpus`, golden traces compared.
fn run(engine: impl Engine, corpus: &Corpus) -> RunReport {
    run_corpus(
        &mut InProcess::new(engine),
        corpus,
        &RunOptions::default(),
        &mut |_| {},
    )
    .report
}

fn failing_run(corpus: &Corpus) -> RunReport {
    run(NoEchoLock(ReferenceEngine::new()), corpus)
}

/// The failing run of the whole corpus, run once for the tests that read it.
fn whole_failing_run() -> &'static RunReport {
    static RUN: OnceLock<RunReport> = OnceLock::new();
    RUN.get_or_init(|| failing_run(&load_corpus(&root())))
}

/// HTML's void elements, which a page writes as HTML has them (`<meta
/// ...>`, no end tag).
const VOID: [&str; 6] = ["meta", "link", "input", "br", "hr", "img"];

/// `page` with its void elements closed (`<meta .../>`), so that an XML
/// reader takes it: all else must already be well-formed.
fn as_xml(page: &str) -> String {
    let mut out = String::with_capacity(page.len() + 256);
    let mut rest = page;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let tag = &rest[i..];
        let Some(end) = tag.find('>') else {
            break;
        };
        let element = &tag[..=end];
        let name: String = element[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if VOID.contains(&name.as_str()) && !element.ends_with("/>") {
            out.push_str(&element[..end]);
            out.push_str("/>");
        } else {
            out.push_str(element);
        }
        rest = &tag[end + 1..];
    }
    out.push_str(rest);
    out
}

/// A page as XML (its void elements closed, the doctype allowed).
fn parse(text: &str) -> Result<roxmltree::Document<'static>, roxmltree::Error> {
    let xml: &'static str = Box::leak(as_xml(text).into_boxed_str());
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(xml, opts)
}

fn class_has(n: &roxmltree::Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|x| x == class))
}

fn svgs_in(n: &roxmltree::Node) -> usize {
    n.descendants()
        .filter(|d| d.is_element() && d.tag_name().name() == "svg")
        .count()
}

/// Every `id` in the document, failing on a duplicate.
fn unique_ids(doc: &roxmltree::Document, what: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for n in doc.descendants().filter(|n| n.is_element()) {
        if let Some(id) = n.attribute("id") {
            assert!(ids.insert(id.to_owned()), "{what}: the id `{id}` twice");
        }
    }
    ids
}

/// Every link to a place in the page leads to an element of it.
fn in_page_links_resolve(doc: &roxmltree::Document, what: &str) -> usize {
    let ids = unique_ids(doc, what);
    let mut n = 0;
    for h in hrefs(doc) {
        if let Some(id) = h.strip_prefix('#') {
            assert!(
                ids.contains(id),
                "{what}: a link to #{id}, which is not there"
            );
            n += 1;
        }
    }
    n
}

/// Each inline `<svg>...</svg>` of a page parsed on its own.
fn each_svg_parses(page: &str, what: &str) -> usize {
    let mut n = 0;
    let mut rest = page;
    while let Some(i) = rest.find("<svg") {
        let end = rest[i..].find("</svg>").expect("an svg is closed") + i + 6;
        parse(&rest[i..end]).unwrap_or_else(|e| panic!("{what}: an svg does not parse: {e}"));
        n += 1;
        rest = &rest[end..];
    }
    n
}

/// The texts of the `<strong>` elements of a document.
fn strong_texts(doc: &roxmltree::Document) -> BTreeSet<String> {
    doc.descendants()
        .filter(|n| n.tag_name().name() == "strong")
        .map(|n| text_of(&n))
        .collect()
}

/// The full key names every mark, once per page.
fn key_is_complete(doc: &roxmltree::Document, what: &str) {
    let strong = strong_texts(doc);
    for (mark, _) in hexodic_render::FULL_KEY {
        assert!(strong.contains(mark), "{what}: the key lacks {mark}");
    }
}

#[test]
fn report_of_a_failing_run_shows_each_failure_with_its_boards() {
    let report = whole_failing_run();
    assert!(report.summary.failed >= 5, "{}", report.summary.sentence());
    let page = page(report);
    assert!(page.len() < 10_000_000, "{} bytes", page.len());
    assert!(page.starts_with("<!DOCTYPE html>"));
    // One script, the stepping of the boards with the arrow keys, which
    // loads nothing.
    assert_eq!(page.matches("<script").count(), 1, "the report's scripts");
    assert!(page.contains("ArrowRight") && !page.contains("<script src"));
    assert!(!page.contains(" src="), "nothing to fetch");
    let doc = parse(&page).expect("the report is well-formed");
    // The full key names every mark.
    key_is_complete(&doc, "report");
    assert!(in_page_links_resolve(&doc, "report") > 10);
    let svgs = each_svg_parses(&page, "report");
    assert!(svgs >= 3);

    // The root causes, one article each.
    let causes: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "article" && class_has(n, "cause"))
        .collect();
    assert_eq!(causes.len(), report.root_causes.len());
    assert!(doc
        .descendants()
        .any(|n| n.attribute("id") == Some("causes")));

    // Each failing fixture shown in full has at least two boards; each
    // failing fixture is on the page, in full or in one line.
    let sections: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "section" && class_has(n, "fixture"))
        .collect();
    assert!(!sections.is_empty());
    for s in &sections {
        assert!(
            svgs_in(s) >= 2,
            "{} has {} boards",
            s.attribute("id").unwrap_or(""),
            svgs_in(s)
        );
    }
    assert!(sections
        .iter()
        .all(|s| s.descendants().any(|n| class_has(&n, "hx-highlight"))));
    let text = text_of(&doc.root());
    for r in report.results.iter().filter(|r| r.status == Status::Fail) {
        assert!(text.contains(&r.id), "{} is not on the page", r.id);
    }
    // The smallest example of the first cause comes first, in full.
    let first = &report.root_causes[0].example.id;
    let first_section = sections[0]
        .descendants()
        .find(|n| n.tag_name().name() == "h4");
    assert!(first_section
        .map(|h| text_of(&h))
        .is_some_and(|t| t.contains(first.as_str())));
    // The classification's words, and the rules with their titles.
    assert!(
        text.contains("gives lock-used for turns that do not break it"),
        "{text}"
    );
    assert!(text.contains("E2 (Echo-Lock)"));
    // The totals in the model's one sentence, the exit code with its reason.
    assert!(text.contains(&report.summary.sentence()), "{text}");
    assert!(text.contains(&hexodic_report::Exit::words_of_run(report)));
}

#[test]
fn report_links_into_the_catalogue_and_its_own_anchors() {
    let report = whole_failing_run();
    let opts = PageOptions {
        catalogue: Some(CatalogueUrl::parse("site").unwrap()),
        date: Some(hexodic_html::utc_date(std::time::UNIX_EPOCH)),
    };
    let page = report::page(report, &opts);
    let doc = parse(&page).unwrap();
    assert!(in_page_links_resolve(&doc, "report") > 10);
    assert!(page.contains("written 1970-01-01 00:00 UTC"));
    assert!(page.contains("href=\"site/index.html\""));
    // A failing fixture's name leads to its failing step in the catalogue.
    let mut to_steps = 0;
    for r in &report.results {
        let Some(f) = r.failure.as_ref().filter(|f| f.cause.step > 0) else {
            continue;
        };
        let href = format!(
            "href=\"site/{}#step-{}\"",
            fixture_page_path(&r.id).display(),
            f.cause.step
        );
        assert!(page.contains(&href), "{} lacks {href}", r.id);
        to_steps += 1;
    }
    assert!(to_steps > 5, "{to_steps} failing steps linked");
    // Rule IDs lead to their entries.
    assert!(page.contains("href=\"site/rules-e.html#rule-E2\""));
}

#[test]
fn a_script_in_a_description_shows_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = dir.path().join("fixtures");
    std::fs::create_dir_all(fixtures.join("echo")).unwrap();
    let original = std::fs::read_to_string(root().join("echo/lock-own-tier2-stone.yaml")).unwrap();
    let mut yaml = String::new();
    let mut in_description = false;
    for line in original.lines() {
        if line.starts_with("id:") {
            yaml.push_str("id: echo/script-in-description\n");
        } else if line.starts_with("description:") {
            in_description = true;
            yaml.push_str(
                "description: \"Locks e5 <script>alert('boom')</script> & checks `=e5` <b>bold</b>\"\n",
            );
        } else if in_description && line.starts_with("  ") {
        } else {
            in_description = false;
            yaml.push_str(line);
            yaml.push('\n');
        }
    }
    std::fs::write(fixtures.join("echo/script-in-description.yaml"), yaml).unwrap();
    let corpus = load_corpus(&fixtures);
    assert!(corpus.errors.is_empty(), "{:?}", corpus.errors);
    let report = failing_run(&corpus);
    assert_eq!(report.summary.failed, 1);
    let page = page(&report);
    // The report's own script only: the description's shows as text.
    assert_eq!(page.matches("<script").count(), 1, "{page}");
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(!page.contains("<b>bold"));
    assert!(
        page.contains("&lt;script&gt;alert('boom')&lt;/script&gt; &amp; checks <code>=e5</code>"),
        "{page}"
    );
    let doc = parse(&page).unwrap();
    let desc = doc
        .descendants()
        .find(|n| class_has(n, "desc"))
        .expect("the description");
    assert_eq!(
        text_of(&desc),
        "Locks e5 <script>alert('boom')</script> & checks =e5 <b>bold</b>"
    );
    // One script element, the report's own, outside the description.
    assert_eq!(
        doc.descendants()
            .filter(|n| n.tag_name().name() == "script")
            .count(),
        1
    );
    assert!(!desc.descendants().any(|n| n.tag_name().name() == "script"));

    // The catalogue escapes it the same way.
    let out = dir.path().join("site");
    write_catalogue(&corpus, rules_md(), &out).unwrap();
    let fx_page =
        std::fs::read_to_string(out.join(fixture_page_path("echo/script-in-description"))).unwrap();
    // The page's one script is its own (the arrow keys).
    assert_eq!(fx_page.matches("<script").count(), 1, "{fx_page}");
    assert!(!fx_page.contains("<script>alert"));
    assert!(fx_page.contains("&lt;script&gt;"));
    // The index's search entries carry it, escaped in their attribute.
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(!index.contains("<script>alert"));
    let doc = parse(&index).unwrap();
    let entries = search_entries(&doc);
    assert!(entries
        .iter()
        .any(|e| e[1] == "echo/script-in-description" && e[2].contains("<script>alert('boom')")));
}

/// The search entries the index carries.
fn search_entries(index: &roxmltree::Document) -> Vec<[String; 4]> {
    let data = index
        .descendants()
        .find(|n| n.attribute("id") == Some("search"))
        .and_then(|n| n.attribute("data-entries"))
        .expect("the search entries");
    serde_json::from_str(data).unwrap()
}

/// The reference, except that it "crashes" on every Echo-Lock when
/// `crash`, with a standard error that holds markup.
struct CrashOnLock {
    engine: ReferenceEngine,
    crash: bool,
}

impl CrashOnLock {
    fn new(crash: bool) -> CrashOnLock {
        CrashOnLock {
            engine: ReferenceEngine::new(),
            crash,
        }
    }
}

impl Engine for CrashOnLock {
    fn info(&self) -> EngineInfo {
        {
            let mut info = self.engine.info();
            info.name = "crash-on-lock".into();
            info
        }
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.engine.set_position(position)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        if self.crash && matches!(turn.echo, Some(Echo::Lock(_))) {
            return Err(Incident::new(IncidentKind::Exited {
                status: "exited with code 4".into(),
            })
            .on_request(format!("{{\"cmd\":\"play\",\"turn\":\"{turn}\"}}"))
            .with_stderr("engine started\npanicked at <src/lock.rs>: lock & load"));
        }
        self.engine.play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.engine.legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.engine.perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.engine.divide(depth)
    }
}

/// The one fixture on which [`CrashOnLock`] crashes.
fn lock_fixture() -> Corpus {
    let corpus = select(&root(), &["echo/lock-own-tier2-stone".to_owned()]).unwrap();
    assert_eq!(corpus.fixtures.len(), 1);
    corpus
}

#[test]
fn incidents_have_their_own_section() {
    let report = run(CrashOnLock::new(true), &lock_fixture());
    assert_eq!(report.summary.incidents, 1);
    let page = page(&report);
    let doc = parse(&page).unwrap();
    let section = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("incidents"))
        .expect("an incidents section");
    let text = text_of(&section);
    for words in [
        "engine incidents: 1 fixture (crash: 1); they are not rule failures",
        "echo/lock-own-tier2-stone",
        "the engine exited with code 4",
        "step 1 c3 +c2 =e5",
        "{\"cmd\":\"play\",\"turn\":\"c3 +c2 =e5\"}",
    ] {
        assert!(text.contains(words), "missing `{words}` in {text}");
    }
    let pre = section
        .descendants()
        .find(|n| n.tag_name().name() == "pre")
        .expect("the standard error");
    assert_eq!(
        pre.text(),
        Some("engine started\npanicked at <src/lock.rs>: lock & load")
    );
    assert!(page.contains("&lt;src/lock.rs&gt;: lock &amp; load"));
    // An incident is not a rule failure: no root cause, and the tile of
    // failures says none.
    assert!(report.root_causes.is_empty());
    assert!(page.contains("No fixture failed."));
    in_page_links_resolve(&doc, "incidents");
}

#[test]
fn a_passing_run_says_so() {
    let corpus = select(&root(), &["board/".to_owned()]).unwrap();
    assert!(corpus.fixtures.len() > 5);
    let report = run(ReferenceEngine::new(), &corpus);
    let page = page(&report);
    let doc = parse(&page).unwrap();
    assert!(page.contains("No fixture failed."));
    assert!(!page.contains("<svg"));
    assert!(!page.contains("<script"));
    in_page_links_resolve(&doc, "passing report");
}

/// Every file under `dir`, by path relative to it.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                );
            }
        }
    }
    out
}

/// The `href`s of a document.
fn hrefs<'a>(doc: &'a roxmltree::Document) -> Vec<&'a str> {
    doc.descendants()
        .filter_map(|n| n.attribute("href"))
        .collect()
}

/// The page of rule `id`'s entry in the catalogue: `rules-c.html` for
/// C1, `rules-other.html` for the ruleset and the invariants.
fn rule_page_of(id: &str) -> String {
    if is_covered(id) {
        format!("rules-{}.html", id[..1].to_ascii_lowercase())
    } else {
        "rules-other.html".to_owned()
    }
}

/// The pages of rules: one per area and one for the rules outside them.
const RULE_PAGES: usize = 10;

#[test]
fn catalogue_of_the_corpus_is_complete_linked_and_stable() {
    let corpus = load_corpus(&root());
    assert!(corpus.errors.is_empty());
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let stats: CatalogueStats = write_catalogue(&corpus, rules_md(), &a).unwrap();
    let again = write_catalogue(&corpus, rules_md(), &b).unwrap();
    assert_eq!(stats, again);
    assert_eq!(stats.fixtures, corpus.fixtures.len());
    assert_eq!(stats.rule_pages, RULE_PAGES);
    assert_eq!(stats.pages, corpus.fixtures.len() + 1 + RULE_PAGES);
    assert_eq!(stats.rules, hexodic_rules::registry::RULES.len());

    let ta = tree(&a);
    let tb = tree(&b);
    assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
    for (p, bytes) in &ta {
        assert!(tb[p] == *bytes, "{} differs between two runs", p.display());
    }
    // The pages and style.css, and no temporary file left behind.
    assert_eq!(ta.len(), stats.pages + 1, "the pages and style.css");
    assert_eq!(
        stats.bytes,
        ta.values().map(|v| v.len() as u64).sum::<u64>()
    );
    // Every page well-formed, with unique ids; the ids of each, for the
    // links' fragments.
    let text_of_page = |p: &Path| String::from_utf8(ta[p].clone()).unwrap();
    let mut ids_of: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    for p in ta
        .keys()
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
    {
        let page = text_of_page(p);
        let doc = parse(&page).unwrap_or_else(|e| panic!("{}: not well-formed: {e}", p.display()));
        ids_of.insert(p.clone(), unique_ids(&doc, &p.display().to_string()));
    }
    // Every link of every page is relative and leads to a page of the site
    // and, with a fragment, to an element of it.
    let mut links = 0;
    for p in ids_of.keys() {
        let page = text_of_page(p);
        let doc = parse(&page).unwrap();
        for h in hrefs(&doc) {
            assert!(
                !h.contains("://"),
                "{}: only relative links: {h}",
                p.display()
            );
            let (file, frag) = h.split_once('#').unwrap_or((h, ""));
            let target = if file.is_empty() {
                p.clone()
            } else {
                hexodic_io::paths::normalize(&p.parent().unwrap().join(file))
            };
            assert!(ta.contains_key(&target), "{} links to {h}", p.display());
            if !frag.is_empty() {
                assert!(
                    ids_of[&target].contains(frag),
                    "{} links to {h}, which has no #{frag}",
                    p.display()
                );
            }
            links += 1;
        }
    }
    assert!(links > 3_000, "{links} links");

    // Fixture pages link to the fixtures before and after them in id order,
    // and their breadcrumb to the index, the first cited rule's page and
    // its entry on it.
    let mut ids: Vec<&str> = corpus.fixtures.iter().map(|f| f.id.as_str()).collect();
    ids.sort_unstable();
    let middle = ids[1];
    let page = text_of_page(&fixture_page_path(middle));
    let up = "../".repeat(middle.matches('/').count());
    for (rel, id) in [("prev", ids[0]), ("next", ids[2])] {
        let want = format!(
            "<a rel=\"{rel}\" href=\"{up}{}\">",
            fixture_page_path(id).display()
        );
        assert!(page.contains(&want), "{middle} lacks {want}");
    }
    let first = &corpus
        .fixtures
        .iter()
        .find(|f| f.id == middle)
        .unwrap()
        .rules[0];
    let rule_page = rule_page_of(first);
    for want in [
        format!("href=\"{up}index.html\""),
        format!("href=\"{up}{rule_page}\""),
        format!("href=\"{up}{rule_page}#rule-{first}\""),
    ] {
        assert!(page.contains(&want), "breadcrumb of {middle} lacks {want}");
    }
    let first_page = text_of_page(&fixture_page_path(ids[0]));
    assert!(!first_page.contains("rel=\"prev\""));

    // The index: the search box and its entries, every rule linked to its
    // entry (keeping its old anchor), every fixture, each folder folded.
    let index = text_of_page(Path::new("index.html"));
    let index_doc = parse(&index).unwrap();
    assert!(index.contains("<form id=\"search\""));
    let entries = search_entries(&index_doc);
    assert_eq!(
        entries.len(),
        hexodic_rules::registry::RULES.len() + corpus.fixtures.len()
    );
    for r in hexodic_rules::registry::RULES {
        assert!(ids_of[Path::new("index.html")].contains(&format!("rule-{}", r.id)));
        let want = format!("href=\"{}#rule-{}\"", rule_page_of(r.id), r.id);
        assert!(index.contains(&want), "the index lacks {want}");
        assert!(entries
            .iter()
            .any(|e| e[1] == r.id && e[0] == want[6..want.len() - 1]));
    }
    for f in &corpus.fixtures {
        let href = fixture_page_path(&f.id).display().to_string();
        assert!(index.contains(&format!("href=\"{href}\"")), "{}", f.id);
    }
    assert!(
        index_doc
            .descendants()
            .filter(|n| n.tag_name().name() == "details")
            .count()
            >= 10
    );
    assert!(index.len() < 130_000, "the index is {} bytes", index.len());

    // The pages of rules: every rule on exactly one, in players' words
    // (no code), with the reference's wording folded for developers, a
    // board where it fires and, when another fixture shows it, one where it
    // does not, and its fixtures on both sides.
    let cov = coverage(&corpus.fixtures);
    let mut boards = 0;
    for r in hexodic_rules::registry::RULES {
        let file = PathBuf::from(rule_page_of(r.id));
        let page = text_of_page(&file);
        let doc = parse(&page).unwrap();
        let art = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(&*format!("rule-{}", r.id)))
            .unwrap_or_else(|| panic!("{} not on {}", r.id, file.display()));
        let players = art
            .descendants()
            .find(|n| class_has(n, "players"))
            .expect("players' words");
        let words = text_of(&players);
        assert!(words.len() > 20, "{}: {words}", r.id);
        assert!(
            !players.descendants().any(|n| n.tag_name().name() == "code"),
            "{}: code in the players' words",
            r.id
        );
        let dev = art
            .descendants()
            .find(|n| n.tag_name().name() == "details" && class_has(n, "dev"))
            .expect("the developers' note");
        assert!(dev.descendants().any(|n| class_has(&n, "text")));
        let links: Vec<&str> = art
            .descendants()
            .filter_map(|n| n.attribute("href"))
            .collect();
        let svgs = svgs_in(&art);
        if let Some(rc) = cov.iter().find(|c| c.rule.id == r.id) {
            for id in rc.passing.iter().chain(&rc.failing) {
                let href = format!("{id}.html");
                assert!(links.contains(&href.as_str()), "{}: {id}", r.id);
            }
            let distinct: BTreeSet<&String> = rc.passing.iter().chain(&rc.failing).collect();
            let want = match (rc.passing.is_empty(), rc.failing.is_empty()) {
                (true, true) => 0,
                (false, false) if distinct.len() > 1 => 2,
                _ => 1,
            };
            assert!(svgs >= want.min(1) && svgs <= 2, "{}: {svgs} boards", r.id);
            if want == 2 {
                assert_eq!(svgs, 2, "{}: a board on each side", r.id);
            }
        }
        boards += svgs;
    }
    assert!(boards > 60, "{boards} boards on the pages of rules");
    for g in ["b", "c", "e", "g", "n", "p", "s", "t", "v", "other"] {
        let page = text_of_page(Path::new(&format!("rules-{g}.html")));
        // The full key of the marks, for the boards.
        key_is_complete(&parse(&page).unwrap(), &format!("rules-{g}.html"));
        each_svg_parses(&page, g);
        assert!(page.contains("href=\"index.html\""), "rules-{g}.html");
    }
    assert!(text_of_page(Path::new("rules-b.html")).contains("The board is a hexagon of 37 cells"));
    assert!(text_of_page(Path::new("rules-b.html")).contains("Cells use axial coordinates"));

    // One page per fixture: its SVGs parse, it links back, it steps with
    // the arrow keys.
    let mut svgs = 0;
    for fx in &corpus.fixtures {
        let path = fixture_page_path(&fx.id);
        let page = text_of_page(&path);
        let doc = parse(&page).unwrap();
        let n = each_svg_parses(&page, &fx.id);
        assert!(n >= 1, "{} has no board", fx.id);
        assert_eq!(n, svgs_in(&doc.root()));
        svgs += n;
        let depth = fx.id.matches('/').count();
        let back = format!("{}index.html", "../".repeat(depth));
        assert!(
            hrefs(&doc).contains(&back.as_str()),
            "{} does not link back",
            fx.id
        );
        assert!(page.contains(&fx.id));
        if fx.invalid.is_some() {
            assert!(page.contains("not a valid position"), "{}", fx.id);
            assert!(page.contains("class=\"faults\""), "{}", fx.id);
        } else {
            // The start and a board per step.
            assert_eq!(n, 1 + fx.steps.len() + usize::from(!fx.prelude.is_empty()));
            assert!(page.contains("id=\"step-keys\""), "{}", fx.id);
            assert!(page.contains("ArrowRight"), "{}", fx.id);
        }
    }
    assert_eq!(svgs + boards, stats.boards);
}

#[test]
fn catalogue_steps_say_what_must_happen() {
    let corpus = load_corpus(&root());
    let dir = tempfile::tempdir().unwrap();
    write_catalogue(&corpus, rules_md(), dir.path()).unwrap();
    let page = std::fs::read_to_string(
        dir.path()
            .join(fixture_page_path("capture/cooldown-after-capture")),
    )
    .unwrap();
    let doc = parse(&page).unwrap();
    let text = text_of(&doc.root());
    for words in [
        "Step 1: X plays b1 +c3",
        "Captured: a1 by encirclement (C1).",
        "O to move, half-move 1.",
        "Legal turns then: 473.",
        "Step 2: O plays a1 +c2",
        "Must be rejected: it breaks place-cooldown (T4).",
        "The board stays as it was",
        "O: cooldown [a1]",
    ] {
        assert!(text.contains(words), "missing `{words}` in:\n{text}");
    }
    // A rule cited links to its entry on the page of its area.
    assert!(page.contains("href=\"../rules-c.html#rule-C3\""));
}

#[test]
fn a_catalogue_that_cannot_be_written_says_which_file() {
    let corpus = lock_fixture();
    let dir = tempfile::tempdir().unwrap();
    // `index.html` is a folder: it cannot be written over.
    std::fs::create_dir_all(dir.path().join("index.html")).unwrap();
    let e = write_catalogue(&corpus, rules_md(), dir.path()).unwrap_err();
    let words = e.to_string();
    assert!(words.contains("index.html"), "{words}");
    assert!(words.contains("not a regular file"), "{words}");
}

/// The text of a node and everything under it.
fn text_of(n: &roxmltree::Node) -> String {
    n.descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect()
}

fn section<'a, 'i>(doc: &'a roxmltree::Document<'i>, id: &str) -> roxmltree::Node<'a, 'i> {
    doc.descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no section `{id}`"))
}

#[test]
fn the_totals_tiles_are_the_summary() {
    let report = whole_failing_run();
    let page = page(report);
    let doc = parse(&page).unwrap();
    let tiles: BTreeMap<String, usize> = section(&doc, "summary")
        .descendants()
        .filter(|n| n.tag_name().name() == "div" && class_has(n, "tile"))
        .map(|t| {
            let n = t
                .children()
                .find(|c| c.tag_name().name() == "b")
                .and_then(|b| b.text())
                .unwrap();
            let label = t
                .children()
                .filter(|c| c.is_text())
                .filter_map(|c| c.text())
                .collect();
            (label, n.parse().unwrap())
        })
        .collect();
    let s = &report.summary;
    let expected: BTreeMap<String, usize> = [
        ("fixtures", s.fixtures),
        ("passed", s.passed),
        ("failed", s.failed),
        ("documented rules", s.failed_documented),
        ("on rulings", s.failed_ruling),
        ("skipped", s.skipped),
        ("incidents", s.incidents),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    assert_eq!(tiles, expected);
    assert!(s.failed > 0 && s.passed > 0);
}

#[test]
fn the_tables_are_the_model_s_tallies() {
    let report = whole_failing_run();
    let page = page(report);
    let doc = parse(&page).unwrap();
    // Each rule's row: its passing of all run, as the model tallies it.
    let rows: BTreeMap<String, String> = section(&doc, "by-rule")
        .descendants()
        .filter(|n| n.tag_name().name() == "tr" && !class_has(n, "area"))
        .filter_map(|tr| {
            let cells: Vec<String> = tr
                .children()
                .filter(|c| c.tag_name().name() == "td")
                .map(|c| text_of(&c))
                .collect();
            (cells.len() == 3).then(|| (cells[0].clone(), cells[2].clone()))
        })
        .collect();
    assert_eq!(rows.len(), report.by_rule.len());
    for t in &report.by_rule {
        assert_eq!(
            rows[&t.rule],
            format!("{}/{}", t.passed, t.fixtures),
            "{}",
            t.rule
        );
    }
    // Every fixture, and the filter's count of those not passing.
    let fixtures = section(&doc, "fixtures");
    let body_rows = fixtures
        .descendants()
        .filter(|n| {
            n.tag_name().name() == "tr"
                && n.parent().is_some_and(|p| p.tag_name().name() == "tbody")
        })
        .count();
    assert_eq!(body_rows, report.results.len());
    let s = &report.summary;
    assert!(text_of(&fixtures).contains(&format!("Not passing ({})", s.fixtures - s.passed)));
}

#[test]
fn root_causes_come_most_fixtures_first_with_their_rules_and_counts() {
    let report = whole_failing_run();
    let page = page(report);
    let doc = parse(&page).unwrap();
    let headings: Vec<String> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "article" && class_has(n, "cause"))
        .map(|a| {
            let h = a.children().find(|c| c.tag_name().name() == "h3").unwrap();
            text_of(&h)
        })
        .collect();
    assert_eq!(headings.len(), report.root_causes.len());
    assert!(!headings.is_empty());
    let mut last = usize::MAX;
    for (i, (h, rc)) in headings.iter().zip(&report.root_causes).enumerate() {
        let n = rc.fixtures.len() + rc.follows.len();
        assert!(
            n <= last,
            "cause {} has more fixtures than the one before",
            i + 1
        );
        last = n;
        assert!(h.starts_with(&format!("{}. ", i + 1)), "{h}");
        let fixtures = hexodic_report::count(n, "fixture", "fixtures");
        assert!(h.ends_with(&format!(" - {fixtures}")), "{h}");
        for rule in &rc.classification.rules {
            assert!(h.contains(rule.as_str()), "{h} lacks {rule}");
        }
        assert!(h.contains(rc.classification.behaviour.kind()), "{h}");
    }
}

#[test]
fn a_failing_fixture_shows_where_the_step_and_its_boards() {
    let report = whole_failing_run();
    let page = page(report);
    let doc = parse(&page).unwrap();
    let sections: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "section" && class_has(n, "fixture"))
        .collect();
    assert!(!sections.is_empty());
    let mut played = 0;
    for s in &sections {
        let h = s.children().find(|c| c.tag_name().name() == "h4").unwrap();
        let id = text_of(&h);
        let res = report
            .results
            .iter()
            .find(|r| id.starts_with(&format!("{} ", r.id)))
            .unwrap_or_else(|| panic!("no result for `{id}`"));
        let f = res.failure.as_ref().unwrap();
        // The file and line, first in the fixture's facts (after the
        // difference and the boards).
        let code = s
            .descendants()
            .find(|n| n.tag_name().name() == "dl" && class_has(n, "facts"))
            .unwrap()
            .descendants()
            .find(|n| n.tag_name().name() == "code")
            .and_then(|c| c.text())
            .unwrap();
        assert!(code.ends_with(&format!(":{}", f.cause.line)), "{code}");
        assert!(
            code.ends_with(&format!("{}.yaml:{}", res.id, f.cause.line)),
            "{code}"
        );
        let words = text_of(s);
        assert!(words.contains(&format!("step {}", f.cause.step)), "{words}");
        // The difference in the model's words.
        let difference = s
            .descendants()
            .find(|n| class_has(n, "difference"))
            .unwrap();
        assert!(text_of(&difference).starts_with(&f.cause.summary.replace('`', "")));
        // A rejected legal turn: the board before, the reference's after, the engine's after.
        let classes: Vec<&str> = s
            .descendants()
            .filter(|n| n.tag_name().name() == "figure")
            .filter_map(|n| n.attribute("class"))
            .collect();
        if f.cause.turn.is_some() && f.cause.expected.is_some() {
            assert_eq!(
                classes,
                ["board before", "board reference", "board engine"],
                "{id}"
            );
            assert_eq!(svgs_in(s), 3);
            played += 1;
        } else {
            // A check on a position: the reference's position and the engine's.
            assert_eq!(classes[..2], ["board reference", "board engine"], "{id}");
        }
    }
    assert!(played > 0, "no fixture failed on a played turn");
}

/// The reference declaring no capability, with a name that holds markup
/// and characters a page may not hold.
struct Bare(ReferenceEngine);

impl Engine for Bare {
    fn info(&self) -> EngineInfo {
        {
            let mut info = self.0.info();
            info.name = "<script>alert(1)</script> & co\u{0}\u{1b}[2J\u{fffe}".into();
            info.capabilities = Capabilities::NONE;
            info
        }
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        self.0.set_position(position)
    }
    fn play(&mut self, turn: Turn) -> EngineResult<PlayReply> {
        self.0.play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<Turn>> {
        self.0.legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        self.0.perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(Turn, u64)>> {
        self.0.divide(depth)
    }
}

#[test]
fn skipped_checks_are_listed_per_capability_and_the_engine_name_is_escaped() {
    let corpus = load_corpus(&root());
    let report = run(Bare(ReferenceEngine::new()), &corpus);
    assert!(!report.summary.skipped_checks.is_empty());
    let page = page(&report);
    assert!(!page.contains("<script"), "the engine's name is escaped");
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co[2J\u{fffd}"));
    for c in ['\u{0}', '\u{1b}', '\u{fffe}'] {
        assert!(!page.contains(c), "{c:?} in the page");
    }
    let doc = parse(&page).unwrap();
    let items: Vec<String> = section(&doc, "skipped")
        .descendants()
        .filter(|n| n.tag_name().name() == "li")
        .map(|n| text_of(&n))
        .collect();
    for (c, n) in &report.summary.skipped_checks {
        let line = format!(
            "{} ({}): {}",
            c.checks(),
            c.name(),
            hexodic_report::count(*n, "fixture", "fixtures")
        );
        assert!(items.contains(&line), "missing `{line}` in {items:?}");
    }
    in_page_links_resolve(&doc, "skipped report");
}

/// A dashboard input labelled `label`.
fn input(label: &str, report: RunReport) -> Input {
    Input {
        label: label.into(),
        file: PathBuf::from(format!("{label}.json")),
        report,
    }
}

#[test]
fn a_dashboard_counts_an_incident_only_report_as_no_rule_failure() {
    let corpus = lock_fixture();
    let clean = run(CrashOnLock::new(false), &corpus);
    let crashing = run(CrashOnLock::new(true), &corpus);
    assert_eq!(crashing.summary.incidents, 1);
    assert_eq!(crashing.summary.rule_failures(), 0);
    // Two builds of one engine, told apart by their labels.
    let d = dashboard::build(&[input("v1", clean), input("v2", crashing)]);
    let page = dashboard::page(&d, &PageOptions::default());
    let doc = parse(&page).unwrap();
    in_page_links_resolve(&doc, "dashboard");
    let failures = text_of(&section(&doc, "failures"));
    // The crashing build: 0 rule failures, 1 incident, listed as one.
    assert!(
        failures.contains("1 fixture: 0 passed, 0 failed, 1 incident"),
        "{failures}"
    );
    assert!(
        failures.contains("Engine incidents (not rule failures)"),
        "{failures}"
    );
    assert!(!failures.contains("Rule failures"), "{failures}");
    let listed: Vec<&str> = section(&doc, "failures")
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .filter(|id| id.contains("-fx-"))
        .collect();
    assert_eq!(listed, ["c2-fx-echo-lock-own-tier2-stone"]);
    // In the table its cells are an incident's, not a failure's.
    let table = section(&doc, "by-rule");
    assert!(!table.descendants().any(|n| class_has(&n, "status-fail")));
    assert!(table.descendants().any(|n| class_has(&n, "status-warn")));
    assert!(text_of(&table).contains("(1 incident)"));
    // Between the builds: a new incident, nothing broken.
    let changes = text_of(&section(&doc, "changes"));
    assert!(changes.contains("v1 (crash-on-lock"), "{changes}");
    assert!(changes.contains("0 newly failing"), "{changes}");
    assert!(changes.contains("1 new incident"), "{changes}");
    assert!(!page.contains("broke"), "{page}");
}

#[test]
fn a_dashboard_of_failing_runs_links_every_number_to_its_fixtures() {
    let corpus = load_corpus(&root());
    let clean = run(ReferenceEngine::new(), &corpus);
    let failing = whole_failing_run().clone();
    let d = dashboard::build(&[
        input("reference", clean),
        input("<b>no-lock</b>", failing.clone()),
    ]);
    let opts = PageOptions {
        catalogue: Some(CatalogueUrl::parse("site").unwrap()),
        date: None,
    };
    let page = dashboard::page(&d, &opts);
    assert!(!page.contains("<b>no-lock"), "the label is escaped");
    assert!(!page.contains("<script"));
    let doc = parse(&page).unwrap();
    assert!(in_page_links_resolve(&doc, "dashboard") > 10);
    let text = text_of(&doc.root());
    assert!(text.contains(&failing.summary.sentence()), "{text}");
    // Each failing fixture listed once, with its rules.
    for r in failing.results.iter().filter(|r| r.status == Status::Fail) {
        let li = doc
            .descendants()
            .find(|n| {
                n.tag_name().name() == "li"
                    && n.attribute("id").is_some_and(|id| id.starts_with("c2-fx-"))
                    && text_of(n).starts_with(&format!("{} ", r.id))
            })
            .unwrap_or_else(|| panic!("{} is not listed", r.id));
        for rule in &r.rules {
            assert!(text_of(&li).contains(rule.as_str()), "{}: {rule}", r.id);
        }
        assert_eq!(
            text.matches(&format!("{} fail", r.id)).count(),
            1,
            "{} listed more than once",
            r.id
        );
    }
    assert!(page.contains("href=\"site/rules-e.html#rule-E2\""));
}
