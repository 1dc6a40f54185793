"""Seeds: the one check of every seed kural deals from (the CLI's --seed, Game.new, a record's or save's).

A game's record holds its seed, and a record holds only numbers within interpreter/numbers.py's
LIMIT; so a seed outside that range is refused where it is given, and every game kural deals can be
written and replayed. `kural simulate -n N --seed S` deals S .. S+N-1: all of them are checked.
"""
from __future__ import annotations

import operator

from .errors import SeedError
from .messages import Msg
from .numbers import LIMIT, LIMIT_TEXT, describe


def in_bounds(seed) -> bool:
    """Is `seed` a whole number (not true or false) within ±LIMIT?"""
    return isinstance(seed, int) and not isinstance(seed, bool) and -LIMIT <= seed <= LIMIT


def seed_of(value, games: int = 1) -> int:
    """`value` as a seed (an int, or any integer type such as numpy's, read by operator.index), with the
    seeds of the `games` games dealt from it (value .. value+games-1) within ±LIMIT; SeedError if not."""
    if isinstance(value, bool):  # True is 1 to Python, but nobody means a seed by it
        raise SeedError(Msg("seed_not_whole", kind="bool", value=repr(value)))
    try:
        seed = operator.index(value)
    except TypeError:
        raise SeedError(Msg("seed_not_whole", kind=type(value).__name__, value=_shown(value))) from None
    last = seed + max(games, 1) - 1
    if not -LIMIT <= seed <= LIMIT:
        raise SeedError(Msg("seed_out_of_range", seed=seed if seed.bit_length() < 200 else describe(seed),
                            limit=LIMIT_TEXT))
    if last > LIMIT:
        raise SeedError(Msg("seeds_out_of_range", seed=seed, last=last, games=games, limit=LIMIT_TEXT,
                            most=LIMIT - games + 1))
    return seed


def _shown(value) -> str:
    """A value that is not a seed, as its message shows it: at most 40 characters of its repr."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails (a huge number, a broken object) still gives a message
        text = "?"
    return text if len(text) <= 40 else text[:39] + "…"
