//! Streams against whole-input decoding and encoding, with tiny buffers and trickling readers.

use std::io::{self, Read};
use std::ops::ControlFlow;

use super::*;
use crate::{DecoderErrorMode, EncoderErrorMode, Encoding};

/// A reader that hands out one byte per call.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match (self.0.split_first(), buf.is_empty()) {
            (Some((&b, rest)), false) => {
                buf[0] = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn bom_is_sniffed_from_a_trickle() {
    let options = DecodeOptions {
        encoding: Encoding::Windows1252,
        mode: DecoderErrorMode::Fatal,
        bom: BomHandling::Sniff,
    };
    let mut out = Vec::new();
    let done = decode(
        Trickle(b"\xFE\xFF\x00a\x20\xAC"),
        &mut out,
        &options,
        &mut Buffers::with_sizes(0, 0),
    )
    .unwrap();
    assert_eq!(done.encoding, Encoding::Utf16Be);
    assert_eq!(out, "a€".as_bytes());
}

#[test]
fn malformed_bytes_from_earlier_buffers_are_shown() {
    // UTF-16LE: a lead surrogate (0xD83D) then 'a' (restored): the sequence is the lead
    // surrogate's two bytes, which arrived one read before.
    let options = DecodeOptions {
        encoding: Encoding::Utf16Le,
        mode: DecoderErrorMode::Fatal,
        bom: BomHandling::Keep,
    };
    let mut out = Vec::new();
    let err = decode(
        Trickle(b"x\x00\x3D\xD8a\x00"),
        &mut out,
        &options,
        &mut Buffers::with_sizes(4, 16),
    )
    .unwrap_err();
    match err {
        StreamError::Malformed(e) => {
            assert_eq!(e.bytes(), b"\x3D\xD8");
            assert_eq!(e.position.offset, 2);
            assert_eq!(e.position.column, 2);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(out, b"x");
}

/// The stream gives what one call of the decoder on the whole input gives, whatever the
/// buffer sizes and however the reader splits the input.
#[test]
fn decode_stream_matches_whole_input_decoding() {
    let inputs: [&[u8]; 6] = [
        b"plain ascii\r\nline two",
        "caf\u{e9} \u{20ac} \u{1F600}\n".as_bytes(),
        b"ok\xE2\x82 then \xF0\x9F\x98\x80 \xC3(\xED\xA0\x80z",
        b"\x3D\xD8a\x00\x00\xDC\x00\xD8\x00",
        b"\xFF\xFEa\x00\x80",
        b"\xE2",
    ];
    let encodings = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Windows1252,
        Encoding::XUserDefined,
        Encoding::Replacement,
    ];
    for input in inputs {
        for encoding in encodings {
            for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
                let mut want = Vec::new();
                let (read, malformed) = encoding
                    .new_decoder(mode)
                    .decode_to_vec(input, &mut want, true);
                let want_error =
                    malformed.map(|m| (read - usize::from(m.restored) - usize::from(m.len)) as u64);
                for (inp, out, trickle) in [(4, 16, true), (5, 17, false), (7, 23, true)] {
                    let options = DecodeOptions {
                        encoding,
                        mode,
                        bom: BomHandling::Keep,
                    };
                    let mut got = Vec::new();
                    let mut buffers = Buffers::with_sizes(inp, out);
                    let result = if trickle {
                        decode(Trickle(input), &mut got, &options, &mut buffers)
                    } else {
                        decode(input, &mut got, &options, &mut buffers)
                    };
                    let got_error = match result {
                        Ok(_) => None,
                        Err(StreamError::Malformed(e)) => Some(e.position.offset),
                        Err(e) => panic!("{e}"),
                    };
                    let case = format!("{encoding} {mode:?} {input:?} {inp}/{out}");
                    assert_eq!(got, want, "{case}");
                    assert_eq!(got_error, want_error, "{case}");
                }
            }
        }
    }
}

#[test]
fn decode_with_continue_lists_every_error_as_the_standard_goes_on() {
    let options = DecodeOptions {
        encoding: Encoding::Utf8,
        mode: DecoderErrorMode::Fatal,
        bom: BomHandling::Sniff,
    };
    let mut errors = Vec::new();
    let mut out = Vec::new();
    let done = decode_with(
        Trickle(b"a\xFFb\n\xE2\x82c\xF0"),
        &mut out,
        &options,
        &mut Buffers::with_sizes(4, 16),
        |e| {
            errors.push((e.bytes().to_vec(), e.position));
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    assert_eq!(out, b"ab\nc");
    assert_eq!(done.bytes_read, 8);
    let at = |offset, line, column| Position {
        offset,
        line,
        column,
    };
    assert_eq!(
        errors,
        [
            (vec![0xFF], at(1, 1, 2)),
            (vec![0xE2, 0x82], at(4, 2, 1)),
            (vec![0xF0], at(7, 2, 2)),
        ]
    );
}

/// The encode stream gives what one call of the encoder on the whole input gives.
#[test]
fn encode_stream_matches_whole_input_encoding() {
    let text = "a\u{e9}\u{20ac}\u{2603}\u{1F600}\r\nz".repeat(3);
    for encoding in [
        Encoding::Utf16Le,
        Encoding::Windows1252,
        Encoding::XUserDefined,
    ] {
        for mode in [EncoderErrorMode::Html, EncoderErrorMode::Fatal] {
            let mut want = Vec::new();
            let (read, unmappable) = encoding
                .new_encoder(mode)
                .unwrap()
                .encode_to_vec(&text, &mut want, true);
            let want_error = unmappable.map(|u| (read - u.input.len_utf8()) as u64);
            for (inp, out) in [(4, 16), (5, 17), (9, 31)] {
                let mut got = Vec::new();
                let encoder = encoding.new_encoder(mode).unwrap();
                let result = encode(
                    Trickle(text.as_bytes()),
                    &mut got,
                    encoder,
                    b"",
                    &mut Buffers::with_sizes(inp, out),
                );
                let got_error = match result {
                    Ok(_) => None,
                    Err(StreamError::Unmappable(e)) => Some(e.position.offset),
                    Err(e) => panic!("{e}"),
                };
                let case = format!("{encoding} {mode:?} {inp}/{out}");
                assert_eq!(got, want, "{case}");
                assert_eq!(got_error, want_error, "{case}");
            }
        }
    }
}

/// An input in memory streams exactly as the same bytes through a reader: output, error
/// positions and the bytes shown, for each operation, with steps that cross many windows.
#[test]
fn in_memory_input_streams_as_a_reader_does() {
    let mut long = "caf\u{e9} \u{20ac} ok\r\n".repeat(40_000).into_bytes();
    long.extend_from_slice(b"z\xE2\x82y\xFF");
    let inputs: [&[u8]; 4] = [
        &long,
        b"ok\xE2\x82 then \xF0\x9F\x98\x80 \xC3(",
        b"",
        b"\xEF\xBB\xBFa",
    ];
    for input in inputs {
        for encoding in [Encoding::Utf8, Encoding::Windows1252, Encoding::ShiftJis] {
            for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
                let options = DecodeOptions {
                    encoding,
                    mode,
                    bom: BomHandling::Sniff,
                };
                let mut buffers = Buffers::with_sizes(4096, 4096);
                let (mut want, mut got) = (Vec::new(), Vec::new());
                let a = decode(input, &mut want, &options, &mut buffers);
                let b = decode(InMemory(input), &mut got, &options, &mut buffers);
                assert_eq!(got, want, "{encoding} {mode:?}");
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "{encoding} {mode:?}");

                let mut found = [Vec::new(), Vec::new()];
                for (i, found) in found.iter_mut().enumerate() {
                    let record = |e: &MalformedInput| {
                        found.push(e.to_string());
                        ControlFlow::Continue(())
                    };
                    let checked = if i == 0 {
                        check(input, encoding, BomHandling::Sniff, &mut buffers, record)
                    } else {
                        check(
                            InMemory(input),
                            encoding,
                            BomHandling::Sniff,
                            &mut buffers,
                            record,
                        )
                    };
                    checked.unwrap();
                }
                assert_eq!(found[0], found[1], "{encoding}");

                let encoder = || {
                    Encoding::Iso8859_2
                        .new_encoder(EncoderErrorMode::Fatal)
                        .unwrap()
                };
                let (mut want, mut got) = (Vec::new(), Vec::new());
                let a = convert(input, &mut want, &options, encoder(), b"", &mut buffers);
                let b = convert(
                    InMemory(input),
                    &mut got,
                    &options,
                    encoder(),
                    b"",
                    &mut buffers,
                );
                assert_eq!(got, want, "{encoding} {mode:?}");
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "{encoding} {mode:?}");
            }
        }
        let encoder = || {
            Encoding::Windows1252
                .new_encoder(EncoderErrorMode::Fatal)
                .unwrap()
        };
        let (mut want, mut got) = (Vec::new(), Vec::new());
        let mut buffers = Buffers::with_sizes(4096, 4096);
        let a = encode(input, &mut want, encoder(), b"", &mut buffers);
        let b = encode(InMemory(input), &mut got, encoder(), b"", &mut buffers);
        assert_eq!(got, want);
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }
}
