//! gb18030 and GBK: the standard's gb18030 decoder (which is also GBK's) and its encoder with
//! and without "is GBK", over tables generated from index gb18030 and index gb18030 ranges.

use super::ascii::copy_ascii;
use super::multibyte::{NOT_IN_RANGES, consecutive_indexes, encode_pairs, put_bmp};
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_char};

include!(concat!(env!("OUT_DIR"), "/gb18030.rs"));

/// `TRAIL_COLUMNS[byte]`: `byte - offset` for the two-byte sequences' second bytes (0x40 to
/// 0x7E, 0x80 to 0xFE), [`NOT_TRAIL`] for other bytes (four-byte sequences' 0x30 to 0x39
/// included); a lookup instead of an unpredictable range branch.
static TRAIL_COLUMNS: [u8; 256] = consecutive_indexes([(0x40, 0x7E), (0x80, 0xFE)]);
const NOT_TRAIL: u8 = NOT_IN_RANGES;

/// The fast path: decodes from the initial state (nothing held) the longest prefix of `src`
/// made of ASCII, 0x80 and two-byte sequences that fits, leaving `dst` at least 3 bytes short
/// of its end for those. Stops before anything else (four-byte sequences, errors, a sequence cut
/// by the end of `src`), which [`step`] then handles. Returns (read, written).
#[inline]
fn decode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    // While both bytes of a pair are there and the longest character fits, without further
    // bounds reasoning.
    while read + 1 < src.len() && dst.len() - written >= 3 {
        let first = src[read];
        if first < 0x80 {
            // At least one byte: `first` is ASCII and there is room.
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            read += n;
            written += n;
            continue;
        }
        if first == 0x80 {
            written += put_bmp(dst, written, 0x20AC);
            read += 1;
            continue;
        }
        let column = TRAIL_COLUMNS[usize::from(src[read + 1])];
        if column == NOT_TRAIL || first == 0xFF {
            break;
        }
        let pointer = usize::from(first - 0x81) * 190 + usize::from(column);
        // Every two-byte pointer has a code point (checked at build time).
        written += put_bmp(dst, written, GB18030_INDEX[pointer]);
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

/// The index gb18030 ranges code point for `pointer`
/// (<https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point>).
fn ranges_code_point(pointer: u32) -> Option<u32> {
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    // The last range whose pointer is <= `pointer`; the first range starts at pointer 0.
    let i = GB18030_RANGES.partition_point(|&(p, _)| p <= pointer);
    let &(offset, code_point_offset) = GB18030_RANGES.get(i.checked_sub(1)?)?;
    Some(code_point_offset + pointer - offset)
}

/// The index gb18030 ranges pointer for `code_point`, which is not ASCII
/// (<https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer>).
fn ranges_pointer(code_point: u32) -> Option<u32> {
    if code_point == 0xE7C7 {
        return Some(7457);
    }
    let i = GB18030_RANGES.partition_point(|&(_, c)| c <= code_point);
    let &(pointer_offset, offset) = GB18030_RANGES.get(i.checked_sub(1)?)?;
    Some(pointer_offset + code_point - offset)
}

/// What the decoder makes of the bytes at the start of some input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The first `usize` bytes decode to the character.
    Char(char, usize),
    /// The first `u8` bytes are a malformed sequence. Any further bytes the standard's decoder
    /// consumed for the error are restored: they are read again, after it.
    Error(u8),
    /// The input ends inside a sequence and more input may follow.
    Pending,
}

