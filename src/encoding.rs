//! The 40 encodings of the standard: names, labels ("get an encoding"), output encodings and BOM
//! sniffing.

use crate::decode::{Decoder, DecoderErrorMode};
use crate::encode::{Encoder, EncoderErrorMode, NoEncoder};

include!(concat!(env!("OUT_DIR"), "/labels.rs"));

/// One of the encodings the [WHATWG Encoding Standard](https://encoding.spec.whatwg.org/)
/// defines, in the order the standard lists them.
///
/// ```
/// use wtf_enc::Encoding;
///
/// let enc = Encoding::for_label(" SJIS").unwrap();
/// assert_eq!(enc, Encoding::ShiftJis);
/// assert_eq!(enc.name(), "Shift_JIS");
/// assert_eq!(Encoding::for_label("latin1"), Some(Encoding::Windows1252));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// IBM866.
    Ibm866,
    /// ISO-8859-2.
    Iso8859_2,
    /// ISO-8859-3.
    Iso8859_3,
    /// ISO-8859-4.
    Iso8859_4,
    /// ISO-8859-5.
    Iso8859_5,
    /// ISO-8859-6.
    Iso8859_6,
    /// ISO-8859-7.
    Iso8859_7,
    /// ISO-8859-8 (visual order).
    Iso8859_8,
    /// ISO-8859-8-I (logical order; same index as ISO-8859-8).
    Iso8859_8I,
    /// ISO-8859-10.
    Iso8859_10,
    /// ISO-8859-13.
    Iso8859_13,
    /// ISO-8859-14.
    Iso8859_14,
    /// ISO-8859-15.
    Iso8859_15,
    /// ISO-8859-16.
    Iso8859_16,
    /// KOI8-R.
    Koi8R,
    /// KOI8-U.
    Koi8U,
    /// macintosh.
    Macintosh,
    /// windows-874.
    Windows874,
    /// windows-1250.
    Windows1250,
    /// windows-1251.
    Windows1251,
    /// windows-1252 (also what `latin1`, `ascii` and `iso-8859-1` mean on the web).
    Windows1252,
    /// windows-1253.
    Windows1253,
    /// windows-1254.
    Windows1254,
    /// windows-1255.
    Windows1255,
    /// windows-1256.
    Windows1256,
    /// windows-1257.
    Windows1257,
    /// windows-1258.
    Windows1258,
    /// x-mac-cyrillic.
    XMacCyrillic,
    /// GBK.
    Gbk,
    /// gb18030.
    Gb18030,
    /// Big5.
    Big5,
    /// EUC-JP.
    EucJp,
    /// ISO-2022-JP.
    Iso2022Jp,
    /// Shift_JIS.
    ShiftJis,
    /// EUC-KR.
    EucKr,
    /// replacement: decodes any non-empty input to a single U+FFFD; has no encoder.
    Replacement,
    /// UTF-16BE.
    Utf16Be,
    /// UTF-16LE (also labelled `utf-16`).
    Utf16Le,
    /// x-user-defined.
    XUserDefined,
}

impl Encoding {
    /// Every encoding, in the standard's order.
    pub const ALL: [Encoding; 40] = {
        use Encoding::*;
        [
            Utf8,
            Ibm866,
            Iso8859_2,
            Iso8859_3,
            Iso8859_4,
            Iso8859_5,
            Iso8859_6,
            Iso8859_7,
            Iso8859_8,
            Iso8859_8I,
            Iso8859_10,
            Iso8859_13,
            Iso8859_14,
            Iso8859_15,
            Iso8859_16,
            Koi8R,
            Koi8U,
            Macintosh,
            Windows874,
            Windows1250,
            Windows1251,
            Windows1252,
            Windows1253,
            Windows1254,
            Windows1255,
            Windows1256,
            Windows1257,
            Windows1258,
            XMacCyrillic,
            Gbk,
            Gb18030,
            Big5,
            EucJp,
            Iso2022Jp,
            ShiftJis,
            EucKr,
            Replacement,
            Utf16Be,
            Utf16Le,
            XUserDefined,
        ]
    };

