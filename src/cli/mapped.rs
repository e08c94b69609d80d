//! Large regular inputs mapped into memory, so valid UTF-8 goes from the page cache straight to
//! the output (one copy where `cat` makes two) and other decoders read it in place.
//!
//! A mapped file that is truncated by someone else while it is being read makes the next access
//! to a page past the new end raise SIGBUS (or fail a write from it with EFAULT). A read error
//! is what that is, so the handler says so as every other read error is said, naming the file,
//! and exits with status 2 (what was written before stays written, as after any read error).

use std::fs::File;
use std::io;
use std::sync::Once;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

use memmap2::{Mmap, MmapOptions};
use wtf_enc::stream::StreamError;

/// Files smaller than this are read, not mapped: mapping and unmapping cost more than copying
/// a few pages.
pub const MIN_LEN: u64 = 1 << 20;

/// The environment variable that overrides when inputs are mapped: `never`, `always` (every
/// regular file of at least [`MIN_LEN`] bytes, whatever the output; for tests, which need a
/// mapped run that blocks on a pipe), or unset for the default.
const MAP_VAR: &str = "WTF_ENC_MAP";

/// Whether to map large regular inputs, given what the default rule says.
pub fn wanted(default: bool) -> bool {
    match std::env::var_os(MAP_VAR) {
        Some(v) if v == "never" => false,
        Some(v) if v == "always" => true,
        _ => default,
    }
}

/// The name of the file being read through a map, for the SIGBUS handler (which may only read
/// memory and make async-signal-safe calls): a leaked copy, set before the map is read.
static NAME: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static NAME_LEN: AtomicUsize = AtomicUsize::new(0);

/// A regular file mapped into memory, from an offset (standard input may be a file read from
/// part way) to the length it had when it was mapped.
pub struct Mapped {
    map: Mmap,
    start: usize,
}

impl Mapped {
    /// Maps `file` from byte `start`; `name` is what a read error says.
    pub fn new(file: &File, start: u64, name: &str) -> io::Result<Mapped> {
        install_sigbus_handler();
        let name: &'static mut [u8] = Box::leak(name.as_bytes().to_vec().into_boxed_slice());
        NAME_LEN.store(name.len(), Ordering::SeqCst);
        NAME.store(name.as_mut_ptr(), Ordering::SeqCst);
        // SAFETY: the map is only ever read. Another process changing the file under it changes
        // what is read (as it would change what `read` returns); truncating it raises SIGBUS,
        // which the handler turns into a read error and exit status 2.
        let map = unsafe { MmapOptions::new().populate().map(file)? };
        // Pages are read in order: ask the kernel to read ahead (a hint; failure is harmless).
        let _ = map.advise(memmap2::Advice::Sequential);
        let start = usize::try_from(start).unwrap_or(usize::MAX).min(map.len());
        Ok(Mapped { map, start })
    }

    /// The file's bytes from the start offset.
    pub fn bytes(&self) -> &[u8] {
        &self.map[self.start..]
    }
}

/// What a read error from a map says.
const SHRANK: &str = "the file shrank while being read (a mapped page past its new end)";

/// A stream error, with a write that failed because the kernel could not read the mapped
/// input (EFAULT: the file was cut under the map while its bytes were written straight from
/// it) turned into the read error it is.
pub fn read_error(e: StreamError) -> StreamError {
    match e {
        StreamError::Write(w) if w.raw_os_error() == Some(libc::EFAULT) => {
            StreamError::Read(io::Error::other(SHRANK))
        }
        e => e,
    }
}

fn install_sigbus_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // SAFETY: `on_sigbus` only reads atomics and the leaked name and calls write(2) and
        // _exit(2), which are async-signal-safe; the sigaction struct is fully initialised.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigbus as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
        }
    });
}

extern "C" fn on_sigbus(_signal: libc::c_int) {
    let say = |bytes: &[u8]| {
        // SAFETY: write(2) on standard error with a valid buffer; its result does not matter
        // since the process exits next.
        unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
    };
    say(b"wtf-enc: ");
    let (name, len) = (NAME.load(Ordering::SeqCst), NAME_LEN.load(Ordering::SeqCst));
    if !name.is_null() {
        // SAFETY: `name` points to a leaked, never freed buffer of `len` bytes.
        say(unsafe { std::slice::from_raw_parts(name, len) });
        say(b": ");
    }
    say(SHRANK.as_bytes());
    say(b"\n");
    // SAFETY: _exit(2) ends the process at once, as the handler must not return to the access.
    unsafe { libc::_exit(2) };
}
