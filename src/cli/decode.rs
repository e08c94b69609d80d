//! `wtf-enc decode`: text in any encoding to UTF-8.

use std::io::Read;

use anyhow::Result;
use wtf_enc::stream::{self, Buffers, DecodeOptions};
use wtf_enc::{DecoderErrorMode, Encoding};

use super::args::{DecodeArgs, DecodeErrors};
use super::auto::{self, Detected};
use super::files::{Output, inputs};
use super::{InvalidData, SUCCESS, bom_handling, encoding_for, progress, stream_error};

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
        let (reader, len) = input.open()?;
        let bar = progress::bar(args.stream.progress, input.name(), len);
        let reader = progress::wrap(reader, bar.as_ref());
        let reader: Box<dyn Read> = if auto {
            let (detected, whole) = auto::detect(reader, input.name(), args.verbose)?;
            match detected {
                Detected::Guess(guess) => options.encoding = guess.encoding,
                // Nothing to decode; any encoding gives nothing.
                Detected::Empty => {}
                Detected::Binary => {
                    return Err(InvalidData(format!(
                        "{}: cannot tell the encoding: the input looks like binary data, not \
                         text; give -e LABEL to decode it anyway",
                        input.name()
                    ))
                    .into());
                }
            }
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
