//! [`Encoder`]: any encoding's encoder with an error mode applied.

use crate::Encoding;
use crate::codec::{
    EncodeResult, EncodeStatus, Unmappable, big5, euc_jp, euc_kr, gb18030, iso_2022_jp, shift_jis,
    single_byte, utf8, utf16, x_user_defined,
};

/// The standard's encoder error modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncoderErrorMode {
    /// Encoding stops at the first character the encoding cannot represent, which is reported.
    Fatal,
    /// Each such character is written as a decimal numeric character reference, `&#N;`, as
    /// HTML form submission does.
    Html,
}

/// The error for asking an encoding without an encoder (replacement) for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoEncoder(pub Encoding);

impl std::fmt::Display for NoEncoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the {} encoding has no encoder: it only decodes",
            self.0.name()
        )
    }
}

impl std::error::Error for NoEncoder {}

/// The raw encoder of each family. Dispatch happens once per call, never per character.
#[derive(Clone, Debug)]
enum Raw {
    Utf8(utf8::Utf8Encoder),
    Utf16(utf16::Utf16Encoder),
    SingleByte(single_byte::SingleByteEncoder),
    XUserDefined(x_user_defined::XUserDefinedEncoder),
    Gb18030(gb18030::Gb18030Encoder),
    Big5(big5::Big5Encoder),
    EucJp(euc_jp::EucJpEncoder),
    Iso2022Jp(iso_2022_jp::Iso2022JpEncoder),
    ShiftJis(shift_jis::ShiftJisEncoder),
    EucKr(euc_kr::EucKrEncoder),
}

impl Raw {
    fn new(encoding: Encoding) -> Result<Raw, NoEncoder> {
        use Encoding::*;
        Ok(match encoding {
            Replacement => return Err(NoEncoder(encoding)),
            Utf8 => Raw::Utf8(utf8::Utf8Encoder),
            Utf16Be => Raw::Utf16(utf16::Utf16Encoder::new(true)),
            Utf16Le => Raw::Utf16(utf16::Utf16Encoder::new(false)),
            XUserDefined => Raw::XUserDefined(x_user_defined::XUserDefinedEncoder),
            Gbk => Raw::Gb18030(gb18030::Gb18030Encoder::new(true)),
            Gb18030 => Raw::Gb18030(gb18030::Gb18030Encoder::new(false)),
            Big5 => Raw::Big5(big5::Big5Encoder),
            EucJp => Raw::EucJp(euc_jp::EucJpEncoder),
            Iso2022Jp => Raw::Iso2022Jp(iso_2022_jp::Iso2022JpEncoder::new()),
            ShiftJis => Raw::ShiftJis(shift_jis::ShiftJisEncoder),
            EucKr => Raw::EucKr(euc_kr::EucKrEncoder),
            single => Raw::SingleByte(single_byte::SingleByteEncoder::new(
                single_byte::table(single).expect("every other encoding is single-byte"),
            )),
        })
    }

    fn encode(&mut self, src: &str, dst: &mut [u8], last: bool) -> EncodeResult {
        match self {
            Raw::Utf8(e) => e.encode(src, dst, last),
            Raw::Utf16(e) => e.encode(src, dst, last),
            Raw::SingleByte(e) => e.encode(src, dst, last),
            Raw::XUserDefined(e) => e.encode(src, dst, last),
            Raw::Gb18030(e) => e.encode(src, dst, last),
            Raw::Big5(e) => e.encode(src, dst, last),
            Raw::EucJp(e) => e.encode(src, dst, last),
            Raw::Iso2022Jp(e) => e.encode(src, dst, last),
            Raw::ShiftJis(e) => e.encode(src, dst, last),
            Raw::EucKr(e) => e.encode(src, dst, last),
        }
    }
}

/// The longest numeric character reference: `&#1114111;`.
const MAX_REFERENCE: usize = 10;

/// An encoder for one encoding with an error mode: UTF-8 in, bytes out, resumable at any
/// character boundary.
///
/// ```
/// use wtf_enc::{EncodeStatus, EncoderErrorMode, Encoding};
///
/// let mut encoder = Encoding::Windows1252.new_encoder(EncoderErrorMode::Html).unwrap();
/// let mut out = [0u8; 32];
/// let r = encoder.encode_from_utf8("café ☃", &mut out, true);
/// assert_eq!(r.status, EncodeStatus::InputEmpty);
/// assert_eq!(&out[..r.written], b"caf\xE9 &#9731;");
/// ```
#[derive(Clone, Debug)]
pub struct Encoder {
    raw: Raw,
    encoding: Encoding,
    mode: EncoderErrorMode,
    /// Bytes of a numeric character reference that did not fit in the last call's `dst`.
    pending: [u8; MAX_REFERENCE],
    pending_start: u8,
    pending_end: u8,
}

impl Encoder {
    /// The room in `dst` that guarantees a call makes progress.
    pub const MIN_ROOM: usize = 8;

