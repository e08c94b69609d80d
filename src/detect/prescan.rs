//! The HTML Standard's "prescan a byte stream to determine its encoding", with its helpers
//! "get an attribute" and the "algorithm for extracting a character encoding from a meta
//! element", step by step.
//!
//! <https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding>
//!
//! Running out of input anywhere ends the prescan with nothing found, as the standard says:
//! a `<meta` cut off before its `>` declares nothing. Every step that can run out returns an
//! `Option` for that, so `?` is "the prescan is aborted".

use crate::Encoding;

/// How many bytes the prescan reads: the standard's suggested 1024.
pub(super) const PRESCAN_BYTES: usize = 1024;

/// What the prescan found.
#[derive(Debug, Default)]
pub(super) struct Prescan {
    /// The declared encoding, after the standard's fixups, and the words for where it was.
    pub found: Option<(Encoding, &'static str)>,
    /// The first label that named no encoding, or named `replacement`, isomorphic decoded.
    pub ignored: Option<String>,
}

/// Runs the prescan over all of `input`; the caller cuts it to [`PRESCAN_BYTES`] to follow the
/// standard's advice.
pub(super) fn prescan_a_byte_stream(input: &[u8]) -> Prescan {
    let mut scanner = Scanner {
        input,
        position: 0,
        ignored: None,
    };
    let found = scanner.run();
    Prescan {
        found,
        ignored: scanner.ignored,
    }
}

/// One attribute as "get an attribute" returns it, name and value lowercased.
#[derive(Debug, Default)]
struct Attribute {
    name: Vec<u8>,
    value: Vec<u8>,
}

/// The prescan's position pointer over its input.
struct Scanner<'a> {
    input: &'a [u8],
    position: usize,
    ignored: Option<String>,
}

/// TAB, LF, FF, CR, SPACE: the bytes the prescan treats as whitespace.
fn is_space(b: u8) -> bool {
    matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

impl Scanner<'_> {
    /// The byte at the position, or `None` at the end of the input.
    fn byte(&self) -> Option<u8> {
        self.input.get(self.position).copied()
    }

    fn rest(&self) -> &[u8] {
        &self.input[self.position.min(self.input.len())..]
    }

    /// The steps "prescan for UTF-16 XML declarations", "loop" and "next byte".
    fn run(&mut self) -> Option<(Encoding, &'static str)> {
        if let Some(encoding) = prescan_for_utf16_xml_declarations(self.input) {
            return Some((encoding, "UTF-16 XML declaration"));
        }
        loop {
            // Every case starts at a `<`; other bytes are passed over one by one.
            self.position += self.rest().iter().position(|&b| b == b'<')?;
            let rest = self.rest();
            if rest.starts_with(b"<!--") {
                self.skip_comment()?;
            } else if is_meta_start(rest) {
                if let Some(found) = self.meta()? {
                    return Some(found);
                }
            } else if is_tag_start(rest) {
                self.skip_tag()?;
            } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?")
            {
                self.skip_to_greater_than_sign()?;
            }
            // Next byte.
            self.position += 1;
        }
    }

    /// `<!--`: to the first `>` preceded by two `-` after the `<` (the dashes of `<!--` count).
    fn skip_comment(&mut self) -> Option<()> {
        let from = self.position + 2;
        let end = self.input[from..].windows(3).position(|w| w == b"-->")?;
        self.position = from + end + 2;
        Some(())
    }

    /// `<!`, `</`, `<?`: to the first `>` after the `<`.
    fn skip_to_greater_than_sign(&mut self) -> Option<()> {
        let from = self.position + 1;
        self.position = from + self.input[from..].iter().position(|&b| b == b'>')?;
        Some(())
    }

    /// `<` and a letter (or `</` and a letter): to the next whitespace or `>`, then every
    /// attribute until none is left.
    fn skip_tag(&mut self) -> Option<()> {
        let rest = self.rest();
        self.position += rest.iter().position(|&b| is_space(b) || b == b'>')?;
        while self.get_an_attribute()?.is_some() {}
        Some(())
    }

    /// `<meta` and whitespace or `/`: its attributes, then the steps from "processing".
    /// `Some(None)` is "go on to the next byte".
    fn meta(&mut self) -> Option<Option<(Encoding, &'static str)>> {
        self.position += 5;
        let mut seen = SeenAttributes::default();
        let mut got_pragma = false;
        let mut need_pragma: Option<bool> = None;
        // `None` is the standard's null; `Some(None)` is failure.
        let mut charset: Option<Option<Encoding>> = None;
        while let Some(attribute) = self.get_an_attribute()? {
            if !seen.first_time(&attribute.name) {
                continue;
            }
            match attribute.name.as_slice() {
                b"http-equiv" => got_pragma |= attribute.value == b"content-type",
                b"content" => {
                    let extracted =
                        extract_a_character_encoding_from_a_meta_element(&attribute.value)
                            .and_then(|label| self.get_an_encoding(label));
                    if let (Some(encoding), None) = (extracted, charset) {
                        charset = Some(Some(encoding));
                        need_pragma = Some(true);
                    }
                }
                b"charset" => {
                    charset = Some(self.get_an_encoding(&attribute.value));
                    need_pragma = Some(false);
                }
                _ => {}
            }
        }
        Some(processing(charset, need_pragma, got_pragma))
    }

    /// The standard's "get an encoding", noting a label that gives nothing. `replacement` is
    /// treated as no encoding: a declaration can't make a document undecodable.
    fn get_an_encoding(&mut self, label: &[u8]) -> Option<Encoding> {
        match Encoding::for_label_bytes(label) {
            Some(encoding) if encoding != Encoding::Replacement => Some(encoding),
            _ => {
                if self.ignored.is_none() && !label.trim_ascii().is_empty() {
                    self.ignored = Some(label.iter().map(|&b| char::from(b)).collect());
                }
                None
            }
        }
    }

    /// "Get an attribute": `None` at the end of input, `Some(None)` when there is no attribute
    /// (the position is at a `>`).
    fn get_an_attribute(&mut self) -> Option<Option<Attribute>> {
        // Step 1: skip whitespace and `/`.
        while matches!(self.byte()?, 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | 0x2F) {
            self.position += 1;
        }
        // Step 2.
        if self.byte()? == b'>' {
            return Some(None);
        }
        let mut attribute = Attribute::default();
        // Steps 4 and 5: the name.
        loop {
            match self.byte()? {
                b'=' if !attribute.name.is_empty() => {
                    self.position += 1;
                    return self.attribute_value(attribute).map(Some);
                }
                b if is_space(b) => break,
                b'/' | b'>' => return Some(Some(attribute)),
                b => attribute.name.push(b.to_ascii_lowercase()),
            }
            self.position += 1;
        }
        // Step 6, "spaces".
        while is_space(self.byte()?) {
            self.position += 1;
        }
        // Steps 7 and 8.
        if self.byte()? != b'=' {
            return Some(Some(attribute));
        }
        self.position += 1;
        self.attribute_value(attribute).map(Some)
    }

    /// "Get an attribute" from the step labelled "value" on.
    fn attribute_value(&mut self, mut attribute: Attribute) -> Option<Attribute> {
        // Step 9.
        while is_space(self.byte()?) {
            self.position += 1;
        }
        // Step 10.
        match self.byte()? {
            quote @ (b'"' | b'\'') => loop {
                self.position += 1;
                match self.byte()? {
                    b if b == quote => {
                        self.position += 1;
                        return Some(attribute);
                    }
                    b => attribute.value.push(b.to_ascii_lowercase()),
                }
            },
            b'>' => return Some(attribute),
            b => {
                attribute.value.push(b.to_ascii_lowercase());
                self.position += 1;
            }
        }
        // Steps 11 and 12.
        loop {
            match self.byte()? {
                b if is_space(b) || b == b'>' => return Some(attribute),
                b => attribute.value.push(b.to_ascii_lowercase()),
            }
            self.position += 1;
        }
    }
}

