"""kural games as learning environments: a PettingZoo AEC environment for any rule file, and a Gymnasium
environment that plays one seat against kural's bots. Needs the optional extra: pip install 'kural[rl]'.

Everything is worked out from the compiled game (its moves, their choices, the deck), so a rule file
of your own is an environment as the bundled ones are:

- **Actions** are a fixed Discrete space. Each move of the rule file has a block of actions: one per
  value of its choices that have a fixed range (a card: one action per face of the deck, so two ♠8
  of a double deck are one action; a group: one per group number of the game's group zones), times
  `max_options` slots where a choice has no fixed range (a list of cards: a meld, a capture). The slots
  hold that move's legal options with the same fixed choices, in a canonical order (by the cards'
  faces, fewest cards first); past `max_options`, options are left out of the mask (and counted in
  `infos[agent]["options_left_out"]`). A move with no choice is one action. So a game whose moves are
  a card played or a pass has an action per card and one more; a card that takes a choice of table
  cards is a card times the slots of what it takes.
- **Observations** come from the seat's view only (interpreter/view.py): for every zone, as seen from
  the seat (its own first, then the next seats in turn order; teams likewise), the number of cards
  and the count of each face it may see (zeros where the cards are hidden); every var (numbers as
  they are, true/false as 1/0, a var per seat or team from the seat's own on); and whose turn it is,
  as an offset from the seat. With it, `action_mask` (1 where the action is legal).
- **Rewards** come from the result when the game ends: `reward="win"` gives +1 to each winner (a seat
  of a winning team) and -1 to every other seat when somebody won (0 when nobody did); `reward="score"`
  gives each seat its score (its team's, for a result per team). A game stopped by the rule file's move
  bound (`aborted`) is truncated, with no reward.

    >>> import kural
    >>> env = kural.env(game_id)
    >>> env.reset(seed=1)
    >>> obs, reward, done, cut, info = env.last()
    >>> actions = obs["action_mask"].nonzero()[0]          # the legal moves, one action each
    >>> len(actions) + info["options_left_out"] == len(env.table.state.legal())
    True
    >>> env.step(int(actions[0]))                          # the next seat's turn: env.agent_selection
"""
from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from . import game as facade
from .api import Game, IllegalMove, RawMove, State, readable
from .arguments import ArgumentError, ArgumentTypeError, bot_kinds, seat as seat_number, shown, whole_number
from .bots import KINDS, seat_bots
from .messages import Msg, said
from .gamedef import Choice, GameDef, MoveDef, ZoneDef

DEFAULT_MAX_OPTIONS = 64  # slots for the options of a move whose choices have no fixed range (a meld)
REWARDS = ("win", "score")


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


