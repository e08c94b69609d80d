//! Deterministic benchmark corpora for wtf-enc, and the table of what is measured on them.
//!
//! Every corpus is UTF-8 text generated from a fixed-seed PRNG, with characters drawn from the
//! repository's own `indexes/index-*.txt` files so that every character is encodable in the
//! legacy encodings the corpus is meant for (and decodes identically with glibc iconv and ICU:
//! vendor-specific rows and code points with several pointers are left out).

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::Path;

/// Bumped whenever the generated text changes, so stale corpora are regenerated.
pub const GENERATOR_VERSION: u32 = 1;

/// A generated corpus and the encodings it is measured in (besides UTF-8, always measured).
pub struct Corpus {
    /// File stem in the corpus directory.
    pub name: &'static str,
    /// What the text is.
    pub description: &'static str,
    /// Encoding names (as `wtf-enc` and encoding_rs know them, lowercase) the text is encoded in.
    pub encodings: &'static [&'static str],
}

/// The corpora of issue 7.
pub const CORPORA: &[Corpus] = &[
    Corpus {
        name: "ascii",
        description: "pure ASCII English-like prose",
        encodings: &["windows-1252", "utf-16le"],
    },
    Corpus {
        name: "markup",
        description: "HTML-like markup, ~5% non-ASCII characters (Japanese)",
        encodings: &["shift_jis", "euc-jp", "utf-16le"],
    },
    Corpus {
        name: "ja",
        description: "dense Japanese (kana, JIS level-1 kanji)",
        encodings: &["shift_jis", "euc-jp", "iso-2022-jp", "utf-16le"],
    },
    Corpus {
        name: "zh-hans",
        description: "dense Simplified Chinese (GB2312 level-1 hanzi)",
        encodings: &["gbk", "gb18030", "utf-16le"],
    },
    Corpus {
        name: "zh-hant",
        description: "dense Traditional Chinese (Big5 frequent hanzi)",
        encodings: &["big5", "utf-16le"],
    },
    Corpus {
        name: "ko",
        description: "Korean (KS X 1001 hangul syllables, spaces)",
        encodings: &["euc-kr", "utf-16le"],
    },
    Corpus {
        name: "ru",
        description: "Russian (Cyrillic letters, ASCII punctuation)",
        encodings: &["windows-1251", "koi8-r", "utf-16le"],
    },
    Corpus {
        name: "western",
        description: "French/German-like Latin text with accents",
        encodings: &["windows-1252", "utf-16le"],
    },
];

/// Encodings that can be a target of `encode` (UTF-16LE output is a wtf-enc extension that
/// encoding_rs does not have, so it is only decoded).
pub fn encode_measured(encoding: &str) -> bool {
    encoding != "utf-16le"
}

/// The closest glibc `iconv` name for an encoding, or `None` when it has none.
///
/// Shift_JIS is the standard's Windows-31J, hence CP932; EUC-KR is the standard's windows-949,
/// hence CP949 (UHC); Big5 is the standard's Big5-HKSCS. The corpora avoid the few code points
/// where these tables disagree with the standard (e.g. 0x8160 WAVE DASH), so outputs match.
pub fn iconv_name(encoding: &str) -> Option<&'static str> {
    Some(match encoding {
        "utf-8" => "UTF-8",
        "shift_jis" => "CP932",
        "euc-jp" => "EUC-JP",
        "iso-2022-jp" => "ISO-2022-JP",
        "gbk" => "GBK",
        "gb18030" => "GB18030",
        "big5" => "BIG5-HKSCS",
        "euc-kr" => "CP949",
        "windows-1251" => "CP1251",
        "koi8-r" => "KOI8-R",
        "windows-1252" => "CP1252",
        "utf-16le" => "UTF-16LE",
        _ => return None,
    })
}

