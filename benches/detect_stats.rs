//! The detection statistics step over 64 KiB heads: `cargo bench --bench detect_stats`.
//! Throughput is bytes of head per second; the detector's target is >= 200 MB/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use wtf_enc::detect::rank_statistics;
use wtf_enc::{EncoderErrorMode, Encoding};

const HEAD: usize = 64 * 1024;

/// `text` repeated and encoded into `encoding`, cut to [`HEAD`] bytes.
fn head(text: &str, encoding: Encoding) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = encoding.new_encoder(EncoderErrorMode::Html).unwrap();
    while bytes.len() < HEAD {
        encoder.encode_to_vec(text, &mut bytes, false);
    }
    bytes.truncate(HEAD);
    bytes
}

fn rank(c: &mut Criterion) {
    let inputs = [
        (
            "russian-windows-1251",
            head(
                "Съешь же ещё этих мягких французских булок, да выпей чаю. ",
                Encoding::Windows1251,
            ),
        ),
        (
            "japanese-shift_jis",
            head(
                "日本語の文章を正しく判定できるかどうかを確かめます。",
                Encoding::ShiftJis,
            ),
        ),
        (
            "french-windows-1252",
            head(
                "Voix ambiguë d'un cœur qui, au zéphyr, préfère les jattes de kiwis. ",
                Encoding::Windows1252,
            ),
        ),
        (
            "polish-iso-8859-2",
            head(
                "Zażółć gęślą jaźń, pchnąć w tę łódź jeża lub ośm skrzyń fig. ",
                Encoding::Iso8859_2,
            ),
        ),
        (
            "english-one-accent-per-kib",
            head(
                &format!(
                    "{} café. ",
                    "The quick brown fox jumps over the lazy dog. ".repeat(22)
                ),
                Encoding::Windows1252,
            ),
        ),
    ];
    let mut group = c.benchmark_group("detect_stats/rank_64KiB");
    group.throughput(Throughput::Bytes(HEAD as u64));
    for (name, bytes) in &inputs {
        group.bench_function(*name, |b| {
            b.iter(|| rank_statistics(black_box(bytes), false, None))
        });
    }
    group.finish();
}

criterion_group!(benches, rank);
criterion_main!(benches);
