"""kural games as learning environments: a PettingZoo AEC environment for any rule file (`kural.env`), and a
Gymnasium environment that plays one seat against opponents (`SeatEnv`; `gymnasium.make("kural/<game>-v0")`
for a bundled game). Needs the optional extra: pip install 'kural[rl]'.

Everything is worked out from the compiled game (its moves, their choices, the deck), so a rule file
of your own is an environment as the bundled ones are:

- **Actions** are a fixed Discrete space, and the mask never hides a legal move. Each move of the rule
  file has a block of actions, one per value of its choices of fixed range (interpreter/actions.py's
  digits: a card's face, a group's number, a value of a written list). A move that also chooses a list
  of cards (a meld, a capture) is played in steps: its block's action picks the move and its other
  choices (and plays it when only one list fits), then one action per face adds a card of that face to
  the list (`+7D`), and the action `=` ends the list; the mask offers only cards and ends that lead to
  a legal move, so every step is one of its legal moves' prefixes, and the move is played when the
  list is ended or only one move fits. The environment's seat keeps the turn between steps, with
  reward 0. A game whose moves choose no list of cards has no steps: its actions are the Python State's
  `legal_actions()` integers (a card of each face, and the moves of no choice).
- **Observations** are a dict: `observation`, a bounded Box laid out as `layout` names it (the State's
  observation tensor, interpreter/observation.py: zones, vars, whose turn; then `building`: the block of
  a move being built, one-hot, and the count of each face in its list so far), and `action_mask`.
- **Rewards** come from the result when the game ends: `reward="win"` gives +1 to each winner (a seat
  of a winning team) and -1 to every other seat when somebody won (0 when nobody did); `reward="score"`
  gives each seat its score (its team's, for a result per team). A game stopped by the rule file's move
  bound (`aborted`) is truncated, with no reward.
- **An illegal action** (in the space, not in the mask) ends the episode, as PettingZoo classic's
  TerminateIllegalWrapper does: the seat that played it gets `illegal_reward` (-1 by default), the
  others 0, every agent is terminated, and its info says `illegal_move: True`. A value outside the
  space (-1, 10**6, a text) is refused as ArgumentError, and the game goes on.
- **Seeds**: reset(seed=n) deals the game of seed n (the Python API's `game.new(n)`); reset() without
  one deals from a seed drawn from the environment's generator, which the last seed given seeds (and
  the system's entropy before any).

    >>> import kural
    >>> env = kural.env(game_id)
    >>> env.reset(seed=1)
    >>> obs, reward, done, cut, info = env.last()
    >>> actions = obs["action_mask"].nonzero()[0]          # the legal first steps, one action each
    >>> len(actions) >= 1 and obs["observation"].shape == env.observation_space("seat_0")["observation"].shape
    True
    >>> env.step(int(actions[0]))
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from . import game as facade
from .api import Game, RawMove, State, win_returns
from .arguments import ArgumentError, ArgumentTypeError, seat as seat_number, shown, whole_number
from .messages import Msg, said
from .observation import Segment, Tensors
from .policies import SeatPolicy, seat_players
from .steps import Building, Steps
from .numbers import LIMIT as SEED_LIMIT

REWARDS = ("win", "score")
ILLEGAL_REWARD = -1.0  # PettingZoo classic's penalty for an illegal move


class ResetNeeded(gymnasium.error.ResetNeeded, AssertionError):
    """step(), last(), observe() or render() before reset(): Gymnasium's error for it, and an AssertionError
    as PettingZoo's order-enforcing wrapper raises."""

    def render(self, lang: str = "en") -> str:
        """The message in `lang` (en, tr)."""
        return str(said(self.args[0], lang)) if self.args else ""


def a_game(game: Any) -> Game:
    """The environments' game: a kural.Game (kural.load's), else ArgumentTypeError saying how to make one."""
    if not isinstance(game, Game):
        raise ArgumentTypeError(Msg("env_game_type", given=shown(game)))
    return game


def seed_of(seed: Any) -> int | None:
    """reset()'s seed as an int: numpy integers are what RL code passes."""
    return None if seed is None else whole_number(seed, lambda given: Msg("api_seed_type", given=given))


