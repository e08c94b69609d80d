//! The command line's grammar, as clap derive definitions, with the help text people read.

use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use wtf_enc::Encoding;

/// Decode and encode text exactly as the WHATWG Encoding Standard (and so every browser) does.
///
/// wtf-enc streams files or standard input through the decoders and encoders of the WHATWG
/// Encoding Standard: all 40 encodings and 228 labels, byte for byte as browsers read and write
/// them. Decoding turns any encoding into UTF-8; encoding turns UTF-8 into any encoding. Errors
/// are handled as the standard's error modes say: a malformed byte sequence becomes U+FFFD or
/// stops the run with its file, byte offset, line and column; a character an encoding lacks
/// stops the run or becomes an HTML numeric reference. Memory use is fixed, whatever the size of
/// the input.
#[derive(Debug, Parser)]
#[command(
    name = "wtf-enc",
    version,
    propagate_version = true,
    disable_help_subcommand = true,
    after_help = "Exit status: 0 success; 1 invalid data (a fatal decode or encode error, an \
                  unknown label, no BOM); 2 usage or I/O error.\n\n\
                  Run 'wtf-enc <COMMAND> --help' for examples."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Decode text in any encoding to UTF-8.
    #[command(after_help = DECODE_EXAMPLES)]
    Decode(DecodeArgs),
    /// Encode UTF-8 text to any encoding.
    #[command(after_help = ENCODE_EXAMPLES)]
    Encode(EncodeArgs),
    /// Look up encoding labels, or list every encoding with its labels.
    #[command(after_help = LABEL_EXAMPLES)]
    Label(LabelArgs),
    /// Tell which byte order mark each input starts with.
    #[command(name = "sniff-bom", after_help = SNIFF_BOM_EXAMPLES)]
    SniffBom(SniffBomArgs),
    /// Check that files are valid in an encoding, listing every malformed byte sequence.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Convert text from one encoding to another in one pass.
    #[command(after_help = CONVERT_EXAMPLES)]
    Convert(ConvertArgs),
}

/// An encoding label as the command line gave it: any bytes, since the standard's "get an
/// encoding" is defined on any string. A label that is not UTF-8 is simply an unknown label.
#[derive(Clone, PartialEq, Eq)]
pub struct Label(Vec<u8>);

impl Label {
    /// The encoding the label names ("get an encoding").
    pub fn encoding(&self) -> Option<Encoding> {
        Encoding::for_label_bytes(&self.0)
    }

    /// The label's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// Whether this is `auto` (any case, surrounding ASCII whitespace ignored, as for labels),
    /// which asks for detection. No label of the standard is `auto`.
    pub fn is_auto(&self) -> bool {
        self.0.trim_ascii().eq_ignore_ascii_case(b"auto")
    }
}

impl From<&str> for Label {
    fn from(label: &str) -> Label {
        Label(label.as_bytes().to_vec())
    }
}

/// Quoted as a Rust string literal is, with bytes that are not UTF-8 written as `\xFF`.
impl std::fmt::Debug for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("\"")?;
        for chunk in self.0.utf8_chunks() {
            write!(f, "{}", chunk.valid().escape_debug())?;
            for b in chunk.invalid() {
                write!(f, "\\x{b:02X}")?;
            }
        }
        f.write_str("\"")
    }
}

/// Accepts any argument as an encoding label, UTF-8 or not (resolving it, with a suggestion
/// when it is unknown, is the subcommand's job: labels are matched after trimming and
/// case-folding, which a list of possible values cannot express) while offering every label to
/// shell completions.
#[derive(Clone, Debug)]
pub struct LabelParser;

impl TypedValueParser for LabelParser {
    type Value = Label;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Label, clap::Error> {
        Ok(Label(value.as_encoded_bytes().to_vec()))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Encoding::all_labels().map(|(label, _)| PossibleValue::new(label)),
        ))
    }
}

const DECODE_EXAMPLES: &str = "\
Examples:
  Decode a Shift_JIS file to UTF-8:
    wtf-enc decode -e shift_jis notes.txt
  Fail (exit 1) at the first malformed byte sequence instead of writing U+FFFD:
    wtf-enc decode -e windows-1252 --errors fatal data.csv -o data.utf8.csv
  Decode standard input, decoding a BOM as U+FEFF like TextDecoder with ignoreBOM:
    cat page.html | wtf-enc decode -e utf-16le --bom keep";

