"""The game's own terms (the rule file's `glossary:`), explained once where the rules first use them.

A term is found in a line of the document by its words in the document's language, at the start of a
word; a short term (of one to three letters) only as a whole word or before an apostrophe, so that it is
not found inside a longer word that begins with it.
"""
from __future__ import annotations

import re

from .document import Document, Line
from .phrases import say


def pattern(term: str) -> re.Pattern:
    end = r"(?:'\w+|(?!\w))" if len(term) < 4 else ""
    return re.compile(r"(?<!\w)" + re.escape(term) + end, re.IGNORECASE)


def gloss(doc: Document, g) -> None:
    """Put each term's meaning under the first line of `doc` that uses it (or at the end of the intro)."""
    lang = doc.lang
    for name, entry in (g.words().facts.get("glossary") or {}).items():
        term = entry["term"].get(lang) or entry["term"].get("en") or name
        means = entry["means"].get(lang) or entry["means"].get("en") or ""
        if not means:
            continue
        words = say("gloss", lang, term=term, means=means.rstrip("."))
        found = pattern(term)
        if any(found.search(line) for line in doc.intro):
            doc.intro.insert(next(i for i, line in enumerate(doc.intro) if found.search(line)) + 1, words)
            continue
        placed = False
        for section in doc.sections:
            for part in section.parts:
                texts = [part.head] + [line.text for line in part.lines]
                at = next((i for i, text in enumerate(texts) if found.search(text)), None)
                if at is None:
                    continue
                level = part.lines[at - 1].level + 1 if at else 0
                part.lines.insert(at, Line(words, level, "gloss"))
                placed = True
                break
            if placed:
                break
