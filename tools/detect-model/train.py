#!/usr/bin/env python3
"""Regenerates src/detect/statistics/model.rs, the statistics step's language model, from the
gettext catalogues under /usr/share/locale (Python 3.11 standard library only).

    python3 tools/detect-model/train.py train            # writes src/detect/statistics/model.rs
    python3 tools/detect-model/train.py heldout OUT.tsv   # held-out text for examples/detect-eval.rs

Hold-out: a catalogue domain (the .mo file's name, e.g. "coreutils") is held out when
crc32(domain) % 5 == 0 (HOLDOUT_BUCKET). Training never reads a held-out domain; evaluation reads
only held-out domains. So the evaluation scores text from packages the model never saw.

The single-byte tables come from the standard's index files in indexes/ (the same files build.rs
turns into the crate's decoders); the CJK frequency tables are indexed by the standard's pointers.
"""
import collections
import math
import os
import struct
import sys
import unicodedata
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOCALE_DIR = "/usr/share/locale"
OUT = os.path.join(ROOT, "src/detect/statistics/model.rs")
HOLDOUT_MODULUS = 5
HOLDOUT_BUCKET = 0
# Cost unit: 1/8 bit. A cost is round(-log2(p) * 8), capped at 255 (p >= 2^-32).
UNITS_PER_BIT = 8
MAX_CLASSES = 56  # per language: 3 special classes + up to 53 letters
# 0 boundary (ASCII non-letter), 1 symbol (other non-ASCII), 2 other non-ASCII letter, 3 ASCII
# letter outside the alphabet (Latin in a text of another script: kept apart from 2 so that a
# Latin letter next to a Thai or Cyrillic one stays as rare as it is), 4 non-ASCII punctuation
# (quotes, dashes: kept apart from 1 so that "l’u" does not make "c½u" look likely)
SPECIAL = 5
MIN_LETTER_SHARE = 0.0002

