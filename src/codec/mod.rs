//! The codecs: one module per family, each owning its decoder and encoder, and the contract they
//! all share.
//!
//! Every decoder here is *raw*: it stops at the first malformed sequence and says so, and the
//! error modes are applied once, above it, by [`crate::Decoder`]. Likewise every encoder stops
//! at the first unmappable character and [`crate::Encoder`] applies the error mode.
//!
//! A raw decoder consumes bytes buffer to buffer: `decode(src, dst, last)` reads from `src`,
//! writes UTF-8 to `dst`, and may keep a few bytes' worth of state between calls, so input may be
//! split anywhere. It never writes a partial character: when the next character does not fit,
//! it stops with [`DecodeStatus::OutputFull`] without consuming the bytes that produce it.

pub(crate) mod ascii;
pub(crate) mod big5;
pub(crate) mod euc_jp;
pub(crate) mod euc_kr;
pub(crate) mod gb18030;
pub(crate) mod iso_2022_jp;
pub(crate) mod jis0208;
pub(crate) mod multibyte;
pub(crate) mod replacement;
pub(crate) mod shift_jis;
pub(crate) mod single_byte;
pub(crate) mod utf16;
pub mod utf8;
pub(crate) mod x_user_defined;

/// A malformed byte sequence, as a decoder reports it.
///
/// The sequence is the bytes the standard's decoder consumed for the error, not counting bytes
/// it restores to the input. Those bytes end `restored` bytes before the decoder's read position
/// (the [`DecodeResult::read`] that came with it, counted in the whole stream): restored bytes
/// that came in an earlier call are held by the decoder and count in `restored`; restored bytes
/// of the current call are simply left unread.
///
/// So in a stream where `pos` bytes have been read in all, the sequence is the `len` bytes at
/// `pos - restored - len`. The bytes may have arrived in earlier calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The length of the malformed sequence, 1 to 4.
    pub len: u8,
    /// How many bytes between the end of the sequence and the read position the decoder holds
    /// to read again (0 to 3).
    pub restored: u8,
}

/// Why a decoder returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeStatus {
    /// All of `src` was consumed (and, with `last`, all state flushed).
    InputEmpty,
    /// `dst` has no room for the next character; call again with more room.
    OutputFull,
    /// A malformed sequence ended just before the read position (see [`Malformed`]). Only
    /// returned in fatal mode; call again with the rest of `src` to go on as the standard's
    /// decoder would.
    Malformed(Malformed),
}

/// What a call to a decoder did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeResult {
    /// Bytes consumed from `src`.
    pub read: usize,
    /// Bytes of UTF-8 written to `dst`.
    pub written: usize,
    /// Why it returned.
    pub status: DecodeStatus,
}

/// A character an encoder cannot represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unmappable {
    /// The character read from the input (just before the read position).
    pub input: char,
    /// The code point the standard's error carries, which html mode writes as `&#N;`. It is
    /// `input` except where the standard substitutes U+FFFD (ISO-2022-JP refuses U+000E, U+000F
    /// and U+001B that way, so an escape cannot be injected).
    pub code_point: char,
}

/// Why an encoder returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeStatus {
    /// All of `src` was consumed (and, with `last`, all state flushed).
    InputEmpty,
    /// `dst` has no room for the next output; call again with more room.
    OutputFull,
    /// A character the encoding cannot represent was read (see [`Unmappable`]). Only returned in
    /// fatal mode; everything before it has been written.
    Unmappable(Unmappable),
}

/// What a call to an encoder did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeResult {
    /// Bytes consumed from `src` (always at a character boundary).
    pub read: usize,
    /// Bytes written to `dst`.
    pub written: usize,
    /// Why it returned.
    pub status: EncodeStatus,
}

impl DecodeResult {
    pub(crate) fn new(read: usize, written: usize, status: DecodeStatus) -> Self {
        DecodeResult {
            read,
            written,
            status,
        }
    }

    pub(crate) fn malformed(read: usize, written: usize, len: u8, restored: u8) -> Self {
        Self::new(
            read,
            written,
            DecodeStatus::Malformed(Malformed { len, restored }),
        )
    }
}

impl EncodeResult {
    pub(crate) fn new(read: usize, written: usize, status: EncodeStatus) -> Self {
        EncodeResult {
            read,
            written,
            status,
        }
    }

    /// `c` (just read) cannot be encoded and the standard's error carries `c` itself.
    pub(crate) fn unmappable(read: usize, written: usize, c: char) -> Self {
        let u = Unmappable {
            input: c,
            code_point: c,
        };
        Self::new(read, written, EncodeStatus::Unmappable(u))
    }
}

/// Writes `c` as UTF-8 at `dst[at..]` and returns its length, or `None` (writing nothing) when
/// it does not fit.
#[inline]
pub(crate) fn write_char(dst: &mut [u8], at: usize, c: char) -> Option<usize> {
    let len = c.len_utf8();
    let out = dst.get_mut(at..at + len)?;
    c.encode_utf8(out);
    Some(len)
}

/// Writes the BMP code point `cp` (never a surrogate: the index files hold none) as UTF-8 at
/// `dst[at..]`, checking room: `None` when it does not fit. (The fast paths' `put_bmp` in
/// `multibyte.rs` is the unchecked kind, for callers that have made room already.)
#[inline]
pub(crate) fn write_bmp(dst: &mut [u8], at: usize, cp: u16) -> Option<usize> {
    let c = char::from_u32(u32::from(cp))?;
    write_char(dst, at, c)
}
