//! EUC-JP, ISO-2022-JP and Shift_JIS: every pointer of index jis0208, index jis0212 and index
//! ISO-2022-JP katakana both ways, the conformance vectors, the standard's examples and notes,
//! error positions, and the chunk-splitting property.
//!
//! Every expectation comes from the standard's algorithms applied to the index files (parsed
//! here, independently of build.rs), or from the vectors in `tests/data/`.

mod common;

use std::collections::HashMap;

use common::{decode_chunked, decode_str, decode_whole, encode_chunked, encode_whole, read_index};
use proptest::prelude::*;
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

use DecoderErrorMode::{Fatal as DFatal, Replacement};
use EncoderErrorMode::{Fatal as EFatal, Html};
use Encoding::{EucJp, Iso2022Jp, ShiftJis};

const ESC: u8 = 0x1B;

fn ch(cp: u32) -> char {
    char::from_u32(cp).expect("index code points are scalar values")
}

/// The "index pointer" of each code point of `index`: its first pointer.
fn first_pointers(index: &[(u32, u32)]) -> HashMap<u32, u32> {
    let mut map = HashMap::new();
    for &(p, c) in index {
        map.entry(c).or_insert(p);
    }
    map
}

/// The "index Shift_JIS pointer" of each code point: index jis0208 without pointers 8272 to
/// 8835, then the first pointer.
fn shift_jis_pointers(jis0208: &[(u32, u32)]) -> HashMap<u32, u32> {
    let kept: Vec<(u32, u32)> = jis0208
        .iter()
        .copied()
        .filter(|&(p, _)| !(8272..=8835).contains(&p))
        .collect();
    first_pointers(&kept)
}

/// The two bytes of a Shift_JIS pointer, as the Shift_JIS encoder's last steps compute them.
fn shift_jis_bytes(pointer: u32) -> [u8; 2] {
    let lead = pointer / 188;
    let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
    let trail = pointer % 188;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    [(lead + lead_offset) as u8, (trail + offset) as u8]
}

/// The two bytes of a jis0208 pointer below 8836 with the given offset (0xA1 for EUC-JP, 0x21
/// for ISO-2022-JP).
fn row_cell_bytes(pointer: u32, offset: u32) -> [u8; 2] {
    [(pointer / 94 + offset) as u8, (pointer % 94 + offset) as u8]
}

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Asserts that `input` decodes to `expected`, in one piece and one byte at a time.
#[track_caller]
fn assert_decodes(encoding: Encoding, input: &[u8], expected: &str) {
    assert_eq!(
        decode_str(encoding, input),
        expected,
        "{encoding} {input:02X?}"
    );
    let cuts: Vec<usize> = (0..input.len()).collect();
    let d = decode_chunked(encoding, Replacement, input, &cuts, 4);
    assert_eq!(
        String::from_utf8(d.output).unwrap(),
        expected,
        "{encoding} bytewise"
    );
}

/// The fatal-mode errors of decoding `input`: (offset, bytes).
fn fatal_errors(encoding: Encoding, input: &[u8]) -> Vec<(usize, Vec<u8>)> {
    decode_whole(encoding, DFatal, input).errors
}

/// Encodes in fatal mode and asserts that nothing is unmappable.
#[track_caller]
fn encode_ok(encoding: Encoding, input: &str) -> Vec<u8> {
    let e = encode_whole(encoding, EFatal, input);
    assert!(e.errors.is_empty(), "{encoding}: {:?}", e.errors);
    e.output
}

fn encode_html(encoding: Encoding, input: &str) -> Vec<u8> {
    encode_whole(encoding, Html, input).output
}

// ---------------------------------------------------------------------------------------------
// Conformance vectors

#[track_caller]
fn check_decode_vector(encoding: Encoding, name: &str) {
    let input = data(&format!("{name}_in.txt"));
    let expected = data(&format!("{name}_in_ref.txt"));
    let got = decode_whole(encoding, Replacement, &input).output;
    assert!(
        got == expected,
        "{name}_in.txt does not decode to {name}_in_ref.txt"
    );
    // And in pieces with little room.
    let cuts: Vec<usize> = (0..input.len()).step_by(7).collect();
    let got = decode_chunked(encoding, Replacement, &input, &cuts, 5).output;
    assert!(got == expected, "{name}_in.txt in pieces");
}

#[track_caller]
fn check_encode_vector(encoding: Encoding, name: &str) {
    let input = String::from_utf8(data(&format!("{name}_out.txt"))).expect("UTF-8");
    let expected = data(&format!("{name}_out_ref.txt"));
    // The references hold no numeric character references (ISO-2022-JP's "&#" is the jis0208
    // pair 0x26 0x23 between escapes), so every character is mappable: fatal mode.
    let got = encode_ok(encoding, &input);
    assert!(
        got == expected,
        "{name}_out.txt does not encode to {name}_out_ref.txt"
    );
    let cuts: Vec<usize> = (0..input.len()).step_by(5).collect();
    let got = encode_chunked(encoding, EFatal, &input, &cuts, 8).output;
    assert!(got == expected, "{name}_out.txt in pieces");
}

#[test]
fn vector_shift_jis_in() {
    check_decode_vector(ShiftJis, "shift_jis");
}

#[test]
fn vector_shift_jis_out() {
    check_encode_vector(ShiftJis, "shift_jis");
}

#[test]
fn vector_iso_2022_jp_in() {
    check_decode_vector(Iso2022Jp, "iso_2022_jp");
}

#[test]
fn vector_iso_2022_jp_out() {
    check_encode_vector(Iso2022Jp, "iso_2022_jp");
}

#[test]
fn vector_euc_jp_jis0208_in() {
    check_decode_vector(EucJp, "jis0208");
}

#[test]
fn vector_euc_jp_jis0208_out() {
    check_encode_vector(EucJp, "jis0208");
}

#[test]
fn vector_euc_jp_jis0212_in() {
    check_decode_vector(EucJp, "jis0212");
}

// ---------------------------------------------------------------------------------------------
// Indexes, decoding: every pointer, in every encoding that uses it

/// Decoding the whole two-byte grid of EUC-JP, after `prefix` (empty for jis0208, 0x8F for
/// jis0212): each pointer decodes to its index code point, each other pair to one U+FFFD (the
/// trailing byte 0xA1..0xFE is not ASCII, so it is not restored).
fn check_euc_jp_grid(prefix: &[u8], index: &[(u32, u32)]) {
    let map: HashMap<u32, u32> = index.iter().copied().collect();
    let (mut input, mut expected) = (Vec::new(), String::new());
    for pointer in 0..94 * 94 {
        input.extend_from_slice(prefix);
        input.extend_from_slice(&row_cell_bytes(pointer, 0xA1));
        expected.push(map.get(&pointer).map_or('\u{FFFD}', |&c| ch(c)));
    }
    assert_decodes(EucJp, &input, &expected);
}

