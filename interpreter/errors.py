"""A rule file that loaded but fails while playing (a card notion given none,
a division by zero, a seat index out of range, a number out of range, too
much work for one move). Reported like a load error: where in the rule
file, what went wrong, and a hint."""
from __future__ import annotations

from .numbers import LIMIT, RANGE_TEXT, describe

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

    def render(self) -> str:
        out = f"{self.where}: {self.message}"
        return out + (f"\n    hint: {self.hint}" if self.hint else "")

    @classmethod
    def of(cls, where: str, what: str, exc: BaseException,
           hint: str = "guard the expression (for example `not empty(zone) and ...`)") -> "PlayError":
        detail = "a value is none (an empty zone's top card?)" if "NoneType" in str(exc) else str(exc) or type(exc).__name__
        if isinstance(exc, RecursionError):
            detail = "it calls itself without end"
        elif isinstance(exc, OverflowError):
            detail = f"a number too large ({RANGE_TEXT})"
        return cls(where, f"{what} failed while playing: {detail}", hint)


def kept(value, where: str, what: str):
    """`value`, which the game keeps (a var, a score, a result): a number outside interpreter/numbers.py's
    range is an error of the rule file at `where`, so that no number grows without bound."""
    if type(value) in EXACT_NUMBERS and not -LIMIT <= value <= LIMIT:  # numbers.in_range, written out: a var's
        # every assignment passes here (NaN and the infinities fail the comparison; a bool is not a number)
        raise PlayError(where, f"{what} would be {describe(value)}: out of range ({RANGE_TEXT})",
                        "a number that grows on every move (x = x * x) or overflows: bound it, "
                        "for example if x < 1000 then x * 2 else x")
    return value
