//! Any split of the input, and any output room, gives exactly the result of the whole input:
//! a property over every decoder and encoder, in every error mode. (Each multi-byte family's
//! own test file adds properties with inputs biased toward its byte ranges.)
//!
//! Bounds: 256 cases per property (proptest's default), inputs up to 64 bytes (or 32
//! characters) with up to 8 cuts and output room 1 to 16 bytes or ample.

mod common;

use common::{decode_chunked, decode_whole, encode_chunked, encode_whole};
use proptest::prelude::*;
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

/// Bytes biased toward the interesting: UTF-8 lead and trail bytes, surrogate halves, BOMs.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        3 => any::<u8>(),
        2 => 0x80u8..=0xBF,
        2 => 0xC0u8..=0xFF,
        1 => 0xD8u8..=0xDF,
        2 => 0x00u8..=0x7F,
        1 => Just(0xEFu8),
    ];
    proptest::collection::vec(byte, 0..64)
}

fn text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        3 => proptest::char::range('\0', '\u{7F}'),
        2 => proptest::char::range('\u{80}', '\u{2FF}'),
        1 => proptest::char::range('\u{F780}', '\u{F7FF}'),
        1 => any::<char>(),
    ];
    proptest::collection::vec(c, 0..32).prop_map(|v| v.into_iter().collect())
}

fn cuts() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0usize..80, 0..8)
}

fn room() -> impl Strategy<Value = usize> {
    prop_oneof![1usize..16, Just(4096)]
}

proptest! {
    #[test]
    fn decoding_in_pieces_equals_decoding_whole(input in bytes(), cuts in cuts(), room in room()) {
        for encoding in Encoding::ALL {
            for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
                let whole = decode_whole(encoding, mode, &input);
                let pieces = decode_chunked(encoding, mode, &input, &cuts, room);
                prop_assert_eq!(&pieces, &whole, "{} {:?}", encoding, mode);
                prop_assert!(std::str::from_utf8(&whole.output).is_ok());
                if mode == DecoderErrorMode::Replacement {
                    prop_assert!(whole.errors.is_empty());
                }
            }
        }
    }

    #[test]
    fn encoding_in_pieces_equals_encoding_whole(input in text(), cuts in cuts(), room in room()) {
        for encoding in Encoding::ALL {
            if encoding == Encoding::Replacement {
                continue;
            }
            for mode in [EncoderErrorMode::Fatal, EncoderErrorMode::Html] {
                let whole = encode_whole(encoding, mode, &input);
                let pieces = encode_chunked(encoding, mode, &input, &cuts, room);
                prop_assert_eq!(&pieces, &whole, "{} {:?}", encoding, mode);
            }
        }
    }

    #[test]
    fn replacement_and_fatal_agree_on_where_errors_are(input in bytes()) {
        // Replacing each fatal error's sequence with U+FFFD gives the replacement output.
        for encoding in Encoding::ALL {
            let fatal = decode_whole(encoding, DecoderErrorMode::Fatal, &input);
            let replaced = decode_whole(encoding, DecoderErrorMode::Replacement, &input);
            let fffd_count = String::from_utf8(replaced.output.clone()).unwrap()
                .matches('\u{FFFD}').count();
            let fffd_in_fatal = String::from_utf8(fatal.output.clone()).unwrap()
                .matches('\u{FFFD}').count();
            prop_assert_eq!(fffd_count, fffd_in_fatal + fatal.errors.len(), "{}", encoding);
            for (offset, seq) in &fatal.errors {
                prop_assert_eq!(&input[*offset..offset + seq.len()], seq.as_slice());
            }
        }
    }
}

#[test]
fn utf8_round_trips_every_scalar_value_in_pieces() {
    let text: String = (0..=0x10FFFFu32)
        .step_by(97)
        .filter_map(char::from_u32)
        .collect();
    let cuts: Vec<usize> = (0..text.len()).step_by(7).collect();
    for encoding in [Encoding::Utf8, Encoding::Utf16Le, Encoding::Utf16Be] {
        let bytes = encode_chunked(encoding, EncoderErrorMode::Fatal, &text, &cuts, 5).output;
        let back = decode_chunked(encoding, DecoderErrorMode::Fatal, &bytes, &cuts, 5);
        assert!(back.errors.is_empty());
        assert_eq!(String::from_utf8(back.output).unwrap(), text, "{encoding}");
    }
}
