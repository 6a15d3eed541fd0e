//! The corpus as a rulebook: a static site with an index of the rules (by
//! area, each with its text from `rules/RULES.md` and the fixtures that
//! show it firing and not firing) and one page per fixture, its boards step
//! by step with what must happen in words, from the reference's trace.

use crate::report::html::page::{document, inline, slug, Html, Style, STYLE};
mod rules_doc;

use crate::corpus::{
    coverage, is_covered, Checks, Corpus, Fixture, RuleCoverage, StepCheck, Trace, TraceStep,
};
use crate::engine::CaptureKinds;
use crate::oracle::{cell_list, codes, StateCheck, TurnVerdict};
use crate::report::html::{figures, outcome_words, Figure};
use hexodic_render::{fault_lines, BoardPicture};
use hexodic_rules::{registry, FaultCode, Player, ReasonSet, Setup};
use rules_doc::markdown;
pub use rules_doc::rule_texts;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// What [`write_catalogue`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatalogueStats {
    /// Pages written: the index and one per fixture.
    pub pages: usize,
    /// Fixture pages.
    pub fixtures: usize,
    /// Rules in the index.
    pub rules: usize,
    /// Boards drawn, in all pages.
    pub boards: usize,
    /// Bytes written, pages and style sheet.
    pub bytes: u64,
}

/// The areas of the index, in order: the rule group letter and its name.
const AREAS: [(char, &str); 9] = [
    ('B', "The board"),
    ('P', "Players and the starting state"),
    ('T', "The turn"),
    ('S', "Shape"),
    ('E', "Echo"),
    ('C', "Capture"),
    ('G', "End of the turn"),
    ('V', "Positions given directly"),
    ('N', "What counts as one turn"),
];

/// The page of the fixture `id` inside the site, relative to its root:
/// `capture/cooldown-after-capture.html` (each part of the id made safe for
/// a file name).
///
/// ```
/// use hexodic_conformance::report::catalogue::fixture_page_path;
/// assert_eq!(fixture_page_path("capture/cooldown-after-capture"),
///     std::path::Path::new("capture/cooldown-after-capture.html"));
/// // Nothing can climb out of the site: `.` and `..` become `-` and `--`.
/// assert_eq!(fixture_page_path("../x y"), std::path::Path::new("--/x-y.html"));
/// ```
pub fn fixture_page_path(id: &str) -> PathBuf {
    let parts = page_parts(id);
    let mut p = PathBuf::new();
    let n = parts.len();
    for (i, part) in parts.into_iter().enumerate() {
        if i + 1 == n {
            p.push(format!("{part}.html"));
        } else {
            p.push(part);
        }
    }
    p
}

fn page_parts(id: &str) -> Vec<String> {
    let parts: Vec<String> = id
        .split('/')
        .map(|s| {
            let s = slug(s);
            if s.is_empty() {
                "_".to_owned()
            } else {
                s
            }
        })
        .collect();
    if parts.is_empty() {
        vec!["_".to_owned()]
    } else {
        parts
    }
}

/// The page's link within the site (forward slashes).
fn page_href(id: &str) -> String {
    let parts = page_parts(id);
    format!("{}.html", parts.join("/"))
}

/// From a fixture page back to the site's root.
fn up(id: &str) -> String {
    "../".repeat(page_parts(id).len().saturating_sub(1))
}

