//! `wtf-enc check` and `wtf-enc convert`.
//!
//! Expected positions are worked out by hand from the standard's decoders and index files
//! (jis0208 pointer 283 is U+3042, 1410 is U+4E9C, 63 is U+00F7; gb18030 ranges pointer 0 is
//! U+0080), never captured from the program's own output. Convert's equivalence with decode
//! then encode is a property over every pair of encodings, run in process through the stream
//! API, plus a few pairs through the binary.

mod common;

use common::TempDir;
use std::fs;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use predicates::prelude::*;
use wtf_enc::stream::{self, BomHandling, Buffers, DecodeOptions, StreamError};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

const BIN: &str = env!("CARGO_BIN_EXE_wtf-enc");

fn wtf() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("WTF_ENC_BUFFER_SIZE");
    cmd
}

/// Buffer sizes that put buffer boundaries inside multi-byte sequences.
const TINY_BUFFERS: [&str; 4] = ["4:16", "5:17", "6", "7:23"];

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `check` on `input` in a file named `f.txt` with `args`, with default and tiny buffers,
/// and asserts the findings are `want` (with `f.txt` standing for the path) every time.
fn assert_findings(label: &str, input: &[u8], want: &[&str]) {
    let dir = TempDir::new();
    let file = dir.file("f.txt", input);
    let expected: String = want
        .iter()
        .map(|line| format!("{}{}\n", s(&file), line.strip_prefix("f.txt").unwrap()))
        .collect();
    let status = if want.is_empty() { 0 } else { 1 };
    for buffers in [None].into_iter().chain(TINY_BUFFERS.map(Some)) {
        let mut cmd = wtf();
        if let Some(size) = buffers {
            cmd.env("WTF_ENC_BUFFER_SIZE", size);
        }
        cmd.args(["check", "-e", label])
            .arg(&file)
            .assert()
            .code(status)
            .stdout(expected.clone());
    }
}

// ---- check: findings and their positions ----------------------------------------------------

#[test]
fn check_valid_file_prints_nothing_on_stdout_and_exits_0() {
    let dir = TempDir::new();
    let file = dir.file("ok.txt", "caf\u{e9} \u{20ac}\r\n\u{1F600}\n".as_bytes());
    wtf()
        .arg("check")
        .arg(&file)
        .assert()
        .success()
        .stdout("")
        .stderr("wtf-enc: 1 file checked, 0 invalid, 0 errors\n");
}

#[test]
fn check_utf8_every_error_with_crlf_lines() {
    // 0:a 1:CR 2:LF 3-4:é 5:E2 6:82 7:( 8:CR 9:LF 10:F0 11:9F 12:98 (cut off at the end).
    // E2 82 is an incomplete sequence ended by '(' which is read again.
    assert_findings(
        "utf-8",
        b"a\r\n\xC3\xA9\xE2\x82(\r\n\xF0\x9F\x98",
        &[
            "f.txt:2:2: invalid UTF-8 byte sequence 0xE2 0x82 (byte 5)",
            "f.txt:3:1: invalid UTF-8 byte sequence 0xF0 0x9F 0x98 (byte 10)",
        ],
    );
}

#[test]
fn check_shift_jis_restores_an_ascii_trail_byte() {
    // 0-1: 82 A0 = U+3042; 2-3 CR LF; 4: lead 81 with trail 20, which is ASCII, so the error
    // is 0x81 alone and the space is read again; 6: x; 7-8: U+3042; 9: FF, never a lead byte.
    assert_findings(
        "shift_jis",
        b"\x82\xA0\r\n\x81\x20x\x82\xA0\xFF",
        &[
            "f.txt:2:1: invalid Shift_JIS byte sequence 0x81 (byte 4)",
            "f.txt:2:4: invalid Shift_JIS byte sequence 0xFF (byte 9)",
        ],
    );
}