#[test]
fn euc_jp_decodes_every_jis0208_pointer() {
    let index = read_index("jis0208");
    // EUC-JP reaches pointers 0 to 8835 only; the index's extensions above are Shift_JIS's.
    assert!(index.iter().filter(|&&(p, _)| p < 8836).count() > 6000);
    check_euc_jp_grid(&[], &index);
}

#[test]
fn euc_jp_decodes_every_jis0212_pointer() {
    let index = read_index("jis0212");
    assert!(index.iter().all(|&(p, _)| p < 8836));
    check_euc_jp_grid(&[0x8F], &index);
}

#[test]
fn euc_jp_decodes_half_width_katakana_after_0x8e() {
    for byte in 0xA1u8..=0xDF {
        let expected = ch(0xFF61 - 0xA1 + u32::from(byte)).to_string();
        assert_decodes(EucJp, &[0x8E, byte], &expected);
    }
    // Outside 0xA1..0xDF, 0x8E and the byte form one error (the byte is not ASCII).
    for byte in [0xA0u8, 0xE0, 0xFE, 0x8E] {
        assert_decodes(EucJp, &[0x8E, byte], "\u{FFFD}");
    }
}

#[test]
fn shift_jis_decodes_every_jis0208_pointer() {
    let index = read_index("jis0208");
    let (mut input, mut expected) = (Vec::new(), String::new());
    for &(pointer, c) in &index {
        input.extend_from_slice(&shift_jis_bytes(pointer));
        expected.push(ch(c));
    }
    assert_decodes(ShiftJis, &input, &expected);
}

#[test]
fn shift_jis_decodes_every_pair_as_the_decoder_steps_say() {
    // The complete grid of leading and trailing bytes, including pointers the index lacks.
    let map: HashMap<u32, u32> = read_index("jis0208").into_iter().collect();
    for lead in (0x81u8..=0x9F).chain(0xE0..=0xFC) {
        let (mut input, mut expected) = (Vec::new(), String::new());
        for trail in (0x40u8..=0x7E).chain(0x80..=0xFC) {
            let offset = if trail < 0x7F { 0x40 } else { 0x41 };
            let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
            let pointer = u32::from(lead - lead_offset) * 188 + u32::from(trail) - offset;
            input.extend_from_slice(&[lead, trail]);
            if (8836..=10715).contains(&pointer) {
                expected.push(ch(0xE000 - 8836 + pointer));
            } else if let Some(&c) = map.get(&pointer) {
                expected.push(ch(c));
            } else if trail < 0x80 {
                expected.push('\u{FFFD}');
                expected.push(trail as char);
            } else {
                expected.push('\u{FFFD}');
            }
        }
        assert_decodes(ShiftJis, &input, &expected);
    }
}

#[test]
fn shift_jis_decodes_single_bytes() {
    let mut input = Vec::new();
    let mut expected = String::new();
    for byte in 0x00u8..=0x80 {
        input.push(byte);
        expected.push(char::from(byte));
    }
    for byte in 0xA1u8..=0xDF {
        input.push(byte);
        expected.push(ch(0xFF61 - 0xA1 + u32::from(byte)));
    }
    assert_decodes(ShiftJis, &input, &expected);
    for byte in [0xA0u8, 0xFD, 0xFE, 0xFF] {
        assert_decodes(ShiftJis, &[byte], "\u{FFFD}");
        assert_eq!(fatal_errors(ShiftJis, &[byte]), vec![(0, vec![byte])]);
    }
}

#[test]
fn iso_2022_jp_decodes_every_jis0208_pointer() {
    let map: HashMap<u32, u32> = read_index("jis0208").into_iter().collect();
    for escape in [b"\x1B$@", b"\x1B$B"] {
        let (mut input, mut expected) = (escape.to_vec(), String::new());
        for pointer in 0..94 * 94 {
            input.extend_from_slice(&row_cell_bytes(pointer, 0x21));
            expected.push(map.get(&pointer).map_or('\u{FFFD}', |&c| ch(c)));
        }
        input.extend_from_slice(b"\x1B(B");
        assert_decodes(Iso2022Jp, &input, &expected);
    }
}

#[test]
fn iso_2022_jp_decodes_katakana_roman_and_ascii_states() {
    let mut input = b"\x1B(I".to_vec();
    let mut expected = String::new();
    for byte in 0x21u8..=0x5F {
        input.push(byte);
        expected.push(ch(0xFF61 - 0x21 + u32::from(byte)));
    }
    input.extend_from_slice(b"\x1B(J");
    for byte in (0x00u8..=0x7F).filter(|b| ![0x0E, 0x0F, ESC].contains(b)) {
        input.push(byte);
        expected.push(match byte {
            0x5C => '\u{A5}',
            0x7E => '\u{203E}',
            _ => char::from(byte),
        });
    }
    input.extend_from_slice(b"\x1B(B");
    for byte in (0x00u8..=0x7F).filter(|b| ![0x0E, 0x0F, ESC].contains(b)) {
        input.push(byte);
        expected.push(char::from(byte));
    }
    assert_decodes(Iso2022Jp, &input, &expected);
}

// ---------------------------------------------------------------------------------------------
// Indexes, encoding: every code point, as the encoders' steps say

/// What the standard's EUC-JP encoder returns for `c`: bytes, or None for an error.
fn spec_euc_jp(c: char, first: &HashMap<u32, u32>) -> Option<Vec<u8>> {
    let cp = u32::from(c);
    match cp {
        0x00..=0x7F => Some(vec![cp as u8]),
        0xA5 => Some(vec![0x5C]),
        0x203E => Some(vec![0x7E]),
        0xFF61..=0xFF9F => Some(vec![0x8E, (cp - 0xFF61 + 0xA1) as u8]),
        _ => {
            let cp = if cp == 0x2212 { 0xFF0D } else { cp };
            let pointer = *first.get(&cp)?;
            Some(row_cell_bytes(pointer, 0xA1).to_vec())
        }
    }
}

