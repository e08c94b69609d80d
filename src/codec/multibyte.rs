//! Pieces the multi-byte codecs' fast paths share: writing and reading BMP characters as UTF-8
//! without `char` round trips, byte-class tables, and the two-byte encoders' run loop.

use super::ascii::{copy_ascii, starts_ascii_word};

/// The value of [`consecutive_indexes`] for bytes outside its ranges.
pub(crate) const NOT_IN_RANGES: u8 = 0xFF;

/// A table giving each byte in the two inclusive `ranges` its position counting through both
/// (the first range's first byte is 0, the second range continues where the first ended), and
/// [`NOT_IN_RANGES`] to every other byte: a lookup instead of unpredictable range branches for a
/// lead byte's row or a trail byte's column.
pub(crate) const fn consecutive_indexes(ranges: [(u8, u8); 2]) -> [u8; 256] {
    let mut table = [NOT_IN_RANGES; 256];
    let mut next = 0u8;
    let mut r = 0;
    while r < 2 {
        let (first, last) = ranges[r];
        let mut b = first as usize;
        while b <= last as usize {
            table[b] = next;
            next += 1;
            b += 1;
        }
        r += 1;
    }
    table
}

/// Writes the BMP code point `cp` (never a surrogate: no index holds one) as UTF-8 at
/// `dst[at..]`, which must have room for three bytes, and returns its length.
#[inline(always)]
pub(crate) fn put_bmp(dst: &mut [u8], at: usize, cp: u16) -> usize {
    let out: &mut [u8; 3] = (&mut dst[at..at + 3]).try_into().unwrap();
    if cp >= 0x800 {
        *out = [
            0xE0 | (cp >> 12) as u8,
            0x80 | (cp >> 6 & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ];
        3
    } else if cp >= 0x80 {
        out[0] = 0xC0 | (cp >> 6) as u8;
        out[1] = 0x80 | (cp & 0x3F) as u8;
        2
    } else {
        out[0] = cp as u8;
        1
    }
}

/// Writes plane-2 code point `0x20000 | low` as UTF-8 at `dst[at..]`, which must have room for
/// four bytes; its length is always 4.
#[inline(always)]
pub(crate) fn put_plane2(dst: &mut [u8], at: usize, low: u16) {
    let cp = 0x20000 | u32::from(low);
    let out: &mut [u8; 4] = (&mut dst[at..at + 4]).try_into().unwrap();
    *out = [
        0xF0 | (cp >> 18) as u8,
        0x80 | (cp >> 12 & 0x3F) as u8,
        0x80 | (cp >> 6 & 0x3F) as u8,
        0x80 | (cp & 0x3F) as u8,
    ];
}

/// The code point and length of the non-ASCII character of `bytes` (valid UTF-8) that starts at
/// `at`, or `None` when it is outside the BMP (four bytes long).
#[inline(always)]
pub(crate) fn read_bmp(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let lead = u32::from(bytes[at]);
    if lead < 0xE0 {
        let cp = (lead & 0x1F) << 6 | u32::from(bytes[at + 1] & 0x3F);
        Some((cp, 2))
    } else if lead < 0xF0 {
        let cp = (lead & 0x0F) << 12
            | u32::from(bytes[at + 1] & 0x3F) << 6
            | u32::from(bytes[at + 2] & 0x3F);
        Some((cp, 3))
    } else {
        None
    }
}

/// The fast path of the two-byte encoders: encodes the longest prefix of `src` (valid UTF-8)
/// made of ASCII and of BMP characters for which `pair` gives two bytes, as far as it fits in
/// `dst`; stops before anything else (which the encoder's step-by-step path then handles).
/// Returns (read, written).
#[inline(always)]
pub(crate) fn encode_pairs(
    src: &[u8],
    dst: &mut [u8],
    pair: impl Fn(u32) -> Option<[u8; 2]>,
) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    while let Some(&byte) = src.get(read) {
        if byte < 0x80 {
            // A lone ASCII byte between characters is written here; a run goes to copy_ascii.
            let n = if starts_ascii_word(&src[read..]) {
                copy_ascii(&src[read..], &mut dst[written..])
            } else if written < dst.len() {
                dst[written] = byte;
                1
            } else {
                0
            };
            if n == 0 {
                break;
            }
            read += n;
            written += n;
            continue;
        }
        let Some((cp, len)) = read_bmp(src, read) else {
            break;
        };
        let Some(bytes) = pair(cp) else {
            break;
        };
        if dst.len() - written < 2 {
            break;
        }
        dst[written..written + 2].copy_from_slice(&bytes);
        written += 2;
        read += len;
    }
    (read, written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_helpers_match_the_standard_library() {
        let mut buf = [0u8; 8];
        for cp in (0x80..0xD800).chain(0xE000..0x10000) {
            let c = char::from_u32(cp).unwrap();
            let want = c.to_string();
            let len = put_bmp(&mut buf, 1, cp as u16);
            assert_eq!(&buf[1..1 + len], want.as_bytes(), "U+{cp:04X}");
            assert_eq!(read_bmp(want.as_bytes(), 0), Some((cp, want.len())));
        }
        for low in 0..=0xFFFFu16 {
            let c = char::from_u32(0x20000 | u32::from(low)).unwrap();
            put_plane2(&mut buf, 2, low);
            assert_eq!(&buf[2..6], c.to_string().as_bytes());
            assert_eq!(read_bmp(c.to_string().as_bytes(), 0), None);
        }
        assert_eq!(put_bmp(&mut buf, 0, 0x41), 1);
        assert_eq!(buf[0], 0x41);
    }

    #[test]
    fn consecutive_indexes_count_through_both_ranges() {
        let t = consecutive_indexes([(0x40, 0x7E), (0x80, 0xFC)]);
        assert_eq!((t[0x40], t[0x7E], t[0x80], t[0xFC]), (0, 0x3E, 0x3F, 0xBB));
        assert_eq!(
            (t[0x3F], t[0x7F], t[0xFD]),
            (NOT_IN_RANGES, NOT_IN_RANGES, NOT_IN_RANGES)
        );
    }
}
