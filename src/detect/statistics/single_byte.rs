//! Scoring the single-byte encodings: each (encoding, language) pair turns bytes into the
//! language's letter classes with one 256-entry table, then sums the language's bigram costs.

use std::sync::OnceLock;

use super::model::{
    BIGRAMS, LANGUAGES, LETTERS, Language, PUNCTUATION, SINGLE_BYTE, SPECIAL_CLASSES,
};
use super::{C1_COST, ERROR_COST, Excerpt, FIRST_ROUND, SURVIVORS, Scored, UNITS_PER_BIT};
use crate::{DecoderErrorMode, Encoding};

/// Class of an ASCII byte that is not a letter (space, digit, punctuation).
const BOUNDARY: u8 = 0;
/// Class of a non-ASCII character that is neither a letter nor punctuation (a sign: ½, ©, ¤).
const SYMBOL: u8 = 1;
/// Class of a non-ASCII letter outside the language's alphabet.
const OTHER_LETTER: u8 = 2;
/// Class of an ASCII letter outside the language's alphabet (Latin in another script's text).
const FOREIGN_LATIN: u8 = 3;
/// Class of non-ASCII punctuation (quotes, dashes).
const PUNCTUATION_MARK: u8 = 4;
/// Flag on a class: the letter is uppercase.
const UPPER: u8 = 0x40;
/// Mask of the class itself.
const CLASS: u8 = 0x3F;
/// Table entry of a byte the encoding leaves unmapped.
const UNMAPPED: u8 = 0xFF;
/// Table entry of a byte that decodes to a C1 control.
const C1_CONTROL: u8 = 0xFE;
/// Cost of an uppercase letter right after a lowercase one: rare in text, and the pattern a
/// Cyrillic text read with a table of the opposite case layout shows in every word.
const CASE_COST: u32 = 6 * UNITS_PER_BIT;

/// One (encoding, language) pair's byte-class table.
struct Pair {
    /// Index into `Tables::encodings`.
    encoding: usize,
    language: &'static Language,
    classes: [u8; 256],
}

/// Every single-byte candidate's upper half and every pair's table, built once from the
/// crate's own decoders and the model.
struct Tables {
    encodings: Vec<(Encoding, [Option<char>; 128])>,
    pairs: Vec<Pair>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut encodings = Vec::with_capacity(SINGLE_BYTE.len());
        let mut pairs = Vec::new();
        for (index, &(encoding, languages)) in SINGLE_BYTE.iter().enumerate() {
            let upper = upper_half(encoding);
            for &l in languages {
                let language = &LANGUAGES[usize::from(l)];
                let mut classes = [BOUNDARY; 256];
                for (b, class) in classes.iter_mut().enumerate() {
                    *class = match b {
                        0..0x80 => class_of(char::from(b as u8), language),
                        _ => upper[b - 0x80].map_or(UNMAPPED, |c| class_of(c, language)),
                    };
                }
                pairs.push(Pair {
                    encoding: index,
                    language,
                    classes,
                });
            }
            encodings.push((encoding, upper));
        }
        Tables { encodings, pairs }
    })
}

/// What bytes 0x80..=0xFF decode to with `encoding`'s own decoder (None: unmapped).
fn upper_half(encoding: Encoding) -> [Option<char>; 128] {
    let mut out = [None; 128];
    let mut text = Vec::with_capacity(4);
    for (i, slot) in out.iter_mut().enumerate() {
        text.clear();
        let mut decoder = encoding.new_decoder(DecoderErrorMode::Fatal);
        let (_, malformed) = decoder.decode_to_vec(&[0x80 + i as u8], &mut text, true);
        if malformed.is_none() {
            *slot = std::str::from_utf8(&text)
                .ok()
                .and_then(|s| s.chars().next());
        }
    }
    out
}

