//! Helpers shared by the integration tests: whole and chunked decoding and encoding that record
//! every error with its absolute position, computed the one way the contract defines.

#![allow(dead_code)]

use wtf_enc::{
    DecodeStatus, DecoderErrorMode, EncodeStatus, EncoderErrorMode, Encoding, Unmappable,
};

/// What decoding a whole input gave: the UTF-8 output and, in fatal mode, every malformed
/// sequence as (offset in the input, the sequence's bytes), going on after each one as the
/// standard's decoder does.
#[derive(Debug, PartialEq, Eq)]
pub struct Decoded {
    pub output: Vec<u8>,
    pub errors: Vec<(usize, Vec<u8>)>,
}

/// Decodes `input` handed over in pieces cut at `cuts` (sorted offsets, repeats allowed, so empty
/// pieces occur), writing into output buffers of `room` bytes at a time (grown by a byte
/// whenever a call with less than the minimum room makes no progress).
pub fn decode_chunked(
    encoding: Encoding,
    mode: DecoderErrorMode,
    input: &[u8],
    cuts: &[usize],
    room: usize,
) -> Decoded {
    let mut decoder = encoding.new_decoder(mode);
    let mut output = Vec::new();
    let mut errors = Vec::new();
    let mut buf = vec![0u8; room];
    let mut bounds: Vec<usize> = cuts.iter().map(|&c| c.min(input.len())).collect();
    bounds.sort();
    bounds.push(input.len());
    let mut start = 0;
    let mut consumed = 0; // absolute read position
    for (i, &end) in bounds.iter().enumerate() {
        let last = i + 1 == bounds.len();
        let mut piece = &input[start..end];
        loop {
            let r = decoder.decode_to_utf8(piece, &mut buf, last);
            output.extend_from_slice(&buf[..r.written]);
            consumed += r.read;
            piece = &piece[r.read..];
            match r.status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => {
                    let progress = r.read > 0 || r.written > 0;
                    assert!(
                        progress || buf.len() < wtf_enc::Decoder::MIN_ROOM,
                        "stuck at {}",
                        buf.len()
                    );
                    if !progress {
                        // Too little room for the next character: the caller must offer more.
                        buf.resize(buf.len() + 1, 0);
                    }
                }
                DecodeStatus::Malformed(m) => {
                    let end = consumed - usize::from(m.restored);
                    let begin = end - usize::from(m.len);
                    errors.push((begin, input[begin..end].to_vec()));
                }
            }
        }
        start = end;
    }
    assert_eq!(consumed, input.len(), "every byte is consumed");
    Decoded { output, errors }
}

/// Decodes `input` in one piece with ample room.
pub fn decode_whole(encoding: Encoding, mode: DecoderErrorMode, input: &[u8]) -> Decoded {
    decode_chunked(encoding, mode, input, &[], input.len() * 3 + 16)
}

/// Decodes in replacement mode and returns the text.
pub fn decode_str(encoding: Encoding, input: &[u8]) -> String {
    let d = decode_whole(encoding, DecoderErrorMode::Replacement, input);
    String::from_utf8(d.output).expect("decoders write UTF-8")
}

/// What encoding a whole input gave: the bytes and, in fatal mode, every unmappable character
/// as (offset in the input, the character), going on after each one.
#[derive(Debug, PartialEq, Eq)]
pub struct Encoded {
    pub output: Vec<u8>,
    pub errors: Vec<(usize, Unmappable)>,
}

/// Encodes `input` handed over in pieces cut at `cuts` (moved back to character boundaries),
/// writing into output buffers of `room` bytes at a time.
pub fn encode_chunked(
    encoding: Encoding,
    mode: EncoderErrorMode,
    input: &str,
    cuts: &[usize],
    room: usize,
) -> Encoded {
    let mut encoder = encoding.new_encoder(mode).expect("an encoder");
    let mut output = Vec::new();
    let mut errors = Vec::new();
    let mut buf = vec![0u8; room];
    let mut bounds: Vec<usize> = cuts
        .iter()
        .map(|&c| {
            let mut c = c.min(input.len());
            while !input.is_char_boundary(c) {
                c -= 1;
            }
            c
        })
        .collect();
    bounds.sort();
    bounds.push(input.len());
    let mut start = 0;
    let mut consumed = 0;
    for (i, &end) in bounds.iter().enumerate() {
        let last = i + 1 == bounds.len();
        let mut piece = &input[start..end];
        loop {
            let r = encoder.encode_from_utf8(piece, &mut buf, last);
            output.extend_from_slice(&buf[..r.written]);
            consumed += r.read;
            piece = &piece[r.read..];
            match r.status {
                EncodeStatus::InputEmpty => break,
                EncodeStatus::OutputFull => {
                    let progress = r.read > 0 || r.written > 0;
                    assert!(
                        progress || buf.len() < wtf_enc::Encoder::MIN_ROOM,
                        "stuck at {}",
                        buf.len()
                    );
                    if !progress {
                        buf.resize(buf.len() + 1, 0);
                    }
                }
                EncodeStatus::Unmappable(u) => errors.push((consumed - u.input.len_utf8(), u)),
            }
        }
        start = end;
    }
    assert_eq!(consumed, input.len(), "every character is consumed");
    Encoded { output, errors }
}

/// Encodes `input` in one piece with ample room.
pub fn encode_whole(encoding: Encoding, mode: EncoderErrorMode, input: &str) -> Encoded {
    encode_chunked(encoding, mode, input, &[], input.len() * 8 + 16)
}

/// The (pointer, code point) pairs of the standard's `indexes/index-NAME.txt`, parsed as the
/// standard's "Indexes" section says (independently of build.rs, so tests check the tables
/// against the files themselves).
pub fn read_index(name: &str) -> Vec<(u32, u32)> {
    let path = format!("{}/indexes/index-{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("index file");
    text.split('\n')
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let pointer = f.next().unwrap().trim().parse().unwrap();
            let cp = f.next().unwrap().trim().trim_start_matches("0x");
            (pointer, u32::from_str_radix(cp, 16).unwrap())
        })
        .collect()
}

/// Every (name, labels) pair of the standard's `indexes/encodings.json`, in order.
pub fn read_encodings_json() -> Vec<(String, Vec<String>)> {
    let path = format!("{}/indexes/encodings.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("encodings.json");
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("\"labels\": [") {
        rest = &rest[at + "\"labels\": [".len()..];
        let end = rest.find(']').unwrap();
        let labels = rest[..end]
            .split(',')
            .map(|s| s.trim().trim_matches('"').to_string())
            .filter(|s| !s.is_empty())
            .collect();
        rest = &rest[end..];
        let at = rest.find("\"name\": \"").unwrap() + "\"name\": \"".len();
        rest = &rest[at..];
        let end = rest.find('"').unwrap();
        out.push((rest[..end].to_string(), labels));
        rest = &rest[end..];
    }
    out
}

/// A fresh directory under the system's temporary directory, removed when dropped (after its
/// permissions are restored, for tests that make it read-only).
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let name = format!("wtf-enc-test-{}-{n}", std::process::id());
        let dir = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes `bytes` to `name` inside the directory (creating subdirectories) and returns its path.
    pub fn file(&self, name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, bytes).unwrap();
        path
    }

    pub fn path(&self, name: &str) -> std::path::PathBuf {
        self.0.join(name)
    }

    /// The names of the files in the directory, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&self.0, std::fs::Permissions::from_mode(0o755));
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
