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
from typing import Any, Callable

from . import legal


@dataclass
class Fn:
    name: str
    args: list[str]
    returns: str
    build: Callable  # (ctx, compiled_args) -> closure
    text: dict[str, str]  # how the notion reads, {0} {1} ... for its arguments
    effect: bool = False
    pure: bool = False  # result depends only on the arguments: foldable
    elem: str | None = None  # for higher-order functions: the lambda's argument type
    returns_from: int | None = None  # result type is the element type of this argument
    body: str = "any"  # what the lambda must give: bool for conditions, num for sums


LIBRARY: dict[str, Fn] = {}


def notion(name, args, returns, en, tr, *, effect=False, pure=False, elem=None, returns_from=None, body="any"):
    def register(build):
        LIBRARY[name] = Fn(name, args, returns, build, {"en": en, "tr": tr}, effect, pure, elem, returns_from, body)
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
@notion("rank", ["card"], "num", "the rank of {0}", "{0} kartının sayısı", pure=True)
def _rank(ctx, a):
    (x,), ranks = a, ctx.deck.rank
    return lambda s, e: ranks[x(s, e)]


@notion("suit", ["card"], "num", "the suit of {0}", "{0} kartının rengi", pure=True)
def _suit(ctx, a):
    (x,), suits = a, ctx.deck.suit
    return lambda s, e: suits[x(s, e)]


@notion("same_face", ["card", "card"], "bool", "{0} is the same card as {1}", "{0} ile {1} aynı kart", pure=True)
def _same_face(ctx, a):
    (x, y), faces = a, ctx.deck.face
    return lambda s, e: faces[x(s, e)] == faces[y(s, e)]


@notion("is_joker", ["card"], "bool", "{0} is a joker", "{0} joker", pure=True)
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
        "{0} holds the card of suit {1} and rank {2}", "{0} içinde {1} renginden {2} var")
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
            cards = cards_of(rank(s, e), suit(s, e))
            if cards:
                where = s.where
                for c in cards:
                    if where[c] == zone_const:
                        return True
            return False
        return has_in_zone
    faces = ctx.deck.face

    def has_in_cards(s, e):
        wanted = {faces[c] for c in cards_of(rank(s, e), suit(s, e))}
        return any(faces[c] in wanted for c in zone(s, e))
    return has_in_cards


@notion("empty", ["cards"], "bool", "{0} is empty", "{0} boş")
def _empty(ctx, a):
    (x,) = a
    zone_id = getattr(x, "zone_id", None)
    if zone_id is not None:
        return lambda s, e: not s.zones[zone_id]
    return lambda s, e: not x(s, e)


