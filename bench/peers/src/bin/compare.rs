//! `compare`: the whole-process comparison of issue 7 (run it through `bench/compare`).
//!
//! Prepares the corpora (generated UTF-8 text, encoded into the legacy encodings by
//! `wtf-enc encode` itself), checks once that every tool's output is what wtf-enc's is, then
//! times whole processes in alternation (every tool once per round, the starting tool rotating),
//! output to `/dev/null` (or a file), and prints per operation wtf-enc's median time and speed,
//! the median of the per-round ratios `wtf-enc time / peer time`, and wtf-enc's peak RSS.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;
use wtf_enc_bench::{
    CORPORA, Pools, encode_measured, generate, iconv_name, uconv_name, utf16le, write_atomically,
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ToolKind {
    Wtf,
    Cat,
    Peer,
    PeerFast,
    Iconv,
    Uconv,
}

const TOOL_ORDER: [ToolKind; 6] = [
    ToolKind::Wtf,
    ToolKind::Cat,
    ToolKind::Peer,
    ToolKind::PeerFast,
    ToolKind::Iconv,
    ToolKind::Uconv,
];

impl ToolKind {
    fn header(self) -> &'static str {
        match self {
            ToolKind::Wtf => "wtf-enc",
            ToolKind::Cat => "/cat",
            ToolKind::Peer => "/enc_rs",
            ToolKind::PeerFast => "/enc_rs fast",
            ToolKind::Iconv => "/iconv",
            ToolKind::Uconv => "/uconv",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Decode,
    Encode,
}

struct Op {
    corpus: &'static str,
    kind: Kind,
    encoding: &'static str,
    input: PathBuf,
    expected: PathBuf,
}

impl Op {
    fn name(&self) -> String {
        let verb = if self.kind == Kind::Decode {
            "decode"
        } else {
            "encode"
        };
        format!("{verb} {}", self.encoding)
    }
}

struct Config {
    corpus_dir: PathBuf,
    indexes: PathBuf,
    size: usize,
    runs: usize,
    markdown: bool,
    filters: Vec<String>,
    output: PathBuf,
    corpus_encoder: String,
    tools: Vec<(ToolKind, PathBuf)>,
    notes: Vec<String>,
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("compare: {e}");
            ExitCode::from(2)
        }
    }
}

fn usage() -> &'static str {
    "usage: compare --corpus-dir DIR --wtf BIN --peer BIN --peer-fast BIN [--iconv BIN] \
     [--uconv BIN] [--cat BIN] [--indexes DIR] [--size-mib N | --size-kib N] [--runs N] \
     [--filter S[,S...]] [--output PATH] [--corpus-encoder wtf-enc|peer] [--note TEXT]... \
     [--markdown] [--prepare-only]"
}