/// The closest ICU `uconv` name for an encoding, or `None` when it has none.
pub fn uconv_name(encoding: &str) -> Option<&'static str> {
    Some(match encoding {
        "utf-8" => "UTF-8",
        "shift_jis" => "windows-31j",
        "euc-jp" => "EUC-JP",
        "iso-2022-jp" => "ISO-2022-JP",
        "gbk" => "GBK",
        "gb18030" => "GB18030",
        "big5" => "Big5-HKSCS",
        "euc-kr" => "windows-949",
        "windows-1251" => "windows-1251",
        "koi8-r" => "KOI8-R",
        "windows-1252" => "windows-1252",
        "utf-16le" => "UTF-16LE",
        _ => return None,
    })
}

/// SplitMix64: tiny, fast, and good enough to make text that is not trivially compressible.
pub struct Prng(u64);

impl Prng {
    /// A generator with a fixed seed per corpus.
    pub fn new(seed: u64) -> Prng {
        Prng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// A random element.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// A random element of a pool skewed towards its front (roughly Zipf-like), so text has
    /// frequent and rare characters the way real text does.
    pub fn pick_skewed<T: Copy>(&mut self, items: &[T]) -> T {
        let a = self.below(items.len());
        let b = self.below(items.len());
        items[a.min(b)]
    }
}

/// An index file as pointer -> code point pairs.
pub struct Index {
    entries: Vec<(u32, char)>,
    count: HashMap<char, u32>,
}

impl Index {
    /// Reads `DIR/index-NAME.txt`.
    pub fn load(dir: &Path, name: &str) -> io::Result<Index> {
        let path = dir.join(format!("index-{name}.txt"));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let mut entries = Vec::new();
        let mut count = HashMap::new();
        for line in text.lines() {
            let mut fields = line.split_whitespace();
            let (Some(p), Some(c)) = (fields.next(), fields.next()) else {
                continue;
            };
            let (Ok(p), Some(c)) = (p.parse::<u32>(), c.strip_prefix("0x")) else {
                continue;
            };
            let Some(c) = u32::from_str_radix(c, 16).ok().and_then(char::from_u32) else {
                continue;
            };
            entries.push((p, c));
            *count.entry(c).or_insert(0) += 1;
        }
        Ok(Index { entries, count })
    }

    /// Code points at pointers in `range` that occur exactly once in the whole index and are
    /// not private-use, in pointer order.
    pub fn unique_in(&self, range: std::ops::Range<u32>) -> Vec<char> {
        self.entries
            .iter()
            .filter(|&&(p, c)| {
                range.contains(&p) && self.count[&c] == 1 && !('\u{E000}'..='\u{F8FF}').contains(&c)
            })
            .map(|&(_, c)| c)
            .collect()
    }

