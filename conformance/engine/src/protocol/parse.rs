//! Reading an engine's replies strictly. Every reply is read once, into the
//! rules crate's types; anything that is not exactly what the protocol
//! allows is a [`ProtocolFault`] naming the field and the offending text,
//! never a default value. Unknown fields are ignored (room for later
//! versions); a field set to `null` counts as absent. Text an engine wrote
//! is kept only in part in a fault ([`SHOWN_CHARS`] characters; a name or
//! version [`NAME_CHARS`]).

use super::ErrorKind;
use crate::{
    shorten, Capabilities, Capability, CaptureKinds, PlayReply, Played, PositionReply,
    ProtocolFault, NAME_CHARS, SHOWN_CHARS,
};
use hexodic_rules::{Cell, CellSet, FaultCode, Reason, ReasonSet, Setup, Turn};
use serde_json::{Map, Value};

/// Why a reply cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyError {
    /// The reply breaks the protocol.
    Fault(ProtocolFault),
    /// The engine answered `"ok": false` to a well-formed request.
    Refused {
        /// The error kind.
        kind: ErrorKind,
        /// Its message.
        message: String,
    },
}

impl From<ProtocolFault> for ReplyError {
    fn from(f: ProtocolFault) -> ReplyError {
        ReplyError::Fault(f)
    }
}

type Read<T> = Result<T, ReplyError>;

/// The handshake's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// The protocol version the engine speaks.
    pub protocol: u32,
    /// Its name (at most [`NAME_CHARS`] characters of it).
    pub name: String,
    /// Its version (at most [`NAME_CHARS`] characters of it).
    pub version: String,
    /// The capabilities it declared that the harness knows (none when it
    /// left `capabilities` out).
    pub capabilities: Capabilities,
    /// Declared names the harness does not know (at most [`NAME_CHARS`]
    /// characters of each), each with the known name it most likely means.
    pub unknown: Vec<(String, Option<Capability>)>,
    /// Whether several requests may be sent before their replies are read
    /// (`pipelining`; false when left out).
    pub pipelining: bool,
}

fn show(v: &Value) -> String {
    shorten(&v.to_string(), 80)
}

/// Text the engine wrote, as much of it as a fault keeps.
fn clip(text: &str) -> String {
    shorten(text, SHOWN_CHARS)
}

fn wrong(field: &'static str, expected: &'static str, v: &Value) -> ProtocolFault {
    ProtocolFault::WrongType {
        field,
        expected,
        got: show(v),
    }
}

/// What an engine declared in its handshake: the capabilities whose fields
/// its replies must carry, and those the harness only guessed it meant (a
/// misspelled name, `capture_kinds` without `captures`): their checks are
/// skipped and their fields ignored, never taken for a protocol error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// The capabilities declared by their right names.
    pub caps: Capabilities,
    /// The capabilities the engine seems to have meant but did not declare.
    pub guessed: Capabilities,
}

impl From<Capabilities> for Declared {
    fn from(caps: Capabilities) -> Declared {
        Declared {
            caps,
            guessed: Capabilities::NONE,
        }
    }
}

/// A reply object: the fields after `id` and `ok`.
struct Fields(Map<String, Value>);

impl Fields {
    fn get(&self, field: &'static str) -> Option<&Value> {
        self.0.get(field).filter(|v| !v.is_null())
    }

    fn required(&self, field: &'static str) -> Result<&Value, ProtocolFault> {
        self.get(field).ok_or(ProtocolFault::MissingField { field })
    }

    fn string(&self, field: &'static str) -> Result<&str, ProtocolFault> {
        let v = self.required(field)?;
        v.as_str().ok_or_else(|| wrong(field, "a string", v))
    }

    fn u64(&self, field: &'static str) -> Result<u64, ProtocolFault> {
        let v = self.required(field)?;
        v.as_u64()
            .ok_or_else(|| wrong(field, "a whole number of 0 or more", v))
    }

    fn bool(&self, field: &'static str) -> Result<bool, ProtocolFault> {
        let v = self.required(field)?;
        v.as_bool().ok_or_else(|| wrong(field, "true or false", v))
    }

    fn strings(&self, field: &'static str) -> Result<Vec<&str>, ProtocolFault> {
        strings(field, self.required(field)?)
    }

