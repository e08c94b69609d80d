//! Detection: which encoding some bytes are in, when nothing outside them says so.
//!
//! The answer rests on evidence taken in a fixed order of authority, each a named step; the
//! first step that decides wins:
//!
//! 1. **Byte order mark** ([`Source::Bom`]): `EF BB BF`, `FE FF` or `FF FE` at the start
//!    decides, as the standard's "BOM sniff" does. Confidence 1.
//! 2. **Declarations** ([`Source::Declaration`]): the HTML Standard's "prescan a byte stream
//!    to determine its encoding" over the first 1024 bytes (`<meta charset>`, `<meta
//!    http-equiv="Content-Type" content="...; charset=...">`), then an XML declaration
//!    (`<?xml ... encoding="..."?>`) at the very start. They are consulted when
//!    [`DetectOptions::declarations`] asks: always ([`Declarations::Force`]), never
//!    ([`Declarations::Ignore`]) or, by default, when the head looks like markup
//!    ([`Declarations::Auto`]: its first byte that is not ASCII whitespace is `<`). A label
//!    that names no encoding, or names `replacement`, is ignored and reported in
//!    [`Guess::ignored_declaration`].
//! 3. **Structure** ([`Source::Structure`], [`Source::Ascii`]): UTF-16 without a BOM (the NUL
//!    bytes of Latin text in every other position, with valid surrogate pairs); binary data
//!    (NUL bytes otherwise, many control bytes, or a binary file signature: then the answer
//!    is [`Outcome::Binary`], never a legacy guess); ISO-2022-JP (its escape sequences in
//!    otherwise 7-bit data that decodes without error); valid UTF-8 with non-ASCII content;
//!    pure ASCII, reported as UTF-8 with [`Source::Ascii`] since every ASCII-compatible
//!    encoding decodes it the same.
//! 4. **Statistics** ([`Source::Statistics`]): the legacy encodings ranked by how well the
//!    decoded text reads as language, tie-broken by an optional regional [`Hint`].
//!
//! The decision is a pure function of the *head* (the first [`DetectOptions::max_bytes`]
//! bytes) and of whether the input ended inside it, so a [`Detector`] fed in any pieces
//! answers exactly as [`detect`] on the whole. No step ever answers `replacement`.
//!
//! ```
//! use wtf_enc::Encoding;
//! use wtf_enc::detect::{DetectOptions, Outcome, Source, detect};
//!
//! let options = DetectOptions::default();
//! let Outcome::Guess(guess) = detect(b"<meta charset=koi8-r>\xF0\xD2\xC9", &options) else {
//!     panic!("a declaration decides");
//! };
//! assert_eq!((guess.encoding, guess.source), (Encoding::Koi8R, Source::Declaration));
//! assert_eq!(guess.evidence, "meta charset");
//!
//! assert_eq!(detect(b"", &options), Outcome::Empty);
//! assert_eq!(detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", &options), Outcome::Binary);
//! ```

mod binary;
mod bom;
mod declaration;
mod prescan;
mod statistics;
mod structure;
mod xml_declaration;

pub use statistics::{Candidate, Hint};

/// The statistics step alone, for the model's evaluation example (`examples/detect-eval.rs`).
#[doc(hidden)]
pub use statistics::rank_statistics;

use crate::{DecodeStatus, DecoderErrorMode, Encoding, Utf8Check, check_utf8};

/// How much of an input [`DetectOptions::default`] looks at: 64 KiB.
pub const DEFAULT_MAX_BYTES: usize = 64 * 1024;

/// When the declarations step (HTML prescan and XML declaration) is consulted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Declarations {
    /// When the head looks like markup: its first byte that is not ASCII whitespace (TAB, LF,
    /// FF, CR, SPACE) is `<`.
    #[default]
    Auto,
    /// Always, whatever the head looks like (`wtf-enc detect --html`).
    Force,
    /// Never (`wtf-enc detect --no-declarations`).
    Ignore,
}

/// What [`detect`] and [`Detector`] look at and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DetectOptions {
    /// How many bytes from the start the decision rests on; 0 means all of the input. Default
    /// [`DEFAULT_MAX_BYTES`].
    pub max_bytes: usize,
    /// When declarations are consulted. Default [`Declarations::Auto`].
    pub declarations: Declarations,
    /// A region hint that breaks ties between legacy encodings. Default none.
    pub hint: Option<Hint>,
}