    /// Those of `chars` that occur exactly once in the index (to keep punctuation safe).
    pub fn filter_unique(&self, chars: &str) -> Vec<char> {
        chars
            .chars()
            .filter(|c| self.count.get(c) == Some(&1))
            .collect()
    }
}

/// Character pools for every corpus, loaded once from the index files.
pub struct Pools {
    kanji: Vec<char>,
    ja_punct: Vec<char>,
    hanzi_hans: Vec<char>,
    hans_punct: Vec<char>,
    hanzi_hant: Vec<char>,
    hant_punct: Vec<char>,
    hangul: Vec<char>,
}

impl Pools {
    /// Loads the pools from the `indexes/` directory of the repository.
    pub fn load(indexes: &Path) -> io::Result<Pools> {
        let jis = Index::load(indexes, "jis0208")?;
        let gb = Index::load(indexes, "gb18030")?;
        let big5 = Index::load(indexes, "big5")?;
        let kr = Index::load(indexes, "euc-kr")?;
        // JIS X 0208 level-1 kanji: rows 16 to 47 (0-based rows 15..47).
        let kanji = jis.unique_in(15 * 94..47 * 94);
        // GB2312 level-1 hanzi: bytes 0xB0A1..0xD7FE; pointer (lead-0x81)*190 + trail-0x41.
        let mut hanzi_hans = Vec::new();
        for lead in 0xB0..=0xD7u32 {
            let base = (lead - 0x81) * 190;
            hanzi_hans.extend(gb.unique_in(base + 0xA1 - 0x41..base + 0xFF - 0x41));
        }
        // Big5 frequently used hanzi: bytes 0xA440..0xC67E.
        let hanzi_hant = big5.unique_in((0xA4 - 0x81) * 157..(0xC6 - 0x81) * 157 + 0x3F);
        // KS X 1001 hangul syllables: bytes 0xB0A1..0xC8FE.
        let mut hangul = Vec::new();
        for lead in 0xB0..=0xC8u32 {
            let base = (lead - 0x81) * 190;
            hangul.extend(kr.unique_in(base + 0xA1 - 0x41..base + 0xFF - 0x41));
        }
        let pools = Pools {
            kanji,
            ja_punct: jis.filter_unique("、。「」・"),
            hanzi_hans,
            hans_punct: gb.filter_unique("，。、：“”"),
            hanzi_hant,
            hant_punct: big5.filter_unique("，。、：「」"),
            hangul,
        };
        for (name, pool, min) in [
            ("kanji", &pools.kanji, 2000),
            ("Simplified hanzi", &pools.hanzi_hans, 3000),
            ("Traditional hanzi", &pools.hanzi_hant, 4000),
            ("hangul", &pools.hangul, 2000),
            ("Japanese punctuation", &pools.ja_punct, 4),
            ("Simplified punctuation", &pools.hans_punct, 4),
            ("Traditional punctuation", &pools.hant_punct, 4),
        ] {
            if pool.len() < min {
                return Err(io::Error::other(format!(
                    "{name}: only {} characters found in the indexes",
                    pool.len()
                )));
            }
        }
        Ok(pools)
    }
}

#[rustfmt::skip]
const ENGLISH: &[&str] = &[
    "the", "of", "and", "to", "in", "a", "is", "that", "for", "it", "as", "was", "with", "be",
    "by", "on", "not", "he", "this", "are", "or", "his", "from", "at", "which", "but", "have",
    "an", "had", "they", "you", "were", "their", "one", "all", "we", "can", "her", "has", "there",
    "been", "if", "more", "when", "will", "would", "who", "so", "no", "encoding", "standard",
    "stream", "buffer", "decoder", "browser", "document", "character", "network", "performance",
    "measurement", "between", "through", "without", "another", "number",
];

#[rustfmt::skip]
const LATIN: &[&str] = &[
    "le", "la", "les", "de", "des", "du", "et", "est", "une", "un", "pour", "que", "qui", "dans",
    "été", "déjà", "très", "où", "à", "français", "garçon", "être", "fenêtre", "hôtel", "élève",
    "château", "naïve", "Noël", "cœur", "über", "für", "schön", "Mädchen", "Straße", "größer",
    "Käse", "Brötchen", "müssen", "die", "der", "und", "nicht", "ist", "ein", "mit", "auf", "ça",
    "préféré", "première", "résumé", "après", "là", "ou", "sind", "Grüße", "Fußball", "Zürich",
    "Köln", "Éric", "À", "Übung", "Ökonomie",
];

const RU_LETTERS: &str = "оооооооооеееееееааааааааииииииннннннттттттсссссрррррвввввллллккккммммддддпппуууяяыыььгггззббччйххжшюцщэфъё";

/// Generates corpus `name` (one of [`CORPORA`]) of at least `size` bytes, cut at the end of a
/// line at or after `size` bytes, deterministically.
pub fn generate(name: &str, size: usize, pools: &Pools) -> Vec<u8> {
    let seed = name.bytes().fold(0xC0FF_EE00_D15E_A5E5u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01B3)
    });
    let mut rng = Prng::new(seed);
    let mut out = String::with_capacity(size + 4096);
    let ru: Vec<char> = RU_LETTERS.chars().collect();
    while out.len() < size {
        match name {
            "ascii" => ascii_paragraph(&mut rng, &mut out),
            "markup" => markup_block(&mut rng, pools, &mut out),
            "ja" => ja_paragraph(&mut rng, pools, &mut out),
            "zh-hans" => zh_paragraph(&mut rng, &pools.hanzi_hans, &pools.hans_punct, &mut out),
            "zh-hant" => zh_paragraph(&mut rng, &pools.hanzi_hant, &pools.hant_punct, &mut out),
            "ko" => ko_paragraph(&mut rng, pools, &mut out),
            "ru" => ru_paragraph(&mut rng, &ru, &mut out),
            "western" => western_paragraph(&mut rng, &mut out),
            _ => panic!("unknown corpus {name}"),
        }
    }
    out.into_bytes()
}

