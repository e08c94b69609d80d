//! Accuracy of the detection statistics step on held-out text, per encoding and length.
//!
//! ```text
//! python3 tools/detect-model/train.py heldout /tmp/heldout.tsv
//! cargo run --release --example detect-eval -- /tmp/heldout.tsv [SAMPLES_PER_LANGUAGE]
//! ```
//!
//! The held-out file holds catalogue strings from gettext domains the model was never trained
//! on (see tools/detect-model/README.md). Each language's strings are joined into samples of
//! about 1500 bytes; each sample is encoded into every encoding its language was written in
//! (characters an encoding cannot represent are dropped), cut at a character boundary to each
//! length, and ranked. A guess is right when decoding the cut bytes with it gives the same
//! text as decoding them with the truth. Cuts that are pure ASCII or valid UTF-8 are skipped:
//! the detector decides those before statistics.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use wtf_enc::detect::rank_statistics;
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding, Utf8Check, check_utf8};

const LENGTHS: [usize; 6] = [16, 32, 64, 128, 256, 1024];
const SAMPLE_BYTES: usize = 1500;

/// The encodings each held-out language is labelled with (the truth side of the evaluation).
fn encodings_of(language: &str) -> &'static [&'static str] {
    const WESTERN: &[&str] = &["windows-1252", "ISO-8859-15", "macintosh"];
    const CENTRAL: &[&str] = &["windows-1250", "ISO-8859-2"];
    const BALTIC: &[&str] = &["windows-1257", "ISO-8859-13", "ISO-8859-4"];
    const CYRILLIC: &[&str] = &["windows-1251", "ISO-8859-5", "x-mac-cyrillic"];
    match language {
        "fr" | "de" | "es" | "it" | "pt" | "nl" | "sv" | "da" | "nb" | "fi" | "is" | "ca"
        | "eu" | "gl" => WESTERN,
        "ga" | "cy" => &["windows-1252", "ISO-8859-14"],
        "pl" | "cs" | "sk" | "hu" | "sl" | "hr" | "sq" | "sr-Latn" => CENTRAL,
        "ro" => &["windows-1250", "ISO-8859-2", "ISO-8859-16"],
        "mt" | "eo" => &["ISO-8859-3"],
        "lt" | "lv" | "et" => BALTIC,
        "tr" => &["windows-1254"],
        "vi" => &["windows-1258"],
        "ru" => &[
            "windows-1251",
            "KOI8-R",
            "IBM866",
            "ISO-8859-5",
            "x-mac-cyrillic",
        ],
        "uk" => &["windows-1251", "KOI8-U", "ISO-8859-5", "x-mac-cyrillic"],
        "be" | "bg" | "sr" | "mk" => CYRILLIC,
        "el" => &["windows-1253", "ISO-8859-7"],
        "he" => &["windows-1255", "ISO-8859-8"],
        "ar" | "fa" => &["windows-1256", "ISO-8859-6"],
        "th" => &["windows-874"],
        "ja" => &["Shift_JIS", "EUC-JP"],
        "zh-CN" => &["GBK"],
        "zh-TW" => &["Big5"],
        "ko" => &["EUC-KR"],
        _ => &[],
    }
}

/// `text` in `encoding` without the characters it cannot represent, and where each character
/// ends in the bytes.
fn encode(text: &str, encoding: Encoding) -> (Vec<u8>, Vec<usize>) {
    let mut encoder = encoding
        .new_encoder(EncoderErrorMode::Fatal)
        .expect("legacy encoder");
    let (mut bytes, mut ends) = (Vec::new(), Vec::new());
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let before = bytes.len();
        let (_, unmappable) = encoder.encode_to_vec(c.encode_utf8(&mut buf), &mut bytes, false);
        if unmappable.is_some() {
            bytes.truncate(before);
        } else if bytes.len() > before {
            ends.push(bytes.len());
        }
    }
    (bytes, ends)
}

fn decode(bytes: &[u8], encoding: Encoding) -> Vec<u8> {
    let mut out = Vec::new();
    encoding
        .new_decoder(DecoderErrorMode::Replacement)
        .decode_to_vec(bytes, &mut out, true);
    out
}

