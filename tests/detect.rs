//! Detection (`wtf_enc::detect`): the html5lib encoding-sniffing conformance cases, one test
//! per evidence rule, and properties over arbitrary bytes (any split gives the one-shot answer;
//! never `replacement`, never a panic).

use proptest::prelude::*;
use wtf_enc::Encoding;
use wtf_enc::detect::{Declarations, DetectOptions, Detector, Guess, Outcome, Source, detect};

fn guess(bytes: &[u8], options: &DetectOptions) -> Guess {
    match detect(bytes, options) {
        Outcome::Guess(guess) => guess,
        other => panic!("{bytes:?}: expected a guess, got {other:?}"),
    }
}

fn auto(bytes: &[u8]) -> Guess {
    guess(bytes, &DetectOptions::default())
}

fn with_declarations(declarations: Declarations) -> DetectOptions {
    DetectOptions {
        declarations,
        ..DetectOptions::default()
    }
}

/// "Привет" in KOI8-R (index-koi8-r: П 0xF0, р 0xD2, и 0xC9, в 0xD7, е 0xC5, т 0xD4).
const KOI8_R_PRIVET: &[u8] = b"\xF0\xD2\xC9\xD7\xC5\xD4";

/// One html5lib case: the document's bytes and the expected encoding's label.
struct Case {
    file: &'static str,
    data: Vec<u8>,
    expected: String,
}

/// Reads a `.dat` file as bytes: each case is `#data\n`, the document up to the newline before
/// `#encoding\n`, then the label on its own line.
fn cases(file: &'static str) -> Vec<Case> {
    let path = format!(
        "{}/tests/data/html5lib-encoding/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    let mut rest = &bytes[..];
    while let Some(start) = find(rest, b"#data\n") {
        rest = &rest[start + b"#data\n".len()..];
        let end = find(rest, b"\n#encoding\n").expect("#encoding after #data");
        let data = rest[..end].to_vec();
        rest = &rest[end + b"\n#encoding\n".len()..];
        let line_end = find(rest, b"\n").unwrap_or(rest.len());
        let expected = String::from_utf8(rest[..line_end].to_vec()).expect("an ASCII label");
        cases.push(Case {
            file,
            data,
            expected,
        });
    }
    cases
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The html5lib sniffing of a document with no transport label: BOM, then the prescan, then
/// the default windows-1252 when neither finds anything.
#[test]
fn every_html5lib_encoding_case_sniffs_as_expected() {
    let all: Vec<Case> = ["tests1.dat", "tests2.dat", "test-yahoo-jp.dat"]
        .into_iter()
        .flat_map(cases)
        .collect();
    assert_eq!(all.len(), 82, "the three files hold 82 cases");
    let options = with_declarations(Declarations::Force);
    let mut failures = Vec::new();
    for (i, case) in all.iter().enumerate() {
        let expected = Encoding::for_label(&case.expected).expect("a known label");
        let sniffed = match detect(&case.data, &options) {
            Outcome::Guess(g) if matches!(g.source, Source::Bom | Source::Declaration) => {
                g.encoding
            }
            _ => Encoding::Windows1252,
        };
        if sniffed != expected {
            let shown = &case.data[..case.data.len().min(80)];
            failures.push(format!(
                "{} case {i} ({} bytes, from {:?}): expected {expected}, got {sniffed}",
                case.file,
                case.data.len(),
                String::from_utf8_lossy(shown)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bom_beats_declaration() {
    let g = auto(b"\xEF\xBB\xBF<meta charset=koi8-r>");
    assert_eq!((g.encoding, g.source), (Encoding::Utf8, Source::Bom));
    assert_eq!(g.confidence, 1.0);
    let g = auto(b"\xFF\xFE<\0");
    assert_eq!((g.encoding, g.source), (Encoding::Utf16Le, Source::Bom));
    let g = auto(b"\xFE\xFF\0<");
    assert_eq!((g.encoding, g.source), (Encoding::Utf16Be, Source::Bom));
}

#[test]
fn declaration_beats_statistics() {
    let mut html = b"<html><meta charset=\"KOI8-R\"><p>".to_vec();
    html.extend_from_slice(KOI8_R_PRIVET);
    let g = auto(&html);
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Koi8R, Source::Declaration)
    );
    assert_eq!(g.evidence, "meta charset");
    let ignored = guess(&html, &with_declarations(Declarations::Ignore));
    assert_eq!(ignored.source, Source::Statistics);
}

#[test]
fn a_declaration_beats_utf8_structure() {
    let g = auto("<meta charset=windows-1252>é".as_bytes());
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Windows1252, Source::Declaration)
    );
}

#[test]
fn an_http_equiv_content_type_declares_the_encoding() {
    let g = auto(b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=shift_jis\">");
    assert_eq!(
        (g.encoding, g.source, g.evidence.as_str()),
        (
            Encoding::ShiftJis,
            Source::Declaration,
            "meta http-equiv content-type"
        )
    );
}

#[test]
fn an_xml_declaration_declares_the_encoding() {
    let g = auto(b"<?xml version=\"1.0\" encoding=\"ISO-8859-7\"?><doc/>");
    assert_eq!(
        (g.encoding, g.source, g.evidence.as_str()),
        (Encoding::Iso8859_7, Source::Declaration, "XML declaration")
    );
}

#[test]
fn a_meta_beats_an_xml_declaration() {
    let g = auto(b"<?xml version='1.0' encoding='big5'?><meta charset=euc-kr>");
    assert_eq!(g.encoding, Encoding::EucKr);
}

#[test]
fn a_utf16_meta_means_utf8() {
    for label in ["utf-16", "UTF-16LE", "utf-16be"] {
        let g = auto(format!("<meta charset={label}>").as_bytes());
        assert_eq!(
            (g.encoding, g.source),
            (Encoding::Utf8, Source::Declaration)
        );
    }
    let g = auto(b"<?xml version='1.0' encoding='UTF-16'?>");
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Utf8, Source::Declaration)
    );
}

#[test]
fn a_utf16_xml_declaration_without_bom_is_utf16() {
    let le: Vec<u8> = "<?xml version='1.0'?>"
        .bytes()
        .flat_map(|b| [b, 0])
        .collect();
    let g = auto(&le);
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Utf16Le, Source::Declaration)
    );
    let be: Vec<u8> = "<?xml version='1.0'?>"
        .bytes()
        .flat_map(|b| [0, b])
        .collect();
    let g = guess(&be, &with_declarations(Declarations::Force));
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Utf16Be, Source::Declaration)
    );
}

