//! x-user-defined: bytes 0x80..=0xFF are U+F780..=U+F7FF.

use super::ascii::copy_ascii;
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_bmp};

/// <https://encoding.spec.whatwg.org/#x-user-defined-decoder>
#[derive(Clone, Debug)]
pub(crate) struct XUserDefinedDecoder;

impl XUserDefinedDecoder {
    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], _last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            read += n;
            written += n;
            let Some(&byte) = src.get(read) else {
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            if byte < 0x80 {
                // copy_ascii stopped on a full `dst`.
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            }
            let code_point = 0xF780 + u16::from(byte) - 0x80;
            let Some(len) = write_bmp(dst, written, code_point) else {
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            };
            written += len;
            read += 1;
        }
    }
}

/// <https://encoding.spec.whatwg.org/#x-user-defined-encoder>
#[derive(Clone, Debug)]
pub(crate) struct XUserDefinedEncoder;

impl XUserDefinedEncoder {
    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            let n = copy_ascii(&src.as_bytes()[read..], &mut dst[written..]);
            read += n;
            written += n;
            let Some(c) = src[read..].chars().next() else {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            };
            if written == dst.len() {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            }
            read += c.len_utf8();
            match u32::from(c) {
                cp @ 0xF780..=0xF7FF => {
                    dst[written] = (cp - 0xF780 + 0x80) as u8;
                    written += 1;
                }
                _ => return EncodeResult::unmappable(read, written, c),
            }
        }
    }
}
