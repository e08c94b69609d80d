//! euc_jp: NOT YET IMPLEMENTED (placeholder so the dispatch compiles; see issue 3).

use super::{DecodeResult, EncodeResult};

#[derive(Clone, Debug)]
pub(crate) struct EucJpDecoder;

impl EucJpDecoder {
    pub(crate) fn new() -> Self {
        EucJpDecoder
    }

    pub(crate) fn decode(&mut self, _src: &[u8], _dst: &mut [u8], _last: bool) -> DecodeResult {
        todo!("euc_jp decoder")
    }
}

#[derive(Clone, Debug)]
pub(crate) struct EucJpEncoder;

impl EucJpEncoder {
    pub(crate) fn encode(&mut self, _src: &str, _dst: &mut [u8], _last: bool) -> EncodeResult {
        todo!("euc_jp encoder")
    }
}