class Actions:
    """The fixed numbering of a game's actions (see the module's docstring), and the legal moves of a
    position by action."""

    def __init__(self, g: GameDef, max_options: int = DEFAULT_MAX_OPTIONS):
        slots = whole_number(max_options, lambda given: Msg("env_max_options", given=given))
        if slots < 1:
            raise ArgumentError(Msg("env_max_options", given=shown(max_options)))
        max_options = slots
        self.g = g
        self.max_options = max_options
        self.face_index = {f: i for i, f in enumerate(sorted(set(g.deck.face)))}
        self.groups = max([z.max_groups for z in g.zones] + [1])
        self.starts: list[int] = []  # per move: its first action
        self.sizes: list[list[int]] = []  # per move: the range of each fixed choice
        self.slotted: list[bool] = []  # per move: whether its options take slots
        n = 0
        for m in g.moves:
            sizes = [len(self.face_index) if c.of_cards else self.groups for c in m.choices if self._fixed(c)]
            slotted = any(not self._fixed(c) for c in m.choices)
            self.starts.append(n)
            self.sizes.append(sizes)
            self.slotted.append(slotted)
            n += int(np.prod(sizes, dtype=np.int64)) * (max_options if slotted else 1)
        self.n = n

    @staticmethod
    def _fixed(choice: Choice) -> bool:
        return bool(choice.of_cards or choice.of_groups)

    def legal(self, moves: Sequence[RawMove]) -> tuple[dict[int, RawMove], int]:
        """The legal moves by action, and how many were left out (past max_options)."""
        g = self.g
        by_action: dict[int, RawMove] = {}
        options: dict[int, list[tuple[Any, RawMove]]] = {}  # a slotted move's first action -> (order, move)
        for move in moves:
            index, values = move
            m = g.moves[index]
            fixed = [self._position(c, v) for c, v in zip(m.choices, values) if self._fixed(c)]
            base = int(np.ravel_multi_index(fixed, self.sizes[index])) if fixed else 0
            if not self.slotted[index]:
                by_action[self.starts[index] + base] = move
                continue
            first = self.starts[index] + base * self.max_options
            options.setdefault(first, []).append((self._order(m, values), move))
        left_out = 0
        for first, found in options.items():
            found.sort(key=lambda pair: pair[0])
            left_out += max(0, len(found) - self.max_options)
            for slot, (_, move) in enumerate(found[:self.max_options]):
                by_action[first + slot] = move
        return by_action, left_out

    def _position(self, choice: Choice, value: Any) -> int:
        if choice.of_cards:
            return self.face_index[self.g.deck.face[value]]
        return self.g.group_number(value) - 1

    def _order(self, m: MoveDef, values: tuple[Any, ...]) -> tuple[Any, ...]:
        """The canonical order of a move's options: its cards' faces (fewest first), then other values."""
        faces = self.g.deck.face
        key: list[Any] = []
        for c, v in zip(m.choices, values):
            if c.of_card_lists:
                key.append((len(v), sorted(self.face_index[faces[x]] for x in v)))
            elif not self._fixed(c):
                key.append((0, [repr(v)]))
        return tuple(key)

    def check(self, action: Any) -> int:
        """An action as an int (a numpy integer too); ArgumentError for what is not one of 0 to n - 1."""
        last = self.n - 1
        number = whole_number(action, lambda given: Msg("env_action_type", given=given, last=last))
        if not 0 <= number <= last:
            raise ArgumentError(Msg("env_no_action", action=number, last=last))
        return number

    def name(self, action: int) -> str:
        """What an action means, in the table's notation; a slot says which option of its move it is."""
        action = self.check(action)
        index = max(i for i, start in enumerate(self.starts) if start <= action)
        m = self.g.moves[index]
        offset = action - self.starts[index]
        slot = None
        if self.slotted[index]:
            offset, slot = divmod(offset, self.max_options)
        words = [m.name]
        if self.sizes[index]:
            faces = sorted(self.face_index, key=lambda f: self.face_index[f])
            fixed = iter(np.unravel_index(offset, self.sizes[index]))
            for c in m.choices:
                if c.of_cards:
                    words.append(self.g.deck.code[self.g.deck.cards_of_face[faces[int(next(fixed))]][0]])
                elif c.of_groups:
                    words.append(str(int(next(fixed)) + 1))
        if slot is not None:
            words.append(f"#{slot + 1}")
        return " ".join(words)


class Observer:
    """A seat's observation vector, from its view alone (see the module's docstring)."""

    def __init__(self, g: GameDef, faces: dict[int, int]):
        self.g = g
        self.faces = faces
        self.width = 1 + len(faces)  # a zone instance: its count, then each face it may see
        self.places = self._places()
        self.index = {place: i for i, place in enumerate(self.places)}
        self.size = len(self.places) * self.width + self._var_size() + g.players

    def _places(self) -> list[tuple[str, str, int, int]]:
        """Every zone instance as (zone, per, owner offset from the viewer's, group number or 0)."""
        g = self.g
        out = []
        for z in g.zones:
            owners = range(len(g.teams)) if z.per_team else range(g.players) if z.per_seat else [0]
            for offset in owners:
                for group in (range(1, z.max_groups + 1) if z.max_groups else [0]):
                    out.append((z.name, z.per, offset, group))
        return out

    def _var_size(self) -> int:
        g = self.g
        groups = sum(len(g.units(z.per)) * z.max_groups if z.per != "none" else z.max_groups
                     for z in g.zones if z.max_groups)
        return sum(groups if v.per == "group" else g.span(v.per) if v.per != "none" else 1 for v in g.vars)

    def observe(self, s: State, seat: int) -> np.ndarray:
        g = self.g
        out = np.zeros(self.size, dtype=np.float32)
        team = g.team_of[seat]
        index = self.index
        face_of = g.deck.face
        seen = facade.view(s.raw, seat)
        for z in seen["zones"]:
            per = "team" if z.team is not None else "seat" if z.owner is not None else "none"
            offset = (z.team - team) % len(g.teams) if per == "team" else (z.owner - seat) % g.players \
                if per == "seat" else 0
            at = index[(z.name, per, offset, z.group or 0)] * self.width
            out[at] = z.count
            for card in z.cards or ():
                out[at + 1 + self.faces[face_of[card]]] += 1
        at = len(self.places) * self.width
        at = self._vars(out, at, seen["vars"], seat, team)
        to_move = s.to_move
        if to_move is not None:
            out[at + (to_move - seat) % g.players] = 1
        return out

    def _vars(self, out: np.ndarray, at: int, values: dict[str, Any], seat: int, team: int) -> int:
        g = self.g
        group_ids = [i for z in g.zones if z.max_groups for owner in self._owners(z, seat, team)
                     for i in g.owner_ids(z, owner)]
        for v in g.vars:
            value = values[v.name]
            if v.per == "group":
                for k, zid in enumerate(group_ids):
                    out[at + k] = _number(value.get(zid, 0))
                at += len(group_ids)
            elif v.per != "none":
                n = g.span(v.per)
                first = team if v.per == "team" else seat
                for k in range(n):
                    out[at + k] = _number(value[(first + k) % n])
                at += n
            else:
                out[at] = _number(value)
                at += 1
        return at

    def _owners(self, z: ZoneDef, seat: int, team: int) -> list[int | None]:
        g = self.g
        if z.per == "team":
            return [(team + k) % len(g.teams) for k in range(len(g.teams))]
        if z.per == "seat":
            return [(seat + k) % g.players for k in range(g.players)]
        return [None]


