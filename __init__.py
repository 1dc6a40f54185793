"""kural: a rules language for card games, and the interpreter that plays it.

Installed, kural is one package, `kural`: kural.dsl reads rule files into a checked game,
kural.interpreter plays it (states, legal moves, bots, records), kural.cli is the `kural` command.
A program uses the API below (kural.interpreter.api; docs/python.md):

    >>> import kural
    >>> game = kural.load(game_id)          # an id from `kural list`, or a rule file's path
    >>> state = game.new(seed=1)
    >>> state.legal()[0] in state.legal()
    True

The API's names are read from kural.interpreter.api when first used, so that `import kural` (done
by every `kural` command before anything else) costs nothing the command does not need.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .interpreter.api import (Game, IllegalMove, Move, PlayError, RecordError, ReplayError, SeatView,
                                  SeedError, State, ZoneSight, env, load, replay)

__all__ = ["Game", "IllegalMove", "Move", "PlayError", "RecordError", "ReplayError", "SeatView", "SeedError",
           "State", "ZoneSight", "env", "load", "replay"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module(".interpreter.api", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