/// What the standard's Shift_JIS encoder returns for `c`.
fn spec_shift_jis(c: char, sjis: &HashMap<u32, u32>) -> Option<Vec<u8>> {
    let cp = u32::from(c);
    match cp {
        0x00..=0x80 => Some(vec![cp as u8]),
        0xA5 => Some(vec![0x5C]),
        0x203E => Some(vec![0x7E]),
        0xFF61..=0xFF9F => Some(vec![(cp - 0xFF61 + 0xA1) as u8]),
        _ => {
            let cp = if cp == 0x2212 { 0xFF0D } else { cp };
            Some(shift_jis_bytes(*sjis.get(&cp)?).to_vec())
        }
    }
}

/// Every scalar value of the BMP and a few beyond.
fn all_test_chars() -> String {
    (0..=0xFFFFu32)
        .chain([0x10000, 0x20B9F, 0x1F600, 0x10FFFF])
        .filter_map(char::from_u32)
        .collect()
}

/// Encodes `all_test_chars()` in fatal mode and checks output and unmappable characters against
/// `spec`, character by character.
fn check_every_char(encoding: Encoding, spec: impl Fn(char) -> Option<Vec<u8>>) {
    let text = all_test_chars();
    let (mut expected, mut errors) = (Vec::new(), Vec::new());
    for (offset, c) in text.char_indices() {
        match spec(c) {
            Some(bytes) => expected.extend_from_slice(&bytes),
            None => errors.push((offset, c)),
        }
    }
    let e = encode_whole(encoding, EFatal, &text);
    let got: Vec<(usize, char)> = e.errors.iter().map(|&(o, u)| (o, u.input)).collect();
    assert_eq!(
        got.len(),
        errors.len(),
        "{encoding}: number of unmappable characters"
    );
    assert!(got == errors, "{encoding}: unmappable characters differ");
    assert!(e.errors.iter().all(|(_, u)| u.code_point == u.input));
    assert!(e.output == expected, "{encoding}: output differs");
}

#[test]
fn euc_jp_encodes_every_code_point_to_its_first_jis0208_pointer() {
    let first = first_pointers(&read_index("jis0208"));
    check_every_char(EucJp, |c| spec_euc_jp(c, &first));
}

#[test]
fn shift_jis_encodes_every_code_point_to_its_index_shift_jis_pointer() {
    let sjis = shift_jis_pointers(&read_index("jis0208"));
    check_every_char(ShiftJis, |c| spec_shift_jis(c, &sjis));
}

#[test]
fn iso_2022_jp_encodes_every_jis0208_code_point_to_its_first_pointer() {
    let jis0208 = read_index("jis0208");
    let first = first_pointers(&jis0208);
    let mut cps: Vec<u32> = first.keys().copied().collect();
    cps.sort();
    let text: String = cps.iter().map(|&c| ch(c)).collect();
    let mut expected = b"\x1B$B".to_vec();
    for &c in &cps {
        expected.extend_from_slice(&row_cell_bytes(first[&c], 0x21));
    }
    expected.extend_from_slice(b"\x1B(B");
    assert!(encode_ok(Iso2022Jp, &text) == expected);
    // One at a time too: each is its own escape, pair and return to ASCII.
    for &c in cps.iter().step_by(13) {
        let mut one = b"\x1B$B".to_vec();
        one.extend_from_slice(&row_cell_bytes(first[&c], 0x21));
        one.extend_from_slice(b"\x1B(B");
        assert_eq!(encode_ok(Iso2022Jp, &ch(c).to_string()), one);
    }
}

#[test]
fn iso_2022_jp_encodes_half_width_katakana_via_the_katakana_index() {
    let first = first_pointers(&read_index("jis0208"));
    let katakana = read_index("iso-2022-jp-katakana");
    assert_eq!(katakana.len(), 0xFF9F - 0xFF61 + 1);
    let mut text = String::new();
    let mut expected = b"\x1B$B".to_vec();
    for (pointer, full) in katakana {
        text.push(ch(0xFF61 + pointer));
        expected.extend_from_slice(&row_cell_bytes(first[&full], 0x21));
    }
    expected.extend_from_slice(b"\x1B(B");
    assert_eq!(encode_ok(Iso2022Jp, &text), expected);
}

#[test]
fn iso_2022_jp_refuses_what_jis0208_lacks() {
    let first = first_pointers(&read_index("jis0208"));
    // Every BMP code point outside ASCII, ¥, ‾, U+2212, half-width katakana and index jis0208.
    let text: String = (0x80..=0xFFFFu32)
        .filter(|c| ![0xA5, 0x203E, 0x2212].contains(c) && !(0xFF61..=0xFF9F).contains(c))
        .filter(|c| !first.contains_key(c))
        .filter_map(char::from_u32)
        .collect();
    let e = encode_whole(Iso2022Jp, EFatal, &text);
    assert_eq!(e.errors.len(), text.chars().count());
    assert!(e.output.is_empty());
}

#[test]
fn euc_jp_never_encodes_jis0212() {
    // The standard: index jis0212 is only used by the EUC-JP decoder.
    let first = first_pointers(&read_index("jis0208"));
    let only_0212: Vec<char> = read_index("jis0212")
        .into_iter()
        .map(|(_, c)| c)
        .filter(|c| !first.contains_key(c) && ![0xA5, 0x203E].contains(c))
        .map(ch)
        .collect();
    assert!(only_0212.len() > 5000);
    let text: String = only_0212.iter().collect();
    let e = encode_whole(EucJp, EFatal, &text);
    let got: Vec<char> = e.errors.iter().map(|(_, u)| u.input).collect();
    assert_eq!(got, only_0212);
    assert!(e.output.is_empty());
    // In html mode each becomes a reference.
    let c = only_0212[0];
    assert_eq!(
        encode_html(EucJp, &c.to_string()),
        format!("&#{};", u32::from(c)).into_bytes()
    );
}

#[test]
fn euc_jp_jis0212_round_trip_is_decode_only() {
    // 0x8F 0xA2 0xAF is jis0212 pointer 108, U+02D8 (BREVE) in the index.
    let index: HashMap<u32, u32> = read_index("jis0212").into_iter().collect();
    let c = ch(index[&108]);
    assert_decodes(EucJp, &[0x8F, 0xA2, 0xAF], &c.to_string());
}

// ---------------------------------------------------------------------------------------------
// The standard's examples and notes

