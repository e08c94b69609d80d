//! `wtf-enc sniff-bom`: which byte order mark each input starts with, reading at most 3 bytes.

use std::io::{Read, Write};

use anyhow::{Context, Result};
use wtf_enc::Encoding;

use super::args::SniffBomArgs;
use super::files::{Input, inputs};
use super::{INVALID_DATA, SUCCESS, TROUBLE, files, message};

pub fn run(args: SniffBomArgs) -> Result<i32> {
    let inputs = inputs(&args.inputs);
    let several = inputs.len() > 1;
    let mut out = String::new();
    let mut status = SUCCESS;
    // An input that cannot be read is reported and the others are still answered.
    for input in &inputs {
        match sniff(input) {
            Ok(found) => {
                if several {
                    out.push_str(input.name());
                    out.push_str(": ");
                }
                out.push_str(found.map_or("none", |e| e.name()));
                out.push('\n');
                if found.is_none() {
                    status = status.max(INVALID_DATA);
                }
            }
            Err(e) => {
                message(format_args!("{e:#}"));
                status = TROUBLE;
            }
        }
    }
    let mut stdout = files::stdout().context("<stdout>")?;
    stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .context("<stdout>")?;
    Ok(status)
}

/// The encoding of the BOM `input` starts with, reading no more than 3 bytes of it.
fn sniff(input: &Input) -> Result<Option<Encoding>> {
    let (reader, _) = input.open()?;
    let mut start = Vec::with_capacity(3);
    reader
        .take(3)
        .read_to_end(&mut start)
        .with_context(|| input.name().to_owned())?;
    Ok(Encoding::sniff_bom(&start).map(|(encoding, _)| encoding))
}
