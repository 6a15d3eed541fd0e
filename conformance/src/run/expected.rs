//! What an expectations file says of one fixture: the reason people wrote,
//! and the failure's signature, when it pins one.

use crate::diagnose::{Divergence, Pinned};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// A fixture an engine is known to fail: why, and how it fails.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectedFailure {
    /// The reason, for people.
    pub reason: String,
    /// The failure's signature; none (a file of the older form, `id:
    /// "reason"`) matches any failure.
    pub signature: Option<Pinned>,
}

impl ExpectedFailure {
    /// Whether a failure whose first divergence is `got` is the one
    /// expected: its signature now, or as an earlier harness pinned it.
    pub fn matches(&self, got: &Divergence) -> bool {
        self.signature.as_ref().is_none_or(|s| s.matches(got))
    }
}

/// The entry's fields in the current form.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    #[serde(default)]
    reason: String,
    signature: Option<Pinned>,
}

struct EntryVisitor;

impl<'de> Visitor<'de> for EntryVisitor {
    type Value = ExpectedFailure;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a reason in quotes, or `reason:` and `signature:` fields")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<ExpectedFailure, E> {
        Ok(ExpectedFailure {
            reason: v.to_owned(),
            signature: None,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ExpectedFailure, A::Error> {
        let e = Entry::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(ExpectedFailure {
            reason: e.reason,
            signature: e.signature,
        })
    }
}

impl<'de> Deserialize<'de> for ExpectedFailure {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ExpectedFailure, D::Error> {
        d.deserialize_any(EntryVisitor)
    }
}
