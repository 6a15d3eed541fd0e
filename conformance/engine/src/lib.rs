//! The engine boundary: what the harness asks of an engine and what it gets
//! back, in the rules crate's types. Text (the notations, JSON) is read and
//! written only at the protocol's edges ([`ExternalEngine`] and [`serve`]);
//! everything else compares typed values.
//!
//! - [`Engine`]: the trait any engine build implements (in process) or is
//!   wrapped in (another process speaking `conformance/PROTOCOL.md`).
//! - [`ReferenceEngine`]: the reference rules, in process.
//! - [`ExternalEngine`]: an engine program driven through the protocol, with
//!   strict reply checking; misbehaviour comes back as an [`Incident`].
//! - [`serve`]: any [`Engine`] speaking the protocol on standard input and output.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod capability;
mod command;
mod external;
mod incident;
mod lines;
// The harness's own plumbing: public for its crates, not part of the
// stable surface (docs/api.md lists that).
#[doc(hidden)]
pub mod notation;
#[doc(hidden)]
pub mod pipeline;
#[doc(hidden)]
pub mod process;
#[doc(hidden)]
pub mod protocol;
#[doc(hidden)]
pub mod reaper;
mod reference;
mod serve;
#[cfg(unix)]
mod spin;
mod transcript;
mod transport;

pub use capability::{Capabilities, Capability};
pub use command::CommandError;
#[doc(hidden)]
pub use command::EngineCommand;
pub use external::{ExternalEngine, StartError};
#[doc(hidden)]
pub use incident::{shorten, NAME_CHARS, SHOWN_CHARS};
pub use incident::{Incident, IncidentKind, ProtocolFault};
#[doc(hidden)]
pub use pipeline::{one_at_a_time, Answer, Ask};
pub use process::{ProcessOptions, DEFAULT_TIMEOUT, JOBS_VARIABLE};
#[doc(hidden)]
pub use process::{RequestStats, SLOW_REQUEST};
pub use reference::{ReferenceEngine, REFERENCE_NAME};
#[doc(hidden)]
pub use serve::{answer, write_reply};
pub use serve::{serve, serve_stdio, MAX_SERVED_DEPTH};
pub use transcript::{Exchange, Transcript};
#[doc(hidden)]
pub use transcript::{Recorder, MAX_TRANSCRIPT_BYTES};
pub use transport::{InProcess, Transport};

/// The rules crate this crate is built with: use its types through this
/// path so an engine's adapter and the harness can never be two versions.
pub use hexodic_rules as rules;

use hexodic_rules::{Cell, CellSet, FaultCode, ReasonSet, Setup, TurnReport};

#[doc(hidden)]
/// Whether a core is left free when `jobs` engines run at once (replies
/// are then waited for by spinning, `engine/spin.rs`).
pub fn cores_free(jobs: usize) -> bool {
    #[cfg(unix)]
    {
        !spin::spin_for(jobs).is_zero()
    }
    #[cfg(not(unix))]
    {
        let _ = jobs;
        false
    }
}

/// Who an engine is and what it can do.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct EngineInfo {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// What it can do besides playing turns.
    pub capabilities: Capabilities,
}

impl EngineInfo {
    /// An engine called `name`, of `version`, with no capability besides
    /// setting positions and playing turns ([`EngineInfo::with`] adds them).
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> EngineInfo {
        EngineInfo {
            name: name.into(),
            version: version.into(),
            capabilities: Capabilities::NONE,
        }
    }

    /// The same engine with the capability `c` too.
    #[must_use]
    pub fn with(mut self, c: Capability) -> EngineInfo {
        self.capabilities = self.capabilities.with(c);
        self
    }

    /// The same engine with exactly the capabilities `all`.
    ///
    /// ```
    /// use hexodic_engine::{Capability, EngineInfo, ReferenceEngine, Engine};
    /// // An engine that plays as the reference does, under its own name.
    /// let info = EngineInfo::new("my-engine", "1.0.0")
    ///     .with_capabilities(ReferenceEngine::new().info().capabilities);
    /// assert!(info.capabilities.has(Capability::LegalTurns));
    /// ```
    #[must_use]
    pub fn with_capabilities(mut self, all: Capabilities) -> EngineInfo {
        self.capabilities = all;
        self
    }

