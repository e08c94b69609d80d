//! Why a stream stopped: malformed input, an unmappable character, or an I/O error.

use std::{fmt, io};

use super::Position;
use crate::Encoding;

/// A malformed byte sequence in a stream being decoded (or UTF-8 input being encoded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MalformedInput {
    /// The encoding the input was being decoded from.
    pub encoding: Encoding,
    pub(super) bytes: [u8; 4],
    pub(super) len: u8,
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