#[test]
fn example_iso_2022_jp_encoder_oddity_yen_twice() {
    // "Encoding U+00A5 (¥) gives 0x1B 0x28 0x4A 0x5C 0x1B 0x28 0x42."
    let once = encode_ok(Iso2022Jp, "\u{A5}");
    assert_eq!(once, b"\x1B\x28\x4A\x5C\x1B\x28\x42");
    // "Doing that twice, concatenating the results, and then decoding yields U+00A5 U+FFFD
    // U+00A5."
    let twice = [once.as_slice(), once.as_slice()].concat();
    assert_decodes(Iso2022Jp, &twice, "\u{A5}\u{FFFD}\u{A5}");
    // The error is the second of two escape sequences in a row: ESC ( J right after ESC ( B.
    assert_eq!(
        fatal_errors(Iso2022Jp, &twice),
        vec![(7, b"\x1B(J".to_vec())]
    );
}

#[test]
fn note_iso_2022_jp_encoder_refuses_escape_controls_with_fffd() {
    // "This returns U+FFFD (�) rather than codePoint to prevent attacks."
    for c in ['\u{0E}', '\u{0F}', '\u{1B}'] {
        let e = encode_whole(Iso2022Jp, EFatal, &format!("a{c}b"));
        assert_eq!(e.output, b"ab");
        assert_eq!(e.errors.len(), 1);
        let (offset, u) = e.errors[0];
        assert_eq!((offset, u.input, u.code_point), (1, c, '\u{FFFD}'));
        assert_eq!(encode_html(Iso2022Jp, &format!("a{c}b")), b"a&#65533;b");
    }
}

#[test]
fn iso_2022_jp_encoder_never_emits_escape_controls_from_input_in_any_state() {
    // ASCII, Roman (after ¥) and jis0208 (after a kanji) states, both error modes.
    let cases: [(&str, &[u8], &[u8]); 3] = [
        ("", b"", b""),
        ("\u{A5}", b"\x1B(J\x5C", b"\x1B(B"),
        ("\u{6F22}", b"\x1B$B\x34\x41\x1B(B", b""),
    ];
    for (prefix, prefix_bytes, end) in cases {
        for c in ['\u{0E}', '\u{0F}', '\u{1B}'] {
            let text = format!("{prefix}{c}");
            let html = encode_html(Iso2022Jp, &text);
            let expected = [prefix_bytes, b"&#65533;", end].concat();
            assert_eq!(html, expected, "{text:?}");
            let fatal = encode_whole(Iso2022Jp, EFatal, &text);
            assert_eq!(fatal.output, [prefix_bytes, end].concat(), "{text:?}");
            assert_eq!(fatal.errors[0].1.code_point, '\u{FFFD}');
        }
    }
}

#[test]
fn iso_2022_jp_html_references_only_in_ascii_or_roman_state() {
    // From jis0208 the encoder first returns to ASCII, then errors.
    assert_eq!(
        encode_html(Iso2022Jp, "\u{6F22}\u{2603}"),
        b"\x1B$B\x34\x41\x1B(B&#9731;"
    );
    let fatal = encode_whole(Iso2022Jp, EFatal, "\u{6F22}\u{2603}");
    assert_eq!(fatal.output, b"\x1B$B\x34\x41\x1B(B");
    // In Roman the reference's bytes are all plain ASCII (no 0x5C or 0x7E).
    assert_eq!(
        encode_html(Iso2022Jp, "\u{A5}\u{2603}\u{A5}"),
        b"\x1B(J\x5C&#9731;\x5C\x1B(B"
    );
}

#[test]
fn iso_2022_jp_encoder_states() {
    // ASCII stays ASCII; no final escape.
    assert_eq!(encode_ok(Iso2022Jp, "abc\\~"), b"abc\\~");
    // Roman: ¥ and ‾ are 0x5C and 0x7E; other ASCII stays; \ and ~ need ASCII.
    assert_eq!(
        encode_ok(Iso2022Jp, "\u{A5}a\u{203E}\\"),
        b"\x1B(J\x5Ca\x7E\x1B(B\\"
    );
    // jis0208 to Roman and back to jis0208; ends in ASCII.
    assert_eq!(
        encode_ok(Iso2022Jp, "\u{6F22}\u{A5}\u{6F22}"),
        b"\x1B$B\x34\x41\x1B(J\x5C\x1B$B\x34\x41\x1B(B"
    );
    // U+2212 is treated as U+FF0D (pointer 60: 0x21 0x5D).
    assert_eq!(encode_ok(Iso2022Jp, "\u{2212}"), b"\x1B$B\x21\x5D\x1B(B");
}

#[test]
fn note_index_pointer_below_8836_for_euc_jp_and_iso_2022_jp() {
    // "If pointer is non-null, it is less than 8836 due to the nature of index jis0208 and the
    // index pointer operation."
    let first = first_pointers(&read_index("jis0208"));
    assert!(first.values().all(|&p| p < 8836));
    // So every leading byte EUC-JP writes is at most 0xFE (checked on the whole index above).
    let text: String = first.keys().map(|&c| ch(c)).collect();
    assert!(encode_ok(EucJp, &text).iter().all(|&b| b >= 0xA1));
}

#[test]
fn note_index_shift_jis_pointer_uses_later_duplicates() {
    // "The index jis0208 contains duplicate code points so the exclusion of these entries
    // causes later code points to be used." U+7E8A is first at pointer 8272 (excluded).
    let jis0208 = read_index("jis0208");
    let pointers: Vec<u32> = jis0208
        .iter()
        .filter(|&&(_, c)| c == 0x7E8A)
        .map(|&(p, _)| p)
        .collect();
    assert_eq!(pointers[0], 8272);
    let later = pointers[1];
    assert!(later > 8835);
    assert_eq!(encode_ok(ShiftJis, "\u{7E8A}"), shift_jis_bytes(later));
    assert_eq!(encode_ok(EucJp, "\u{7E8A}"), row_cell_bytes(8272, 0xA1));
    // Both byte sequences decode to it in Shift_JIS.
    assert_decodes(ShiftJis, &shift_jis_bytes(8272), "\u{7E8A}");
    assert_decodes(ShiftJis, &shift_jis_bytes(later), "\u{7E8A}");
    // Every code point first in the excluded range has a later pointer.
    let sjis = shift_jis_pointers(&jis0208);
    let first = first_pointers(&jis0208);
    for (c, p) in first {
        if (8272..=8835).contains(&p) {
            assert!(sjis[&c] > 8835);
        } else {
            assert_eq!(sjis[&c], p);
        }
    }
}

