//! The HTML pages in a real browser: headless Chromium opens, from disk,
//! the report of a run against a model engine with a planted rule bug and
//! the catalogue of the corpus, takes a screenshot of each (which must not
//! be blank, and must show the boards' colours), dumps the DOM after load
//! (which must hold the expected sections and boards), and logs the page's
//! console (which must stay silent: the pages run at most the report's one
//! small script and load nothing that could fail).
//!
//! Chromium is looked for at `/usr/bin/chromium`, then as `chromium` on the
//! `PATH`. Without it these tests say they skipped (so `cargo test` works on
//! a fresh machine), unless `HEXODIC_REQUIRE_BROWSER=1`, when they fail:
//! `.ci/run` installs Chromium and sets it. With `HEXODIC_SCREENSHOTS=DIR` the
//! screenshots are also copied into DIR (`report.png`, `catalogue.png`,
//! `catalogue-rules.png`, `catalogue-index.png`, `report-1400.png`,
//! `dashboard.png`) for a person to look at.

use crate::common::run_in_process;
use hexodic_e2e::{Bug, ModelEngine};
use hexodic_harness::corpus::{load_corpus, select};
use hexodic_html::catalogue::{fixture_page_path, write_catalogue};
use hexodic_html::{report, CatalogueUrl, PageOptions};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one Chromium run may take.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(120);

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Chromium, or `None` when the tests are to be skipped (and say so).
fn chromium() -> Option<PathBuf> {
    let fixed = PathBuf::from("/usr/bin/chromium");
    let found = if fixed.is_file() {
        Some(fixed)
    } else {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join("chromium"))
                .find(|p| p.is_file())
        })
    };
    if found.is_some() {
        return found;
    }
    if !std::env::var("HEXODIC_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
        eprintln!(
            "skipped: headless Chromium is not installed (install it with `apt-get install -y chromium`; \
             HEXODIC_REQUIRE_BROWSER=1 makes this a failure)"
        );
        return None;
    }
    panic!(
        "headless Chromium is not installed (looked for /usr/bin/chromium and `chromium` on the PATH) \
         and HEXODIC_REQUIRE_BROWSER=1: install it with `apt-get install -y chromium`"
    );
}

/// What one Chromium run printed.
struct Output {
    stdout: String,
    stderr: String,
}

/// Run headless Chromium on `page` with `extra` arguments, in a fresh
/// profile, stopping it after [`BROWSER_TIMEOUT`].
fn run_chromium(browser: &Path, page: &Path, extra: &[String]) -> Output {
    let profile = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(browser);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--enable-logging=stderr",
        "--v=0",
    ])
    .arg(format!("--user-data-dir={}", profile.path().display()))
    .args(extra)
    .arg(format!("file://{}", page.canonicalize().unwrap().display()))
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("chromium starts");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader_out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let reader_err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let t0 = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if t0.elapsed() > BROWSER_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "chromium took over {BROWSER_TIMEOUT:?} on {}",
                page.display()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Output {
        stdout: reader_out.join().unwrap(),
        stderr: reader_err.join().unwrap(),
    }
}

/// The lines of Chromium's log that come from a page: its console messages
/// (errors and uncaught exceptions included; failed loads are reported
/// there too).
fn page_messages(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains(":CONSOLE") || l.contains("CONSOLE(") || l.contains("Uncaught"))
        .collect()
}

/// The DOM after load, with the page's console checked silent.
fn dom_of(browser: &Path, page: &Path) -> String {
    let out = run_chromium(browser, page, &["--dump-dom".into()]);
    let messages = page_messages(&out.stderr);
    assert!(
        messages.is_empty(),
        "{} logged to its console:\n{}",
        page.display(),
        messages.join("\n")
    );
    assert!(
        out.stdout.contains("</html>"),
        "no DOM for {}:\n{}",
        page.display(),
        out.stderr
    );
    out.stdout
}

/// A decoded screenshot.
struct Shot {
    width: u32,
    height: u32,
    /// RGB triples.
    pixels: Vec<[u8; 3]>,
}

impl Shot {
    fn distinct_colours(&self) -> usize {
        self.pixels.iter().collect::<HashSet<_>>().len()
    }

    /// The share of pixels that are not (near) white or the page's paper.
    fn inked(&self) -> f64 {
        let ink = self
            .pixels
            .iter()
            .filter(|p| p.iter().any(|c| *c < 235))
            .count();
        ink as f64 / self.pixels.len() as f64
    }

    /// How many pixels are within `tol` of `rgb` on each channel.
    fn near(&self, rgb: [u8; 3], tol: u8) -> usize {
        self.pixels
            .iter()
            .filter(|p| (0..3).all(|i| p[i].abs_diff(rgb[i]) <= tol))
            .count()
    }
}

