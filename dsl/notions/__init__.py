"""The library of generic card-game notions that rule files call by name (docs/language.md §4).

Nothing here knows a particular game: a game uses these notions with its own numbers, in its rule
file. `registry.py` holds the registry (LIBRARY): a notion is one object, its types, its wordings and
the code it writes; each family of notions registers itself from its own module. What a notion does in
play is the runtime's (interpreter/runtime.py, interpreter/rule_loops.py, interpreter/subset_sums.py),
which the generated module calls.
"""
from __future__ import annotations

# every family registered here, once, in this order (the order the registry lists them in)
from . import cards, lists, card_groups, melds, seats, moves, zones, tricks  # noqa: F401
from .registry import LIBRARY, BuildContext, Fn, NeedsSection

__all__ = ["LIBRARY", "BuildContext", "Fn", "NeedsSection"]