    /// `name version`, or just `name` when the version is empty.
    ///
    /// ```
    /// use hexodic_engine::EngineInfo;
    /// let mut info = EngineInfo::new("my-engine", "2.3");
    /// assert_eq!(info.label(), "my-engine 2.3");
    /// info.version.clear();
    /// assert_eq!(info.label(), "my-engine");
    /// ```
    pub fn label(&self) -> String {
        match self.version.is_empty() {
            true => self.name.clone(),
            false => format!("{} {}", self.name, self.version),
        }
    }
}

/// The captures of one turn, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct CaptureKinds {
    /// The cell whose stone a Move captured (T6).
    #[serde(with = "crate::notation::opt")]
    pub by_move: Option<Cell>,
    /// Stones captured by encirclement (C1).
    #[serde(with = "crate::notation::one")]
    pub encircled: CellSet,
    /// Stones captured by the Echo-Capture group check (E4).
    #[serde(with = "crate::notation::one")]
    pub echo: CellSet,
}

impl CaptureKinds {
    /// The captures of a turn: the stone a Move took (T6), those taken by
    /// encirclement (C1) and by the Echo-Capture group check (E4).
    pub fn new(by_move: Option<Cell>, encircled: CellSet, echo: CellSet) -> CaptureKinds {
        CaptureKinds {
            by_move,
            encircled,
            echo,
        }
    }

    /// Every captured cell.
    pub fn all(&self) -> CellSet {
        let mut s = self.encircled | self.echo;
        if let Some(c) = self.by_move {
            s.insert(c);
        }
        s
    }
}

impl From<&TurnReport> for CaptureKinds {
    fn from(r: &TurnReport) -> CaptureKinds {
        CaptureKinds {
            by_move: r.move_capture,
            encircled: r.encircled,
            echo: r.echo_captured,
        }
    }
}

/// What an engine says about a turn it accepted.
///
/// ```
/// use hexodic_engine::{CaptureKinds, Played, PlayReply};
/// use hexodic_engine::rules::{Cell, CellSet, Setup};
/// let a1 = Cell::from_name("a1").unwrap();
/// let after = Setup::default(); // the position after the turn
/// let reply = PlayReply::Legal(
///     Played::new(after)
///         .with_kinds(CaptureKinds::new(None, CellSet::from_cell(a1), CellSet::EMPTY)),
/// );
/// let PlayReply::Legal(p) = reply else { unreachable!() };
/// assert_eq!(p.captured, Some(CellSet::from_cell(a1)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Played {
    /// The position after the turn (with its result when the game ended).
    /// Not necessarily a valid position: a wrong engine may report anything
    /// the notation can hold.
    pub position: Setup,
    /// The cells that lost a stone to capture (with [`Capability::Captures`]).
    pub captured: Option<CellSet>,
    /// The same by kind (with [`Capability::CaptureKinds`]).
    pub kinds: Option<CaptureKinds>,
}

impl Played {
    /// A turn played, leading to `position`, with no capture list (an
    /// engine without [`Capability::Captures`]).
    pub fn new(position: Setup) -> Played {
        Played {
            position,
            captured: None,
            kinds: None,
        }
    }

    /// The same with the cells that lost a stone to capture
    /// ([`Capability::Captures`]).
    #[must_use]
    pub fn with_captured(mut self, captured: CellSet) -> Played {
        self.captured = Some(captured);
        self
    }

    /// The same with the captures by kind ([`Capability::CaptureKinds`]),
    /// and every captured cell as the capture list.
    #[must_use]
    pub fn with_kinds(mut self, kinds: CaptureKinds) -> Played {
        self.captured = Some(kinds.all());
        self.kinds = Some(kinds);
        self
    }
}

/// An engine's answer to a turn. Its two variants are the protocol's two
/// answers to a turn; a new one would be a new protocol version, so the
/// enum is matched exhaustively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayReply {
    /// The turn was played.
    Legal(Played),
    /// The turn was rejected and the game is unchanged; the reasons (V2) are
    /// empty without [`Capability::ErrorCodes`].
    Illegal(ReasonSet),
}

