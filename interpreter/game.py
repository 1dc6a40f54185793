"""Playing a game from Python: the one entry that the commands, the benchmarks and a program use.

    >>> from kural.interpreter import game
    >>> from kural.interpreter.bots import make_bot
    >>> from kural.dsl.loader import load           # the rule file is the rules language's to read
    >>> g = load(game_id)                           # an id from `kural list`, or a rule file's path
    >>> s = game.new_game(g, seed=1)                # dealt: the same seed gives the same game
    >>> bot = make_bot("random", 1)
    >>> while not game.is_over(s):
    ...     game.apply(s, bot.choose(s, game.legal(s)))
    >>> game.to_move(s), game.legal(s)              # over: nobody to move, nothing legal
    (None, [])
    >>> sorted(game.result(s))[-2:]                 # the record's result: also hands, fields, ...
    ['scores', 'winners']
    >>> hands = [z for z in game.view(s, 0)["zones"] if z.name == g.hand_zone]
    >>> [z.cards is not None for z in hands][:2]    # seat 0 sees its own hand, only the count of others'
    [True, False]

The shape is OpenSpiel's (a game holds the static facts, a state moves on; see its `State`). The game g,
the checked definition, is read by the rules language above the engine (dsl/loader.py: load(game,
variants, sets, players), load_for_record(record) for a record's), which the engine never imports:

    new_game(g, seed) -> s                       the first round set up, the first seat to move
    to_move(s), is_over(s)                       the seat to move (None once over); whether it is over
    legal(s) -> [move]                           the seat to move's legal moves ([] once over)
    apply(s, move)                               play one of legal(s) and run the flow on
    play_out(s, bots)                            play on to the end, bots[seat] choosing each seat's moves
    result(s, hands=True) -> dict                winners, scores, fields, hands (the record's `result`)
    view(s, seat) -> dict                        a seat's view of the position
    copy(s) -> s'                                an independent copy, for a bot that looks ahead
    record_of(s, seats) -> dict                  the game so far as a record (interpreter/record.py)
    replay(g, record, upto) -> (s, problems)     a record's moves played again, and what differs

A move is `(move index, (choice values...))`, as legal(s) gives it; find_move(s, wanted) is the legal
move equal to a move built by hand (cards compared by face).

The engine owns every policy of the flow, so no caller decides one: the game is over when the rules
say so (`flow.end`), or when it reaches `game.max_moves` (then `result` says `"aborted": true`); a
position that is not over and offers no legal move is an error of the rule file (legal raises
PlayError at the step that offers nothing: both `kural play` and `kural simulate` report it so); a
rule that fails in play is a PlayError at its place in the rule file.

These are the engine's own functions, given their public names here (no wrapper on the hot path):
interpreter/engine.py runs the flow, interpreter/legal.py makes the legal moves, interpreter/view.py
the seat's view, interpreter/record.py records and replays.
"""
from __future__ import annotations

from . import record as _record
from .bots import play_out
from .engine import apply, find_move, new_game, result
from .engine import moves_to_play as legal  # [] once over; PlayError where a game that goes on offers none
from .gamedef import GameDef
from .record import replay
from .state import Move, State
from .view import view

__all__ = ["GameDef", "Move", "State", "apply", "copy", "find_move", "is_over", "legal", "new_game", "play_out",
           "record_of", "replay", "result", "to_move", "view"]


def is_over(s: State) -> bool:
    return s.over


def to_move(s: State) -> int | None:
    """The seat whose move it is; None once the game is over."""
    return None if s.over else s.me


def copy(s: State) -> State:
    """An independent copy: playing on it leaves `s` as it was (a bot that looks ahead)."""
    return s.copy()


def record_of(s: State, seats: list[str], with_result: bool = True) -> dict:
    """The game so far as a record (docs/language.md §5.6), seats named by `seats`; with its result once
    the game is over, unless with_result is false (a save of a game that goes on has none)."""
    rec = _record.start(s.g, s.seed, seats, s)
    rec["moves"] = _record.moves_of(s.g, s)
    return _record.finish(rec, s) if with_result and s.over else rec
