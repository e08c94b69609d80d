//! Streaming: bytes from a [`Read`] through a decoder or encoder to a [`Write`], with fixed
//! buffers, byte order mark handling, error modes, and the position of every reported error.
//!
//! Memory stays bounded whatever the input size: each stream works in the two buffers of a
//! [`Buffers`], which can be reused from one stream to the next. Input may arrive in pieces of
//! any size (a pipe may deliver one byte at a time); the output is the same as for the whole
//! input at once. Valid UTF-8 being decoded as UTF-8 goes straight from the input buffer to the
//! writer without being copied.
//!
//! Errors carry a [`Position`]: the byte offset in the stream, and the line and column in the
//! text (decoded text for decoding, the input text for encoding). Lines are counted only when an
//! error can be reported (fatal mode), so replacement and html streams pay nothing for them.
//!
//! ```
//! use wtf_enc::stream::{self, BomHandling, Buffers, DecodeOptions, StreamError};
//! use wtf_enc::{DecoderErrorMode, Encoding};
//!
//! let options = DecodeOptions {
//!     encoding: Encoding::Windows1252,
//!     mode: DecoderErrorMode::Fatal,
//!     bom: BomHandling::Sniff,
//! };
//! let mut buffers = Buffers::new();
//!
//! // A UTF-8 byte order mark overrides the label.
//! let mut out = Vec::new();
//! let done = stream::decode(&b"\xEF\xBB\xBFna\xC3\xAFve"[..], &mut out, &options, &mut buffers)
//!     .unwrap();
//! assert_eq!((out.as_slice(), done.encoding), ("naïve".as_bytes(), Encoding::Utf8));
//!
//! // Fatal mode reports where the first malformed sequence is.
//! let mut out = Vec::new();
//! let input = &b"\xEF\xBB\xBFok\r\nno \xE2\x82"[..];
//! match stream::decode(input, &mut out, &options, &mut buffers) {
//!     Err(StreamError::Malformed(e)) => assert_eq!(
//!         e.to_string(),
//!         "invalid UTF-8 byte sequence 0xE2 0x82 at byte 10 (line 2, column 4)"
//!     ),
//!     other => panic!("{other:?}"),
//! }
//! assert_eq!(out, b"ok\r\nno ");
//! ```

use std::fmt;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;

use crate::{
    DecodeStatus, Decoder, DecoderErrorMode, EncodeStatus, Encoder, EncoderErrorMode, Encoding,
    Utf8Check, check_utf8,
};

/// The default size of the input buffer, 128 KiB; the output buffer is three times as large,
/// so one buffer of input always decodes into one buffer of output.
pub const DEFAULT_INPUT_SIZE: usize = 128 * 1024;

/// The smallest input buffer: it must hold a BOM (3 bytes) or an incomplete UTF-8 character
/// (up to 3 bytes) and one more byte.
const MIN_INPUT_SIZE: usize = 4;

/// The smallest output buffer: it must hold any one character a codec writes at once (an
/// ISO-2022-JP escape sequence and a character, a 4-byte UTF-8 or gb18030 sequence).
const MIN_OUTPUT_SIZE: usize = 16;

const REPLACEMENT_CHARACTER: &str = "\u{FFFD}";

/// The input and output buffers a stream works in, allocated once and reused.
#[derive(Clone, Debug)]
pub struct Buffers {
    input: AlignedBuf,
    output: AlignedBuf,
    /// The decoded text between decoder and encoder in [`convert`], allocated on first use
    /// (the size of the output buffer).
    text: Vec<u8>,
}

impl Buffers {
    /// Buffers of the default sizes: [`DEFAULT_INPUT_SIZE`] in, three times that out.
    pub fn new() -> Buffers {
        Buffers::with_sizes(DEFAULT_INPUT_SIZE, 3 * DEFAULT_INPUT_SIZE)
    }

    /// Buffers of the given sizes, raised to the few bytes the streams need at least. Tiny and
    /// odd sizes are for tests: the output does not depend on them.
    pub fn with_sizes(input: usize, output: usize) -> Buffers {
        Buffers {
            input: AlignedBuf::new(input.max(MIN_INPUT_SIZE)),
            output: AlignedBuf::new(output.max(MIN_OUTPUT_SIZE)),
            text: Vec::new(),
        }
    }

    /// The sizes of the input and output buffers.
    pub fn sizes(&self) -> (usize, usize) {
        (self.input.len(), self.output.len())
    }
}