/// Runs the standard's decoder from its initial state over the start of `input` (not empty)
/// until it returns a code point or an error. `last` says the stream ends with `input`.
fn step(input: &[u8], last: bool) -> Step {
    let need = |len: u8| {
        if last {
            Step::Error(len)
        } else {
            Step::Pending
        }
    };
    let first = input[0];
    match first {
        0x00..=0x7F => return Step::Char(char::from(first), 1),
        0x80 => return Step::Char('\u{20AC}', 1),
        0xFF => return Step::Error(1),
        _ => {}
    }
    let Some(&second) = input.get(1) else {
        return need(1);
    };
    if (0x30..=0x39).contains(&second) {
        let Some(&third) = input.get(2) else {
            return need(2);
        };
        if !(0x81..=0xFE).contains(&third) {
            // Restore « gb18030 second, byte ».
            return Step::Error(1);
        }
        let Some(&byte) = input.get(3) else {
            return need(3);
        };
        if !(0x30..=0x39).contains(&byte) {
            // Restore « gb18030 second, gb18030 third, byte ».
            return Step::Error(1);
        }
        let pointer = (u32::from(first) - 0x81) * (10 * 126 * 10)
            + (u32::from(second) - 0x30) * (10 * 126)
            + (u32::from(third) - 0x81) * 10
            + u32::from(byte)
            - 0x30;
        return match ranges_code_point(pointer).and_then(char::from_u32) {
            Some(c) => Step::Char(c, 4),
            None => Step::Error(4),
        };
    }
    let byte = second;
    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
    if matches!(byte, 0x40..=0x7E | 0x80..=0xFE) {
        let pointer = usize::from(first - 0x81) * 190 + usize::from(byte - offset);
        if let Some(c) = GB18030_INDEX
            .get(pointer)
            .and_then(|&cp| char::from_u32(u32::from(cp)))
        {
            return Step::Char(c, 2);
        }
    }
    // An ASCII byte is restored, so it is never masked.
    if byte < 0x80 {
        Step::Error(1)
    } else {
        Step::Error(2)
    }
}

/// <https://encoding.spec.whatwg.org/#gb18030-decoder>
///
/// Also GBK's decoder (<https://encoding.spec.whatwg.org/#gbk-decoder>). It decodes a whole
/// sequence at a time (see [`step`]), which is the standard's byte-at-a-time handler with its
/// state kept as the bytes that make it up.
#[derive(Clone, Debug)]
pub(crate) struct Gb18030Decoder {
    /// Bytes read in earlier calls and not yet decoded, read again before the next `src`:
    /// gb18030 first, gb18030 second and gb18030 third (as far as set) when the input ended
    /// inside a sequence, or the bytes an error restored when they came in an earlier call.
    held: [u8; 3],
    held_len: u8,
}

impl Gb18030Decoder {
    pub(crate) fn new() -> Self {
        Gb18030Decoder {
            held: [0; 3],
            held_len: 0,
        }
    }

    /// Forgets the first `n` held bytes.
    fn drop_held(&mut self, n: usize) {
        let len = usize::from(self.held_len);
        self.held.copy_within(n.min(len)..len, 0);
        self.held_len = len.saturating_sub(n) as u8;
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        // Held bytes first, looked at together with the start of `src` (a sequence is at most
        // four bytes long, so four more are enough to decide the one starting at `held[0]`).
        while self.held_len > 0 {
            let held = usize::from(self.held_len);
            let take = (src.len() - read).min(4);
            let mut buf = [0u8; 7];
            buf[..held].copy_from_slice(&self.held[..held]);
            buf[held..held + take].copy_from_slice(&src[read..read + take]);
            let input = &buf[..held + take];
            let next = step(input, last && read + take == src.len());
            // The sequence takes `n` bytes: held ones first, then some of `src`.
            let (n, malformed) = match next {
                Step::Char(c, n) => {
                    let Some(len) = write_char(dst, written, c) else {
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    };
                    written += len;
                    (n, None)
                }
                Step::Error(len) => (usize::from(len), Some(len)),
                Step::Pending => {
                    // `input` is the start of one sequence, at most three bytes: hold it all.
                    self.held[..input.len()].copy_from_slice(input);
                    self.held_len = input.len() as u8;
                    return DecodeResult::new(src.len(), written, DecodeStatus::InputEmpty);
                }
            };
            read += n.saturating_sub(held);
            self.drop_held(n);
            if let Some(len) = malformed {
                return DecodeResult::malformed(read, written, len, self.held_len);
            }
        }
        loop {
            let (n, w) = decode_run(&src[read..], &mut dst[written..]);
            read += n;
            written += w;
            let Some(&byte) = src.get(read) else {
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            if byte < 0x80 {
                // decode_run stopped on a full `dst`.
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            }
            match step(&src[read..], last) {
                Step::Char(c, n) => {
                    let Some(len) = write_char(dst, written, c) else {
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    };
                    written += len;
                    read += n;
                }
                Step::Error(len) => {
                    read += usize::from(len);
                    return DecodeResult::malformed(read, written, len, 0);
                }
                Step::Pending => {
                    let rest = &src[read..];
                    self.held[..rest.len()].copy_from_slice(rest);
                    self.held_len = rest.len() as u8;
                    return DecodeResult::new(src.len(), written, DecodeStatus::InputEmpty);
                }
            }
        }
    }
}

/// The GB18030-2022 side table of the gb18030 encoder: U+E78D..=U+E796 to 0xA6 and these.
const E78D_TRAILS: [u8; 10] = [0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF, 0xEC, 0xED, 0xF3];

/// The two bytes the gb18030 encoder's side table gives `code_point`.
fn side_table(code_point: u32) -> Option<[u8; 2]> {
    let trail = match code_point {
        0xE78D..=0xE796 => return Some([0xA6, E78D_TRAILS[(code_point - 0xE78D) as usize]]),
        0xE81E => 0x59,
        0xE826 => 0x61,
        0xE82B => 0x66,
        0xE82C => 0x67,
        0xE832 => 0x6D,
        0xE843 => 0x7E,
        0xE854 => 0x90,
        0xE864 => 0xA0,
        _ => return None,
    };
    Some([0xFE, trail])
}

/// The two bytes (lead << 8 | trail) of the index pointer for `code_point` in index gb18030
/// (the first pointer), from a two-level map generated at build time; 0 when it has none.
#[inline]
fn index_bytes(code_point: u32) -> u16 {
    if code_point > 0xFFFF {
        return 0;
    }
    let page = GB18030_ENCODE_PAGES[(code_point >> 8 & 0xFF) as usize];
    GB18030_ENCODE_DATA[usize::from(page)][(code_point & 0xFF) as usize]
}

/// The fast path of both encoders: encodes the longest prefix of `src` made of ASCII and BMP
/// characters that take the index pointer step (none of the code points the standard's earlier
/// steps take: U+20AC, U+E5E5 and the side table's U+E78D to U+E864) that fits in `dst`; stops
/// before anything else. Returns (read, written).
#[inline]
fn encode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    encode_pairs(src, dst, |cp| {
        if cp == 0x20AC || (0xE5E5..=0xE864).contains(&cp) {
            return None;
        }
        match index_bytes(cp) {
            0 => None,
            bytes => Some(bytes.to_be_bytes()),
        }
    })
}

