//! The progress bar on standard error, and when to show it.

use std::io::{IsTerminal, Read};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::args::ProgressWhen;

/// Inputs smaller than this finish too soon for a bar in auto mode.
const AUTO_MIN_LEN: u64 = 16 * 1024 * 1024;

/// Whether a bar could be shown at all: standard error is a terminal and `when` is not never.
/// Inputs that will never have a bar may be mapped instead of read.
pub fn may_show(when: ProgressWhen) -> bool {
    when != ProgressWhen::Never && std::io::stderr().is_terminal()
}

/// A bar for reading the input `name` of length `len` (when it is a regular file), or none.
/// Never shown unless standard error is a terminal, so pipelines and CI logs stay clean.
pub fn bar(when: ProgressWhen, name: &str, len: Option<u64>) -> Option<ProgressBar> {
    let show = match when {
        ProgressWhen::Never => false,
        ProgressWhen::Always => true,
        ProgressWhen::Auto => len.is_some_and(|len| len > AUTO_MIN_LEN),
    };
    if !show || !std::io::stderr().is_terminal() {
        return None;
    }
    let target = ProgressDrawTarget::stderr();
    let bar = match len {
        Some(len) => ProgressBar::with_draw_target(Some(len), target).with_style(
            ProgressStyle::with_template(
                "{prefix} [{wide_bar}] {bytes}/{total_bytes} {binary_bytes_per_sec} ETA {eta}",
            )
            .ok()?
            .progress_chars("=> "),
        ),
        None => ProgressBar::with_draw_target(None, target).with_style(
            ProgressStyle::with_template("{spinner} {prefix} {bytes} {binary_bytes_per_sec}")
                .ok()?,
        ),
    };
    Some(bar.with_prefix(name.to_owned()))
}

/// `reader`, counting what is read on `bar` when there is one.
pub fn wrap(reader: Box<dyn Read>, bar: Option<&ProgressBar>) -> Box<dyn Read> {
    match bar {
        Some(bar) => Box::new(bar.wrap_read(reader)),
        None => reader,
    }
}