    /// Refuse a field of an undeclared capability (unless the engine seems
    /// to have meant it: then the field is ignored).
    fn undeclared(
        &self,
        field: &'static str,
        d: Declared,
        capability: Capability,
    ) -> Result<(), ProtocolFault> {
        if !d.caps.has(capability) && !d.guessed.has(capability) && self.get(field).is_some() {
            return Err(ProtocolFault::UndeclaredField { field, capability });
        }
        Ok(())
    }
}

/// The fault of the `item`-th (from 0) item of the list `field`.
fn wrong_item(
    field: &'static str,
    item: usize,
    expected: &'static str,
    v: &Value,
) -> ProtocolFault {
    ProtocolFault::WrongItem {
        field,
        item: item + 1,
        expected,
        got: show(v),
    }
}

fn strings<'a>(field: &'static str, v: &'a Value) -> Result<Vec<&'a str>, ProtocolFault> {
    let list = v
        .as_array()
        .ok_or_else(|| wrong(field, "a list of strings", v))?;
    list.iter()
        .enumerate()
        .map(|(i, x)| {
            x.as_str()
                .ok_or_else(|| wrong_item(field, i, "a string", x))
        })
        .collect()
}

fn cell(field: &'static str, text: &str) -> Result<Cell, ProtocolFault> {
    Cell::from_name(text).ok_or_else(|| ProtocolFault::UnknownCell {
        field,
        text: clip(text),
    })
}

fn cells(field: &'static str, v: &Value) -> Result<CellSet, ProtocolFault> {
    let mut set = CellSet::EMPTY;
    for name in strings(field, v)? {
        let c = cell(field, name)?;
        if set.contains(c) {
            return Err(ProtocolFault::DuplicateCell {
                field,
                cell: c.to_string(),
            });
        }
        set.insert(c);
    }
    Ok(set)
}

fn turn(field: &'static str, text: &str) -> Result<Turn, ProtocolFault> {
    Turn::parse(text).map_err(|e| ProtocolFault::UnreadableTurn {
        field,
        text: clip(text),
        column: e.column,
        message: e.kind.to_string(),
    })
}

/// Read a position an engine reported: it must parse and be canonical
/// (the notation reader accepts only the canonical spelling, and the
/// printed form is checked again).
///
/// ```
/// use hexodic_engine::protocol::parse::position;
/// use hexodic_engine::ProtocolFault;
/// let start = "..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6";
/// assert!(position(start).is_ok());
/// let spaced = start.replace(" x 0", "  x 0");
/// assert!(matches!(position(&spaced), Err(ProtocolFault::UnreadablePosition { column: 45, .. })));
/// ```
pub fn position(text: &str) -> Result<Setup, ProtocolFault> {
    let setup = Setup::from_notation(text).map_err(|e| ProtocolFault::UnreadablePosition {
        text: clip(text),
        column: e.column,
        message: clip(&e.kind.to_string()),
    })?;
    let canonical = setup.to_notation();
    if canonical != text {
        let column = canonical
            .chars()
            .zip(text.chars())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| canonical.chars().count().min(text.chars().count()))
            + 1;
        return Err(ProtocolFault::NonCanonicalPosition {
            text: clip(text),
            canonical,
            column,
        });
    }
    Ok(setup)
}

/// The common envelope: a JSON object with the request's `id` and a boolean
/// `ok`. An `"ok": false` reply comes back as its error kind, message and
/// fault codes (still unread).
fn envelope(
    line: &str,
    id: u64,
) -> Result<Result<Fields, (ErrorKind, String, Fields)>, ProtocolFault> {
    let value: Value = super::strict::from_str(line.trim()).map_err(|e| match e {
        super::strict::StrictError::DuplicateKey(key) => {
            ProtocolFault::DuplicateKey { key: clip(&key) }
        }
        super::strict::StrictError::Json(e) => ProtocolFault::NotJson {
            error: hexodic_io::reader_error(
                hexodic_io::Reader::Json,
                &e.to_string(),
                &hexodic_io::Place::default(),
            ),
        },
    })?;
    let Value::Object(map) = value else {
        return Err(ProtocolFault::NotJson {
            error: format!("found {}", show(&value)),
        });
    };
    let fields = Fields(map);
    let got = fields.required("id")?;
    if got.as_u64() != Some(id) {
        return Err(ProtocolFault::WrongId {
            expected: id,
            got: show(got),
        });
    }
    if fields.bool("ok")? {
        return Ok(Ok(fields));
    }
    let err = fields.required("error")?;
    let Value::Object(body) = err else {
        return Err(wrong("error", "an object with `kind` and `message`", err));
    };
    let body = Fields(body.clone());
    let kind_text = body.string("kind")?;
    let kind = ErrorKind::from_name(kind_text).ok_or_else(|| ProtocolFault::UnknownErrorKind {
        kind: clip(kind_text),
    })?;
    let message = match body.get("message") {
        None => String::new(),
        Some(v) => clip(
            v.as_str()
                .ok_or_else(|| wrong("error.message", "a string", v))?,
        ),
    };
    Ok(Err((kind, message, body)))
}

