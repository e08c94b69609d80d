//! [`Decoder`]: any encoding's decoder with an error mode applied.

use crate::Encoding;
use crate::codec::{
    DecodeResult, DecodeStatus, Malformed, big5, euc_jp, euc_kr, gb18030, iso_2022_jp, replacement,
    shift_jis, single_byte, utf8, utf16, x_user_defined,
};

/// The standard's decoder error modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecoderErrorMode {
    /// Each malformed sequence becomes one U+FFFD.
    Replacement,
    /// Decoding stops at the first malformed sequence, which is reported.
    Fatal,
}

/// The raw decoder of each family. Dispatch happens once per call, never per byte.
#[derive(Clone, Debug)]
enum Raw {
    Utf8(utf8::Utf8Decoder),
    Utf16(utf16::Utf16Decoder),
    SingleByte(single_byte::SingleByteDecoder),
    XUserDefined(x_user_defined::XUserDefinedDecoder),
    Replacement(replacement::ReplacementDecoder),
    Gb18030(gb18030::Gb18030Decoder),
    Big5(big5::Big5Decoder),
    EucJp(euc_jp::EucJpDecoder),
    Iso2022Jp(iso_2022_jp::Iso2022JpDecoder),
    ShiftJis(shift_jis::ShiftJisDecoder),
    EucKr(euc_kr::EucKrDecoder),
}

impl Raw {
    fn new(encoding: Encoding) -> Raw {
        use Encoding::*;
        match encoding {
            Utf8 => Raw::Utf8(utf8::Utf8Decoder::new()),
            Utf16Be => Raw::Utf16(utf16::Utf16Decoder::new(true)),
            Utf16Le => Raw::Utf16(utf16::Utf16Decoder::new(false)),
            XUserDefined => Raw::XUserDefined(x_user_defined::XUserDefinedDecoder),
            Replacement => Raw::Replacement(replacement::ReplacementDecoder::new()),
            Gbk | Gb18030 => Raw::Gb18030(gb18030::Gb18030Decoder::new()),
            Big5 => Raw::Big5(big5::Big5Decoder::new()),
            EucJp => Raw::EucJp(euc_jp::EucJpDecoder::new()),
            Iso2022Jp => Raw::Iso2022Jp(iso_2022_jp::Iso2022JpDecoder::new()),
            ShiftJis => Raw::ShiftJis(shift_jis::ShiftJisDecoder::new()),
            EucKr => Raw::EucKr(euc_kr::EucKrDecoder::new()),
            single => Raw::SingleByte(single_byte::SingleByteDecoder::new(
                single_byte::table(single).expect("every other encoding is single-byte"),
            )),
        }
    }

    fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        match self {
            Raw::Utf8(d) => d.decode(src, dst, last),
            Raw::Utf16(d) => d.decode(src, dst, last),
            Raw::SingleByte(d) => d.decode(src, dst, last),
            Raw::XUserDefined(d) => d.decode(src, dst, last),
            Raw::Replacement(d) => d.decode(src, dst, last),
            Raw::Gb18030(d) => d.decode(src, dst, last),
            Raw::Big5(d) => d.decode(src, dst, last),
            Raw::EucJp(d) => d.decode(src, dst, last),
            Raw::Iso2022Jp(d) => d.decode(src, dst, last),
            Raw::ShiftJis(d) => d.decode(src, dst, last),
            Raw::EucKr(d) => d.decode(src, dst, last),
        }
    }
}

const REPLACEMENT_CHARACTER: &[u8] = "\u{FFFD}".as_bytes();

/// A decoder for one encoding with an error mode: bytes in, UTF-8 out, resumable at any byte.
///
/// It holds only a few bytes of state; the caller owns the buffers. Call
/// [`Decoder::decode_to_utf8`] with successive pieces of the input, `last` set on the final one
/// (which may be empty), until it returns [`DecodeStatus::InputEmpty`] for it.
///
/// ```
/// use wtf_enc::{DecodeStatus, DecoderErrorMode, Encoding};
///
/// let mut decoder = Encoding::Windows1252.new_decoder(DecoderErrorMode::Replacement);
/// let mut out = [0u8; 16];
/// let r = decoder.decode_to_utf8(b"caf\xE9 \x80", &mut out, true);
/// assert_eq!(r.status, DecodeStatus::InputEmpty);
/// assert_eq!(std::str::from_utf8(&out[..r.written]).unwrap(), "café €");
/// ```
#[derive(Clone, Debug)]
pub struct Decoder {
    raw: Raw,
    encoding: Encoding,
    mode: DecoderErrorMode,
    /// Bytes of a U+FFFD that did not fit in the last call's `dst`, written first in the next.
    pending: [u8; 3],
    pending_start: u8,
    pending_end: u8,
}

