//! The byte order mark step: a BOM at the start decides, with certainty.

use super::{Guess, Source};
use crate::Encoding;

/// The standard's "BOM sniff" as a guess: UTF-8, UTF-16BE or UTF-16LE, confidence 1.
pub(super) fn byte_order_mark(head: &[u8]) -> Option<Guess> {
    let (encoding, _) = Encoding::sniff_bom(head)?;
    let evidence = match encoding {
        Encoding::Utf8 => "UTF-8 byte order mark",
        Encoding::Utf16Be => "UTF-16BE byte order mark",
        _ => "UTF-16LE byte order mark",
    };
    Some(Guess::new(encoding, 1.0, Source::Bom, evidence))
}
