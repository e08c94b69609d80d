//! Fuzz target: the encode invariants of `fuzz/checks.rs`.

#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_encode(data));