#[test]
fn check_euc_jp_with_cr_line_ends() {
    // 0: a; 1: CR; 2-3: A4 A2 = U+3042; 4: lead A4 then CR, ASCII, so the error is 0xA4 and
    // the CR is read again (a line break); 6: lead A4 at the end of the input.
    assert_findings(
        "euc-jp",
        b"a\r\xA4\xA2\xA4\r\xA4",
        &[
            "f.txt:2:2: invalid EUC-JP byte sequence 0xA4 (byte 4)",
            "f.txt:3:1: invalid EUC-JP byte sequence 0xA4 (byte 6)",
        ],
    );
}

#[test]
fn check_gb18030_four_byte_sequences_and_their_restores() {
    // 0-3: 81 30 81 30 = ranges pointer 0 = U+0080; 4: LF; 5-8: 81 30 81 20: the fourth byte
    // is no digit, so 30 81 20 are read again after the error 0x81; 30 is '0'; 81 then 20:
    // 20 is ASCII, so the error is 0x81 (byte 7) and the space is read again; z.
    assert_findings(
        "gb18030",
        b"\x81\x30\x81\x30\n\x81\x30\x81\x20z",
        &[
            "f.txt:2:1: invalid gb18030 byte sequence 0x81 (byte 5)",
            "f.txt:2:2: invalid gb18030 byte sequence 0x81 (byte 7)",
        ],
    );
}

#[test]
fn check_iso_2022_jp_line_feed_in_jis_mode_and_a_bad_escape() {
    // 0-2: ESC $ B (JIS X 0208); 3-4: 30 21 = U+4E9C; 5: LF is an error in the lead byte
    // state; 6-8: ESC ( B (ASCII); 9: x; 10: LF; 11-13: ESC ( X is no escape sequence: the
    // error is the ESC, and ( X are read again as ASCII.
    assert_findings(
        "iso-2022-jp",
        b"\x1B$B\x30\x21\n\x1B(Bx\n\x1B(X",
        &[
            "f.txt:1:2: invalid ISO-2022-JP byte sequence 0x0A (byte 5)",
            "f.txt:2:1: invalid ISO-2022-JP byte sequence 0x1B (byte 11)",
        ],
    );
}

#[test]
fn check_names_the_encoding_a_bom_chose() {
    // The UTF-16LE BOM overrides the label; 00 D8 is a lead surrogate followed by 'a'.
    assert_findings(
        "windows-1252",
        b"\xFF\xFEx\x00\x00\xD8a\x00",
        &["f.txt:1:2: invalid UTF-16LE byte sequence 0x00 0xD8 (byte 4)"],
    );
}

