//! Criterion benchmarks of the library's decoders and encoders.
//!
//! `cargo bench --bench codecs [-- FILTER]`, e.g. `-- windows-1252` or `-- decode/shift_jis`.
//! Benchmark ids are `decode/ENCODING/CORPUS` and `encode/ENCODING/CORPUS`; throughput is
//! counted in input bytes (legacy bytes for decode, UTF-8 bytes for encode).
//!
//! The inputs (about 256 KiB of text each) are generated here, deterministically, the way
//! `bench/peers` generates the whole-process corpora: characters drawn from the repository's
//! `indexes/` at pointers every implementation agrees on. The legacy bytes are computed from the
//! pointers directly, not with the library, so a decoder is measured on input its encoder did
//! not produce.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;
use wtf_enc::{DecodeStatus, DecoderErrorMode, EncodeStatus, EncoderErrorMode, Encoding};

const SIZE: usize = 256 * 1024;

/// One character of generated text: ASCII, or a character at a pointer of the corpus's index.
#[derive(Clone, Copy)]
enum Token {
    Ascii(u8),
    Ptr(u32, char),
}

/// SplitMix64, as in bench/peers.
struct Prng(u64);

impl Prng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        let (a, b) = (self.below(items.len()), self.below(items.len()));
        items[a.min(b)]
    }
}

/// `(pointer, code point)` of an index, keeping code points that occur once and aren't PUA.
fn index(name: &str, range: std::ops::Range<u32>) -> Vec<(u32, char)> {
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
fn text(seed: u64, pool: &[(u32, char)], sep: Option<(u32, char)>, dense: usize) -> Vec<Token> {
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

fn utf8(tokens: &[Token]) -> String {
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
fn legacy(tokens: &[Token], encoding: &str) -> Vec<u8> {
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

struct Input {
    corpus: &'static str,
    encodings: &'static [&'static str],
    tokens: Vec<Token>,
}

fn inputs() -> Vec<Input> {
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

fn decode_all(encoding: Encoding, src: &[u8], dst: &mut [u8]) -> usize {
    let mut decoder = encoding.new_decoder(DecoderErrorMode::Replacement);
    let (mut pending, mut total) = (src, 0);
    loop {
        let r = decoder.decode_to_utf8(pending, dst, true);
        total += r.written;
        pending = &pending[r.read..];
        if r.status == DecodeStatus::InputEmpty {
            return total;
        }
    }
}

fn encode_all(encoding: Encoding, src: &str, dst: &mut [u8]) -> usize {
    let mut encoder = encoding.new_encoder(EncoderErrorMode::Html).unwrap();
    let (mut pending, mut total) = (src, 0);
    loop {
        let r = encoder.encode_from_utf8(pending, dst, true);
        total += r.written;
        pending = &pending[r.read..];
        if r.status == EncodeStatus::InputEmpty {
            return total;
        }
    }
}

fn decode_to_vec(encoding: Encoding, mut src: &[u8]) -> Vec<u8> {
    let (mut out, mut dst) = (Vec::new(), [0u8; 4096]);
    let mut decoder = encoding.new_decoder(DecoderErrorMode::Replacement);
    loop {
        let r = decoder.decode_to_utf8(src, &mut dst, true);
        out.extend_from_slice(&dst[..r.written]);
        src = &src[r.read..];
        if r.status == DecodeStatus::InputEmpty {
            return out;
        }
    }
}

fn encode_to_vec(encoding: Encoding, mut src: &str) -> Vec<u8> {
    let (mut out, mut dst) = (Vec::new(), [0u8; 4096]);
    let mut encoder = encoding.new_encoder(EncoderErrorMode::Html).unwrap();
    loop {
        let r = encoder.encode_from_utf8(src, &mut dst, true);
        out.extend_from_slice(&dst[..r.written]);
        src = &src[r.read..];
        if r.status == EncodeStatus::InputEmpty {
            return out;
        }
    }
}

/// Warns (once per benchmark, outside the timing) when the codec's output is not the one
/// computed from the pointers: then the benchmark measures something other than intended.
fn check(encoding: &str, corpus: &str, got: &[u8], expected: &[u8]) {
    if got != expected {
        let at = got.iter().zip(expected).take_while(|(a, b)| a == b).count();
        eprintln!(
            "WARNING: {encoding}/{corpus}: output differs from the expected bytes at byte {at} \
             ({} bytes vs {} expected)",
            got.len(),
            expected.len()
        );
    }
}

fn codecs(c: &mut Criterion) {
    let inputs = inputs();
    // Output buffers of 64 KiB, like a streaming caller's.
    let mut dst = vec![0u8; 64 * 1024];
    let mut group = c.benchmark_group("decode");
    for input in &inputs {
        for &name in input.encodings {
            let encoding = Encoding::for_label(name).unwrap();
            let bytes = if name == "utf-8" {
                utf8(&input.tokens).into_bytes()
            } else {
                legacy(&input.tokens, name)
            };
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            let expected = utf8(&input.tokens);
            let mut checked = false;
            group.bench_function(format!("{name}/{}", input.corpus), |b| {
                if !checked {
                    let got = decode_to_vec(encoding, &bytes);
                    check(name, input.corpus, &got, expected.as_bytes());
                    checked = true;
                }
                b.iter(|| decode_all(encoding, black_box(&bytes), &mut dst))
            });
        }
    }
    group.finish();
    let mut group = c.benchmark_group("encode");
    for input in &inputs {
        let text = utf8(&input.tokens);
        for &name in input.encodings {
            let encoding = Encoding::for_label(name).unwrap();
            if name == "utf-8" || name == "utf-16le" {
                continue;
            }
            let expected = legacy(&input.tokens, name);
            let mut checked = false;
            group.throughput(Throughput::Bytes(text.len() as u64));
            group.bench_function(format!("{name}/{}", input.corpus), |b| {
                if !checked {
                    check(
                        name,
                        input.corpus,
                        &encode_to_vec(encoding, &text),
                        &expected,
                    );
                    checked = true;
                }
                b.iter(|| encode_all(encoding, black_box(&text), &mut dst))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // Short runs: the machine is shared; ratios between runs are noisy anyway.
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = codecs
}
criterion_main!(benches);
