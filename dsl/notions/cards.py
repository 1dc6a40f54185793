"""Notions about one card and where it is: its rank, suit and face, a joker, the card a zone holds, the
top card of a zone and the player who holds a card."""
from __future__ import annotations

from .. import ir
from ..lookups import card_lookup
from .registry import notion, writes


notion("rank", ["card"], "num", "the rank of {0}", "{0:gen} sayısı~", pure=True)

notion("suit", ["card"], "num", "the suit of {0}", "{0:gen} rengi~", pure=True)

notion("same_face", ["card", "card"], "bool", "{0} is the same card as {1}", "{0} ile {1} aynı kart", pure=True,
       no=("{0} is not the same card as {1}", "{0} ile {1} aynı kart değil"))

notion("is_joker", ["card"], "bool", "{0} is a joker", "{0} bir joker", pure=True,
       no=("{0} is not a joker", "{0} joker değil"))

def _per_card(piece, size: int):
    """(local, value per card) for a piece tabulated over one card (a Lookup keyed by it) or a constant;
    None otherwise."""
    node = piece.node
    if isinstance(node, ir.Lookup) and isinstance(node.key, ir.Local):
        return node.key.name, node.table
    if piece.is_const:
        return None, [piece.const] * size
    return None


def _has_lookups(ctx, a):
    """has(zone, suit, rank) with a zone known at load and suit and rank both worked out from one card
    (`has(table, suit(card), rank(card) - 1)`): per card, the cards to look for in the zone, a
    CardLookups node (which `or` may fuse with others about the card, dsl/lookups.py); else None."""
    zone, suit, rank = a
    zone_node = zone.node
    if not (isinstance(zone_node, ir.ZoneCards) and isinstance(zone_node.zone, ir.Const)):
        return None
    suit_tab, rank_tab = _per_card(suit, ctx.deck.size), _per_card(rank, ctx.deck.size)
    names = {suit_tab[0], rank_tab[0]} - {None} if suit_tab and rank_tab else set()
    if len(names) != 1:
        return None
    (name,) = names
    wanted = [tuple(ctx.deck.cards_of(r, s)) for s, r in zip(suit_tab[1], rank_tab[1])]
    return card_lookup(name, zone_node.zone.value, [False] * ctx.deck.size, wanted)


notion("has", ["cards", "num", "num"], "bool",
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
       no_card=("{0} does not hold {1}", "{0:loc} {1} yok"), lower=_has_lookups)

notion("top", ["cards"], "card", "the top card of {0}", "{0:gen} en üstteki kartı~")

notion("holder", ["card"], "num", "the player who holds {0}", "{0:acc} elinde tutan oyuncu")


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
    """has(zone, suit, rank): rank and suit worked out first, then the zone."""
    deck, zone = ctx.deck, a[0].node
    zone_const = zone.zone.value if isinstance(zone, ir.ZoneCards) and isinstance(zone.zone, ir.Const) else None

    def write(x, src):
        # the deck handed, not its bound method: a kept game holds objects, never a function (issue 36)
        wanted = f"{x.m.object(deck)}.cards_of({src[2]}, {src[1]})"
        if zone_const is not None:
            return f"_rt.has_in(s, {wanted}, {zone_const})"
        if isinstance(a[0].node, ir.ZoneCards):  # a zone worked out in play: where its cards are
            return f"_rt.has_at(s, {wanted}, {x(a[0].node.zone)})"
        return f"_rt.wanted_in({wanted}, {src[0]})"
    return write