#[test]
fn check_bom_keep_checks_the_bom_bytes_with_the_label() {
    let dir = TempDir::new();
    let file = dir.file("f.txt", b"\xFF\xFEa");
    wtf()
        .args(["check", "--bom", "keep"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(format!(
            "{0}:1:1: invalid UTF-8 byte sequence 0xFF (byte 0)\n\
             {0}:1:1: invalid UTF-8 byte sequence 0xFE (byte 1)\n",
            s(&file)
        ));
}

#[test]
fn check_reads_standard_input_when_no_path_is_given() {
    wtf()
        .arg("check")
        .write_stdin(&b"ok\n\xFF"[..])
        .assert()
        .code(1)
        .stdout("<stdin>:2:1: invalid UTF-8 byte sequence 0xFF (byte 3)\n");
}

#[test]
fn check_max_errors_stops_reporting_and_still_counts_the_file_invalid() {
    let dir = TempDir::new();
    let file = dir.file("f.txt", b"\xFF\xFF\xFF\xFF");
    wtf()
        .args(["check", "--max-errors", "2"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(format!(
            "{0}:1:1: invalid UTF-8 byte sequence 0xFF (byte 0)\n\
             {0}:1:1: invalid UTF-8 byte sequence 0xFF (byte 1)\n",
            s(&file)
        ))
        .stderr("wtf-enc: 1 file checked, 1 invalid, 2 errors\n");
    wtf()
        .args(["check", "--max-errors", "0"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout("")
        .stderr("wtf-enc: 1 file checked, 1 invalid, 0 errors\n");
}

#[test]
fn check_quiet_prints_nothing_and_sets_the_status() {
    let dir = TempDir::new();
    let bad = dir.file("bad.txt", b"\xFF");
    let good = dir.file("good.txt", b"ok");
    wtf()
        .args(["check", "-q"])
        .arg(&bad)
        .assert()
        .code(1)
        .stdout("")
        .stderr("");
    wtf()
        .args(["check", "-q", "--json"])
        .arg(&good)
        .assert()
        .code(0)
        .stdout("")
        .stderr("");
}

#[test]
fn check_unknown_label_is_named() {
    wtf()
        .args(["check", "-e", "shift-jis-x"])
        .write_stdin("x")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "unknown encoding label \"shift-jis-x\"",
        ));
}

// ---- check --json ---------------------------------------------------------------------------

/// A JSON value of the flat objects `check --json` writes.
#[derive(Debug, PartialEq)]
enum Json {
    Str(String),
    Num(u64),
}

/// Parses one flat JSON object of string and unsigned integer members, with JSON's string
/// escapes; panics on anything else.
fn parse_object(line: &str) -> Vec<(String, Json)> {
    let mut chars = line.trim().chars().peekable();
    let mut members = Vec::new();
    let skip_ws = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        while chars.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            chars.next();
        }
    };
    let string = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        assert_eq!(chars.next(), Some('"'), "{line}");
        let mut out = String::new();
        loop {
            match chars.next().expect("unterminated string") {
                '"' => return out,
                '\\' => match chars.next().unwrap() {
                    '"' => out.push('"'),
                    '\\' => out.push('\\'),
                    '/' => out.push('/'),
                    'n' => out.push('\n'),
                    'r' => out.push('\r'),
                    't' => out.push('\t'),
                    'b' => out.push('\u{8}'),
                    'f' => out.push('\u{c}'),
                    'u' => {
                        let hex: String = chars.by_ref().take(4).collect();
                        let unit = u32::from_str_radix(&hex, 16).unwrap();
                        out.push(char::from_u32(unit).expect("no surrogates expected"));
                    }
                    c => panic!("bad escape \\{c} in {line}"),
                },
                c => {
                    assert!(u32::from(c) >= 0x20, "raw control character in {line:?}");
                    out.push(c);
                }
            }
        }
    };
    assert_eq!(chars.next(), Some('{'), "{line}");
    loop {
        skip_ws(&mut chars);
        let key = string(&mut chars);
        skip_ws(&mut chars);
        assert_eq!(chars.next(), Some(':'), "{line}");
        skip_ws(&mut chars);
        let value = if chars.peek() == Some(&'"') {
            Json::Str(string(&mut chars))
        } else {
            let mut digits = String::new();
            while chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                digits.push(chars.next().unwrap());
            }
            Json::Num(digits.parse().unwrap_or_else(|_| panic!("{line}")))
        };
        members.push((key, value));
        skip_ws(&mut chars);
        match chars.next() {
            Some(',') => {}
            Some('}') => break,
            other => panic!("{other:?} in {line}"),
        }
    }
    assert_eq!(chars.next(), None, "{line}");
    members
}

fn str_member(s: &str) -> Json {
    Json::Str(s.to_owned())
}

#[test]
fn check_json_lines_parse_back_with_every_field() {
    let dir = TempDir::new();
    // A name with a quote, a backslash, a tab and a non-ASCII letter.
    let file = dir.file("we\"ird\\na\tme \u{e9}.txt", b"ok\r\n\x82\xA0\xA0");
    let good = dir.file("good.txt", b"fine");
    let out = wtf()
        .args(["check", "--json", "-e", "sjis"])
        .arg(&file)
        .arg(&good)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<_> = text.lines().map(parse_object).collect();
    assert_eq!(lines.len(), 2, "{text}");
    // 0-1 ok, 2-3 CR LF, 4-5 U+3042, 6: 0xA0 is neither a lead byte nor a katakana.
    assert_eq!(
        lines[0],
        vec![
            ("type".to_owned(), str_member("finding")),
            ("path".to_owned(), str_member(s(&file))),
            ("line".to_owned(), Json::Num(2)),
            ("column".to_owned(), Json::Num(2)),
            ("offset".to_owned(), Json::Num(6)),
            ("bytes".to_owned(), str_member("a0")),
            ("encoding".to_owned(), str_member("Shift_JIS")),
        ]
    );
    assert_eq!(
        lines[1],
        vec![
            ("type".to_owned(), str_member("summary")),
            ("files_checked".to_owned(), Json::Num(2)),
            ("files_invalid".to_owned(), Json::Num(1)),
            ("files_unreadable".to_owned(), Json::Num(0)),
            ("errors".to_owned(), Json::Num(1)),
        ]
    );
}

