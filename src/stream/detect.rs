//! Detecting a stream's encoding from its head, then streaming all of it as usual.

use std::io::{self, Read};

use crate::detect::{DetectOptions, Outcome};

/// Reads the head of `reader` (the first [`DetectOptions::max_bytes`] bytes and one more, to
/// know whether the input goes on, or all of it when it is shorter), detects its encoding with
/// [`crate::detect::detect`], and returns the outcome with a reader that gives the *whole*
/// input again, head first.
///
/// This is what `-e auto` does: the decision is made once per input, from its head, and the
/// returned reader then goes through [`decode`](super::decode), [`check`](super::check) or
/// [`convert`](super::convert) with their usual exactness, error modes and positions (offsets
/// count from the start of the input, head included). Memory: the head is held once (64 KiB
/// by default; all of the input when `max_bytes` is 0, so only ask for that when the input is
/// known to be small). Pipes work: nothing is read twice from `reader`.
///
/// ```
/// use wtf_enc::detect::{DetectOptions, Outcome};
/// use wtf_enc::stream::{self, BomHandling, Buffers, DecodeOptions};
/// use wtf_enc::{DecoderErrorMode, Encoding};
///
/// let input = "Grüße aus Köln".as_bytes();
/// let (outcome, whole) = stream::detect(input, &DetectOptions::default()).unwrap();
/// let Outcome::Guess(guess) = outcome else { panic!("valid UTF-8 decides") };
/// assert_eq!(guess.encoding, Encoding::Utf8);
///
/// let options = DecodeOptions {
///     encoding: guess.encoding,
///     mode: DecoderErrorMode::Fatal,
///     bom: BomHandling::Sniff,
/// };
/// let mut out = Vec::new();
/// stream::decode(whole, &mut out, &options, &mut Buffers::new()).unwrap();
/// assert_eq!(out, input);
/// ```
///
/// # Errors
///
/// The reader's error, if reading the head fails (nothing has been decided then).
pub fn detect<R: Read>(mut reader: R, options: &DetectOptions) -> io::Result<(Outcome, Replay<R>)> {
    let limit = match options.max_bytes {
        0 => usize::MAX,
        max => max + 1,
    };
    let mut head = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    while head.len() < limit {
        let want = chunk.len().min(limit - head.len());
        match reader.read(&mut chunk[..want]) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let outcome = crate::detect::detect(&head, options);
    Ok((
        outcome,
        Replay {
            head,
            at: 0,
            rest: reader,
        },
    ))
}

/// A reader that gives a head already read, then the rest of the reader it came from.
#[derive(Debug)]
pub struct Replay<R> {
    head: Vec<u8>,
    at: usize,
    rest: R,
}

impl<R> Replay<R> {
    /// The head that was read for detection, until it has been read again.
    pub fn head(&self) -> &[u8] {
        &self.head[self.at..]
    }
}

impl<R: Read> Read for Replay<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at < self.head.len() {
            let n = buf.len().min(self.head.len() - self.at);
            buf[..n].copy_from_slice(&self.head[self.at..self.at + n]);
            self.at += n;
            if self.at == self.head.len() {
                // Done with it: give the memory back before the long stream goes on.
                self.head = Vec::new();
                self.at = 0;
            }
            return Ok(n);
        }
        self.rest.read(buf)
    }
}
