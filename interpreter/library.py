"""The library of generic card-game notions that rule files call by name.

Each entry says its argument types and its result type (checked when a rule
file is loaded) and how to build a fast closure f(state, env) from its
compiled arguments. Nothing here knows a particular game: a game uses these
notions with its own numbers, in its rule file.

Types: num, bool, card, cards (a list of cards; a zone is accepted where
cards are read), zone, family (a per-seat zone named without a seat),
list, str, move, fn (a lambda `x => ...`), any, none. A `?` marks an
optional argument, `...` a repeatable last one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter
from typing import Any, Callable

from . import draws, legal
from .budget import WORK_LIMIT, exhausted
from .group_totals import TOTALS_OF
from .messages import Msg


@dataclass
class Fn:
    name: str
    args: list[str]
    returns: str
    build: Callable  # (ctx, compiled_args) -> closure
    text: dict[str, str]  # how the notion reads, {0} {1} ... for its arguments (see dsl/teach/words.py)
    effect: bool = False
    pure: bool = False  # result depends only on the arguments: foldable
    elem: str | None = None  # for higher-order functions: the lambda's argument type
    returns_from: int | None = None  # result type is the element type of this argument
    body: str = "any"  # what the lambda must give: bool for conditions, num for sums
    forms: dict = field(default_factory=dict)  # other wordings: "no" (negated), "full" (optional argument given), ...
    gives: str | None = None  # for notions that return a list: the type of its items
    emit: Callable | None = None  # (generator, argument sources) -> its Python source (dsl/codegen.py); None: its closure


LIBRARY: dict[str, Fn] = {}


def notion(name, args, returns, en, tr, *, effect=False, pure=False, elem=None, returns_from=None, body="any",
           gives=None, **forms):
    """Register a notion. `en`/`tr` say how it reads ({0} {1} its arguments, {x} the argument
    of its rule, {me} the player to move; `:gen`, `:acc` ... are Turkish case endings, see
    dsl/wording.py); keyword forms give other wordings as (en, tr): `no` when negated,
    `full` with the optional argument."""
    def register(build):
        LIBRARY[name] = Fn(name, args, returns, build, {"en": en, "tr": tr}, effect, pure, elem, returns_from, body,
                           {k: {"en": v[0], "tr": v[1]} for k, v in forms.items()}, gives)
        return build
    return register


def lift(impl):
    """A closure that calls impl(state, *argument values)."""
    def build(ctx, a):
        if len(a) == 1:
            (x,) = a
            return lambda s, e: impl(s, x(s, e))
        if len(a) == 2:
            x, y = a
            return lambda s, e: impl(s, x(s, e), y(s, e))
        return lambda s, e: impl(s, *[f(s, e) for f in a])
    return build


# ------------------------------------------------------------------ cards
@notion("rank", ["card"], "num", "the rank of {0}", "{0:gen} sayısı~", pure=True)
def _rank(ctx, a):
    (x,), ranks = a, ctx.deck.rank
    return lambda s, e: ranks[x(s, e)]


@notion("suit", ["card"], "num", "the suit of {0}", "{0:gen} rengi~", pure=True)
def _suit(ctx, a):
    (x,), suits = a, ctx.deck.suit
    return lambda s, e: suits[x(s, e)]


@notion("same_face", ["card", "card"], "bool", "{0} is the same card as {1}", "{0} ile {1} aynı kart", pure=True,
        no=("{0} is not the same card as {1}", "{0} ile {1} aynı kart değil"))
def _same_face(ctx, a):
    (x, y), faces = a, ctx.deck.face
    return lambda s, e: faces[x(s, e)] == faces[y(s, e)]


@notion("is_joker", ["card"], "bool", "{0} is a joker", "{0} bir joker", pure=True,
        no=("{0} is not a joker", "{0} joker değil"))
def _is_joker(ctx, a):
    (x,), ranks = a, ctx.deck.rank
    return lambda s, e: ranks[x(s, e)] == 0


# ------------------------------------------------------------------ zones
def _per_card(f, size: int):
    """(local, value per card) for a closure tabulated over one card or constant; None otherwise."""
    if hasattr(f, "tab"):
        return f.tab
    if hasattr(f, "value"):
        return None, [f.value] * size
    return None


@notion("has", ["cards", "num", "num"], "bool",
        "{0} holds the card whose suit is {1} and whose rank is {2}", "{0:loc} rengi {1}, sayısı {2} olan kart var",
        no=("{0} does not hold the card whose suit is {1} and whose rank is {2}",
            "{0:loc} rengi {1}, sayısı {2} olan kart yok"),
        # has(zone, suit(X), rank(X) - k), has(zone, suit(X), rank(X) + k), has(zone, suit(X), R), has(zone, S, R)
        below=("{0} holds the card {2} below {1} in the same suit",
               "{0:loc} {1:ins} aynı renkten, sayısı {2} küçük olan kart var"),
        no_below=("{0} does not hold the card {2} below {1} in the same suit",
                  "{0:loc} {1:ins} aynı renkten, sayısı {2} küçük olan kart yok"),
        above=("{0} holds the card {2} above {1} in the same suit",
               "{0:loc} {1:ins} aynı renkten, sayısı {2} büyük olan kart var"),
        no_above=("{0} does not hold the card {2} above {1} in the same suit",
                  "{0:loc} {1:ins} aynı renkten, sayısı {2} büyük olan kart yok"),
        suit_of=("{0} holds the {2} of the same suit as {1}", "{0:loc} {1:ins} aynı renkten {2} var"),
        no_suit_of=("{0} does not hold the {2} of the same suit as {1}", "{0:loc} {1:ins} aynı renkten {2} yok"),
        card=("{0} holds {1}", "{0:loc} {1} var"),
        no_card=("{0} does not hold {1}", "{0:loc} {1} yok"))
def _has(ctx, a):
    """Is the card of this suit and rank in the zone? Off-deck ranks are simply absent."""
    zone, suit, rank = a
    cards_of = ctx.deck.cards_of
    zone_const = getattr(zone, "zone_id", None)
    suit_tab, rank_tab = _per_card(suit, ctx.deck.size), _per_card(rank, ctx.deck.size)
    names = {suit_tab[0], rank_tab[0]} - {None} if suit_tab and rank_tab else set()
    if zone_const is not None and len(names) == 1:
        # suit and rank are both worked out from one card: list, per card, the cards to look for
        (name,) = names
        wanted = [tuple(cards_of(r, s)) for s, r in zip(suit_tab[1], rank_tab[1])]

        def has_beside(s, e):
            where = s.where
            for c in wanted[e[name]]:
                if where[c] == zone_const:
                    return True
            return False
        has_beside.lookup = (name, zone_const, [False] * ctx.deck.size, wanted)  # lets `or` fuse it
        return has_beside
    if zone_const is not None:
        def has_in_zone(s, e):
            return has_in(s, cards_of(rank(s, e), suit(s, e)), zone_const)
        return has_in_zone
    def has_in_cards(s, e):  # the cards of that face (both of a double deck) looked for in the list
        wanted = cards_of(rank(s, e), suit(s, e))
        return wanted_in(wanted, zone(s, e))
    return has_in_cards


@notion("empty", ["list"], "bool", "{0} is empty", "{0} boş", no=("{0} is not empty", "{0} boş değil"))
def _empty(ctx, a):
    (x,) = a
    zone_id = getattr(x, "zone_id", None)
    if zone_id is not None:
        return lambda s, e: not s.zones[zone_id]
    return lambda s, e: not x(s, e)


@notion("count", ["list", "fn?"], "num", "the number of cards in {0}", "{0:loc.ki} kart sayısı~", elem="card", body="bool",
        full_items=("the number of {x} of {0} for which {1}", "{0} içinde «{1}» koşulunu sağlayanların ({x}) sayısı~"),
        full=("the number of cards {x} in {0} for which {1}",
              "{0:loc.ki} kartlardan «{1}» koşulunu sağlayanların ({x}) sayısı~"),
        items=("the number of {0}", "{0:gen} sayısı~"))
def _count(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: len(x(s, e))
    x, pred = a
    table = getattr(pred, "table", None)
    if table is not None:  # a rule about each card alone: a lookup per card (filter: no Python loop)
        return lambda s, e: len(list(filter(table.__getitem__, x(s, e))))
    general = lambda s, e: sum(1 for c in x(s, e) if pred(s, e, c))  # noqa: E731
    return _by_rows(x, pred, general, lambda row, items: len(list(filter(row.__getitem__, items))))


def _by_rows(x, pred, general, with_row):
    """A notion over a list with a rule about each card and one other card (`c => rank(c) == rank(card)`):
    each card's value is looked up in the other card's row (dsl/compiler.py _rows). Any card the row
    cannot answer (not a card, or its value fails): the notion asks the rule itself, as `general`."""
    rows = getattr(pred, "rows", None)
    if rows is None:
        return general
    other, row_of = rows

    def by_rows(s, e):
        row = row_of(e.get(other))
        if row is not None:
            try:
                return with_row(row, x(s, e))
            except (KeyError, TypeError):
                pass
        return general(s, e)
    return by_rows


@notion("top", ["cards"], "card", "the top card of {0}", "{0:gen} en üstteki kartı~")
def _top(ctx, a):
    (x,) = a
    return lambda s, e: (x(s, e) or [None])[-1]


@notion("holder", ["card"], "num", "the player who holds {0}", "{0:acc} elinde tutan oyuncu")
def _holder(ctx, a):
    (x,) = a
    cards_of_face, faces, owner_of, hand_ids = ctx.deck.cards_of_face, ctx.deck.face, ctx.zone_owner, ctx.hand_ids
    return lambda s, e: holder_of(s, x(s, e), cards_of_face, faces, owner_of, hand_ids)


def holder_of(s, card, cards_of_face, faces, owner_of, hand_ids):
    """The seat whose hand holds a card of this card's face, or None."""
    for c in cards_of_face[faces[card]]:
        z = s.where[c]
        if z in hand_ids:
            return owner_of[z]
    return None


