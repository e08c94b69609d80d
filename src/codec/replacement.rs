//! replacement: any non-empty input decodes to a single error (one U+FFFD), so content labelled
//! with an encoding the web refuses (ISO-2022-KR, HZ-GB-2312, ...) never gets through.

use super::{DecodeResult, DecodeStatus};

/// <https://encoding.spec.whatwg.org/#replacement-decoder>
#[derive(Clone, Debug)]
pub(crate) struct ReplacementDecoder {
    error_returned: bool,
}

impl ReplacementDecoder {
    pub(crate) fn new() -> Self {
        ReplacementDecoder {
            error_returned: false,
        }
    }

    pub(crate) fn decode(&mut self, src: &[u8], _dst: &mut [u8], _last: bool) -> DecodeResult {
        if src.is_empty() {
            return DecodeResult::new(0, 0, DecodeStatus::InputEmpty);
        }
        if !self.error_returned {
            self.error_returned = true;
            return DecodeResult::malformed(1, 0, 1, 0);
        }
        // After the error the standard's handler returns "finished": the rest is discarded.
        DecodeResult::new(src.len(), 0, DecodeStatus::InputEmpty)
    }
}
