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

/// What a stream reads: any [`Read`] (through the stream's input buffer), or bytes already in
/// memory, [`InMemory`] (read in place: no copy into a buffer).
pub trait Source<'s>: sealed::Sealed<'s> {}

impl<'s, R: Read> Source<'s> for R {}
impl<'s> Source<'s> for InMemory<'s> {}

/// A whole input already in memory (say, a mapped file), streamed in place: valid UTF-8 decoded
/// as UTF-8 goes from these bytes straight to the writer, and other decoders read them without
/// their being copied into the input buffer first. Positions and output are those of the same
/// bytes read through a reader.
#[derive(Clone, Copy, Debug)]
pub struct InMemory<'s>(pub &'s [u8]);

pub(super) mod sealed {
    use std::io::{self, Read};

    /// How a [`Source`](super::Source) becomes the reading side of a stream.
    pub trait Sealed<'s> {
        /// The reader behind it.
        type Reader: Read;
        /// The reader, or the whole input when it is in memory.
        fn into_parts(self) -> (Self::Reader, Option<&'s [u8]>);
    }

    impl<'s, R: Read> Sealed<'s> for R {
        type Reader = R;
        fn into_parts(self) -> (R, Option<&'s [u8]>) {
            (self, None)
        }
    }

    impl<'s> Sealed<'s> for super::InMemory<'s> {
        type Reader = io::Empty;
        fn into_parts(self) -> (io::Empty, Option<&'s [u8]>) {
            (io::empty(), Some(self.0))
        }
    }
}

/// How much of an in-memory input each step of a stream takes: enough that a step's overhead
/// is nothing, small enough that what was just validated is still in the cache when written.
const IN_MEMORY_STEP: usize = 256 * 1024;

/// The bytes an [`Input`] reads from.
enum Bytes<'a> {
    /// The stream's input buffer, which the reader fills.
    Buffer(&'a mut [u8]),
    /// The whole input, in memory: `base` stays 0 and `end` moves forward.
    Whole(&'a [u8]),
}

impl Bytes<'_> {
    fn get(&self) -> &[u8] {
        match self {
            Bytes::Buffer(buf) => buf,
            Bytes::Whole(bytes) => bytes,
        }
    }
}

/// The reading side: the input buffer, what of it is unread, and the stream offset.
pub(super) struct Input<'a, R> {
    reader: R,
    buf: Bytes<'a>,
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
    /// The reading side of `source`, through `buf` when it is a reader.
    pub(super) fn new<'s: 'a, S: Source<'s, Reader = R>>(source: S, buf: &'a mut [u8]) -> Self {
        let (reader, whole) = source.into_parts();
        Input {
            reader,
            buf: match whole {
                Some(bytes) => Bytes::Whole(bytes),
                None => Bytes::Buffer(buf),
            },
            start: 0,
            end: 0,
            base: 0,
            eof: false,
            recent: [0; RECENT],
        }
    }

    pub(super) fn unread(&self) -> &[u8] {
        &self.buf.get()[self.start..self.end]
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

    /// Moves the unread bytes to the front and reads once more after them, keeping the last
    /// bytes consumed in `recent`. An in-memory input moves its window forward instead.
    pub(super) fn fill(&mut self) -> Result<(), StreamError> {
        let buf = match &mut self.buf {
            Bytes::Whole(bytes) => {
                self.end = bytes.len().min(self.end + IN_MEMORY_STEP);
                self.eof = self.end == bytes.len();
                return Ok(());
            }
            Bytes::Buffer(buf) => buf,
        };
        let keep = self.start.min(RECENT);
        self.recent.copy_within(keep.., 0);
        self.recent[RECENT - keep..].copy_from_slice(&buf[self.start - keep..self.start]);
        buf.copy_within(self.start..self.end, 0);
        self.base += self.start as u64;
        self.end -= self.start;
        self.start = 0;
        loop {
            match self.reader.read(&mut buf[self.end..]) {
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

    /// Copies the bytes at stream offset `at` into `out`; they were read not long ago.
    pub(super) fn recent_bytes(&self, at: u64, out: &mut [u8]) {
        for (i, b) in out.iter_mut().enumerate() {
            let offset = at + i as u64;
            *b = if offset >= self.base {
                self.buf.get()[(offset - self.base) as usize]
            } else {
                // `base - offset` <= RECENT by the contract on malformed sequences.
                self.recent[RECENT - (self.base - offset) as usize]
            };
        }
    }
}
