"""The subset-sum search of sums_to: every group of cards whose values add up to a total.

A position's cards and their groups by total are kept in the position's cache (State.cache, emptied
after every move), so that every card of a hand is answered from one search of the table; every card
tried spends from the move's work budget (interpreter/budget.py), and a total with more than
MAX_GROUPS groups is an error of the rule file, not a wait."""
from __future__ import annotations

from operator import itemgetter

from .budget import MAX_GROUPS, WORK_LIMIT, exhausted, paid, too_many_groups
from .group_totals import TOTALS_OF
from .messages import Msg

# what the generated module may call (interpreter/compiled.py gives it these)
__all__ = ["Totals", "sums_by_table", "sums_of"]


def groups_kept(s, site, cards, table: list, faces: list, twins: bool, target: int) -> list:
    """sums_to's groups of `cards` adding up to `target`, each card's value `table[card]` (whole, never
    negative), from the groups kept for this position in State.cache under `site` (an object of the
    call's own) and the cards."""
    key = (site, tuple(cards))
    kept = s.cache.get(key)
    if kept is None:
        kept = s.cache[key] = Totals(key[1], table, faces, twins)  # (the key's cards: a tuple, never changed)
    return kept.sums(s, target)


KEPT_GROUPS = 4 * MAX_GROUPS  # groups that one position's sums_to keeps for all its totals; past it, each
# total is searched alone: memory stays a few times what one total may take
FEW_CARDS = 6  # up to this many cards, the totals of all their groups are worked out at once (at most 63)


def _lex_groups(n: int) -> list[tuple]:
    """Every non-empty group of n cards' places, in the order a depth-first search finds them (a group, then
    the groups that add later cards to it): the groups that start at the first place, then the others."""
    out: list[tuple] = []
    for i in range(n - 1, -1, -1):
        out = [(i,), *[(i, *rest) for rest in out], *out]
    return out


LEX_GROUPS = [_lex_groups(n) for n in range(FEW_CARDS + 1)]
# each group's cards taken from the list of cards (a tuple of them, or the one card of a group of one)
LEX_GETTERS = [[itemgetter(*places) for places in groups] for groups in LEX_GROUPS]


class Totals:
    """One position's cards and their groups by total, each total's groups in the order that a search for
    that total alone finds them (depth first, cards in their order: a group, then the groups that add
    later cards to it). Values are whole and never negative. A few cards: the totals of all their groups,
    worked out at the first total asked, answer every total. More: every total up to the one asked is
    searched at once (_Search); a group past it can only grow, so the search goes no further (and searches
    again, keeping only the new totals, when a larger total is asked).

    The cards are the caller's and never change while they are kept (a part of a position where nothing
    changes the state, or the cache key's tuple). The groups given are read, never changed: whoever reads
    sums_to (the generated module, the tests' oracle) reads lists and never changes them, as it reads every
    other part kept for the position. A few cards' groups of a total are made each time it is asked (a
    position asks few totals twice: two cards of one value in a hand); more cards' are kept by their search."""

    __slots__ = ("cards", "table", "faces", "twins", "totals")

    def __init__(self, cards, table: list, faces: list, twins: bool):
        self.cards, self.table, self.faces = cards, table, faces
        self.twins = twins  # a double deck, or jokers: groups are told apart by face (when the cards hold twins)
        self.totals = None  # a few cards: the total of each group of LEX_GROUPS; more: their _Search

    def sums(self, s, target) -> list:
        """sums_to's groups of these cards adding up to `target`: found, or (not a whole number, or too many
        groups to keep) searched for this total alone."""
        totals = self.totals
        if type(totals) is list and type(target) is int:  # (the common path first: a few cards' totals known)
            return self._of_total(totals, target) if target in totals else []
        if type(target) is not int:
            return self._alone(s, target)
        n = len(self.cards)
        if totals is not None or n > FEW_CARDS:  # more than a few cards
            return self._searched(s, target)
        s.work -= 1 << n  # the first total asked of a few cards: the total of each of their groups
        if s.work < 0:  # (LEX_GROUPS), worked out once; each group tried spends one step of the move's work
            raise _no_work("sums_to")
        totals = self.totals = TOTALS_OF[n](self.cards, self.table)
        return self._of_total(totals, target) if target in totals else []

    def _alone(self, s, target) -> list:
        return groups_alone(s, list(self.cards), [self.table[c] for c in self.cards], target, self.faces)

    def _of_total(self, totals: list, target: int) -> list:
        """The groups whose total is `target`, in their order (twins once by face)."""
        cards = self.cards
        getters, at, groups = LEX_GETTERS[len(cards)], -1, []
        left = totals.count(target)
        while left:
            at = totals.index(target, at + 1)
            group = getters[at](cards)
            groups.append(list(group) if type(group) is tuple else [group])
            left -= 1
        if self.twins and len(groups) > 1:
            seen: dict[int, set] = {}
            groups = [g for g in groups if _first(g, self.faces, seen, target)]
        return groups

    def _searched(self, s, target: int) -> list:
        """More than a few cards: the groups of `target`, searched on up to it if need be, or (too many to
        keep) searched alone."""
        search = self.totals
        if search is None:
            search = self.totals = _Search()
        if target > search.bound and not self._reach(s, search, target):
            return self._alone(s, target)
        groups = search.found.get(target, [])
        if len(groups) > MAX_GROUPS:
            raise too_many_groups("sums_to")
        return groups

    def _reach(self, s, search: "_Search", target: int) -> bool:
        """Search on up to `target`, keeping the totals above the last bound; False if that would find
        more than KEPT_GROUPS groups in all (a total with more than MAX_GROUPS is an error when it is
        asked). Every card tried spends one step of the move's work."""
        if search.room < 0:
            return False
        cards, table = self.cards, self.table
        values = [table[c] for c in cards]
        room = [search.room]
        found: dict[int, list] = {}
        try:
            s.work = _grow(cards, values, 0, 0, [], target, found, s.work - len(cards), room)
        except _Past:  # from now on each total is searched alone
            search.room = -1
            return False
        done = search.bound
        faces = self.faces if self.twins and len({self.faces[c] for c in cards}) < len(cards) else None
        if done < 0 and faces is None:  # the first search: every total is new
            search.found = found
        else:
            for total, groups in found.items():
                if total > done:
                    if faces is not None:  # twins once by face
                        seen: dict[int, set] = {}
                        groups = [g for g in groups if _first(g, faces, seen, total)]
                    search.found[total] = groups
        search.bound, search.room = target, room[0]
        return True