# Languages of the single-byte model: locale directories whose text trains it (several dirs may
# feed one language), and the script.
LANGUAGES = {
    "fr": ["fr"], "de": ["de"], "es": ["es"], "it": ["it"], "pt": ["pt", "pt_BR"], "nl": ["nl"],
    "sv": ["sv"], "da": ["da"], "nb": ["nb"], "fi": ["fi"], "is": ["is"], "ca": ["ca"],
    "eu": ["eu"], "ga": ["ga"], "gl": ["gl"], "cy": ["cy"],
    "pl": ["pl"], "cs": ["cs"], "sk": ["sk"], "hu": ["hu"], "sl": ["sl"], "hr": ["hr", "bs"],
    "ro": ["ro"], "sq": ["sq"], "sr-Latn": ["sr@latin"],
    "mt": ["mt"], "eo": ["eo"],
    "lt": ["lt"], "lv": ["lv"], "et": ["et"],
    "tr": ["tr"], "vi": ["vi"],
    "ru": ["ru"], "uk": ["uk"], "be": ["be"], "bg": ["bg"], "sr": ["sr"], "mk": ["mk"],
    "el": ["el"], "he": ["he"], "ar": ["ar"], "fa": ["fa"], "th": ["th"],
}
WESTERN = ["fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "is", "ca", "eu", "ga", "gl"]
CENTRAL = ["pl", "cs", "sk", "hu", "sl", "hr", "ro", "sq", "sr-Latn"]
BALTIC = ["lt", "lv", "et"]
CYRILLIC = ["ru", "uk", "be", "bg", "sr", "mk"]
# The languages each single-byte encoding is scored as (its legacy users), best known first.
ENCODINGS = {
    "windows-1252": ("Windows1252", WESTERN + ["et", "cy"]),
    "ISO-8859-15": ("Iso8859_15", WESTERN + ["et"]),
    "macintosh": ("Macintosh", WESTERN),
    "ISO-8859-14": ("Iso8859_14", ["ga", "cy"]),
    "ISO-8859-10": ("Iso8859_10", ["is", "da", "nb", "sv", "fi", "et", "lt", "lv"]),
    "windows-1250": ("Windows1250", CENTRAL),
    "ISO-8859-2": ("Iso8859_2", CENTRAL),
    "ISO-8859-16": ("Iso8859_16", ["ro", "pl", "hu", "hr", "sl", "sq", "fr", "de", "it"]),
    "ISO-8859-3": ("Iso8859_3", ["mt", "eo", "tr"]),
    "windows-1257": ("Windows1257", BALTIC),
    "ISO-8859-13": ("Iso8859_13", BALTIC),
    "ISO-8859-4": ("Iso8859_4", BALTIC),
    "windows-1254": ("Windows1254", ["tr"]),
    "windows-1258": ("Windows1258", ["vi"]),
    "windows-1251": ("Windows1251", CYRILLIC),
    "KOI8-R": ("Koi8R", ["ru", "bg"]),
    "KOI8-U": ("Koi8U", ["uk", "ru", "be"]),
    "IBM866": ("Ibm866", ["ru", "be", "uk"]),
    "ISO-8859-5": ("Iso8859_5", CYRILLIC),
    "x-mac-cyrillic": ("XMacCyrillic", CYRILLIC),
    "windows-1253": ("Windows1253", ["el"]),
    "ISO-8859-7": ("Iso8859_7", ["el"]),
    "windows-1255": ("Windows1255", ["he"]),
    "ISO-8859-8": ("Iso8859_8", ["he"]),
    "ISO-8859-8-I": ("Iso8859_8I", ["he"]),
    "windows-1256": ("Windows1256", ["ar", "fa"]),
    "ISO-8859-6": ("Iso8859_6", ["ar", "fa"]),
    "windows-874": ("Windows874", ["th"]),
}
INDEX_NAME = {"windows-1252": "windows-1252", "macintosh": "macintosh", "IBM866": "ibm866",
              "KOI8-R": "koi8-r", "KOI8-U": "koi8-u", "x-mac-cyrillic": "x-mac-cyrillic",
              "ISO-8859-8-I": "iso-8859-8"}
# CJK: locale directories whose text gives each table's character frequencies.
CJK_SOURCES = {"jis": ["ja"], "gb": ["zh_CN"], "big5": ["zh_TW", "zh_HK"], "kr": ["ko"]}


def is_held_out(domain):
    return zlib.crc32(domain.encode()) % HOLDOUT_MODULUS == HOLDOUT_BUCKET


def read_mo(path):
    """The msgstr texts of one GNU .mo file (format: GNU gettext manual, "The Format of GNU MO
    Files"): a magic number giving the byte order, then N, the offset of the original strings'
    table and of the translations' table, each entry a (length, offset) pair."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 28:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if order is None:
        return []
    n, _orig, trans = struct.unpack(order + "3I", data[8:20])
    out = []
    for i in range(n):
        length, offset = struct.unpack(order + "2I", data[trans + 8 * i: trans + 8 * i + 8])
        raw = data[offset: offset + length]
        if i == 0 and b"Content-Type" in raw:
            continue  # the header entry, not text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        out.extend(t for t in text.split("\0") if t)
    return out


def windows_1258_form(text):
    """`text` as windows-1258 spells Vietnamese: decomposed, then recomposed only into the
    precomposed letters that encoding has, tone marks left combining (catalogues are NFC)."""
    have = {chr(cp) for cp in read_index("windows-1258").values()}
    out = []
    for c in unicodedata.normalize("NFD", text):
        if out and unicodedata.combining(c):
            composed = unicodedata.normalize("NFC", out[-1] + c)
            if len(composed) == 1 and composed in have:
                out[-1] = composed
                continue
        out.append(c)
    return "".join(out)


def catalogue_texts(dirs, held_out):
    """Every msgstr of the given locale directories, from held-out domains or from the others."""
    texts = []
    for d in dirs:
        base = os.path.join(LOCALE_DIR, d, "LC_MESSAGES")
        if not os.path.isdir(base):
            continue
        for name in sorted(os.listdir(base)):
            if name.endswith(".mo") and is_held_out(name[:-3]) == held_out:
                texts.extend(read_mo(os.path.join(base, name)))
    if dirs == ["vi"]:
        texts = [windows_1258_form(t) for t in texts]
    return texts


def read_index(name):
    table = {}
    with open(os.path.join(ROOT, "indexes", f"index-{name}.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                p, cp = line.split("\t")[:2]
                table[int(p)] = int(cp, 16)
    return table


def single_byte_chars(enc):
    name = INDEX_NAME.get(enc, enc.lower())
    return read_index(name)


def lower(c):
    lo = c.lower()
    return lo if len(lo) == 1 else c


def letter_set():
    """Every non-ASCII letter or mark of the single-byte encodings' upper halves: the runtime's
    'is a letter' test, shared by training and scoring so both classify alike."""
    letters = set()
    for enc in ENCODINGS:
        for cp in single_byte_chars(enc).values():
            c = chr(cp)
            if unicodedata.category(c)[0] in "LM":
                letters.add(c)
                letters.add(lower(c))
    return sorted(letters)


def punctuation_set():
    """Every non-ASCII punctuation character (category P*) of the single-byte encodings."""
    out = set()
    for enc in ENCODINGS:
        for cp in single_byte_chars(enc).values():
            if cp >= 0x80 and unicodedata.category(chr(cp))[0] == "P":
                out.add(chr(cp))
    return sorted(out)


PUNCTUATION = None


def is_letter(c, letters):
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or (c >= "\x80" and c in letters)


def alphabet_for(texts, letters):
    counts = collections.Counter()
    for t in texts:
        for c in t:
            if is_letter(c, letters):
                counts[lower(c)] += 1
    total = sum(counts.values()) or 1
    ascii_share = sum(n for c, n in counts.items() if c < "\x80") / total
    common = [c for c, n in counts.most_common() if n / total >= MIN_LETTER_SHARE]
    if ascii_share < 0.5:  # another script: Latin letters are foreign, one class
        common = [c for c in common if c >= "\x80"]
    return "".join(common[: MAX_CLASSES - SPECIAL])


def classify(c, alphabet_index, letters):
    if c < "\x80" and not ("a" <= c.lower() <= "z"):
        return 0
    if not is_letter(c, letters):
        if c == "\xa0":
            return 0
        return 4 if c in PUNCTUATION else 1
    return alphabet_index.get(lower(c), 3 if c < "\x80" else 2)


def cost(p):
    return min(255, max(0, round(-math.log2(p) * UNITS_PER_BIT)))


def bigram_table(texts, alphabet, letters):
    index = {c: SPECIAL + i for i, c in enumerate(alphabet)}
    k = SPECIAL + len(alphabet)
    counts = [[0] * k for _ in range(k)]
    for t in texts:
        prev = 0
        for ch in t:
            cur = classify(ch, index, letters)
            counts[prev][cur] += 1
            prev = cur
        counts[prev][0] += 1
    table = []
    for prev in range(k):
        row_total = sum(counts[prev])
        for cur in range(k):
            p = (counts[prev][cur] + 0.1) / (row_total + 0.1 * k)
            extra = 0
            if cur == 2:
                extra = 5 * UNITS_PER_BIT  # which of many rare letters
            elif cur == 1:
                extra = 3 * UNITS_PER_BIT  # which of many symbols
            elif cur == 3:
                extra = 4 * UNITS_PER_BIT  # which of 26 Latin letters
            elif cur == 4:
                extra = 2 * UNITS_PER_BIT  # which punctuation mark
            table.append(min(255, cost(p) + extra))
    return k, table


def cjk_counts(key):
    counts = collections.Counter()
    for t in catalogue_texts(CJK_SOURCES[key], held_out=False):
        for c in t:
            if ord(c) >= 0x80:
                counts[ord(c)] += 1
    return counts


def frequency_table(key, size, pointer_of, default):
    """One u8 cost per table slot: measured frequency where the training text has the character,
    else `default(slot)` (the standard's index order: level 1 before level 2 and so on)."""
    counts = cjk_counts(key)
    total = sum(counts.values()) or 1
    slots = pointer_of()
    table = []
    for slot in range(size):
        cp = slots.get(slot)
        if cp is None:
            table.append(255)
        elif counts.get(cp):
            table.append(min(cost((counts[cp] + 0.5) / total), default(slot)))
        else:
            table.append(default(slot))
    return table, total


def jis_slots():
    idx = read_index("jis0208")
    return {p: cp for p, cp in idx.items() if p < 94 * 94}


def jis_default(slot):
    row = slot // 94
    if row in (3, 4):  # hiragana, katakana
        return cost(1 / 3000)
    if row < 8:
        return cost(1 / 60000)
    if 15 <= row <= 46:  # level 1 kanji
        return cost(1 / 200000)
    return cost(1 / 3000000)


def gb_slots():
    idx = read_index("gb18030")
    out = {}
    for lead in range(0xA1, 0xF8):
        for trail in range(0xA1, 0xFF):
            p = (lead - 0x81) * 190 + (trail - 0x41)
            if p in idx:
                out[(lead - 0xA1) * 94 + trail - 0xA1] = idx[p]
    return out


def gb_default(slot):
    lead = 0xA1 + slot // 94
    if 0xB0 <= lead <= 0xD7:
        return cost(1 / 300000)
    if lead <= 0xA9:
        return cost(1 / 100000)
    return cost(1 / 3000000)


def big5_slots():
    idx = read_index("big5")
    base = (0xA1 - 0x81) * 157
    return {p - base: cp for p, cp in idx.items() if base <= p < (0xFA - 0x81) * 157}


def big5_default(slot):
    lead = 0xA1 + slot // 157
    off = slot % 157
    trail = 0x40 + off if off < 0x3F else 0x62 + off
    code = lead << 8 | trail
    if 0xA440 <= code <= 0xC67E:
        return cost(1 / 300000)
    if code < 0xA440:
        return cost(1 / 100000)
    return cost(1 / 3000000)


def kr_slots():
    idx = read_index("euc-kr")
    out = {}
    for lead in range(0xA1, 0xFF):
        for trail in range(0xA1, 0xFF):
            p = (lead - 0x81) * 190 + (trail - 0x41)
            if p in idx:
                out[(lead - 0xA1) * 94 + trail - 0xA1] = idx[p]
    return out


def kr_default(slot):
    lead = 0xA1 + slot // 94
    if 0xB0 <= lead <= 0xC8:
        return cost(1 / 200000)
    if lead <= 0xAC:
        return cost(1 / 100000)
    return cost(1 / 3000000)


def rust_bytes(name, data, doc):
    lines = [f"/// {doc}", f"pub(super) static {name}: [u8; {len(data)}] = ["]
    for i in range(0, len(data), 24):
        lines.append("    " + ", ".join(str(b) for b in data[i: i + 24]) + ",")
    lines.append("];")
    return "\n".join(lines)


def rust_str(s):
    return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{{{ord(c):x}}}" for c in s) + '"'


def licences():
    packages = ["coreutils", "glib2.0", "gtk2.0", "postgresql-15", "systemd", "iso-codes",
                "apt", "dpkg", "libc6", "binutils", "gnupg", "util-linux", "tar", "gettext"]
    found = []
    for p in packages:
        path = f"/usr/share/doc/{p}/copyright"
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        lic = sorted({line.split(":", 1)[1].strip() for line in text.splitlines()
                      if line.startswith("License:") and line.split(":", 1)[1].strip()})
        found.append(f"{p} ({', '.join(lic[:4]) or 'see its copyright file'})")
    return found


def train():
    global PUNCTUATION
    PUNCTUATION = set(punctuation_set())
    letters = letter_set()
    langs = list(LANGUAGES)
    alphabets, tables, sizes, text_chars = [], [], [], 0
    for lang in langs:
        texts = catalogue_texts(LANGUAGES[lang], held_out=False)
        text_chars += sum(len(t) for t in texts)
        alphabet = alphabet_for(texts, letters)
        k, table = bigram_table(texts, alphabet, letters)
        alphabets.append(alphabet)
        tables.append(table)
        sizes.append(k)
        print(f"{lang}: {len(texts)} strings, {k} classes", file=sys.stderr)
    offsets, flat = [], []
    for t in tables:
        offsets.append(len(flat))
        flat.extend(t)
    jis, n_ja = frequency_table("jis", 94 * 94, jis_slots, jis_default)
    gb, n_gb = frequency_table("gb", 87 * 94, gb_slots, gb_default)
    big5, n_b5 = frequency_table("big5", 89 * 157, big5_slots, big5_default)
    kr, n_kr = frequency_table("kr", 94 * 94, kr_slots, kr_default)
    total_bytes = len(flat) + len(jis) + len(gb) + len(big5) + len(kr)
    total_bytes += sum(len(a.encode()) for a in alphabets) + 4 * len(letters) + 4 * len(PUNCTUATION)
    out = []
    out.append("//! GENERATED by tools/detect-model/train.py: do not edit; run it to regenerate.")
    out.append("//!")
    out.append("//! Source: the msgstr texts of the GNU gettext catalogues (.mo files) under")
    out.append("//! /usr/share/locale of a Debian 12 system; the single-byte letter tables come from")
    out.append("//! the Encoding Standard's index files in indexes/ and the CJK tables are indexed by")
    out.append("//! its pointers.")
    out.append("//!")
    out.append("//! Licence: each catalogue is under its package's licence, mostly GPL/LGPL; the main")
    out.append("//! packages used and their copyright files' licences:")
    for p in licences():
        out.append(f"//! {p};")
    out.append("//! This file holds no text from them, only derived statistics: quantised")
    out.append("//! letter-pair and character frequencies. It is distributed with the crate under")
    out.append("//! MIT OR Apache-2.0.")
    out.append("//!")
    out.append(f"//! Hold-out: a domain (a .mo file's name) is never trained on when crc32(domain) %")
    out.append(f"//! {HOLDOUT_MODULUS} == {HOLDOUT_BUCKET}; examples/detect-eval.rs scores those domains only.")
    out.append("//!")
    out.append(f"//! Training text: {text_chars} characters in {len(langs)} languages for the")
    out.append(f"//! single-byte model; CJK characters: ja {n_ja}, zh_CN {n_gb}, zh_TW+zh_HK {n_b5}, ko {n_kr}.")
    out.append(f"//! Size: {total_bytes} bytes of tables ({total_bytes / 1024:.1f} KiB) in the binary.")
    out.append(f"//! Costs are round(-log2(p) * {UNITS_PER_BIT}) capped at 255.")
    out.append("")
    out.append("use crate::Encoding;")
    out.append("")
    out.append(f"/// Cost units per bit of surprise.\npub(super) const UNITS_PER_BIT: u32 = {UNITS_PER_BIT};")
    out.append(f"/// Classes every language shares: 0 boundary, 1 symbol, 2 other non-ASCII letter, 3 ASCII letter outside the alphabet, 4 punctuation.\npub(super) const SPECIAL_CLASSES: usize = {SPECIAL};")
    out.append("")
    out.append("/// Every non-ASCII letter or mark of the single-byte encodings, sorted.")
    out.append(f"pub(super) static LETTERS: [char; {len(letters)}] = [")
    for i in range(0, len(letters), 16):
        out.append("    " + ", ".join(f"'\\u{{{ord(c):x}}}'" for c in letters[i: i + 16]) + ",")
    out.append("];")
    out.append("")
    out.append("/// Every non-ASCII punctuation character of the single-byte encodings, sorted.")
    punct = sorted(PUNCTUATION)
    out.append(f"pub(super) static PUNCTUATION: [char; {len(punct)}] = [")
    for i in range(0, len(punct), 16):
        out.append("    " + ", ".join(f"'\\u{{{ord(c):x}}}'" for c in punct[i: i + 16]) + ",")
    out.append("];")
    out.append("")
    out.append("/// One language of the single-byte model.")
    out.append("pub(super) struct Language {")
    out.append("    /// Lowercase letters, class `SPECIAL_CLASSES + i` for the i-th.\n    pub(super) alphabet: &'static str,")
    out.append("    /// Offset of its `classes * classes` bigram costs in `BIGRAMS` (row: previous class).\n    pub(super) offset: usize,")
    out.append("    /// Number of classes.\n    pub(super) classes: usize,")
    out.append("}")
    out.append("")
    out.append(f"/// The languages.\npub(super) static LANGUAGES: [Language; {len(langs)}] = [")
    for lang, alphabet, off, k in zip(langs, alphabets, offsets, sizes):
        out.append(f"    // {lang}")
        out.append(f"    Language {{ alphabet: {rust_str(alphabet)}, offset: {off}, classes: {k} }},")
    out.append("];")
    out.append("")
    out.append("/// Each single-byte candidate and the indexes in `LANGUAGES` it is scored as.")
    out.append(f"pub(super) static SINGLE_BYTE: [(Encoding, &[u8]); {len(ENCODINGS)}] = [")
    for enc, (variant, ls) in ENCODINGS.items():
        out.append(f"    (Encoding::{variant}, &[{', '.join(str(langs.index(l)) for l in ls)}]),")
    out.append("];")
    out.append("")
    out.append(rust_bytes("BIGRAMS", flat, "Bigram costs of every language, concatenated."))
    out.append(rust_bytes("JIS0208", jis, "Cost of each JIS X 0208 character (row * 94 + cell), from Japanese text."))
    out.append(rust_bytes("GB2312", gb, "Cost of each GB2312-area GBK character ((lead - 0xA1) * 94 + trail - 0xA1), from zh_CN text."))
    out.append(rust_bytes("BIG5", big5, "Cost of each Big5 character with lead 0xA1..=0xF9 (pointer - 32 * 157), from zh_TW/zh_HK text."))
    out.append(rust_bytes("KSX1001", kr, "Cost of each KS X 1001 character ((lead - 0xA1) * 94 + trail - 0xA1), from Korean text."))
    out.append("")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print(f"wrote {OUT}: {total_bytes} bytes of tables", file=sys.stderr)


def heldout(path):
    """Held-out text, one catalogue string per line: `language<TAB>text` (tabs and newlines in
    the text become spaces). CJK languages are tagged ja, zh-CN, zh-TW, ko."""
    with open(path, "w", encoding="utf-8") as f:
        sources = dict(LANGUAGES)
        sources.update({"ja": ["ja"], "zh-CN": ["zh_CN"], "zh-TW": ["zh_TW", "zh_HK"], "ko": ["ko"]})
        for lang, dirs in sources.items():
            for t in catalogue_texts(dirs, held_out=True):
                t = " ".join(t.split())
                if any(ord(c) >= 0x80 for c in t):
                    f.write(f"{lang}\t{t}\n")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "train":
        train()
    elif len(sys.argv) == 3 and sys.argv[1] == "heldout":
        heldout(sys.argv[2])
    else:
        sys.exit(__doc__)
