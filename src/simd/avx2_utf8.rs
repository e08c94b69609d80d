//! Bulk UTF-8 validation with AVX2: proves a prefix of the input valid, 64 bytes at a time.
//!
//! The validator follows the lookup-table algorithm of Keiser and Lemire, "Validating UTF-8 In
//! Less Than One Instruction Per Byte" (Software: Practice and Experience, 2021), written here
//! from the paper's description. Each byte is classified together with the byte before it by
//! three 16-entry tables (the high and low nibble of the previous byte, the high nibble of the
//! current one); a bit survives the AND of the three lookups only where the pair is one of the
//! error cases below. Continuation bytes that a three- or four-byte lead two or three positions
//! back requires are found by saturating subtraction and must match the pairs classified as
//! "continuation after continuation" exactly.
//!
//! The vector code only proves a prefix valid. The exact position and length of an error, and
//! the verdict on the last few bytes, are left to the standard library's validator (see
//! [`crate::check_utf8`]), so the results cannot differ from it.

use super::Avx2;
use std::arch::x86_64::{
    __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_setr_epi8,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_subs_epu8, _mm256_testz_si256, _mm256_xor_si256,
};

/// A lead byte two-to-four bytes long followed by a byte that is not a continuation byte.
const TOO_SHORT: u8 = 1 << 0;
/// A continuation byte after an ASCII byte.
const TOO_LONG: u8 = 1 << 1;
/// E0 followed by 80..9F: an overlong three-byte form.
const OVERLONG_3: u8 = 1 << 2;
/// F4 followed by 90..BF, or F5..FF followed by 90..BF: above U+10FFFF.
const TOO_LARGE: u8 = 1 << 3;
/// ED followed by A0..BF: a surrogate.
const SURROGATE: u8 = 1 << 4;
/// C0 or C1 followed by a continuation byte: an overlong two-byte form.
const OVERLONG_2: u8 = 1 << 5;
/// F0 followed by 80..8F (an overlong four-byte form), or F5..FF followed by 80..8F (above
/// U+10FFFF): both have a previous byte in F_ and a current byte in 8_, so they share a bit.
const OVERLONG_4_OR_TOO_LARGE_1000: u8 = 1 << 6;
/// A continuation byte after a continuation byte: valid only where a lead byte two or three
/// positions back asks for it, which the saturating subtractions check.
const TWO_CONTINUATIONS: u8 = 1 << 7;

/// Indexed by the high nibble of the previous byte.
const PREV_HIGH: [u8; 16] = {
    const LEAD: u8 = TOO_SHORT;
    [
        // 0_ to 7_: ASCII.
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        // 8_ to B_: continuation bytes.
        TWO_CONTINUATIONS,
        TWO_CONTINUATIONS,
        TWO_CONTINUATIONS,
        TWO_CONTINUATIONS,
        // C_ and D_: two-byte leads (C0 and C1 never valid).
        LEAD | OVERLONG_2,
        LEAD,
        // E_: three-byte leads.
        LEAD | OVERLONG_3 | SURROGATE,
        // F_: four-byte leads (F5 to FF never valid).
        LEAD | TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000,
    ]
};

/// Indexed by the low nibble of the previous byte. The bits every previous byte may raise are
/// set everywhere; the others only for the low nibbles of the bytes named in their comments.
const PREV_LOW: [u8; 16] = {
    const ANY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTINUATIONS;
    const ABOVE: u8 = TOO_LARGE | OVERLONG_4_OR_TOO_LARGE_1000;
    [
        // _0: C0, E0, F0.
        ANY | OVERLONG_2 | OVERLONG_3 | OVERLONG_4_OR_TOO_LARGE_1000,
        // _1: C1.
        ANY | OVERLONG_2,
        ANY,
        ANY,
        // _4: F4.
        ANY | TOO_LARGE,
        // _5 to _F: F5 to FF, and ED.
        ANY | ABOVE,
        ANY | ABOVE,
        ANY | ABOVE,
        ANY | ABOVE,
        ANY | ABOVE,
        ANY | ABOVE,
        ANY | ABOVE,
        ANY | ABOVE,
        ANY | ABOVE | SURROGATE,
        ANY | ABOVE,
        ANY | ABOVE,
    ]
};

/// Indexed by the high nibble of the current byte.
const CURRENT_HIGH: [u8; 16] = {
    const CONT: u8 = TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS;
    [
        // 0_ to 7_: ASCII.
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        // 80..8F
        CONT | OVERLONG_3 | OVERLONG_4_OR_TOO_LARGE_1000,
        // 90..9F
        CONT | OVERLONG_3 | TOO_LARGE,
        // A0..BF
        CONT | SURROGATE | TOO_LARGE,
        CONT | SURROGATE | TOO_LARGE,
        // C_ to F_: leads.
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
    ]
};