class _Search:
    """The search of more than a few cards' groups (Totals): every total up to `bound`, in `found`."""

    __slots__ = ("bound", "found", "room")

    def __init__(self):
        self.bound = -1  # searched up to (no group has a total below 0)
        self.found: dict[int, list] = {}
        self.room = KEPT_GROUPS  # groups that may still be found; below 0: each total is searched alone


class _Past(Exception):
    """A search of a position's cards that finds more groups than KEPT_GROUPS: each total alone instead."""


def _grow(cards: list, values: list, start: int, at: int, picked: list, target: int, found: dict, work: int,
          room: list) -> int:
    """Depth first, in the cards' order: each group of `picked` and one later card whose total is not
    past `target` (values are never negative: a group past it can only grow), then the groups that add
    later cards to it, each appended to its total's list in `found`. The work left is returned; every
    card tried spends one step of it, and room[0] is what may still be found."""
    n = len(cards)
    for j in range(start, n):
        total = at + values[j]
        if total <= target:
            group = [*picked, cards[j]]
            groups = found.get(total)
            if groups is None:
                found[total] = [group]
            else:
                groups.append(group)
            room[0] -= 1
            if room[0] < 0:
                raise _Past
            if j + 1 < n:
                work -= n - j - 1
                if work < 0:
                    raise _no_work("sums_to")
                work = _grow(cards, values, j + 1, total, group, target, found, work, room)
    return work


def _first(picked: list, faces, seen: dict, total: int) -> bool:
    """Is this group the first of its faces among its total's groups?"""
    key = tuple(sorted(faces[c] for c in picked))
    known = seen.setdefault(total, set())
    if key in known:
        return False
    known.add(key)
    return True


def groups_alone(s, cards: list, values: list, target, faces) -> list:
    """The groups of cards whose values add up to exactly `target`, searched for this total alone (values
    of any kind: a sum past the total is pruned only when no value is negative). Every card tried
    spends one step of the move's work."""
    prunable = all(v >= 0 for v in values)  # a sum past the total can only grow: stop there
    out, seen, picked = [], set(), []
    left = [s.work if s is not None else WORK_LIMIT]

    def grow(i, rest):
        if picked and rest == 0:
            key = tuple(sorted(faces[c] for c in picked))
            if key not in seen:
                seen.add(key)
                out.append(list(picked))
                if len(out) > MAX_GROUPS:
                    raise too_many_groups("sums_to")
        for j in range(i, len(cards)):
            v = values[j]
            left[0] -= 1
            if left[0] < 0:
                raise _no_work("sums_to")
            if prunable and v > rest:
                continue
            picked.append(cards[j])
            grow(j + 1, rest - v)
            picked.pop()
    try:
        grow(0, target)
    finally:
        if s is not None:
            s.work = left[0]
    return out


def _no_work(name: str):
    return ValueError(Msg("needs_more_than_steps", what=name, WORK_LIMIT=WORK_LIMIT))


def sums_by_table(s, site, cards, target, table: list, faces: list, twins: bool) -> list:
    """sums_to's groups when each card's value is looked up in a table of whole, never negative values."""
    if type(target) is int:
        return groups_kept(s, site, cards, table, faces, twins, target)
    return groups_alone(s, list(cards), [table[c] for c in cards], target, faces)


def sums_of(s, cards, target, value_of, weight: int, where, what, faces) -> list:
    """sums_to's groups of `cards` adding up to `target`, each card's value value_of(card), the rule's calls
    paid first from the work budget (a rule that could not finish does not start)."""
    cards = list(cards)
    if weight:  # (0: a tabulated rule, its values looked up, nothing called)
        paid(s, cards, weight, where, what)
    return groups_alone(s, cards, [value_of(c) for c in cards], target, faces)
