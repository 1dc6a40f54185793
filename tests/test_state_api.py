"""Issue 39, its first part: the Python State with a game engine's surface (OpenSpiel's): integer actions
stable per game, returns, clone/child/undo/history, observation and information state strings and tensors
from a seat's view, resample_from_infostate, and kural's bots as policies (interpreter/actions.py,
interpreter/observation.py, interpreter/policies.py). Every game is found in games/, never named."""
from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import kural

from all_games import game_ids

PLIES = 60  # moves of a game each test walks (a Fanti or Fantan game is longer: enough to meet its every kind)


def walked(game_id, seed=1, plies=PLIES):
    """The states of one game played by the heuristic bots, `plies` moves from the deal (or to its end)."""
    state = kural.load(game_id).new(seed)
    bot = kural.bot("heuristic", seed)
    out = []
    while not state.is_over and len(out) < plies:
        out.append(state.clone())
        state.apply(bot.choose(state))
    return out + [state]


@pytest.mark.parametrize("game_id", game_ids())
def test_an_action_is_the_same_move_in_every_position(game_id):
    """An integer names one move of the game: its text is the same wherever it is legal, two legal moves
    never share one, and playing it plays that move (the move's cards, whichever twin)."""
    names: dict[int, str] = {}
    for state in walked(game_id):
        actions = state.legal_actions()
        assert actions == sorted(set(actions))
        for action in actions:
            text = state.action_to_string(action)
            assert names.setdefault(action, text) == text
            assert state.string_to_action(text) == action
            child = state.child(action)
            assert child.history() == state.history() + [action]
        if not state.is_over:
            move = state.legal()[0]
            assert state.game.actions.encode(move._raw) in actions
    assert len(set(names.values())) == len(names)


def test_a_list_of_cards_is_one_action_whatever_its_order():
    """N10: a capture is its cards' faces; the same capture listed in another order is the same action."""
    game = next(kural.load(g) for g in game_ids() if any(c.of_card_lists for m in kural.load(g).definition.moves
                                                         for c in m.choices))
    codes = game.actions
    for state in walked(game.id):
        for move in state.legal():
            index, values = move._raw
            turned = (index, tuple(list(reversed(v)) if isinstance(v, list) else v for v in values))
            assert codes.encode(turned) == codes.encode(move._raw)


def test_a_value_of_a_written_list_is_numbered():
    """A plain choice from a list the rule file writes (`call: "[0, 1, 2, 3]"`) takes a digit per value."""
    eights = Path(__file__).parent / "games" / "eights.yaml"
    game = kural.load(str(eights))
    sizes = {m.name: s for m, s in zip(game.definition.moves, game.actions.sizes)}
    assert [s for s in sizes.values() if len(s) == 2] == [[len(set(game.definition.deck.face)), 4]]
    state = game.new(seed=3)
    state.play_out("random")
    assert all(isinstance(a, int) for a in state.history())


@pytest.mark.parametrize("game_id", game_ids())
def test_returns_are_zero_until_the_end_then_the_winners(game_id):
    state = kural.load(game_id).new(seed=2)
    assert state.returns() == [0.0] * state.game.players and state.current_player() == state.to_move
    state.play_out("heuristic")
    g = state.game.definition
    unit = (lambda seat: g.team_of[seat]) if g.result.per == "team" else (lambda seat: seat)
    winners = set(state.result["winners"])
    assert state.returns() == [1.0 if unit(s) in winners else -1.0 for s in range(state.game.players)]
    assert state.rewards() == state.returns()
    assert state.current_player() == kural.TERMINAL == -4 and state.is_terminal() and state.legal_actions() == []
    assert not state.is_chance_node() and kural.CHANCE == -1


@pytest.mark.parametrize("game_id", game_ids())
def test_clone_child_and_undo_leave_each_position_as_it_was(game_id):
    states = walked(game_id, seed=4, plies=25)
    last = states[-1]
    before = [(s.history(), s.legal_actions(), s.observation_tensor(0)) for s in states]
    for k in range(len(states) - 1, 0, -1):
        last.undo()
        assert (last.history(), last.legal_actions(), last.observation_tensor(0)) == before[k - 1]
    assert [(s.history(), s.legal_actions(), s.observation_tensor(0)) for s in states[:-1]] == before[:-1]
    with pytest.raises(kural.ArgumentError, match="no move to undo"):
        last.undo()


def test_legal_actions_of_a_seat_not_to_move_are_none_and_an_action_not_legal_is_refused():
    state = kural.load("fantan").new(seed=1)
    seat = state.current_player()
    assert state.legal_actions(seat) and state.legal_actions((seat + 1) % 4) == []
    other = next(a for a in range(state.game.num_distinct_actions) if a not in state.legal_actions())
    with pytest.raises(kural.IllegalMove, match="is not a legal move now"):
        state.apply_action(other)
    assert state.moves_played == 0


