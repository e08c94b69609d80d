//! The library in twenty lines: decode a file in any of the standard's encodings to UTF-8 on
//! standard output, streaming, with one U+FFFD per malformed sequence.
//!
//! `cargo run --example decode -- LABEL FILE`

use std::io::{Read, Write};
use wtf_enc::{DecodeStatus, DecoderErrorMode, Encoding};

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [label, path] = args.as_slice() else {
        eprintln!("usage: decode LABEL FILE");
        std::process::exit(2);
    };
    let Some(encoding) = Encoding::for_label(label) else {
        eprintln!("decode: unknown encoding label {label:?}");
        std::process::exit(2);
    };
    let mut decoder = encoding.new_decoder(DecoderErrorMode::Replacement);
    let mut input = std::fs::File::open(path)?;
    let mut stdout = std::io::stdout().lock();
    let (mut src, mut dst) = (vec![0u8; 64 * 1024], vec![0u8; 256 * 1024]);
    loop {
        let n = input.read(&mut src)?;
        let mut pending = &src[..n];
        loop {
            let r = decoder.decode_to_utf8(pending, &mut dst, n == 0);
            stdout.write_all(&dst[..r.written])?;
            pending = &pending[r.read..];
            if r.status == DecodeStatus::InputEmpty {
                break;
            }
        }
        if n == 0 {
            return stdout.flush();
        }
    }
}