/// An engine's answer to a position: the protocol's two answers, matched
/// exhaustively as [`PlayReply`] is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PositionReply {
    /// A fresh game starts from it (V1).
    Accepted,
    /// Not a valid position (V1); the fault codes, sorted, are empty without
    /// [`Capability::ErrorCodes`].
    Invalid(#[serde(with = "crate::notation::vec")] Vec<FaultCode>),
}

/// An engine's answer, or the incident that kept it from answering.
pub type EngineResult<T> = Result<T, Incident>;

/// A Hexodic engine as the harness drives it.
///
/// Implement it for your engine type to run the corpus from your own
/// `cargo test` (see the `suite` module), or serve it over the protocol with
/// [`serve`]. A method needing a capability the engine does not declare in
/// [`Engine::info`] is never called.
///
/// # Examples
///
/// ```
/// use hexodic_engine::{Engine, PlayReply, ReferenceEngine};
/// use hexodic_rules::{Setup, Turn};
///
/// let mut engine = ReferenceEngine::new();
/// engine.set_position(&Setup::default()).unwrap();
/// let reply = engine.play(Turn::parse("d4 +d4").unwrap()).unwrap();
/// // A first Place may not take the centre (T4).
/// let PlayReply::Illegal(reasons) = reply else { panic!() };
/// assert_eq!(reasons.iter().map(|r| r.code()).collect::<Vec<_>>(), ["place-centre-first"]);
/// ```
pub trait Engine {
    /// Name, version and capabilities.
    fn info(&self) -> EngineInfo;
    /// Start a fresh game whose history holds just this position (V1).
    /// The fault codes of an invalid position may come in any order.
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply>;
    /// Play a turn from the current position. The reason codes of an
    /// illegal turn and the captured cells may come in any order.
    fn play(&mut self, turn: hexodic_rules::Turn) -> EngineResult<PlayReply>;
    /// Every legal turn from the current position ([`Capability::LegalTurns`]),
    /// in any order (a set, N1: a turn listed twice is a difference);
    /// by default "not supported" ([`Incident::unsupported`]).
    fn legal_turns(&mut self) -> EngineResult<Vec<hexodic_rules::Turn>> {
        Err(Incident::unsupported(Capability::LegalTurns))
    }
    /// Perft (N1) from the current position ([`Capability::Perft`]); by
    /// default "not supported".
    fn perft(&mut self, _depth: u32) -> EngineResult<u64> {
        Err(Incident::unsupported(Capability::Perft))
    }
    /// Perft below each legal turn ([`Capability::Perft`]); by default "not
    /// supported".
    fn divide(&mut self, _depth: u32) -> EngineResult<Vec<(hexodic_rules::Turn, u64)>> {
        Err(Incident::unsupported(Capability::Perft))
    }
}

impl<E: Engine + ?Sized> Engine for &mut E {
    fn info(&self) -> EngineInfo {
        (**self).info()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        (**self).set_position(position)
    }
    fn play(&mut self, turn: hexodic_rules::Turn) -> EngineResult<PlayReply> {
        (**self).play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<hexodic_rules::Turn>> {
        (**self).legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        (**self).perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(hexodic_rules::Turn, u64)>> {
        (**self).divide(depth)
    }
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn info(&self) -> EngineInfo {
        (**self).info()
    }
    fn set_position(&mut self, position: &Setup) -> EngineResult<PositionReply> {
        (**self).set_position(position)
    }
    fn play(&mut self, turn: hexodic_rules::Turn) -> EngineResult<PlayReply> {
        (**self).play(turn)
    }
    fn legal_turns(&mut self) -> EngineResult<Vec<hexodic_rules::Turn>> {
        (**self).legal_turns()
    }
    fn perft(&mut self, depth: u32) -> EngineResult<u64> {
        (**self).perft(depth)
    }
    fn divide(&mut self, depth: u32) -> EngineResult<Vec<(hexodic_rules::Turn, u64)>> {
        (**self).divide(depth)
    }
}
