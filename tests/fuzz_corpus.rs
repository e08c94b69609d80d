//! Replays the fuzz targets' seed corpus (`fuzz/corpus/`) through the same invariant checks, on
//! the stable toolchain, as an ordinary test.

#[path = "../fuzz/checks.rs"]
mod checks;
mod common;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = format!("{}/fuzz/corpus/{target}", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("the seed corpus") {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(
            result.is_ok(),
            "{target}: {} fails its invariants",
            path.display()
        );
        count += 1;
    }
    assert!(count > 0, "no seeds in {dir}");
}

#[test]
fn decode_corpus_keeps_its_invariants() {
    replay("decode", checks::check_decode);
}

#[test]
fn encode_corpus_keeps_its_invariants() {
    replay("encode", checks::check_encode);
}

#[test]
fn label_corpus_keeps_its_invariants() {
    replay("label", checks::check_label);
}

#[test]
fn detect_corpus_keeps_its_invariants() {
    replay("detect", checks::check_detect);
}
