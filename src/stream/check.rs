//! Checking that a stream is valid in an encoding, listing every malformed sequence.

use std::io;
use std::ops::ControlFlow;

use super::Source;
use super::{BomHandling, Buffers, DecodeOptions, MalformedInput, StreamError, decode_with};
use crate::{DecoderErrorMode, Encoding};

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
pub fn check<'s, S: Source<'s>>(
    reader: S,
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
