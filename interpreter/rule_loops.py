"""A rule `x => ...` of a notion (count, filter, any) run over a list as one plain loop, where the generated
module would otherwise make and run a generator: its calls paid from the move's work budget first, as a
generator's would be (interpreter/budget.py paid; inline where a call per rule counts), and what is the same all through a position (the
cards sorted by a key, a meld's join table) kept in the position's cache (State.cache) under the call's
own `site`."""
from __future__ import annotations

from .budget import exhausted, paid

# what the generated module may call (interpreter/compiled.py gives it these)
__all__ = ["counted", "tally", "of_key", "tallied", "first_of_each", "any_of_key", "joins_any", "picked",
           "picked_equal"]


def counted(s, items, table: list, weight: int, where: str, what: str) -> int:
    """count(items, c => table[c]), its rule's calls paid first as a generator's are (budget.paid)."""
    s.work -= weight * len(items)
    if s.work < 0:
        raise exhausted(where, what)
    n = 0
    for c in items:
        if table[c]:
            n += 1
    return n


def tally(s, site, cards, table: list, weight: int, where: str, what: str) -> dict:
    """How many of these cards have each key (table[card]), kept for the position under `site`;
    the rule's calls paid from the work budget once, when it is worked out."""
    known = s.cache.get(site)
    if known is None:
        known = s.cache[site] = {}
        for c in paid(s, cards, weight, where, what):
            k = table[c]
            known[k] = known.get(k, 0) + 1
    return known


def of_key(s, site, cards, table: list, value, weight: int, where: str, what: str) -> list:
    """The cards whose key (table[card]) is `value`, in their order, the rule's calls on them paid from
    the work budget: the cards sorted by key once for the position under `site`, paid then too."""
    known = s.cache.get(site)
    if known is None:
        known = s.cache[site] = {}
        for c in paid(s, cards, weight, where, what):
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
    """How many of the cards have the key `value` (see tally; kept for the position, looked up first)."""
    counts = s.cache.get(site)
    if counts is None:
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


_NOT_YET = object()


def any_of_key(s, items, weight: int, where: str, what: str, table: list, other_table: list, other) -> bool:
    """any(items, x => table[x] == other_table[other]), its rule's calls paid first (budget.paid), each
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


def joins_any(s, site, rules, items, card, weight: int, where: str, what: str) -> bool:
    """any(items, g => can_join(g, [card])), the rule's calls paid first (budget.paid), for items that
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
    if known == len(items):  # every group's table found already (the common case): looked up in order
        for table in tables:
            if table[card]:
                return True
        return False
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


def picked(s, items, table: list, weight: int, where: str, what: str) -> list:
    """filter(items, c => table[c]), its rule's calls paid first as a comprehension's are (budget.paid)."""
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
