//! UTF-8: the standard's decoder (one U+FFFD per maximal invalid prefix) and encoder.

use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus};

/// The longest prefix of `src` made of whole, valid UTF-8 characters.
///
/// Validation is in bulk: the standard library's validator checks a word of ASCII at a time and
/// implements exactly the well-formedness table of Unicode section 3.9.
#[inline]
pub(crate) fn valid_prefix_len(src: &[u8]) -> usize {
    match std::str::from_utf8(src) {
        Ok(_) => src.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// <https://encoding.spec.whatwg.org/#utf-8-decoder>
#[derive(Clone, Debug)]
pub(crate) struct Utf8Decoder {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower_boundary: u8,
    upper_boundary: u8,
}

impl Utf8Decoder {
    pub(crate) fn new() -> Self {
        Utf8Decoder {
            code_point: 0,
            bytes_seen: 0,
            bytes_needed: 0,
            lower_boundary: 0x80,
            upper_boundary: 0xBF,
        }
    }

    fn reset(&mut self) {
        *self = Self::new();
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.bytes_needed == 0 {
                // Between characters, valid input is copied as it is.
                let n = (src.len() - read).min(dst.len() - written);
                let valid = valid_prefix_len(&src[read..read + n]);
                dst[written..written + valid].copy_from_slice(&src[read..read + valid]);
                read += valid;
                written += valid;
            }
            let Some(&byte) = src.get(read) else {
                if last && self.bytes_needed != 0 {
                    let len = self.bytes_seen + 1;
                    self.reset();
                    return DecodeResult::malformed(read, written, len, 0);
                }
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            if self.bytes_needed == 0 {
                match byte {
                    0x00..=0x7F => {
                        if written == dst.len() {
                            return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                        }
                        dst[written] = byte;
                        written += 1;
                    }
                    0xC2..=0xDF => {
                        self.bytes_needed = 1;
                        self.code_point = u32::from(byte & 0x1F);
                    }
                    0xE0..=0xEF => {
                        if byte == 0xE0 {
                            self.lower_boundary = 0xA0;
                        }
                        if byte == 0xED {
                            self.upper_boundary = 0x9F;
                        }
                        self.bytes_needed = 2;
                        self.code_point = u32::from(byte & 0xF);
                    }
                    0xF0..=0xF4 => {
                        if byte == 0xF0 {
                            self.lower_boundary = 0x90;
                        }
                        if byte == 0xF4 {
                            self.upper_boundary = 0x8F;
                        }
                        self.bytes_needed = 3;
                        self.code_point = u32::from(byte & 0x7);
                    }
                    _ => return DecodeResult::malformed(read + 1, written, 1, 0),
                }
                read += 1;
                continue;
            }
            if !(self.lower_boundary..=self.upper_boundary).contains(&byte) {
                // The byte is restored: it stays unread.
                let len = self.bytes_seen + 1;
                self.reset();
                return DecodeResult::malformed(read, written, len, 0);
            }
            if self.bytes_seen + 1 == self.bytes_needed {
                let len = usize::from(self.bytes_needed) + 1;
                if dst.len() - written < len {
                    return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                }
                let code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
                let c = char::from_u32(code_point).expect("the boundaries exclude non-scalars");
                c.encode_utf8(&mut dst[written..]);
                written += len;
                self.reset();
            } else {
                self.lower_boundary = 0x80;
                self.upper_boundary = 0xBF;
                self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
                self.bytes_seen += 1;
            }
            read += 1;
        }
    }
}

/// <https://encoding.spec.whatwg.org/#utf-8-encoder>: the input is already UTF-8, so this copies
/// whole characters.
#[derive(Clone, Debug)]
pub(crate) struct Utf8Encoder;

impl Utf8Encoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let mut n = src.len().min(dst.len());
        while !src.is_char_boundary(n) {
            n -= 1;
        }
        dst[..n].copy_from_slice(&src.as_bytes()[..n]);
        let status = if n == src.len() {
            EncodeStatus::InputEmpty
        } else {
            EncodeStatus::OutputFull
        };
        EncodeResult::new(n, n, status)
    }
}

/// Where UTF-8 input stops being valid, as the standard's UTF-8 decoder sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf8Check {
    /// All of it is valid.
    Valid,
    /// `valid_up_to` bytes are valid, then `len` bytes (1 to 3) form one malformed sequence: the
    /// standard's decoder reports one error for them and goes on at `valid_up_to + len`.
    Malformed {
        /// Length of the valid prefix.
        valid_up_to: usize,
        /// Length of the malformed sequence.
        len: u8,
    },
    /// `valid_up_to` bytes are valid and the rest (1 to 3 bytes) begins a character that more
    /// input may complete; at the end of the input it is one malformed sequence.
    Incomplete {
        /// Length of the valid prefix.
        valid_up_to: usize,
    },
}

/// Checks UTF-8 in bulk, for callers that pass valid input through without copying it.
///
/// The malformed sequences it finds are exactly those of the standard's UTF-8 decoder (the
/// maximal invalid prefixes of Unicode's "best practice for U+FFFD").
///
/// ```
/// use wtf_enc::{check_utf8, Utf8Check};
/// assert_eq!(check_utf8(b"abc"), Utf8Check::Valid);
/// assert_eq!(check_utf8(b"a\xE1\x80z"), Utf8Check::Malformed { valid_up_to: 1, len: 2 });
/// assert_eq!(check_utf8(b"a\xE1\x80"), Utf8Check::Incomplete { valid_up_to: 1 });
/// ```
pub fn check_utf8(bytes: &[u8]) -> Utf8Check {
    match std::str::from_utf8(bytes) {
        Ok(_) => Utf8Check::Valid,
        Err(e) => match e.error_len() {
            Some(len) => Utf8Check::Malformed {
                valid_up_to: e.valid_up_to(),
                len: len as u8,
            },
            None => Utf8Check::Incomplete {
                valid_up_to: e.valid_up_to(),
            },
        },
    }
}
