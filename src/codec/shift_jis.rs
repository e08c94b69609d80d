//! Shift_JIS: JIS X 0208 (with the IBM and NEC extensions) in two bytes, half-width katakana in
//! one, and the Windows user-defined area as Private Use code points.

use super::ascii::copy_ascii;
use super::jis0208::{
    SHIFT_JIS_EXCLUDED_END, SHIFT_JIS_EXCLUDED_START, jis0208_code_point, jis0208_pointer_bmp,
    shift_jis_pointer,
};
use super::multibyte::{NOT_IN_RANGES, consecutive_indexes, encode_pairs, put_bmp};
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_bmp};

/// `LEAD_ROWS[lead]`: `lead - lead offset` for the decoder's lead bytes (0x81 to 0x9F, 0xE0 to
/// 0xFC), [`NOT_LEAD`] for other bytes; a lookup instead of unpredictable range branches.
static LEAD_ROWS: [u8; 256] = consecutive_indexes([(0x81, 0x9F), (0xE0, 0xFC)]);
const NOT_LEAD: u8 = NOT_IN_RANGES;

/// `TRAIL_COLUMNS[byte]`: `byte - offset` for the decoder's trail bytes (0x40 to 0x7E, 0x80 to
/// 0xFC), [`NOT_TRAIL`] for other bytes.
static TRAIL_COLUMNS: [u8; 256] = consecutive_indexes([(0x40, 0x7E), (0x80, 0xFC)]);
const NOT_TRAIL: u8 = NOT_IN_RANGES;

/// The fast path: decodes from the initial state (no lead held) the longest prefix of `src`
/// made of ASCII, single-byte characters and pairs with a code point that fits, leaving `dst`
/// at least 3 bytes short of its end for non-ASCII. Stops before anything else (errors, a lead
/// at the end of `src`), which the standard's step-by-step decoder then handles. Returns (read,
/// written).
#[inline]
fn decode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    // While both bytes of a pair are there and the longest character fits, without further
    // bounds reasoning. (A single-byte character as the last byte of `src` is left to the
    // step-by-step decoder.)
    while read + 1 < src.len() && dst.len() - written >= 3 {
        let lead = src[read];
        if lead < 0x80 {
            // At least one byte: `lead` is ASCII and there is room.
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            read += n;
            written += n;
            continue;
        }
        let row = LEAD_ROWS[usize::from(lead)];
        if row < NOT_LEAD {
            let column = TRAIL_COLUMNS[usize::from(src[read + 1])];
            if column == NOT_TRAIL {
                break;
            }
            let pointer = usize::from(row) * 188 + usize::from(column);
            let Some(code_point) = code_point(pointer) else {
                break;
            };
            written += put_bmp(dst, written, code_point);
            read += 2;
            continue;
        }
        match lead {
            0x80 => {
                written += put_bmp(dst, written, 0x80);
                read += 1;
                continue;
            }
            0xA1..=0xDF => {
                written += put_bmp(dst, written, 0xFF61 - 0xA1 + u16::from(lead));
                read += 1;
                continue;
            }
            _ => break,
        }
    }
    // ASCII at the end of `src`, or where the room is short.
    if src.get(read).is_some_and(|&b| b < 0x80) {
        let n = copy_ascii(&src[read..], &mut dst[written..]);
        read += n;
        written += n;
    }
    (read, written)
}

/// The fast path of the encoder: encodes the longest prefix of `src` made of ASCII and BMP
/// characters in index jis0208 whose first pointer is also their index Shift_JIS pointer, that
/// fits in `dst` (the standard's special cases, U+0080, U+00A5, U+203E, U+2212 and U+FF61 to
/// U+FF9F, are not in the index); stops before anything else. Returns (read, written).
#[inline]
fn encode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    encode_pairs(src, dst, |cp| {
        let pointer = jis0208_pointer_bmp(cp)?;
        let excluded = SHIFT_JIS_EXCLUDED_START..=SHIFT_JIS_EXCLUDED_END;
        (!excluded.contains(&pointer)).then(|| bytes(pointer))
    })
}

/// The two bytes of the Shift_JIS `pointer`.
#[inline]
fn bytes(pointer: u16) -> [u8; 2] {
    let lead = pointer / 188;
    let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
    let trail = pointer % 188;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    [(lead + lead_offset) as u8, (trail + offset) as u8]
}

