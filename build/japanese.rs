//! Generates the tables of the Japanese encodings (EUC-JP, ISO-2022-JP, Shift_JIS) from index
//! jis0208, index jis0212 and index ISO-2022-JP katakana.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

/// The range of pointers the standard's "index Shift_JIS pointer" leaves out of index jis0208.
const SHIFT_JIS_EXCLUDED: std::ops::RangeInclusive<u32> = 8272..=8835;

/// Writes `name` as a `[u16; N]` static with a doc comment.
fn write_u16s(out: &mut String, doc: &str, name: &str, values: &[u16]) {
    writeln!(out, "/// {doc}").unwrap();
    write!(out, "pub(crate) static {name}: [u16; {}] = [", values.len()).unwrap();
    for (i, v) in values.iter().enumerate() {
        if i % 16 == 0 {
            out.push_str("\n    ");
        }
        write!(out, "{v}, ").unwrap();
    }
    out.push_str("\n];\n");
}

/// The code point of each pointer (0 for none: no index here maps a pointer to U+0000), as a
/// direct array from pointer 0 to the index's last pointer.
fn by_pointer(name: &str) -> Vec<u16> {
    let entries = super::index::read(name);
    let len = entries.iter().map(|&(p, _)| p).max().unwrap() as usize + 1;
    let mut table = vec![0u16; len];
    for (pointer, code_point) in entries {
        assert!(
            code_point != 0 && code_point <= 0xFFFF && !(0xD800..=0xDFFF).contains(&code_point),
            "{name}: {pointer} maps outside the BMP's scalar values"
        );
        assert!(
            table[pointer as usize] == 0,
            "{name}: pointer {pointer} twice"
        );
        table[pointer as usize] = code_point as u16;
    }
    table
}

/// Writes:
/// - `JIS0208_CODE_POINTS`, `JIS0212_CODE_POINTS`, `ISO_2022_JP_KATAKANA`: the indexes by
///   pointer, for the decoders (and the ISO-2022-JP encoder's katakana step);
/// - `JIS0208_ENCODE_PAGES` / `JIS0208_ENCODE_DATA`: the "index pointer" (the first pointer)
///   plus 1 of every code point of index jis0208, as a two-level map (0: none);
/// - `SHIFT_JIS_REMAP`: for the code points whose first pointer `p` lies in the range the
///   "index Shift_JIS pointer" excludes, the pointer that operation returns instead, at
///   `p - SHIFT_JIS_REMAP_START` (`u16::MAX` where `p` is not such a first pointer, or where the
///   code point would have no pointer at all).
pub fn generate(out: &mut String) {
    let jis0208 = super::index::read("jis0208");

    // "index pointer": the first pointer of each code point, in file order.
    let mut first: HashMap<u32, u32> = HashMap::new();
    for &(pointer, code_point) in &jis0208 {
        first.entry(code_point).or_insert(pointer);
    }
    // "index Shift_JIS pointer": the first pointer outside the excluded range.
    let mut shift_jis: HashMap<u32, u32> = HashMap::new();
    for &(pointer, code_point) in &jis0208 {
        if !SHIFT_JIS_EXCLUDED.contains(&pointer) {
            shift_jis.entry(code_point).or_insert(pointer);
        }
    }

    let mut encode: Vec<(u32, u32)> = first.iter().map(|(&c, &p)| (c, p)).collect();
    encode.sort();
    for &(code_point, pointer) in &encode {
        // The standard's note: a non-null index pointer in jis0208 is less than 8836, so EUC-JP
        // and ISO-2022-JP can always write it.
        assert!(
            pointer < 8836,
            "jis0208: U+{code_point:04X} first at {pointer}"
        );
    }

    // The Shift_JIS pointer differs from the first pointer exactly when the first pointer is in
    // the excluded range (otherwise the first pointer is also the first outside it).
    let start = *SHIFT_JIS_EXCLUDED.start();
    let mut remapped: Vec<(u32, u32)> = Vec::new();
    for &(code_point, pointer) in &encode {
        let sjis = shift_jis.get(&code_point).copied();
        if SHIFT_JIS_EXCLUDED.contains(&pointer) {
            // None: the code point is only in the excluded range, so Shift_JIS cannot encode it.
            let sjis = sjis.unwrap_or(u32::from(u16::MAX));
            assert!(sjis > *SHIFT_JIS_EXCLUDED.end());
            remapped.push((pointer, sjis));
        } else {
            assert_eq!(sjis, Some(pointer), "U+{code_point:04X}");
        }
    }
    let remap_len = remapped
        .iter()
        .map(|&(p, _)| p - start + 1)
        .max()
        .unwrap_or(0);
    let mut remap = vec![u16::MAX; remap_len as usize];
    for (pointer, sjis) in remapped {
        remap[(pointer - start) as usize] = sjis as u16;
    }

    write_u16s(
        out,
        "index jis0208: the code point of each pointer, 0 for none.",
        "JIS0208_CODE_POINTS",
        &by_pointer("jis0208"),
    );
    write_u16s(
        out,
        "index jis0212: the code point of each pointer, 0 for none.",
        "JIS0212_CODE_POINTS",
        &by_pointer("jis0212"),
    );
    let katakana = by_pointer("iso-2022-jp-katakana");
    assert_eq!(katakana.len(), 0xFF9F - 0xFF61 + 1);
    write_u16s(
        out,
        "index ISO-2022-JP katakana: the full-width katakana of U+FF61 + pointer.",
        "ISO_2022_JP_KATAKANA",
        &katakana,
    );
    let by_code_point: BTreeMap<u32, u16> = encode
        .iter()
        .map(|&(code_point, pointer)| (code_point, pointer as u16 + 1))
        .collect();
    super::chinese::write_bmp_map(
        out,
        "The index pointer (first pointer) in index jis0208 of each code point, plus 1.",
        "JIS0208_ENCODE",
        &by_code_point,
    );
    writeln!(
        out,
        "/// The first pointer `SHIFT_JIS_REMAP` is indexed from.\n\
         pub(crate) const SHIFT_JIS_REMAP_START: u16 = {start};"
    )
    .unwrap();
    write_u16s(
        out,
        "The index Shift_JIS pointer of the code points whose first pointer `p` is excluded from it, \
         at `p - SHIFT_JIS_REMAP_START`; `u16::MAX` elsewhere.",
        "SHIFT_JIS_REMAP",
        &remap,
    );
}
