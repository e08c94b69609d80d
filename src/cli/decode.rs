//! `wtf-enc decode`: text in any encoding to UTF-8.

use std::io::Read;

use anyhow::{Context, Result};
use wtf_enc::detect::{DetectOptions, detect};
use wtf_enc::stream::{self, Buffers, DecodeOptions, InMemory};
use wtf_enc::{DecoderErrorMode, Encoding};

use super::args::{DecodeArgs, DecodeErrors};
use super::auto;
use super::files::{Opened, Output, inputs};
use super::mapped;
use super::{SUCCESS, bom_handling, encoding_for, progress, stream_error};

pub fn run(args: DecodeArgs, buffers: &mut Buffers) -> Result<i32> {
    let auto = args.encoding.is_auto();
    let mut options = DecodeOptions {
        encoding: if auto {
            Encoding::Utf8
        } else {
            encoding_for(&args.encoding)?
        },
        mode: match args.errors {
            DecodeErrors::Replacement => DecoderErrorMode::Replacement,
            DecodeErrors::Fatal => DecoderErrorMode::Fatal,
        },
        bom: bom_handling(args.bom),
    };
    let inputs = inputs(&args.stream.inputs);
    let mut output = Output::open(args.stream.output.as_deref(), &inputs)?;
    for input in &inputs {
        // Each input gets a fresh decoder and its own BOM sniffing (and detection).
        let map = mapped::wanted(!output.is_pipe() && !progress::may_show(args.stream.progress));
        let (reader, len) = match input.open_source(map)? {
            Opened::Mapped(map) => {
                if auto {
                    let outcome = detect(map.bytes(), &DetectOptions::default());
                    options.encoding = auto::decide(outcome, input.name(), args.verbose)?;
                }
                let result =
                    stream::decode(InMemory(map.bytes()), output.writer(), &options, buffers);
                result.map_err(|e| {
                    stream_error(mapped::read_error(e), input.name(), output.name())
                })?;
                continue;
            }
            Opened::Reader(reader, len) => (reader, len),
        };
        let bar = progress::bar(args.stream.progress, input.name(), len);
        let reader = progress::wrap(reader, bar.as_ref());
        let reader: Box<dyn Read> = if auto {
            let (outcome, whole) = stream::detect(reader, &DetectOptions::default())
                .with_context(|| input.name().to_owned())?;
            options.encoding = auto::decide(outcome, input.name(), args.verbose)?;
            Box::new(whole)
        } else {
            reader
        };
        let result = stream::decode(reader, output.writer(), &options, buffers);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        result.map_err(|e| stream_error(e, input.name(), output.name()))?;
    }
    output.commit()?;
    Ok(SUCCESS)
}
