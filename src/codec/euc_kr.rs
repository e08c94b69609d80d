//! euc_kr: NOT YET IMPLEMENTED (placeholder so the dispatch compiles; see issue 3).

use super::{DecodeResult, EncodeResult};

#[derive(Clone, Debug)]
pub(crate) struct EucKrDecoder;

impl EucKrDecoder {
    pub(crate) fn new() -> Self {
        EucKrDecoder
    }

    pub(crate) fn decode(&mut self, _src: &[u8], _dst: &mut [u8], _last: bool) -> DecodeResult {
        todo!("euc_kr decoder")
    }
}

#[derive(Clone, Debug)]
pub(crate) struct EucKrEncoder;

impl EucKrEncoder {
    pub(crate) fn encode(&mut self, _src: &str, _dst: &mut [u8], _last: bool) -> EncodeResult {
        todo!("euc_kr encoder")
    }
}
