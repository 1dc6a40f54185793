"""What the generated module of a game (dsl/backend/) calls while playing, besides the state."""
from __future__ import annotations

from .legal import any_legal  # noqa: F401  (can(move) in generated code)
from .runtime import move_card, seat_of  # noqa: F401  (move(cards, zone), team(seat))
from .runtime import deal, holder_of, lay, move_top  # noqa: F401  (the effects that deal and lay cards, holder(card))
from .draws import shuffle  # noqa: F401
from .runtime import all_together, each_card, each_one, groups_of, move_all, step_value, team_members  # noqa: F401
from .runtime import face_in, has_at, has_in, join_table_at, leaders_in, melds_of, wanted_in  # noqa: F401
from .rule_loops import any_of_key, counted, first_of_each, joins_any, of_key, picked, picked_equal, tallied, tally  # noqa: F401
from .subset_sums import Totals, sums_by_table, sums_of  # noqa: F401  (sums_to's groups of a position's cards, by total)

from .budget import exhausted
from .engine import deal_after, plain_number, reset_round, round_started, score_round, setup_done  # noqa: F401  (a round's start and end, a result's numbers)
from .messages import Msg

UNSET = object()  # a remembered part of a guard not yet worked out in this position


def index(i, n: int, what: str = "seat") -> int:
    """A seat (or team) index, checked: a per-seat var read past the last seat is an error, not the next var."""
    if not 0 <= i < n:
        raise IndexError(Msg("no_such_" + what, i=i, last=n - 1))
    return i



def group_of(g, groups, name: str):
    """A group of a group zone, checked: the index of a per-group var (dsl/compiler.py var_index)."""
    if g not in groups:
        raise IndexError(Msg("not_a_group", name=name, value=repr(g)))
    return g


def face_of(faces, card):
    """A card's face, none for none."""
    return None if card is None else faces[card]


NO_TOP = (None,)  # top() of an empty zone: none


def paid(s, items, weight: int, where: str, what: str):
    """The items a rule is about to be called on, its calls paid first from the work budget
    (interpreter/budget.py): a rule that could not finish does not start."""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    return items
