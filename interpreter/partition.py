"""The best partition of cards into melds, and the cards that can be laid off on melds (issue 38): what the
notions `deadwood`, `best_melds` and `lay_offs` (dsl/notions/melds.py) call while playing.

A partition of a hand is some disjoint melds of its cards (the game's `melds:` rules, interpreter/melds.py)
and the cards left out of them, its *deadwood*. The best one leaves out the least total of the `melds:`
section's `points` (a card's points as itself); ties go to fewer cards left out, then to the cards left out
that come first in the deck's order (♠A … ♠K, ♥A …, ♦, ♣, jokers last, compared card by card), then to the
melds that come first, compared meld by meld (melds in the order of their first card, each by its cards in
the deck's order). Nothing here knows a game.

Both searches are exact and bounded: every option tried spends one step of the move's work
(interpreter/budget.py), the same on every machine whether the answer was kept or not.
"""
from __future__ import annotations

from .budget import MAX_GROUPS, WORK_LIMIT
from .messages import Msg

# what the generated module may call (interpreter/compiled.py gives it these)
__all__ = ["deadwood_of", "best_melds_of", "lay_offs_of"]

MAX_KEPT = 20_000  # partitions remembered by the hand's faces (a hand asked again, move after move, by a bot)


def deadwood_of(s, rules, cards, melds=None, zones=None) -> list:
    """deadwood(cards): the cards a best partition of the cards leaves out, in the order given.
    deadwood(cards, melds): the cards left once the cards are arranged in melds of their own and the rest laid
    off on `melds` (lay_offs), the arrangement that leaves the fewest points (then the fewest cards, then the
    cards first in the deck's order): every partition's deadwood is tried."""
    if melds is None:
        dead, _ = _cards_of(s, rules, cards)
        return dead
    cards = list(cards)
    face, points = rules.face, rules.points
    best = None
    for faces in _dead_sets(s, rules, cards):
        dead = _take(cards, faces, face)
        laid = set(lay_offs_of(s, rules, dead, melds, zones))
        left = [c for c in dead if c not in laid]
        key = (sum(points[c] for c in left), len(left), sorted(face[c] for c in left))
        if best is None or key < best[0]:
            best = key, left
    left = set(best[1])
    return [c for c in cards if c in left]


def _take(cards: list, faces, face) -> list:
    """Cards of these faces (one for each time a face is named), the first ones given of each face."""
    wanted: dict[int, int] = {}
    for f in faces:
        wanted[f] = wanted.get(f, 0) + 1
    out = []
    for c in cards:
        if wanted.get(face[c], 0):
            wanted[face[c]] -= 1
            out.append(c)
    return out


def best_melds_of(s, rules, cards) -> list:
    """best_melds(cards): the melds of a best partition, each in the order of its meld as melds_in gives it."""
    _, melds = _cards_of(s, rules, cards)
    return melds


def _cards_of(s, rules, cards) -> tuple[list, list]:
    """The best partition of `cards` as their own cards: each face's cards go to the melds first, in the order
    given, then to the deadwood."""
    cards = list(cards)
    face = rules.face
    dead_faces, meld_faces = _partition(s, rules, cards)
    left: dict[int, list] = {}
    for c in cards:
        left.setdefault(face[c], []).append(c)
    melds = [[left[f].pop(0) for f in faces] for faces in meld_faces]
    dead = set()
    for f in dead_faces:
        dead.add(left[f].pop(0))
    return [c for c in cards if c in dead], melds


def _partition(s, rules, cards: list) -> tuple[tuple, tuple]:
    """The best partition by faces: (the faces left out, sorted; each meld's faces in its order), worked out
    once for a hand's faces and kept. Its work is spent on every call, kept or not."""
    face = rules.face
    key = tuple(sorted(face[c] for c in cards))
    kept = rules._partitions.get(key)
    if kept is None:
        kept = _search(rules, cards, key, WORK_LIMIT if s is None else max(s.work, 0))
        if len(rules._partitions) >= MAX_KEPT:
            rules._partitions.clear()
        rules._partitions[key] = kept
    dead, melds, work = kept
    _spend(s, work, "deadwood")
    return dead, melds


def _spend(s, work: int, name: str) -> None:
    if s is None:
        if work > WORK_LIMIT:
            raise _no_work(name)
        return
    s.work -= work
    if s.work < 0:
        raise _no_work(name)


def _no_work(name: str) -> ValueError:
    return ValueError(Msg("needs_more_than_steps", what=name, WORK_LIMIT=WORK_LIMIT))