#[cfg(unix)]
#[test]
fn check_json_keeps_a_non_utf8_path_in_hex() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new();
    let name = std::ffi::OsStr::from_bytes(b"caf\xE9.txt");
    let file = dir.0.join(name);
    if fs::write(&file, b"\xC0").is_err() {
        return; // A file system that only takes UTF-8 names.
    }
    let out = wtf()
        .args(["check", "--json"])
        .arg(&file)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let first = parse_object(String::from_utf8(out).unwrap().lines().next().unwrap());
    let lossy = file.to_string_lossy().into_owned();
    let hex: String = file
        .as_os_str()
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(first[1], ("path".to_owned(), Json::Str(lossy)));
    assert_eq!(first[2], ("path_hex".to_owned(), Json::Str(hex)));
    assert_eq!(first[6], ("bytes".to_owned(), str_member("c0")));
}

// ---- check: which inputs --------------------------------------------------------------------

#[test]
fn check_recursive_honours_gitignore_ignore_and_hidden_files() {
    let dir = TempDir::new();
    fs::create_dir_all(dir.path("tree/.git")).unwrap(); // .gitignore applies in a repository
    dir.file("tree/.gitignore", b"ignored.txt\nbuild/\n");
    dir.file("tree/.ignore", b"skipped.txt\n");
    dir.file("tree/good.txt", b"fine\n");
    dir.file("tree/bad.txt", b"x\xFF\n");
    dir.file("tree/ignored.txt", b"\xFF");
    dir.file("tree/skipped.txt", b"\xFF");
    dir.file("tree/build/out.txt", b"\xFF");
    dir.file("tree/.hidden.txt", b"\xFF");
    dir.file("tree/.hid/den.txt", b"\xFF");
    dir.file("tree/sub/deep.txt", b"\n\n\xFE");
    let tree = dir.path("tree");
    wtf()
        .args(["check", "-r"])
        .arg(&tree)
        .assert()
        .code(1)
        .stdout(format!(
            "{0}/bad.txt:1:2: invalid UTF-8 byte sequence 0xFF (byte 1)\n\
             {0}/sub/deep.txt:3:1: invalid UTF-8 byte sequence 0xFE (byte 2)\n",
            s(&tree)
        ))
        .stderr("wtf-enc: 3 files checked, 2 invalid, 2 errors\n");
}

#[test]
fn check_a_directory_without_r_is_an_io_error_and_the_rest_is_checked() {
    let dir = TempDir::new();
    let sub = dir.path("sub");
    fs::create_dir_all(&sub).unwrap();
    let bad = dir.file("bad.txt", b"\xFF");
    wtf()
        .arg("check")
        .arg(&sub)
        .arg(&bad)
        .assert()
        .code(2)
        .stdout(format!(
            "{}:1:1: invalid UTF-8 byte sequence 0xFF (byte 0)\n",
            s(&bad)
        ))
        .stderr(
            predicate::str::contains(format!("wtf-enc: {}: ", s(&sub)))
                .and(predicate::str::contains("directory"))
                .and(predicate::str::contains(
                    "wtf-enc: 1 file checked, 1 invalid, 1 error, 1 unreadable\n",
                )),
        );
}

#[test]
fn check_a_missing_file_among_valid_ones_exits_2_after_checking_the_others() {
    let dir = TempDir::new();
    let a = dir.file("a.txt", b"fine");
    let missing = dir.path("missing.txt");
    let b = dir.file("b.txt", b"also fine");
    wtf()
        .arg("check")
        .arg(&a)
        .arg(&missing)
        .arg(&b)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "wtf-enc: {}: No such file or directory (os error 2)\n\
             wtf-enc: 2 files checked, 0 invalid, 0 errors, 1 unreadable\n",
            s(&missing)
        ));
}

