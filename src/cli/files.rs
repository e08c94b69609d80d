//! Inputs and outputs: standard input or named files in; standard output or a `-o` file
//! written beside its target and renamed over it only on success.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::mapped::{self, Mapped};

/// One input: standard input or a named file.
#[derive(Debug)]
pub struct Input {
    path: Option<PathBuf>,
    name: String,
}

/// The inputs the command line names: standard input when there are none; `-` is standard
/// input too.
pub fn inputs(paths: &[PathBuf]) -> Vec<Input> {
    if paths.is_empty() {
        return vec![Input::stdin()];
    }
    paths.iter().map(|p| Input::from_path(p)).collect()
}

impl Input {
    /// The input a path names: `-` is standard input.
    pub fn from_path(p: &Path) -> Input {
        if p.as_os_str() == "-" {
            Input::stdin()
        } else {
            Input {
                name: p.display().to_string(),
                path: Some(p.to_path_buf()),
            }
        }
    }

    /// The file's path, or `None` for standard input.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn stdin() -> Input {
        Input {
            path: None,
            name: "<stdin>".to_owned(),
        }
    }

    /// The name messages use: the path as given, or `<stdin>`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Opens the input; also returns its length when it is a regular file (for progress).
    pub fn open(&self) -> Result<(Box<dyn Read>, Option<u64>)> {
        match self.open_file(false).with_context(|| self.name.clone())? {
            Opened::Reader(reader, len) => Ok((reader, len)),
            Opened::Mapped(_) => unreachable!("not asked to map"),
        }
    }

    /// Opens the input, mapping it into memory when it is a regular file of at least
    /// [`mapped::MIN_LEN`] bytes and `map` allows it (the caller shows no progress bar, which
    /// counts reads).
    pub fn open_source(&self, map: bool) -> Result<Opened> {
        self.open_file(map).with_context(|| self.name.clone())
    }

    fn open_file(&self, map: bool) -> io::Result<Opened> {
        let file = match &self.path {
            Some(path) => File::open(path)?,
            None => match stdin_file()? {
                Some(file) => file,
                None => return Ok(Opened::Reader(Box::new(io::stdin()), None)),
            },
        };
        let meta = file.metadata()?;
        if meta.is_dir() {
            // Opening a directory succeeds on some systems; reading it fails with the
            // operating system's own reason, which is the one to show, before any output.
            let _readable = (&file).read(&mut [0u8; 1])?;
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "Is a directory",
            ));
        }
        if !meta.is_file() {
            return Ok(Opened::Reader(Box::new(file), None));
        }
        // Standard input may be a regular file read from part way (after `head -c 10`).
        let start = if self.path.is_some() {
            0
        } else {
            (&file).stream_position().unwrap_or(0)
        };
        let len = meta.len();
        if map && len.saturating_sub(start) >= mapped::MIN_LEN {
            return Ok(Opened::Mapped(Mapped::new(&file, start, &self.name)?));
        }
        Ok(Opened::Reader(
            Box::new(ShrinkCheck::new(file, start, len)),
            Some(len),
        ))
    }
}

/// An opened input.
pub enum Opened {
    /// Read through a reader; the length when it is a regular file.
    Reader(Box<dyn Read>, Option<u64>),
    /// A large regular file, mapped.
    Mapped(Mapped),
}

/// A regular file that is noticed when it shrinks under its reader: a file truncated while
/// being read ends early like any other, and without this check the run would succeed on part
/// of the input. The end of the input is an error when it comes before the length the file
/// had when it was opened and the file is now shorter than that. (Files that report a length
/// they never deliver, like those in `/sys`, keep reporting it, so they still end quietly; a
/// pipe whose writer dies cannot be told from one that was closed, and ends quietly too.)
struct ShrinkCheck {
    file: File,
    /// The offset of the next byte to read.
    position: u64,
    /// The file's length when it was opened.
    len: u64,
}

impl ShrinkCheck {
    fn new(file: File, position: u64, len: u64) -> ShrinkCheck {
        ShrinkCheck {
            file,
            position,
            len,
        }
    }
}

impl Read for ShrinkCheck {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.file.read(buf)?;
        self.position += n as u64;
        if n == 0 && !buf.is_empty() && self.position < self.len {
            let now = self.file.metadata()?.len();
            if now < self.len {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!(
                        "the file shrank while being read (from {} to {now} bytes; input \
                         ended at byte {})",
                        self.len, self.position
                    ),
                ));
            }
        }
        Ok(n)
    }
}

/// Standard input as a `File`, so reads are not copied through a small buffer first and its
/// length is known when it is a regular file.
#[cfg(unix)]
fn stdin_file() -> io::Result<Option<File>> {
    use std::os::fd::AsFd;
    Ok(Some(File::from(io::stdin().as_fd().try_clone_to_owned()?)))
}

#[cfg(not(unix))]
fn stdin_file() -> io::Result<Option<File>> {
    Ok(None)
}

/// Whether a file is a pipe (FIFO) or a socket.
#[cfg(unix)]
fn is_pipe(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_fifo() || meta.file_type().is_socket()
}

#[cfg(not(unix))]
fn is_pipe(_meta: &fs::Metadata) -> bool {
    true
}

