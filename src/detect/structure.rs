//! The structure step: encodings whose byte structure gives them away (UTF-16 without a BOM,
//! ISO-2022-JP, UTF-8, pure ASCII), and binary data, which is no text at all.

use super::binary::looks_binary;
use super::{Guess, Source, decodes_cleanly};
use crate::{Encoding, Utf8Check, check_utf8};

/// What the structure step concluded.
#[derive(Debug)]
pub(super) enum Structure {
    /// The structure decides.
    Decided(Guess),
    /// The head is binary data.
    Binary,
    /// Left to the statistics step.
    Undecided,
}

/// The kinds of byte the profile counts.
#[derive(Clone, Copy)]
#[repr(u8)]
enum Class {
    /// Printable ASCII and the whitespace controls TAB, LF, VT, FF, CR.
    Text,
    /// 0x00.
    Nul,
    /// The other C0 controls and DEL, except ESC.
    Control,
    /// ESC, which ISO-2022-JP's escape sequences start with.
    Escape,
    /// 0x80 and above.
    High,
}

const CLASSES: usize = 5;

/// Each byte's [`Class`].
static CLASS: [u8; 256] = {
    let mut table = [Class::High as u8; 256];
    let mut b = 0;
    while b < 0x80 {
        table[b] = match b {
            0x00 => Class::Nul as u8,
            0x09..=0x0D | 0x20..=0x7E => Class::Text as u8,
            0x1B => Class::Escape as u8,
            _ => Class::Control as u8,
        };
        b += 1;
    }
    table
};

/// How many bytes of each [`Class`] the head has at even and at odd offsets: one pass that
/// every structural rule reads from.
#[derive(Debug, Default)]
pub(super) struct Profile {
    even: [usize; CLASSES],
    odd: [usize; CLASSES],
}

impl Profile {
    fn of(head: &[u8]) -> Profile {
        let mut profile = Profile::default();
        let mut pairs = head.chunks_exact(2);
        for pair in &mut pairs {
            profile.even[usize::from(CLASS[usize::from(pair[0])])] += 1;
            profile.odd[usize::from(CLASS[usize::from(pair[1])])] += 1;
        }
        if let [last] = pairs.remainder() {
            profile.even[usize::from(CLASS[usize::from(*last)])] += 1;
        }
        profile
    }

    fn count(&self, class: Class) -> usize {
        self.even[class as usize] + self.odd[class as usize]
    }

    pub(super) fn nul(&self) -> usize {
        self.count(Class::Nul)
    }

    pub(super) fn controls(&self) -> usize {
        self.count(Class::Control)
    }

    pub(super) fn len(&self) -> usize {
        self.even.iter().chain(&self.odd).sum()
    }
}

/// How sure each structural finding is.
const UTF16_CONFIDENCE: f32 = 0.95;
const ISO_2022_JP_CONFIDENCE: f32 = 0.99;
/// Valid UTF-8 with at least [`UTF8_SURE_SEQUENCES`] multi-byte characters; with fewer, a
/// legacy text could be valid UTF-8 by chance (windows-1252 "Ã©" is UTF-8 "é").
const UTF8_CONFIDENCE: f32 = 0.99;
const UTF8_SHORT_CONFIDENCE: f32 = 0.8;
const UTF8_SURE_SEQUENCES: usize = 2;

/// The structural rules in order: UTF-16 (its NUL bytes would otherwise read as binary),
/// binary, ISO-2022-JP (7-bit, so it would otherwise read as ASCII), UTF-8 and ASCII.
pub(super) fn structure(head: &[u8], complete: bool) -> Structure {
    let profile = Profile::of(head);
    if let Some(guess) = utf16_without_bom(head, complete, &profile) {
        return Structure::Decided(guess);
    }
    if looks_binary(head, &profile) {
        return Structure::Binary;
    }
    if let Some(guess) = iso_2022_jp_escapes(head, complete, &profile) {
        return Structure::Decided(guess);
    }
    match utf8_or_ascii(head, complete, &profile) {
        Some(guess) => Structure::Decided(guess),
        None => Structure::Undecided,
    }
}

