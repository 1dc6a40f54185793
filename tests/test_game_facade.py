"""interpreter/game.py, the engine's one entry (issue 13, "the engine as one facade"): what it
promises a program (docs/language.md §5.1, §5.5, §5.6), and that the commands play through it, so
that the policies of the flow it owns are decided in one place.
"""
from __future__ import annotations

import ast
import doctest
from pathlib import Path

import pytest

from kural.dsl.loader import load, load_for_record
from kural.interpreter import engine, game
from kural.interpreter.bots import make_bot
from kural.interpreter.errors import PlayError

from all_games import configs, game_ids, loaded

ROOT = Path(__file__).resolve().parents[1]
STUCK = """\
extends: fantan
moves:
  play:
    when: "count(hand(me)) > 52"
  pass:
    when: "count(hand(me)) > 52"
"""


def played(g, seed: int, upto: int | None = None):
    """A random-bot game through the facade alone, to its end or to `upto` moves."""
    s = game.new_game(g, seed)
    bot = make_bot("random", seed)
    while not game.is_over(s) and (upto is None or len(s.history) < upto):
        game.apply(s, bot.choose(s, game.legal(s)))
    return s


@pytest.mark.parametrize("game_id", ["fantan", "fanti"])
def test_the_docstring_example_runs_as_written(game_id):
    """The example a newcomer copies is checked, output and all, with a bundled game."""
    assert doctest.testmod(game, verbose=False, extraglobs={"game_id": game_id}).failed == 0


def test_a_game_played_through_the_facade_ends_and_says_who_is_to_move():
    """F7: the game ends when the rules say; then nobody is to move and nothing is legal."""
    g = load("fantan")
    s = played(g, 3, upto=5)
    assert game.to_move(s) == s.me and not game.is_over(s) and game.legal(s)
    s = played(g, 3)
    assert game.is_over(s) and game.to_move(s) is None and game.legal(s) == []
    assert game.result(s)["winners"]


def test_legal_is_the_engines_one_policy_for_a_position_that_offers_nothing(tmp_path):
    """§5.1: a position that is not over and offers no legal move is an error of the rule file, at the
    step that offers nothing; the facade gives the engine's policy, never an empty list to stop on."""
    path = tmp_path / "stuck.yaml"
    path.write_text(STUCK, encoding="utf-8")
    g = load(str(path))
    s = game.new_game(g, 1)
    with pytest.raises(PlayError) as info:
        game.legal(s)
    assert info.value.where == g.steps[s.step].where and "has no legal move at move 1" in info.value.message


def _seat_bots(g, seed: int, kinds: list[str]) -> list:
    return [make_bot(kinds[seat % len(kinds)], seed * 64 + seat) for seat in range(g.players)]


def _by_the_facade(g, seed: int, kinds: list[str], upto: int):
    s = game.new_game(g, seed)
    bots = _seat_bots(g, seed, kinds)
    while not game.is_over(s) and len(s.history) < upto:
        game.apply(s, bots[s.me].choose(s, game.legal(s)))
    return s


@pytest.mark.parametrize("config", [(gid, variants) for gid in game_ids() for variants in configs(gid)[:3]],
                         ids=lambda c: "+".join((c[0],) + c[1]))
def test_play_out_plays_the_game_that_the_facade_plays(config):
    """§5.1: play_out(s, bots) is the loop of legal, choose and apply: with random bots at every seat (its
    written-out loop), and with a heuristic seat among them (the loop as written), the same moves, so
    the same record, as the facade played move by move; the move bound ends both alike."""
    gid, variants = config
    g = loaded(gid, variants)
    for seed, kinds in [(1, ["random"]), (2, ["random"]), (3, ["heuristic", "random"])]:
        bound = min(g.max_moves, 400)
        short = g if bound == g.max_moves else _bounded(g, bound)
        s = game.new_game(short, seed)
        game.play_out(s, _seat_bots(short, seed, kinds))
        expected = _by_the_facade(short, seed, kinds, bound)
        assert s.history == expected.history and s.zones == expected.zones and s.vars == expected.vars
        assert game.result(s) == game.result(expected)


