//! `-e auto` / `-f auto`: the encoding of each input detected from its head, once, before the
//! input is streamed as usual.

use std::io::Read;

use anyhow::{Context, Result};
use wtf_enc::detect::{DetectOptions, Guess, Outcome};
use wtf_enc::stream::{self, Replay};

use super::message;

/// What detection made of one input.
pub enum Detected {
    /// Decode with the guessed encoding (its confidence is 1.0 where a BOM, a declaration or
    /// the structure decided).
    Guess(Guess),
    /// The input is empty: any encoding decodes it to nothing.
    Empty,
    /// The input looks like binary data, not text.
    Binary,
}

/// Detects the encoding of `reader` from its head (64 KiB) and returns the decision with a
/// reader that gives the whole input again. With `verbose`, says on standard error what was
/// decided and why, and any declaration that was ignored.
pub fn detect<R: Read>(reader: R, name: &str, verbose: bool) -> Result<(Detected, Replay<R>)> {
    let (outcome, whole) =
        stream::detect(reader, &DetectOptions::default()).with_context(|| name.to_owned())?;
    let detected = match outcome {
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
            Detected::Guess(guess)
        }
        Outcome::Empty => {
            if verbose {
                message(format_args!("{name}: empty input"));
            }
            Detected::Empty
        }
        Outcome::Binary => Detected::Binary,
    };
    Ok((detected, whole))
}