/// Take a screenshot of `page` at 1200 x `height` and decode it; copy it
/// into `HEXODIC_SCREENSHOTS` as `name` when that is set.
fn screenshot(browser: &Path, page: &Path, height: u32, name: &str) -> Shot {
    let dir = tempfile::tempdir().unwrap();
    let png_path = dir.path().join(name);
    let out = run_chromium(
        browser,
        page,
        &[
            format!("--screenshot={}", png_path.display()),
            format!("--window-size=1200,{height}"),
            "--hide-scrollbars".into(),
        ],
    );
    let messages = page_messages(&out.stderr);
    assert!(messages.is_empty(), "{}", messages.join("\n"));
    let file = std::fs::File::open(&png_path)
        .unwrap_or_else(|e| panic!("no screenshot of {}: {e}\n{}", page.display(), out.stderr));
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = buf[..info.buffer_size()]
        .chunks_exact(step)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    if let Some(keep) = std::env::var_os("HEXODIC_SCREENSHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::copy(&png_path, Path::new(&keep).join(name)).unwrap();
    }
    Shot {
        width: info.width,
        height: info.height,
        pixels,
    }
}

/// The HTML report of the corpus run against the model engine with the
/// `edge-counts-tier` bug, written into `dir`.
fn failing_report(dir: &Path) -> PathBuf {
    let corpus = load_corpus(&workspace().join("fixtures"));
    assert!(corpus.errors.is_empty());
    let mut engine = ModelEngine::new(Some(Bug::EdgeCountsTier), None);
    let run = run_in_process(&mut engine, &corpus);
    assert!(run.summary.failed > 0);
    assert!(!run.root_causes.is_empty());
    let path = dir.join("report.html");
    std::fs::write(&path, report::page(&run, &PageOptions::default())).unwrap();
    path
}

#[test]
fn failure_report_renders_in_chromium() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = failing_report(dir.path());

    let dom = dom_of(&browser, &page);
    assert!(dom.contains("id=\"causes\""), "no root-cause section");
    assert!(dom.contains("class=\"cause\""));
    assert!(dom.matches("<svg").count() >= 2, "fewer than two boards");
    assert!(dom.contains("board/corner-edge-slots-capture"));
    assert!(dom.contains("captured [], expected [a1]"));
    assert!(dom.contains("hx-highlight"));

    let shot = screenshot(&browser, &page, 1500, "report.png");
    assert_eq!((shot.width, shot.height), (1200, 1500));
    assert!(
        shot.distinct_colours() > 200,
        "a near-blank screenshot: {} colours",
        shot.distinct_colours()
    );
    assert!(shot.inked() > 0.10, "{:.3} of the page inked", shot.inked());
    // The header's dark band (the style sheet applied), the failed tile's
    // red and the vermilion of the differing cells and the engine's board
    // are on screen.
    assert!(shot.near([0x2f, 0x2a, 0x22], 2) > 10_000, "no header band");
    assert!(
        shot.near([0xb3, 0x3c, 0x00], 24) + shot.near([0xa3, 0x3c, 0x00], 24) > 200,
        "no highlighted cell"
    );
    assert!(shot.near([0xb0, 0x00, 0x20], 24) > 100, "no failure in red");
}

#[test]
fn catalogue_renders_in_chromium() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let corpus = load_corpus(&workspace().join("fixtures"));
    let rules_md = std::fs::read_to_string(workspace().join("rules/RULES.md")).unwrap();
    let stats = write_catalogue(&corpus, &rules_md, dir.path()).unwrap();
    assert_eq!(stats.pages, corpus.fixtures.len() + 1 + stats.rule_pages);

    let index = dir.path().join("index.html");
    let dom = dom_of(&browser, &index);
    for want in [
        "id=\"area-B\"",
        "id=\"rule-C1\"",
        "href=\"rules-c.html#rule-C1\"",
        "href=\"capture/cooldown-after-capture.html\"",
    ] {
        assert!(dom.contains(want), "the index lacks {want}");
    }
    let rules = dir.path().join("rules-b.html");
    let dom = dom_of(&browser, &rules);
    for want in [
        "The board is a hexagon of 37 cells",
        "Fixtures where it fires or permits",
        "Cells use axial coordinates",
    ] {
        assert!(
            dom.contains(want),
            "the page of the board's rules lacks {want}"
        );
    }
    assert!(dom.matches("<svg").count() >= 4, "a board per rule");
    let shot = screenshot(
        &browser,
        &dir.path().join("rules-c.html"),
        1800,
        "catalogue-rules.png",
    );
    assert!(shot.distinct_colours() > 200);
    let shot = screenshot(&browser, &index, 1400, "catalogue-index.png");
    assert!(shot.distinct_colours() > 50);
    assert!(shot.inked() > 0.05);
    assert!(
        shot.near([0x2f, 0x2a, 0x22], 2) > 10_000,
        "style.css not applied"
    );

    let page = dir
        .path()
        .join(fixture_page_path("capture/cooldown-after-capture"));
    let dom = dom_of(&browser, &page);
    assert!(dom.matches("<svg").count() >= 3, "start and two steps");
    assert!(dom.contains("href=\"../index.html\""));
    assert!(dom.contains("Must be rejected"));
    let shot = screenshot(&browser, &page, 2000, "catalogue.png");
    assert!(shot.distinct_colours() > 200);
    assert!(shot.inked() > 0.10);
    // Stones: X's dark discs on the boards.
    assert!(shot.near([0x1d, 0x1d, 0x1d], 4) > 2_000, "no stones drawn");
}

