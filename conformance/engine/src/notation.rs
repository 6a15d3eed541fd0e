//! The rules crate's types written and read in their own notations, for the
//! lossless JSON of a run: a position in the one-line notation, a turn in
//! the turn notation, a reason or fault by its code, cells by name. Used
//! through serde's `with` attributes: [`one`], [`opt`] and [`mod@vec`] for a
//! value, an optional value and a list; [`interned`] and [`interned_vec`]
//! for the names the harness keeps as `&'static str` (rule ids, protocol
//! fields); [`seconds`] for a time taken.

use hexodic_rules::symmetry::Symmetry;
use hexodic_rules::{Cell, CellSet, FaultCode, Outcome, Player, ReasonSet, Setup, SetupCell, Turn};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

/// A name the harness keeps for the life of the process (a protocol
/// field, a rule id): read back with [`interned`].
pub type Name = &'static str;

/// A value with a text notation that reads back to the same value.
pub trait Notation: Sized {
    /// What a text of this notation is, for an error (`a turn`).
    const WHAT: &'static str;
    /// The value in its notation.
    fn write(&self) -> String;
    /// The value a text names, if it is one.
    fn read(text: &str) -> Option<Self>;
}

impl Notation for Turn {
    const WHAT: &'static str = "a turn";
    fn write(&self) -> String {
        self.to_string()
    }
    fn read(text: &str) -> Option<Self> {
        Turn::parse(text).ok()
    }
}

impl Notation for Setup {
    const WHAT: &'static str = "a position";
    fn write(&self) -> String {
        self.to_notation()
    }
    fn read(text: &str) -> Option<Self> {
        Setup::from_notation(text).ok()
    }
}

impl Notation for Symmetry {
    const WHAT: &'static str = "a variant";
    fn write(&self) -> String {
        self.to_string()
    }
    fn read(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

impl Notation for Cell {
    const WHAT: &'static str = "a cell";
    fn write(&self) -> String {
        self.to_string()
    }
    fn read(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

impl Notation for CellSet {
    const WHAT: &'static str = "cells separated by spaces";
    fn write(&self) -> String {
        let names: Vec<String> = self.iter().map(|c| c.to_string()).collect();
        names.join(" ")
    }
    fn read(text: &str) -> Option<Self> {
        text.split_whitespace().map(|c| c.parse().ok()).collect()
    }
}

impl Notation for ReasonSet {
    const WHAT: &'static str = "reason codes separated by spaces";
    fn write(&self) -> String {
        let codes: Vec<&str> = self.iter().map(|r| r.code()).collect();
        codes.join(" ")
    }
    fn read(text: &str) -> Option<Self> {
        let mut set = ReasonSet::default();
        for code in text.split_whitespace() {
            set.insert(hexodic_rules::Reason::from_code(code)?);
        }
        Some(set)
    }
}

impl Notation for FaultCode {
    const WHAT: &'static str = "a fault code";
    fn write(&self) -> String {
        self.code().to_owned()
    }
    fn read(text: &str) -> Option<Self> {
        FaultCode::from_code(text)
    }
}

impl Notation for Player {
    const WHAT: &'static str = "a player (`x` or `o`)";
    fn write(&self) -> String {
        self.char().to_string()
    }
    fn read(text: &str) -> Option<Self> {
        let mut chars = text.chars();
        let c = chars.next()?;
        chars.next().is_none().then_some(())?;
        Player::from_char(c)
    }
}

impl Notation for SetupCell {
    const WHAT: &'static str = "a cell's contents (`.`, `x`, `o2*`, ...)";
    fn write(&self) -> String {
        let stone = self.stone.map_or('.', Player::char);
        let tier = if self.tier == 0 {
            String::new()
        } else {
            self.tier.to_string()
        };
        let lock = if self.locked { "*" } else { "" };
        format!("{stone}{tier}{lock}")
    }
    fn read(text: &str) -> Option<Self> {
        let mut chars = text.chars();
        let stone = match chars.next()? {
            '.' => None,
            c => Some(Player::from_char(c)?),
        };
        let rest = chars.as_str();
        let (digits, locked) = match rest.strip_suffix('*') {
            Some(d) => (d, true),
            None => (rest, false),
        };
        let tier = if digits.is_empty() {
            0
        } else {
            digits.parse().ok()?
        };
        Some(SetupCell {
            stone,
            tier,
            locked,
        })
    }
}

impl Notation for Outcome {
    const WHAT: &'static str = "a result";
    fn write(&self) -> String {
        self.to_string()
    }
    fn read(text: &str) -> Option<Self> {
        Outcome::parse(text)
    }
}

struct Written<'a, T>(&'a T);

impl<T: Notation> Serialize for Written<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.write())
    }
}

struct Read<T>(T);

impl<'de, T: Notation> Deserialize<'de> for Read<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        T::read(&text)
            .map(Read)
            .ok_or_else(|| D::Error::custom(format!("`{text}` is not {}", T::WHAT)))
    }
}

