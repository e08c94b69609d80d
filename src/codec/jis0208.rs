//! The Japanese indexes, shared by EUC-JP, ISO-2022-JP and Shift_JIS: index jis0208 both ways,
//! index jis0212 for the EUC-JP decoder and index ISO-2022-JP katakana for its encoder, all
//! generated at build time from `indexes/`.
//!
//! Costs: decoding is one array read per pointer (jis0208 11,104 entries = 22,208 bytes;
//! jis0212 7,211 entries = 14,422 bytes). Encoding is a binary search over the 7,326 distinct
//! code points of index jis0208 (two parallel `u16` arrays, 29,304 bytes, at most 13 probes),
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

/// The index pointer (the first pointer) for `code_point` in index jis0208; always below 8836.
#[inline]
pub(crate) fn jis0208_pointer(code_point: char) -> Option<u16> {
    let cp = u16::try_from(u32::from(code_point)).ok()?;
    let i = JIS0208_ENCODE_CODE_POINTS.binary_search(&cp).ok()?;
    JIS0208_ENCODE_POINTERS.get(i).copied()
}

/// The index Shift_JIS pointer for `code_point`: index jis0208 without pointers 8272 to 8835.
#[inline]
pub(crate) fn shift_jis_pointer(code_point: char) -> Option<u16> {
    let pointer = jis0208_pointer(code_point)?;
    match pointer.checked_sub(SHIFT_JIS_REMAP_START) {
        // The first pointer is excluded; the next one outside the range takes its place.
        Some(i) if pointer <= 8835 => SHIFT_JIS_REMAP
            .get(usize::from(i))
            .copied()
            .filter(|&p| p != u16::MAX),
        _ => Some(pointer),
    }
}