/// Samples of about [`SAMPLE_BYTES`] per language, at most `limit` each.
fn samples(path: &str, limit: usize) -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current: BTreeMap<&str, String> = BTreeMap::new();
    for line in text.lines() {
        let Some((language, s)) = line.split_once('\t') else {
            continue;
        };
        let list = out.entry(language.to_string()).or_default();
        if list.len() >= limit {
            continue;
        }
        let sample = current.entry(language).or_default();
        sample.push_str(s);
        sample.push('\n');
        if sample.len() >= SAMPLE_BYTES {
            list.push(std::mem::take(sample));
        }
    }
    out
}

#[derive(Default)]
struct Tally {
    right: [u32; LENGTHS.len()],
    total: [u32; LENGTHS.len()],
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).map_or("/tmp/heldout.tsv", String::as_str);
    let limit = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(40);
    let verbose = std::env::var_os("DETECT_EVAL_VERBOSE").is_some();
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut family: BTreeMap<&str, Tally> = BTreeMap::new();
    let (mut spent, mut ranked_bytes) = (Duration::ZERO, 0usize);
    for (language, list) in samples(path, limit) {
        for &name in encodings_of(&language) {
            let encoding = Encoding::for_name(name).expect("encoding name");
            for sample in &list {
                let (bytes, ends) = encode(sample, encoding);
                for (l, &length) in LENGTHS.iter().enumerate() {
                    let cut = ends
                        .iter()
                        .rev()
                        .find(|&&e| e <= length)
                        .copied()
                        .unwrap_or(0);
                    let head = &bytes[..cut];
                    if head.is_ascii() || check_utf8(head) == Utf8Check::Valid {
                        continue;
                    }
                    let start = Instant::now();
                    let ranked = rank_statistics(head, true, None);
                    spent += start.elapsed();
                    ranked_bytes += head.len();
                    let guess = ranked.first().expect("never empty").encoding;
                    let right = guess == encoding || decode(head, guess) == decode(head, encoding);
                    if !right && verbose && length >= 64 {
                        eprintln!("{language} {name} {length}: guessed {}", guess.name());
                    }
                    for t in [
                        tallies.entry(name).or_default(),
                        family.entry(family_of(name)).or_default(),
                    ] {
                        t.total[l] += 1;
                        t.right[l] += u32::from(right);
                    }
                }
            }
        }
    }
    print_table("encoding", &tallies);
    println!();
    print_table("family", &family);
    let mb_per_s = ranked_bytes as f64 / spent.as_secs_f64() / 1e6;
    println!("\nrank() over these cuts: {ranked_bytes} bytes in {spent:.2?} ({mb_per_s:.1} MB/s)");
}

fn family_of(name: &str) -> &'static str {
    match name {
        "Shift_JIS" | "EUC-JP" | "GBK" | "Big5" | "EUC-KR" => "CJK",
        "windows-1251" | "KOI8-R" | "KOI8-U" | "IBM866" | "ISO-8859-5" | "x-mac-cyrillic" => {
            "Cyrillic"
        }
        "windows-1250" | "ISO-8859-2" | "ISO-8859-16" => "Central European",
        "windows-1253" | "ISO-8859-7" => "Greek",
        "windows-1254" => "Turkish",
        "windows-1255" | "ISO-8859-8" => "Hebrew",
        "windows-1256" | "ISO-8859-6" => "Arabic",
        "windows-1257" | "ISO-8859-13" | "ISO-8859-4" => "Baltic",
        "windows-874" => "Thai",
        "windows-1258" => "Vietnamese",
        _ => "Western",
    }
}

fn print_table(what: &str, tallies: &BTreeMap<&str, Tally>) {
    print!("| {what:<16} |");
    for l in LENGTHS {
        print!(" {l:>11} |");
    }
    println!();
    print!("|{}|", "-".repeat(18));
    for _ in LENGTHS {
        print!("{}|", "-".repeat(13));
    }
    println!();
    let mut all = Tally::default();
    for (name, t) in tallies {
        print!("| {name:<16} |");
        for l in 0..LENGTHS.len() {
            all.right[l] += t.right[l];
            all.total[l] += t.total[l];
            print!(" {} |", cell(t.right[l], t.total[l]));
        }
        println!();
    }
    print!("| {:<16} |", "all");
    for l in 0..LENGTHS.len() {
        print!(" {} |", cell(all.right[l], all.total[l]));
    }
    println!();
}

fn cell(right: u32, total: u32) -> String {
    if total == 0 {
        return format!("{:>11}", "-");
    }
    format!(
        "{:>5.1}% {:>4}",
        100.0 * f64::from(right) / f64::from(total),
        total
    )
}
