//! The 28 single-byte encodings and x-user-defined, checked pointer by pointer against the
//! standard's index files.

mod common;

use common::{decode_whole, encode_whole, read_index};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

/// Each single-byte encoding with its index file, as the standard's table lists them.
fn single_byte_encodings() -> Vec<(Encoding, &'static str)> {
    vec![
        (Encoding::Ibm866, "ibm866"),
        (Encoding::Iso8859_2, "iso-8859-2"),
        (Encoding::Iso8859_3, "iso-8859-3"),
        (Encoding::Iso8859_4, "iso-8859-4"),
        (Encoding::Iso8859_5, "iso-8859-5"),
        (Encoding::Iso8859_6, "iso-8859-6"),
        (Encoding::Iso8859_7, "iso-8859-7"),
        (Encoding::Iso8859_8, "iso-8859-8"),
        (Encoding::Iso8859_8I, "iso-8859-8"),
        (Encoding::Iso8859_10, "iso-8859-10"),
        (Encoding::Iso8859_13, "iso-8859-13"),
        (Encoding::Iso8859_14, "iso-8859-14"),
        (Encoding::Iso8859_15, "iso-8859-15"),
        (Encoding::Iso8859_16, "iso-8859-16"),
        (Encoding::Koi8R, "koi8-r"),
        (Encoding::Koi8U, "koi8-u"),
        (Encoding::Macintosh, "macintosh"),
        (Encoding::Windows874, "windows-874"),
        (Encoding::Windows1250, "windows-1250"),
        (Encoding::Windows1251, "windows-1251"),
        (Encoding::Windows1252, "windows-1252"),
        (Encoding::Windows1253, "windows-1253"),
        (Encoding::Windows1254, "windows-1254"),
        (Encoding::Windows1255, "windows-1255"),
        (Encoding::Windows1256, "windows-1256"),
        (Encoding::Windows1257, "windows-1257"),
        (Encoding::Windows1258, "windows-1258"),
        (Encoding::XMacCyrillic, "x-mac-cyrillic"),
    ]
}

#[test]
fn ascii_bytes_decode_to_themselves_and_back() {
    let ascii: Vec<u8> = (0..0x80).collect();
    let text: String = ascii.iter().map(|&b| b as char).collect();
    for (enc, _) in single_byte_encodings() {
        let d = decode_whole(enc, DecoderErrorMode::Fatal, &ascii);
        assert_eq!(d.output, ascii, "{enc}");
        assert!(d.errors.is_empty());
        let e = encode_whole(enc, EncoderErrorMode::Fatal, &text);
        assert_eq!(e.output, ascii, "{enc}");
    }
}

#[test]
fn every_pointer_decodes_to_its_code_point() {
    for (enc, index) in single_byte_encodings() {
        for (pointer, cp) in read_index(index) {
            let byte = (pointer + 0x80) as u8;
            let d = decode_whole(enc, DecoderErrorMode::Fatal, &[byte]);
            let want = char::from_u32(cp).unwrap().to_string();
            assert_eq!(d.output, want.as_bytes(), "{enc} byte {byte:#04X}");
            assert!(d.errors.is_empty());
        }
    }
}

#[test]
fn unmapped_bytes_are_errors() {
    let mut unmapped_total = 0;
    for (enc, index) in single_byte_encodings() {
        let mapped: Vec<u32> = read_index(index).iter().map(|&(p, _)| p).collect();
        for pointer in (0..128).filter(|p| !mapped.contains(p)) {
            unmapped_total += 1;
            let byte = (pointer + 0x80) as u8;
            let input = [b'a', byte, b'b'];
            let fatal = decode_whole(enc, DecoderErrorMode::Fatal, &input);
            assert_eq!(fatal.errors, vec![(1, vec![byte])], "{enc} {byte:#04X}");
            assert_eq!(fatal.output, b"ab");
            let replaced = decode_whole(enc, DecoderErrorMode::Replacement, &input);
            assert_eq!(replaced.output, "a\u{FFFD}b".as_bytes());
        }
    }
    // windows-874, ISO-8859-x and others have holes; make sure the test saw some.
    assert!(unmapped_total > 50);
}

#[test]
fn every_code_point_encodes_to_its_first_pointer() {
    for (enc, index) in single_byte_encodings() {
        let entries = read_index(index);
        for &(_, cp) in &entries {
            let first = entries.iter().find(|&&(_, c)| c == cp).unwrap().0;
            let c = char::from_u32(cp).unwrap();
            let e = encode_whole(enc, EncoderErrorMode::Fatal, &c.to_string());
            assert_eq!(e.output, [(first + 0x80) as u8], "{enc} {c:?}");
        }
    }
}

