//! `peer-encoding-rs`: the benchmark peer, the fastest plain use of encoding_rs's public API we
//! could write, with the same command shape as `wtf-enc` (decode with replacement, encode with
//! HTML numeric character references, streaming through large fixed buffers, output written to
//! standard output in big blocks without line buffering).
//!
//! ```text
//! peer-encoding-rs decode LABEL [FILE]   # bytes in LABEL's encoding -> UTF-8 (BOM sniffed)
//! peer-encoding-rs encode LABEL [FILE]   # UTF-8 -> LABEL's output encoding (&#N; for unmappables)
//! ```
//!
//! No FILE, or `-`, reads standard input. Build it once with default features and once with
//! `--features fast-legacy-encode` (into another target directory) for the encode comparison.

use encoding_rs::{CoderResult, Encoding};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::process::ExitCode;

/// Input block size: big enough that system-call overhead vanishes, small enough to stay in L2.
const IN_BUF: usize = 256 * 1024;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (op, label, path) = match args.as_slice() {
        [op, label] => (op.as_str(), label.as_str(), None),
        [op, label, path] => (op.as_str(), label.as_str(), Some(path.as_str())),
        _ => return usage(),
    };
    let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
        eprintln!("peer-encoding-rs: unknown encoding label {label:?}");
        return ExitCode::from(2);
    };
    let result = open_input(path).and_then(|input| {
        let output = stdout_file()?;
        match op {
            "decode" => decode(encoding, input, output),
            "encode" => encode(encoding, input, output),
            _ => Err(std::io::Error::other(format!("unknown command {op:?}"))),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("peer-encoding-rs: {}: {e}", path.unwrap_or("<stdin>"));
            ExitCode::from(2)
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: peer-encoding-rs decode|encode LABEL [FILE]");
    ExitCode::from(2)
}

fn open_input(path: Option<&str>) -> std::io::Result<File> {
    match path {
        None | Some("-") => Ok(File::from(std::io::stdin().as_fd().try_clone_to_owned()?)),
        Some(p) => File::open(p),
    }
}

/// Standard output as a plain file descriptor: `std::io::Stdout` is line-buffered, which would
/// split every block at its last newline.
fn stdout_file() -> std::io::Result<File> {
    Ok(File::from(std::io::stdout().as_fd().try_clone_to_owned()?))
}

/// Reads until `buf` is full or the input ends; returns how many bytes were read.
fn read_full(input: &mut File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

fn decode(encoding: &'static Encoding, mut input: File, mut output: File) -> std::io::Result<()> {
    let mut decoder = encoding.new_decoder();
    let mut src = vec![0u8; IN_BUF];
    // Room for a whole input block in one call whatever the encoding.
    let out_len = decoder
        .max_utf8_buffer_length(IN_BUF)
        .unwrap_or(4 * IN_BUF)
        .max(4 * IN_BUF);
    let mut dst = vec![0u8; out_len];
    loop {
        let n = read_full(&mut input, &mut src)?;
        let last = n == 0;
        let mut pending = &src[..n];
        loop {
            let (result, read, written, _) = decoder.decode_to_utf8(pending, &mut dst, last);
            output.write_all(&dst[..written])?;
            pending = &pending[read..];
            if result == CoderResult::InputEmpty {
                break;
            }
        }
        if last {
            return Ok(());
        }
    }
}

fn encode(encoding: &'static Encoding, mut input: File, mut output: File) -> std::io::Result<()> {
    let mut encoder = encoding.new_encoder();
    // `carry` bytes at the front of `src` are an incomplete UTF-8 sequence left by the last block.
    let mut src = vec![0u8; IN_BUF + 4];
    let mut carry = 0usize;
    let out_len = encoder
        .max_buffer_length_from_utf8_if_no_unmappables(IN_BUF + 4)
        .unwrap_or(4 * IN_BUF)
        .max(64 * 1024);
    let mut dst = vec![0u8; out_len];
    let mut first = true;
    let mut replaced = String::new();
    loop {
        let n = read_full(&mut input, &mut src[carry..carry + IN_BUF])?;
        let last = n == 0;
        let filled = carry + n;
        let mut start = 0;
        if first && filled >= 3 && src[..3] == [0xEF, 0xBB, 0xBF] {
            start = 3;
        }
        if first && (filled >= 3 || last) {
            first = false;
        }
        let block = &src[start..filled];
        // A sequence cut by the block boundary waits for the next block.
        let tail = if last { 0 } else { incomplete_tail_len(block) };
        let body = &block[..block.len() - tail];
        // The fast path: validated by encoding_rs's own validator, then borrowed as `&str`.
        let text: &str = if Encoding::utf8_valid_up_to(body) == body.len() {
            // SAFETY: `utf8_valid_up_to` vouched for all of `body`.
            unsafe { std::str::from_utf8_unchecked(body) }
        } else {
            // Malformed input (rare): one U+FFFD per maximal subpart, as the standard says.
            replaced.clear();
            replaced.push_str(&String::from_utf8_lossy(body));
            &replaced
        };
        let mut pending = text;
        loop {
            let (result, read, written, _) = encoder.encode_from_utf8(pending, &mut dst, last);
            output.write_all(&dst[..written])?;
            pending = &pending[read..];
            if result == CoderResult::InputEmpty {
                break;
            }
        }
        if last {
            return Ok(());
        }
        src.copy_within(filled - tail..filled, 0);
        carry = tail;
    }
}

/// Length (0 to 3) of an incomplete but so far valid UTF-8 sequence at the end of `bytes`.
fn incomplete_tail_len(bytes: &[u8]) -> usize {
    for k in 1..=3.min(bytes.len()) {
        let tail = &bytes[bytes.len() - k..];
        if tail[0] >= 0xC2 {
            return match std::str::from_utf8(tail) {
                Err(e) if e.valid_up_to() == 0 && e.error_len().is_none() => k,
                _ => 0,
            };
        }
        if tail[0] < 0x80 {
            return 0;
        }
    }
    0
}