impl Default for DetectOptions {
    fn default() -> DetectOptions {
        DetectOptions {
            max_bytes: DEFAULT_MAX_BYTES,
            declarations: Declarations::Auto,
            hint: None,
        }
    }
}

/// Which kind of evidence a [`Guess`] rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A byte order mark.
    Bom,
    /// A `<meta>` or XML declaration naming the encoding.
    Declaration,
    /// The bytes' structure: UTF-8, UTF-16 or ISO-2022-JP that could hardly be anything else.
    Structure,
    /// The statistical model of the legacy encodings.
    Statistics,
    /// The head is pure ASCII, which every ASCII-compatible encoding decodes the same.
    Ascii,
}

impl Source {
    /// The lowercase word for this source, as `wtf-enc detect --json` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Source::Bom => "bom",
            Source::Declaration => "declaration",
            Source::Structure => "structure",
            Source::Statistics => "statistics",
            Source::Ascii => "ascii",
        }
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An answer: the encoding, how sure, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Guess {
    /// The encoding; never `replacement`.
    pub encoding: Encoding,
    /// How sure, from 0.0 to 1.0.
    pub confidence: f32,
    /// The kind of evidence.
    pub source: Source,
    /// The evidence in words, e.g. "meta charset", "XML declaration", "UTF-8 byte order
    /// mark", "valid UTF-8", "ISO-2022-JP escape sequences".
    pub evidence: String,
    /// The next best encodings, best first (from the statistics step; empty otherwise).
    pub alternatives: Vec<Candidate>,
    /// A declared label that was ignored because it names no encoding or names
    /// `replacement`, as written (lowercased by the prescan), for a verbose report.
    pub ignored_declaration: Option<String>,
}

impl Guess {
    fn new(encoding: Encoding, confidence: f32, source: Source, evidence: &str) -> Guess {
        Guess {
            encoding,
            confidence,
            source,
            evidence: evidence.to_owned(),
            alternatives: Vec::new(),
            ignored_declaration: None,
        }
    }
}

/// `Shift_JIS (confidence 0.93, from statistics of the decoded text)`: the encoding, the
/// confidence to two places, and the evidence, as `wtf-enc detect` and `-e auto -v` say it.
impl std::fmt::Display for Guess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (confidence {:.2}, from {})",
            self.encoding, self.confidence, self.evidence
        )
    }
}

/// The result of detection: a guess, or one of the cases where no encoding can be told.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// An encoding was found.
    Guess(Guess),
    /// The input is empty.
    Empty,
    /// The input looks like binary data, not text in any encoding.
    Binary,
}

/// Detection fed incrementally: [`Detector::feed`] the input in pieces of any size, then
/// [`Detector::finish`]. It keeps at most [`DetectOptions::max_bytes`] bytes.
///
/// ```
/// use wtf_enc::Encoding;
/// use wtf_enc::detect::{DetectOptions, Detector, Outcome, detect};
///
/// let text = "Grüße aus Köln".as_bytes();
/// let mut detector = Detector::new(DetectOptions::default());
/// for piece in text.chunks(3) {
///     detector.feed(piece);
/// }
/// let outcome = detector.finish();
/// assert_eq!(outcome, detect(text, &DetectOptions::default()));
/// let Outcome::Guess(guess) = outcome else { panic!() };
/// assert_eq!(guess.encoding, Encoding::Utf8);
/// ```
#[derive(Clone, Debug)]
pub struct Detector {
    options: DetectOptions,
    head: Vec<u8>,
    /// Input went on past the head.
    overflowed: bool,
}

impl Detector {
    /// A detector with nothing fed yet.
    pub fn new(options: DetectOptions) -> Detector {
        Detector {
            options,
            head: Vec::new(),
            overflowed: false,
        }
    }

