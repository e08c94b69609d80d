//! EUC-KR: the standard's decoder and encoder over tables generated from index EUC-KR.

use super::ascii::copy_ascii;
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_bmp};

include!(concat!(env!("OUT_DIR"), "/euc_kr.rs"));

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
                let n = copy_ascii(&src[read..], &mut dst[written..]);
                read += n;
                written += n;
                let Some(&byte) = src.get(read) else {
                    return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
                };
                match byte {
                    // copy_ascii stopped on a full `dst`.
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

/// The index pointer for `code_point` in index EUC-KR: binary search of the first pointers,
/// sorted by code point, reading each pointer's code point from the decode table.
fn index_pointer(code_point: u32) -> Option<u16> {
    let cp = u16::try_from(code_point).ok()?;
    let i = EUC_KR_ENCODE
        .binary_search_by_key(&cp, |&p| EUC_KR_INDEX[usize::from(p)])
        .ok()?;
    Some(EUC_KR_ENCODE[i])
}

/// <https://encoding.spec.whatwg.org/#euc-kr-encoder>
#[derive(Clone, Debug)]
pub(crate) struct EucKrEncoder;

impl EucKrEncoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let bytes = src.as_bytes();
        let (mut read, mut written) = (0, 0);
        loop {
            let n = copy_ascii(&bytes[read..], &mut dst[written..]);
            read += n;
            written += n;
            let Some(c) = src[read..].chars().next() else {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            if c.is_ascii() {
                // copy_ascii stopped on a full `dst`.
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            }
            let Some(pointer) = index_pointer(u32::from(c)) else {
                return EncodeResult::unmappable(read + c.len_utf8(), written, c);
            };
            let Some(room) = dst.get_mut(written..written + 2) else {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            };
            room.copy_from_slice(&[(pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8]);
            written += 2;
            read += c.len_utf8();
        }
    }
}
