//! Encoding a stream of UTF-8 text.

use std::io::{Read, Write};

use super::Source;
use super::input::Input;
use super::output::Output;
use super::position::Lines;
use super::{Buffers, MalformedInput, REPLACEMENT_CHARACTER, StreamError, UnmappableChar};
use crate::{EncodeStatus, Encoder, EncoderErrorMode, Encoding, Utf8Check, valid_utf8_prefix};

/// What a finished encode stream did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoded {
    /// Bytes of UTF-8 read from the input.
    pub bytes_read: u64,
    /// Bytes written.
    pub bytes_written: u64,
}

/// Encodes all of `reader`, UTF-8 text, with `encoder` on `writer`, writing `prefix` (say the
/// encoding's BOM) first. A UTF-8 BOM at the start of the input is removed.
///
/// Malformed UTF-8 in the input stops the stream with [`StreamError::Malformed`] when the
/// encoder is in fatal mode, and is encoded as U+FFFD in html mode (the standard's UTF-8
/// decode, then its encode). An unmappable character stops a fatal encoder with
/// [`StreamError::Unmappable`]. Either way everything before the error has been written, and
/// the encoder has ended its output (ISO-2022-JP is back in ASCII).
///
/// ```
/// use wtf_enc::stream::{self, Buffers, StreamError};
/// use wtf_enc::{EncoderErrorMode, Encoding};
///
/// let encoder = Encoding::Windows1252.new_encoder(EncoderErrorMode::Fatal).unwrap();
/// let mut out = Vec::new();
/// let input = "caf\u{e9}\n\u{2603}".as_bytes();
/// match stream::encode(input, &mut out, encoder, b"", &mut Buffers::new()) {
///     Err(StreamError::Unmappable(e)) => assert_eq!(
///         e.to_string(),
///         "U+2603 cannot be encoded in windows-1252 at byte 6 (line 2, column 1)"
///     ),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(out, b"caf\xE9\n");
/// ```
pub fn encode<'s, S: Source<'s>, W: Write + ?Sized>(
    reader: S,
    writer: &mut W,
    encoder: Encoder,
    prefix: &[u8],
    buffers: &mut Buffers,
) -> Result<Encoded, StreamError> {
    let Buffers { input, output, .. } = buffers;
    let mut input = Input::new(reader, input);
    let mut run = EncodeRun {
        output: Output::new(writer, output),
        lines: Lines::new(encoder.mode() == EncoderErrorMode::Fatal),
        encoder,
    };
    run.output.push(prefix)?;
    input.fill_to(3)?;
    if input.unread().starts_with(b"\xEF\xBB\xBF") {
        input.consume(3);
    }
    let result = run.text(&mut input);
    // Whatever happened, end the encoder's output (ISO-2022-JP returns to ASCII) and write
    // everything before the error; a write error wins over the error that stopped it.
    if !matches!(result, Err(StreamError::Read(_) | StreamError::Write(_))) {
        run.encode(input.position(), "", true)?;
    }
    run.output.flush()?;
    result?;
    Ok(Encoded {
        bytes_read: input.position(),
        bytes_written: run.output.total,
    })
}

/// One encode stream in progress.
struct EncodeRun<'a, W: ?Sized> {
    output: Output<'a, W>,
    lines: Lines,
    encoder: Encoder,
}

impl<W: Write + ?Sized> EncodeRun<'_, W> {
    /// Checks the input as UTF-8 in bulk and hands each valid run to the encoder.
    fn text<R: Read>(&mut self, input: &mut Input<'_, R>) -> Result<(), StreamError> {
        loop {
            loop {
                let at = input.position();
                let (text, check) = valid_utf8_prefix(input.unread());
                let valid = text.len();
                self.encode(at, text, false)?;
                input.consume(valid);
                match check {
                    Utf8Check::Malformed { len, .. } => self.malformed(input, usize::from(len))?,
                    Utf8Check::Valid | Utf8Check::Incomplete { .. } => break,
                }
            }
            if input.eof() {
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

    /// Malformed UTF-8 input of `len` bytes at the read position.
    fn malformed<R: Read>(
        &mut self,
        input: &mut Input<'_, R>,
        len: usize,
    ) -> Result<(), StreamError> {
        let at = input.position();
        let mut bytes = [0u8; 4];
        bytes[..len].copy_from_slice(&input.unread()[..len]);
        input.consume(len);
        if self.encoder.mode() == EncoderErrorMode::Html {
            return self.encode(at, REPLACEMENT_CHARACTER, false);
        }
        Err(StreamError::Malformed(MalformedInput {
            encoding: Encoding::Utf8,
            bytes,
            len: len as u8,
            position: self.lines.position(at),
        }))
    }

    /// Encodes `text`, which starts at byte `at` of the input, into the output buffer.
    fn encode(&mut self, at: u64, text: &str, last: bool) -> Result<(), StreamError> {
        let (encoder, output, lines) = (&mut self.encoder, &mut self.output, &mut self.lines);
        encode_text(encoder, output, lines, text, last, |offset| {
            at + offset as u64
        })
    }
}

/// Encodes `text` into `output`, counting lines and columns over what the encoder consumed;
/// `input_offset` maps a byte offset of `text` to the input offset an unmappable character is
/// reported at. The one encoding loop of [`encode`] and [`convert`](super::convert).
pub(super) fn encode_text<W: Write + ?Sized>(
    encoder: &mut Encoder,
    output: &mut Output<'_, W>,
    lines: &mut Lines,
    text: &str,
    last: bool,
    input_offset: impl Fn(usize) -> u64,
) -> Result<(), StreamError> {
    let mut read = 0;
    loop {
        let r = encoder.encode_from_utf8(&text[read..], output.spare(), last);
        output.advance(r.written);
        let done = &text.as_bytes()[read..read + r.read];
        read += r.read;
        match r.status {
            EncodeStatus::InputEmpty => {
                lines.text(done);
                return Ok(());
            }
            EncodeStatus::OutputFull => {
                lines.text(done);
                output.make_room(r.read + r.written)?;
            }
            EncodeStatus::Unmappable(u) => {
                let len = u.input.len_utf8();
                lines.text(&done[..done.len() - len]);
                return Err(StreamError::Unmappable(UnmappableChar {
                    encoding: encoder.encoding(),
                    character: u.input,
                    position: lines.position(input_offset(read - len)),
                }));
            }
        }
    }
}
