//! Hostile input: the standard's security rules (ASCII is never masked, ISO-2022-JP escapes
//! cannot be injected, replacement lets nothing through) and pathological runs that must stay
//! linear and bounded.

mod common;

use common::{decode_chunked, decode_whole, encode_whole};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

const MULTI_BYTE_ASCII_COMPATIBLE: [Encoding; 7] = [
    Encoding::Gbk,
    Encoding::Gb18030,
    Encoding::Big5,
    Encoding::EucJp,
    Encoding::ShiftJis,
    Encoding::EucKr,
    Encoding::Utf8,
];

/// gb18030's documented exception: after a first byte 0x81..=0xFE, an ASCII digit is the second
/// byte of a four-byte sequence, so a truncated sequence swallows it.
fn gb18030_digit_exception(encoding: Encoding, lead: u8, ascii: u8) -> bool {
    matches!(encoding, Encoding::Gb18030 | Encoding::Gbk)
        && (0x81..=0xFE).contains(&lead)
        && ascii.is_ascii_digit()
}

#[test]
fn ascii_is_never_masked_after_any_lead_byte() {
    for encoding in MULTI_BYTE_ASCII_COMPATIBLE {
        for lead in 0x80u8..=0xFF {
            for ascii in 0u8..0x80 {
                if gb18030_digit_exception(encoding, lead, ascii) {
                    continue;
                }
                let input = [lead, ascii];
                let replaced = common::decode_str(encoding, &input);
                if !replaced.contains('\u{FFFD}') {
                    // A valid pair (a trail byte in the ASCII range) or a valid single byte
                    // followed by the ASCII character.
                    continue;
                }
                let want = format!("\u{FFFD}{}", ascii as char);
                assert_eq!(replaced, want, "{encoding} {lead:#04X} {ascii:#04X}");
                let fatal = decode_whole(encoding, DecoderErrorMode::Fatal, &input);
                assert_eq!(
                    fatal.errors,
                    vec![(0, vec![lead])],
                    "{encoding} {lead:#04X} {ascii:#04X}"
                );
                assert_eq!(fatal.output, [ascii], "{encoding} {lead:#04X} {ascii:#04X}");
            }
        }
    }
}

#[test]
fn gb18030_truncated_four_byte_sequence_is_the_one_exception() {
    // 0x81 0x30 is the start of a four-byte sequence; at the end of the input it is one error.
    for encoding in [Encoding::Gb18030, Encoding::Gbk] {
        assert_eq!(common::decode_str(encoding, b"\x81\x30"), "\u{FFFD}");
        // With a third byte that cannot continue it, the digit is restored.
        assert_eq!(common::decode_str(encoding, b"\x81\x30a"), "\u{FFFD}0a");
    }
}

#[test]
fn iso_2022_jp_encoder_never_emits_escape_shift_out_or_shift_in_from_input() {
    // Reach each encoder state first: ASCII, Roman (via U+00A5), jis0208 (via a kanji).
    for prefix in ["a", "\u{A5}", "\u{6F22}", "\u{A5}\u{6F22}"] {
        for injected in ['\u{1B}', '\u{0E}', '\u{0F}'] {
            for suffix in ["", "(B", "$B", "\u{6F22}", "\u{A5}"] {
                let input = format!("{prefix}{injected}{suffix}");
                let html = encode_whole(Encoding::Iso2022Jp, EncoderErrorMode::Html, &input);
                assert_escapes_are_the_encoders_own(&html.output, &input);
                let fatal = encode_whole(Encoding::Iso2022Jp, EncoderErrorMode::Fatal, &input);
                assert_escapes_are_the_encoders_own(&fatal.output, &input);
                assert_eq!(fatal.errors.len(), 1, "{input:?}");
                assert_eq!(fatal.errors[0].1.input, injected);
                assert_eq!(fatal.errors[0].1.code_point, '\u{FFFD}');
                let back = common::decode_str(Encoding::Iso2022Jp, &html.output);
                assert!(
                    !back.contains(injected),
                    "{input:?} decodes back to {back:?}"
                );
                assert!(back.contains("&#65533;"), "{input:?}");
            }
        }
    }
}

