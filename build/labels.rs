//! Generates the encodings' names and the label table from `indexes/encodings.json`.

use std::fmt::Write;

/// The encodings of `encodings.json` in file order, each with its labels.
///
/// The file has a fixed, simple shape (groups of `{"labels": [...], "name": "..."}`), so a
/// string scanner is enough: every string after `"labels"` up to `]` is a label, and the string
/// after `"name"` closes the entry.
pub fn read_encodings() -> Vec<(String, Vec<String>)> {
    let path = super::index::dir().join("encodings.json");
    let text = std::fs::read_to_string(&path).expect("cannot read encodings.json");
    let mut strings = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        match c {
            '"' => {
                let mut s = String::new();
                for (_, c) in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    assert!(c != '\\', "escapes are not expected in encodings.json");
                    s.push(c);
                }
                strings.push(s);
            }
            ']' => strings.push("]".to_string()),
            _ => {}
        }
    }
    let mut encodings = Vec::new();
    let mut it = strings.into_iter();
    while let Some(s) = it.next() {
        if s != "labels" {
            continue;
        }
        let mut labels = Vec::new();
        for label in it.by_ref() {
            if label == "]" {
                break;
            }
            labels.push(label);
        }
        assert_eq!(
            it.next().as_deref(),
            Some("name"),
            "a name follows each label list"
        );
        encodings.push((it.next().expect("name"), labels));
    }
    encodings
}

/// Writes `NAMES` (in `encodings.json` order, which is the order of the `Encoding` enum) and
/// `LABELS` (sorted by label, each with its encoding's position in `NAMES`).
pub fn generate(out: &mut String) {
    let encodings = read_encodings();
    assert_eq!(encodings.len(), 40, "the standard has 40 encodings");
    writeln!(
        out,
        "/// The encodings' names, in the order of `encodings.json`."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static NAMES: [&str; {}] = [",
        encodings.len()
    )
    .unwrap();
    for (name, _) in &encodings {
        writeln!(out, "    {name:?},").unwrap();
    }
    writeln!(out, "];").unwrap();
    let mut labels: Vec<(&str, usize)> = encodings
        .iter()
        .enumerate()
        .flat_map(|(i, (_, labels))| labels.iter().map(move |l| (l.as_str(), i)))
        .collect();
    labels.sort();
    for w in labels.windows(2) {
        assert!(w[0].0 != w[1].0, "duplicate label {}", w[0].0);
    }
    let longest = labels.iter().map(|(l, _)| l.len()).max().unwrap();
    writeln!(
        out,
        "/// Every label, sorted, with its encoding's position in `NAMES`."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static LABELS: [(&str, u8); {}] = [",
        labels.len()
    )
    .unwrap();
    for (label, i) in &labels {
        writeln!(out, "    ({label:?}, {i}),").unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(out, "/// The length of the longest label.").unwrap();
    writeln!(out, "pub(crate) const LONGEST_LABEL: usize = {longest};").unwrap();
}
