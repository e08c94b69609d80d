//! EUC-JP: JIS X 0208 in two bytes, JIS X 0212 after 0x8F (decoded only) and half-width
//! katakana after 0x8E.

use super::ascii::copy_ascii;
use super::jis0208::{
    JIS0208_CODE_POINTS, jis0208_code_point, jis0208_pointer, jis0208_pointer_bmp,
    jis0212_code_point,
};
use super::multibyte::{encode_pairs, put_bmp};
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_bmp};

/// The fast path: decodes from the initial state (no lead held) the longest prefix of `src`
/// made of ASCII, JIS X 0208 pairs and 0x8E katakana pairs that fits, leaving `dst` at least 3
/// bytes short of its end for pairs. Stops before anything else (JIS X 0212 after 0x8F, errors,
/// a lead at the end of `src`), which the standard's step-by-step decoder then handles. Returns
/// (read, written).
#[inline]
fn decode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    // While both bytes of a pair are there and the longest character fits, without further
    // bounds reasoning.
    while read + 1 < src.len() && dst.len() - written >= 3 {
        let lead = src[read];
        if lead < 0x80 {
            // At least one byte: `lead` is ASCII and there is room.
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            read += n;
            written += n;
            continue;
        }
        let trail = src[read + 1];
        if !(0xA1..=0xFE).contains(&trail) {
            break;
        }
        let code_point = if (0xA1..=0xFE).contains(&lead) {
            let pointer = usize::from(lead - 0xA1) * 94 + usize::from(trail - 0xA1);
            JIS0208_CODE_POINTS.get(pointer).copied().unwrap_or(0)
        } else if lead == 0x8E && trail <= 0xDF {
            0xFF61 - 0xA1 + u16::from(trail)
        } else {
            0
        };
        if code_point == 0 {
            break;
        }
        written += put_bmp(dst, written, code_point);
        read += 2;
    }
    // ASCII at the end of `src`, or where the room is short.
    if src.get(read).is_some_and(|&b| b < 0x80) {
        let n = copy_ascii(&src[read..], &mut dst[written..]);
        read += n;
        written += n;
    }
    (read, written)
}

/// The fast path of the encoder: encodes the longest prefix of `src` made of ASCII and BMP
/// characters in index jis0208 that fits in `dst` (the standard's special cases, U+00A5,
/// U+203E, U+2212 and U+FF61 to U+FF9F, are not in the index); stops before anything else.
/// Returns (read, written).
#[inline]
fn encode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    encode_pairs(src, dst, |cp| {
        let pointer = jis0208_pointer_bmp(cp)?;
        Some([(pointer / 94 + 0xA1) as u8, (pointer % 94 + 0xA1) as u8])
    })
}

/// <https://encoding.spec.whatwg.org/#euc-jp-decoder>
#[derive(Clone, Debug)]
pub(crate) struct EucJpDecoder {
    /// EUC-JP jis0212: the lead byte in `euc_jp_lead` followed 0x8F.
    euc_jp_jis0212: bool,
    /// EUC-JP leading: 0x00 when between characters.
    euc_jp_lead: u8,
}

impl EucJpDecoder {
    pub(crate) fn new() -> Self {
        EucJpDecoder {
            euc_jp_jis0212: false,
            euc_jp_lead: 0x00,
        }
    }

    /// The bytes consumed so far for the pending character: the lead, and 0x8F before it.
    fn pending_len(&self) -> u8 {
        u8::from(self.euc_jp_lead != 0) + u8::from(self.euc_jp_jis0212)
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.euc_jp_lead == 0x00 {
                let (n, w) = decode_run(&src[read..], &mut dst[written..]);
                read += n;
                written += w;
            }
            let Some(&byte) = src.get(read) else {
                if last && self.euc_jp_lead != 0x00 {
                    let len = self.pending_len();
                    self.euc_jp_lead = 0x00;
                    self.euc_jp_jis0212 = false;
                    return DecodeResult::malformed(read, written, len, 0);
                }
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            let lead = self.euc_jp_lead;
            if lead == 0x8E && (0xA1..=0xDF).contains(&byte) {
                let code_point = 0xFF61 - 0xA1 + u16::from(byte);
                let Some(len) = write_bmp(dst, written, code_point) else {
                    return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                };
                written += len;
                self.euc_jp_lead = 0x00;
                read += 1;
                continue;
            }
            if lead == 0x8F && (0xA1..=0xFE).contains(&byte) {
                self.euc_jp_jis0212 = true;
                self.euc_jp_lead = byte;
                read += 1;
                continue;
            }
            if lead != 0x00 {
                let mut code_point = None;
                if (0xA1..=0xFE).contains(&lead) && (0xA1..=0xFE).contains(&byte) {
                    let pointer = usize::from(lead - 0xA1) * 94 + usize::from(byte - 0xA1);
                    code_point = if self.euc_jp_jis0212 {
                        jis0212_code_point(pointer)
                    } else {
                        jis0208_code_point(pointer)
                    };
                }
                if let Some(code_point) = code_point {
                    let Some(len) = write_bmp(dst, written, code_point) else {
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    };
                    written += len;
                    self.euc_jp_lead = 0x00;
                    self.euc_jp_jis0212 = false;
                    read += 1;
                    continue;
                }
                let len = self.pending_len();
                self.euc_jp_lead = 0x00;
                self.euc_jp_jis0212 = false;
                if byte < 0x80 {
                    // Restored: an ASCII byte is never masked, so it stays unread.
                    return DecodeResult::malformed(read, written, len, 0);
                }
                return DecodeResult::malformed(read + 1, written, len + 1, 0);
            }
            match byte {
                // decode_run stopped on a full `dst`.
                0x00..=0x7F => return DecodeResult::new(read, written, DecodeStatus::OutputFull),
                0x8E | 0x8F | 0xA1..=0xFE => {
                    self.euc_jp_lead = byte;
                    read += 1;
                }
                _ => return DecodeResult::malformed(read + 1, written, 1, 0),
            }
        }
    }
}

/// <https://encoding.spec.whatwg.org/#euc-jp-encoder>
#[derive(Clone, Debug)]
pub(crate) struct EucJpEncoder;

impl EucJpEncoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            let (n, w) = encode_run(&src.as_bytes()[read..], &mut dst[written..]);
            read += n;
            written += w;
            let Some(c) = src[read..].chars().next() else {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            let buf: [u8; 2];
            let out: &[u8] = match c {
                // An ASCII code point here means encode_run stopped on a full `dst`.
                '\0'..='\x7F' => return EncodeResult::new(read, written, EncodeStatus::OutputFull),
                '\u{A5}' => b"\x5C",
                '\u{203E}' => b"\x7E",
                '\u{FF61}'..='\u{FF9F}' => {
                    buf = [0x8E, (u32::from(c) - 0xFF61 + 0xA1) as u8];
                    &buf
                }
                _ => {
                    let code_point = if c == '\u{2212}' { '\u{FF0D}' } else { c };
                    let Some(pointer) = jis0208_pointer(code_point) else {
                        // (U+2212 never gets here: U+FF0D is in the index.)
                        return EncodeResult::unmappable(read + c.len_utf8(), written, c);
                    };
                    buf = [(pointer / 94 + 0xA1) as u8, (pointer % 94 + 0xA1) as u8];
                    &buf
                }
            };
            let Some(slot) = dst.get_mut(written..written + out.len()) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            slot.copy_from_slice(out);
            written += out.len();
            read += c.len_utf8();
        }
    }
}
