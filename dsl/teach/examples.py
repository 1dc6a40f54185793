"""The examples beside the rules (`examples:`), held against the engine: cards and what they score as a
meld, or that they are none, read by the game's own meld rules (interpreter/melds.py). The handout prints
an example only where the game as loaded agrees with it; `kural validate` (and the tests) report one that
does not, under the game and under each variant that does not restate its rule's words (a variant that
changes what a rule says gives its own examples)."""
from __future__ import annotations

from kural.interpreter.messages import Msg
from kural.interpreter.positions import arranged, playable

from ..wording import number


def plays(g, example) -> set:
    """The faces of the example's hand that a legal move plays in its position, in `g`."""
    return playable(g, arranged(g, example.zones), example.cards) if example.cards else set()


def scored(g, example):
    """What the example's cards score as a meld in `g`, or None when they are no meld (or `g` has none)."""
    rules = g.melds
    if rules is None:
        return None
    reading = rules.read(example.cards)
    return reading.points if reading.legal else None


def restated(g, example) -> bool:
    """Are the words of the example's rule a later layer's than the example (a variant that restates the
    rule: the base game's example of it need not hold there)?"""
    order = [""] + list(g.variants)
    text_at = example.text_at
    if text_at is None:
        return False
    layer = order.index(text_at.layer) if text_at.layer in order else 0
    own = order.index(example.at.layer) if example.at.layer in order else 0
    return layer > own


def holds(g, example) -> bool:
    if example.zones is not None:  # a position: the cards it may play, by face
        return plays(g, example) == {g.deck.face[c] for c in example.plays}
    actual = scored(g, example)
    if actual is None or example.points is None:
        return actual is None and example.points is None
    return abs(float(actual) - float(example.points)) < 1e-9


def shown(g, rule: str) -> list:
    """The examples of a rule that the handout of `g` prints: those that hold in it, its rule not restated."""
    return [e for e in g.examples if e.rule == rule and not restated(g, e) and holds(g, e)]


def problems(g) -> list[tuple]:
    """Every example of `g` that does not hold, its rule not restated: (its place, message, hint)."""
    out = []
    for e in g.examples:
        if restated(g, e) or holds(g, e):
            continue
        if e.zones is not None:
            out.append((e.at, Msg("example_plays_not_so", rule=e.rule, hand=labels(g, e.cards),
                                  actual=labels(g, faces_cards(g, e.cards, plays(g, e))) or Msg("example_nothing"),
                                  claimed=labels(g, e.plays) or Msg("example_nothing")), Msg("example_fix")))
            continue
        actual, cards = scored(g, e), labels(g, e.cards)
        out.append((e.at, Msg("example_not_so", rule=e.rule, cards=cards, actual=said(actual),
                              claimed=said(e.points)), Msg("example_fix")))
    return out


def labels(g, cards) -> str:
    return " ".join(g.deck.label(c) for c in cards)


def faces_cards(g, cards: list, faces: set) -> list:
    """The cards (of `cards`, in their order) whose faces are among `faces`, each face once."""
    out, seen = [], set()
    for c in cards:
        f = g.deck.face[c]
        if f in faces and f not in seen:
            seen.add(f)
            out.append(c)
    return out


def said(points) -> Msg:
    return Msg("example_no_meld") if points is None else Msg("example_points", points=number(points))