/// UTF-16 without a BOM, from Latin text's pattern: at least 60% of the code units have a NUL
/// high byte, at most 5% of the low bytes are NUL or controls, and the whole decodes without
/// error (so surrogates pair up, and a complete input has an even length).
fn utf16_without_bom(head: &[u8], complete: bool, profile: &Profile) -> Option<Guess> {
    let units = head.len() / 2;
    if units < 2 || profile.nul() == 0 {
        return None;
    }
    // Big-endian puts the high byte first, at even offsets.
    let (encoding, high, low) =
        if profile.even[Class::Nul as usize] > profile.odd[Class::Nul as usize] {
            (Encoding::Utf16Be, &profile.even, &profile.odd)
        } else {
            (Encoding::Utf16Le, &profile.odd, &profile.even)
        };
    let mostly_nul_high = high[Class::Nul as usize] * 10 >= units * 6;
    let low_noise = low[Class::Nul as usize] + low[Class::Control as usize];
    let printable_low = low_noise * 20 <= units;
    if !(mostly_nul_high && printable_low && decodes_cleanly(encoding, head, complete)) {
        return None;
    }
    Some(Guess::new(
        encoding,
        UTF16_CONFIDENCE,
        Source::Structure,
        "UTF-16 NUL pattern of Latin text",
    ))
}

/// ISO-2022-JP: 7-bit data with at least one escape sequence that leaves ASCII (`ESC $ @`,
/// `ESC $ B`, `ESC ( J`, `ESC ( I`), decoding without error.
fn iso_2022_jp_escapes(head: &[u8], complete: bool, profile: &Profile) -> Option<Guess> {
    if profile.count(Class::Escape) == 0 || profile.count(Class::High) != 0 {
        return None;
    }
    let leaves_ascii = head
        .windows(3)
        .any(|w| matches!(w, [0x1B, b'$', b'@' | b'B'] | [0x1B, b'(', b'J' | b'I']));
    if !(leaves_ascii && decodes_cleanly(Encoding::Iso2022Jp, head, complete)) {
        return None;
    }
    Some(Guess::new(
        Encoding::Iso2022Jp,
        ISO_2022_JP_CONFIDENCE,
        Source::Structure,
        "ISO-2022-JP escape sequences",
    ))
}

/// Pure ASCII (reported as UTF-8 from [`Source::Ascii`]), or valid UTF-8 with non-ASCII
/// characters. A head cut inside a character at its end is valid when the input goes on.
fn utf8_or_ascii(head: &[u8], complete: bool, profile: &Profile) -> Option<Guess> {
    if profile.count(Class::High) == 0 {
        return Some(Guess::new(Encoding::Utf8, 1.0, Source::Ascii, "pure ASCII"));
    }
    let valid = match check_utf8(head) {
        Utf8Check::Valid => true,
        Utf8Check::Incomplete { .. } => !complete,
        Utf8Check::Malformed { .. } => false,
    };
    if !valid {
        return None;
    }
    // Lead bytes (0xC0 and above) count the multi-byte characters.
    let sequences = head
        .iter()
        .filter(|&&b| b >= 0xC0)
        .take(UTF8_SURE_SEQUENCES)
        .count();
    let confidence = if sequences >= UTF8_SURE_SEQUENCES {
        UTF8_CONFIDENCE
    } else {
        UTF8_SHORT_CONFIDENCE
    };
    Some(Guess::new(
        Encoding::Utf8,
        confidence,
        Source::Structure,
        "valid UTF-8",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_counts_each_class_at_its_parity() {
        let profile = Profile::of(b"A\0\x1B\x01\xE9");
        assert_eq!(profile.even, [1, 0, 0, 1, 1]);
        assert_eq!(profile.odd, [0, 1, 1, 0, 0]);
        assert_eq!(profile.len(), 5);
    }

    #[test]
    fn a_lone_surrogate_is_not_utf16() {
        let utf16le = |s: &str| s.bytes().flat_map(|b| [b, 0]).collect::<Vec<u8>>();
        let mut paired = utf16le("Latin text, then a pair: ");
        paired.extend_from_slice(&[0x3D, 0xD8, 0x00, 0xDE]);
        paired.extend(utf16le(" and more text."));
        assert!(utf16_without_bom(&paired, true, &Profile::of(&paired)).is_some());
        // The high surrogate alone, followed by a space: not a pair.
        let mut lone = paired.clone();
        lone.drain(paired.len() - 30 - 2..paired.len() - 30);
        assert!(utf16_without_bom(&lone, true, &Profile::of(&lone)).is_none());
    }

    #[test]
    fn an_escape_that_stays_in_ascii_is_not_iso_2022_jp() {
        let bytes = b"\x1B(Bplain";
        assert!(iso_2022_jp_escapes(bytes, true, &Profile::of(bytes)).is_none());
    }
}
