//! The invariants the fuzz targets check. `cargo fuzz` runs them on generated inputs; `cargo test`
//! (tests/fuzz_corpus.rs) replays them over the seed corpus in `fuzz/corpus/`.
//!
//! An input's first bytes choose the encoding, the output room and where the input is cut; the
//! rest is the payload.

use crate::common::{decode_chunked, decode_whole, encode_chunked, encode_whole};
use wtf_enc::detect::{Declarations, DetectOptions, Detector, Outcome, detect};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

/// How a fuzz input is read: encoding, output room, cut offsets, payload.
pub struct Plan<'a> {
    pub encoding: Encoding,
    pub room: usize,
    pub cuts: Vec<usize>,
    pub payload: &'a [u8],
}

/// Reads the plan from the input's first bytes, or `None` when there are too few.
pub fn plan(data: &[u8]) -> Option<Plan<'_>> {
    let [e, room, ncuts, rest @ ..] = data else {
        return None;
    };
    let encoding = Encoding::ALL[usize::from(*e) % Encoding::ALL.len()];
    let room = if room & 0x80 != 0 {
        1 << 16
    } else {
        1 + usize::from(room & 0x0F)
    };
    let ncuts = usize::from(ncuts % 8).min(rest.len());
    let (cut_bytes, payload) = rest.split_at(ncuts);
    let cuts = cut_bytes
        .iter()
        .map(|&c| usize::from(c) * payload.len() / 256)
        .collect();
    Some(Plan {
        encoding,
        room,
        cuts,
        payload,
    })
}

/// Decoding, in both modes: the output is UTF-8, the pieces give the whole, and every fatal
/// error lies inside the input (the chunked decoder slices the input at each error's offset).
pub fn check_decode(data: &[u8]) {
    let Some(p) = plan(data) else { return };
    for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
        let whole = decode_whole(p.encoding, mode, p.payload);
        assert!(
            std::str::from_utf8(&whole.output).is_ok(),
            "{} output is not UTF-8",
            p.encoding
        );
        let pieces = decode_chunked(p.encoding, mode, p.payload, &p.cuts, p.room);
        assert_eq!(
            pieces, whole,
            "{} {mode:?}: pieces differ from the whole",
            p.encoding
        );
        for (offset, bytes) in &whole.errors {
            assert!(!bytes.is_empty() && bytes.len() <= 4);
            assert!(offset + bytes.len() <= p.payload.len());
        }
    }
}

/// Characters whose encoding the standard defines one way only, so that decoding gives another
/// character: they are left out of the round-trip check.
fn one_way(encoding: Encoding, c: char) -> bool {
    match encoding {
        // U+00A5 -> 0x5C, U+203E -> 0x7E, U+2212 -> the bytes of U+FF0D.
        Encoding::ShiftJis | Encoding::EucJp => matches!(c, '\u{A5}' | '\u{203E}' | '\u{2212}'),
        // U+2212 as U+FF0D; half-width katakana as full-width.
        Encoding::Iso2022Jp => matches!(c, '\u{2212}' | '\u{FF61}'..='\u{FF9F}'),
        // The GB18030-2022 side table maps these Private Use code points to bytes that decode
        // to the characters now standardised at those positions.
        Encoding::Gb18030 | Encoding::Gbk => matches!(
            c,
            '\u{E78D}'
                ..='\u{E796}'
                    | '\u{E81E}'
                    | '\u{E826}'
                    | '\u{E82B}'
                    | '\u{E82C}'
                    | '\u{E832}'
                    | '\u{E843}'
                    | '\u{E854}'
                    | '\u{E864}'
        ),
        _ => false,
    }
}

