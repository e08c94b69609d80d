//! The Japanese indexes, shared by EUC-JP, ISO-2022-JP and Shift_JIS: index jis0208 both ways,
//! index jis0212 for the EUC-JP decoder and index ISO-2022-JP katakana for its encoder, all
//! generated at build time from `indexes/`. (The UTF-8 helpers the multi-byte codecs' fast paths
//! share are in `multibyte`.)
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

#[cfg(test)]
mod tests {
    use super::*;

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
