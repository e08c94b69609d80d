//! The writing side of a stream: the output buffer and the writer.

use std::io::{self, Write};

use super::StreamError;

/// The writing side: the output buffer and the writer.
pub(super) struct Output<'a, W: ?Sized> {
    writer: &'a mut W,
    buf: &'a mut [u8],
    len: usize,
    pub(super) total: u64,
}

impl<'a, W: Write + ?Sized> Output<'a, W> {
    pub(super) fn new(writer: &'a mut W, buf: &'a mut [u8]) -> Self {
        Output {
            writer,
            buf,
            len: 0,
            total: 0,
        }
    }

    pub(super) fn spare(&mut self) -> &mut [u8] {
        &mut self.buf[self.len..]
    }

    pub(super) fn advance(&mut self, n: usize) {
        self.len += n;
    }

    /// Writes out the buffer.
    pub(super) fn flush(&mut self) -> Result<(), StreamError> {
        if self.len > 0 {
            let len = self.len;
            self.len = 0;
            self.write(len)?;
        }
        Ok(())
    }

    fn write(&mut self, len: usize) -> Result<(), StreamError> {
        self.writer
            .write_all(&self.buf[..len])
            .map_err(StreamError::Write)?;
        self.total += len as u64;
        Ok(())
    }

    /// After a codec said the output is full: writes out the buffer. `progress` is what the
    /// codec read and wrote; none with an empty buffer would mean a buffer too small to ever
    /// go on, which [`MIN_OUTPUT_SIZE`](super::buffers::MIN_OUTPUT_SIZE) rules out.
    pub(super) fn make_room(&mut self, progress: usize) -> Result<(), StreamError> {
        if progress == 0 && self.len == 0 {
            return Err(StreamError::Write(io::Error::other(
                "internal error: output buffer too small",
            )));
        }
        self.flush()
    }

    /// Appends `bytes` to the buffer, writing it out first when they do not fit.
    pub(super) fn push(&mut self, bytes: &[u8]) -> Result<(), StreamError> {
        if bytes.len() > self.buf.len() - self.len {
            self.flush()?;
            if bytes.len() > self.buf.len() {
                return self.direct(bytes);
            }
        }
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
        Ok(())
    }

    /// Writes `bytes` straight to the writer, after what the buffer holds.
    pub(super) fn direct(&mut self, bytes: &[u8]) -> Result<(), StreamError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.flush()?;
        self.writer.write_all(bytes).map_err(StreamError::Write)?;
        self.total += bytes.len() as u64;
        Ok(())
    }
}
