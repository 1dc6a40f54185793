"""The learning environments (interpreter/rl.py, issue 17): PettingZoo's own API test passes for every
bundled game and variant, actions and masks are the legal moves, observations hold only what the
seat may see, and the Gymnasium environment plays one seat against kural's bots. Skipped without
the extra `rl` (pettingzoo, gymnasium)."""
from __future__ import annotations

import doctest
import warnings

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402  (installed with them)

from pettingzoo.test import api_test  # noqa: E402

import kural  # noqa: E402
from kural.interpreter.api import readable  # noqa: E402
from kural.interpreter import game as facade  # noqa: E402
from kural.interpreter import rl  # noqa: E402

from all_games import all_configs, config_id  # noqa: E402

API_TEST_CYCLES = 60  # moves per agent that api_test plays: a Fantan or Fanti game ends within them


@pytest.mark.parametrize("game_id", ["fantan", "fanti", "canasta"])
def test_the_docstring_example_runs(game_id):
    assert doctest.testmod(rl, verbose=False, extraglobs={"game_id": game_id}).failed == 0


@pytest.mark.parametrize("game_id,combo", all_configs(), ids=[config_id(*c) for c in all_configs()])
def test_pettingzoo_api_test_passes(game_id, combo):
    env = kural.env(game_id, combo)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to use a Box rather than a Dict: action masks live in a Dict
        api_test(env, num_cycles=API_TEST_CYCLES)


