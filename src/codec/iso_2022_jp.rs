//! ISO-2022-JP: ASCII, JIS X 0201 Roman, half-width katakana and JIS X 0208 switched by escape
//! sequences.

use super::ascii::copy_ascii;
use super::jis0208::{
    iso_2022_jp_katakana, jis0208_code_point, jis0208_pointer, jis0208_pointer_bmp,
};
use super::multibyte::{put_bmp, read_bmp};
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, Unmappable, write_bmp};

const ESC: u8 = 0x1B;
const SO: u8 = 0x0E;
const SI: u8 = 0x0F;

/// Copies the longest prefix of `src` that fits in `dst` and is ASCII without any byte that
/// `stops`; returns its length. (Bytes past it may be copied too: they are not counted.)
///
/// It copies a block of at most 64 bytes at a time, so the bytes copied past the prefix are
/// few: ISO-2022-JP is all ASCII bytes, so a copy of all the ASCII ahead would copy the rest of
/// the input at every escape.
#[inline]
fn copy_plain(src: &[u8], dst: &mut [u8], stops: impl Fn(u8) -> bool) -> usize {
    const BLOCK: usize = 64;
    let len = src.len().min(dst.len());
    let mut done = 0;
    while done < len {
        let end = (done + BLOCK).min(len);
        let n = copy_ascii(&src[done..end], &mut dst[done..end]);
        if let Some(i) = src[done..done + n].iter().position(|&b| stops(b)) {
            return done + i;
        }
        done += n;
        if done < end {
            break;
        }
    }
    done
}

/// The fast path of the decoder in the leading byte state: decodes the longest prefix of `src`
/// made of pairs of 0x21 to 0x7E with a code point in index jis0208 that fits in `dst`, leaving
/// it at least 3 bytes short of its end. Stops before anything else (escapes, errors, a lead at
/// the end of `src`), which the standard's step-by-step decoder then handles. Each pair leaves
/// the decoder in the leading byte state with ISO-2022-JP output false. Returns (read, written).
#[inline]
fn decode_pairs(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    while read + 1 < src.len() && dst.len() - written >= 3 {
        let (lead, trail) = (src[read], src[read + 1]);
        if !(0x21..=0x7E).contains(&lead) || !(0x21..=0x7E).contains(&trail) {
            break;
        }
        let pointer = usize::from(lead - 0x21) * 94 + usize::from(trail - 0x21);
        let Some(code_point) = jis0208_code_point(pointer) else {
            break;
        };
        written += put_bmp(dst, written, code_point);
        read += 2;
    }
    (read, written)
}

/// The fast path of the encoder in the jis0208 state: encodes the longest prefix of `src` made
/// of BMP characters in index jis0208 that fits in `dst` (the characters the standard treats
/// first, U+00A5, U+203E, U+2212 and U+FF61 to U+FF9F, are not in the index); stops before
/// anything else, ASCII included. Returns (read, written).
#[inline]
fn encode_jis0208_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    while src.get(read).is_some_and(|&b| b >= 0x80) && dst.len() - written >= 2 {
        let Some((cp, len)) = read_bmp(src, read) else {
            break;
        };
        let Some(pointer) = jis0208_pointer_bmp(cp) else {
            break;
        };
        dst[written] = (pointer / 94 + 0x21) as u8;
        dst[written + 1] = (pointer % 94 + 0x21) as u8;
        written += 2;
        read += len;
    }
    (read, written)
}

/// The ISO-2022-JP decoder's states, named as in the standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Iso2022JpDecoderState {
    Ascii,
    Roman,
    Katakana,
    LeadByte,
    TrailByte,
    EscapeStart,
    Escape,
}

