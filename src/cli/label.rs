//! `wtf-enc label`: the standard's "get an encoding" for each label, or the list of every
//! encoding with its labels.

use std::fmt::Write as _;
use std::io::Write as _;

use anyhow::{Context, Result};
use wtf_enc::Encoding;

use super::args::{Label, LabelArgs};
use super::json::json_string;
use super::{INVALID_DATA, SUCCESS, files, message, unknown_label};

/// The standard's groups of encodings, with their headings, as `encodings.json` has them: each
/// group is the next `count` encodings of [`Encoding::ALL`].
const GROUPS: [(&str, usize); 7] = [
    ("The Encoding", 1),
    ("Legacy single-byte encodings", 28),
    ("Legacy multi-byte Chinese (simplified) encodings", 2),
    ("Legacy multi-byte Chinese (traditional) encodings", 1),
    ("Legacy multi-byte Japanese encodings", 3),
    ("Legacy multi-byte Korean encodings", 1),
    ("Legacy miscellaneous encodings", 4),
];

pub fn run(args: LabelArgs) -> Result<i32> {
    let mut out = String::new();
    let mut status = SUCCESS;
    if args.list {
        if args.json {
            list_json(&mut out);
        } else {
            list_text(&mut out);
        }
    } else {
        let found: Vec<(&Label, Option<Encoding>)> = args
            .labels
            .iter()
            .map(|label| (label, label.encoding()))
            .collect();
        for (label, encoding) in &found {
            if encoding.is_none() {
                message(format_args!("{}", unknown_label(label)));
                status = INVALID_DATA;
            }
        }
        if args.json {
            lookups_json(&mut out, &found);
        } else {
            for (_, encoding) in &found {
                if let Some(encoding) = encoding {
                    out.push_str(encoding.name());
                    out.push('\n');
                }
            }
        }
    }
    let mut stdout = files::stdout().context("<stdout>")?;
    stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .context("<stdout>")?;
    Ok(status)
}

/// The known label closest to `label` by edit distance (after the standard's trimming and
/// lowercasing); ties go to the first in sorted order. None for a blank label.
pub fn closest_label(label: &[u8]) -> Option<&'static str> {
    let wanted = String::from_utf8_lossy(label.trim_ascii()).to_ascii_lowercase();
    if wanted.is_empty() {
        return None;
    }
    Encoding::all_labels()
        .map(|(known, _)| (edit_distance(&wanted, known), known))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, known)| known)
}

/// Levenshtein distance between `a` and `b`, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// One line per encoding: its name, then its labels.
fn list_text(out: &mut String) {
    let width = Encoding::ALL
        .iter()
        .map(|e| e.name().len())
        .max()
        .unwrap_or(0);
    for encoding in Encoding::ALL {
        let _ = write!(out, "{:width$}", encoding.name());
        for label in encoding.labels() {
            out.push(' ');
            out.push_str(label);
        }
        out.push('\n');
    }
}

/// Every encoding in `encodings.json`'s shape and layout.
fn list_json(out: &mut String) {
    let mut rest = &Encoding::ALL[..];
    out.push_str("[\n");
    for (g, (heading, count)) in GROUPS.iter().enumerate() {
        let (group, after) = rest.split_at(*count);
        rest = after;
        out.push_str("  {\n    \"encodings\": [\n");
        for (e, encoding) in group.iter().enumerate() {
            out.push_str("      {\n        \"labels\": [\n");
            let labels: Vec<&str> = encoding.labels().collect();
            for (l, label) in labels.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "          {}{}",
                    json_string(label),
                    comma(l, labels.len())
                );
            }
            let _ = writeln!(
                out,
                "        ],\n        \"name\": {}",
                json_string(encoding.name())
            );
            let _ = writeln!(out, "      }}{}", comma(e, group.len()));
        }
        let _ = writeln!(out, "    ],\n    \"heading\": {}", json_string(heading));
        let _ = writeln!(out, "  }}{}", comma(g, GROUPS.len()));
    }
    out.push_str("]\n");
}

/// An array of `{"label", "name"}`, `name` null for an unknown label.
fn lookups_json(out: &mut String, found: &[(&Label, Option<Encoding>)]) {
    out.push_str("[\n");
    for (i, (label, encoding)) in found.iter().enumerate() {
        let name = encoding.map_or("null".to_owned(), |e| json_string(e.name()));
        let _ = writeln!(
            out,
            "  {{\"label\": {}, \"name\": {}}}{}",
            json_string(&String::from_utf8_lossy(label.as_bytes())),
            name,
            comma(i, found.len())
        );
    }
    out.push_str("]\n");
}

fn comma(i: usize, len: usize) -> &'static str {
    if i + 1 < len { "," } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_insertions_deletions_substitutions() {
        assert_eq!(edit_distance("shiftjis", "shift_jis"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn groups_cover_every_encoding() {
        assert_eq!(
            GROUPS.iter().map(|g| g.1).sum::<usize>(),
            Encoding::ALL.len()
        );
    }
}