    /// A fresh encoder for `encoding` (the same as [`Encoding::new_encoder`]).
    pub fn new(encoding: Encoding, mode: EncoderErrorMode) -> Result<Encoder, NoEncoder> {
        Ok(Encoder {
            raw: Raw::new(encoding)?,
            encoding,
            mode,
            pending: [0; MAX_REFERENCE],
            pending_start: 0,
            pending_end: 0,
        })
    }

    /// The encoding this encoder writes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The error mode this encoder applies.
    pub fn mode(&self) -> EncoderErrorMode {
        self.mode
    }

    /// Encodes `src` into `dst`. `last` says no input follows, so the encoder ends its output
    /// (ISO-2022-JP returns to ASCII).
    ///
    /// In fatal mode an unmappable character stops it with [`EncodeStatus::Unmappable`] after
    /// everything before the character has been written (for ISO-2022-JP, including the switch
    /// back to ASCII); calling again with the unread rest of `src` goes on. In html mode it never
    /// returns `Unmappable`.
    ///
    /// Any `dst` length is accepted; a call always makes progress when `dst` has room for
    /// [`Encoder::MIN_ROOM`] bytes (one character with any escape sequence before it), and with
    /// less it may return [`EncodeStatus::OutputFull`] having done nothing.
    ///
    /// Only `dst[..written]` is output: bytes after it may have been overwritten.
    pub fn encode_from_utf8(&mut self, src: &str, dst: &mut [u8], last: bool) -> EncodeResult {
        let mut written = self.flush_pending(dst);
        if self.pending_start != self.pending_end {
            return EncodeResult::new(0, written, EncodeStatus::OutputFull);
        }
        let mut read = 0;
        loop {
            let r = self.raw.encode(&src[read..], &mut dst[written..], last);
            read += r.read;
            written += r.written;
            match r.status {
                EncodeStatus::Unmappable(u) if self.mode == EncoderErrorMode::Html => {
                    let (reference, len) = numeric_reference(u.code_point);
                    let room = (dst.len() - written).min(len);
                    dst[written..written + room].copy_from_slice(&reference[..room]);
                    written += room;
                    if room < len {
                        self.pending = reference;
                        self.pending_start = room as u8;
                        self.pending_end = len as u8;
                        return EncodeResult::new(read, written, EncodeStatus::OutputFull);
                    }
                }
                status => return EncodeResult::new(read, written, status),
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

    /// Encodes all of `src` (with `last` as in [`Encoder::encode_from_utf8`]), appending to
    /// `out`. Returns the number of bytes read, which is less than `src.len()` only when an
    /// unmappable character stopped it in fatal mode; then the [`Unmappable`] is returned too.
    ///
    /// ```
    /// use wtf_enc::{EncoderErrorMode, Encoding};
    ///
    /// let mut encoder = Encoding::Windows1252.new_encoder(EncoderErrorMode::Fatal).unwrap();
    /// let mut out = Vec::new();
    /// let (read, unmappable) = encoder.encode_to_vec("a☃b", &mut out, true);
    /// assert_eq!((out.as_slice(), read), (&b"a"[..], 4));
    /// assert_eq!(unmappable.unwrap().input, '☃');
    /// ```
    pub fn encode_to_vec(
        &mut self,
        src: &str,
        out: &mut Vec<u8>,
        last: bool,
    ) -> (usize, Option<Unmappable>) {
        let mut read = 0;
        loop {
            let start = out.len();
            // UTF-16 doubles ASCII; every other encoder writes at most 4 bytes per character
            // (at least one byte of input each) or a reference of at most 10 bytes for a
            // character of at least 2 bytes of input; 16 covers held state and escapes.
            out.resize(start + (src.len() - read) * 5 + 16, 0);
            let r = self.encode_from_utf8(&src[read..], &mut out[start..], last);
            read += r.read;
            out.truncate(start + r.written);
            match r.status {
                EncodeStatus::InputEmpty => return (read, None),
                EncodeStatus::OutputFull => {}
                EncodeStatus::Unmappable(u) => return (read, Some(u)),
            }
        }
    }
}

/// `&#N;` for `c`, N its decimal scalar value, and the reference's length.
fn numeric_reference(c: char) -> ([u8; MAX_REFERENCE], usize) {
    let mut out = [0u8; MAX_REFERENCE];
    let mut digits = [0u8; 7];
    let mut n = c as u32;
    let mut count = 0;
    loop {
        digits[count] = b'0' + (n % 10) as u8;
        count += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out[0] = b'&';
    out[1] = b'#';
    for i in 0..count {
        out[2 + i] = digits[count - 1 - i];
    }
    out[2 + count] = b';';
    (out, count + 3)
}

#[cfg(test)]
mod tests {
    use super::numeric_reference;

    #[test]
    fn numeric_reference_is_shortest_decimal() {
        for (c, want) in [
            ('\0', "&#0;"),
            ('€', "&#8364;"),
            ('\u{10FFFF}', "&#1114111;"),
        ] {
            let (bytes, len) = numeric_reference(c);
            assert_eq!(&bytes[..len], want.as_bytes());
        }
    }
}
