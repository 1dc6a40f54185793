"""Filling a sentence: a template's fields, Turkish case endings by vowel harmony, numbers as each
language writes them.

A template's fields are `{0}`, `{1}` ... (arguments) or `{name}`; a Turkish field may carry case
endings after a colon, applied to its last word with vowel harmony, numbers, codes and names after
an apostrophe (`karo 7'yi`, `12'ye`, `Can'ın`): `{0:gen}` -(n)ın, `{0:acc}` -(y)ı, `{0:dat}` -(y)a,
`{0:loc}` -da/-ta, `{0:abl}` -dan/-tan, `{0:poss3}` -(s)ı, `{0:poss2}` -(ı)n, `{0:pl}` -lar,
`{0:dist}` -(ş)er (11'er, 6'şar), `{0:li}` -li (7'li, 9'lu), `{0:ins}` -(y)la, `{0:ki}` -ki (after a
locative: `{0:loc.ki}` masadaki, elindeki), chained with dots (`{1:poss3.dat}`). A template ending in `~` ends in a possessive ("kartın sayısı~"), so an ending
after it takes the buffer n ("sayısına").
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar

LANGS = ("en", "tr")
# Words a game writes with an apostrophe before a Turkish ending, as a name is: its glossary's say
# which (`apostrophe: true`); set while that game's words are said (`names`)
_NAMES: ContextVar[frozenset] = ContextVar("apostrophe_words", default=frozenset())


@contextmanager
def names(words):
    """While a game's words are said: these words take their endings after an apostrophe, as names do."""
    token = _NAMES.set(frozenset(_lower_tr(w) for w in words))
    try:
        yield
    finally:
        _NAMES.reset(token)


_VOWELS = "aeıioöuüâîû"
_BACK = "aıouâû"
_ROUND = "oöuüû"
_HARD = "çfhkpsşt"
_UNITS = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"]
_TENS = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"]
_LETTERS = {"a": "a", "b": "be", "c": "ce", "ç": "çe", "d": "de", "e": "e", "f": "fe", "g": "ge", "ğ": "ge",
            "h": "he", "ı": "ı", "i": "i", "j": "je", "k": "ka", "l": "le", "m": "me", "n": "ne", "o": "o",
            "ö": "ö", "p": "pe", "q": "kü", "r": "re", "s": "se", "ş": "şe", "t": "te", "u": "u", "ü": "ü",
            "v": "ve", "w": "ve", "x": "iks", "y": "ye", "z": "ze"}
_SOFT_STEMS = {"renk": "reng", "kalp": "kalb"}  # one-syllable words that soften all the same


def _lower_tr(text: str) -> str:
    return text.replace("I", "ı").replace("İ", "i").lower()