@notion("count", ["cards", "fn?"], "num", "the number of cards in {0}", "{0} içindeki kart sayısı", elem="card", body="bool")
def _count(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: len(x(s, e))
    x, pred = a
    return lambda s, e: sum(1 for c in x(s, e) if pred(s, e, c))


@notion("top", ["cards"], "card", "the top card of {0}", "{0} üstündeki kart")
def _top(ctx, a):
    (x,) = a
    return lambda s, e: (x(s, e) or [None])[-1]


@notion("holder", ["card"], "num", "the player who holds {0}", "{0} kartı kimdeyse o oyuncu")
def _holder(ctx, a):
    (x,) = a
    cards_of_face, faces, owner_of = ctx.deck.cards_of_face, ctx.deck.face, ctx.zone_owner
    hand_ids = ctx.hand_ids

    def holder(s, e):
        for c in cards_of_face[faces[x(s, e)]]:
            z = s.where[c]
            if z in hand_ids:
                return owner_of[z]
        return None
    return holder


# ------------------------------------------------------- lists and counts
@notion("any", ["list", "fn"], "bool", "some {x} of {0} has: {1}", "{0} içinde şu olan bir {x} var: {1}", elem="item", body="bool")
def _any(ctx, a):
    x, pred = a
    return lambda s, e: any(pred(s, e, v) for v in x(s, e))


@notion("all", ["list", "fn"], "bool", "every {x} of {0} has: {1}", "{0} içindeki her {x} için: {1}", elem="item", body="bool")
def _all(ctx, a):
    x, pred = a
    return lambda s, e: all(pred(s, e, v) for v in x(s, e))


@notion("filter", ["list", "fn"], "list", "the {x} of {0} with: {1}", "{0} içinden şu olanlar: {1}",
        elem="item", body="bool", returns_from=0)
def _filter(ctx, a):
    x, pred = a
    return lambda s, e: [v for v in x(s, e) if pred(s, e, v)]


@notion("sum", ["list", "fn?"], "num", "the sum over {0}", "{0} toplamı", elem="item", body="num")
def _sum(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: sum(x(s, e))
    x, fn = a
    return lambda s, e: sum(fn(s, e, v) for v in x(s, e))


@notion("max", ["list", "fn?"], "num", "the largest of {0}", "{0} içinde en büyüğü", elem="item", body="num")
def _max(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: max(x(s, e), default=0)
    x, fn = a
    return lambda s, e: max((fn(s, e, v) for v in x(s, e)), default=0)


@notion("min", ["list", "fn?"], "num", "the smallest of {0}", "{0} içinde en küçüğü", elem="item", body="num")
def _min(ctx, a):
    if len(a) == 1:
        (x,) = a
        return lambda s, e: min(x(s, e), default=0)
    x, fn = a
    return lambda s, e: min((fn(s, e, v) for v in x(s, e)), default=0)


@notion("abs", ["num"], "num", "the size of {0}", "{0} mutlak değeri", pure=True)
def _abs(ctx, a):
    (x,) = a
    return lambda s, e: abs(x(s, e))


# ------------------------------------------------------------------ seats
@notion("next", ["num"], "num", "the player after {0}", "{0} oyuncusundan sonraki", pure=True)
def _next(ctx, a):
    (x,), n = a, ctx.players
    return lambda s, e: (x(s, e) + 1) % n


@notion("prev", ["num"], "num", "the player before {0}", "{0} oyuncusundan önceki", pure=True)
def _prev(ctx, a):
    (x,), n = a, ctx.players
    return lambda s, e: (x(s, e) - 1) % n


# ------------------------------------------------------------------ moves
@notion("can", ["move"], "bool", "the player can {0}", "oyuncu {0} yapabilir")
def _can(ctx, a):
    (move,) = a
    index = move(None, None)
    return lambda s, e: legal.any_legal(s, index)


# ---------------------------------------------------------------- effects
def _move_card(s, card, zone):
    where = s.where
    s.zones[where[card]].remove(card)
    s.zones[zone].append(card)
    where[card] = zone


@notion("move", ["card_or_cards", "zone"], "none", "put {0} on {1}", "{0} kartını {1} alanına koy", effect=True)
def _move(ctx, a):
    what, zone = a

    def move(s, e):
        value = what(s, e)
        if isinstance(value, int):
            _move_card(s, value, zone(s, e))
        else:
            target = zone(s, e)
            for card in list(value):
                _move_card(s, card, target)
    return move


@notion("move_all", ["zone", "zone"], "none", "put all of {0} on {1}", "{0} alanındaki her kartı {1} alanına koy",
        effect=True)
def _move_all(ctx, a):
    src, dst = a

    def move_all(s, e):
        source, target = src(s, e), dst(s, e)
        cards = s.zones[source]
        s.zones[source] = []
        s.zones[target].extend(cards)
        for card in cards:
            s.where[card] = target
    return move_all


@notion("shuffle", ["zone"], "none", "shuffle {0}", "{0} karıştırılır", effect=True)
def _shuffle(ctx, a):
    (zone,) = a
    return lambda s, e: s.rng.shuffle(s.zones[zone(s, e)])


@notion("deal", ["zone", "family", "num", "num?"], "none",
        "deal {2} cards from {0} to each {1}, one at a time", "{0} destesinden her {1} alanına birer birer {2} kart dağıt",
        effect=True)
def _deal(ctx, a):
    """Deal n cards each, one at a time from the top, starting after the dealer (or at a given seat)."""
    src, family, count = a[:3]
    first = a[3] if len(a) > 3 else None
    n, dealer_slot = ctx.players, ctx.dealer_slot

    def deal(s, e):
        source, base, k = src(s, e), family(s, e), count(s, e)
        start = first(s, e) if first else (s.vars[dealer_slot] + 1) % n
        stock = s.zones[source]
        for _ in range(k):
            for i in range(n):
                if not stock:
                    return
                card = stock.pop()
                zone = base + (start + i) % n
                s.zones[zone].append(card)
                s.where[card] = zone
    return deal


@dataclass
class BuildContext:
    """What a closure may know of the game when it is built (fixed at load)."""

    deck: Any
    players: int
    zone_owner: dict[int, int] = field(default_factory=dict)
    hand_ids: frozenset = frozenset()
    dealer_slot: int = 0
