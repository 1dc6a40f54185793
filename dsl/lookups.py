"""Conditions about one card made into lookups, and chains of conditions made into one call: `a or b`
where each term looks a card up (in a table, or its wanted cards in a zone) becomes one lookup, a move's
checks about the same card one call, a rule about two cards a row per other card. What play's hottest
path (the legal moves) calls, as few times as it can."""
from __future__ import annotations

from typing import Callable

from . import ir
from .piece import C

def fuse_card_lookups(terms: list[C], size: int) -> list[C]:
    """`a or b or c` where each is a lookup about the same card (a tabulated condition, or
    has(zone, ...) tabulated by card) becomes one closure: one table of cards that pass outright
    and, per card, one list of cards to look for in the zone; one call instead of one per term."""
    groups: dict[str, list[C]] = {}
    for c in terms:
        name = _lookup_name(c)
        if name is not None:
            groups.setdefault(name, []).append(c)
    fused, done = [], set()
    for name, group in groups.items():
        zones = {c.fn.lookup[1] for c in group if hasattr(c.fn, "lookup")}
        if len(group) >= 2 and len(zones) <= 1:
            f = _fused(name, zones.pop() if zones else None, group, size)
            fused.append(C(f, "bool", node=closure_node(f, "bool")))
            done.update(id(c) for c in group)
    return fused + [c for c in terms if id(c) not in done]


def closure_node(f: Callable, type_: str):
    """The node of a closure made for a lookup about one card (a tabulated value, or cards looked for
    in a zone: see card_lookup), so that the generated code does the lookup inline; None otherwise."""
    tab = getattr(f, "tab", None)
    if tab is not None:
        return ir.Lookup(type_, tab[1], ir.Local("card", tab[0]))
    lookup = getattr(f, "lookup", None)
    if lookup is not None:
        name, zone, passes, wanted = lookup
        return ir.CardLookups(type_, ir.Local("card", name), zone, [(passes, wanted)], every=False)
    return None


def _lookup_name(c: C) -> str | None:
    """The card a term looks up (a tabulated condition, or a fused/has lookup), else None."""
    tab = getattr(c.fn, "tab", None)
    if tab is not None and c.type == "bool":
        return tab[0]
    lookup = getattr(c.fn, "lookup", None)
    return lookup[0] if lookup is not None else None


def _fused(name: str, zone, group: list[C], size: int) -> Callable:
    passes = [False] * size
    wanted: list[tuple] = [()] * size
    for c in group:
        if hasattr(c.fn, "tab"):
            passes = [p or bool(v) for p, v in zip(passes, c.fn.tab[1])]
        else:
            _, _, its_passes, its_wanted = c.fn.lookup
            passes = [p or q for p, q in zip(passes, its_passes)]
            wanted = [a + b for a, b in zip(wanted, its_wanted)]
    if zone is None:
        return _tabulated_bool(name, passes)
    return card_lookup(name, zone, passes, wanted)


def _tabulated_bool(name: str, table: list) -> Callable:
    def lookup(s, e):
        return table[e[name]]
    lookup.tab = (name, table)
    return lookup


def card_lookup(name: str, zone: int, passes: list, wanted: list) -> Callable:
    """True when the card named `name` passes outright, or one of its wanted cards is in `zone`."""
    def fused(s, e):
        card = e[name]
        if passes[card]:
            return True
        where = s.where
        for x in wanted[card]:
            if where[x] == zone:
                return True
        return False
    fused.lookup = (name, zone, passes, wanted)
    return fused


def rows(f: Callable, name: str, other: str, size: int) -> Callable:
    """For a rule about its card `name` and one other card `other` that reads nothing else: the rule's
    value for every card, given the other card, worked out at its first use (a row per other card).
    A card whose value fails is left out of the row: the notion then asks the rule itself."""
    rows: dict[int, dict] = {}

    def row_of(v) -> dict | None:
        row = rows.get(v)
        if row is None:
            if type(v) is not int or not 0 <= v < size:
                return None
            row = {}
            env = {other: v}
            for card in range(size):
                env[name] = card
                try:
                    row[card] = f(None, env)
                except Exception:  # this card's value is the rule's to give (or to fail), in play
                    pass
            rows[v] = row
        return row
    return row_of


# `or` and `and` of 2 to 4 terms are written out: one closure call per
# evaluation instead of a generator, on the hottest path of legal moves.
def or_of(fs):
    if len(fs) == 1:
        return fs[0]
    if len(fs) == 2:
        a, b = fs
        return lambda s, e: a(s, e) or b(s, e)
    if len(fs) == 3:
        a, b, c = fs
        return lambda s, e: a(s, e) or b(s, e) or c(s, e)
    if len(fs) == 4:
        a, b, c, d = fs
        return lambda s, e: a(s, e) or b(s, e) or c(s, e) or d(s, e)
    return lambda s, e: any(f(s, e) for f in fs)


def and_of(fs):
    if len(fs) == 1:
        return fs[0]
    if len(fs) == 2:
        a, b = fs
        return lambda s, e: a(s, e) and b(s, e)
    if len(fs) == 3:
        a, b, c = fs
        return lambda s, e: a(s, e) and b(s, e) and c(s, e)
    if len(fs) == 4:
        a, b, c, d = fs
        return lambda s, e: a(s, e) and b(s, e) and c(s, e) and d(s, e)
    return lambda s, e: all(f(s, e) for f in fs)


def all_of(fs):
    """Every condition at once (a move's checks), as one closure. Checks that are each a
    lookup about the same card in the same zone (a row opened and a card next to it) are tried in one call."""
    if not fs:
        return lambda s, e: True
    lookups = [getattr(f, "lookup", None) for f in fs]
    if len(fs) > 1 and all(lookups) and len({(x[0], x[1]) for x in lookups}) == 1:
        name, zone = lookups[0][0], lookups[0][1]
        return _all_lookups(name, zone, [(x[2], x[3]) for x in lookups])
    return and_of(fs)


def _all_lookups(name: str, zone: int, pairs: list[tuple[list, list]]) -> Callable:
    """True when, for each (passes, wanted) pair, the card passes outright or one of its wanted
    cards is in the zone: the `and` of several card_lookup closures, in one call."""
    def all_found(s, e):
        card = e[name]
        where = s.where
        for passes, wanted in pairs:
            if passes[card]:
                continue
            for x in wanted[card]:
                if where[x] == zone:
                    break
            else:
                return False
        return True
    return all_found