fn run() -> std::io::Result<ExitCode> {
    let mut cfg = Config {
        corpus_dir: PathBuf::from("target/bench-corpus"),
        indexes: PathBuf::from("indexes"),
        size: 64 << 20,
        runs: 5,
        markdown: false,
        filters: Vec::new(),
        output: PathBuf::from("/dev/null"),
        corpus_encoder: "wtf-enc".into(),
        tools: Vec::new(),
        notes: Vec::new(),
    };
    let mut prepare_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| std::io::Error::other(format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--corpus-dir" => cfg.corpus_dir = value()?.into(),
            "--indexes" => cfg.indexes = value()?.into(),
            "--size-mib" => cfg.size = number(&value()?)? << 20,
            "--size-kib" => cfg.size = number(&value()?)? << 10,
            "--runs" => cfg.runs = number(&value()?)?.max(1),
            "--filter" => {
                cfg.filters = value()?
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect()
            }
            "--output" => cfg.output = value()?.into(),
            "--corpus-encoder" => cfg.corpus_encoder = value()?,
            "--note" => cfg.notes.push(value()?),
            "--markdown" => cfg.markdown = true,
            "--prepare-only" => prepare_only = true,
            "--wtf" => cfg.tools.push((ToolKind::Wtf, value()?.into())),
            "--cat" => cfg.tools.push((ToolKind::Cat, value()?.into())),
            "--peer" => cfg.tools.push((ToolKind::Peer, value()?.into())),
            "--peer-fast" => cfg.tools.push((ToolKind::PeerFast, value()?.into())),
            "--iconv" => cfg.tools.push((ToolKind::Iconv, value()?.into())),
            "--uconv" => cfg.tools.push((ToolKind::Uconv, value()?.into())),
            "-h" | "--help" => {
                println!("{}", usage());
                return Ok(ExitCode::SUCCESS);
            }
            _ => {
                return Err(std::io::Error::other(format!(
                    "unexpected {arg:?}\n{}",
                    usage()
                )));
            }
        }
    }
    if tool(&cfg, ToolKind::Wtf).is_none() || tool(&cfg, ToolKind::Peer).is_none() {
        return Err(std::io::Error::other(usage()));
    }
    if !cfg.tools.iter().any(|t| t.0 == ToolKind::Cat) {
        cfg.tools.push((ToolKind::Cat, PathBuf::from("cat")));
    }
    prepare(&cfg)?;
    if prepare_only {
        return Ok(ExitCode::SUCCESS);
    }
    let ops = operations(&cfg);
    if ops.is_empty() {
        return Err(std::io::Error::other("no operation matches the filter"));
    }
    let mut rows = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        eprintln!(
            "compare: [{}/{}] {} {}",
            i + 1,
            ops.len(),
            op.corpus,
            op.name()
        );
        rows.push(measure(&cfg, op)?);
    }
    print_table(&cfg, &ops, &rows);
    Ok(ExitCode::SUCCESS)
}

fn number(s: &str) -> std::io::Result<usize> {
    s.parse()
        .map_err(|_| std::io::Error::other(format!("not a number: {s:?}")))
}

fn tool(cfg: &Config, kind: ToolKind) -> Option<&Path> {
    cfg.tools
        .iter()
        .find(|t| t.0 == kind)
        .map(|t| t.1.as_path())
}

fn utf8_path(cfg: &Config, corpus: &str) -> PathBuf {
    cfg.corpus_dir.join(format!("{corpus}.utf-8.txt"))
}

fn encoded_path(cfg: &Config, corpus: &str, encoding: &str) -> PathBuf {
    cfg.corpus_dir.join(format!("{corpus}.{encoding}.txt"))
}