const ENCODE_EXAMPLES: &str = "\
Examples:
  Encode UTF-8 to windows-1252, failing (exit 1) on characters it lacks:
    wtf-enc encode -e windows-1252 letter.txt -o letter-1252.txt
  Write characters the encoding lacks as HTML numeric references (&#9731;):
    echo 'snow: \u{2603}' | wtf-enc encode -e latin1 --errors html
  Write UTF-16LE with a byte order mark:
    wtf-enc encode -e utf-16le --write-bom notes.txt -o notes-utf16.txt";

const LABEL_EXAMPLES: &str = "\
Examples:
  wtf-enc label ' SJIS'            prints Shift_JIS
  wtf-enc label latin1 ascii      prints windows-1252 twice
  wtf-enc label --json utf8       prints [{\"label\": \"utf8\", \"name\": \"UTF-8\"}]
  wtf-enc label --list --json     prints every encoding in encodings.json's shape";

const SNIFF_BOM_EXAMPLES: &str = "\
Examples:
  wtf-enc sniff-bom page.html            prints UTF-8, UTF-16BE, UTF-16LE or none
  wtf-enc sniff-bom *.txt                prints 'FILE: BOM' per file
  wtf-enc sniff-bom data.csv && echo has a BOM";

const CHECK_EXAMPLES: &str = "\
Each malformed sequence is one line on standard output, FILE:LINE:COLUMN: as compilers write
them, then a summary on standard error. Exit status: 0 all valid, 1 any invalid, 2 any input
could not be read (the others are still checked; 2 wins over 1).

Examples:
  Check every file git tracks is UTF-8 (in CI):
    git ls-files -z | wtf-enc check --files-from - -0
  Check a tree of Shift_JIS files, skipping what .gitignore ignores and hidden files:
    wtf-enc check -e shift_jis -r docs/
  Show at most 10 errors per file, as JSON Lines for a script:
    wtf-enc check --max-errors 10 --json data/*.csv
  Just the exit status:
    wtf-enc check -q notes.txt && echo valid";

const CONVERT_EXAMPLES: &str = "\
The output is what 'wtf-enc decode -e FROM | wtf-enc encode -e TO' gives with the same
options, made in one pass; error offsets, lines and columns are in the input.

Examples:
  Convert a Shift_JIS file to EUC-JP, failing (exit 1) on characters EUC-JP lacks:
    wtf-enc convert -f shift_jis -t euc-jp old.txt -o new.txt
  Convert windows-1252 to ISO-8859-2, writing characters it lacks as &#N;:
    wtf-enc convert -f windows-1252 -t iso-8859-2 --unmappable html page.html
  Stop at the first malformed byte sequence instead of writing U+FFFD:
    wtf-enc convert -f gb18030 -t utf-16le --errors fatal --write-bom in.txt -o out.txt";

/// Options every streaming command shares.
#[derive(Debug, Args)]
pub struct StreamArgs {
    /// Write to FILE instead of standard output; FILE is replaced only when the run succeeds.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Show a progress bar on standard error [auto: only on a terminal, for a regular file
    /// over 16 MiB].
    #[arg(long, value_enum, default_value_t = ProgressWhen::Auto, value_name = "WHEN")]
    pub progress: ProgressWhen,

    /// Input files, processed in order and concatenated; none or '-' means standard input.
    #[arg(value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The encoding of the input, by any of its labels (see 'wtf-enc label --list'), or
    /// 'auto': detect each input's encoding from its first 64 KiB (a BOM, an HTML or XML
    /// declaration, UTF-8/UTF-16/ISO-2022-JP structure, else statistics of the legacy
    /// encodings); binary input is then an error (exit 1).
    #[arg(short, long, value_name = "LABEL", default_value = "utf-8",
          value_parser = LabelParser, hide_possible_values = true)]
    pub encoding: Label,

    /// With -e auto: say on standard error which encoding was detected for each input, how
    /// sure, and from what evidence.
    #[arg(short, long)]
    pub verbose: bool,

    /// What to do with a malformed byte sequence: write U+FFFD, or stop and exit 1.
    #[arg(long, value_enum, default_value_t = DecodeErrors::Replacement, value_name = "MODE")]
    pub errors: DecodeErrors,

    /// What to do with a byte order mark: sniff (a BOM overrides the label and is removed),
    /// strip (the label decides; a BOM of its encoding is removed), keep (the label decides;
    /// a BOM is decoded as U+FEFF).
    #[arg(long, value_enum, default_value_t = BomMode::Sniff, value_name = "MODE")]
    pub bom: BomMode,

    #[command(flatten)]
    pub stream: StreamArgs,
}

#[derive(Debug, Args)]
pub struct EncodeArgs {
    /// The encoding to write, by any of its labels (see 'wtf-enc label --list').
    #[arg(short, long, value_name = "LABEL", value_parser = LabelParser,
          hide_possible_values = true)]
    pub encoding: Label,

    /// What to do with a character the encoding cannot represent: stop and exit 1, or write
    /// it as an HTML numeric character reference (&#N;).
    #[arg(long, value_enum, default_value_t = EncodeErrors::Fatal, value_name = "MODE")]
    pub errors: EncodeErrors,

    /// Write a byte order mark first (UTF-8, UTF-16BE and UTF-16LE only).
    #[arg(long)]
    pub write_bom: bool,

    #[command(flatten)]
    pub stream: StreamArgs,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The encoding the files should be valid in, by any of its labels.
    #[arg(short, long, value_name = "LABEL", default_value = "utf-8",
          value_parser = LabelParser, hide_possible_values = true)]
    pub encoding: Label,

    /// What to do with a byte order mark: sniff (a BOM overrides the label), strip (the label
    /// decides; a BOM of its encoding is skipped), keep (the label decides; a BOM is checked
    /// like any other bytes).
    #[arg(long, value_enum, default_value_t = BomMode::Sniff, value_name = "MODE")]
    pub bom: BomMode,

    /// Stop checking a file after reporting N malformed sequences (it still counts as
    /// invalid). 0 reports none and stops at the first.
    #[arg(long, value_name = "N")]
    pub max_errors: Option<u64>,

    /// Print JSON Lines: one object per malformed sequence, then a summary object.
    #[arg(long)]
    pub json: bool,

    /// Print no findings and no summary; only the exit status tells (unreadable inputs are
    /// still named on standard error).
    #[arg(short, long)]
    pub quiet: bool,

    /// Check the files under directories, skipping hidden files and what .gitignore, .ignore
    /// and git's excludes ignore, as ripgrep does. Without it a directory is an error.
    #[arg(short, long)]
    pub recursive: bool,

    /// Also check the paths listed in FILE, one per line ('-' reads the list from standard
    /// input).
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,

    /// The --files-from list is separated by NUL bytes, as 'git ls-files -z' and
    /// 'find -print0' write it.
    #[arg(short = '0', long = "null", requires = "files_from")]
    pub null: bool,

    /// Files (and with -r, directories) to check; none, or '-', means standard input.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The encoding of the input, by any of its labels.
    #[arg(short, long, value_name = "LABEL", value_parser = LabelParser,
          hide_possible_values = true)]
    pub from: Label,

    /// The encoding to write, by any of its labels.
    #[arg(short, long, value_name = "LABEL", value_parser = LabelParser,
          hide_possible_values = true)]
    pub to: Label,

    /// What to do with a malformed byte sequence in the input: write U+FFFD (in the target
    /// encoding, or as unmappable), or stop and exit 1.
    #[arg(long, value_enum, default_value_t = DecodeErrors::Replacement, value_name = "MODE")]
    pub errors: DecodeErrors,

    /// What to do with a character the target encoding cannot represent: stop and exit 1, or
    /// write it as an HTML numeric character reference (&#N;).
    #[arg(long, value_enum, default_value_t = EncodeErrors::Fatal, value_name = "MODE")]
    pub unmappable: EncodeErrors,

    /// What to do with a byte order mark in the input: sniff (a BOM overrides --from and is
    /// removed), strip (--from decides; a BOM of its encoding is removed), keep (--from
    /// decides; a BOM is decoded as U+FEFF, which is then dropped as 'encode' drops it).
    #[arg(long, value_enum, default_value_t = BomMode::Sniff, value_name = "MODE")]
    pub bom: BomMode,

    /// Write a byte order mark first (UTF-8, UTF-16BE and UTF-16LE only).
    #[arg(long)]
    pub write_bom: bool,

    #[command(flatten)]
    pub stream: StreamArgs,
}

#[derive(Debug, Args)]
pub struct LabelArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,

    /// List every encoding with its labels.
    #[arg(long, conflicts_with = "labels")]
    pub list: bool,

    /// Labels to look up (surrounding ASCII whitespace and case do not matter).
    #[arg(value_name = "LABEL", required_unless_present = "list", value_parser = LabelParser,
          hide_possible_values = true)]
    pub labels: Vec<Label>,
}

#[derive(Debug, Args)]
pub struct SniffBomArgs {
    /// Input files; none or '-' means standard input. At most 3 bytes of each are read.
    #[arg(value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DecodeErrors {
    /// Write one U+FFFD per malformed sequence.
    Replacement,
    /// Stop at the first malformed sequence and exit 1.
    Fatal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodeErrors {
    /// Stop at the first character the encoding cannot represent and exit 1.
    Fatal,
    /// Write such characters as &#N;.
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BomMode {
    /// A UTF-8, UTF-16BE or UTF-16LE BOM overrides the label and is removed.
    Sniff,
    /// The label decides; a BOM of that encoding is removed.
    Strip,
    /// The label decides; a BOM is decoded as U+FEFF.
    Keep,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProgressWhen {
    /// Only when standard error is a terminal and the input a regular file over 16 MiB.
    Auto,
    /// Whenever standard error is a terminal.
    Always,
    /// Never.
    Never,
}
