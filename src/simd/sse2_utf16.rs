//! UTF-16 with SSE2: decoding eight code units at a time to UTF-8.
//!
//! SSE2 is part of the x86_64 baseline, so the intrinsics need no detection; the [`Sse2`]
//! token still comes from the one dispatch, so the switch that turns vector code off covers
//! these paths too.

use super::Sse2;
use std::arch::x86_64::{
    __m128i, _mm_add_epi32, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi16, _mm_cmpgt_epi32,
    _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_packus_epi16, _mm_set1_epi16,
    _mm_set1_epi32, _mm_setzero_si128, _mm_slli_epi16, _mm_slli_epi32, _mm_srli_epi16,
    _mm_srli_epi32, _mm_storel_epi64, _mm_storeu_si128, _mm_unpackhi_epi16, _mm_unpacklo_epi16,
};

/// Eight code units from 16 bytes of `src` at `at` (`at + 16 <= src.len()`), in native
/// order.
#[inline(always)]
fn load<const BE: bool>(src: &[u8], at: usize) -> __m128i {
    assert!(at + 16 <= src.len());
    // SAFETY: the assertion keeps the 16-byte unaligned load inside `src`; SSE2 is always
    // available on x86_64.
    unsafe {
        let v = _mm_loadu_si128(src.as_ptr().add(at).cast::<__m128i>());
        if BE {
            _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8))
        } else {
            v
        }
    }
}

/// Which of eight units `v` satisfy `unit & mask == value`: two bits per unit, as
/// `_mm_movemask_epi8` gives them.
#[inline(always)]
fn units_where(v: __m128i, mask: u16, value: u16) -> u32 {
    // SAFETY: SSE2 is always available on x86_64.
    unsafe {
        let masked = _mm_and_si128(v, _mm_set1_epi16(mask as i16));
        _mm_movemask_epi8(_mm_cmpeq_epi16(masked, _mm_set1_epi16(value as i16))) as u32
    }
}

/// Four units (in the low halves of the 32-bit lanes of `u`) as UTF-8, each in the low bytes
/// of its lane, and each one's length.
#[inline(always)]
fn utf8_words(u: __m128i) -> (__m128i, __m128i) {
    // SAFETY: SSE2 is always available on x86_64.
    unsafe {
        let six = _mm_set1_epi32(0x3F);
        let low6 = _mm_and_si128(u, six);
        let mid6 = _mm_and_si128(_mm_srli_epi32(u, 6), six);
        // 110xxxxx 10xxxxxx
        let two = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi32(u, 6), _mm_slli_epi32(low6, 8)),
            _mm_set1_epi32(0x80C0),
        );
        // 1110xxxx 10xxxxxx 10xxxxxx
        let three = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi32(u, 12), _mm_slli_epi32(mid6, 8)),
            _mm_or_si128(_mm_slli_epi32(low6, 16), _mm_set1_epi32(0x8080E0)),
        );
        // All ones where the unit needs two bytes or more, and three.
        let m2 = _mm_cmpgt_epi32(u, _mm_set1_epi32(0x7F));
        let m3 = _mm_cmpgt_epi32(u, _mm_set1_epi32(0x7FF));
        let words = _mm_or_si128(
            _mm_or_si128(_mm_andnot_si128(m2, u), _mm_and_si128(m3, three)),
            _mm_and_si128(_mm_andnot_si128(m3, m2), two),
        );
        // 1 - (-1) - (-1) for a three-byte unit.
        let lens = _mm_add_epi32(
            _mm_set1_epi32(1),
            _mm_add_epi32(
                _mm_and_si128(m2, _mm_set1_epi32(1)),
                _mm_and_si128(m3, _mm_set1_epi32(1)),
            ),
        );
        (words, lens)
    }
}

/// Decodes 16 bytes of input at a time while there are 16 and 32 bytes of room, stopping
/// before the block that holds the first surrogate (after decoding the units before it).
/// Returns bytes read, bytes written and whether it stopped at a surrogate.
///
/// Bytes of `dst` past the returned length may have been overwritten.
#[inline]
pub(super) fn decode_blocks<const BE: bool>(
    _: Sse2,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize, bool) {
    let (mut read, mut written) = (0, 0);
    while src.len() - read >= 16 && dst.len() - written >= 32 {
        let v = load::<BE>(src, read);
        let ascii = units_where(v, 0xFF80, 0);
        if ascii == 0xFFFF {
            // SAFETY: `dst` has 32 bytes of room at `written`, and the stores write 16 or 8;
            // SSE2 is always available on x86_64.
            unsafe {
                let out = dst.as_mut_ptr().add(written).cast::<__m128i>();
                if src.len() - read >= 32 {
                    let w = load::<BE>(src, read + 16);
                    if units_where(w, 0xFF80, 0) == 0xFFFF {
                        _mm_storeu_si128(out, _mm_packus_epi16(v, w));
                        read += 32;
                        written += 16;
                        continue;
                    }
                }
                _mm_storel_epi64(out, _mm_packus_epi16(v, v));
            }
            read += 16;
            written += 8;
            continue;
        }
        let small = units_where(v, 0xF800, 0);
        if small == 0xFFFF && ascii == 0 {
            // Eight two-byte characters: 110xxxxx 10xxxxxx in each 16-bit lane.
            // SAFETY: `dst` has 32 bytes of room at `written`; SSE2 is always available
            // on x86_64.
            unsafe {
                let lead = _mm_or_si128(_mm_srli_epi16(v, 6), _mm_set1_epi16(0xC0));
                let low6 = _mm_and_si128(v, _mm_set1_epi16(0x3F));
                let trail = _mm_slli_epi16(_mm_or_si128(low6, _mm_set1_epi16(0x80)), 8);
                let out = dst.as_mut_ptr().add(written).cast::<__m128i>();
                _mm_storeu_si128(out, _mm_or_si128(lead, trail));
            }
            read += 16;
            written += 16;
            continue;
        }
        let surrogates = units_where(v, 0xF800, 0xD800);
        // Units of any length, one 4-byte store each (24 bytes and one spare at most);
        // at a surrogate, only the units before it.
        let units = if surrogates == 0 {
            8
        } else {
            surrogates.trailing_zeros() as usize / 2
        };
        // SAFETY: SSE2 is always available on x86_64.
        let (words, lens) = unsafe {
            let zero = _mm_setzero_si128();
            let (lo, lo_lens) = utf8_words(_mm_unpacklo_epi16(v, zero));
            let (hi, hi_lens) = utf8_words(_mm_unpackhi_epi16(v, zero));
            let mut words = [0u32; 8];
            let mut lens = [0u32; 8];
            _mm_storeu_si128(words.as_mut_ptr().cast::<__m128i>(), lo);
            _mm_storeu_si128(words.as_mut_ptr().add(4).cast::<__m128i>(), hi);
            _mm_storeu_si128(lens.as_mut_ptr().cast::<__m128i>(), lo_lens);
            _mm_storeu_si128(lens.as_mut_ptr().add(4).cast::<__m128i>(), hi_lens);
            (words, lens)
        };
        let out = &mut dst[written..written + 32];
        let mut at = 0;
        for i in 0..units {
            out[at..at + 4].copy_from_slice(&words[i].to_le_bytes());
            at += lens[i] as usize;
        }
        read += 2 * units;
        written += at;
        if units < 8 {
            return (read, written, true);
        }
    }
    (read, written, false)
}