/// Write the catalogue of `corpus` into the folder `out` (created if need
/// be): `index.html`, `style.css` and `<area>/<name>.html` for every
/// fixture. `rules_md` is the text of `rules/RULES.md`, from which each
/// rule's text is taken (a rule not found there gets a pointer to the file
/// instead). Links are relative, so the folder can be served anywhere or
/// opened from disk; the same corpus gives the same bytes.
pub fn write_catalogue(corpus: &Corpus, rules_md: &str, out: &Path) -> io::Result<CatalogueStats> {
    let texts = rule_texts(rules_md);
    let mut fixtures: Vec<&Fixture> = corpus.fixtures.iter().collect();
    fixtures.sort_by(|a, b| a.id.cmp(&b.id));
    let mut stats = CatalogueStats::default();
    std::fs::create_dir_all(out)?;
    write_file(&out.join("style.css"), STYLE, &mut stats)?;
    let (index, rules) = index_page(corpus, &fixtures, &texts);
    stats.rules = rules;
    write_file(&out.join("index.html"), &index, &mut stats)?;
    stats.pages += 1;
    let root_name = corpus
        .root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "fixtures".into());
    for fx in fixtures {
        let (page, boards) = fixture_page(fx, &corpus.root, &root_name);
        let path = out.join(fixture_page_path(&fx.id));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        write_file(&path, &page, &mut stats)?;
        stats.pages += 1;
        stats.fixtures += 1;
        stats.boards += boards;
    }
    Ok(stats)
}

fn write_file(path: &Path, text: &str, stats: &mut CatalogueStats) -> io::Result<()> {
    std::fs::write(path, text)?;
    stats.bytes += text.len() as u64;
    Ok(())
}

fn basis_badge(h: &mut Html, basis: &str) {
    let class = match basis {
        "documented" => "badge documented",
        "ruling" => "badge ruling",
        _ => "badge",
    };
    h.elem("span", &[("class", class)], basis);
}

/// A link list of fixtures (from the index).
fn fixture_links(h: &mut Html, label: &str, ids: &[String]) {
    h.open("p", &[("class", "fixtures-of")]);
    h.elem("strong", &[], &format!("{label} ({}):", ids.len()))
        .text(" ");
    if ids.is_empty() {
        h.elem("span", &[("class", "muted")], "none");
    }
    for id in ids {
        h.elem("a", &[("href", &page_href(id))], id).text(" ");
    }
    h.close("p");
}

fn rule_article(
    h: &mut Html,
    rule: &registry::RuleInfo,
    texts: &BTreeMap<String, String>,
    sides: Option<(&[String], &[String])>,
    citing: &[String],
) {
    h.open(
        "article",
        &[("class", "rule"), ("id", &format!("rule-{}", rule.id))],
    );
    h.open("h3", &[]).text(rule.id).text(" ");
    basis_badge(h, rule.basis.name());
    h.text(" ").text(rule.title).close("h3");
    h.open("div", &[("class", "text")]);
    match texts.get(rule.id) {
        Some(t) => {
            h.raw(&markdown(t));
        }
        None => {
            h.elem_inline(
                "p",
                &[("class", "muted")],
                &format!("The text of {} is in `rules/RULES.md`.", rule.id),
            );
        }
    }
    h.close("div");
    match sides {
        Some((passing, failing)) => {
            fixture_links(h, "Fixtures where it fires or permits", passing);
            fixture_links(h, "Fixtures where it rejects or does not fire", failing);
        }
        None => fixture_links(h, "Fixtures citing it", citing),
    }
    h.close("article");
}

fn index_page(
    corpus: &Corpus,
    fixtures: &[&Fixture],
    texts: &BTreeMap<String, String>,
) -> (String, usize) {
    let mut h = Html::default();
    let cov = coverage(&corpus.fixtures);
    index_header(&mut h, corpus, fixtures);
    h.open("main", &[]);
    index_intro(&mut h);
    let mut rules = area_sections(&mut h, &cov, texts);
    rules += other_rules_section(&mut h, fixtures, texts);
    all_fixtures_section(&mut h, fixtures);
    h.close("main");
    let page = document(
        "Hexodic rules and fixtures",
        Style::Link("style.css"),
        &h.finish(),
    );
    (page, rules)
}

