//! The statistics step: ranks the legacy encodings for bytes that no stronger evidence decides.
//!
//! **PLACEHOLDER.** This file only fixes the interface ([`Hint`], [`Candidate`], `rank`) so the
//! rest of detection builds and is tested against it. Its ranking is crude: every candidate
//! whose decoder reports no malformed sequence, in a fixed order (Western, Cyrillic and
//! Central European first, then the CJK encodings), with the hinted region's encoding moved
//! first. The real model (the detect-stats branch: language statistics trained on real text)
//! replaces this whole file when it merges.

use super::decodes_cleanly;
use crate::Encoding;

/// A hint that breaks ties toward a region's legacy encodings: from a top-level domain
/// (chardetng-style) or a language tag or locale name.
///
/// ```
/// use wtf_enc::detect::Hint;
///
/// assert_eq!(Hint::for_tld(".jp"), Hint::for_language("ja"));
/// assert!(Hint::for_tld("example").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The region's usual legacy encoding.
    preferred: Encoding,
}

/// Top-level domains and language subtags (lowercase) with their region's usual legacy
/// encoding.
const REGIONS: &[(&[&str], &[&str], Encoding)] = &[
    (&["jp"], &["ja"], Encoding::ShiftJis),
    (&["cn"], &["zh"], Encoding::Gbk),
    (&["tw", "hk", "mo"], &[], Encoding::Big5),
    (&["kr"], &["ko"], Encoding::EucKr),
    (
        &["ru", "ua", "by", "bg", "rs", "mk", "kz"],
        &["ru", "uk", "be", "bg", "sr", "mk", "kk"],
        Encoding::Windows1251,
    ),
    (
        &["pl", "cz", "sk", "hu", "si", "hr", "ro"],
        &["pl", "cs", "sk", "hu", "sl", "hr", "ro"],
        Encoding::Windows1250,
    ),
    (&["gr", "cy"], &["el"], Encoding::Windows1253),
    (&["tr", "az"], &["tr", "az"], Encoding::Windows1254),
    (&["il"], &["he", "yi"], Encoding::Windows1255),
    (
        &["sa", "eg", "ae", "iq", "ir", "sy", "jo", "ma", "dz", "tn"],
        &["ar", "fa", "ur"],
        Encoding::Windows1256,
    ),
    (
        &["lt", "lv", "ee"],
        &["lt", "lv", "et"],
        Encoding::Windows1257,
    ),
    (&["vn"], &["vi"], Encoding::Windows1258),
    (&["th"], &["th"], Encoding::Windows874),
];

impl Hint {
    /// From a top-level domain such as `"jp"` or `".ru"` (for `"com.tw"`, its last label
    /// `"tw"`). `None` if unknown.
    pub fn for_tld(tld: &str) -> Option<Hint> {
        let last = tld.rsplit('.').next()?.to_ascii_lowercase();
        REGIONS
            .iter()
            .find(|(tlds, _, _)| tlds.contains(&last.as_str()))
            .map(|&(_, _, preferred)| Hint { preferred })
    }

    /// From a language tag or locale name: `"ja"`, `"zh-TW"`, `"ru_RU"`, `"uk_UA.KOI8-U"`
    /// (a locale's encoding, when it is a legacy encoding, wins). `None` if unknown.
    pub fn for_language(tag: &str) -> Option<Hint> {
        let (name, codeset) = match tag.split_once('.') {
            Some((name, codeset)) => (name, Some(codeset)),
            None => (tag, None),
        };
        if let Some(preferred) = codeset
            .and_then(|c| Encoding::for_label(c.split('@').next().unwrap_or(c)))
            .filter(|e| LEGACY.contains(e))
        {
            return Some(Hint { preferred });
        }
        let mut parts = name.split(['-', '_']);
        let language = parts.next()?.to_ascii_lowercase();
        let region = parts.next().map(str::to_ascii_lowercase);
        if language == "zh" && matches!(region.as_deref(), Some("tw" | "hk" | "mo" | "hant")) {
            return Some(Hint {
                preferred: Encoding::Big5,
            });
        }
        REGIONS
            .iter()
            .find(|(_, languages, _)| languages.contains(&language.as_str()))
            .map(|&(_, _, preferred)| Hint { preferred })
    }
}

/// One ranked candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The encoding.
    pub encoding: Encoding,
    /// How sure, from 0.0 to 1.0.
    pub confidence: f32,
}

/// The legacy encodings the placeholder tries, in its fixed order of preference.
const LEGACY: [Encoding; 33] = {
    use Encoding::*;
    [
        Windows1252,
        Windows1251,
        Windows1250,
        ShiftJis,
        EucJp,
        Gbk,
        Big5,
        EucKr,
        Windows1253,
        Windows1254,
        Windows1255,
        Windows1256,
        Windows1257,
        Windows1258,
        Windows874,
        Koi8R,
        Koi8U,
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
        Macintosh,
        XMacCyrillic,
    ]
};

/// How many candidates `rank` returns at most.
const MAX_CANDIDATES: usize = 5;

/// Ranks the legacy encodings for `head` (not valid UTF-8, not pure ASCII); `complete` says
/// the input ends with it. Best first, at most 5, never `replacement` or UTF-16, never empty
/// for non-empty input (windows-1252 decodes every byte).
///
/// Placeholder ranking: the clean decoders in [`LEGACY`] order, the hinted one first,
/// confidences halving from 0.5.
pub(crate) fn rank(head: &[u8], complete: bool, hint: Option<Hint>) -> Vec<Candidate> {
    let preferred = hint.map(|h| h.preferred);
    let order = preferred
        .into_iter()
        .chain(LEGACY.into_iter().filter(|&e| Some(e) != preferred));
    let mut ranked = Vec::with_capacity(MAX_CANDIDATES);
    let mut confidence = 0.5;
    for encoding in order {
        if ranked.len() == MAX_CANDIDATES {
            break;
        }
        if decodes_cleanly(encoding, head, complete) {
            ranked.push(Candidate {
                encoding,
                confidence,
            });
            confidence /= 2.0;
        }
    }
    ranked
}
