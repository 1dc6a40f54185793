"""Conditions about one card, fused: `a or b` where each term looks the same card up (a table of the deck
worked out at load, an ir.Lookup, or its wanted cards in a zone, an ir.CardLookups) becomes one lookup,
one node, so that play's hottest path (the legal moves) asks one table instead of one per term."""
from __future__ import annotations

from . import ir
from .piece import C


def fuse_card_lookups(terms: list[C], size: int) -> list[C]:
    """`a or b or c` where each is a lookup about the same card (a tabulated condition, or
    has(zone, ...) tabulated by card) becomes one node: one table of cards that pass outright
    and, per card, one list of cards to look for in the zone; one lookup instead of one per term."""
    groups: dict[str, list[C]] = {}
    for c in terms:
        name = _lookup_name(c)
        if name is not None:
            groups.setdefault(name, []).append(c)
    fused, done = [], set()
    for name, group in groups.items():
        zones = {c.node.zone for c in group if isinstance(c.node, ir.CardLookups)}
        if len(group) >= 2 and len(zones) <= 1:
            fused.append(C("bool", node=_fused(name, zones.pop() if zones else None, group, size)))
            done.update(id(c) for c in group)
    return fused + [c for c in terms if id(c) not in done]


def card_lookup(name: str, zone: int, passes: list, wanted: list) -> ir.CardLookups:
    """True when the card named `name` passes outright, or one of its wanted cards is in `zone`."""
    return ir.CardLookups("bool", ir.Local("card", name), zone, [(passes, wanted)], every=False)


def _lookup_name(c: C) -> str | None:
    """The card a term looks up (a tabulated condition, or one card's wanted cards in a zone), else None."""
    node = c.node
    if isinstance(node, ir.Lookup) and isinstance(node.key, ir.Local) and c.type == "bool":
        return node.key.name
    if isinstance(node, ir.CardLookups) and not node.every and len(node.pairs) == 1 \
            and isinstance(node.card, ir.Local):
        return node.card.name
    return None


def _fused(name: str, zone, group: list[C], size: int) -> ir.Node:
    passes = [False] * size
    wanted: list[tuple] = [()] * size
    for c in group:
        if isinstance(c.node, ir.Lookup):
            passes = [p or bool(v) for p, v in zip(passes, c.node.table)]
        else:
            ((its_passes, its_wanted),) = c.node.pairs
            passes = [p or q for p, q in zip(passes, its_passes)]
            wanted = [a + b for a, b in zip(wanted, its_wanted)]
    if zone is None:
        return ir.Lookup("bool", passes, ir.Local("card", name))
    return card_lookup(name, zone, passes, wanted)
