"""What the generated module of a game (dsl/backend/) calls while playing, besides the state."""
from __future__ import annotations

# The notions' helpers: each runtime module lists what the generated module may call (its __all__), so
# a new helper is written and listed in one place, beside the others of its kind.
from .runtime import *  # noqa: F401,F403  (moving, dealing and finding cards, seats and teams)
from .rule_loops import *  # noqa: F401,F403  (a rule `x => ...` run as one plain loop)
from .subset_sums import *  # noqa: F401,F403  (sums_to's groups of a position's cards, by total)
from .partition import *  # noqa: F401,F403  (a hand's best partition into melds, the cards laid off on melds)
from .legal import any_legal  # noqa: F401  (can(move) in generated code)
from .draws import shuffle  # noqa: F401

from .budget import exhausted, paid  # noqa: F401  (paid: a rule's calls paid before they run)
from .engine import deal_after, plain_number, reset_round, round_started, score_round, setup_done  # noqa: F401  (a round's start and end, a result's numbers)
from .engine import window_close, window_goes_on, window_open  # noqa: F401  (a window's flow)
from .messages import Msg

UNSET = object()  # a remembered part of a guard not yet worked out in this position


def index(i, n: int, what: str = "seat") -> int:
    """A seat (or team) index, checked: a per-seat var read past the last seat is an error, not the next var."""
    if not 0 <= i < n:
        raise IndexError(Msg("no_such_" + what, i=i, last=n - 1))
    return i



def key_offset(key, offsets: dict, name: str) -> int:
    """The place of a keyed var's value (`keys:`): a key it has not is an error of play, not another value."""
    at = offsets.get(key)
    if at is None or isinstance(key, bool):
        raise IndexError(Msg("not_a_key", name=name, value=repr(key), keys=", ".join(map(str, offsets))))
    return at


def group_of(g, groups, name: str):
    """A group of a group zone, checked: the index of a per-group var (dsl/compiler.py var_index)."""
    if g not in groups:
        raise IndexError(Msg("not_a_group", name=name, value=repr(g)))
    return g


def face_of(faces, card):
    """A card's face, none for none."""
    return None if card is None else faces[card]


NO_TOP = (None,)  # top() of an empty zone: none