#[test]
fn console_errors_would_be_caught() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("broken.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body><p>planted</p>\
         <script>console.error('planted error'); throw new Error('planted throw');</script>\
         </body></html>",
    )
    .unwrap();
    let out = run_chromium(&browser, &page, &["--dump-dom".into()]);
    let messages = page_messages(&out.stderr).join("\n");
    assert!(messages.contains("planted error"), "{}", out.stderr);
    assert!(
        messages.contains("Uncaught Error: planted throw"),
        "{messages}"
    );
}

#[test]
fn a_small_report_renders_in_chromium() {
    let Some(browser) = chromium() else { return };
    // A run where everything passes: the page says so, with no board.
    let corpus = select(&workspace().join("fixtures"), &["start/".to_owned()]).unwrap();
    let run = run_in_process(&mut ModelEngine::new(None, None), &corpus);
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("pass.html");
    std::fs::write(&page, report::page(&run, &PageOptions::default())).unwrap();
    let dom = dom_of(&browser, &page);
    assert!(dom.contains("No fixture failed."));
    assert!(!dom.contains("<svg"));
}

/// A script, added to a copy of a page, that measures the page after layout
/// and writes what it found into `<body data-probe="...">`, where
/// `--dump-dom` shows it: the page's width against the window's, the
/// smallest rendered size of any text on a board, the in-page links that
/// lead nowhere, and whether the view switch shows the engine's board alone.
const PROBE: &str = r##"<script>
(function () {
  var out = {};
  var root = document.documentElement;
  out.overflow = root.scrollWidth - window.innerWidth;
  var min = 1e9, texts = 0;
  document.querySelectorAll('figure.board svg').forEach(function (svg) {
    var box = svg.getBoundingClientRect();
    var vb = svg.viewBox.baseVal;
    if (!box.width || !vb || !vb.width) { return; }
    var scale = box.width / vb.width;
    svg.querySelectorAll('text').forEach(function (t) {
      var size = parseFloat(getComputedStyle(t).fontSize) * scale;
      texts += 1;
      if (size < min) { min = size; }
    });
  });
  out.minText = min;
  out.texts = texts;
  var broken = [];
  document.querySelectorAll('a[href^="#"]').forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute('href').slice(1));
    if (!document.getElementById(id)) { broken.push(id); }
  });
  out.broken = broken;
  var views = document.querySelector('.views');
  if (views) {
    var shown = function (sel) {
      var f = views.querySelector(sel);
      return !!f && getComputedStyle(f).display !== 'none';
    };
    var all = function () {
      return [shown('figure.before'), shown('figure.reference'), shown('figure.engine')];
    };
    out.views = [all()];
    views.querySelector('input.v-eng').click();
    out.views.push(all());
    views.querySelector('input.v-ref').click();
    out.views.push(all());
    // The arrow keys on the boards step: before, reference, engine, and back.
    views.querySelector('input.v-all').click();
    var boards = views.querySelector('.boards');
    boards.focus();
    ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft'].forEach(function (k) {
      boards.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      out.views.push(all());
    });
  }
  var filter = document.querySelector('.filter input.f-bad');
  if (filter) {
    var rows = function () {
      return Array.prototype.filter.call(document.querySelectorAll('table.fixtures tbody tr'),
        function (r) { return getComputedStyle(r).display !== 'none'; }).length;
    };
    out.rowsAll = rows();
    filter.click();
    out.rowsBad = rows();
  }
  document.body.setAttribute('data-probe', JSON.stringify(out));
})();
</script>"##;

/// What the probe found.
#[derive(Debug)]
struct Probe {
    overflow: f64,
    min_text: f64,
    texts: u64,
    broken: Vec<String>,
    /// Which of the before, reference and engine boards show: side by
    /// side, after clicking "Engine after", "Reference after", then after
    /// each arrow key on the boards (right, right, right, left).
    views: Option<Vec<[bool; 3]>>,
    rows: Option<(u64, u64)>,
}

/// Open a copy of `page` with the probe in a window `width` wide.
fn probe(browser: &Path, page: &Path, width: u32) -> Probe {
    let v = run_probe(browser, page, PROBE, &format!("probe-{width}"), width);
    let views = v.get("views").and_then(|a| a.as_array()).map(|list| {
        list.iter()
            .map(|t| {
                let t = t.as_array().unwrap();
                [0, 1, 2].map(|i| t[i].as_bool().unwrap())
            })
            .collect::<Vec<[bool; 3]>>()
    });
    let rows = match (v["rowsAll"].as_u64(), v["rowsBad"].as_u64()) {
        (Some(a), Some(b)) => Some((a, b)),
        _ => None,
    };
    Probe {
        overflow: v["overflow"].as_f64().unwrap(),
        min_text: v["minText"].as_f64().unwrap(),
        texts: v["texts"].as_u64().unwrap(),
        broken: v["broken"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap_or("").to_owned())
            .collect(),
        views,
        rows,
    }
}

