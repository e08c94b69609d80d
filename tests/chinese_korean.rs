//! gb18030, GBK, Big5 and EUC-KR against the standard: every index entry both ways (expectations
//! computed here from `indexes/` with the standard's formulas), the conformance vectors, each
//! example and note of the standard's sections as its own test, byte restores with their error
//! positions, ASCII never masked, and chunk-splitting properties.

mod common;

use common::{Decoded, decode_chunked, decode_str, decode_whole, encode_whole, read_index};
use std::collections::{BTreeMap, HashMap};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding, Unmappable};

use DecoderErrorMode::{Fatal, Replacement};

const GBK: Encoding = Encoding::Gbk;
const GB18030: Encoding = Encoding::Gb18030;
const BIG5: Encoding = Encoding::Big5;
const EUC_KR: Encoding = Encoding::EucKr;

// ---------------------------------------------------------------------------------------------
// Byte sequences from pointers, by the standard's formulas.

/// The two bytes of an index gb18030 pointer (gb18030 encoder).
fn gb_two(pointer: u32) -> Vec<u8> {
    let leading = pointer / 190 + 0x81;
    let trailing = pointer % 190;
    let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
    vec![leading as u8, (trailing + offset) as u8]
}

/// The four bytes of a gb18030 ranges pointer (gb18030 encoder).
fn gb_four(pointer: u32) -> Vec<u8> {
    let b1 = pointer / 12600;
    let rest = pointer % 12600;
    let b2 = rest / 1260;
    let rest = rest % 1260;
    vec![
        (b1 + 0x81) as u8,
        (b2 + 0x30) as u8,
        (rest / 10 + 0x81) as u8,
        (rest % 10 + 0x30) as u8,
    ]
}

/// The two bytes of an index Big5 pointer (Big5 encoder).
fn big5_two(pointer: u32) -> Vec<u8> {
    let leading = pointer / 157 + 0x81;
    let trailing = pointer % 157;
    let offset = if trailing < 0x3F { 0x40 } else { 0x62 };
    vec![leading as u8, (trailing + offset) as u8]
}

