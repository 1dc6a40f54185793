"""The checked, compiled form of a rule file: what the engine plays.

Each expression and effect of the rule file is kept as its node of the typed program (dsl/ir.py, made
by dsl/compiler.py): the backend (dsl/backend/) writes the game's module from them. Play reads none of
them, only the plain fields and the program (dsl/backend/program.py Program): a game read back from the
cache has them all None (without_nodes).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .cards import Deck
from .state import NOWHERE

Expr = Any  # an expression's node of the typed program (dsl/ir.py; interpreter/ imports nothing of dsl/)
Effect = Any  # an effect list's node


@dataclass(frozen=True)
class Place:
    """Where a part of the game was written (issue 36): the file, line and column of its key, and the
    layer that set it: "" for the base game, else the id of the variant whose file wrote it."""

    file: str
    line: int  # 1-based
    col: int  # 1-based
    layer: str = ""


@dataclass
class ZoneDef:
    """A zone of the rule file: who sees it, how it is laid out, and its first instance id."""

    name: str
    per_seat: bool
    visible: str  # owner | all | none | top
    layout: str  # hand | pile | by_suit
    title: dict[str, str]
    first_id: int = 0  # zone instance id (per-seat zones take one id per seat, per-team zones one per team)
    per_team: bool = False  # one zone per team (`per: team`); its owner is a team, and its seats see `visible: owner`
    max_groups: int = 0  # a group zone (`kind: groups`): each owner's area is this many groups, each its own instance
    yours: dict = field(default_factory=dict)  # {en, tr}: its name when it is the player's own ("elin"); empty: your + title
    at: Place | None = None  # where it was written and by which layer (Place)

    @property
    def per(self) -> str:
        return "seat" if self.per_seat else "team" if self.per_team else "none"

    @property
    def per_owner(self) -> int:
        """Instances each owner has: its groups for a group zone, else one."""
        return self.max_groups or 1


@dataclass
class Example:
    """An example beside a rule (`examples:`): cards, and what they score as a meld (None: no meld), several
    melds (`groups`) what they score together; or a position (`zones`: zone instance -> its cards; `cards` the
    hand of the seat to move) and the cards of that hand its moves may play (`plays`), or every move there
    (`moves`: each by its cards, (cards chosen one by one, the faces of its card lists sorted)). `at`: where
    it is written; `words_at`: where the words of its rule, and of the rules it needs (`needs`), are (a later
    layer's words restate them: the example is then not that layer's)."""

    rule: str
    cards: list
    points: Any
    at: Place
    words_at: list = field(default_factory=list)
    zones: dict | None = None  # a position's zones; None: a meld
    plays: list = field(default_factory=list)
    groups: list | None = None  # the melds of an example of several, each its cards
    moves: list | None = None  # a position's every legal move, by its cards (faces)


@dataclass
class VarDef:
    """A var of the rule file: its start value, its scope and its slot in the state's vars."""

    name: str
    per_seat: bool
    start: Expr
    scope: str  # game | round: when it is set to its start value
    slot: int = 0
    start_src: Any = None  # the start expression as written, for the rules printer
    title: dict[str, str] = field(default_factory=dict)  # {en, tr}; empty: not shown to players
    per_team: bool = False  # one value per team (`per: team`), read and written as x[team(me)]
    per_group: bool = False  # one value per group of a group zone (`per: group`), read and written as x[g]
    type: str = "num"  # what it holds: num, card (a card's id), suit or seat (numbers said as a suit, a seat),
    # or option: one of `options`, a choice's values (`type: contract`), said by the choice's words
    options: tuple = ()
    keys: tuple = ()  # a var keyed by these values (`keys:`): a slot each, in this order, read as x[key]
    shown_as: dict = field(default_factory=dict)  # value -> {en, tr}: how the screen says a value (1: "half")
    says: dict = field(default_factory=dict)  # "1", ">=0" -> {en, tr, you: {en, tr}}: the rules' sentence for it
    named: dict = field(default_factory=dict)  # {en, tr}: its name in the rules (its title, shown or not)
    where: str = ""  # file:line:col of its start value, for errors while playing
    at: Place | None = None  # where it was written and by which layer (Place)

    @property
    def per(self) -> str:
        return ("seat" if self.per_seat else "team" if self.per_team else "group" if self.per_group else
                "key" if self.keys else "none")


@dataclass
class Check:
    """One clause of a move's guard: a condition and the rule that demands it."""

    rule: str | None
    why: dict[str, str]
    source: str
    node: Any = None  # the condition as a node of the typed program (dsl/ir.py)
    part: tuple = ()  # its place in the rule file (dsl/schema.py): its words are `GameDef.words().parts[part]`
    at: Place | None = None  # where it was written and by which layer (Place)


