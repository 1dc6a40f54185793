"""The range of numbers a game may hold: one bound, read wherever a number enters or grows.

A rule file controls every number of its game (params, card values, vars,
scores), so a number without bound is a cost without bound: a var squared on
every move grows until one move takes seconds, and a 5,000-digit integer
cannot be printed. Every number a rule file writes, a `--set` gives, a record
or save holds, or a game computes must be finite and within ±LIMIT; NaN is
never a number (NaN != NaN, so a record holding it could never replay).
"""
from __future__ import annotations

import math

from .messages import Msg

LIMIT = 10**15  # far above any score a card game keeps, far below where arithmetic or printing slows
MAX_CHARS = 64  # a number within ±LIMIT is written in far fewer characters (a float's digits included)


def value_key(value) -> str:
    """How words for values are keyed (a param's or a choice's `shown_as`): true/false, a number as
    written (2.0 as 2), a text as itself."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def is_number(x) -> bool:
    """Is x a number at all (an int or a float; true and false are not numbers here)?"""
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def in_range(x) -> bool:
    """Is x a number a game may hold? (NaN and the infinities fail the comparison.)"""
    return is_number(x) and -LIMIT <= x <= LIMIT


def from_text(text: str, convert):
    """The number `convert(text)` gives (int, float or a YAML constructor), if a game may hold it;
    None otherwise. A text longer than MAX_CHARS is not converted: int() of thousands of digits is
    slow, and the number would be refused anyway."""
    if len(text) > MAX_CHARS:
        return None
    value = convert(text)
    return value if in_range(value) else None


def describe(x) -> str:
    """x as a message shows it: never thousands of digits."""
    if isinstance(x, int) and is_number(x) and abs(x) > LIMIT:
        return Msg("digits_about", n=int(x.bit_length() * math.log10(2)) + 1)  # str() of it may refuse
    return repr(x)


LIMIT_TEXT = f"10^{len(str(LIMIT)) - 1}" if str(LIMIT).strip("0") == "1" else f"{LIMIT:,}"  # as messages write it
RANGE_TEXT = Msg("range_text", limit=LIMIT_TEXT)
