"""Melds: sets and runs of cards, with wild cards, as a rule file's `melds:` section describes them.

A *set* is cards of one rank (suits free); a *run* is cards of one suit in
sequence. Some cards may be *wild* (stand for another card); how many one
meld may hold, whether a wild card in its own place counts as itself, how
many natural cards in sequence a run needs before a wild may stand in it,
where the ace goes and what every card is worth are all the rule file's
numbers (see docs/language.md §2.4, §4.8). Nothing here knows a particular game.

A group of cards may be read in several ways (which card is the wild, where
it stands). The reading chosen is a legal one with the fewest wilds (a wild
card that can be itself is itself), then the most points, then a set before
a run, then the wilds as high in the run as they go.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate, product, repeat
from operator import is_, itemgetter
from typing import NamedTuple

from .messages import Msg

SIZE, SHAPE, WILDS, CORE = "size", "shape", "wilds", "core"
REASONS = (SIZE, SHAPE, WILDS, CORE)  # why a group is not a meld (the keys of `melds.why`)
_SEVERITY = {SHAPE: 0, WILDS: 1, CORE: 2}  # several readings fail: the one that came closest speaks
ACES = ("low", "high", "both")
ACE_HIGH = 14  # the place of an ace above the king in a run
MAX_CACHED = 100_000  # readings remembered (by the cards' faces); the memory is cleared when full
NOT_READ = object()  # a group not yet read (None is remembered too: no meld)
_FIRST, _SECOND = itemgetter(0), itemgetter(1)  # (without a comprehension, which is a call of its own)


class Place(NamedTuple):
    """One card of a meld as it is read: the rank and suit it counts as, and whether it is a wild.
    (A named tuple: a meld's reading makes one per card, on the hot path of legal moves.)"""

    card: int
    rank: int  # in a run, 14 is an ace above the king
    suit: int | None  # None: a wild in a set (it stands for a card of the set's rank, any suit)
    wild: bool


class Reading(NamedTuple):
    """What a group of cards is: a set, a run or no meld (with the reason), its cards in order, its points.
    (A named tuple, never changed: readings are kept and shared, and a hand's melds make thousands.)"""

    kind: str | None  # "set" | "run" | None
    places: tuple[Place, ...] = ()
    points: float = 0
    reason: str | None = None  # None when legal, else one of REASONS
    wilds: int = 0  # the cards standing for another (asked again and again)

    @property
    def legal(self) -> bool:
        return self.kind is not None

    @property
    def naturals(self) -> int:
        return len(self.places) - self.wilds

    @property
    def cards(self) -> list[int]:
        return [p.card for p in self.places]


NOT_A_MELD = {reason: Reading(None, (), 0, reason) for reason in REASONS}  # one reading per reason, shared


class _Best:
    """The best reading offered so far, or the reason of the failure that came closest. A reading is
    better with fewer wilds, then more points, then a set before a run, then its wilds higher in the
    run; the first of equals stays. A reading without wilds counts every card as itself, so every
    other one without wilds has its points: nothing offered after it is better (nor a run after a set)."""

    __slots__ = ("best", "key", "reason")

    def __init__(self) -> None:
        self.best: Reading | None = None
        self.key: tuple | None = None
        self.reason = SHAPE

    def fails(self, reason: str) -> None:
        if _SEVERITY[reason] > _SEVERITY[self.reason]:
            self.reason = reason

    def may_beat(self, wilds: int) -> bool:
        """Could a reading with this many wilds be better than the best one (the key's first part)?"""
        return self.key is None or wilds <= self.key[0]

    def beats(self, key: tuple) -> bool:
        """Is a reading with this key better? Then it is the best one (the caller gives the reading)."""
        if self.key is None or key < self.key:
            self.key = key
            return True
        return False


class _JoinTable(dict):
    """Whether each card can join one meld (the meld with it added is still a meld): card -> bool, each
    worked out when it is first asked, once for cards that read alike. A natural card of another rank
    than the meld's natural cards and of another suit than theirs makes neither a set nor a run: read()
    says so before it tries a reading, and so does the table, without building the group."""

    __slots__ = ("rules", "meld", "kinds", "set_rank", "run_suit", "short", "set_wilds")

    def __init__(self, rules: "MeldRules", meld: tuple):
        super().__init__()
        self.rules, self.meld, self.kinds = rules, meld, {}
        naturals = [c for c in meld if not rules.wild[c]]
        ranks = {rules.rank[c] for c in naturals}
        suits = {rules.suit[c] for c in naturals}
        # the one rank (suit) of the meld's natural cards, None when it has none, NONE_ALIKE when several
        # (or when a set (run) is not a meld of this game): then no card makes the group a set (run)
        self.set_rank = NONE_ALIKE if not rules.sets or len(ranks) > 1 else next(iter(ranks), None)
        self.run_suit = NONE_ALIKE if not rules.runs or len(suits) > 1 else next(iter(suits), None)
        self.short = len(meld) + 1 < rules.min_size or 0 in ranks  # too few cards, or a natural joker
        # Two natural cards or more of one rank (not two aces that may be both ends of one run): no run can
        # hold them both (each natural card of a run has a place of its own), so the meld with a card added
        # is a meld only as a set: its wilds (the cards that cannot be themselves in a set of that rank) and
        # the card's decide, without a reading. None: read each group.
        self.set_wilds = None
        r = self.set_rank
        if r is not NONE_ALIKE and r is not None and len(naturals) >= (3 if r == 1 and rules.ace == "both" else 2):
            in_place, rank, wild = rules.natural_in_place, rules.rank, rules.wild
            self.set_wilds = len([c for c in meld if not (rank[c] == r and (in_place or not wild[c]))])
        # every card that makes neither shape answered at once (most cards of a hand tried on a meld): only
        # the others are worked out when asked
        self.update(rules._unshaped(None if self.short else (self.set_rank, self.run_suit)))

    def __missing__(self, card: int) -> bool:
        rules = self.rules
        kind = rules._alike[card]
        known = self.kinds.get(kind)
        if known is None:
            known = self.kinds[kind] = self._joins(card)
        self[card] = known
        return known

    def _joins(self, card: int) -> bool:
        rules = self.rules
        if self.short:
            return False
        wilds = self.set_wilds
        if wilds is not None:  # (see __init__) a set of its rank, with the card a natural one or a wild
            if rules.rank[card] == self.set_rank and (rules.natural_in_place or not rules.wild[card]):
                pass
            elif rules.wild[card]:
                wilds += 1
            else:
                return False  # a natural card of another rank: neither a set nor a run
            return rules.max_wilds is None or wilds <= rules.max_wilds
        if rules.wild[card]:
            shaped = self.set_rank is not NONE_ALIKE or self.run_suit is not NONE_ALIKE
        else:
            rank = rules.rank[card]
            shaped = rank != 0 and (self.set_rank in (None, rank) or self.run_suit in (None, rules.suit[card]))
        return shaped and rules._by_alike((*self.meld, card)).kind is not None


NONE_ALIKE = object()  # a meld's natural cards of several ranks (or suits): see _JoinTable


@dataclass
class MeldRules:
    """The meld rules of a game, per physical card of its deck (lists indexed by card)."""

    rank: list[int]  # 0 for a joker
    suit: list[int]
    face: list[int]
    wild: list[bool]  # the card may stand for another
    points: list[float]  # its points as itself
    wild_points: list[float]  # its points standing for another
    min_size: int = 3
    sets: bool = True
    runs: bool = True
    ace: str = "low"  # low (A-2-3) | high (Q-K-A) | both; never round the corner (K-A-2)
    max_wilds: int | None = None  # None: any number
    natural_in_place: bool = True  # a wild card in its own place (its rank in a set, its rank and suit in a run)
    run_natural_core: int = 0  # natural cards in sequence a run needs before a wild may stand in it
    why: dict = field(default_factory=dict)  # reason -> {"rule": ..., "en": ..., "tr": ...}
    _cache: dict = field(default_factory=dict, repr=False)
    _alike: list = field(default_factory=list, repr=False)
    _orders: dict = field(default_factory=dict, repr=False, compare=False)
    _by_faces: dict = field(default_factory=dict, repr=False, compare=False)
    _by_part: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (see _parts)
    _run_faces: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _run_ranks: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (see _covered)
    _joins: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (see joins)
    _unshaped_of: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (see _unshaped)
    _empty_runs: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (see _run_shape)
    _by_cards: dict = field(default_factory=dict, repr=False, compare=False)
    _free: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (see _suit_free)
    _free_orders: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (see _order)
    _last_hand: "_HandMelds | None" = field(default=None, init=False, repr=False, compare=False)  # (see melds_in)
    _partitions: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # (interpreter/partition.py)

    def __post_init__(self) -> None:
        kinds: dict[tuple, int] = {}  # cards that read alike share a key: the caches are by these keys
        self._alike = [kinds.setdefault(key, len(kinds))
                       for key in zip(self.face, self.rank, self.suit, self.wild, self.points, self.wild_points)]
        alike_of_face: dict[int, set] = {}
        for f, kind in zip(self.face, self._alike):
            alike_of_face.setdefault(f, set()).add(kind)
        self._faces_alike = all(len(v) == 1 for v in alike_of_face.values())  # a group is known by its faces
        plain: dict[tuple, int] = {}  # what makes cards alike but their suit (see _suit_free)
        self._plain = [plain.setdefault(key, len(plain))
                       for key in zip(self.rank, self.wild, self.points, self.wild_points)]

    # ------------------------------------------------------------ one group
    def read(self, cards) -> Reading:
        """The best legal reading of the cards, or why there is none."""
        cards = list(cards)
        if len(cards) < self.min_size:
            return NOT_A_MELD[SIZE]
        rank, suit, wild = self.rank, self.suit, self.wild
        ranks, suits = set(), set()
        for c in cards:
            if not wild[c]:
                ranks.add(rank[c])
                suits.add(suit[c])
        # the first test of each kind, made once: a group with neither shape (most cards tried on a meld)
        # is read at once; a kind whose shape fails would only say SHAPE, which decides nothing
        if 0 in ranks:
            return NOT_A_MELD[SHAPE]
        found = _Best()
        if self.sets and len(ranks) <= 1:
            self._set_readings(cards, ranks, found)
        if self.runs and len(suits) <= 1 and not (found.best is not None and found.best.wilds == 0):
            self._run_readings(cards, suits, found)  # (no run beats a set without wilds: see _Best)
        return found.best if found.best is not None else NOT_A_MELD[found.reason]

    def summary(self, cards) -> Reading:
        """read(), remembered by the cards' faces: for the notions that give a number or a kind. The same
        cards asked again (a meld and a card to add, tried move after move) are looked up as they are."""
        cards = tuple(cards)
        known = self._by_cards.get(cards)
        if known is None:
            known = self._by_alike(cards)
            if len(self._by_cards) >= MAX_CACHED:
                self._by_cards.clear()
            self._by_cards[cards] = known
        return known

    def _by_alike(self, cards: tuple) -> Reading:
        """read(), remembered by the cards' alike keys in any order (see _remember); a group not read yet
        that is one read before with the suits swapped reads as that one did (see _suit_free)."""
        alike = self._alike
        key = tuple(sorted([alike[c] for c in cards]))
        known = self._cache.get(key)
        if known is None:
            free = self._suit_free(sorted([(self._plain[c], self.suit[c]) for c in cards]), cards)
            known = self._free.get(free) if free is not None else None
            if known is None:
                known = self.read(cards)
                if free is not None:
                    if len(self._free) >= MAX_CACHED:
                        self._free.clear()
                    self._free[free] = known
            self._remember(key, known)
        return known

    def _suit_free(self, items: list, cards) -> tuple | None:
        """A group's cards, (what makes each alike but its suit, its suit) in some order, with the suits
        named in the order they first come: two groups with the same names are one with its suits swapped,
        and read alike (a reading compares suits only with one another, through the suit of its natural
        cards), place for place and in every field summary() gives. None for a group of wild cards only:
        read() tries their suits in order."""
        wild = self.wild
        if all(wild[c] for c in cards):
            return None
        names: dict[int, int] = {}
        return tuple([(kind, names.setdefault(s, len(names))) for kind, s in items])

    def joins(self, meld, cards) -> bool:
        """Is the meld with the cards added still a meld (can_join)? For one card, the meld's join table."""
        if len(cards) != 1:
            return self.summary((*meld, *cards)).kind is not None
        return self.join_table(meld)[cards[0]]

    def _unshaped(self, shape: tuple | None) -> dict:
        """card -> False for each card that cannot join a meld of this shape (see _JoinTable): the one
        rank and the one suit of the meld's natural cards (None: any, NONE_ALIKE: none); None for a meld
        no card joins. Kept per shape: a game has few."""
        known = self._unshaped_of.get(shape)
        if known is None:
            size = len(self.rank)
            if shape is None:
                never = range(size)
            else:
                set_rank, run_suit = shape
                any_shape = set_rank is not NONE_ALIKE or run_suit is not NONE_ALIKE
                never = [c for c in range(size) if not (any_shape if self.wild[c] else self.rank[c] != 0 and (
                    set_rank in (None, self.rank[c]) or run_suit in (None, self.suit[c])))]
            known = self._unshaped_of[shape] = dict.fromkeys(never, False)
        return known

    def join_table(self, meld) -> "_JoinTable":
        """card -> can the card join this meld (see _JoinTable), kept by the meld's cards as they lie: a meld
        is tried with every card of a hand, move after move, and a laid meld changes only now and then."""
        meld = tuple(meld)
        table = self._joins.get(meld)
        if table is None:
            if len(self._joins) >= MAX_CACHED:
                self._joins.clear()
            table = self._joins[meld] = _JoinTable(self, meld)
        return table

    def _order(self, group: list[int]) -> tuple[int, ...] | None:
        """read(group).cards as places in the group (None: no meld), remembered by what the cards are in
        this order. read() sees a card only through what makes it alike, so cards that read alike in the
        same places give the same reading, place for place."""
        key = tuple([self._alike[c] for c in group])
        known = self._orders.get(key, NOT_READ)
        if known is NOT_READ:
            if len(self._orders) >= MAX_CACHED:
                self._orders.clear()
            plain, suit = self._plain, self.suit
            free = self._suit_free([(plain[c], suit[c]) for c in group], group)  # (see _suit_free)
            kept = self._free_orders.get(free) if free is not None else None
            if kept is None:
                reading = self.read(group)
                if reading.legal:
                    place = {c: i for i, c in enumerate(group)}
                    known = tuple([place[c] for c in reading.cards])
                else:
                    known = None
                if free is not None:
                    if len(self._free_orders) >= MAX_CACHED:
                        self._free_orders.clear()
                    self._free_orders[free] = (known, reading)
            else:
                known, reading = kept
            self._remember(tuple(sorted(key)), reading)  # a meld offered is summarized next (the bots)
            self._orders[key] = known
        return known

    def _remember(self, key: tuple, reading: Reading) -> Reading:
        """Keep a reading for summary(), by its cards' sorted alike keys: every field summary() gives
        (kind, points, wilds, naturals) is the same in whatever order the cards come."""
        if len(self._cache) >= MAX_CACHED:
            self._cache.clear()
        self._cache[key] = reading
        return reading

    @staticmethod
    def _points(values: list) -> float:
        """The points of a reading, from its cards' values in the order of its places."""
        total = sum(values)
        return int(total) if float(total).is_integer() else total

    def _set_readings(self, cards, plain_ranks: set, found: "_Best") -> None:
        """Each way to read the cards as a set, offered to `found` in order (plain_ranks: the ranks of
        the cards that are not wild, at most one)."""
        rank, suit, wild, in_place = self.rank, self.suit, self.wild, self.natural_in_place
        targets = plain_ranks or (sorted({rank[c] for c in cards if rank[c]}) if in_place else [])
        for r in targets:  # none: wild cards only, none of which may be itself (SHAPE)
            naturals = [c for c in cards if rank[c] == r and (in_place or not wild[c])]
            wilds = [c for c in cards if not (rank[c] == r and (in_place or not wild[c]))]
            if self.max_wilds is not None and len(wilds) > self.max_wilds:
                found.fails(WILDS)
                continue
            if not found.may_beat(len(wilds)):
                continue
            points = self._points([self.points[c] for c in naturals] + [self.wild_points[c] for c in wilds])
            if found.beats((len(wilds), -points, 0, -r * len(wilds))):
                places = tuple([Place(c, r, suit[c], False) for c in naturals] + [Place(c, r, None, True) for c in wilds])
                found.best = Reading("set", places, points, None, len(wilds))

    def _window(self) -> tuple[int, int]:
        """The lowest and highest place a run may reach: 1 is a low ace, 14 a high one."""
        return (1 if self.ace in ("low", "both") else 2), (ACE_HIGH if self.ace in ("high", "both") else 13)

    def _run_readings(self, cards, plain_suits: set, found: "_Best") -> None:
        """Each way to read the cards as a run, offered to `found` in order: by suit, by the place the run
        starts at, then (an ace that may be at either end) the low end first (plain_suits: the suits of
        the cards that are not wild, at most one)."""
        rank, suit, wild, in_place = self.rank, self.suit, self.wild, self.natural_in_place
        n = len(cards)
        targets = plain_suits or (sorted({suit[c] for c in cards if rank[c]}) if in_place else [])
        first, last = self._window()
        for s in targets:  # none: wild cards only, none of which may be itself (SHAPE)
            plain_of: dict[int, list[int]] = {}  # rank -> the cards that must be themselves
            able_of: dict[int, list[int]] = {}  # rank -> the wild cards of this suit that may be themselves
            for c in cards:
                if not wild[c]:
                    plain_of.setdefault(rank[c], []).append(c)
                elif in_place and rank[c] and suit[c] == s:
                    able_of.setdefault(rank[c], []).append(c)
            if any(len(v) > (2 if r == 1 and self.ace == "both" else 1) for r, v in plain_of.items()):
                continue  # two cards of one place (SHAPE)
            others = [r for r in plain_of if r != 1]  # a window must hold their places (and the aces')
            low, high = (min(others), max(others)) if others else (last, first)
            aces = len(plain_of.get(1, ()))
            # the windows lo..hi that hold every card's place: the others' from low to high, and the aces
            for lo in range(max(first, high - n + 1), min(low, last - n + 1) + 1):
                hi = lo + n - 1
                if aces > (lo <= 1 <= hi) + (lo <= ACE_HIGH <= hi):
                    continue
                for at in self._fillings(lo, hi, plain_of, able_of):
                    self._run_reading(cards, s, lo, hi, at, found)
                    if found.best is not None and found.best.wilds == 0:
                        return  # nothing after it beats a reading without wilds (see _Best)

    @staticmethod
    def _fillings(lo: int, hi: int, plain_of: dict, able_of: dict) -> list[dict[int, int]]:
        """The ways natural cards fill places lo..hi of a run: place -> card, each place by a card of its
        rank that must be itself, else by a wild card of the suit that may be itself, else by none (a
        wild). One ace with both ends in the window goes to either end, the low one first."""
        at: dict[int, int] = {}
        for p in range(lo, hi + 1):
            r = 1 if p == ACE_HIGH else p
            naturals = plain_of.get(r, ()) or able_of.get(r, ())
            if p == ACE_HIGH and lo <= 1:  # the second place of the aces
                more = list(plain_of.get(1, ())) + list(able_of.get(1, ()))
                if len(more) == 1:  # one ace for two places: either end
                    high = dict(at)
                    del high[1]
                    high[ACE_HIGH] = more[0]
                    return [at, high]
                if len(more) >= 2:
                    at[p] = more[1]
            elif naturals:
                at[p] = naturals[0]
        return [at]

    def _run_reading(self, cards, s, lo, hi, at: dict[int, int], found: "_Best") -> None:
        used = set(at.values())
        wilds = [c for c in cards if c not in used]
        if self.max_wilds is not None and len(wilds) > self.max_wilds:
            found.fails(WILDS)
            return
        if wilds and self.run_natural_core > 0:
            streak = longest = 0
            for p in range(lo, hi + 1):
                streak = streak + 1 if p in at else 0
                longest = max(longest, streak)
            if longest < self.run_natural_core:
                found.fails(CORE)
                return
        if not found.may_beat(len(wilds)):
            return
        value, wild_value, spare = self.points, self.wild_points, iter(wilds)
        points = self._points([value[at[p]] if p in at else wild_value[next(spare)] for p in range(lo, hi + 1)])
        if found.beats((len(wilds), -points, 1, -sum([p for p in range(lo, hi + 1) if p not in at]))):
            spare = iter(wilds)
            places = tuple([Place(at[p], p, s, False) if p in at else Place(next(spare), p, s, True)
                            for p in range(lo, hi + 1)])
            found.best = Reading("run", places, points, None, len(wilds))

    # ------------------------------------------------------------ many groups
    def melds_in(self, cards, limit: int) -> list[list[int]]:
        """Every legal meld that can be made from the cards, each once by faces (twins of a double deck
        are one card here), its cards in the order of the meld. More than `limit`: ValueError. (The lists
        of cards are shared by the calls that find the same meld in the same cards: a caller changes none.)

        The hand asked last is kept with its melds by faces (_HandMelds): a hand that is that one with
        cards taken away (the next position of a turn, after a meld or a lay-off) has those of its melds
        that it still holds, in the same order, and is not searched again; where it holds the same cards of
        their faces, they are the same lists."""
        by_face: dict[int, list[int]] = {}
        face = self.face
        for c in cards:
            by_face.setdefault(face[c], []).append(c)
        last = self._last_hand
        found = last.within(by_face, limit) if last is not None else None
        if found is None:
            melds, lists = _joined(self._parts(by_face, limit), limit), None
        else:
            melds, lists = found
        if lists is None:  # (plain loops: a comprehension per meld would make and drop a frame for each)
            lists = []
            for _, taken in melds:
                group = []
                for f, k in taken:
                    group.append(by_face[f][k])
                lists.append(group)
        self._last_hand = _HandMelds(by_face, melds, lists, limit)
        return list(lists)

    def _parts(self, by_face: dict[int, list[int]], limit: int) -> dict[tuple, list]:
        """The melds of each part of the search, (0, rank) the sets of a rank and (1, suit) the runs of a
        suit: part -> [(its faces, sorted; its cards as (face, k), the k-th card of that face)], each group
        once by faces in its part, in the order offered; melds_in is the parts in order, each group once.

        A part's melds depend only on what its signature holds: for the sets of a rank, that rank's
        faces in the order of the cards and how many cards of each; for the runs of a suit, that suit's
        faces and their counts; for both, the wild cards' faces and counts, and the rule file's numbers
        (when a group is known by its faces: cards alike in face read alike). So a part is worked out
        once per signature, for every hand that has it: a hand differs from the last one by a card or
        two, and most of its parts were seen before."""
        if not self._faces_alike:
            return self._search(by_face, limit, None)
        known = self._by_part
        signatures = self._signatures(by_face)
        parts = dict(zip(signatures, map(known.get, signatures.values())))
        if None not in parts.values():  # (every part seen before: most hands, once a game has gone on)
            return parts
        missing = {part for part, found in parts.items() if found is None}
        if missing:
            if len(known) + len(missing) > MAX_CACHED:
                known.clear()
            shapes = {part: self._run_shape(signatures[part], by_face) for part in missing if part[0] == 1}
            for part, shape in shapes.items():
                if self._empty_runs.get(shape):  # (None: a shape not kept)
                    parts[part] = known[signatures[part]] = _NONE_FOUND
                    missing.discard(part)
            # searched with the cards of their signatures only: the same melds, with less to look through
            faces = {f for part in missing for f in _faces_of(signatures[part])}
            for part, found in self._search({f: cs for f, cs in by_face.items() if f in faces}, limit, missing).items():
                parts[part] = known[signatures[part]] = found
                if shapes.get(part) is not None:
                    if len(self._empty_runs) >= MAX_CACHED:
                        self._empty_runs.clear()
                    self._empty_runs[shapes[part]] = not found
        return parts

    def _run_shape(self, signature: tuple, by_face) -> tuple | None:
        """What decides whether the runs of a suit hold any meld at all: the ranks of its faces, whether
        each is wild, and their counts; and the wild cards by rank, by whether they are of the suit, and
        their count. Whether a group of cards is a meld reads no more of them when one card is sure not
        to be wild (then the run is of that card's suit); None when a group offered may be all wild cards.
        (Most runs parts of a hand with a wild card hold nothing: two cards of a suit and the wild.)"""
        (_, s), faces, pool = signature
        rank, suit, wild = self.rank, self.suit, self.wild
        own = tuple([(r, wild[by_face[f][0]], n) for r, f, n in faces])
        wilds = sum(n for _, n in pool)
        most = wilds if self.max_wilds is None else min(self.max_wilds, wilds)
        if self.min_size - most - sum(n for _, is_wild, n in own if is_wild) < 1:  # (a wild ace may be at both ends)
            return None
        by_kind: dict[tuple, int] = {}
        for f, n in pool:
            c = by_face[f][0]
            kind = (rank[c], suit[c] == s)
            by_kind[kind] = by_kind.get(kind, 0) + n
        return own, tuple(sorted(by_kind.items())), most

    def _signatures(self, by_face) -> dict[tuple, tuple]:
        """part -> what its melds depend on (see _parts): (part, its faces and their counts, the wild
        cards' faces and counts), for the parts that can hold a meld. (One pass over the faces: this is
        worked out for every hand whose melds are asked for.)"""
        rank, suit, wild, in_place = self.rank, self.suit, self.wild, self.natural_in_place
        sets, runs = self.sets, self.runs
        pool = []
        wilds = 0
        sets_of: dict[int, list] = {}  # rank -> its faces that may be themselves, in the cards' order
        runs_of: dict[int, list] = {}  # suit -> (rank, face, count) of those faces, in the cards' order
        for f, cs in by_face.items():
            c = cs[0]
            r, n = rank[c], len(cs)
            if wild[c]:
                pool.append((f, n))
                wilds += n
                if not in_place:
                    continue
            if not r:  # (see _natural_ok)
                continue
            if sets and r <= 13:
                faces = sets_of.get(r)
                if faces is None:
                    sets_of[r] = [(f, n)]
                else:
                    faces.append((f, n))
            if runs:
                faces = runs_of.get(suit[c])
                if faces is None:
                    runs_of[suit[c]] = [(r, f, n)]
                else:
                    faces.append((r, f, n))
        pool = tuple(sorted(pool))
        most = wilds if self.max_wilds is None else min(self.max_wilds, wilds)
        short = self.min_size - most  # the natural cards a set needs, wild cards and all
        out: dict[tuple, tuple] = {}
        for r, faces in sets_of.items():
            if (faces[0][1] if len(faces) == 1 else sum(map(_SECOND, faces))) >= short:
                out[(0, r)] = ((0, r), tuple(faces), pool)
        known = self._run_faces
        for s, faces in runs_of.items():
            # a run is of places, whatever order its cards come in: where each place has one face, the part
            # is known by its faces in the order of the places (one signature for a hand whose cards came
            # back in another order, melds taken back), and the search offers the same groups in the same
            # order (_runs_from reads each place's face)
            ranks = tuple(map(_FIRST, faces))
            if len(faces) > 1 and len(set(ranks)) == len(faces):
                faces.sort()
                ranks = tuple(sorted(ranks))  # (the faces' ranks, in the same order: each rank once)
            keep = known.get((ranks, most))
            if keep is None:
                keep = self._in_some_run(ranks, most)
            if keep:
                out[(1, s)] = ((1, s), tuple(faces) if len(keep) == len(faces) else tuple([faces[i] for i in keep]), pool)
        return out

    def _in_some_run(self, ranks: tuple, most: int) -> tuple[int, ...]:
        """Which faces of one suit (by their ranks, in the cards' order) are in some window of _runs_from's:
        min_size places or more, at most `most` of them without a face. The others change nothing the runs
        offer (a window with one of them has too many gaps with or without it). Remembered by the ranks
        (_signatures looks there first)."""
        key = (ranks, most)
        known = self._run_faces.get(key)
        if known is None:
            covered = self._covered(frozenset(ranks), most)
            known = tuple([i for i, r in enumerate(ranks) if r in covered])
            if len(self._run_faces) >= MAX_CACHED:
                self._run_faces.clear()
            self._run_faces[key] = known
        return known

    def _covered(self, ranks: frozenset, most: int) -> frozenset:
        """The ranks of _in_some_run's faces, worked out from which ranks the suit has (not their order):
        remembered by those, for every order the cards come in."""
        key = (ranks, most)
        known = self._run_ranks.get(key)
        if known is None:
            first, last = self._window()
            own = [False] * (last + 2)
            for r in ranks:
                for p in ((1, ACE_HIGH) if r == 1 else (r,)):
                    if p <= last:
                        own[p] = True
            covered = [False] * (last + 2)
            # the longest window from each place lo with at most `most` gaps, and the places of those of
            # min_size or more: the window from lo + 1 reaches at least as far, so it goes on from there
            gaps, hi, done = 0, first - 1, first - 1  # (window lo..hi, its gaps; places up to `done` covered)
            for lo in range(first, last + 2 - self.min_size):
                if hi < lo:  # (the window from lo - 1 held nothing)
                    gaps, hi = 0, lo - 1
                while hi < last and gaps + (not own[hi + 1]) <= most:
                    hi += 1
                    gaps += not own[hi]
                if hi - lo + 1 >= self.min_size:
                    for p in range(max(lo, done + 1), hi + 1):
                        covered[p] = True
                    done = max(done, hi)
                if hi >= lo:
                    gaps -= not own[lo]
            known = frozenset([r for r in ranks
                               if (r <= last and covered[r]) or (r == 1 and last == ACE_HIGH and covered[ACE_HIGH])])
            if len(self._run_ranks) >= MAX_CACHED:
                self._run_ranks.clear()
            self._run_ranks[key] = known
        return known

    def _search(self, by_face, limit: int, only: set | None) -> dict[tuple, list]:
        """The parts of the search (only those in `only`, if given), worked out from the cards."""
        wild, rank, in_place = self.wild, self.rank, self.natural_in_place
        wild_faces = [f for f, cs in by_face.items() if wild[cs[0]]]
        natural_faces = [f for f, cs in by_face.items() if rank[cs[0]] != 0 and (in_place or not wild[cs[0]])]  # (_natural_ok)
        known = self._by_faces if self._faces_alike else None
        parts: dict[tuple, list] = {}

        def offer_in(part: tuple):
            seen: set[tuple] = set()
            found = parts[part] = _Found()

            def offer(faces: tuple) -> None:
                entry = known.get(faces) if known is not None else None
                if entry is None:  # each group once by its faces (sorted), read in the order offered
                    order = self._order(_group(by_face, faces))
                    entry = (tuple(sorted(faces)), None if order is None else _taken(faces, order))
                    if known is not None:
                        if len(known) >= MAX_CACHED:
                            known.clear()
                        known[faces] = entry
                key, taken = entry
                if key in seen:
                    return
                seen.add(key)
                if taken is not None:
                    found.append((key, taken))
                    if len(found) > limit:
                        raise _too_many(limit)
            offer.found, offer.seen = found, seen
            return offer

        multisets = _Multisets()
        if self.sets:
            self._sets_from(by_face, wild_faces, natural_faces, multisets, offer_in, only, limit)
        if self.runs:
            self._runs_from(by_face, wild_faces, natural_faces, multisets, offer_in, only, limit)
        for found in parts.values():
            found.keys = frozenset([key for key, _ in found])
        return parts

    def _natural_ok(self, card: int) -> bool:
        return self.rank[card] != 0 and (self.natural_in_place or not self.wild[card])

    def _wild_limit(self, pool: dict[int, int]) -> int:
        total = sum(pool.values())
        return total if self.max_wilds is None else min(self.max_wilds, total)

    def _sets_from(self, by_face, wild_faces, natural_faces, multisets, offer_in, only, limit: int) -> None:
        """The sets of each rank (part (0, rank)), offered in order: every way to take the rank's faces (in
        the cards' order, one, two ... cards of each), then 0, 1 ... wild cards in _multisets' order.
        Every group offered is another group of faces (its natural cards or its wilds differ)."""
        rank, wild, min_size = self.rank, self.wild, self.min_size
        naturals_of: dict[int, list[int]] = {}  # rank -> its faces that may be themselves, in the cards' order
        for f in natural_faces:
            naturals_of.setdefault(rank[by_face[f][0]], []).append(f)
        ranks = sorted([r for r in naturals_of if 1 <= r <= 13 and (only is None or (0, r) in only)])
        if not ranks:
            return
        pool_all = {f: len(by_face[f]) for f in wild_faces}
        most_all = self._wild_limit(pool_all)
        extras_all = None  # the ways to add w wild cards, worked out when a part needs them
        for r in ranks:
            naturals = naturals_of[r]
            offer = offer_in((0, r))
            if pool_all.keys().isdisjoint(naturals):
                if extras_all is None:
                    extras_all = self._extras(multisets, pool_all)
                most, extras = most_all, extras_all
            else:  # wild cards of this rank may be themselves here
                pool = {f: n for f, n in pool_all.items() if f not in naturals}
                most = self._wild_limit(pool)
                extras = self._extras(multisets, pool)
            options = _options(tuple([(f, len(by_face[f])) for f in naturals]))
            # A group of two natural cards or more of the rank (none wild), with wild cards, or of natural
            # cards alone, reads as the set it is offered as: its natural cards, then its wilds, in order (a
            # run would need each natural card in a place of its own, two aces at most: see _run_readings).
            # Such groups are taken as they are offered, without a reading; the others are read.
            plain = not any(wild[by_face[f][0]] for f in naturals)
            many = 3 if r == 1 and self.ace == "both" else 2  # (two aces of a suit: a run from end to end)
            found, taken_of = offer.found, multisets.taken
            for chosen, k in options:
                own = None  # the chosen cards as (face, k), worked out once for every number of wilds
                for w in range(max(0, min_size - k), most + 1):
                    if plain and (k >= many or w == 0):
                        if own is None:
                            own = taken_of(chosen)
                        for extra, taken in extras[w]:
                            found.append((tuple(sorted(chosen + extra)), own + taken))
                        if len(found) > limit:
                            raise _too_many(limit)
                        continue
                    for extra, _ in extras[w]:
                        offer(chosen + extra)

    def _extras(self, multisets: "_Multisets", pool: dict) -> list[list[tuple]]:
        """w -> the ways to add w wild cards of the pool to a set, each with its cards as (face, k): kept by
        the pool (a hand's wild cards change now and then) and the most wild cards a meld may hold."""
        key = (tuple(sorted(pool.items())), self.max_wilds)
        known = _EXTRAS.get(key)
        if known is None:
            ways, taken_of = multisets.of(pool), multisets.taken
            known = [[(extra, taken_of(extra)) for extra in ways(w)] for w in range(self._wild_limit(pool) + 1)]
            if len(_EXTRAS) >= MAX_CACHED:
                _EXTRAS.clear()
            _EXTRAS[key] = known
        return known

    def _runs_from(self, by_face, wild_faces, natural_faces, multisets, offer_in, only, limit: int) -> None:
        """The runs of each suit (part (1, suit)), offered in order: the windows of places from the lowest,
        each of min_size places or more, with at most as many places without a face as wild cards; each
        window's ways in _patterns' order (own card first, place by place), then the wild cards' ways."""
        first, last = self._window()
        rank, suit = self.rank, self.suit
        at_of: dict[int, list] = {}  # suit -> place -> a face that may be itself there (None: no face)
        for f in natural_faces:
            c = by_face[f][0]
            s, r = suit[c], rank[c]
            if only is not None and (1, s) not in only:
                continue
            at = at_of.get(s)
            if at is None:
                at = at_of[s] = [None] * (last + 1)
            if r <= last and r != ACE_HIGH:  # (place ACE_HIGH is the ace's other one)
                at[r] = f
            if r == 1 and last == ACE_HIGH:
                at[ACE_HIGH] = f
        if not at_of:
            return
        pool_all = {f: len(by_face[f]) for f in wild_faces}
        most = self._wild_limit(pool_all)
        wilds = multisets.of(pool_all)
        ways_of = [wilds(w) for w in range(most + 1)]  # w -> the ways to take w wild cards
        min_size = self.min_size
        # Groups read before are looked up here rather than through offer() (a call each, and most groups
        # a window offers are no meld). A group that is no meld is passed over: offer() would only mark
        # its faces as seen, and any later way of the same faces is no meld either (whether cards make a
        # meld does not depend on their order; only the reading of a meld does).
        known = self._by_faces if self._faces_alike else None
        for s in sorted(at_of):
            offer = offer_in((1, s))
            found, seen = offer.found, offer.seen
            at = tuple(at_of[s])
            gaps = [0, *accumulate(map(is_, at, repeat(None)))]  # gaps[p]: the places before p with no face
            for lo in range(first, last + 2 - min_size):
                for hi in range(lo + min_size - 1, last + 1):  # the windows from lo of min_size or more
                    if gaps[hi + 1] - gaps[lo] > most:  # more gaps than wild cards: so are the longer ones
                        break
                    window = at[lo:hi + 1]
                    if lo <= 1 and hi == ACE_HIGH and at[1] is not None:  # one face in two places (an ace at both ends)
                        self._fill(by_face, at, pool_all, most, lo, hi, multisets, offer)
                        continue
                    shared = not pool_all.keys().isdisjoint(window)  # wild cards that are themselves here
                    for chosen, w in _window_ways(window, most):
                        if shared:
                            left = dict(pool_all)
                            for f in chosen:
                                if f in left:
                                    left[f] -= 1
                            ways = multisets.of({f: n for f, n in left.items() if n > 0})(w)
                        else:
                            ways = ways_of[w]
                        for extra in ways:
                            group = chosen + extra
                            entry = known.get(group) if known is not None else None
                            if entry is None:  # a group not read yet (or not kept by faces): offer() reads it
                                offer(group)
                            elif entry[1] is not None and entry[0] not in seen:  # (offer's way, without the call)
                                seen.add(entry[0])
                                found.append(entry)
                                if len(found) > limit:
                                    raise _too_many(limit)

    def _fill(self, by_face, at, pool_all, most, lo, hi, multisets, offer) -> None:
        """Every way to fill places lo..hi of a suit (`at`: each place's own face): each place by its
        own card (while there is one left) or by a wild, with at most `most` wilds. (The way for any
        window; most windows take the quicker _patterns.)"""
        used: dict[int, int] = {}
        chosen: list[int] = []

        def go(p: int, wilds: int) -> None:
            if p > hi:
                pool = {f: n - used.get(f, 0) for f, n in pool_all.items()}
                for extra in multisets.of({f: n for f, n in pool.items() if n > 0})(wilds):
                    offer(tuple(chosen) + extra)
                return
            f = at[p]
            if f is not None and used.get(f, 0) < len(by_face[f]):
                used[f] = used.get(f, 0) + 1
                chosen.append(f)
                go(p + 1, wilds)
                chosen.pop()
                used[f] -= 1
            if wilds < most:
                go(p + 1, wilds + 1)
        go(lo, 0)


def _joined(parts: dict[tuple, list], limit: int) -> list[tuple]:
    """The melds of the parts in order, each group once by faces (the first part that offers it), as
    (its faces, sorted; its cards as (face, k)). (Parts rarely share a group: a part that shares none
    with those before it is taken whole.)"""
    seen: set[tuple] = set()
    out: list[tuple] = []
    for part in sorted(parts):
        found = parts[part]
        if seen.isdisjoint(found.keys):
            out += found
            seen |= found.keys
            continue
        for entry in found:
            if entry[0] not in seen:
                seen.add(entry[0])
                out.append(entry)
    if len(out) > limit:
        raise _too_many(limit)
    return out


class _Found(list):
    """The melds of one part of a search, as _search offers them, with the set of their faces (sorted)."""

    __slots__ = ("keys",)


_NONE_FOUND = _Found()  # a part with no meld
_NONE_FOUND.keys = frozenset()


class _HandMelds:
    """The melds of one hand by faces, as melds_in gives them: [(faces, sorted; cards as (face, k))].

    A hand with no more cards of any face than this one, its faces in the same order (by their first
    cards), has exactly those of these melds that it holds enough cards for, in this order: each part
    of the search (see MeldRules._parts) offers the groups of such a hand in the order it offers them
    here, the others left out. (A set's faces of a rank are taken in the cards' order; a run's places
    and the wild cards' ways are in an order of their own; fewer cards, or fewer wild cards, only drop
    groups from each list, and never change the first way a group is offered.)"""

    __slots__ = ("by_face", "melds", "lists", "limit")

    def __init__(self, by_face: dict, melds: list, lists: list, limit: int):
        self.by_face = by_face  # (its faces in the order of their first cards)
        self.melds, self.lists, self.limit = melds, lists, limit

    def within(self, by_face: dict, limit: int) -> tuple | None:
        """The melds of this hand and, where its cards of their faces are the first ones here, their lists
        of cards (else None); None when it is not one of those hands (see the class)."""
        kept_faces = self.by_face
        if limit != self.limit or len(by_face) > len(kept_faces):
            return None
        gone: set[int] = set()  # the kept hand's faces this one has none of
        fewer: dict[int, int] = {}  # face -> its cards in this hand, where it has some, fewer than the one kept
        same = True  # each face's cards the first of the kept hand's: the same lists of cards
        faces = iter(kept_faces.items())
        for f, cs in by_face.items():
            for kept, held in faces:  # the faces of the kept hand up to this one are gone from this hand
                if kept == f:
                    break
                gone.add(kept)
            else:
                return None  # a face the kept hand has not, or not in the same order
            if cs != held:
                if len(cs) > len(held):
                    return None
                if len(cs) < len(held):
                    fewer[f] = len(cs)
                same = same and cs == held[:len(cs)]
        for kept, _ in faces:
            gone.add(kept)
        if fewer:
            kept = [i for i, entry in enumerate(self.melds) if gone.isdisjoint(entry[0])
                    and all(entry[0].count(f) <= n for f, n in fewer.items())]
            melds, lists = self.melds, self.lists
            return [melds[i] for i in kept], ([lists[i] for i in kept] if same else None)
        if not gone:
            return self.melds, (self.lists if same else None)
        # (most often: faces whose cards were all played, a meld laid or a card laid off)
        melds, lists = [], []
        for entry, cards in zip(self.melds, self.lists):
            if gone.isdisjoint(entry[0]):
                melds.append(entry)
                lists.append(cards)
        return melds, (lists if same else None)


def _faces_of(signature: tuple) -> list[int]:
    """The faces a part's signature names: its own, then the wild cards'."""
    part, faces, pool = signature
    return [x[0] if part[0] == 0 else x[1] for x in faces] + [f for f, _ in pool]


def _taken(faces: tuple, order: tuple) -> tuple:
    """The cards of a group offered by its faces (a face's first card, then its twin ...; see _group),
    as (face, k) pairs in the order of the meld (`order`: the meld's cards as places in the group)."""
    count: dict[int, int] = {}
    taken = []
    for f in faces:
        k = count.get(f, 0)
        taken.append((f, k))
        count[f] = k + 1
    return tuple([taken[i] for i in order])


def _too_many(limit: int) -> ValueError:
    return ValueError(Msg("finds_too_many_groups", name="melds_in", limit=limit))


def _group(by_face: dict[int, list[int]], faces) -> list[int]:
    """The cards of a group given by its faces: a face's first card, then its twin, ..."""
    taken: dict[int, int] = {}
    group = []
    for f in faces:
        i = taken.get(f, 0)
        group.append(by_face[f][i])
        taken[f] = i + 1
    return group


class _Multisets:
    """_multisets(pool, k) as tuples, worked out once per pool and k, and kept for every search after
    (one melds_in call asks again and again, and the hands of a game hold the same wild cards)."""

    known: dict[tuple, list[tuple[int, ...]]] = {}
    ways_kept = 0  # the ways kept in all: the memory is cleared past MAX_CACHED

    def of(self, pool: dict[int, int]):
        """k -> the ways to take k items from this pool."""
        items = tuple(sorted(pool.items()))
        known = self.known

        def ways(k: int) -> list[tuple[int, ...]]:
            found = known.get((items, k))
            if found is None:
                found = [tuple(way) for way in _multisets(pool, k)]
                if _Multisets.ways_kept + len(found) > MAX_CACHED:
                    known.clear()
                    _Multisets.ways_kept = 0
                known[(items, k)] = found
                _Multisets.ways_kept += len(found)
            return found
        return ways

    @staticmethod
    def taken(faces: tuple) -> tuple:
        """The cards of a group offered by its faces, as (face, k) pairs in the order offered (_taken with
        the group read as it is offered), kept for every search after: a rank's faces, a pool's ways."""
        found = _TAKEN.get(faces)
        if found is None:
            if len(_TAKEN) >= MAX_CACHED:
                _TAKEN.clear()
            found = _TAKEN[faces] = _taken(faces, range(len(faces)))
        return found


_TAKEN: dict[tuple, tuple] = {}


def _patterns(missing: tuple, most: int) -> list[tuple[tuple[int, ...], int]]:
    """The ways to fill a window of places, each by its own card or by a wild (the missing ones by a
    wild), with at most `most` wilds, in _fill's order (own card first, place by place): each way as
    the places filled by their own cards and the number of wilds."""
    key = (missing, most)
    found = _PATTERNS.get(key)
    if found is None:
        found = []
        _fill_ways(missing, most, 0, [], 0, found)
        if len(_PATTERNS) >= MAX_CACHED:
            _PATTERNS.clear()
        _PATTERNS[key] = found
    return found


_PATTERNS: dict[tuple, list] = {}


def _fill_ways(missing: tuple, most: int, i: int, own: list[int], wilds: int, found: list) -> None:
    """_patterns' ways from place i on, appended to `found` (a function of the module's, not a closure
    that calls itself: such a closure is a cycle, left for the collector after every call)."""
    if i == len(missing):
        found.append((tuple(own), wilds))
        return
    if not missing[i]:
        own.append(i)
        _fill_ways(missing, most, i + 1, own, wilds, found)
        own.pop()
    if wilds < most:
        _fill_ways(missing, most, i + 1, own, wilds + 1, found)


def _options(counts: tuple) -> list[tuple[tuple[int, ...], int]]:
    """The ways to take a rank's faces for a set (counts: each face and its cards, in the cards' order):
    one, two ... cards of each, the last face's count first to change, each way as its faces and their
    number (none taken: no way). Kept by the counts: a rank's cards stay in a hand turn after turn."""
    found = _OPTIONS.get(counts)
    if found is None:
        found = []
        for parts in product(*[[(f,) * m for m in range(n + 1)] for f, n in counts]):
            chosen = sum(parts, ())
            if chosen:
                found.append((chosen, len(chosen)))
        if len(_OPTIONS) >= MAX_CACHED:
            _OPTIONS.clear()
        _OPTIONS[counts] = found
    return found


_OPTIONS: dict[tuple, list] = {}
_EXTRAS: dict[tuple, list] = {}  # (see MeldRules._extras)


def _window_ways(window: tuple, most: int) -> list[tuple[tuple[int, ...], int]]:
    """_patterns of a window of a suit's places (each its face, None for none), each as the faces taken
    as themselves and the number of wilds: kept by the window's faces, which come back hand after hand
    (the cards of a suit stay in a hand turn after turn)."""
    key = (window, most)
    found = _WINDOWS.get(key)
    if found is None:
        found = [(tuple([window[i] for i in places]), w) for places, w in _patterns(tuple([f is None for f in window]), most)]
        if len(_WINDOWS) >= MAX_CACHED:
            _WINDOWS.clear()
        _WINDOWS[key] = found
    return found


_WINDOWS: dict[tuple, list] = {}


def _multisets(pool: dict[int, int], k: int):
    """Every way to take k items from the pool (face -> how many), as lists of faces, each way once."""
    return _picks(pool, sorted(pool), 0, k, [])


def _picks(pool: dict[int, int], faces: list[int], i: int, left: int, picked: list[int]):
    """_multisets' ways from the i-th face on, `left` items still to take (a generator of the module's,
    not a closure that calls itself: such a closure is a cycle, left for the collector)."""
    if left == 0:
        yield list(picked)
        return
    if i == len(faces):
        return
    f = faces[i]
    for m in range(min(pool[f], left), -1, -1):
        picked.extend([f] * m)
        yield from _picks(pool, faces, i + 1, left - m, picked)
        del picked[len(picked) - m:]
