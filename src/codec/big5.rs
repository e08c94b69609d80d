//! Big5: the standard's decoder and encoder over tables generated from index Big5.

use super::ascii::copy_ascii;
use super::multibyte::{NOT_IN_RANGES, consecutive_indexes, encode_pairs, put_bmp, put_plane2};
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_char};

include!(concat!(env!("OUT_DIR"), "/big5.rs"));

/// `TRAIL_COLUMNS[byte]`: `byte - offset` for the decoder's trail bytes (0x40 to 0x7E, 0xA1 to
/// 0xFE), [`NOT_TRAIL`] for other bytes; a lookup instead of an unpredictable range branch.
static TRAIL_COLUMNS: [u8; 256] = consecutive_indexes([(0x40, 0x7E), (0xA1, 0xFE)]);
const NOT_TRAIL: u8 = NOT_IN_RANGES;

/// The fast path: decodes from the initial state (no lead held) the longest prefix of `src`
/// made of ASCII and pairs with one index code point that fits, leaving `dst` at least 4 bytes
/// short of its end for pairs. Stops before anything else (an error, the four pointers that
/// decode to two code points and have no index entry, a lead at the end of `src`), which the
/// standard's step-by-step decoder then handles. Returns (read, written).
#[inline]
fn decode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    // While both bytes of a pair are there and the longest character fits, without further
    // bounds reasoning.
    while read + 1 < src.len() && dst.len() - written >= 4 {
        let lead = src[read];
        if lead < 0x80 {
            // At least one byte: `lead` is ASCII and there is room.
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            read += n;
            written += n;
            continue;
        }
        let trail = src[read + 1];
        if !(0x81..=0xFE).contains(&lead) {
            break;
        }
        let column = TRAIL_COLUMNS[usize::from(trail)];
        if column == NOT_TRAIL {
            break;
        }
        let pointer = usize::from(lead - 0x81) * 157 + usize::from(column);
        let low = BIG5_INDEX[pointer];
        if low == 0 {
            break;
        }
        if BIG5_ASTRAL[pointer / 32] >> (pointer % 32) & 1 == 0 {
            written += put_bmp(dst, written, low);
        } else {
            put_plane2(dst, written, low);
            written += 4;
        }
        read += 2;
    }
    // ASCII at the end of `src`, or where the room is short.
    if src.get(read).is_some_and(|&b| b < 0x80) {
        let n = copy_ascii(&src[read..], &mut dst[written..]);
        read += n;
        written += n;
    }
    (read, written)
}

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
                let (n, w) = decode_run(&src[read..], &mut dst[written..]);
                read += n;
                written += w;
                let Some(&byte) = src.get(read) else {
                    return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
                };
                read += 1;
                match byte {
                    // decode_run stopped on a full `dst`.
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

/// The two bytes (lead << 8 | trail) of the index Big5 pointer for the BMP code point `cp`
/// (exclusions and the last-pointer rule applied at build time), from a two-level map; 0 when
/// it has none.
#[inline]
fn bmp_bytes(cp: u32) -> u16 {
    let page = BIG5_ENCODE_PAGES[(cp >> 8 & 0xFF) as usize];
    BIG5_ENCODE_DATA[usize::from(page)][(cp & 0xFF) as usize]
}

/// The two bytes (lead << 8 | trail) of the index Big5 pointer for `code_point`: the two-level
/// map for the BMP, a binary search of the few plane-2 code points otherwise.
fn big5_bytes(code_point: u32) -> Option<u16> {
    if code_point <= 0xFFFF {
        return Some(bmp_bytes(code_point)).filter(|&b| b != 0);
    }
    if code_point >> 16 != 2 {
        return None;
    }
    let low = code_point as u16;
    let i = BIG5_ENCODE_ASTRAL
        .binary_search_by_key(&low, |&(cp, _)| cp)
        .ok()?;
    Some(BIG5_ENCODE_ASTRAL[i].1)
}

/// The fast path: encodes the longest prefix of `src` made of ASCII and BMP characters with an
/// index Big5 pointer that fits in `dst`; stops before anything else. Returns (read, written).
#[inline]
fn encode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    encode_pairs(src, dst, |cp| match bmp_bytes(cp) {
        0 => None,
        bytes => Some(bytes.to_be_bytes()),
    })
}

/// <https://encoding.spec.whatwg.org/#big5-encoder>
#[derive(Clone, Debug)]
pub(crate) struct Big5Encoder;

impl Big5Encoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let bytes = src.as_bytes();
        let (mut read, mut written) = (0, 0);
        loop {
            let (n, w) = encode_run(&bytes[read..], &mut dst[written..]);
            read += n;
            written += w;
            let Some(c) = src[read..].chars().next() else {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            if c.is_ascii() {
                // encode_run stopped on a full `dst`.
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            }
            let Some(big5) = big5_bytes(u32::from(c)) else {
                return EncodeResult::unmappable(read + c.len_utf8(), written, c);
            };
            let Some(room) = dst.get_mut(written..written + 2) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            room.copy_from_slice(&big5.to_be_bytes());
            written += 2;
            read += c.len_utf8();
        }
    }
}
