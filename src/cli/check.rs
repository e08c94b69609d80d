//! `wtf-enc check`: whether files are valid in an encoding, with every malformed sequence
//! listed where editors and CI annotators can jump to it.

use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use wtf_enc::Encoding;
use wtf_enc::stream::{self, BomHandling, Buffers, MalformedInput};

use super::args::CheckArgs;
use super::files::{self, Input};
use super::json::{hex, json_string, path_members};
use super::{INVALID_DATA, SUCCESS, TROUBLE, bom_handling, encoding_for, message};

pub fn run(args: CheckArgs, buffers: &mut Buffers) -> Result<i32> {
    let encoding = encoding_for(&args.encoding)?;
    let paths = paths(&args)?;
    let stdout = files::stdout().context("<stdout>")?;
    let mut check = Check {
        encoding,
        bom: bom_handling(args.bom),
        max_errors: args.max_errors,
        report: Report {
            out: BufWriter::with_capacity(64 * 1024, stdout),
            json: args.json,
            quiet: args.quiet,
        },
        tally: Tally::default(),
    };
    for path in &paths {
        if args.recursive && path.as_os_str() != "-" && path.is_dir() {
            check.tree(path, buffers)?;
        } else {
            check.input(&Input::from_path(path), buffers)?;
        }
    }
    check.finish()
}

/// The paths to check: those on the command line, then those in the `--files-from` list;
/// standard input when there are none at all.
fn paths(args: &CheckArgs) -> Result<Vec<PathBuf>> {
    let mut paths = args.paths.clone();
    if let Some(list) = &args.files_from {
        if list.as_os_str() == "-" && paths.iter().any(|p| p.as_os_str() == "-") {
            bail!(
                "standard input cannot be both the --files-from list and an input to check; \
                 name the files instead of '-'"
            );
        }
        let name = if list.as_os_str() == "-" {
            "<stdin>".to_owned()
        } else {
            list.display().to_string()
        };
        let bytes = read_list(list).with_context(|| format!("--files-from {name}"))?;
        let separator = if args.null { b'\0' } else { b'\n' };
        paths.extend(
            bytes
                .split(|&b| b == separator)
                .filter(|p| !p.is_empty())
                // In a list, '-' is a file of that name, never standard input again.
                .map(|p| path_from_bytes(if p == b"-" { b"./-" } else { p })),
        );
        return Ok(paths);
    }
    if paths.is_empty() {
        paths.push(PathBuf::from("-"));
    }
    Ok(paths)
}

fn read_list(list: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if list.as_os_str() == "-" {
        io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        bytes = fs::read(list)?;
    }
    Ok(bytes)
}

/// A path from the bytes of a `--files-from` list, exactly (on Unix any bytes but NUL are a
/// path; elsewhere the list must be UTF-8 and anything else is replaced).
#[cfg(unix)]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

/// What the inputs turned out to be.
#[derive(Debug, Default)]
struct Tally {
    /// Inputs read (valid or not).
    checked: u64,
    invalid: u64,
    unreadable: u64,
    /// Malformed sequences reported.
    errors: u64,
}

/// One run of the command.
struct Check {
    encoding: Encoding,
    bom: BomHandling,
    max_errors: Option<u64>,
    report: Report,
    tally: Tally,
}

impl Check {
    /// Checks the files under `dir`, in file name order, skipping hidden and ignored ones.
    fn tree(&mut self, dir: &Path, buffers: &mut Buffers) -> Result<()> {
        let walk = ignore::WalkBuilder::new(dir)
            .sort_by_file_name(|a, b| a.cmp(b))
            .build();
        for entry in walk {
            match entry {
                Ok(entry) if entry.file_type().is_some_and(|t| t.is_file()) => {
                    self.input(&Input::from_path(entry.path()), buffers)?;
                }
                Ok(_) => {}
                Err(e) => self.unreadable(format_args!("{e}"))?,
            }
        }
        Ok(())
    }

