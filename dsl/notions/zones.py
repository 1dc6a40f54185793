"""Notions that change zones, and group zones: moving cards, the top card or all of a zone, shuffling,
dealing, laying a new group in an area and the groups of an area that hold cards."""
from __future__ import annotations

from .registry import notion, writes


# ------------------------------------------------------------ group zones
# A group zone (`kind: groups`) gives each owner an area of max_groups groups, each its own zone instance;
# an area is written as its first instance's id (type "area"), a group as its own id (type "zone").
notion("groups", ["area"], "list", "the groups of {0}", "{0:gen} grupları~", gives="zone")

notion("lay", ["cards_to_lay", "area"], "none", "lay {0} as a new group in {1}", "{0:acc} {1:dat} yeni grup olarak aç",
       effect=True)

notion("move", ["card_or_cards", "zone"], "none", "move {0} to {1}", "{0:acc} {1:dat} koy", effect=True)

notion("move_all", ["zone", "zone"], "none", "move all the cards of {0} to {1}", "{0:loc.ki} bütün kartları {1:dat} koy",
       effect=True)

notion("move_top", ["zone", "zone", "num?"], "none", "move the top card of {0} to {1}", "{0:gen} en üstteki kartını {1:dat} koy",
       effect=True,
       full=("move the top {2} cards of {0} to {1}", "{0:gen} en üstteki {2} kartı {1:dat} koy"))

notion("shuffle", ["zone"], "none", "shuffle {0}", "{0:acc} karıştır", effect=True)

notion("deal", ["zone", "family", "num", "num?"], "none",
       "deal {2} cards from {0} into each player's {1}, one at a time, starting with the player after the dealer",
       "{0:abl} her oyuncunun {1:poss3.dat} birer birer {2} kart dağıt; dağıtandan sonraki oyuncudan başla",
       effect=True,
       full=("deal {2} cards from {0} into each player's {1}, one at a time, starting with {3}",
             "{0:abl} her oyuncunun {1:poss3.dat} birer birer {2} kart dağıt; {3:abl} başla"))


# ------------------------------------------------- their code (dsl/backend/)
@writes("lay")
def _write_lay(ctx, a):
    return lambda x, src: f"_rt.lay(s, {src[1]}, {src[0]}, {x.m.constant(ctx.area_of)})"


@writes("move_top")
def _write_move_top(ctx, a):
    return lambda x, src: f"_rt.move_top(s, {src[0]}, {src[1]}, {src[2] if len(src) > 2 else 1})"


@writes("shuffle")
def _write_shuffle(ctx, a):
    return lambda x, src: f"_rt.shuffle(s.rng, {x.state('zones')}[{src[0]}])"


@writes("deal")
def _write_deal(ctx, a):
    n, dealer = ctx.players, ctx.dealer_slot

    def write(x, src):
        start = src[3] if len(src) > 3 else f"(s.vars[{dealer}] + 1) % {n}"
        return f"_rt.deal(s, {src[0]}, {src[1]}, {src[2]}, {start}, {n})"
    return write


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
        zones, where = x.state("zones"), x.state("where")
        moved = [f"{zones}[{where}[{card}]].remove({card})", f"{zones}[{zone}].append({card})",
                 f"{where}[{card}] = {zone}"]
        if one:
            return "\n".join(lines + moved)
        if many:  # a list (a capture): each card as move_card moves it, written out (a none fails in list())
            return "\n".join(lines + [f"for {card} in list({card}):", *("    " + line for line in moved)])
        return "\n".join(lines + [f"if isinstance({card}, int):", *("    " + line for line in moved),
                                   "else:",  # a group (a capture): each card as move_card moves it, written out
                                   f"    for {card} in list({card}):", *("        " + line for line in moved)])
    return write


@writes("groups")
def _write_groups(ctx, a):
    sizes = {first: count for first, (count, _) in ctx.area_of.items()}
    write = lambda x, src: f"_rt.groups_of(s, {src[0]}, {x.m.constant(sizes)})"  # noqa: E731
    write.distinct = True  # each group once, a zone by its number (dsl/backend/options.py _distinct_items)
    return write


@writes("move_all")
def _write_move_all(ctx, a):
    return lambda x, src: f"_rt.move_all(s, {src[0]}, {src[1]})"