/// The "attribute list" of a `<meta>`: only the three names the steps act on need tracking,
/// since a repeated other name is skipped with no effect either way.
#[derive(Default)]
struct SeenAttributes {
    http_equiv: bool,
    content: bool,
    charset: bool,
}

impl SeenAttributes {
    /// Whether `name` is not yet in the list; adds it.
    fn first_time(&mut self, name: &[u8]) -> bool {
        let flag = match name {
            b"http-equiv" => &mut self.http_equiv,
            b"content" => &mut self.content,
            b"charset" => &mut self.charset,
            _ => return true,
        };
        !std::mem::replace(flag, true)
    }
}

/// "Prescan for UTF-16 XML declarations": `<?x` in UTF-16LE or UTF-16BE, with no BOM.
fn prescan_for_utf16_xml_declarations(input: &[u8]) -> Option<Encoding> {
    if input.starts_with(&[0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) {
        Some(Encoding::Utf16Le)
    } else if input.starts_with(&[0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78]) {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// `<meta` (any case) followed by whitespace or `/`.
fn is_meta_start(rest: &[u8]) -> bool {
    rest.len() >= 6
        && rest[..5].eq_ignore_ascii_case(b"<meta")
        && (is_space(rest[5]) || rest[5] == b'/')
}

/// `<`, optionally `/`, then an ASCII letter.
fn is_tag_start(rest: &[u8]) -> bool {
    match rest {
        [b'<', b'/', c, ..] | [b'<', c, ..] => c.is_ascii_alphabetic(),
        _ => false,
    }
}

/// The steps from "processing" on, for a `<meta>` whose attributes have been read: the
/// encoding it declares, if it counts.
fn processing(
    charset: Option<Option<Encoding>>,
    need_pragma: Option<bool>,
    got_pragma: bool,
) -> Option<(Encoding, &'static str)> {
    let need_pragma = need_pragma?;
    if need_pragma && !got_pragma {
        return None;
    }
    let charset = charset??;
    let evidence = if need_pragma {
        "meta http-equiv content-type"
    } else {
        "meta charset"
    };
    Some((label_fixups(charset), evidence))
}

/// A declared UTF-16 means UTF-8 (the declaration was readable as ASCII, so the document is
/// not UTF-16), and x-user-defined means windows-1252.
pub(super) fn label_fixups(encoding: Encoding) -> Encoding {
    match encoding {
        Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
        Encoding::XUserDefined => Encoding::Windows1252,
        other => other,
    }
}

/// The "algorithm for extracting a character encoding from a meta element" on a `content`
/// value (already lowercased): the label after `charset=`, or `None` for "nothing".
///
/// <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element>
pub(super) fn extract_a_character_encoding_from_a_meta_element(s: &[u8]) -> Option<&[u8]> {
    let mut position = 0;
    loop {
        // Loop: the next "charset", ASCII case-insensitively.
        let found = s[position..]
            .windows(7)
            .position(|w| w.eq_ignore_ascii_case(b"charset"))?;
        position += found + 7;
        position += skip_ascii_whitespace(&s[position..]);
        if s.get(position) != Some(&b'=') {
            continue;
        }
        position += 1;
        position += skip_ascii_whitespace(&s[position..]);
        let rest = &s[position..];
        return match rest.first()? {
            quote @ (b'"' | b'\'') => {
                let end = rest[1..].iter().position(|b| b == quote)?;
                Some(&rest[1..1 + end])
            }
            _ => {
                let end = rest
                    .iter()
                    .position(|&b| is_space(b) || b == b';')
                    .unwrap_or(rest.len());
                Some(&rest[..end])
            }
        };
    }
}

/// How many bytes of ASCII whitespace `s` starts with.
fn skip_ascii_whitespace(s: &[u8]) -> usize {
    s.iter().take_while(|&&b| is_space(b)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::detect::declaration::declared_encoding;

    fn found(input: &[u8]) -> Option<Encoding> {
        prescan_a_byte_stream(input).found.map(|(e, _)| e)
    }

    #[test]
    fn the_dashes_of_the_comment_opener_can_close_it() {
        assert_eq!(found(b"<!--><meta charset=koi8-r>"), Some(Encoding::Koi8R));
    }

    #[test]
    fn a_meta_inside_a_comment_is_skipped() {
        assert_eq!(found(b"<!-- <meta charset=koi8-r> -->"), None);
    }

    #[test]
    fn an_attribute_value_of_another_tag_can_hide_a_meta() {
        assert_eq!(found(b"<a title='<meta charset=koi8-r>'>"), None);
        assert_eq!(
            found(b"<a title='x'><meta charset=koi8-r>"),
            Some(Encoding::Koi8R)
        );
    }

    #[test]
    fn the_first_of_a_repeated_charset_attribute_counts() {
        assert_eq!(
            found(b"<meta charset=koi8-r charset=big5>"),
            Some(Encoding::Koi8R)
        );
    }

    #[test]
    fn content_needs_the_content_type_pragma() {
        assert_eq!(found(b"<meta content='text/html; charset=big5'>"), None);
        assert_eq!(
            found(b"<meta http-equiv=CONTENT-TYPE content='text/html;charset=big5'>"),
            Some(Encoding::Big5)
        );
    }

    #[test]
    fn extraction_skips_a_charset_not_followed_by_equals() {
        assert_eq!(
            extract_a_character_encoding_from_a_meta_element(b"charsetx; charset = \"a b\""),
            Some(&b"a b"[..])
        );
        assert_eq!(
            extract_a_character_encoding_from_a_meta_element(b"text/html; charset=koi8-r;x"),
            Some(&b"koi8-r"[..])
        );
        assert_eq!(
            extract_a_character_encoding_from_a_meta_element(b"charset='koi8-r"),
            None
        );
        assert_eq!(
            extract_a_character_encoding_from_a_meta_element(b"charset="),
            None
        );
    }

    #[test]
    fn a_meta_cut_off_by_the_end_of_input_declares_nothing() {
        assert_eq!(found(b"<meta charset=koi8-r"), None);
        assert_eq!(found(b"<meta charset=koi8-r>"), Some(Encoding::Koi8R));
    }

    #[test]
    fn a_meta_cut_off_at_1024_bytes_still_counts_later_in_the_head() {
        // The spec's prescan reads 1024 bytes; the declarations step reads on through the
        // head, as the HTML parser would when it meets the <meta>.
        let mut input = vec![b' '; PRESCAN_BYTES - 20];
        input.extend_from_slice(b"<meta charset=koi8-r>");
        assert_eq!(found(&input[..PRESCAN_BYTES]), None);
        let declared = declared_encoding(&input, true).guess.unwrap();
        assert_eq!(declared.encoding, Encoding::Koi8R);
    }
}
