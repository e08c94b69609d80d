//! Copying runs of ASCII, the fast path every ASCII-compatible codec starts from.
//!
//! Vector code (see [`crate::simd`]) copies whole blocks where it runs; the rest, or all of it
//! where none runs, is copied a machine word at a time. Both are tested against the
//! byte-at-a-time reference.

const WORD: usize = std::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Copies the longest ASCII prefix of `src` that fits into `dst` and returns its length.
///
/// Bytes of `dst` past the returned length may have been overwritten.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let (n, stopped) = crate::simd::copy_ascii_blocks(src, dst);
    if stopped {
        return n;
    }
    n + copy_ascii_words(&src[n..], &mut dst[n..])
}

/// Whether `src` starts with eight ASCII bytes, worth handing to the word-at-a-time copy.
#[inline]
pub(crate) fn starts_ascii_word(src: &[u8]) -> bool {
    src.get(..8)
        .is_some_and(|w| u64::from_ne_bytes(w.try_into().unwrap()) & 0x8080_8080_8080_8080 == 0)
}

/// The portable copy: a machine word at a time.
#[inline]
fn copy_ascii_words(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let mut i = 0;
    while i + WORD <= n {
        let word = usize::from_ne_bytes(src[i..i + WORD].try_into().unwrap());
        if word & HIGH_BITS != 0 {
            break;
        }
        dst[i..i + WORD].copy_from_slice(&src[i..i + WORD]);
        i += WORD;
    }
    i + copy_ascii_scalar(&src[i..], &mut dst[i..])
}

/// The reference: one byte at a time.
#[inline]
pub(crate) fn copy_ascii_scalar(src: &[u8], dst: &mut [u8]) -> usize {
    let mut i = 0;
    while i < src.len() && i < dst.len() && src[i] < 0x80 {
        dst[i] = src[i];
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn fast_copies_match_the_scalar_reference(
            mut src in proptest::collection::vec(0u8..0x80, 0..80),
            high in proptest::option::of((0usize..80, 0x80u8..=0xFF)),
            room in 0usize..90,
        ) {
            if let Some((at, b)) = high {
                let at = at.min(src.len());
                src.insert(at, b);
            }
            let mut want = vec![0u8; room];
            let n = copy_ascii_scalar(&src, &mut want);
            for copy in [copy_ascii, copy_ascii_words] {
                let mut got = vec![0u8; room];
                prop_assert_eq!(copy(&src, &mut got), n);
                prop_assert_eq!(&got[..n], &want[..n]);
            }
        }
    }
}
