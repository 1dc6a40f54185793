"""Notions about one card and where it is: its rank, suit and face, a joker, the card a zone holds, the
top card of a zone and the player who holds a card."""
from __future__ import annotations

from kural.interpreter.runtime import has_in, holder_of, wanted_in

from .. import ir
from .registry import notion, writes


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


@notion("top", ["cards"], "card", "the top card of {0}", "{0:gen} en üstteki kartı~")
def _top(ctx, a):
    (x,) = a
    return lambda s, e: (x(s, e) or [None])[-1]


@notion("holder", ["card"], "num", "the player who holds {0}", "{0:acc} elinde tutan oyuncu")
def _holder(ctx, a):
    (x,) = a
    cards_of_face, faces, owner_of, hand_ids = ctx.deck.cards_of_face, ctx.deck.face, ctx.zone_owner, ctx.hand_ids
    return lambda s, e: holder_of(s, x(s, e), cards_of_face, faces, owner_of, hand_ids)


# ------------------------------------------------- their code (dsl/backend/)
@writes("holder")
def _write_holder(ctx, a):
    tables = (ctx.deck.cards_of_face, ctx.deck.face, ctx.zone_owner, ctx.hand_ids)
    return lambda x, src: f"_rt.holder_of(s, {src[0]}, {', '.join(x.m.constant(t) for t in tables)})"


@writes("rank")
def _write_rank(ctx, a):
    return lambda x, src: f"{x.m.constant(ctx.deck.rank)}[{src[0]}]"


@writes("suit")
def _write_suit(ctx, a):
    return lambda x, src: f"{x.m.constant(ctx.deck.suit)}[{src[0]}]"


@writes("top")
def _write_top(ctx, a):
    return lambda x, src: f"({src[0]} or _rt.NO_TOP)[-1]"


@writes("same_face")
def _write_same_face(ctx, a):
    def write(x, src):
        return f"({x.m.constant(ctx.deck.face)}[{src[0]}] == {x.m.constant(ctx.deck.face)}[{src[1]}])"
    write.same_face = ctx.deck.face  # (the faces of both cards compared: a key pair, see key_pair)
    return write


@writes("is_joker")
def _write_is_joker(ctx, a):
    return lambda x, src: f"({x.m.constant(ctx.deck.rank)}[{src[0]}] == 0)"


@writes("has")
def _write_has(ctx, a):
    """has(zone, suit, rank): rank and suit worked out first, then the zone, as the closure does."""
    deck, zone_const = ctx.deck, getattr(a[0].fn, "zone_id", None)

    def write(x, src):
        # the deck handed, not its bound method: a kept game holds objects, never a function (issue 36)
        wanted = f"{x.m.object(deck)}.cards_of({src[2]}, {src[1]})"
        if zone_const is not None:
            return f"_rt.has_in(s, {wanted}, {zone_const})"
        if isinstance(a[0].node, ir.ZoneCards):  # a zone worked out in play: where its cards are
            return f"_rt.has_at(s, {wanted}, {x(a[0].node.zone)})"
        return f"_rt.wanted_in({wanted}, {src[0]})"
    return write