@dataclass
class Choice:
    """One choice of a move: the options it is chosen from, and what kind of thing they are."""

    name: str
    domain_is_zone: bool
    of_cards: bool  # each option is one card
    of_card_lists: bool = False  # each option is a list of cards (a capture, a meld)
    of_groups: bool = False  # each option is a group of a group zone (a zone id; a record writes its number)
    shown_as: dict = field(default_factory=dict)  # an option (numbers.value_key) -> {en, tr}: its name at the table
    title: dict = field(default_factory=dict)  # {en, tr}: what is chosen (a bid), in the help and the rules
    written: list | None = None  # a plain choice's options where the rule file writes them as a list (numbered by them)
    node: Any = None  # the options as a node of the typed program (dsl/ir.py)
    part: tuple = ()  # its place in the rule file (dsl/schema.py): its words are `GameDef.words().parts[part]`
    at: Place | None = None  # where it was written and by which layer (Place)


@dataclass
class MoveDef:
    """A move of the rule file: its choices, its checks and its effects, with what play needs of them."""

    name: str
    index: int
    title: dict[str, str]
    rules: list[str]
    choices: list[Choice]
    checks: list[Check]
    effects: Effect
    next_step: str  # "end" (turn ends), "again", or a step name
    where: str = ""  # file:line:col of the move in the rule file, for errors while playing
    specialize: Any = None  # the guard's versions for a position, as nodes (dsl/specialize.py Specializer)
    choice_names: tuple = ()  # the choices' names, in order (set from choices)
    has_cards: bool = False  # some choice is a card (set from choices)
    has_card_lists: bool = False  # some choice is a group of cards (set from choices)
    guard_weight: int = 1  # the parts of its guard: what trying one option costs (interpreter/budget.py)
    visible: str = "all"  # who sees what it chose: all, or owner (the others see the move, not its cards)
    part: tuple = ()  # the place of its effects (moves.NAME.do): their words are `GameDef.words().parts[part]`
    at: Place | None = None  # where it was written and by which layer (Place)

    def __post_init__(self) -> None:
        self.choice_names = tuple(c.name for c in self.choices)
        self.has_cards = any(c.of_cards for c in self.choices)
        self.has_card_lists = any(c.of_card_lists for c in self.choices)


def _with(part, **changes):
    """A shallow copy of a part of the game with some fields changed."""
    out = copy.copy(part)
    for name, value in changes.items():
        setattr(out, name, value)
    return out


@dataclass
class StepDef:
    """A step of a turn: the moves the seat to move may play there."""

    name: str
    moves: list[int]
    where: str = ""  # file:line:col of the step in the rule file, for errors while playing
    title: dict = field(default_factory=dict)  # {en, tr}: its name in the rules and on screen; empty: its name
    at: Place | None = None  # where it was written and by which layer (Place)
    window: "Window | None" = None  # several seats asked in turn here (docs/language.md §5.1), or one seat's step
    next_step: str = "end"  # a window's: where the turn goes when it closes


@dataclass
class Window:
    """A step where several seats act out of turn: each seat of `seats` (worked out as it opens) is asked
    in turn, until every one has played the `pass` move since the last other move, or `until` holds."""

    seats: Any  # the typed node of the list of seats, in the order asked
    until: Any  # the typed node of the condition that closes it at once, or None
    passes: int  # the index of the move that passes
    after: Any = None  # the effects run as it closes, or None


@dataclass
class BotPref:
    """A bot preference of the rule file: how much a bot likes a move (or every move), and its tip."""

    move: int | None  # the move it speaks of (None: every move)
    tip: dict[str, str]
    where: str = ""  # file:line:col of the preference, for errors while playing
    node: Any = None  # the preference as a node of the typed program (dsl/ir.py)
    part: tuple = ()  # its place in the rule file (dsl/schema.py): its words are `GameDef.words().parts[part]`
    at: Place | None = None  # where it was written and by which layer (Place)


@dataclass
class ResultDef:
    """The result of a game: who wins, each seat's score and the other fields shown."""

    winner: Expr
    score: Expr
    fields: dict[str, Expr]
    score_title: dict[str, str] = field(default_factory=dict)
    field_titles: dict[str, dict[str, str]] = field(default_factory=dict)
    field_shown_as: dict = field(default_factory=dict)  # field -> value (numbers.value_key) -> {en, tr}: its words
    per: str = "seat"  # seat: worked out for every seat (local `seat`); team: for every team (local `team`)
    where: dict = field(default_factory=dict)  # value (score, a field) -> file:line:col, for errors while playing
    at: Place | None = None  # where it was written and by which layer (Place)