def _number(value: Any) -> float:
    """A var as a number: numbers as they are, true/false as 1/0, anything else 0."""
    return float(value) if isinstance(value, (int, float)) else 0.0


def rewards_of(game: Game, result: dict[str, Any], kind: str) -> list[float]:
    """Each seat's reward from the result (see the module's docstring)."""
    g = game.definition
    unit = (lambda seat: g.team_of[seat]) if g.result.per == "team" else (lambda seat: seat)
    if kind == "score":
        return [float(_number(result["scores"][unit(seat)])) for seat in range(g.players)]
    winners = set(result["winners"])
    if not winners:
        return [0.0] * g.players
    return [1.0 if unit(seat) in winners else -1.0 for seat in range(g.players)]


class Table:
    """What both environments share: the game, its actions and observations, one state in play."""

    def __init__(self, game: Game, max_options: int, reward: str):
        game = a_game(game)
        if not isinstance(reward, str) or reward not in REWARDS:
            raise ArgumentError(Msg("env_reward_kind", kinds=list(REWARDS), given=shown(reward)))
        self.game = game
        self.reward = reward
        self.actions = Actions(game.definition, max_options)
        self.observer = Observer(game.definition, self.actions.face_index)
        self.state: State | None = None
        self._legal: tuple[dict[int, RawMove], int] | None = None

    def space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.n,), np.int8),
        })

    def deal(self, seed: int) -> None:
        self.state = self.game.new(seed)
        self._legal = None

    def legal(self) -> tuple[dict[int, RawMove], int]:
        if self._legal is None:
            raw = [] if self.state is None or self.state.is_over else _legal_raw(self.state)
            self._legal = self.actions.legal(raw)
        return self._legal

    def dealt(self, what: str) -> State:
        """The state in play; ResetNeeded before the first reset()."""
        if self.state is None:
            raise ResetNeeded(Msg("env_reset_first", what=what))
        return self.state

    def play(self, action: Any) -> None:
        """Play an action of the mask: ArgumentError for what is no action, IllegalMove for one not legal now,
        ResetNeeded once the game is over (both environments step through here)."""
        if self.dealt("step()").is_over:
            raise ResetNeeded(Msg("env_game_over", what="step()"))
        number = self.actions.check(action)
        move = self.legal()[0].get(number)
        if move is None:
            raise IllegalMove(Msg("env_not_legal", action=number, name=self.actions.name(number)))
        self.play_raw(move)

    def play_raw(self, move: RawMove) -> None:
        assert self.state is not None
        facade.apply(self.state.raw, move)
        self._legal = None

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        self.dealt("observe()")
        assert self.state is not None
        mask = np.zeros(self.actions.n, dtype=np.int8)
        if self.state.to_move == seat:
            mask[list(self.legal()[0])] = 1
        return {"observation": self.observer.observe(self.state, seat), "action_mask": mask}


