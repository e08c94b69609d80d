//! Generates the decode and encode tables of the single-byte encodings.

use std::fmt::Write;

/// The index file of each single-byte encoding, in the order of the `Encoding` enum: the
/// encodings under `encodings.json`'s "Legacy single-byte encodings" heading, each named by its
/// lowercased name, except that ISO-8859-8-I shares ISO-8859-8's index.
pub fn indexes() -> Vec<String> {
    let indexes: Vec<String> = super::labels::read_encodings()
        .into_iter()
        .filter(|e| e.heading == "Legacy single-byte encodings")
        .map(|e| match e.name.as_str() {
            "ISO-8859-8-I" => "iso-8859-8".to_owned(),
            name => name.to_ascii_lowercase(),
        })
        .collect();
    assert_eq!(
        indexes.len(),
        28,
        "the standard has 28 single-byte encodings"
    );
    indexes
}

/// Writes `SINGLE_BYTE_TABLES`: per encoding,
/// - `decode_utf8`: for each byte (ASCII bytes are themselves), its code point's UTF-8 bytes in the first three
///   slots and their count in the fourth (0 where the index has no entry);
/// - `encode_pages` and `encode_data`: a two-level table from code point to byte. The page of a
///   code point is `encode_pages[cp >> 8]` (0: no byte maps there; else a 1-based index into
///   `encode_data`), and its byte is `page[cp & 0xFF]` (0: unmapped; no pointer maps to 0x00).
///   Where the index has a code point twice, the first pointer wins, as "index pointer" says.
pub fn generate(out: &mut String) {
    writeln!(
        out,
        "pub(crate) static SINGLE_BYTE_TABLES: [SingleByteTable; {}] = [",
        indexes().len()
    )
    .unwrap();
    for name in indexes() {
        let entries = super::index::read(&name);
        let mut decode_utf8 = [[0u8; 4]; 256];
        for (b, slot) in decode_utf8.iter_mut().enumerate().take(0x80) {
            *slot = [b as u8, 0, 0, 1];
        }
        let mut pages: Vec<(u32, [u8; 256])> = Vec::new();
        for &(pointer, code_point) in &entries {
            assert!(
                pointer < 128 && (0x80..=0xFFFF).contains(&code_point),
                "{name}"
            );
            let c = char::from_u32(code_point).expect("a scalar value");
            let slot = &mut decode_utf8[pointer as usize + 0x80];
            let len = c.encode_utf8(&mut slot[..3]).len();
            slot[3] = len as u8;
            let high = code_point >> 8;
            let page = match pages.iter_mut().find(|(h, _)| *h == high) {
                Some((_, page)) => page,
                None => {
                    pages.push((high, [0u8; 256]));
                    &mut pages.last_mut().unwrap().1
                }
            };
            let byte = &mut page[(code_point & 0xFF) as usize];
            if *byte == 0 {
                *byte = (pointer + 0x80) as u8;
            }
        }
        let mut page_of = [0u8; 256];
        for (i, (high, _)) in pages.iter().enumerate() {
            page_of[*high as usize] = (i + 1) as u8;
        }
        writeln!(out, "    // index-{name}.txt").unwrap();
        writeln!(out, "    SingleByteTable {{").unwrap();
        writeln!(out, "        decode_utf8: &{decode_utf8:?},").unwrap();
        writeln!(out, "        encode_pages: &{page_of:?},").unwrap();
        write!(out, "        encode_data: &[").unwrap();
        for (_, page) in &pages {
            write!(out, "{page:?}, ").unwrap();
        }
        writeln!(out, "],").unwrap();
        writeln!(out, "    }},").unwrap();
    }
    writeln!(out, "];").unwrap();
}