    /// The encoding's name, spelled exactly as the standard spells it (`Shift_JIS`,
    /// `windows-1252`, `UTF-16LE`, ...).
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The encoding whose name is exactly `name` (case-sensitive), if any.
    pub fn for_name(name: &str) -> Option<Encoding> {
        NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Encoding::ALL[i])
    }

    /// The standard's "get an encoding": removes leading and trailing ASCII whitespace (TAB, LF,
    /// FF, CR, SPACE) and matches the rest ASCII case-insensitively against every label.
    ///
    /// ```
    /// use wtf_enc::Encoding;
    /// assert_eq!(Encoding::for_label("utf8 "), Some(Encoding::Utf8));
    /// assert_eq!(Encoding::for_label("utf-8\u{0b}"), None); // VT is not ASCII whitespace
    /// assert_eq!(Encoding::for_label("utf\u{0}8"), None);
    /// ```
    pub fn for_label(label: &str) -> Option<Encoding> {
        Self::for_label_bytes(label.as_bytes())
    }

    /// [`Encoding::for_label`] for a label given as bytes (as it arrives in a protocol).
    pub fn for_label_bytes(label: &[u8]) -> Option<Encoding> {
        // `trim_ascii` removes exactly the standard's ASCII whitespace: TAB, LF, FF, CR, SPACE.
        let label = label.trim_ascii();
        if label.len() > LONGEST_LABEL {
            return None;
        }
        let mut lower = [0u8; LONGEST_LABEL];
        let lower = &mut lower[..label.len()];
        for (l, b) in lower.iter_mut().zip(label) {
            *l = b.to_ascii_lowercase();
        }
        LABELS
            .binary_search_by(|(l, _)| l.as_bytes().cmp(lower))
            .ok()
            .map(|i| Encoding::ALL[LABELS[i].1 as usize])
    }

    /// Every label of this encoding, sorted.
    pub fn labels(self) -> impl Iterator<Item = &'static str> {
        LABELS
            .iter()
            .filter(move |(_, i)| *i == self as u8)
            .map(|(l, _)| *l)
    }

    /// Every label of every encoding, sorted, with its encoding.
    pub fn all_labels() -> impl Iterator<Item = (&'static str, Encoding)> {
        LABELS.iter().map(|(l, i)| (*l, Encoding::ALL[*i as usize]))
    }

    /// The standard's groups of encodings, as `encodings.json` has them: each heading with its
    /// encodings, in the standard's order.
    ///
    /// ```
    /// use wtf_enc::Encoding;
    ///
    /// let (heading, encodings) = Encoding::groups().next().unwrap();
    /// assert_eq!((heading, encodings), ("The Encoding", &[Encoding::Utf8][..]));
    /// assert_eq!(Encoding::groups().map(|(_, e)| e.len()).sum::<usize>(), 40);
    /// ```
    pub fn groups() -> impl Iterator<Item = (&'static str, &'static [Encoding])> {
        GROUPS.iter().scan(0, |start, &(heading, count)| {
            let group = &Encoding::ALL[*start..*start + count];
            *start += count;
            Some((heading, group))
        })
    }

    /// The standard's "get an output encoding": replacement, UTF-16BE and UTF-16LE give UTF-8.
    pub fn output_encoding(self) -> Encoding {
        match self {
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
            other => other,
        }
    }

    /// Whether the standard defines an encoder for this encoding. It defines none for
    /// replacement, UTF-16BE and UTF-16LE; this crate still offers UTF-16BE/LE encoders as a
    /// documented extension (see [`Encoding::new_encoder`]).
    pub fn has_standard_encoder(self) -> bool {
        self.output_encoding() == self
    }

    /// Whether every byte of this encoding below 0x80 decodes to the same ASCII character and
    /// every ASCII character encodes to itself (false for UTF-16BE/LE, ISO-2022-JP and
    /// replacement).
    pub fn is_ascii_compatible(self) -> bool {
        !matches!(
            self,
            Encoding::Utf16Be | Encoding::Utf16Le | Encoding::Iso2022Jp | Encoding::Replacement
        )
    }

    /// A fresh decoder for this encoding with the given error mode.
    pub fn new_decoder(self, mode: DecoderErrorMode) -> Decoder {
        Decoder::new(self, mode)
    }

    /// A fresh encoder for this encoding with the given error mode.
    ///
    /// Fails for replacement, which has no encoder. UTF-16BE and UTF-16LE have no encoder in
    /// the standard either; this crate provides them as an extension that writes real UTF-16,
    /// because a user who asks for UTF-16 output wants UTF-16. Callers that need the standard's
    /// behaviour apply [`Encoding::output_encoding`] first.
    pub fn new_encoder(self, mode: EncoderErrorMode) -> Result<Encoder, NoEncoder> {
        Encoder::new(self, mode)
    }

    /// The standard's "BOM sniff": the encoding a byte order mark at the start of `bytes`
    /// announces, with the BOM's length.
    ///
    /// ```
    /// use wtf_enc::Encoding;
    /// assert_eq!(Encoding::sniff_bom(b"\xFF\xFEa\0"), Some((Encoding::Utf16Le, 2)));
    /// assert_eq!(Encoding::sniff_bom(b"\xEF\xBB"), None);
    /// ```
    pub fn sniff_bom(bytes: &[u8]) -> Option<(Encoding, usize)> {
        match bytes {
            [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::Utf8, 3)),
            [0xFE, 0xFF, ..] => Some((Encoding::Utf16Be, 2)),
            [0xFF, 0xFE, ..] => Some((Encoding::Utf16Le, 2)),
            _ => None,
        }
    }

    /// The byte order mark of this encoding, for UTF-8, UTF-16BE and UTF-16LE.
    pub fn bom(self) -> Option<&'static [u8]> {
        match self {
            Encoding::Utf8 => Some(b"\xEF\xBB\xBF"),
            Encoding::Utf16Be => Some(b"\xFE\xFF"),
            Encoding::Utf16Le => Some(b"\xFF\xFE"),
            _ => None,
        }
    }
}

impl std::fmt::Display for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