/// A value in its notation.
pub mod one {
    use super::*;

    /// Write it.
    pub fn serialize<T: Notation, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        Written(v).serialize(s)
    }

    /// Read it.
    pub fn deserialize<'de, T: Notation, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        Read::<T>::deserialize(d).map(|r| r.0)
    }
}

/// An optional value in its notation (`null` for none).
pub mod opt {
    use super::*;

    /// Write it.
    pub fn serialize<T: Notation, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        v.as_ref().map(Written).serialize(s)
    }

    /// Read it.
    pub fn deserialize<'de, T: Notation, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        Option::<Read<T>>::deserialize(d).map(|o| o.map(|r| r.0))
    }
}

/// A list of values, each in its notation.
pub mod vec {
    use super::*;

    /// Write it.
    pub fn serialize<T: Notation, S: Serializer>(v: &[T], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(Written))
    }

    /// Read it.
    pub fn deserialize<'de, T: Notation, D: Deserializer<'de>>(d: D) -> Result<Vec<T>, D::Error> {
        Vec::<Read<T>>::deserialize(d).map(|v| v.into_iter().map(|r| r.0).collect())
    }
}

/// A time taken as seconds (`0.0123`), as the report's `elapsed_seconds`
/// (to the nanosecond for any time under a day). Reads the `{"secs",
/// "nanos"}` pair of reports from earlier harnesses too.
pub mod seconds {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::time::Duration;

    /// The forms a time is read in.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Time {
        Seconds(f64),
        Parts { secs: u64, nanos: u32 },
    }

    /// Write it.
    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        d.as_secs_f64().serialize(s)
    }

    /// Read it: a time of 0 or more seconds.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        match Time::deserialize(d) {
            Ok(Time::Seconds(s)) => Duration::try_from_secs_f64(s).map_err(|_| {
                serde::de::Error::custom(format!("a time must be 0 or more seconds, found {s}"))
            }),
            Ok(Time::Parts { secs, nanos }) => {
                Ok(Duration::new(secs, 0) + Duration::from_nanos(u64::from(nanos)))
            }
            Err(_) => Err(serde::de::Error::custom(
                "a time must be a number of seconds",
            )),
        }
    }
}

/// The one `&'static str` for a name read back: each distinct name is kept
/// once for the life of the process (rule ids and protocol field names, a
/// few dozen).
fn intern(name: String) -> &'static str {
    static NAMES: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
    let names = NAMES.get_or_init(|| Mutex::new(BTreeSet::new()));
    let mut names = names
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(n) = names.get(name.as_str()) {
        return n;
    }
    let n: &'static str = Box::leak(name.into_boxed_str());
    names.insert(n);
    n
}

/// Read a name kept as `&'static str`.
pub fn interned<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    String::deserialize(d).map(intern)
}

/// Read a list of names kept as `&'static str`.
pub fn interned_vec<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<&'static str>, D::Error> {
    Vec::<String>::deserialize(d).map(|v| v.into_iter().map(intern).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Timed {
        #[serde(with = "seconds")]
        elapsed: std::time::Duration,
    }

    #[test]
    fn times_are_seconds_and_read_back_exactly() {
        let t = Timed {
            elapsed: std::time::Duration::new(3, 1_194_759),
        };
        let text = serde_json::to_string(&t).unwrap();
        assert_eq!(text, r#"{"elapsed":3.001194759}"#);
        assert_eq!(serde_json::from_str::<Timed>(&text).unwrap(), t);
        let earlier = r#"{"elapsed":{"secs":3,"nanos":1194759}}"#;
        assert_eq!(serde_json::from_str::<Timed>(earlier).unwrap(), t);
        for bad in [r#"{"elapsed":-1}"#, r#"{"elapsed":"1s"}"#] {
            let e = serde_json::from_str::<Timed>(bad).unwrap_err().to_string();
            assert!(e.contains("seconds"), "{e}");
        }
    }

    fn round<T: Notation + PartialEq + std::fmt::Debug>(v: T) {
        assert_eq!(T::read(&v.write()), Some(v));
    }

    #[test]
    fn values_read_back_from_their_notation() {
        round(Setup::default());
        round(Turn::parse("d4 +d4").unwrap());
        round(Symmetry::IDENTITY);
        let cells: CellSet = ["a1", "d4"].iter().map(|c| c.parse().unwrap()).collect();
        round(cells);
        round(CellSet::default());
        round(ReasonSet::default());
        round(Player::O);
        for token in [".", "x", "o2", "x2*", ".1"] {
            assert_eq!(
                SetupCell::read(token).map(|c| c.write()).as_deref(),
                Some(token)
            );
        }
        assert_eq!(Player::read("XO"), None);
        assert_eq!(SetupCell::read("xz"), None);
    }

    #[test]
    fn a_name_is_interned_once() {
        let a = intern("T4".to_owned());
        let b = intern("T4".to_owned());
        assert!(std::ptr::eq(a, b));
    }
}