#[test]
fn check_files_from_newline_and_nul_lists_and_standard_input() {
    let dir = TempDir::new();
    let a = dir.file("a.txt", b"\xFF");
    let b = dir.file("b b.txt", b"ok\n\xC3");
    let want = format!(
        "{}:1:1: invalid UTF-8 byte sequence 0xFF (byte 0)\n\
         {}:2:1: invalid UTF-8 byte sequence 0xC3 (byte 3)\n",
        s(&a),
        s(&b)
    );
    let newline_list = dir.file("list.txt", format!("{}\n\n{}\n", s(&a), s(&b)).as_bytes());
    wtf()
        .args(["check", "--files-from"])
        .arg(&newline_list)
        .assert()
        .code(1)
        .stdout(want.clone());
    let nul_list = format!("{}\0{}\0", s(&a), s(&b));
    wtf()
        .args(["check", "--files-from", "-", "-0"])
        .write_stdin(nul_list.clone())
        .assert()
        .code(1)
        .stdout(want.clone())
        .stderr("wtf-enc: 2 files checked, 2 invalid, 2 errors\n");
    let nul_file = dir.file("list0", nul_list.as_bytes());
    wtf()
        .args(["check", "--null", "--files-from"])
        .arg(&nul_file)
        .assert()
        .code(1)
        .stdout(want);
}

#[test]
fn check_files_from_a_missing_list_is_an_io_error() {
    wtf()
        .args(["check", "--files-from", "/nonexistent/list"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "wtf-enc: --files-from /nonexistent/list: ",
        ));
}

#[test]
fn check_null_requires_files_from() {
    wtf().args(["check", "-0", "x"]).assert().code(2);
}

// ---- convert through the binary ---------------------------------------------------------------

#[test]
fn convert_shift_jis_to_euc_jp() {
    // U+3042: Shift_JIS 82 A0, EUC-JP A4 A2 (pointer 283 = row 3, cell 2).
    wtf()
        .args(["convert", "-f", "shift_jis", "-t", "euc-jp"])
        .write_stdin(&b"a\x82\xA0\r\n"[..])
        .assert()
        .success()
        .stdout(&b"a\xA4\xA2\r\n"[..]);
}

#[test]
fn convert_unmappable_offset_line_and_column_are_in_the_input() {
    // 0: a; 1: LF; 2-3: 81 80 = U+00F7 (windows-1252 F7); 4-5: 82 A0 = U+3042.
    for buffers in [None].into_iter().chain(TINY_BUFFERS.map(Some)) {
        let mut cmd = wtf();
        if let Some(size) = buffers {
            cmd.env("WTF_ENC_BUFFER_SIZE", size);
        }
        cmd.args(["convert", "-f", "sjis", "-t", "windows-1252"])
            .write_stdin(&b"a\n\x81\x80\x82\xA0z"[..])
            .assert()
            .code(1)
            .stdout(&b"a\n\xF7"[..])
            .stderr(
                "wtf-enc: <stdin>: U+3042 cannot be encoded in windows-1252 at byte 4 \
                 (line 2, column 2)\n",
            );
    }
}

#[test]
fn convert_unmappable_offset_skips_escape_sequences_and_held_lead_bytes() {
    // ISO-2022-JP: 0-2 ESC $ B, 3-4: 30 21 = U+4E9C, at byte 3, not at the escape.
    // Big5 and UTF-16LE: the character's first byte ends the first (tiny) buffer.
    let cases: [(&str, &[u8], &str); 3] = [
        (
            "iso-2022-jp",
            b"\x1B$B\x30\x21",
            "U+4E9C cannot be encoded in windows-1252 at byte 3",
        ),
        (
            "big5",
            b"abc\xA4\x40",
            "U+4E00 cannot be encoded in windows-1252 at byte 3",
        ),
        (
            "utf-16le",
            b"a\x00b\x00\x03\x26",
            "U+2603 cannot be encoded in windows-1252 at byte 4",
        ),
    ];
    for (from, input, want) in cases {
        for buffers in [None].into_iter().chain(TINY_BUFFERS.map(Some)) {
            let mut cmd = wtf();
            if let Some(size) = buffers {
                cmd.env("WTF_ENC_BUFFER_SIZE", size);
            }
            cmd.args(["convert", "--bom", "keep", "-f", from, "-t", "windows-1252"])
                .write_stdin(input)
                .assert()
                .code(1)
                .stderr(predicate::str::contains(want));
        }
    }
}

