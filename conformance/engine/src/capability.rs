//! What an engine can do besides setting positions and playing turns: the
//! protocol's capabilities as a typed set. A check that needs a capability the
//! engine lacks is skipped, never passed and never failed.

use std::fmt;

/// One optional ability of an engine (`conformance/PROTOCOL.md`, `hello`).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Capability {
    /// The engine lists the legal turns (`legal`).
    LegalTurns,
    /// An illegal turn comes with reason codes, an invalid position with fault codes.
    ErrorCodes,
    /// The engine counts turn sequences (`perft`, `divide`).
    Perft,
    /// A legal turn's reply lists the captured cells.
    Captures,
    /// A legal turn's reply also splits the captures by kind (Move, encirclement, Echo).
    CaptureKinds,
}

impl Capability {
    /// Every capability, in the order the protocol lists them.
    pub const ALL: [Capability; 5] = [
        Capability::LegalTurns,
        Capability::ErrorCodes,
        Capability::Perft,
        Capability::Captures,
        Capability::CaptureKinds,
    ];

    /// The name in the protocol, for example `legal_turns`.
    pub const fn name(self) -> &'static str {
        match self {
            Capability::LegalTurns => "legal_turns",
            Capability::ErrorCodes => "error_codes",
            Capability::Perft => "perft",
            Capability::Captures => "captures",
            Capability::CaptureKinds => "capture_kinds",
        }
    }

    /// The checks that need it, in words.
    pub const fn checks(self) -> &'static str {
        match self {
            Capability::LegalTurns => "legal-turn lists and counts",
            Capability::ErrorCodes => "reason and fault codes",
            Capability::Perft => "perft counts",
            Capability::Captures => "captured cells",
            Capability::CaptureKinds => "captures by kind",
        }
    }

    /// The capability with that protocol name.
    ///
    /// ```
    /// use hexodic_engine::Capability;
    /// assert_eq!(Capability::from_name("perft"), Some(Capability::Perft));
    /// assert_eq!(Capability::from_name("legal-turns"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Capability> {
        Capability::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The known capability an unknown name most likely means (a misspelling),
    /// if any is close.
    ///
    /// ```
    /// use hexodic_engine::Capability;
    /// assert_eq!(Capability::nearest("legal-turns"), Some(Capability::LegalTurns));
    /// assert_eq!(Capability::nearest("Capture_Kind"), Some(Capability::CaptureKinds));
    /// assert_eq!(Capability::nearest("telepathy"), None);
    /// ```
    pub fn nearest(name: &str) -> Option<Capability> {
        let norm: String = name
            .chars()
            .map(|c| match c {
                '-' | ' ' => '_',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        Capability::ALL
            .into_iter()
            .map(|c| (strsim::levenshtein(&norm, c.name()), c))
            .filter(|(d, c)| *d <= 2.max(c.name().len() / 4))
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| c)
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Capability`].
///
/// ```
/// use hexodic_engine::{Capabilities, Capability};
/// let caps = Capabilities::NONE.with(Capability::Perft);
/// assert!(caps.has(Capability::Perft));
/// assert!(!caps.has(Capability::Captures));
/// assert_eq!(Capabilities::ALL.names(), ["legal_turns", "error_codes", "perft", "captures", "capture_kinds"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(from = "Vec<Capability>", into = "Vec<Capability>")]
pub struct Capabilities(u8);

impl From<Vec<Capability>> for Capabilities {
    fn from(v: Vec<Capability>) -> Capabilities {
        v.into_iter().fold(Capabilities::NONE, Capabilities::with)
    }
}

impl From<Capabilities> for Vec<Capability> {
    fn from(c: Capabilities) -> Vec<Capability> {
        c.iter().collect()
    }
}

impl Capabilities {
    /// No capability.
    pub const NONE: Capabilities = Capabilities(0);
    /// Every capability.
    pub const ALL: Capabilities = Capabilities(0b1_1111);

    /// The set with `c` added.
    #[must_use]
    pub const fn with(self, c: Capability) -> Capabilities {
        Capabilities(self.0 | 1 << c as u8)
    }

    /// The set without `c`.
    #[must_use]
    pub const fn without(self, c: Capability) -> Capabilities {
        Capabilities(self.0 & !(1 << c as u8))
    }

    /// Whether the set holds `c`.
    pub const fn has(self, c: Capability) -> bool {
        self.0 & (1 << c as u8) != 0
    }

    /// The capabilities in the set, in protocol order.
    pub fn iter(self) -> impl Iterator<Item = Capability> {
        Capability::ALL.into_iter().filter(move |c| self.has(*c))
    }

    /// The protocol names of the capabilities in the set.
    pub fn names(self) -> Vec<&'static str> {
        self.iter().map(Capability::name).collect()
    }
}

impl fmt::Debug for Capabilities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.names()).finish()
    }
}

impl FromIterator<Capability> for Capabilities {
    fn from_iter<I: IntoIterator<Item = Capability>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Capabilities::NONE, Capabilities::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in Capability::ALL {
            assert_eq!(Capability::from_name(c.name()), Some(c));
            assert_eq!(Capability::nearest(c.name()), Some(c));
        }
    }

    #[test]
    fn misspellings_find_the_nearest_name() {
        assert_eq!(
            Capability::nearest("error-codes"),
            Some(Capability::ErrorCodes)
        );
        assert_eq!(Capability::nearest("capture"), Some(Capability::Captures));
        assert_eq!(Capability::nearest("perf"), Some(Capability::Perft));
        assert_eq!(Capability::nearest("legal"), None);
        assert_eq!(Capability::nearest(""), None);
    }

    #[test]
    fn sets_add_and_remove() {
        let s: Capabilities = [Capability::Perft, Capability::Captures]
            .into_iter()
            .collect();
        assert!(s.has(Capability::Perft) && s.has(Capability::Captures));
        assert!(!s.has(Capability::LegalTurns));
        assert_eq!(s.without(Capability::Perft).names(), ["captures"]);
        assert_eq!(Capabilities::ALL.iter().count(), 5);
    }
}
