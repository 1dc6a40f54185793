"""The work one move may take: a bound on what a rule file's loops multiply.

A rule file can nest loops (`for`), rules `x => ...` and choices so that
their product explodes at play time, though each alone is small. So every
place where work multiplies spends from one budget, renewed at the start of
each phase of a move (its legal moves, a bot's choice, its effects and the
flow after it, the result): a rule `x => ...` spends its body's size once
per item, a `for` its body's size times the items, a move's choices their
guard's size times the options tried. Past the budget the move is a
PlayError at the part that spent the last of it: an error of the rule file,
within seconds, the same on every machine (work is counted, never timed).
"""
from __future__ import annotations

from .errors import PlayError
from .messages import Msg

WORK_LIMIT = 2_000_000  # parts of expressions evaluated in one phase of a move; the bundled games
# spend a few thousand at most (tests/test_play_bounds.py), and 2 million take a second or two
MAX_LEGAL = 10_000  # legal moves of one position; the bundled games offer a few hundred at most
MAX_GROUPS = 5000  # groups one notion may offer: a rule whose groups explode is reported, not waited on


def renew(s) -> None:
    """A new phase of a move: the whole budget again."""
    s.work = WORK_LIMIT


def paid(s, items, weight: int, where: str, what: str):
    """The items a rule is about to be called on, its calls paid first from the work budget: a rule that
    could not finish does not start. (The loops on play's hottest paths pay inline, as this does: a call
    saved per rule; interpreter/rule_loops.py.)"""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    return items


def exhausted(where: str, what: str) -> PlayError:
    return PlayError(where, Msg("needs_more_than_steps", what=what, WORK_LIMIT=WORK_LIMIT),
                     Msg("nested_loops_rules_x"))


def too_many_moves(where: str, name: str) -> PlayError:
    return PlayError(where, Msg("offers_more_than_legal", name=name, MAX_LEGAL=MAX_LEGAL),
                     Msg("choice_from_long_list"))


def too_many_groups(name: str) -> ValueError:
    return ValueError(Msg("finds_too_many_groups", name=name, limit=MAX_GROUPS))
