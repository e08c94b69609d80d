//! UTF-8, UTF-16BE/LE and replacement, rule by rule: the standard's decoders, Unicode section
//! 3.9's tables of U+FFFD substitution, and where each error lies.

mod common;

use common::{decode_whole, encode_whole};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

fn replaced(encoding: Encoding, bytes: &[u8]) -> String {
    common::decode_str(encoding, bytes)
}

/// (offset, bytes) of every malformed sequence, in fatal mode, going on after each.
fn errors(encoding: Encoding, bytes: &[u8]) -> Vec<(usize, Vec<u8>)> {
    decode_whole(encoding, DecoderErrorMode::Fatal, bytes).errors
}

const R: char = '\u{FFFD}';

#[test]
fn utf8_table_3_7_well_formed_sequences_decode() {
    let cases: [(&[u8], char); 9] = [
        (b"\x7F", '\u{7F}'),
        (b"\xC2\x80", '\u{80}'),
        (b"\xDF\xBF", '\u{7FF}'),
        (b"\xE0\xA0\x80", '\u{800}'),
        (b"\xED\x9F\xBF", '\u{D7FF}'),
        (b"\xEE\x80\x80", '\u{E000}'),
        (b"\xF0\x90\x80\x80", '\u{10000}'),
        (b"\xF4\x80\x83\x92", '\u{1000D2}'),
        (b"\xF4\x8F\xBF\xBF", '\u{10FFFF}'),
    ];
    for (bytes, c) in cases {
        assert_eq!(
            replaced(Encoding::Utf8, bytes),
            c.to_string(),
            "{bytes:02X?}"
        );
        assert!(errors(Encoding::Utf8, bytes).is_empty());
    }
}

#[test]
fn utf8_table_3_8_non_shortest_forms_are_one_fffd_per_byte() {
    let bytes = b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41";
    assert_eq!(
        replaced(Encoding::Utf8, bytes),
        format!("{}A", R.to_string().repeat(8))
    );
}

#[test]
fn utf8_table_3_9_surrogates_are_one_fffd_per_byte() {
    let bytes = b"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41";
    assert_eq!(
        replaced(Encoding::Utf8, bytes),
        format!("{}A", R.to_string().repeat(8))
    );
}

#[test]
fn utf8_table_3_10_beyond_10ffff_and_stray_bytes() {
    let bytes = b"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42";
    assert_eq!(
        replaced(Encoding::Utf8, bytes),
        format!("{R}{R}{R}{R}{R}A{R}{R}B")
    );
}

#[test]
fn utf8_table_3_11_truncated_sequences_are_one_fffd_each() {
    let bytes = b"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41";
    assert_eq!(replaced(Encoding::Utf8, bytes), format!("{R}{R}{R}{R}A"));
    assert_eq!(
        errors(Encoding::Utf8, bytes),
        vec![
            (0, vec![0xE1, 0x80]),
            (2, vec![0xE2]),
            (3, vec![0xF0, 0x91, 0x92]),
            (6, vec![0xF1, 0xBF]),
        ]
    );
}

#[test]
fn utf8_ill_formed_byte_after_lead_is_restored_not_swallowed() {
    // Unicode 3.9: <C2 41 42> must give <U+FFFD, U+0041, U+0042>.
    assert_eq!(replaced(Encoding::Utf8, b"\xC2\x41\x42"), format!("{R}AB"));
    assert_eq!(
        errors(Encoding::Utf8, b"\xC2\x41\x42"),
        vec![(0, vec![0xC2])]
    );
    // A lead byte after a lead byte starts its own sequence.
    assert_eq!(replaced(Encoding::Utf8, b"\xE2\xC3\xA9"), format!("{R}é"));
}

#[test]
fn utf8_decoder_boundaries_for_e0_ed_f0_f4() {
    // The standard's lower/upper boundaries for the second byte.
    assert_eq!(
        replaced(Encoding::Utf8, b"\xE0\x9F\x80"),
        format!("{R}{R}{R}")
    );
    assert_eq!(
        replaced(Encoding::Utf8, b"\xED\xA0\x80"),
        format!("{R}{R}{R}")
    );
    assert_eq!(
        replaced(Encoding::Utf8, b"\xF0\x8F\x80\x80"),
        format!("{R}{R}{R}{R}")
    );
    assert_eq!(
        replaced(Encoding::Utf8, b"\xF4\x90\x80\x80"),
        format!("{R}{R}{R}{R}")
    );
    // Disallowed bytes: C0, C1, F5..FF.
    for b in [0xC0u8, 0xC1, 0xF5, 0xF8, 0xFE, 0xFF] {
        assert_eq!(
            errors(Encoding::Utf8, &[b, b'x']),
            vec![(0, vec![b])],
            "{b:#04X}"
        );
    }
}

#[test]
fn utf8_end_of_queue_inside_a_sequence_is_one_error() {
    assert_eq!(
        replaced(Encoding::Utf8, b"ab\xF0\x9F\x92"),
        format!("ab{R}")
    );
    assert_eq!(
        errors(Encoding::Utf8, b"ab\xF0\x9F\x92"),
        vec![(2, vec![0xF0, 0x9F, 0x92])]
    );
    assert_eq!(errors(Encoding::Utf8, b"\xC3"), vec![(0, vec![0xC3])]);
}

#[test]
fn utf8_decoding_does_not_strip_a_bom() {
    // BOM handling belongs to "decode", not to the UTF-8 decoder.
    assert_eq!(replaced(Encoding::Utf8, b"\xEF\xBB\xBFx"), "\u{FEFF}x");
}