/// The index's title block: the counts of fixtures and rules, and the corpus version.
fn index_header(h: &mut Html, corpus: &Corpus, fixtures: &[&Fixture]) {
    h.open("header", &[("class", "top")]);
    h.elem("h1", &[], "Hexodic: the rules and their fixtures");
    h.elem(
        "p",
        &[],
        &format!(
            "{} fixtures and {} rules. Corpus {}.",
            fixtures.len(),
            registry::RULES.len(),
            crate::run::corpus_version(corpus)
        ),
    );
    h.close("header");
}

/// The index's opening paragraph and its table of contents.
fn index_intro(h: &mut Html) {
    h.elem_inline(
        "p",
        &[],
        "Every rule of the project's rules reference (`rules/RULES.md`) with its text, and the fixtures of the conformance corpus that show it at work: where it fires or permits, and where it rejects or does not fire. Each fixture's page draws its boards step by step and says what must happen, as the reference engine plays it.",
    );
    h.open("nav", &[("class", "toc")]);
    for (g, name) in AREAS {
        h.elem(
            "a",
            &[("href", &format!("#area-{g}"))],
            &format!("{g} {name}"),
        );
    }
    h.elem("a", &[("href", "#other-rules")], "Other rules");
    h.elem("a", &[("href", "#all-fixtures")], "All fixtures");
    h.close("nav");
}

/// One section per area with its covered rules; returns the number of rules written.
fn area_sections(h: &mut Html, cov: &[RuleCoverage], texts: &BTreeMap<String, String>) -> usize {
    let mut rules = 0;
    for (g, name) in AREAS {
        h.open("section", &[("id", &format!("area-{g}"))]);
        h.elem("h2", &[], &format!("{g}. {name}"));
        for rc in cov.iter().filter(|rc| rc.rule.id.starts_with(g)) {
            rule_article(h, rc.rule, texts, Some((&rc.passing, &rc.failing)), &[]);
            rules += 1;
        }
        h.close("section");
    }
    rules
}

/// The rules outside the areas, each with the fixtures citing it; returns how many.
fn other_rules_section(
    h: &mut Html,
    fixtures: &[&Fixture],
    texts: &BTreeMap<String, String>,
) -> usize {
    let citing = |id: &str| -> Vec<String> {
        fixtures
            .iter()
            .filter(|f| f.rules.iter().any(|r| r == id))
            .map(|f| f.id.clone())
            .collect()
    };
    let mut rules = 0;
    h.open("section", &[("id", "other-rules")]);
    h.elem("h2", &[], "Other rules: the ruleset and the invariants");
    for rule in registry::RULES.iter().filter(|r| !is_covered(r.id)) {
        rule_article(h, rule, texts, None, &citing(rule.id));
        rules += 1;
    }
    h.close("section");
    rules
}

/// Every fixture, listed by area with its basis and the rules it cites.
fn all_fixtures_section(h: &mut Html, fixtures: &[&Fixture]) {
    h.open("section", &[("id", "all-fixtures")]);
    h.elem("h2", &[], "All fixtures");
    let mut by_area: BTreeMap<&str, Vec<&Fixture>> = BTreeMap::new();
    for f in fixtures {
        by_area.entry(f.area()).or_default().push(f);
    }
    for (area, list) in by_area {
        h.elem("h3", &[], &format!("{area}/ ({})", list.len()));
        h.open("ul", &[("class", "brief")]);
        for f in list {
            h.open("li", &[]);
            h.elem("a", &[("href", &page_href(&f.id))], &f.id);
            h.text(&format!(
                " ({}; cites {})",
                f.basis.name(),
                f.rules.join(", ")
            ));
            h.close("li");
        }
        h.close("ul");
    }
    h.close("section");
}