/// <https://encoding.spec.whatwg.org/#shift_jis-decoder>
#[derive(Clone, Debug)]
pub(crate) struct ShiftJisDecoder {
    /// Shift_JIS leading: 0x00 when between characters.
    shift_jis_lead: u8,
}

/// The code point of a Shift_JIS `pointer`: the user-defined range, then index jis0208.
fn code_point(pointer: usize) -> Option<u16> {
    if (8836..=10715).contains(&pointer) {
        // EUDC: 0xE000 - 8836 + pointer.
        return Some(0xE000 + (pointer - 8836) as u16);
    }
    jis0208_code_point(pointer)
}

impl ShiftJisDecoder {
    pub(crate) fn new() -> Self {
        ShiftJisDecoder {
            shift_jis_lead: 0x00,
        }
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.shift_jis_lead == 0x00 {
                let (n, w) = decode_run(&src[read..], &mut dst[written..]);
                read += n;
                written += w;
            }
            let Some(&byte) = src.get(read) else {
                if last && self.shift_jis_lead != 0x00 {
                    self.shift_jis_lead = 0x00;
                    return DecodeResult::malformed(read, written, 1, 0);
                }
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            let lead = self.shift_jis_lead;
            if lead != 0x00 {
                let offset = if byte < 0x7F { 0x40 } else { 0x41 };
                let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
                let pointer = match byte {
                    0x40..=0x7E | 0x80..=0xFC => {
                        Some(usize::from(lead - lead_offset) * 188 + usize::from(byte - offset))
                    }
                    _ => None,
                };
                if let Some(code_point) = pointer.and_then(code_point) {
                    let Some(len) = write_bmp(dst, written, code_point) else {
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    };
                    written += len;
                    self.shift_jis_lead = 0x00;
                    read += 1;
                    continue;
                }
                self.shift_jis_lead = 0x00;
                if byte < 0x80 {
                    // Restored: an ASCII byte is never masked, so it stays unread.
                    return DecodeResult::malformed(read, written, 1, 0);
                }
                return DecodeResult::malformed(read + 1, written, 2, 0);
            }
            match byte {
                // decode_run stopped on a full `dst`.
                0x00..=0x7F => return DecodeResult::new(read, written, DecodeStatus::OutputFull),
                0x80 | 0xA1..=0xDF => {
                    let code_point = if byte == 0x80 {
                        0x80
                    } else {
                        0xFF61 - 0xA1 + u16::from(byte)
                    };
                    let Some(len) = write_bmp(dst, written, code_point) else {
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    };
                    written += len;
                    read += 1;
                }
                0x81..=0x9F | 0xE0..=0xFC => {
                    self.shift_jis_lead = byte;
                    read += 1;
                }
                _ => return DecodeResult::malformed(read + 1, written, 1, 0),
            }
        }
    }
}

/// <https://encoding.spec.whatwg.org/#shift_jis-encoder>
#[derive(Clone, Debug)]
pub(crate) struct ShiftJisEncoder;

impl ShiftJisEncoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            let (n, w) = encode_run(&src.as_bytes()[read..], &mut dst[written..]);
            read += n;
            written += w;
            let Some(c) = src[read..].chars().next() else {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            let mut buf = [0u8; 2];
            let out: &[u8] = match c {
                // An ASCII code point here means encode_run stopped on a full `dst`.
                '\0'..='\x7F' => return EncodeResult::new(read, written, EncodeStatus::OutputFull),
                '\u{80}' => b"\x80",
                '\u{A5}' => b"\x5C",
                '\u{203E}' => b"\x7E",
                '\u{FF61}'..='\u{FF9F}' => {
                    buf[0] = (u32::from(c) - 0xFF61 + 0xA1) as u8;
                    &buf[..1]
                }
                _ => {
                    let code_point = if c == '\u{2212}' { '\u{FF0D}' } else { c };
                    let Some(pointer) = shift_jis_pointer(code_point) else {
                        // (U+2212 never gets here: U+FF0D has a pointer.)
                        return EncodeResult::unmappable(read + c.len_utf8(), written, c);
                    };
                    buf = bytes(pointer);
                    &buf
                }
            };
            let Some(slot) = dst.get_mut(written..written + out.len()) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            slot.copy_from_slice(out);
            written += out.len();
            read += c.len_utf8();
        }
    }
}
