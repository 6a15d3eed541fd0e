//! Links from the report into the catalogue (`catalogue --out DIR`): where
//! it is (`run --catalogue-url`), checked once, and the address of a rule's
//! entry and of a fixture's page in it.

use crate::catalogue::{page_href, rule_href};
use std::fmt;

/// Where the catalogue is: an `http://`, `https://` or `file://` URL, or a
/// path relative to the report's folder (`site`, `../site/`).
///
/// ```
/// use hexodic_html::CatalogueUrl;
/// assert!(CatalogueUrl::parse("site").is_ok());
/// assert!(CatalogueUrl::parse("https://example.org/hexodic/").is_ok());
/// assert!(CatalogueUrl::parse("ftp://x").is_err());
/// assert!(CatalogueUrl::parse("a b").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueUrl {
    /// The base, ending without `/`.
    base: String,
}

/// Why a `--catalogue-url` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CatalogueUrlError {
    /// Nothing was given.
    Empty,
    /// A scheme other than `http`, `https` or `file`.
    Scheme(String),
    /// A character a link cannot hold as it is (white space, a control
    /// character, a quote, `<`, `>`, `?` or `#`).
    Character(char),
    /// An absolute path: it would only work on this machine (use `file://`).
    Absolute,
}

impl fmt::Display for CatalogueUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogueUrlError::Empty => write!(f, "the catalogue URL is empty"),
            CatalogueUrlError::Scheme(s) => write!(
                f,
                "the catalogue URL starts with `{s}:`; give an http://, https:// or file:// URL, or a path relative to the report"
            ),
            CatalogueUrlError::Character(c) => write!(
                f,
                "the catalogue URL holds {}, which a link cannot carry as it is",
                match c {
                    c if c.is_whitespace() => "white space".to_owned(),
                    c if c.is_control() => "a control character".to_owned(),
                    c => format!("`{c}`"),
                }
            ),
            CatalogueUrlError::Absolute => write!(
                f,
                "the catalogue URL is an absolute path; give a path relative to the report, or a file:// URL"
            ),
        }
    }
}

impl std::error::Error for CatalogueUrlError {}

impl CatalogueUrl {
    /// Check `text` as the catalogue's address.
    pub fn parse(text: &str) -> Result<CatalogueUrl, CatalogueUrlError> {
        if text.is_empty() {
            return Err(CatalogueUrlError::Empty);
        }
        if let Some(bad) = text.chars().find(|c| {
            c.is_whitespace()
                || c.is_control()
                || matches!(c, '"' | '\'' | '<' | '>' | '?' | '#' | '\\')
        }) {
            return Err(CatalogueUrlError::Character(bad));
        }
        if let Some((scheme, _)) = text.split_once("://") {
            if !matches!(scheme, "http" | "https" | "file") {
                return Err(CatalogueUrlError::Scheme(scheme.to_owned()));
            }
        } else if let Some((scheme, _)) = text.split_once(':') {
            return Err(CatalogueUrlError::Scheme(scheme.to_owned()));
        } else if text.starts_with('/') {
            return Err(CatalogueUrlError::Absolute);
        }
        Ok(CatalogueUrl {
            base: text.trim_end_matches('/').to_owned(),
        })
    }

    /// The address of the catalogue's index.
    pub(crate) fn index(&self) -> String {
        format!("{}/index.html", self.base)
    }

    /// The address of rule `id`'s entry in the catalogue (on the page of
    /// its area).
    pub(crate) fn rule(&self, id: &str) -> String {
        format!("{}/{}", self.base, rule_href(id))
    }

    /// The address of fixture `id`'s page.
    pub(crate) fn fixture(&self, id: &str) -> String {
        format!("{}/{}", self.base, page_href(id))
    }

    /// The address of step `step` (counted from 1) on fixture `id`'s page;
    /// the page itself for step 0 (the start, or a setup that is not a
    /// valid position).
    pub(crate) fn fixture_step(&self, id: &str, step: usize) -> String {
        match step {
            0 => self.fixture(id),
            n => format!("{}#step-{n}", self.fixture(id)),
        }
    }
}

/// Why a `--report-url` was refused: the catalogue URL's reasons, said of
/// a report's address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportUrlError(pub CatalogueUrlError);

impl fmt::Display for ReportUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = self
            .0
            .to_string()
            .replace("the catalogue URL", "the report URL")
            .replace("relative to the report", "relative to the page");
        f.write_str(&words)
    }
}

impl std::error::Error for ReportUrlError {}

/// Check `text` as the address of a build's HTML report, which a page
/// links to: an `http://`, `https://` or `file://` URL, or a path relative
/// to the page, with nothing a link cannot carry as it is.
pub fn check_link(text: &str) -> Result<(), ReportUrlError> {
    CatalogueUrl::parse(text)
        .map(|_| ())
        .map_err(ReportUrlError)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_in_the_catalogue() {
        let url = CatalogueUrl::parse("site").unwrap();
        assert_eq!(url.index(), "site/index.html");
        assert_eq!(url.rule("C1"), "site/rules-c.html#rule-C1");
        assert_eq!(
            url.fixture("capture/cooldown-after-capture"),
            "site/capture/cooldown-after-capture.html"
        );
        assert_eq!(
            url.fixture_step("capture/cooldown-after-capture", 2),
            "site/capture/cooldown-after-capture.html#step-2"
        );
        assert_eq!(
            url.fixture_step("capture/cooldown-after-capture", 0),
            "site/capture/cooldown-after-capture.html"
        );
    }

    #[test]
    fn urls_and_relative_paths_are_taken() {
        for ok in [
            "site",
            "../site/",
            "https://example.org/hexodic",
            "file:///tmp/site",
            ".",
        ] {
            assert!(CatalogueUrl::parse(ok).is_ok(), "{ok}");
        }
        assert_eq!(
            CatalogueUrl::parse("https://example.org/h/")
                .unwrap()
                .rule("G1"),
            "https://example.org/h/rules-g.html#rule-G1"
        );
    }

    #[test]
    fn report_links_are_checked_like_the_catalogue_url() {
        assert!(check_link("../runs/nightly.html").is_ok());
        assert!(check_link("https://ci.example.org/r.html").is_ok());
        assert_eq!(
            check_link("javascript:x").unwrap_err().to_string(),
            "the report URL starts with `javascript:`; give an http://, https:// or file:// URL, or a path relative to the page"
        );
        assert!(check_link("/abs.html").is_err());
    }

    #[test]
    fn anything_else_is_refused_in_words() {
        let cases = [
            ("", CatalogueUrlError::Empty),
            (
                "javascript:alert(1)",
                CatalogueUrlError::Scheme("javascript".into()),
            ),
            ("ftp://x", CatalogueUrlError::Scheme("ftp".into())),
            ("si te", CatalogueUrlError::Character(' ')),
            ("site\"x", CatalogueUrlError::Character('"')),
            ("/abs/site", CatalogueUrlError::Absolute),
        ];
        for (text, want) in cases {
            assert_eq!(CatalogueUrl::parse(text), Err(want.clone()), "{text:?}");
            assert!(!want.to_string().contains("CatalogueUrlError"));
        }
        assert_eq!(
            CatalogueUrlError::Character(' ').to_string(),
            "the catalogue URL holds white space, which a link cannot carry as it is"
        );
    }
}