/// <https://encoding.spec.whatwg.org/#iso-2022-jp-decoder>
#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpDecoder {
    iso2022jp_decoder_state: Iso2022JpDecoderState,
    iso2022jp_decoder_output_state: Iso2022JpDecoderState,
    /// ISO-2022-JP leading.
    iso2022jp_lead: u8,
    /// ISO-2022-JP output: whether the last thing seen was an escape sequence.
    iso2022jp_output: bool,
    /// A byte the standard restores to the input that arrived in an earlier call; it is read
    /// again before the next call's `src`. Only the escape state restores such a byte (its
    /// leading 0x24 or 0x28), and it switches to an output state, which reads the held byte
    /// first; so one slot is enough and the held byte is never itself restored again.
    restored: Option<u8>,
}

impl Iso2022JpDecoder {
    pub(crate) fn new() -> Self {
        Iso2022JpDecoder {
            iso2022jp_decoder_state: Iso2022JpDecoderState::Ascii,
            iso2022jp_decoder_output_state: Iso2022JpDecoderState::Ascii,
            iso2022jp_lead: 0x00,
            iso2022jp_output: false,
            restored: None,
        }
    }

    /// The escape start and escape states' error: back to the output state.
    fn escape_error(&mut self) {
        self.iso2022jp_output = false;
        self.iso2022jp_decoder_state = self.iso2022jp_decoder_output_state;
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        use Iso2022JpDecoderState::*;
        let (mut read, mut written) = (0, 0);
        loop {
            if self.restored.is_none() {
                let n = match self.iso2022jp_decoder_state {
                    Ascii => copy_plain(&src[read..], &mut dst[written..], |b| {
                        matches!(b, SO | SI | ESC)
                    }),
                    Roman => copy_plain(&src[read..], &mut dst[written..], |b| {
                        matches!(b, SO | SI | ESC | 0x5C | 0x7E)
                    }),
                    _ => 0,
                };
                if n > 0 {
                    read += n;
                    written += n;
                    self.iso2022jp_output = false;
                }
                if self.iso2022jp_decoder_state == LeadByte {
                    let (n, w) = decode_pairs(&src[read..], &mut dst[written..]);
                    if n > 0 {
                        read += n;
                        written += w;
                        self.iso2022jp_output = false;
                    }
                }
            }
            // The next byte: a held restored byte, else the next of `src`.
            let held = self.restored.take();
            let byte = match held {
                Some(b) => b,
                None => match src.get(read) {
                    Some(&b) => b,
                    None => return self.end(read, written, last),
                },
            };
            // Where the read position goes when `byte` is consumed.
            let next = if held.is_some() { read } else { read + 1 };
            // Leaves `byte` to be read again (as it came: held or unread), for OutputFull or a
            // restore; returns how many restored bytes are held.
            let unread = |this: &mut Self| {
                this.restored = held;
                u8::from(held.is_some())
            };
            let code_point = match self.iso2022jp_decoder_state {
                Ascii | Roman | Katakana | LeadByte if byte == ESC => {
                    self.iso2022jp_decoder_state = EscapeStart;
                    read = next;
                    continue;
                }
                Ascii if byte < 0x80 && byte != SO && byte != SI => u16::from(byte),
                Roman if byte == 0x5C => 0x00A5,
                Roman if byte == 0x7E => 0x203E,
                Roman if byte < 0x80 && byte != SO && byte != SI => u16::from(byte),
                Katakana if (0x21..=0x5F).contains(&byte) => 0xFF61 - 0x21 + u16::from(byte),
                LeadByte if (0x21..=0x7E).contains(&byte) => {
                    self.iso2022jp_output = false;
                    self.iso2022jp_lead = byte;
                    self.iso2022jp_decoder_state = TrailByte;
                    read = next;
                    continue;
                }
                Ascii | Roman | Katakana | LeadByte => {
                    self.iso2022jp_output = false;
                    return DecodeResult::malformed(next, written, 1, 0);
                }
                TrailByte if byte == ESC => {
                    // The standard goes to escape start and returns an error. The same is to
                    // report the leading byte alone and read the ESC again in the leading byte
                    // state, which goes to escape start; the escape is then not part of the
                    // malformed sequence it begins. (Counting the ESC in this error would leave
                    // a failed escape after it, as in 0x30 ESC X, an error with no bytes.)
                    self.iso2022jp_decoder_state = LeadByte;
                    let restored = unread(self);
                    return DecodeResult::malformed(read, written, 1, restored);
                }
                TrailByte if (0x21..=0x7E).contains(&byte) => {
                    let pointer =
                        usize::from(self.iso2022jp_lead - 0x21) * 94 + usize::from(byte - 0x21);
                    match jis0208_code_point(pointer) {
                        Some(code_point) => code_point,
                        None => {
                            self.iso2022jp_decoder_state = LeadByte;
                            return DecodeResult::malformed(next, written, 2, 0);
                        }
                    }
                }
                TrailByte => {
                    self.iso2022jp_decoder_state = LeadByte;
                    return DecodeResult::malformed(next, written, 2, 0);
                }
                EscapeStart => {
                    if byte == 0x24 || byte == 0x28 {
                        self.iso2022jp_lead = byte;
                        self.iso2022jp_decoder_state = Escape;
                        read = next;
                        continue;
                    }
                    // Restore `byte`; the ESC is the malformed sequence.
                    self.escape_error();
                    let restored = unread(self);
                    return DecodeResult::malformed(read, written, 1, restored);
                }
                Escape => {
                    let lead = self.iso2022jp_lead;
                    self.iso2022jp_lead = 0x00;
                    let state = match (lead, byte) {
                        (0x28, 0x42) => Some(Ascii),
                        (0x28, 0x4A) => Some(Roman),
                        (0x28, 0x49) => Some(Katakana),
                        (0x24, 0x40 | 0x42) => Some(LeadByte),
                        _ => None,
                    };
                    if let Some(state) = state {
                        self.iso2022jp_decoder_state = state;
                        self.iso2022jp_decoder_output_state = state;
                        let output = self.iso2022jp_output;
                        self.iso2022jp_output = true;
                        read = next;
                        if output {
                            // An escape sequence right after another.
                            return DecodeResult::malformed(read, written, 3, 0);
                        }
                        continue;
                    }
                    // Restore « lead, byte »: `byte` stays unread (it is never a held byte:
                    // a held byte is read in an output state); the ESC is the malformed
                    // sequence.
                    self.escape_error();
                    self.restored = held;
                    return self.restore_lead(lead, read, written);
                }
            };
            // Output `code_point`, which consumes `byte`.
            let Some(len) = write_bmp(dst, written, code_point) else {
                unread(self);
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            };
            written += len;
            self.iso2022jp_output = false;
            if self.iso2022jp_decoder_state == TrailByte {
                self.iso2022jp_decoder_state = LeadByte;
            }
            read = next;
        }
    }