#[test]
fn x_user_defined_means_windows_1252() {
    let g = auto(b"<meta charset=x-user-defined>");
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Windows1252, Source::Declaration)
    );
}

#[test]
fn a_declaration_naming_replacement_is_ignored() {
    // "iso-2022-kr" is one of the labels of the replacement encoding.
    let g = auto(b"<meta charset=iso-2022-kr><p>plain");
    assert_eq!((g.encoding, g.source), (Encoding::Utf8, Source::Ascii));
    assert_eq!(g.ignored_declaration.as_deref(), Some("iso-2022-kr"));
    let g = auto(b"<meta charset=replacement><meta charset=koi8-r>");
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Koi8R, Source::Declaration)
    );
}

#[test]
fn an_unknown_label_is_ignored_and_reported() {
    let g = auto(b"<meta charset=\"Klingon-8\">text");
    assert_eq!((g.encoding, g.source), (Encoding::Utf8, Source::Ascii));
    // The prescan lowercases attribute values.
    assert_eq!(g.ignored_declaration.as_deref(), Some("klingon-8"));
    let g = auto(b"<?xml version='1.0' encoding='Klingon-8'?>");
    assert_eq!(g.ignored_declaration.as_deref(), Some("Klingon-8"));
}

#[test]
fn declarations_apply_when_the_head_looks_like_markup() {
    let plain = b"not markup <meta charset=koi8-r>";
    assert_eq!(auto(plain).source, Source::Ascii);
    let forced = guess(plain, &with_declarations(Declarations::Force));
    assert_eq!(forced.encoding, Encoding::Koi8R);
    let markup = b" \r\n\t<meta charset=koi8-r>";
    assert_eq!(auto(markup).encoding, Encoding::Koi8R);
    let ignored = guess(markup, &with_declarations(Declarations::Ignore));
    assert_eq!(ignored.source, Source::Ascii);
}

