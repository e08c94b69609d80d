//! UTF-8: the standard's decoder (one U+FFFD per maximal invalid prefix) and encoder.

use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus};

/// The longest prefix of `src` made of whole, valid UTF-8 characters.
#[inline]
pub(crate) fn valid_prefix_len(src: &[u8]) -> usize {
    check_utf8(src).valid_len(src.len())
}

/// <https://encoding.spec.whatwg.org/#utf-8-decoder>
#[derive(Clone, Debug)]
pub(crate) struct Utf8Decoder {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower_boundary: u8,
    upper_boundary: u8,
}

impl Utf8Decoder {
    pub(crate) fn new() -> Self {
        Utf8Decoder {
            code_point: 0,
            bytes_seen: 0,
            bytes_needed: 0,
            lower_boundary: 0x80,
            upper_boundary: 0xBF,
        }
    }

    fn reset(&mut self) {
        *self = Self::new();
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.bytes_needed == 0 {
                // Between characters, valid input is copied as it is.
                let n = (src.len() - read).min(dst.len() - written);
                let valid = valid_prefix_len(&src[read..read + n]);
                dst[written..written + valid].copy_from_slice(&src[read..read + valid]);
                read += valid;
                written += valid;
            }
            let Some(&byte) = src.get(read) else {
                if last && self.bytes_needed != 0 {
                    let len = self.bytes_seen + 1;
                    self.reset();
                    return DecodeResult::malformed(read, written, len, 0);
                }
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            if self.bytes_needed == 0 {
                match byte {
                    0x00..=0x7F => {
                        if written == dst.len() {
                            return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                        }
                        dst[written] = byte;
                        written += 1;
                    }
                    0xC2..=0xDF => {
                        self.bytes_needed = 1;
                        self.code_point = u32::from(byte & 0x1F);
                    }
                    0xE0..=0xEF => {
                        if byte == 0xE0 {
                            self.lower_boundary = 0xA0;
                        }
                        if byte == 0xED {
                            self.upper_boundary = 0x9F;
                        }
                        self.bytes_needed = 2;
                        self.code_point = u32::from(byte & 0xF);
                    }
                    0xF0..=0xF4 => {
                        if byte == 0xF0 {
                            self.lower_boundary = 0x90;
                        }
                        if byte == 0xF4 {
                            self.upper_boundary = 0x8F;
                        }
                        self.bytes_needed = 3;
                        self.code_point = u32::from(byte & 0x7);
                    }
                    _ => return DecodeResult::malformed(read + 1, written, 1, 0),
                }
                read += 1;
                continue;
            }
            if !(self.lower_boundary..=self.upper_boundary).contains(&byte) {
                // The byte is restored: it stays unread.
                let len = self.bytes_seen + 1;
                self.reset();
                return DecodeResult::malformed(read, written, len, 0);
            }
            if self.bytes_seen + 1 == self.bytes_needed {
                let len = usize::from(self.bytes_needed) + 1;
                if dst.len() - written < len {
                    return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                }
                let code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
                let c = char::from_u32(code_point).expect("the boundaries exclude non-scalars");
                c.encode_utf8(&mut dst[written..]);
                written += len;
                self.reset();
            } else {
                self.lower_boundary = 0x80;
                self.upper_boundary = 0xBF;
                self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
                self.bytes_seen += 1;
            }
            read += 1;
        }
    }
}

/// <https://encoding.spec.whatwg.org/#utf-8-encoder>: the input is already UTF-8, so this copies
/// whole characters.
#[derive(Clone, Debug)]
pub(crate) struct Utf8Encoder;

impl Utf8Encoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let mut n = src.len().min(dst.len());
        while !src.is_char_boundary(n) {
            n -= 1;
        }
        dst[..n].copy_from_slice(&src.as_bytes()[..n]);
        let status = if n == src.len() {
            EncodeStatus::InputEmpty
        } else {
            EncodeStatus::OutputFull
        };
        EncodeResult::new(n, n, status)
    }
}