#[test]
fn note_shift_jis_eudc_decodes_to_private_use_and_is_never_encoded() {
    // "This is interoperable legacy from Windows known as EUDC." Pointers 8836..10715 are
    // 0xF0 0x40 .. 0xF9 0xFC and decode to U+E000..U+E757.
    assert_eq!(shift_jis_bytes(8836), [0xF0, 0x40]);
    assert_eq!(shift_jis_bytes(10715), [0xF9, 0xFC]);
    assert_decodes(ShiftJis, &[0xF0, 0x40], "\u{E000}");
    assert_decodes(ShiftJis, &[0xF9, 0xFC], "\u{E757}");
    let text: String = (0xE000..=0xE757u32).map(ch).collect();
    let e = encode_whole(ShiftJis, EFatal, &text);
    assert_eq!(e.errors.len(), 0xE758 - 0xE000);
    assert!(e.output.is_empty());
    assert_eq!(encode_html(ShiftJis, "\u{E000}"), b"&#57344;");
}

#[test]
fn shift_jis_encoder_special_code_points() {
    assert_eq!(encode_ok(ShiftJis, "\u{80}\u{A5}\u{203E}"), b"\x80\x5C\x7E");
    assert_eq!(encode_ok(ShiftJis, "\u{FF61}\u{FF9F}"), b"\xA1\xDF");
    // U+2212 is set to U+FF0D (pointer 60).
    assert_eq!(encode_ok(ShiftJis, "\u{2212}"), shift_jis_bytes(60));
    assert_eq!(encode_ok(ShiftJis, "\u{FF0D}"), shift_jis_bytes(60));
}

#[test]
fn euc_jp_encoder_special_code_points() {
    assert_eq!(encode_ok(EucJp, "\u{A5}\u{203E}"), b"\x5C\x7E");
    assert_eq!(encode_ok(EucJp, "\u{FF61}\u{FF9F}"), b"\x8E\xA1\x8E\xDF");
    assert_eq!(encode_ok(EucJp, "\u{2212}"), row_cell_bytes(60, 0xA1));
    // U+0080 is not EUC-JP's (it is Shift_JIS's).
    assert_eq!(encode_whole(EucJp, EFatal, "\u{80}").errors.len(), 1);
}

#[test]
fn note_katakana_index_maps_voiced_marks_to_spacing_forms() {
    // "U+FF9E (ﾞ) and U+FF9F (ﾟ) map to U+309B (゛) and U+309C (゜)".
    let first = first_pointers(&read_index("jis0208"));
    for (half, full) in [(0xFF9Eu32, 0x309Bu32), (0xFF9F, 0x309C)] {
        let expected = [
            b"\x1B$B".as_slice(),
            &row_cell_bytes(first[&full], 0x21),
            b"\x1B(B",
        ]
        .concat();
        assert_eq!(encode_ok(Iso2022Jp, &ch(half).to_string()), expected);
    }
}

#[test]
fn note_jis0212_not_in_iso_2022_jp() {
    // Index jis0212 "is only used by the EUC-JP decoder": ISO-2022-JP has no ESC $ ( D.
    // ESC $ then "(" is not an escape: the ESC is an error and "$(D" is restored as ASCII.
    assert_decodes(Iso2022Jp, b"\x1B$(D", "\u{FFFD}$(D");
}

#[test]
fn shift_jis_0x82_0x22_restores_the_quote() {
    assert_decodes(ShiftJis, b"\x82\x22", "\u{FFFD}\u{22}");
    assert_eq!(fatal_errors(ShiftJis, b"\x82\x22"), vec![(0, vec![0x82])]);
    assert_eq!(decode_whole(ShiftJis, DFatal, b"\x82\x22").output, b"\x22");
}

// ---------------------------------------------------------------------------------------------
// Error positions

#[test]
fn shift_jis_error_positions() {
    // Lead then non-ASCII invalid trailing byte: both bytes are the error.
    assert_eq!(
        fatal_errors(ShiftJis, b"a\x82\xFDb"),
        vec![(1, vec![0x82, 0xFD])]
    );
    // A pointer the index lacks (0x85 0x40 is pointer 752) with an ASCII trailing byte: the
    // leading byte alone is the error and "@" is restored.
    assert_eq!(fatal_errors(ShiftJis, b"\x85\x40"), vec![(0, vec![0x85])]);
    assert_decodes(ShiftJis, b"\x85\x40", "\u{FFFD}@");
    // Lead at the end.
    assert_eq!(fatal_errors(ShiftJis, b"ab\x82"), vec![(2, vec![0x82])]);
    assert_decodes(ShiftJis, b"ab\x82", "ab\u{FFFD}");
}

#[test]
fn euc_jp_error_positions() {
    assert_eq!(fatal_errors(EucJp, b"\xA1\x41"), vec![(0, vec![0xA1])]);
    assert_decodes(EucJp, b"\xA1\x41", "\u{FFFD}A");
    // 0x8F and a jis0212 lead, then ASCII: the two are the error, the ASCII byte is restored.
    assert_eq!(
        fatal_errors(EucJp, b"\x8F\xA1\x41"),
        vec![(0, vec![0x8F, 0xA1])]
    );
    assert_decodes(EucJp, b"\x8F\xA1\x41", "\u{FFFD}A");
    // 0x8F 0xA1 0xA1 is not in index jis0212: three bytes, one error.
    assert_eq!(
        fatal_errors(EucJp, b"\x8F\xA1\xA1z"),
        vec![(0, vec![0x8F, 0xA1, 0xA1])]
    );
    // 0x8F then a byte outside 0xA1..0xFE.
    assert_eq!(
        fatal_errors(EucJp, b"\x8F\x80"),
        vec![(0, vec![0x8F, 0x80])]
    );
    assert_eq!(fatal_errors(EucJp, b"\x8F\x41"), vec![(0, vec![0x8F])]);
    // Bytes that are never leads.
    assert_eq!(
        fatal_errors(EucJp, b"\x80\xA0\xFF"),
        vec![(0, vec![0x80]), (1, vec![0xA0]), (2, vec![0xFF])]
    );
    // Leads at the end.
    assert_eq!(fatal_errors(EucJp, b"x\xA1"), vec![(1, vec![0xA1])]);
    assert_eq!(
        fatal_errors(EucJp, b"x\x8F\xA1"),
        vec![(1, vec![0x8F, 0xA1])]
    );
    assert_eq!(fatal_errors(EucJp, b"x\x8E"), vec![(1, vec![0x8E])]);
    assert_decodes(EucJp, b"x\x8F\xA1", "x\u{FFFD}");
}