/// Generates missing corpora and encodes them; a stamp file makes a change of size, generator
/// or encoder regenerate everything.
fn prepare(cfg: &Config) -> std::io::Result<()> {
    std::fs::create_dir_all(&cfg.corpus_dir)?;
    let stamp_path = cfg.corpus_dir.join("STAMP");
    let stamp = format!(
        "generator={} size={} encoder={}\n",
        wtf_enc_bench::GENERATOR_VERSION,
        cfg.size,
        cfg.corpus_encoder
    );
    if std::fs::read_to_string(&stamp_path).ok().as_deref() != Some(stamp.as_str()) {
        for entry in std::fs::read_dir(&cfg.corpus_dir)? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "txt") {
                std::fs::remove_file(path)?;
            }
        }
        std::fs::write(&stamp_path, &stamp)?;
    }
    let mut pools = None;
    for corpus in CORPORA {
        if !wanted_corpus(cfg, corpus.name) {
            continue;
        }
        let utf8 = utf8_path(cfg, corpus.name);
        if !utf8.exists() {
            if pools.is_none() {
                pools = Some(Pools::load(&cfg.indexes)?);
            }
            eprintln!("compare: generating {}", utf8.display());
            write_atomically(
                &utf8,
                &generate(corpus.name, cfg.size, pools.as_ref().unwrap()),
            )?;
        }
        for &encoding in corpus.encodings {
            let path = encoded_path(cfg, corpus.name, encoding);
            if path.exists() {
                continue;
            }
            eprintln!(
                "compare: encoding {} with {}",
                path.display(),
                cfg.corpus_encoder
            );
            let tmp = path.with_extension("tmp");
            let result = if cfg.corpus_encoder == "peer" && encoding == "utf-16le" {
                let text = std::fs::read_to_string(&utf8)?;
                write_atomically(&path, &utf16le(&text)).map_err(|e| e.to_string())
            } else {
                let (bin, args) = if cfg.corpus_encoder == "peer" {
                    (tool(cfg, ToolKind::Peer).unwrap(), vec!["encode", encoding])
                } else {
                    (
                        tool(cfg, ToolKind::Wtf).unwrap(),
                        vec!["encode", "-e", encoding],
                    )
                };
                let status = Command::new(bin)
                    .args(args)
                    .arg(&utf8)
                    .stdin(Stdio::null())
                    .stdout(File::create(&tmp)?)
                    .stderr(Stdio::piped())
                    .output()?;
                if status.status.success() {
                    std::fs::rename(&tmp, &path).map_err(|e| e.to_string())
                } else {
                    let _ = std::fs::remove_file(&tmp);
                    Err(first_line(&status.stderr))
                }
            };
            if let Err(e) = result {
                eprintln!(
                    "compare: NOTE: could not encode {} into {encoding} ({e}); the operations \
                     on that file are skipped. The legacy corpora are made by `wtf-enc encode`; \
                     until it works, BENCH_CORPUS_ENCODER=peer makes them with encoding_rs.",
                    corpus.name
                );
            }
        }
    }
    Ok(())
}

fn first_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut line = line.trim().to_owned();
    if line.len() > 160 {
        let mut cut = 160;
        while !line.is_char_boundary(cut) {
            cut -= 1;
        }
        line.truncate(cut);
        line.push('…');
    }
    if line.is_empty() {
        "exited unsuccessfully".into()
    } else {
        line
    }
}

fn wanted_corpus(cfg: &Config, corpus: &str) -> bool {
    cfg.filters.is_empty()
        || CORPORA
            .iter()
            .find(|c| c.name == corpus)
            .into_iter()
            .flat_map(|c| {
                std::iter::once("utf-8")
                    .chain(c.encodings.iter().copied())
                    .flat_map(move |e| {
                        [
                            format!("{corpus} decode {e}"),
                            format!("{corpus} encode {e}"),
                        ]
                    })
            })
            .any(|name| cfg.filters.iter().any(|f| name.contains(f.as_str())))
}

fn operations(cfg: &Config) -> Vec<Op> {
    let mut ops = Vec::new();
    for corpus in CORPORA {
        let utf8 = utf8_path(cfg, corpus.name);
        ops.push(Op {
            corpus: corpus.name,
            kind: Kind::Decode,
            encoding: "utf-8",
            input: utf8.clone(),
            expected: utf8.clone(),
        });
        for &encoding in corpus.encodings {
            ops.push(Op {
                corpus: corpus.name,
                kind: Kind::Decode,
                encoding,
                input: encoded_path(cfg, corpus.name, encoding),
                expected: utf8.clone(),
            });
        }
        for &encoding in corpus.encodings.iter().filter(|e| encode_measured(e)) {
            ops.push(Op {
                corpus: corpus.name,
                kind: Kind::Encode,
                encoding,
                input: utf8.clone(),
                expected: encoded_path(cfg, corpus.name, encoding),
            });
        }
    }
    ops.retain(|op| {
        let name = format!("{} {}", op.corpus, op.name());
        cfg.filters.is_empty() || cfg.filters.iter().any(|f| name.contains(f.as_str()))
    });
    ops
}

