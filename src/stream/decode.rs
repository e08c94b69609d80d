//! Decoding a stream to UTF-8.

use std::io::{Read, Write};
use std::ops::ControlFlow;

use super::Source;
use super::input::{Input, choose_encoding};
use super::output::Output;
use super::position::Lines;
use super::{Buffers, DecodeOptions, MalformedInput, REPLACEMENT_CHARACTER, StreamError};
use crate::{DecodeStatus, DecoderErrorMode, Encoding, Utf8Check, check_utf8};

/// What a finished decode stream did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The encoding actually decoded (after BOM sniffing).
    pub encoding: Encoding,
    /// Bytes read from the input.
    pub bytes_read: u64,
    /// Bytes of UTF-8 written.
    pub bytes_written: u64,
}

/// Decodes all of `reader` to UTF-8 on `writer`, stopping at the first malformed sequence in
/// fatal mode (see [`decode_with`] to go on after it).
pub fn decode<'s, S: Source<'s>, W: Write + ?Sized>(
    reader: S,
    writer: &mut W,
    options: &DecodeOptions,
    buffers: &mut Buffers,
) -> Result<Decoded, StreamError> {
    decode_with(reader, writer, options, buffers, |_| ControlFlow::Break(()))
}

/// Decodes all of `reader` to UTF-8 on `writer`.
///
/// In fatal mode every malformed sequence is handed to `on_error`, after everything decoded
/// before it has been written. [`ControlFlow::Break`] stops the stream with
/// [`StreamError::Malformed`]; [`ControlFlow::Continue`] goes on as the standard's decoder goes
/// on, writing nothing for the sequence (so a validator can list every error).
pub fn decode_with<'s, S: Source<'s>, W: Write + ?Sized>(
    reader: S,
    writer: &mut W,
    options: &DecodeOptions,
    buffers: &mut Buffers,
    on_error: impl FnMut(&MalformedInput) -> ControlFlow<()>,
) -> Result<Decoded, StreamError> {
    let Buffers { input, output, .. } = buffers;
    let mut input = Input::new(reader, input);
    input.fill_to(3)?;
    let (encoding, bom_len) = choose_encoding(options, input.unread());
    input.consume(bom_len);
    let mut run = DecodeRun {
        output: Output::new(writer, output),
        lines: Lines::new(options.mode == DecoderErrorMode::Fatal),
        encoding,
        mode: options.mode,
        on_error,
    };
    if encoding == Encoding::Utf8 {
        run.utf8(&mut input)?;
    } else {
        run.decoder(&mut input)?;
    }
    run.output.flush()?;
    Ok(Decoded {
        encoding,
        bytes_read: input.position(),
        bytes_written: run.output.total,
    })
}

/// One decode stream in progress.
struct DecodeRun<'a, W: ?Sized, F> {
    output: Output<'a, W>,
    lines: Lines,
    encoding: Encoding,
    mode: DecoderErrorMode,
    on_error: F,
}

impl<W: Write + ?Sized, F: FnMut(&MalformedInput) -> ControlFlow<()>> DecodeRun<'_, W, F> {
    /// UTF-8: valid input is checked in bulk and written straight from the input buffer; an
    /// incomplete character at the end of a buffer is carried over to the next read.
    fn utf8<R: Read>(&mut self, input: &mut Input<'_, R>) -> Result<(), StreamError> {
        loop {
            // A buffer of valid text is written straight from the input buffer; in replacement
            // mode, once an error turns up, the rest of the buffer is assembled in the output
            // buffer so that it is written in one piece, not a write per error.
            let mut copying = false;
            loop {
                let unread = input.unread();
                let check = check_utf8(unread);
                let valid = check.valid_len(unread.len());
                let malformed = match check {
                    Utf8Check::Malformed { len, .. } => Some(len),
                    Utf8Check::Valid | Utf8Check::Incomplete { .. } => None,
                };
                let text = &unread[..valid];
                self.lines.text(text);
                if copying {
                    self.output.push(text)?;
                } else {
                    self.output.direct(text)?;
                }
                input.consume(valid);
                match malformed {
                    Some(len) => {
                        copying = self.mode == DecoderErrorMode::Replacement;
                        self.malformed(input, usize::from(len))?;
                    }
                    None => break,
                }
            }
            if input.eof() {
                // An incomplete character at the end of the input is one malformed sequence.
                let len = input.unread().len();
                if len > 0 {
                    self.malformed(input, len)?;
                }
                return Ok(());
            }
            self.output.flush()?;
            input.fill()?;
        }
    }

    /// Any other encoding: through a [`crate::Decoder`] into the output buffer.
    fn decoder<R: Read>(&mut self, input: &mut Input<'_, R>) -> Result<(), StreamError> {
        let mut decoder = self.encoding.new_decoder(self.mode);
        loop {
            let last = input.eof();
            let (unread, spare) = (input.unread(), self.output.spare());
            let r = decoder.decode_to_utf8(unread, spare, last);
            self.lines.text(&spare[..r.written]);
            self.output.advance(r.written);
            input.consume(r.read);
            match r.status {
                DecodeStatus::InputEmpty if last => return Ok(()),
                DecodeStatus::InputEmpty => {
                    self.output.flush()?;
                    input.fill()?;
                }
                DecodeStatus::OutputFull => self.output.make_room(r.read + r.written)?,
                DecodeStatus::Malformed(m) => {
                    // Consumed already: step back over it to report it.
                    let (len, restored) = (usize::from(m.len), u64::from(m.restored));
                    let end = input.position() - restored;
                    self.report(input, end - len as u64, len)?;
                }
            }
        }
    }

    /// A malformed sequence of `len` bytes at the read position of `input`, not yet consumed.
    fn malformed<R: Read>(
        &mut self,
        input: &mut Input<'_, R>,
        len: usize,
    ) -> Result<(), StreamError> {
        let at = input.position();
        input.consume(len);
        if self.mode == DecoderErrorMode::Replacement {
            self.output.push(REPLACEMENT_CHARACTER.as_bytes())?;
            return Ok(());
        }
        self.report(input, at, len)
    }

    /// Hands the malformed sequence of `len` bytes at offset `at` to `on_error`.
    fn report<R: Read>(
        &mut self,
        input: &Input<'_, R>,
        at: u64,
        len: usize,
    ) -> Result<(), StreamError> {
        self.output.flush()?;
        let mut bytes = [0u8; 4];
        input.recent_bytes(at, &mut bytes[..len]);
        let error = MalformedInput {
            encoding: self.encoding,
            bytes,
            len: len as u8,
            position: self.lines.position(at),
        };
        match (self.on_error)(&error) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(StreamError::Malformed(error)),
        }
    }
}