fn capitalize_into(word: &str, out: &mut String) {
    let mut chars = word.chars();
    if let Some(c) = chars.next() {
        out.extend(c.to_uppercase());
        out.push_str(chars.as_str());
    }
}

fn ascii_paragraph(rng: &mut Prng, out: &mut String) {
    for _ in 0..rng.range(2, 7) {
        for w in 0..rng.range(4, 18) {
            let word = rng.pick_skewed(ENGLISH);
            if w == 0 {
                capitalize_into(word, out);
            } else {
                out.push(' ');
                if rng.chance(3) {
                    out.push_str(&rng.range(1, 2025).to_string());
                    out.push(' ');
                }
                out.push_str(word);
                if rng.chance(6) {
                    out.push(',');
                }
            }
        }
        out.push_str(if rng.chance(10) { "? " } else { ". " });
    }
    out.pop();
    out.push('\n');
}

fn ja_run(rng: &mut Prng, pools: &Pools, out: &mut String) {
    match rng.below(10) {
        // Kanji compound and okurigana or particle.
        0..=5 => {
            for _ in 0..rng.range(1, 3) {
                out.push(rng.pick_skewed(&pools.kanji));
            }
            for _ in 0..rng.range(1, 3) {
                out.push(char::from_u32(0x3041 + rng.below(0x53) as u32).unwrap());
            }
        }
        // Hiragana-only word.
        6..=8 => {
            for _ in 0..rng.range(2, 5) {
                out.push(char::from_u32(0x3041 + rng.below(0x53) as u32).unwrap());
            }
        }
        // Katakana loanword, maybe with a long-vowel mark.
        _ => {
            for _ in 0..rng.range(2, 6) {
                out.push(char::from_u32(0x30A1 + rng.below(0x56) as u32).unwrap());
            }
            if rng.chance(30) {
                out.push('ー');
            }
        }
    }
}

fn ja_paragraph(rng: &mut Prng, pools: &Pools, out: &mut String) {
    for _ in 0..rng.range(2, 6) {
        let quoted = rng.chance(10) && pools.ja_punct.contains(&'「');
        if quoted {
            out.push('「');
        }
        for i in 0..rng.range(4, 14) {
            if i > 0 && rng.chance(12) {
                out.push('、');
            }
            if rng.chance(2) {
                out.push_str(&rng.range(1, 2025).to_string());
            }
            ja_run(rng, pools, out);
        }
        out.push('。');
        if quoted {
            out.push('」');
        }
    }
    out.push('\n');
}

fn zh_paragraph(rng: &mut Prng, hanzi: &[char], punct: &[char], out: &mut String) {
    for _ in 0..rng.range(2, 6) {
        for clause in 0..rng.range(1, 4) {
            if clause > 0 {
                out.push('，');
            }
            for _ in 0..rng.range(4, 16) {
                out.push(rng.pick_skewed(hanzi));
            }
            if rng.chance(3) {
                out.push_str(&rng.range(1, 2025).to_string());
            }
            if rng.chance(3) {
                out.push(rng.pick(punct));
            }
        }
        out.push('。');
    }
    out.push('\n');
}

fn ko_paragraph(rng: &mut Prng, pools: &Pools, out: &mut String) {
    for _ in 0..rng.range(2, 6) {
        for w in 0..rng.range(3, 10) {
            if w > 0 {
                out.push(' ');
            }
            for _ in 0..rng.range(1, 4) {
                out.push(rng.pick_skewed(&pools.hangul));
            }
            if rng.chance(5) {
                out.push(',');
            }
        }
        out.push_str(". ");
    }
    out.pop();
    out.push('\n');
}