class Table:
    """What both environments share: the game, its actions and observations, one state in play, and the
    move being built (its block, the lists closed, the counts of the list being built, the moves that fit)."""

    def __init__(self, game: Game, reward: str):
        game = a_game(game)
        if not isinstance(reward, str) or reward not in REWARDS:
            raise ArgumentError(Msg("env_reward_kind", kinds=list(REWARDS), given=shown(reward)))
        self.game = game
        self.reward = reward
        self.steps = Steps(game.actions)
        self.tensors: Tensors = game.tensors
        self.layout: list[Segment] = self.tensors.observation_layout + (
            [("building", self.tensors.observation_size, self.steps.blocks + self.steps.faces, 0.0,
              float(max(game.actions.copies)))] if self.steps.faces else [])
        self.size = sum(segment[2] for segment in self.layout)
        self.state: State | None = None
        self.building: Building | None = None
        self._legal: dict[int, list[RawMove]] | None = None

    def space(self) -> spaces.Dict:
        low, high = self.tensors.bounds(self.layout)
        return spaces.Dict({
            "observation": spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.steps.n,), np.int8),
        })

    def deal(self, seed: int) -> None:
        self.state = self.game.new(seed)
        self.building = None
        self._legal = None

    def dealt(self, what: str) -> State:
        """The state in play; ResetNeeded before the first reset()."""
        if self.state is None:
            raise ResetNeeded(Msg("env_reset_first", what=what))
        return self.state

    def blocks(self) -> dict[int, list[RawMove]]:
        """The legal moves of the position by the block that starts them."""
        if self._legal is None:
            state = self.state
            self._legal = self.steps.by_block([] if state is None or state.is_over else facade.legal(state.raw))
        return self._legal

    def mask(self) -> np.ndarray:
        mask = np.zeros(self.steps.n, dtype=np.int8)
        if self.building is None:
            mask[list(self.blocks())] = 1
            return mask
        mask[sorted(self.steps.offered(self.building))] = 1
        return mask

    def legal(self, action: int) -> bool:
        return bool(self.mask()[action])

    def play(self, action: int) -> None:
        """Play a legal action (a step of a move, or a whole move)."""
        self.building, move = self.steps.advance(self.building, action, self.blocks())
        if move is not None:
            self.play_raw(move)

    def play_raw(self, move: RawMove) -> None:
        assert self.state is not None
        facade.apply(self.state.raw, move)
        self.building = None
        self._legal = None

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        state = self.dealt("observe()")
        out = np.zeros(self.size, dtype=np.float32)
        out[:self.tensors.observation_size] = self.tensors.observation(state.raw, seat)
        mask = np.zeros(self.steps.n, dtype=np.int8)
        if state.to_move == seat:
            mask = self.mask()
            if self.building is not None:
                block, _, counts, _ = self.building
                at = self.tensors.observation_size
                out[at + block] = 1
                out[at + self.steps.blocks:at + self.steps.blocks + self.steps.faces] = counts
        return {"observation": out, "action_mask": mask}

    def rewards(self) -> list[float]:
        """Each seat's reward at the end (see the module's docstring)."""
        state = self.state
        assert state is not None and state.result is not None
        result = state.result
        if self.reward == "win":
            return win_returns(self.game.definition, result)
        g = self.game.definition
        unit = (lambda seat: g.team_of[seat]) if g.result.per == "team" else (lambda seat: seat)
        return [float(_number(result["scores"][unit(seat)])) for seat in range(g.players)]

    def board(self) -> str:
        return str(self.dealt("render()"))


def _number(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) else 0.0


class Seeds:
    """The seeds of an environment's games: the one given, else one drawn from a generator that the last
    seed given seeds (and the system's entropy before any)."""

    def __init__(self) -> None:
        self.rng: np.random.Generator | None = None

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.rng = np.random.default_rng(seed % 2 ** 64)
            return seed
        if self.rng is None:
            self.rng = np.random.default_rng()
        return int(self.rng.integers(0, SEED_LIMIT))


