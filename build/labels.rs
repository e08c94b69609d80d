//! Generates the encodings' names and the label table from `indexes/encodings.json`.

use std::fmt::Write;

/// One encoding of `encodings.json`: its name, its labels, and the heading of its group.
pub struct Entry {
    pub name: String,
    pub labels: Vec<String>,
    pub heading: String,
}

/// The encodings of `encodings.json` in file order.
///
/// The file has a fixed, simple shape (groups of `{"encodings": [{"labels": [...], "name":
/// "..."}, ...], "heading": "..."}`), so a string scanner is enough: every string after
/// `"labels"` up to `]` is a label, the string after `"name"` closes the entry, and the string
/// after `"heading"` names the group of the entries since the last heading.
pub fn read_encodings() -> Vec<Entry> {
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
    let mut encodings: Vec<Entry> = Vec::new();
    let mut grouped = 0;
    let mut it = strings.into_iter();
    while let Some(s) = it.next() {
        if s == "heading" {
            let heading = it.next().expect("heading");
            for entry in &mut encodings[grouped..] {
                entry.heading.clone_from(&heading);
            }
            grouped = encodings.len();
            continue;
        }
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
        encodings.push(Entry {
            name: it.next().expect("name"),
            labels,
            heading: String::new(),
        });
    }
    assert_eq!(grouped, encodings.len(), "every encoding is in a group");
    encodings
}

/// Writes `NAMES` (in `encodings.json` order, which is the order of the `Encoding` enum),
/// `GROUPS` (each heading with the number of encodings under it) and `LABELS` (sorted by label,
/// each with its encoding's position in `NAMES`).
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
    for entry in &encodings {
        writeln!(out, "    {:?},", entry.name).unwrap();
    }
    writeln!(out, "];").unwrap();
    let mut groups: Vec<(&str, usize)> = Vec::new();
    for entry in &encodings {
        match groups.last_mut() {
            Some((heading, count)) if *heading == entry.heading => *count += 1,
            _ => groups.push((&entry.heading, 1)),
        }
    }
    writeln!(
        out,
        "/// The standard's groups of encodings: each heading with the number of encodings under it, \
         in `NAMES` order."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static GROUPS: [(&str, usize); {}] = {groups:?};",
        groups.len()
    )
    .unwrap();
    let mut labels: Vec<(&str, usize)> = encodings
        .iter()
        .enumerate()
        .flat_map(|(i, entry)| entry.labels.iter().map(move |l| (l.as_str(), i)))
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
