//! Copying runs of ASCII, the fast path every ASCII-compatible codec starts from.

const WORD: usize = std::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Copies the longest ASCII prefix of `src` that fits into `dst` and returns its length.
///
/// Works a machine word at a time; [`copy_ascii_scalar`] is the byte-at-a-time reference it is
/// tested against.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
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
    while i < n && src[i] < 0x80 {
        dst[i] = src[i];
        i += 1;
    }
    i
}

/// The reference for [`copy_ascii`]: one byte at a time.
#[cfg(test)]
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
        fn word_copy_matches_scalar(mut src in proptest::collection::vec(0u8..0x80, 0..80),
                                    high in proptest::option::of((0usize..80, 0x80u8..=0xFF)),
                                    room in 0usize..90) {
            if let Some((at, b)) = high {
                let at = at.min(src.len());
                src.insert(at, b);
            }
            let mut a = vec![0u8; room];
            let mut b = vec![0u8; room];
            let n = copy_ascii(&src, &mut a);
            prop_assert_eq!(n, copy_ascii_scalar(&src, &mut b));
            prop_assert_eq!(&a[..n], &b[..n]);
        }
    }
}
