//! Names, labels, "get an encoding", "get an output encoding" and BOM sniffing, checked against
//! the standard's text and its `encodings.json`.

mod common;

use wtf_enc::Encoding;

/// The names exactly as the standard's "Names and labels" table spells them, in its order.
const SPEC_NAMES: [&str; 40] = [
    "UTF-8",
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-8-I",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "replacement",
    "UTF-16BE",
    "UTF-16LE",
    "x-user-defined",
];

#[test]
fn there_are_forty_encodings_named_as_the_standard_spells_them() {
    let names: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
    assert_eq!(names, SPEC_NAMES);
    for (i, e) in Encoding::ALL.iter().enumerate() {
        assert_eq!(Encoding::for_name(SPEC_NAMES[i]), Some(*e));
    }
}

#[test]
fn encodings_json_names_match_in_order() {
    let json = common::read_encodings_json();
    let names: Vec<&str> = json.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, SPEC_NAMES);
}

#[test]
fn every_label_of_encodings_json_resolves_to_its_encoding() {
    let json = common::read_encodings_json();
    let mut count = 0;
    for (name, labels) in &json {
        for label in labels {
            let got = Encoding::for_label(label).map(|e| e.name());
            assert_eq!(got, Some(name.as_str()), "label {label:?}");
            count += 1;
        }
        let mut ours: Vec<&str> = Encoding::for_name(name).unwrap().labels().collect();
        let mut theirs: Vec<&str> = labels.iter().map(|s| s.as_str()).collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "labels of {name}");
    }
    assert_eq!(count, 228);
    assert_eq!(Encoding::all_labels().count(), 228);
}

#[test]
fn lowercased_name_is_a_label() {
    // The standard's note: ASCII-lowercasing a name yields one of its labels.
    for e in Encoding::ALL {
        assert_eq!(Encoding::for_label(&e.name().to_ascii_lowercase()), Some(e));
    }
}

#[test]
fn labels_match_ascii_case_insensitively() {
    assert_eq!(Encoding::for_label("UTF-8"), Some(Encoding::Utf8));
    assert_eq!(Encoding::for_label("Shift_JIS"), Some(Encoding::ShiftJis));
    assert_eq!(Encoding::for_label("sHiFt_JiS"), Some(Encoding::ShiftJis));
    assert_eq!(Encoding::for_label("LATIN1"), Some(Encoding::Windows1252));
}

#[test]
fn leading_and_trailing_ascii_whitespace_is_removed() {
    for ws in ["\t", "\n", "\x0C", "\r", " "] {
        let label = format!("{ws}utf8{ws}");
        assert_eq!(
            Encoding::for_label(&label),
            Some(Encoding::Utf8),
            "{label:?}"
        );
    }
    assert_eq!(Encoding::for_label("utf8 "), Some(Encoding::Utf8));
    assert_eq!(
        Encoding::for_label(" \t\n\x0C\rsjis \t\n\x0C\r"),
        Some(Encoding::ShiftJis)
    );
}

#[test]
fn near_misses_fail() {
    for label in [
        "utf-8\u{0b}", // VT is not ASCII whitespace
        "\u{0b}utf-8",
        "utf\u{0}8",
        "utf-8\u{0}",
        "utf-8\u{a0}", // NBSP is not ASCII whitespace
        "\u{3000}utf-8",
        "utf 8",
        "utf_8",
        "utf-88",
        "tf-8",
        "",
        " ",
        "ｕｔｆ-８",     // full-width letters do not fold
        "utf-8\u{212A}", // KELVIN SIGN is not ASCII 'k'
        "x-user-defined2",
        "iso-8859-1 x",
        "unicode11utf-8",
    ] {
        assert_eq!(Encoding::for_label(label), None, "{label:?}");
    }
    // Non-ASCII case folding must not apply: U+0130 lowercases to 'i' + U+0307 in Unicode.
    assert_eq!(Encoding::for_label("\u{130}so-8859-2"), None);
    assert_eq!(Encoding::for_label_bytes(b"utf-8\xFF"), None);
}

#[test]
fn labels_the_standard_singles_out() {
    assert_eq!(Encoding::for_label("latin1"), Some(Encoding::Windows1252));
    assert_eq!(Encoding::for_label("ascii"), Some(Encoding::Windows1252));
    assert_eq!(
        Encoding::for_label("iso-8859-1"),
        Some(Encoding::Windows1252)
    );
    assert_eq!(Encoding::for_label("utf-16"), Some(Encoding::Utf16Le));
    assert_eq!(Encoding::for_label("gb2312"), Some(Encoding::Gbk));
    assert_eq!(
        Encoding::for_label("iso-8859-8-i"),
        Some(Encoding::Iso8859_8I)
    );
    assert_eq!(Encoding::for_label("iso-ir-58"), Some(Encoding::Gbk));
    for label in [
        "csiso2022kr",
        "hz-gb-2312",
        "iso-2022-cn",
        "iso-2022-cn-ext",
        "iso-2022-kr",
    ] {
        assert_eq!(
            Encoding::for_label(label),
            Some(Encoding::Replacement),
            "{label}"
        );
    }
    assert_eq!(
        Encoding::for_label("replacement"),
        Some(Encoding::Replacement)
    );
}

#[test]
fn get_an_output_encoding() {
    for e in Encoding::ALL {
        let want = match e {
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
            other => other,
        };
        assert_eq!(e.output_encoding(), want);
    }
}

#[test]
fn bom_sniffing_per_the_standards_table() {
    assert_eq!(
        Encoding::sniff_bom(b"\xEF\xBB\xBF"),
        Some((Encoding::Utf8, 3))
    );
    assert_eq!(
        Encoding::sniff_bom(b"\xEF\xBB\xBFx"),
        Some((Encoding::Utf8, 3))
    );
    assert_eq!(
        Encoding::sniff_bom(b"\xFE\xFF"),
        Some((Encoding::Utf16Be, 2))
    );
    assert_eq!(
        Encoding::sniff_bom(b"\xFF\xFE\x00"),
        Some((Encoding::Utf16Le, 2))
    );
    assert_eq!(Encoding::sniff_bom(b"\xEF\xBB"), None);
    assert_eq!(Encoding::sniff_bom(b"\xEF\xBF\xBB"), None);
    assert_eq!(Encoding::sniff_bom(b"\xFE"), None);
    assert_eq!(Encoding::sniff_bom(b""), None);
    assert_eq!(Encoding::sniff_bom(b"\x00\x00\xFE\xFF"), None); // no UTF-32
}

#[test]
fn replacement_has_no_encoder_and_utf16_encoders_are_an_extension() {
    use wtf_enc::EncoderErrorMode;
    let err = Encoding::Replacement
        .new_encoder(EncoderErrorMode::Fatal)
        .unwrap_err();
    assert!(err.to_string().contains("replacement"));
    assert!(!Encoding::Utf16Le.has_standard_encoder());
    assert!(
        Encoding::Utf16Le
            .new_encoder(EncoderErrorMode::Fatal)
            .is_ok()
    );
    assert!(Encoding::Utf8.has_standard_encoder());
}
