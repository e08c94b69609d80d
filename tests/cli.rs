//! The command line's contract (issue 4): every option, exit status and message format.
//!
//! Expected bytes are written out by hand from the standard and its index files (windows-1252:
//! 0x80 is U+20AC, 0x93/0x94 are U+201C/U+201D, 0xE9 is U+00E9; ISO-8859-3 has no 0xA5), never
//! captured from the program's own output.

mod common;

use common::TempDir;
use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use assert_cmd::assert::OutputAssertExt;
use predicates::prelude::*;
use predicates::str::contains;

const BIN: &str = env!("CARGO_BIN_EXE_wtf-enc");

fn wtf() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("WTF_ENC_BUFFER_SIZE");
    cmd
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

// ---- decode: basics -------------------------------------------------------------------------

#[test]
fn decode_default_label_is_utf8_and_passes_valid_text_through() {
    let text = "h\u{e9}llo \u{20ac} \u{1F600}\r\n";
    wtf()
        .arg("decode")
        .write_stdin(text)
        .assert()
        .success()
        .stdout(text)
        .stderr("");
}

#[test]
fn decode_label_selects_the_encoding() {
    wtf()
        .args(["decode", "-e", " Latin1 "])
        .write_stdin(&b"caf\xE9 \x80 \x93q\x94"[..])
        .assert()
        .success()
        .stdout("caf\u{e9} \u{20ac} \u{201c}q\u{201d}");
}