/// A zeroed byte buffer whose first byte is 64-byte aligned.
///
/// Alignment matters for speed: the kernel copies a file's pages into a read buffer several
/// times slower when the buffer starts 16 bytes past a cache line (measured: 64 MiB from the
/// page cache in 25.6 ms at offset 16 against 5.1 ms at offsets 0, 64, 256, ..., which is
/// where a large `Vec` from the allocator starts).
#[derive(Clone, Debug)]
struct AlignedBuf {
    storage: Vec<u8>,
    start: usize,
    len: usize,
}

impl AlignedBuf {
    const ALIGN: usize = 64;

    fn new(len: usize) -> AlignedBuf {
        let storage = vec![0; len + Self::ALIGN];
        let start = storage.as_ptr().align_offset(Self::ALIGN).min(Self::ALIGN);
        AlignedBuf {
            storage,
            start,
            len,
        }
    }
}

impl std::ops::Deref for AlignedBuf {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.storage[self.start..self.start + self.len]
    }
}

impl std::ops::DerefMut for AlignedBuf {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.storage[self.start..self.start + self.len]
    }
}

impl Default for Buffers {
    fn default() -> Buffers {
        Buffers::new()
    }
}

/// What a decode stream does with a byte order mark at the start of its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BomHandling {
    /// The standard's *decode*: a UTF-8, UTF-16BE or UTF-16LE BOM overrides the given encoding
    /// and is removed.
    Sniff,
    /// What `TextDecoder` does: the given encoding decides, and a BOM of that same encoding is
    /// removed.
    Strip,
    /// `TextDecoder` with `ignoreBOM`: the given encoding decides and BOM bytes are decoded like
    /// any others (to U+FEFF for the encoding's own BOM).
    Keep,
}

/// How to decode a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeOptions {
    /// The encoding (a BOM may override it, see [`BomHandling::Sniff`]).
    pub encoding: Encoding,
    /// Replacement or fatal.
    pub mode: DecoderErrorMode,
    /// What to do with a byte order mark.
    pub bom: BomHandling,
}

/// Where in a stream an error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The 0-based byte offset of the offending bytes in the input (a removed BOM counts).
    pub offset: u64,
    /// 1 + the line breaks before it: LF, CR, and CR LF counted once.
    pub line: u64,
    /// 1 + the characters since the last line break (a removed BOM does not count).
    pub column: u64,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte {} (line {}, column {})",
            self.offset, self.line, self.column
        )
    }
}

/// A malformed byte sequence in a stream being decoded (or UTF-8 input being encoded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MalformedInput {
    /// The encoding the input was being decoded from.
    pub encoding: Encoding,
    bytes: [u8; 4],
    len: u8,
    /// Where the sequence starts.
    pub position: Position,
}

impl MalformedInput {
    /// The malformed sequence: the bytes the standard's decoder consumed for the error.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl fmt::Display for MalformedInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} byte sequence", self.encoding)?;
        for b in self.bytes() {
            write!(f, " 0x{b:02X}")?;
        }
        write!(f, " at {}", self.position)
    }
}

/// A character the target encoding cannot represent, in a stream being encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnmappableChar {
    /// The encoding being written.
    pub encoding: Encoding,
    /// The character read from the input.
    pub character: char,
    /// Where the character starts in the input.
    pub position: Position,
}

impl fmt::Display for UnmappableChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "U+{:04X} cannot be encoded in {} at {}",
            u32::from(self.character),
            self.encoding,
            self.position
        )
    }
}

/// Why a stream stopped early.
#[derive(Debug)]
pub enum StreamError {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed.
    Write(io::Error),
    /// Fatal mode met a malformed byte sequence. Everything decoded before it was written.
    Malformed(MalformedInput),
    /// Fatal mode met a character the encoding cannot represent. Everything encoded before it
    /// was written.
    Unmappable(UnmappableChar),
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Read(e) | StreamError::Write(e) => e.fmt(f),
            StreamError::Malformed(e) => e.fmt(f),
            StreamError::Unmappable(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Read(e) | StreamError::Write(e) => Some(e),
            _ => None,
        }
    }
}

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

/// What a finished encode stream did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoded {
    /// Bytes of UTF-8 read from the input.
    pub bytes_read: u64,
    /// Bytes written.
    pub bytes_written: u64,
}

