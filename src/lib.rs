//! `wtf_enc`: the [WHATWG Encoding Standard](https://encoding.spec.whatwg.org/), exactly, as
//! streaming buffer-to-buffer decoders and encoders.
//!
//! Bytes in any of the standard's 40 encodings decode to UTF-8; UTF-8 encodes to bytes. Every
//! decoder and encoder is resumable at any byte (any split of the input gives the output of the
//! whole), never allocates, and reports errors precisely; the standard's error modes
//! (replacement and fatal for decoding, fatal and html for encoding) are applied by one shared
//! layer, [`Decoder`] and [`Encoder`].
//!
//! ```
//! use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};
//!
//! let encoding = Encoding::for_label("latin1").unwrap();
//! assert_eq!(encoding, Encoding::Windows1252);
//!
//! let mut text = Vec::new();
//! encoding.new_decoder(DecoderErrorMode::Replacement).decode_to_vec(b"na\xEFve", &mut text, true);
//! assert_eq!(String::from_utf8(text).unwrap(), "naïve");
//!
//! let mut bytes = Vec::new();
//! let mut encoder = encoding.new_encoder(EncoderErrorMode::Html).unwrap();
//! encoder.encode_to_vec("naïve ☃", &mut bytes, true);
//! assert_eq!(bytes, b"na\xEFve &#9731;");
//! ```
//!
//! To run whole files or pipes through a codec with bounded memory, BOM handling and error
//! positions (byte offset, line and column), use the [`stream`] module.

#![warn(missing_docs)]

mod codec;
mod decode;
pub mod detect;
mod encode;
mod encoding;
pub mod stream;

pub use codec::utf8::{Utf8Check, check_utf8};
pub use codec::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, Malformed, Unmappable};
pub use decode::{Decoder, DecoderErrorMode};
pub use encode::{Encoder, EncoderErrorMode, NoEncoder};
pub use encoding::Encoding;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
