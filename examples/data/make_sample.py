#!/usr/bin/env python3
"""Writes sample-windows-1252.txt: a short text encoded in windows-1252.

The bytes come from the standard's index (indexes/index-windows-1252.txt), not from any
codec: each character below 0x80 is itself, and every other one is 0x80 + its pointer in the
index. Run from the repository root: python3 examples/data/make_sample.py
"""

TEXT = "\u201cCaf\u00e9 cr\u00e8me\u201d costs 3 \u20ac \u2014 na\u00efve but \u00fcber-good.\n"

pointers = {}
with open("indexes/index-windows-1252.txt", encoding="utf-8") as index:
    for line in index:
        if line.strip() and not line.startswith("#"):
            pointer, code_point = line.split("\t")[:2]
            pointers[int(code_point, 16)] = int(pointer)

out = bytes(ord(c) if ord(c) < 0x80 else 0x80 + pointers[ord(c)] for c in TEXT)
with open("examples/data/sample-windows-1252.txt", "wb") as f:
    f.write(out)

# sample-shift_jis.txt: Japanese text in Shift_JIS, from index-jis0208.txt by the standard's
# "index Shift_JIS pointer" (first pointer outside 8272..=8835) and the Shift_JIS encoder's
# formula: lead = pointer / 188 (+ 0x81, or + 0xC1 from 0x1F on), trail = pointer % 188
# (+ 0x40, or + 0x41 from 0x3F on).
TEXT_JA = "\u6587\u5b57\u5316\u3051\u306f\u3082\u3046\u6016\u304f\u306a\u3044\u3002\nwtf-enc \u306f\u6a19\u6e96\u3069\u304a\u308a\u306b\u5909\u63db\u3057\u307e\u3059\u3002\n"

sjis = {}
with open("indexes/index-jis0208.txt", encoding="utf-8") as index:
    for line in index:
        if line.strip() and not line.startswith("#"):
            pointer, code_point = line.split("\t")[:2]
            pointer, code_point = int(pointer), int(code_point, 16)
            if not 8272 <= pointer <= 8835:
                sjis.setdefault(code_point, pointer)


def shift_jis(c):
    if ord(c) < 0x80:
        return bytes([ord(c)])
    pointer = sjis[ord(c)]
    lead, trail = divmod(pointer, 188)
    return bytes([lead + (0x81 if lead < 0x1F else 0xC1), trail + (0x40 if trail < 0x3F else 0x41)])


with open("examples/data/sample-shift_jis.txt", "wb") as f:
    f.write(b"".join(shift_jis(c) for c in TEXT_JA))

# not-utf8.txt: mostly UTF-8, with a windows-1252 é (0xE9) on line 1 and a stray 0xFF on line 2,
# for the README's `check` example.
with open("examples/data/not-utf8.txt", "wb") as f:
    f.write(b"caf\xe9\r\nna" + "\u00ef".encode() + b"ve \xff\n")
