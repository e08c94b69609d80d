//! Converting a stream from one encoding to another in one pass.

use std::io::{Read, Write};

use super::Source;
use super::encode::encode_text;
use super::input::{Input, choose_encoding};
use super::output::Output;
use super::position::Lines;
use super::{Buffers, DecodeOptions, MalformedInput, REPLACEMENT_CHARACTER, StreamError};
use crate::{
    DecodeStatus, Decoder, DecoderErrorMode, EncodeStatus, Encoder, EncoderErrorMode, Encoding,
};

/// What a finished [`convert`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The encoding actually decoded (after BOM sniffing).
    pub encoding: Encoding,
    /// Bytes read from the input.
    pub bytes_read: u64,
    /// Bytes written.
    pub bytes_written: u64,
}

/// Decodes all of `reader` as `options` say and encodes the text with `encoder` on `writer`, in
/// one pass: each buffer of decoded text goes straight to the encoder. `prefix` (say the
/// target's BOM) is written first.
///
/// The output is what [`decode`](super::decode) and then [`encode`](super::encode) give: a
/// U+FEFF at the very start of the decoded text is removed (as [`encode`](super::encode) removes
/// a UTF-8 BOM), malformed input becomes U+FFFD (which the encoder may find unmappable) or, in
/// fatal mode, stops the stream with
/// [`StreamError::Malformed`]; an unmappable character stops a fatal encoder with
/// [`StreamError::Unmappable`]. Either way everything before the error has been written and the
/// encoder has ended its output.
///
/// Both errors carry positions in the *input*: for an unmappable character, the offset of the
/// bytes it was decoded from (a U+FFFD from the malformed sequence it replaces). The decoded
/// text does not say which bytes each character came from, so on that error, and only then,
/// the piece of input is decoded again from a copy of the decoder's state as it was before the
/// piece, into room for exactly the text before the character: where that stops, less the bytes
/// the decoder holds (a lead byte read before it knew the character would not fit), is where the
/// character's bytes start.
///
/// ```
/// use wtf_enc::stream::{self, BomHandling, Buffers, DecodeOptions, StreamError};
/// use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};
///
/// let options = DecodeOptions {
///     encoding: Encoding::ShiftJis,
///     mode: DecoderErrorMode::Fatal,
///     bom: BomHandling::Sniff,
/// };
/// let encoder = Encoding::Windows1252.new_encoder(EncoderErrorMode::Fatal).unwrap();
/// let mut out = Vec::new();
/// // "a", LF, U+00F7 (0x81 0x80), then U+3042 (0x82 0xA0), which windows-1252 lacks.
/// let input = &b"a\n\x81\x80\x82\xA0"[..];
/// match stream::convert(input, &mut out, &options, encoder, b"", &mut Buffers::new()) {
///     Err(StreamError::Unmappable(e)) => assert_eq!(
///         e.to_string(),
///         "U+3042 cannot be encoded in windows-1252 at byte 4 (line 2, column 2)"
///     ),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(out, b"a\n\xF7");
/// ```
pub fn convert<'s, S: Source<'s>, W: Write + ?Sized>(
    reader: S,
    writer: &mut W,
    options: &DecodeOptions,
    encoder: Encoder,
    prefix: &[u8],
    buffers: &mut Buffers,
) -> Result<Converted, StreamError> {
    let Buffers {
        input,
        output,
        text,
    } = buffers;
    if text.is_empty() {
        text.resize(output.len(), 0);
    }
    let mut input = Input::new(reader, input);
    let mut output = Output::new(writer, output);
    output.push(prefix)?;
    input.fill_to(3)?;
    let (encoding, bom_len) = choose_encoding(options, input.unread());
    input.consume(bom_len);
    let tracking =
        options.mode == DecoderErrorMode::Fatal || encoder.mode() == EncoderErrorMode::Fatal;
    let mut run = ConvertRun {
        output,
        lines: Lines::new(tracking),
        encoder,
        // Always fatal underneath: the replacement mode is applied here, so that a U+FFFD the
        // encoder cannot represent is reported at the malformed sequence it stands for.
        decoder: encoding.new_decoder(DecoderErrorMode::Fatal),
        mode: options.mode,
        at_start: true,
    };
    let result = run.text(&mut input, text);
    if !matches!(result, Err(StreamError::Read(_) | StreamError::Write(_))) {
        run.finish()?;
    }
    run.output.flush()?;
    result?;
    Ok(Converted {
        encoding,
        bytes_read: input.position(),
        bytes_written: run.output.total,
    })
}

/// One convert stream in progress.
struct ConvertRun<'a, W: ?Sized> {
    output: Output<'a, W>,
    lines: Lines,
    encoder: Encoder,
    decoder: Decoder,
    mode: DecoderErrorMode,
    /// No text has gone to the encoder yet, so a U+FEFF first is removed.
    at_start: bool,
}

