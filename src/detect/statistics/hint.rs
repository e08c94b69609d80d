//! Hints: a top-level domain or a language/locale that favours its region's legacy encodings
//! in a near-tie.

use crate::Encoding;
use Encoding::*;

/// A hint that breaks ties toward a region's legacy encodings (chardetng-style TLD, or a
/// language/locale like "ja", "ru_RU.KOI8-R", "zh-TW").
///
/// ```
/// use wtf_enc::detect::Hint;
///
/// assert_eq!(Hint::for_tld("jp"), Hint::for_language("ja_JP"));
/// assert!(Hint::for_language("uk_UA.KOI8-U").is_some());
/// assert_eq!(Hint::for_tld("not a domain"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// An encoding the locale names explicitly (`ru_RU.KOI8-R`).
    named: Option<Encoding>,
    /// The region's legacy encodings.
    region: &'static [Encoding],
}

const JAPANESE: &[Encoding] = &[ShiftJis, EucJp];
const SIMPLIFIED_CHINESE: &[Encoding] = &[Gbk, Gb18030];
const TRADITIONAL_CHINESE: &[Encoding] = &[Big5];
const KOREAN: &[Encoding] = &[EucKr];
const RUSSIAN: &[Encoding] = &[Windows1251, Koi8R, Ibm866];
const UKRAINIAN: &[Encoding] = &[Windows1251, Koi8U];
const CYRILLIC: &[Encoding] = &[Windows1251, Iso8859_5];
const SERBIAN: &[Encoding] = &[Windows1251, Windows1250];
const THAI: &[Encoding] = &[Windows874];
const VIETNAMESE: &[Encoding] = &[Windows1258];
const TURKISH: &[Encoding] = &[Windows1254];
const GREEK: &[Encoding] = &[Windows1253, Iso8859_7];
const HEBREW: &[Encoding] = &[Windows1255, Iso8859_8I, Iso8859_8];
const ARABIC: &[Encoding] = &[Windows1256];
const BALTIC: &[Encoding] = &[Windows1257, Iso8859_13, Iso8859_4];
const CENTRAL_EUROPEAN: &[Encoding] = &[Windows1250, Iso8859_2];
const ROMANIAN: &[Encoding] = &[Windows1250, Iso8859_16];
const WESTERN: &[Encoding] = &[Windows1252, Iso8859_15];
const CELTIC: &[Encoding] = &[Windows1252, Iso8859_14];
const MALTESE: &[Encoding] = &[Iso8859_3];

/// Country-code top-level domains whose legacy encodings are not windows-1252's.
const TLDS: &[(&str, &[Encoding])] = &[
    ("jp", JAPANESE),
    ("cn", SIMPLIFIED_CHINESE),
    ("sg", SIMPLIFIED_CHINESE),
    ("tw", TRADITIONAL_CHINESE),
    ("hk", TRADITIONAL_CHINESE),
    ("mo", TRADITIONAL_CHINESE),
    ("kr", KOREAN),
    ("ru", RUSSIAN),
    ("su", RUSSIAN),
    ("by", RUSSIAN),
    ("kz", RUSSIAN),
    ("kg", RUSSIAN),
    ("tj", RUSSIAN),
    ("ua", UKRAINIAN),
    ("bg", CYRILLIC),
    ("mk", CYRILLIC),
    ("mn", CYRILLIC),
    ("rs", SERBIAN),
    ("me", SERBIAN),
    ("ba", SERBIAN),
    ("th", THAI),
    ("vn", VIETNAMESE),
    ("tr", TURKISH),
    ("gr", GREEK),
    ("cy", GREEK),
    ("il", HEBREW),
    ("ae", ARABIC),
    ("bh", ARABIC),
    ("dz", ARABIC),
    ("eg", ARABIC),
    ("iq", ARABIC),
    ("ir", ARABIC),
    ("jo", ARABIC),
    ("kw", ARABIC),
    ("lb", ARABIC),
    ("ly", ARABIC),
    ("ma", ARABIC),
    ("om", ARABIC),
    ("ps", ARABIC),
    ("qa", ARABIC),
    ("sa", ARABIC),
    ("sd", ARABIC),
    ("sy", ARABIC),
    ("tn", ARABIC),
    ("ye", ARABIC),
    ("af", ARABIC),
    ("pk", ARABIC),
    ("lt", BALTIC),
    ("lv", BALTIC),
    ("ee", BALTIC),
    ("pl", CENTRAL_EUROPEAN),
    ("cz", CENTRAL_EUROPEAN),
    ("sk", CENTRAL_EUROPEAN),
    ("hu", CENTRAL_EUROPEAN),
    ("si", CENTRAL_EUROPEAN),
    ("hr", CENTRAL_EUROPEAN),
    ("al", CENTRAL_EUROPEAN),
    ("ro", ROMANIAN),
    ("mt", MALTESE),
];