/// The end of the last whole character at or before `at`, for input whose bytes before `at`
/// have passed the vector checks (which cover every pair of bytes up to `at` but cannot yet say
/// whether a character that starts in the last three bytes is complete).
fn char_boundary_before(bytes: &[u8], at: usize) -> usize {
    for back in 1..=at.min(3) {
        let b = bytes[at - back];
        if b < 0x80 {
            return at;
        }
        if b >= 0xC0 {
            let len = match b {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                _ => 4,
            };
            return if back < len { at - back } else { at };
        }
    }
    at
}

/// The length of a prefix of `bytes` that is valid UTF-8 and ends at a character boundary.
///
/// The rest is short (under 70 bytes) or has an error within its first 70 bytes, so finishing
/// with a scalar validator costs little.
pub(super) fn proven_prefix(_: Avx2, bytes: &[u8]) -> usize {
    if bytes.len() < 64 {
        return 0;
    }
    // SAFETY: the `Avx2` token proves AVX2 is available, and `bytes` is 64 bytes long or more.
    let at = unsafe { proven_blocks(bytes) };
    char_boundary_before(bytes, at)
}

/// A 16-entry table in both 128-bit lanes, for `_mm256_shuffle_epi8`.
///
/// # Safety
/// AVX2 must be available.
#[target_feature(enable = "avx2")]
#[allow(unused_unsafe)] // The intrinsics are safe to call here from Rust 1.87, unsafe before.
unsafe fn table(t: &[u8; 16]) -> __m256i {
    let t = t.map(|b| b as i8);
    // SAFETY: AVX2 is enabled in this function.
    unsafe {
        _mm256_setr_epi8(
            t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13],
            t[14], t[15], t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11],
            t[12], t[13], t[14], t[15],
        )
    }
}

/// The tables and constants, loaded into registers once per call.
struct Consts {
    prev_high: __m256i,
    prev_low: __m256i,
    current_high: __m256i,
    low_nibble: __m256i,
    third_byte: __m256i,
    fourth_byte: __m256i,
    high_bit: __m256i,
    /// What the last bytes of a block may be at most when no character is cut short: BF, DF
    /// and EF in the last three positions, FF elsewhere.
    max_ends: __m256i,
}

impl Consts {
    /// # Safety
    /// AVX2 must be available.
    #[target_feature(enable = "avx2")]
    #[allow(unused_unsafe)]
    unsafe fn new() -> Self {
        let mut max_ends = [0xFF; 16];
        max_ends[13] = 0xEF;
        max_ends[14] = 0xDF;
        max_ends[15] = 0xBF;
        // SAFETY: AVX2 is enabled in this function.
        unsafe {
            Consts {
                prev_high: table(&PREV_HIGH),
                prev_low: table(&PREV_LOW),
                current_high: table(&CURRENT_HIGH),
                low_nibble: _mm256_set1_epi8(0x0F),
                // A byte minus 0x60 (saturating) has its high bit set exactly when the byte is
                // E0 or above; minus 0x70, when it is F0 or above.
                third_byte: _mm256_set1_epi8(0xE0u8.wrapping_sub(0x80) as i8),
                fourth_byte: _mm256_set1_epi8(0xF0u8.wrapping_sub(0x80) as i8),
                high_bit: _mm256_set1_epi8(0x80u8 as i8),
                max_ends: _mm256_permute2x128_si256(_mm256_set1_epi8(-1), table(&max_ends), 0x30),
            }
        }
    }
}

/// The error bits of block `input`, whose previous 32 bytes were `prev`: zero exactly when
/// every byte of `input` is allowed after the bytes before it.
///
/// # Safety
/// AVX2 must be available.
#[target_feature(enable = "avx2")]
#[allow(unused_unsafe)]
#[inline]
unsafe fn block_errors(c: &Consts, input: __m256i, prev: __m256i) -> __m256i {
    // SAFETY: AVX2 is enabled in this function.
    unsafe {
        // `[prev's high lane, input's low lane]`, from which `alignr` takes, in each lane, the
        // bytes 1, 2 and 3 positions back.
        let joined = _mm256_permute2x128_si256(prev, input, 0x21);
        let prev1 = _mm256_alignr_epi8(input, joined, 15);
        let prev2 = _mm256_alignr_epi8(input, joined, 14);
        let prev3 = _mm256_alignr_epi8(input, joined, 13);

        let prev1_high = _mm256_and_si256(_mm256_srli_epi16(prev1, 4), c.low_nibble);
        let prev1_low = _mm256_and_si256(prev1, c.low_nibble);
        let input_high = _mm256_and_si256(_mm256_srli_epi16(input, 4), c.low_nibble);
        let special = _mm256_and_si256(
            _mm256_and_si256(
                _mm256_shuffle_epi8(c.prev_high, prev1_high),
                _mm256_shuffle_epi8(c.prev_low, prev1_low),
            ),
            _mm256_shuffle_epi8(c.current_high, input_high),
        );

        // The high bit: this byte must be a continuation of a lead two or three back.
        let third = _mm256_subs_epu8(prev2, c.third_byte);
        let fourth = _mm256_subs_epu8(prev3, c.fourth_byte);
        let must_continue = _mm256_and_si256(_mm256_or_si256(third, fourth), c.high_bit);
        _mm256_xor_si256(must_continue, special)
    }
}

