//! JSON output, written by hand: string literals with correct escaping, and paths.

use std::fmt::Write as _;
use std::path::Path;

/// `s` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`
/// or `\u00XX`; everything else as itself (JSON text is UTF-8).
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 || c == '\u{7F}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `bytes` as lowercase hex digits, two per byte, with no separator.
pub fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The members that name a path: `"path": STRING`, and, when the path is not valid UTF-8 (so
/// the string has U+FFFD in place of some bytes), `"path_hex": STRING` with its exact bytes in
/// hex, so no path is lost.
pub fn path_members(path: &Path) -> String {
    let os = path.as_os_str();
    match os.to_str() {
        Some(s) => format!("\"path\": {}", json_string(s)),
        None => format!(
            "\"path\": {}, \"path_hex\": \"{}\"",
            json_string(&os.to_string_lossy()),
            hex(os.as_encoded_bytes())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(
            json_string("a\"b\\\u{1}\n\u{7F}é"),
            r#""a\"b\\\u0001\n\u007fé""#
        );
    }

    #[test]
    fn hex_is_two_lowercase_digits_per_byte() {
        assert_eq!(hex(b"\x00\xAB\x7f"), "00ab7f");
    }

    #[cfg(unix)]
    #[test]
    fn a_path_that_is_not_utf8_keeps_its_bytes_in_hex() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(OsStr::from_bytes(b"a\xFF\"b"));
        assert_eq!(
            path_members(path),
            r#""path": "a\u{FFFD}\"b", "path_hex": "61ff2262""#.replace("\\u{FFFD}", "\u{FFFD}")
        );
        assert_eq!(path_members(Path::new("x/y")), r#""path": "x/y""#);
    }
}
