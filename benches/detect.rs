//! Criterion benchmarks of detection (issue 11: at least 200 MB/s over a 64 KiB head).
//!
//! `cargo bench --bench detect [-- FILTER]`. Benchmark ids are `detect/ENCODING/CORPUS`; each
//! input is about 256 KiB, of which `detect` looks at the default 64 KiB head, so throughput is
//! counted as 64 KiB per call. The texts come from `corpus/` (shared with the `codecs`
//! benchmark): legacy bytes computed from index pointers, not with the library.
//!
//! Until the statistical model merges, inputs that reach the statistics step (`windows-1251/ru`,
//! `shift_jis/ja`) measure the placeholder ranking.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

mod corpus;

use corpus::{inputs, legacy, utf8};
use wtf_enc::detect::{DEFAULT_MAX_BYTES, DetectOptions, Outcome, detect};

fn detection(c: &mut Criterion) {
    let inputs = inputs();
    let corpus = |name: &str| {
        &inputs
            .iter()
            .find(|i| i.corpus == name)
            .expect("a corpus of benches/corpus")
            .tokens
    };
    let mut html = b"<!DOCTYPE html><html><head><meta charset=\"shift_jis\"><title>".to_vec();
    html.extend(legacy(corpus("markup"), "shift_jis"));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("ascii/ascii", utf8(corpus("ascii")).into_bytes()),
        ("utf-8/ru", utf8(corpus("ru")).into_bytes()),
        ("utf-8/ja", utf8(corpus("ja")).into_bytes()),
        ("shift_jis/html-meta", html),
        ("utf-16le/western", legacy(corpus("western"), "utf-16le")),
        ("iso-2022-jp/ja", legacy(corpus("ja"), "iso-2022-jp")),
        ("windows-1251/ru", legacy(corpus("ru"), "windows-1251")),
        ("shift_jis/ja", legacy(corpus("ja"), "shift_jis")),
    ];
    let options = DetectOptions::default();
    let mut group = c.benchmark_group("detect");
    group.throughput(Throughput::Bytes(DEFAULT_MAX_BYTES as u64));
    for (id, bytes) in &cases {
        assert!(
            bytes.len() > DEFAULT_MAX_BYTES,
            "{id}: shorter than the head"
        );
        // Outside the timing: say which step answered, so a reader knows what was measured.
        match detect(bytes, &options) {
            Outcome::Guess(g) => {
                eprintln!("{id}: {} from {} ({})", g.encoding, g.source, g.evidence)
            }
            other => eprintln!("{id}: {other:?}"),
        }
        group.bench_function(*id, |b| b.iter(|| detect(black_box(bytes), &options)));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // Short runs: the machine is shared.
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    targets = detection
}
criterion_main!(benches);
