"""Notions that offer groups of cards for a move's choice: the groups that add up to a total (sums_to,
searched by interpreter/subset_sums.py), each card on its own, all the cards at once."""
from __future__ import annotations

from .. import ir
from .registry import notion, writes
from .shapes import cards_once, rule_table


notion("sums_to", ["list", "num", "fn"], "list", "the groups of cards {x} of {0} for which the sum of {2} is {1}",
       "{0} içinden, {2} toplamı {1} eden kart grupları ({x})", elem="card", body="num", gives="cards")

notion("each", ["list"], "list", "each card of {0} on its own", "{0} içindeki her kart tek başına", gives="cards")

notion("together", ["list"], "list", "all the cards of {0} at once (if there are any)",
       "{0} içindeki bütün kartlar birden (varsa)", gives="cards")


# ------------------------------------------------- their code (dsl/backend/)
@writes("each")
def _write_each(ctx, a):
    if len(set(ctx.deck.face)) == len(ctx.deck.face):  # no twins: every card its own face
        write = lambda x, src: f"_rt.each_one({src[0]})"  # noqa: E731
    else:
        write = lambda x, src: f"_rt.each_card({x.m.constant(ctx.deck.face)}, {src[0]})"  # noqa: E731
    write.distinct = True  # each card once (a face once): no group offered twice (dsl/backend/options.py _distinct_items)
    return write


@writes("together")
def _write_together(ctx, a):
    write = lambda x, src: f"_rt.all_together({src[0]})"  # noqa: E731
    write.distinct = True  # one group at most (dsl/backend/options.py _distinct_items)
    return write


@writes("sums_to")
def _write_sums_to(ctx, a):
    """sums_to with a rule that is a table of whole, never negative values: the position's kept groups."""
    table = rule_table(a[2].node)
    if table is None or not all(type(v) is int and v >= 0 for v in table):
        return _write_sums_of(ctx, table)
    faces = ctx.deck.face
    twins = len(set(faces)) < len(faces)
    site = object()  # this call's key in a position's cache: the groups of its cards are its own

    def write(x, src):
        if x.fixed(a[0].node):  # the same cards in every call of the position: their totals kept for it
            # (a zone's own list copied: the totals keep their cards as they were; a list worked out is the part's)
            cards = f"list({src[0]})" if isinstance(a[0].node, ir.ZoneCards) else src[0]
            totals = x.kept(f"_rt.Totals({cards}, {x.m.constant(table)}, {x.m.constant(faces)}, {twins!r})",
                            ("totals", a[0].node, table, faces, twins))
            return f"{totals}.sums(s, {src[1]})"
        return (f"_rt.sums_by_table(s, {x.m.object(site)}, {src[0]}, {src[1]}, {x.m.constant(table)}, "
                f"{x.m.constant(faces)}, {twins!r})")
    # no group offered twice (dsl/backend/options.py _distinct_items): twins give one group, and no card is in the
    # cards twice (a zone's cards, or some of them)
    write.distinct = cards_once(a[0].node)
    write.in_place = True  # its rule read as a table: no argument written inside a comprehension
    return write


def _write_sums_of(ctx, table):
    """sums_to with any other rule: each call searches its own total, each card's value its table's (a rule
    about the card alone) or the rule's, worked out by a function of the card written in place."""
    faces = ctx.deck.face

    def write(x, src):
        rule = src[2]
        if table is not None:
            return f"_rt.sums_of(s, {src[0]}, {src[1]}, {x.m.constant(table)}.__getitem__, 0, None, None, {x.m.constant(faces)})"
        return (f"_rt.sums_of(s, {src[0]}, {src[1]}, (lambda {rule.var}: {rule.body}), {rule.weight}, {rule.where}, "
                f"{rule.what}, {x.m.constant(faces)})")
    return write