/// Decodes all of `reader` to UTF-8 on `writer`, stopping at the first malformed sequence in
/// fatal mode (see [`decode_with`] to go on after it).
pub fn decode<R: Read, W: Write + ?Sized>(
    reader: R,
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
pub fn decode_with<R: Read, W: Write + ?Sized>(
    reader: R,
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

/// The encoding to decode with and the length of the BOM to skip, given the first (up to 3)
/// bytes of the input.
fn choose_encoding(options: &DecodeOptions, start: &[u8]) -> (Encoding, usize) {
    match options.bom {
        BomHandling::Sniff => Encoding::sniff_bom(start).unwrap_or((options.encoding, 0)),
        BomHandling::Strip => match options.encoding.bom() {
            Some(bom) if start.starts_with(bom) => (options.encoding, bom.len()),
            _ => (options.encoding, 0),
        },
        BomHandling::Keep => (options.encoding, 0),
    }
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
                let (valid, malformed) = match check_utf8(unread) {
                    Utf8Check::Valid => (unread.len(), None),
                    Utf8Check::Malformed { valid_up_to, len } => (valid_up_to, Some(len)),
                    Utf8Check::Incomplete { valid_up_to } => (valid_up_to, None),
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
pub fn encode<R: Read, W: Write + ?Sized>(
    reader: R,
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
                let (text, check) = split_valid(input.unread());
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
/// reported at. The one encoding loop of [`encode`] and [`convert`].
fn encode_text<W: Write + ?Sized>(
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

/// What a finished [`check`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The encoding actually checked (after BOM sniffing).
    pub encoding: Encoding,
    /// The malformed sequences handed to `on_error`.
    pub errors: u64,
    /// Whether `on_error` stopped the check before the end of the input.
    pub stopped: bool,
}

/// Checks that all of `reader` is valid in `encoding`, handing every malformed sequence to
/// `on_error` in order and going on after it exactly as the standard's decoder goes on;
/// [`ControlFlow::Break`] stops reading there.
///
/// Nothing decoded is kept: valid UTF-8 is only validated in bulk, other encodings are decoded
/// into the output buffer, which is then discarded. Lines and columns are counted for the
/// positions of the errors.
///
/// ```
/// use std::ops::ControlFlow;
/// use wtf_enc::Encoding;
/// use wtf_enc::stream::{self, BomHandling, Buffers};
///
/// let mut found = Vec::new();
/// let checked = stream::check(
///     &b"ok\n\x81\x20 \xFF"[..],
///     Encoding::ShiftJis,
///     BomHandling::Sniff,
///     &mut Buffers::new(),
///     |e| {
///         found.push(e.to_string());
///         ControlFlow::Continue(())
///     },
/// )
/// .unwrap();
/// assert_eq!(checked.errors, 2);
/// // The space after 0x81 is not part of the error: the decoder reads it again.
/// assert_eq!(found, [
///     "invalid Shift_JIS byte sequence 0x81 at byte 3 (line 2, column 1)",
///     "invalid Shift_JIS byte sequence 0xFF at byte 6 (line 2, column 3)",
/// ]);
/// ```
pub fn check<R: Read>(
    reader: R,
    encoding: Encoding,
    bom: BomHandling,
    buffers: &mut Buffers,
    mut on_error: impl FnMut(&MalformedInput) -> ControlFlow<()>,
) -> Result<Checked, StreamError> {
    let options = DecodeOptions {
        encoding,
        mode: DecoderErrorMode::Fatal,
        bom,
    };
    let mut errors = 0;
    let result = decode_with(reader, &mut io::sink(), &options, buffers, |e| {
        errors += 1;
        on_error(e)
    });
    match result {
        Ok(done) => Ok(Checked {
            encoding: done.encoding,
            errors,
            stopped: false,
        }),
        Err(StreamError::Malformed(e)) => Ok(Checked {
            encoding: e.encoding,
            errors,
            stopped: true,
        }),
        Err(e) => Err(e),
    }
}

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
/// The output is what [`decode`] and then [`encode`] give: a U+FEFF at the very start of the
/// decoded text is removed (as [`encode`] removes a UTF-8 BOM), malformed input becomes U+FFFD
/// (which the encoder may find unmappable) or, in fatal mode, stops the stream with
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
pub fn convert<R: Read, W: Write + ?Sized>(
    reader: R,
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

/// The valid UTF-8 prefix of `bytes` as text, and what [`check_utf8`] says of all of it.
fn split_valid(bytes: &[u8]) -> (&str, Utf8Check) {
    let check = check_utf8(bytes);
    let valid = match check {
        Utf8Check::Valid => bytes,
        Utf8Check::Malformed { valid_up_to, .. } | Utf8Check::Incomplete { valid_up_to } => {
            &bytes[..valid_up_to]
        }
    };
    // SAFETY: `check_utf8` has just validated exactly this prefix; validating it again with
    // `str::from_utf8` would read every byte of the input twice.
    (unsafe { std::str::from_utf8_unchecked(valid) }, check)
}

/// The reading side: the input buffer, what of it is unread, and the stream offset.
struct Input<'a, R> {
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
    fn new(reader: R, buf: &'a mut [u8]) -> Self {
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

    fn unread(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    fn consume(&mut self, n: usize) {
        self.start += n;
    }

    /// The stream offset of the next unread byte.
    fn position(&self) -> u64 {
        self.base + self.start as u64
    }

    /// Whether the reader has said it has no more (the unread bytes are the last).
    fn eof(&self) -> bool {
        self.eof
    }

    /// Moves the unread bytes to the front and reads once more after them.
    fn fill(&mut self) -> Result<(), StreamError> {
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
    fn fill_to(&mut self, n: usize) -> Result<(), StreamError> {
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
    fn recent_bytes(&self, at: u64, out: &mut [u8]) {
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

/// The writing side: the output buffer and the writer.
struct Output<'a, W: ?Sized> {
    writer: &'a mut W,
    buf: &'a mut [u8],
    len: usize,
    total: u64,
}

impl<'a, W: Write + ?Sized> Output<'a, W> {
    fn new(writer: &'a mut W, buf: &'a mut [u8]) -> Self {
        Output {
            writer,
            buf,
            len: 0,
            total: 0,
        }
    }

    fn spare(&mut self) -> &mut [u8] {
        &mut self.buf[self.len..]
    }

    fn advance(&mut self, n: usize) {
        self.len += n;
    }

    /// Writes out the buffer.
    fn flush(&mut self) -> Result<(), StreamError> {
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
    /// go on, which [`MIN_OUTPUT_SIZE`] rules out.
    fn make_room(&mut self, progress: usize) -> Result<(), StreamError> {
        if progress == 0 && self.len == 0 {
            return Err(StreamError::Write(io::Error::other(
                "internal error: output buffer too small",
            )));
        }
        self.flush()
    }

    /// Appends `bytes` to the buffer, writing it out first when they do not fit.
    fn push(&mut self, bytes: &[u8]) -> Result<(), StreamError> {
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
    fn direct(&mut self, bytes: &[u8]) -> Result<(), StreamError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.flush()?;
        self.writer.write_all(bytes).map_err(StreamError::Write)?;
        self.total += bytes.len() as u64;
        Ok(())
    }
}

/// Line and column counting over the text that went by, in whole chunks.
#[derive(Debug)]
struct Lines {
    tracking: bool,
    breaks: u64,
    /// Characters since the last line break.
    column: u64,
    /// The last text seen ended in CR, so an LF next is part of the same break.
    after_cr: bool,
}

impl Lines {
    fn new(tracking: bool) -> Self {
        Lines {
            tracking,
            breaks: 0,
            column: 0,
            after_cr: false,
        }
    }

    /// Counts the line breaks and characters of `utf8`, valid UTF-8 that follows the text seen.
    ///
    /// Everything here is a branch-free count over the whole chunk, which the compiler turns
    /// into vector code: the valid path of `check` and fatal `decode` pays little for it.
    fn text(&mut self, utf8: &[u8]) {
        if !self.tracking || utf8.is_empty() {
            return;
        }
        match last_line_break(utf8) {
            None => self.column += count_chars(utf8),
            Some(last) => {
                self.breaks += count_line_breaks(self.after_cr, &utf8[..=last]);
                self.column = count_chars(&utf8[last + 1..]);
            }
        }
        self.after_cr = utf8.last() == Some(&b'\r');
    }

    /// The position of something at byte `offset` that follows the text seen.
    fn position(&self, offset: u64) -> Position {
        Position {
            offset,
            line: self.breaks + 1,
            column: self.column + 1,
        }
    }
}

/// Blocks small enough that a count of one per byte fits in a `u8`, so the inner loops
/// vectorize with byte-wide lanes.
const COUNT_BLOCK: usize = 255;

/// The number of characters in valid UTF-8: the bytes that are not continuation bytes.
fn count_chars(utf8: &[u8]) -> u64 {
    utf8.chunks(COUNT_BLOCK)
        .map(|block| {
            let n = block
                .iter()
                .fold(0u8, |n, &b| n + u8::from((b as i8) >= -0x40));
            u64::from(n)
        })
        .sum()
}

/// The number of line breaks in `text` (LF, CR, and CR LF once), `after_cr` saying whether the
/// text before it ended in CR: CRs plus LFs not preceded by a CR.
fn count_line_breaks(after_cr: bool, text: &[u8]) -> u64 {
    let Some((&first, _)) = text.split_first() else {
        return 0;
    };
    let first_breaks = u64::from(first == b'\r') + u64::from(first == b'\n' && !after_cr);
    let (current, previous) = (&text[1..], &text[..text.len() - 1]);
    let rest: u64 = current
        .chunks(COUNT_BLOCK)
        .zip(previous.chunks(COUNT_BLOCK))
        .map(|(current, previous)| {
            let n = current.iter().zip(previous).fold(0u8, |n, (&b, &before)| {
                n + u8::from(b == b'\r') + u8::from((b == b'\n') & (before != b'\r'))
            });
            u64::from(n)
        })
        .sum();
    first_breaks + rest
}

/// The index of the last LF or CR in `text`, looking at blocks from the end so that a long
/// line costs a vectorized test per block rather than a branch per byte.
fn last_line_break(text: &[u8]) -> Option<usize> {
    const BLOCK: usize = 32;
    let is_break = |b: u8| (b == b'\n') | (b == b'\r');
    let mut end = text.len();
    while end > 0 {
        let start = end.saturating_sub(BLOCK);
        let block = &text[start..end];
        if block.iter().fold(false, |any, &b| any | is_break(b)) {
            return block.iter().rposition(|&b| is_break(b)).map(|i| start + i);
        }
        end = start;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_lf_cr_and_crlf_once_across_chunks() {
        let mut lines = Lines::new(true);
        for chunk in ["a\r", "\nb\rc\n\n", "é€", "\r", "", "\nxy"] {
            lines.text(chunk.as_bytes());
        }
        // Breaks: CRLF, CR, LF, LF, CRLF = 5; then "xy".
        assert_eq!(lines.position(7).line, 6);
        assert_eq!(lines.position(7).column, 3);
    }

    #[test]
    fn lines_column_counts_characters_not_bytes() {
        let mut lines = Lines::new(true);
        lines.text("x\né€😀".as_bytes());
        assert_eq!((lines.breaks, lines.column), (1, 3));
    }

    /// A reader that hands out one byte per call.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.is_empty()) {
                (Some((&b, rest)), false) => {
                    buf[0] = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn bom_is_sniffed_from_a_trickle() {
        let options = DecodeOptions {
            encoding: Encoding::Windows1252,
            mode: DecoderErrorMode::Fatal,
            bom: BomHandling::Sniff,
        };
        let mut out = Vec::new();
        let done = decode(
            Trickle(b"\xFE\xFF\x00a\x20\xAC"),
            &mut out,
            &options,
            &mut Buffers::with_sizes(0, 0),
        )
        .unwrap();
        assert_eq!(done.encoding, Encoding::Utf16Be);
        assert_eq!(out, "a€".as_bytes());
    }

    #[test]
    fn malformed_bytes_from_earlier_buffers_are_shown() {
        // UTF-16LE: a lead surrogate (0xD83D) then 'a' (restored): the sequence is the lead
        // surrogate's two bytes, which arrived one read before.
        let options = DecodeOptions {
            encoding: Encoding::Utf16Le,
            mode: DecoderErrorMode::Fatal,
            bom: BomHandling::Keep,
        };
        let mut out = Vec::new();
        let err = decode(
            Trickle(b"x\x00\x3D\xD8a\x00"),
            &mut out,
            &options,
            &mut Buffers::with_sizes(4, 16),
        )
        .unwrap_err();
        match err {
            StreamError::Malformed(e) => {
                assert_eq!(e.bytes(), b"\x3D\xD8");
                assert_eq!(e.position.offset, 2);
                assert_eq!(e.position.column, 2);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(out, b"x");
    }

    /// The stream gives what one call of the decoder on the whole input gives, whatever the
    /// buffer sizes and however the reader splits the input.
    #[test]
    fn decode_stream_matches_whole_input_decoding() {
        let inputs: [&[u8]; 6] = [
            b"plain ascii\r\nline two",
            "caf\u{e9} \u{20ac} \u{1F600}\n".as_bytes(),
            b"ok\xE2\x82 then \xF0\x9F\x98\x80 \xC3(\xED\xA0\x80z",
            b"\x3D\xD8a\x00\x00\xDC\x00\xD8\x00",
            b"\xFF\xFEa\x00\x80",
            b"\xE2",
        ];
        let encodings = [
            Encoding::Utf8,
            Encoding::Utf16Le,
            Encoding::Utf16Be,
            Encoding::Windows1252,
            Encoding::XUserDefined,
            Encoding::Replacement,
        ];
        for input in inputs {
            for encoding in encodings {
                for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
                    let mut want = Vec::new();
                    let (read, malformed) = encoding
                        .new_decoder(mode)
                        .decode_to_vec(input, &mut want, true);
                    let want_error = malformed
                        .map(|m| (read - usize::from(m.restored) - usize::from(m.len)) as u64);
                    for (inp, out, trickle) in [(4, 16, true), (5, 17, false), (7, 23, true)] {
                        let options = DecodeOptions {
                            encoding,
                            mode,
                            bom: BomHandling::Keep,
                        };
                        let mut got = Vec::new();
                        let mut buffers = Buffers::with_sizes(inp, out);
                        let result = if trickle {
                            decode(Trickle(input), &mut got, &options, &mut buffers)
                        } else {
                            decode(input, &mut got, &options, &mut buffers)
                        };
                        let got_error = match result {
                            Ok(_) => None,
                            Err(StreamError::Malformed(e)) => Some(e.position.offset),
                            Err(e) => panic!("{e}"),
                        };
                        let case = format!("{encoding} {mode:?} {input:?} {inp}/{out}");
                        assert_eq!(got, want, "{case}");
                        assert_eq!(got_error, want_error, "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn decode_with_continue_lists_every_error_as_the_standard_goes_on() {
        let options = DecodeOptions {
            encoding: Encoding::Utf8,
            mode: DecoderErrorMode::Fatal,
            bom: BomHandling::Sniff,
        };
        let mut errors = Vec::new();
        let mut out = Vec::new();
        let done = decode_with(
            Trickle(b"a\xFFb\n\xE2\x82c\xF0"),
            &mut out,
            &options,
            &mut Buffers::with_sizes(4, 16),
            |e| {
                errors.push((e.bytes().to_vec(), e.position));
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(out, b"ab\nc");
        assert_eq!(done.bytes_read, 8);
        let at = |offset, line, column| Position {
            offset,
            line,
            column,
        };
        assert_eq!(
            errors,
            [
                (vec![0xFF], at(1, 1, 2)),
                (vec![0xE2, 0x82], at(4, 2, 1)),
                (vec![0xF0], at(7, 2, 2)),
            ]
        );
    }

    /// The encode stream gives what one call of the encoder on the whole input gives.
    #[test]
    fn encode_stream_matches_whole_input_encoding() {
        let text = "a\u{e9}\u{20ac}\u{2603}\u{1F600}\r\nz".repeat(3);
        for encoding in [
            Encoding::Utf16Le,
            Encoding::Windows1252,
            Encoding::XUserDefined,
        ] {
            for mode in [EncoderErrorMode::Html, EncoderErrorMode::Fatal] {
                let mut want = Vec::new();
                let (read, unmappable) = encoding
                    .new_encoder(mode)
                    .unwrap()
                    .encode_to_vec(&text, &mut want, true);
                let want_error = unmappable.map(|u| (read - u.input.len_utf8()) as u64);
                for (inp, out) in [(4, 16), (5, 17), (9, 31)] {
                    let mut got = Vec::new();
                    let encoder = encoding.new_encoder(mode).unwrap();
                    let result = encode(
                        Trickle(text.as_bytes()),
                        &mut got,
                        encoder,
                        b"",
                        &mut Buffers::with_sizes(inp, out),
                    );
                    let got_error = match result {
                        Ok(_) => None,
                        Err(StreamError::Unmappable(e)) => Some(e.position.offset),
                        Err(e) => panic!("{e}"),
                    };
                    let case = format!("{encoding} {mode:?} {inp}/{out}");
                    assert_eq!(got, want, "{case}");
                    assert_eq!(got_error, want_error, "{case}");
                }
            }
        }
    }
}
