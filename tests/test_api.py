"""The Python API (interpreter/api.py, issue 17): OpenSpiel's shape over the engine facade, with cards
and moves as readable values; its examples run as doctests and its type hints are checked."""
from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kural.cli import simulate
from kural.cli.reading import Reader
import kural
from kural.interpreter import game as facade
from kural.interpreter.bots import make_bot

from all_games import game_ids, short_game_ids

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game_id", short_game_ids())
def test_the_docstring_example_runs_for_every_game_bots_finish(game_id):
    """(It plays a game to its end by random bots: the games they finish within the test's move bound.)"""
    assert doctest.testmod(kural, verbose=False, extraglobs={"game_id": game_id}).failed == 0


def test_the_examples_of_docs_python_md_run_as_written():
    """docs/python.md: the API's examples with the bundled games (F2: 7D opens; D1, D9, D11)."""
    pytest.importorskip("pettingzoo")  # its last part shows the environments (the extra rl)
    result = doctest.testfile(str(ROOT / "docs" / "python.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 20


def test_the_type_hints_of_the_api_and_the_environments_check(tmp_path):
    """The API ships py.typed at the package's root: its hints must hold (mypy, configured in pyproject.toml),
    the entries that read a rule file (dsl/entry.py) with the types they give.
    mypy reads the package by its import name, through a folder where `kural` names this checkout."""
    pytest.importorskip("mypy")
    assert (ROOT / "py.typed").exists()
    (tmp_path / "kural").symlink_to(ROOT, target_is_directory=True)
    proc = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "-m", "kural", "-m", "kural.interpreter.api", "-m", "kural.dsl.entry",
                           "-m", "kural.interpreter.rl"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def random_positions(game, seed: int, every: int = 5, upto: int = 200):
    """States of a random game, every few moves, up to `upto` moves."""
    state = game.new(seed)
    bot = make_bot("random", seed)
    while not state.is_over and state.moves_played < upto:
        if state.moves_played % every == 0:
            yield state
        facade.apply(state.raw, bot.choose(state.raw, facade.legal(state.raw)))


@pytest.mark.parametrize("game_id", game_ids())
def test_a_moves_text_is_what_the_table_reads_as_that_move(game_id):
    """str(move) is the table's input notation: `kural play` reads each legal move's text as that move."""
    game = kural.load(game_id)
    reader = Reader(game.definition, "en")
    for state in random_positions(game, 2):
        legal = state.legal()
        raw = facade.legal(state.raw)
        assert [m._raw for m in legal] == raw
        for move in legal:
            assert reader.read(state.raw, raw, str(move), []).move == move._raw, str(move)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_move_names_its_cards_by_code_and_its_choices_by_name(game_id):
    game = kural.load(game_id)
    deck = set(game.deck)
    for state in random_positions(game, 3, every=7):
        for move in state.legal():
            assert move.name in game.move_names
            assert set(move.cards) <= deck
            assert str(move).split()[0] == move.name
            assert set(move.choices) == {c.name for c in game.definition.moves[move._raw[0]].choices}


def test_apply_takes_a_move_or_its_text_and_refuses_what_is_not_legal():
    """F2: the game opens with 7D; F4: a suit is opened by its 7 only."""
    state = kural.load("fantan").new(seed=1)
    with pytest.raises(kural.IllegalMove, match="legal: play 7D"):
        state.apply("play 8D")
    state.apply(" PLAY   7d ")
    assert state.moves_played == 1
    again = kural.load("fantan").new(seed=1)
    again.apply(again.legal()[0])
    assert again.record() == state.record()


def test_a_seat_sees_its_own_hand_and_only_the_count_of_the_others():
    """F1: 13 cards each; a hand is `visible: owner`."""
    game = kural.load("fantan")
    state = game.new(seed=4)
    for seat in range(game.players):
        view = state.view(seat)
        hands = [z for z in view.zones if z.name == "hand"]
        assert [z.count for z in hands] == [13] * 4
        assert [z.cards is not None for z in hands] == [z.owner == seat for z in hands]
        assert len(view.hand) == 13 and set(view.hand) <= set(game.deck)


def test_a_copy_plays_on_alone():
    state = kural.load("fanti").new(seed=5)
    before = state.record()
    other = state.copy()
    other.play_out("random")
    assert other.is_over and not state.is_over and state.record() == before
    assert state.result is None and other.result is not None


def test_a_record_replays_to_the_same_game_and_a_changed_one_is_refused():
    state = kural.load("fanti", players=3).new(seed=6)
    state.play_out("random")
    record = state.record()
    again = kural.replay(json.dumps(record))
    assert again.result == state.result and again.game.players == 3
    changed = json.loads(json.dumps(record))
    changed["result"]["scores"][0] += 1
    with pytest.raises(kural.ReplayError) as refused:
        kural.replay(changed)
    assert "result differs" in refused.value.problems[0]


def test_params_variants_and_players_load_as_the_rules_allow():
    """D1: the 351 game is for 2 to 4 players; D11: to 351, or 555 by agreement."""
    game = kural.load("canasta", variants=["351"], params={"targets": [555]}, players=2)
    assert (game.players, game.variants, game.params["targets"]) == (2, ["351"], [555])
    assert game.teams == [[0], [1]]
    assert kural.load("fantan", params={"start_card": "7S"}).params["start_card"] == "7S"  # FV1 by a param
    from kural.dsl.errors import RuleError
    with pytest.raises(RuleError, match="no param `target`"):
        kural.load("canasta", params={"target": 1})


def test_bots_play_the_game_kural_simulate_plays_for_the_same_seed(tmp_path):
    """A program's bots are seeded as simulate's: the same seed gives the same record."""
    game = kural.load("fantan")
    state = game.new(seed=9)
    state.play_out("heuristic")
    _, rec = simulate.play_one(game.definition, 9, ["heuristic"] * 4, True, False, game.seat_names)
    assert state.record() == rec