/// Whether standard output is a pipe or a socket (or cannot be told).
#[cfg(unix)]
fn stdout_is_pipe() -> bool {
    use std::os::fd::AsFd;
    let meta = io::stdout()
        .as_fd()
        .try_clone_to_owned()
        .and_then(|fd| File::from(fd).metadata());
    meta.map_or(true, |meta| is_pipe(&meta))
}

#[cfg(not(unix))]
fn stdout_is_pipe() -> bool {
    true
}

/// Standard output, written without a line buffer in between: the streams write big blocks.
#[cfg(unix)]
pub fn stdout() -> io::Result<Box<dyn Write>> {
    use std::os::fd::AsFd;
    Ok(Box::new(File::from(
        io::stdout().as_fd().try_clone_to_owned()?,
    )))
}

#[cfg(not(unix))]
pub fn stdout() -> io::Result<Box<dyn Write>> {
    Ok(Box::new(io::stdout()))
}

/// Where the output goes.
///
/// A `-o` regular file is written as `.NAME.wtf-enc-PID-N.tmp` beside it and renamed over it
/// on success; every error path removes the temporary file. A run killed by a signal (SIGTERM,
/// SIGINT, SIGKILL) cannot: its target is untouched, but the temporary file may remain.
pub struct Output {
    writer: Box<dyn Write>,
    name: String,
    /// For a `-o` regular file: the temporary file being written and the file it will replace.
    rename: Option<(PathBuf, PathBuf)>,
    /// The output is a pipe or a socket, which takes data in small pieces.
    pipe: bool,
}

impl Output {
    /// Standard output, or the file `-o` names. Refuses a `-o` file that is one of `inputs`,
    /// before anything is read.
    pub fn open(target: Option<&Path>, inputs: &[Input]) -> Result<Output> {
        let Some(target) = target else {
            return Ok(Output {
                writer: stdout().context("<stdout>")?,
                name: "<stdout>".to_owned(),
                rename: None,
                pipe: stdout_is_pipe(),
            });
        };
        let name = target.display().to_string();
        for input in inputs {
            if let Some(path) = &input.path
                && same_file(path, target)
            {
                bail!(
                    "{name}: the output file is also an input ({}); write to another file, \
                     then rename it",
                    input.name
                );
            }
        }
        Output::open_file(target, name.clone()).with_context(|| name)
    }

    fn open_file(target: &Path, name: String) -> io::Result<Output> {
        let meta = match fs::metadata(target) {
            Ok(meta) => Some(meta),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        match meta {
            Some(meta) if meta.is_dir() => Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "Is a directory",
            )),
            Some(meta) if !meta.is_file() => {
                // A device or a FIFO: replacing it would be wrong, so write to it directly.
                let file = OpenOptions::new().write(true).open(target)?;
                Ok(Output {
                    writer: Box::new(file),
                    name,
                    rename: None,
                    pipe: is_pipe(&meta),
                })
            }
            meta => {
                // Through a symbolic link, replace the file it points to, not the link.
                let target = match meta {
                    Some(_) => fs::canonicalize(target)?,
                    None => target.to_path_buf(),
                };
                let (file, temp) = create_temp_beside(&target)?;
                // From here on, dropping the output removes the temporary file.
                let output = Output {
                    writer: Box::new(file),
                    name,
                    rename: Some((temp, target)),
                    pipe: false,
                };
                if let (Some(meta), Some((temp, _))) = (meta, &output.rename) {
                    fs::set_permissions(temp, meta.permissions())?;
                }
                Ok(output)
            }
        }
    }

    /// Whether the output is a pipe or a socket. Mapping a large input pays only where the
    /// output takes big writes cheaply (a file, `/dev/null`): measured on 64 MiB of UTF-8,
    /// decoding from a map into a pipe took 1.3x the CPU time of reading it through the buffer,
    /// and into `/dev/null` 0.85x.
    pub fn is_pipe(&self) -> bool {
        self.pipe
    }

    /// The name messages use: the `-o` path as given, or `<stdout>`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where to write.
    pub fn writer(&mut self) -> &mut dyn Write {
        &mut *self.writer
    }

    /// Ends a successful run: a `-o` file replaces its target now.
    pub fn commit(mut self) -> Result<()> {
        self.writer.flush().with_context(|| self.name.clone())?;
        if let Some((temp, target)) = self.rename.take() {
            if let Err(e) = fs::rename(&temp, &target) {
                let _ = fs::remove_file(&temp);
                return Err(e).with_context(|| self.name.clone());
            }
        }
        Ok(())
    }
}

impl Drop for Output {
    /// A run that did not succeed leaves no temporary file behind, and its target untouched.
    fn drop(&mut self) {
        if let Some((temp, _)) = self.rename.take() {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Creates a new, unique temporary file in the directory of `target`, so that renaming it over
/// `target` is atomic.
fn create_temp_beside(target: &Path) -> io::Result<(File, PathBuf)> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let base = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let pid = std::process::id();
    let mut n = 0;
    loop {
        let temp = dir.join(format!(".{base}.wtf-enc-{pid}-{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Whether `a` and `b` are the same existing file (same device and inode, or the same
/// canonical path elsewhere).
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        ma.dev() == mb.dev() && ma.ino() == mb.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
    }
}
