//! Streaming: bytes from a [`Read`](std::io::Read) through a decoder or encoder to a
//! [`Write`](std::io::Write), with fixed buffers, byte order mark handling, error modes, and the
//! position of every reported error.
//!
//! Memory stays bounded whatever the input size: each stream works in the two buffers of a
//! [`Buffers`], which can be reused from one stream to the next. Input may arrive in pieces of
//! any size (a pipe may deliver one byte at a time); the output is the same as for the whole
//! input at once. Valid UTF-8 being decoded as UTF-8 goes straight from the input buffer to the
//! writer without being copied.
//!
//! Errors carry a [`Position`]: the byte offset in the stream, and the line and column in the
//! text (decoded text for decoding, the input text for encoding). Lines are counted only when an
//! error can be reported (fatal mode), so replacement and html streams pay nothing for them.
//!
//! ```
//! use wtf_enc::stream::{self, BomHandling, Buffers, DecodeOptions, StreamError};
//! use wtf_enc::{DecoderErrorMode, Encoding};
//!
//! let options = DecodeOptions {
//!     encoding: Encoding::Windows1252,
//!     mode: DecoderErrorMode::Fatal,
//!     bom: BomHandling::Sniff,
//! };
//! let mut buffers = Buffers::new();
//!
//! // A UTF-8 byte order mark overrides the label.
//! let mut out = Vec::new();
//! let done = stream::decode(&b"\xEF\xBB\xBFna\xC3\xAFve"[..], &mut out, &options, &mut buffers)
//!     .unwrap();
//! assert_eq!((out.as_slice(), done.encoding), ("naïve".as_bytes(), Encoding::Utf8));
//!
//! // Fatal mode reports where the first malformed sequence is.
//! let mut out = Vec::new();
//! let input = &b"\xEF\xBB\xBFok\r\nno \xE2\x82"[..];
//! match stream::decode(input, &mut out, &options, &mut buffers) {
//!     Err(StreamError::Malformed(e)) => assert_eq!(
//!         e.to_string(),
//!         "invalid UTF-8 byte sequence 0xE2 0x82 at byte 10 (line 2, column 4)"
//!     ),
//!     other => panic!("{other:?}"),
//! }
//! assert_eq!(out, b"ok\r\nno ");
//! ```
//!
//! The module is one file per concern: [`Buffers`] (buffers.rs), the options and errors
//! (options.rs, error.rs), the reading side with BOM handling (input.rs), the writing side
//! (output.rs), positions, lines and columns (position.rs), and one file per operation:
//! [`decode`], [`encode`], [`check`] and [`convert`]; [`detect`] reads a stream's head to pick
//! its encoding (`-e auto`) and hands back the whole stream for one of them.

mod buffers;
mod check;
mod convert;
mod decode;
mod detect;
mod encode;
mod error;
mod input;
mod options;
mod output;
mod position;

pub use buffers::{Buffers, DEFAULT_INPUT_SIZE};
pub use check::{Checked, check};
pub use convert::{Converted, convert};
pub use decode::{Decoded, decode, decode_with};
pub use detect::{Replay, detect};
pub use encode::{Encoded, encode};
pub use error::{MalformedInput, StreamError, UnmappableChar};
pub use input::{InMemory, Source};
pub use options::{BomHandling, DecodeOptions};
pub use position::Position;

/// What replacement mode writes for a malformed sequence.
const REPLACEMENT_CHARACTER: &str = "\u{FFFD}";

#[cfg(test)]
mod tests;