/// How many bytes from the start of `bytes`, a multiple of 64, pass the vector checks: every
/// pair of bytes in them is allowed, but a character that starts in the last three may be cut
/// short (see [`char_boundary_before`]).
///
/// # Safety
/// AVX2 must be available.
#[target_feature(enable = "avx2")]
unsafe fn proven_blocks(bytes: &[u8]) -> usize {
    // SAFETY: AVX2 is available, as the caller promises.
    let c = unsafe { Consts::new() };
    let ptr = bytes.as_ptr();
    let mut at = 0;
    // SAFETY: AVX2 is available, as the caller promises; every load reads 32 bytes from `at`
    // or `at + 32` with `at + 64 <= bytes.len()`, inside `bytes`.
    unsafe {
        let zero = _mm256_set1_epi8(0);
        let mut prev = zero;
        // Nonzero when the last block seen ends in a lead byte whose continuation bytes would
        // be in the next block.
        let mut prev_incomplete = zero;
        while at + 64 <= bytes.len() {
            let a = _mm256_loadu_si256(ptr.add(at).cast::<__m256i>());
            let b = _mm256_loadu_si256(ptr.add(at + 32).cast::<__m256i>());
            let errors = if _mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0 {
                // All ASCII: only a character cut short at the end of the last block can be
                // wrong here.
                let e = prev_incomplete;
                prev_incomplete = zero;
                e
            } else {
                let e = _mm256_or_si256(block_errors(&c, a, prev), block_errors(&c, b, a));
                prev_incomplete = _mm256_subs_epu8(b, c.max_ends);
                e
            };
            if _mm256_testz_si256(errors, errors) == 0 {
                break;
            }
            prev = b;
            at += 64;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables, read back as the pairs of bytes they reject, against the standard library's
    /// verdict on each pair.
    #[test]
    fn tables_reject_exactly_the_invalid_pairs() {
        let is_cont = |b: u8| (0x80..0xC0).contains(&b);
        for first in 0..=255u8 {
            for second in 0..=255u8 {
                let bits = PREV_HIGH[usize::from(first >> 4)]
                    & PREV_LOW[usize::from(first & 0xF)]
                    & CURRENT_HIGH[usize::from(second >> 4)];
                let rejected = match first {
                    // Whether a continuation byte is wanted here depends on the bytes before.
                    0x80..=0xBF if is_cont(second) => {
                        assert_eq!(bits, TWO_CONTINUATIONS, "{first:02X} {second:02X}");
                        continue;
                    }
                    0x80..=0xBF => false,
                    // After ASCII only a continuation byte is wrong; a bad lead is caught with
                    // the byte after it.
                    0x00..=0x7F => is_cont(second),
                    // After a lead: wrong unless the standard library accepts the pair or
                    // reads it as the start of a longer character.
                    _ => std::str::from_utf8(&[first, second])
                        .err()
                        .is_some_and(|e| e.error_len().is_some()),
                };
                assert_eq!(bits != 0, rejected, "{first:02X} {second:02X}: {bits:08b}");
            }
        }
    }

    #[test]
    fn boundary_steps_back_over_cut_characters() {
        assert_eq!(char_boundary_before(b"abc", 3), 3);
        assert_eq!(char_boundary_before("aé".as_bytes(), 2), 1);
        assert_eq!(char_boundary_before("aé".as_bytes(), 3), 3);
        assert_eq!(char_boundary_before("a€".as_bytes(), 3), 1);
        assert_eq!(char_boundary_before("😀".as_bytes(), 3), 0);
        assert_eq!(char_boundary_before("😀".as_bytes(), 4), 4);
        assert_eq!(char_boundary_before(&[b'a', 0xF8], 2), 1);
        assert_eq!(char_boundary_before(&[], 0), 0);
    }
}