/// The command line of `kind` for `op`, or `None` when that tool has no such operation.
fn command(kind: ToolKind, bin: &Path, op: &Op) -> Option<Command> {
    let mut cmd = Command::new(bin);
    let verb = if op.kind == Kind::Decode {
        "decode"
    } else {
        "encode"
    };
    match kind {
        ToolKind::Wtf => {
            cmd.args([verb, "-e", op.encoding]);
        }
        ToolKind::Peer | ToolKind::PeerFast => {
            // The fast-legacy-encode feature changes only encoders.
            if kind == ToolKind::PeerFast && op.kind == Kind::Decode {
                return None;
            }
            cmd.args([verb, op.encoding]);
        }
        ToolKind::Iconv | ToolKind::Uconv => {
            let name = if kind == ToolKind::Iconv {
                iconv_name(op.encoding)?
            } else {
                uconv_name(op.encoding)?
            };
            if op.kind == Kind::Decode {
                cmd.args(["-f", name, "-t", "UTF-8"]);
            } else {
                cmd.args(["-f", "UTF-8", "-t", name]);
            }
        }
        ToolKind::Cat => {}
    }
    cmd.arg(&op.input);
    Some(cmd)
}

struct Run {
    seconds: f64,
    success: bool,
}

/// Runs `cmd` with standard output to `out`, timing the whole process with `wait4`.
fn time_process(mut cmd: Command, out: &Path, err: Stdio) -> std::io::Result<Run> {
    let stdout = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(out)?;
    cmd.stdin(Stdio::null()).stdout(stdout).stderr(err);
    let start = Instant::now();
    let child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: plain C structs filled in by the kernel.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: waiting for our own child, with valid pointers.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    drop(child);
    Ok(Run {
        seconds,
        success: libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
    })
}

/// The peak resident set of `cmd` in KiB, measured by GNU time (`/usr/bin/time -f %M`), or
/// `None` when GNU time is not installed or the run fails.
fn peak_rss_kib(cmd: Command, out: &Path) -> Option<u64> {
    let report = std::env::temp_dir().join(format!("compare-rss-{}.txt", std::process::id()));
    let mut timed = Command::new("/usr/bin/time");
    timed
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(cmd.get_program())
        .args(cmd.get_args());
    let stdout = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(out)
        .ok()?;
    let status = timed
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::null())
        .status()
        .ok()?;
    let text = std::fs::read_to_string(&report).ok();
    let _ = std::fs::remove_file(&report);
    if !status.success() {
        return None;
    }
    text?.trim().lines().last()?.parse().ok()
}

/// Whether two files have the same bytes.
fn same_contents(a: &Path, b: &Path) -> std::io::Result<bool> {
    let (fa, fb) = (File::open(a)?, File::open(b)?);
    if fa.metadata()?.len() != fb.metadata()?.len() {
        return Ok(false);
    }
    let (mut ra, mut rb) = (
        BufReader::with_capacity(1 << 20, fa),
        BufReader::with_capacity(1 << 20, fb),
    );
    loop {
        let (ba, bb) = (ra.fill_buf()?, rb.fill_buf()?);
        if ba.is_empty() || bb.is_empty() {
            return Ok(ba.is_empty() && bb.is_empty());
        }
        let n = ba.len().min(bb.len());
        if ba[..n] != bb[..n] {
            return Ok(false);
        }
        ra.consume(n);
        rb.consume(n);
    }
}

enum Cell {
    /// The tool has no such operation (or is not installed).
    NotApplicable,
    /// The command failed in the check run.
    Failed(String),
    /// Median of per-round ratios; `true` when the output differed from wtf-enc's.
    Ratio(f64, bool),
}

