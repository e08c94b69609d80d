//! Scoring the CJK encodings: each character costs what its frequency says, read from the
//! model's tables by the standard's pointer; malformed sequences cost [`ERROR_COST`].

use super::model::{BIG5, GB2312, JIS0208, KSX1001};
use super::{C1_COST, ERROR_COST, Excerpt, Scored, UNITS_PER_BIT};
use crate::Encoding;

/// Table entry of a pointer the index leaves unmapped.
const UNMAPPED: u8 = 255;
/// A half-width katakana: valid, but rare in text since the 1990s.
const HALF_WIDTH_KATAKANA_COST: u32 = 16 * UNITS_PER_BIT;
/// A JIS X 0212 character (EUC-JP's three-byte sequences): rare.
const JIS0212_COST: u32 = 20 * UNITS_PER_BIT;
/// A character of a private-use or vendor area (Shift_JIS user-defined rows, Big5's HKSCS
/// leads, GBK's user-defined areas): rare.
const RARE_AREA_COST: u32 = 24 * UNITS_PER_BIT;
/// A GBK character outside the GB2312 area (GBK/3, GBK/4): rare hanzi.
const GBK_EXTENSION_COST: u32 = 22 * UNITS_PER_BIT;
/// A gb18030 four-byte sequence: valid but rare outside deliberate gb18030 text.
const FOUR_BYTE_COST: u32 = 20 * UNITS_PER_BIT;
/// A UHC (Windows-949) hangul syllable outside KS X 1001: valid, rarer than the 2350 there.
const UHC_EXTENSION_COST: u32 = 22 * UNITS_PER_BIT;
/// GBK's 0x80, the euro sign.
const EURO_COST: u32 = 14 * UNITS_PER_BIT;

/// Scores the five CJK candidates; GBK is reported as gb18030 when four-byte sequences occur.
pub(super) fn score(excerpt: &Excerpt, scored: &mut Vec<Scored>) {
    let (bytes, complete) = (&excerpt.bytes[..], excerpt.complete);
    scored.push(Scored {
        encoding: Encoding::ShiftJis,
        cost: walk(bytes, complete, shift_jis),
    });
    scored.push(Scored {
        encoding: Encoding::EucJp,
        cost: walk(bytes, complete, euc_jp),
    });
    let mut four_byte = false;
    let gbk = walk(bytes, complete, |s| {
        let step = gbk(s);
        four_byte |= step.len == 4 && step.cost == FOUR_BYTE_COST;
        step
    });
    let encoding = if four_byte {
        Encoding::Gb18030
    } else {
        Encoding::Gbk
    };
    scored.push(Scored {
        encoding,
        cost: gbk,
    });
    scored.push(Scored {
        encoding: Encoding::Big5,
        cost: walk(bytes, complete, big5),
    });
    scored.push(Scored {
        encoding: Encoding::EucKr,
        cost: walk(bytes, complete, euc_kr),
    });
}

/// One character read at the start of a non-ASCII byte sequence.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Step {
    /// Bytes consumed (at least one).
    len: usize,
    cost: u32,
}

/// Marks a sequence cut off by the end of the excerpt.
const TRUNCATED: Step = Step { len: 0, cost: 0 };

/// A malformed sequence of `len` bytes (the standard leaves an ASCII byte after a lead to be
/// read again, so `len` is 1 then).
fn error(len: usize) -> Step {
    Step {
        len,
        cost: ERROR_COST,
    }
}

/// Sums the cost of each character `step` reads from `bytes`, skipping ASCII bytes.
fn walk(bytes: &[u8], complete: bool, mut step: impl FnMut(&[u8]) -> Step) -> u32 {
    let mut cost = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] < 0x80 {
            i += 1;
            continue;
        }
        let s = step(&bytes[i..]);
        if s == TRUNCATED {
            if complete {
                cost += ERROR_COST;
            }
            break;
        }
        cost += s.cost;
        i += s.len;
    }
    cost
}

/// A two-byte character whose cost is `table[slot]` (unmapped: an error).
fn from_table(table: &[u8], slot: usize) -> Step {
    match table.get(slot) {
        Some(&c) if c != UNMAPPED => Step {
            len: 2,
            cost: u32::from(c),
        },
        _ => error(2),
    }
}