/// Checks the fatal errors of `input` whole and cut at every position.
#[track_caller]
fn check_errors_everywhere(encoding: Encoding, input: &[u8], expected: &[(usize, &[u8])]) {
    let expected: Vec<(usize, Vec<u8>)> = expected.iter().map(|&(o, b)| (o, b.to_vec())).collect();
    assert_eq!(fatal_errors(encoding, input), expected, "{input:02X?}");
    for cut in 0..=input.len() {
        let d = decode_chunked(encoding, DFatal, input, &[cut], 16);
        assert_eq!(d.errors, expected, "{input:02X?} cut at {cut}");
    }
    let bytewise: Vec<usize> = (0..input.len()).collect();
    let d = decode_chunked(encoding, DFatal, input, &bytewise, 4);
    assert_eq!(d.errors, expected, "{input:02X?} bytewise");
}

#[test]
fn iso_2022_jp_error_positions_with_restores() {
    // Escape start restores the byte after ESC.
    check_errors_everywhere(Iso2022Jp, b"\x1BX", &[(0, b"\x1B")]);
    assert_decodes(Iso2022Jp, b"\x1BX", "\u{FFFD}X");
    // Escape restores « leading, byte »: both are read again in the output state.
    check_errors_everywhere(Iso2022Jp, b"\x1B$X", &[(0, b"\x1B")]);
    assert_decodes(Iso2022Jp, b"\x1B$X", "\u{FFFD}$X");
    check_errors_everywhere(Iso2022Jp, b"\x1B(X", &[(0, b"\x1B")]);
    // ... in the output state: here katakana, so "(" (0x28) and "X" (0x58) are katakana.
    let katakana = |b: u8| ch(0xFF61 - 0x21 + u32::from(b));
    let expected = format!("\u{FFFD}{}{}", katakana(b'('), katakana(b'X'));
    assert_decodes(Iso2022Jp, b"\x1B(I\x1B(X", &expected);
    check_errors_everywhere(Iso2022Jp, b"\x1B(I\x1B(X", &[(3, b"\x1B")]);
    // At the end of the input: ESC alone, ESC and a leading byte (restored).
    check_errors_everywhere(Iso2022Jp, b"a\x1B", &[(1, b"\x1B")]);
    check_errors_everywhere(Iso2022Jp, b"a\x1B$", &[(1, b"\x1B")]);
    assert_decodes(Iso2022Jp, b"a\x1B$", "a\u{FFFD}$");
    assert_decodes(Iso2022Jp, b"a\x1B(", "a\u{FFFD}(");
    // ESC ESC: the second is restored and starts an escape.
    check_errors_everywhere(Iso2022Jp, b"\x1B\x1B(J\\", &[(0, b"\x1B")]);
    assert_decodes(Iso2022Jp, b"\x1B\x1B(J\\", "\u{FFFD}\u{A5}");
}

#[test]
fn iso_2022_jp_output_flag() {
    // Two escape sequences in a row: the second is an error, but its state is taken.
    check_errors_everywhere(Iso2022Jp, b"\x1B(B\x1B(J\\", &[(3, b"\x1B(J")]);
    assert_decodes(Iso2022Jp, b"\x1B(B\x1B(J\\", "\u{FFFD}\u{A5}");
    // Anything in between (even an error) clears the flag.
    assert_decodes(Iso2022Jp, b"\x1B(Ba\x1B(J\\", "a\u{A5}");
    assert_decodes(Iso2022Jp, b"\x1B(B\x80\x1B(J\\", "\u{FFFD}\u{A5}");
    assert_decodes(Iso2022Jp, b"\x1B(B\x1BX\x1B(Ja", "\u{FFFD}Xa");
    // At the start the flag is false.
    assert_decodes(Iso2022Jp, b"\x1B$B\x30\x21\x1B(B", "\u{4E9C}");
    // An escape sequence alone at the end is no error.
    check_errors_everywhere(Iso2022Jp, b"\x1B$B", &[]);
    // A leading byte sets output to false even without its trailing byte.
    check_errors_everywhere(Iso2022Jp, b"\x1B$B\x30\x1B(B", &[(3, b"\x30")]);
}

#[test]
fn iso_2022_jp_trailing_byte_state() {
    // ESC in the trailing byte state is an error; "ISO-2022-JP decoder output state is still
    // leading byte", so after ESC ( B ... it is ASCII, and after an invalid escape it is
    // leading byte again.
    assert_decodes(Iso2022Jp, b"\x1B$B\x30\x1B(Ba", "\u{FFFD}a");
    // Here the restored "X" (0x58) is a leading byte and 0x21 its trailing byte.
    let map: HashMap<u32, u32> = read_index("jis0208").into_iter().collect();
    let c = ch(map[&((0x58 - 0x21) * 94)]);
    assert_decodes(
        Iso2022Jp,
        b"\x1B$B\x30\x1BX\x21",
        &format!("\u{FFFD}\u{FFFD}{c}"),
    );
    check_errors_everywhere(
        Iso2022Jp,
        b"\x1B$B\x30\x1BX\x21",
        &[(3, b"\x30"), (4, b"\x1B")],
    );
    // A byte outside 0x21..0x7E is consumed with the leading byte (no restore).
    check_errors_everywhere(Iso2022Jp, b"\x1B$B\x30\n\x30\x21", &[(3, b"\x30\n")]);
    assert_decodes(Iso2022Jp, b"\x1B$B\x30\n\x30\x21", "\u{FFFD}\u{4E9C}");
    // A pair not in index jis0208 (pointer 8835: 0x7E 0x7E).
    check_errors_everywhere(Iso2022Jp, b"\x1B$B\x7E\x7E", &[(3, b"\x7E\x7E")]);
    // End of input after a leading byte.
    check_errors_everywhere(Iso2022Jp, b"\x1B$B\x30", &[(3, b"\x30")]);
    // Leading byte state: bytes outside 0x21..0x7E are errors alone.
    check_errors_everywhere(Iso2022Jp, b"\x1B$B\n", &[(3, b"\n")]);
}

#[test]
fn iso_2022_jp_errors_in_each_state() {
    // SO and SI are errors in ASCII and Roman; bytes 0x80.. are errors everywhere.
    check_errors_everywhere(
        Iso2022Jp,
        b"\x0E\x0F\x80",
        &[(0, b"\x0E"), (1, b"\x0F"), (2, b"\x80")],
    );
    check_errors_everywhere(Iso2022Jp, b"\x1B(J\x0E\xFF", &[(3, b"\x0E"), (4, b"\xFF")]);
    // Katakana: 0x21..0x5F only.
    check_errors_everywhere(
        Iso2022Jp,
        b"\x1B(I\x20\x60\x21",
        &[(3, b"\x20"), (4, b"\x60")],
    );
    assert_decodes(Iso2022Jp, b"\x1B(I\x20\x60\x21", "\u{FFFD}\u{FFFD}\u{FF61}");
}