class KuralEnv(AECEnv):
    """A PettingZoo AEC environment of a kural game: agents `seat_0` ... in seat order (see the module's
    docstring)."""

    metadata: dict[str, Any] = {"name": "kural", "render_modes": ["ansi"], "is_parallelizable": False,
                                "render_fps": 1}

    def __init__(self, game: Game, reward: str = "win", render_mode: str | None = None,
                 illegal_reward: float = ILLEGAL_REWARD):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(Msg("env_render_mode", modes=self.metadata["render_modes"],
                                    given=shown(render_mode)))
        self.table = Table(game, reward)
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.possible_agents = [f"seat_{i}" for i in range(game.players)]
        space = self.table.space()
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.steps.n) for a in self.possible_agents}
        self.metadata = {**self.metadata, "name": f"kural_{'+'.join([game.id, *game.variants])}"}
        self.layout = self.table.layout
        self._seeds = Seeds()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_name(self, action: int) -> str:
        """What an action means: a move in the table's notation (`play 7D`), `+7D` or `=` while a list is built."""
        return self.table.steps.name(action)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.table.deal(self._seeds.next(seed_of(seed)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._select_to_move()

    def _select_to_move(self) -> None:
        state = self.table.state
        assert state is not None and state.to_move is not None
        self.agent_selection = self.possible_agents[state.to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observation(self._seat_of(agent))

    def _seat_of(self, agent: Any) -> int:
        """An agent's seat; ArgumentError for a name that is no agent of this game."""
        if agent not in self.possible_agents:
            raise ArgumentError(Msg("env_no_agent", agent=repr(agent)[:40], agents=self.possible_agents))
        return self.possible_agents.index(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self.table.dealt("last()")
        if not self.agents:  # every agent done and stepped out: the game is over
            raise ResetNeeded(Msg("env_game_over", what="last()"))
        return super().last(observe)

    def step(self, action: int | None) -> None:
        self.table.dealt("step()")
        if not self.agents:  # every agent done and stepped out: the game is over
            raise ResetNeeded(Msg("env_game_over", what="step()"))
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = self.table.steps.check(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if not self.table.legal(number):
            self._illegal(agent)
            return
        self.table.play(number)
        state = self.table.state
        assert state is not None
        if state.is_over:
            self._finish(state)
        else:
            self._select_to_move()
        self._accumulate_rewards()

    def _illegal(self, agent: str) -> None:
        """An action outside the mask ends the episode, as TerminateIllegalWrapper ends it."""
        self.terminations = {a: True for a in self.agents}
        self.rewards[agent] = self.illegal_reward
        self.infos[agent] = {**self.infos[agent], "illegal_move": True}
        self._accumulate_rewards()
        self._deads_step_first()

    def _finish(self, state: State) -> None:
        result = state.result or {}
        if result.get("aborted"):  # the rule file's move bound: cut short, nobody rewarded
            self.truncations = {a: True for a in self.agents}
        else:
            self.terminations = {a: True for a in self.agents}
            for a, r in zip(self.possible_agents, self.table.rewards()):
                self.rewards[a] = r
        self.infos = {a: {"result": result} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def render(self) -> str | None:
        """The table as `kural play` draws it (for the seat to move), with render_mode="ansi"."""
        if self.render_mode != "ansi":
            return None
        return self.table.board()

    def close(self) -> None:
        pass


class SeatEnv(gymnasium.Env):
    """One seat of a kural game as a Gymnasium environment, opponents in every other seat: kural's bots
    (`random`, `heuristic`, `search`, seeded from the game's seed and their seat as `kural simulate`
    seeds them), `module:Name`, or policies (interpreter/policies.py), one for all or one per seat (the
    learner's own is never asked). The observation is the AEC environment's (`action_mask` in info too);
    the reward comes at the end. With random opponents some games (a race to thousands of points) go on
    for very long: heuristic opponents, the default, finish them."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: Game, seat: int = 0, opponents: Any = "heuristic", reward: str = "win",
                 render_mode: str | None = None, illegal_reward: float = ILLEGAL_REWARD):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(Msg("env_render_mode", modes=self.metadata["render_modes"],
                                    given=shown(render_mode)))
        self.seat = seat_number(seat, a_game(game).players)
        self.table = Table(game, reward)
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.opponents = opponents
        self._players(0)  # the opponents are checked now, not at the first reset
        self.observation_space = self.table.space()
        self.action_space = spaces.Discrete(self.table.steps.n)
        self.layout = self.table.layout
        self._seeds = Seeds()
        self._bots: list = []

    def _players(self, seed: int) -> list:
        game = self.table.game
        return seat_players(self.opponents, game.players, seed,
                            lambda policy: SeatPolicy(policy, lambda raw: State(game, raw), game.actions.encode))

    def action_name(self, action: int) -> str:
        return self.table.steps.name(action)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        seed = seed_of(seed)
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        self.table.deal(game_seed)
        self._bots = self._players(game_seed)
        self._bots_play()
        return self._seen()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        state = self.table.dealt("step()")
        if state.is_over or self._ended:
            raise ResetNeeded(Msg("env_game_over", what="step()"))
        number = self.table.steps.check(action)
        if not self.table.legal(number):
            self._ended = True
            obs, info = self._seen()
            return obs, self.illegal_reward, True, False, {**info, "illegal_move": True}
        self.table.play(number)
        self._bots_play()
        obs, info = self._seen()
        if not state.is_over:
            return obs, 0.0, False, False, info
        result = state.result or {}
        if result.get("aborted"):
            return obs, 0.0, False, True, info
        return obs, self.table.rewards()[self.seat], True, False, info

    _ended = False  # the episode ended by an illegal action (the game itself goes on)

    def _bots_play(self) -> None:
        self._ended = False
        state = self.table.state
        assert state is not None
        while not state.is_over and state.to_move != self.seat:
            moves = facade.legal(state.raw)
            self.table.play_raw(self._bots[state.raw.me].choose(state.raw, moves))

    def _seen(self) -> tuple[dict, dict]:
        obs = self.table.observation(self.seat)
        state = self.table.state
        info: dict[str, Any] = {"action_mask": obs["action_mask"]}
        if state is not None and state.is_over:
            info["result"] = state.result
        return obs, info

    def render(self) -> str | None:
        """The table as `kural play` draws it, with render_mode="ansi"."""
        return self.table.board() if self.render_mode == "ansi" else None


__all__ = ["ILLEGAL_REWARD", "KuralEnv", "ResetNeeded", "SeatEnv", "Steps", "Table"]
