//! UTF-16BE and UTF-16LE: the standard's shared UTF-16 decoder, and encoders (an extension: the
//! standard defines none).

use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_char};

/// <https://encoding.spec.whatwg.org/#shared-utf-16-decoder>
#[derive(Clone, Debug)]
pub(crate) struct Utf16Decoder {
    leading_byte: Option<u8>,
    leading_surrogate: Option<u16>,
    is_be: bool,
}

fn is_leading_surrogate(unit: u16) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

fn is_trailing_surrogate(unit: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}

impl Utf16Decoder {
    pub(crate) fn new(is_be: bool) -> Self {
        Utf16Decoder {
            leading_byte: None,
            leading_surrogate: None,
            is_be,
        }
    }

    fn code_unit(&self, first: u8, second: u8) -> u16 {
        if self.is_be {
            u16::from_be_bytes([first, second])
        } else {
            u16::from_le_bytes([first, second])
        }
    }

    /// Decodes whole code units that are not surrogates while there is room for the longest of
    /// them (3 bytes of UTF-8): on x86_64 eight or sixteen units at a time with SSE2 while the
    /// input and room last, then four ASCII units a word at a time or one unit at a time.
    /// Returns at the first surrogate, at a lone final byte, or when room runs short; the
    /// caller's general loop, which follows the standard step by step, takes over from there.
    #[inline]
    fn decode_bmp_run(&self, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        // Four code units that are all ASCII: high bytes 0 and low bytes below 0x80.
        let ascii_mask: u64 = if self.is_be {
            0x80FF_80FF_80FF_80FF
        } else {
            0xFF80_FF80_FF80_FF80
        };
        #[cfg(target_arch = "x86_64")]
        let (mut read, mut written) = {
            let (read, written, surrogate) = if self.is_be {
                sse2::decode_blocks::<true>(src, dst)
            } else {
                sse2::decode_blocks::<false>(src, dst)
            };
            if surrogate {
                // The general loop takes the surrogate.
                return (read, written);
            }
            (read, written)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (mut read, mut written) = (0, 0);
        while src.len() - read >= 2 && dst.len() - written >= 3 {
            if src.len() - read >= 8 && dst.len() - written >= 4 {
                let word = u64::from_le_bytes(src[read..read + 8].try_into().unwrap());
                if word & ascii_mask == 0 {
                    let low = usize::from(!self.is_be);
                    for i in 0..4 {
                        dst[written + i] = src[read + 2 * i + 1 - low];
                    }
                    read += 8;
                    written += 4;
                    continue;
                }
            }
            let unit = self.code_unit(src[read], src[read + 1]);
            match unit {
                0..=0x7F => {
                    dst[written] = unit as u8;
                    written += 1;
                }
                0x80..=0x7FF => {
                    dst[written] = 0xC0 | (unit >> 6) as u8;
                    dst[written + 1] = 0x80 | (unit & 0x3F) as u8;
                    written += 2;
                }
                0xD800..=0xDFFF => break,
                _ => {
                    dst[written] = 0xE0 | (unit >> 12) as u8;
                    dst[written + 1] = 0x80 | ((unit >> 6) & 0x3F) as u8;
                    dst[written + 2] = 0x80 | (unit & 0x3F) as u8;
                    written += 3;
                }
            }
            read += 2;
        }
        (read, written)
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.leading_byte.is_none() && self.leading_surrogate.is_none() {
                let (r, w) = self.decode_bmp_run(&src[read..], &mut dst[written..]);
                read += r;
                written += w;
            }
            // The next code unit: its first byte is either held from an earlier call or at
            // `read`; `held` says which, since a restore must put it back where it came from.
            let held = self.leading_byte.is_some();
            let (first, second_at) = match self.leading_byte {
                Some(b) => (b, read),
                None => match src.get(read) {
                    Some(&b) => (b, read + 1),
                    None => break,
                },
            };
            let Some(&second) = src.get(second_at) else {
                // Only the first byte is here: hold it.
                self.leading_byte = Some(first);
                read = second_at;
                break;
            };
            let unit = self.code_unit(first, second);
            let next = second_at + 1;
            if let Some(leading) = self.leading_surrogate {
                if is_trailing_surrogate(unit) {
                    let scalar = 0x10000
                        + ((u32::from(leading) - 0xD800) << 10)
                        + (u32::from(unit) - 0xDC00);
                    let c = char::from_u32(scalar).expect("a surrogate pair is a scalar value");
                    let Some(len) = write_char(dst, written, c) else {
                        self.leading_byte = held.then_some(first);
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    };
                    written += len;
                    self.leading_surrogate = None;
                    self.leading_byte = None;
                    read = next;
                    continue;
                }
                // Restore the code unit's two bytes: a held first byte stays held, the rest of
                // the unit stays unread.
                self.leading_surrogate = None;
                self.leading_byte = held.then_some(first);
                return DecodeResult::malformed(read, written, 2, u8::from(held));
            }
            if is_leading_surrogate(unit) {
                self.leading_surrogate = Some(unit);
                self.leading_byte = None;
                read = next;
                continue;
            }
            if is_trailing_surrogate(unit) {
                self.leading_byte = None;
                return DecodeResult::malformed(next, written, 2, 0);
            }
            let c = char::from_u32(u32::from(unit)).expect("not a surrogate");
            let Some(len) = write_char(dst, written, c) else {
                self.leading_byte = held.then_some(first);
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            };
            written += len;
            self.leading_byte = None;
            read = next;
        }
        if last && (self.leading_byte.is_some() || self.leading_surrogate.is_some()) {
            let len = 2 * u8::from(self.leading_surrogate.is_some())
                + u8::from(self.leading_byte.is_some());
            self.leading_byte = None;
            self.leading_surrogate = None;
            return DecodeResult::malformed(read, written, len, 0);
        }
        DecodeResult::new(read, written, DecodeStatus::InputEmpty)
    }
}

/// The SSE2 blocks of [`Utf16Decoder::decode_bmp_run`] (SSE2 is part of the x86_64 baseline: no
/// detection needed).
#[cfg(target_arch = "x86_64")]
mod sse2 {
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
}

/// Writes UTF-16 in the chosen byte order. Not in the standard, which defines no UTF-16
/// encoder; offered because a user who asks for UTF-16 output wants UTF-16. Never unmappable.
#[derive(Clone, Debug)]
pub(crate) struct Utf16Encoder {
    is_be: bool,
}

impl Utf16Encoder {
    pub(crate) fn new(is_be: bool) -> Self {
        Utf16Encoder { is_be }
    }

    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let mut written = 0;
        for (i, c) in src.char_indices() {
            let mut units = [0u16; 2];
            let units = c.encode_utf16(&mut units);
            if dst.len() - written < 2 * units.len() {
                return EncodeResult::new(i, written, EncodeStatus::OutputFull);
            }
            for unit in units {
                let bytes = if self.is_be {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                };
                dst[written..written + 2].copy_from_slice(&bytes);
                written += 2;
            }
        }
        EncodeResult::new(src.len(), written, EncodeStatus::InputEmpty)
    }
}