#[test]
fn decode_every_windows_1252_byte_as_its_index_says() {
    // The index file: "pointer<TAB>0xCODE<TAB>..."; byte = 0x80 + pointer; ASCII is itself.
    let index = fs::read_to_string("indexes/index-windows-1252.txt").unwrap();
    let mut expected: String = (0u8..0x80).map(char::from).collect();
    for line in index
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split('\t');
        let pointer: u32 = fields.next().unwrap().trim().parse().unwrap();
        let cp = u32::from_str_radix(fields.next().unwrap().trim_start_matches("0x"), 16).unwrap();
        assert_eq!(pointer as usize + 0x80, expected.chars().count());
        expected.push(char::from_u32(cp).unwrap());
    }
    let input: Vec<u8> = (0..=255).collect();
    wtf()
        .args(["decode", "-e", "windows-1252", "--errors", "fatal"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn decode_sample_file_from_examples() {
    wtf()
        .args(["decode", "-e", "windows-1252", "examples/data/sample-windows-1252.txt"])
        .assert()
        .success()
        .stdout("\u{201c}Caf\u{e9} cr\u{e8}me\u{201d} costs 3 \u{20ac} \u{2014} na\u{ef}ve but \u{fc}ber-good.\n");
}

#[test]
fn decode_x_user_defined_maps_high_bytes_to_the_private_use_area() {
    wtf()
        .args(["decode", "-e", "x-user-defined"])
        .write_stdin(&b"a\x80\xFF"[..])
        .assert()
        .success()
        .stdout("a\u{F780}\u{F7FF}");
}

#[test]
fn decode_replacement_encoding_gives_one_fffd_for_any_input() {
    wtf()
        .args(["decode", "-e", "iso-2022-kr"])
        .write_stdin("abc")
        .assert()
        .success()
        .stdout("\u{FFFD}");
}

#[test]
fn decode_errors_replacement_writes_one_fffd_per_malformed_sequence() {
    // 0xC3 then '(' : one error (the '(' is kept); 0xE2 0x82 at the end: one error.
    wtf()
        .args(["decode", "--errors", "replacement"])
        .write_stdin(&b"a\xC3(\xF0\x9F\x98z\xE2\x82"[..])
        .assert()
        .success()
        .stdout("a\u{FFFD}(\u{FFFD}z\u{FFFD}");
}

#[test]
fn decode_replacement_is_the_default_error_mode() {
    wtf()
        .arg("decode")
        .write_stdin(&b"\xFFok"[..])
        .assert()
        .success()
        .stdout("\u{FFFD}ok");
}

#[test]
fn decode_utf16_with_tiny_buffers_gives_the_same_text() {
    // "a€😀" in UTF-16LE, many times, through 5-byte input and 16-byte output buffers.
    let unit = b"a\x00\xAC\x20\x3D\xD8\x00\xDE";
    let input: Vec<u8> = unit.iter().copied().cycle().take(unit.len() * 50).collect();
    wtf()
        .args(["decode", "-e", "utf-16le"])
        .env("WTF_ENC_BUFFER_SIZE", "5:16")
        .write_stdin(input)
        .assert()
        .success()
        .stdout("a\u{20ac}\u{1F600}".repeat(50));
}

// ---- decode: --bom ------------------------------------------------------------------------

fn decode_bom(mode: &str, label: &str, input: &[u8], expected: &str) {
    wtf()
        .args(["decode", "--bom", mode, "-e", label])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected.to_owned());
}

#[test]
fn bom_sniff_utf8_bom_overrides_label_and_is_removed() {
    decode_bom("sniff", "windows-1252", b"\xEF\xBB\xBF\xC3\xA9", "\u{e9}");
}

#[test]
fn bom_sniff_utf16be_bom_overrides_label_and_is_removed() {
    decode_bom(
        "sniff",
        "windows-1252",
        b"\xFE\xFF\x00a\x20\xAC",
        "a\u{20ac}",
    );
}

#[test]
fn bom_sniff_utf16le_bom_overrides_label_and_is_removed() {
    decode_bom("sniff", "utf-8", b"\xFF\xFEa\x00\xAC\x20", "a\u{20ac}");
}

#[test]
fn bom_sniff_is_the_default() {
    wtf()
        .args(["decode", "-e", "windows-1252"])
        .write_stdin(&b"\xFF\xFEa\x00"[..])
        .assert()
        .success()
        .stdout("a");
}

#[test]
fn bom_sniff_without_bom_uses_label() {
    decode_bom("sniff", "windows-1252", b"\xEF\xBB", "\u{ef}\u{bb}");
}

#[test]
fn bom_strip_utf8_bom_with_utf8_label_is_removed() {
    decode_bom("strip", "utf-8", b"\xEF\xBB\xBFa", "a");
}

#[test]
fn bom_strip_utf16be_bom_with_utf16be_label_is_removed() {
    decode_bom("strip", "utf-16be", b"\xFE\xFF\x00a", "a");
}

#[test]
fn bom_strip_utf16le_bom_with_utf16le_label_is_removed() {
    decode_bom("strip", "utf-16le", b"\xFF\xFEa\x00", "a");
}

#[test]
fn bom_strip_other_encodings_bom_is_decoded_by_the_label() {
    // The label decides: a UTF-8 BOM read as windows-1252, a UTF-16BE BOM read as UTF-16LE.
    decode_bom(
        "strip",
        "windows-1252",
        b"\xEF\xBB\xBFa",
        "\u{ef}\u{bb}\u{bf}a",
    );
    decode_bom("strip", "utf-16le", b"\xFE\xFFa\x00", "\u{FFFE}a");
    decode_bom("strip", "utf-8", b"\xFF\xFEa", "\u{FFFD}\u{FFFD}a");
}

#[test]
fn bom_keep_utf8_bom_is_decoded_as_feff() {
    decode_bom("keep", "utf-8", b"\xEF\xBB\xBFa", "\u{FEFF}a");
}

#[test]
fn bom_keep_utf16be_bom_is_decoded_as_feff() {
    decode_bom("keep", "utf-16be", b"\xFE\xFF\x00a", "\u{FEFF}a");
}

#[test]
fn bom_keep_utf16le_bom_is_decoded_as_feff() {
    decode_bom("keep", "utf-16le", b"\xFF\xFEa\x00", "\u{FEFF}a");
}

#[test]
fn bom_keep_label_decides_for_another_encodings_bom() {
    decode_bom("keep", "windows-1252", b"\xFF\xFEa", "\u{ff}\u{fe}a");
}

#[test]
fn bom_is_sniffed_when_the_pipe_delivers_it_one_byte_at_a_time() {
    // The smallest input buffer is 4 bytes; a BOM split over reads still counts.
    let mut child = StdCommand::new(BIN)
        .args(["decode", "-e", "windows-1252"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for b in b"\xEF\xBB\xBF\xC3\xA9" {
        stdin.write_all(&[*b]).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, "\u{e9}".as_bytes());
}

#[test]
fn several_files_each_get_their_own_bom_sniffing() {
    let dir = TempDir::new();
    let a = dir.file("a", b"\xEF\xBB\xBFa\xC3\xA9|");
    let b = dir.file("b", b"\xFE\xFF\x00b\x20\xAC\x00|");
    let c = dir.file("c", b"\xFF\xFEc\x00|\x00");
    let d = dir.file("d", b"d\xE9\x80");
    wtf()
        .args(["decode", "-e", "windows-1252", s(&a), s(&b), s(&c), s(&d)])
        .assert()
        .success()
        .stdout("a\u{e9}|b\u{20ac}|c|d\u{e9}\u{20ac}");
}

// ---- decode: --errors fatal -----------------------------------------------------------------

#[test]
fn fatal_decode_reports_offset_line_and_column_in_multibyte_multiline_text() {
    // Line breaks: LF, CRLF (one), CR: the error is on line 4, after "y " (column 3).
    wtf()
        .args(["decode", "--errors", "fatal"])
        .write_stdin(&b"h\xC3\xA9llo\nw\xC3\xB6rld\r\nx\xE2\x82\xAC\ry \xFFtail"[..])
        .assert()
        .code(1)
        .stdout("h\u{e9}llo\nw\u{f6}rld\r\nx\u{20ac}\ry ")
        .stderr(
            "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xFF at byte 22 (line 4, column 3)\n",
        );
}

#[test]
fn fatal_decode_counts_crlf_once_and_cr_alone() {
    wtf()
        .args(["decode", "--errors", "fatal"])
        .write_stdin(&b"a\r\n\r\nb\r\rcd\xC0"[..])
        .assert()
        .code(1)
        .stderr(
            "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xC0 at byte 10 (line 5, column 3)\n",
        );
}

#[test]
fn fatal_decode_shows_every_byte_of_the_sequence() {
    // 0xF0 0x9F 0x98 then 'z': the three bytes are one malformed sequence.
    wtf()
        .args(["decode", "--errors", "fatal"])
        .write_stdin(&b"ab\xF0\x9F\x98z"[..])
        .assert()
        .code(1)
        .stdout("ab")
        .stderr(
            "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xF0 0x9F 0x98 at byte 2 (line 1, column 3)\n",
        );
}

#[test]
fn fatal_decode_incomplete_sequence_at_end_of_input() {
    wtf()
        .args(["decode", "--errors", "fatal"])
        .write_stdin(&b"\xE2\x82"[..])
        .assert()
        .code(1)
        .stdout("")
        .stderr("wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xE2 0x82 at byte 0 (line 1, column 1)\n");
}

#[test]
fn fatal_decode_error_after_a_bom_counts_the_bom_in_the_offset_only() {
    wtf()
        .args(["decode", "--errors", "fatal"])
        .write_stdin(&b"\xEF\xBB\xBFab\xFF"[..])
        .assert()
        .code(1)
        .stdout("ab")
        .stderr(
            "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xFF at byte 5 (line 1, column 3)\n",
        );
}

#[test]
fn fatal_decode_kept_bom_counts_as_a_column() {
    wtf()
        .args(["decode", "--errors", "fatal", "--bom", "keep"])
        .write_stdin(&b"\xEF\xBB\xBFab\xFF"[..])
        .assert()
        .code(1)
        .stderr(
            "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xFF at byte 5 (line 1, column 4)\n",
        );
}

#[test]
fn fatal_decode_utf8_sequence_straddling_the_buffer_boundary() {
    // 4-byte input buffer: "abc\xF0" then "\x9F\x98(": the sequence spans two reads.
    wtf()
        .args(["decode", "--errors", "fatal"])
        .env("WTF_ENC_BUFFER_SIZE", "4")
        .write_stdin(&b"abc\xF0\x9F\x98(rest"[..])
        .assert()
        .code(1)
        .stdout("abc")
        .stderr(
            "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xF0 0x9F 0x98 at byte 3 (line 1, column 4)\n",
        );
}

#[test]
fn fatal_decode_utf16_sequence_straddling_the_buffer_boundary() {
    // UTF-16LE BOM, "ab", a lead surrogate 0xD83D split over two 7-byte reads, then "c".
    let dir = TempDir::new();
    let input = dir.file("in", b"\xFF\xFEa\x00b\x00\x3D\xD8c\x00");
    wtf()
        .args(["decode", "--errors", "fatal", s(&input)])
        .env("WTF_ENC_BUFFER_SIZE", "7")
        .assert()
        .code(1)
        .stdout("ab")
        .stderr(format!(
            "wtf-enc: {}: invalid UTF-16LE byte sequence 0x3D 0xD8 at byte 6 (line 1, column 3)\n",
            input.display()
        ));
}

#[test]
fn fatal_decode_single_byte_unmapped_byte() {
    // ISO-8859-3 has no character for 0xA5.
    wtf()
        .args(["decode", "-e", "iso-8859-3", "--errors", "fatal"])
        .write_stdin(&b"\xE9t\xE9\n\xFC\xA5"[..])
        .assert()
        .code(1)
        .stdout("\u{e9}t\u{e9}\n\u{fc}")
        .stderr(
            "wtf-enc: <stdin>: invalid ISO-8859-3 byte sequence 0xA5 at byte 5 (line 2, column 2)\n",
        );
}

#[test]
fn fatal_decode_names_the_file_and_offsets_within_it() {
    let dir = TempDir::new();
    let good = dir.file("good.txt", b"one\n");
    let bad = dir.file("bad.txt", b"two\n\xFF");
    wtf()
        .args(["decode", "--errors", "fatal", s(&good), s(&bad)])
        .assert()
        .code(1)
        .stdout("one\ntwo\n")
        .stderr(format!(
            "wtf-enc: {}: invalid UTF-8 byte sequence 0xFF at byte 4 (line 2, column 1)\n",
            bad.display()
        ));
}

// ---- encode ---------------------------------------------------------------------------------

#[test]
fn encode_writes_the_labels_encoding() {
    wtf()
        .args(["encode", "-e", "windows-1252"])
        .write_stdin("\u{201c}caf\u{e9}\u{201d} \u{20ac}")
        .assert()
        .success()
        .stdout(&b"\x93caf\xE9\x94 \x80"[..]);
}

#[test]
fn encode_requires_a_label() {
    wtf().arg("encode").write_stdin("a").assert().code(2);
}

#[test]
fn encode_x_user_defined() {
    wtf()
        .args(["encode", "-e", "x-user-defined"])
        .write_stdin("a\u{F780}\u{F7FF}")
        .assert()
        .success()
        .stdout(&b"a\x80\xFF"[..]);
}

#[test]
fn encode_utf16le_and_utf16be_write_real_utf16() {
    let text = "a\u{20ac}\u{1F600}";
    wtf()
        .args(["encode", "-e", "utf-16le"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(&b"a\x00\xAC\x20\x3D\xD8\x00\xDE"[..]);
    wtf()
        .args(["encode", "-e", "utf-16be"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(&b"\x00a\x20\xAC\xD8\x3D\xDE\x00"[..]);
}

#[test]
fn encode_removes_a_leading_utf8_bom_from_each_input() {
    let dir = TempDir::new();
    let a = dir.file("a", b"\xEF\xBB\xBFa");
    let b = dir.file("b", b"\xEF\xBB\xBFb\xEF\xBB\xBF");
    // Only the leading BOM goes; a later U+FEFF is text.
    wtf()
        .args(["encode", "-e", "utf-16be", s(&a), s(&b)])
        .assert()
        .success()
        .stdout(&b"\x00a\x00b\xFE\xFF"[..]);
}

#[test]
fn encode_fatal_is_the_default_and_names_the_code_point() {
    wtf()
        .args(["encode", "-e", "windows-1252"])
        .write_stdin("ab\nc\u{e9}\u{2603}d")
        .assert()
        .code(1)
        .stdout(&b"ab\nc\xE9"[..])
        .stderr("wtf-enc: <stdin>: U+2603 cannot be encoded in windows-1252 at byte 6 (line 2, column 3)\n");
}

#[test]
fn encode_fatal_astral_code_point_and_crlf_lines() {
    wtf()
        .args(["encode", "-e", "iso-8859-3", "--errors", "fatal"])
        .write_stdin("x\r\ny\rz\u{1F600}")
        .assert()
        .code(1)
        .stdout("x\r\ny\rz")
        .stderr("wtf-enc: <stdin>: U+1F600 cannot be encoded in ISO-8859-3 at byte 6 (line 3, column 2)\n");
}

#[test]
fn encode_fatal_offset_counts_a_removed_bom() {
    wtf()
        .args(["encode", "-e", "windows-1252"])
        .write_stdin("\u{FEFF}a\u{3042}")
        .assert()
        .code(1)
        .stdout("a")
        .stderr("wtf-enc: <stdin>: U+3042 cannot be encoded in windows-1252 at byte 4 (line 1, column 2)\n");
}

#[test]
fn encode_fatal_character_straddling_the_buffer_boundary() {
    wtf()
        .args(["encode", "-e", "windows-1252"])
        .env("WTF_ENC_BUFFER_SIZE", "4")
        .write_stdin("abc\u{2603}z")
        .assert()
        .code(1)
        .stdout("abc")
        .stderr("wtf-enc: <stdin>: U+2603 cannot be encoded in windows-1252 at byte 3 (line 1, column 4)\n");
}

#[test]
fn encode_html_writes_numeric_character_references() {
    wtf()
        .args(["encode", "-e", "windows-1252", "--errors", "html"])
        .write_stdin("a\u{2603}\u{e9}\u{1F600}")
        .assert()
        .success()
        .stdout(&b"a&#9731;\xE9&#128512;"[..]);
}

#[test]
fn encode_malformed_utf8_is_a_decode_error_under_fatal() {
    wtf()
        .args(["encode", "-e", "windows-1252"])
        .write_stdin(&b"ok\n\xC3\xA9\xC3("[..])
        .assert()
        .code(1)
        .stdout(&b"ok\n\xE9"[..])
        .stderr(
            "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xC3 at byte 5 (line 2, column 2)\n",
        );
}

#[test]
fn encode_malformed_utf8_straddling_the_buffer_boundary_at_end_of_input() {
    wtf()
        .args(["encode", "-e", "utf-8"])
        .env("WTF_ENC_BUFFER_SIZE", "4")
        .write_stdin(&b"abc\xE2\x98"[..])
        .assert()
        .code(1)
        .stdout("abc")
        .stderr("wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xE2 0x98 at byte 3 (line 1, column 4)\n");
}

#[test]
fn encode_malformed_utf8_becomes_fffd_under_html() {
    // windows-1252 has no U+FFFD, so it becomes a reference too; UTF-8 writes it.
    wtf()
        .args(["encode", "-e", "windows-1252", "--errors", "html"])
        .write_stdin(&b"a\xFFb"[..])
        .assert()
        .success()
        .stdout("a&#65533;b");
    wtf()
        .args(["encode", "-e", "utf-8", "--errors", "html"])
        .write_stdin(&b"a\xFFb"[..])
        .assert()
        .success()
        .stdout("a\u{FFFD}b");
}

#[test]
fn encode_replacement_is_a_usage_error() {
    wtf()
        .args(["encode", "-e", "hz-gb-2312"])
        .write_stdin("a")
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("hz-gb-2312").and(contains("replacement encoding")));
}

#[test]
fn encode_write_bom_for_each_unicode_encoding() {
    for (label, expected) in [
        ("utf-8", &b"\xEF\xBB\xBFa"[..]),
        ("utf-16be", &b"\xFE\xFF\x00a"[..]),
        ("utf-16le", &b"\xFF\xFEa\x00"[..]),
    ] {
        wtf()
            .args(["encode", "-e", label, "--write-bom"])
            .write_stdin("a")
            .assert()
            .success()
            .stdout(expected);
    }
}

#[test]
fn encode_write_bom_once_for_several_inputs() {
    let dir = TempDir::new();
    let a = dir.file("a", b"a");
    let b = dir.file("b", b"b");
    wtf()
        .args(["encode", "-e", "utf-16le", "--write-bom", s(&a), s(&b)])
        .assert()
        .success()
        .stdout(&b"\xFF\xFEa\x00b\x00"[..]);
}

#[test]
fn encode_write_bom_is_an_error_for_other_encodings() {
    wtf()
        .args(["encode", "-e", "latin1", "--write-bom"])
        .write_stdin("a")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "wtf-enc: --write-bom: windows-1252 has no byte order mark (only UTF-8, UTF-16BE and \
             UTF-16LE do)\n",
        );
}

// ---- labels ---------------------------------------------------------------------------------

#[test]
fn unknown_decode_label_names_it_and_suggests_the_closest() {
    wtf()
        .args(["decode", "-e", "windows1252"])
        .write_stdin("a")
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "wtf-enc: unknown encoding label \"windows1252\"; did you mean \"windows-1252\"? \
             ('wtf-enc label --list' shows every label)\n",
        );
}

#[test]
fn unknown_encode_label_names_it_and_suggests_the_closest() {
    wtf()
        .args(["encode", "-e", "utf-16-le"])
        .write_stdin("a")
        .assert()
        .code(1)
        .stderr(contains(
            "unknown encoding label \"utf-16-le\"; did you mean \"utf-16le\"?",
        ));
}

/// The standard's "get an encoding" is defined on any string: a label that is not UTF-8 is an
/// unknown label (exit 1, its bytes shown escaped), not a usage error, for every option and
/// argument that takes a label.
#[test]
fn labels_that_are_not_utf8_are_unknown_labels_not_usage_errors() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let label = OsStr::from_bytes(b"utf-8\xFF");
    let cases: [&[&OsStr]; 6] = [
        &[OsStr::new("label"), label],
        &[OsStr::new("decode"), OsStr::new("-e"), label],
        &[OsStr::new("encode"), OsStr::new("-e"), label],
        &[OsStr::new("check"), OsStr::new("-e"), label],
        &[
            OsStr::new("convert"),
            OsStr::new("-f"),
            label,
            OsStr::new("-t"),
            OsStr::new("utf-8"),
        ],
        &[
            OsStr::new("convert"),
            OsStr::new("-f"),
            OsStr::new("utf-8"),
            OsStr::new("-t"),
            label,
        ],
    ];
    for args in cases {
        wtf()
            .args(args)
            .write_stdin("a")
            .assert()
            .code(1)
            .stdout("")
            .stderr(
                "wtf-enc: unknown encoding label \"utf-8\\xFF\"; did you mean \"utf-8\"? \
                 ('wtf-enc label --list' shows every label)\n",
            );
    }
}

#[test]
fn label_prints_the_encoding_name() {
    wtf()
        .args(["label", " SJIS"])
        .assert()
        .success()
        .stdout("Shift_JIS\n")
        .stderr("");
}

#[test]
fn label_answers_the_others_after_an_unknown_one() {
    wtf()
        .args(["label", "latin1", "utf-9", "UTF-16"])
        .assert()
        .code(1)
        .stdout("windows-1252\nUTF-16LE\n")
        .stderr(
            "wtf-enc: unknown encoding label \"utf-9\"; did you mean \"utf-8\"? ('wtf-enc label \
             --list' shows every label)\n",
        );
}

#[test]
fn label_json_lookups() {
    wtf()
        .args(["label", "--json", "ascii", "nope\""])
        .assert()
        .code(1)
        .stdout(
            "[\n  {\"label\": \"ascii\", \"name\": \"windows-1252\"},\n  {\"label\": \"nope\\\"\", \
             \"name\": null}\n]\n",
        );
}

#[test]
fn label_list_prints_every_encoding_with_its_labels() {
    let out = wtf().args(["label", "--list"]).assert().success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 40);
    assert!(lines[0].starts_with("UTF-8 "));
    let sjis: Vec<&str> = lines[34].split_whitespace().collect();
    assert_eq!(
        sjis,
        [
            "Shift_JIS",
            "csshiftjis",
            "ms932",
            "ms_kanji",
            "shift-jis",
            "shift_jis",
            "sjis",
            "windows-31j",
            "x-sjis"
        ]
    );
}

#[test]
fn label_list_json_is_encodings_json() {
    let expected = fs::read_to_string("indexes/encodings.json").unwrap();
    wtf()
        .args(["label", "--list", "--json"])
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn label_needs_a_label_or_list() {
    wtf().arg("label").assert().code(2).stdout("");
    wtf()
        .args(["label", "--list", "utf-8"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn label_empty_label_is_unknown() {
    wtf()
        .args(["label", ""])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "wtf-enc: unknown encoding label \"\" ('wtf-enc label --list' shows every label)\n",
        );
}

// ---- sniff-bom ------------------------------------------------------------------------------

#[test]
fn sniff_bom_names_each_bom() {
    for (input, name) in [
        (&b"\xEF\xBB\xBFx"[..], "UTF-8\n"),
        (&b"\xFE\xFF"[..], "UTF-16BE\n"),
        (&b"\xFF\xFE\x00"[..], "UTF-16LE\n"),
    ] {
        wtf()
            .arg("sniff-bom")
            .write_stdin(input)
            .assert()
            .success()
            .stdout(name);
    }
}

#[test]
fn sniff_bom_none_exits_1() {
    wtf()
        .arg("sniff-bom")
        .write_stdin(&b"\xEF\xBBx"[..])
        .assert()
        .code(1)
        .stdout("none\n")
        .stderr("");
}

#[test]
fn sniff_bom_several_inputs_are_prefixed() {
    let dir = TempDir::new();
    let a = dir.file("a", b"\xFF\xFEa\x00");
    let b = dir.file("b", b"plain");
    wtf()
        .args(["sniff-bom", s(&a), "-", s(&b)])
        .write_stdin(&b"\xEF\xBB\xBF"[..])
        .assert()
        .code(1)
        .stdout(format!(
            "{}: UTF-16LE\n<stdin>: UTF-8\n{}: none\n",
            a.display(),
            b.display()
        ));
}

#[test]
fn sniff_bom_all_with_bom_exits_0() {
    let dir = TempDir::new();
    let a = dir.file("a", b"\xFE\xFF");
    let b = dir.file("b", b"\xEF\xBB\xBF");
    wtf().args(["sniff-bom", s(&a), s(&b)]).assert().success();
}

#[test]
fn sniff_bom_reads_no_more_than_3_bytes() {
    // What sniff-bom leaves in the pipe is still there for the next reader.
    let script = format!("printf '\\357\\273\\277rest' | {{ '{BIN}' sniff-bom; cat; }}");
    StdCommand::new("sh")
        .args(["-c", &script])
        .output()
        .unwrap()
        .assert()
        .success()
        .stdout("UTF-8\nrest");
}

#[test]
fn sniff_bom_missing_file_is_reported_and_others_answered() {
    let dir = TempDir::new();
    let a = dir.file("a", b"\xFE\xFF");
    let missing = dir.path("missing");
    wtf()
        .args(["sniff-bom", s(&missing), s(&a)])
        .assert()
        .code(2)
        .stdout(format!("{}: UTF-16BE\n", a.display()))
        .stderr(format!(
            "wtf-enc: {}: No such file or directory (os error 2)\n",
            missing.display()
        ));
}

// ---- inputs ---------------------------------------------------------------------------------

#[test]
fn empty_input_for_every_subcommand() {
    wtf()
        .arg("decode")
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
    wtf()
        .args(["decode", "--errors", "fatal", "-e", "utf-16le"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
    wtf()
        .args(["encode", "-e", "windows-1252"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
    wtf()
        .args(["encode", "-e", "utf-8", "--write-bom"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(&b"\xEF\xBB\xBF"[..]);
    wtf()
        .arg("sniff-bom")
        .write_stdin("")
        .assert()
        .code(1)
        .stdout("none\n");
    wtf().args(["label", ""]).assert().code(1).stdout("");
}

#[test]
fn dash_is_standard_input_among_files() {
    let dir = TempDir::new();
    let a = dir.file("a", b"[file]");
    wtf()
        .args(["decode", s(&a), "-", s(&a)])
        .write_stdin("[stdin]")
        .assert()
        .success()
        .stdout("[file][stdin][file]");
}

#[test]
fn missing_input_file_exits_2_naming_it() {
    let dir = TempDir::new();
    let missing = dir.path("nope.txt");
    wtf()
        .args(["decode", s(&missing)])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "wtf-enc: {}: No such file or directory (os error 2)\n",
            missing.display()
        ));
}

#[test]
fn directory_as_input_exits_2_naming_it() {
    let dir = TempDir::new();
    wtf()
        .args(["encode", "-e", "utf-8", s(&dir.0)])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "wtf-enc: {}: Is a directory (os error 21)\n",
            dir.0.display()
        ));
}

#[test]
fn later_missing_file_stops_after_earlier_output() {
    let dir = TempDir::new();
    let a = dir.file("a", b"first");
    let missing = dir.path("missing");
    wtf()
        .args(["decode", s(&a), s(&missing), s(&a)])
        .assert()
        .code(2)
        .stdout("first")
        .stderr(contains("missing: No such file or directory"));
}

// ---- -o -------------------------------------------------------------------------------------

#[test]
fn output_file_receives_the_output() {
    let dir = TempDir::new();
    let out = dir.path("out.txt");
    wtf()
        .args(["decode", "-e", "windows-1252", "-o", s(&out)])
        .write_stdin(&b"\x80"[..])
        .assert()
        .success()
        .stdout("");
    assert_eq!(fs::read(&out).unwrap(), "\u{20ac}".as_bytes());
    assert_eq!(dir.names(), ["out.txt"]);
}

#[test]
fn output_file_replaces_an_existing_file_on_success() {
    let dir = TempDir::new();
    let out = dir.file("out.txt", b"old contents, longer than the new");
    wtf()
        .args(["encode", "-e", "utf-16be", "--output", s(&out)])
        .write_stdin("hi")
        .assert()
        .success();
    assert_eq!(fs::read(&out).unwrap(), b"\x00h\x00i");
}

#[test]
fn output_file_is_left_intact_after_a_failure() {
    let dir = TempDir::new();
    let out = dir.file("out.txt", b"precious");
    wtf()
        .args(["decode", "--errors", "fatal", "-o", s(&out)])
        .write_stdin(&b"partial output \xFF"[..])
        .assert()
        .code(1)
        .stderr(contains("invalid UTF-8 byte sequence 0xFF at byte 15"));
    assert_eq!(fs::read(&out).unwrap(), b"precious");
    assert_eq!(dir.names(), ["out.txt"], "no temporary file is left behind");
}

#[test]
fn output_file_is_not_created_after_a_failure() {
    let dir = TempDir::new();
    let out = dir.path("new.txt");
    wtf()
        .args(["encode", "-e", "windows-1252", "-o", s(&out)])
        .write_stdin("\u{2603}")
        .assert()
        .code(1);
    assert!(dir.names().is_empty());
}

#[test]
fn output_file_equal_to_an_input_is_refused_before_reading() {
    let dir = TempDir::new();
    let file = dir.file("same.txt", b"\xFFdata");
    // Another spelling of the same file still counts.
    let other_spelling = dir.0.join(".").join("same.txt");
    wtf()
        .args([
            "decode",
            "--errors",
            "fatal",
            s(&file),
            "-o",
            s(&other_spelling),
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("the output file is also an input").and(contains("invalid").not()));
    assert_eq!(fs::read(&file).unwrap(), b"\xFFdata");
    assert_eq!(dir.names(), ["same.txt"]);
}

#[test]
fn output_file_in_a_missing_directory_exits_2_naming_it() {
    let dir = TempDir::new();
    let out = dir.path("no/such/dir/out.txt");
    wtf()
        .args(["decode", "-o", s(&out)])
        .write_stdin("a")
        .assert()
        .code(2)
        .stderr(format!(
            "wtf-enc: {}: No such file or directory (os error 2)\n",
            out.display()
        ));
}

#[test]
fn writing_to_dev_full_exits_2_naming_the_output() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let out = StdCommand::new(BIN)
        .args(["decode"])
        .stdin(Stdio::piped())
        .stdout(fs::File::create("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"some text")?;
            child.wait_with_output()
        })
        .unwrap();
    out.assert()
        .code(2)
        .stderr("wtf-enc: <stdout>: No space left on device (os error 28)\n");
    wtf()
        .args(["encode", "-e", "utf-8", "-o", "/dev/full"])
        .write_stdin("some text")
        .assert()
        .code(2)
        .stderr("wtf-enc: /dev/full: No space left on device (os error 28)\n");
}

#[test]
fn closed_pipe_downstream_ends_quietly() {
    let dir = TempDir::new();
    let big = dir.file("big.txt", &b"line of text\n".repeat(400_000));
    let mut child = StdCommand::new(BIN)
        .args(["decode", s(&big)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 13];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"line of text\n");
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

// ---- progress, help, version, usage ---------------------------------------------------------

#[test]
fn progress_modes_never_touch_output_or_a_non_terminal_stderr() {
    for when in ["auto", "always", "never"] {
        wtf()
            .args(["decode", "--progress", when])
            .write_stdin("x")
            .assert()
            .success()
            .stdout("x")
            .stderr("");
        wtf()
            .args(["encode", "-e", "utf-8", "--progress", when])
            .write_stdin("x")
            .assert()
            .success()
            .stdout("x")
            .stderr("");
    }
    wtf()
        .args(["decode", "--progress", "sometimes"])
        .assert()
        .code(2);
}

#[test]
fn help_for_every_subcommand_has_examples() {
    for sub in ["decode", "encode", "label", "sniff-bom"] {
        wtf()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(contains("Examples:").and(contains(format!("wtf-enc {sub}"))));
    }
    wtf()
        .arg("--help")
        .assert()
        .success()
        .stdout(contains("Exit status"));
}

#[test]
fn version_is_printed() {
    wtf()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("wtf-enc {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2() {
    wtf().assert().code(2).stdout("");
    wtf().arg("transmogrify").assert().code(2);
    wtf().args(["decode", "--errors", "html"]).assert().code(2);
    wtf()
        .args(["encode", "-e", "utf-8", "--errors", "replacement"])
        .assert()
        .code(2);
    wtf().args(["decode", "--bom", "maybe"]).assert().code(2);
}

#[test]
fn bad_buffer_size_setting_exits_2() {
    wtf()
        .arg("decode")
        .env("WTF_ENC_BUFFER_SIZE", "lots")
        .write_stdin("a")
        .assert()
        .code(2)
        .stderr(contains("WTF_ENC_BUFFER_SIZE"));
}
