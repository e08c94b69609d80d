//! Generates the decode and encode tables of the single-byte encodings.

use std::fmt::Write;

/// The index file of each single-byte encoding, in the order of the `Encoding` enum.
/// ISO-8859-8-I shares ISO-8859-8's index.
pub const INDEXES: [&str; 28] = [
    "ibm866",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-8",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
];

/// Writes `SINGLE_BYTE_TABLES`: per encoding, the code point of each byte 0x80..=0xFF (0 where
/// the index has no entry: no single-byte index maps a byte to U+0000) and the encoder's
/// (code point, byte) pairs sorted by code point, keeping the first pointer of a duplicate code
/// point as the standard's "index pointer" requires.
pub fn generate(out: &mut String) {
    writeln!(
        out,
        "pub(crate) static SINGLE_BYTE_TABLES: [SingleByteTable; {}] = [",
        INDEXES.len()
    )
    .unwrap();
    for name in INDEXES {
        let entries = super::index::read(name);
        let mut decode = [0u16; 128];
        let mut encode: Vec<(u32, u32)> = Vec::new();
        for &(pointer, code_point) in &entries {
            assert!(
                pointer < 128 && code_point != 0 && code_point <= 0xFFFF,
                "{name}"
            );
            decode[pointer as usize] = code_point as u16;
            if !encode.iter().any(|&(c, _)| c == code_point) {
                encode.push((code_point, pointer));
            }
        }
        encode.sort();
        writeln!(out, "    // index-{name}.txt").unwrap();
        writeln!(out, "    SingleByteTable {{").unwrap();
        writeln!(out, "        decode: &{decode:?},").unwrap();
        write!(out, "        encode: &[").unwrap();
        for (code_point, pointer) in encode {
            write!(out, "({code_point}, {}), ", pointer + 0x80).unwrap();
        }
        writeln!(out, "],").unwrap();
        writeln!(out, "    }},").unwrap();
    }
    writeln!(out, "];").unwrap();
}
