"""The library of generic card-game notions that rule files call by name (docs/language.md §4).

Nothing here knows a particular game: a game uses these notions with its own numbers, in its rule
file. `registry.py` holds the registry (LIBRARY), each notion's types and wordings and how its closure
and its code are made; each family of notions registers itself from its own module. What a notion
does in play is the runtime's (interpreter/runtime.py, interpreter/rule_loops.py,
interpreter/subset_sums.py), which both its closure and the generated module call.
"""
from __future__ import annotations

# every family registered here, once, in this order (the order the registry lists them in)
from . import cards, lists, card_groups, melds, seats, moves, zones  # noqa: F401
from .registry import LIBRARY, BuildContext, Fn, NeedsSection

__all__ = ["LIBRARY", "BuildContext", "Fn", "NeedsSection"]
