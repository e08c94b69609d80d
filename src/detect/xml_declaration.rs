//! The XML declaration (`<?xml version="1.0" encoding="..."?>`) at the very start of the head,
//! read as the HTML Standard's "get an XML encoding" reads it.
//!
//! Only ASCII-compatible bytes are read: a declaration in UTF-16 without a BOM is left to the
//! prescan's "prescan for UTF-16 XML declarations" and to the structure step.

use super::prescan::PRESCAN_BYTES;
use crate::Encoding;

/// What the XML declaration says.
#[derive(Debug, Default)]
pub(super) struct XmlDeclaration {
    /// The encoding its `encoding` pseudo-attribute names (UTF-16 read as UTF-8, since the
    /// declaration itself was ASCII).
    pub found: Option<Encoding>,
    /// A label that named no encoding, or named `replacement`.
    pub ignored: Option<String>,
}

/// The encoding an XML declaration at the start of `input` (its first [`PRESCAN_BYTES`])
/// names.
pub(super) fn xml_declaration(input: &[u8]) -> XmlDeclaration {
    let input = &input[..input.len().min(PRESCAN_BYTES)];
    let Some(label) = get_an_xml_encoding(input) else {
        return XmlDeclaration::default();
    };
    match Encoding::for_label_bytes(label) {
        Some(Encoding::Replacement) | None => XmlDeclaration {
            found: None,
            ignored: Some(label.iter().map(|&b| char::from(b)).collect()),
        },
        Some(encoding) => XmlDeclaration {
            found: Some(super::prescan::label_fixups(encoding)),
            ignored: None,
        },
    }
}

/// "Get an XML encoding" from the start of `input`: the label between the quotes of the
/// first `encoding` before the declaration's `>`, or `None`.
fn get_an_xml_encoding(input: &[u8]) -> Option<&[u8]> {
    if !input.starts_with(b"<?xml") {
        return None;
    }
    let declaration_end = input.iter().position(|&b| b == b'>')?;
    let declaration = &input[..declaration_end];
    let mut position = declaration.windows(8).position(|w| w == b"encoding")? + 8;
    position += skip_up_to_space(&input[position..]);
    if input.get(position) != Some(&b'=') {
        return None;
    }
    position += 1;
    position += skip_up_to_space(&input[position..]);
    let quote = *input.get(position).filter(|&&b| b == b'"' || b == b'\'')?;
    position += 1;
    let length = input[position..].iter().position(|&b| b == quote)?;
    let label = &input[position..position + length];
    if label.iter().any(|&b| b <= 0x20) {
        return None;
    }
    Some(label)
}

/// How many bytes `s` starts with that are 0x20 or below (whitespace and controls).
fn skip_up_to_space(s: &[u8]) -> usize {
    s.iter().take_while(|&&b| b <= 0x20).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_encoding_pseudo_attribute_is_read_with_either_quote() {
        let found = |s: &[u8]| xml_declaration(s).found;
        assert_eq!(
            found(b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>"),
            Some(Encoding::ShiftJis)
        );
        assert_eq!(
            found(b"<?xml version='1.0' encoding = 'koi8-r' ?>"),
            Some(Encoding::Koi8R)
        );
    }

    #[test]
    fn an_encoding_after_the_declaration_end_is_not_read() {
        assert_eq!(
            xml_declaration(b"<?xml version='1.0'?><a encoding='koi8-r'/>").found,
            None
        );
    }

    #[test]
    fn a_declaration_not_at_the_start_is_not_read() {
        assert_eq!(
            xml_declaration(b" <?xml version='1.0' encoding='koi8-r'?>").found,
            None
        );
    }

    #[test]
    fn a_label_with_spaces_inside_is_no_label() {
        assert_eq!(xml_declaration(b"<?xml encoding='koi8 r'?>").found, None);
    }
}