def _spoken_number(text: str) -> str:
    whole, _, frac = text.partition(".")
    digits = frac.rstrip("0") or whole
    n = int(digits) if digits.isdigit() else 0
    if n == 0:
        return "sıfır"
    if n % 10:
        return _UNITS[n % 10]
    if n % 100:
        return _TENS[(n // 10) % 10]
    if n % 1000:
        return "yüz"
    return "bin" if n % 1_000_000 else "milyon"


def _sound(word: str) -> tuple[str, bool]:
    """How the end of a word sounds, and whether endings go after an apostrophe (numbers, codes, names)."""
    core = word.strip(".,;:!?")
    if not core:
        return "e", True
    if "'" in core[1:]:  # an ending after an apostrophe already (7'li, Can'ın): the next one joins it
        return _lower_tr(core.rsplit("'", 1)[1]) or "e", False
    if re.fullmatch(r"[0-9]+([.,][0-9]+)?", core):
        return _spoken_number(core.replace(",", ".")), True
    if len(core) == 1 or _lower_tr(core) in _NAMES.get():  # a rule's letter (g'nin, u'nun), a game's own term
        return (_LETTERS.get(_lower_tr(core), _lower_tr(core)) if len(core) == 1 else _lower_tr(core)), True
    if any(ch.isdigit() for ch in core) or (core.isupper() and len(core) <= 3) or \
            not any(ch in _VOWELS for ch in _lower_tr(core)):
        tail = re.findall(r"[0-9]+|[^0-9]", core)[-1]
        if tail.isdigit():
            return _spoken_number(tail), True
        return _LETTERS.get(_lower_tr(tail), "e"), True
    return _lower_tr(core), core[0].isupper()


def _ending(sound: str, case: str, p3: bool) -> str:
    vowels = [ch for ch in sound if ch in _VOWELS]
    last = vowels[-1] if vowels else "e"
    back, rounded = last in _BACK, last in _ROUND
    a = "a" if back else "e"
    i = ("u" if rounded else "ı") if back else ("ü" if rounded else "i")
    after_vowel = sound[-1] in _VOWELS
    d = "t" if sound[-1] in _HARD else "d"
    buffer = "n" if p3 else "y"
    if case == "gen":
        return ("n" + i + "n") if after_vowel else (i + "n")
    if case == "acc":
        return (buffer + i) if after_vowel else i
    if case == "dat":
        return (buffer + a) if after_vowel else a
    if case == "loc":
        return ("n" if p3 else "") + d + a
    if case == "abl":
        return ("n" if p3 else "") + d + a + "n"
    if case == "poss3":
        return ("s" + i) if after_vowel else i
    if case == "poss2":
        return "n" if after_vowel else (i + "n")
    if case == "pl":
        return "l" + a + "r"
    if case == "dist":  # distributive: birer, ikişer, 11'er, 6'şar
        return ("ş" if after_vowel else "") + a + "r"
    if case == "li":  # 7'li, 9'lu, 3'lü, 6'lı
        return "l" + i
    if case == "ins":  # -(y)la: 7'yle, Can'la
        return ("y" if after_vowel else "") + "l" + a
    if case == "ki":  # the relative -ki, on the word (a group in brackets after it stays after it)
        return "ki"
    raise ValueError(f"unknown case ending `{case}`")


def inflect(text: str, case: str, p3: bool = False) -> str:
    """`text` with a Turkish case ending on its last word: inflect("senin el", "loc") ... """
    tail = ""
    group = re.search(r"\s*\([^()]*\)$", text)
    if group and group.start() > 0:  # "seçilen kart (c)": the ending goes on "kart"
        text, tail = text[:group.start()], text[group.start():]
    stripped = text.rstrip("»”\"')")
    closing = text[len(stripped):]
    head, _, word = stripped.rpartition(" ")
    sound, apostrophe = _sound(word)
    end = _ending(sound, case, p3 and not apostrophe)
    if closing or apostrophe:
        return f"{stripped}{closing}'{end}{tail}"
    stem = word
    if end[0] in _VOWELS:
        low = _lower_tr(word)
        if low in _SOFT_STEMS:
            stem = word[: len(word) - len(low)] + _SOFT_STEMS[low]
        elif sum(ch in _VOWELS for ch in low) > 1 and low[-1] in "pçk":
            stem = word[:-1] + ("g" if low.endswith("nk") else {"p": "b", "ç": "c", "k": "ğ"}[low[-1]])
    return (head + " " if head else "") + stem + end + tail


class Phrase(str):
    """A piece of a sentence that knows whether it ends in a possessive (Turkish buffer n)."""

    p3: bool = False

    def __new__(cls, text: str = "", p3: bool = False):
        self = super().__new__(cls, text)
        self.p3 = p3
        return self

    def inflect(self, spec: str) -> "Phrase":
        text, p3 = str(self), self.p3
        for case in spec.split("."):
            if case == "poss3" and p3:  # a compound that ends in its possessive already: kart gücü, not gücüsü
                continue
            text = inflect(text, case, p3)
            p3 = case == "poss3"
        return Phrase(text, p3)


_FIELD = re.compile(r"\{(\w+)(?::([\w.]+))?\}")


def fill(template: str, args=(), **named) -> Phrase:
    """A template with its fields filled by phrases, Turkish endings applied."""
    p3 = template.endswith("~")
    template = template.rstrip("~")
    last: list = [None]

    def sub(m):
        key, spec = m.group(1), m.group(2)
        value = args[int(key)] if key.isdigit() else named[key]
        value = value if isinstance(value, Phrase) else Phrase(str(value))
        out = value.inflect(spec) if spec else value
        if m.end() == len(template):
            last[0] = out
        return str(out)
    text = _FIELD.sub(sub, template)
    if last[0] is not None:
        p3 = p3 or last[0].p3
    return Phrase(text, p3)


# One-letter words that are words, not a rule's letter: the English article, the Turkish "o" (o zaman)
_ONE_LETTER_WORDS = {"en": ("a ",), "tr": ("o ",)}


def capital(text: str, lang: str) -> str:
    """The first letter in upper case (Turkish i -> İ); not a rule's one-letter name (g is a run)."""
    if not text or (re.match(r"\w(?:'|\s|$)", text) and text[:2] not in _ONE_LETTER_WORDS.get(lang, ())):
        return text
    first = text[0]
    if lang == "tr" and first in "iı":
        first = "İ" if first == "i" else "I"
    else:
        first = first.upper()
    return first + text[1:]


def number(v, lang: str = "en") -> str:
    """A number as a language writes it: 5, 1.5 (English), 1,5 (Turkish); a whole float without its .0."""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    text = str(v)
    return text.replace(".", ",") if lang == "tr" and isinstance(v, float) else text


def joined(items: list, lang: str, last: str | None = None) -> "Phrase":
    """Items as a list is said: a, b and c (a, b ve c); `last` another word before the last (or, ya da)."""
    items = [x if isinstance(x, Phrase) else Phrase(str(x)) for x in items]
    if not items:
        return Phrase("")
    if len(items) == 1:
        return items[0]
    word = last or ("ve" if lang == "tr" else "and")
    return Phrase(", ".join(items[:-1]) + f" {word} " + items[-1], items[-1].p3)
