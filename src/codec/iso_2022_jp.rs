//! iso_2022_jp: NOT YET IMPLEMENTED (placeholder so the dispatch compiles; see issue 3).

use super::{DecodeResult, EncodeResult};

#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpDecoder;

impl Iso2022JpDecoder {
    pub(crate) fn new() -> Self {
        Iso2022JpDecoder
    }

    pub(crate) fn decode(&mut self, _src: &[u8], _dst: &mut [u8], _last: bool) -> DecodeResult {
        todo!("iso_2022_jp decoder")
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpEncoder;

impl Iso2022JpEncoder {
    pub(crate) fn new() -> Self {
        Iso2022JpEncoder
    }
    pub(crate) fn encode(&mut self, _src: &str, _dst: &mut [u8], _last: bool) -> EncodeResult {
        todo!("iso_2022_jp encoder")
    }
}