def _legal_raw(state: State) -> list[RawMove]:
    return facade.legal(state.raw)


class KuralEnv(AECEnv):
    """A PettingZoo AEC environment of a kural game: agents `seat_0` ... in seat order (see the module's
    docstring). reset(seed) deals the game of that seed; without one, the next seed after the last."""

    metadata: dict[str, Any] = {"name": "kural", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Game, max_options: int = DEFAULT_MAX_OPTIONS, reward: str = "win",
                 render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(Msg("env_render_mode", modes=self.metadata["render_modes"],
                                    given=shown(render_mode)))
        self.table = Table(game, max_options, reward)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(game.players)]
        space = self.table.space()
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.actions.n) for a in self.possible_agents}
        self.metadata = {**self.metadata, "name": f"kural_{'+'.join([game.id, *game.variants])}"}
        self._next_seed = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_name(self, action: int) -> str:
        """What an action means: a move in the table's notation (`play 7D`), `#k` for a slot's k-th option."""
        return self.table.actions.name(action)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        seed = seed_of(seed)
        if seed is not None:
            self._next_seed = seed
        self.table.deal(self._next_seed)
        self._next_seed += 1
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
        self.infos[self.agent_selection] = {"options_left_out": self.table.legal()[1]}

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
        self.table.play(action)
        self._cumulative_rewards[agent] = 0.0
        state = self.table.state
        assert state is not None
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_over:
            self._finish(state)
        else:
            self._select_to_move()
        self._accumulate_rewards()

    def _finish(self, state: State) -> None:
        result = state.result or {}
        if result.get("aborted"):  # the rule file's move bound: cut short, nobody rewarded
            self.truncations = {a: True for a in self.agents}
        else:
            self.terminations = {a: True for a in self.agents}
            for a, r in zip(self.possible_agents, rewards_of(self.table.game, result, self.table.reward)):
                self.rewards[a] = r
        self.infos = {a: {"result": result} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self.table.dealt("render()")
        seat = self.possible_agents.index(self.agent_selection)
        legal = ", ".join(readable(self.table.game.definition, m).text for m in self.table.legal()[0].values())
        return f"{state!r}\nseat {seat} sees: {state.view(seat)}\nlegal: {legal}"

    def close(self) -> None:
        pass


class SeatEnv(gymnasium.Env):
    """One seat of a kural game as a Gymnasium environment, kural's bots in every other seat (seeded
    from the game's seed and their seat, as `kural simulate` seeds them). The observation is the AEC
    environment's (the seat's view, and `action_mask`, also in info); the reward comes at the end."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, game: Game, seat: int = 0, bots: str | Sequence[str] = "heuristic",
                 max_options: int = DEFAULT_MAX_OPTIONS, reward: str = "win"):
        self.seat = seat_number(seat, a_game(game).players)
        self.table = Table(game, max_options, reward)
        self.kinds = bot_kinds(bots, game.players, list(KINDS))  # the seat's own kind is never asked to move
        self.observation_space = self.table.space()
        self.action_space = spaces.Discrete(self.table.actions.n)
        self._next_seed = 0
        self._bots: list = []

    def action_name(self, action: int) -> str:
        return self.table.actions.name(action)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        seed = seed_of(seed)
        super().reset(seed=seed)
        if seed is not None:
            self._next_seed = seed
        self.table.deal(self._next_seed)
        self._bots = seat_bots(self.kinds, self._next_seed)
        self._next_seed += 1
        self._bots_play()
        return self._seen()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        self.table.play(action)
        self._bots_play()
        state = self.table.state
        assert state is not None
        obs, info = self._seen()
        if not state.is_over:
            return obs, 0.0, False, False, info
        result = state.result or {}
        if result.get("aborted"):
            return obs, 0.0, False, True, info
        return obs, rewards_of(self.table.game, result, self.table.reward)[self.seat], True, False, info

    def _bots_play(self) -> None:
        state = self.table.state
        assert state is not None
        while not state.is_over and state.to_move != self.seat:
            moves = _legal_raw(state)
            self.table.play_raw(self._bots[state.raw.me].choose(state.raw, moves))

    def _seen(self) -> tuple[dict, dict]:
        obs = self.table.observation(self.seat)
        state = self.table.state
        info: dict[str, Any] = {"action_mask": obs["action_mask"], "options_left_out": self.table.legal()[1]}
        if state is not None and state.is_over:
            info["result"] = state.result
        return obs, info
