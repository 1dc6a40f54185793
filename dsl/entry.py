"""The entries of kural's Python API that read a rule file: `kural.load`, `kural.replay` and `kural.env`
(docs/python.md). They live with the rules language, above the engine: the engine's API types
(interpreter/api.py: Game, State, the errors) import nothing of dsl/, and a Game is handed the
function that made it (`made_by`), which is what pickle keeps of it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from kural.interpreter.api import Game, PathLike, State, checked_record, load_arguments, replayed
from kural.interpreter.arguments import ArgumentTypeError, shown
from kural.interpreter.messages import Msg

from .building.param_values import param_sets
from .loader import load as load_rules, load_for_record

if TYPE_CHECKING:
    from kural.interpreter.rl import KuralEnv, SeatEnv

__all__ = ["env", "gym_env", "load", "replay"]


def load(game: str | PathLike, variants: Iterable[str] | None = (), params: Mapping[str, Any] | None = None,
         players: int | None = None, chance: bool = False) -> Game:
    """A game by its id (`kural list`) or a rule file's path, with variants, param values and a number of
    players; kural.RuleError (file:line:col, with a hint) if the rules, or the values given, are not sound;
    ArgumentTypeError for an argument of a type load does not take. With `chance=True` every shuffle is
    dealt by chance actions (the State's chance nodes) instead of from the seed."""
    path, names, values, count = load_arguments(game, variants, params, players)
    if not isinstance(chance, bool):
        raise ArgumentTypeError(Msg("api_chance_type", given=shown(chance)))
    return Game(load_rules(path, names, param_sets(values), count), (load, (path, names, values, count, chance)),
                chance)


def replay(record: Mapping[str, Any] | str) -> State:
    """A record (a dict, or its JSON text) played again under its own rules. RecordError if it is not a record
    kural reads (its format, a field of the wrong type: the first one named; a rule file it names that is
    unknown, gone or changed), RuleError if its rules do not load, ReplayError if it does not reproduce
    exactly (deal, moves and result)."""
    rec = checked_record(record)
    game = Game(load_for_record(rec), (_game_of_record, ({**rec, "moves": [], "result": None},)))
    return replayed(game, rec)


def _game_of_record(rec: dict) -> Game:
    """The game a record was played under (a replayed game, unpickled)."""
    return Game(load_for_record(rec), (_game_of_record, (rec,)))


def env(game: str, variants: Iterable[str] = (), params: Mapping[str, Any] | None = None,
        players: int | None = None, **options: Any) -> "KuralEnv":
    """A PettingZoo AEC environment of the game (needs the extra: pip install 'kural[rl]'); the options
    are interpreter/rl.py's KuralEnv's (reward, render_mode, illegal_reward)."""
    from kural.interpreter.rl import KuralEnv  # here: pettingzoo and gymnasium are optional
    return KuralEnv(load(game, variants, params, players), **options)


def gym_env(game: str, variants: Iterable[str] = (), params: Mapping[str, Any] | None = None,
            players: int | None = None, **options: Any) -> "SeatEnv":
    """One seat of the game as a Gymnasium environment (what `gymnasium.make("kural/<game>-v0", ...)` makes);
    the options are interpreter/rl.py's SeatEnv's (seat, opponents, reward, render_mode, illegal_reward)."""
    from kural.interpreter.rl import SeatEnv  # here: gymnasium is optional
    return SeatEnv(load(game, variants, params, players), **options)
