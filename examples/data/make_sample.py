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