/// Every `href` of a page that is not an in-page anchor, resolved against
/// the page's folder and stripped of its `#fragment`, must be a file.
fn relative_links_resolve(page: &Path) -> usize {
    let html = std::fs::read_to_string(page).unwrap();
    let dir = page.parent().unwrap();
    let mut checked = 0;
    for part in html.split("href=\"").skip(1) {
        let href = &part[..part.find('"').unwrap()];
        if href.starts_with('#') {
            continue;
        }
        let file = href.split('#').next().unwrap();
        let target = dir.join(file.replace("&amp;", "&"));
        assert!(
            target.is_file(),
            "{} links to {href}, which is not there",
            page.display()
        );
        checked += 1;
    }
    checked
}

#[test]
fn report_reads_at_1400_and_390_px() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let corpus = load_corpus(&workspace().join("fixtures"));
    let rules_md = std::fs::read_to_string(workspace().join("rules/RULES.md")).unwrap();
    write_catalogue(&corpus, &rules_md, &dir.path().join("site")).unwrap();
    let mut engine = ModelEngine::new(Some(Bug::EdgeCountsTier), None);
    let run = run_in_process(&mut engine, &corpus);
    let opts = PageOptions {
        catalogue: Some(CatalogueUrl::parse("site").unwrap()),
        date: None,
    };
    let page = dir.path().join("report.html");
    std::fs::write(&page, report::page(&run, &opts)).unwrap();
    // Every link into the catalogue leads to a page of it.
    assert!(relative_links_resolve(&page) > 100);
    // A failing fixture's name leads to its failing step.
    let text = std::fs::read_to_string(&page).unwrap();
    let mut to_steps = 0;
    for r in &run.results {
        let Some(f) = r.failure.as_ref().filter(|f| f.cause.step > 0) else {
            continue;
        };
        let href = format!(
            "href=\"site/{}#step-{}\"",
            fixture_page_path(&r.id).display(),
            f.cause.step
        );
        assert!(text.contains(&href), "{} lacks {href}", r.id);
        to_steps += 1;
    }
    assert!(to_steps > 10, "{to_steps} failing steps linked");

    for width in [1400, 390] {
        let p = probe(&browser, &page, width);
        eprintln!("at {width} px: {p:?}");
        assert!(
            p.overflow <= 0.0,
            "at {width} px the page is {} px too wide",
            p.overflow
        );
        assert!(p.texts > 600, "{p:?}");
        assert!(
            p.min_text >= 12.0,
            "at {width} px a board's text is {:.2} px",
            p.min_text
        );
        assert!(p.broken.is_empty(), "links to nowhere: {:?}", p.broken);
        // Side by side all three boards show; the switch shows one at a
        // time, and the arrow keys step through them.
        assert_eq!(
            p.views,
            Some(vec![
                [true, true, true],
                [false, false, true],
                [false, true, false],
                [true, false, false],
                [false, true, false],
                [false, false, true],
                [false, true, false],
            ]),
            "at {width} px"
        );
        let failing = run
            .results
            .iter()
            .filter(|r| !r.status.name().contains("pass"))
            .count() as u64;
        assert_eq!(p.rows, Some((run.results.len() as u64, failing)));
    }
    // The catalogue's index and a fixture page fit a phone too.
    for (name, boards) in [
        ("site/index.html", false),
        ("site/capture/cooldown-after-capture.html", true),
    ] {
        let p = probe(&browser, &dir.path().join(name), 390);
        assert!(
            p.overflow <= 0.0,
            "{name} at 390 px is {} px too wide",
            p.overflow
        );
        assert!(
            p.broken.is_empty(),
            "{name}: links to nowhere: {:?}",
            p.broken
        );
        if boards {
            assert!(p.texts > 100, "{name}: {p:?}");
            assert!(
                p.min_text >= 12.0,
                "{name}: a board's text is {:.2} px",
                p.min_text
            );
        }
    }
    // Side by side at 1400 px: the three boards of a failure on one row.
    let shot = screenshot_at(&browser, &page, 1400, 1800, "report-1400.png");
    assert!(shot.distinct_colours() > 200);
}