/// Every ESC in `output` starts one of the three escape sequences the encoder writes, and there
/// is no SO or SI at all.
fn assert_escapes_are_the_encoders_own(output: &[u8], input: &str) {
    assert!(
        !output.contains(&0x0E) && !output.contains(&0x0F),
        "{input:?}: {output:02X?}"
    );
    for (i, &b) in output.iter().enumerate() {
        if b == 0x1B {
            let seq = &output[i + 1..(i + 3).min(output.len())];
            assert!(
                matches!(seq, b"(B" | b"(J" | b"$B"),
                "{input:?}: stray ESC in {output:02X?}"
            );
        }
    }
}

#[test]
fn labels_mapped_to_replacement_never_let_their_bytes_through() {
    let payloads: [&[u8]; 5] = [
        b"\x1B$)C\x0E!!\x0F plain text",
        b"~{<:Ky2;S{#,~}",
        b"\x1B$A\x0E!!",
        b"hello",
        &[0xFF; 1000],
    ];
    let mut labels = 0;
    for (label, encoding) in Encoding::all_labels() {
        if encoding != Encoding::Replacement {
            continue;
        }
        labels += 1;
        for payload in payloads {
            let encoding = Encoding::for_label(label).unwrap();
            assert_eq!(common::decode_str(encoding, payload), "\u{FFFD}", "{label}");
            let cuts: Vec<usize> = (0..payload.len()).collect();
            let pieces = decode_chunked(encoding, DecoderErrorMode::Replacement, payload, &cuts, 7);
            assert_eq!(pieces.output, "\u{FFFD}".as_bytes(), "{label} in pieces");
        }
    }
    // csiso2022kr, hz-gb-2312, iso-2022-cn, iso-2022-cn-ext, iso-2022-kr, replacement
    assert_eq!(labels, 6);
}

/// A megabyte of one byte, for every decoder: one result per byte (or pair), never a stall.
#[test]
fn long_runs_of_lead_bytes_decode_in_bounded_steps() {
    const N: usize = 1 << 20;
    for encoding in Encoding::ALL {
        for byte in [0x81u8, 0x8E, 0x8F, 0xA1, 0xE0, 0xFE, 0xFF, 0x1B] {
            let input = vec![byte; N];
            let d = decode_chunked(
                encoding,
                DecoderErrorMode::Replacement,
                &input,
                &[N / 3],
                65536,
            );
            // Each character decoded consumed at least one byte and wrote at most four.
            assert!(d.output.len() <= 4 * N, "{encoding} {byte:#04X}");
            assert!(std::str::from_utf8(&d.output).is_ok());
        }
    }
}

#[test]
fn long_runs_of_escape_sequences_and_lone_surrogates() {
    const N: usize = 1 << 18;
    let escapes: Vec<u8> = b"\x1B$B\x1B(J\x1B(B\x1B(I".repeat(N / 12);
    let d = decode_whole(Encoding::Iso2022Jp, DecoderErrorMode::Fatal, &escapes);
    // Each escape directly after another is an error (the output flag).
    assert!(
        d.errors.len() >= escapes.len() / 3 / 2,
        "{}",
        d.errors.len()
    );
    for (encoding, unit) in [
        (Encoding::Utf16Le, [0x00u8, 0xD8]),
        (Encoding::Utf16Be, [0xD8, 0x00]),
    ] {
        let input: Vec<u8> = unit.repeat(N);
        let d = decode_whole(encoding, DecoderErrorMode::Fatal, &input);
        assert_eq!(
            d.errors.len(),
            N,
            "{encoding}: one error per lone leading surrogate"
        );
    }
}

/// Gigabyte-scale streams, generated on the fly: run with `cargo test --release -- --ignored`.
#[test]
#[ignore = "streams a gigabyte per encoding; run explicitly"]
fn gigabyte_streams_decode_with_fixed_buffers() {
    const CHUNK: usize = 1 << 20;
    const TOTAL: usize = 1 << 30;
    for encoding in Encoding::ALL {
        let mut decoder = encoding.new_decoder(DecoderErrorMode::Replacement);
        let chunk: Vec<u8> = (0..CHUNK).map(|i| (i * 131 % 251) as u8).collect();
        let mut out = vec![0u8; 4 * CHUNK + 16];
        let mut produced = 0usize;
        for _ in 0..TOTAL / CHUNK {
            let mut src = &chunk[..];
            while !src.is_empty() {
                let r = decoder.decode_to_utf8(src, &mut out, false);
                produced += r.written;
                src = &src[r.read..];
            }
        }
        let r = decoder.decode_to_utf8(&[], &mut out, true);
        produced += r.written;
        assert!(produced > 0, "{encoding}");
    }
}