#[test]
fn pure_ascii_is_utf8_from_ascii() {
    let g = auto(b"Plain text,\r\nwith\ttabs.\n");
    assert_eq!(
        (g.encoding, g.source, g.confidence),
        (Encoding::Utf8, Source::Ascii, 1.0)
    );
}

#[test]
fn valid_utf8_with_non_ascii_is_utf8_from_structure() {
    // U+00FC ü and U+00DF ß, U+00F6 ö written out as UTF-8.
    let g = auto(b"Gr\xC3\xBC\xC3\x9Fe aus K\xC3\xB6ln");
    assert_eq!(
        (g.encoding, g.source, g.evidence.as_str()),
        (Encoding::Utf8, Source::Structure, "valid UTF-8")
    );
}

#[test]
fn a_head_cut_inside_a_utf8_character_still_counts_as_utf8() {
    // "é" (C3 A9) three times; a 3-byte head ends after the C3 of the second "é".
    let text = b"\xC3\xA9\xC3\xA9a\xC3\xA9";
    let cut = DetectOptions {
        max_bytes: 3,
        ..DetectOptions::default()
    };
    let g = guess(text, &cut);
    assert_eq!((g.encoding, g.source), (Encoding::Utf8, Source::Structure));
    // The same three bytes as the whole input end inside a character: not UTF-8.
    let whole = guess(&text[..3], &DetectOptions::default());
    assert_ne!(whole.source, Source::Structure);
}

#[test]
fn iso_2022_jp_escapes_decide() {
    // "日本" in JIS X 0208 (row 38 cell 92 = 0x467C, row 43 cell 60 = 0x4B5C) between
    // ESC $ B and ESC ( B.
    let g = auto(b"Tokyo: \x1B$B\x46\x7C\x4B\x5C\x1B(B.");
    assert_eq!(
        (g.encoding, g.source, g.evidence.as_str()),
        (
            Encoding::Iso2022Jp,
            Source::Structure,
            "ISO-2022-JP escape sequences"
        )
    );
    // An ANSI terminal escape is not ISO-2022-JP.
    assert_eq!(auto(b"\x1B[1mbold\x1B[0m").source, Source::Ascii);
}

#[test]
fn utf16_without_bom_from_the_nul_pattern() {
    let text = "Plain Latin text in UTF-16, no byte order mark.";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let g = auto(&le);
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Utf16Le, Source::Structure)
    );
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let g = auto(&be);
    assert_eq!(
        (g.encoding, g.source),
        (Encoding::Utf16Be, Source::Structure)
    );
    // An odd length is no UTF-16 when the input ends there.
    assert_eq!(
        detect(&le[..le.len() - 1], &DetectOptions::default()),
        Outcome::Binary
    );
}

#[test]
fn png_header_is_binary() {
    let png = b"\x89PNG\r\n\x1A\n\0\0\0\x0DIHDR\0\0\x01\0\0\0\x01\0\x08\x06\0\0\0";
    assert_eq!(detect(png, &DetectOptions::default()), Outcome::Binary);
}

#[test]
fn nul_bytes_in_ascii_compatible_data_are_binary() {
    assert_eq!(
        detect(b"text\0with a NUL", &DetectOptions::default()),
        Outcome::Binary
    );
}

#[test]
fn many_control_bytes_are_binary() {
    let bytes: Vec<u8> = (0..64)
        .map(|i| if i % 4 == 0 { 0x01 } else { b'a' })
        .collect();
    assert_eq!(detect(&bytes, &DetectOptions::default()), Outcome::Binary);
}

#[test]
fn empty_is_empty() {
    assert_eq!(detect(b"", &DetectOptions::default()), Outcome::Empty);
    assert_eq!(
        Detector::new(DetectOptions::default()).finish(),
        Outcome::Empty
    );
}

#[test]
fn legacy_bytes_go_to_statistics() {
    let g = auto(KOI8_R_PRIVET);
    assert_eq!(g.source, Source::Statistics);
    assert!(g.alternatives.len() <= 4);
}