/// A fixture's page and the number of boards on it.
fn fixture_page(fx: &Fixture, root: &Path, root_name: &str) -> (String, usize) {
    let up = up(&fx.id);
    let mut h = Html::default();
    let prefix = slug(&fx.id);
    fixture_header(&mut h, fx, &up);
    h.open("main", &[]);
    h.elem_inline("p", &[("class", "desc")], &fx.description);
    fixture_facts(&mut h, fx, root, root_name, &up);
    let boards = if let Some(expected) = &fx.invalid {
        invalid_setup_section(&mut h, fx, expected, &prefix)
    } else {
        let trace = Trace::record(fx);
        start_section(&mut h, fx, &trace, &prefix) + steps_section(&mut h, fx, &trace, &prefix)
    };
    h.open("p", &[]);
    h.elem(
        "a",
        &[("href", &format!("{up}index.html"))],
        "Back to the rules",
    );
    h.close("p");
    h.close("main");
    let page = document(
        &format!("Hexodic fixture {}", fx.id),
        Style::Link(&format!("{up}style.css")),
        &h.finish(),
    );
    (page, boards)
}

/// A fixture page's title block, with the way back to the index.
fn fixture_header(h: &mut Html, fx: &Fixture, up: &str) {
    h.open("header", &[("class", "top")]);
    h.open("p", &[]);
    h.elem(
        "a",
        &[("href", &format!("{up}index.html"))],
        "Hexodic rules and fixtures",
    );
    h.text(&format!(" / {}", fx.area()));
    h.close("p");
    h.elem("h1", &[], &format!("Fixture {}", fx.id));
    h.close("header");
}

/// The facts about a fixture: basis, cited rules, sides shown, variants and file.
fn fixture_facts(h: &mut Html, fx: &Fixture, root: &Path, root_name: &str, up: &str) {
    h.open("dl", &[("class", "facts")]);
    h.elem("dt", &[], "Basis");
    h.open("dd", &[]);
    basis_badge(h, fx.basis.name());
    h.close("dd");
    h.elem("dt", &[], "Cites");
    h.open("dd", &[]);
    cited_rules(h, fx, up);
    h.close("dd");
    h.elem("dt", &[], "Shows the rule");
    h.elem("dd", &[], sides_words(fx.sides));
    h.elem("dt", &[], "Variants");
    h.elem(
        "dd",
        &[],
        if fx.variants {
            "runs under all 24 variants (the 12 board symmetries, each with the colours swapped or not)"
        } else {
            "runs as written only"
        },
    );
    h.elem("dt", &[], "File");
    let rel = fx
        .file
        .strip_prefix(root)
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .unwrap_or_else(|_| format!("{}.yaml", fx.id));
    h.open("dd", &[]);
    h.elem("code", &[], &format!("{root_name}/{rel}"));
    h.close("dd");
    h.close("dl");
}

/// The rules a fixture cites, each linked to the index and followed by its title.
fn cited_rules(h: &mut Html, fx: &Fixture, up: &str) {
    for (i, r) in fx.rules.iter().enumerate() {
        if i > 0 {
            h.text("; ");
        }
        let title = registry::lookup(r).map_or("", |x| x.title);
        h.elem(
            "a",
            &[("href", &format!("{up}index.html#rule-{}", slug(r)))],
            r,
        );
        if !title.is_empty() {
            h.text(&format!(" ({title})"));
        }
    }
}

/// Which sides of its rules a fixture shows, in words.
fn sides_words(sides: (bool, bool)) -> &'static str {
    match sides {
        (true, true) => "firing or permitting, and rejecting or not firing",
        (true, false) => "firing or permitting",
        (false, true) => "rejecting or not firing",
        (false, false) => "neither side (it checks no expectation)",
    }
}

