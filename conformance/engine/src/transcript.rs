//! A bounded record of the requests sent to an engine process and the
//! replies it gave, one fixture at a time, so that a failing fixture's
//! exchange can be written out and replayed (`run --transcript`).

/// The most bytes of requests and replies kept for one fixture; past it the
/// record stops and says it was cut.
pub const MAX_TRANSCRIPT_BYTES: usize = 16 * 1024 * 1024;

/// One request line and the reply line it got (none: the engine crashed,
/// hung or the run stopped before it answered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The request line as sent.
    pub request: String,
    /// The reply line as received.
    pub reply: Option<String>,
}

/// The exchange of one fixture with an engine process.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    /// The handshake that opened the process, when the fixture's own
    /// requests do not begin with one (a replay must start with it).
    pub handshake: Option<Exchange>,
    /// The fixture's requests and replies, in order.
    pub exchanges: Vec<Exchange>,
    /// Whether the record was cut at [`MAX_TRANSCRIPT_BYTES`].
    pub cut: bool,
}

impl Transcript {
    /// Every exchange a replay needs, the handshake first.
    pub fn all(&self) -> impl Iterator<Item = &Exchange> {
        self.handshake.iter().chain(self.exchanges.iter())
    }
}

/// What an engine client records while a fixture runs; nothing at all
/// unless [`Recorder::begin`] was called.
#[derive(Debug, Default)]
pub struct Recorder {
    current: Option<Transcript>,
    bytes: usize,
}

impl Recorder {
    /// Start recording a fixture's exchange (dropping any unfinished one).
    pub fn begin(&mut self) {
        self.current = Some(Transcript::default());
        self.bytes = 0;
    }

    /// Note one request and its reply, if recording.
    pub fn note(&mut self, request: &str, reply: Option<&str>) {
        let Some(t) = self.current.as_mut() else {
            return;
        };
        if t.cut {
            return;
        }
        let size = request.len() + reply.map_or(0, str::len);
        if self.bytes + size > MAX_TRANSCRIPT_BYTES {
            t.cut = true;
            return;
        }
        self.bytes += size;
        t.exchanges.push(Exchange {
            request: request.to_owned(),
            reply: reply.map(str::to_owned),
        });
    }

    /// End recording: the fixture's exchange, opened by `handshake` when it
    /// does not begin with a handshake of its own.
    pub fn take(&mut self, handshake: Option<&Exchange>) -> Option<Transcript> {
        let mut t = self.current.take()?;
        let opens = t
            .exchanges
            .first()
            .is_some_and(|e| e.request.contains("\"cmd\":\"hello\""));
        if !opens {
            t.handshake = handshake.cloned();
        }
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_kept_unless_begun_and_a_replay_opens_with_the_handshake() {
        let mut r = Recorder::default();
        r.note("a", Some("b"));
        let hello = Exchange {
            request: r#"{"id":1,"cmd":"hello","protocol":1}"#.into(),
            reply: Some("h".into()),
        };
        assert_eq!(r.take(Some(&hello)), None);
        r.begin();
        r.note("a", Some("b"));
        r.note("c", None);
        let t = r.take(Some(&hello)).unwrap();
        let lines: Vec<&str> = t.all().map(|e| e.request.as_str()).collect();
        assert_eq!(lines, [hello.request.as_str(), "a", "c"]);
        assert_eq!(t.exchanges[1].reply, None);
        r.begin();
        r.note(&hello.request, Some("h"));
        assert_eq!(r.take(Some(&hello)).unwrap().handshake, None);
    }

    #[test]
    fn a_huge_exchange_is_cut() {
        let mut r = Recorder::default();
        r.begin();
        let big = "x".repeat(MAX_TRANSCRIPT_BYTES / 2 + 1);
        r.note(&big, None);
        r.note(&big, None);
        let t = r.take(None).unwrap();
        assert!(t.cut);
        assert_eq!(t.exchanges.len(), 1);
    }
}