enum Row {
    Skipped(String),
    Measured {
        bytes: u64,
        wtf_seconds: f64,
        wtf_rss_kib: u64,
        cells: Vec<(ToolKind, Cell)>,
    },
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn measure(cfg: &Config, op: &Op) -> std::io::Result<Row> {
    if !op.input.exists() {
        return Ok(Row::Skipped(format!("no input {}", op.input.display())));
    }
    let bytes = std::fs::metadata(&op.input)?.len();
    let check_out = cfg.corpus_dir.join("check.out");
    let check_err = cfg.corpus_dir.join("check.err");
    // Check run (also the warm-up): every tool once, its output compared with the expected file.
    let mut timed: Vec<(ToolKind, &Path, bool)> = Vec::new();
    let mut cells = Vec::new();
    for kind in TOOL_ORDER {
        let Some(bin) = tool(cfg, kind) else {
            if kind != ToolKind::Wtf {
                cells.push((kind, Cell::NotApplicable));
            }
            continue;
        };
        let Some(cmd) = command(kind, bin, op) else {
            cells.push((kind, Cell::NotApplicable));
            continue;
        };
        let run = time_process(cmd, &check_out, Stdio::from(File::create(&check_err)?))?;
        if !run.success {
            let why = first_line(&std::fs::read(&check_err)?);
            if kind == ToolKind::Wtf {
                eprintln!("compare:   wtf-enc failed: {why}");
                return Ok(Row::Skipped(format!("wtf-enc failed: {why}")));
            }
            eprintln!(
                "compare:   {} failed: {why}",
                kind.header().trim_start_matches('/')
            );
            cells.push((kind, Cell::Failed(why)));
            continue;
        }
        let differs = kind != ToolKind::Cat
            && op.expected.exists()
            && !same_contents(&check_out, &op.expected)?;
        if differs {
            eprintln!(
                "compare:   {} output differs from the expected {}",
                kind.header().trim_start_matches('/'),
                op.expected.display()
            );
            if kind == ToolKind::Wtf {
                return Ok(Row::Skipped(
                    "wtf-enc output is not the expected one".into(),
                ));
            }
        }
        timed.push((kind, bin, differs));
    }
    let _ = std::fs::remove_file(&check_out);
    let _ = std::fs::remove_file(&check_err);
    // Timed rounds, in alternation: each tool once per round, the first tool rotating.
    let n = timed.len();
    let mut seconds = vec![Vec::with_capacity(cfg.runs); n];
    let mut wtf_rss = 0;
    for round in 0..cfg.runs {
        for k in 0..n {
            let i = (round + k) % n;
            let (kind, bin, _) = timed[i];
            let cmd = command(kind, bin, op).expect("checked above");
            let run = time_process(cmd, &cfg.output, Stdio::null())?;
            if !run.success {
                eprintln!("compare:   {kind:?} failed in a timed run");
            }
            seconds[i].push(run.seconds);
        }
    }
    // Peak memory comes from one more run under GNU time: `wait4`'s figure for a child spawned
    // by this (much larger) process can include the parent's pages from before `exec`.
    let wtf_bin = timed.iter().find(|t| t.0 == ToolKind::Wtf).map(|t| t.1);
    if let Some(bin) = wtf_bin {
        let cmd = command(ToolKind::Wtf, bin, op).expect("checked above");
        wtf_rss = peak_rss_kib(cmd, &cfg.output).unwrap_or(0);
    }
    let wtf_index = timed.iter().position(|t| t.0 == ToolKind::Wtf).unwrap();
    for (i, &(kind, _, differs)) in timed.iter().enumerate() {
        if kind == ToolKind::Wtf {
            continue;
        }
        let mut ratios: Vec<f64> = seconds[wtf_index]
            .iter()
            .zip(&seconds[i])
            .map(|(w, p)| w / p)
            .collect();
        cells.push((kind, Cell::Ratio(median(&mut ratios), differs)));
    }
    Ok(Row::Measured {
        bytes,
        wtf_seconds: median(&mut seconds[wtf_index].clone()),
        wtf_rss_kib: wtf_rss,
        cells,
    })
}

fn print_table(cfg: &Config, ops: &[Op], rows: &[Row]) {
    let peers: Vec<ToolKind> = TOOL_ORDER[1..].to_vec();
    let mut header = vec![
        "corpus".to_owned(),
        "operation".to_owned(),
        "input MB".to_owned(),
        "wtf-enc ms".to_owned(),
        "wtf-enc MB/s".to_owned(),
    ];
    header.extend(peers.iter().map(|p| format!("ratio {}", p.header())));
    header.push("wtf-enc RSS MiB".to_owned());
    let mut table = vec![header];
    let mut footnotes = Vec::new();
    for (op, row) in ops.iter().zip(rows) {
        let mut line = vec![op.corpus.to_owned(), op.name()];
        match row {
            Row::Skipped(why) => {
                footnotes.push(format!("{} {}: skipped: {why}", op.corpus, op.name()));
                line.push("-".to_owned());
                line.push("skipped".to_owned());
                line.resize(5 + peers.len() + 1, "-".to_owned());
            }
            Row::Measured {
                bytes,
                wtf_seconds,
                wtf_rss_kib,
                cells,
            } => {
                line.push(format!("{:.1}", *bytes as f64 / 1e6));
                line.push(format!("{:.0}", wtf_seconds * 1e3));
                line.push(format!("{:.0}", *bytes as f64 / 1e6 / wtf_seconds));
                for peer in &peers {
                    let cell = cells.iter().find(|c| c.0 == *peer).map(|c| &c.1);
                    line.push(match cell {
                        None | Some(Cell::NotApplicable) => "n/a".to_owned(),
                        Some(Cell::Failed(why)) => {
                            footnotes.push(format!(
                                "{} {}: {} failed: {why}",
                                op.corpus,
                                op.name(),
                                peer.header().trim_start_matches('/')
                            ));
                            "fail".to_owned()
                        }
                        Some(Cell::Ratio(r, differs)) => {
                            if *differs {
                                footnotes.push(format!(
                                    "{} {}: {}'s output differs from wtf-enc's",
                                    op.corpus,
                                    op.name(),
                                    peer.header().trim_start_matches('/')
                                ));
                            }
                            format!("{r:.2}{}", if *differs { "*" } else { "" })
                        }
                    });
                }
                line.push(format!("{:.1}", *wtf_rss_kib as f64 / 1024.0));
            }
        }
        table.push(line);
    }
    let size_note = format!(
        "{} runs per tool in alternation, median of per-round ratios wtf-enc time / peer time \
         (< 1 means wtf-enc is faster); corpora of {:.0} MiB in {}; output to {}",
        cfg.runs,
        cfg.size as f64 / (1 << 20) as f64,
        cfg.corpus_dir.display(),
        cfg.output.display()
    );
    if cfg.markdown {
        for note in &cfg.notes {
            println!("- {note}");
        }
        println!("- {size_note}");
        println!();
        for (i, line) in table.iter().enumerate() {
            println!("| {} |", line.join(" | "));
            if i == 0 {
                let sep: Vec<&str> = line
                    .iter()
                    .enumerate()
                    .map(|(j, _)| if j < 2 { "---" } else { "---:" })
                    .collect();
                println!("| {} |", sep.join(" | "));
            }
        }
        if !footnotes.is_empty() {
            println!();
            for f in &footnotes {
                println!("- {f}");
            }
        }
    } else {
        for note in &cfg.notes {
            println!("# {note}");
        }
        println!("# {size_note}");
        let widths: Vec<usize> = (0..table[0].len())
            .map(|j| {
                table
                    .iter()
                    .map(|l| l.get(j).map_or(0, |s| s.chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for line in &table {
            let mut out = String::new();
            for (j, cell) in line.iter().enumerate() {
                let pad = widths[j].saturating_sub(cell.chars().count());
                if j < 2 {
                    out.push_str(cell);
                    out.push_str(&" ".repeat(pad));
                } else {
                    out.push_str(&" ".repeat(pad));
                    out.push_str(cell);
                }
                out.push_str("  ");
            }
            println!("{}", out.trim_end());
        }
        for f in &footnotes {
            println!("# {f}");
        }
    }
}
