"""Conditions about one card, fused: `a or b` where each term looks the same card up (a table of the deck
worked out at load, an ir.Lookup, or its wanted cards in a zone, an ir.CardLookups) becomes one lookup,
one node, so that play's hottest path (the legal moves) asks one table instead of one per term.

A pass over the program's nodes (ir -> ir), run on each `or` once its terms are lowered: the terms it
fuses are nodes of the program, tables and zones, which the typed tree does not hold."""
from __future__ import annotations

from . import ir


def fuse_card_lookups(node: ir.Node, size: int) -> ir.Node:
    """An `or` (ir.Chain) whose terms include lookups about the same card (a tabulated condition, or
    has(zone, ...) tabulated by card), with those terms made one node: one table of cards that pass
    outright and, per card, one list of cards to look for in the zone; one lookup instead of one per
    term. The fused lookups come first; any other node is given back as it is."""
    if not (isinstance(node, ir.Chain) and node.op == "or"):
        return node
    groups: dict[str, list[ir.Node]] = {}
    for term in node.terms:
        name = _lookup_name(term)
        if name is not None:
            groups.setdefault(name, []).append(term)
    fused, done = [], set()
    for name, group in groups.items():
        zones = {term.zone for term in group if isinstance(term, ir.CardLookups)}
        if len(group) >= 2 and len(zones) <= 1:
            fused.append(_fused(name, zones.pop() if zones else None, group, size))
            done.update(id(term) for term in group)
    if not done:
        return node
    terms = fused + [term for term in node.terms if id(term) not in done]
    return terms[0] if len(terms) == 1 else ir.Chain("bool", "or", terms)


def card_lookup(name: str, zone: int, passes: list, wanted: list) -> ir.CardLookups:
    """True when the card named `name` passes outright, or one of its wanted cards is in `zone`."""
    return ir.CardLookups("bool", ir.Local("card", name), zone, [(passes, wanted)], every=False)


def _lookup_name(node: ir.Node) -> str | None:
    """The card a term looks up (a tabulated condition, or one card's wanted cards in a zone), else None."""
    if isinstance(node, ir.Lookup) and isinstance(node.key, ir.Local) and node.type == "bool":
        return node.key.name
    if isinstance(node, ir.CardLookups) and not node.every and len(node.pairs) == 1 \
            and isinstance(node.card, ir.Local):
        return node.card.name
    return None


def _fused(name: str, zone, group: list[ir.Node], size: int) -> ir.Node:
    passes = [False] * size
    wanted: list[tuple] = [()] * size
    for term in group:
        if isinstance(term, ir.Lookup):
            passes = [p or bool(v) for p, v in zip(passes, term.table)]
        else:
            ((its_passes, its_wanted),) = term.pairs
            passes = [p or q for p, q in zip(passes, its_passes)]
            wanted = [a + b for a, b in zip(wanted, its_wanted)]
    if zone is None:
        return ir.Lookup("bool", passes, ir.Local("card", name))
    return card_lookup(name, zone, passes, wanted)
