"""What a program gives kural's Python API and its environments, checked once where it comes in: a seat,
a number, bot kinds. A value it cannot take is an ArgumentError (a ValueError), one of a type it does not
take an ArgumentTypeError (also a TypeError), whose message says in one sentence what was wrong and what
to give, in English and Turkish (interpreter/messages.py); never an error from deep inside.
"""
from __future__ import annotations

import operator
import reprlib
from typing import Any, Callable, Sequence

from .messages import Msg, said

_SHOWN = reprlib.Repr()  # a value as a message shows it: never a page, never a recursion
_SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlevel = 30, 30, 3


class ArgumentError(ValueError):
    """A value given to kural's Python API that it cannot take: the message says what was wrong and what
    to give (`render(lang)` says it in Turkish too)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __reduce__(self):  # sent back whole from another process
        return type(self), (self.message,)

    def render(self, lang: str = "en") -> str:
        return said(self.message, lang)


class ArgumentTypeError(ArgumentError, TypeError):
    """A value of a type kural's Python API does not take there (also a TypeError, as Python's own)."""


def shown(value: Any) -> str:
    """A value as a message names it: its type and a short repr (`str 'row_rank=8'`, `NoneType None`)."""
    return f"{type(value).__name__} {_SHOWN.repr(value)}"


def whole_number(value: Any, refusal: Callable[[str], Msg]) -> int:
    """`value` as an int (an int, a numpy integer; not a bool, a float or a text); otherwise an
    ArgumentTypeError saying `refusal(shown value)`."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise ArgumentTypeError(refusal(shown(value)))


def seat(value: Any, players: int) -> int:
    """A seat of a game of `players`: a whole number from 0 to players - 1."""
    n = whole_number(value, lambda given: Msg("api_seat_type", given=given, last=players - 1))
    if not 0 <= n < players:
        raise ArgumentError(Msg("api_no_seat", seat=n, last=players - 1))
    return n


def seat_names(names: Any, players: int) -> list[str]:
    """A name for each seat of a game of `players` (a list or tuple of texts), as a record holds them."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise ArgumentTypeError(Msg("api_seats_type", given=shown(names), players=players))
    if len(names) != players:
        raise ArgumentError(Msg("api_seats_count", players=players, count=len(names)))
    return list(names)


def bot_kinds(bots: Any, players: int, known: Sequence[str]) -> list[str]:
    """One bot kind for every seat, or a list of one per seat, as the kinds of each seat."""
    kinds = [bots] * players if isinstance(bots, str) else bots
    if not isinstance(kinds, (list, tuple)) or not all(isinstance(k, str) for k in kinds):
        raise ArgumentTypeError(Msg("api_bots_type", given=shown(bots), kinds=list(known)))
    for kind in kinds:
        bot_kind(kind, known)
    if len(kinds) != players:
        raise ArgumentError(Msg("api_bots_count", players=players, count=len(kinds)))
    return list(kinds)


def bot_kind(kind: Any, known: Sequence[str]) -> str:
    if not isinstance(kind, str) or kind not in known:
        raise ArgumentError(Msg("api_bot_kind", kind=_SHOWN.repr(kind), kinds=list(known)))
    return kind
