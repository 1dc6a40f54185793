"""Shapes of a rule `x => ...` given to a notion that the notions' writers recognize in the typed program
(dsl/ir.py), to write a plain loop or a lookup instead of a generator: a rule that compares a card's key
with a value, a pair of keys, a join of one card, a list whose cards are each there once."""
from __future__ import annotations

from kural.interpreter.messages import Msg

from .. import ir


def keyed_rule(rule):
    """(table, rule, other, alone) for a rule `c => table[c] == other` (either way round; alone) or
    `c => table[c] == other and ...` (the first term of an `and`), else None."""
    body = getattr(rule, "body", None)
    terms = body.terms[:1] if getattr(body, "op", None) == "and" and hasattr(body, "terms") else [body]
    for term in terms:
        if getattr(term, "op", None) != "==" or not hasattr(term, "a"):
            continue
        for mine, other in ((term.a, term.b), (term.b, term.a)):
            key = getattr(mine, "key", None)
            if hasattr(mine, "table") and getattr(key, "name", None) == rule.name and isinstance(key, ir.Local):
                return mine.table, rule, other, term is body
    for term in terms:  # same_face(c, v): the faces' table, c's face against v's (c => face(c) == face(v))
        faces = getattr(getattr(term, "write", None), "same_face", None)
        if faces is None or len(term.args) != 2:
            continue
        for mine, other in ((term.args[0], term.args[1]), (term.args[1], term.args[0])):
            if isinstance(mine, ir.Local) and mine.name == rule.name:
                return faces, rule, ir.Lookup("num", faces, other), term is body
    return None


def rule_table(rule) -> list | None:
    """The table of a rule about its item alone, `c => table[c]` (a rule of one card worked out for every
    card at load, dsl/compiler.py tabulate): its value for every card; else None."""
    body = getattr(rule, "body", None)
    if isinstance(rule, ir.Lambda) and isinstance(body, ir.Lookup) and isinstance(body.key, ir.Local) \
            and body.key.name == rule.name:
        return body.table
    return None


def rule_where(x, rule) -> str:
    return f"{x.m.literal(rule.where)}, {x.m.literal(Msg('rule_what', name=rule.name))}"


def key_pair(rule):
    """(table, other table, other) for a rule `x => table[x] == other_table[other]` (same_face(x, other) is
    one: the faces of both) whose other is a local of its own, read after x's key as the rule reads it;
    else None."""
    if not isinstance(rule, ir.Lambda):
        return None
    body = rule.body

    def local(node, mine: bool) -> bool:
        return isinstance(node, ir.Local) and (node.name == rule.name) == mine
    if isinstance(body, ir.Binary) and body.op == "==":
        a, b = body.a, body.b
        if isinstance(a, ir.Lookup) and isinstance(b, ir.Lookup) and local(a.key, True) \
                and local(b.key, False):
            return a.table, b.table, b.key
    faces = getattr(getattr(body, "write", None), "same_face", None)
    if faces is not None and len(body.args) == 2 and local(body.args[0], True) and local(body.args[1], False):
        return faces, faces, body.args[1]
    return None


def joining_card(x, items, rule):
    """The card of a rule `g => can_join(g, [card])` over items fixed for the position (the groups of an
    area), the card a local other than g (read once, it reads the same and cannot fail); else None."""
    body = getattr(rule, "body", None)
    joins = getattr(getattr(body, "write", None), "joins", None)
    if not isinstance(rule, ir.Lambda) or joins is None or not x.fixed(items):
        return None
    zone, card, _ = joins
    if not isinstance(zone, ir.Local) or zone.name != rule.name:
        return None
    if not isinstance(card, ir.Local) or card.name == rule.name:
        return None
    return card


def plain_zone(node) -> bool:
    """The cards of a zone named by a local or a constant (`s.zones[v3]`): read twice, they cost little
    and pay nothing from the work budget."""
    return isinstance(node, ir.ZoneCards) and isinstance(node.zone, (ir.Local, ir.Const))


def one_card(node):
    """The card of a list of one card, `[card]` (a table of every card's list of itself, looked up by
    the card, or the list written out, `[top(pile)]`), else None."""
    if isinstance(node, ir.Items):
        return node.items[0] if len(node.items) == 1 and node.items[0].type == "card" else None
    table = getattr(node, "table", None)
    if not isinstance(node, ir.Lookup) or not isinstance(table, list) or \
            not all(type(v) is list and len(v) == 1 and type(v[0]) is int and v[0] == i for i, v in enumerate(table)):
        return None
    return node.key


def cards_once(node) -> bool:
    """Is no card in this list twice? The cards of a zone, or a filter of them."""
    return isinstance(node, ir.ZoneCards) or getattr(getattr(node, "write", None), "cards_once", False)
