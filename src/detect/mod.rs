//! Detection: what encoding some bytes are in.
//!
//! MINIMAL SHELL from the detect-stats branch, only so the statistics step compiles and is
//! tested there: the detect-core branch's `mod.rs` (Detector, BOM, declarations, structure)
//! replaces this file on merge.

pub(crate) mod statistics;

pub use statistics::{Candidate, Hint};

#[doc(hidden)]
pub use statistics::rank_statistics;