/// A screenshot at `width` x `height`.
fn screenshot_at(browser: &Path, page: &Path, width: u32, height: u32, name: &str) -> Shot {
    let dir = tempfile::tempdir().unwrap();
    let png_path = dir.path().join(name);
    run_chromium(
        browser,
        page,
        &[
            format!("--screenshot={}", png_path.display()),
            format!("--window-size={width},{height}"),
            "--hide-scrollbars".into(),
        ],
    );
    let file = std::fs::File::open(&png_path).unwrap();
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = if info.color_type == png::ColorType::Rgba {
        4
    } else {
        3
    };
    if let Some(keep) = std::env::var_os("HEXODIC_SCREENSHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::copy(&png_path, Path::new(&keep).join(name)).unwrap();
    }
    Shot {
        width: info.width,
        height: info.height,
        pixels: buf[..info.buffer_size()]
            .chunks_exact(step)
            .map(|p| [p[0], p[1], p[2]])
            .collect(),
    }
}

#[test]
fn dashboard_reads_at_1400_and_390_px() {
    use hexodic_html::dashboard::{build, page, Input};
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let corpus = load_corpus(&workspace().join("fixtures"));
    let rules_md = std::fs::read_to_string(workspace().join("rules/RULES.md")).unwrap();
    write_catalogue(&corpus, &rules_md, &dir.path().join("site")).unwrap();
    // A clean engine and two with one planted bug each.
    let inputs: Vec<Input> = [None, Some(Bug::CapAt59), Some(Bug::EdgeCountsTier)]
        .into_iter()
        .enumerate()
        .map(|(i, bug)| {
            let mut engine = ModelEngine::new(bug, None);
            Input {
                label: format!("r{i}"),
                file: PathBuf::from(format!("r{i}.json")),
                report: run_in_process(&mut engine, &corpus),
            }
        })
        .collect();
    let opts = PageOptions {
        catalogue: Some(CatalogueUrl::parse("site").unwrap()),
        date: None,
    };
    let path = dir.path().join("dashboard.html");
    std::fs::write(&path, page(&build(&inputs), &opts)).unwrap();
    // Every rule ID and fixture name leads to a page of the catalogue.
    assert!(relative_links_resolve(&path) > 100);
    let in_page = std::fs::read_to_string(&path)
        .unwrap()
        .matches("href=\"#c")
        .count();
    assert!(in_page > 10, "{in_page} links to failures");
    for width in [1400, 390] {
        let p = probe(&browser, &path, width);
        assert!(
            p.overflow <= 0.0,
            "at {width} px the dashboard is {} px too wide",
            p.overflow
        );
        assert!(p.broken.is_empty(), "links to nowhere: {:?}", p.broken);
    }
    let shot = screenshot_at(&browser, &path, 1400, 1200, "dashboard.png");
    assert!(shot.distinct_colours() > 50);
    assert!(
        shot.near([0xb0, 0x00, 0x20], 24) > 50,
        "no failing cell in red"
    );
}

/// A script, added to a copy of a catalogue page, that uses the page as a
/// reader would and writes what happened into `<body data-probe="...">`:
/// the page's overflow, the in-page links that lead nowhere, on the index
/// what the search lists for a rule's ID and for words of rules' text, and
/// on a fixture page where the arrow keys lead.
const USE_PROBE: &str = r##"<script>
(function () {
  var out = {};
  out.overflow = document.documentElement.scrollWidth - window.innerWidth;
  var broken = [];
  document.querySelectorAll('a[href^="#"]').forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute('href').slice(1));
    if (!document.getElementById(id)) { broken.push(id); }
  });
  out.broken = broken;
  var q = document.getElementById('q');
  if (q) {
    out.searchShown = !document.getElementById('search').hidden;
    out.search = {};
    ['G4', 'c1', 'hexagon', 'strangle', 'tiebreak unlocked', 'cooldown-after', 'zzzz'].forEach(function (w) {
      q.value = w;
      q.dispatchEvent(new Event('input'));
      out.search[w] = Array.prototype.map.call(
        document.querySelectorAll('#search-results a'),
        function (a) { return a.textContent + ' ' + a.getAttribute('href'); });
    });
    out.searchOverflow = document.documentElement.scrollWidth - window.innerWidth;
  }
  if (document.getElementById('step-keys')) {
    out.hint = !document.getElementById('step-keys').hidden;
    out.keys = [];
    ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft'].forEach(function (k) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      out.keys.push(location.hash);
    });
  }
  document.body.setAttribute('data-probe', JSON.stringify(out));
})();
</script>"##;

/// Open a copy of `page` with [`USE_PROBE`] in a window `width` wide and
/// return what it found.
fn use_probe(browser: &Path, page: &Path, width: u32) -> serde_json::Value {
    run_probe(browser, page, USE_PROBE, &format!("use-{width}"), width)
}

/// Open a copy of `page` (named with `suffix`) with the `script` before
/// `</body>` in a window `width` wide; no message of the page's own on the
/// console, and what the script wrote into `<body data-probe="...">`.
fn run_probe(
    browser: &Path,
    page: &Path,
    script: &str,
    suffix: &str,
    width: u32,
) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let probed = page.with_extension(format!("{suffix}.html"));
    std::fs::write(
        &probed,
        html.replace("</body>", &format!("{script}</body>")),
    )
    .unwrap();
    let out = run_chromium(
        browser,
        &probed,
        &[
            "--dump-dom".into(),
            format!("--window-size={width},1000"),
            "--hide-scrollbars".into(),
        ],
    );
    let messages = page_messages(&out.stderr);
    assert!(messages.is_empty(), "{}", messages.join("\n"));
    probe_answer(&out.stdout, page, &out.stderr)
}

