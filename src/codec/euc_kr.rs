//! EUC-KR: the standard's decoder and encoder over tables generated from index EUC-KR.

use super::ascii::copy_ascii;
use super::multibyte::{encode_pairs, put_bmp};
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_bmp};

include!(concat!(env!("OUT_DIR"), "/euc_kr.rs"));

/// The fast path: decodes from the initial state (no lead held) the longest prefix of `src`
/// made of ASCII and valid pairs that fits, leaving `dst` at least 3 bytes short of its end
/// for pairs. Stops before anything else (an error, a lead at the end of `src`), which the
/// standard's step-by-step decoder then handles. Returns (read, written).
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
        if !(0x81..=0xFE).contains(&lead) || !(0x41..=0xFE).contains(&trail) {
            break;
        }
        let pointer = usize::from(lead - 0x81) * 190 + usize::from(trail - 0x41);
        match EUC_KR_INDEX.get(pointer) {
            Some(&cp) if cp != 0 => {
                written += put_bmp(dst, written, cp);
                read += 2;
            }
            _ => break,
        }
    }
    // ASCII at the end of `src`, or where the room is short.
    if src.get(read).is_some_and(|&b| b < 0x80) {
        let n = copy_ascii(&src[read..], &mut dst[written..]);
        read += n;
        written += n;
    }
    (read, written)
}

/// <https://encoding.spec.whatwg.org/#euc-kr-decoder>
#[derive(Clone, Debug)]
pub(crate) struct EucKrDecoder {
    /// The standard's EUC-KR leading (0x00 when none), read in this or an earlier call.
    euc_kr_lead: u8,
}

impl EucKrDecoder {
    pub(crate) fn new() -> Self {
        EucKrDecoder { euc_kr_lead: 0 }
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            if self.euc_kr_lead == 0 {
                let (n, w) = decode_run(&src[read..], &mut dst[written..]);
                read += n;
                written += w;
                let Some(&byte) = src.get(read) else {
                    return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
                };
                match byte {
                    // decode_run stopped on a full `dst`.
                    0x00..=0x7F => {
                        return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                    }
                    0x81..=0xFE => self.euc_kr_lead = byte,
                    _ => return DecodeResult::malformed(read + 1, written, 1, 0),
                }
                read += 1;
                continue;
            }
            let Some(&byte) = src.get(read) else {
                if last {
                    self.euc_kr_lead = 0;
                    return DecodeResult::malformed(read, written, 1, 0);
                }
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            let leading = self.euc_kr_lead;
            let pointer = (0x41..=0xFE)
                .contains(&byte)
                .then(|| usize::from(leading - 0x81) * 190 + usize::from(byte - 0x41));
            let code_point = pointer
                .and_then(|p| EUC_KR_INDEX.get(p))
                .copied()
                .filter(|&cp| cp != 0);
            if let Some(cp) = code_point {
                let Some(len) = write_bmp(dst, written, cp) else {
                    return DecodeResult::new(read, written, DecodeStatus::OutputFull);
                };
                written += len;
                read += 1;
                self.euc_kr_lead = 0;
                continue;
            }
            self.euc_kr_lead = 0;
            // An ASCII byte is restored (left unread), so it is never masked.
            if byte < 0x80 {
                return DecodeResult::malformed(read, written, 1, 0);
            }
            read += 1;
            return DecodeResult::malformed(read, written, 2, 0);
        }
    }
}

/// The two bytes (lead << 8 | trail) of the index pointer for the BMP code point `cp` in index
/// EUC-KR (the first pointer), from a two-level map generated at build time; 0 when it has none.
#[inline]
fn index_bytes(cp: u32) -> u16 {
    let page = EUC_KR_ENCODE_PAGES[(cp >> 8 & 0xFF) as usize];
    EUC_KR_ENCODE_DATA[usize::from(page)][(cp & 0xFF) as usize]
}

/// The fast path: encodes the longest prefix of `src` made of ASCII and BMP characters in the
/// index that fits in `dst`; stops before anything else. Returns (read, written).
#[inline]
fn encode_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    encode_pairs(src, dst, |cp| match index_bytes(cp) {
        0 => None,
        bytes => Some(bytes.to_be_bytes()),
    })
}

/// <https://encoding.spec.whatwg.org/#euc-kr-encoder>
#[derive(Clone, Debug)]
pub(crate) struct EucKrEncoder;

impl EucKrEncoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let bytes = src.as_bytes();
        let (mut read, mut written) = (0, 0);
        loop {
            let (n, w) = encode_run(&bytes[read..], &mut dst[written..]);
            read += n;
            written += w;
            let Some(c) = src[read..].chars().next() else {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            if c.is_ascii() {
                // encode_run stopped on a full `dst`.
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            }
            let code_point = u32::from(c);
            let bytes = if code_point <= 0xFFFF {
                index_bytes(code_point)
            } else {
                0
            };
            if bytes == 0 {
                return EncodeResult::unmappable(read + c.len_utf8(), written, c);
            }
            let Some(room) = dst.get_mut(written..written + 2) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            room.copy_from_slice(&bytes.to_be_bytes());
            written += 2;
            read += c.len_utf8();
        }
    }
}