/// Where UTF-8 input stops being valid, as the standard's UTF-8 decoder sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf8Check {
    /// All of it is valid.
    Valid,
    /// `valid_up_to` bytes are valid, then `len` bytes (1 to 3) form one malformed sequence: the
    /// standard's decoder reports one error for them and goes on at `valid_up_to + len`.
    Malformed {
        /// Length of the valid prefix.
        valid_up_to: usize,
        /// Length of the malformed sequence.
        len: u8,
    },
    /// `valid_up_to` bytes are valid and the rest (1 to 3 bytes) begins a character that more
    /// input may complete; at the end of the input it is one malformed sequence.
    Incomplete {
        /// Length of the valid prefix.
        valid_up_to: usize,
    },
}

impl Utf8Check {
    /// How many bytes of the checked input, which was `len` bytes long, are valid: all of them,
    /// or `valid_up_to`.
    ///
    /// ```
    /// use wtf_enc::check_utf8;
    /// assert_eq!(check_utf8(b"ab").valid_len(2), 2);
    /// assert_eq!(check_utf8(b"a\xFFb").valid_len(3), 1);
    /// ```
    #[must_use]
    pub fn valid_len(self, len: usize) -> usize {
        match self {
            Utf8Check::Valid => len,
            Utf8Check::Malformed { valid_up_to, .. } | Utf8Check::Incomplete { valid_up_to } => {
                valid_up_to
            }
        }
    }
}

/// The valid UTF-8 prefix of `bytes` as text, and what [`check_utf8`] says of all of it: one
/// validation for callers that need both the text and where it stops.
///
/// ```
/// use wtf_enc::{Utf8Check, valid_utf8_prefix};
/// assert_eq!(
///     valid_utf8_prefix(b"caf\xC3\xA9\xFF"),
///     ("caf\u{e9}", Utf8Check::Malformed { valid_up_to: 5, len: 1 })
/// );
/// ```
pub fn valid_utf8_prefix(bytes: &[u8]) -> (&str, Utf8Check) {
    let check = check_utf8(bytes);
    let valid = &bytes[..check.valid_len(bytes.len())];
    // SAFETY: `check_utf8` has just validated exactly this prefix; validating it again with
    // `str::from_utf8` would read every byte twice.
    (unsafe { std::str::from_utf8_unchecked(valid) }, check)
}

/// Checks UTF-8 in bulk, for callers that pass valid input through without copying it.
///
/// The malformed sequences it finds are exactly those of the standard's UTF-8 decoder (the
/// maximal invalid prefixes of Unicode's "best practice for U+FFFD").
///
/// ```
/// use wtf_enc::{check_utf8, Utf8Check};
/// assert_eq!(check_utf8(b"abc"), Utf8Check::Valid);
/// assert_eq!(check_utf8(b"a\xE1\x80z"), Utf8Check::Malformed { valid_up_to: 1, len: 2 });
/// assert_eq!(check_utf8(b"a\xE1\x80"), Utf8Check::Incomplete { valid_up_to: 1 });
/// ```
pub fn check_utf8(bytes: &[u8]) -> Utf8Check {
    // The vector validator proves most of the input valid, up to a character boundary; the
    // standard library's validator finishes from there and, where there is an error, places it
    // exactly.
    let proven = crate::simd::utf8_proven_prefix(bytes);
    check_utf8_std(&bytes[proven..], proven)
}

