//! The 28 single-byte encodings: the standard's single-byte decoder and encoder over tables
//! generated from their indexes.

use super::ascii::copy_ascii;
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus};
use crate::Encoding;

/// One single-byte encoding's tables (see `build/single_byte.rs` for their layout).
#[derive(Debug)]
pub(crate) struct SingleByteTable {
    /// For each byte 0x80..=0xFF: its character's UTF-8 bytes, then their count (0: unmapped).
    pub(crate) decode_utf8: &'static [[u8; 4]; 128],
    /// For each high byte of a BMP code point: 0, or the 1-based index of its page.
    pub(crate) encode_pages: &'static [u8; 256],
    /// Pages of 256 bytes: the byte for each low byte of a code point (0: unmapped).
    pub(crate) encode_data: &'static [[u8; 256]],
}

include!(concat!(env!("OUT_DIR"), "/single_byte.rs"));

/// The tables of `encoding`, if it is a single-byte encoding (x-user-defined is not: it is
/// algorithmic).
pub(crate) fn table(encoding: Encoding) -> Option<&'static SingleByteTable> {
    let i = (encoding as usize).checked_sub(Encoding::Ibm866 as usize)?;
    SINGLE_BYTE_TABLES.get(i)
}

/// <https://encoding.spec.whatwg.org/#single-byte-decoder>
#[derive(Clone, Debug)]
pub(crate) struct SingleByteDecoder {
    table: &'static SingleByteTable,
}

impl SingleByteDecoder {
    pub(crate) fn new(table: &'static SingleByteTable) -> Self {
        SingleByteDecoder { table }
    }

    pub(crate) fn decode(&mut self, src: &[u8], dst: &mut [u8], _last: bool) -> DecodeResult {
        let (mut read, mut written) = (0, 0);
        loop {
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            read += n;
            written += n;
            // While there is room for the longest character (3 bytes), decode without further
            // bounds reasoning: every byte writes its slot's three bytes and advances by its
            // length.
            while read < src.len() && dst.len() - written >= 3 {
                let byte = src[read];
                if byte < 0x80 {
                    if starts_ascii_word(&src[read..]) {
                        break; // a run of ASCII: back to the word-at-a-time copy
                    }
                    dst[written] = byte;
                    written += 1;
                    read += 1;
                    continue;
                }
                let slot = &self.table.decode_utf8[usize::from(byte - 0x80)];
                let len = usize::from(slot[3]);
                if len == 0 {
                    return DecodeResult::malformed(read + 1, written, 1, 0);
                }
                dst[written..written + 3].copy_from_slice(&slot[..3]);
                written += len;
                read += 1;
            }
            let Some(&byte) = src.get(read) else {
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            if byte < 0x80 {
                if written < dst.len() {
                    continue;
                }
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            }
            // Less than 3 bytes of room: write the character only if it fits exactly.
            let slot = &self.table.decode_utf8[usize::from(byte - 0x80)];
            let len = usize::from(slot[3]);
            if len == 0 {
                return DecodeResult::malformed(read + 1, written, 1, 0);
            }
            if dst.len() - written < len {
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            }
            dst[written..written + len].copy_from_slice(&slot[..len]);
            written += len;
            read += 1;
        }
    }
}

/// Whether `src` starts with eight ASCII bytes, worth handing to the word-at-a-time copy.
#[inline]
fn starts_ascii_word(src: &[u8]) -> bool {
    src.get(..8)
        .is_some_and(|w| u64::from_ne_bytes(w.try_into().unwrap()) & 0x8080_8080_8080_8080 == 0)
}

/// <https://encoding.spec.whatwg.org/#single-byte-encoder>
#[derive(Clone, Debug)]
pub(crate) struct SingleByteEncoder {
    table: &'static SingleByteTable,
}

impl SingleByteEncoder {
    pub(crate) fn new(table: &'static SingleByteTable) -> Self {
        SingleByteEncoder { table }
    }

    /// The byte for `c`, the "index pointer" + 0x80, in two table lookups.
    #[inline]
    fn pointer_byte(&self, c: char) -> Option<u8> {
        let cp = u32::from(c);
        if cp > 0xFFFF {
            return None;
        }
        let page = self.table.encode_pages[(cp >> 8) as usize];
        let page = self
            .table
            .encode_data
            .get(usize::from(page).checked_sub(1)?)?;
        match page[(cp & 0xFF) as usize] {
            0 => None,
            byte => Some(byte),
        }
    }

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
            if written == dst.len() {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            }
            read += c.len_utf8();
            match self.pointer_byte(c) {
                Some(b) => {
                    dst[written] = b;
                    written += 1;
                }
                None => return EncodeResult::unmappable(read, written, c),
            }
        }
    }
}
