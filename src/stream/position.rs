//! Positions of errors: byte offsets, and lines and columns counted over the text that went by.

use std::fmt;

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

/// Line and column counting over the text that went by, in whole chunks.
#[derive(Debug)]
pub(super) struct Lines {
    tracking: bool,
    breaks: u64,
    /// Characters since the last line break.
    column: u64,
    /// The last text seen ended in CR, so an LF next is part of the same break.
    after_cr: bool,
}

impl Lines {
    pub(super) fn new(tracking: bool) -> Self {
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
    pub(super) fn text(&mut self, utf8: &[u8]) {
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
    pub(super) fn position(&self, offset: u64) -> Position {
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
}