/// An envelope that must be `"ok": true`.
fn ok(line: &str, id: u64) -> Read<Fields> {
    match envelope(line, id)? {
        Ok(f) => Ok(f),
        Err((kind, message, _)) => Err(ReplyError::Refused { kind, message }),
    }
}

/// Read the reply to `hello`.
pub fn hello(line: &str, id: u64) -> Read<Hello> {
    let f = ok(line, id)?;
    let protocol = f.u64("protocol")?;
    let engine = f.required("engine")?;
    let Value::Object(e) = engine else {
        return Err(wrong("engine", "an object with `name` and `version`", engine).into());
    };
    let e = Fields(e.clone());
    let (name, version) = (
        shorten(e.string("name")?, NAME_CHARS),
        shorten(e.string("version")?, NAME_CHARS),
    );
    let mut capabilities = Capabilities::NONE;
    let mut unknown = Vec::new();
    // No `capabilities`: none declared.
    let declared = match f.get("capabilities") {
        None => Vec::new(),
        Some(v) => strings("capabilities", v)?,
    };
    for c in declared {
        match Capability::from_name(c) {
            Some(k) => capabilities = capabilities.with(k),
            None => unknown.push((shorten(c, NAME_CHARS), Capability::nearest(c))),
        }
    }
    let pipelining = match f.get("pipelining") {
        None => false,
        Some(_) => f.bool("pipelining")?,
    };
    Ok(Hello {
        protocol: u32::try_from(protocol).unwrap_or(u32::MAX),
        name,
        version,
        capabilities,
        unknown,
        pipelining,
    })
}

