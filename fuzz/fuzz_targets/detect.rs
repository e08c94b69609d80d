//! Fuzz target: the detect invariants of `fuzz/checks.rs`.

#![no_main]

#[allow(dead_code)]
#[path = "../../tests/common/mod.rs"]
mod common;
#[allow(dead_code)] // each target uses one of the checks
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_detect(data));
