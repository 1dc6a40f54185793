"""The registry of the library's notions. A notion is one object (Fn): its name, argument and result
types (checked when a rule file is loaded, dsl/compiler.py), how it reads in English and Turkish
(dsl/teach/words.py), and the code it writes for the generated module (dsl/backend/), which calls its
runtime helper in interpreter/runtime.py (listed in its `__all__`, which interpreter/compiled.py, `_rt`,
gives the module). A notion has no other
meaning: what it gives at load (a fold, a table of a rule about one card) is worked out by that code
(dsl/backend/evaluate.py). The notions themselves are registered by the modules of this package, one per
family (dsl/notions/__init__.py).

Types: num, bool, card, cards (a list of cards; a zone is accepted where
cards are read), zone, family (a per-seat zone named without a seat),
list, str, move, fn (a lambda `x => ...`), any, none. A `?` marks an
optional argument, `...` a repeatable last one.

Adding a notion: `notion(...)` here (its types and words), `@writes(name)` (its code), its runtime helper
in interpreter/runtime.py if the code calls one, and its words' test (tests/test_teaching_words.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class Fn:
    """A notion of the library: its name and types, its wordings, and how its code (and, for a few, a node
    of their own) is made."""

    name: str
    args: list[str]
    returns: str
    text: dict[str, str]  # how the notion reads, {0} {1} ... for its arguments (see dsl/teach/words.py)
    effect: bool = False
    pure: bool = False  # result depends only on the arguments: foldable
    elem: str | None = None  # for higher-order functions: the lambda's argument type
    returns_from: int | None = None  # result type is the element type of this argument
    body: str = "any"  # what the lambda must give: bool for conditions, num for sums
    forms: dict = field(default_factory=dict)  # other wordings: "no" (negated), "full" (optional argument given), ...
    gives: str | None = None  # for notions that return a list: the type of its items
    emit: Callable | None = None  # (ctx, compiled pieces) -> a writer (expr, argument sources) -> source (dsl/backend/)
    lower: Callable | None = None  # (ctx, compiled pieces) -> a node of its own (ir.CardLookups ...) or None: its Call


LIBRARY: dict[str, Fn] = {}


def notion(name, args, returns, en, tr, *, effect=False, pure=False, elem=None, returns_from=None, body="any",
           gives=None, lower=None, **forms) -> Fn:
    """Register a notion. `en`/`tr` say how it reads ({0} {1} its arguments, {x} the argument
    of its rule, {me} the player to move; `:gen`, `:acc` ... are Turkish case endings, see
    dsl/wording.py); keyword forms give other wordings as (en, tr): `no` when negated,
    `full` with the optional argument. `lower`: the notion's own node for some arguments (see Fn)."""
    fn = LIBRARY[name] = Fn(name, args, returns, {"en": en, "tr": tr}, effect, pure, elem, returns_from, body,
                            {k: {"en": v[0], "tr": v[1]} for k, v in forms.items()}, gives, lower=lower)
    return fn


# ---------------------------------------------------------- their code
# Every notion writes its own code: `emit(ctx, compiled pieces)` (each piece with its type, its constant
# when known and its node `.node`) gives a writer (expr, argument sources) -> Python source for the generated
# module (dsl/backend/), in terms of `s` (the state), its arguments' sources, constants named by
# `expr.m.constant` and the runtime of interpreter/compiled.py (`_rt`). `emit` may refuse arguments it
# cannot use (raise NeedsSection). What the backend and other writers read of a writer (attributes it sets):
#   cannot_fail(expr, args) -> bool   it fails only where its arguments do (written without a `try`)
#   distinct                          the options it lists are each there once (dsl/backend/options.py)
#   cards_once                        no card is in the list it gives twice (dsl/notions/shapes.py)
#   in_place                          its rule is read as a table: no argument written inside a comprehension
#   seats                             a step from a seat: the seat reached from every seat (dsl/backend/moves.py)
#   same_face                         the faces compared (a key pair, dsl/notions/shapes.py)
#   joins                             can_join(g, [card]): (zone, card, held table) (dsl/backend/options.py)
#   or_else                           the first list, or the second when it is empty
#   names_its_own, asks_can           it binds a walrus name of its own; it asks `can` of a move
def writes(name: str):
    def register(emit):
        LIBRARY[name].emit = emit
        return emit
    return register


@dataclass
class BuildContext:
    """What a notion's code may know of the game when it is written (fixed at load)."""

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
