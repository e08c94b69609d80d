//! `wtf-enc convert`: text from one encoding to another, decoded and encoded in one pass.

use anyhow::{Result, bail};
use wtf_enc::stream::{self, Buffers, DecodeOptions};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

use super::args::{ConvertArgs, DecodeErrors, EncodeErrors};
use super::files::{Output, inputs};
use super::{SUCCESS, bom_handling, encoding_for, progress, stream_error};

pub fn run(args: ConvertArgs, buffers: &mut Buffers) -> Result<i32> {
    let from = encoding_for(&args.from)?;
    let to = encoding_for(&args.to)?;
    if to == Encoding::Replacement {
        bail!(
            "-t {:?}: that label names the replacement encoding, which only decodes; \
             choose an encoding to write",
            args.to
        );
    }
    let bom = match (args.write_bom, to.bom()) {
        (false, _) => &b""[..],
        (true, Some(bom)) => bom,
        (true, None) => {
            bail!("--write-bom: {to} has no byte order mark (only UTF-8, UTF-16BE and UTF-16LE do)")
        }
    };
    let options = DecodeOptions {
        encoding: from,
        mode: match args.errors {
            DecodeErrors::Replacement => DecoderErrorMode::Replacement,
            DecodeErrors::Fatal => DecoderErrorMode::Fatal,
        },
        bom: bom_handling(args.bom),
    };
    let mode = match args.unmappable {
        EncodeErrors::Fatal => EncoderErrorMode::Fatal,
        EncodeErrors::Html => EncoderErrorMode::Html,
    };
    let inputs = inputs(&args.stream.inputs);
    let mut output = Output::open(args.stream.output.as_deref(), &inputs)?;
    for (i, input) in inputs.iter().enumerate() {
        // Each input gets a fresh decoder (and BOM sniffing) and encoder, as if each were
        // decoded and encoded on its own; a BOM asked for starts the whole output.
        let encoder = to.new_encoder(mode)?;
        let prefix = if i == 0 { bom } else { b"" };
        let (reader, len) = input.open()?;
        let bar = progress::bar(args.stream.progress, input.name(), len);
        let reader = progress::wrap(reader, bar.as_ref());
        let result = stream::convert(reader, output.writer(), &options, encoder, prefix, buffers);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        result.map_err(|e| stream_error(e, input.name(), output.name()))?;
    }
    output.commit()?;
    Ok(SUCCESS)
}
