//! Faults, and streaming equivalence at scale.
//!
//! Faults: inputs that cannot be read or go away mid-read, outputs that fill up or close, `-o`
//! where nothing can be written, a signal mid-run. Each ends with exit status 2 and a one-line
//! message naming the file and the operating system's reason (or quietly for a closed pipe),
//! the target of `-o` untouched, and no temporary file left on the normal error paths.
//!
//! Equivalence: generated multi-megabyte inputs in eight encodings, decoded and encoded through
//! the command line with tiny, odd, large and huge buffers and through a pipe fed in irregular
//! pieces, give the bytes, the message and the status that the library gives for the whole
//! input in one call (which the conformance tests pin to the standard).
//!
//! Nothing here depends on timing: racy steps (signals, sockets, truncation) wait, with
//! generous bounds, for the child to have written the output that proves where it is.

#![cfg(unix)]

mod common;

use common::TempDir;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::UnixStream;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use wtf_enc::stream::{self, BomHandling, Buffers, DecodeOptions, StreamError};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

const BIN: &str = env!("CARGO_BIN_EXE_wtf-enc");

/// The command, with the buffer sizes at their defaults unless a test sets them.
fn wtf() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("WTF_ENC_BUFFER_SIZE");
    cmd
}

/// Runs `cmd` with `input` written to its standard input from another thread (which may find
/// the pipe closed when the command stops early: that is not an error here).
fn run(cmd: &mut Command, input: &[u8]) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit status 2 with exactly `message` (one line) on standard error.
#[track_caller]
fn assert_trouble(out: &Output, message: &str) {
    assert_eq!(
        text(&out.stderr),
        format!("{message}\n"),
        "{:?}",
        out.status
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Exit status 2 with one line on standard error that starts with `prefix` and ends with the
/// operating system's reason, `(os error N)`.
#[track_caller]
fn assert_trouble_os(out: &Output, prefix: &str) {
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(prefix),
        "{stderr:?} should start with {prefix:?}"
    );
    assert!(
        stderr.ends_with(")\n") && stderr.contains("(os error "),
        "{stderr:?}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert_eq!(out.status.code(), Some(2), "{stderr:?}");
}

/// The quiet end after a closed pipe: status 0 or death by SIGPIPE, nothing on standard error.
#[track_caller]
fn assert_quiet_pipe_end(status: ExitStatus, stderr: &[u8]) {
    assert_eq!(text(stderr), "");
    assert!(
        status.code() == Some(0) || status.signal() == Some(13),
        "{status:?}"
    );
}

/// Waits, a minute at most, for `done` to hold; only ever to let a child reach a known point.
#[track_caller]
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "gave up waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Whether file permissions fail to keep this process out (root, or CAP_DAC_OVERRIDE): then
/// `chmod 000` proves nothing and the tests use other ways to make a path unusable.
fn permissions_do_not_bite(dir: &TempDir) -> bool {
    let probe = dir.file("probe", b"x");
    fs::set_permissions(&probe, fs::Permissions::from_mode(0o000)).unwrap();
    let readable = File::open(&probe).is_ok();
    fs::remove_file(&probe).unwrap();
    readable
}

/// The temporary file `-o TARGET` writes in, for the child `pid`.
fn temp_name(target: &str, pid: u32) -> String {
    format!(".{target}.wtf-enc-{pid}-0.tmp")
}

// ---- unreadable inputs ----------------------------------------------------------------------

#[test]
fn input_under_a_file_used_as_a_directory_exits_2_naming_it() {
    // ENOTDIR: a path through a regular file fails to open whoever runs the test.
    let dir = TempDir::new();
    let file = dir.file("plain.txt", b"text");
    let bad = format!("{}/x", s(&file));
    let message = format!("wtf-enc: {bad}: Not a directory (os error 20)");
    for args in [
        vec!["decode", &bad],
        vec!["decode", "--errors", "fatal", "-e", "shift_jis", &bad],
        vec!["encode", "-e", "big5", &bad],
    ] {
        let out = run(wtf().args(&args), b"");
        assert_trouble(&out, &message);
        assert_eq!(out.stdout, b"", "{args:?}");
    }
    // sniff-bom reports it and still answers for the other inputs.
    let out = run(wtf().args(["sniff-bom", &bad, s(&file)]), b"");
    assert_trouble(&out, &message);
    assert_eq!(text(&out.stdout), format!("{}: none\n", s(&file)));
}

#[test]
fn input_without_read_permission_exits_2_naming_it() {
    let dir = TempDir::new();
    if permissions_do_not_bite(&dir) {
        println!(
            "skipped: this process reads files whatever their mode (root?); the unopenable-input \
             tests use a path through a regular file instead"
        );
        return;
    }
    let locked = dir.file("locked.txt", b"secret");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    let message = format!("wtf-enc: {}: Permission denied (os error 13)", s(&locked));
    for sub in [&["decode"][..], &["encode", "-e", "euc-kr"], &["sniff-bom"]] {
        let out = run(wtf().args(sub).arg(&locked), b"");
        assert_trouble(&out, &message);
        assert_eq!(out.stdout, b"");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn input_that_opens_but_cannot_be_read_exits_2_naming_it() {
    // /proc/self/mem opens, and reading its first page (never mapped) fails with EIO.
    let out = run(wtf().args(["decode", "/proc/self/mem"]), b"");
    assert_trouble(
        &out,
        "wtf-enc: /proc/self/mem: Input/output error (os error 5)",
    );
    assert_eq!(out.stdout, b"");
}

// ---- inputs that go away mid-read ------------------------------------------------------------

/// A socket pair whose far end will be reset: `ours` holds unread bytes, so closing it makes
/// the next read of `theirs` fail with ECONNRESET once what was sent has been read (Linux).
#[cfg(target_os = "linux")]
fn socket_to_be_reset() -> (UnixStream, UnixStream) {
    let (ours, theirs) = UnixStream::pair().unwrap();
    (&theirs).write_all(b"never read").unwrap();
    (ours, theirs)
}

#[cfg(target_os = "linux")]
#[test]
fn input_reset_mid_stream_keeps_the_output_so_far_and_exits_2() {
    let (mut ours, theirs) = socket_to_be_reset();
    let mut child = wtf()
        .args(["decode", "--errors", "fatal"])
        .stdin(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    ours.write_all("first part, caf\u{e9}\n".as_bytes())
        .unwrap();
    // Everything decoded before the next read is written first: wait for it, then reset.
    let mut first = vec![0u8; "first part, caf\u{e9}\n".len()];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    assert_eq!(text(&first), "first part, caf\u{e9}\n");
    drop(ours);
    let out = child.wait_with_output().unwrap();
    assert_trouble(
        &out,
        "wtf-enc: <stdin>: Connection reset by peer (os error 104)",
    );
    assert_eq!(out.stdout, b"");
}

#[cfg(target_os = "linux")]
#[test]
fn input_reset_mid_stream_leaves_the_output_file_and_no_temporary_file() {
    let dir = TempDir::new();
    let target = dir.file("out.txt", b"precious\n");
    let (mut ours, theirs) = socket_to_be_reset();
    let child = wtf()
        .args(["encode", "-e", "shift_jis", "-o", s(&target)])
        .stdin(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let temp = dir.path(&temp_name("out.txt", child.id()));
    ours.write_all("first part \u{65E5}\n".as_bytes()).unwrap();
    wait_until("the first part in the temporary file", || {
        fs::read(&temp).is_ok_and(|b| b == b"first part \x93\xFA\n")
    });
    drop(ours);
    let out = child.wait_with_output().unwrap();
    assert_trouble(
        &out,
        "wtf-enc: <stdin>: Connection reset by peer (os error 104)",
    );
    assert_eq!(fs::read(&target).unwrap(), b"precious\n");
    assert_eq!(dir.names(), ["out.txt"]);
}

#[test]
fn input_file_truncated_while_being_read_exits_2() {
    let dir = TempDir::new();
    let line = b"0123456789abcd\n\n";
    let data = line.repeat(2 * 1024 * 1024 / line.len());
    let path = dir.file("shrinking.txt", &data);
    let mut child = wtf()
        .args(["decode", s(&path)])
        .env("WTF_ENC_BUFFER_SIZE", "4096")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The child has read no more than what the pipe holds past this and a buffer: far less
    // than the half that the file is cut to.
    let mut stdout = child.stdout.take().unwrap();
    let mut got = vec![0u8; 4096];
    stdout.read_exact(&mut got).unwrap();
    let half = data.len() as u64 / 2;
    File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(half)
        .unwrap();
    stdout.read_to_end(&mut got).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_trouble(
        &out,
        &format!(
            "wtf-enc: {}: the file shrank while being read (from {} to {half} bytes; input \
             ended at byte {half})",
            s(&path),
            data.len()
        ),
    );
    assert!(got == data[..half as usize], "the output is the first half");
}

/// A large file is read through a map; cut under it, the next page read raises SIGBUS (the
/// Shift_JIS decoder reads the map) or fails the write straight from it with EFAULT (UTF-8
/// passes through): either is the same read error, named, with exit status 2.
#[test]
fn mapped_input_file_truncated_while_being_read_exits_2() {
    for encoding in ["utf-8", "shift_jis"] {
        let dir = TempDir::new();
        let data = b"0123456789abcd\n".repeat(4 * 1024 * 1024 / 16);
        let path = dir.file("shrinking.txt", &data);
        let mut child = wtf()
            .args(["decode", "-e", encoding, s(&path)])
            .env("WTF_ENC_MAP", "always")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Once this much has come through the pipe the file is mapped, and the child waits on
        // the pipe holding at most a step (256 KiB), its output buffer and the pipe's contents:
        // far less than half of the file.
        let mut stdout = child.stdout.take().unwrap();
        let mut got = vec![0u8; 4096];
        stdout.read_exact(&mut got).unwrap();
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(0)
            .unwrap();
        stdout.read_to_end(&mut got).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_trouble(
            &out,
            &format!(
                "wtf-enc: {}: the file shrank while being read (a mapped page past its new end)",
                s(&path)
            ),
        );
        assert!(
            got.len() < data.len() / 2 && data.starts_with(&got),
            "{encoding}"
        );
    }
}

#[test]
fn a_file_that_grows_or_reports_more_than_it_holds_is_not_an_error() {
    // Growing files are read to where they end; and a regular file that reports a length it
    // does not deliver without shrinking (as files in /sys do) ends quietly.
    if let Ok(address) = fs::read("/sys/class/net/lo/address") {
        let out = run(wtf().args(["decode", "/sys/class/net/lo/address"]), b"");
        assert_eq!(text(&out.stderr), "");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(out.stdout, address);
    }
}

#[test]
fn pipe_whose_writer_goes_away_is_an_ordinary_end_of_input() {
    // A writer that dies cannot be told from one that closed the pipe: the input ends there.
    // What was received is decoded; a character cut short is an incomplete sequence.
    let out = run(wtf().args(["decode"]), b"abc\xE2\x82");
    assert_eq!(out.stdout, "abc\u{FFFD}".as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let out = run(wtf().args(["decode", "--errors", "fatal"]), b"abc\xE2\x82");
    assert_eq!(out.stdout, b"abc");
    assert_eq!(
        text(&out.stderr),
        "wtf-enc: <stdin>: invalid UTF-8 byte sequence 0xE2 0x82 at byte 3 (line 1, column 4)\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A reader that hands out `data` in pieces of up to `piece` bytes, then fails.
struct FailAfter<'a> {
    data: &'a [u8],
    piece: usize,
}

impl Read for FailAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.data.is_empty() {
            return Err(io::Error::other("the disk went away"));
        }
        let n = self.piece.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn read_error_mid_stream_is_a_read_error_after_the_output_so_far() {
    let sample =
        "ok caf\u{e9} \u{65E5}\u{672C} \u{D55C} \u{1F600}\r\nline 2 \u{20AC}\u{3042}\n".repeat(40);
    for encoding in [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::ShiftJis,
        Encoding::Gb18030,
        Encoding::Iso2022Jp,
        Encoding::Windows1252,
    ] {
        let mut input = Vec::new();
        encoding
            .new_encoder(EncoderErrorMode::Html)
            .unwrap()
            .encode_to_vec(&sample, &mut input, true);
        for mode in [DecoderErrorMode::Replacement, DecoderErrorMode::Fatal] {
            for cut in [0, 1, 2, 3, 5, 13, 100, 101, 777, input.len() - 1] {
                let prefix = &input[..cut];
                // What the stream must have written: everything decoded from the bytes it got,
                // with a character they end inside still held. (The first 3 bytes are decoded
                // only once it is known whether they are a byte order mark, so a read error
                // among them leaves no output.)
                let mut want = Vec::new();
                let (_, malformed) = encoding
                    .new_decoder(mode)
                    .decode_to_vec(prefix, &mut want, false);
                assert!(malformed.is_none(), "the sample decodes cleanly");
                if cut < 3 {
                    want.clear();
                }
                for (sizes, piece) in [((4, 16), 3), ((7, 29), 1000), ((1 << 16, 3 << 16), 64)] {
                    let options = DecodeOptions {
                        encoding,
                        mode,
                        bom: BomHandling::Keep,
                    };
                    let mut got = Vec::new();
                    let reader = FailAfter {
                        data: prefix,
                        piece,
                    };
                    let mut buffers = Buffers::with_sizes(sizes.0, sizes.1);
                    let case = format!("{encoding} {mode:?} cut {cut} {sizes:?}");
                    match stream::decode(reader, &mut got, &options, &mut buffers) {
                        Err(StreamError::Read(e)) => {
                            assert_eq!(e.to_string(), "the disk went away")
                        }
                        other => panic!("{case}: {other:?}"),
                    }
                    assert!(got == want, "{case}: the output so far");
                }
            }
        }
        // Encoding: UTF-8 in, cut anywhere (even inside a character).
        let bytes = sample.as_bytes();
        for cut in [0, 1, 4, 7, 8, 9, 100, 333, bytes.len() - 1] {
            let valid = match std::str::from_utf8(&bytes[..cut]) {
                Ok(t) => t,
                Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap(),
            };
            let mut want = Vec::new();
            encoding
                .new_encoder(EncoderErrorMode::Html)
                .unwrap()
                .encode_to_vec(valid, &mut want, false);
            if cut < 3 {
                // Not yet known not to be a UTF-8 byte order mark.
                want.clear();
            }
            for (sizes, piece) in [((4, 16), 5), ((9, 31), 1000)] {
                let encoder = encoding.new_encoder(EncoderErrorMode::Html).unwrap();
                let mut got = Vec::new();
                let reader = FailAfter {
                    data: &bytes[..cut],
                    piece,
                };
                let mut buffers = Buffers::with_sizes(sizes.0, sizes.1);
                let case = format!("encode {encoding} cut {cut} {sizes:?}");
                match stream::encode(reader, &mut got, encoder, b"", &mut buffers) {
                    Err(StreamError::Read(e)) => assert_eq!(e.to_string(), "the disk went away"),
                    other => panic!("{case}: {other:?}"),
                }
                assert!(got == want, "{case}: the output so far");
            }
        }
    }
}

// ---- outputs that fill up or close ------------------------------------------------------------

#[test]
fn dev_full_as_output_exits_2_for_every_subcommand() {
    if !Path::new("/dev/full").exists() {
        println!("skipped: no /dev/full here");
        return;
    }
    let big = "caf\u{e9} \u{65E5}\u{672C}\n".repeat(100_000);
    let full_stdout = "wtf-enc: <stdout>: No space left on device (os error 28)";
    let full_o = "wtf-enc: /dev/full: No space left on device (os error 28)";
    let cases: [(&[&str], &[u8], &str); 12] = [
        (&["decode"], b"a few bytes", full_stdout),
        (&["decode"], big.as_bytes(), full_stdout),
        (&["decode", "--errors", "fatal"], b"ok \xFF", full_stdout),
        (&["decode", "-o", "/dev/full"], big.as_bytes(), full_o),
        (&["encode", "-e", "shift_jis"], big.as_bytes(), full_stdout),
        (
            &["encode", "-e", "utf-16le", "--write-bom"],
            b"",
            full_stdout,
        ),
        (
            &["encode", "-e", "windows-1252"],
            "x\u{2603}".as_bytes(),
            full_stdout,
        ),
        (
            &["encode", "-e", "iso-2022-jp", "-o", "/dev/full"],
            big.as_bytes(),
            full_o,
        ),
        (&["label", "sjis"], b"", full_stdout),
        (&["label", "--list"], b"", full_stdout),
        (&["label", "--json", "latin1"], b"", full_stdout),
        (&["sniff-bom"], b"\xEF\xBB\xBFx", full_stdout),
    ];
    for (args, input, message) in cases {
        let mut child = wtf()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_vec();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_trouble(&out, message);
    }
}

#[test]
fn closed_pipe_for_big_outputs_ends_quietly() {
    let dir = TempDir::new();
    let big = "caf\u{e9} \u{65E5}\u{672C} \u{1F600}\n".repeat(150_000);
    let mut late_error = big.clone().into_bytes();
    late_error.extend_from_slice(b"\xFF");
    let big_path = dir.file("big.txt", big.as_bytes());
    let late_path = dir.file("late-error.txt", &late_error);
    let cases: [(&[&str], Option<&[u8]>); 5] = [
        (&["encode", "-e", "utf-16le", s(&big_path)], None),
        (
            &["encode", "-e", "gb18030", "--errors", "html"],
            Some(big.as_bytes()),
        ),
        (&["decode"], Some(big.as_bytes())),
        (&["decode", "--errors", "fatal", s(&late_path)], None),
        (&["decode", s(&big_path), s(&big_path), s(&big_path)], None),
    ];
    for (args, stdin) in cases {
        let mut child = wtf()
            .args(args)
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let writer = stdin.map(|input| {
            let mut pipe = child.stdin.take().unwrap();
            let input = input.to_vec();
            std::thread::spawn(move || {
                // Small pieces, so the reads are short too; the pipe closes early.
                for piece in input.chunks(4093) {
                    if pipe.write_all(piece).is_err() {
                        break;
                    }
                }
            })
        });
        // Read a little, then close: the output left is far more than a pipe holds.
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 10];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        if let Some(writer) = writer {
            writer.join().unwrap();
        }
        assert_quiet_pipe_end(out.status, &out.stderr);
    }
}

#[test]
fn output_closed_before_the_first_write_ends_quietly() {
    // A stream socket whose other end is already closed: every write fails with EPIPE, so each
    // subcommand meets the closed pipe for certain, small as its output is.
    let cases: [(&[&str], &[u8]); 5] = [
        (&["label", "sjis"], b""),
        (&["label", "--list", "--json"], b""),
        (&["sniff-bom"], b"\xFE\xFFab"),
        (&["decode", "-e", "big5"], b"\xA4\x40 and more"),
        (&["encode", "-e", "euc-kr"], "\u{D55C}\u{AD6D}".as_bytes()),
    ];
    for (args, input) in cases {
        let (ours, theirs) = UnixStream::pair().unwrap();
        drop(ours);
        let mut child = wtf()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(input);
        let out = child.wait_with_output().unwrap();
        assert_quiet_pipe_end(out.status, &out.stderr);
    }
}

// ---- -o where nothing can be written ---------------------------------------------------------

#[test]
fn output_file_in_a_directory_that_cannot_be_written_exits_2() {
    let dir = TempDir::new();
    let input = dir.file("in.txt", b"some text\n");
    // Under a regular file (ENOTDIR), whoever runs the test.
    let under_file = format!("{}/out.txt", s(&input));
    let mut targets = vec![under_file];
    if permissions_do_not_bite(&dir) {
        // Root writes into any mode 555 directory; sysfs refuses new files even to root.
        if Path::new("/sys/kernel").is_dir() {
            targets.push("/sys/kernel/wtf-enc-test.out".to_owned());
        } else {
            println!("skipped the read-only directory case: running as root without /sys");
        }
    } else {
        let locked = dir.path("locked");
        fs::create_dir(&locked).unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
        targets.push(format!("{}/out.txt", s(&locked)));
    }
    for target in &targets {
        for args in [
            vec!["decode", "-o", target, s(&input)],
            vec!["encode", "-e", "big5", "-o", target, s(&input)],
        ] {
            let out = run(wtf().args(&args), b"");
            assert_trouble_os(&out, &format!("wtf-enc: {target}: "));
            assert_eq!(out.stdout, b"");
            assert!(!Path::new(target).exists());
        }
    }
    assert_eq!(dir.names().iter().filter(|n| n.starts_with('.')).count(), 0);
}

// ---- a signal mid-run ------------------------------------------------------------------------

#[test]
fn signal_mid_run_leaves_the_output_file_untouched() {
    for (signal, number) in [("TERM", 15), ("INT", 2)] {
        let dir = TempDir::new();
        let target = dir.file("out.txt", b"precious\n");
        let mut child: Child = wtf()
            .args(["decode", "-e", "windows-1252", "-o", s(&target)])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let temp = temp_name("out.txt", child.id());
        // A slow input: a first piece, then nothing until the signal.
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"first chunk, caf\xE9\n").unwrap();
        wait_until("the first chunk in the temporary file", || {
            fs::read(dir.path(&temp)).is_ok_and(|b| b == "first chunk, caf\u{e9}\n".as_bytes())
        });
        let killed = Command::new("kill")
            .args(["-s", signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let out = child.wait_with_output().unwrap();
        drop(stdin);
        assert_eq!(out.status.signal(), Some(number), "{signal}");
        assert_eq!(text(&out.stderr), "");
        assert_eq!(fs::read(&target).unwrap(), b"precious\n", "{signal}");
        // Documented: the process gets no chance to remove its temporary file.
        let names = dir.names();
        assert!(
            names == ["out.txt"] || names == [temp.as_str(), "out.txt"],
            "{signal}: {names:?}"
        );
    }
}

// ---- no temporary file on the error paths ------------------------------------------------------

#[test]
fn no_temporary_file_is_left_on_the_error_paths() {
    let dir = TempDir::new();
    let good = dir.file("good.txt", "caf\u{e9}\n".as_bytes());
    let bad_utf8 = dir.file("bad-utf8.txt", b"fine\n\xFF");
    let snowman = dir.file("snowman.txt", "a\u{2603}".as_bytes());
    let big = dir.file("big.txt", &b"0123456789abcde\n".repeat(4096));
    let missing = dir.path("missing.txt");
    let not_dir = format!("{}/x", s(&good));
    let inputs = ["bad-utf8.txt", "big.txt", "good.txt", "snowman.txt"];
    let out_name = "out.txt";
    let target = dir.path(out_name);
    let t = s(&target);
    let mut cases: Vec<(Vec<&str>, i32, String)> = vec![
        (
            vec![
                "decode",
                "--errors",
                "fatal",
                "-o",
                t,
                s(&good),
                s(&bad_utf8),
            ],
            1,
            format!(
                "wtf-enc: {}: invalid UTF-8 byte sequence 0xFF at byte 5 (line 2, column 1)",
                s(&bad_utf8)
            ),
        ),
        (
            vec!["encode", "-e", "windows-1252", "-o", t, s(&snowman)],
            1,
            format!(
                "wtf-enc: {}: U+2603 cannot be encoded in windows-1252 at byte 1 (line 1, column 2)",
                s(&snowman)
            ),
        ),
        (
            vec!["encode", "-e", "shift_jis", "-o", t, s(&bad_utf8)],
            1,
            format!(
                "wtf-enc: {}: invalid UTF-8 byte sequence 0xFF at byte 5 (line 2, column 1)",
                s(&bad_utf8)
            ),
        ),
        (
            vec!["decode", "-o", t, s(&good), s(&missing)],
            2,
            format!(
                "wtf-enc: {}: No such file or directory (os error 2)",
                s(&missing)
            ),
        ),
        (
            vec![
                "encode",
                "-e",
                "big5",
                "--errors",
                "html",
                "-o",
                t,
                s(&good),
                &not_dir,
            ],
            2,
            format!("wtf-enc: {not_dir}: Not a directory (os error 20)"),
        ),
        (
            vec!["decode", "-o", t, s(&dir.0)],
            2,
            format!("wtf-enc: {}: Is a directory (os error 21)", s(&dir.0)),
        ),
    ];
    if cfg!(target_os = "linux") {
        cases.push((
            vec!["decode", "-o", t, s(&good), "/proc/self/mem"],
            2,
            "wtf-enc: /proc/self/mem: Input/output error (os error 5)".to_owned(),
        ));
    }
    for existing in [true, false] {
        for (args, code, message) in &cases {
            if existing {
                fs::write(&target, b"precious\n").unwrap();
            } else {
                let _ = fs::remove_file(&target);
            }
            let out = run(wtf().args(args), b"");
            assert_eq!(text(&out.stderr), format!("{message}\n"), "{args:?}");
            assert_eq!(out.status.code(), Some(*code), "{args:?}");
            let mut want: Vec<&str> = inputs.to_vec();
            if existing {
                assert_eq!(fs::read(&target).unwrap(), b"precious\n", "{args:?}");
                want.push(out_name);
                want.sort();
            }
            assert_eq!(dir.names(), want, "{args:?}");
        }
    }
    // A write error: a file size limit (with SIGXFSZ ignored, so that write fails with EFBIG
    // instead of the signal killing the process) stops the output file at 512 bytes.
    fs::write(&target, b"precious\n").unwrap();
    let script = r#"trap '' XFSZ; ulimit -f 1 && exec "$@""#;
    let out = run(
        Command::new("sh")
            .args(["-c", script, "sh", BIN, "decode", "-o", t])
            .arg(&big)
            .env_remove("WTF_ENC_BUFFER_SIZE"),
        b"",
    );
    assert_trouble(&out, &format!("wtf-enc: {t}: File too large (os error 27)"));
    assert_eq!(fs::read(&target).unwrap(), b"precious\n");
    assert_eq!(
        dir.names(),
        [
            "bad-utf8.txt",
            "big.txt",
            "good.txt",
            "out.txt",
            "snowman.txt"
        ]
    );
}

// ---- streaming equivalence at scale ------------------------------------------------------------

/// The size of the generated text for each encoding, in bytes of UTF-8; encoded, it is 1 to
/// 2.5 MiB.
const TEXT_LEN: usize = 1 << 20;

/// Buffer sizes (`WTF_ENC_BUFFER_SIZE`) for a whole input in replacement or html mode: tiny,
/// odd and large, huge (more than the whole input), the default; then through a pipe: small
/// and odd, the default. Tiny buffers cost a system call every 4 bytes, so they are kept for
/// the runs that go through everything.
const FULL_RUNS: Sizes = Sizes {
    file: &[Some("4:16"), Some("1021:4093"), Some("8388608"), None],
    pipe: &[Some("61:131"), None],
};

/// Buffer sizes for the fatal runs, most of which stop three quarters of the way: odd and
/// small, odd and large, huge, the default; through a pipe, the default.
const FATAL_RUNS: Sizes = Sizes {
    file: &[Some("7:29"), Some("1021:4093"), Some("8388608"), None],
    pipe: &[None],
};

/// Buffer sizes for a fatal run that goes through everything without an error.
const CLEAN_RUNS: Sizes = Sizes {
    file: &[Some("1021:4093"), Some("8388608"), None],
    pipe: &[None],
};

/// Buffer sizes for a fatal run that stops early: all of them.
const EARLY_FATAL_RUNS: Sizes = Sizes {
    file: &[
        Some("4:16"),
        Some("7:29"),
        Some("1021:4093"),
        Some("8388608"),
        None,
    ],
    pipe: &[Some("61:131"), None],
};

/// `WTF_ENC_BUFFER_SIZE` values (None: unset) for runs on a named file and through a pipe.
struct Sizes {
    file: &'static [Option<&'static str>],
    pipe: &'static [Option<&'static str>],
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Mixed text: ASCII words and line breaks of every kind, Latin, Greek and Cyrillic, kanji,
/// kana (halfwidth too), hangul, astral characters, markup, controls (ESC, SO, NUL), and any
/// BMP character now and then, so that every encoding meets characters it cannot represent.
fn generate_text(seed: u64, len: usize) -> String {
    const LATIN: &str = "\u{e9}\u{e8}\u{e0}\u{fc}\u{f6}\u{df}\u{e7}\u{f1}\u{c6}\u{d8}\u{e5}\u{153}\u{152}\u{20ac}\u{a3}\u{a5}\u{a9}\u{ae}\u{b0}\u{b1}\u{b5}\u{b6}\u{b7}\u{bf}\u{178}\u{2013}\u{201c}\u{201d}";
    const GREEK_CYRILLIC: &str =
        "\u{3b1}\u{3b2}\u{3b3}\u{3b4}\u{3b5}\u{3a9}\u{416}\u{449}\u{42f}\u{44e}\u{401}";
    const CJK: &str = "\u{65e5}\u{672c}\u{8a9e}\u{4e2d}\u{6587}\u{6f22}\u{5b57}\u{6771}\u{4eac}\u{5317}\u{96fb}\u{8a71}\u{611b}\u{60c5}\u{5831}\u{3042}\u{3044}\u{3046}\u{3048}\u{304a}\u{30a2}\u{30a4}\u{30a6}\u{30a8}\u{30aa}\u{d55c}\u{ad6d}\u{c5b4}\u{ac00}\u{b098}\u{b2e4}\u{b77c}\u{ff71}\u{ff72}\u{ff73}\u{ff9e}\u{301c}\u{203e}\u{30fb}\u{3000}\u{ff5e}\u{2225}";
    const ASTRAL: &str = "\u{1f600}\u{1f389}\u{2000b}\u{29e3d}\u{1f642}\u{10348}";
    const MARKUP: [&str; 4] = ["&#", "<p>", "&amp;", "&#12354;"];
    const CONTROLS: &str = "\t\0\u{1b}\u{e}\u{f}\u{7f}\u{80}\u{feff}\u{fffd}\u{ffff}\u{e000}";
    let chars = |s: &str| s.chars().collect::<Vec<char>>();
    let (latin, greek, cjk) = (chars(LATIN), chars(GREEK_CYRILLIC), chars(CJK));
    let (astral, controls) = (chars(ASTRAL), chars(CONTROLS));
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut text = String::from("Generated text for wtf-enc's streaming equivalence test\n");
    while text.len() < len {
        match rng.below(100) {
            0..=39 => {
                for _ in 0..1 + rng.below(9) {
                    text.push(
                        rng.pick(b"abcdefghijklmnopqrstuvwxyzABCXYZ0123456789.,;'\"-") as char,
                    );
                }
                text.push(' ');
            }
            40..=44 => text.push_str(rng.pick(&["\n", "\n", "\r\n", "\r"])),
            45..=54 => (0..1 + rng.below(4)).for_each(|_| text.push(rng.pick(&latin))),
            55..=59 => (0..1 + rng.below(6)).for_each(|_| text.push(rng.pick(&greek))),
            60..=79 => (0..1 + rng.below(12)).for_each(|_| text.push(rng.pick(&cjk))),
            80..=84 => text.push(rng.pick(&astral)),
            85..=88 => text.push_str(rng.pick(&MARKUP)),
            89..=91 => text.push(rng.pick(&controls)),
            _ => {
                let c = rng.below(0xFFFF - 0x80) as u32 + 0x80;
                text.push(char::from_u32(c).unwrap_or('\u{2603}'));
            }
        }
    }
    text
}

/// `bytes` with a few bytes inserted every 2 KiB or so (never in the first 100).
fn sprinkle(rng: &mut Rng, bytes: &[u8], choices: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 1000);
    let mut at = 0;
    while at < bytes.len() {
        let next = (at + 100 + rng.below(4000)).min(bytes.len());
        out.extend_from_slice(&bytes[at..next]);
        out.extend_from_slice(rng.pick(choices));
        at = next;
    }
    out
}

/// The line and column of what follows `text`, as the messages count them: lines after LF, CR
/// or CR LF (once), columns in characters.
fn line_column(text: &[u8]) -> (u64, u64) {
    let (mut line, mut column, mut after_cr) = (1, 1, false);
    for c in std::str::from_utf8(text).unwrap().chars() {
        match c {
            '\n' if after_cr => {}
            '\n' | '\r' => (line, column) = (line + 1, 1),
            _ => column += 1,
        }
        after_cr = c == '\r';
    }
    (line, column)
}

/// What a run must give: standard output, standard error with `NAME` for the input's name,
/// and the exit status.
struct Expected {
    stdout: Vec<u8>,
    stderr: String,
    code: i32,
}

/// The library's decode of the whole input in one call, as the command line must report it.
fn expected_decode(encoding: Encoding, mode: DecoderErrorMode, input: &[u8]) -> Expected {
    let mut stdout = Vec::new();
    let (read, malformed) = encoding
        .new_decoder(mode)
        .decode_to_vec(input, &mut stdout, true);
    let Some(m) = malformed else {
        return Expected {
            stdout,
            stderr: String::new(),
            code: 0,
        };
    };
    let offset = read - usize::from(m.restored) - usize::from(m.len);
    let bytes: String = input[offset..offset + usize::from(m.len)]
        .iter()
        .map(|b| format!(" 0x{b:02X}"))
        .collect();
    let (line, column) = line_column(&stdout);
    Expected {
        stdout,
        stderr: format!(
            "wtf-enc: NAME: invalid {encoding} byte sequence{bytes} at byte {offset} (line \
             {line}, column {column})\n"
        ),
        code: 1,
    }
}

/// The library's encode of the whole input in one call (after the standard's UTF-8 decode,
/// in html mode), as the command line must report it.
fn expected_encode(encoding: Encoding, mode: EncoderErrorMode, input: &[u8]) -> Expected {
    let mut text = Vec::new();
    let utf8_mode = match mode {
        EncoderErrorMode::Html => DecoderErrorMode::Replacement,
        EncoderErrorMode::Fatal => DecoderErrorMode::Fatal,
    };
    let (_, malformed) = Encoding::Utf8
        .new_decoder(utf8_mode)
        .decode_to_vec(input, &mut text, true);
    assert!(malformed.is_none(), "fatal encode inputs are valid UTF-8");
    let text = String::from_utf8(text).unwrap();
    let mut encoder = encoding.new_encoder(mode).unwrap();
    let mut stdout = Vec::new();
    let (read, unmappable) = encoder.encode_to_vec(&text, &mut stdout, true);
    let Some(u) = unmappable else {
        return Expected {
            stdout,
            stderr: String::new(),
            code: 0,
        };
    };
    // Everything before the character, and the end of the encoder's output.
    encoder.encode_to_vec("", &mut stdout, true);
    let offset = read - u.input.len_utf8();
    let (line, column) = line_column(&text.as_bytes()[..offset]);
    Expected {
        stdout,
        stderr: format!(
            "wtf-enc: NAME: U+{:04X} cannot be encoded in {encoding} at byte {offset} (line \
             {line}, column {column})\n",
            u32::from(u.input)
        ),
        code: 1,
    }
}

/// Runs `args` on `input` as a named file with every buffer size, and through a pipe written
/// in irregular small pieces, and checks every run against `want`.
fn check_every_way(
    dir: &TempDir,
    name: &str,
    args: &[&str],
    input: &[u8],
    want: &Expected,
    sizes: &Sizes,
) {
    let path = dir.file(name, input);
    let mut runs = Vec::new();
    for &size in sizes.file {
        let mut cmd = wtf();
        cmd.args(args).arg(&path);
        if let Some(size) = size {
            cmd.env("WTF_ENC_BUFFER_SIZE", size);
        }
        runs.push((
            format!("file, buffers {size:?}"),
            s(&path).to_owned(),
            cmd,
            None,
        ));
    }
    for (i, &size) in sizes.pipe.iter().enumerate() {
        let mut cmd = wtf();
        cmd.args(args);
        if let Some(size) = size {
            cmd.env("WTF_ENC_BUFFER_SIZE", size);
        }
        let seed = input.len() as u64 + i as u64;
        runs.push((
            format!("pipe, buffers {size:?}"),
            "<stdin>".to_owned(),
            cmd,
            Some(seed),
        ));
    }
    for (how, input_name, mut cmd, trickle) in runs {
        let case = format!("{args:?} on {name}, {how}");
        let out = match trickle {
            None => cmd
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .output()
                .unwrap(),
            Some(seed) => run_trickled(&mut cmd, input, seed),
        };
        if out.stdout != want.stdout {
            let at = out
                .stdout
                .iter()
                .zip(&want.stdout)
                .position(|(a, b)| a != b)
                .unwrap_or(out.stdout.len().min(want.stdout.len()));
            panic!(
                "{case}: {} bytes out, {} expected, first difference at byte {at}; stderr {:?}",
                out.stdout.len(),
                want.stdout.len(),
                text(&out.stderr)
            );
        }
        assert_eq!(
            text(&out.stderr),
            want.stderr.replace("NAME", &input_name),
            "{case}"
        );
        assert_eq!(out.status.code(), Some(want.code), "{case}");
    }
}

/// Runs `cmd` with `input` written to its standard input in pieces of 1 byte to 8 KiB.
fn run_trickled(cmd: &mut Command, input: &[u8], seed: u64) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let mut rng = Rng(seed | 1);
        let mut rest = &input[..];
        while !rest.is_empty() {
            let n = match rng.below(4) {
                0 => 1 + rng.below(7),
                1 => 1 + rng.below(300),
                _ => 1 + rng.below(8192),
            }
            .min(rest.len());
            // A fatal error ends the run before all the input is written.
            if stdin.write_all(&rest[..n]).is_err() {
                return;
            }
            rest = &rest[n..];
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Decodes and encodes generated text in `encoding` every way, both error modes each.
fn streaming_equivalence(encoding: Encoding, seed: u64) {
    let dir = TempDir::new();
    let label = encoding.name();
    let mut rng = Rng(seed);
    let text = generate_text(seed, TEXT_LEN);

    // Decoding: the text in the encoding (html references for what it cannot represent), with
    // stray bytes sprinkled in for replacement mode and an early fatal error, and one stray
    // byte three quarters of the way in for a late fatal error.
    let mut clean = Vec::new();
    encoding
        .new_encoder(EncoderErrorMode::Html)
        .unwrap()
        .encode_to_vec(&text, &mut clean, true);
    let strays: [&[u8]; 8] = [
        b"\xFF",
        b"\x80",
        b"\xA0",
        b"\x1B",
        b"\x0E",
        b"\x00",
        b"\xE2\x82",
        b"\x1B$B\x30",
    ];
    let dirty = sprinkle(&mut rng, &clean, &strays);
    let mut late = clean.clone();
    late.insert(clean.len() / 4 * 3, 0xFF);
    // windows-1252 maps every byte: nothing is malformed in it.
    let errs = i32::from(encoding != Encoding::Windows1252);
    for (name, input, mode, sizes, code) in [
        (
            "dirty",
            &dirty,
            DecoderErrorMode::Replacement,
            &FULL_RUNS,
            0,
        ),
        (
            "dirty",
            &dirty,
            DecoderErrorMode::Fatal,
            &EARLY_FATAL_RUNS,
            errs,
        ),
        ("late", &late, DecoderErrorMode::Fatal, &FATAL_RUNS, errs),
        ("clean", &clean, DecoderErrorMode::Fatal, &CLEAN_RUNS, 0),
    ] {
        let want = expected_decode(encoding, mode, input);
        assert_eq!(want.code, code, "{name} {mode:?}: the case is what it says");
        let errors = match mode {
            DecoderErrorMode::Replacement => "replacement",
            DecoderErrorMode::Fatal => "fatal",
        };
        let args = ["decode", "-e", label, "--errors", errors];
        check_every_way(&dir, &format!("{name}.{label}"), &args, input, &want, sizes);
    }

    // Encoding: the text with malformed UTF-8 sprinkled in (html mode); and in fatal mode the
    // text the encoding can represent (the clean bytes decoded) with one astral character
    // three quarters of the way in.
    let malformed: [&[u8]; 6] = [
        b"\xFF",
        b"\xC3",
        b"\xE2\x82",
        b"\xED\xA0\x80",
        b"\xF0\x9F\x98",
        b"\x80",
    ];
    let dirty_text = sprinkle(&mut rng, text.as_bytes(), &malformed);
    let want = expected_encode(encoding, EncoderErrorMode::Html, &dirty_text);
    let args = ["encode", "-e", label, "--errors", "html"];
    check_every_way(&dir, "dirty.txt", &args, &dirty_text, &want, &FULL_RUNS);

    let mut representable = String::new();
    let mut decoded = Vec::new();
    encoding
        .new_decoder(DecoderErrorMode::Replacement)
        .decode_to_vec(&clean, &mut decoded, true);
    representable.push_str(std::str::from_utf8(&decoded).unwrap());
    let mut at = representable.len() / 4 * 3;
    while !representable.is_char_boundary(at) {
        at += 1;
    }
    representable.insert(at, '\u{1F600}');
    let want = expected_encode(encoding, EncoderErrorMode::Fatal, representable.as_bytes());
    let unicode = [Encoding::Utf8, Encoding::Utf16Le, Encoding::Gb18030].contains(&encoding);
    assert_eq!(want.code, i32::from(!unicode), "U+1F600 is unmappable");
    let args = ["encode", "-e", label, "--errors", "fatal"];
    check_every_way(
        &dir,
        "late.txt",
        &args,
        representable.as_bytes(),
        &want,
        &FATAL_RUNS,
    );
}

#[test]
fn streaming_equivalence_utf8() {
    streaming_equivalence(Encoding::Utf8, 1);
}

#[test]
fn streaming_equivalence_utf16le() {
    streaming_equivalence(Encoding::Utf16Le, 2);
}

#[test]
fn streaming_equivalence_shift_jis() {
    streaming_equivalence(Encoding::ShiftJis, 3);
}

#[test]
fn streaming_equivalence_gb18030() {
    streaming_equivalence(Encoding::Gb18030, 4);
}

#[test]
fn streaming_equivalence_iso_2022_jp() {
    streaming_equivalence(Encoding::Iso2022Jp, 5);
}

#[test]
fn streaming_equivalence_big5() {
    streaming_equivalence(Encoding::Big5, 6);
}

#[test]
fn streaming_equivalence_euc_kr() {
    streaming_equivalence(Encoding::EucKr, 7);
}

#[test]
fn streaming_equivalence_windows_1252() {
    streaming_equivalence(Encoding::Windows1252, 8);
}
