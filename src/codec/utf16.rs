//! UTF-16BE and UTF-16LE: the standard's shared UTF-16 decoder, and encoders (an extension: the
//! standard defines none).

use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_char};

/// <https://encoding.spec.whatwg.org/#shared-utf-16-decoder>
#[derive(Clone, Debug)]
pub(crate) struct Utf16Decoder {
    leading_byte: Option<u8>,
    leading_surrogate: Option<u16>,
    is_be: bool,
}

fn is_leading_surrogate(unit: u16) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

fn is_trailing_surrogate(unit: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}

impl Utf16Decoder {
    pub(crate) fn new(is_be: bool) -> Self {
        Utf16Decoder {
            leading_byte: None,
            leading_surrogate: None,
            is_be,
        }
    }

    fn code_unit(&self, first: u8, second: u8) -> u16 {
        if self.is_be {
            u16::from_be_bytes([first, second])
        } else {
            u16::from_le_bytes([first, second])
        }
    }

    /// Decodes whole code units that are not surrogates while there is room for the longest of
    /// them (3 bytes of UTF-8): in vector blocks where vector code runs (see [`crate::simd`])
    /// while the input and room last, then four ASCII units a word at a time or one unit at a
    /// time.
    /// Returns at the first surrogate, at a lone final byte, or when room runs short; the
    /// caller's general loop, which follows the standard step by step, takes over from there.
    #[inline]
    fn decode_bmp_run(&self, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        // Four code units that are all ASCII: high bytes 0 and low bytes below 0x80.
        let ascii_mask: u64 = if self.is_be {
            0x80FF_80FF_80FF_80FF
        } else {
            0xFF80_FF80_FF80_FF80
        };
        let (mut read, mut written, surrogate) =
            crate::simd::utf16_decode_blocks(self.is_be, src, dst);
        if surrogate {
            // The general loop takes the surrogate.
            return (read, written);
        }
        while src.len() - read >= 2 && dst.len() - written >= 3 {
            if src.len() - read >= 8 && dst.len() - written >= 4 {
                let word = u64::from_le_bytes(src[read..read + 8].try_into().unwrap());
                if word & ascii_mask == 0 {
                    let low = usize::from(!self.is_be);
                    for i in 0..4 {
                        dst[written + i] = src[read + 2 * i + 1 - low];
                    }
                    read += 8;
                    written += 4;
                    continue;
                }
            }
            let unit = self.code_unit(src[read], src[read + 1]);
            match unit {
                0..=0x7F => {
                    dst[written] = unit as u8;
                    written += 1;
                }
                0x80..=0x7FF => {
                    dst[written] = 0xC0 | (unit >> 6) as u8;
                    dst[written + 1] = 0x80 | (unit & 0x3F) as u8;
                    written += 2;
                }
                0xD800..=0xDFFF => break,
                _ => {
                    dst[written] = 0xE0 | (unit >> 12) as u8;
                    dst[written + 1] = 0x80 | ((unit >> 6) & 0x3F) as u8;
                    dst[written + 2] = 0x80 | (unit & 0x3F) as u8;
                    written += 3;
                }
            }
            read += 2;
        }
        (read, written)
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.leading_byte.is_none() && self.leading_surrogate.is_none() {
                let (r, w) = self.decode_bmp_run(&src[read..], &mut dst[written..]);
                read += r;
                written += w;
            }
            // The next code unit: its first byte is either held from an earlier call or at
            // `read`; `held` says which, since a restore must put it back where it came from.
            let held = self.leading_byte.is_some();
            let (first, second_at) = match self.leading_byte {
                Some(b) => (b, read),
                None => match src.get(read) {
                    Some(&b) => (b, read + 1),
                    None => break,
                },
            };
            let Some(&second) = src.get(second_at) else {
                // Only the first byte is here: hold it.
                self.leading_byte = Some(first);
                read = second_at;
                break;
            };
            let unit = self.code_unit(first, second);
            let next = second_at + 1;
            if let Some(leading) = self.leading_surrogate {
                if is_trailing_surrogate(unit) {
                    let scalar = 0x10000
                        + ((u32::from(leading) - 0xD800) << 10)
                        + (u32::from(unit) - 0xDC00);
                    let c = char::from_u32(scalar).expect("a surrogate pair is a scalar value");
                    let Some(len) = write_char(dst, written, c) else {
                        self.leading_byte = held.then_some(first);
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    };
                    written += len;
                    self.leading_surrogate = None;
                    self.leading_byte = None;
                    read = next;
                    continue;
                }
                // Restore the code unit's two bytes: a held first byte stays held, the rest of
                // the unit stays unread.
                self.leading_surrogate = None;
                self.leading_byte = held.then_some(first);
                return DecodeResult::malformed(read, written, 2, u8::from(held));
            }
            if is_leading_surrogate(unit) {
                self.leading_surrogate = Some(unit);
                self.leading_byte = None;
                read = next;
                continue;
            }
            if is_trailing_surrogate(unit) {
                self.leading_byte = None;
                return DecodeResult::malformed(next, written, 2, 0);
            }
            let c = char::from_u32(u32::from(unit)).expect("not a surrogate");
            let Some(len) = write_char(dst, written, c) else {
                self.leading_byte = held.then_some(first);
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            };
            written += len;
            self.leading_byte = None;
            read = next;
        }
        if last && (self.leading_byte.is_some() || self.leading_surrogate.is_some()) {
            let len = 2 * u8::from(self.leading_surrogate.is_some())
                + u8::from(self.leading_byte.is_some());
            self.leading_byte = None;
            self.leading_surrogate = None;
            return DecodeResult::malformed(read, written, len, 0);
        }
        DecodeResult::new(read, written, DecodeStatus::InputEmpty)
    }
}

/// Writes UTF-16 in the chosen byte order. Not in the standard, which defines no UTF-16
/// encoder; offered because a user who asks for UTF-16 output wants UTF-16. Never unmappable.
#[derive(Clone, Debug)]
pub(crate) struct Utf16Encoder {
    is_be: bool,
}

impl Utf16Encoder {
    pub(crate) fn new(is_be: bool) -> Self {
        Utf16Encoder { is_be }
    }

    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let mut written = 0;
        for (i, c) in src.char_indices() {
            let mut units = [0u16; 2];
            let units = c.encode_utf16(&mut units);
            if dst.len() - written < 2 * units.len() {
                return EncodeResult::new(i, written, EncodeStatus::OutputFull);
            }
            for unit in units {
                let bytes = if self.is_be {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                };
                dst[written..written + 2].copy_from_slice(&bytes);
                written += 2;
            }
        }
        EncodeResult::new(src.len(), written, EncodeStatus::InputEmpty)
    }
}
