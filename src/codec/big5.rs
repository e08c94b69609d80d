//! Big5: the standard's decoder and encoder over tables generated from index Big5.

use super::ascii::copy_ascii;
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_char};

include!(concat!(env!("OUT_DIR"), "/big5.rs"));

/// The index code point for `pointer` in index Big5.
fn index_code_point(pointer: usize) -> Option<u32> {
    let low = *BIG5_INDEX.get(pointer)?;
    if low == 0 {
        return None;
    }
    let astral = BIG5_ASTRAL[pointer / 32] >> (pointer % 32) & 1 == 1;
    Some(if astral { 0x20000 } else { 0 } | u32::from(low))
}

/// The pointers that decode to two code points, not through the index.
fn two_code_points(pointer: usize) -> Option<[char; 2]> {
    match pointer {
        1133 => Some(['\u{00CA}', '\u{0304}']),
        1135 => Some(['\u{00CA}', '\u{030C}']),
        1164 => Some(['\u{00EA}', '\u{0304}']),
        1166 => Some(['\u{00EA}', '\u{030C}']),
        _ => None,
    }
}

/// Writes `chars` at `dst[at..]` and returns their length, or `None` (writing nothing) when
/// they do not all fit.
fn write_chars(dst: &mut [u8], at: usize, chars: &[char]) -> Option<usize> {
    let len: usize = chars.iter().map(|c| c.len_utf8()).sum();
    let out = dst.get_mut(at..at + len)?;
    let mut i = 0;
    for c in chars {
        i += c.encode_utf8(&mut out[i..]).len();
    }
    Some(len)
}

/// <https://encoding.spec.whatwg.org/#big5-decoder>
#[derive(Clone, Debug)]
pub(crate) struct Big5Decoder {
    /// The standard's Big5 leading (0x00 when none), read in this or an earlier call.
    big5_lead: u8,
}

impl Big5Decoder {
    pub(crate) fn new() -> Self {
        Big5Decoder { big5_lead: 0 }
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.big5_lead == 0 {
                let n = copy_ascii(&src[read..], &mut dst[written..]);
                read += n;
                written += n;
                let Some(&byte) = src.get(read) else {
                    return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
                };
                read += 1;
                match byte {
                    // copy_ascii stopped on a full `dst`.
                    0x00..=0x7F => {
                        return DecodeResult::new(read - 1, written, DecodeStatus::OutputFull);
                    }
                    0x81..=0xFE => self.big5_lead = byte,
                    _ => return DecodeResult::malformed(read, written, 1, 0),
                }
                continue;
            }
            let Some(&byte) = src.get(read) else {
                if last {
                    self.big5_lead = 0;
                    return DecodeResult::malformed(read, written, 1, 0);
                }
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            let leading = self.big5_lead;
            let offset = if byte < 0x7F { 0x40 } else { 0x62 };
            let pointer = matches!(byte, 0x40..=0x7E | 0xA1..=0xFE)
                .then(|| usize::from(leading - 0x81) * 157 + usize::from(byte - offset));
            if let Some(pair) = pointer.and_then(two_code_points) {
                let Some(len) = write_chars(dst, written, &pair) else {
                    return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                };
                written += len;
                read += 1;
                self.big5_lead = 0;
                continue;
            }
            let code_point = pointer.and_then(index_code_point).and_then(char::from_u32);
            if let Some(c) = code_point {
                let Some(len) = write_char(dst, written, c) else {
                    return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                };
                written += len;
                read += 1;
                self.big5_lead = 0;
                continue;
            }
            self.big5_lead = 0;
            // An ASCII byte is restored (left unread), so it is never masked.
            if byte < 0x80 {
                return DecodeResult::malformed(read, written, 1, 0);
            }
            read += 1;
            return DecodeResult::malformed(read, written, 2, 0);
        }
    }
}

/// The index Big5 pointer for `code_point`: binary search of the encoder's pointers, sorted by
/// code point (exclusions and the last-pointer rule applied at build time), reading each
/// pointer's code point from the decode table.
fn big5_pointer(code_point: u32) -> Option<u16> {
    let i = BIG5_ENCODE
        .binary_search_by_key(&code_point, |&p| {
            index_code_point(usize::from(p)).unwrap_or(0)
        })
        .ok()?;
    Some(BIG5_ENCODE[i])
}

/// <https://encoding.spec.whatwg.org/#big5-encoder>
#[derive(Clone, Debug)]
pub(crate) struct Big5Encoder;

impl Big5Encoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let bytes = src.as_bytes();
        let (mut read, mut written) = (0, 0);
        loop {
            let n = copy_ascii(&bytes[read..], &mut dst[written..]);
            read += n;
            written += n;
            let Some(c) = src[read..].chars().next() else {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            if c.is_ascii() {
                // copy_ascii stopped on a full `dst`.
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            }
            let Some(pointer) = big5_pointer(u32::from(c)) else {
                return EncodeResult::unmappable(read + c.len_utf8(), written, c);
            };
            let Some(room) = dst.get_mut(written..written + 2) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            let leading = (pointer / 157 + 0x81) as u8;
            let trailing = (pointer % 157) as u8;
            let offset = if trailing < 0x3F { 0x40 } else { 0x62 };
            room.copy_from_slice(&[leading, trailing + offset]);
            written += 2;
            read += c.len_utf8();
        }
    }
}
