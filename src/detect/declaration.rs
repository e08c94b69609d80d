//! The declarations step: when it applies, and what the HTML prescan and then an XML
//! declaration say.

use super::prescan::{PRESCAN_BYTES, prescan_a_byte_stream};
use super::xml_declaration::xml_declaration;
use super::{Declarations, Guess, Source, decodes_cleanly};

/// How sure a declaration is when the head decodes cleanly in the declared encoding, and
/// when it does not (a declaration can be wrong; the standard still obeys it).
const CONFIDENCE_CLEAN: f32 = 0.99;
const CONFIDENCE_MALFORMED: f32 = 0.6;

/// What the declarations step found.
#[derive(Debug, Default)]
pub(super) struct Declared {
    /// The guess, when a declaration names a usable encoding.
    pub guess: Option<Guess>,
    /// The first declared label that was ignored.
    pub ignored: Option<String>,
}

/// Whether declarations are consulted: always, never, or (auto) when the head looks like
/// markup, i.e. its first byte that is not ASCII whitespace is `<`.
pub(super) fn applies(head: &[u8], declarations: Declarations) -> bool {
    match declarations {
        Declarations::Force => true,
        Declarations::Ignore => false,
        Declarations::Auto => head.trim_ascii_start().first() == Some(&b'<'),
    }
}

/// The HTML prescan of the first 1024 bytes, then an XML declaration at the start, then the
/// prescan on through the rest of the head.
///
/// The last stands in for the HTML parser's "change the encoding while parsing", which obeys
/// a `<meta>` met after the first 1024 bytes; the html5lib conformance cases expect such a
/// `<meta>` to count. (It reads past `<script>` text as the prescan reads any text, where the
/// parser would not.)
pub(super) fn declared_encoding(head: &[u8], complete: bool) -> Declared {
    let html = prescan_a_byte_stream(&head[..head.len().min(PRESCAN_BYTES)]);
    let (found, ignored) = match html.found {
        Some(found) => (Some(found), html.ignored),
        None => {
            let xml = xml_declaration(head);
            let ignored = html.ignored.or(xml.ignored);
            match xml.found {
                Some(e) => (Some((e, "XML declaration")), ignored),
                None if head.len() > PRESCAN_BYTES => {
                    let later = prescan_a_byte_stream(head);
                    (later.found, ignored.or(later.ignored))
                }
                None => (None, ignored),
            }
        }
    };
    let guess = found.map(|(encoding, evidence)| {
        let confidence = if decodes_cleanly(encoding, head, complete) {
            CONFIDENCE_CLEAN
        } else {
            CONFIDENCE_MALFORMED
        };
        let mut guess = Guess::new(encoding, confidence, Source::Declaration, evidence);
        guess.ignored_declaration = ignored.clone();
        guess
    });
    Declared { guess, ignored }
}