/// What a probe wrote into `<body data-probe="...">` of the DOM `dom` that
/// Chromium dumped for `page` (`stderr`, its messages, said if there is none).
fn probe_answer(dom: &str, page: &Path, stderr: &str) -> serde_json::Value {
    let start = dom
        .find("data-probe=\"")
        .unwrap_or_else(|| panic!("the probe did not run on {}:\n{stderr}", page.display()))
        + "data-probe=\"".len();
    let end = start + dom[start..].find('"').unwrap();
    let json = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap()
}

/// The first words of each hit the search listed for `query`.
fn hits<'a>(v: &'a serde_json::Value, query: &str) -> Vec<&'a str> {
    v["search"][query]
        .as_array()
        .unwrap_or_else(|| panic!("no search for {query}: {v}"))
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect()
}

#[test]
fn catalogue_searches_steps_and_fits_at_1400_and_390_px() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let corpus = load_corpus(&workspace().join("fixtures"));
    let rules_md = std::fs::read_to_string(workspace().join("rules/RULES.md")).unwrap();
    write_catalogue(&corpus, &rules_md, dir.path()).unwrap();
    let fixture = dir
        .path()
        .join(fixture_page_path("capture/cooldown-after-capture"));
    // A fixture of three steps, without setup turns: four boards.
    let fx = corpus
        .fixtures
        .iter()
        .find(|f| f.id == "capture/cooldown-after-capture")
        .unwrap();
    assert_eq!((fx.steps.len(), fx.prelude.len()), (3, 0));
    let mut pages = vec![dir.path().join("index.html"), fixture.clone()];
    for g in ["b", "p", "t", "s", "e", "c", "g", "v", "n", "other"] {
        pages.push(dir.path().join(format!("rules-{g}.html")));
    }
    // Every link of the index and of the pages of rules leads to a page.
    for p in &pages {
        assert!(relative_links_resolve(p) > 3, "{}", p.display());
    }
    for width in [1400, 390] {
        for p in &pages {
            let v = use_probe(&browser, p, width);
            let name = p.file_name().unwrap().to_string_lossy();
            assert!(
                v["overflow"].as_f64().unwrap() <= 0.0,
                "{name} at {width} px is {} px too wide",
                v["overflow"]
            );
            assert_eq!(
                v["broken"],
                serde_json::json!([]),
                "{name}: links to nowhere"
            );
        }
        // Every text on the boards of a page of rules is legible.
        let p = probe(&browser, &dir.path().join("rules-g.html"), width);
        assert!(p.texts > 500, "{p:?}");
        assert!(
            p.min_text >= 12.0,
            "rules-g.html at {width} px: a board's text is {:.2} px",
            p.min_text
        );
        // The search: a rule by its ID (first), by a word of its players'
        // text, by words of two rules' texts, a fixture by its name.
        let v = use_probe(&browser, &pages[0], width);
        assert_eq!(v["searchShown"], true);
        assert!(
            v["searchOverflow"].as_f64().unwrap() <= 0.0,
            "at {width} px"
        );
        let g4 = hits(&v, "G4");
        assert_eq!(
            g4.first().copied(),
            Some("G4 rules-g.html#rule-G4"),
            "{g4:?}"
        );
        assert!(g4.len() > 1, "the fixtures citing G4 follow: {g4:?}");
        assert_eq!(
            hits(&v, "c1").first().copied(),
            Some("C1 rules-c.html#rule-C1")
        );
        assert!(hits(&v, "hexagon").contains(&"B1 rules-b.html#rule-B1"));
        assert!(hits(&v, "strangle").contains(&"G4 rules-g.html#rule-G4"));
        // Rules come before fixtures.
        assert_eq!(
            hits(&v, "tiebreak unlocked").first().copied(),
            Some("G7 rules-g.html#rule-G7")
        );
        assert!(hits(&v, "cooldown-after")
            .contains(&"capture/cooldown-after-capture capture/cooldown-after-capture.html"));
        assert!(hits(&v, "zzzz").is_empty());
        // The arrow keys on a fixture page: the start, each step, and back;
        // no further than the last step.
        let v = use_probe(&browser, &fixture, width);
        assert_eq!(v["hint"], true);
        assert_eq!(
            v["keys"],
            serde_json::json!(["#start", "#step-1", "#step-2", "#step-3", "#step-3", "#step-2"]),
            "at {width} px"
        );
    }
    // Without script (a copy of each page with its scripts taken out, and
    // a probe): the search box stays hidden and the plain index shows; every
    // step's board still shows on a fixture page.
    let v = no_script_probe(&browser, &pages[0]);
    assert_eq!(v["form"], false, "{v}");
    assert_eq!(v["rules"], 48, "{v}");
    let v = no_script_probe(&browser, &fixture);
    assert_eq!(v["boards"], 4, "the start and three steps: {v}");
    assert_eq!(v["hint"], false, "{v}");
}

