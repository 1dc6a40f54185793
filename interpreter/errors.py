"""A rule file that loaded but fails while playing (a card notion given none,
a division by zero, a seat index out of range, a number out of range, too
much work for one move). Reported like a load error: where in the rule
file, what went wrong, and a hint."""
from __future__ import annotations

from .numbers import LIMIT, RANGE_TEXT, describe
from .messages import HINT_WORD, Msg, said

# The Python errors a compiled rule can raise while playing (OverflowError: a float too large for an int
# or an int too large for a float).
RULE_FAILURES = (TypeError, IndexError, KeyError, ZeroDivisionError, RecursionError, AttributeError, ValueError,
                 OverflowError)
EXACT_NUMBERS = (int, float)  # the types of the numbers a game computes (a bool's type is bool)


class PlayError(Exception):
    def __init__(self, where: str, message: str, hint: str = ""):
        self.where, self.message, self.hint = where, message, hint
        super().__init__(self.render())

    def __reduce__(self):  # sent back whole from another process (kural simulate --workers)
        return type(self), (self.where, self.message, self.hint)

    def render(self, lang: str = "en") -> str:
        out = f"{self.where}: {said(self.message, lang)}"
        return out + (f"\n    {HINT_WORD.get(lang, 'hint')}: {said(self.hint, lang)}" if self.hint else "")

    @classmethod
    def of(cls, where: str, what: str, exc: BaseException,
           hint: str = "") -> "PlayError":
        said_already = exc.args[0] if exc.args and isinstance(exc.args[0], Msg) else None  # kural's own words
        detail = said_already or (Msg("value_none_empty_zone") if "NoneType" in str(exc) else
                                  str(exc) or type(exc).__name__)
        if isinstance(exc, RecursionError):
            detail = Msg("calls_itself_without_end")
        elif isinstance(exc, OverflowError):
            detail = Msg("number_too_large", RANGE_TEXT=RANGE_TEXT)
        elif isinstance(exc, ZeroDivisionError):  # Python's words in English, as before; said in Turkish too
            detail = Msg("python_division_by_zero", text=detail)
        elif isinstance(exc, IndexError) and detail.endswith("index out of range"):
            detail = Msg("python_index_out_of_range", text=detail)
        return cls(where, Msg("failed_while_playing", what=what, detail=detail), hint or Msg("guard_expression"))


class _CatalogError(Exception):
    """An error whose message is a catalog Msg (str(exc) is its English; said(lang) in another language),
    which pickles as its message."""

    def __init__(self, message: Msg):
        super().__init__(message)
        self.message = message

    def __reduce__(self):
        return type(self), (self.message,)

    def said(self, lang: str) -> str:
        return said(self.message, lang)


class RecordError(_CatalogError, ValueError):
    """A record or save kural cannot use: not a format it reads, a field of the wrong type, a rule file it
    names that may not be read or has changed."""


class SeedError(_CatalogError, TypeError, ValueError):
    """A seed kural does not deal from: not a whole number (a TypeError), or out of interpreter/seeds.py's
    range (a ValueError), so `except` of either catches it."""


def kept(value, where: str, what: str):
    """`value`, which the game keeps (a var, a score, a result): a number outside interpreter/numbers.py's
    range is an error of the rule file at `where`, so that no number grows without bound."""
    if type(value) in EXACT_NUMBERS and not -LIMIT <= value <= LIMIT:  # numbers.in_range, written out: a var's
        # every assignment passes here (NaN and the infinities fail the comparison; a bool is not a number)
        raise PlayError(where, Msg("would_out_range", what=what, describe_value=describe(value), RANGE_TEXT=RANGE_TEXT),
                        Msg("number_grows_every_move"))
    return value
