//! `wtf-enc decode`: text in any encoding to UTF-8.

use anyhow::Result;
use wtf_enc::DecoderErrorMode;
use wtf_enc::stream::{self, Buffers, DecodeOptions};

use super::args::{DecodeArgs, DecodeErrors};
use super::files::{Output, inputs};
use super::{SUCCESS, bom_handling, encoding_for, progress, stream_error};

pub fn run(args: DecodeArgs, buffers: &mut Buffers) -> Result<i32> {
    let options = DecodeOptions {
        encoding: encoding_for(&args.encoding)?,
        mode: match args.errors {
            DecodeErrors::Replacement => DecoderErrorMode::Replacement,
            DecodeErrors::Fatal => DecoderErrorMode::Fatal,
        },
        bom: bom_handling(args.bom),
    };
    let inputs = inputs(&args.stream.inputs);
    let mut output = Output::open(args.stream.output.as_deref(), &inputs)?;
    for input in &inputs {
        // Each input gets a fresh decoder and its own BOM sniffing.
        let (reader, len) = input.open()?;
        let bar = progress::bar(args.stream.progress, input.name(), len);
        let reader = progress::wrap(reader, bar.as_ref());
        let result = stream::decode(reader, output.writer(), &options, buffers);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        result.map_err(|e| stream_error(e, input.name(), output.name()))?;
    }
    output.commit()?;
    Ok(SUCCESS)
}
