"""kural from Python: load a game from its rule file, play it move by move, replay a record.

The shape is OpenSpiel's `load_game` (a Game holds the static facts; a State moves on and decides
when the game is over). Cards and moves are readable values here: cards by their codes (`7D`), a
move by its name and choices, written as the table reads them (`play 7D`). Underneath is the one
engine facade, interpreter/game.py: nothing here decides a rule.

    >>> import kural
    >>> game = kural.load(game_id)                    # an id from `kural list`, or a rule file's path
    >>> state = game.new(seed=1)                      # dealt: the same seed gives the same game
    >>> move = state.legal()[0]                       # readable: a name, cards by code, choices by name
    >>> str(move).split()[0] == move.name and set(move.cards) <= set(game.deck)
    True
    >>> state.apply(str(move))                        # a Move, or its text as the table reads it
    >>> hands = [z for z in state.view(0).zones if z.name == game.definition.hand_zone]
    >>> [z.cards is not None for z in hands][:2]      # seat 0 sees its own hand, only the count of others'
    [True, False]
    >>> state.play_out("random")                      # bots finish the game
    >>> state.is_over, state.to_move, sorted(state.result)[-2:]
    (True, None, ['scores', 'winners'])
    >>> kural.replay(state.record()).result == state.result       # a record plays back the same game
    True

docs/python.md has examples with the bundled games (variants, params, the environments); its
examples run as tests too.

`kural.env(...)` gives a PettingZoo environment of any game (the optional extra `rl`: interpreter/rl.py).
The entries that read a rule file (`kural.load`, `kural.replay`, `kural.env`) are the rules language's,
dsl/entry.py: the engine below imports nothing of it, and a Game is handed what made it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Protocol, Sequence, Union

from . import drawing, game as _facade
import random

from . import chance as _chance
from .actions import ActionCodes
from .arguments import ArgumentError, ArgumentTypeError, seat as seat_number, seat_names, shown, whole_number
from .bots import make_bot
from .errors import PlayError, RecordError, SeedError
from .gamedef import GameDef
from .messages import Msg, said
from .observation import SeenMove, Segment, Tensors, information_text, observation_text, seen_moves
from .policies import SeatPolicy, seat_players
from .reading import MoveReader
from .record import entry, param_text
from .recordcheck import check_record, parse
from .search import Seen
from .seeds import seed_of
from .state import State as _RawState

__all__ = ["CHANCE", "TERMINAL", "ArgumentError", "ArgumentTypeError", "Bot", "Game", "IllegalMove", "Move",
           "PlayError", "RecordError", "ReplayError", "SeatView", "SeedError", "State", "ZoneSight", "bot"]

# current_player()'s values that are no seat, as OpenSpiel numbers them (kChancePlayerId, kTerminalPlayerId):
# CHANCE at a shuffle's chance node, in a game loaded with chance=True (interpreter/chance.py).
CHANCE = -1
TERMINAL = -4

Choice = Union[str, int, float, bool, None, tuple[str, ...]]  # a choice's value: a code, codes, a group number, a value
RawMove = tuple[int, tuple[Any, ...]]  # the engine's move: (move index, its choices' values)


class PathLike(Protocol):
    """A path (pathlib.Path, or anything else os.fspath takes): written so, as the engine imports no os."""

    def __fspath__(self) -> str: ...


class IllegalMove(ValueError):
    """A move that is not among the legal moves of the position: the message names it and the legal ones."""

    def render(self, lang: str = "en") -> str:
        """The message in `lang` (en, tr)."""
        return str(said(self.args[0], lang)) if self.args else ""


class ReplayError(ValueError):
    """A record that does not reproduce under its rules: `problems` says where it differs."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Move:
    """A move as a player reads it: its name, the cards it names (codes, in order) and each choice by name
    (a card's code, a list of codes as a tuple, a group by its number in its area, or a plain value).
    `str(move)` is how the table reads it: `play 7D`, `pass`, `add 2 7H`, `play 6S 4D AC`."""

    name: str
    cards: tuple[str, ...]
    choices: Mapping[str, Choice] = field(default_factory=dict, hash=False)
    text: str = field(default="", repr=False, compare=False)
    _raw: Any = field(default=None, repr=False, compare=False)  # the engine's (move index, values)

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        return hash(self.text)