@pytest.mark.parametrize("game_id", game_ids())
def test_the_tensors_are_laid_out_as_named_and_within_their_bounds(game_id):
    game = kural.load(game_id)
    for layout, size_of in ((game.observation_layout, "observation_tensor"),
                            (game.information_state_layout, "information_state_tensor")):
        assert [start for _, start, *_ in layout] == [sum(s for _, _, s, *_ in layout[:k]) for k in range(len(layout))]
        for state in walked(game_id, plies=30):
            for seat in range(game.players):
                tensor = getattr(state, size_of)(seat)
                assert len(tensor) == sum(size for _, _, size, *_ in layout)
                for _, start, size, low, high in layout:
                    assert all(low <= x <= high for x in tensor[start:start + size])


@pytest.mark.parametrize("game_id", game_ids())
def test_what_a_seat_knows_leaves_out_what_it_may_not_see(game_id):
    """A resampled position (the cards the seat does not see moved among the places it does not see) is
    the same to that seat, as text and as numbers; to another seat it is not, on some draw."""
    state = walked(game_id, seed=5, plies=12)[-1]
    seat = state.current_player() if not state.is_over else 0
    differs = False
    for draw in range(5):
        drawn = state.resample_from_infostate(seat, draw)
        assert drawn.observation_tensor(seat) == state.observation_tensor(seat)
        assert drawn.observation_string(seat) == state.observation_string(seat)
        assert drawn.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert drawn.information_state_string(seat) == state.information_state_string(seat)
        other = (seat + 1) % state.game.players
        differs |= drawn.observation_tensor(other) != state.observation_tensor(other)
    assert differs


def test_resampling_takes_a_seed_a_generator_or_a_sampler_and_the_same_one_draws_the_same():
    state = walked("fantan", seed=6, plies=8)[-1]
    one = state.resample_from_infostate(0, random.Random(3))
    again = state.resample_from_infostate(0, 3)
    assert one.observation_tensor(1) == again.observation_tensor(1)
    sampled = state.resample_from_infostate(0, random.Random(1).random)
    sampled.play_out("random")
    assert sampled.is_over and not state.is_over
    with pytest.raises(kural.ArgumentTypeError, match="rng is a seed"):
        state.resample_from_infostate(0, "seven")
    with pytest.raises(kural.ArgumentError, match="no deal to play again"):
        sampled.undo()


def test_the_information_state_holds_the_moves_as_the_seat_saw_them():
    """F5: a card played is on the table in sight: every seat knows it; the count of the cards chosen."""
    state = walked("fantan", seed=1, plies=6)[-1]
    lines = state.information_state_string(2).split("moves:\n")[1].splitlines()
    assert len(lines) == state.moves_played
    assert lines[0] == f"{state.raw.history[0][0]}: {state.action_to_string(state.history()[0])}"


def test_str_of_a_state_is_the_table_as_kural_play_draws_it():
    state = kural.load("fantan").new(seed=1)
    assert str(state).splitlines()[-1] == "1) ♦7"


# ------------------------------------------------------------------ policies (part 4)
def test_kurals_bots_are_policies_and_any_policy_plays_out_a_game():
    state = kural.load("fanti", players=2).new(seed=2)
    move = kural.bot("heuristic", seed=2).choose(state)
    assert move in state.legal()
    chosen = []

    class LastAction:
        def choose(self, state):
            chosen.append(state.legal_actions()[-1])
            return chosen[-1]

    state.play_out([LastAction(), lambda s: str(s.legal()[0])])
    assert state.is_over and chosen and set(chosen) <= set(state.history())


@pytest.mark.parametrize("choice", [None, 10 ** 30, "nothing", 3.5])
def test_a_policy_that_chooses_no_legal_move_is_refused_by_name(choice):
    state = kural.load("fantan").new(seed=1)
    with pytest.raises(kural.ArgumentTypeError, match="a policy gives a Move of state.legal()"):
        state.play_out(lambda s: choice)


def test_a_bot_named_module_colon_name_plays_and_one_that_cannot_be_imported_is_refused(tmp_path, monkeypatch):
    (tmp_path / "mypolicies.py").write_text(textwrap.dedent("""
        class First:
            def choose(self, state):
                return state.legal()[0]
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    state = kural.load("fantan").new(seed=1)
    state.play_out("mypolicies:First")
    assert state.is_over
    with pytest.raises(kural.ArgumentError, match="cannot use the bot nopolicies:First: ModuleNotFoundError"):
        kural.load("fantan").new(seed=1).play_out("nopolicies:First")


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_the_commands_take_bots_as_module_colon_name(tmp_path, command):
    """`--bots module:Name` imports the module from the working folder; one that cannot be imported is a
    usage error (exit 2) that says why, before any game is played."""
    (tmp_path / "mypolicies.py").write_text("def first(state):\n    return state.legal_actions()[0]\n")
    kural_command = Path(sys.executable).parent / "kural"
    args = ["fantan", "--games", "2", "--workers", "1"] if command == "simulate" else \
        ["fantan", "--variant", "maca7", "--games", "2"]
    run = subprocess.run([str(kural_command), command, *args, "--bots", "mypolicies:first"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "mypolicies:first" in run.stdout, run.stdout + run.stderr
    bad = subprocess.run([str(kural_command), command, *args, "--bots", "nopolicies:first"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "cannot use the bot nopolicies:first" in bad.stderr
