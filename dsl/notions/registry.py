"""The registry of the library's notions: each notion's name, argument and result types (checked when
a rule file is loaded, dsl/compiler.py), how it reads in English and Turkish (dsl/teach/words.py), how
its closure f(state, env) is built from its compiled arguments (the compiler folds and tabulates with it;
tests/closure_oracle.py plays it), and how it writes its own Python source for the generated module
(dsl/backend/): every notion writes its code, and the generated code calls its runtime helper through
interpreter/compiled.py (`_rt`), which must export it. The notions themselves are registered by
the modules of this package, one per family (dsl/notions/__init__.py).

Types: num, bool, card, cards (a list of cards; a zone is accepted where
cards are read), zone, family (a per-seat zone named without a seat),
list, str, move, fn (a lambda `x => ...`), any, none. A `?` marks an
optional argument, `...` a repeatable last one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class Fn:
    """A notion of the library: its name and types, its wordings, and how its closure and its source are made."""

    name: str
    args: list[str]
    returns: str
    build: Callable  # (ctx, compiled_args) -> closure
    text: dict[str, str]  # how the notion reads, {0} {1} ... for its arguments (see dsl/teach/words.py)
    effect: bool = False
    pure: bool = False  # result depends only on the arguments: foldable
    elem: str | None = None  # for higher-order functions: the lambda's argument type
    returns_from: int | None = None  # result type is the element type of this argument
    body: str = "any"  # what the lambda must give: bool for conditions, num for sums
    forms: dict = field(default_factory=dict)  # other wordings: "no" (negated), "full" (optional argument given), ...
    gives: str | None = None  # for notions that return a list: the type of its items
    emit: Callable | None = None  # (ctx, compiled pieces) -> a writer (expr, argument sources) -> source (dsl/backend/)


LIBRARY: dict[str, Fn] = {}


def notion(name, args, returns, en, tr, *, effect=False, pure=False, elem=None, returns_from=None, body="any",
           gives=None, **forms):
    """Register a notion. `en`/`tr` say how it reads ({0} {1} its arguments, {x} the argument
    of its rule, {me} the player to move; `:gen`, `:acc` ... are Turkish case endings, see
    dsl/wording.py); keyword forms give other wordings as (en, tr): `no` when negated,
    `full` with the optional argument."""
    def register(build):
        LIBRARY[name] = Fn(name, args, returns, build, {"en": en, "tr": tr}, effect, pure, elem, returns_from, body,
                           {k: {"en": v[0], "tr": v[1]} for k, v in forms.items()}, gives)
        return build
    return register


# ---------------------------------------------------------- their code
# Every notion writes its own code: `emit(ctx, compiled pieces)` (each piece with its closure `.fn` and
# its node `.node`) gives a writer (expr, argument sources) -> Python source for the generated module
# (dsl/backend/), in terms of `s` (the state), its arguments' sources, constants named by
# `expr.m.constant` and the runtime of interpreter/compiled.py (`_rt`). A part with no code is an
# internal error at load (dsl/piece.py).
def writes(name: str):
    def register(emit):
        LIBRARY[name].emit = emit
        return emit
    return register


@dataclass
class BuildContext:
    """What a closure may know of the game when it is built (fixed at load)."""

    deck: Any
    players: int
    zone_owner: dict[int, int] = field(default_factory=dict)
    hand_ids: frozenset = frozenset()
    dealer_slot: int = 0
    melds: Any = None  # kural.interpreter.melds.MeldRules, from the rule file's `melds:` section (None: it has none)
    teams: list = field(default_factory=list)  # each team's seats, at this player count (game.teams)
    team_of: list = field(default_factory=list)  # seat -> its team's index
    zone_count: int = 0  # zone instances in all (a per-group var has a slot per instance)
    group_ids: frozenset = frozenset()  # the instance ids of every group of every group zone
    area_of: dict = field(default_factory=dict)  # a group zone's area (its owner's first id) -> (groups, zone name)


class NeedsSection(Exception):
    """A notion that cannot be used as written (a section the rule file does not have, an argument of the
    wrong shape): reported at the call, when the file is loaded."""

    def __init__(self, message: str, hint: str):
        super().__init__(message)
        self.message, self.hint = message, hint
