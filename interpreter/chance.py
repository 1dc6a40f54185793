"""Chance made explicit: a game whose shuffles are chance nodes, and a game started from a given deal.

A rule file's only source of chance is `shuffle(zone)` (dsl/notions/zones.py, run by draws.shuffle with
the state's generator). By default the generator is seeded from the game's seed, and that stays as it is,
byte for byte. Here the generator is a `Draws`: a random.Random whose shuffles take their order from a
list of orders chosen beforehand, and which, once the list is used up, either shuffles from its seed
(a given deal: the later rounds are dealt from the seed) or stops the step with `ChanceNeeded` (explicit
chance: the order is for chance actions to choose).

A shuffle's order is chosen a card at a time, the top card first (the first one a deal gives out), each
a uniform draw among the cards not yet placed: the Fisher-Yates shuffle, one place per chance action. A
chance action is the face of the card placed (interpreter/actions.py's face numbers), so twins of a
double deck are one outcome with twice the probability.

A step that reaches a shuffle whose order is not chosen yet cannot be suspended inside the rule file's
generated code: it is run again, from the position before it, once its orders are all chosen (`run`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .engine import apply, new_game
from .state import Move, State


class ChanceNeeded(Exception):
    """A shuffle whose order is not chosen yet (not a rule's failure: the generated module lets it through)."""

    def __init__(self, cards: list[int]):
        super().__init__(len(cards))
        self.cards = cards


class Draws(random.Random):
    """A state's generator whose shuffles take the orders given, in turn; then, when `explicit`, raise
    ChanceNeeded, else shuffle as the seeded generator does (random.Random's own shuffle: the same draws)."""

    def __init__(self, seed: int, orders: list[list[int]], explicit: bool):
        super().__init__(seed)
        self.orders = [list(o) for o in orders]
        self.explicit = explicit

    @classmethod
    def waiting(cls, orders: list[list[int]]) -> "Draws":
        """An explicit one: it never draws, so it is not seeded (a seeding costs as much as a small move)."""
        made = cls.__new__(cls)
        made.orders = [list(o) for o in orders]
        made.explicit = True
        return made

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        if self.orders:
            x[:] = self.orders.pop(0)
        elif self.explicit:
            raise ChanceNeeded(list(x))
        else:
            super().shuffle(x)

    def copied(self) -> "Draws":
        """An independent copy (draws.copied asks a generator of its own kind for it)."""
        other = Draws.__new__(Draws)
        if not self.explicit:  # (an explicit one never draws: its generator's state is nobody's)
            other.setstate(self.getstate())
        other.orders = [list(o) for o in self.orders]
        other.explicit = self.explicit
        return other


@dataclass
class Pending:
    """A step (the game's start when `move` is None, else a move) that reached a shuffle whose order is
    not all chosen: the position before it, the orders of its earlier shuffles, the cards of the waiting
    shuffle in the zone's order, those placed so far (the top first) and those left (in the zone's order)."""

    before: State | None
    move: Move | None
    orders: list[list[int]]
    cards: list[int]
    chosen: list[int] = field(default_factory=list)
    left: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.chosen and not self.left:
            self.left = list(self.cards)

    def outcomes(self, face_number: dict[Any, int], face_of: list) -> list[tuple[int, float]]:
        """(face number, probability) of the card placed next: each face by its share of the cards left."""
        left = self.left
        counts: dict[int, int] = {}
        for card in left:
            number = face_number[face_of[card]]
            counts[number] = counts.get(number, 0) + 1
        return [(number, count / len(left)) for number, count in sorted(counts.items())]

    def place(self, number: int, face_number: dict[Any, int], face_of: list) -> bool:
        """Place the first card left of that face on the order; then the rest too when they are all of one
        face (no choice is left). True once the order is whole."""
        left = self.left
        card = next((c for c in left if face_number[face_of[c]] == number), None)
        if card is None:
            raise ValueError(number)
        self.chosen.append(card)
        left.remove(card)
        if len({face_of[c] for c in left}) <= 1:
            self.chosen += left
            left.clear()
        return not left

    def order(self) -> list[int]:
        """The zone's list once shuffled: its last card is the top, the first placed."""
        return self.chosen[::-1]

    def copy(self) -> "Pending":
        return Pending(self.before, self.move, self.orders, self.cards, list(self.chosen), list(self.left))


def run(g, seed: int, before: State | None, move: Move | None, orders: list[list[int]]) -> tuple[State, Pending | None]:
    """Run a step from the position before it (None: deal a new game) with its shuffles' orders: the
    position after it, or, at a shuffle whose order is not chosen, the position where it stopped (for the
    table to show, never to play on) and what waits. `before` is left as it was."""
    s = State(g, seed) if before is None else before.copy()
    s.rng = Draws.waiting(orders)
    try:
        if before is None:
            new_game(g, seed, s)
        else:
            apply(s, move)
    except ChanceNeeded as waiting:
        return s, Pending(before, move, [list(o) for o in orders], waiting.cards)
    return s, None


def given_order(g, seed: int, wanted: dict[int, list[int]]) -> list[int]:
    """The order of the game's first shuffle that deals `wanted` (zone id -> cards, in the order dealt), the
    other cards in an order drawn from the seed. Found by dealing once with the shuffled zone as it is:
    where each place's card goes is where the deal sends that place. ValueError (what is wrong, as a
    word and values for the API's message) when the first shuffle does not hold a card given, or does
    not deal a zone that many."""
    _, pending = run(g, seed, None, None, [])
    if pending is None:
        raise ValueError("no_shuffle", {})
    cards = pending.cards
    place = {card: i for i, card in enumerate(cards)}
    probe, _ = run(g, seed, None, None, [list(cards)])
    order: list[int | None] = [None] * len(cards)
    for zone, given in wanted.items():
        places = [place[c] for c in probe.zones[zone] if c in place]
        if any(c not in place for c in given):
            raise ValueError("not_shuffled", {"zone": zone})
        if len(given) > len(places):
            raise ValueError("too_many", {"zone": zone, "most": len(places), "given": len(given)})
        for at, card in zip(places, given):
            order[at] = card
    chosen = {c for given in wanted.values() for c in given}
    rest = [c for c in cards if c not in chosen]
    random.Random(seed).shuffle(rest)
    fill = iter(rest)
    return [card if card is not None else next(fill) for card in order]
