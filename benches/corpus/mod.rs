//! The generated text corpora the benchmarks share (`codecs` and `detect`): characters drawn
//! from the repository's `indexes/` at pointers every implementation agrees on, and their
//! legacy bytes computed from the pointers directly, not with the library.

#![allow(dead_code)] // each benchmark uses part of it

use std::collections::HashMap;

pub const SIZE: usize = 256 * 1024;

/// One character of generated text: ASCII, or a character at a pointer of the corpus's index.
#[derive(Clone, Copy)]
pub enum Token {
    Ascii(u8),
    Ptr(u32, char),
}

/// SplitMix64, as in bench/peers.
pub struct Prng(u64);

impl Prng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        let (a, b) = (self.below(items.len()), self.below(items.len()));
        items[a.min(b)]
    }
}

/// `(pointer, code point)` of an index, keeping code points that occur once and aren't PUA.
pub fn index(name: &str, range: std::ops::Range<u32>) -> Vec<(u32, char)> {
    let path = format!("{}/indexes/index-{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut all = Vec::new();
    let mut count: HashMap<char, u32> = HashMap::new();
    for line in text.lines() {
        let mut f = line.split_whitespace();
        let (Some(p), Some(c)) = (f.next(), f.next()) else {
            continue;
        };
        let (Ok(p), Some(c)) = (p.parse::<u32>(), c.strip_prefix("0x")) else {
            continue;
        };
        if let Some(c) = u32::from_str_radix(c, 16).ok().and_then(char::from_u32) {
            all.push((p, c));
            *count.entry(c).or_default() += 1;
        }
    }
    all.retain(|&(p, c)| {
        range.contains(&p) && count[&c] == 1 && !('\u{E000}'..='\u{F8FF}').contains(&c)
    });
    all
}

/// Text of about SIZE UTF-8 bytes: runs of index characters (`dense`% of words) and ASCII
/// words, separated by spaces, `sep` (an index character, e.g. an ideographic full stop) and
/// newlines.
pub fn text(seed: u64, pool: &[(u32, char)], sep: Option<(u32, char)>, dense: usize) -> Vec<Token> {
    const WORDS: &[&str] = &[
        "the",
        "of",
        "and",
        "encoding",
        "<p class=\"x\">",
        "</p>",
        "2024",
    ];
    let mut rng = Prng(seed);
    let (mut out, mut bytes) = (Vec::new(), 0);
    while bytes < SIZE {
        if rng.below(100) < dense {
            for _ in 0..1 + rng.below(6) {
                let (p, c) = rng.pick(pool);
                out.push(Token::Ptr(p, c));
                bytes += c.len_utf8();
            }
        } else {
            for &b in rng.pick(WORDS).as_bytes() {
                out.push(Token::Ascii(b));
                bytes += 1;
            }
        }
        let r = rng.below(100);
        match (r, sep) {
            (0..=4, _) => out.push(Token::Ascii(b'\n')),
            (5..=14, Some((p, c))) => out.push(Token::Ptr(p, c)),
            (15..=54, _) if dense < 100 || sep.is_none() => out.push(Token::Ascii(b' ')),
            _ => {}
        }
        bytes += 1;
    }
    out
}

pub fn utf8(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| match *t {
            Token::Ascii(b) => b as char,
            Token::Ptr(_, c) => c,
        })
        .collect()
}

