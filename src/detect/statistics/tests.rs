//! Unit tests of the statistics step's parts.

use super::*;

#[test]
fn excerpt_keeps_non_ascii_bytes_and_their_neighbours() {
    let e = Excerpt::of(b"hello w\xE9rld, long ascii \xE9", true);
    assert_eq!(e.bytes, b"w\xE9r \xE9");
    assert!(e.complete);
}

#[test]
fn excerpt_of_pure_ascii_is_empty() {
    assert!(Excerpt::of(b"just ascii text", true).bytes.is_empty());
}

#[test]
fn next_non_ascii_finds_the_first_high_byte() {
    let bytes = b"0123456789abcdef\x80z";
    assert_eq!(next_non_ascii(bytes, 0), 16);
    assert_eq!(next_non_ascii(bytes, 17), 18);
}
