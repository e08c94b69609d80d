//! Generates the tables of gb18030/GBK, Big5 and EUC-KR (one output file each): decode tables indexed by pointer and,
//! for each encoder, the pointers it may write sorted by code point, with the standard's choice
//! among duplicate code points ("index pointer", "index Big5 pointer") made here, once.

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

/// The pointers chosen for each code point, as a list sorted by code point. `choose` gets the
/// entries in file order and says whether a later pointer replaces the one already chosen.
fn encode_order(entries: &[(u32, u32)], last_wins: impl Fn(u32) -> bool) -> Vec<u16> {
    let mut chosen: BTreeMap<u32, u32> = BTreeMap::new();
    for &(pointer, code_point) in entries {
        if !chosen.contains_key(&code_point) || last_wins(code_point) {
            chosen.insert(code_point, pointer);
        }
    }
    chosen
        .values()
        .map(|&p| u16::try_from(p).unwrap())
        .collect()
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
    let encode = encode_order(&entries, |_| false);
    write_array(
        out,
        "The index pointer (the first) of each code point in index gb18030, sorted by code point.",
        "GB18030_ENCODE",
        "u16",
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
    let encode = encode_order(&usable, |cp| BIG5_LAST_POINTER.contains(&cp));
    write_array(
        out,
        "The index Big5 pointer of each code point, sorted by code point.",
        "BIG5_ENCODE",
        "u16",
        &encode,
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
    let encode = encode_order(&entries, |_| false);
    write_array(
        out,
        "The index pointer (the first) of each code point in index EUC-KR, sorted by code point.",
        "EUC_KR_ENCODE",
        "u16",
        &encode,
    );
}
