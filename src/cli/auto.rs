//! `-e auto` / `-f auto`: the encoding of each input detected from its head, once, before the
//! input is streamed as usual.

use anyhow::Result;
use wtf_enc::Encoding;
use wtf_enc::detect::Outcome;

use super::{InvalidData, message};

/// The encoding to decode an input with, from what detection made of its head: the guess, or
/// UTF-8 for an empty input (any encoding decodes it to nothing). Binary data is an
/// [`InvalidData`] error: decoding it as text would be a guess the user did not ask for. With
/// `verbose`, says on standard error what was detected and why, and any declaration that was
/// ignored.
pub fn decide(outcome: Outcome, name: &str, verbose: bool) -> Result<Encoding> {
    match outcome {
        Outcome::Guess(guess) => {
            if verbose {
                if let Some(label) = &guess.ignored_declaration {
                    message(format_args!(
                        "{name}: ignored the declared label {label:?}: it names no encoding \
                         this tool decodes with"
                    ));
                }
                message(format_args!("{name}: detected {guess}"));
            }
            Ok(guess.encoding)
        }
        Outcome::Empty => {
            if verbose {
                message(format_args!("{name}: empty input"));
            }
            Ok(Encoding::Utf8)
        }
        Outcome::Binary => Err(InvalidData(format!(
            "{name}: cannot tell the encoding: the input looks like binary data, not text; give \
             -e LABEL to decode it anyway"
        ))
        .into()),
    }
}
