//! How to decode a stream: the encoding, the error mode, and what to do with a byte order mark.

use crate::{DecoderErrorMode, Encoding};

/// What a decode stream does with a byte order mark at the start of its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BomHandling {
    /// The standard's *decode*: a UTF-8, UTF-16BE or UTF-16LE BOM overrides the given encoding
    /// and is removed.
    Sniff,
    /// What `TextDecoder` does: the given encoding decides, and a BOM of that same encoding is
    /// removed.
    Strip,
    /// `TextDecoder` with `ignoreBOM`: the given encoding decides and BOM bytes are decoded like
    /// any others (to U+FEFF for the encoding's own BOM).
    Keep,
}

/// How to decode a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeOptions {
    /// The encoding (a BOM may override it, see [`BomHandling::Sniff`]).
    pub encoding: Encoding,
    /// Replacement or fatal.
    pub mode: DecoderErrorMode,
    /// What to do with a byte order mark.
    pub bom: BomHandling,
}