fn fault_codes(codes: Option<&Value>, d: Declared) -> Result<Vec<FaultCode>, ProtocolFault> {
    let caps = d.caps;
    let Some(v) = codes.filter(|v| !v.is_null()) else {
        if caps.has(Capability::ErrorCodes) {
            return Err(ProtocolFault::MissingField {
                field: "error.codes",
            });
        }
        return Ok(Vec::new());
    };
    if !caps.has(Capability::ErrorCodes) {
        if d.guessed.has(Capability::ErrorCodes) {
            return Ok(Vec::new());
        }
        return Err(ProtocolFault::UndeclaredField {
            field: "error.codes",
            capability: Capability::ErrorCodes,
        });
    }
    let mut out = Vec::new();
    for code in strings("error.codes", v)? {
        out.push(
            FaultCode::from_code(code)
                .ok_or_else(|| ProtocolFault::UnknownFault { code: clip(code) })?,
        );
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Read the reply to `position`.
pub fn position_reply(line: &str, id: u64, d: impl Into<Declared>) -> Read<PositionReply> {
    let d = d.into();
    match envelope(line, id)? {
        Ok(_) => Ok(PositionReply::Accepted),
        Err((ErrorKind::InvalidPosition, _, body)) => {
            Ok(PositionReply::Invalid(fault_codes(body.0.get("codes"), d)?))
        }
        Err((kind, message, _)) => Err(ReplyError::Refused { kind, message }),
    }
}

/// The known reason codes, and a fault for each unknown one (the verdict
/// stands beside them).
fn reasons(f: &Fields, d: Declared) -> Result<(ReasonSet, Vec<ProtocolFault>), ProtocolFault> {
    f.undeclared("codes", d, Capability::ErrorCodes)?;
    if !d.caps.has(Capability::ErrorCodes) {
        return Ok((ReasonSet::EMPTY, Vec::new()));
    }
    let mut set = ReasonSet::EMPTY;
    let mut unknown = Vec::new();
    for code in f.strings("codes")? {
        match Reason::from_code(code) {
            Some(r) => set.insert(r),
            None => unknown.push(ProtocolFault::UnknownReason { code: clip(code) }),
        }
    }
    Ok((set, unknown))
}

fn kinds(v: &Value) -> Result<CaptureKinds, ProtocolFault> {
    let Value::Object(m) = v else {
        return Err(wrong(
            "capture_kinds",
            "an object with `encircled`, `echo` and optionally `move`",
            v,
        ));
    };
    let k = Fields(m.clone());
    let by_move = match k.get("move") {
        None => None,
        Some(m) => Some(cell(
            "capture_kinds.move",
            m.as_str()
                .ok_or_else(|| wrong("capture_kinds.move", "a cell name", m))?,
        )?),
    };
    let list = |field: &'static str, name: &'static str| -> Result<CellSet, ProtocolFault> {
        cells(
            field,
            k.get(name).ok_or(ProtocolFault::MissingField { field })?,
        )
    };
    Ok(CaptureKinds {
        by_move,
        encircled: list("capture_kinds.encircled", "encircled")?,
        echo: list("capture_kinds.echo", "echo")?,
    })
}

/// A reply to `play` read, with the faults found beside a clear verdict
/// (a reason code that is not one of the rules reference's): the verdict
/// stands and is judged, the reasons are the known codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRead {
    /// The verdict and what comes with it.
    pub reply: PlayReply,
    /// Faults beside the verdict.
    pub beside: Vec<ProtocolFault>,
}

/// Read the reply to `play`, refusing a fault beside its verdict too.
pub fn play(line: &str, id: u64, d: impl Into<Declared>) -> Read<PlayReply> {
    let read = play_read(line, id, d)?;
    match read.beside.into_iter().next() {
        Some(fault) => Err(fault.into()),
        None => Ok(read.reply),
    }
}

/// Read the reply to `play`, a fault beside a clear verdict kept apart.
pub fn play_read(line: &str, id: u64, d: impl Into<Declared>) -> Read<PlayRead> {
    let d = d.into();
    let caps = d.caps;
    let f = ok(line, id)?;
    if !f.bool("legal")? {
        for field in ["position", "captured", "capture_kinds"] {
            if f.get(field).is_some() {
                return Err(ProtocolFault::Inconsistent {
                    what: format!("an illegal turn with `{field}`"),
                }
                .into());
            }
        }
        let (set, beside) = reasons(&f, d)?;
        return Ok(PlayRead {
            reply: PlayReply::Illegal(set),
            beside,
        });
    }
    if f.get("codes").is_some() {
        return Err(ProtocolFault::Inconsistent {
            what: "a legal turn with reason `codes`".into(),
        }
        .into());
    }
    let position = position(f.string("position")?)?;
    f.undeclared("captured", d, Capability::Captures)?;
    f.undeclared("capture_kinds", d, Capability::CaptureKinds)?;
    let captured = match caps.has(Capability::Captures) {
        true => Some(cells("captured", f.required("captured")?)?),
        false => None,
    };
    let kinds = match caps.has(Capability::CaptureKinds) {
        true => Some(kinds(f.required("capture_kinds")?)?),
        false => None,
    };
    if let (Some(all), Some(k)) = (captured, kinds) {
        if k.all() != all {
            return Err(ProtocolFault::Inconsistent {
                what: "`captured` and `capture_kinds` name different cells".into(),
            }
            .into());
        }
    }
    Ok(PlayRead {
        reply: PlayReply::Legal(Played {
            position,
            captured,
            kinds,
        }),
        beside: Vec::new(),
    })
}

/// Read the reply to `legal`: the turns as listed. A turn listed more than
/// once is read as it is: the list is a set (N1), so a repeat is a rule
/// difference the oracle names, not a protocol fault.
pub fn legal(line: &str, id: u64) -> Read<Vec<Turn>> {
    let line = line.trim();
    if let Some(texts) = super::quick::legal_texts(line, id) {
        return legal_turns(&texts);
    }
    let f = ok(line, id)?;
    legal_turns(&f.strings("turns")?)
}

/// The listed turns read, repeats kept (the oracle names them).
fn legal_turns(texts: &[&str]) -> Read<Vec<Turn>> {
    let mut out = Vec::with_capacity(texts.len());
    for text in texts {
        out.push(turn("turns", text)?);
    }
    Ok(out)
}

/// Read the reply to `perft`.
pub fn perft(line: &str, id: u64) -> Read<u64> {
    Ok(ok(line, id)?.u64("nodes")?)
}

/// Read the reply to `divide`: each first turn with its count, as listed
/// (a turn listed twice is a rule difference the perft bisection names, as
/// in `legal`).
pub fn divide(line: &str, id: u64) -> Read<Vec<(Turn, u64)>> {
    let f = ok(line, id)?;
    let v = f.required("divide")?;
    let list = v
        .as_array()
        .ok_or_else(|| wrong("divide", "a list of [turn, count] pairs", v))?;
    let mut out = Vec::new();
    for (i, item) in list.iter().enumerate() {
        let pair = item.as_array().filter(|p| p.len() == 2);
        let (Some(text), Some(n)) = (
            pair.and_then(|p| p.first()).and_then(Value::as_str),
            pair.and_then(|p| p.get(1)).and_then(Value::as_u64),
        ) else {
            return Err(wrong_item("divide", i, "a [turn, count] pair", item).into());
        };
        out.push((turn("divide", text)?, n));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "..../...../....../......./....../...../.... x 0 x:r7c3k0u0l6 o:r7c3k0u0l6";
    const AFTER: &str =
        "..../...../....../....1.../..x.../...../.... o 1 x:r6c3k0u1l6P o:r7c3k0u0l6";

    fn fault<T: std::fmt::Debug>(r: Read<T>) -> ProtocolFault {
        match r {
            Err(ReplyError::Fault(f)) => f,
            other => panic!("expected a protocol fault, got {other:?}"),
        }
    }

    #[test]
    fn a_good_play_reply_reads_into_types() {
        let line = format!(
            r#"{{"id":2,"ok":true,"legal":true,"position":"{AFTER}","captured":[],"capture_kinds":{{"encircled":[],"echo":[]}}}}"#
        );
        let PlayReply::Legal(p) = play(&line, 2, Capabilities::ALL).unwrap() else {
            panic!()
        };
        assert_eq!(p.position, Setup::from_notation(AFTER).unwrap());
        assert_eq!(p.captured, Some(CellSet::EMPTY));
        assert_eq!(p.kinds, Some(CaptureKinds::default()));
    }

    #[test]
    fn unknown_cells_are_protocol_errors() {
        let line = format!(
            r#"{{"id":2,"ok":true,"legal":true,"position":"{AFTER}","captured":[],"capture_kinds":{{"encircled":["not-a-cell","zz"],"echo":[]}}}}"#
        );
        assert_eq!(
            fault(play(&line, 2, Capabilities::ALL)),
            ProtocolFault::UnknownCell {
                field: "capture_kinds.encircled",
                text: "not-a-cell".into()
            }
        );
        let line =
            format!(r#"{{"id":2,"ok":true,"legal":true,"position":"{AFTER}","captured":["h9"]}}"#);
        let caps = Capabilities::NONE.with(Capability::Captures);
        assert!(matches!(
            fault(play(&line, 2, caps)),
            ProtocolFault::UnknownCell { .. }
        ));
    }

    #[test]
    fn missing_and_undeclared_fields_are_protocol_errors() {
        let bare = format!(r#"{{"id":2,"ok":true,"legal":true,"position":"{AFTER}"}}"#);
        assert!(play(&bare, 2, Capabilities::NONE).is_ok());
        assert_eq!(
            fault(play(&bare, 2, Capabilities::ALL)),
            ProtocolFault::MissingField { field: "captured" }
        );
        let with =
            format!(r#"{{"id":2,"ok":true,"legal":true,"position":"{AFTER}","captured":[]}}"#);
        assert_eq!(
            fault(play(&with, 2, Capabilities::NONE)),
            ProtocolFault::UndeclaredField {
                field: "captured",
                capability: Capability::Captures
            }
        );
        assert_eq!(
            fault(play(r#"{"id":2,"ok":true}"#, 2, Capabilities::NONE)),
            ProtocolFault::MissingField { field: "legal" }
        );
        assert_eq!(
            fault(play(
                r#"{"id":2,"ok":true,"legal":false}"#,
                2,
                Capabilities::ALL
            )),
            ProtocolFault::MissingField { field: "codes" }
        );
    }

    #[test]
    fn wrong_ids_and_non_json_are_protocol_errors() {
        assert!(matches!(
            fault(perft(r#"{"id":"5","ok":true,"nodes":3}"#, 5)),
            ProtocolFault::WrongId { .. }
        ));
        assert!(matches!(
            fault(perft(r#"{"id":4,"ok":true,"nodes":3}"#, 5)),
            ProtocolFault::WrongId { expected: 5, .. }
        ));
        assert!(matches!(
            fault(perft("debug: thinking", 5)),
            ProtocolFault::NotJson { .. }
        ));
        assert!(matches!(
            fault(perft("[1,2]", 5)),
            ProtocolFault::NotJson { .. }
        ));
        assert!(matches!(
            fault(perft(r#"{"id":5,"ok":true,"nodes":-1}"#, 5)),
            ProtocolFault::WrongType { field: "nodes", .. }
        ));
    }

    #[test]
    fn positions_must_read_and_be_canonical() {
        assert!(position(START).is_ok());
        assert!(matches!(
            position("..../...../ x 0"),
            Err(ProtocolFault::UnreadablePosition { .. })
        ));
        let line = format!(
            r#"{{"id":1,"ok":true,"legal":true,"position":"{}"}}"#,
            START.replace("x 0", "x 00")
        );
        assert!(matches!(
            fault(play(&line, 1, Capabilities::NONE)),
            ProtocolFault::NonCanonicalPosition { .. } | ProtocolFault::UnreadablePosition { .. }
        ));
    }

    #[test]
    fn duplicate_turns_are_read_and_unknown_codes_are_protocol_errors() {
        // A repeat is read as listed: the oracle names it (N1), it is no
        // protocol fault.
        let c3 = Turn::parse("c3 +d4").unwrap();
        assert_eq!(
            legal(r#"{"id":1,"ok":true,"turns":["c3 +d4","c3  +d4"]}"#, 1).unwrap(),
            [c3, c3]
        );
        let d4 = Turn::parse("d4").unwrap();
        let listed = legal(
            r#"{"id":1,"ok":true,"turns":["d4","c3 +d4","skip","d4 "]}"#,
            1,
        )
        .unwrap();
        assert_eq!(listed.iter().filter(|t| **t == d4).count(), 2);
        assert_eq!(
            divide(r#"{"id":1,"ok":true,"divide":[["d4",3],["d4",3]]}"#, 1).unwrap(),
            [(d4, 3), (d4, 3)]
        );
        assert!(legal(r#"{"id":1,"ok":true,"turns":["skip","d4","c3 +d4"]}"#, 1).is_ok());
        assert!(matches!(
            fault(legal(r#"{"id":1,"ok":true,"turns":["c3 +d4","zz"]}"#, 1)),
            ProtocolFault::UnreadableTurn { .. }
        ));
        assert_eq!(
            fault(play(
                r#"{"id":1,"ok":true,"legal":false,"codes":["too-far"]}"#,
                1,
                Capabilities::ALL
            )),
            ProtocolFault::UnknownReason {
                code: "too-far".into()
            }
        );
        let invalid = r#"{"id":1,"ok":false,"error":{"kind":"invalid-position","message":"","codes":["stone-count","bogus"]}}"#;
        assert!(matches!(
            position_reply(invalid, 1, Capabilities::ALL),
            Err(ReplyError::Fault(ProtocolFault::UnknownFault { .. }))
        ));
    }

    #[test]
    fn the_handshake_lists_unknown_capabilities_with_their_nearest_name() {
        let h = hello(
            r#"{"id":0,"ok":true,"protocol":1,"engine":{"name":"e","version":"1"},"capabilities":["legal-turns","perft"]}"#,
            0,
        )
        .unwrap();
        assert_eq!(h.capabilities, Capabilities::NONE.with(Capability::Perft));
        assert_eq!(
            h.unknown,
            [("legal-turns".to_string(), Some(Capability::LegalTurns))]
        );
    }

    #[test]
    fn a_handshake_without_capabilities_declares_none() {
        let h = hello(
            r#"{"id":0,"ok":true,"protocol":1,"engine":{"name":"e","version":"1"}}"#,
            0,
        )
        .unwrap();
        assert_eq!(h.capabilities, Capabilities::NONE);
        assert!(h.unknown.is_empty());
        assert!(!h.pipelining, "pipelining left out is no pipelining");
        let with = |v: &str| {
            hello(
                &format!(
                    r#"{{"id":0,"ok":true,"protocol":1,"engine":{{"name":"e","version":"1"}},"pipelining":{v}}}"#
                ),
                0,
            )
        };
        assert_eq!(with("true").map(|h| h.pipelining), Ok(true));
        assert_eq!(with("false").map(|h| h.pipelining), Ok(false));
        assert!(matches!(
            fault(with("\"yes\"")),
            ProtocolFault::WrongType {
                field: "pipelining",
                ..
            }
        ));
        // Name and version are required.
        assert_eq!(
            fault(hello(
                r#"{"id":0,"ok":true,"protocol":1,"engine":{"name":"e"},"capabilities":[]}"#,
                0
            )),
            ProtocolFault::MissingField { field: "version" }
        );
        // A list that is there must be one of strings.
        assert!(matches!(
            fault(hello(
                r#"{"id":0,"ok":true,"protocol":1,"engine":{"name":"e","version":"1"},"capabilities":"perft"}"#,
                0
            )),
            ProtocolFault::WrongType {
                field: "capabilities",
                ..
            }
        ));
    }

    #[test]
    fn text_the_engine_wrote_is_cut_in_faults_and_names() {
        let long = "z".repeat(10_000);
        let cut = format!("{}…", "z".repeat(SHOWN_CHARS));
        let line =
            format!(r#"{{"id":1,"ok":false,"error":{{"kind":"bad-turn","message":"{long}"}}}}"#);
        assert_eq!(
            play(&line, 1, Capabilities::ALL),
            Err(ReplyError::Refused {
                kind: ErrorKind::BadTurn,
                message: cut.clone()
            })
        );
        let line = format!(r#"{{"id":1,"ok":false,"error":{{"kind":"{long}"}}}}"#);
        assert_eq!(
            fault(play(&line, 1, Capabilities::ALL)),
            ProtocolFault::UnknownErrorKind { kind: cut.clone() }
        );
        let line = format!(r#"{{"id":1,"ok":true,"legal":false,"codes":["{long}"]}}"#);
        assert_eq!(
            fault(play(&line, 1, Capabilities::ALL)),
            ProtocolFault::UnknownReason { code: cut.clone() }
        );
        let line = format!(r#"{{"id":1,"ok":true,"turns":["{long}"]}}"#);
        let ProtocolFault::UnreadableTurn { text, .. } = fault(legal(&line, 1)) else {
            panic!()
        };
        assert_eq!(text, cut);
        let line = format!(
            r#"{{"id":0,"ok":true,"protocol":1,"engine":{{"name":"{long}","version":"{long}"}},"capabilities":["{long}"]}}"#
        );
        let h = hello(&line, 0).unwrap();
        let name = format!("{}…", "z".repeat(NAME_CHARS));
        assert_eq!((&h.name, &h.version), (&name, &name));
        assert_eq!(h.unknown[0].0, name);
    }

    #[test]
    fn a_bad_item_of_a_list_is_shown_not_the_whole_list() {
        let many: Vec<String> = (0..300).map(|i| format!("\"t{i}\"")).collect();
        let line = format!(r#"{{"id":1,"ok":true,"turns":[{},7]}}"#, many.join(","));
        assert_eq!(
            fault(legal(&line, 1)),
            ProtocolFault::WrongItem {
                field: "turns",
                item: 301,
                expected: "a string",
                got: "7".into()
            }
        );
        let line = r#"{"id":1,"ok":true,"divide":[["c3 +d4",1],["c3 +d5"]]}"#;
        let f = fault(divide(line, 1));
        assert_eq!(
            f.to_string(),
            r#"item 2 of `divide` should be a [turn, count] pair, found ["c3 +d5"]"#
        );
    }

    #[test]
    fn refusals_carry_their_kind() {
        let r = play(
            r#"{"id":1,"ok":false,"error":{"kind":"bad-turn","message":"what?"}}"#,
            1,
            Capabilities::ALL,
        );
        assert_eq!(
            r,
            Err(ReplyError::Refused {
                kind: ErrorKind::BadTurn,
                message: "what?".into()
            })
        );
        assert!(matches!(
            fault(play(
                r#"{"id":1,"ok":false,"error":{"kind":"oops"}}"#,
                1,
                Capabilities::ALL
            )),
            ProtocolFault::UnknownErrorKind { .. }
        ));
    }
}
