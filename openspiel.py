"""Any kural rule file as an OpenSpiel game: `import kural.openspiel` registers the game "kural" with pyspiel
(the optional extra: pip install 'kural[openspiel]'; docs/openspiel.md).

    >>> import pyspiel, kural.openspiel
    >>> game = pyspiel.load_game("kural", {"game": "fanti", "players": 3})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()                       # the deal: a card of the shuffle per chance action
    True

Its params: `game` (an id of `kural list`, or a rule file's path; fantan by default), `variants` (a comma
list), `set` (a comma list of `name=value`, as `--set` reads them) and `players` (0: the rule file's own).
The game's string (what OpenSpiel serializes) writes the lists with `;`, since a comma ends a param
there; both are read.

The game is kural's State (interpreter/api.py) loaded with chance=True: every shuffle is a run of chance
nodes, a chance action the face of the next card placed (interpreter/chance.py). A player's actions are
those of the learning environments (interpreter/steps.py): a move that chooses a list of cards is played
in steps, so num_distinct_actions stays small (a face per step), and the seat keeps the turn between
steps. Returns are +1 for a winner and -1 for the others when the game ends (State.returns). The
information state and the observation, as strings and tensors, are the State's (interpreter/
observation.py, with its named segments), and `building`, the move being built, after them.
"""
from __future__ import annotations

import functools
import re
from typing import Any

import numpy as np
import pyspiel

from .dsl.loader import load as load_rules
from .interpreter import game as facade
from .interpreter.api import CHANCE, Bot, Game, State
from .interpreter.steps import Building, Steps

DEFAULTS = {"game": "fantan", "variants": "", "set": "", "players": 0}
MOST_PLAYERS = 16  # GameType's bound: a rule file says its own (GameInfo's num_players)