impl Decoder {
    /// The room in `dst` that guarantees a call makes progress: the longest UTF-8 character.
    pub const MIN_ROOM: usize = 4;

    /// A fresh decoder for `encoding` (the same as [`Encoding::new_decoder`]).
    pub fn new(encoding: Encoding, mode: DecoderErrorMode) -> Decoder {
        Decoder {
            raw: Raw::new(encoding),
            encoding,
            mode,
            pending: [0; 3],
            pending_start: 0,
            pending_end: 0,
        }
    }

    /// The encoding this decoder decodes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The error mode this decoder applies.
    pub fn mode(&self) -> DecoderErrorMode {
        self.mode
    }

    /// Decodes `src` into UTF-8 in `dst`. `last` says no input follows `src`, so any partial
    /// sequence held from earlier is an error.
    ///
    /// Returns how much was read and written and why it stopped. In fatal mode a malformed
    /// sequence stops it with [`DecodeStatus::Malformed`] after everything decoded before the
    /// sequence has been written; calling again with the unread rest of `src` goes on exactly
    /// where the standard's decoder goes on. In replacement mode it never returns `Malformed`.
    /// Any `dst` length works, even 0.
    pub fn decode_to_utf8(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let mut written = self.flush_pending(dst);
        if self.pending_start != self.pending_end {
            return DecodeResult::new(0, written, DecodeStatus::OutputFull);
        }
        let mut read = 0;
        loop {
            let r = self.raw.decode(&src[read..], &mut dst[written..], last);
            read += r.read;
            written += r.written;
            match r.status {
                DecodeStatus::Malformed(_) if self.mode == DecoderErrorMode::Replacement => {
                    let room = (dst.len() - written).min(3);
                    dst[written..written + room].copy_from_slice(&REPLACEMENT_CHARACTER[..room]);
                    written += room;
                    if room < 3 {
                        self.pending = [0xEF, 0xBF, 0xBD];
                        self.pending_start = room as u8;
                        self.pending_end = 3;
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    }
                }
                status => return DecodeResult::new(read, written, status),
            }
        }
    }

    fn flush_pending(&mut self, dst: &mut [u8]) -> usize {
        let pending = &self.pending[self.pending_start as usize..self.pending_end as usize];
        let n = pending.len().min(dst.len());
        dst[..n].copy_from_slice(&pending[..n]);
        self.pending_start += n as u8;
        n
    }

    /// Decodes all of `src` (with `last` as in [`Decoder::decode_to_utf8`]), appending to `out`
    /// and growing it as needed. Returns the number of bytes read, which is less than
    /// `src.len()` only when a malformed sequence stopped it in fatal mode; then the
    /// [`Malformed`] is returned too.
    ///
    /// ```
    /// use wtf_enc::{DecoderErrorMode, Encoding};
    ///
    /// let mut decoder = Encoding::Utf8.new_decoder(DecoderErrorMode::Fatal);
    /// let mut out = Vec::new();
    /// let (read, malformed) = decoder.decode_to_vec(b"ok\xC3(", &mut out, true);
    /// assert_eq!(out, b"ok");
    /// // The lone lead byte 0xC3 is the malformed sequence; '(' is left to read again.
    /// assert_eq!((read, malformed.unwrap().len), (3, 1));
    /// ```
    pub fn decode_to_vec(
        &mut self,
        src: &[u8],
        out: &mut Vec<u8>,
        last: bool,
    ) -> (usize, Option<Malformed>) {
        let mut read = 0;
        loop {
            let start = out.len();
            // Room for this piece's worst case (3 bytes of UTF-8 per byte) plus held state.
            out.resize(start + (src.len() - read) * 3 + 16, 0);
            let r = self.decode_to_utf8(&src[read..], &mut out[start..], last);
            read += r.read;
            out.truncate(start + r.written);
            match r.status {
                DecodeStatus::InputEmpty => return (read, None),
                DecodeStatus::OutputFull => {}
                DecodeStatus::Malformed(m) => return (read, Some(m)),
            }
        }
    }
}
