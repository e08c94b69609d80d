//! `wtf-enc encode`: UTF-8 text to any encoding.

use anyhow::{Result, bail};
use wtf_enc::stream::{self, Buffers};
use wtf_enc::{EncoderErrorMode, Encoding};

use super::args::{EncodeArgs, EncodeErrors};
use super::files::{Output, inputs};
use super::{SUCCESS, encoding_for, progress, stream_error};

pub fn run(args: EncodeArgs, buffers: &mut Buffers) -> Result<i32> {
    let encoding = encoding_for(&args.encoding)?;
    if encoding == Encoding::Replacement {
        bail!(
            "-e {:?}: that label names the replacement encoding, which only decodes; \
             choose an encoding to write",
            args.encoding
        );
    }
    let bom = match (args.write_bom, encoding.bom()) {
        (false, _) => &b""[..],
        (true, Some(bom)) => bom,
        (true, None) => bail!(
            "--write-bom: {encoding} has no byte order mark (only UTF-8, UTF-16BE and UTF-16LE do)"
        ),
    };
    let mode = match args.errors {
        EncodeErrors::Fatal => EncoderErrorMode::Fatal,
        EncodeErrors::Html => EncoderErrorMode::Html,
    };
    let inputs = inputs(&args.stream.inputs);
    let mut output = Output::open(args.stream.output.as_deref(), &inputs)?;
    for (i, input) in inputs.iter().enumerate() {
        // Each input gets a fresh encoder; the BOM, if asked for, starts the whole output.
        let encoder = encoding.new_encoder(mode)?;
        let prefix = if i == 0 { bom } else { b"" };
        let (reader, len) = input.open()?;
        let bar = progress::bar(args.stream.progress, input.name(), len);
        let reader = progress::wrap(reader, bar.as_ref());
        let result = stream::encode(reader, output.writer(), encoder, prefix, buffers);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        result.map_err(|e| stream_error(e, input.name(), output.name()))?;
    }
    output.commit()?;
    Ok(SUCCESS)
}
