//! Copying runs of ASCII, the fast path every ASCII-compatible codec starts from.
//!
//! On x86_64 the copy works 16 bytes at a time with SSE2 (part of the x86_64 baseline, so no
//! runtime detection is needed); elsewhere a machine word at a time. Both are tested against
//! the byte-at-a-time reference.

const WORD: usize = std::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Copies the longest ASCII prefix of `src` that fits into `dst` and returns its length.
///
/// Bytes of `dst` past the returned length may have been overwritten.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        copy_ascii_sse2(src, dst)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        copy_ascii_words(src, dst)
    }
}

#[cfg(target_arch = "x86_64")]
#[inline]
fn copy_ascii_sse2(src: &[u8], dst: &mut [u8]) -> usize {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8, _mm_storeu_si128};
    let n = src.len().min(dst.len());
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: `i + 16 <= n` keeps the 16-byte unaligned load inside `src` and the store
        // inside `dst`; SSE2 is always available on x86_64.
        let mask = unsafe {
            let v = _mm_loadu_si128(src.as_ptr().add(i).cast::<__m128i>());
            _mm_storeu_si128(dst.as_mut_ptr().add(i).cast::<__m128i>(), v);
            _mm_movemask_epi8(v)
        };
        if mask != 0 {
            // The non-ASCII bytes stored past the prefix are not part of the result.
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
    }
    i + copy_ascii_scalar(&src[i..n], &mut dst[i..n])
}

/// Whether `src` starts with eight ASCII bytes, worth handing to the word-at-a-time copy.
#[inline]
pub(crate) fn starts_ascii_word(src: &[u8]) -> bool {
    src.get(..8)
        .is_some_and(|w| u64::from_ne_bytes(w.try_into().unwrap()) & 0x8080_8080_8080_8080 == 0)
}

/// The portable copy: a machine word at a time.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
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
fn copy_ascii_scalar(src: &[u8], dst: &mut [u8]) -> usize {
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