#[test]
fn convert_error_modes_combined() {
    // UTF-8 "a", FF (malformed), U+2603 (not in windows-1252).
    let input = &b"a\xFF\xE2\x98\x83"[..];
    let run = |errors: &str, unmappable: &str| {
        let mut cmd = wtf();
        cmd.args(["convert", "-f", "utf-8", "-t", "windows-1252"])
            .args(["--errors", errors, "--unmappable", unmappable])
            .write_stdin(input);
        cmd
    };
    run("replacement", "html")
        .assert()
        .success()
        .stdout("a&#65533;&#9731;");
    run("fatal", "html").assert().code(1).stdout("a").stderr(
        "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xFF at byte 1 (line 1, column 2)\n",
    );
    // The U+FFFD that replaces FF is what windows-1252 cannot encode, at FF's offset.
    run("replacement", "fatal").assert().code(1).stdout("a").stderr(
        "wtf-enc: <stdin>: U+FFFD cannot be encoded in windows-1252 at byte 1 (line 1, column 2)\n",
    );
    run("fatal", "fatal").assert().code(1).stdout("a").stderr(
        "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xFF at byte 1 (line 1, column 2)\n",
    );
}

#[test]
fn convert_to_iso_2022_jp_returns_to_ascii_before_an_error() {
    // U+4E9C is JIS X 0208 30 21; U+2603 is not in JIS X 0208.
    wtf()
        .args(["convert", "-f", "utf-8", "-t", "iso-2022-jp"])
        .write_stdin("\u{4E9C}\u{2603}")
        .assert()
        .code(1)
        .stdout(&b"\x1B$B\x30\x21\x1B(B"[..])
        .stderr(
            "wtf-enc: <stdin>: U+2603 cannot be encoded in ISO-2022-JP at byte 3 \
             (line 1, column 2)\n",
        );
}

#[test]
fn convert_write_bom() {
    wtf()
        .args([
            "convert",
            "-f",
            "windows-1252",
            "-t",
            "utf-16le",
            "--write-bom",
        ])
        .write_stdin(&b"a\xE9\x80"[..])
        .assert()
        .success()
        .stdout(&b"\xFF\xFEa\x00\xE9\x00\xAC\x20"[..]);
    wtf()
        .args([
            "convert",
            "-f",
            "utf-16be",
            "-t",
            "shift_jis",
            "--write-bom",
        ])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--write-bom: Shift_JIS has no byte order mark",
        ));
}

#[test]
fn convert_to_replacement_is_refused() {
    wtf()
        .args(["convert", "-f", "utf-8", "-t", "iso-2022-kr"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("replacement encoding"));
}

#[test]
fn convert_output_file_is_replaced_only_on_success() {
    let dir = TempDir::new();
    let input = dir.file("in.txt", b"ok \x82\xA0");
    let out = dir.file("out.txt", b"precious");
    wtf()
        .args(["convert", "-f", "sjis", "-t", "latin1", "-o"])
        .arg(&out)
        .arg(&input)
        .assert()
        .code(1);
    assert_eq!(fs::read(&out).unwrap(), b"precious");
    let mut names: Vec<_> = fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["in.txt", "out.txt"],
        "no temporary file is left behind"
    );
    wtf()
        .args(["convert", "-f", "sjis", "-t", "euc-jp", "-o"])
        .arg(&out)
        .arg(&input)
        .assert()
        .success()
        .stdout("");
    assert_eq!(fs::read(&out).unwrap(), b"ok \xA4\xA2");
    wtf()
        .args(["convert", "-f", "sjis", "-t", "euc-jp", "-o"])
        .arg(&input)
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the output file is also an input"));
}