GAME_TYPE = pyspiel.GameType(
    short_name="kural",
    long_name="kural rule file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MOST_PLAYERS,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS)

_SETTING = re.compile(r"(?:;|,(?=\s*[A-Za-z_][\w-]*\s*=))\s*")  # `;`, or a comma before `name=` (a list keeps its own)


@functools.lru_cache(maxsize=32)
def kural_game(game: str, variants: str, sets: str, players: int) -> Game:
    """The kural game of the params, loaded with chance (a game's params always load the same rules)."""
    return Game(load_rules(game, _variants(variants), _settings(sets), players or None), None, chance=True)


def _variants(text: str) -> list[str]:
    return [v.strip() for v in re.split(r"[,;]", text) if v.strip()]


def _settings(text: str) -> list[str]:
    return [s.strip() for s in _SETTING.split(text) if s.strip()]


def _listed(items: list[str]) -> str:
    """A list as a param's value in the game's string: `;` between items (a comma ends a param there), and
    a `;` after a list that would read as a number (`351`), which OpenSpiel would take for an int."""
    text = ";".join(items)
    return text + ";" if text and not text.strip("+-0123456789.") else text


def _params_key(params: dict) -> tuple[str, str, str, int]:
    """The params as the game keeps them, and writes them in its string: lists `;`-separated."""
    full = {**DEFAULTS, **(params or {})}
    return (str(full["game"]), _listed(_variants(str(full["variants"]))), _listed(_settings(str(full["set"]))),
            int(full["players"]))


class KuralGame(pyspiel.Game):
    """A rule file as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, params: dict | None = None):
        self.key = _params_key(params or {})
        self.kural = kural_game(*self.key)
        self.steps = Steps(self.kural.actions)
        g = self.kural.definition
        per_move = 1 + max([len(lists) for lists in self.steps.lists] + [0]) * (g.deck.size + 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.steps.n,
            max_chance_outcomes=self.kural.max_chance_outcomes,
            num_players=g.players,
            min_utility=-1.0,
            max_utility=1.0,
            # every move (each of its steps) up to the rule file's bound, and a shuffle of the deck per move
            max_game_length=g.max_moves * (per_move + g.deck.size) + g.deck.size)
        super().__init__(GAME_TYPE, info, dict(zip(DEFAULTS, self.key)))

    def new_initial_state(self) -> "KuralState":
        return KuralState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "KuralObserver":
        if params:
            raise ValueError(f"kural's observer takes no params, not {params}")
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return KuralObserver(self, perfect_recall)


class Play:
    """What a KuralState holds: the kural State (chance=True) and the move being built. Copied (OpenSpiel's
    clone deep-copies it) with the game shared; pickled (OpenSpiel's serialization) as its game's params
    and its actions, played again when read back."""

    def __init__(self, key: tuple, state: State, building: Building | None = None,
                 actions: list[int] | None = None):
        self.key = key
        self.state = state
        self.building = building
        self.actions = actions or []
        self._blocks: dict | None = None

    @property
    def steps(self) -> Steps:
        return _steps(self.key)

    def blocks(self) -> dict:
        """The legal moves of the position by the block that starts them."""
        if self._blocks is None:
            state = self.state
            self._blocks = self.steps.by_block(facade.legal(state.raw)) if not (state.pending or state.is_over) else {}
        return self._blocks

    def legal(self) -> list[int]:
        if self.state.is_over:
            return []
        if self.state.pending:
            return self.state.legal_actions()
        return sorted(self.steps.offered(self.building) if self.building else self.blocks())

    def apply(self, action: int) -> None:
        state = self.state
        self.actions.append(action)
        if state.pending:
            state.apply_action(action)
        else:
            if action not in self.legal():
                raise ValueError(f"action {action} ({self.steps.name(action)}) is not legal now")
            self.building, move = self.steps.advance(self.building, action, self.blocks())
            if move is not None:
                state.apply_raw(move)
        self._blocks = None

    def building_text(self) -> str:
        """The move being built, as a line of text ('' when none is)."""
        if self.building is None:
            return ""
        block, closed, counts, _ = self.building
        steps = self.steps
        lists = [" ".join(steps.name(steps.blocks + f) for f, k in enumerate(c) for _ in range(k))
                 for c in [*closed, counts]]
        return f"building: {steps.name(block)} | " + " = ".join(lists)

    def resampled(self, seat: int, sampler: Any) -> "Play":
        drawn = self.state.resample_from_infostate(seat, sampler)
        other = Play(self.key, drawn, None, list(self.actions))
        if self.building is not None:  # the same steps taken, the moves that fit read from the position drawn
            block, closed, counts, _ = self.building
            fits = [m for m in other.blocks().get(block, [])
                    if self.steps.lists_of(m)[:len(closed)] == closed
                    and all(w >= h for w, h in zip(self.steps.lists_of(m)[len(closed)], counts))]
            other.building = (block, closed, counts, fits)
        return other

    def __deepcopy__(self, memo: dict) -> "Play":
        building = self.building
        if building is not None:
            block, closed, counts, fits = building
            building = (block, [list(c) for c in closed], list(counts), list(fits))
        return Play(self.key, self.state.copy(), building, list(self.actions))

    def __reduce__(self) -> tuple:
        return _play_again, (self.key, list(self.actions))


def _play_again(key: tuple, actions: list[int]) -> Play:
    """A Play unpickled: a new game of those params, its actions played again."""
    play = Play(key, kural_game(*key).new())
    for action in actions:
        play.apply(action)
    return play


@functools.lru_cache(maxsize=32)
def _steps(key: tuple) -> Steps:
    return Steps(kural_game(*key).actions)


class KuralState(pyspiel.State):
    """A position of a kural game for OpenSpiel (see the module's docstring)."""

    def __init__(self, game: KuralGame):
        super().__init__(game)
        self.play = Play(game.key, game.kural.new())

    def current_player(self) -> int:
        return self.play.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.play.legal() if player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.play.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.play.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return self.play.state.action_to_string(CHANCE, action)
        return self.play.steps.name(action)

    def is_terminal(self) -> bool:
        return self.play.state.is_over

    def returns(self) -> list[float]:
        return self.play.state.returns()

    def rewards(self) -> list[float]:
        return self.play.state.rewards()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "KuralState":
        """A position `player_id` cannot tell from this one (State.resample_from_infostate), with the move
        it is building, if any."""
        other = self.get_game().new_initial_state()
        other.play = self.play.resampled(player_id, probability_sampler)
        return other

    def __str__(self) -> str:
        """The whole position, hidden cards too (OpenSpiel's ToString, which its tests compare between copies):
        each zone's cards by zone id, the vars, whose turn, the move being built. The table as `kural play`
        draws it for the seat to move is str(state.play.state)."""
        kstate = self.play.state
        raw, code = kstate.raw, kstate.game.definition.deck.code
        lines = [repr(kstate)]
        lines += [f"zone {z}: " + " ".join(code[c] for c in cards) for z, cards in enumerate(raw.zones) if cards]
        lines.append(f"vars: {raw.vars}")
        building = self.play.building_text()
        return "\n".join(lines + ([building] if building else []))


class KuralObserver:
    """The information state (perfect recall) or the observation of a seat: the State's tensor and text
    (interpreter/observation.py's segments, by name in `dict`), then `building`: the block of the move the
    seat is building, one-hot, and the count of each face in its list so far."""

    def __init__(self, game: KuralGame, perfect_recall: bool):
        tensors = game.kural.tensors
        self.perfect_recall = perfect_recall
        layout = tensors.information_layout if perfect_recall else tensors.observation_layout
        self.size = sum(segment[2] for segment in layout)
        steps = game.steps
        self.building_size = steps.blocks + steps.faces if steps.faces else 0
        self.tensor = np.zeros(self.size + self.building_size, np.float32)
        self.dict = {name: self.tensor[first:first + size] for name, first, size, _, _ in layout}
        if self.building_size:
            self.dict["building"] = self.tensor[self.size:]

    def set_from(self, state: KuralState, player: int) -> None:
        play = state.play
        kstate = play.state
        read = kstate.information_state_tensor if self.perfect_recall else kstate.observation_tensor
        self.tensor.fill(0)
        self.tensor[:self.size] = read(player)
        if play.building is not None and kstate.current_player() == player:
            block, _, counts, _ = play.building
            self.tensor[self.size + block] = 1
            blocks = play.steps.blocks
            self.tensor[self.size + blocks:self.size + blocks + len(counts)] = counts

    def string_from(self, state: KuralState, player: int) -> str:
        play = state.play
        kstate = play.state
        text = kstate.information_state_string(player) if self.perfect_recall else kstate.observation_string(player)
        building = play.building_text() if kstate.current_player() == player else ""
        return text + ("\n" + building if building else "")


class KuralBot(pyspiel.Bot):
    """One of kural's bots (`random`, `heuristic`, `search`; kural.bot) as an OpenSpiel bot, for
    pyspiel.evaluate_bots: it chooses a whole move, then gives it a step at a time."""

    def __init__(self, kind: str, seed: int = 0, think: str | None = None):
        pyspiel.Bot.__init__(self)
        self.kind, self.seed, self.think = kind, seed, think
        self.restart()

    def restart(self) -> None:
        self.policy = Bot(self.kind, self.seed, self.think)
        self.planned: list[int] = []

    def restart_at(self, state: KuralState) -> None:
        self.planned = []

    def step(self, state: KuralState) -> int:
        play = state.play
        if play.building is None or not self.planned:
            move = self.policy.choose(play.state)._raw
            self.planned = play.steps.steps_of(move, play.blocks())
        return self.planned.pop(0)


pyspiel.register_game(GAME_TYPE, KuralGame)

__all__ = ["GAME_TYPE", "KuralBot", "KuralGame", "KuralObserver", "KuralState", "kural_game"]