fn ru_paragraph(rng: &mut Prng, letters: &[char], out: &mut String) {
    for _ in 0..rng.range(2, 6) {
        for w in 0..rng.range(4, 14) {
            if w > 0 {
                out.push(' ');
            }
            let len = rng.range(1, 10);
            for i in 0..len {
                let c = rng.pick(letters);
                if w == 0 && i == 0 {
                    out.extend(c.to_uppercase());
                } else {
                    out.push(c);
                }
            }
            if rng.chance(8) {
                out.push(',');
            }
        }
        out.push_str(if rng.chance(8) { "! " } else { ". " });
    }
    out.pop();
    out.push('\n');
}

fn western_paragraph(rng: &mut Prng, out: &mut String) {
    for _ in 0..rng.range(2, 6) {
        let quoted = rng.chance(8);
        if quoted {
            out.push_str("« ");
        }
        for w in 0..rng.range(4, 16) {
            // Mostly the accent-bearing vocabulary's plain words, some ASCII English.
            let word = if rng.chance(35) {
                rng.pick_skewed(ENGLISH)
            } else {
                rng.pick_skewed(LATIN)
            };
            if w == 0 {
                capitalize_into(word, out);
            } else {
                out.push(' ');
                out.push_str(word);
                match rng.below(40) {
                    0 => out.push_str("’s"),
                    1 => out.push_str(" 12 €"),
                    2 => out.push(','),
                    _ => {}
                }
            }
        }
        if quoted {
            out.push_str(" »");
        }
        out.push_str(". ");
    }
    out.pop();
    out.push('\n');
}

fn markup_block(rng: &mut Prng, pools: &Pools, out: &mut String) {
    const TAGS: &[&str] = &["div", "p", "span", "li", "td", "section", "article"];
    const CLASSES: &[&str] = &[
        "nav",
        "item",
        "content",
        "header",
        "footer",
        "btn btn-primary",
    ];
    let tag = rng.pick(TAGS);
    out.push('<');
    out.push_str(tag);
    out.push_str(" class=\"");
    out.push_str(rng.pick(CLASSES));
    out.push_str("\" id=\"n");
    out.push_str(&rng.below(100_000).to_string());
    out.push_str("\">");
    for _ in 0..rng.range(1, 4) {
        let link = rng.chance(40);
        if link {
            out.push_str("<a href=\"https://example.com/");
            out.push_str(rng.pick(ENGLISH));
            out.push_str("/index.html?id=");
            out.push_str(&rng.below(10_000).to_string());
            out.push_str("\" rel=\"nofollow\">");
        }
        // Text node: usually English, sometimes a Japanese phrase (tuned to ~5% non-ASCII
        // characters overall).
        if rng.chance(30) {
            for _ in 0..rng.range(1, 4) {
                ja_run(rng, pools, out);
            }
            out.push('。');
        } else {
            for w in 0..rng.range(2, 9) {
                if w > 0 {
                    out.push(' ');
                }
                out.push_str(rng.pick_skewed(ENGLISH));
            }
        }
        if link {
            out.push_str("</a>");
        }
        out.push(' ');
    }
    out.push_str("</");
    out.push_str(tag);
    out.push_str(">\n");
}

/// Converts UTF-8 text to UTF-16LE bytes (used only when `wtf-enc encode -e utf-16le` is not
/// available to prepare the corpus).
pub fn utf16le(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * 2);
    for unit in text.encode_utf16() {
        out.extend_from_slice(&unit.to_le_bytes());
    }
    out
}

/// Share of non-ASCII characters in `text`, in percent.
pub fn non_ascii_percent(text: &str) -> f64 {
    let (mut all, mut non) = (0usize, 0usize);
    for c in text.chars() {
        all += 1;
        non += usize::from(!c.is_ascii());
    }
    100.0 * non as f64 / all.max(1) as f64
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(bytes)?;
    f.sync_data().ok();
    std::fs::rename(tmp, path)
}
