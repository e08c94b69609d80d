//! `gen-corpus`: writes the deterministic UTF-8 benchmark corpora.
//!
//! ```text
//! gen-corpus [--indexes DIR] [--size-mib N | --size-kib N] OUT_DIR [CORPUS...]
//! gen-corpus --utf16le IN OUT      # UTF-8 file -> UTF-16LE file (fallback corpus preparation)
//! ```
//!
//! Writes `OUT_DIR/CORPUS.utf-8.txt` for each corpus (all by default). The legacy-encoded files
//! are made from these with `wtf-enc encode` by `bench/compare`.

use std::path::PathBuf;
use std::process::ExitCode;
use wtf_enc_bench::{CORPORA, Pools, generate, non_ascii_percent, utf16le, write_atomically};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen-corpus: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut indexes = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../indexes"));
    let mut size = 64usize << 20;
    let mut positional = Vec::new();
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| std::io::Error::other(format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--indexes" => indexes = value()?.into(),
            "--size-mib" => size = parse(&value()?)? << 20,
            "--size-kib" => size = parse(&value()?)? << 10,
            "--utf16le" => {
                let (src, dst) = (value()?, value()?);
                let text = std::fs::read_to_string(&src)?;
                return write_atomically(dst.as_ref(), &utf16le(&text));
            }
            "-h" | "--help" => {
                eprintln!(
                    "usage: gen-corpus [--indexes DIR] [--size-mib N | --size-kib N] OUT_DIR [CORPUS...]"
                );
                return Ok(());
            }
            _ => positional.push(arg),
        }
    }
    let Some(out_dir) = positional.first().map(PathBuf::from) else {
        return Err(std::io::Error::other("missing OUT_DIR (see --help)"));
    };
    let names: Vec<&str> = if positional.len() > 1 {
        positional[1..].iter().map(String::as_str).collect()
    } else {
        CORPORA.iter().map(|c| c.name).collect()
    };
    std::fs::create_dir_all(&out_dir)?;
    let pools = Pools::load(&indexes)?;
    for name in names {
        if !CORPORA.iter().any(|c| c.name == name) {
            return Err(std::io::Error::other(format!("unknown corpus {name:?}")));
        }
        let bytes = generate(name, size, &pools);
        let share = non_ascii_percent(std::str::from_utf8(&bytes).expect("generated UTF-8"));
        let path = out_dir.join(format!("{name}.utf-8.txt"));
        write_atomically(&path, &bytes)?;
        eprintln!(
            "gen-corpus: {} ({} bytes, {share:.1}% non-ASCII characters)",
            path.display(),
            bytes.len()
        );
    }
    Ok(())
}

fn parse(s: &str) -> std::io::Result<usize> {
    s.parse()
        .map_err(|_| std::io::Error::other(format!("not a size: {s:?}")))
}
