//! shift_jis: NOT YET IMPLEMENTED (placeholder so the dispatch compiles; see issue 3).

use super::{DecodeResult, EncodeResult};

#[derive(Clone, Debug)]
pub(crate) struct ShiftJisDecoder;

impl ShiftJisDecoder {
    pub(crate) fn new() -> Self {
        ShiftJisDecoder
    }

    pub(crate) fn decode(&mut self, _src: &[u8], _dst: &mut [u8], _last: bool) -> DecodeResult {
        todo!("shift_jis decoder")
    }
}

#[derive(Clone, Debug)]
pub(crate) struct ShiftJisEncoder;

impl ShiftJisEncoder {
    pub(crate) fn encode(&mut self, _src: &str, _dst: &mut [u8], _last: bool) -> EncodeResult {
        todo!("shift_jis encoder")
    }
}