    /// Restores the escape's leading byte, which was read just before `read`: in this call if
    /// `read > 0` (it is then left unread), else in an earlier one (it is then held). Reports
    /// the ESC before it as the malformed sequence.
    fn restore_lead(&mut self, lead: u8, read: usize, written: usize) -> DecodeResult {
        match read.checked_sub(1) {
            Some(read) => DecodeResult::malformed(read, written, 1, 0),
            None => {
                self.restored = Some(lead);
                DecodeResult::malformed(read, written, 1, 1)
            }
        }
    }

    /// The end of `src` (no byte held).
    fn end(&mut self, read: usize, written: usize, last: bool) -> DecodeResult {
        use Iso2022JpDecoderState::*;
        if last {
            match self.iso2022jp_decoder_state {
                Ascii | Roman | Katakana | LeadByte => {}
                TrailByte => {
                    self.iso2022jp_decoder_state = LeadByte;
                    return DecodeResult::malformed(read, written, 1, 0);
                }
                EscapeStart => {
                    self.escape_error();
                    return DecodeResult::malformed(read, written, 1, 0);
                }
                Escape => {
                    let lead = self.iso2022jp_lead;
                    self.iso2022jp_lead = 0x00;
                    self.escape_error();
                    return self.restore_lead(lead, read, written);
                }
            }
        }
        DecodeResult::new(read, written, DecodeStatus::InputEmpty)
    }
}

