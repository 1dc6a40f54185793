"""Every bundled game and variant is an OpenSpiel game (openspiel.py, `import kural.openspiel`), checked by
OpenSpiel's own test and played by its own ISMCTS (issue 39). Skipped where the extra is not installed
(pip install 'kural[openspiel]').

The suite runs one random simulation of each game that random play ends soon (all_games.short_game_ids:
measured, never named), the longer run more of them:

    KURAL_OPENSPIEL_SIMS=20 pytest tests/test_openspiel.py      # 20 sims of each

A game that random play does not end (Kanasta: random players meld too little to go out, and its move
bound is 60000 moves) is played with a variant of the test's own that lowers that bound (BOUND moves,
then the game stops, aborted: a terminal state with no winner): random_sim_test reads every seat's
information state at every step, each as long as the game so far, so a game to 60000 moves would take
hours; bounded, the same rule file's positions and moves are tested in seconds.
"""
from __future__ import annotations

import os

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import kural  # noqa: E402
import kural.openspiel  # noqa: E402,F401  (registers "kural")
from kural.openspiel import KuralBot  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from all_games import all_configs, config_id, short_game_ids  # noqa: E402

SIMS = int(os.environ.get("KURAL_OPENSPIEL_SIMS", "1"))
BOUND = 300  # moves of a game that random play does not end, in random_sim_test (see the docstring)


def _params(game: str, combo: tuple) -> dict:
    return {"game": game, "variants": ",".join(combo)}


@pytest.mark.parametrize("game,combo", all_configs(), ids=[config_id(g, c) for g, c in all_configs()])
def test_random_sim_test_passes_with_serialization(game, combo, tmp_path):
    params = _params(game, combo)
    if game not in short_game_ids():  # bounded by a variant of its own (see the module's docstring)
        bounded = tmp_path / game / "bounded.yaml"
        bounded.parent.mkdir()
        bounded.write_text(f"extends: {game}\nvariant: {{id: bounded}}\ngame:\n  max_moves: {BOUND}\n",
                           encoding="utf-8")
        params["variants"] = ",".join([*combo, str(bounded)])
    loaded = pyspiel.load_game("kural", params)
    pyspiel.random_sim_test(loaded, num_sims=SIMS, serialize=True, verbose=False)


def test_the_game_string_keeps_a_list_and_a_variant_that_reads_as_a_number():
    """A comma ends a param in OpenSpiel's game string, and `351` would read back as an int: lists are written
    with `;`, and such a one ends with it, so the game loads again from its own string."""
    game = pyspiel.load_game("kural", {"game": "fantan", "variants": "any7,maca7"})
    again = pyspiel.load_game(str(game))
    assert again.get_parameters()["variants"] == "any7;maca7"
    canasta = pyspiel.load_game("kural", {"game": "canasta", "variants": "351", "players": 2})
    assert pyspiel.load_game(str(canasta)).num_players() == 2


def test_the_deal_is_chance_nodes_and_a_capture_is_played_in_steps():
    game = pyspiel.load_game("kural", {"game": "fanti", "players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == game.max_chance_outcomes() == 52
    rng = np.random.RandomState(3)
    stepped = False
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        before = state.play.state.moves_played
        state.apply_action(int(rng.choice(state.legal_actions())))
        stepped |= state.play.state.moves_played == before  # a step that did not play the move yet
    assert stepped and game.num_distinct_actions() < 200
    assert sorted(state.returns()) in ([-1.0, -1.0, 1.0], [-1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0])


def test_the_observer_gives_the_states_tensors_with_their_named_segments():
    game = pyspiel.load_game("kural", {"game": "fantan"})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    kural_state = state.play.state
    assert state.information_state_tensor(1) == pytest.approx(kural_state.information_state_tensor(1))
    assert state.observation_string(1) == kural_state.observation_string(1)
    names = [name for name, *_ in kural_state.game.information_state_layout]
    from open_spiel.python.observation import make_observation
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert list(observation.dict) == names


def _ismcts(game, seed: int, simulations: int = 40):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, evaluator, 1.5, simulations, random_state=np.random.RandomState(seed),
                            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)


@pytest.mark.parametrize("params", [{"game": "fanti", "players": 2}, {"game": "fantan"}])
def test_ismcts_plays_against_kurals_heuristic_bots_through_evaluate_bots(params):
    """OpenSpiel's ISMCTS (its resample_from_infostate is the State's) against kural's bots as pyspiel bots;
    a whole game is played, and someone's return is +1."""
    game = pyspiel.load_game("kural", params)
    bots = [_ismcts(game, 1, 8)] + [KuralBot("heuristic", seat) for seat in range(1, game.num_players())]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)
    assert len(returns) == game.num_players() and 1.0 in returns


def test_a_kural_bot_gives_a_whole_capture_step_by_step():
    game = pyspiel.load_game("kural", {"game": "fanti", "players": 2})
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [KuralBot("heuristic", 0), KuralBot("random", 1)], 5)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0], [1.0, 1.0])


def test_a_resampled_state_has_the_same_information_state():
    game = pyspiel.load_game("kural", {"game": "fanti", "players": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(80):
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    drawn = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
    assert drawn.information_state_string(seat) == state.information_state_string(seat)
    assert drawn.legal_actions() == state.legal_actions()


def test_the_examples_of_docs_openspiel_md_run_as_written():
    """docs/openspiel.md: the game's facts, random_sim_test, and ISMCTS against kural's heuristic bots on Fanti."""
    import doctest
    from pathlib import Path
    result = doctest.testfile(str(Path(__file__).resolve().parents[1] / "docs" / "openspiel.md"),
                              module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 5