/// Runs `wtf-enc ARGS` with `stdin` and returns its standard output.
fn run_binary(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let mut child = StdCommand::new(BIN)
        .args(args)
        .env_remove("WTF_ENC_BUFFER_SIZE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap().stdout
}

#[test]
fn convert_equals_decode_then_encode_through_the_binary() {
    let input = b"\xEF\xBB\xBFplain \x82\xA0 \x81\x80 \xFF \x87\x40 \x82\r\nend";
    for (from, to) in [
        ("shift_jis", "euc-jp"),
        ("shift_jis", "iso-2022-jp"),
        ("windows-1252", "gb18030"),
        ("euc-kr", "utf-16be"),
    ] {
        let decoded = run_binary(&["decode", "-e", from], input);
        let piped = run_binary(&["encode", "-e", to, "--errors", "html"], &decoded);
        let converted = run_binary(
            &["convert", "-f", from, "-t", to, "--unmappable", "html"],
            input,
        );
        assert_eq!(converted, piped, "{from} -> {to}");
    }
}

// ---- convert's equivalence property, in process ------------------------------------------------

/// The outcome of a conversion: the bytes written, and the error that stopped it (the kind,
/// and the character for an unmappable one).
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    output: Vec<u8>,
    error: Option<String>,
}

fn error_kind(e: &StreamError) -> String {
    match e {
        StreamError::Malformed(m) => format!("malformed {:02X?} at {}", m.bytes(), m.position),
        StreamError::Unmappable(u) => format!("unmappable U+{:04X}", u32::from(u.character)),
        other => panic!("{other}"),
    }
}

/// `decode` then `encode`, as the pipeline `wtf-enc decode | wtf-enc encode` runs them.
fn pipeline(
    input: &[u8],
    options: &DecodeOptions,
    to: Encoding,
    mode: EncoderErrorMode,
    buffers: &mut Buffers,
) -> Outcome {
    let mut text = Vec::new();
    let decoded = stream::decode(input, &mut text, options, buffers);
    let mut output = Vec::new();
    let encoder = to.new_encoder(mode).unwrap();
    let encoded = stream::encode(&text[..], &mut output, encoder, b"", buffers);
    let error = match (encoded, decoded) {
        (Err(e), _) | (Ok(_), Err(e)) => Some(error_kind(&e)),
        (Ok(_), Ok(_)) => None,
    };
    Outcome { output, error }
}

