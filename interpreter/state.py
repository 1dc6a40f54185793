"""The state of a game in play: small, flat and cheap to copy."""
from __future__ import annotations

from itertools import repeat

from . import draws
from .budget import WORK_LIMIT

NOWHERE = -1  # the zone of the sentinel card past the deck, that generated lookups may name

Move = tuple  # (move index, (choice values...)); values are card ints or plain values


class Cache(dict):
    """What a position worked out, emptied after every move (State.cache): move index -> has a legal
    instance; (a sums_to call, its cards) -> their groups by total (interpreter/subset_sums.py Totals); and,
    apart from the dict, the position's legal moves (`legal`, None until worked out). They are kept apart so
    that a move forgets them without emptying and filling a dict again (forget), while clear() forgets
    everything, them too. `ahead`, if set, gives the legal moves of a position that a bot's plan already
    reached on a copy (interpreter/plans.py), or None: moves keep it, clear() forgets it."""

    __slots__ = ("legal", "ahead")

    def __init__(self):  # (an empty dict needs no dict.__init__: one frame less for every new game)
        self.legal = None
        self.ahead = None

    def clear(self) -> None:
        self.legal = None
        self.ahead = None
        dict.clear(self)


emptied = dict.clear  # a Cache emptied of all but its legal moves (the dict's own clear, no Python frame)


def forget(cache: Cache) -> None:
    """The position changed (a move was played): what it worked out is forgotten (cache.clear(), written
    for the path of every move: the dict is emptied only if it holds anything)."""
    cache.legal = None
    if cache:
        emptied(cache)


class State:
    __slots__ = ("g", "zones", "where", "vars", "me", "step", "window", "rounds_played", "history",
                 "over", "aborted", "rng", "cache", "deal", "seed", "totals", "sheets", "deals", "work", "planned")

    def __init__(self, g, seed: int):
        self.g = g
        self.seed = seed
        self.rng = draws.seeded(seed)  # random.Random(seed)
        self.zones: list[list[int]] = list(map(list, repeat((), g.zone_count)))  # empty lists (no comprehension's frame)
        self.where: list[int] = [0] * g.deck.size + [NOWHERE]  # a sentinel past the deck: no card
        self.vars: list = [0] * g.var_slots
        self.me = 0
        self.step = 0
        # a window open (docs/language.md §5.1): (the seat whose turn it is, the seats asked, the place of the
        # one asked now, the passes in a row), a tuple never changed in place: a copy shares it; else None
        self.window: tuple | None = None
        self.rounds_played = 0
        self.history: list[tuple[int, Move]] = []  # (seat, move) in order
        self.over = False
        self.aborted = False
        self.cache = Cache()  # what this position worked out, emptied after every move
        self.deal: list[list[int]] | None = None  # every zone's cards after the first setup
        self.deals: list[tuple[int, dict[int, list[int]]]] = []  # later deals: (moves before, zone id -> cards dealt)
        self.totals: list = [0] * (g.players if g.round_result is None else g.span(g.totals_per))  # each seat's (or team's) points over the rounds (round_result)
        self.sheets: list[dict] = []  # each round's scoring: field -> value per seat
        self.work = WORK_LIMIT  # what is left of this phase of the move's work (interpreter/budget.py)
        self.planned = False  # a copy a bot plays its turn's plan on: it stops where its round ends (engine.RoundOver)

    def copy(self, waiting: bool = False) -> "State":
        """An independent copy, for bots that look ahead. `waiting`: this state draws nothing while the copy
        is played on (a bot's plan of its turn): the copy's generator is copied only if it draws."""
        other = State.__new__(State)
        other.g, other.seed = self.g, self.seed
        other.rng = draws.Deferred(self.rng) if waiting else draws.copied(self.rng)
        other.zones = list(map(list.copy, self.zones))  # (no comprehension's frame)
        other.where = list(self.where)
        other.vars = list(self.vars)
        other.me, other.step, other.rounds_played = self.me, self.step, self.rounds_played
        other.window = self.window
        other.history = list(self.history)
        other.over, other.aborted = self.over, self.aborted
        other.cache = Cache()
        other.deal = self.deal
        other.deals = list(self.deals)
        other.totals = list(self.totals)
        other.sheets = list(self.sheets)
        other.work = self.work
        other.planned = False
        return other
