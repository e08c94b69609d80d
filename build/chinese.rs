//! Generates the tables of gb18030/GBK, Big5 and EUC-KR (one output file each): decode tables
//! indexed by pointer and, for each encoder, a two-level map from code point to the two bytes of
//! the pointer it writes, with the standard's choice among duplicate code points ("index
//! pointer", "index Big5 pointer") made here, once.

use std::collections::BTreeMap;
use std::fmt::Write;

/// Pointers of index gb18030: (0xFE - 0x81) * 190 + (0xFE - 0x41) + 1.
const GB18030_POINTERS: usize = 23940;
/// Pointers of index Big5: (0xFE - 0x81) * 157 + 156 + 1.
const BIG5_POINTERS: usize = 19782;
/// Pointers the index Big5 pointer ignores: those below (0xA1 - 0x81) * 157.
const BIG5_EXCLUDED_BELOW: u32 = (0xA1 - 0x81) * 157;
/// The code points whose index Big5 pointer is the *last* one.
const BIG5_LAST_POINTER: [u32; 6] = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];

/// A decode table of `size` BMP code points (0 = no entry) from `entries`.
fn bmp_table(name: &str, entries: &[(u32, u32)], size: usize) -> Vec<u16> {
    let mut table = vec![0u16; size];
    for &(pointer, code_point) in entries {
        assert!(
            code_point != 0 && code_point <= 0xFFFF,
            "{name}: {code_point:#x}"
        );
        table[pointer as usize] = code_point as u16;
    }
    table
}

/// Writes a two-level map of BMP code points to nonzero `u16` values (0 = no entry) as
/// `{name}_PAGES: [u8; 256]`, the page of each high byte, and `{name}_DATA: [[u16; 256]; N]`,
/// the pages by low byte, page 0 all zeros (for every high byte without entries). Returns the
/// size in bytes.
pub fn write_bmp_map(out: &mut String, doc: &str, name: &str, map: &BTreeMap<u32, u16>) -> usize {
    let mut pages = [0u8; 256];
    let mut data: Vec<[u16; 256]> = vec![[0; 256]];
    for (&code_point, &value) in map {
        assert!(
            code_point <= 0xFFFF && value != 0,
            "{name}: U+{code_point:04X}"
        );
        let high = (code_point >> 8) as usize;
        if pages[high] == 0 {
            pages[high] = u8::try_from(data.len()).expect("too many pages");
            data.push([0; 256]);
        }
        data[usize::from(pages[high])][(code_point & 0xFF) as usize] = value;
    }
    let size = 256 + data.len() * 512;
    writeln!(out, "/// {doc}\n///\n/// The page of each high byte (page 0 has no entries); {size} bytes with `{name}_DATA`.").unwrap();
    writeln!(
        out,
        "pub(crate) static {name}_PAGES: [u8; 256] = {pages:?};"
    )
    .unwrap();
    writeln!(out, "/// The pages of `{name}_PAGES`, by low byte.").unwrap();
    writeln!(
        out,
        "pub(crate) static {name}_DATA: [[u16; 256]; {}] = {data:?};",
        data.len()
    )
    .unwrap();
    size
}

/// The pointer chosen for each code point. `last_wins` gets each code point as it recurs in file
/// order and says whether the later pointer replaces the one already chosen.
fn chosen_pointers(entries: &[(u32, u32)], last_wins: impl Fn(u32) -> bool) -> BTreeMap<u32, u32> {
    let mut chosen: BTreeMap<u32, u32> = BTreeMap::new();
    for &(pointer, code_point) in entries {
        if !chosen.contains_key(&code_point) || last_wins(code_point) {
            chosen.insert(code_point, pointer);
        }
    }
    chosen
}

fn write_array<T: std::fmt::Debug>(out: &mut String, doc: &str, name: &str, ty: &str, v: &[T]) {
    writeln!(out, "/// {doc}").unwrap();
    writeln!(
        out,
        "pub(crate) static {name}: [{ty}; {}] = {v:?};",
        v.len()
    )
    .unwrap();
}