@dataclass(frozen=True)
class ZoneSight:
    """One zone as a seat sees it: the cards by code, or None where they are hidden (then only `count`)."""

    name: str
    owner: int | None  # the seat it belongs to; None for a shared zone or a team's
    team: int | None  # the team a team's zone belongs to
    group: int | None  # a group of a group zone: its number in its owner's area, from 1
    count: int
    cards: tuple[str, ...] | None


@dataclass(frozen=True)
class SeatView:
    """What one seat may see (interpreter/view.py): every zone as its visibility allows, and the vars."""

    seat: int
    to_move: int | None
    over: bool
    zones: tuple[ZoneSight, ...]
    vars: Mapping[str, Any]
    moves_played: int
    hand_zone: str = field(repr=False, default="")

    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own hand, by code."""
        for z in self.zones:
            if z.name == self.hand_zone and z.owner == self.seat and z.cards is not None:
                return z.cards
        return ()


class Game:
    """A checked game: its rules with their variants, params and number of players. `new(seed)` deals one."""

    def __init__(self, definition: GameDef, made_by: tuple | None = None, chance: bool = False):
        self.definition = definition  # the engine's GameDef, for a program that goes below this API
        self._made_by = made_by  # (function, arguments) that make this game again: what pickle keeps
        self.chance = chance  # shuffles are chance nodes (interpreter/chance.py), not draws from the seed
        self._actions: ActionCodes | None = None
        self._tensors: Tensors | None = None

    def __reduce__(self) -> tuple:
        """Pickled (a process of its own, a Ray task) as what made it: load's arguments, or the record it was
        replayed from; the game is loaded again where it is unpickled. Its program holds the functions
        of its compiled module, which pickle cannot keep."""
        if self._made_by is None:
            raise ArgumentTypeError(Msg("api_not_picklable"))
        return self._made_by

    def __deepcopy__(self, memo: dict) -> "Game":
        """A game is never changed by play: a deep copy (OpenSpiel's clone of a state) shares it."""
        return self

    @property
    def id(self) -> str:
        return self.definition.id

    @property
    def title(self) -> dict[str, str]:
        return dict(self.definition.title)

    @property
    def players(self) -> int:
        return self.definition.players

    @property
    def variants(self) -> list[str]:
        return list(self.definition.variants)

    @property
    def params(self) -> dict[str, Any]:
        """Every param's value, a card by its code."""
        return {k: param_text(self.definition, p["value"], p["type"]) for k, p in self.definition.param_info.items()}

    @property
    def teams(self) -> list[list[int]]:
        """The seats of each team (each seat alone where nobody plays together)."""
        return [list(t) for t in self.definition.teams]

    @property
    def move_names(self) -> list[str]:
        return [m.name for m in self.definition.moves]

    @property
    def deck(self) -> list[str]:
        """Every card of the deck by its code, in the deck's order (twins appear twice)."""
        return list(self.definition.deck.code)

    @property
    def seat_names(self) -> list[str]:
        """The seats' names as a record holds them (English); seat_names_in("tr") in Turkish."""
        return self.seat_names_in("en")

    def seat_names_in(self, lang: str) -> list[str]:
        names = list(self.definition.seats.get(lang) or self.definition.seats.get("en") or [])
        return names + [f"#{i + 1}" for i in range(len(names), self.players)]

    @property
    def actions(self) -> ActionCodes:
        """The integer of every move this game can offer (interpreter/actions.py), made when first asked."""
        if self._actions is None:
            self._actions = ActionCodes(self.definition)
        return self._actions

    @property
    def num_distinct_actions(self) -> int:
        """How many integers the moves are numbered with: legal_actions() are below it (a Python int: a
        choice of a list of cards makes it large)."""
        return self.actions.n

    @property
    def tensors(self) -> Tensors:
        """The observation and information state tensors' maker (interpreter/observation.py)."""
        if self._tensors is None:
            self._tensors = Tensors(self.definition, self.actions)
        return self._tensors

    @property
    def observation_layout(self) -> list[Segment]:
        """observation_tensor's segments: (name, first index, size, lowest value, highest value) each."""
        return list(self.tensors.observation_layout)

    @property
    def information_state_layout(self) -> list[Segment]:
        """information_state_tensor's segments, as observation_layout's, and `chosen` after them."""
        return list(self.tensors.information_layout)

    @property
    def max_chance_outcomes(self) -> int:
        """How many integers a chance action is numbered with: a card's face (interpreter/chance.py)."""
        return len(self.actions.faces)

    def new(self, seed: int = 0, deal: Any = None) -> "State":
        """A new game dealt from `seed`: the same seed gives the same game. A seed is a whole number (an int,
        or an integer type such as numpy's) from -10^15 to 10^15, so that its record replays: SeedError
        (a TypeError and a ValueError) otherwise. With chance=True at load the deal waits for chance
        actions. `deal` gives cards of the first deal (docs/python.md): a list of hands by seat, or a
        mapping of zone names to their cards (a list per seat for a zone of each seat); a hand of None,
        and every card not given, is dealt from the seed (or by chance)."""
        seed = seed_of(seed)
        g = self.definition
        orders = [] if deal is None else [_given_order(g, seed, self.actions, deal)]
        if self.chance:
            raw, pending = _chance.run(g, seed, None, None, orders)
            state = State(self, raw)
            state.pending = pending
        elif orders:
            raw = _RawState(g, seed)
            raw.rng = _chance.Draws(seed, orders, explicit=False)
            state = State(self, _facade.new_game(g, seed, raw))
        else:
            return State(self, _facade.new_game(g, seed))
        state.origin, state.taken = (seed, deal), []
        if deal is not None and not state.pending:
            _check_dealt(state, deal)
        return state

    def __repr__(self) -> str:
        return f"<kural game {'+'.join([self.id, *self.variants])}, {self.players} players>"


class State:
    """A game in play. The rules decide when it is over; `result` is then the record's result."""

    # a game loaded with chance, or dealt as given: what it was dealt from (seed, deal), and every action
    # taken since, chance actions too (None: a game dealt from its seed, whose record tells it all)
    origin: tuple[int, Any] | None = None
    taken: list[int] | None = None
    pending: _chance.Pending | None = None  # a shuffle waiting for chance actions: this is a chance node

    def __init__(self, game: Game, raw: _RawState, drawn_for: tuple[int, list[SeenMove]] | None = None):
        self.game = game
        self.raw = raw  # the engine's state, for a program that goes below this API
        # a position drawn for a seat (resample_from_infostate): the seat, and the moves as it saw them then
        self.drawn_for = drawn_for

    def __reduce__(self) -> tuple:
        """Pickled as its game and its record so far: unpickled, the moves are played again from the deal
        (a game of chance or of a given deal: its actions, from what it was dealt from)."""
        if self.origin is not None:
            return _state_by_actions, (self.game, self.origin, self.history())
        return _state_again, (self.game, self.record())

    def __deepcopy__(self, memo: dict) -> "State":
        return self.copy()

    @property
    def seed(self) -> int:
        return self.raw.seed

    @property
    def is_over(self) -> bool:
        return _facade.is_over(self.raw)

    @property
    def to_move(self) -> int | None:
        """The seat whose move it is; None once the game is over, or at a chance node."""
        return None if self.pending else _facade.to_move(self.raw)

    @property
    def moves_played(self) -> int:
        return len(self.raw.history)

    @property
    def result(self) -> dict[str, Any] | None:
        """Winners, scores, fields and hands (the record's `result`); None while the game goes on."""
        return _facade.result(self.raw) if self.raw.over else None

    def legal(self) -> list[Move]:
        """The legal moves of the seat to move, in the engine's order; [] once the game is over, or at a chance node."""
        if self.pending:
            return []
        return [readable(self.game.definition, m) for m in _facade.legal(self.raw)]

    def apply(self, move: Move | str) -> None:
        """Play one of legal(): a Move, or a text as the table reads it (`play 7D`, `7D`, `7♦`, `karo 7`, the
        number of a legal move, `add 2 7D 7H` for several in turn); IllegalMove if it is not legal."""
        for raw in self._legal_raw(move):
            self._play(raw)

    def apply_raw(self, move: RawMove) -> None:
        """Play one of the engine's legal moves as the engine gives it (interpreter/game.py legal), unchecked:
        for a caller that took it from there (the OpenSpiel game's steps)."""
        self._play(move)

    def _play(self, move: RawMove) -> None:
        """Play a legal move: on the engine's state, or, in a game of chance, as a step that may stop at a
        shuffle (interpreter/chance.py run); a game with an origin keeps the action."""
        if self.taken is not None:
            self.taken.append(self.game.actions.encode(move))
        if self.game.chance:
            self.raw, self.pending = _chance.run(self.game.definition, self.seed, self.raw, move, [])
        else:
            _facade.apply(self.raw, move)

    def play_out(self, bots: Any = None, seed: int | None = None) -> None:
        """Let bots or policies play on to the end: one for every seat, or one per seat: a kind of kural's
        bots (`random`, `heuristic`, `search`; by default the rule file's `game.bots`, which finish its
        game), `module:Name`, an object with choose(state) or a function of the state (interpreter/
        policies.py); kural's bots seeded from `seed` (default: the game's seed) and the seat;
        ArgumentError otherwise."""
        spec = self.game.definition.bots if bots is None else bots
        base = self.seed if seed is None else whole_number(seed, lambda given: Msg("api_seed_type", given=given))
        players = seat_players(spec, self.game.players, base, self._seat_policy)
        if self.taken is None and not self.game.chance:
            _facade.play_out(self.raw, players)
            return
        luck = random.Random(base)  # a game of chance: its chance nodes drawn from the seed too
        while not self.is_over:
            if self.pending:
                faces, weights = zip(*self.chance_outcomes())
                self.apply_action(luck.choices(faces, weights)[0])
            else:
                self._play(players[self.raw.me].choose(self._for_bots(), _facade.legal(self.raw)))

    def _for_bots(self) -> _RawState:
        """The position as a bot reads it: in a game of chance, a copy whose shuffles draw from the seed, so
        that a bot that looks past a round's end deals it without waiting for chance."""
        if not self.game.chance:
            return self.raw
        copy = _facade.copy(self.raw)
        copy.rng = _chance.Draws(self.seed, [], explicit=False)
        return copy

    def _seat_policy(self, policy: Any) -> SeatPolicy:
        return SeatPolicy(policy, lambda raw: State(self.game, raw), self.game.actions.encode)

    def view(self, seat: int) -> SeatView:
        """What `seat` (0 to players - 1) may see: hidden cards are never in it, only their count;
        ArgumentError for a seat that is not one."""
        return seat_view(self.game.definition, _facade.view(self.raw, seat_number(seat, self.game.players)))

    def copy(self) -> "State":
        """An independent copy: playing on it leaves this state as it was."""
        other = State(self.game, _facade.copy(self.raw), self.drawn_for)
        other.origin = self.origin
        if self.taken is not None:
            other.taken = list(self.taken)
        if self.pending:
            other.pending = self.pending.copy()
        return other

    def record(self, seats: Sequence[str] | None = None) -> dict[str, Any]:
        """The game so far as a record (docs/language.md §5.6): JSON-ready, replayable with replay()."""
        names = self.game.seat_names if seats is None else seat_names(seats, self.game.players)
        if self.origin is not None:  # its seed does not give its deal: no record would replay
            raise ArgumentError(Msg("state_no_record", how=Msg("deal_how_chance") if self.game.chance
                                                   else Msg("deal_how_given")))
        return _facade.record_of(self.raw, names)

    # ------------------------------------------------------------------ a game engine's State (OpenSpiel's shape)
    def current_player(self) -> int:
        """The seat to move, CHANCE at a chance node, or TERMINAL once the game is over."""
        return TERMINAL if self.is_over else CHANCE if self.pending else self.raw.me

    def is_terminal(self) -> bool:
        return self.is_over

    def is_chance_node(self) -> bool:
        """Whether a shuffle waits for its next card (only in a game loaded with chance=True)."""
        return self.pending is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, (action, probability) of each face the next card of the shuffle may have (its
        share of the cards not placed yet); [] elsewhere."""
        if not self.pending:
            return []
        return self.pending.outcomes(self.game.actions.face_index, self.game.definition.deck.face)

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The legal moves as integers, in increasing order (interpreter/actions.py: the same integer is the
        same move in every position of the game); [] once over, or for a seat that is not to move."""
        if self.pending:
            return [action for action, _ in self.chance_outcomes()] if seat in (None, CHANCE) else []
        if self.is_over or seat is not None and seat_number(seat, self.game.players) != self.raw.me:
            return []
        return list(self._by_action())

    def apply_action(self, action: int) -> None:
        """Play a move by its integer, or at a chance node place the next card of that face; IllegalMove if
        it is not one of legal_actions()."""
        if not self.pending:
            self._play(self._move_of(action))
            return
        number = whole_number(action, lambda given: Msg("env_action_type", given=given,
                                                        last=self.game.max_chance_outcomes - 1))
        if number not in self.legal_actions():
            legal = ", ".join(self.action_to_string(CHANCE, a) for a in self.legal_actions())
            raise IllegalMove(Msg("api_not_legal", move=str(number), legal=legal))
        if self.taken is not None:
            self.taken.append(number)
        pending = self.pending
        if pending.place(number, self.game.actions.face_index, self.game.definition.deck.face):
            self.raw, self.pending = _chance.run(self.game.definition, self.seed, pending.before, pending.move,
                                                 pending.orders + [pending.order()])

    def action_to_string(self, *seat_and_action: int) -> str:
        """A move's integer in the table's notation (`play 7D`), legal now or not; OpenSpiel's form, with
        the seat first, is taken too. A chance action (the seat CHANCE, or none at a chance node) is the
        card placed next in the shuffle: `next card: 7D`."""
        action = whole_number(seat_and_action[-1], lambda given: Msg("env_action_type", given=given,
                                                                      last=self.game.actions.n - 1))
        by_chance = seat_and_action[0] == CHANCE if len(seat_and_action) > 1 else self.is_chance_node()
        if by_chance:
            if not 0 <= action < self.game.max_chance_outcomes:
                raise ArgumentError(Msg("env_no_action", action=action, last=self.game.max_chance_outcomes - 1))
            return str(Msg("chance_card", card=self.game.actions.code_of(action)))
        return self.game.actions.name(action)

    def string_to_action(self, *seat_and_text: Any) -> int:
        """The integer of a legal move given as the table reads it (`play 7D`, `7♦`, action_to_string's
        text); IllegalMove if it is not one, or stands for several moves in turn."""
        text = seat_and_text[-1]
        for action in self.legal_actions() if self.pending else []:
            if text in (self.action_to_string(CHANCE, action), self.game.actions.code_of(action)):
                return action
        for action in self._by_action():
            if self.game.actions.name(action) == text:
                return action
        raw = self._legal_raw(text)
        if len(raw) != 1:
            raise IllegalMove(Msg("api_fits_several", move=str(text), options=", ".join(
                readable(self.game.definition, m).text for m in raw)))
        return self.game.actions.encode(raw[0])

    def returns(self) -> list[float]:
        """Each seat's return: once the game is over, +1 for a winner (a seat of a winning team) and -1 for
        the others when somebody won, 0 for all when nobody did or the game was cut short by its move
        bound; 0 for all while it goes on."""
        result = self.result
        if result is None or result.get("aborted"):
            return [0.0] * self.game.players
        return win_returns(self.game.definition, result)

    def rewards(self) -> list[float]:
        """The rewards of the last move: the returns, which come all at once when the game ends."""
        return self.returns()

    def clone(self) -> "State":
        return self.copy()

    def child(self, action: int) -> "State":
        """A copy with the move of `action` played on it."""
        other = self.copy()
        other.apply_action(action)
        return other

    def history(self) -> list[int]:
        """The moves played so far, as integers (in a position resample_from_infostate drew, those the seat
        it was drawn for knew wholly); in a game of chance or of a given deal, every action taken since the
        deal, chance actions too."""
        if self.taken is not None:
            return list(self.taken)
        return [self.game.actions.encode(entry[1]) for entry in self.raw.history if entry is not None]

    def undo(self) -> None:
        """Take the last move back (in a game of chance, the last action): the game is dealt again from its
        seed (or what it was dealt from) and its moves but that one played."""
        moves = [entry[1] for entry in self.raw.history if entry is not None]
        if not (self.taken if self.taken is not None else moves):
            raise ArgumentError(Msg("state_nothing_to_undo"))
        if self.drawn_for is not None:  # resample_from_infostate's: it was never dealt
            raise ArgumentError(Msg("state_resampled_undo"))
        if self.origin is not None:
            again = _state_by_actions(self.game, self.origin, (self.taken or [])[:-1])
            self.raw, self.pending, self.taken = again.raw, again.pending, again.taken
            return
        raw = _facade.new_game(self.game.definition, self.raw.seed)
        for move in moves[:-1]:
            _facade.apply(raw, move)
        self.raw = raw

    def observation_string(self, seat: int) -> str:
        """What `seat` sees now, as text (interpreter/observation.py)."""
        return observation_text(self.raw, seat_number(seat, self.game.players), self.game.seat_names)

    def observation_tensor(self, seat: int) -> list[float]:
        """What `seat` sees now, as numbers laid out as game.observation_layout names them."""
        return self.game.tensors.observation(self.raw, seat_number(seat, self.game.players))

    def information_state_string(self, seat: int) -> str:
        """The observation, then every move played as `seat` saw it (a card it does not know of as `?`)."""
        seat = seat_number(seat, self.game.players)
        return information_text(self.raw, seat, self.game.seat_names, self._seen_moves(seat))

    def information_state_tensor(self, seat: int) -> list[float]:
        """The observation tensor and the faces each seat was seen to choose (game.information_state_layout)."""
        seat = seat_number(seat, self.game.players)
        return self.game.tensors.information(self.raw, seat, self._seen_moves(seat))

    def _seen_moves(self, seat: int) -> list[SeenMove]:
        """The moves as `seat` saw them; for a position drawn for it, as it saw them where it was drawn."""
        if self.drawn_for is not None and self.drawn_for[0] == seat:
            before = self.drawn_for[1]
            return before + seen_moves(self.raw, seat, start=len(before))
        return seen_moves(self.raw, seat)

    def resample_from_infostate(self, seat: int, rng: Any) -> "State":
        """A position `seat` cannot tell from this one: the cards it does not see shuffled into the places
        it does not see, as kural's search bot draws them (interpreter/search.py Seen). `rng` is a seed,
        a random.Random, or a function giving a number from 0 to 1 (OpenSpiel's sampler). The state drawn
        plays on, but has no deal of its own: its record and undo() are refused."""
        seat = seat_number(seat, self.game.players)
        if self.pending:
            raise ArgumentError(Msg("state_chance_resample"))
        drawn = Seen(self.raw, seat).determinize(_generator(rng))
        if self.game.chance:  # the deals to come wait for chance, as in the state it was drawn from
            drawn.rng = _chance.Draws(self.seed, [], explicit=True)
        state = State(self.game, drawn, (seat, self._seen_moves(seat)))
        if self.taken is not None:  # (a history it plays on from, never dealt again: no origin)
            state.taken = list(self.taken)
        return state

    def _by_action(self) -> dict[int, RawMove]:
        return self.game.actions.legal(_facade.legal(self.raw)) if not (self.is_over or self.pending) else {}

    def _move_of(self, action: Any) -> RawMove:
        number = whole_number(action, lambda given: Msg("env_action_type", given=given, last=self.game.actions.n - 1))
        move = self._by_action().get(number)
        if move is None:
            if self.is_over:
                raise IllegalMove(Msg("api_game_over", move=str(number), moves=self.moves_played))
            legal = ", ".join(self.game.actions.name(a) for a in self._by_action())
            raise IllegalMove(Msg("api_not_legal", move=f"{number} ({self._name_or_none(number)})", legal=legal))
        return move

    def _name_or_none(self, action: int) -> str:
        return self.game.actions.name(action) if 0 <= action < self.game.actions.n else "no action"

    def _legal_raw(self, move: Move | str) -> list[RawMove]:
        """The engine's moves a Move or a text stands for (a text may name several in turn, as at the table)."""
        if not isinstance(move, (Move, str)):
            raise ArgumentTypeError(Msg("api_move_type", given=shown(move)))
        legal: list[RawMove] = _facade.legal(self.raw) if not (self.is_over or self.pending) else []
        g = self.game.definition
        if isinstance(move, Move):
            found = [raw for raw in legal if raw == move._raw or readable(g, raw) == move]
            if found:
                return found[:1]
        reading = MoveReader(g).read_move(self.raw, legal, str(move)) if legal else None
        if reading is not None and reading.move is not None:
            return [reading.move, *reading.then]
        if reading is not None and reading.options:
            options = ", ".join(readable(g, m).text for m in reading.options)
            raise IllegalMove(Msg("api_fits_several", move=str(move), options=options))
        if self.is_over:  # no move is legal: say why, not "legal: " and nothing
            raise IllegalMove(Msg("api_game_over", move=str(move) or "''", moves=self.moves_played))
        legal_texts = ", ".join(readable(g, m).text for m in legal)
        raise IllegalMove(Msg("api_not_legal", move=str(move) or "''", legal=legal_texts))

    def __str__(self) -> str:
        """The table as `kural play` prints it to the seat to move (seat 0 once the game is over); at a chance
        node, how far the shuffle is."""
        if self.pending:
            return str(Msg("chance_board", placed=len(self.pending.chosen), cards=len(self.pending.cards)))
        return drawing.BOARD[0](self) if drawing.BOARD else repr(self)

    def __repr__(self) -> str:
        where = "over" if self.is_over else "a chance node" if self.pending else f"seat {self.to_move} to move"
        return f"<kural state of {self.game.id}, seed {self.seed}, {self.moves_played} moves, {where}>"


class Bot:
    """One of kural's bots as a policy: `choose(state)` gives one of state.legal() (kural.bot)."""

    def __init__(self, kind: str, seed: int = 0, think: str | None = None):
        self.kind = kind
        self.engine_bot = make_bot(kind, whole_number(seed, lambda given: Msg("api_seed_type", given=given)), think)

    def choose(self, state: "State") -> Move:
        """The bot's move for the seat to move (the game must go on)."""
        if not isinstance(state, State):
            raise ArgumentTypeError(Msg("api_state_type", given=shown(state)))
        if state.is_over:
            raise IllegalMove(Msg("api_game_over", move=self.kind, moves=state.moves_played))
        if state.pending:
            raise IllegalMove(Msg("api_chance_node", move=self.kind))
        raw = self.engine_bot.choose(state._for_bots(), _facade.legal(state.raw))
        return readable(state.game.definition, raw)

    def __repr__(self) -> str:
        return f"<kural bot {self.kind}>"


def bot(kind: str = "heuristic", seed: int = 0, think: str | None = None) -> Bot:
    """kural's bot of that kind (`random`, `heuristic`, `search`, seeded from `seed`; `think` the search's
    budget) as a policy: `kural.bot("heuristic").choose(state)`."""
    return Bot(kind, seed, think)


def win_returns(g: GameDef, result: Mapping[str, Any]) -> list[float]:
    """+1 for each seat that won (or whose team did), -1 for the others; 0 for all when nobody won."""
    unit = (lambda seat: g.team_of[seat]) if g.result.per == "team" else (lambda seat: seat)
    winners = set(result["winners"])
    if not winners:
        return [0.0] * g.players
    return [1.0 if unit(seat) in winners else -1.0 for seat in range(g.players)]


def _generator(rng: Any) -> random.Random:
    """resample_from_infostate's source of chance as a random.Random."""
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    if callable(rng):
        return random.Random(int(float(rng()) * 2 ** 53))
    raise ArgumentTypeError(Msg("state_no_sampler", given=shown(rng)))


def load_arguments(game: Any, variants: Any, params: Any, players: Any) -> tuple[str, list[str], dict, int | None]:
    """kural.load's arguments (dsl/entry.py), each of the type it takes (the values themselves are the rule
    file's to check)."""
    fspath = getattr(type(game), "__fspath__", None)
    path = game if isinstance(game, str) else fspath(game) if fspath is not None else None
    if not isinstance(path, str):
        raise ArgumentTypeError(Msg("api_game_type", given=shown(game)))
    listed = isinstance(variants, Iterable) and not isinstance(variants, (str, bytes, Mapping))
    names: list[Any] = list(variants) if listed else [] if variants is None else [variants]
    names = [_fspath(v) for v in names]  # a variant file's path as a game's is taken: a str or a PathLike
    if not listed and variants is not None or not all(isinstance(v, str) for v in names):
        raise ArgumentTypeError(Msg("api_variants_type", given=shown(variants)))
    if params is not None and not isinstance(params, Mapping):
        raise ArgumentTypeError(Msg("api_params_type", given=shown(params)))
    count = None if players is None else whole_number(players, lambda given: Msg("api_players_type", given=given))
    return path, names, dict(params or {}), count


def _fspath(value: Any) -> Any:
    """A PathLike's path (os.fspath, a str only), else the value as it is."""
    fspath = getattr(type(value), "__fspath__", None)
    path = fspath(value) if fspath is not None and not isinstance(value, str) else value
    return path


def checked_record(record: Mapping[str, Any] | str) -> dict:
    """kural.replay's record (dsl/entry.py): a dict, or its JSON text, read as a record kural reads;
    RecordError (its format, a field of the wrong type: the first one named) otherwise."""
    return parse(record) if isinstance(record, str) else check_record(dict(record) if isinstance(record, Mapping)
                                                                      else record)


def replayed(game: Game, rec: dict) -> State:
    """A record's moves played again on the game it was played under; ReplayError if it does not
    reproduce exactly (deal, moves and result)."""
    raw, problems = _facade.replay(game.definition, rec)
    if problems:
        raise ReplayError(problems)
    return State(game, raw)


def _state_by_actions(game: Game, origin: tuple[int, Any], actions: Sequence[int]) -> State:
    """A game of chance or of a given deal, dealt again from its origin and its actions played again."""
    state = game.new(*origin)
    for action in actions:
        state.apply_action(action)
    return state


def _given_order(g: GameDef, seed: int, codes: ActionCodes, deal: Any) -> list[int]:
    """The first shuffle's order that deals `deal` (Game.new): ArgumentError saying what cannot be dealt."""
    wanted = _wanted(g, deal)
    try:
        return _chance.given_order(g, seed, wanted)
    except ValueError as exc:
        word, values = exc.args
        if "zone" in values:
            values = {**values, "zone": _zone_name(g, values["zone"])}
        said = {"no_shuffle": lambda: Msg("deal_no_shuffle"),
                "not_shuffled": lambda: Msg("deal_not_shuffled", **values),
                "too_many": lambda: Msg("deal_too_many", **values)}
        raise ArgumentError(said[word]()) from None


def _wanted(g: GameDef, deal: Any) -> dict[int, list[int]]:
    """A given deal as zone id -> card ids (twins told apart in the deck's order); ArgumentError or
    ArgumentTypeError for a deal that names no zone, a card twice, or no card."""
    if isinstance(deal, Mapping):
        by_name = dict(deal)
    elif isinstance(deal, (list, tuple)):
        by_name = {g.hand_zone: deal}
    else:
        raise ArgumentTypeError(Msg("deal_type", given=shown(deal)))
    free: dict[str, list[int]] = {}
    for card, code in enumerate(g.deck.code):
        free.setdefault(code, []).append(card)
    wanted: dict[int, list[int]] = {}
    for name, cards in by_name.items():
        zone = next((z for z in g.zones if z.name == name and not z.max_groups), None)
        if zone is None:
            raise ArgumentError(Msg("deal_no_zone", zone=shown(name),
                                    zones=", ".join(z.name for z in g.zones if not z.max_groups)))
        owners = g.units(zone.per) if zone.per != "none" else [None]
        lists = list(cards) if zone.per != "none" else [cards]
        if len(lists) != len(owners) or not all(c is None or isinstance(c, (list, tuple)) for c in lists):
            raise ArgumentError(Msg("deal_owners", zone=name, owners=len(owners)))
        for i, given in enumerate(lists):
            if given is None:
                continue
            ids = []
            for code in given:
                if not free.get(code):
                    raise ArgumentError(Msg("deal_no_card", card=code if isinstance(code, str) else shown(code)))
                ids.append(free[code].pop(0))
            wanted[zone.first_id + i] = ids
    return wanted


def _zone_name(g: GameDef, zone_id: int) -> str:
    """A zone instance's name as observation_string writes it: `hand[2]`, `stock`."""
    for z in g.zones:
        owners = g.units(z.per) if z.per != "none" else [None]
        if z.first_id <= zone_id < z.first_id + len(owners):
            owner = owners[zone_id - z.first_id]
            return z.name if owner is None else f"{z.name}[{owner}]"
    return str(zone_id)


def _check_dealt(state: State, deal: Any) -> None:
    """ArgumentError if the deal made is not the one given (a setup whose deal depends on the cards)."""
    raw = state.raw
    for zone, ids in _wanted(state.game.definition, deal).items():
        if not set(ids) <= set(raw.zones[zone]):
            raise ArgumentError(Msg("deal_not_made", zone=_zone_name(state.game.definition, zone)))


def _state_again(game: Game, rec: dict) -> State:
    """A state unpickled: its record's moves played again on its game."""
    raw, problems = _facade.replay(game.definition, rec, upto=len(rec.get("moves", [])))
    if problems:
        raise ReplayError(problems)
    return State(game, raw)


# ------------------------------------------------------------------ readable values
def readable(g: GameDef, raw: RawMove) -> Move:
    """The engine's move as a Move: the record's entry of it (interpreter/record.py), and its text."""
    e = entry(g, 0, raw)
    choices: dict[str, Choice] = {}
    cards: list[str] = []
    words = [e["move"]]
    m = g.moves[raw[0]]
    single = iter(e["cards"])
    for c in m.choices:
        if c.of_cards:
            code = next(single)
            choices[c.name] = code
            cards.append(code)
            words.append(code)
        else:
            value = e[c.name]
            if c.of_card_lists:
                cards += value
                words += value
                value = tuple(value)
            else:
                words.append(str(value))
            choices[c.name] = value
    return Move(e["move"], tuple(cards), choices, " ".join(words), raw)


def seat_view(g: GameDef, seen: dict[str, Any]) -> SeatView:
    code = g.deck.code
    zones = tuple(ZoneSight(z.name, z.owner, z.team, z.group, z.count,
                            None if z.cards is None else tuple(code[c] for c in z.cards)) for z in seen["zones"])
    return SeatView(seen["seat"], None if seen["over"] else seen["to_move"], seen["over"], zones,
                    dict(seen["vars"]), seen["moves_played"], g.hand_zone)
