//! The Japanese indexes, shared by EUC-JP, ISO-2022-JP and Shift_JIS: index jis0208 both ways,
//! index jis0212 for the EUC-JP decoder and index ISO-2022-JP katakana for its encoder, all
//! generated at build time from `indexes/`; and the small UTF-8 helpers every multi-byte codec's
//! fast path uses.
//!
//! Costs: decoding is one array read per pointer (jis0208 11,104 entries = 22,208 bytes;
//! jis0212 7,211 entries = 14,422 bytes). Encoding is two array reads in a two-level map from
//! code point to index pointer (a 256-byte page table and 99 pages of 256 `u16`, 50,944 bytes),
//! plus for Shift_JIS one direct read in a 376-entry (752-byte) remap table, done only when the
//! first pointer falls in the range the standard's "index Shift_JIS pointer" excludes.

include!(concat!(env!("OUT_DIR"), "/japanese.rs"));

/// The index code point for `pointer` in index jis0208.
#[inline]
pub(crate) fn jis0208_code_point(pointer: usize) -> Option<u16> {
    JIS0208_CODE_POINTS
        .get(pointer)
        .copied()
        .filter(|&c| c != 0)
}

/// The index code point for `pointer` in index jis0212.
#[inline]
pub(crate) fn jis0212_code_point(pointer: usize) -> Option<u16> {
    JIS0212_CODE_POINTS
        .get(pointer)
        .copied()
        .filter(|&c| c != 0)
}

/// The index code point for `pointer` in index ISO-2022-JP katakana.
#[inline]
pub(crate) fn iso_2022_jp_katakana(pointer: usize) -> Option<u16> {
    ISO_2022_JP_KATAKANA.get(pointer).copied()
}

/// The index pointer (the first pointer) for the BMP code point `cp` in index jis0208; always
/// below 8836.
#[inline]
pub(crate) fn jis0208_pointer_bmp(cp: u32) -> Option<u16> {
    let page = JIS0208_ENCODE_PAGES[(cp >> 8 & 0xFF) as usize];
    let entry = JIS0208_ENCODE_DATA[usize::from(page)][(cp & 0xFF) as usize];
    entry.checked_sub(1)
}

/// The index pointer (the first pointer) for `code_point` in index jis0208; always below 8836.
#[inline]
pub(crate) fn jis0208_pointer(code_point: char) -> Option<u16> {
    let cp = u32::from(code_point);
    if cp > 0xFFFF {
        return None;
    }
    jis0208_pointer_bmp(cp)
}

/// The first pointer the standard's "index Shift_JIS pointer" leaves out.
pub(crate) const SHIFT_JIS_EXCLUDED_START: u16 = SHIFT_JIS_REMAP_START;
/// The last pointer the standard's "index Shift_JIS pointer" leaves out.
pub(crate) const SHIFT_JIS_EXCLUDED_END: u16 = 8835;

/// The index Shift_JIS pointer for `code_point`: index jis0208 without pointers 8272 to 8835.
#[inline]
pub(crate) fn shift_jis_pointer(code_point: char) -> Option<u16> {
    let pointer = jis0208_pointer(code_point)?;
    match pointer.checked_sub(SHIFT_JIS_REMAP_START) {
        // The first pointer is excluded; the next one outside the range takes its place.
        Some(i) if pointer <= SHIFT_JIS_EXCLUDED_END => SHIFT_JIS_REMAP
            .get(usize::from(i))
            .copied()
            .filter(|&p| p != u16::MAX),
        _ => Some(pointer),
    }
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
    fn the_encode_map_is_the_first_pointer_of_each_code_point() {
        let mut first = std::collections::HashMap::new();
        for (pointer, &cp) in JIS0208_CODE_POINTS.iter().enumerate() {
            if cp != 0 {
                first.entry(u32::from(cp)).or_insert(pointer as u16);
            }
        }
        for cp in 0..0x10000u32 {
            assert_eq!(
                jis0208_pointer_bmp(cp),
                first.get(&cp).copied(),
                "U+{cp:04X}"
            );
        }
        // The encoders' special cases are never in the map, so a hit there is always the index
        // pointer step of the standard's encoder.
        for cp in [0xA5, 0x203E, 0x2212, 0x80]
            .into_iter()
            .chain(0xFF61..=0xFF9F)
        {
            assert_eq!(jis0208_pointer_bmp(cp), None, "U+{cp:04X}");
        }
    }
}
