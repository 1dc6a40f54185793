"""A position given by its cards: the examples beside the rules (dsl/teach/examples.py) set one up and ask
what may be played there.

The game is dealt as a new game of the seed, then every card is put where the position says (each zone
named, its cards in order), every other card in the deck's zone in the deck's order; the first seat is to
move, at the first step of its turn. The vars are those the deal left: a position says only where cards are.
"""
from __future__ import annotations

from .engine import new_game
from .legal import legal_moves
from .reading import move_faces
from .state import State


def arranged(g, zones: dict[int, list[int]], seed: int = 0) -> State:
    """A new game of `g` with its cards where `zones` (zone instance -> cards) puts them, the rest in the
    deck's zone; the first seat to move."""
    s = new_game(g, seed)
    where = g.deck_lists[1].copy()  # (every card in the deck's zone, the sentinel past it nowhere)
    s.zones = [[] for _ in s.zones]
    for zid, cards in zones.items():
        for c in cards:
            where[c] = zid
        s.zones[zid].extend(cards)
    s.zones[g.deck_zone_id] = [c for c in range(g.deck.size) if where[c] == g.deck_zone_id]
    s.where = where
    s.me, s.step, s.over, s.window = 0, 0, False, None
    s.cache.clear()
    return s


def playable(g, s: State, cards: list[int]) -> set:
    """The faces among `cards` that a legal move of the seat to move plays (one of its choices)."""
    faces, hand = g.deck.face, s.where[cards[0]]
    wanted = {faces[c] for c in cards}
    out = set()
    for _, values in legal_moves(s):
        for value in values:
            for c in (value if isinstance(value, (list, tuple)) else (value,)):
                if type(c) is int and 0 <= c < g.deck.size and faces[c] in wanted and s.where[c] == hand:
                    out.add(faces[c])
    return out


def every_move(g, s: State) -> dict:
    """The legal moves of the seat to move, each by its cards: (the faces of the cards chosen one by one, the
    faces of the cards of its card lists, sorted) -> the move. (A move's other choices are not cards: two
    moves with the same cards are one here, the first kept.)"""
    out: dict = {}
    for move in legal_moves(s):
        out.setdefault(move_faces(g, move), move)
    return out
