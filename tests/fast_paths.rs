//! The multi-byte codecs' fast paths (tight loops over valid pairs and ASCII runs, with the
//! standard's step-by-step state machine as the slow path) against the slow path itself, on
//! long realistic inputs: text drawn from each family's index with ASCII runs, the standard's
//! special cases, unmappable characters and stray bytes mixed in.
//!
//! Each property compares the whole input decoded (or encoded) in one call with ample room,
//! which runs the fast paths as far as they go, with:
//! - random cuts and random output room, so the fast paths start and stop mid-buffer and run out
//!   of room mid-run;
//! - one byte (or one character) per call with 1 to 4 bytes of room, which leaves the fast paths
//!   almost nothing to do, so the step-by-step path decides nearly every character.
//!
//! Bounds: 48 cases per property; inputs of 200 to 1,200 tokens (about 500 to 5,000 bytes).

mod common;

use common::{decode_chunked, decode_whole, encode_chunked, encode_whole, read_index};
use proptest::prelude::*;
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

/// The distinct code points of the standard's `index-NAME.txt`, as characters.
fn repertoire(names: &[&str]) -> Vec<char> {
    let mut chars: Vec<char> = names
        .iter()
        .flat_map(|name| read_index(name))
        .filter_map(|(_, cp)| char::from_u32(cp))
        .collect();
    chars.sort();
    chars.dedup();
    chars
}

/// Characters every family treats specially somewhere, or cannot encode.
const SPECIALS: &[char] = &[
    '\u{80}',
    '\u{A5}',
    '\u{203E}',
    '\u{2212}',
    '\u{FF0D}',
    '\u{FF61}',
    '\u{FF9F}',
    '\u{20AC}',
    '\u{E5E5}',
    '\u{E78D}',
    '\u{E796}',
    '\u{E81E}',
    '\u{E864}',
    '\u{E7C7}',
    '\u{0E}',
    '\u{0F}',
    '\u{1B}',
    '\\',
    '~',
    '\u{FFFD}',
    '\u{1F600}',
    '\u{20000}',
    '\u{2A6D6}',
    '\u{10FFFF}',
    'é',
    '\u{3000}',
    '\u{AC00}',
    '\u{D7A3}',
    '\u{4E00}',
    '\u{9FA5}',
];

/// Realistic text: mostly characters of `pool`, with ASCII runs, specials and newlines.
fn text(pool: Vec<char>) -> impl Strategy<Value = String> {
    let n = pool.len();
    // Skew toward the start of the pool, as real text favours common characters, but reach all
    // of it.
    let from_pool = (0..n, 0..n).prop_map(move |(a, b)| pool[a.min(b)].to_string());
    let token = prop_oneof![
        12 => from_pool,
        3 => proptest::collection::vec(0x20u8..0x7F, 1..48)
            .prop_map(|v| String::from_utf8(v).unwrap()),
        1 => Just("\n".to_string()),
        1 => proptest::sample::select(SPECIALS).prop_map(|c| c.to_string()),
    ];
    proptest::collection::vec(token, 200..1200).prop_map(|v| v.concat())
}

/// A stray byte, biased toward lead and trail bytes and the bytes the standard treats specially.
fn stray() -> impl Strategy<Value = u8> {
    prop_oneof![
        2 => any::<u8>(),
        1 => 0x80u8..=0xA1,
        1 => 0xDFu8..=0xFF,
        1 => proptest::sample::select(vec![0x0E, 0x0F, 0x1B, 0x24, 0x28, 0x30, 0x39, 0x5C, 0x7E]),
    ]
}

/// Bytes of `encoding` for realistic text, with a few stray bytes inserted.
fn bytes(encoding: Encoding, pool: Vec<char>) -> impl Strategy<Value = Vec<u8>> {
    (
        text(pool),
        proptest::collection::vec((any::<prop::sample::Index>(), stray()), 0..24),
    )
        .prop_map(move |(text, strays)| {
            let mut bytes = encode_whole(encoding, EncoderErrorMode::Html, &text).output;
            for (at, byte) in strays {
                let at = at.index(bytes.len() + 1);
                bytes.insert(at, byte);
            }
            bytes
        })
}

fn cuts() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0usize..6000, 0..24)
}

fn room() -> impl Strategy<Value = usize> {
    prop_oneof![1usize..8, 8usize..200, Just(1 << 16)]
}