@pytest.mark.parametrize("game_id", ["fantan", "fanti", "canasta"])
def test_the_mask_is_the_first_steps_of_the_legal_moves(game_id):
    """Outside a move being built, the mask is one action per block of the legal moves (a move and its
    choices of fixed range), named as the moves begin."""
    env = kural.env(game_id)
    env.reset(seed=3)
    for _ in range(150):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        obs = env.observe(agent)
        state = env.table.state
        legal = facade.legal(state.raw)
        actions = obs["action_mask"].nonzero()[0]
        if env.table.building is None:
            assert set(actions) == {env.table.steps.block(m) for m in legal}
            texts = [readable(state.game.definition, m).text for m in legal]
            assert all(any(t.startswith(env.action_name(a)) for t in texts) for a in actions)
        env.step(int(actions[len(actions) // 2]))


def test_fantan_actions_are_one_per_card_and_a_pass():
    """F5/F6: a move is a card played, or a pass: 52 cards and one pass."""
    env = kural.env("fantan")
    assert env.action_space("seat_0").n == 53
    assert sorted(env.action_name(a) for a in range(53))[:2] == ["pass", "play 2C"]


def test_an_observation_shows_no_card_the_seat_may_not_see():
    """The seat's view only: the other hands' cards count, their faces do not (F1, hands `visible: owner`)."""
    env = kural.env("fantan")
    env.reset(seed=5)
    table = env.table
    obs = env.observe("seat_0")["observation"]
    width = table.tensors.width
    hands = [i for i, place in enumerate(table.tensors.places) if place[0] == "hand"]
    mine, others = hands[0], hands[1:]
    assert obs[mine * width] == 13 and obs[mine * width + 1:(mine + 1) * width].sum() == 13
    for i in others:
        assert obs[i * width] == 13 and obs[i * width + 1:(i + 1) * width].sum() == 0
    # Another deal that gives seat 0 the same hand gives it the same observation.
    state = table.state
    swapped = state.copy()
    z1, z2 = (state.game.definition.zone("hand").first_id + k for k in (1, 2))
    a, b = swapped.raw.zones[z1].pop(), swapped.raw.zones[z2].pop()
    swapped.raw.zones[z1].append(b)
    swapped.raw.zones[z2].append(a)
    assert table.tensors.observation(swapped.raw, 0) == table.tensors.observation(state.raw, 0)


def test_rewards_are_the_result_at_the_end():
    """F7: the first out wins; reward +1 to the winner, -1 to the others."""
    env = kural.env("fantan")
    env.reset(seed=7)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(2000):
        obs, reward, done, cut, info = env.last()
        totals[agent] += reward
        if done or cut:
            env.step(None)
            continue
        env.step(int(obs["action_mask"].nonzero()[0][0]))
    winners = env.table.state.result["winners"]
    assert totals == {f"seat_{i}": (1.0 if i in winners else -1.0) for i in range(4)}


def test_the_gymnasium_environment_plays_one_seat_against_bots():
    """N1: Fanti for two; the bots play seat 0, the program seat 1, and the same seed deals the same game."""
    env = rl.SeatEnv(kural.load("fanti", players=2), seat=1, opponents="heuristic")
    first, _ = env.reset(seed=2)
    obs, info = env.reset(seed=2)
    assert all(np.array_equal(first[k], obs[k]) for k in obs)
    done = cut = False
    reward = 0.0
    while not (done or cut):
        assert env.table.state.to_move == 1 and env.observation_space.contains(obs)
        mask = obs["action_mask"]
        assert np.array_equal(mask, info["action_mask"]) and mask.sum() >= 1
        obs, reward, done, cut, info = env.step(int(mask.nonzero()[0][0]))
    result = info["result"]
    assert reward == (1.0 if 1 in result["winners"] else -1.0 if result["winners"] else 0.0)
    moves = env.table.state.raw.history
    assert {seat for seat, _ in moves} == {0, 1}


# ------------------------------------------------------------------ what the environments refuse (issue 34.16)
def both_envs():
    """The AEC environment of Fantan and the Gymnasium one of Fanti for two (N1), not yet reset."""
    return kural.env("fantan"), rl.SeatEnv(kural.load("fanti", players=2), seat=0, opponents="heuristic")


def observed(env, seed):
    if isinstance(env, rl.SeatEnv):
        return env.reset(seed=seed)[0]
    env.reset(seed=seed)
    return env.observe(env.agent_selection)


def test_a_numpy_seed_deals_the_game_of_that_number_and_a_text_is_refused():
    """Issue 34.16: reset(seed=np.int64(3)) was a TypeError from random.py (numpy seeds are what RL code
    passes); reset(seed="7") is kural.ArgumentTypeError, a TypeError, as Gymnasium's seeding refuses one."""
    for env in both_envs():
        first, again = observed(env, 3), observed(env, np.int64(3))
        assert all(np.array_equal(first[k], again[k]) for k in first)
        with pytest.raises(kural.ArgumentTypeError, match="a seed is a whole number"):
            env.reset(seed="7")


@pytest.mark.parametrize("action,kind,said", [
    (-1, kural.ArgumentError, "there is no action -1: the actions are 0 to"),
    (10 ** 6, kural.ArgumentError, "there is no action 1000000"),
    (float("nan"), kural.ArgumentTypeError, "an action is a whole number"),
    ("play 7D", kural.ArgumentTypeError, "an action is a whole number"),
    (None, kural.ArgumentTypeError, "an action is a whole number"),
])
def test_step_refuses_what_is_no_action_and_plays_nothing(action, kind, said):
    """Issue 34.16: step(-1) was `max() arg is an empty sequence`, step(nan) and step("play 7D") int()'s
    words; now one sentence naming the actions, and the position is as it was."""
    for env in both_envs():
        env.reset(seed=1)
        played = env.table.state.moves_played
        with pytest.raises(kind, match=said):
            env.step(action)
        assert env.table.state.moves_played == played
    with pytest.raises(kural.ArgumentError, match="there is no action -1"):
        env.action_name(-1)


def test_an_agent_that_is_not_one_is_refused_by_name():
    """Issue 34.16 (PettingZoo's agents): observe("nope") was list.index's ValueError, action_space("nope")
    a KeyError; F1's four seats are seat_0 .. seat_3."""
    env = kural.env("fantan")
    env.reset(seed=1)
    for call in (env.observe, env.action_space, env.observation_space):
        with pytest.raises(kural.ArgumentError, match="there is no agent 'nope': the agents are seat_0, seat_1"):
            call("nope")
    assert env.action_space("seat_3").n == 53


def test_step_and_last_before_reset_say_to_reset_first():
    """Issue 34.16: step() and last() before reset() were AttributeErrors from inside. Gymnasium's error
    for it (gymnasium.error.ResetNeeded), also an AssertionError as PettingZoo's order wrapper raises."""
    import gymnasium
    aec, seat = both_envs()
    for call in (lambda: aec.step(0), aec.last, lambda: aec.observe("seat_0"), lambda: seat.step(0)):
        with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before") as caught:
            call()
        assert isinstance(caught.value, AssertionError) and "reset()" in caught.value.render("tr")


def test_the_seat_environment_refuses_bots_and_seats_it_cannot_take():
    """Issue 34.13: SeatEnv(opponents="nope") was a KeyError at reset; a seat outside N1's two is refused too."""
    game = kural.load("fanti", players=2)
    with pytest.raises(kural.ArgumentError, match="kural has no bot 'nope'"):
        rl.SeatEnv(game, opponents="nope")
    with pytest.raises(kural.ArgumentError, match="there is no seat 2"):
        rl.SeatEnv(game, seat=2)
    with pytest.raises(kural.ArgumentTypeError, match="a seat is a whole number"):
        rl.SeatEnv(game, seat="1")


def _played_to_the_end(env) -> None:
    """Plays `env` (either kind) to the end of its game with the first action of each mask."""
    if isinstance(env, rl.SeatEnv):
        obs, info = env.reset(seed=1)
        done = False
        while not done:
            obs, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = term or trunc
        return
    env.reset(seed=1)
    for _ in env.agent_iter(100_000):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))


def test_a_step_after_the_game_is_over_says_to_reset():
    """Issue 34.16's class, after the end rather than before the start: the AEC environment's step() once
    every agent is done was a KeyError ('seat_0') from inside, the seat environment's an IllegalMove
    naming a card ("action 0 (play AS) is not legal now") as if the game went on. Both are Gymnasium's
    ResetNeeded now, saying the game is over, in English and Turkish."""
    import gymnasium
    for env in both_envs():
        _played_to_the_end(env)
        with pytest.raises(gymnasium.error.ResetNeeded, match=r"the game is over: call reset\(\)") as caught:
            env.step(0)
        assert "reset()" in caught.value.render("tr") and caught.value.render("tr") != str(caught.value)
        if not isinstance(env, rl.SeatEnv):  # last() too, once every agent stepped out (a KeyError as well)
            with pytest.raises(gymnasium.error.ResetNeeded, match=r"the game is over: call reset\(\) before last"):
                env.last()
        env.reset(seed=2)  # and reset() deals the next game
        assert not env.table.state.is_over


@pytest.mark.parametrize("mode", ["human", "rgb_array", 5])
def test_a_render_mode_the_environment_has_not_is_refused_when_made(mode):
    """Issue 34.16's class (Gymnasium's and PettingZoo's convention: render_mode is one of
    metadata["render_modes"]): kural.env(render_mode="human") was taken, and render() then drew nothing."""
    with pytest.raises(kural.ArgumentError, match="render_mode is one of ansi"):
        kural.env("fantan", render_mode=mode)


@pytest.mark.parametrize("game", ["fanti", None, 5])
def test_an_environment_of_something_that_is_no_game_is_refused(game):
    """Issue 34.13's class (SeatEnv(..., bots="nope") was a KeyError): SeatEnv("fanti") and KuralEnv("fanti"),
    a game's id where a kural.Game is taken, were AttributeErrors from inside ('str' object has no
    attribute 'players'); now kural.ArgumentTypeError saying how to make a game, in both languages."""
    for make in (rl.SeatEnv, rl.KuralEnv):
        with pytest.raises(kural.ArgumentTypeError, match="game is a kural.Game") as caught:
            make(game)
        assert "kural.load" in caught.value.render("tr") and caught.value.render("tr") != str(caught.value)
