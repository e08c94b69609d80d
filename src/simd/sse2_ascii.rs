//! Copying ASCII with SSE2, 16 bytes at a time.
//!
//! SSE2 is part of the x86_64 baseline, so the intrinsics need no detection; the [`Sse2`]
//! token still comes from the one dispatch, so the switch that turns vector code off covers
//! this path too.

use super::Sse2;
use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8, _mm_storeu_si128};

/// Copies whole 16-byte blocks of ASCII from `src` to `dst` while both have 16 bytes left.
/// Returns how many bytes of ASCII were copied and whether a non-ASCII byte stopped the copy
/// (then the count is the exact length of the ASCII prefix; otherwise fewer than 16 bytes of
/// `src` or `dst` are left and the caller goes on from there).
///
/// Bytes of `dst` past the returned length may have been overwritten.
#[inline]
pub(super) fn copy_ascii_blocks(_: Sse2, src: &[u8], dst: &mut [u8]) -> (usize, bool) {
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
            return (i + mask.trailing_zeros() as usize, true);
        }
        i += 16;
    }
    (i, false)
}
