//! big5: NOT YET IMPLEMENTED (placeholder so the dispatch compiles; see issue 3).

use super::{DecodeResult, EncodeResult};

#[derive(Clone, Debug)]
pub(crate) struct Big5Decoder;

impl Big5Decoder {
    pub(crate) fn new() -> Self {
        Big5Decoder
    }

    pub(crate) fn decode(&mut self, _src: &[u8], _dst: &mut [u8], _last: bool) -> DecodeResult {
        todo!("big5 decoder")
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Big5Encoder;

impl Big5Encoder {
    pub(crate) fn encode(&mut self, _src: &str, _dst: &mut [u8], _last: bool) -> EncodeResult {
        todo!("big5 encoder")
    }
}
