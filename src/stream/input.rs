//! The reading side of a stream: the input buffer, what of it is unread, the stream offset, and
//! the byte order mark at the start.

use std::io::{self, Read};

use super::{BomHandling, DecodeOptions, StreamError};
use crate::Encoding;

/// The encoding to decode with and the length of the BOM to skip, given the first (up to 3)
/// bytes of the input.
pub(super) fn choose_encoding(options: &DecodeOptions, start: &[u8]) -> (Encoding, usize) {
    match options.bom {
        BomHandling::Sniff => Encoding::sniff_bom(start).unwrap_or((options.encoding, 0)),
        BomHandling::Strip => match options.encoding.bom() {
            Some(bom) if start.starts_with(bom) => (options.encoding, bom.len()),
            _ => (options.encoding, 0),
        },
        BomHandling::Keep => (options.encoding, 0),
    }
}

/// The reading side: the input buffer, what of it is unread, and the stream offset.
pub(super) struct Input<'a, R> {
    reader: R,
    buf: &'a mut [u8],
    /// `buf[start..end]` is read from the reader but not consumed.
    start: usize,
    end: usize,
    /// The stream offset of `buf[0]`.
    base: u64,
    eof: bool,
    /// The last bytes consumed before `buf[0]`, newest last, so that a malformed sequence
    /// that began in an earlier buffer can still be shown.
    recent: [u8; RECENT],
}

/// Enough history for any malformed sequence (4 bytes) and the bytes restored after it (3).
const RECENT: usize = 8;

impl<'a, R: Read> Input<'a, R> {
    pub(super) fn new(reader: R, buf: &'a mut [u8]) -> Self {
        Input {
            reader,
            buf,
            start: 0,
            end: 0,
            base: 0,
            eof: false,
            recent: [0; RECENT],
        }
    }

    pub(super) fn unread(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    pub(super) fn consume(&mut self, n: usize) {
        self.start += n;
    }

    /// The stream offset of the next unread byte.
    pub(super) fn position(&self) -> u64 {
        self.base + self.start as u64
    }

    /// Whether the reader has said it has no more (the unread bytes are the last).
    pub(super) fn eof(&self) -> bool {
        self.eof
    }

    /// Moves the unread bytes to the front and reads once more after them.
    pub(super) fn fill(&mut self) -> Result<(), StreamError> {
        self.remember(self.start);
        self.buf.copy_within(self.start..self.end, 0);
        self.base += self.start as u64;
        self.end -= self.start;
        self.start = 0;
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(StreamError::Read(e)),
            }
            return Ok(());
        }
    }

    /// Reads until at least `n` bytes are unread or the input ends (a pipe may deliver one
    /// byte at a time, and a BOM must be seen whole).
    pub(super) fn fill_to(&mut self, n: usize) -> Result<(), StreamError> {
        while self.unread().len() < n && !self.eof {
            self.fill()?;
        }
        Ok(())
    }

    /// Keeps the last bytes of `buf[..n]`, about to be discarded, in `recent`.
    fn remember(&mut self, n: usize) {
        let keep = n.min(RECENT);
        self.recent.copy_within(keep.., 0);
        self.recent[RECENT - keep..].copy_from_slice(&self.buf[n - keep..n]);
    }

    /// Copies the bytes at stream offset `at` into `out`; they were read not long ago.
    pub(super) fn recent_bytes(&self, at: u64, out: &mut [u8]) {
        for (i, b) in out.iter_mut().enumerate() {
            let offset = at + i as u64;
            *b = if offset >= self.base {
                self.buf[(offset - self.base) as usize]
            } else {
                // `base - offset` <= RECENT by the contract on malformed sequences.
                self.recent[RECENT - (self.base - offset) as usize]
            };
        }
    }
}