fn check_decode(
    encoding: Encoding,
    input: &[u8],
    cuts: &[usize],
    room: usize,
    slow_room: usize,
) -> Result<(), TestCaseError> {
    let every_byte: Vec<usize> = (0..input.len()).collect();
    for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
        let whole = decode_whole(encoding, mode, input);
        let chunked = decode_chunked(encoding, mode, input, cuts, room);
        prop_assert_eq!(&whole, &chunked, "{:?} {:?} room {}", encoding, mode, room);
        let slow = decode_chunked(encoding, mode, input, &every_byte, slow_room);
        prop_assert_eq!(&whole, &slow, "{:?} {:?} byte by byte", encoding, mode);
    }
    Ok(())
}

fn check_encode(
    encoding: Encoding,
    input: &str,
    cuts: &[usize],
    room: usize,
    slow_room: usize,
) -> Result<(), TestCaseError> {
    let every_byte: Vec<usize> = (0..input.len()).collect();
    for mode in [EncoderErrorMode::Html, EncoderErrorMode::Fatal] {
        let whole = encode_whole(encoding, mode, input);
        let chunked = encode_chunked(encoding, mode, input, cuts, room);
        prop_assert_eq!(&whole, &chunked, "{:?} {:?} room {}", encoding, mode, room);
        let slow = encode_chunked(encoding, mode, input, &every_byte, slow_room);
        prop_assert_eq!(&whole, &slow, "{:?} {:?} char by char", encoding, mode);
    }
    Ok(())
}

fn japanese() -> Vec<char> {
    repertoire(&["jis0208", "jis0212"])
}

fn chinese() -> Vec<char> {
    repertoire(&["gb18030"])
}

fn big5() -> Vec<char> {
    repertoire(&["big5"])
}

fn korean() -> Vec<char> {
    repertoire(&["euc-kr"])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn japanese_decoders_fast_and_slow_agree(
        (encoding, input) in proptest::sample::select(
            vec![Encoding::ShiftJis, Encoding::EucJp, Encoding::Iso2022Jp]
        ).prop_flat_map(|e| (Just(e), bytes(e, japanese()))),
        cuts in cuts(), room in room(), slow_room in 1usize..=4,
    ) {
        check_decode(encoding, &input, &cuts, room, slow_room)?;
    }

    #[test]
    fn japanese_encoders_fast_and_slow_agree(
        input in text(japanese()), cuts in cuts(), room in room(), slow_room in 1usize..=4,
    ) {
        for encoding in [Encoding::ShiftJis, Encoding::EucJp, Encoding::Iso2022Jp] {
            check_encode(encoding, &input, &cuts, room, slow_room)?;
        }
    }

    #[test]
    fn chinese_decoders_fast_and_slow_agree(
        (encoding, input) in proptest::sample::select(
            vec![Encoding::Gbk, Encoding::Gb18030, Encoding::Big5]
        ).prop_flat_map(|e| {
            let pool = if e == Encoding::Big5 { big5() } else { chinese() };
            (Just(e), bytes(e, pool))
        }),
        cuts in cuts(), room in room(), slow_room in 1usize..=4,
    ) {
        check_decode(encoding, &input, &cuts, room, slow_room)?;
    }

    #[test]
    fn chinese_encoders_fast_and_slow_agree(
        input in text(chinese()), cuts in cuts(), room in room(), slow_room in 1usize..=4,
    ) {
        for encoding in [Encoding::Gbk, Encoding::Gb18030, Encoding::Big5] {
            check_encode(encoding, &input, &cuts, room, slow_room)?;
        }
    }

    #[test]
    fn big5_encoder_fast_and_slow_agree(
        input in text(big5()), cuts in cuts(), room in room(), slow_room in 1usize..=4,
    ) {
        check_encode(Encoding::Big5, &input, &cuts, room, slow_room)?;
    }

    #[test]
    fn korean_decoder_fast_and_slow_agree(
        input in bytes(Encoding::EucKr, korean()),
        cuts in cuts(), room in room(), slow_room in 1usize..=4,
    ) {
        check_decode(Encoding::EucKr, &input, &cuts, room, slow_room)?;
    }

    #[test]
    fn korean_encoder_fast_and_slow_agree(
        input in text(korean()), cuts in cuts(), room in room(), slow_room in 1usize..=4,
    ) {
        check_encode(Encoding::EucKr, &input, &cuts, room, slow_room)?;
    }
}