/// Generic top-level domains, all windows-1252.
const GENERIC_TLDS: &[&str] = &[
    "com", "org", "net", "edu", "gov", "mil", "int", "info", "biz",
];

/// ISO 639 languages whose legacy encodings are not windows-1252's.
const LANGUAGES: &[(&str, &[Encoding])] = &[
    ("ja", JAPANESE),
    ("ko", KOREAN),
    ("ru", RUSSIAN),
    ("be", RUSSIAN),
    ("kk", RUSSIAN),
    ("ky", RUSSIAN),
    ("tg", RUSSIAN),
    ("uk", UKRAINIAN),
    ("bg", CYRILLIC),
    ("mk", CYRILLIC),
    ("mn", CYRILLIC),
    ("sr", SERBIAN),
    ("th", THAI),
    ("vi", VIETNAMESE),
    ("tr", TURKISH),
    ("az", TURKISH),
    ("el", GREEK),
    ("he", HEBREW),
    ("iw", HEBREW),
    ("yi", HEBREW),
    ("ar", ARABIC),
    ("fa", ARABIC),
    ("ur", ARABIC),
    ("ps", ARABIC),
    ("lt", BALTIC),
    ("lv", BALTIC),
    ("et", BALTIC),
    ("pl", CENTRAL_EUROPEAN),
    ("cs", CENTRAL_EUROPEAN),
    ("sk", CENTRAL_EUROPEAN),
    ("hu", CENTRAL_EUROPEAN),
    ("sl", CENTRAL_EUROPEAN),
    ("hr", CENTRAL_EUROPEAN),
    ("bs", CENTRAL_EUROPEAN),
    ("sq", CENTRAL_EUROPEAN),
    ("ro", ROMANIAN),
    ("ga", CELTIC),
    ("cy", CELTIC),
    ("gd", CELTIC),
    ("mt", MALTESE),
    ("eo", MALTESE),
];

/// Languages written in windows-1252 (the hint's default needs them named: an unknown tag is
/// no hint at all).
const WESTERN_LANGUAGES: &[&str] = &[
    "en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "nn", "no", "fi", "is", "ca", "eu",
    "gl", "af", "sw", "id", "ms", "oc", "br", "lb", "fo", "rm", "wa", "fy", "la",
];

impl Hint {
    /// From a top-level domain such as "jp", ".ru", "com.tw"'s last label "tw". None if unknown.
    pub fn for_tld(tld: &str) -> Option<Hint> {
        let label = tld
            .trim_end_matches('.')
            .rsplit('.')
            .next()?
            .to_ascii_lowercase();
        if let Some(&(_, region)) = TLDS.iter().find(|(t, _)| *t == label) {
            return Some(Hint {
                named: None,
                region,
            });
        }
        let known = GENERIC_TLDS.contains(&label.as_str())
            || (label.len() == 2 && label.bytes().all(|b| b.is_ascii_lowercase()));
        known.then_some(Hint {
            named: None,
            region: WESTERN,
        })
    }

    /// From a language tag or locale name: "ja", "zh-TW", "ru_RU", "uk_UA.KOI8-U". None if unknown.
    pub fn for_language(tag: &str) -> Option<Hint> {
        let (locale, charset) = match tag.split_once('.') {
            Some((locale, charset)) => (locale, Some(charset.split('@').next().unwrap_or(charset))),
            None => (tag, None),
        };
        let locale = locale
            .split('@')
            .next()
            .unwrap_or(locale)
            .to_ascii_lowercase();
        let mut subtags = locale.split(['-', '_']);
        let language = subtags.next().unwrap_or("");
        let rest: Vec<&str> = subtags.collect();
        let region = if language == "zh" {
            let traditional = rest
                .iter()
                .any(|s| matches!(*s, "tw" | "hk" | "mo" | "hant"));
            Some(if traditional {
                TRADITIONAL_CHINESE
            } else {
                SIMPLIFIED_CHINESE
            })
        } else if language == "sr" && rest.contains(&"latn") {
            Some(CENTRAL_EUROPEAN)
        } else if let Some(&(_, region)) = LANGUAGES.iter().find(|(l, _)| *l == language) {
            Some(region)
        } else if WESTERN_LANGUAGES.contains(&language) {
            Some(WESTERN)
        } else {
            None
        };
        let named = charset.and_then(Encoding::for_label).filter(|e| legacy(*e));
        match (region, named) {
            (None, None) => None,
            (region, named) => Some(Hint {
                named,
                region: region.unwrap_or(&[]),
            }),
        }
    }

    /// Whether the hint favours `encoding`.
    pub(super) fn favours(self, encoding: Encoding) -> bool {
        self.named == Some(encoding) || self.region.contains(&encoding)
    }
}

/// Whether `encoding` is one the statistics step ranks.
fn legacy(encoding: Encoding) -> bool {
    !matches!(
        encoding,
        Utf8 | Utf16Be | Utf16Le | Replacement | XUserDefined | Iso2022Jp
    )
}
