//! Binary data: bytes that are no text in any encoding, so no encoding is guessed for them.

use super::structure::Profile;

/// Signatures of common binary formats whose first bytes contain no NUL (or may not within a
/// short head), each unlikely as the start of a text: gzip, JPEG, ZIP, ELF, PNG.
const SIGNATURES: [&[u8]; 5] = [
    b"\x1F\x8B",
    b"\xFF\xD8\xFF",
    b"PK\x03\x04",
    b"\x7FELF",
    b"\x89PNG\r\n\x1A\n",
];

/// Whether the head is binary: it has a NUL byte (the UTF-16 rule ran first, so no text
/// encoding of the standard explains one), more than one byte in 16 is a C0 control other
/// than TAB, LF, VT, FF, CR and ESC (or DEL), or it starts with a binary file signature.
pub(super) fn looks_binary(head: &[u8], profile: &Profile) -> bool {
    profile.nul() > 0
        || profile.controls() * 16 > profile.len()
        || SIGNATURES.iter().any(|s| head.starts_with(s))
}