/// The class of `c` in `language`, as the training script assigns it, with the case flag.
fn class_of(c: char, language: &Language) -> u8 {
    if ('\u{80}'..='\u{9F}').contains(&c) {
        return C1_CONTROL;
    }
    let letter = c.is_ascii_alphabetic() || (!c.is_ascii() && LETTERS.binary_search(&c).is_ok());
    if !letter {
        return match c {
            '\u{A0}' | '\0'..='\u{7F}' => BOUNDARY,
            _ if PUNCTUATION.binary_search(&c).is_ok() => PUNCTUATION_MARK,
            _ => SYMBOL,
        };
    }
    let lower = lowercase(c);
    let class = language.alphabet.chars().position(|a| a == lower).map_or(
        if c.is_ascii() {
            FOREIGN_LATIN
        } else {
            OTHER_LETTER
        },
        |i| (SPECIAL_CLASSES + i) as u8,
    );
    if lower != c { class | UPPER } else { class }
}

/// The one-character lowercase of `c`, or `c` (as Python's `str.lower` in the trainer).
fn lowercase(c: char) -> char {
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// Where a pair's walk over the excerpt stands.
#[derive(Clone, Copy, Debug)]
struct Walk {
    /// The previous byte's class, with its case flag.
    prev: u8,
    prev_ascii: bool,
    cost: u32,
}

const START: Walk = Walk {
    prev: BOUNDARY,
    prev_ascii: true,
    cost: 0,
};

/// Adds the costs of `bytes` to `walk`. Only pairs with a non-ASCII byte on either side are
/// scored: the others are the same bytes in every candidate.
fn walk(pair: &Pair, bytes: &[u8], mut walk: Walk) -> Walk {
    let k = pair.language.classes;
    let bigrams = &BIGRAMS[pair.language.offset..pair.language.offset + k * k];
    for &b in bytes {
        let entry = pair.classes[usize::from(b)];
        let ascii = b < 0x80;
        if ascii && walk.prev_ascii {
            walk.prev = entry;
            continue;
        }
        let (entry, penalty) = match entry {
            UNMAPPED => (SYMBOL, ERROR_COST),
            C1_CONTROL => (SYMBOL, C1_COST),
            _ => (entry, 0),
        };
        let (prev, class) = (walk.prev & CLASS, entry & CLASS);
        walk.cost += u32::from(bigrams[usize::from(prev) * k + usize::from(class)]) + penalty;
        if entry & UPPER != 0 && prev >= OTHER_LETTER && walk.prev & UPPER == 0 {
            walk.cost += CASE_COST;
        }
        walk.prev = entry;
        walk.prev_ascii = ascii;
    }
    walk
}

/// Scores every single-byte candidate: all pairs over the first [`FIRST_ROUND`] excerpt
/// bytes, then each encoding's best language, for the [`SURVIVORS`] best encodings, over the
/// rest. The others' costs are their first-round costs scaled to the whole excerpt.
pub(super) fn score(excerpt: &Excerpt, scored: &mut Vec<Scored>) {
    let tables = tables();
    let bytes = &excerpt.bytes;
    let split = bytes.len().min(FIRST_ROUND);
    let mut best: Vec<(usize, Walk)> = Vec::with_capacity(tables.encodings.len());
    for (p, pair) in tables.pairs.iter().enumerate() {
        let w = walk(pair, &bytes[..split], START);
        match best.get_mut(pair.encoding) {
            Some(b) if w.cost < b.1.cost => *b = (p, w),
            Some(_) => {}
            None => best.push((p, w)),
        }
    }
    let mut order: Vec<usize> = (0..best.len()).collect();
    order.sort_by_key(|&e| best[e].1.cost);
    for (rank, &e) in order.iter().enumerate() {
        let (p, w) = best[e];
        let cost = if split == bytes.len() {
            w.cost
        } else if rank < SURVIVORS {
            walk(&tables.pairs[p], &bytes[split..], w).cost
        } else {
            (u64::from(w.cost) * bytes.len() as u64 / split as u64).min(u64::from(u32::MAX)) as u32
        };
        scored.push(Scored {
            encoding: tables.encodings[e].0,
            cost,
        });
    }
}

/// What bytes 0x80..=0xFF decode to with `encoding` (None: unmapped); None when `encoding`
/// is not a single-byte candidate.
pub(super) fn upper_half_of(encoding: Encoding) -> Option<&'static [Option<char>; 128]> {
    tables()
        .encodings
        .iter()
        .find(|(e, _)| *e == encoding)
        .map(|(_, upper)| upper)
}