/// The two bytes of an index EUC-KR pointer (EUC-KR encoder).
fn euc_kr_two(pointer: u32) -> Vec<u8> {
    vec![(pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8]
}

/// The pointer a gb18030 lead and trail byte give, per the decoder (None when the trail byte is
/// outside the ranges).
fn gb_pointer(lead: u8, byte: u8) -> Option<u32> {
    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
    matches!(byte, 0x40..=0x7E | 0x80..=0xFE)
        .then(|| u32::from(lead - 0x81) * 190 + u32::from(byte) - offset)
}

fn big5_pointer(lead: u8, byte: u8) -> Option<u32> {
    let offset = if byte < 0x7F { 0x40 } else { 0x62 };
    matches!(byte, 0x40..=0x7E | 0xA1..=0xFE)
        .then(|| u32::from(lead - 0x81) * 157 + u32::from(byte) - offset)
}

fn euc_kr_pointer(lead: u8, byte: u8) -> Option<u32> {
    (0x41..=0xFE)
        .contains(&byte)
        .then(|| u32::from(lead - 0x81) * 190 + u32::from(byte) - 0x41)
}

fn ch(code_point: u32) -> char {
    char::from_u32(code_point).expect("a scalar value")
}

/// index gb18030 ranges code point, as the standard defines it, over the index file.
fn ranges_code_point(ranges: &[(u32, u32)], pointer: u32) -> Option<u32> {
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    let &(offset, cp) = ranges.iter().rev().find(|&&(p, _)| p <= pointer)?;
    Some(cp + pointer - offset)
}

/// index gb18030 ranges pointer, as the standard defines it, over the index file.
fn ranges_pointer(ranges: &[(u32, u32)], code_point: u32) -> u32 {
    if code_point == 0xE7C7 {
        return 7457;
    }
    let &(pointer, offset) = ranges
        .iter()
        .rev()
        .find(|&&(_, c)| c <= code_point)
        .unwrap();
    pointer + code_point - offset
}

/// The index pointer (first pointer) of each code point.
fn first_pointers(index: &[(u32, u32)]) -> BTreeMap<u32, u32> {
    let mut map = BTreeMap::new();
    for &(p, cp) in index {
        map.entry(cp).or_insert(p);
    }
    map
}

fn encode_fatal(encoding: Encoding, input: &str) -> common::Encoded {
    encode_whole(encoding, EncoderErrorMode::Fatal, input)
}

/// Encodes each character of `chars` as one input and checks it is unmappable, with the
/// character itself as the error's code point.
fn assert_unmappable(encoding: Encoding, chars: &[char]) {
    let text: String = chars.iter().collect();
    let got = encode_fatal(encoding, &text);
    assert!(got.output.is_empty(), "{encoding}: wrote {:?}", got.output);
    let expected: Vec<(usize, Unmappable)> = text
        .char_indices()
        .map(|(i, c)| {
            let u = Unmappable {
                input: c,
                code_point: c,
            };
            (i, u)
        })
        .collect();
    assert_eq!(got.errors, expected, "{encoding}");
}

// ---------------------------------------------------------------------------------------------
// index gb18030 (two bytes), both ways, for gb18030 and GBK.

#[test]
fn gb18030_every_index_pointer_decodes_to_its_code_point() {
    let index = read_index("gb18030");
    assert_eq!(index.len(), 23940);
    let mut input = Vec::new();
    let mut expected = String::new();
    for &(p, cp) in &index {
        input.extend(gb_two(p));
        expected.push(ch(cp));
    }
    for encoding in [GB18030, GBK] {
        assert_eq!(decode_str(encoding, &input), expected, "{encoding}");
        let fatal = decode_whole(encoding, Fatal, &input);
        assert!(fatal.errors.is_empty());
    }
}

#[test]
fn gb18030_every_index_code_point_encodes_to_its_first_pointer() {
    let index = read_index("gb18030");
    let mut text = String::new();
    let mut gb18030 = Vec::new();
    let mut gbk = Vec::new();
    for (&cp, &p) in &first_pointers(&index) {
        text.push(ch(cp));
        gb18030.extend(gb_two(p));
        // GBK writes 0x80 for U+20AC; everything else as gb18030.
        if cp == 0x20AC {
            gbk.push(0x80);
        } else {
            gbk.extend(gb_two(p));
        }
    }
    let got = encode_fatal(GB18030, &text);
    assert!(got.errors.is_empty());
    assert_eq!(got.output, gb18030);
    let got = encode_fatal(GBK, &text);
    assert!(got.errors.is_empty());
    assert_eq!(got.output, gbk);
}

// ---------------------------------------------------------------------------------------------
// index gb18030 ranges (four bytes).

#[test]
fn gb18030_every_bmp_ranges_pointer_decodes_as_the_standard_says() {
    let ranges = read_index("gb18030-ranges");
    let mut input = Vec::new();
    let mut expected = String::new();
    for p in 0..=39419 {
        input.extend(gb_four(p));
        expected.push(ch(ranges_code_point(&ranges, p).unwrap()));
    }
    for encoding in [GB18030, GBK] {
        let d = decode_whole(encoding, Fatal, &input);
        assert!(d.errors.is_empty());
        assert_eq!(String::from_utf8(d.output).unwrap(), expected, "{encoding}");
    }
}

#[test]
fn gb18030_astral_ranges_pointers_decode_as_the_standard_says() {
    let ranges = read_index("gb18030-ranges");
    let mut input = Vec::new();
    let mut expected = String::new();
    // Every 7th pointer of the astral span, and both ends.
    for p in (189000..=1237575).step_by(7).chain([1237575]) {
        input.extend(gb_four(p));
        expected.push(ch(ranges_code_point(&ranges, p).unwrap()));
    }
    assert_eq!(decode_str(GB18030, &input), expected);
    assert_eq!(decode_str(GB18030, &gb_four(189000)), "\u{10000}");
    assert_eq!(decode_str(GB18030, &gb_four(1237575)), "\u{10FFFF}");
}

#[test]
fn gb18030_null_ranges_pointers_are_errors_of_four_bytes() {
    // Above 39419 and below 189000, and above 1237575, up to the largest four-byte pointer.
    let largest = (0xFE - 0x81) * 12600 + 9 * 1260 + (0xFE - 0x81) * 10 + 9;
    for p in [39420, 39421, 100000, 188999, 1237576, 1300000, largest] {
        let bytes = gb_four(p);
        let mut input = bytes.clone();
        input.push(b'x');
        let d = decode_whole(GB18030, Fatal, &input);
        assert_eq!(d.errors, vec![(0, bytes.clone())], "pointer {p}");
        assert_eq!(d.output, b"x");
        assert_eq!(decode_str(GB18030, &input), "\u{FFFD}x");
    }
    assert_eq!(gb_four(largest), [0xFE, 0x39, 0xFE, 0x39]);
}

#[test]
fn gb18030_every_non_index_bmp_code_point_encodes_through_ranges() {
    let index = read_index("gb18030");
    let ranges = read_index("gb18030-ranges");
    let in_index = first_pointers(&index);
    let side: Vec<u32> = SIDE_TABLE.iter().map(|&(cp, _)| cp).collect();
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut gbk_unmappable = Vec::new();
    for cp in (0x80..=0xFFFF).filter(|c| !(0xD800..=0xDFFF).contains(c)) {
        if in_index.contains_key(&cp) || side.contains(&cp) || cp == 0xE5E5 {
            continue;
        }
        text.push(ch(cp));
        expected.extend(gb_four(ranges_pointer(&ranges, cp)));
        gbk_unmappable.push(ch(cp));
    }
    let got = encode_fatal(GB18030, &text);
    assert!(got.errors.is_empty());
    assert_eq!(got.output, expected);
    // GBK never writes four bytes.
    assert_unmappable(GBK, &gbk_unmappable);
}

#[test]
fn gb18030_astral_code_points_encode_through_ranges() {
    let ranges = read_index("gb18030-ranges");
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut chars = Vec::new();
    for cp in (0x10000..=0x10FFFF).step_by(13).chain([0x10FFFF]) {
        text.push(ch(cp));
        chars.push(ch(cp));
        expected.extend(gb_four(ranges_pointer(&ranges, cp)));
    }
    let got = encode_fatal(GB18030, &text);
    assert!(got.errors.is_empty());
    assert_eq!(got.output, expected);
    assert_eq!(
        encode_fatal(GB18030, "\u{10000}").output,
        [0x90, 0x30, 0x81, 0x30]
    );
    assert_eq!(
        encode_fatal(GB18030, "\u{10FFFF}").output,
        [0xE3, 0x32, 0x9A, 0x35]
    );
    assert_unmappable(GBK, &chars[..200]);
}

// ---------------------------------------------------------------------------------------------
// The standard's gb18030/GBK examples and notes, one test each.

/// The gb18030 encoder's GB18030-2022 side table, as the standard lists it.
const SIDE_TABLE: [(u32, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

#[test]
fn gb18030_2022_side_table_encodes_private_use_code_points() {
    for encoding in [GB18030, GBK] {
        for (cp, bytes) in SIDE_TABLE {
            let got = encode_fatal(encoding, &ch(cp).to_string());
            assert!(got.errors.is_empty());
            assert_eq!(got.output, bytes, "{encoding} U+{cp:04X}");
        }
    }
}

#[test]
fn gb18030_2022_side_table_bytes_decode_through_the_index_not_back() {
    // The table is asymmetric: its bytes decode to what index gb18030 says, not Private Use.
    let index: HashMap<u32, u32> = read_index("gb18030").into_iter().collect();
    for (cp, bytes) in SIDE_TABLE {
        let pointer = gb_pointer(bytes[0], bytes[1]).unwrap();
        let expected = index[&pointer];
        assert_ne!(expected, cp);
        assert_eq!(decode_str(GB18030, &bytes), ch(expected).to_string());
    }
}

#[test]
fn gb18030_pointer_7457_is_u_e7c7_both_ways() {
    assert_eq!(gb_four(7457), [0x81, 0x35, 0xF4, 0x37]);
    assert_eq!(decode_str(GB18030, &[0x81, 0x35, 0xF4, 0x37]), "\u{E7C7}");
    assert_eq!(
        encode_fatal(GB18030, "\u{E7C7}").output,
        [0x81, 0x35, 0xF4, 0x37]
    );
    assert_unmappable(GBK, &['\u{E7C7}']);
}

#[test]
fn gb18030_a3_a0_decodes_to_ideographic_space_which_encodes_to_its_first_pointer() {
    assert_eq!(decode_str(GB18030, &[0xA3, 0xA0]), "\u{3000}");
    assert_eq!(decode_str(GBK, &[0xA3, 0xA0]), "\u{3000}");
    for encoding in [GB18030, GBK] {
        assert_eq!(encode_fatal(encoding, "\u{3000}").output, [0xA1, 0xA1]);
    }
}

#[test]
fn gb18030_u_e5e5_is_never_encodable() {
    assert_unmappable(GB18030, &['\u{E5E5}']);
    assert_unmappable(GBK, &['\u{E5E5}']);
    let html = encode_whole(GB18030, EncoderErrorMode::Html, "a\u{E5E5}b");
    assert_eq!(html.output, b"a&#58853;b");
}

#[test]
fn gbk_encoder_writes_0x80_for_the_euro_sign() {
    assert_eq!(encode_fatal(GBK, "\u{20AC}").output, [0x80]);
    // gb18030 uses index gb18030's first pointer for it instead.
    let index = read_index("gb18030");
    let p = first_pointers(&index)[&0x20AC];
    assert_eq!(encode_fatal(GB18030, "\u{20AC}").output, gb_two(p));
}

#[test]
fn gb18030_decoder_0x80_is_the_euro_sign_and_0xff_an_error() {
    for encoding in [GB18030, GBK] {
        assert_eq!(decode_str(encoding, &[0x80]), "\u{20AC}");
        let d = decode_whole(encoding, Fatal, &[0xFF, b'a']);
        assert_eq!(d.errors, vec![(0, vec![0xFF])]);
        assert_eq!(d.output, b"a");
    }
}

#[test]
fn gbk_encoder_never_writes_four_bytes() {
    assert_unmappable(GBK, &['\u{80}', '\u{A5}', '\u{FFFF}', '\u{1F600}']);
    assert_eq!(
        encode_fatal(GB18030, "\u{80}").output,
        [0x81, 0x30, 0x81, 0x30]
    );
}

#[test]
fn gb18030_end_of_stream_inside_a_sequence_is_one_error() {
    for input in [&[0x81][..], &[0x81, 0x30], &[0x81, 0x30, 0x81]] {
        let mut with_prefix = b"a".to_vec();
        with_prefix.extend_from_slice(input);
        for encoding in [GB18030, GBK] {
            let d = decode_whole(encoding, Fatal, &with_prefix);
            assert_eq!(d.errors, vec![(1, input.to_vec())], "{input:02X?}");
            assert_eq!(d.output, b"a");
            assert_eq!(decode_str(encoding, &with_prefix), "a\u{FFFD}");
        }
    }
}

#[test]
fn gb18030_third_byte_out_of_range_restores_second_and_byte() {
    // 0x81 0x30 then a byte outside 0x81..=0xFE: « second, byte » are restored.
    let d = decode_whole(GB18030, Fatal, &[0x81, 0x30, 0x41]);
    assert_eq!(d.errors, vec![(0, vec![0x81])]);
    assert_eq!(d.output, b"0A");
    assert_eq!(decode_str(GB18030, &[0x81, 0x30, 0x41]), "\u{FFFD}0A");
    // The restored byte may itself start a sequence: 0xFF is an error of its own.
    let d = decode_whole(GB18030, Fatal, &[0x81, 0x30, 0xFF]);
    assert_eq!(d.errors, vec![(0, vec![0x81]), (2, vec![0xFF])]);
    assert_eq!(d.output, b"0");
}

#[test]
fn gb18030_fourth_byte_out_of_range_restores_second_third_and_byte() {
    // 0x81 0x30 0x81 0x41: « 0x30, 0x81, 0x41 » are restored; 0x81 0x41 is pointer 1.
    let index: HashMap<u32, u32> = read_index("gb18030").into_iter().collect();
    let input = [0x81, 0x30, 0x81, 0x41];
    let expected = format!("\u{FFFD}0{}", ch(index[&1]));
    assert_eq!(decode_str(GB18030, &input), expected);
    let d = decode_whole(GB18030, Fatal, &input);
    assert_eq!(d.errors, vec![(0, vec![0x81])]);
    // Restored bytes that make errors of their own report their own positions.
    let d = decode_whole(GB18030, Fatal, &[0x81, 0x30, 0x81, 0x7F, b'z']);
    assert_eq!(d.errors, vec![(0, vec![0x81]), (2, vec![0x81])]);
    assert_eq!(d.output, b"0\x7Fz");
}

#[test]
fn gb18030_restores_hold_across_every_split() {
    let cases: [&[u8]; 6] = [
        &[0x81, 0x30, 0x41, 0x42],
        &[0x81, 0x30, 0x81, 0x41, 0x42],
        &[0x81, 0x30, 0x81, 0x7F, 0x42],
        &[0x81, 0x30, 0x81, 0x30, 0x81, 0x30, 0x81],
        &[0x81, 0x30, 0x81, 0x81, 0x30, 0x81, 0x30],
        &[0x84, 0x31, 0xA5, 0x30, 0x81, 0x30, 0xFE, 0xFF, 0x81],
    ];
    for input in cases {
        for mode in [Replacement, Fatal] {
            let whole = decode_whole(GB18030, mode, input);
            for a in 0..=input.len() {
                for b in a..=input.len() {
                    for room in [1, 2, 3, 4, 7, 64] {
                        let got = decode_chunked(GB18030, mode, input, &[a, b], room);
                        assert_eq!(got, whole, "{input:02X?} cut {a},{b} room {room}");
                    }
                }
            }
        }
    }
}

#[test]
fn gb18030_unmapped_two_byte_trail_is_consumed_unless_ascii() {
    // 0x81 0xFF: 0xFF is not ASCII, so both bytes are the error.
    let d = decode_whole(GB18030, Fatal, &[0x81, 0xFF, b'a']);
    assert_eq!(d.errors, vec![(0, vec![0x81, 0xFF])]);
    assert_eq!(d.output, b"a");
    // 0x81 0x7F: 0x7F is ASCII, restored and decoded after the error.
    let d = decode_whole(GB18030, Fatal, &[0x81, 0x7F]);
    assert_eq!(d.errors, vec![(0, vec![0x81])]);
    assert_eq!(d.output, b"\x7F");
}

// ---------------------------------------------------------------------------------------------
// Big5.

#[test]
fn big5_every_index_pointer_decodes_to_its_code_point() {
    let index = read_index("big5");
    let mut input = Vec::new();
    let mut expected = String::new();
    for &(p, cp) in &index {
        input.extend(big5_two(p));
        expected.push(ch(cp));
    }
    let d = decode_whole(BIG5, Fatal, &input);
    assert!(d.errors.is_empty());
    assert_eq!(String::from_utf8(d.output).unwrap(), expected);
}

#[test]
fn big5_pointers_with_two_code_points() {
    let cases = [
        (1133, "\u{00CA}\u{0304}", [0x88, 0x62]),
        (1135, "\u{00CA}\u{030C}", [0x88, 0x64]),
        (1164, "\u{00EA}\u{0304}", [0x88, 0xA3]),
        (1166, "\u{00EA}\u{030C}", [0x88, 0xA5]),
    ];
    for (pointer, text, bytes) in cases {
        assert_eq!(big5_two(pointer), bytes);
        assert_eq!(decode_str(BIG5, &bytes), text);
        // Neither code point sequence encodes back to these bytes (they are below the
        // encoder's exclusion), and U+0304 / U+030C are not in the index at all.
        assert!(!encode_fatal(BIG5, text).output.starts_with(&bytes));
    }
    // Both characters or neither: with room for only one, nothing is written until more room.
    let whole = decode_whole(BIG5, Replacement, &[0x88, 0x62, 0x88, 0x62]);
    for room in 1..=5 {
        let got = decode_chunked(BIG5, Replacement, &[0x88, 0x62, 0x88, 0x62], &[1, 3], room);
        assert_eq!(got, whole);
    }
}

/// The index Big5 pointer of each code point, computed from the file by the standard's rules.
fn big5_encoder_pointers() -> BTreeMap<u32, u32> {
    let last = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];
    let mut map = BTreeMap::new();
    for (p, cp) in read_index("big5") {
        if p < (0xA1 - 0x81) * 157 {
            continue;
        }
        if last.contains(&cp) {
            map.insert(cp, p);
        } else {
            map.entry(cp).or_insert(p);
        }
    }
    map
}

#[test]
fn big5_every_encodable_code_point_encodes_to_its_index_big5_pointer() {
    let mut text = String::new();
    let mut expected = Vec::new();
    for (&cp, &p) in &big5_encoder_pointers() {
        text.push(ch(cp));
        expected.extend(big5_two(p));
    }
    let got = encode_fatal(BIG5, &text);
    assert!(got.errors.is_empty());
    assert_eq!(got.output, expected);
}

#[test]
fn big5_code_points_only_below_the_exclusion_are_unmappable() {
    let encodable = big5_encoder_pointers();
    let mut only_hkscs: Vec<char> = read_index("big5")
        .into_iter()
        .filter(|&(_, cp)| !encodable.contains_key(&cp))
        .map(|(_, cp)| ch(cp))
        .collect();
    only_hkscs.dedup();
    assert!(only_hkscs.len() > 1000);
    assert_unmappable(BIG5, &only_hkscs);
}

#[test]
fn big5_last_pointer_for_the_six_duplicates() {
    let index = read_index("big5");
    for cp in [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345] {
        let pointers: Vec<u32> = index
            .iter()
            .filter(|&&(p, c)| c == cp && p >= 5024)
            .map(|&(p, _)| p)
            .collect();
        assert!(pointers.len() >= 2, "U+{cp:04X} is a duplicate");
        let last = *pointers.last().unwrap();
        assert_eq!(
            encode_fatal(BIG5, &ch(cp).to_string()).output,
            big5_two(last)
        );
        // Every one of its pointers decodes to it.
        for p in pointers {
            assert_eq!(decode_str(BIG5, &big5_two(p)), ch(cp).to_string());
        }
    }
}

#[test]
fn big5_other_duplicates_use_the_first_pointer() {
    let index = read_index("big5");
    let six = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];
    let mut seen: HashMap<u32, Vec<u32>> = HashMap::new();
    for (p, cp) in index.into_iter().filter(|&(p, _)| p >= 5024) {
        seen.entry(cp).or_default().push(p);
    }
    let mut checked = 0;
    for (cp, pointers) in seen {
        if pointers.len() > 1 && !six.contains(&cp) {
            assert_eq!(
                encode_fatal(BIG5, &ch(cp).to_string()).output,
                big5_two(pointers[0])
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn big5_decoder_single_byte_errors() {
    for byte in [0x80, 0xFF] {
        let d = decode_whole(BIG5, Fatal, &[byte, b'a']);
        assert_eq!(d.errors, vec![(0, vec![byte])]);
        assert_eq!(d.output, b"a");
    }
    let d = decode_whole(BIG5, Fatal, &[b'a', 0xA4]);
    assert_eq!(d.errors, vec![(1, vec![0xA4])], "lead at end of stream");
    let d = decode_whole(BIG5, Fatal, &[0xA4, 0x80, b'b']);
    assert_eq!(
        d.errors,
        vec![(0, vec![0xA4, 0x80])],
        "non-ASCII bad trail is consumed"
    );
    assert_eq!(d.output, b"b");
}

// ---------------------------------------------------------------------------------------------
// EUC-KR.

#[test]
fn euc_kr_every_index_pointer_decodes_to_its_code_point() {
    let index = read_index("euc-kr");
    let mut input = Vec::new();
    let mut expected = String::new();
    for &(p, cp) in &index {
        input.extend(euc_kr_two(p));
        expected.push(ch(cp));
    }
    let d = decode_whole(EUC_KR, Fatal, &input);
    assert!(d.errors.is_empty());
    assert_eq!(String::from_utf8(d.output).unwrap(), expected);
}

#[test]
fn euc_kr_every_index_code_point_encodes_to_its_first_pointer() {
    let mut text = String::new();
    let mut expected = Vec::new();
    for (&cp, &p) in &first_pointers(&read_index("euc-kr")) {
        text.push(ch(cp));
        expected.extend(euc_kr_two(p));
    }
    let got = encode_fatal(EUC_KR, &text);
    assert!(got.errors.is_empty());
    assert_eq!(got.output, expected);
}

#[test]
fn euc_kr_decoder_errors() {
    for byte in [0x80, 0xFF] {
        let d = decode_whole(EUC_KR, Fatal, &[byte, b'a']);
        assert_eq!(d.errors, vec![(0, vec![byte])]);
    }
    let d = decode_whole(EUC_KR, Fatal, &[b'a', 0xB0]);
    assert_eq!(d.errors, vec![(1, vec![0xB0])], "lead at end of stream");
    let d = decode_whole(EUC_KR, Fatal, &[0xB0, 0xFF, b'b']);
    assert_eq!(d.errors, vec![(0, vec![0xB0, 0xFF])]);
    assert_eq!(d.output, b"b");
    // Pointers past the end of the index (lead 0xFE) are errors.
    let d = decode_whole(EUC_KR, Fatal, &[0xFE, 0xFE]);
    assert_eq!(d.errors, vec![(0, vec![0xFE, 0xFE])]);
}

#[test]
fn unmappable_characters_of_big5_and_euc_kr() {
    let chars = ['\u{E5E5}', '\u{1F600}', '\u{0304}', '\u{4E02}', '\u{0100}'];
    let big5 = big5_encoder_pointers();
    let big5_chars: Vec<char> = chars
        .into_iter()
        .filter(|&c| !big5.contains_key(&u32::from(c)))
        .collect();
    assert!(big5_chars.len() >= 3);
    assert_unmappable(BIG5, &big5_chars);
    let kr = first_pointers(&read_index("euc-kr"));
    let kr_chars: Vec<char> = chars
        .into_iter()
        .filter(|&c| !kr.contains_key(&u32::from(c)))
        .collect();
    assert!(kr_chars.len() >= 3);
    assert_unmappable(EUC_KR, &kr_chars);
    let html = encode_whole(EUC_KR, EncoderErrorMode::Html, "x\u{1F600}y");
    assert_eq!(html.output, b"x&#128512;y");
}

// ---------------------------------------------------------------------------------------------
// ASCII is never masked: every lead byte followed by every ASCII byte.

/// Checks every lead byte followed by every ASCII byte and then "Z", in both decoder modes:
/// either the pair is in the index (per `expected`) or it is an error of the lead alone,
/// followed by the ASCII byte itself.
fn check_ascii_never_masked(encoding: Encoding, expected: impl Fn(u8, u8) -> Option<String>) {
    for lead in 0x81..=0xFE {
        for byte in 0x00..=0x7F {
            let input = [lead, byte, b'Z'];
            let r = decode_whole(encoding, Replacement, &input);
            let f = decode_whole(encoding, Fatal, &input);
            match expected(lead, byte) {
                Some(text) => {
                    assert_eq!(r.output, format!("{text}Z").into_bytes());
                    assert!(f.errors.is_empty());
                }
                None => {
                    let s = format!("\u{FFFD}{}Z", char::from(byte));
                    assert_eq!(r.output, s.into_bytes(), "{encoding} {lead:02X} {byte:02X}");
                    assert_eq!(f.errors, vec![(0, vec![lead])], "{encoding}");
                    assert_eq!(f.output, [byte, b'Z']);
                }
            }
        }
    }
}

#[test]
fn gb18030_ascii_is_never_masked() {
    let index: HashMap<u32, u32> = read_index("gb18030").into_iter().collect();
    for encoding in [GB18030, GBK] {
        // A digit after a lead starts a four-byte sequence that "Z" breaks: « digit, Z » are
        // restored, so that is the lead's error too.
        check_ascii_never_masked(encoding, |lead, byte| {
            let p = gb_pointer(lead, byte)?;
            index.get(&p).map(|&cp| ch(cp).to_string())
        });
    }
}

#[test]
fn big5_ascii_is_never_masked() {
    let index: HashMap<u32, u32> = read_index("big5").into_iter().collect();
    check_ascii_never_masked(BIG5, |lead, byte| {
        let p = big5_pointer(lead, byte)?;
        // The standard's two-code-point pointers come before the index.
        match p {
            1133 => return Some("\u{00CA}\u{0304}".into()),
            1135 => return Some("\u{00CA}\u{030C}".into()),
            _ => {}
        }
        index.get(&p).map(|&cp| ch(cp).to_string())
    });
}

#[test]
fn euc_kr_ascii_is_never_masked() {
    let index: HashMap<u32, u32> = read_index("euc-kr").into_iter().collect();
    check_ascii_never_masked(EUC_KR, |lead, byte| {
        let p = euc_kr_pointer(lead, byte)?;
        index.get(&p).map(|&cp| ch(cp).to_string())
    });
}

// ---------------------------------------------------------------------------------------------
// Conformance vectors.

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn check_vectors(encoding: Encoding, stem: &str) {
    let decoded = decode_whole(encoding, Replacement, &data(&format!("{stem}_in.txt")));
    let expected = data(&format!("{stem}_in_ref.txt"));
    assert!(
        decoded.output == expected,
        "{stem}_in.txt decodes to {stem}_in_ref.txt"
    );
    let text = String::from_utf8(data(&format!("{stem}_out.txt"))).unwrap();
    let expected = data(&format!("{stem}_out_ref.txt"));
    // The references hold no "&#": every character of the _out files is mappable, so html mode
    // and fatal mode agree; html is how the references were made.
    assert!(!expected.windows(2).any(|w| w == b"&#"));
    let encoded = encode_whole(encoding, EncoderErrorMode::Html, &text);
    assert!(
        encoded.output == expected,
        "{stem}_out.txt encodes to {stem}_out_ref.txt"
    );
    assert!(encode_fatal(encoding, &text).errors.is_empty());
}

#[test]
fn gb18030_vectors() {
    check_vectors(GB18030, "gb18030");
}

#[test]
fn big5_vectors() {
    check_vectors(BIG5, "big5");
}

#[test]
fn euc_kr_vectors() {
    check_vectors(EUC_KR, "euc_kr");
}

// ---------------------------------------------------------------------------------------------
// Chunk splitting: any split of the input and any output room give the whole input's result.

mod chunking {
    use super::common::{decode_chunked, decode_whole, encode_chunked, encode_whole};
    use super::*;
    use proptest::prelude::*;

    /// Bytes biased toward the multi-byte forms: lead bytes, trail ranges, digits (gb18030's
    /// second and fourth bytes), whole and truncated sequences.
    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            2 => (0x00u8..=0x7F).prop_map(|b| vec![b]),
            3 => (0x81u8..=0xFE).prop_map(|b| vec![b]),
            2 => (0x30u8..=0x39).prop_map(|b| vec![b]),
            2 => (0x40u8..=0xFE).prop_map(|b| vec![b]),
            1 => prop_oneof![Just(0x80u8), Just(0xFF)].prop_map(|b| vec![b]),
            3 => (0x81u8..=0xFE, 0x40u8..=0xFE).prop_map(|(a, b)| vec![a, b]),
            3 => (0u32..39420).prop_map(gb_four),
            1 => (189000u32..1237576).prop_map(gb_four),
            2 => ((0u32..39420).prop_map(gb_four), 1usize..4)
                .prop_map(|(v, n)| v[..n].to_vec()),
            1 => (0x88u8..=0x88, prop_oneof![Just(0x62u8), Just(0x64), Just(0xA3), Just(0xA5)])
                .prop_map(|(a, b)| vec![a, b]),
        ];
        proptest::collection::vec(piece, 0..24).prop_map(|v| v.concat())
    }

    /// Text biased toward each encoding's mapped characters, astral ones and unmappable ones.
    fn text() -> impl Strategy<Value = String> {
        let gb = read_index("gb18030");
        let big5 = read_index("big5");
        let kr = read_index("euc-kr");
        let from = |index: Vec<(u32, u32)>| {
            proptest::sample::select(index.into_iter().map(|(_, cp)| ch(cp)).collect::<Vec<_>>())
        };
        let c = prop_oneof![
            3 => proptest::char::range('\0', '\u{7F}'),
            3 => from(gb),
            3 => from(big5),
            3 => from(kr),
            1 => proptest::char::range('\u{10000}', '\u{10FFFF}'),
            1 => proptest::sample::select(vec!['\u{E5E5}', '\u{20AC}', '\u{E78D}', '\u{E7C7}', '\u{80}']),
            1 => any::<char>(),
        ];
        proptest::collection::vec(c, 0..32).prop_map(|v| v.into_iter().collect())
    }

    fn cuts() -> impl Strategy<Value = Vec<usize>> {
        proptest::collection::vec(0usize..100, 0..8)
    }

    fn room() -> impl Strategy<Value = usize> {
        prop_oneof![0usize..16, Just(4096)]
    }

    fn decoders_agree(encoding: Encoding, input: &[u8], cuts: &[usize], room: usize) {
        for mode in [Replacement, Fatal] {
            let whole: Decoded = decode_whole(encoding, mode, input);
            let pieces = decode_chunked(encoding, mode, input, cuts, room);
            assert_eq!(
                pieces, whole,
                "{encoding} {mode:?} {input:02X?} {cuts:?} {room}"
            );
        }
    }

    fn encoders_agree(encoding: Encoding, input: &str, cuts: &[usize], room: usize) {
        for mode in [EncoderErrorMode::Fatal, EncoderErrorMode::Html] {
            let whole = encode_whole(encoding, mode, input);
            let pieces = encode_chunked(encoding, mode, input, cuts, room);
            assert_eq!(
                pieces, whole,
                "{encoding} {mode:?} {input:?} {cuts:?} {room}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn gb18030_decoding_in_pieces(input in bytes(), cuts in cuts(), room in room()) {
            decoders_agree(GB18030, &input, &cuts, room);
        }

        #[test]
        fn big5_decoding_in_pieces(input in bytes(), cuts in cuts(), room in room()) {
            decoders_agree(BIG5, &input, &cuts, room);
        }

        #[test]
        fn euc_kr_decoding_in_pieces(input in bytes(), cuts in cuts(), room in room()) {
            decoders_agree(EUC_KR, &input, &cuts, room);
        }

        #[test]
        fn gb18030_and_gbk_encoding_in_pieces(input in text(), cuts in cuts(), room in room()) {
            encoders_agree(GB18030, &input, &cuts, room);
            encoders_agree(GBK, &input, &cuts, room);
        }

        #[test]
        fn big5_encoding_in_pieces(input in text(), cuts in cuts(), room in room()) {
            encoders_agree(BIG5, &input, &cuts, room);
        }

        #[test]
        fn euc_kr_encoding_in_pieces(input in text(), cuts in cuts(), room in room()) {
            encoders_agree(EUC_KR, &input, &cuts, room);
        }
    }
}

#[test]
fn every_other_bmp_code_point_is_unmappable_in_big5_and_euc_kr() {
    let big5 = big5_encoder_pointers();
    let kr = first_pointers(&read_index("euc-kr"));
    let scalars = || (0x80..=0xFFFF).filter_map(char::from_u32);
    let big5_chars: Vec<char> = scalars()
        .filter(|&c| !big5.contains_key(&u32::from(c)))
        .collect();
    let kr_chars: Vec<char> = scalars()
        .filter(|&c| !kr.contains_key(&u32::from(c)))
        .collect();
    assert_unmappable(BIG5, &big5_chars);
    assert_unmappable(EUC_KR, &kr_chars);
}
