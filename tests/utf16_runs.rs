//! The UTF-16 decoders' fast paths (ASCII, two-byte and three-byte blocks, and mixed blocks)
//! against the Unicode definition of UTF-16 as the standard library implements it, on long
//! inputs: runs of each length class with surrogate pairs, lone surrogates and stray single
//! bytes (which shift the rest of the input by one byte) sprinkled in.
//!
//! Each input is decoded in one piece with ample room, and again cut at random places into
//! output buffers of random (often small) size, so the fast paths start and stop mid-run.
//!
//! Bounds: 64 cases per property; inputs of 20 to 400 runs (about 200 to 10,000 code units).

mod common;

use common::{decode_chunked, decode_whole};
use proptest::prelude::*;
use wtf_enc::{DecoderErrorMode, Encoding};

/// One run of the input.
#[derive(Clone, Debug)]
enum Run {
    /// `n` code units of one class, from `seed`.
    Units(u8, usize, u16),
    /// A valid surrogate pair.
    Pair(u16, u16),
    /// A lone surrogate.
    Lone(u16),
    /// One byte, which shifts the pairing of every byte after it.
    Byte(u8),
}

fn run() -> impl Strategy<Value = Run> {
    prop_oneof![
        24 => (0u8..4, 1usize..64, any::<u16>()).prop_map(|(c, n, s)| Run::Units(c, n, s)),
        2 => (0xD800u16..0xDC00, 0xDC00u16..0xE000).prop_map(|(a, b)| Run::Pair(a, b)),
        1 => (0xD800u16..0xE000).prop_map(Run::Lone),
        1 => any::<u8>().prop_map(Run::Byte),
    ]
}

/// A unit of class `class` (0: ASCII; 1: two bytes of UTF-8; 2: three bytes, below the
/// surrogates; 3: three bytes, above them) picked by `seed`.
fn unit(class: u8, seed: u16) -> u16 {
    match class {
        0 => seed % 0x80,
        1 => 0x80 + seed % 0x780,
        2 => 0x800 + seed % (0xD800 - 0x800),
        _ => 0xE000 + seed % 0x2000,
    }
}

fn bytes_of(runs: &[Run], be: bool) -> Vec<u8> {
    let mut bytes = Vec::new();
    let push = |u: u16, bytes: &mut Vec<u8>| {
        bytes.extend_from_slice(&if be { u.to_be_bytes() } else { u.to_le_bytes() });
    };
    for run in runs {
        match *run {
            Run::Units(class, n, seed) => {
                for i in 0..n as u16 {
                    // Mostly one class, now and then a space or another class in the run.
                    let u = match seed.wrapping_add(i) % 11 {
                        0 => 0x20,
                        1 => unit((class + 1) % 4, seed.wrapping_mul(i)),
                        _ => unit(class, seed.wrapping_add(i.wrapping_mul(31))),
                    };
                    push(u, &mut bytes);
                }
            }
            Run::Pair(a, b) => {
                push(a, &mut bytes);
                push(b, &mut bytes);
            }
            Run::Lone(u) => push(u, &mut bytes),
            Run::Byte(b) => bytes.push(b),
        }
    }
    bytes
}

/// The standard's output for `bytes`: whole code units as `char::decode_utf16` decodes them
/// (one U+FFFD per unpaired surrogate), and a final lone byte one more U+FFFD, unless it follows
/// an unpaired leading surrogate, with which it makes one error at the end of the input.
fn expected(bytes: &[u8], be: bool) -> Vec<u8> {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|p| {
            let p = [p[0], p[1]];
            if be {
                u16::from_be_bytes(p)
            } else {
                u16::from_le_bytes(p)
            }
        })
        .collect();
    let mut text: String = char::decode_utf16(units.iter().copied())
        .map(|r| r.unwrap_or('\u{FFFD}'))
        .collect();
    let ends_in_leading = units.last().is_some_and(|u| (0xD800..0xDC00).contains(u));
    if bytes.len() % 2 == 1 && !ends_in_leading {
        text.push('\u{FFFD}');
    }
    text.into_bytes()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn long_runs_decode_as_unicode_says(
        runs in proptest::collection::vec(run(), 20..400),
        be in any::<bool>(),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..12),
        room in prop_oneof![1usize..8, 8usize..40, 40usize..200],
    ) {
        let encoding = if be { Encoding::Utf16Be } else { Encoding::Utf16Le };
        let bytes = bytes_of(&runs, be);
        let want = expected(&bytes, be);
        let whole = decode_whole(encoding, DecoderErrorMode::Replacement, &bytes);
        prop_assert_eq!(&whole.output, &want);
        let cuts: Vec<usize> = cuts.iter().map(|i| i.index(bytes.len() + 1)).collect();
        let chunked = decode_chunked(encoding, DecoderErrorMode::Replacement, &bytes, &cuts, room);
        prop_assert_eq!(&chunked.output, &want);
        // Fatal mode finds the same errors however the input is cut.
        let fatal = decode_whole(encoding, DecoderErrorMode::Fatal, &bytes);
        let fatal_chunked = decode_chunked(encoding, DecoderErrorMode::Fatal, &bytes, &cuts, room);
        prop_assert_eq!(fatal, fatal_chunked);
    }
}