/// The section of a fixture whose setup is not a valid position; returns its number of boards.
fn invalid_setup_section(
    h: &mut Html,
    fx: &Fixture,
    expected: &[FaultCode],
    prefix: &str,
) -> usize {
    h.elem("h2", &[], "The setup, as given");
    let faults = fault_lines(&fx.setup);
    let codes: Vec<&str> = expected.iter().map(|c| c.code()).collect();
    h.elem_inline(
        "p",
        &[],
        &format!(
            "This setup is not a valid position (V1). An engine must refuse it, naming the fault codes `{}`.",
            codes.join("`, `")
        ),
    );
    if !faults.is_empty() {
        h.open("ul", &[("class", "faults")]);
        for f in &faults {
            h.elem("li", &[], f);
        }
        h.close("ul");
    }
    figures(
        h,
        &[Figure {
            caption: "The setup as given (not a valid position)".into(),
            class: "wide",
            svg: BoardPicture::new(&fx.setup)
                .faults(faults)
                .title(format!("The setup of {}, not a valid position", fx.id))
                .id_prefix(format!("{prefix}-setup-"))
                .to_svg(),
        }],
    );
    1
}

fn position_words(p: &Setup) -> String {
    match p.outcome {
        Some(o) => format!("The game is over: {}.", outcome_words(Some(o))),
        None => format!("{} to move, half-move {}.", p.to_move, p.half_moves),
    }
}

fn start_section(h: &mut Html, fx: &Fixture, trace: &Trace, prefix: &str) -> usize {
    h.elem("h2", &[], "Start");
    h.open("section", &[("class", "step"), ("id", "start")]);
    h.open("div", &[("class", "words")]);
    let mut figs = Vec::new();
    if !fx.prelude.is_empty() {
        figs.push(Figure {
            caption: "The setup as given".into(),
            class: "",
            svg: BoardPicture::new(&fx.setup)
                .title(format!("The setup of {}", fx.id))
                .id_prefix(format!("{prefix}-setup-"))
                .to_svg(),
        });
        let turns: Vec<String> = fx.prelude.iter().map(|t| format!("`{}`", t.turn)).collect();
        h.elem_inline(
            "p",
            &[],
            &format!(
                "Setup turns played before the fixture starts (they count for repetition): {}.",
                turns.join(", ")
            ),
        );
    }
    if let Some(start) = &trace.start {
        let mut pic = BoardPicture::new(start)
            .title(format!("The start of {}", fx.id))
            .id_prefix(format!("{prefix}-start-"));
        let caption = match fx.prelude.last() {
            Some(t) => {
                pic = pic.turn(t.turn);
                format!(
                    "Start: after the setup turns (the last, `{}`, drawn)",
                    t.turn
                )
            }
            None => "Start".to_owned(),
        };
        figs.push(Figure {
            caption,
            class: "wide",
            svg: pic.to_svg(),
        });
        let mut words = vec![position_words(start)];
        if let Some(n) = trace.legal {
            words.push(format!("{n} legal turn(s)."));
        }
        h.open("ul", &[]);
        for w in words {
            h.elem("li", &[], &w);
        }
        h.close("ul");
    }
    if let Some((_, checks)) = &fx.expect {
        let lines = check_words(checks);
        if !lines.is_empty() {
            h.elem("p", &[], "The fixture checks, before any turn:");
            h.open("ul", &[]);
            for l in lines {
                h.elem_inline("li", &[], &l);
            }
            h.close("ul");
        }
    }
    h.close("div");
    figures(h, &figs);
    h.close("section");
    figs.len()
}

fn reason_words(r: ReasonSet) -> String {
    let parts: Vec<String> = r
        .iter()
        .map(|x| format!("`{}` ({})", x.code(), x.rules().join(", ")))
        .collect();
    parts.join(", ")
}

fn steps_section(h: &mut Html, fx: &Fixture, trace: &Trace, prefix: &str) -> usize {
    if fx.steps.is_empty() {
        return 0;
    }
    h.elem("h2", &[], "Steps");
    let mut boards = 0;
    let mut before = trace.start;
    for (i, (st, ts)) in fx.steps.iter().zip(&trace.steps).enumerate() {
        let n = i + 1;
        let mover = before.map_or(String::new(), |b| format!("{} plays ", b.to_move));
        h.open(
            "section",
            &[("class", "step"), ("id", &format!("step-{n}"))],
        );
        step_words(h, n, &mover, st, ts);
        step_board(h, fx, n, ts, prefix);
        boards += 1;
        h.close("section");
        before = Some(ts.position);
    }
    boards
}