/// <https://encoding.spec.whatwg.org/#shift_jis-decoder>
fn shift_jis(s: &[u8]) -> Step {
    let lead = s[0];
    match lead {
        0x80 => Step {
            len: 1,
            cost: C1_COST,
        },
        0xA1..=0xDF => Step {
            len: 1,
            cost: HALF_WIDTH_KATAKANA_COST,
        },
        0x81..=0x9F | 0xE0..=0xFC => {
            let Some(&trail) = s.get(1) else {
                return TRUNCATED;
            };
            let trail_offset = if trail < 0x7F { 0x40 } else { 0x41 };
            let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
            if !matches!(trail, 0x40..=0x7E | 0x80..=0xFC) {
                return error(if trail < 0x80 { 1 } else { 2 });
            }
            let pointer = usize::from(lead - lead_offset) * 188 + usize::from(trail - trail_offset);
            if pointer < 94 * 94 {
                from_table(&JIS0208, pointer)
            } else {
                Step {
                    len: 2,
                    cost: RARE_AREA_COST,
                }
            }
        }
        _ => error(1),
    }
}

/// <https://encoding.spec.whatwg.org/#euc-jp-decoder>
fn euc_jp(s: &[u8]) -> Step {
    if !matches!(s[0], 0x8E | 0x8F | 0xA1..=0xFE) {
        return error(1);
    }
    let Some(&second) = s.get(1) else {
        return TRUNCATED;
    };
    match s[0] {
        0x8E if (0xA1..=0xDF).contains(&second) => Step {
            len: 2,
            cost: HALF_WIDTH_KATAKANA_COST,
        },
        0x8F if (0xA1..=0xFE).contains(&second) => match s.get(2) {
            None => TRUNCATED,
            Some(0xA1..=0xFE) => Step {
                len: 3,
                cost: JIS0212_COST,
            },
            Some(_) => error(2),
        },
        lead @ 0xA1..=0xFE if (0xA1..=0xFE).contains(&second) => from_table(
            &JIS0208,
            usize::from(lead - 0xA1) * 94 + usize::from(second - 0xA1),
        ),
        _ => error(if second < 0x80 { 1 } else { 2 }),
    }
}

/// <https://encoding.spec.whatwg.org/#gb18030-decoder>
fn gbk(s: &[u8]) -> Step {
    let lead = s[0];
    match lead {
        0x80 => {
            return Step {
                len: 1,
                cost: EURO_COST,
            };
        }
        0xFF => return error(1),
        _ => {}
    }
    let Some(&second) = s.get(1) else {
        return TRUNCATED;
    };
    match second {
        0x30..=0x39 => match (s.get(2), s.get(3)) {
            (Some(0x81..=0xFE), Some(0x30..=0x39)) => Step {
                len: 4,
                cost: FOUR_BYTE_COST,
            },
            (Some(0x81..=0xFE), None) | (None, _) => TRUNCATED,
            _ => error(1),
        },
        0xA1..=0xFE if (0xA1..=0xF7).contains(&lead) => {
            let slot = usize::from(lead - 0xA1) * 94 + usize::from(second - 0xA1);
            match GB2312[slot] {
                UNMAPPED => Step {
                    len: 2,
                    cost: RARE_AREA_COST,
                },
                c => Step {
                    len: 2,
                    cost: u32::from(c),
                },
            }
        }
        0x40..=0x7E | 0x80..=0xFE => Step {
            len: 2,
            cost: GBK_EXTENSION_COST,
        },
        _ => error(if second < 0x80 { 1 } else { 2 }),
    }
}

/// <https://encoding.spec.whatwg.org/#big5-decoder>
fn big5(s: &[u8]) -> Step {
    let lead = s[0];
    if !(0x81..=0xFE).contains(&lead) {
        return error(1);
    }
    let Some(&trail) = s.get(1) else {
        return TRUNCATED;
    };
    let offset = match trail {
        0x40..=0x7E => trail - 0x40,
        0xA1..=0xFE => trail - 0x62,
        _ => return error(if trail < 0x80 { 1 } else { 2 }),
    };
    match lead {
        0xA1..=0xF9 => from_table(&BIG5, usize::from(lead - 0xA1) * 157 + usize::from(offset)),
        _ => Step {
            len: 2,
            cost: RARE_AREA_COST,
        },
    }
}

/// <https://encoding.spec.whatwg.org/#euc-kr-decoder>
fn euc_kr(s: &[u8]) -> Step {
    let lead = s[0];
    if !(0x81..=0xFE).contains(&lead) {
        return error(1);
    }
    let Some(&trail) = s.get(1) else {
        return TRUNCATED;
    };
    match trail {
        0xA1..=0xFE if lead >= 0xA1 => from_table(
            &KSX1001,
            usize::from(lead - 0xA1) * 94 + usize::from(trail - 0xA1),
        ),
        // The UHC extension's hangul syllables fill these trails below the KS X 1001 area.
        0x41..=0x5A | 0x61..=0x7A | 0x81..=0xFE if lead <= 0xC6 => {
            if lead == 0xC6 && trail > 0x52 {
                error(2)
            } else {
                Step {
                    len: 2,
                    cost: UHC_EXTENSION_COST,
                }
            }
        }
        _ => error(if trail < 0x80 { 1 } else { 2 }),
    }
}
