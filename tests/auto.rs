//! `-e auto`: the encoding of each input detected from its head, then the usual exact decoding.
//!
//! The inputs are real sentences written out here, encoded with the library's encoders (which
//! the conformance tests pin to the standard); the expected output is the sentence itself.

use assert_cmd::Command;
use predicates::str::contains;
use wtf_enc::{EncoderErrorMode, Encoding};

fn wtf() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wtf-enc"));
    cmd.env_remove("WTF_ENC_BUFFER_SIZE");
    cmd
}

fn encoded(text: &str, encoding: Encoding) -> Vec<u8> {
    let mut out = Vec::new();
    let (_, unmappable) = encoding
        .new_encoder(EncoderErrorMode::Fatal)
        .unwrap()
        .encode_to_vec(text, &mut out, true);
    assert!(unmappable.is_none(), "{encoding} cannot encode {text:?}");
    out
}

/// Decodes `input` with `-e auto -v` and checks the text and what `-v` says was detected.
fn decodes_as(input: Vec<u8>, text: &str, detected: &str) {
    wtf()
        .args(["decode", "-e", "auto", "-v", "--errors", "fatal"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(text.to_owned())
        .stderr(contains(format!(
            "wtf-enc: <stdin>: detected {detected} (confidence"
        )));
}

const JAPANESE: &str = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n";
const RUSSIAN: &str = "Все счастливые семьи похожи друг на друга, каждая несчастливая семья \
                       несчастлива по-своему.\n";

#[test]
fn auto_valid_utf8_is_utf8_from_its_structure() {
    decodes_as(JAPANESE.as_bytes().to_vec(), JAPANESE, "UTF-8");
}

#[test]
fn auto_a_byte_order_mark_decides_and_is_removed() {
    let mut input = b"\xFF\xFE".to_vec();
    input.extend(encoded(RUSSIAN, Encoding::Utf16Le));
    decodes_as(input, RUSSIAN, "UTF-16LE");
}

#[test]
fn auto_utf16_without_a_bom_from_its_nul_pattern() {
    let text = "Plain English text, with nothing but Latin letters in it.\n";
    decodes_as(encoded(text, Encoding::Utf16Be), text, "UTF-16BE");
}

#[test]
fn auto_iso_2022_jp_from_its_escape_sequences() {
    decodes_as(
        encoded(JAPANESE, Encoding::Iso2022Jp),
        JAPANESE,
        "ISO-2022-JP",
    );
}

#[test]
fn auto_a_meta_declaration_names_the_encoding() {
    let text = format!("<!DOCTYPE html><meta charset=\"shift_jis\"><p>{JAPANESE}");
    decodes_as(encoded(&text, Encoding::ShiftJis), &text, "Shift_JIS");
}

#[test]
fn auto_pure_ascii_decodes_unchanged() {
    let text = "just ASCII\r\n";
    wtf()
        .args(["decode", "-e", "auto", "-v"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(text)
        .stderr(contains("detected UTF-8 (confidence 1.00"));
}

#[test]
fn auto_binary_input_is_an_error_not_a_guess() {
    wtf()
        .args(["decode", "-e", "auto"])
        .write_stdin(&b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10"[..])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "wtf-enc: <stdin>: cannot tell the encoding: the input looks like binary data, not \
             text; give -e LABEL to decode it anyway\n",
        );
}

#[test]
fn auto_empty_input_decodes_to_nothing() {
    wtf()
        .args(["decode", "-e", "auto"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("")
        .stderr("");
}

/// The head is read once and replayed: a malformed sequence past it is found at its offset in
/// the whole input, with its line and column, whatever the buffer size.
#[test]
fn auto_errors_past_the_head_keep_their_positions() {
    let line = "ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok é\n";
    let mut input = line.repeat(2000).into_bytes();
    let at = input.len();
    input.extend_from_slice(b"x\xFF");
    for sizes in ["7", "4096", "131072"] {
        wtf()
            .args(["decode", "-e", "auto", "--errors", "fatal"])
            .env("WTF_ENC_BUFFER_SIZE", sizes)
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .stderr(format!(
                "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xFF at byte {} (line 2001, \
                 column 2)\n",
                at + 1
            ));
    }
}
#[test]
fn auto_russian_windows_1251_from_statistics() {
    decodes_as(
        encoded(RUSSIAN, Encoding::Windows1251),
        RUSSIAN,
        "windows-1251",
    );
}

#[test]
fn auto_japanese_shift_jis_from_statistics() {
    decodes_as(encoded(JAPANESE, Encoding::ShiftJis), JAPANESE, "Shift_JIS");
}