// ---------------------------------------------------------------------------------------------
// ASCII is never masked

#[test]
fn shift_jis_never_masks_ascii() {
    let map: HashMap<u32, u32> = read_index("jis0208").into_iter().collect();
    for lead in (0x81u8..=0x9F).chain(0xE0..=0xFC) {
        for byte in 0x00u8..=0x7F {
            let input = [lead, byte];
            let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
            let mapped = if (0x40..=0x7E).contains(&byte) {
                let pointer = u32::from(lead - lead_offset) * 188 + u32::from(byte) - 0x40;
                if (8836..=10715).contains(&pointer) {
                    Some(ch(0xE000 - 8836 + pointer))
                } else {
                    map.get(&pointer).map(|&c| ch(c))
                }
            } else {
                None
            };
            match mapped {
                Some(c) => assert_decodes(ShiftJis, &input, &c.to_string()),
                None => {
                    assert_decodes(ShiftJis, &input, &format!("\u{FFFD}{}", byte as char));
                    let d = decode_whole(ShiftJis, DFatal, &input);
                    assert_eq!(d.errors, vec![(0, vec![lead])]);
                    assert_eq!(d.output, vec![byte]);
                }
            }
        }
    }
}

#[test]
fn euc_jp_never_masks_ascii() {
    for lead in [0x8Eu8, 0x8F].into_iter().chain(0xA1..=0xFE) {
        for byte in 0x00u8..=0x7F {
            let input = [lead, byte];
            assert_decodes(EucJp, &input, &format!("\u{FFFD}{}", byte as char));
            let d = decode_whole(EucJp, DFatal, &input);
            assert_eq!(d.errors, vec![(0, vec![lead])]);
            assert_eq!(d.output, vec![byte]);
        }
    }
    // After 0x8F and a jis0212 leading byte, too.
    for lead in 0xA1u8..=0xFE {
        for byte in 0x00u8..=0x7F {
            let input = [0x8F, lead, byte];
            assert_decodes(EucJp, &input, &format!("\u{FFFD}{}", byte as char));
            let d = decode_whole(EucJp, DFatal, &input);
            assert_eq!(d.errors, vec![(0, vec![0x8F, lead])]);
            assert_eq!(d.output, vec![byte]);
        }
    }
}

#[test]
fn iso_2022_jp_never_masks_ascii_after_a_bad_escape() {
    // ESC then any byte but "$", "(" : the byte is restored and read in the output state.
    for byte in (0x00u8..=0x7F).filter(|&b| b != 0x24 && b != 0x28) {
        let input = [ESC, byte];
        let rest = match byte {
            0x0E | 0x0F => "\u{FFFD}".to_string(),
            ESC => "\u{FFFD}".to_string(),
            _ => (byte as char).to_string(),
        };
        assert_decodes(Iso2022Jp, &input, &format!("\u{FFFD}{rest}"));
    }
    // ESC $ / ESC ( then any byte that completes no escape sequence.
    for (lead, finals) in [(b'$', &b"@B"[..]), (b'(', &b"BJI"[..])] {
        for byte in
            (0x00u8..=0x7F).filter(|b| !finals.contains(b) && ![0x0E, 0x0F, ESC].contains(b))
        {
            let input = [ESC, lead, byte];
            let expected = format!("\u{FFFD}{}{}", lead as char, byte as char);
            assert_decodes(Iso2022Jp, &input, &expected);
            let d = decode_whole(Iso2022Jp, DFatal, &input);
            assert_eq!(d.errors, vec![(0, vec![ESC])]);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Any split of the input and any output room gives the whole input's result.
//
// Bounds: 256 cases per property, inputs of up to 48 units, up to 8 cuts, room 0 to 15 or
// ample (the helpers grow a buffer below the minimum room when a call cannot progress).

fn units(unit: impl Strategy<Value = Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(unit, 0..48).prop_map(|v| v.concat())
}

fn one(r: impl Strategy<Value = u8>) -> impl Strategy<Value = Vec<u8>> {
    r.prop_map(|b| vec![b])
}

fn shift_jis_bytes_strategy() -> impl Strategy<Value = Vec<u8>> {
    units(prop_oneof![
        3 => one(0x81u8..=0x9F),
        2 => one(0xE0u8..=0xFC),
        3 => one(0x40u8..=0xFC),
        2 => one(0x00u8..=0x7F),
        1 => one(0xA1u8..=0xDF),
        1 => one(prop_oneof![Just(0x80u8), Just(0xA0), 0xFDu8..=0xFF]),
        1 => one(0xF0u8..=0xF9),
    ])
}

fn euc_jp_bytes_strategy() -> impl Strategy<Value = Vec<u8>> {
    units(prop_oneof![
        4 => one(0xA1u8..=0xFE),
        1 => one(Just(0x8Eu8)),
        1 => one(Just(0x8Fu8)),
        2 => one(0x00u8..=0x7F),
        1 => one(0x80u8..=0xA0),
        1 => one(Just(0xFFu8)),
    ])
}

fn iso_2022_jp_bytes_strategy() -> impl Strategy<Value = Vec<u8>> {
    let escapes: Vec<&'static [u8]> = vec![
        b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$@", b"\x1B$B", b"\x1B", b"\x1B$", b"\x1B(",
        b"\x1B$(D",
    ];
    units(prop_oneof![
        3 => proptest::sample::select(escapes).prop_map(|e| e.to_vec()),
        5 => one(0x21u8..=0x7E),
        1 => one(prop_oneof![Just(0x0Eu8), Just(0x0F), Just(0x1B), Just(0x0A)]),
        1 => one(0x00u8..=0x20),
        1 => one(0x80u8..=0xFF),
    ])
}

fn text_strategy() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        3 => proptest::char::range('\0', '\u{7F}'),
        1 => prop_oneof![Just('\\'), Just('~'), Just('\u{1B}'), Just('\u{0E}'), Just('\u{0F}')],
        1 => prop_oneof![Just('\u{A5}'), Just('\u{203E}'), Just('\u{2212}'), Just('\u{80}')],
        2 => proptest::char::range('\u{3041}', '\u{30FF}'),
        2 => proptest::char::range('\u{4E00}', '\u{9FA0}'),
        2 => proptest::char::range('\u{FF61}', '\u{FF9F}'),
        1 => proptest::char::range('\u{FF01}', '\u{FF60}'),
        1 => proptest::char::range('\u{2150}', '\u{2200}'),
        1 => proptest::char::range('\u{E000}', '\u{E760}'),
        1 => proptest::char::range('\u{80}', '\u{2FF}'),
        1 => any::<char>(),
    ];
    proptest::collection::vec(c, 0..32).prop_map(|v| v.into_iter().collect())
}

fn cuts() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0usize..150, 0..8)
}