# ------------------------------------------------------- lists and counts
@notion("any", ["list", "fn"], "bool", "for some {x} of {0}, {1}", "{0} içinde «{1}» koşulunu sağlayan bir {x} var",
        elem="item", body="bool",
        no=("for no {x} of {0}, {1}", "{0} içinde «{1}» koşulunu sağlayan hiçbir {x} yok"))
def _any(ctx, a):
    x, pred = a
    return lambda s, e: any(pred(s, e, v) for v in x(s, e))


@notion("all", ["list", "fn"], "bool", "for every {x} of {0}, {1}", "{0} içindeki her {x} «{1}» koşulunu sağlıyor",
        elem="item", body="bool",
        no=("not for every {x} of {0}, {1}", "{0} içindeki her {x} «{1}» koşulunu sağlamıyor"))
def _all(ctx, a):
    x, pred = a
    return lambda s, e: all(pred(s, e, v) for v in x(s, e))


@notion("filter", ["list", "fn"], "list", "those {x} of {0} for which {1}", "{0} içinden «{1}» koşulunu sağlayanlar ({x})",
        elem="item", body="bool", returns_from=0)
def _filter(ctx, a):
    x, pred = a
    table = getattr(pred, "table", None)
    if table is not None:  # a rule about each card alone: a lookup per card (filter: no Python loop)
        return lambda s, e: list(filter(table.__getitem__, x(s, e)))
    general = lambda s, e: [v for v in x(s, e) if pred(s, e, v)]  # noqa: E731
    return _by_rows(x, pred, general, lambda row, items: list(filter(row.__getitem__, items)))


@notion("sum", ["list", "fn?"], "num", "the sum of {0}", "{0:gen} toplamı~", elem="item", body="num",
        each_of=("the sum, for every {x} of {0}, of", "{0} içindeki her {x} için şunun toplamı"),
        full=("the sum of {1} for every {x} of {0}", "{0} içindeki her {x} için {1} toplamı~"))