/// Open a copy of `page` without its scripts, with a probe that reports
/// what shows: the search box, the rules listed, the boards drawn and the
/// arrow keys' hint.
fn no_script_probe(browser: &Path, page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let mut bare = String::new();
    let mut rest = html.as_str();
    while let Some(i) = rest.find("<script") {
        bare.push_str(&rest[..i]);
        let end = rest[i..].find("</script>").unwrap() + i + "</script>".len();
        rest = &rest[end..];
    }
    bare.push_str(rest);
    assert!(!bare.contains("<script"));
    let probe = r#"<script>
(function () {
  var shown = function (el) { return !!el && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0; };
  var count = function (sel) {
    return Array.prototype.filter.call(document.querySelectorAll(sel), shown).length;
  };
  document.body.setAttribute('data-probe', JSON.stringify({
    form: shown(document.getElementById('search')),
    rules: count('ul.rules li'),
    boards: count('figure.board svg'),
    hint: shown(document.getElementById('step-keys'))
  }));
})();
</script>"#;
    let probed = page.with_extension("bare.html");
    std::fs::write(&probed, bare.replace("</body>", &format!("{probe}</body>"))).unwrap();
    let out = run_chromium(browser, &probed, &["--dump-dom".into()]);
    probe_answer(&out.stdout, page, &out.stderr)
}

/// A script, added to a copy of the run's report, that measures where the
/// first failure's parts are in a window 1366 x 768 before any scrolling:
/// the first cause's heading (the rule), the first failing fixture's
/// heading (the fixture and its step), the difference (expected against
/// got) and the top of its boards.
const FIRST_SCREEN_PROBE: &str = r##"<script>
(function () {
  var out = { height: window.innerHeight };
  var at = function (sel) {
    var el = document.querySelector(sel);
    if (!el) { return null; }
    var box = el.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, text: el.textContent.slice(0, 200) };
  };
  out.rule = at('#causes article.cause > h3');
  out.fixture = at('#causes section.fixture h4');
  out.difference = at('#causes section.fixture .difference');
  out.boards = at('#causes section.fixture figure.board');
  out.caption = at('#causes section.fixture figure.board figcaption');
  document.body.setAttribute('data-probe', JSON.stringify(out));
})();
</script>"##;

#[test]
fn the_first_failure_is_on_the_first_screen_at_1366x768() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = failing_report(dir.path());
    let html = std::fs::read_to_string(&page).unwrap();
    let probed = page.with_extension("first-screen.html");
    std::fs::write(
        &probed,
        html.replace("</body>", &format!("{FIRST_SCREEN_PROBE}</body>")),
    )
    .unwrap();
    let out = run_chromium(
        &browser,
        &probed,
        &[
            "--dump-dom".into(),
            "--window-size=1366,768".into(),
            "--hide-scrollbars".into(),
        ],
    );
    let v = probe_answer(&out.stdout, &page, &out.stderr);
    // A window of 1366 x 768 leaves a page about 630 px high below the
    // browser's own bars, as on a laptop screen of that size.
    let height = v["height"].as_f64().unwrap();
    assert!((600.0..=768.0).contains(&height), "{v}");
    // The rule, the fixture with its step and the difference wholly in
    // view; the boards' top (their captions) too.
    for (part, what) in [
        ("rule", "the cause's rule"),
        ("fixture", "the fixture and its step"),
        ("difference", "expected against got"),
        ("caption", "the top of the boards"),
    ] {
        let bottom = v[part]["bottom"]
            .as_f64()
            .unwrap_or_else(|| panic!("no {what} on the page: {v}"));
        assert!(
            bottom <= height,
            "{what} ends at y {bottom:.0}, below the first screen ({height:.0}): {v}"
        );
    }
    let top = v["boards"]["top"].as_f64().unwrap();
    assert!(top + 20.0 <= height, "the boards start at y {top:.0}: {v}");
    // What they say.
    let text = |part: &str| v[part]["text"].as_str().unwrap().to_owned();
    assert!(text("rule").contains("C1"), "{}", text("rule"));
    assert!(
        text("fixture").contains("board/corner-edge-slots-capture")
            && text("fixture").contains("step 1"),
        "{}",
        text("fixture")
    );
    assert!(
        text("difference").contains("captured [], expected [a1]"),
        "{}",
        text("difference")
    );
}