fn converted(
    input: &[u8],
    options: &DecodeOptions,
    to: Encoding,
    mode: EncoderErrorMode,
    buffers: &mut Buffers,
) -> Outcome {
    let mut output = Vec::new();
    let encoder = to.new_encoder(mode).unwrap();
    let result = stream::convert(input, &mut output, options, encoder, b"", buffers);
    Outcome {
        output,
        error: result.err().map(|e| error_kind(&e)),
    }
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Inputs for `from`: text encoded in it (so mostly valid), the same with a few bytes
/// changed, and raw bytes.
fn sample_inputs(from: Encoding, rng: &mut Rng) -> Vec<Vec<u8>> {
    const TEXT: &str = "Hello, world\r\nna\u{ef}ve \u{20ac}5 \u{3042}\u{4E9C}\u{FF71} \
                        \u{AC00}\u{4E00}\u{00CA}\u{0304} \u{1F600}\u{2603}\n\u{FEFF}~\\end";
    let mut valid = Vec::new();
    if let Ok(mut encoder) = from.new_encoder(EncoderErrorMode::Html) {
        encoder.encode_to_vec(TEXT, &mut valid, true);
    } else {
        valid = TEXT.as_bytes().to_vec();
    }
    let mut inputs = vec![Vec::new(), valid.clone()];
    for _ in 0..3 {
        let mut broken = valid.clone();
        for _ in 0..4 {
            let i = rng.below(broken.len());
            broken[i] = rng.next() as u8;
        }
        inputs.push(broken);
    }
    let raw: Vec<u8> = (0..64).map(|_| rng.next() as u8).collect();
    inputs.push(raw);
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend_from_slice(&valid);
    inputs.push(with_bom);
    inputs
}

#[test]
fn convert_equals_decode_then_encode_for_every_pair() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut buffers = [
        Buffers::new(),
        Buffers::with_sizes(4, 16),
        Buffers::with_sizes(7, 19),
    ];
    let targets: Vec<Encoding> = Encoding::ALL
        .into_iter()
        .filter(|&e| e != Encoding::Replacement)
        .collect();
    let mut cases = 0;
    for from in Encoding::ALL {
        let inputs = sample_inputs(from, &mut rng);
        for &to in &targets {
            for input in &inputs {
                // Every pair with the default buffers and one combination of modes; a few
                // more combinations and tiny buffers on a rotating sample.
                let n = rng.below(16);
                let decode_mode = if n % 2 == 0 {
                    DecoderErrorMode::Replacement
                } else {
                    DecoderErrorMode::Fatal
                };
                let encode_mode = if n / 2 % 2 == 0 {
                    EncoderErrorMode::Html
                } else {
                    EncoderErrorMode::Fatal
                };
                let bom = [BomHandling::Sniff, BomHandling::Strip, BomHandling::Keep][n % 3];
                let options = DecodeOptions {
                    encoding: from,
                    mode: decode_mode,
                    bom,
                };
                let want = pipeline(input, &options, to, encode_mode, &mut buffers[0]);
                let which = if n < 4 { 1 + n % 2 } else { 0 };
                let got = converted(input, &options, to, encode_mode, &mut buffers[which]);
                assert_eq!(
                    got, want,
                    "{from} -> {to}, {options:?}, {encode_mode:?}, buffers {which}, {input:02X?}"
                );
                cases += 1;
            }
        }
    }
    assert!(cases > 10_000, "{cases}");
}

#[test]
fn convert_reports_unmappable_characters_at_their_input_offsets() {
    // Every character of a Shift_JIS text that windows-1252 lacks, found one at a time by
    // cutting the input after the previous one, at its offset in the input.
    let input = b"ab\x82\xA0c\x83\x41\r\n\x81\x80\x88\x9F";
    // 2: U+3042 (82 A0); 5: U+30A2 (83 41: pointer 188 + 0 + ... row 5); 11: U+4E9C (88 9F).
    let expected = [(2u64, 0x3042u32), (5, 0x30A2), (11, 0x4E9C)];
    let options = DecodeOptions {
        encoding: Encoding::ShiftJis,
        mode: DecoderErrorMode::Fatal,
        bom: BomHandling::Sniff,
    };
    for sizes in [(4, 16), (5, 17), (64, 64)] {
        let mut start = 0usize;
        for &(offset, code_point) in &expected {
            let mut buffers = Buffers::with_sizes(sizes.0, sizes.1);
            let encoder = Encoding::Windows1252
                .new_encoder(EncoderErrorMode::Fatal)
                .unwrap();
            let mut out = Vec::new();
            let err = stream::convert(
                &input[start..],
                &mut out,
                &options,
                encoder,
                b"",
                &mut buffers,
            )
            .unwrap_err();
            match err {
                StreamError::Unmappable(u) => {
                    assert_eq!(u32::from(u.character), code_point);
                    assert_eq!(start as u64 + u.position.offset, offset, "{sizes:?}");
                }
                other => panic!("{other}"),
            }
            start = offset as usize + 2;
        }
    }
}

#[test]
fn check_in_process_goes_on_after_every_error() {
    let mut found = Vec::new();
    let checked = stream::check(
        &b"\xFF\xFEa\x00\x00\xD8b\x00\x00\xDC"[..],
        Encoding::Utf8,
        BomHandling::Sniff,
        &mut Buffers::with_sizes(4, 16),
        |e| {
            found.push((e.bytes().to_vec(), e.position.offset));
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    // UTF-16LE by its BOM: D800 then 'b' is an unpaired lead surrogate; DC00 a lone trail.
    assert_eq!(checked.encoding, Encoding::Utf16Le);
    assert_eq!(found, [(vec![0x00, 0xD8], 4), (vec![0x00, 0xDC], 8)]);
    assert!(!checked.stopped);
}