/// Writes `gb18030.rs`.
pub fn gb18030(out: &mut String) {
    let entries = super::index::read("gb18030");
    let mut seen = vec![false; GB18030_POINTERS];
    for &(pointer, _) in &entries {
        seen[pointer as usize] = true;
    }
    // The decoder relies on every two-byte pointer having a code point.
    assert!(seen.iter().all(|&s| s), "index gb18030 has a gap");
    let decode = bmp_table("gb18030", &entries, GB18030_POINTERS);
    write_array(
        out,
        "index gb18030: the code point of each pointer (every pointer has one).",
        "GB18030_INDEX",
        "u16",
        &decode,
    );
    // index pointer (the first) -> the encoder's two bytes.
    let encode: BTreeMap<u32, u16> = chosen_pointers(&entries, |_| false)
        .into_iter()
        .map(|(code_point, pointer)| {
            let (lead, trail) = (pointer / 190 + 0x81, pointer % 190);
            let offset = if trail < 0x3F { 0x40 } else { 0x41 };
            (code_point, (lead << 8 | (trail + offset)) as u16)
        })
        .collect();
    write_bmp_map(
        out,
        "The two bytes (lead << 8 | trail) of the index pointer in index gb18030 of each code point.",
        "GB18030_ENCODE",
        &encode,
    );

    let ranges = super::index::read("gb18030-ranges");
    for pair in ranges.windows(2) {
        assert!(
            pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1,
            "ranges not sorted"
        );
    }
    assert_eq!(ranges[0], (0, 0x80));
    write_array(
        out,
        "index gb18030 ranges: (pointer, code point), both increasing.",
        "GB18030_RANGES",
        "(u32, u32)",
        &ranges,
    );
}

/// Writes `big5.rs`.
pub fn big5(out: &mut String) {
    let entries = super::index::read("big5");
    let mut low = vec![0u16; BIG5_POINTERS];
    let mut astral = vec![0u32; BIG5_POINTERS.div_ceil(32)];
    for &(pointer, code_point) in &entries {
        let p = pointer as usize;
        // Astral code points are all in plane 2, so 16 bits and one flag bit hold any of them.
        assert!(code_point <= 0x2FFFF && !(0x10000..0x20000).contains(&code_point));
        assert!(code_point & 0xFFFF != 0, "0 means no entry");
        low[p] = code_point as u16;
        if code_point > 0xFFFF {
            astral[p / 32] |= 1 << (p % 32);
        }
    }
    // The decoder's fast path relies on the pointers that decode to two code points having no
    // index entry, so they fall to its step-by-step path.
    for pointer in [1133, 1135, 1164, 1166] {
        assert_eq!(low[pointer], 0, "big5: pointer {pointer} has an entry");
    }
    write_array(
        out,
        "index Big5: the low 16 bits of each pointer's code point, 0 where it has none.",
        "BIG5_INDEX",
        "u16",
        &low,
    );
    write_array(
        out,
        "Bit `p` says pointer `p`'s code point is in plane 2: `0x20000 | BIG5_INDEX[p]`.",
        "BIG5_ASTRAL",
        "u32",
        &astral,
    );
    let usable: Vec<(u32, u32)> = entries
        .iter()
        .copied()
        .filter(|&(pointer, _)| pointer >= BIG5_EXCLUDED_BELOW)
        .collect();
    let chosen = chosen_pointers(&usable, |cp| BIG5_LAST_POINTER.contains(&cp));
    let bytes = |pointer: u32| {
        let (lead, trail) = (pointer / 157 + 0x81, pointer % 157);
        let offset = if trail < 0x3F { 0x40 } else { 0x62 };
        (lead << 8 | (trail + offset)) as u16
    };
    let bmp: BTreeMap<u32, u16> = chosen
        .iter()
        .filter(|&(&cp, _)| cp <= 0xFFFF)
        .map(|(&cp, &p)| (cp, bytes(p)))
        .collect();
    write_bmp_map(
        out,
        "The two bytes (lead << 8 | trail) of the index Big5 pointer of each BMP code point.",
        "BIG5_ENCODE",
        &bmp,
    );
    let astral: Vec<(u16, u16)> = chosen
        .iter()
        .filter(|&(&cp, _)| cp > 0xFFFF)
        .map(|(&cp, &p)| {
            assert!(cp >> 16 == 2);
            (cp as u16, bytes(p))
        })
        .collect();
    write_array(
        out,
        "The plane-2 code points of index Big5 (low 16 bits, ascending) and the two bytes of \
         their index Big5 pointer.",
        "BIG5_ENCODE_ASTRAL",
        "(u16, u16)",
        &astral,
    );
}

/// Writes `euc_kr.rs`.
pub fn euc_kr(out: &mut String) {
    let entries = super::index::read("euc-kr");
    let size = entries.iter().map(|&(p, _)| p as usize + 1).max().unwrap();
    let decode = bmp_table("euc-kr", &entries, size);
    write_array(
        out,
        "index EUC-KR: the code point of each pointer, 0 where it has none.",
        "EUC_KR_INDEX",
        "u16",
        &decode,
    );
    let encode: BTreeMap<u32, u16> = chosen_pointers(&entries, |_| false)
        .into_iter()
        .map(|(cp, p)| (cp, ((p / 190 + 0x81) << 8 | (p % 190 + 0x41)) as u16))
        .collect();
    write_bmp_map(
        out,
        "The two bytes (lead << 8 | trail) of the index pointer in index EUC-KR of each code point.",
        "EUC_KR_ENCODE",
        &encode,
    );
}
