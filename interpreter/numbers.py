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

LIMIT = 10**15  # far above any score a card game keeps, far below where arithmetic or printing slows


def in_range(x) -> bool:
    """Is x a number a game may hold (a bool is not a number here)?"""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    if isinstance(x, float) and not math.isfinite(x):
        return False
    return -LIMIT <= x <= LIMIT


def describe(x) -> str:
    """x as a message shows it: never thousands of digits."""
    if isinstance(x, int) and not isinstance(x, bool) and abs(x) > LIMIT:
        return f"a number of about {int(x.bit_length() * math.log10(2)) + 1:,} digits"  # str() of it may refuse
    return repr(x)


RANGE_TEXT = "numbers are finite and between -10^15 and 10^15"
