"""kural: a rules language for card games, and the interpreter that plays it.

Installed, kural is one package, `kural`: kural.dsl reads rule files into a checked game,
kural.interpreter plays it (states, legal moves, bots, records), kural.cli is the `kural` command.
A program uses the API below (kural.interpreter.api, and dsl/entry.py for what reads a rule file;
docs/python.md):

    >>> import kural
    >>> game = kural.load(game_id)          # an id from `kural list`, or a rule file's path
    >>> state = game.new(seed=1)
    >>> state.legal()[0] in state.legal()
    True

The API's names are read from their modules when first used, so that `import kural` (done
by every `kural` command before anything else) costs nothing the command does not need.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dsl.entry import env, load, replay
    from .dsl.errors import RuleError
    from .interpreter.api import (CHANCE, TERMINAL, ArgumentError, ArgumentTypeError, Bot, Game, IllegalMove, Move,
                                  PlayError, RecordError, ReplayError, SeatView, SeedError, State, ZoneSight, bot)

__all__ = ["CHANCE", "TERMINAL", "ArgumentError", "ArgumentTypeError", "Bot", "Game", "IllegalMove", "Move",
           "PlayError", "RecordError", "ReplayError", "RuleError", "SeatView", "SeedError", "State", "ZoneSight", "bot",
           "env", "load", "replay"]
# where a name lives, when not in the API's module: the entries that read a rule file are the rules language's
_HOMES = {"RuleError": ".dsl.errors", "env": ".dsl.entry", "load": ".dsl.entry", "replay": ".dsl.entry"}


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module(_HOMES.get(name, ".interpreter.api"), __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


def _table_text(state: State) -> str:
    """A state as the table draws it for the seat to move (cli/render.py, imported only when drawn)."""
    from .cli.render import table_text
    return table_text(state.game.definition, state.raw, state.game.seat_names).strip("\n")


if __package__:  # str(state): the engine is handed the table's drawing, and never imports it (a test runner
    # that reads this file alone, as a module of no package, has no engine to hand it to)
    importlib.import_module(".interpreter.drawing", __package__).BOARD[:] = [_table_text]
    # and how a policy named `module:Name` is imported (kural simulate --bots, state.play_out)
    importlib.import_module(".interpreter.importing", __package__).IMPORTER[:] = [importlib.import_module]


class _GymnasiumWatch:
    """Registers the bundled games' Gymnasium environments (dsl/environments.py) once gymnasium is imported:
    `import kural` then costs nothing of gymnasium's import, and `gymnasium.make("kural/fantan-v0")` works
    whichever of the two a program imports first."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        loader = getattr(spec, "loader", None)
        if loader is not None:
            run = loader.exec_module

            def run_then_register(module: Any) -> None:
                run(module)
                _register_environments()
            loader.exec_module = run_then_register
        return spec


def _register_environments() -> None:
    importlib.import_module(".dsl.environments", __package__).register()


if __package__:  # (a test runner that reads this file alone has no games to register)
    if "gymnasium" in sys.modules:
        _register_environments()
    else:
        sys.meta_path.insert(0, _GymnasiumWatch())