@dataclass
class RoundResultDef:
    """Evaluated for every seat (or every team, `per: team`) when a round ends: `points` are added to its total."""

    points: Expr
    points_title: dict[str, str]
    fields: dict[str, Expr]
    field_titles: dict[str, dict[str, str]]
    field_shown_as: dict = field(default_factory=dict)  # field -> value (numbers.value_key) -> {en, tr}: its words
    per: str = "seat"
    where: dict = field(default_factory=dict)  # value (points, a field) -> file:line:col, for errors while playing
    at: Place | None = None  # where it was written and by which layer (Place)


@dataclass
class EndReason:
    """One way a round ends (flow.round.end_reasons): the first whose `when` holds as the round ends is
    written on its sheet by name."""

    name: str
    when: Expr
    rule: str | None
    text: dict[str, str]  # {me} stands for the player who made the last move
    at: Place | None = None  # where it was written and by which layer (Place)


@dataclass
class GameDef:
    """A playable game: everything its rule files say, checked, and the program that plays it."""

    id: str
    title: dict[str, str]
    lang: str
    players: int
    seats: dict[str, list[str]]
    hand_zone: str
    deck: Deck
    deck_zone: str
    zones: list[ZoneDef]
    zone_count: int
    vars: list[VarDef]
    var_slots: int
    params: dict[str, Any]
    param_info: dict[str, dict]
    moves: list[MoveDef]
    steps: list[StepDef]
    round_setup: Effect
    first_seat: Expr
    next_seat: Expr
    after_move: Effect | None  # None: nothing happens after each move
    round_end: Expr
    round_score: Effect
    game_end: Expr
    result: ResultDef
    bot: list[BotPref]
    round_result: RoundResultDef | None = None
    end_reasons: list[EndReason] = field(default_factory=list)  # why a round ended, in the order they are tried
    variants: list[str] = field(default_factory=list)
    source: str = ""
    files: dict = field(default_factory=dict)  # rule files outside games/: how a record finds them again, their sha256
    rule_files: tuple = ()  # every rule file read for this game, resolved: no output of a command may write over one
    max_moves: int = 20000
    round_title: dict = field(default_factory=dict)  # what a round is called, {en, tr} (game.round_title); {}: "round"
    bots: str = "random"  # the bot kind of every seat when a command is given none (game.bots)
    texts: dict = field(default_factory=dict)
    book: list = field(default_factory=list)  # the handout's sections: (heading by language, rule numbers)
    examples: list = field(default_factory=list)  # Example: beside the rules, checked against the engine
    # (title {en, tr}, value, shown_when, out_of nodes): titled defines shown at the table
    shown: list = field(default_factory=list)
    meld_values: list = field(default_factory=list)  # defines shown beside each meld (`of_meld`, dsl/building/shown.py)
    deck_has_twins: bool = False  # two physical cards share a face: moves are told apart by face
    about: dict = field(default_factory=dict)
    step_index: dict = field(default_factory=dict)
    param_values: dict = field(default_factory=dict)
    where: dict = field(default_factory=dict)  # section -> file:line:col, for errors while playing
    melds: Any = None  # kural.interpreter.melds.MeldRules from the `melds:` section; None when the game has none
    teams: list = field(default_factory=list)  # the teams at this player count, each a list of seats (game.teams)
    team_of: list = field(default_factory=list)  # seat -> its team's index
    teams_by_count: dict = field(default_factory=dict)  # game.teams as written: player count -> teams
    program: Any = None  # the generated module that plays it (dsl/backend/program.py Program)
    recorded: Any = None  # what the teaching layer reads (dsl/said.py Recorded): read it by `words()`
    words_kept: Any = None  # a game read back from the cache: what reads its words back (dsl/gamecache.py)
    at: Place | None = None  # where it was written and by which layer (Place)

    def __post_init__(self) -> None:
        if not self.teams:  # no partnerships: each seat is its own team
            self.teams = [[seat] for seat in range(self.players)]
        if not self.team_of:
            self.team_of = [0] * self.players
            for i, team in enumerate(self.teams):
                for seat in team:
                    self.team_of[seat] = i

    @property
    def partnered(self) -> bool:
        """Do some seats play together at this player count?"""
        return any(len(team) > 1 for team in self.teams)

    def team_names(self, seat_names: list[str], joiner: str = " & ") -> list[str]:
        """Each team named by its seats' names: "You & Can"."""
        return [joiner.join(seat_names[s] if s < len(seat_names) else f"#{s + 1}" for s in team)
                for team in self.teams]

    def units(self, per: str) -> list[int]:
        """What a result or round_result `per` seat or team is worked out for: the seats, or the teams' indexes."""
        return list(range(self.span(per)))

    @property
    def totals_per(self) -> str:
        """`totals` has one entry per seat, or per team when the round_result is `per: team`."""
        return self.round_result.per if self.round_result is not None else "seat"

    def var_span(self, v: VarDef) -> int:
        """How many values a var holds: one per seat, team, group or key, or one."""
        return len(v.keys) if v.keys else self.span(v.per)

    def span(self, per: str) -> int:
        """How many instances a zone or var `per` seat, team or none has."""
        return (self.players if per == "seat" else len(self.teams) if per == "team" else
                self.zone_count if per == "group" else 1)

    def zone(self, name: str) -> ZoneDef:
        return next(z for z in self.zones if z.name == name)

    def words(self):
        """What the teaching layer reads of this game (dsl/said.py Recorded): every load keeps it; a game
        read back from the cache reads it back on first use, so that play never pays for it."""
        if self.recorded is None and self.words_kept is not None:
            self.recorded, self.words_kept = self.words_kept(), None
        return self.recorded

    # ------------------------------------------------------------- kept as plain data
    def without_nodes(self) -> "GameDef":
        """A copy of this game (what the cache keeps, dsl/gamecache.py) with every node of the typed program
        (what the compiler made) left out (None; a dict of them keeps its keys):
        play reads only the program (dsl/backend/program.py Program) and the plain fields, so a game kept
        so plays the same (issue 36). This game itself is not changed."""
        kept = copy.copy(self)
        kept.recorded = kept.words_kept = None  # (the cache keeps the words apart: read on first use)
        for name in ("round_setup", "first_seat", "next_seat", "after_move", "round_end", "round_score", "game_end"):
            setattr(kept, name, None)
        kept.moves = [_with(m, effects=None, specialize=None,
                            checks=[_with(c, node=None) for c in m.checks],
                            choices=[_with(c, node=None) for c in m.choices]) for m in self.moves]
        kept.vars = [_with(v, start=None) for v in self.vars]
        kept.bot = [_with(p, node=None) for p in self.bot]
        kept.result = _with(self.result, winner=None, score=None, fields=dict.fromkeys(self.result.fields))
        if self.round_result is not None:
            kept.round_result = _with(self.round_result, points=None, fields=dict.fromkeys(self.round_result.fields))
        kept.end_reasons = [_with(r, when=None) for r in self.end_reasons]
        kept.shown = [(title, None, None, None) for title, *_ in self.shown]
        same_var = {id(v): k for v, k in zip(self.vars, kept.vars)}  # a meld's shown_on var is one of the vars
        kept.meld_values = [(title, meld, None, None, None, var if var is None else same_var[id(var)])
                            for title, meld, *_, var in self.meld_values]
        return kept

    @cached_property
    def deck_zone_id(self) -> int:
        """The zone instance the cards start in (looked up once: the engine asks after every move)."""
        return self.zone(self.deck_zone).first_id

    @cached_property
    def deck_lists(self) -> tuple[list[int], list[int]]:
        """The whole deck's cards in order, and every card's zone (the deck zone's; NOWHERE for the sentinel
        past the deck): what a round starts from, copied at each deal (a copy costs a fifth of a list made
        card by card)."""
        size = self.deck.size
        return list(range(size)), [self.deck_zone_id] * size + [NOWHERE]

    @cached_property
    def hand_zone_id(self) -> int:
        """Seat 0's hand, the first of the hands (looked up once: every result lists the hands)."""
        return self.zone(self.hand_zone).first_id

    def move(self, name: str) -> MoveDef:
        return next(m for m in self.moves if m.name == name)

    def zone_instance(self, zone_id: int) -> tuple[ZoneDef, int | None]:
        """The zone definition of an instance id, and its owner: a seat, a team's index (per-team zones), or None."""
        for z in self.zones:
            span = self.span(z.per) * z.per_owner
            if z.first_id <= zone_id < z.first_id + span:
                return z, (zone_id - z.first_id) // z.per_owner if z.per != "none" else None
        raise KeyError(zone_id)

    def owner_ids(self, z: ZoneDef, owner: int | None) -> list[int]:
        """The instance ids of one owner's zone: one id, or every group of a group zone."""
        base = z.first_id + (owner or 0) * z.per_owner
        return list(range(base, base + z.per_owner))

    def group_number(self, zone_id: int) -> int:
        """A group's number in its area, from 1."""
        z, _ = self.zone_instance(zone_id)
        return (zone_id - z.first_id) % z.per_owner + 1