/// A piece of decoded text and where it came from, to find the input offset of any character
/// in it.
struct Piece<'s> {
    /// The decoder as it was before decoding the piece.
    decoder: Decoder,
    /// The input the piece was decoded from, and its stream offset.
    src: &'s [u8],
    at: u64,
    last: bool,
}

impl Piece<'_> {
    /// The stream offset of the bytes that decoded to the text at `text_offset` of the piece.
    fn input_offset(&self, text_offset: usize) -> u64 {
        let mut decoder = self.decoder.clone();
        let mut room = vec![0; text_offset];
        let read = decoder.decode_to_utf8(self.src, &mut room, self.last).read;
        (self.at + read as u64).saturating_sub(held_bytes(&decoder))
    }
}

/// How many bytes already read `decoder` (in fatal mode) holds as the start of its next
/// character: the length of the malformed sequence they would be if the input ended now.
fn held_bytes(decoder: &Decoder) -> u64 {
    let mut decoder = decoder.clone();
    let mut room = [0u8; 16];
    match decoder.decode_to_utf8(&[], &mut room, true).status {
        DecodeStatus::Malformed(m) => u64::from(m.len) + u64::from(m.restored),
        _ => 0,
    }
}

impl<W: Write + ?Sized> ConvertRun<'_, W> {
    /// Decodes the input into `text`, a buffer at a time, and encodes each buffer of text.
    fn text<R: Read>(
        &mut self,
        input: &mut Input<'_, R>,
        text: &mut [u8],
    ) -> Result<(), StreamError> {
        loop {
            let last = input.eof();
            let piece = Piece {
                decoder: self.decoder.clone(),
                src: input.unread(),
                at: input.position(),
                last,
            };
            let r = self.decoder.decode_to_utf8(piece.src, text, last);
            let piece = Piece {
                src: &piece.src[..r.read],
                ..piece
            };
            self.encode_piece(&text[..r.written], &piece)?;
            input.consume(r.read);
            match r.status {
                DecodeStatus::InputEmpty if last => return Ok(()),
                DecodeStatus::InputEmpty => {
                    self.output.flush()?;
                    input.fill()?;
                }
                DecodeStatus::OutputFull => {}
                DecodeStatus::Malformed(m) => {
                    let len = usize::from(m.len);
                    let at = input.position() - u64::from(m.restored) - len as u64;
                    self.malformed(input, at, len)?;
                }
            }
        }
    }

    /// A malformed sequence of `len` bytes at stream offset `at`: U+FFFD to the encoder, or the
    /// error in fatal mode.
    fn malformed<R: Read>(
        &mut self,
        input: &Input<'_, R>,
        at: u64,
        len: usize,
    ) -> Result<(), StreamError> {
        if self.mode == DecoderErrorMode::Replacement {
            self.at_start = false;
            return self.encode(REPLACEMENT_CHARACTER, |_| at);
        }
        let mut bytes = [0u8; 4];
        input.recent_bytes(at, &mut bytes[..len]);
        Err(StreamError::Malformed(MalformedInput {
            encoding: self.decoder.encoding(),
            bytes,
            len: len as u8,
            position: self.lines.position(at),
        }))
    }

    /// Encodes `text`, decoded from `piece`.
    fn encode_piece(&mut self, mut text: &[u8], piece: &Piece<'_>) -> Result<(), StreamError> {
        let mut skipped = 0;
        if self.at_start && !text.is_empty() {
            self.at_start = false;
            if let Some(rest) = text.strip_prefix("\u{FEFF}".as_bytes()) {
                // Counted as a character of the input, as decode counts it.
                self.lines.text(&text[..3]);
                (text, skipped) = (rest, 3);
            }
        }
        // SAFETY: a decoder writes only whole characters of valid UTF-8, and the prefix
        // removed is one whole character.
        let text = unsafe { std::str::from_utf8_unchecked(text) };
        self.encode(text, |offset| piece.input_offset(skipped + offset))
    }

    /// Encodes `text` into the output buffer; `input_offset` finds the input offset of the
    /// character at a byte offset of `text`, for an error.
    fn encode(
        &mut self,
        text: &str,
        input_offset: impl Fn(usize) -> u64,
    ) -> Result<(), StreamError> {
        let (encoder, output, lines) = (&mut self.encoder, &mut self.output, &mut self.lines);
        encode_text(encoder, output, lines, text, false, input_offset)
    }

    /// Ends the encoder's output (ISO-2022-JP returns to ASCII).
    fn finish(&mut self) -> Result<(), StreamError> {
        loop {
            let r = self.encoder.encode_from_utf8("", self.output.spare(), true);
            self.output.advance(r.written);
            match r.status {
                EncodeStatus::OutputFull => self.output.make_room(r.written)?,
                _ => return Ok(()),
            }
        }
    }
}