    /// Checks one input; a read error is reported and counted, and the run goes on.
    fn input(&mut self, input: &Input, buffers: &mut Buffers) -> Result<()> {
        let reader = match input.open() {
            Ok((reader, _)) => reader,
            Err(e) => return self.unreadable(format_args!("{e:#}")),
        };
        let mut reported = 0;
        let mut write_error = None;
        let result = stream::check(reader, self.encoding, self.bom, buffers, |e| {
            if self.max_errors.is_some_and(|max| reported >= max) {
                return ControlFlow::Break(());
            }
            reported += 1;
            match self.report.finding(input, e) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    write_error = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        if let Some(e) = write_error {
            return Err(e).context("<stdout>");
        }
        self.tally.errors += reported;
        match result {
            Ok(checked) => {
                self.tally.checked += 1;
                if checked.errors > 0 {
                    self.tally.invalid += 1;
                }
                Ok(())
            }
            // Only reading can fail: nothing is written, and malformed input is a finding.
            Err(e) => self.unreadable(format_args!("{}: {e}", input.name())),
        }
    }

    /// An input that could not be read: named on standard error, even with `-q`, since it
    /// decides the exit status.
    fn unreadable(&mut self, msg: std::fmt::Arguments<'_>) -> Result<()> {
        self.tally.unreadable += 1;
        // Keep the findings before it in order with it on a terminal.
        self.report.out.flush().context("<stdout>")?;
        message(msg);
        Ok(())
    }

    /// The summary, and the exit status: 2 when an input could not be read, whatever else;
    /// else 1 when an input was invalid; else 0.
    fn finish(mut self) -> Result<i32> {
        self.report.summary(&self.tally).context("<stdout>")?;
        let t = &self.tally;
        Ok(if t.unreadable > 0 {
            TROUBLE
        } else if t.invalid > 0 {
            INVALID_DATA
        } else {
            SUCCESS
        })
    }
}

/// Where findings and the summary go, in text or JSON Lines.
struct Report {
    out: BufWriter<Box<dyn Write>>,
    json: bool,
    quiet: bool,
}

impl Report {
    /// One malformed sequence: `FILE:LINE:COLUMN: invalid ENCODING byte sequence 0xHH (byte N)`
    /// or a JSON object.
    fn finding(&mut self, input: &Input, e: &MalformedInput) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        let p = e.position;
        if self.json {
            let path = match input.path() {
                Some(path) => path_members(path),
                None => format!("\"path\": {}", json_string(input.name())),
            };
            writeln!(
                self.out,
                "{{\"type\": \"finding\", {path}, \"line\": {}, \"column\": {}, \"offset\": {}, \
                 \"bytes\": \"{}\", \"encoding\": {}}}",
                p.line,
                p.column,
                p.offset,
                hex(e.bytes()),
                json_string(e.encoding.name())
            )
        } else {
            write!(
                self.out,
                "{}:{}:{}: invalid {} byte sequence",
                input.name(),
                p.line,
                p.column,
                e.encoding
            )?;
            for b in e.bytes() {
                write!(self.out, " 0x{b:02X}")?;
            }
            writeln!(self.out, " (byte {})", p.offset)
        }
    }

    /// The summary: a JSON object last on standard output with `--json`, and one line on
    /// standard error; nothing with `-q`.
    fn summary(&mut self, t: &Tally) -> io::Result<()> {
        if self.quiet {
            return self.out.flush();
        }
        if self.json {
            writeln!(
                self.out,
                "{{\"type\": \"summary\", \"files_checked\": {}, \"files_invalid\": {}, \
                 \"files_unreadable\": {}, \"errors\": {}}}",
                t.checked, t.invalid, t.unreadable, t.errors
            )?;
        }
        self.out.flush()?;
        let mut line = format!(
            "{} checked, {} invalid, {}",
            plural(t.checked, "file"),
            t.invalid,
            plural(t.errors, "error")
        );
        if t.unreadable > 0 {
            line.push_str(&format!(", {} unreadable", t.unreadable));
        }
        message(format_args!("{line}"));
        Ok(())
    }
}

fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
