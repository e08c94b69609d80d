//! The vector code, all of it: one file per instruction set and algorithm, one runtime
//! dispatch, and one switch that turns every vector path off.
//!
//! Each vector path does the bulk of a job in whole blocks and says how far it got; the scalar
//! code in `codec` that called it finishes the job, and does all of it when no vector path
//! runs. So the scalar code is both the fallback and the reference, and the tests below run
//! every vector path against it at every length and alignment up to a few hundred bytes.
//!
//! The dispatch: the CPU's features are detected once, on first use, and cached. A vector path
//! runs only with a token ([`Sse2`], [`Avx2`]) that the dispatch alone can make, so holding
//! one proves that the instructions may run.
//!
//! The switch: the environment variable `WTF_ENC_NO_SIMD`, set to anything but an empty string
//! or `0`, turns every vector path off for the whole process (it is read once, with the
//! detection). An environment variable rather than a cargo feature, so the same build runs
//! both ways: CI runs the whole test suite again without recompiling, and a user who suspects
//! the vector code can rule it out with the binary they have.

#[cfg(target_arch = "x86_64")]
mod avx2_utf8;
#[cfg(target_arch = "x86_64")]
mod sse2_ascii;
#[cfg(target_arch = "x86_64")]
mod sse2_utf16;

use std::sync::atomic::{AtomicU8, Ordering};

/// The environment variable that turns every vector path off.
pub(crate) const SWITCH: &str = "WTF_ENC_NO_SIMD";

/// Proof that the SSE2 paths may run: made only by [`sse2`].
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Sse2(());

/// Proof that the AVX2 paths may run: made only by [`avx2`].
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Avx2(());

/// The features detected, as the bits below; 0 until the first use.
static FEATURES: AtomicU8 = AtomicU8::new(0);
/// Set once detection has run, so that "no features" is not 0.
const DETECTED: u8 = 1;
#[cfg(target_arch = "x86_64")]
const SSE2: u8 = 2;
#[cfg(target_arch = "x86_64")]
const AVX2: u8 = 4;

/// The vector features this thread may use: detected once, then read from the cache.
#[inline(always)]
fn features() -> u8 {
    let features = match FEATURES.load(Ordering::Relaxed) {
        0 => detect(),
        cached => cached,
    };
    #[cfg(test)]
    if FORCE_FALLBACK.with(std::cell::Cell::get) {
        return DETECTED;
    }
    features
}

#[cold]
#[inline(never)]
fn detect() -> u8 {
    #[allow(unused_mut)] // Only x86_64 has vector paths.
    let mut features = DETECTED;
    if !switched_off(std::env::var_os(SWITCH).as_deref()) {
        #[cfg(target_arch = "x86_64")]
        {
            features |= SSE2;
            if std::arch::is_x86_feature_detected!("avx2") {
                features |= AVX2;
            }
        }
    }
    // Threads racing here store the same value.
    FEATURES.store(features, Ordering::Relaxed);
    features
}