#[test]
fn code_points_outside_the_index_are_unmappable() {
    for (enc, index) in single_byte_encodings() {
        let mapped: Vec<u32> = read_index(index).iter().map(|&(_, c)| c).collect();
        for c in ['\u{80}', 'ÿ', '€', '☃', '\u{FFFD}', '😀', '\u{10FFFF}'] {
            if mapped.contains(&(c as u32)) {
                continue;
            }
            let input = format!("x{c}y");
            let e = encode_whole(enc, EncoderErrorMode::Fatal, &input);
            assert_eq!(e.output, b"xy", "{enc} {c:?}");
            assert_eq!(e.errors.len(), 1);
            assert_eq!((e.errors[0].0, e.errors[0].1.input), (1, c));
            let html = encode_whole(enc, EncoderErrorMode::Html, &input);
            assert_eq!(
                html.output,
                format!("x&#{};y", c as u32).as_bytes(),
                "{enc}"
            );
        }
    }
}

#[test]
fn windows_1252_is_what_latin1_means() {
    // index-windows-1252.txt: 0x80 is U+20AC, 0x81 is U+0081 (every byte is mapped), 0x9F is U+0178.
    let latin1 = Encoding::for_label("latin1").unwrap();
    let d = decode_whole(latin1, DecoderErrorMode::Fatal, b"\x80\x81\x9F\xE9");
    assert_eq!(
        String::from_utf8(d.output).unwrap(),
        "\u{20AC}\u{81}\u{178}\u{E9}"
    );
    assert!(d.errors.is_empty());
}

#[test]
fn x_user_defined_maps_high_bytes_to_f780() {
    let bytes: Vec<u8> = (0..=255).collect();
    let d = decode_whole(Encoding::XUserDefined, DecoderErrorMode::Fatal, &bytes);
    let want: String = bytes
        .iter()
        .map(|&b| {
            if b < 0x80 {
                b as char
            } else {
                char::from_u32(0xF780 + b as u32 - 0x80).unwrap()
            }
        })
        .collect();
    assert_eq!(String::from_utf8(d.output).unwrap(), want);
    assert!(d.errors.is_empty());
    let e = encode_whole(Encoding::XUserDefined, EncoderErrorMode::Fatal, &want);
    assert_eq!(e.output, bytes);
}

#[test]
fn x_user_defined_refuses_other_code_points() {
    for c in ['\u{80}', '\u{F77F}', '\u{F800}', 'é', '😀'] {
        let e = encode_whole(
            Encoding::XUserDefined,
            EncoderErrorMode::Fatal,
            &c.to_string(),
        );
        assert!(e.output.is_empty(), "{c:?}");
        assert_eq!(e.errors[0].1.input, c);
    }
}

mod long_inputs {
    //! Long mixed inputs through the fast paths, against expectations built byte by byte from
    //! the index files.

    use super::*;
    use proptest::prelude::*;

    fn mixed_bytes() -> impl Strategy<Value = Vec<u8>> {
        let run = prop_oneof![
            proptest::collection::vec(0u8..0x80, 0..40),
            proptest::collection::vec(0x80u8..=0xFF, 0..40),
            proptest::collection::vec(any::<u8>(), 0..40),
        ];
        proptest::collection::vec(run, 0..40).prop_map(|runs| runs.concat())
    }

    proptest! {
        #[test]
        fn decode_matches_the_index_byte_by_byte(input in mixed_bytes(), which in 0usize..28) {
            let (enc, index) = single_byte_encodings()[which];
            let map: std::collections::HashMap<u32, u32> = read_index(index).into_iter().collect();
            let want: String = input
                .iter()
                .map(|&b| match b {
                    0..=0x7F => b as char,
                    _ => map.get(&(u32::from(b) - 0x80)).map_or('\u{FFFD}', |&c| char::from_u32(c).unwrap()),
                })
                .collect();
            prop_assert_eq!(common::decode_str(enc, &input), want);
        }

        #[test]
        fn encode_matches_the_index_char_by_char(input in mixed_bytes(), which in 0usize..28) {
            let (enc, index) = single_byte_encodings()[which];
            let entries = read_index(index);
            // Text made of characters of this encoding: decode via the index, skipping holes.
            let text: String = input
                .iter()
                .filter_map(|&b| match b {
                    0..=0x7F => Some(b as char),
                    _ => entries.iter().find(|e| e.0 == u32::from(b) - 0x80).map(|e| char::from_u32(e.1).unwrap()),
                })
                .collect();
            let want: Vec<u8> = text
                .chars()
                .map(|c| match c as u32 {
                    cp @ 0..=0x7F => cp as u8,
                    cp => (entries.iter().find(|e| e.1 == cp).unwrap().0 + 0x80) as u8,
                })
                .collect();
            let got = encode_whole(enc, EncoderErrorMode::Fatal, &text);
            prop_assert_eq!(got.output, want);
        }
    }
}