/// The words of one step: the turn, what must happen, and the fixture's checks after it.
fn step_words(h: &mut Html, n: usize, mover: &str, st: &StepCheck, ts: &TraceStep) {
    h.open("div", &[("class", "words")]);
    h.elem_inline("h3", &[], &format!("Step {n}: {mover}`{}`", ts.turn));
    h.open("ul", &[]);
    match ts.verdict {
        TurnVerdict::Legal => legal_step_items(h, ts),
        TurnVerdict::Illegal(r) => illegal_step_items(h, r),
    }
    h.elem("li", &[], &format!("Legal turns then: {}.", ts.legal));
    h.close("ul");
    let lines = check_words(&st.checks);
    if !lines.is_empty() {
        h.elem("p", &[], "The fixture checks:");
        h.open("ul", &[]);
        for l in lines {
            h.elem_inline("li", &[], &l);
        }
        h.close("ul");
    }
    h.close("div");
}

/// The list items of a legal step: the verdict, what it captures and the position after it.
fn legal_step_items(h: &mut Html, ts: &TraceStep) {
    h.open("li", &[])
        .elem("span", &[("class", "verdict-legal")], "Legal.")
        .close("li");
    let k = ts.captured;
    if k.all().any() {
        let parts = capture_parts(&k);
        h.elem_inline("li", &[], &format!("Captured: {}.", parts.join("; ")));
    } else {
        h.elem("li", &[], "Nothing is captured.");
    }
    h.elem("li", &[], &position_words(&ts.position));
}

/// The captures of a legal step in words, one phrase per kind of capture.
fn capture_parts(k: &CaptureKinds) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(c) = k.by_move {
        parts.push(format!("`{c}` by the Move (T6)"));
    }
    if k.encircled.any() {
        parts.push(format!("{} by encirclement (C1)", cells_plain(k.encircled)));
    }
    if k.echo.any() {
        parts.push(format!(
            "{} by the Echo-Capture group check (E4)",
            cells_plain(k.echo)
        ));
    }
    parts
}

/// The list items of a rejected step: the rules it breaks, and that the board stays.
fn illegal_step_items(h: &mut Html, r: ReasonSet) {
    h.open("li", &[])
        .elem("span", &[("class", "verdict-illegal")], "Must be rejected")
        .raw(&inline(&format!(": it breaks {}.", reason_words(r))))
        .close("li");
    if r.iter().count() > 1 {
        h.elem(
            "li",
            &[],
            "It breaks several rules: naming any one of these reasons is a right answer (V2).",
        );
    }
    h.elem(
        "li",
        &[],
        "The board stays as it was; play goes on from it.",
    );
}

/// The board after one step; a rejected turn is drawn on the unchanged board, its cells outlined.
fn step_board(h: &mut Html, fx: &Fixture, n: usize, ts: &TraceStep, prefix: &str) {
    let (caption, captured, outlined) = match ts.verdict {
        TurnVerdict::Legal => (
            format!("After step {n}: `{}` drawn", ts.turn),
            ts.captured.all(),
            hexodic_rules::CellSet::EMPTY,
        ),
        TurnVerdict::Illegal(r) => (
            format!("Step {n}: `{}` is rejected ({})", ts.turn, codes(r)),
            hexodic_rules::CellSet::EMPTY,
            crate::oracle::turn_cells(ts.turn),
        ),
    };
    figures(
        h,
        &[Figure {
            caption,
            class: "wide",
            svg: BoardPicture::new(&ts.position)
                .turn(ts.turn)
                .captured(captured)
                .highlight(outlined)
                .title(format!("{} after step {n}", fx.id))
                .id_prefix(format!("{prefix}-step{n}-"))
                .to_svg(),
        }],
    );
}

