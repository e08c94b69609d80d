//! The 28 single-byte encodings: the standard's single-byte decoder and encoder over tables
//! generated from their indexes.

use super::ascii::{copy_ascii, starts_ascii_word};
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus};
use crate::Encoding;

/// One single-byte encoding's tables (see `build/single_byte.rs` for their layout).
#[derive(Debug)]
pub(crate) struct SingleByteTable {
    /// For each byte: its character's UTF-8 bytes, then their count (0: unmapped).
    pub(crate) decode_utf8: &'static [[u8; 4]; 256],
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
            // Eight bytes at a time while there is room for eight 4-byte stores, every byte
            // through the table (ASCII included, so mixed text takes no branch per byte): each
            // stores its whole slot, the character's UTF-8 padded to four bytes, and advances by
            // the character's length; what lies past it is overwritten next. A word of ASCII
            // goes back to the vector copy.
            let table = self.table.decode_utf8;
            while src.len() - read >= 8 && dst.len() - written >= 32 {
                let word: [u8; 8] = src[read..read + 8].try_into().unwrap();
                if u64::from_ne_bytes(word) & 0x8080_8080_8080_8080 == 0 {
                    break;
                }
                for (i, &byte) in word.iter().enumerate() {
                    let slot = table[usize::from(byte)];
                    let len = usize::from(slot[3]);
                    if len == 0 {
                        return DecodeResult::malformed(read + i + 1, written, 1, 0);
                    }
                    dst[written..written + 4].copy_from_slice(&slot);
                    written += len;
                }
                read += 8;
            }
            // Then byte by byte while there is room for one 4-byte store.
            while read < src.len() && dst.len() - written >= 4 {
                let byte = src[read];
                if byte < 0x80 && starts_ascii_word(&src[read..]) {
                    break;
                }
                let slot = table[usize::from(byte)];
                let len = usize::from(slot[3]);
                if len == 0 {
                    return DecodeResult::malformed(read + 1, written, 1, 0);
                }
                dst[written..written + 4].copy_from_slice(&slot);
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
            // Little room left: write the character only if it fits exactly.
            let slot = &self.table.decode_utf8[usize::from(byte)];
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

/// <https://encoding.spec.whatwg.org/#single-byte-encoder>
#[derive(Clone, Debug)]
pub(crate) struct SingleByteEncoder {
    table: &'static SingleByteTable,
}

impl SingleByteEncoder {
    pub(crate) fn new(table: &'static SingleByteTable) -> Self {
        SingleByteEncoder { table }
    }

    /// The byte for the BMP code point `cp`, the "index pointer" + 0x80, in two table lookups;
    /// 0 when the index has none (no pointer maps to 0x00).
    #[inline(always)]
    fn pointer_byte(pages: &[u8; 256], data: &[[u8; 256]], cp: u32) -> u8 {
        match usize::from(pages[(cp >> 8 & 0xFF) as usize]).checked_sub(1) {
            Some(page) => data[page][(cp & 0xFF) as usize],
            None => 0,
        }
    }

    pub(crate) fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> EncodeResult {
        let bytes = src.as_bytes();
        let (pages, data) = (self.table.encode_pages, self.table.encode_data);
        let (mut read, mut written) = (0, 0);
        loop {
            let n = copy_ascii(&bytes[read..], &mut dst[written..]);
            read += n;
            written += n;
            // Characters one at a time while there is room, decoding the (valid) UTF-8 here; a
            // lone ASCII byte between them is written directly, a run goes back to copy_ascii.
            while read < bytes.len() && written < dst.len() {
                let lead = bytes[read];
                if lead < 0x80 {
                    if starts_ascii_word(&bytes[read..]) {
                        break;
                    }
                    dst[written] = lead;
                    written += 1;
                    read += 1;
                    continue;
                }
                let (cp, len) = if lead < 0xE0 {
                    (
                        u32::from(lead & 0x1F) << 6 | u32::from(bytes[read + 1] & 0x3F),
                        2,
                    )
                } else if lead < 0xF0 {
                    let cp = u32::from(lead & 0x0F) << 12
                        | u32::from(bytes[read + 1] & 0x3F) << 6
                        | u32::from(bytes[read + 2] & 0x3F);
                    (cp, 3)
                } else {
                    (0x10000, 4) // beyond the BMP: never in a single-byte index
                };
                let byte = if cp > 0xFFFF {
                    0
                } else {
                    Self::pointer_byte(pages, data, cp)
                };
                read += len;
                if byte == 0 {
                    let c = src[read - len..]
                        .chars()
                        .next()
                        .expect("a character was read");
                    return EncodeResult::unmappable(read, written, c);
                }
                dst[written] = byte;
                written += 1;
            }
            if read == bytes.len() {
                return EncodeResult::new(read, written, EncodeStatus::InputEmpty);
            }
            if written == dst.len() {
                return EncodeResult::new(read, written, EncodeStatus::OutputFull);
            }
        }
    }
}
