//! The man pages and shell completions, generated from the command line's clap definitions
//! (`src/cli/args.rs`, included by path) by `cargo run --example gen-assets`. The copies checked
//! in under `man/` and `completions/` are compared with a fresh generation by `tests/assets.rs`,
//! so they never go stale. Nothing here is part of the `wtf-enc` binary.

use std::fs;
use std::io;
use std::path::Path;

use clap::CommandFactory;
use clap_complete::Shell;
use roff::{Roff, bold, italic, roman};
use wtf_enc::Encoding;

use crate::args::Cli;

/// The standard this tool implements, as the man pages cite it.
const STANDARD: &str = "WHATWG Encoding Standard (Living Standard), as of whatwg/encoding commit \
                        a985b62 of 2026-05-21: https://encoding.spec.whatwg.org/";

const EXIT_STATUS: [(&str, &str); 3] = [
    ("0", "Success."),
    (
        "1",
        "Invalid data: a malformed byte sequence or an unencodable character under \
           --errors fatal, an unknown encoding label, or (sniff-bom) an input without a BOM.",
    ),
    (
        "2",
        "A usage error, or an input or output that could not be read or written; the message \
           names the file and the operating system's reason.",
    ),
];

/// Writes `DIR/man/*.1` and `DIR/completions/*`.
pub fn generate(dir: &Path) -> io::Result<()> {
    let man_dir = dir.join("man");
    let completions_dir = dir.join("completions");
    fs::create_dir_all(&man_dir)?;
    fs::create_dir_all(&completions_dir)?;

    let mut cmd = Cli::command();
    cmd.build();
    fs::write(man_dir.join("wtf-enc.1"), man_page(&cmd, None)?)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("wtf-enc-{}.1", sub.get_name());
        fs::write(man_dir.join(name), man_page(sub, Some(&cmd))?)?;
    }

    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::Elvish,
        Shell::PowerShell,
    ] {
        let mut cmd = Cli::command();
        let path = clap_complete::generate_to(shell, &mut cmd, "wtf-enc", &completions_dir)?;
        if shell == Shell::Bash {
            // clap_complete spells the subcommands' case labels `wtf__subcmd__enc__...` but sets
            // `cmd` to `wtf__enc__...` for a binary name with a hyphen, so no subcommand's options
            // would complete. tests/assets.rs checks that they do.
            let script = fs::read_to_string(&path)?.replace("wtf__subcmd__enc", "wtf__enc");
            fs::write(&path, script)?;
        }
    }
    Ok(())
}

/// One man page: clap_mangen's sections for what clap knows (name, synopsis, description,
/// options, subcommands), then the sections a reader of a transcoder's page expects.
fn man_page(cmd: &clap::Command, parent: Option<&clap::Command>) -> io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(cmd.clone())
        .title(
            cmd.get_display_name()
                .unwrap_or(cmd.get_name())
                .to_uppercase(),
        )
        .source(format!("wtf-enc {}", env!("CARGO_PKG_VERSION")))
        .manual("wtf-enc manual");
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut out)?;
    }

    let mut roff = Roff::new();
    if let Some(examples) = cmd.get_after_help().map(|h| h.to_string()) {
        if let Some(body) = examples.strip_prefix("Examples:\n") {
            roff.control("SH", ["EXAMPLES"]);
            roff.control("nf", []);
            for line in body.lines() {
                roff.text([roman(line.strip_prefix("  ").unwrap_or(line))]);
            }
            roff.control("fi", []);
        }
    }
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in EXIT_STATUS {
        roff.control("TP", []);
        roff.text([bold(code)]);
        roff.text([roman(meaning)]);
    }
    roff.control("SH", ["ENCODINGS"]);
    roff.text([roman(
        "Every encoding of the standard, by name, with its labels. A label is matched after \
         removing leading and trailing ASCII whitespace, ignoring ASCII case; nothing else is \
         accepted. As in every browser, latin1, ascii and iso-8859-1 mean windows-1252.",
    )]);
    for encoding in Encoding::ALL {
        roff.control("TP", []);
        roff.text([bold(encoding.name())]);
        let labels: Vec<&str> = encoding.labels().collect();
        roff.text([roman(labels.join(", "))]);
    }
    roff.control("SH", ["STANDARDS"]);
    roff.text([roman(STANDARD)]);
    roff.control("SH", ["SEE ALSO"]);
    let mut see_also = Vec::new();
    let top = parent.unwrap_or(cmd);
    if parent.is_some() {
        see_also.push("wtf-enc(1)".to_string());
    }
    for sub in top.get_subcommands().filter(|s| !s.is_hide_set()) {
        if sub.get_name() != cmd.get_name() {
            see_also.push(format!("wtf-enc-{}(1)", sub.get_name()));
        }
    }
    see_also.extend(["iconv(1)".to_string(), "uconv(1)".to_string()]);
    roff.text([italic(see_also.join(", "))]);
    roff.to_writer(&mut out)?;
    man.render_version_section(&mut out)?;
    Ok(out)
}