/// `a1, a2` (for the words of a step).
fn cells_plain(s: hexodic_rules::CellSet) -> String {
    s.iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn cells(s: hexodic_rules::CellSet) -> String {
    cell_list(s)
}

fn player_name(p: Player) -> String {
    p.to_string()
}

/// The checks a fixture states, in words.
fn check_words(c: &Checks) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(s) = c.captured {
        out.push(if s.is_empty() {
            "nothing is captured".to_owned()
        } else {
            format!("exactly `{}` captured", cells(s))
        });
    }
    if let Some(k) = &c.captured_by {
        let mut parts = Vec::new();
        match k.by_move {
            Some(Some(c)) => parts.push(format!("by the Move `{c}`")),
            Some(None) => parts.push("none by the Move".to_owned()),
            None => {}
        }
        if let Some(e) = k.encircled {
            parts.push(format!("by encirclement `{}`", cells(e)));
        }
        if let Some(e) = k.echo {
            parts.push(format!("by the Echo-Capture `{}`", cells(e)));
        }
        out.push(format!("captures by kind: {}", parts.join(", ")));
    }
    if let Some(s) = &c.state {
        out.extend(state_words(s));
    }
    if let Some(o) = c.outcome {
        out.push(format!("result: {}", outcome_words(o)));
    }
    if let Some(n) = c.legal_count {
        out.push(format!("exactly {n} legal turn(s)"));
    }
    if !c.legal.is_empty() {
        let v: Vec<String> = c.legal.iter().map(|t| format!("`{t}`")).collect();
        out.push(format!("legal: {}", v.join(", ")));
    }
    if !c.not_legal.is_empty() {
        let v: Vec<String> = c.not_legal.iter().map(|t| format!("`{t}`")).collect();
        out.push(format!("not legal: {}", v.join(", ")));
    }
    if let Some((d, n)) = c.perft {
        out.push(format!("perft to depth {d}: {n} line(s) of play (N1)"));
    }
    out
}

fn state_words(s: &StateCheck) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = &s.position {
        out.push(format!("the whole position: `{}`", p.to_notation()));
    }
    if let Some(p) = s.to_move {
        out.push(format!("{} to move", player_name(p)));
    }
    if let Some(n) = s.half_moves {
        out.push(format!("half-move count {n}"));
    }
    for (c, t) in &s.tiers {
        out.push(format!("`{c}` on tier {t}"));
    }
    for (c, p) in &s.stones {
        out.push(match p {
            Some(p) => format!("an {p} stone on `{c}`"),
            None => format!("no stone on `{c}`"),
        });
    }
    if let Some(l) = s.locked {
        out.push(format!("locked cells exactly `{}`", cells(l)));
    }
    for p in Player::BOTH {
        let k = &s.counters[p.index()];
        let mut parts = Vec::new();
        let num = |name: &str, v: Option<u8>, parts: &mut Vec<String>| {
            if let Some(v) = v {
                parts.push(format!("{name} {v}"));
            }
        };
        num("reserve", k.reserve, &mut parts);
        num("charges", k.charges, &mut parts);
        num("captures", k.captures, &mut parts);
        num("raises", k.raises, &mut parts);
        num("lowers left", k.lowers_left, &mut parts);
        if let Some(b) = k.first_placed {
            parts.push(format!(
                "first Place made: {}",
                if b { "yes" } else { "no" }
            ));
        }
        if let Some(b) = k.lock_used {
            parts.push(format!("Echo-Lock used: {}", if b { "yes" } else { "no" }));
        }
        if let Some(cd) = k.cooldown {
            parts.push(format!("cooldown `{}`", cells(cd)));
        }
        if !parts.is_empty() {
            out.push(format!("{p}: {}", parts.join(", ")));
        }
    }
    out
}
