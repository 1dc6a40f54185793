"""Issue 39, its second and third parts: every bundled game and variant passes Gymnasium's `check_env` and
PettingZoo's `api_test` and `seed_test`, as kural's environments are (interpreter/rl.py); an illegal action
ends the episode with a penalty; reset() without a seed deals a fresh game; the mask never hides a legal
move; `gymnasium.make("kural/<game>-v0")` for every game of games/. Skipped without the extra `rl`."""
from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402  (installed with them)
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils.wrappers import OrderEnforcingWrapper, TerminateIllegalWrapper  # noqa: E402

import kural  # noqa: E402
from kural.interpreter import game as facade  # noqa: E402
from kural.interpreter import rl  # noqa: E402

from all_games import all_configs, config_id, game_ids  # noqa: E402

CONFIGS = all_configs()
IDS = [config_id(*c) for c in CONFIGS]
SEED_CYCLES = 30  # moves per agent seed_test compares


@pytest.mark.parametrize("game_id,combo", CONFIGS, ids=IDS)
def test_gymnasiums_check_env_passes(game_id, combo):
    """check_env steps with random actions of the whole space (illegal ones end the episode), checks the
    seeding, the spaces' bounds and the render mode; its warnings are failures here."""
    env = gymnasium.make(f"kural/{game_id}-v0", variants=list(combo), render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("game_id,combo", CONFIGS, ids=IDS)
def test_pettingzoos_seed_test_passes(game_id, combo):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: kural.env(game_id, combo), num_cycles=SEED_CYCLES)


def test_every_game_of_games_is_registered_with_gymnasium():
    registered = sorted(k for k in gymnasium.registry if k.startswith("kural/"))
    assert registered == sorted(f"kural/{g}-v0" for g in game_ids())


@pytest.mark.parametrize("game_id", game_ids())
def test_the_classic_wrappers_conventions_hold(game_id):
    """PettingZoo classic wraps an environment in TerminateIllegalWrapper and OrderEnforcingWrapper: both
    take kural's, api_test passes through them, and an illegal action through them ends the episode."""
    env = OrderEnforcingWrapper(TerminateIllegalWrapper(kural.env(game_id), illegal_reward=-1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=20)
        env.reset(seed=1)
        agent = env.agent_selection
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.terminations[agent] and env.rewards[agent] == -1


@pytest.mark.parametrize("game_id", game_ids())
def test_an_illegal_action_ends_the_episode_with_a_penalty(game_id):
    """PettingZoo classic's convention (TerminateIllegalWrapper's), kept by kural's environments themselves."""
    env = kural.env(game_id)
    env.reset(seed=2)
    agent = env.agent_selection
    obs, *_ = env.last()
    played = env.table.state.moves_played
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.rewards[agent] == rl.ILLEGAL_REWARD == -1.0
    assert all(env.terminations.values()) and env.infos[agent]["illegal_move"]
    assert all(r == 0 for a, r in env.rewards.items() if a != agent)
    assert env.table.state.moves_played == played
    for a in env.agent_iter():
        env.step(None)
    assert not env.agents
    seat = gymnasium.make(f"kural/{game_id}-v0")
    obs, info = seat.reset(seed=2)
    obs, reward, done, cut, info = seat.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, done, cut, info["illegal_move"]) == (-1.0, True, False, True)
    with pytest.raises(gymnasium.error.ResetNeeded):
        seat.step(0)


def test_reset_without_a_seed_deals_a_fresh_game_and_after_a_seed_the_same_ones():
    """Issue 39: reset() with no seed replayed seed 0. Now a fresh environment deals from the system's
    entropy; after reset(seed=s), the games without a seed follow from s."""
    hands = set()
    for _ in range(4):
        env = gymnasium.make("kural/fantan-v0")
        obs, _ = env.reset()
        hands.add(tuple(obs["observation"]))
    assert len(hands) > 1
    first = gymnasium.make("kural/fantan-v0")
    second = gymnasium.make("kural/fantan-v0")
    runs = []
    for env in (first, second):
        env.reset(seed=9)
        runs.append([tuple(env.reset()[0]["observation"]) for _ in range(3)])
    assert runs[0] == runs[1] and len(set(runs[0])) == 3


def walk_steps(game, state, move):
    """Plays `move` on a copy of `state` through the environment's steps, each one offered by the mask;
    gives the move played."""
    table = rl.Table(game, "win")
    table.state = state.clone()
    steps = table.steps
    block = steps.block(move)
    assert table.mask()[block]
    table.play(block)
    for counts in steps.lists_of(move):
        if table.building is None:
            break
        for face, count in enumerate(counts):
            for _ in range(count - table.building[2][face] if table.building else 0):
                assert table.mask()[steps.blocks + face]
                table.play(steps.blocks + face)
                if table.building is None:
                    break
            if table.building is None:
                break
        if table.building is not None:
            assert table.mask()[steps.end]
            table.play(steps.end)
    assert table.building is None
    return table.state.raw.history[-1][1]


@pytest.mark.parametrize("game_id", game_ids())
def test_the_mask_never_hides_a_legal_move(game_id):
    """Issue 39: max_options=64 left 65 Kanasta moves out of the mask. Every legal move of every position
    of a game is reached by steps the mask offers, and playing them plays that move."""
    game = kural.load(game_id)
    state = game.new(seed=3)
    bot = kural.bot("heuristic", 3)
    for _ in range(40):
        if state.is_over:
            break
        by_action = game.actions.legal(facade.legal(state.raw))
        for action, move in by_action.items():
            assert game.actions.encode(walk_steps(game, state, move)) == action
        state.apply(bot.choose(state))


def test_a_capture_of_several_cards_is_built_in_steps_named_as_the_table_reads_them():
    """N10: where a card takes in several ways, its action starts the move, `+` adds a card and `=` ends it."""
    game = kural.load("fanti")
    env = rl.KuralEnv(game)
    for seed in range(40):
        env.reset(seed=seed)
        blocks = env.table.blocks()
        several = [b for b, moves in blocks.items() if len({game.actions.encode(m) for m in moves}) > 1]
        if several:
            break
    env.step(several[0])
    assert env.table.building is not None and env.agent_selection == f"seat_{env.table.state.to_move}"
    obs = env.observe(env.agent_selection)
    names = [env.action_name(a) for a in np.flatnonzero(obs["action_mask"])]
    assert names and all(n.startswith("+") or n == "=" for n in names)
    building = [s for s in env.layout if s[0] == "building"][0]
    assert obs["observation"][building[1] + several[0]] == 1


@pytest.mark.parametrize("variants", [[], ["351"]])
def test_canasta_with_random_masked_actions_finishes_against_heuristic_opponents(variants):
    env = gymnasium.make("kural/canasta-v0", variants=variants, opponents="heuristic")
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=1)
    for steps in range(20_000):
        obs, reward, done, cut, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if done or cut:
            break
    assert done and "result" in info and reward in (-1.0, 1.0, 0.0)


def test_render_ansi_draws_the_table_and_the_opponents_can_be_policies():
    env = gymnasium.make("kural/fantan-v0", render_mode="ansi", opponents=["heuristic", "random",
                                                                           lambda s: s.legal()[0], "heuristic"])
    env.reset(seed=1)
    assert env.render() == str(env.unwrapped.table.state) and "your hand" in env.render()
    assert kural.env("fantan").render() is None