fn room() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..16, Just(4096)]
}

fn check_decoding_in_pieces(
    encoding: Encoding,
    input: &[u8],
    cuts: &[usize],
    room: usize,
) -> Result<(), TestCaseError> {
    for mode in [Replacement, DFatal] {
        let whole = decode_whole(encoding, mode, input);
        let pieces = decode_chunked(encoding, mode, input, cuts, room);
        prop_assert_eq!(&pieces, &whole, "{} {:?}", encoding, mode);
        for (offset, seq) in &whole.errors {
            prop_assert_eq!(&input[*offset..offset + seq.len()], seq.as_slice());
        }
    }
    // Each fatal error is one U+FFFD in replacement mode.
    let fatal = decode_whole(encoding, DFatal, input);
    let replaced = String::from_utf8(decode_whole(encoding, Replacement, input).output).unwrap();
    let in_fatal = String::from_utf8(fatal.output)
        .unwrap()
        .matches('\u{FFFD}')
        .count();
    prop_assert_eq!(
        replaced.matches('\u{FFFD}').count(),
        in_fatal + fatal.errors.len()
    );
    Ok(())
}

fn check_encoding_in_pieces(
    encoding: Encoding,
    input: &str,
    cuts: &[usize],
    room: usize,
) -> Result<(), TestCaseError> {
    for mode in [EFatal, Html] {
        let whole = encode_whole(encoding, mode, input);
        let pieces = encode_chunked(encoding, mode, input, cuts, room);
        prop_assert_eq!(&pieces, &whole, "{} {:?}", encoding, mode);
    }
    Ok(())
}

/// What `c` becomes when encoded in html mode and decoded again, by the standard's steps.
fn round_trip(encoding: Encoding, c: char) -> String {
    use std::sync::OnceLock;
    type Map = HashMap<u32, u32>;
    static MAPS: OnceLock<(Map, Map, Map)> = OnceLock::new();
    let (first, sjis, katakana) = MAPS.get_or_init(|| {
        let jis0208 = read_index("jis0208");
        let katakana = read_index("iso-2022-jp-katakana").into_iter().collect();
        (
            first_pointers(&jis0208),
            shift_jis_pointers(&jis0208),
            katakana,
        )
    });
    let cp = u32::from(c);
    let reference = |cp: u32| format!("&#{cp};");
    let same = c.to_string();
    match (encoding, cp) {
        (Iso2022Jp, 0x0E | 0x0F | 0x1B) => reference(0xFFFD),
        (_, 0x00..=0x7F) => same,
        (ShiftJis, 0x80) => same,
        (Iso2022Jp, 0xA5 | 0x203E) => same,
        (_, 0xA5) => "\\".to_string(),
        (_, 0x203E) => "~".to_string(),
        (Iso2022Jp, 0xFF61..=0xFF9F) => ch(katakana[&(cp - 0xFF61)]).to_string(),
        (_, 0xFF61..=0xFF9F) => same,
        (_, 0x2212) => "\u{FF0D}".to_string(),
        (ShiftJis, _) if sjis.contains_key(&cp) => same,
        (EucJp | Iso2022Jp, _) if first.contains_key(&cp) => same,
        _ => reference(cp),
    }
}

/// `bytes` without the escape sequences the ISO-2022-JP encoder writes.
fn without_own_escapes(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"\x1B(B") || rest.starts_with(b"\x1B(J") || rest.starts_with(b"\x1B$B")
        {
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn shift_jis_decoding_in_pieces(input in shift_jis_bytes_strategy(), cuts in cuts(), room in room()) {
        check_decoding_in_pieces(ShiftJis, &input, &cuts, room)?;
    }

    #[test]
    fn euc_jp_decoding_in_pieces(input in euc_jp_bytes_strategy(), cuts in cuts(), room in room()) {
        check_decoding_in_pieces(EucJp, &input, &cuts, room)?;
    }

    #[test]
    fn iso_2022_jp_decoding_in_pieces(input in iso_2022_jp_bytes_strategy(), cuts in cuts(), room in room()) {
        check_decoding_in_pieces(Iso2022Jp, &input, &cuts, room)?;
    }

    #[test]
    fn shift_jis_encoding_in_pieces(input in text_strategy(), cuts in cuts(), room in room()) {
        check_encoding_in_pieces(ShiftJis, &input, &cuts, room)?;
    }

    #[test]
    fn euc_jp_encoding_in_pieces(input in text_strategy(), cuts in cuts(), room in room()) {
        check_encoding_in_pieces(EucJp, &input, &cuts, room)?;
    }

    #[test]
    fn iso_2022_jp_encoding_in_pieces(input in text_strategy(), cuts in cuts(), room in room()) {
        check_encoding_in_pieces(Iso2022Jp, &input, &cuts, room)?;
    }

    #[test]
    fn iso_2022_jp_encoder_writes_escape_controls_only_in_its_escapes(input in text_strategy()) {
        for mode in [EFatal, Html] {
            let out = encode_whole(Iso2022Jp, mode, &input).output;
            let plain = without_own_escapes(&out);
            prop_assert!(!plain.iter().any(|b| [0x0E, 0x0F, ESC].contains(b)), "{:02X?}", out);
            // It ends in ASCII: the last escape it wrote, if any, is ESC ( B.
            let last = out.windows(3).rposition(|w| w[0] == ESC);
            if let Some(at) = last {
                prop_assert_eq!(&out[at..at + 3], b"\x1B(B");
            }
        }
    }

    #[test]
    fn html_encoding_then_decoding_round_trips(input in text_strategy()) {
        for encoding in [ShiftJis, EucJp, Iso2022Jp] {
            let out = encode_whole(encoding, Html, &input).output;
            let back = decode_whole(encoding, DFatal, &out);
            prop_assert!(back.errors.is_empty(), "{} {:02X?}", encoding, out);
            let expected: String = input.chars().map(|c| round_trip(encoding, c)).collect();
            prop_assert_eq!(String::from_utf8(back.output).unwrap(), expected, "{}", encoding);
        }
    }
}