#[test]
fn the_detector_stops_keeping_bytes_past_the_head() {
    let options = DetectOptions {
        max_bytes: 4,
        ..DetectOptions::default()
    };
    let mut detector = Detector::new(options);
    detector.feed(b"abcd");
    assert!(!detector.is_full());
    detector.feed(b"\xFF");
    assert!(detector.is_full());
    assert_eq!(detector.finish(), detect(b"abcd\xFF", &options));
    assert_eq!(
        detector.finish(),
        detect(b"abcd", &DetectOptions::default())
    );
}

/// Feeds `bytes` cut at `cuts` (offsets taken modulo the length, sorted; repeats give empty
/// pieces).
fn detect_in_pieces(bytes: &[u8], cuts: &[usize], options: DetectOptions) -> Outcome {
    let mut cuts: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    cuts.sort_unstable();
    let mut detector = Detector::new(options);
    let mut start = 0;
    for cut in cuts {
        detector.feed(&bytes[start..cut]);
        start = cut;
    }
    detector.feed(&bytes[start..]);
    detector.finish()
}

fn options() -> impl Strategy<Value = DetectOptions> {
    (
        prop_oneof![Just(0usize), 1usize..40, Just(64 * 1024)],
        prop_oneof![
            Just(Declarations::Auto),
            Just(Declarations::Force),
            Just(Declarations::Ignore)
        ],
    )
        .prop_map(|(max_bytes, declarations)| DetectOptions {
            max_bytes,
            declarations,
            hint: None,
        })
}

/// Bytes built from pieces of markup, labels, ASCII, UTF-8, UTF-16 and legacy bytes.
fn markupish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"<meta ".to_vec()),
        Just(b"charset=".to_vec()),
        Just(b"http-equiv=content-type ".to_vec()),
        Just(b"content='text/html; charset=".to_vec()),
        Just(b"<?xml version='1.0' encoding='".to_vec()),
        Just(b"<!--".to_vec()),
        Just(b"-->".to_vec()),
        Just(b"<a href=x>".to_vec()),
        Just(b"</p ".to_vec()),
        Just(b"\"".to_vec()),
        Just(b"'".to_vec()),
        Just(b">".to_vec()),
        Just(b"/".to_vec()),
        Just(b" ".to_vec()),
        Just(b"koi8-r".to_vec()),
        Just(b"utf-16le".to_vec()),
        Just(b"x-user-defined".to_vec()),
        Just(b"iso-2022-kr".to_vec()),
        Just(b"\x1B$B\x46\x7C\x1B(B".to_vec()),
        Just("é日".as_bytes().to_vec()),
        Just(b"a\0b\0".to_vec()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(KOI8_R_PRIVET.to_vec()),
        proptest::collection::vec(any::<u8>(), 0..4),
    ];
    proptest::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

fn assert_never_replacement(outcome: &Outcome) {
    if let Outcome::Guess(g) = outcome {
        assert_ne!(g.encoding, Encoding::Replacement);
        assert!(
            g.alternatives
                .iter()
                .all(|c| c.encoding != Encoding::Replacement)
        );
        assert!((0.0..=1.0).contains(&g.confidence));
    }
}

proptest! {
    #[test]
    fn any_split_of_arbitrary_bytes_gives_the_one_shot_answer(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        cuts in proptest::collection::vec(any::<usize>(), 0..6),
        options in options(),
    ) {
        prop_assert_eq!(detect_in_pieces(&bytes, &cuts, options), detect(&bytes, &options));
    }

    #[test]
    fn any_split_of_markupish_bytes_gives_the_one_shot_answer(
        bytes in markupish(),
        cuts in proptest::collection::vec(any::<usize>(), 0..6),
        options in options(),
    ) {
        prop_assert_eq!(detect_in_pieces(&bytes, &cuts, options), detect(&bytes, &options));
    }

    #[test]
    fn arbitrary_bytes_never_yield_replacement(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        options in options(),
    ) {
        assert_never_replacement(&detect(&bytes, &options));
    }

    #[test]
    fn markupish_bytes_never_yield_replacement(bytes in markupish(), options in options()) {
        assert_never_replacement(&detect(&bytes, &options));
    }
}