/// Whether the value of [`SWITCH`] turns the vector paths off.
fn switched_off(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "0")
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn sse2() -> Option<Sse2> {
    (features() & SSE2 != 0).then_some(Sse2(()))
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn avx2() -> Option<Avx2> {
    (features() & AVX2 != 0).then_some(Avx2(()))
}

#[cfg(test)]
thread_local! {
    /// Set by a test to run the scalar code (no vector path) on its thread.
    static FORCE_FALLBACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with every vector path off on this thread: the one way tests reach the fallback.
#[cfg(test)]
pub(crate) fn with_fallback<T>(f: impl FnOnce() -> T) -> T {
    FORCE_FALLBACK.with(|force| {
        let before = force.replace(true);
        let out = f();
        force.set(before);
        out
    })
}

/// Whether any vector path runs on this thread (for tests that check the paths are reached).
#[cfg(test)]
pub(crate) fn any_vector_path() -> bool {
    features() != DETECTED
}

/// The length of a prefix of `bytes` that is valid UTF-8 and ends at a character boundary,
/// proven by vector code: the rest is short (under 70 bytes) or has an error within its first
/// 70 bytes. 0 where no vector path runs.
#[inline]
pub(crate) fn utf8_proven_prefix(bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = avx2() {
        return avx2_utf8::proven_prefix(avx2, bytes);
    }
    let _ = bytes;
    0
}

/// Copies the ASCII at the start of `src` to `dst` in whole vector blocks. Returns how many
/// bytes were copied and whether a non-ASCII byte stopped the copy (then that is the exact
/// length of the ASCII prefix that fits; otherwise the caller goes on from there). `(0, false)`
/// where no vector path runs.
///
/// Bytes of `dst` past the returned length may have been overwritten.
#[inline]
pub(crate) fn copy_ascii_blocks(src: &[u8], dst: &mut [u8]) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    if let Some(sse2) = sse2() {
        return sse2_ascii::copy_ascii_blocks(sse2, src, dst);
    }
    let _ = (src, dst);
    (0, false)
}

/// Decodes UTF-16 (big-endian if `be`) to UTF-8 in whole vector blocks while there are 16
/// bytes of input and 32 of room, stopping before the block that holds the first surrogate
/// (after decoding the units before it). Returns bytes read, bytes written and whether it
/// stopped at a surrogate; `(0, 0, false)` where no vector path runs.
///
/// Bytes of `dst` past the returned length may have been overwritten.
#[inline]
pub(crate) fn utf16_decode_blocks(be: bool, src: &[u8], dst: &mut [u8]) -> (usize, usize, bool) {
    #[cfg(target_arch = "x86_64")]
    if let Some(sse2) = sse2() {
        return if be {
            sse2_utf16::decode_blocks::<true>(sse2, src, dst)
        } else {
            sse2_utf16::decode_blocks::<false>(sse2, src, dst)
        };
    }
    let _ = (be, src, dst);
    (0, 0, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::ascii::{copy_ascii, copy_ascii_scalar};
    use crate::codec::utf16::Utf16Decoder;
    use crate::codec::{DecodeResult, DecodeStatus};
    use crate::{Utf8Check, check_utf8};

    /// The longest input the comparisons below try: several blocks of every vector width.
    const MAX_LEN: usize = 300;

    /// Calls `f` with a copy of each slice of `bytes` (which must be `MAX_LEN` long or more)
    /// that starts at its beginning and is at most `MAX_LEN` long, placed at every offset from
    /// a 32-byte boundary (the widest vector's alignment).
    fn each_length_and_alignment(bytes: &[u8], mut f: impl FnMut(&[u8])) {
        assert!(bytes.len() >= MAX_LEN);
        let mut buffer = vec![0u8; MAX_LEN + 64];
        let boundary = buffer.as_ptr().align_offset(32);
        for offset in 0..32 {
            let start = boundary + offset;
            buffer[start..start + MAX_LEN].copy_from_slice(&bytes[..MAX_LEN]);
            for len in 0..=MAX_LEN {
                f(&buffer[start..start + len]);
            }
        }
    }

    /// `f` with the vector paths this machine has, and with none.
    fn both_ways<T>(f: impl Fn() -> T) -> (T, T) {
        (f(), with_fallback(f))
    }

    #[test]
    fn the_switch_is_any_value_but_empty_or_zero() {
        use std::ffi::OsStr;
        assert!(!switched_off(None));
        assert!(!switched_off(Some(OsStr::new(""))));
        assert!(!switched_off(Some(OsStr::new("0"))));
        assert!(switched_off(Some(OsStr::new("1"))));
        assert!(switched_off(Some(OsStr::new("yes"))));
    }

    /// The switch as this test run sets it decides whether vector code runs at all; the
    /// forced fallback turns it off on one thread.
    #[test]
    fn vector_paths_follow_the_switch() {
        let off = switched_off(std::env::var_os(SWITCH).as_deref());
        if cfg!(target_arch = "x86_64") {
            assert_eq!(any_vector_path(), !off);
        }
        assert!(!with_fallback(any_vector_path));
        if off {
            eprintln!("{SWITCH} is set: only the fallback is tested");
        }
    }

    /// ASCII, with one non-ASCII byte at `at` (none when `at` is past the end).
    fn ascii_with_high_byte(at: usize) -> Vec<u8> {
        let mut bytes: Vec<u8> = (0..MAX_LEN).map(|i| b' ' + (i % 95) as u8).collect();
        if let Some(b) = bytes.get_mut(at) {
            *b = 0x80 | at as u8;
        }
        bytes
    }

    #[test]
    fn ascii_copy_vector_matches_scalar() {
        for at in [
            0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 100, 200, 255, 299, MAX_LEN,
        ] {
            each_length_and_alignment(&ascii_with_high_byte(at), |src| {
                for room in [src.len(), src.len() * 3 / 4, src.len().saturating_sub(1)] {
                    let mut want = vec![0u8; room];
                    let n = copy_ascii_scalar(src, &mut want);
                    let (vector, fallback) = both_ways(|| {
                        let mut got = vec![0u8; room];
                        let n = copy_ascii(src, &mut got);
                        got.truncate(n);
                        got
                    });
                    assert_eq!(vector, want[..n], "{} bytes, room {room}", src.len());
                    assert_eq!(fallback, want[..n], "{} bytes, room {room}", src.len());
                }
            });
        }
    }

    /// Valid UTF-8 text: ASCII, or characters of every length.
    fn utf8_texts() -> [Vec<u8>; 2] {
        let ascii = ascii_with_high_byte(MAX_LEN);
        let mixed = "é€😀ж中b\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}".repeat(12);
        [ascii, mixed.into_bytes()]
    }

    #[test]
    fn utf8_validation_vector_matches_scalar() {
        for text in utf8_texts() {
            // As it is, and with an error: a stray continuation byte, a surrogate, a lead byte
            // cut short, each early, at a block edge or late.
            let mut inputs = vec![text.clone()];
            for (at, bad) in [(3, &[0x80][..]), (62, &[0xED, 0xA0]), (130, &[0xE2, 0x41])] {
                let mut bytes = text.clone();
                bytes[at..at + bad.len()].copy_from_slice(bad);
                inputs.push(bytes);
            }
            for bytes in inputs {
                each_length_and_alignment(&bytes, |src| {
                    let want = match std::str::from_utf8(src) {
                        Ok(_) => Utf8Check::Valid,
                        Err(e) => match e.error_len() {
                            Some(len) => Utf8Check::Malformed {
                                valid_up_to: e.valid_up_to(),
                                len: len as u8,
                            },
                            None => Utf8Check::Incomplete {
                                valid_up_to: e.valid_up_to(),
                            },
                        },
                    };
                    let (vector, fallback) = both_ways(|| check_utf8(src));
                    assert_eq!(vector, want, "{src:02X?}");
                    assert_eq!(fallback, want, "{src:02X?}");
                });
            }
        }
    }

    /// Everything a decoder does with `src` given `room` bytes of output at a time.
    fn decode_utf16(be: bool, src: &[u8], room: usize) -> (Vec<u8>, Vec<DecodeResult>) {
        let mut decoder = Utf16Decoder::new(be);
        let (mut out, mut results, mut dst) = (Vec::new(), Vec::new(), vec![0u8; room]);
        let mut rest = src;
        loop {
            let r = decoder.decode(rest, &mut dst, true);
            out.extend_from_slice(&dst[..r.written]);
            rest = &rest[r.read..];
            results.push(r);
            if r.status == DecodeStatus::InputEmpty {
                return (out, results);
            }
        }
    }

    /// UTF-16 code units, as bytes in both orders: runs of one length class (with ASCII
    /// runs long enough for two blocks), then all classes mixed with surrogate pairs and a
    /// lone surrogate.
    fn utf16_texts() -> Vec<(bool, Vec<u8>)> {
        let class = |lo: u16, n: u16| (0..MAX_LEN as u16).map(move |i| lo + i * 7 % n);
        let runs: Vec<Vec<u16>> = vec![
            class(0, 0x80).collect(),
            class(0x80, 0x780).collect(),
            class(0x800, 0xD000).collect(),
            class(0xE000, 0x2000).collect(),
            "aé€😀ж中\u{FFFF}\u{10FFFF}"
                .encode_utf16()
                .chain([0xDC00, b'z'.into()])
                .cycle()
                .take(MAX_LEN)
                .collect(),
        ];
        let mut texts = Vec::new();
        for units in runs {
            for be in [false, true] {
                let bytes = units
                    .iter()
                    .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                    .collect();
                texts.push((be, bytes));
            }
        }
        texts
    }

    #[test]
    fn utf16_decoding_vector_matches_scalar() {
        for (be, text) in utf16_texts() {
            each_length_and_alignment(&text, |src| {
                // Ample room, and room that runs short in the middle of the vector blocks.
                for room in [3 * src.len() + 4, 37] {
                    let (vector, fallback) = both_ways(|| decode_utf16(be, src, room));
                    assert_eq!(vector, fallback, "{src:02X?}, room {room}");
                }
            });
        }
    }
}