/// Encoding, in both modes: the pieces give the whole, and the html output decodes back (in the
/// same encoding) to the input with each unmappable character as its `&#N;` text.
pub fn check_encode(data: &[u8]) {
    let Some(p) = plan(data) else { return };
    if p.encoding == Encoding::Replacement {
        return;
    }
    let text: String = String::from_utf8_lossy(p.payload)
        .chars()
        .filter(|&c| !one_way(p.encoding, c))
        .collect();
    for mode in [EncoderErrorMode::Fatal, EncoderErrorMode::Html] {
        let whole = encode_whole(p.encoding, mode, &text);
        let pieces = encode_chunked(p.encoding, mode, &text, &p.cuts, p.room);
        assert_eq!(
            pieces, whole,
            "{} {mode:?}: pieces differ from the whole",
            p.encoding
        );
    }
    let fatal = encode_whole(p.encoding, EncoderErrorMode::Fatal, &text);
    let mut expected = String::new();
    let mut at = 0;
    for (offset, u) in &fatal.errors {
        expected.push_str(&text[at..*offset]);
        expected.push_str(&format!("&#{};", u32::from(u.code_point)));
        at = offset + u.input.len_utf8();
    }
    expected.push_str(&text[at..]);
    let html = encode_whole(p.encoding, EncoderErrorMode::Html, &text);
    assert!(html.errors.is_empty());
    let back = decode_whole(p.encoding, DecoderErrorMode::Fatal, &html.output);
    assert!(
        back.errors.is_empty(),
        "{}: html output does not decode: {:?}",
        p.encoding,
        back.errors
    );
    assert_eq!(
        String::from_utf8(back.output).unwrap(),
        expected,
        "{} round trip",
        p.encoding
    );
}

/// Label lookup: never panics, and agrees with the standard's algorithm written out plainly
/// (strip ASCII whitespace, ASCII-lowercase, compare with every label).
pub fn check_label(data: &[u8]) {
    let got = Encoding::for_label_bytes(data);
    let is_ws = |b: &u8| matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ');
    let start = data.iter().position(|b| !is_ws(b)).unwrap_or(data.len());
    let end = data
        .iter()
        .rposition(|b| !is_ws(b))
        .map_or(start, |i| i + 1);
    let lowered: Vec<u8> = data[start..end]
        .iter()
        .map(u8::to_ascii_lowercase)
        .collect();
    let want = Encoding::all_labels()
        .find(|(l, _)| l.as_bytes() == lowered)
        .map(|(_, e)| e);
    assert_eq!(got, want, "label {data:?}");
    if let Ok(s) = std::str::from_utf8(data) {
        assert_eq!(Encoding::for_label(s), got);
    }
}

/// Detection: never panics, never answers `replacement` (not even among the alternatives),
/// confidences lie in 0..=1, and feeding the input in pieces (empty ones included) gives the
/// one-call answer. The first byte chooses the head limit and the declarations mode, the second
/// the number of cuts; then come the cut offsets, then the payload.
pub fn check_detect(data: &[u8]) {
    let [choice, ncuts, rest @ ..] = data else {
        return;
    };
    let max_bytes = match choice & 0x0F {
        0 => 0,
        15 => 64 * 1024,
        n => usize::from(n) * 7,
    };
    let declarations = match (choice >> 4) % 3 {
        0 => Declarations::Auto,
        1 => Declarations::Force,
        _ => Declarations::Ignore,
    };
    let options = DetectOptions {
        max_bytes,
        declarations,
        hint: None,
    };
    let ncuts = usize::from(ncuts % 8).min(rest.len());
    let (cut_bytes, payload) = rest.split_at(ncuts);
    let mut cuts: Vec<usize> = cut_bytes
        .iter()
        .map(|&c| usize::from(c) * payload.len() / 256)
        .collect();
    cuts.sort_unstable();

    let whole = detect(payload, &options);
    if let Outcome::Guess(g) = &whole {
        assert_ne!(g.encoding, Encoding::Replacement, "guessed replacement");
        assert!(
            g.alternatives
                .iter()
                .all(|c| c.encoding != Encoding::Replacement)
        );
        assert!(
            (0.0..=1.0).contains(&g.confidence),
            "confidence {}",
            g.confidence
        );
        assert!(
            g.alternatives
                .iter()
                .all(|c| (0.0..=1.0).contains(&c.confidence))
        );
    }
    let mut detector = Detector::new(options);
    let mut start = 0;
    for cut in cuts {
        detector.feed(&payload[start..cut]);
        start = cut;
    }
    detector.feed(&payload[start..]);
    assert_eq!(detector.finish(), whole, "pieces differ from the whole");
}
