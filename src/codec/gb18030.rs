//! gb18030: NOT YET IMPLEMENTED (placeholder so the dispatch compiles; see issue 3).

use super::{DecodeResult, EncodeResult};

#[derive(Clone, Debug)]
pub(crate) struct Gb18030Decoder;

impl Gb18030Decoder {
    pub(crate) fn new() -> Self {
        Gb18030Decoder
    }

    pub(crate) fn decode(&mut self, _src: &[u8], _dst: &mut [u8], _last: bool) -> DecodeResult {
        todo!("gb18030 decoder")
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Gb18030Encoder;

impl Gb18030Encoder {
    pub(crate) fn new(_is_gbk: bool) -> Self {
        Gb18030Encoder
    }
    pub(crate) fn encode(&mut self, _src: &str, _dst: &mut [u8], _last: bool) -> EncodeResult {
        todo!("gb18030 encoder")
    }
}