/// [`check_utf8`] by the standard library's validator alone, for `bytes` that follow `offset`
/// bytes of valid UTF-8 ending at a character boundary.
///
/// It implements exactly the well-formedness table of Unicode section 3.9, whose maximal
/// invalid prefixes are the standard's malformed sequences.
fn check_utf8_std(bytes: &[u8], offset: usize) -> Utf8Check {
    match std::str::from_utf8(bytes) {
        Ok(_) => Utf8Check::Valid,
        Err(e) => match e.error_len() {
            Some(len) => Utf8Check::Malformed {
                valid_up_to: offset + e.valid_up_to(),
                len: len as u8,
            },
            None => Utf8Check::Incomplete {
                valid_up_to: offset + e.valid_up_to(),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simd::{utf8_proven_prefix, with_fallback};
    use proptest::prelude::*;

    /// The reference: `str::from_utf8`'s verdict, as a `Utf8Check`.
    fn reference(bytes: &[u8]) -> Utf8Check {
        match std::str::from_utf8(bytes) {
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
        }
    }

    /// `check_utf8` with the vector code (where the machine has it) and with the fallback, and
    /// the vector code's own promise: a valid prefix at a character
    /// boundary that leaves only a short rest or a rest with an error near its start.
    fn check_all_paths(bytes: &[u8]) -> Result<(), String> {
        let want = reference(bytes);
        let vector = check_utf8(bytes);
        let fallback = with_fallback(|| check_utf8(bytes));
        if vector != want || fallback != want {
            return Err(format!(
                "{bytes:02X?}: vector {vector:?}, fallback {fallback:?}, reference {want:?}"
            ));
        }
        let valid = want.valid_len(bytes.len());
        let proven = utf8_proven_prefix(bytes);
        // Inside the valid prefix, a character boundary is any byte but a continuation byte.
        if proven > valid || proven < valid && (bytes[proven] as i8) < -0x40 {
            return Err(format!(
                "{bytes:02X?}: proved {proven} bytes, {valid} are valid"
            ));
        }
        // Where the vector code runs (it proves 64 bytes of ASCII), it proves nearly all.
        let vector_runs = utf8_proven_prefix(&[0; 64]) == 64;
        if vector_runs && valid - proven >= 70 {
            return Err(format!(
                "{bytes:02X?}: proved only {proven} of {valid} bytes"
            ));
        }
        Ok(())
    }

    #[test]
    fn vector_code_is_used_where_available() {
        #[cfg(target_arch = "x86_64")]
        if crate::simd::any_vector_path() && std::arch::is_x86_feature_detected!("avx2") {
            let text = "ж".repeat(100);
            assert!(utf8_proven_prefix(text.as_bytes()) >= 130);
            assert_eq!(with_fallback(|| utf8_proven_prefix(text.as_bytes())), 0);
            return;
        }
        eprintln!("no AVX2 here (or vector code switched off): only the fallback is tested");
    }

    /// Valid text around the sequence under test: ASCII, or characters of every length.
    fn backgrounds() -> [Vec<u8>; 2] {
        let ascii: Vec<u8> = (0..160).map(|i| b'a' + (i % 26) as u8).collect();
        let mixed = "é€😀ж中b\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}".repeat(6);
        [ascii, mixed.into_bytes()]
    }

    /// `seq` at offset `at` inside `background` (whose cut before it is moved back to a
    /// character boundary and padded with ASCII, so the surroundings stay valid), then the rest
    /// of the background or nothing.
    fn place(background: &[u8], at: usize, seq: &[u8], end: bool, bytes: &mut Vec<u8>) {
        let boundary = |i: usize| i == background.len() || (background[i] as i8) >= -0x40;
        let mut cut = at;
        while !boundary(cut) {
            cut -= 1;
        }
        bytes.clear();
        bytes.extend_from_slice(&background[..cut]);
        bytes.resize(at, b'.');
        bytes.extend_from_slice(seq);
        if !end {
            let mut resume = at;
            while !boundary(resume) {
                resume += 1;
            }
            bytes.extend_from_slice(&background[resume..]);
        }
    }

    fn each_placement(seq: &[u8], offsets: impl Iterator<Item = usize> + Clone) {
        thread_local!(static BACKGROUNDS: [Vec<u8>; 2] = backgrounds());
        BACKGROUNDS.with(|backgrounds| each_placement_in(backgrounds, seq, offsets));
    }

    fn each_placement_in(
        backgrounds: &[Vec<u8>; 2],
        seq: &[u8],
        offsets: impl Iterator<Item = usize> + Clone,
    ) {
        let mut bytes = Vec::with_capacity(256);
        for background in backgrounds {
            for at in offsets.clone() {
                // Ended right after the sequence, the input is long enough for the vector code
                // only from about offset 60.
                for end in [false, true] {
                    if end && at + seq.len() < 60 {
                        continue;
                    }
                    place(background, at, seq, end, &mut bytes);
                    if let Err(e) = check_all_paths(&bytes) {
                        panic!("{seq:02X?} at {at} (end: {end}): {e}");
                    }
                }
            }
        }
    }

    /// Byte values at every edge of the well-formedness table.
    const EDGES: &[u8] = &[
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
        0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF,
    ];

    #[test]
    fn every_one_and_two_byte_sequence_at_every_offset() {
        for first in 0..=255u8 {
            each_placement(&[first], 0..=70);
            for second in 0..=255u8 {
                each_placement(&[first, second], 0..=70);
            }
        }
    }

    #[test]
    fn three_byte_sequences_at_every_offset() {
        // Every sequence from the edge values at every offset, ...
        for &a in EDGES {
            for &b in EDGES {
                for &c in EDGES {
                    each_placement(&[a, b, c], 0..=70);
                }
            }
        }
        // ... and every sequence of three bytes that starts with a non-ASCII byte, across the
        // boundary of the first 32-byte half and of the first 64-byte block (vector code only).
        let mut bytes = backgrounds()[0][..128].to_vec();
        assert!(bytes.is_ascii());
        for at in [31, 62] {
            let original = bytes.clone();
            for a in 0x80..=0xFFu8 {
                for b in 0..=255u8 {
                    for c in 0..=255u8 {
                        bytes[at..at + 3].copy_from_slice(&[a, b, c]);
                        assert_eq!(
                            check_utf8(&bytes),
                            reference(&bytes),
                            "{a:02X} {b:02X} {c:02X}"
                        );
                    }
                }
            }
            bytes = original;
        }
    }

    #[test]
    fn four_byte_sequences_at_every_offset() {
        for lead in 0xF0..=0xF4u8 {
            for second in 0..=255u8 {
                for third in [0x41, 0x80, 0x8F, 0x90, 0xBF, 0xC2] {
                    for fourth in [0x41, 0x80, 0xBF, 0xF0] {
                        each_placement(&[lead, second, third, fourth], 0..=70);
                    }
                }
            }
        }
    }

    /// One token of mostly valid input.
    #[derive(Clone, Debug)]
    enum Token {
        /// A run of characters drawn from one length class.
        Run(u8, usize, u32),
        /// A random byte, inserted.
        Byte(u8),
    }

    fn char_of_class(class: u8, seed: u32) -> char {
        let (lo, hi) = match class {
            1 => (0, 0x7F),
            2 => (0x80, 0x7FF),
            3 => (0x800, 0xFFFF),
            _ => (0x10000, 0x10FFFF),
        };
        let mut cp = lo + seed % (hi - lo + 1);
        if (0xD800..0xE000).contains(&cp) {
            cp -= 0x800;
        }
        char::from_u32(cp).unwrap()
    }

    fn token() -> impl Strategy<Value = Token> {
        prop_oneof![
            12 => (1u8..=4, 1usize..40, any::<u32>()).prop_map(|(c, n, s)| Token::Run(c, n, s)),
            1 => any::<u8>().prop_map(Token::Byte),
        ]
    }

    fn build(tokens: &[Token]) -> Vec<u8> {
        let mut bytes = Vec::new();
        for token in tokens {
            match *token {
                Token::Run(class, n, seed) => {
                    for i in 0..n as u32 {
                        let c = char_of_class(class, seed.wrapping_add(i.wrapping_mul(7919)));
                        bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    }
                }
                Token::Byte(b) => bytes.push(b),
            }
        }
        bytes
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn matches_the_standard_library(
            tokens in proptest::collection::vec(token(), 0..24),
            edits in proptest::collection::vec((any::<usize>(), 0u8..6, any::<u8>()), 0..3),
            truncate in proptest::option::of(any::<usize>()),
        ) {
            let mut bytes = build(&tokens);
            for (at, kind, byte) in edits {
                if bytes.is_empty() {
                    break;
                }
                // Near a block boundary or the end as often as anywhere.
                let at = match kind {
                    0 => at % bytes.len(),
                    1 => (at % 4 * 32 + at / 4 % 7).saturating_sub(3).min(bytes.len() - 1),
                    2 => bytes.len() - 1 - at % 4.min(bytes.len()),
                    3 => (at % 4 * 32 + at / 4 % 7).saturating_sub(3).min(bytes.len() - 1),
                    _ => at % bytes.len(),
                };
                match kind {
                    3 | 4 => bytes.insert(at, byte),
                    5 => { bytes.remove(at); }
                    _ => bytes[at] = byte,
                }
            }
            if let Some(n) = truncate {
                bytes.truncate(n % (bytes.len() + 1));
            }
            check_all_paths(&bytes).map_err(TestCaseError::fail)?;
            let valid = reference(&bytes).valid_len(bytes.len());
            prop_assert_eq!(valid_prefix_len(&bytes), valid);
            prop_assert_eq!(with_fallback(|| valid_prefix_len(&bytes)), valid);
        }
    }
}