def _bounded(g, moves: int):
    """The game with a lower move bound (a caller may lower it: the facade's policy then ends the game)."""
    import copy
    short = copy.copy(g)
    short.max_moves = moves
    return short


def test_play_out_reports_a_position_that_offers_nothing_as_the_facade_does(tmp_path):
    """§5.1: the written-out loop keeps the engine's one policy: no legal move is the rule file's error."""
    path = tmp_path / "stuck.yaml"
    path.write_text(STUCK, encoding="utf-8")
    g = load(str(path))
    with pytest.raises(PlayError) as info:
        game.play_out(game.new_game(g, 1), _seat_bots(g, 1, ["random"]))
    assert info.value.where == g.steps[0].where and "has no legal move at move 1" in info.value.message


def test_a_copy_plays_on_without_changing_the_original():
    """A bot that looks ahead plays on a copy: the position it came from is unchanged."""
    g = load("fantan")
    s = played(g, 4, upto=10)
    before = (repr(s.zones), list(s.vars), s.me, len(s.history))
    ahead = game.copy(s)
    game.apply(ahead, game.legal(ahead)[0])
    assert (repr(s.zones), list(s.vars), s.me, len(s.history)) == before
    assert len(ahead.history) == len(s.history) + 1


def test_the_record_of_a_game_replays_to_the_same_state_and_result():
    """§5.6: a record is the whole story: replayed, it reproduces the game and its result exactly; a game
    that goes on is recorded without a result (a save), and replays to the same position."""
    g = load("fantan")
    s = played(g, 6)
    rec = game.record_of(s, ["a", "b", "c", "d"])
    again, problems = game.replay(g, rec)
    assert problems == [] and again.history == s.history and rec["result"] == game.result(again)
    half = played(g, 6, upto=20)
    save = game.record_of(half, ["a", "b", "c", "d"], with_result=False)
    assert "result" not in save
    resumed, problems = game.replay(load_for_record(save), save)
    assert problems == [] and resumed.history == half.history and game.to_move(resumed) == game.to_move(half)


def test_the_view_hides_what_a_seat_may_not_see():
    """§5.5: another seat's hand is only counted; the seat's own hand is shown."""
    g = load("fantan")
    s = played(g, 2, upto=3)
    hands = [z for z in game.view(s, 1)["zones"] if z.name == g.hand_zone]
    assert [z.cards is not None for z in hands] == [seat == 1 for seat in range(g.players)]
    assert all(z.count == len(s.zones[g.zone(g.hand_zone).first_id + z.owner]) for z in hands)


def test_the_facade_gives_the_engines_own_functions():
    """No second implementation: the facade's hot path is the engine's functions themselves."""
    assert game.apply is engine.apply and game.legal is engine.moves_to_play and game.new_game is engine.new_game


@pytest.mark.parametrize("module", ["cli/play.py", "cli/simulate.py", "cli/render.py", "cli/checks.py",
                                    "benchmarks/timing.py"])
def test_the_commands_play_through_the_facade(module):
    """The commands that start, play, copy, view or replay a game take these from interpreter/game.py,
    not from the modules behind it, so that a policy of the flow is never decided beside the engine."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    behind = {"kural.interpreter.engine", "kural.interpreter.legal", "kural.interpreter.view", "kural.interpreter.record"}
    direct = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
              and node.module in behind and not _in_fallback(tree, node)]
    assert direct == [], direct


def _in_fallback(tree, node) -> bool:
    """An import in the `except ImportError:` branch of benchmarks/timing.py (an older engine, measured
    against this one, has no interpreter/game.py)."""
    return any(isinstance(h, ast.ExceptHandler) and node in ast.walk(h) for h in ast.walk(tree))
