"""Rule-file problems, reported as `file:line:col: message` with the text and a hint."""
from __future__ import annotations

from dataclasses import dataclass

# escaped is the catalog's, and is kural.dsl.errors.escaped too (cli/ reads it here)
from kural.interpreter.messages import BASE_WORD, HINT_WORD, Msg, escaped, said  # noqa: F401


def hidden_char(text: str) -> str | None:
    """The first character of `text` that does not print as itself, as U+XXXX; None when every one does.
    A name or an id holding one looks like another: it is refused where it is written."""
    if text.isprintable():  # the common case, told at once
        return None
    hidden = next((c for c in text if not c.isprintable()), None)
    return None if hidden is None else f"U+{ord(hidden):04X}"


def printable_id(value, loc: Loc, what: str) -> str:
    """An id a message or a record will print: every character shows as itself (no zero-width
    space, no bidi or control character), so that two ids that look alike are alike."""
    text = str(value)
    hidden = hidden_char(text)
    if hidden is not None:
        raise RuleError.at(loc, Msg("holds_character_which_does", what=what, text=text, hidden=hidden),
                           Msg("ids_are_letters_digits"))
    return text


@dataclass(frozen=True)
class Loc:
    """A place in a rule file (or a given expression): its file, line and column, for messages."""

    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{escaped(self.file)}:{self.line}:{self.col}"


@dataclass
class Problem:
    """`message` and `hint` are interpreter/messages.py Msgs (English text that can be said in Turkish);
    `text`, the line of the file, is shown as written. `base`, with `base_text`, is the other place the
    problem meets: the base file's line that a variant's value (at `loc`) does not fit."""
    loc: Loc
    message: str
    hint: str = ""
    text: str = ""
    base: Loc | None = None
    base_text: str = ""

    def render(self, lang: str = "en") -> str:
        out = f"{self.loc}: {escaped(said(self.message, lang))}"
        if self.text:
            shown = self.text if len(self.text) <= 120 else self.text[:117] + "..."
            out += f"\n    {escaped(shown)}"
        if self.base is not None:
            # not `file:line:col: ` at the head of a line, which tools read as another problem
            out += f"\n    {BASE_WORD.get(lang, 'base')} ({self.base}): {escaped(self.base_text[:120])}".rstrip()
        if self.hint:
            out += f"\n    {HINT_WORD.get(lang, 'hint')}: {escaped(said(self.hint, lang))}"
        return out


class RuleError(Exception):
    """One or more problems found in a rule file; the CLI prints them and exits 2."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.render() for p in problems))

    def render(self, lang: str = "en") -> str:
        return "\n".join(p.render(lang) for p in self.problems)

    def __reduce__(self):  # sent back whole from another process (kural simulate --workers)
        return type(self), (self.problems,)

    @classmethod
    def at(cls, loc: Loc, message: str, hint: str = "", text: str = "", base: Loc | None = None,
           base_text: str = "") -> "RuleError":
        return cls([Problem(loc, message, hint, text, base, base_text)])


def close_match(word: str, known) -> list[str]:
    """The one known name closest to a misspelt one (for "did you mean"), or none. difflib is imported
    here, when a file has such a mistake, not by every load."""
    import difflib
    return difflib.get_close_matches(word, known, n=1)
