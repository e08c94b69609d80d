//! Reads the standard's index files (`indexes/index-*.txt`) as the standard says to.

use std::path::{Path, PathBuf};

/// The directory holding the standard's index files and `encodings.json`.
pub fn dir() -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("indexes")
}

/// The (pointer, code point) pairs of `index-NAME.txt`, in file order.
///
/// Per the standard's "Indexes" section: split on LF, drop empty lines and lines starting with
/// `#`, split each on TAB; the first field is a decimal pointer, the second a hexadecimal code
/// point.
pub fn read(name: &str) -> Vec<(u32, u32)> {
    let path = dir().join(format!("index-{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut entries = Vec::new();
    for line in text.split('\n') {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('\t');
        let pointer = fields.next().unwrap().trim();
        let code_point = fields
            .next()
            .unwrap_or_else(|| panic!("{name}: bad line {line:?}"));
        let pointer: u32 = pointer
            .parse()
            .unwrap_or_else(|_| panic!("{name}: bad pointer {line:?}"));
        let hex = code_point.trim().trim_start_matches("0x");
        let code_point = u32::from_str_radix(hex, 16)
            .unwrap_or_else(|_| panic!("{name}: bad code point {line:?}"));
        entries.push((pointer, code_point));
    }
    entries
}
