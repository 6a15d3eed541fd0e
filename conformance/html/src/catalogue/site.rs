//! Where each page of the site is: a fixture's page, and the way back up
//! to the root from it.

use crate::markup::slug;
use std::path::PathBuf;

/// The page of the fixture `id` inside the site, relative to its root:
/// `capture/cooldown-after-capture.html` (each part of the id made safe for
/// a file name).
///
/// ```
/// use hexodic_html::catalogue::fixture_page_path;
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
pub(crate) fn page_href(id: &str) -> String {
    let parts = page_parts(id);
    format!("{}.html", parts.join("/"))
}

/// From a fixture page back to the site's root.
pub(super) fn up(id: &str) -> String {
    "../".repeat(page_parts(id).len().saturating_sub(1))
}