/// <https://encoding.spec.whatwg.org/#gb18030-encoder>
///
/// With `is_gbk` (the standard's "is GBK") it is GBK's encoder
/// (<https://encoding.spec.whatwg.org/#gbk-encoder>).
#[derive(Clone, Debug)]
pub(crate) struct Gb18030Encoder {
    is_gbk: bool,
}

impl Gb18030Encoder {
    pub(crate) fn new(is_gbk: bool) -> Self {
        Gb18030Encoder { is_gbk }
    }

    /// The bytes for the non-ASCII `c` (1 to 4 of the array), or `None` for an error.
    fn bytes(&self, c: char) -> Option<([u8; 4], usize)> {
        let code_point = u32::from(c);
        if code_point == 0xE5E5 {
            return None;
        }
        if self.is_gbk && code_point == 0x20AC {
            return Some(([0x80, 0, 0, 0], 1));
        }
        if let Some([lead, trail]) = side_table(code_point) {
            return Some(([lead, trail, 0, 0], 2));
        }
        let index = index_bytes(code_point);
        if index != 0 {
            let [leading, trailing] = index.to_be_bytes();
            return Some(([leading, trailing, 0, 0], 2));
        }
        if self.is_gbk {
            return None;
        }
        let mut pointer = ranges_pointer(code_point)?;
        let byte1 = pointer / (10 * 126 * 10);
        pointer %= 10 * 126 * 10;
        let byte2 = pointer / (10 * 126);
        pointer %= 10 * 126;
        let byte3 = pointer / 10;
        let byte4 = pointer % 10;
        Some((
            [
                (byte1 + 0x81) as u8,
                (byte2 + 0x30) as u8,
                (byte3 + 0x81) as u8,
                (byte4 + 0x30) as u8,
            ],
            4,
        ))
    }

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
            let Some((out, len)) = self.bytes(c) else {
                return EncodeResult::unmappable(read + c.len_utf8(), written, c);
            };
            let Some(room) = dst.get_mut(written..written + len) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            room.copy_from_slice(&out[..len]);
            written += len;
            read += c.len_utf8();
        }
    }
}
