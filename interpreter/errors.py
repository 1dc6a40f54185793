"""A rule file that loaded but fails while playing (a card notion given none,
a division by zero, a seat index out of range). Reported like a load error:
where in the rule file, what went wrong, and a hint."""
from __future__ import annotations

# The Python errors a compiled rule can raise while playing.
RULE_FAILURES = (TypeError, IndexError, KeyError, ZeroDivisionError, RecursionError, AttributeError, ValueError)


class PlayError(Exception):
    def __init__(self, where: str, message: str, hint: str = ""):
        self.where, self.message, self.hint = where, message, hint
        super().__init__(self.render())

    def render(self) -> str:
        out = f"{self.where}: {self.message}"
        return out + (f"\n    hint: {self.hint}" if self.hint else "")

    @classmethod
    def of(cls, where: str, what: str, exc: BaseException) -> "PlayError":
        detail = "a value is none (an empty zone's top card?)" if "NoneType" in str(exc) else str(exc) or type(exc).__name__
        if isinstance(exc, RecursionError):
            detail = "it calls itself without end"
        return cls(where, f"{what} failed while playing: {detail}",
                   "guard the expression (for example `not empty(zone) and ...`)")