def _sum(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: sum(x(s, e))
    x, fn = a
    return lambda s, e: sum(fn(s, e, v) for v in x(s, e))


@notion("max", ["list", "fn?"], "num", "the largest of {0}", "{0} içinde en büyüğü~", elem="item", body="num",
        full=("the largest value of {1} for any {x} of {0}", "{0} içinde, {x} için {1} değerinin en büyüğü~"))
def _max(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: max(x(s, e), default=0)
    x, fn = a
    return lambda s, e: max((fn(s, e, v) for v in x(s, e)), default=0)


@notion("step_value", ["list", "num"], "num",
        "the value of the steps {0} for {1} (each [from, value]: the last step reached counts, the first below it)",
        "{1} için {0} basamaklarının değeri (her biri [başlangıç, değer]: ulaşılan son basamak, altında ilki)",
        pure=True,
        # constant steps said as steps (dsl/values.py): {0} the steps, each threshold as `reached` says it
        steps=("{0}", "{0}"), reached=("{0} reaches {1}", "{0} {1:dat} ulaşana"))
def _step_value(ctx, a):
    """A value that rises with another, in steps: an opening minimum from a running total (which may be
    below the first step: a negative total still has the first minimum)."""
    steps, x = a
    known = getattr(steps, "value", None)
    if known is not None and not (isinstance(known, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(n, (int, float)) for n in p) for p in known)):
        raise NeedsSection(Msg("step_value_needs_steps", known=known),
                           Msg("example_list_param"))

    return lambda s, e: step_value(steps(s, e), x(s, e))


@notion("min", ["list", "fn?"], "num", "the smallest of {0}", "{0} içinde en küçüğü~", elem="item", body="num",
        full=("the smallest value of {1} for any {x} of {0}", "{0} içinde, {x} için {1} değerinin en küçüğü~"))
def _min(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: min(x(s, e), default=0)
    x, fn = a
    return lambda s, e: min((fn(s, e, v) for v in x(s, e)), default=0)


@notion("leaders", ["list", "fn"], "list", "those {x} of {0} for whom {1} is largest",
        "{0} içinde {1} en büyük olanlar ({x})", elem="item", body="num", returns_from=0)
def _leaders(ctx, a):
    """The items with the largest value (all of them when tied): who has the most cards, the most points."""
    x, fn = a

    def leaders(s, e):
        items = list(x(s, e))
        values = [fn(s, e, v) for v in items]
        top = max(values, default=None)
        return [v for v, k in zip(items, values) if k == top]
    return leaders


@notion("or_else", ["list", "list"], "list", "{0} (or {1} when there are none)", "{0} (hiç yoksa {1})",
        returns_from=0)
def _or_else(ctx, a):
    """The first list, unless it is empty: then the second (`or_else(takes, [[]])`: the captures, or none)."""
    x, y = a

    def or_else(s, e):
        first = x(s, e)
        return first if len(first) else y(s, e)
    return or_else


# ------------------------------------------------------- groups of cards
MAX_GROUPS = 5000  # groups one notion may offer: a rule whose groups explode is reported, not waited on


def _too_many(name: str):
    return ValueError(Msg("finds_too_many_groups", name=name, limit=MAX_GROUPS))


@notion("sums_to", ["list", "num", "fn"], "list", "the groups of cards {x} of {0} for which the sum of {2} is {1}",
        "{0} içinden, {2} toplamı {1} eden kart grupları ({x})", elem="card", body="num", gives="cards")
def _sums_to(ctx, a):
    """Every group (a non-empty subset) of the cards whose values add up to exactly the total. Twins of a
    double deck give one group, not two; a group lists its cards in the order of the zone.

    When each card's value is a whole number, never negative, looked up per card (`c => pip(c)`), the
    values are the same in every call of a position whatever the total: the cards' groups of every
    total up to the largest asked are searched once per position and kept in the state's cache
    (State.cache, emptied after every move), so that every card of a hand is answered from one search
    of the table. Any other rule: each call searches its own total."""
    x, total, value = a
    faces = ctx.deck.face
    twins = len(set(faces)) < len(faces)  # a double deck, or jokers: two cards may share a face
    table = getattr(value, "table", None)  # each card's value, looked up
    whole = table is not None and all(type(v) is int and v >= 0 for v in table)  # sums exact, prunable
    this_call = object()  # this call's key in a position's cache: the groups of its cards are its own

    def sums_to(s, e):
        cards = x(s, e)
        target = total(s, e)
        if whole and type(target) is int and s is not None:
            return groups_kept(s, this_call, cards, table, faces, twins, target)
        values = [table[c] for c in cards] if table is not None else [value(s, e, c) for c in cards]
        return _groups_of(s, list(cards), values, target, faces)
    return sums_to


def groups_kept(s, site, cards, table: list, faces: list, twins: bool, target: int) -> list:
    """sums_to's groups of `cards` adding up to `target`, each card's value `table[card]` (whole, never
    negative), from the groups kept for this position in State.cache under `site` (an object of the
    call's own) and the cards."""
    key = (site, tuple(cards))
    kept = s.cache.get(key)
    if kept is None:
        kept = s.cache[key] = _Totals(key[1], table, faces, twins)  # (the key's cards: a tuple, never changed)
    return kept.sums(s, target)


KEPT_GROUPS = 4 * MAX_GROUPS  # groups that one position's sums_to keeps for all its totals; past it, each
# total is searched alone: memory stays a few times what one total may take
FEW_CARDS = 6  # up to this many cards, the totals of all their groups are worked out at once (at most 63)


def _lex_groups(n: int) -> list[tuple]:
    """Every non-empty group of n cards' places, in the order a depth-first search finds them (a group, then
    the groups that add later cards to it): the groups that start at the first place, then the others."""
    out: list[tuple] = []
    for i in range(n - 1, -1, -1):
        out = [(i,), *[(i, *rest) for rest in out], *out]
    return out


LEX_GROUPS = [_lex_groups(n) for n in range(FEW_CARDS + 1)]
# each group's cards taken from the list of cards (a tuple of them, or the one card of a group of one)
LEX_GETTERS = [[itemgetter(*places) for places in groups] for groups in LEX_GROUPS]


class _Totals:
    """One position's cards and their groups by total, each total's groups in the order that a search for
    that total alone finds them (depth first, cards in their order: a group, then the groups that add
    later cards to it). Values are whole and never negative. A few cards: the totals of all their groups,
    worked out at the first total asked, answer every total. More: every total up to the one asked is
    searched at once (_Search); a group past it can only grow, so the search goes no further (and searches
    again, keeping only the new totals, when a larger total is asked).

    The cards are the caller's and never change while they are kept (a part of a position where nothing
    changes the state, or the cache key's tuple). The groups given are read, never changed: whoever reads
    sums_to (the generated module, the closures) reads lists and never changes them, as it reads every
    other part kept for the position. A few cards' groups of a total are made each time it is asked (a
    position asks few totals twice: two cards of one value in a hand); more cards' are kept by their search."""

    __slots__ = ("cards", "table", "faces", "twins", "totals")

    def __init__(self, cards, table: list, faces: list, twins: bool):
        self.cards, self.table, self.faces = cards, table, faces
        self.twins = twins  # a double deck, or jokers: groups are told apart by face (when the cards hold twins)
        self.totals = None  # a few cards: the total of each group of LEX_GROUPS; more: their _Search

    def sums(self, s, target) -> list:
        """sums_to's groups of these cards adding up to `target`: found, or (not a whole number, or too many
        groups to keep) searched for this total alone."""
        totals = self.totals
        if type(totals) is list and type(target) is int:  # (the common path first: a few cards' totals known)
            return self._of_total(totals, target) if target in totals else []
        if type(target) is not int:
            return self._alone(s, target)
        n = len(self.cards)
        if totals is not None or n > FEW_CARDS:  # more than a few cards
            return self._searched(s, target)
        s.work -= 1 << n  # the first total asked of a few cards: the total of each of their groups
        if s.work < 0:  # (LEX_GROUPS), worked out once; each group tried spends one step of the move's work
            raise _no_work("sums_to")
        totals = self.totals = TOTALS_OF[n](self.cards, self.table)
        return self._of_total(totals, target) if target in totals else []

    def _alone(self, s, target) -> list:
        return _groups_of(s, list(self.cards), [self.table[c] for c in self.cards], target, self.faces)

    def _of_total(self, totals: list, target: int) -> list:
        """The groups whose total is `target`, in their order (twins once by face)."""
        cards = self.cards
        getters, at, groups = LEX_GETTERS[len(cards)], -1, []
        left = totals.count(target)
        while left:
            at = totals.index(target, at + 1)
            group = getters[at](cards)
            groups.append(list(group) if type(group) is tuple else [group])
            left -= 1
        if self.twins and len(groups) > 1:
            seen: dict[int, set] = {}
            groups = [g for g in groups if _first(g, self.faces, seen, target)]
        return groups

    def _searched(self, s, target: int) -> list:
        """More than a few cards: the groups of `target`, searched on up to it if need be, or (too many to
        keep) searched alone."""
        search = self.totals
        if search is None:
            search = self.totals = _Search()
        if target > search.bound and not self._reach(s, search, target):
            return self._alone(s, target)
        groups = search.found.get(target, [])
        if len(groups) > MAX_GROUPS:
            raise _too_many("sums_to")
        return groups

    def _reach(self, s, search: "_Search", target: int) -> bool:
        """Search on up to `target`, keeping the totals above the last bound; False if that would find
        more than KEPT_GROUPS groups in all (a total with more than MAX_GROUPS is an error when it is
        asked). Every card tried spends one step of the move's work."""
        if search.room < 0:
            return False
        cards, table = self.cards, self.table
        values = [table[c] for c in cards]
        room = [search.room]
        found: dict[int, list] = {}
        try:
            s.work = _grow(cards, values, 0, 0, [], target, found, s.work - len(cards), room)
        except _Past:  # from now on each total is searched alone
            search.room = -1
            return False
        done = search.bound
        faces = self.faces if self.twins and len({self.faces[c] for c in cards}) < len(cards) else None
        if done < 0 and faces is None:  # the first search: every total is new
            search.found = found
        else:
            for total, groups in found.items():
                if total > done:
                    if faces is not None:  # twins once by face
                        seen: dict[int, set] = {}
                        groups = [g for g in groups if _first(g, faces, seen, total)]
                    search.found[total] = groups
        search.bound, search.room = target, room[0]
        return True


class _Search:
    """The search of more than a few cards' groups (_Totals): every total up to `bound`, in `found`."""

    __slots__ = ("bound", "found", "room")

    def __init__(self):
        self.bound = -1  # searched up to (no group has a total below 0)
        self.found: dict[int, list] = {}
        self.room = KEPT_GROUPS  # groups that may still be found; below 0: each total is searched alone


class _Past(Exception):
    """A search of a position's cards that finds more groups than KEPT_GROUPS: each total alone instead."""


def _grow(cards: list, values: list, start: int, at: int, picked: list, target: int, found: dict, work: int,
          room: list) -> int:
    """Depth first, in the cards' order: each group of `picked` and one later card whose total is not
    past `target` (values are never negative: a group past it can only grow), then the groups that add
    later cards to it, each appended to its total's list in `found`. The work left is returned; every
    card tried spends one step of it, and room[0] is what may still be found."""
    n = len(cards)
    for j in range(start, n):
        total = at + values[j]
        if total <= target:
            group = [*picked, cards[j]]
            groups = found.get(total)
            if groups is None:
                found[total] = [group]
            else:
                groups.append(group)
            room[0] -= 1
            if room[0] < 0:
                raise _Past
            if j + 1 < n:
                work -= n - j - 1
                if work < 0:
                    raise _no_work("sums_to")
                work = _grow(cards, values, j + 1, total, group, target, found, work, room)
    return work


def _first(picked: list, faces, seen: dict, total: int) -> bool:
    """Is this group the first of its faces among its total's groups?"""
    key = tuple(sorted(faces[c] for c in picked))
    known = seen.setdefault(total, set())
    if key in known:
        return False
    known.add(key)
    return True


def _groups_of(s, cards: list, values: list, target, faces) -> list:
    """The groups of cards whose values add up to exactly `target`, searched for this total alone (values
    of any kind: a sum past the total is pruned only when no value is negative). Every card tried
    spends one step of the move's work."""
    prunable = all(v >= 0 for v in values)  # a sum past the total can only grow: stop there
    out, seen, picked = [], set(), []
    left = [s.work if s is not None else WORK_LIMIT]

    def grow(i, rest):
        if picked and rest == 0:
            key = tuple(sorted(faces[c] for c in picked))
            if key not in seen:
                seen.add(key)
                out.append(list(picked))
                if len(out) > MAX_GROUPS:
                    raise _too_many("sums_to")
        for j in range(i, len(cards)):
            v = values[j]
            left[0] -= 1
            if left[0] < 0:
                raise _no_work("sums_to")
            if prunable and v > rest:
                continue
            picked.append(cards[j])
            grow(j + 1, rest - v)
            picked.pop()
    try:
        grow(0, target)
    finally:
        if s is not None:
            s.work = left[0]
    return out


def _no_work(name: str):
    return ValueError(Msg("needs_more_than_steps", what=name, WORK_LIMIT=WORK_LIMIT))


@notion("each", ["list"], "list", "each card of {0} on its own", "{0} içindeki her kart tek başına", gives="cards")
def _each(ctx, a):
    """Every card as a group of one (taking one of its twins, one matching card ...); faces counted once."""
    (x,), faces = a, ctx.deck.face

    return lambda s, e: each_card(faces, x(s, e))


@notion("together", ["list"], "list", "all the cards of {0} at once (if there are any)",
        "{0} içindeki bütün kartlar birden (varsa)", gives="cards")
def _together(ctx, a):
    """The cards as one group, the only one offered (a sweep); no group when there are none."""
    (x,) = a

    return lambda s, e: all_together(x(s, e))


# ------------------------------------------------------------------ melds
class NeedsSection(Exception):
    """A notion that cannot be used as written (a section the rule file does not have, an argument of the
    wrong shape): reported at the call, when the file is loaded."""

    def __init__(self, message: str, hint: str):
        super().__init__(message)
        self.message, self.hint = message, hint


def _meld_rules(ctx, name: str):
    rules = getattr(ctx, "melds", None)
    if rules is None:
        raise NeedsSection(Msg("needs_melds_section", name=name),
                           Msg("add_melds_rule_file"))
    return rules


def _meld_summary(name: str, field: str, pick):
    """A notion that gives one thing (`field`, which `pick` reads) of the best reading of a group of cards
    (interpreter/melds.py)."""
    def build(ctx, a):
        (x,), summary = a, _meld_rules(ctx, name).summary
        return lambda s, e: pick(summary(x(s, e)))
    build.field = field
    return build


notion("is_meld", ["cards"], "bool", "{0} form a meld", "{0} bir per oluşturuyor", pure=True,
       no=("{0} do not form a meld", "{0} bir per oluşturmuyor"))(
    _meld_summary("is_meld", "legal", lambda r: r.legal))
notion("meld_kind", ["cards"], "str", "the kind of meld {0} form (set or run)",
       "{0:gen} oluşturduğu per türü~", pure=True,
       # its values in words, `meld_kind(g) == "run"`: g is a run (dsl/teach/words.py)
       **{"is:run": ("{0} is a run", "{0} sıralı per"), "is:set": ("{0} is a set", "{0} aynı sayılı per"),
          "not:run": ("{0} is not a run", "{0} sıralı per değil"),
          "not:set": ("{0} is not a set", "{0} aynı sayılı per değil")})(
    _meld_summary("meld_kind", "kind", lambda r: r.kind))
notion("meld_points", ["cards"], "num", "the points of {0} as a meld", "{0:gen} per olarak puanı~", pure=True)(
    _meld_summary("meld_points", "points", lambda r: r.points))
notion("meld_wilds", ["cards"], "num", "the number of wild cards in {0} standing for another card",
       "{0} içinde başka kartın yerine geçen joker sayısı~", pure=True)(
    _meld_summary("meld_wilds", "wilds", lambda r: r.wilds))
notion("meld_naturals", ["cards"], "num", "the number of natural cards (standing for themselves) in the meld {0}",
       "{0} perindeki doğal (kendi yerindeki) kart sayısı~", pure=True)(
    _meld_summary("meld_naturals", "naturals", lambda r: r.naturals))


def _write_summary(field: str):
    def emit(ctx, a):
        def write(x, src):  # (the reading of an option's meld, read once however many fields are asked)
            return f"{x.once_per_option(f'{x.m.object(ctx.melds)}.summary({src[0]})', a[0].node)}.{field}"
        return write
    return emit


for _name in ("is_meld", "meld_kind", "meld_points", "meld_wilds", "meld_naturals"):
    LIBRARY[_name].emit = _write_summary(LIBRARY[_name].build.field)


@notion("melds_in", ["cards"], "list", "the melds that can be made from {0}", "{0:ins} yapılabilecek perler",
        gives="cards")
def _melds_in(ctx, a):
    """Every legal meld of the cards (twins of a double deck once by face), each in the order of the meld."""
    (x,), rules = a, _meld_rules(ctx, "melds_in")
    return lambda s, e: melds_of(rules, x(s, e))


@notion("can_join", ["cards", "cards"], "bool", "{1} can be added to {0}",
        "{1} {0:dat} eklenebilir", pure=True,
        no=("{1} cannot be added to {0}", "{1} {0:dat} eklenemez"))
def _can_join(ctx, a):
    """The meld with the cards added is still a meld."""
    (meld, cards), joins = a, _meld_rules(ctx, "can_join").joins
    return lambda s, e: joins(meld(s, e), cards(s, e))


@notion("abs", ["num"], "num", "the absolute value of {0}", "{0:gen} mutlak değeri~", pure=True,
        difference=("the difference between {0} and {1}", "{0} ile {1} arasındaki fark~"))
def _abs(ctx, a):
    (x,) = a
    return lambda s, e: abs(x(s, e))


# ------------------------------------------------------------------ seats
@notion("next", ["num"], "num", "the player after {0}", "{0:abl} sonraki oyuncu", pure=True)
def _next(ctx, a):
    (x,), n = a, ctx.players
    return lambda s, e: (x(s, e) + 1) % n


@notion("prev", ["num"], "num", "the player before {0}", "{0:abl} önceki oyuncu", pure=True)
def _prev(ctx, a):
    (x,), n = a, ctx.players
    return lambda s, e: (x(s, e) - 1) % n


# ------------------------------------------------------------------ teams
# The teams are fixed at load for the player count (game.teams; a count not listed: each seat alone).
@notion("team", ["num"], "num", "the partnership of {0}", "{0:gen} takımı~", pure=True,
        of_me=("your partnership", "takımın"))
def _team(ctx, a):
    (x,), team_of = a, ctx.team_of
    return lambda s, e: team_of[_seat_of(x(s, e), len(team_of))]


@notion("partners", ["num"], "list", "the partners of {0}", "{0:gen} takım arkadaşları~", pure=True, gives="num",
        of_me=("your partners", "takım arkadaşların"))
def _partners(ctx, a):
    (x,), team_of, teams = a, ctx.team_of, ctx.teams
    others = [[p for p in teams[team_of[seat]] if p != seat] for seat in range(len(team_of))]
    return lambda s, e: others[_seat_of(x(s, e), len(team_of))]


@notion("members", ["num"], "list", "the players of {0}", "{0:gen} oyuncuları~", pure=True, gives="num")
def _members(ctx, a):
    (x,), teams = a, ctx.teams

    return lambda s, e: team_members(teams, x(s, e))


def _seat_of(seat, players: int) -> int:
    if not (isinstance(seat, int) and 0 <= seat < players):
        raise IndexError(Msg("no_such_seat", i=repr(seat), last=players - 1))
    return seat


# ------------------------------------------------------------------ moves
@notion("can", ["move"], "bool", "{me} can {0}", "{me} «{0}» hamlesini yapabilir",
        no=("{me} cannot {0}", "{me} «{0}» hamlesini yapamaz"),
        # said to the player (`me` is you): Turkish marks the person on the verb
        you=("you can {0}", "«{0}» hamlesini yapabilirsin"), no_you=("you cannot {0}", "«{0}» hamlesini yapamazsın"))
def _can(ctx, a):
    (move,) = a
    index = move(None, None)
    return lambda s, e: legal.any_legal(s, index)


# ------------------------------------------------------------ group zones
# A group zone (`kind: groups`) gives each owner an area of max_groups groups, each its own zone instance;
# an area is written as its first instance's id (type "area"), a group as its own id (type "zone").
@notion("groups", ["area"], "list", "the groups of {0}", "{0:gen} grupları~", gives="zone")
def _groups(ctx, a):
    (x,), area_of = a, ctx.area_of

    sizes = {first: count for first, (count, _) in area_of.items()}
    return lambda s, e: groups_of(s, x(s, e), sizes)  # the instances that hold cards


@notion("lay", ["cards_to_lay", "area"], "none", "lay {0} as a new group in {1}", "{0:acc} {1:dat} yeni grup olarak aç",
        effect=True)
def _lay(ctx, a):
    what, area = a
    area_of = ctx.area_of
    return lambda s, e: lay(s, area(s, e), what, area_of, e)


def lay(s, first: int, what, area_of: dict, e=None) -> None:
    """Lay cards as a new group in the area whose first instance is `first`: its first empty group.
    `what` is the cards (or a card), or a closure of them worked out once the group is found."""
    size, name = area_of[first]
    target = next((i for i in range(first, first + size) if not s.zones[i]), None)
    if target is None:
        raise ValueError(Msg("no_empty_group", name=name, size=size))
    value = what(s, e) if callable(what) else what
    for card in ((value,) if isinstance(value, int) else list(value)):
        _move_card(s, card, target)


# ---------------------------------------------------------------- effects
def _move_card(s, card, zone):
    where = s.where
    s.zones[where[card]].remove(card)
    s.zones[zone].append(card)
    where[card] = zone


@notion("move", ["card_or_cards", "zone"], "none", "move {0} to {1}", "{0:acc} {1:dat} koy", effect=True)
def _move(ctx, a):
    what, zone = a
    if hasattr(zone, "value"):  # the common case: a named zone, known at load
        target_zone = zone.value

        def move_to_zone(s, e):
            value = what(s, e)
            for card in ((value,) if isinstance(value, int) else list(value)):
                _move_card(s, card, target_zone)
        return move_to_zone

    def move(s, e):
        value = what(s, e)
        if isinstance(value, int):
            _move_card(s, value, zone(s, e))
        else:
            target = zone(s, e)
            for card in list(value):
                _move_card(s, card, target)
    return move


@notion("move_all", ["zone", "zone"], "none", "move all the cards of {0} to {1}", "{0:loc.ki} bütün kartları {1:dat} koy",
        effect=True)
def _move_all(ctx, a):
    src, dst = a

    return lambda s, e: move_all(s, src(s, e), dst(s, e))


@notion("move_top", ["zone", "zone", "num?"], "none", "move the top card of {0} to {1}", "{0:gen} en üstteki kartını {1:dat} koy",
        effect=True,
        full=("move the top {2} cards of {0} to {1}", "{0:gen} en üstteki {2} kartı {1:dat} koy"))
def _move_top(ctx, a):
    """The top n cards (the last of the zone's list) go, one by one, to the other zone; fewer if it runs out."""
    src, dst = a[:2]
    count = a[2] if len(a) > 2 else None
    return lambda s, e: move_top(s, src(s, e), dst(s, e), count(s, e) if count else 1)


def move_top(s, source: int, target: int, count: int) -> None:
    stock = s.zones[source]
    for _ in range(count):
        if not stock:
            return
        card = stock.pop()
        s.zones[target].append(card)
        s.where[card] = target


@notion("shuffle", ["zone"], "none", "shuffle {0}", "{0:acc} karıştır", effect=True)
def _shuffle(ctx, a):
    (zone,) = a
    return lambda s, e: draws.shuffle(s.rng, s.zones[zone(s, e)])  # rng.shuffle's own draws, written out


@notion("deal", ["zone", "family", "num", "num?"], "none",
        "deal {2} cards from {0} into each player's {1}, one at a time, starting with the player after the dealer",
        "{0:abl} her oyuncunun {1:poss3.dat} birer birer {2} kart dağıt; dağıtıcıdan sonraki oyuncudan başla",
        effect=True,
        full=("deal {2} cards from {0} into each player's {1}, one at a time, starting with {3}",
              "{0:abl} her oyuncunun {1:poss3.dat} birer birer {2} kart dağıt; {3:abl} başla"))
def _deal(ctx, a):
    """Deal n cards each, one at a time from the top, starting after the dealer (or at a given seat)."""
    src, family, count = a[:3]
    first = a[3] if len(a) > 3 else None
    n, dealer_slot = ctx.players, ctx.dealer_slot

    def deal_(s, e):
        source, base, k = src(s, e), family(s, e), count(s, e)
        deal(s, source, base, k, first(s, e) if first else (s.vars[dealer_slot] + 1) % n, n)
    return deal_


def deal(s, source: int, base: int, k, start: int, n: int) -> None:
    """k cards to each of the n zones from `base`, one at a time from the top of `source`, from seat `start`."""
    stock = s.zones[source]
    if type(k) is int and not base <= source < base + n:  # the common case, a slice per player
        _deal_slices(s, stock, base, start, n, k)
        return
    for _ in range(k):
        for i in range(n):
            if not stock:
                return
            card = stock.pop()
            zone = base + (start + i) % n
            s.zones[zone].append(card)
            s.where[card] = zone


def _deal_slices(s, stock: list, base: int, start: int, n: int, k: int) -> None:
    """Deal k cards each from the top of `stock` (its end), one at a time from seat `start`: the
    cards in the order they leave the stock, every n-th to one seat; fewer if the stock runs out."""
    total = min(max(k, 0) * n, len(stock))
    if not total:
        return
    dealt = stock[-total:]
    dealt.reverse()  # top first: the order they are dealt
    del stock[-total:]
    where = s.where
    for i in range(n):
        zone = base + (start + i) % n
        cards = dealt[i::n]
        s.zones[zone].extend(cards)
        for card in cards:
            where[card] = zone


@dataclass
class BuildContext:
    """What a closure may know of the game when it is built (fixed at load)."""

    deck: Any
    players: int
    zone_owner: dict[int, int] = field(default_factory=dict)
    hand_ids: frozenset = frozenset()
    dealer_slot: int = 0
    melds: Any = None  # kural.interpreter.melds.MeldRules, from the rule file's `melds:` section (None: it has none)
    teams: list = field(default_factory=list)  # each team's seats, at this player count (game.teams)
    team_of: list = field(default_factory=list)  # seat -> its team's index
    zone_count: int = 0  # zone instances in all (a per-group var has a slot per instance)
    group_ids: frozenset = frozenset()  # the instance ids of every group of every group zone
    area_of: dict = field(default_factory=dict)  # a group zone's area (its owner's first id) -> (groups, zone name)


# ------------------------------------------------------- generated code
# A notion that writes its own code: `emit(ctx, compiled arguments)` gives, when it can, a writer
# (expr, argument sources) -> Python source for the generated module (dsl/codegen.py), in terms of
# `s` (the state), its arguments' sources, constants named by `expr.m.constant` and the runtime of
# interpreter/compiled.py (`_rt`). None: the notion's closure is called instead.
def writes(name: str):
    def register(emit):
        LIBRARY[name].emit = emit
        return emit
    return register


@writes("rank")
def _write_rank(ctx, a):
    return lambda x, src: f"{x.m.constant(ctx.deck.rank)}[{src[0]}]"


@writes("suit")
def _write_suit(ctx, a):
    return lambda x, src: f"{x.m.constant(ctx.deck.suit)}[{src[0]}]"


@writes("empty")
def _write_empty(ctx, a):
    return lambda x, src: f"(not {src[0]})"


@writes("count")
def _write_count(ctx, a):
    if len(a) == 1:
        return lambda x, src: f"len({src[0]})"
    by_key = _by_key(a[1].node)
    body = getattr(a[1].node, "body", None)
    looked_up = type(body).__name__ == "Lookup" and type(body.key).__name__ == "Local" and body.key.name == a[1].node.name

    def write(x, src):
        if by_key is not None and x.fixed(a[0].node) and not x.reads(by_key[2], a[1].node.name):
            table, rule, other, alone = by_key
            if alone:
                # count(cards, c => key(c) == v), the cards fixed for the position: one tally of their keys
                # for the position, then a lookup of v (rank(c) == rank(card) for every card of a hand)
                return (f"_rt.tallied(s, {x.m.object(object())}, {src[0]}, {x.m.constant(table)}, {x(other)}, "
                        f"{rule.weight}, {rule_where(x, rule)})")
            # count(cards, c => key(c) == v and ...): the rule tried on the cards of key v only, the cards
            # sorted by key once for the position (suit(c) == suit(card) and ... for every card of a hand)
            # (the key first: the other cards stop there, as they would in the whole list; none: v not read)
            keyed = (f"_rt.of_key(s, {x.m.object(object())}, {src[0]}, {x.m.constant(table)}, {x(other)}, "
                     f"{rule.weight}, {rule_where(x, rule)})")
            return f"(len([1 for {src[1].var} in {keyed} if {src[1].body}]) if {src[0]} else 0)"
        if looked_up:  # c => table[c] (a rule about each card alone): one loop, no generator made and run
            return f"_rt.counted(s, {src[0]}, {x.m.constant(body.table)}, {src[1].weight}, {src[1].where}, {src[1].what})"
        # (a list, counted: the items are all tried, as a generator's sum tries them, with no generator resumed
        # for each)
        return f"len([1 {src[1].over(src[0])} if {src[1].body}])"
    return write


def counted(s, items, table: list, weight: int, where: str, what: str) -> int:
    """count(items, c => table[c]), its rule's calls paid first as a generator's are (compiled.paid)."""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    n = 0
    for c in items:
        if table[c]:
            n += 1
    return n


def _by_key(rule):
    """(table, rule, other, alone) for a rule `c => table[c] == other` (either way round; alone) or
    `c => table[c] == other and ...` (the first term of an `and`), else None."""
    body = getattr(rule, "body", None)
    terms = body.terms[:1] if getattr(body, "op", None) == "and" and hasattr(body, "terms") else [body]
    for term in terms:
        if getattr(term, "op", None) != "==" or not hasattr(term, "a"):
            continue
        for mine, other in ((term.a, term.b), (term.b, term.a)):
            key = getattr(mine, "key", None)
            if hasattr(mine, "table") and getattr(key, "name", None) == rule.name and type(key).__name__ == "Local":
                return mine.table, rule, other, term is body
    for term in terms:  # same_face(c, v): the faces' table, c's face against v's (c => face(c) == face(v))
        faces = getattr(getattr(term, "write", None), "same_face", None)
        if faces is None or len(term.args) != 2:
            continue
        for mine, other in ((term.args[0], term.args[1]), (term.args[1], term.args[0])):
            if type(mine).__name__ == "Local" and mine.name == rule.name:
                from ..dsl import ir  # here: the rules language imports the engine, not the reverse
                return faces, rule, ir.Lookup("num", faces, other), term is body
    return None


def rule_where(x, rule) -> str:
    return f"{x.m.literal(rule.where)}, {x.m.literal(Msg('rule_what', name=rule.name))}"


def tally(s, site, cards, table: list, weight: int, where: str, what: str) -> dict:
    """How many of these cards have each key (table[card]), kept for the position under `site`;
    the rule's calls paid from the work budget once, when it is worked out."""
    known = s.cache.get(site)
    if known is None:
        s.work -= weight * len(cards)
        if s.work < 0:
            raise exhausted(where, what)
        known = s.cache[site] = {}
        for c in cards:
            k = table[c]
            known[k] = known.get(k, 0) + 1
    return known


def of_key(s, site, cards, table: list, value, weight: int, where: str, what: str) -> list:
    """The cards whose key (table[card]) is `value`, in their order, the rule's calls on them paid from
    the work budget: the cards sorted by key once for the position under `site`, paid then too."""
    known = s.cache.get(site)
    if known is None:
        s.work -= weight * len(cards)
        if s.work < 0:
            raise exhausted(where, what)
        known = s.cache[site] = {}
        for c in cards:
            known.setdefault(table[c], []).append(c)
    try:
        found = known.get(value, ())
    except TypeError:  # an unhashable value equals no key
        return ()
    s.work -= weight * len(found)
    if s.work < 0:
        raise exhausted(where, what)
    return found


def tallied(s, site, cards, table: list, value, weight: int, where: str, what: str) -> int:
    """How many of the cards have the key `value` (see tally)."""
    counts = tally(s, site, cards, table, weight, where, what)
    try:
        return counts.get(value, 0)
    except TypeError:  # an unhashable value equals no key
        return 0


def first_of_each(table: list, items):
    """The first of the items of each key (table[item]), in their order: what any and all of a rule that
    reads its item only through that table need try (the others answer as the first of their key did).
    The items as they are where one has no key (the rule then fails on it as it would)."""
    seen: set = set()
    out = []
    try:
        for c in items:
            k = table[c]
            if k not in seen:
                seen.add(k)
                out.append(c)
    except (IndexError, TypeError):
        return items
    return out


def _key_pair(rule):
    """(table, other table, other) for a rule `x => table[x] == other_table[other]` (same_face(x, other) is
    one: the faces of both) whose other is a local of its own, read after x's key as the rule reads it;
    else None."""
    if type(rule).__name__ != "Lambda":
        return None
    body = rule.body

    def local(node, mine: bool) -> bool:
        return type(node).__name__ == "Local" and (node.name == rule.name) == mine
    if type(body).__name__ == "Binary" and body.op == "==":
        a, b = body.a, body.b
        if type(a).__name__ == "Lookup" and type(b).__name__ == "Lookup" and local(a.key, True) \
                and local(b.key, False):
            return a.table, b.table, b.key
    faces = getattr(getattr(body, "write", None), "same_face", None)
    if faces is not None and len(body.args) == 2 and local(body.args[0], True) and local(body.args[1], False):
        return faces, faces, body.args[1]
    return None


_NOT_YET = object()


def any_of_key(s, items, weight: int, where: str, what: str, table: list, other_table: list, other) -> bool:
    """any(items, x => table[x] == other_table[other]), its rule's calls paid first (compiled.paid), each
    key read in the rule's order: x's first, then the other's (once, when the first item is tried)."""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    key = _NOT_YET
    for c in items:
        mine = table[c]
        if key is _NOT_YET:
            key = other_table[other]
        if mine == key:
            return True
    return False


UNROLLED = 8  # any/all over a constant list of at most this many items (the seats): the rule written per item


def _write_any_all(builtin: str, joiner: str):
    """any and all. Over a short constant list (`seats`) and a rule without a rule inside, the rule's body (a
    true/false) is written once per item, joined by or / and (no generator made and run for a few seats),
    its calls paid first as a generator's are; otherwise the builtin over a generator."""
    def emit(ctx, a):
        values, rule = (a[0].const if a[0].is_const else None), a[1].node

        def write(x, src):
            if type(values) is list and 0 < len(values) <= UNROLLED and type(rule).__name__ == "Lambda" \
                    and not x.holds_rule(rule.body):
                terms = f" {joiner} ".join(x.per_item(rule, values))
                return x.paid_first(src[1], src[0], len(values), f"({terms})")  # the items paid, then the terms
            pair = _key_pair(rule) if builtin == "any" else None
            if pair is not None:  # x => key(x) == key(z): one loop, no generator made and run
                table, other_table, other = pair
                return (f"_rt.any_of_key(s, {src[0]}, {src[1].weight}, {src[1].where}, {src[1].what}, "
                        f"{x.m.constant(table)}, {x.m.constant(other_table)}, {x(other)})")
            joining = _joining_card(x, a[0].node, rule) if builtin == "any" else None
            if joining is not None:  # g => can_join(g, [card]) over groups fixed for the position: their tables
                # found once for the position, as they are reached, then each looked up by the card
                return (f"_rt.joins_any(s, {x.m.object(object())}, {x.m.object(ctx.melds)}, {src[0]}, "
                        f"{x(joining)}, {src[1].weight}, {src[1].where}, {src[1].what})")
            table = x.keyed_by(rule) if type(rule).__name__ == "Lambda" and x.holds_rule(rule.body) else None
            if table is not None:  # a rule (that loops) about each item's key alone: tried on the first item of each key
                return (f"{builtin}({src[1].body} for {src[1].var} in "
                        f"_rt.first_of_each({x.m.constant(table)}, {src[1].paid(src[0])}))")
            return f"{builtin}({src[1].body} {src[1].over(src[0])})"
        return write
    return emit


def _joining_card(x, items, rule):
    """The card of a rule `g => can_join(g, [card])` over items fixed for the position (the groups of an
    area), the card a local other than g (read once, it reads the same and cannot fail); else None."""
    body = getattr(rule, "body", None)
    joins = getattr(getattr(body, "write", None), "joins", None)
    if type(rule).__name__ != "Lambda" or joins is None or not x.fixed(items):
        return None
    zone, card, _ = joins
    if type(zone).__name__ != "Local" or zone.name != rule.name:
        return None
    if type(card).__name__ != "Local" or card.name == rule.name:
        return None
    return card


def joins_any(s, site, rules, items, card, weight: int, where: str, what: str) -> bool:
    """any(items, g => can_join(g, [card])), the rule's calls paid first (compiled.paid), for items that
    are the same all through the position: each group's join table is found when the group is first
    reached in the position, kept under `site` (in the items' order), then looked up by the card, as
    the generator would, group after group, stopping at the first the card joins."""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    tables = s.cache.get(site)
    if tables is None:
        tables = s.cache[site] = []
    known = len(tables)
    for i, g in enumerate(items):
        if i < known:
            table = tables[i]
        else:
            cards = s.zones[g]
            table = rules._joins.get((*cards,)) or rules.join_table(cards)
            tables.append(table)
            known += 1
        if table[card]:
            return True
    return False


writes("any")(_write_any_all("any", "or"))
writes("all")(_write_any_all("all", "and"))


@writes("filter")
def _write_filter(ctx, a):
    rule = a[1].node
    body = getattr(rule, "body", None)
    looked_up = type(body).__name__ == "Lookup" and type(body.key).__name__ == "Local" and body.key.name == rule.name

    keyed = _by_key(rule)  # c => table[c] == v

    def write(x, src):
        if looked_up:  # c => table[c] (a rule about each card alone): one loop, no comprehension made and run
            return f"_rt.picked(s, {src[0]}, {x.m.constant(body.table)}, {src[1].weight}, {src[1].where}, {src[1].what})"
        if keyed is not None and keyed[3] and _plain_zone(a[0].node) and not x.reads(keyed[2], rule.name) \
                and not x.holds_rule(keyed[2]):
            # c => table[c] == v, v the same for every card (rank(c) == rank(card)): v worked out once, when
            # there are cards to try it on (as the comprehension would), and one loop, no comprehension made
            # and run (nor a function with the choices it reads kept in cells)
            table, value = x.m.constant(keyed[0]), x(keyed[2])
            return (f"(_rt.picked_equal(s, {src[0]}, {table}, {value}, {src[1].weight}, {src[1].where}, "
                    f"{src[1].what}) if {src[0]} else [])")
        return f"[{src[1].var} {src[1].over(src[0])} if {src[1].body}]"
    write.cards_once = _cards_once(a[0].node)  # some of a list of cards each once: each once (_cards_once)
    return write


def picked(s, items, table: list, weight: int, where: str, what: str) -> list:
    """filter(items, c => table[c]), its rule's calls paid first as a comprehension's are (compiled.paid)."""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    out = []
    for c in items:
        if table[c]:
            out.append(c)
    return out


def picked_equal(s, items, table: list, value, weight: int, where: str, what: str) -> list:
    """filter(items, c => table[c] == value), its rule's calls paid first as a comprehension's are."""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    out = []
    for c in items:
        if table[c] == value:
            out.append(c)
    return out


@writes("sum")
def _write_sum(ctx, a):
    if len(a) == 1:
        return lambda x, src: f"sum({src[0]})"
    return lambda x, src: f"sum([{src[1].body} {src[1].over(src[0])}])"  # (see count)


def _write_extreme(builtin: str):
    """max and min: of a list, or of a rule over a list; 0 for an empty one."""
    def emit(ctx, a):
        if len(a) == 1:
            return lambda x, src: f"{builtin}({src[0]}, default=0)"
        return lambda x, src: f"{builtin}(({src[1].body} {src[1].over(src[0])}), default=0)"
    return emit


writes("max")(_write_extreme("max"))
writes("min")(_write_extreme("min"))


@writes("can")
def _write_can(ctx, a):
    def write(x, src):  # known for this position when its step's moves were listed (interpreter/legal.py)
        if src[0] in x.frame.known_moves:
            return x.frame.known_moves[src[0]]
        known = x.m.new("c")
        return f"({known} if ({known} := s.cache.get({src[0]})) is not None else _rt.any_legal(s, {src[0]}))"
    return write


@writes("abs")
def _write_abs(ctx, a):
    return lambda x, src: f"abs({src[0]})"


@writes("next")
def _write_next(ctx, a):
    return _seat_step(lambda x, src: f"(({src[0]}) + 1) % {ctx.players}", 1, ctx.players)


@writes("prev")
def _write_prev(ctx, a):
    return _seat_step(lambda x, src: f"(({src[0]}) - 1) % {ctx.players}", -1, ctx.players)


def _seat_step(write, step: int, players: int):
    """A writer of the seat `step` places on from a seat, that also gives that seat for every seat as a
    table (`seats`): a turn's advance from `me`, always a seat, reads it there (dsl/codegen.py _next_seat)
    instead of working out a modulo on every move."""
    write.seats = [(seat + step) % players for seat in range(players)]

    def stepped(x, src):  # from a seat, a seat (Module.in_range)
        source = write(x, src)
        if x.m.in_range.get(src[0]) == ("seat", players):
            x.m.in_range[source] = ("seat", players)
        return source
    stepped.seats = write.seats
    return stepped


@writes("top")
def _write_top(ctx, a):
    return lambda x, src: f"({src[0]} or _rt.NO_TOP)[-1]"


@writes("holder")
def _write_holder(ctx, a):
    tables = (ctx.deck.cards_of_face, ctx.deck.face, ctx.zone_owner, ctx.hand_ids)
    return lambda x, src: f"_rt.holder_of(s, {src[0]}, {', '.join(x.m.constant(t) for t in tables)})"


@writes("lay")
def _write_lay(ctx, a):
    return lambda x, src: f"_rt.lay(s, {src[1]}, {src[0]}, {x.m.constant(ctx.area_of)})"


@writes("move_top")
def _write_move_top(ctx, a):
    return lambda x, src: f"_rt.move_top(s, {src[0]}, {src[1]}, {src[2] if len(src) > 2 else 1})"


@writes("shuffle")
def _write_shuffle(ctx, a):
    return lambda x, src: f"_rt.shuffle(s.rng, s.zones[{src[0]}])"


@writes("deal")
def _write_deal(ctx, a):
    n, dealer = ctx.players, ctx.dealer_slot

    def write(x, src):
        start = src[3] if len(src) > 3 else f"(s.vars[{dealer}] + 1) % {n}"
        return f"_rt.deal(s, {src[0]}, {src[1]}, {src[2]}, {start}, {n})"
    return write


@writes("partners")
def _write_partners(ctx, a):
    team_of, teams = ctx.team_of, ctx.teams
    others = [[p for p in teams[team_of[seat]] if p != seat] for seat in range(len(team_of))]
    return lambda x, src: f"{x.m.constant(others)}[_rt.seat_of({src[0]}, {len(team_of)})]"


@writes("move")
def _write_move(ctx, a):
    one = a[0].type == "card"  # checked to be one card (or none, which fails as a list would): no test of it
    many = a[0].type in ("cards", "list")  # checked to be a list of cards: no test of it either

    def write(x, src):
        lines, (card, zone) = [], src
        if not (one and card.isidentifier()):  # read more than once: worked out once (a local is read as it is)
            card = x.m.new("c")
            lines.append(f"{card} = {src[0]}")
        if not (one and (zone.isidentifier() or zone.isdigit())):
            zone = x.m.new("z")
            lines.append(f"{zone} = {src[1]}")
        moved = [f"s.zones[s.where[{card}]].remove({card})", f"s.zones[{zone}].append({card})",
                 f"s.where[{card}] = {zone}"]
        if one:
            return "\n".join(lines + moved)
        if many:  # a list (a capture): each card as _move_card moves it, written out (a none fails in list())
            return "\n".join(lines + [f"for {card} in list({card}):", *("    " + line for line in moved)])
        return "\n".join(lines + [f"if isinstance({card}, int):", *("    " + line for line in moved),
                                   "else:",  # a group (a capture): each card as _move_card moves it, written out
                                   f"    for {card} in list({card}):", *("        " + line for line in moved)])
    return write


@writes("same_face")
def _write_same_face(ctx, a):
    def write(x, src):
        return f"({x.m.constant(ctx.deck.face)}[{src[0]}] == {x.m.constant(ctx.deck.face)}[{src[1]}])"
    write.same_face = ctx.deck.face  # (the faces of both cards compared: a key pair, see _key_pair)
    return write


@writes("is_joker")
def _write_is_joker(ctx, a):
    return lambda x, src: f"({x.m.constant(ctx.deck.rank)}[{src[0]}] == 0)"


@writes("or_else")
def _write_or_else(ctx, a):
    # the second list is worked out only when the first is empty: a list is false exactly when it is empty
    # (no name bound with :=, which Python refuses where a comprehension's items are worked out)
    def write(x, src):
        return f"({src[0]} or {src[1]})"
    write.or_else = True  # the first list, or the second when it is empty: a writer of statements may say so
    return write


@writes("groups")
def _write_groups(ctx, a):
    sizes = {first: count for first, (count, _) in ctx.area_of.items()}
    write = lambda x, src: f"_rt.groups_of(s, {src[0]}, {x.m.constant(sizes)})"  # noqa: E731
    write.distinct = True  # each group once, a zone by its number (codegen's _distinct_items)
    return write


def groups_of(s, first: int, sizes: dict) -> list:
    """The groups of an area that hold cards (an area is its first instance; `sizes`: its number of groups)."""
    last = first + sizes[first]
    return list(compress(range(first, last), s.zones[first:last]))


@writes("team")
def _write_team(ctx, a):
    def write(x, src):
        seats = len(ctx.team_of)
        if x.m.in_range.get(src[0]) == ("seat", seats):  # a seat's team: read without checking the seat
            source = f"{x.m.constant(list(ctx.team_of))}[{src[0]}]"
            x.m.in_range[source] = ("team", len(ctx.teams))
            return source
        return f"{x.m.constant(list(ctx.team_of))}[_rt.seat_of({src[0]}, {seats})]"
    return write


@writes("members")
def _write_members(ctx, a):
    return lambda x, src: f"_rt.team_members({x.m.constant(ctx.teams)}, {src[0]})"


def team_members(teams: list, t) -> list:
    if not (isinstance(t, int) and 0 <= t < len(teams)):
        raise IndexError(Msg("no_such_team", i=repr(t), last=len(teams) - 1))
    return teams[t]


@writes("step_value")
def _write_step_value(ctx, a):
    return lambda x, src: f"_rt.step_value({src[0]}, {src[1]})"


def step_value(pairs: list, at):
    """The value of the last step [from, value] that `at` reaches; the first step's below them all."""
    found = pairs[0][1] if pairs else 0
    for start, v in pairs:
        if at >= start:
            found = v
    return found


@writes("move_all")
def _write_move_all(ctx, a):
    return lambda x, src: f"_rt.move_all(s, {src[0]}, {src[1]})"


def move_all(s, source: int, target: int) -> None:
    cards = s.zones[source]
    s.zones[source] = []
    s.zones[target].extend(cards)
    for card in cards:
        s.where[card] = target


@writes("each")
def _write_each(ctx, a):
    if len(set(ctx.deck.face)) == len(ctx.deck.face):  # no twins: every card its own face
        write = lambda x, src: f"_rt.each_one({src[0]})"  # noqa: E731
    else:
        write = lambda x, src: f"_rt.each_card({x.m.constant(ctx.deck.face)}, {src[0]})"  # noqa: E731
    write.distinct = True  # each card once (a face once): no group offered twice (codegen's _distinct_items)
    return write


def each_card(faces: list, cards) -> list:
    """Every card as a group of one, faces counted once."""
    seen, out = set(), []
    for c in cards:
        if faces[c] not in seen:
            seen.add(faces[c])
            out.append([c])
    return out


@writes("together")
def _write_together(ctx, a):
    write = lambda x, src: f"_rt.all_together({src[0]})"  # noqa: E731
    write.distinct = True  # one group at most (codegen's _distinct_items)
    return write


def each_one(cards) -> list:
    """Every card as a group of one, in a deck where no two cards share a face."""
    out = []
    for c in cards:
        out.append([c])
    return out


def all_together(cards) -> list:
    """The cards as one group, the only one offered; no group when there are none."""
    cards = list(cards)
    return [cards] if cards else []


def melds_of(rules, cards) -> list:
    """melds_in: the melds of the cards, a list of their own (interpreter/melds.py keeps what it works out)."""
    return rules.melds_in(cards, MAX_GROUPS)


@writes("melds_in")
def _write_melds_in(ctx, a):
    return lambda x, src: f"_rt.melds_of({x.m.object(ctx.melds)}, {src[0]})"


@writes("can_join")
def _write_can_join(ctx, a):
    card = _one_card(a[1].node)

    def held_table(x) -> str | None:
        """The name of the table of the meld an earlier choice of the move names, found once for every card
        tried on it (Expr.once_per_choice), or None."""
        rules = x.m.object(ctx.melds)
        return x.once_per_choice(f"_rt.join_table_at({rules}, s.zones, {x(a[0].node.zone)})", a[0].node.zone)

    def write(x, src):
        rules = x.m.object(ctx.melds)
        if card is not None and _plain_zone(a[0].node):  # a meld's table kept is read in place, without a
            # call (asked of every card of a hand with every meld): `(*meld,)` is the key join_table keeps it by
            table = f"({rules}._joins.get((*{src[0]},)) or {rules}.join_table({src[0]}))"
            held = held_table(x)
            return f"{table if held is None else f'({held} or {table})'}[{x(card)}]"
        if card is not None:  # can_join(meld, [card]): the card looked up in the meld's join table
            return f"{rules}.join_table({src[0]})[{x(card)}]"
        return f"{x.m.object(ctx.melds)}.joins({src[0]}, {src[1]})"
    if card is not None and _plain_zone(a[0].node):  # a guard that holds only for the cards the table lets
        # join: the options of the card are those first (codegen's _product), the others never tried
        write.joins = (a[0].node.zone, card, held_table)
    return write


def join_table_at(rules, zones: list, zone):
    """The join table of a zone's cards (MeldRules.join_table), or None when `zone` names no zone: then
    the can_join that asks is worked out where it is, and fails there."""
    try:
        cards = zones[zone]
    except (IndexError, TypeError):
        return None
    return rules._joins.get((*cards,)) or rules.join_table(cards)


def _plain_zone(node) -> bool:
    """The cards of a zone named by a local or a constant (`s.zones[v3]`): read twice, they cost little
    and pay nothing from the work budget."""
    return type(node).__name__ == "ZoneCards" and type(node.zone).__name__ in ("Local", "Const")


def _one_card(node):
    """The card of a list of one card, `[card]` (a table of every card's list of itself, looked up by
    the card, or the list written out, `[top(pile)]`), else None."""
    if type(node).__name__ == "Items":
        return node.items[0] if len(node.items) == 1 and node.items[0].type == "card" else None
    table = getattr(node, "table", None)
    if type(node).__name__ != "Lookup" or not isinstance(table, list) or \
            not all(type(v) is list and len(v) == 1 and type(v[0]) is int and v[0] == i for i, v in enumerate(table)):
        return None
    return node.key


@writes("leaders")
def _write_leaders(ctx, a):
    """Each item with its value, in one pass paid first, then the items of the largest value."""
    return lambda x, src: f"_rt.leaders_in([({src[1].var}, {src[1].body}) {src[1].over(src[0])}])"


def leaders_in(valued: list) -> list:
    """The items (item, value) whose value is the largest, as leaders gives them."""
    top = max((value for _, value in valued), default=None)
    return [item for item, value in valued if value == top]


def face_in(faces: list, face, cards) -> bool:
    """Is a card of this face among the cards?"""
    return face in {faces[c] for c in cards}


def has_in(s, wanted, zone: int) -> bool:
    """Is one of these cards (the physical cards of a face) in the zone?"""
    where = s.where
    for c in wanted:
        if where[c] == zone:
            return True
    return False


def has_at(s, wanted, zone) -> bool:
    """has_in for a zone worked out in play (a meld, a seat's hand): one that names none fails as
    s.zones[zone] does, and a zone counted from the end is looked through."""
    cards = s.zones[zone]
    if type(zone) is not int or zone < 0:
        return wanted_in(wanted, cards)
    where = s.where
    for c in wanted:
        if where[c] == zone:
            return True
    return False


def wanted_in(wanted, cards) -> bool:
    """Is one of the wanted cards (the physical cards of a face) among these cards?"""
    for c in wanted:
        if c in cards:
            return True
    return False


@writes("has")
def _write_has(ctx, a):
    """has(zone, suit, rank): rank and suit worked out first, then the zone, as the closure does."""
    cards_of, zone_const = ctx.deck.cards_of, getattr(a[0].fn, "zone_id", None)

    def write(x, src):
        wanted = f"{x.m.object(cards_of)}({src[2]}, {src[1]})"
        if zone_const is not None:
            return f"_rt.has_in(s, {wanted}, {zone_const})"
        if type(a[0].node).__name__ == "ZoneCards":  # a zone worked out in play: where its cards are
            return f"_rt.has_at(s, {wanted}, {x(a[0].node.zone)})"
        return f"_rt.wanted_in({wanted}, {src[0]})"
    return write


@writes("sums_to")
def _write_sums_to(ctx, a):
    """sums_to with a rule that is a table of whole, never negative values: the position's kept groups."""
    table = getattr(a[2].fn, "table", None)
    if table is None or not all(type(v) is int and v >= 0 for v in table):
        return None
    faces = ctx.deck.face
    twins = len(set(faces)) < len(faces)
    site = object()  # this call's key in a position's cache, as the closure's own

    def write(x, src):
        if x.fixed(a[0].node):  # the same cards in every call of the position: their totals kept for it
            # (a zone's own list copied: the totals keep their cards as they were; a list worked out is the part's)
            cards = f"list({src[0]})" if type(a[0].node).__name__ == "ZoneCards" else src[0]
            totals = x.kept(f"_rt.Totals({cards}, {x.m.constant(table)}, {x.m.constant(faces)}, {twins!r})")
            return f"{totals}.sums(s, {src[1]})"
        return (f"_rt.sums_by_table(s, {x.m.object(site)}, {src[0]}, {src[1]}, {x.m.constant(table)}, "
                f"{x.m.constant(faces)}, {twins!r})")
    # no group offered twice (codegen's _distinct_items): twins give one group, and no card is in the
    # cards twice (a zone's cards, or some of them)
    write.distinct = _cards_once(a[0].node)
    write.in_place = True  # its rule read as a table: no argument written inside a comprehension
    return write


def _cards_once(node) -> bool:
    """Is no card in this list twice? The cards of a zone, or a filter of them."""
    return type(node).__name__ == "ZoneCards" or getattr(getattr(node, "write", None), "cards_once", False)




def sums_by_table(s, site, cards, target, table: list, faces: list, twins: bool) -> list:
    """sums_to's groups when each card's value is looked up in a table of whole, never negative values."""
    if type(target) is int:
        return groups_kept(s, site, cards, table, faces, twins, target)
    return _groups_of(s, list(cards), [table[c] for c in cards], target, faces)