/// The ISO-2022-JP encoder's states, named as in the standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Iso2022JpEncoderState {
    Ascii,
    Roman,
    Jis0208,
}

/// <https://encoding.spec.whatwg.org/#iso-2022-jp-encoder>
#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpEncoder {
    iso2022jp_encoder_state: Iso2022JpEncoderState,
}

impl Iso2022JpEncoder {
    pub(crate) fn new() -> Self {
        Iso2022JpEncoder {
            iso2022jp_encoder_state: Iso2022JpEncoderState::Ascii,
        }
    }

    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], last: bool) -> EncodeResult {
        use Iso2022JpEncoderState::*;
        let bytes = src.as_bytes();
        let (mut read, mut written) = (0, 0);
        loop {
            if self.iso2022jp_encoder_state == Ascii {
                let n = copy_plain(&bytes[read..], &mut dst[written..], |b| {
                    matches!(b, SO | SI | ESC)
                });
                read += n;
                written += n;
            } else if self.iso2022jp_encoder_state == Jis0208 {
                let (n, w) = encode_jis0208_run(&bytes[read..], &mut dst[written..]);
                read += n;
                written += w;
            }
            let state = self.iso2022jp_encoder_state;
            let Some(c) = src[read..].chars().next() else {
                if last && state != Ascii {
                    let Some(slot) = dst.get_mut(written..written + 3) else {
                        return EncodeResult::new(read, written, EncodeStatus::OutputFull);
                    };
                    slot.copy_from_slice(b"\x1B(B");
                    written += 3;
                    self.iso2022jp_encoder_state = Ascii;
                }
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            let next = read + c.len_utf8();
            // Either the bytes for `c` (which consume it) or an escape sequence that switches
            // to `switch` and leaves `c` to be read again in the new state.
            let mut buf = [0u8; 2];
            let (out, switch): (&[u8], _) = match c {
                '\u{0E}' | '\u{0F}' | '\u{1B}' if state != Jis0208 => {
                    // Refused with U+FFFD so an escape can never come from the input.
                    let u = Unmappable {
                        input: c,
                        code_point: '\u{FFFD}',
                    };
                    return EncodeResult::new(next, written, EncodeStatus::Unmappable(u));
                }
                '\0'..='\x7F' if state == Ascii => {
                    buf[0] = c as u8;
                    (&buf[..1], None)
                }
                '\0'..='\x7F' if state == Roman && c != '\\' && c != '~' => {
                    buf[0] = c as u8;
                    (&buf[..1], None)
                }
                '\u{A5}' if state == Roman => (b"\x5C", None),
                '\u{203E}' if state == Roman => (b"\x7E", None),
                '\0'..='\x7F' => (b"\x1B(B", Some(Ascii)),
                '\u{A5}' | '\u{203E}' => (b"\x1B(J", Some(Roman)),
                _ => {
                    let code_point = match c {
                        '\u{2212}' => '\u{FF0D}',
                        '\u{FF61}'..='\u{FF9F}' => iso_2022_jp_katakana(c as usize - 0xFF61)
                            .and_then(|k| char::from_u32(u32::from(k)))
                            .unwrap_or(c),
                        _ => c,
                    };
                    match jis0208_pointer(code_point) {
                        None if state == Jis0208 => (b"\x1B(B", Some(Ascii)),
                        None => {
                            let u = Unmappable {
                                input: c,
                                code_point,
                            };
                            return EncodeResult::new(next, written, EncodeStatus::Unmappable(u));
                        }
                        Some(_) if state != Jis0208 => (b"\x1B$B", Some(Jis0208)),
                        Some(pointer) => {
                            buf = [(pointer / 94 + 0x21) as u8, (pointer % 94 + 0x21) as u8];
                            (&buf, None)
                        }
                    }
                }
            };
            let Some(slot) = dst.get_mut(written..written + out.len()) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            slot.copy_from_slice(out);
            written += out.len();
            match switch {
                Some(state) => self.iso2022jp_encoder_state = state,
                None => read = next,
            }
        }
    }
}