/// The bytes of `tokens` in `encoding`, computed from the pointers as the standard's encoders
/// define them.
pub fn legacy(tokens: &[Token], encoding: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut jis = false;
    for t in tokens {
        match *t {
            Token::Ascii(b) => {
                if jis {
                    out.extend_from_slice(b"\x1B(B");
                    jis = false;
                }
                if encoding == "utf-16le" {
                    out.extend([b, 0]);
                } else {
                    out.push(b);
                }
            }
            Token::Ptr(p, c) => match encoding {
                "shift_jis" => {
                    let (lead, trail) = (p / 188, p % 188);
                    out.push((lead + if lead < 0x1F { 0x81 } else { 0xC1 }) as u8);
                    out.push((trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8);
                }
                "euc-jp" => out.extend([(p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8]),
                "iso-2022-jp" => {
                    if !jis {
                        out.extend_from_slice(b"\x1B$B");
                        jis = true;
                    }
                    out.extend([(p / 94 + 0x21) as u8, (p % 94 + 0x21) as u8]);
                }
                "gbk" | "gb18030" => {
                    let trail = p % 190;
                    out.push((p / 190 + 0x81) as u8);
                    out.push((trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8);
                }
                "big5" => {
                    let trail = p % 157;
                    out.push((p / 157 + 0x81) as u8);
                    out.push((trail + if trail < 0x3F { 0x40 } else { 0x62 }) as u8);
                }
                "euc-kr" => out.extend([(p / 190 + 0x81) as u8, (p % 190 + 0x41) as u8]),
                "utf-16le" => {
                    let mut units = [0u16; 2];
                    for u in c.encode_utf16(&mut units) {
                        out.extend(u.to_le_bytes());
                    }
                }
                _ => out.push((p + 0x80) as u8), // single-byte: pointer + 0x80
            },
        }
    }
    if jis {
        out.extend_from_slice(b"\x1B(B");
    }
    out
}

pub struct Input {
    pub corpus: &'static str,
    pub encodings: &'static [&'static str],
    pub tokens: Vec<Token>,
}

pub fn inputs() -> Vec<Input> {
    let kanji = index("jis0208", 15 * 94..47 * 94);
    let kana = index("jis0208", 3 * 94..5 * 94);
    let ja: Vec<_> = kana
        .iter()
        .chain(kana.iter())
        .chain(&kanji)
        .copied()
        .collect();
    let ja_stop = index("jis0208", 2..3)[0];
    let gb_range = (0xB0 - 0x81) * 190..(0xD8 - 0x81) * 190;
    let hans: Vec<_> = index("gb18030", gb_range)
        .into_iter()
        .filter(|&(p, _)| p % 190 >= 0xA1 - 0x41)
        .collect();
    let hans_stop = index("gb18030", 6178..6179)[0];
    let hant = index("big5", (0xA4 - 0x81) * 157..(0xC6 - 0x81) * 157 + 0x3F);
    let hant_stop = index("big5", 5027..5028)[0];
    let kr_range = (0xB0 - 0x81) * 190..(0xC9 - 0x81) * 190;
    let hangul: Vec<_> = index("euc-kr", kr_range)
        .into_iter()
        .filter(|&(p, _)| p % 190 >= 0xA1 - 0x41)
        .collect();
    let cyrillic: Vec<_> = index("windows-1251", 0..128)
        .into_iter()
        .filter(|&(_, c)| ('а'..='я').contains(&c) || c == 'ё')
        .collect();
    let koi8: HashMap<char, u32> = index("koi8-r", 0..128)
        .into_iter()
        .map(|(p, c)| (c, p))
        .collect();
    let western: Vec<_> = index("windows-1252", 0..128)
        .into_iter()
        .filter(|&(_, c)| c.is_alphabetic())
        .collect();
    let ru = text(7, &cyrillic, None, 85);
    // KOI8-R: the same text, pointers looked up in the KOI8-R index.
    let ru_koi8: Vec<Token> = ru
        .iter()
        .map(|t| match *t {
            Token::Ptr(_, c) => Token::Ptr(koi8[&c], c),
            a => a,
        })
        .collect();
    vec![
        Input {
            corpus: "ascii",
            encodings: &["utf-8", "windows-1252", "utf-16le"],
            tokens: text(1, &western, None, 0),
        },
        Input {
            corpus: "markup",
            encodings: &["utf-8", "shift_jis", "euc-jp"],
            tokens: text(2, &ja, None, 6),
        },
        Input {
            corpus: "ja",
            encodings: &["utf-8", "shift_jis", "euc-jp", "iso-2022-jp", "utf-16le"],
            tokens: text(3, &ja, Some(ja_stop), 100),
        },
        Input {
            corpus: "zh-hans",
            encodings: &["utf-8", "gbk", "gb18030", "utf-16le"],
            tokens: text(4, &hans, Some(hans_stop), 100),
        },
        Input {
            corpus: "zh-hant",
            encodings: &["utf-8", "big5", "utf-16le"],
            tokens: text(5, &hant, Some(hant_stop), 100),
        },
        Input {
            corpus: "ko",
            encodings: &["utf-8", "euc-kr", "utf-16le"],
            tokens: text(6, &hangul, None, 90),
        },
        Input {
            corpus: "ru",
            encodings: &["utf-8", "windows-1251", "utf-16le"],
            tokens: ru,
        },
        Input {
            corpus: "ru",
            encodings: &["koi8-r"],
            tokens: ru_koi8,
        },
        Input {
            corpus: "western",
            encodings: &["utf-8", "windows-1252", "utf-16le"],
            tokens: text(8, &western, None, 12),
        },
    ]
}