#[test]
fn utf8_encoder_is_identity_on_scalar_values() {
    let text = "a\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}";
    let e = encode_whole(Encoding::Utf8, EncoderErrorMode::Fatal, text);
    assert_eq!(e.output, text.as_bytes());
    assert!(e.errors.is_empty());
}

fn utf16(units: &[u16], be: bool) -> Vec<u8> {
    units
        .iter()
        .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
        .collect()
}

#[test]
fn utf16_decodes_bmp_and_surrogate_pairs_in_both_orders() {
    let units = [0x0061, 0x00E9, 0xFFFF, 0xD83D, 0xDE00, 0xDBFF, 0xDFFF];
    let want = "aé\u{FFFF}😀\u{10FFFF}";
    assert_eq!(replaced(Encoding::Utf16Le, &utf16(&units, false)), want);
    assert_eq!(replaced(Encoding::Utf16Be, &utf16(&units, true)), want);
}

#[test]
fn utf16_lone_trailing_surrogate_is_an_error() {
    for be in [false, true] {
        let enc = if be {
            Encoding::Utf16Be
        } else {
            Encoding::Utf16Le
        };
        let bytes = utf16(&[0x61, 0xDC00, 0x62], be);
        assert_eq!(replaced(enc, &bytes), format!("a{R}b"));
        assert_eq!(errors(enc, &bytes), vec![(2, bytes[2..4].to_vec())]);
    }
}

#[test]
fn utf16_lone_leading_surrogate_restores_the_next_code_unit() {
    for be in [false, true] {
        let enc = if be {
            Encoding::Utf16Be
        } else {
            Encoding::Utf16Le
        };
        // Leading surrogate then 'b': the error covers the surrogate; 'b' is decoded.
        let bytes = utf16(&[0x61, 0xD800, 0x62], be);
        assert_eq!(replaced(enc, &bytes), format!("a{R}b"));
        assert_eq!(errors(enc, &bytes), vec![(2, bytes[2..4].to_vec())]);
        // Two leading surrogates then a trailing one: an error, then a pair.
        let bytes = utf16(&[0xD800, 0xD83D, 0xDE00], be);
        assert_eq!(replaced(enc, &bytes), format!("{R}😀"));
    }
}

#[test]
fn utf16_end_of_queue_cases() {
    // An odd final byte.
    assert_eq!(replaced(Encoding::Utf16Le, b"a\x00b"), format!("a{R}"));
    assert_eq!(errors(Encoding::Utf16Le, b"a\x00b"), vec![(2, vec![b'b'])]);
    // A leading surrogate at the end.
    assert_eq!(
        replaced(Encoding::Utf16Be, b"\x00a\xD8\x00"),
        format!("a{R}")
    );
    // A leading surrogate and an odd byte at the end: one error for both.
    assert_eq!(replaced(Encoding::Utf16Be, b"\xD8\x00\xDC"), R.to_string());
    assert_eq!(
        errors(Encoding::Utf16Be, b"\xD8\x00\xDC"),
        vec![(0, vec![0xD8, 0x00, 0xDC])]
    );
    assert_eq!(replaced(Encoding::Utf16Le, b""), "");
}

#[test]
fn utf16_decoding_does_not_strip_a_bom() {
    assert_eq!(replaced(Encoding::Utf16Le, b"\xFF\xFEa\x00"), "\u{FEFF}a");
}

#[test]
fn utf16_encoders_write_real_utf16() {
    let text = "aé😀";
    let le = encode_whole(Encoding::Utf16Le, EncoderErrorMode::Fatal, text);
    assert_eq!(le.output, utf16(&[0x61, 0xE9, 0xD83D, 0xDE00], false));
    let be = encode_whole(Encoding::Utf16Be, EncoderErrorMode::Fatal, text);
    assert_eq!(be.output, utf16(&[0x61, 0xE9, 0xD83D, 0xDE00], true));
}

#[test]
fn replacement_decodes_any_nonempty_input_to_one_fffd() {
    assert_eq!(replaced(Encoding::Replacement, b""), "");
    assert_eq!(replaced(Encoding::Replacement, b"a"), R.to_string());
    assert_eq!(
        replaced(Encoding::Replacement, b"hello \x1B$)C world"),
        R.to_string()
    );
    assert_eq!(errors(Encoding::Replacement, b"abc"), vec![(0, vec![b'a'])]);
}

mod utf16_long_inputs {
    //! Long inputs through the UTF-16 fast paths, against the Unicode definition of UTF-16 as
    //! the standard library implements it (each unpaired surrogate one U+FFFD, as in the
    //! standard's decoder for inputs of whole code units).

    use super::*;
    use proptest::prelude::*;

    fn units() -> impl Strategy<Value = Vec<u16>> {
        let unit = prop_oneof![
            4 => 0u16..0x80,
            2 => 0x80u16..0x800,
            2 => 0x800u16..0xD800,
            1 => 0xD800u16..0xE000,
            1 => 0xE000u16..=0xFFFF,
        ];
        proptest::collection::vec(unit, 0..300)
    }

    proptest! {
        #[test]
        fn decoding_matches_unicode_utf16(units in units(), be in any::<bool>()) {
            let enc = if be { Encoding::Utf16Be } else { Encoding::Utf16Le };
            let want: String = char::decode_utf16(units.iter().copied())
                .map(|r| r.unwrap_or('\u{FFFD}'))
                .collect();
            prop_assert_eq!(replaced(enc, &utf16(&units, be)), want);
        }
    }
}
