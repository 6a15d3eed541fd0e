//! Reading a reply line as JSON with one strictness more than the JSON
//! reader's: a key written twice in one object (`"legal": false, ...,
//! "legal": true`) is refused, as fixtures and `serve` refuse it, instead
//! of the last one winning.

use serde::de::{DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::cell::RefCell;
use std::fmt;

/// Why a line is not one strict JSON value.
#[derive(Debug)]
pub enum StrictError {
    /// A key written twice in one object, at any depth.
    DuplicateKey(String),
    /// Not JSON: the reader's error.
    Json(serde_json::Error),
}

/// The line's JSON value, or why it is not one (a duplicate key apart).
pub fn from_str(text: &str) -> Result<Value, StrictError> {
    let duplicate = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let read = Strict(&duplicate)
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    match (read, duplicate.into_inner()) {
        (_, Some(key)) => Err(StrictError::DuplicateKey(key)),
        (Ok(v), None) => Ok(v),
        (Err(e), None) => Err(StrictError::Json(e)),
    }
}

/// A JSON value, noting the first duplicate key in the slot.
#[derive(Clone, Copy)]
struct Strict<'a>(&'a RefCell<Option<String>>);

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(self)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self)?;
            if out.contains_key(&key) {
                let mut slot = self.0.borrow_mut();
                let message = format!("duplicate key `{key}`");
                slot.get_or_insert(key);
                return Err(A::Error::custom(message));
            }
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_written_twice_is_refused_at_any_depth() {
        let top = from_str(r#"{"id":1,"ok":true,"legal":false,"legal":true}"#);
        assert!(matches!(top, Err(StrictError::DuplicateKey(k)) if k == "legal"));
        let inner = from_str(r#"{"id":1,"error":{"kind":"x","kind":"y"}}"#);
        assert!(matches!(inner, Err(StrictError::DuplicateKey(k)) if k == "kind"));
        let fine = from_str(r#"{"id":1,"ok":true,"a":[{"k":1},{"k":2}],"f":1.5}"#).unwrap();
        assert_eq!(fine["a"][1]["k"], 2);
        assert!(matches!(
            from_str("{\"id\":1} x"),
            Err(StrictError::Json(_))
        ));
        assert!(matches!(from_str("{\"id\":"), Err(StrictError::Json(_))));
    }
}