    /// Adds the next piece of input. Bytes past the head are only noted as "the input goes
    /// on", never kept.
    pub fn feed(&mut self, chunk: &[u8]) {
        let room = match self.options.max_bytes {
            0 => chunk.len(),
            max => max - self.head.len(),
        };
        let (kept, rest) = chunk.split_at(room.min(chunk.len()));
        self.head.extend_from_slice(kept);
        self.overflowed |= !rest.is_empty();
    }

    /// Whether the decision is fixed: more than `max_bytes` bytes were fed, so the head is
    /// full and the input is known to go on. A reader may stop feeding then.
    pub fn is_full(&self) -> bool {
        self.overflowed
    }

    /// The decision on everything fed, the input having ended there or (if
    /// [`Detector::is_full`]) going on past the head.
    pub fn finish(&self) -> Outcome {
        decide(&self.head, !self.overflowed, &self.options)
    }
}

/// Detects the encoding of `bytes` in one call: the same as feeding them to a [`Detector`].
pub fn detect(bytes: &[u8], options: &DetectOptions) -> Outcome {
    let (head, complete) = match options.max_bytes {
        0 => (bytes, true),
        max if bytes.len() > max => (&bytes[..max], false),
        _ => (bytes, true),
    };
    decide(head, complete, options)
}

/// Every step in order of authority. `complete` says the input ends with `head`.
fn decide(head: &[u8], complete: bool, options: &DetectOptions) -> Outcome {
    if head.is_empty() {
        return Outcome::Empty;
    }
    if let Some(guess) = bom::byte_order_mark(head) {
        return Outcome::Guess(guess);
    }
    let mut ignored_declaration = None;
    if declaration::applies(head, options.declarations) {
        let declared = declaration::declared_encoding(head, complete);
        if let Some(guess) = declared.guess {
            return Outcome::Guess(guess);
        }
        ignored_declaration = declared.ignored;
    }
    let outcome = match structure::structure(head, complete) {
        structure::Structure::Decided(guess) => Outcome::Guess(guess),
        structure::Structure::Binary => Outcome::Binary,
        structure::Structure::Undecided => statistics_guess(head, complete, options.hint),
    };
    match outcome {
        Outcome::Guess(mut guess) => {
            guess.ignored_declaration = ignored_declaration;
            Outcome::Guess(guess)
        }
        other => other,
    }
}

/// The statistics step: the model's best candidate, the others as alternatives.
fn statistics_guess(head: &[u8], complete: bool, hint: Option<Hint>) -> Outcome {
    // The model promises never to rank `replacement` or UTF-16; holding it to that here keeps
    // the promise of this module whatever model is plugged in.
    let mut ranked: Vec<Candidate> = statistics::rank(head, complete, hint)
        .into_iter()
        .filter(|c| {
            !matches!(
                c.encoding,
                Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le
            )
        })
        .collect();
    if ranked.is_empty() {
        // Unreachable with a model that keeps its promise; windows-1252 decodes any bytes.
        return Outcome::Guess(Guess::new(
            Encoding::Windows1252,
            0.0,
            Source::Statistics,
            "no candidate; windows-1252 decodes any bytes",
        ));
    }
    let best = ranked.remove(0);
    let mut guess = Guess::new(
        best.encoding,
        best.confidence,
        Source::Statistics,
        "statistics of the decoded text",
    );
    guess.alternatives = ranked;
    Outcome::Guess(guess)
}

/// Whether `bytes` decode in `encoding` without a malformed sequence; with `last` false, a
/// sequence cut off at the end is not one. Decodes into a small stack buffer: no allocation.
pub(crate) fn decodes_cleanly(encoding: Encoding, bytes: &[u8], last: bool) -> bool {
    if encoding == Encoding::Utf8 {
        return match check_utf8(bytes) {
            Utf8Check::Valid => true,
            Utf8Check::Incomplete { .. } => !last,
            Utf8Check::Malformed { .. } => false,
        };
    }
    let mut decoder = encoding.new_decoder(DecoderErrorMode::Fatal);
    let mut out = [0u8; 4096];
    let mut read = 0;
    loop {
        let r = decoder.decode_to_utf8(&bytes[read..], &mut out, last);
        read += r.read;
        match r.status {
            DecodeStatus::InputEmpty => return true,
            DecodeStatus::OutputFull => {}
            DecodeStatus::Malformed(_) => return false,
        }
    }
}
