//! The 28 single-byte encodings: the standard's single-byte decoder and encoder over tables
//! generated from their indexes.

use super::ascii::copy_ascii;
use super::{DecodeResult, DecodeStatus, EncodeResult, EncodeStatus, write_bmp};
use crate::Encoding;

/// One single-byte encoding's tables.
#[derive(Debug)]
pub(crate) struct SingleByteTable {
    /// The code point of each byte 0x80..=0xFF, or 0 where the index has none.
    pub(crate) decode: &'static [u16; 128],
    /// (code point, byte) pairs sorted by code point; the first pointer wins for duplicates.
    pub(crate) encode: &'static [(u16, u8)],
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
            let Some(&byte) = src.get(read) else {
                return DecodeResult::new(read, written, DecodeStatus::InputEmpty);
            };
            if byte < 0x80 {
                // copy_ascii stopped on a full `dst`.
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            }
            let code_point = self.table.decode[usize::from(byte - 0x80)];
            if code_point == 0 {
                return DecodeResult::malformed(read + 1, written, 1, 0);
            }
            let Some(len) = write_bmp(dst, written, code_point) else {
                return DecodeResult::new(read, written, DecodeStatus::OutputFull);
            };
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

    /// The byte for `c`, the "index pointer" + 0x80, by binary search of the sorted table.
    fn pointer_byte(&self, c: char) -> Option<u8> {
        let cp = u16::try_from(u32::from(c)).ok()?;
        let i = self
            .table
            .encode
            .binary_search_by_key(&cp, |&(cp, _)| cp)
            .ok()?;
        Some(self.table.encode[i].1)
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