/// The checkers: axe-core's script and the Nu HTML checker's jar, from
/// `HEXODIC_CHECKERS` (a folder holding `node_modules/axe-core` and
/// `node_modules/vnu-jar`, as `npm install --prefix DIR axe-core vnu-jar`
/// makes it) or else `target/checkers` in the workspace, and Java to run
/// the jar. `None` (said) when one is missing, unless
/// `HEXODIC_REQUIRE_BROWSER=1`, when that fails.
fn checkers() -> Option<(PathBuf, PathBuf)> {
    let dir = std::env::var_os("HEXODIC_CHECKERS")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target/checkers"));
    let axe = dir.join("node_modules/axe-core/axe.min.js");
    let vnu = dir.join("node_modules/vnu-jar/build/dist/vnu.jar");
    let java = Command::new("java")
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if axe.is_file() && vnu.is_file() && java {
        return Some((axe, vnu));
    }
    let what = format!(
        "the page checkers are not installed (looked for {} and {}, and for `java`): \
         install them with `npm install --prefix target/checkers axe-core vnu-jar` and \
         `apt-get install -y default-jre-headless`, or set HEXODIC_CHECKERS",
        axe.display(),
        vnu.display()
    );
    if std::env::var("HEXODIC_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
        panic!("{what}; HEXODIC_REQUIRE_BROWSER=1");
    }
    eprintln!("skipped: {what} (HEXODIC_REQUIRE_BROWSER=1 makes this a failure)");
    None
}

/// axe-core's violations on `page`, each as `rule-id (n nodes): first
/// node`, run in Chromium on a copy of the page with axe-core's script.
fn axe_violations(browser: &Path, axe: &Path, page: &Path) -> Vec<String> {
    let script = std::fs::read_to_string(axe).unwrap();
    let run = r#"<script>
axe.run(document, { resultTypes: ['violations'] }).then(function (r) {
  document.body.setAttribute('data-probe', JSON.stringify(r.violations.map(function (v) {
    return v.id + ' (' + v.nodes.length + ' nodes): ' + v.nodes[0].target.join(' ');
  })));
});
</script>"#;
    let html = std::fs::read_to_string(page).unwrap();
    let probed = page.with_extension("axe.html");
    std::fs::write(
        &probed,
        html.replace("</body>", &format!("<script>{script}</script>{run}</body>")),
    )
    .unwrap();
    let out = run_chromium(
        browser,
        &probed,
        &[
            "--dump-dom".into(),
            "--virtual-time-budget=30000".into(),
            "--window-size=1366,768".into(),
        ],
    );
    let v = probe_answer(&out.stdout, page, &out.stderr);
    std::fs::remove_file(&probed).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_owned())
        .collect()
}

/// The Nu HTML checker's errors on `pages`, one line each.
fn vnu_errors(vnu: &Path, pages: &[PathBuf]) -> Vec<String> {
    let out = Command::new("java")
        .arg("-jar")
        .arg(vnu)
        .args(["--errors-only", "--format", "gnu"])
        .args(pages)
        .output()
        .expect("java runs the Nu HTML checker");
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter(|l| l.contains("error"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_pages_pass_axe_core_and_the_nu_html_checker() {
    use hexodic_html::dashboard::{build, page, Input};
    let Some(browser) = chromium() else { return };
    let Some((axe, vnu)) = checkers() else { return };
    let dir = tempfile::tempdir().unwrap();
    let corpus = load_corpus(&workspace().join("fixtures"));
    let rules_md = std::fs::read_to_string(workspace().join("rules/RULES.md")).unwrap();
    write_catalogue(&corpus, &rules_md, &dir.path().join("site")).unwrap();
    let opts = PageOptions {
        catalogue: Some(CatalogueUrl::parse("site").unwrap()),
        date: None,
    };
    // The run's report of a failing engine, and a dashboard of it beside a
    // clean one and another with a bug.
    let inputs: Vec<Input> = [Some(Bug::EdgeCountsTier), None, Some(Bug::CapAt59)]
        .into_iter()
        .enumerate()
        .map(|(i, bug)| Input {
            label: format!("r{i}"),
            file: PathBuf::from(format!("r{i}.json")),
            report: run_in_process(&mut ModelEngine::new(bug, None), &corpus),
        })
        .collect();
    let report_page = dir.path().join("report.html");
    std::fs::write(&report_page, report::page(&inputs[0].report, &opts)).unwrap();
    let dashboard = dir.path().join("dashboard.html");
    std::fs::write(&dashboard, page(&build(&inputs), &opts)).unwrap();
    let pages = [
        report_page,
        dashboard,
        dir.path().join("site/index.html"),
        dir.path().join("site/rules-c.html"),
        dir.path().join(format!(
            "site/{}",
            fixture_page_path("capture/cooldown-after-capture").display()
        )),
    ];
    let mut found = Vec::new();
    for p in &pages {
        for v in axe_violations(&browser, &axe, p) {
            found.push(format!("axe-core on {}: {v}", p.display()));
        }
    }
    let errors = vnu_errors(&vnu, &pages);
    eprintln!(
        "axe-core: {} violations; Nu HTML checker: {} errors, over {} pages",
        found.len(),
        errors.len(),
        pages.len()
    );
    found.extend(errors);
    assert!(found.is_empty(), "{}", found.join("\n"));
}