def _search(rules, cards: list, faces: tuple, limit: int) -> tuple:
    """Every partition, by the faces still to place: the first of them (the lowest face) is left out or is
    the first card of a meld that fits; the best of each remainder is remembered. Returns (the faces left out,
    the melds' faces, the steps spent); past `limit` steps, an error rather than a wait.

    The cards still to place are one integer, a field of WIDTH bits per face holding its count under a guard
    bit: a meld fits when taking its counts away leaves every guard bit set."""
    distinct, by_first, guards, start = _encoded(rules, cards, faces)
    points = {}
    for c in cards:
        points.setdefault(rules.face[c], rules.points[c])
    memo: dict[int, tuple] = {0: (0, 0, (), (), ())}
    work = [0]

    def best(left: int) -> tuple:
        """(points left out, cards left out, their faces, the melds' sorted faces, the melds' faces)."""
        found = memo.get(left)
        if found is not None:
            return found
        i = ((left & -left).bit_length() - 1) // WIDTH  # the lowest face still to place
        options = by_first.get(i, ())
        work[0] += 1 + len(options)
        if work[0] > limit:
            raise _no_work("deadwood")
        p, n, dead, keys, melds = best(left - (1 << (WIDTH * i)))
        found = (p + points[distinct[i]], n + 1, (distinct[i], *dead), keys, melds)
        for need, fs, ordered in options:
            rest = (left | guards) - need
            if rest & guards != guards:  # (a count taken below zero borrowed its guard bit)
                continue
            p, n, dead, keys, melds = best(rest & ~guards)
            option = (p, n, dead, (ordered, *keys), (fs, *melds))
            if option[:4] < found[:4]:
                found = option
        memo[left] = found
        return found

    _, _, dead, _, melds = best(start)
    return dead, melds, work[0]


def _dead_sets(s, rules, cards: list) -> list[tuple]:
    """The faces every partition of the cards leaves out, each set once (sorted), searched as _search does:
    each set found spends a step of the move's work."""
    face = rules.face
    faces = tuple(sorted(face[c] for c in cards))
    distinct, by_first, guards, start = _encoded(rules, cards, faces)
    memo: dict[int, frozenset] = {0: frozenset([()])}
    budget = [s.work if s is not None else WORK_LIMIT]

    def sets(left: int) -> frozenset:
        found = memo.get(left)
        if found is not None:
            return found
        i = ((left & -left).bit_length() - 1) // WIDTH
        out = {(distinct[i], *rest) for rest in sets(left - (1 << (WIDTH * i)))}
        for need, _, _ in by_first.get(i, ()):
            rest = (left | guards) - need
            if rest & guards == guards:
                out |= sets(rest & ~guards)
        budget[0] -= 1 + len(out)
        if budget[0] < 0:
            raise _no_work("deadwood")
        found = memo[left] = frozenset(out)
        return found

    try:
        return sorted(sets(start))
    finally:
        if s is not None:
            s.work = budget[0]


def _encoded(rules, cards: list, faces: tuple) -> tuple:
    """The faces in order, the melds of the cards by their lowest face's index (each as its counts, a field
    of WIDTH bits per face; its faces in order; its faces sorted), the guard bits, and the cards' counts."""
    distinct = sorted(set(faces))
    index = {f: i for i, f in enumerate(distinct)}
    guards = sum(1 << (WIDTH * i + WIDTH - 1) for i in range(len(distinct)))
    by_first: dict[int, list] = {}
    seen = set()
    for meld in rules.melds_in(cards, MAX_GROUPS):
        fs = tuple(rules.face[c] for c in meld)
        ordered = tuple(sorted(fs))
        if ordered not in seen:
            seen.add(ordered)
            need = sum(1 << (WIDTH * index[f]) for f in fs)
            by_first.setdefault(index[ordered[0]], []).append((need, fs, ordered))
    return distinct, by_first, guards, sum(1 << (WIDTH * index[f]) for f in faces)


WIDTH = 6  # bits of a face's count of cards still to place: 5 for the count (a deck has at most 24 of a face:
# 8 copies, 16 jokers), the sixth a guard


def lay_offs_of(s, rules, cards, melds, zones=None) -> list:
    """lay_offs(cards, melds): the cards of `cards` that can be laid off on the melds, one at a time, each
    joining one meld so that it stays a meld (can_join), a card laid letting another follow it (a 5 on
    6-7-8 lets the 4 come next). Of the sets of cards that can be laid off so, the one worth the most
    `points`, then with the most cards, then with cards earlier in `cards`; in the order of `cards`.
    A meld may be a list of cards or a group (a zone of a group zone)."""
    cards = list(cards)
    table = [tuple(zones[m]) if type(m) is int and zones is not None else tuple(m) for m in melds]
    points = rules.points
    budget = [s.work if s is not None else WORK_LIMIT]  # (written back at the end, as sums_to does)
    memo: dict[tuple, tuple] = {}

    def best(table: tuple, left: tuple) -> tuple:
        """(points, cards, -positions) of the best set still to lay, and its positions."""
        key = (tuple(sorted(map(tuple, map(sorted, table)))), left)
        found = memo.get(key)
        if found is not None:
            return found
        found = (0, 0, ()), ()
        for i in left:
            card = cards[i]
            rest = tuple(k for k in left if k != i)
            for j, meld in enumerate(table):
                budget[0] -= 1
                if budget[0] < 0:
                    raise _no_work("lay_offs")
                if not rules.join_table(meld)[card]:
                    continue
                (p, n, _), laid = best((*table[:j], (*meld, card), *table[j + 1:]), rest)
                at = tuple(sorted((i, *laid)))
                option = ((p + points[card], n + 1, tuple(-k for k in at)), at)
                if option[0] > found[0]:
                    found = option
        memo[key] = found
        return found

    try:
        _, laid = best(tuple(table), tuple(range(len(cards))))
    finally:
        if s is not None:
            s.work = budget[0]
    return [cards[i] for i in laid]
