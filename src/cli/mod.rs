//! The command line: runs one subcommand and turns its outcome into a message and an exit
//! status. The subcommands open inputs and outputs and hand them to [`wtf_enc::stream`]; none
//! of them touches a byte of text itself.

mod args;
mod auto;
mod check;
mod convert;
mod decode;
mod encode;
mod files;
mod json;
mod label;
mod mapped;
mod progress;
mod sniff_bom;

use std::ffi::OsString;
use std::fmt;
use std::io::Write;

use anyhow::Result;
use clap::Parser;
use wtf_enc::Encoding;
use wtf_enc::stream::{BomHandling, Buffers, StreamError};

use args::{Cli, Command, Label};

/// Exit status: success.
pub const SUCCESS: i32 = 0;
/// Exit status: invalid data (a fatal decode or encode error, an unknown label, no BOM).
pub const INVALID_DATA: i32 = 1;
/// Exit status: usage or I/O error.
pub const TROUBLE: i32 = 2;

/// The environment variable that sets the stream buffer sizes, `IN` or `IN:OUT` bytes; for
/// tests, which use tiny and odd sizes to cross buffer boundaries.
const BUFFER_SIZE_VAR: &str = "WTF_ENC_BUFFER_SIZE";

/// Runs the command line `args` (program name first) and returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to standard output with status 0; usage errors exit 2.
            let _ = e.print();
            return if e.use_stderr() { TROUBLE } else { SUCCESS };
        }
    };
    let result = buffers().and_then(|mut buffers| match cli.command {
        Command::Decode(args) => decode::run(args, &mut buffers),
        Command::Encode(args) => encode::run(args, &mut buffers),
        Command::Label(args) => label::run(args),
        Command::SniffBom(args) => sniff_bom::run(args),
        Command::Check(args) => check::run(args, &mut buffers),
        Command::Convert(args) => convert::run(args, &mut buffers),
    });
    match result {
        Ok(status) => status,
        Err(err) => fail(&err),
    }
}

/// Reports `err` on standard error and returns its exit status; a closed pipe downstream ends
/// the run quietly.
fn fail(err: &anyhow::Error) -> i32 {
    if is_broken_pipe(err) {
        return SUCCESS;
    }
    message(format_args!("{err:#}"));
    if err.chain().any(|e| e.is::<InvalidData>()) {
        INVALID_DATA
    } else {
        TROUBLE
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes `wtf-enc: MESSAGE` on standard error; a closed standard error is ignored, never a
/// panic.
pub fn message(msg: fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "wtf-enc: {msg}");
}

/// Invalid data, as opposed to trouble with usage or I/O: exit status 1.
#[derive(Debug)]
pub struct InvalidData(pub String);

impl fmt::Display for InvalidData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidData {}

/// The encoding a label names, or an [`InvalidData`] error that names the label and suggests
/// the closest known one.
pub fn encoding_for(label: &Label) -> Result<Encoding> {
    label
        .encoding()
        .ok_or_else(|| InvalidData(unknown_label(label)).into())
}

/// The message for an unknown label (bytes that are not UTF-8 shown as `\xFF`).
pub fn unknown_label(label: &Label) -> String {
    let mut msg = format!("unknown encoding label {label:?}");
    if let Some(near) = label::closest_label(label.as_bytes()) {
        msg.push_str(&format!("; did you mean {near:?}?"));
    }
    msg.push_str(" ('wtf-enc label --list' shows every label)");
    msg
}

/// Turns a stream error into a command line error naming the file it concerns: the input for
/// reading and data errors, the output for writing errors.
pub fn stream_error(err: StreamError, input: &str, output: &str) -> anyhow::Error {
    match err {
        StreamError::Read(e) => anyhow::Error::new(e).context(input.to_owned()),
        StreamError::Write(e) => anyhow::Error::new(e).context(output.to_owned()),
        StreamError::Malformed(e) => {
            anyhow::Error::new(InvalidData(e.to_string())).context(input.to_owned())
        }
        StreamError::Unmappable(e) => {
            anyhow::Error::new(InvalidData(e.to_string())).context(input.to_owned())
        }
    }
}

/// The stream's BOM handling for a `--bom` mode.
pub fn bom_handling(mode: args::BomMode) -> BomHandling {
    match mode {
        args::BomMode::Sniff => BomHandling::Sniff,
        args::BomMode::Strip => BomHandling::Strip,
        args::BomMode::Keep => BomHandling::Keep,
    }
}

/// The stream buffers, of the default sizes unless [`BUFFER_SIZE_VAR`] says otherwise.
fn buffers() -> Result<Buffers> {
    let Some(value) = std::env::var_os(BUFFER_SIZE_VAR) else {
        return Ok(Buffers::new());
    };
    let parse = |s: &str| s.trim().parse::<usize>().ok().filter(|&n| n > 0);
    let value = value.to_string_lossy();
    let sizes = match value.split_once(':') {
        None => parse(&value).map(|n| (n, n.saturating_mul(3))),
        Some((i, o)) => parse(i).zip(parse(o)),
    };
    match sizes {
        Some((input, output)) => Ok(Buffers::with_sizes(input, output)),
        None => anyhow::bail!("{BUFFER_SIZE_VAR}={value:?}: expected IN or IN:OUT, in bytes"),
    }
}
