"""The examples beside the rules (`examples:`), held against the engine: cards and what they score as a
meld, or that they are none, read by the game's own meld rules (interpreter/melds.py). The handout prints
an example only where the game as loaded agrees with it; `kural validate` (and the tests) report one that
does not, under the game and under each variant that does not restate its rule's words (a variant that
changes what a rule says gives its own examples)."""
from __future__ import annotations

from kural.interpreter.messages import Msg
from kural.interpreter.positions import arranged, every_move, playable
from kural.interpreter.reading import move_text

from ..wording import number


def plays(g, example) -> set:
    """The faces of the example's hand that a legal move plays in its position, in `g`."""
    return playable(g, arranged(g, example.zones), example.cards) if example.cards else set()


def moves(g, example) -> dict:
    """The legal moves of the example's position in `g`, each by its cards (as `Example.moves`) -> the move."""
    return every_move(g, arranged(g, example.zones))


def scored(g, example):
    """What the example's cards score as a meld in `g` (several melds: together), or None when they are no
    meld, or one of them is none (or `g` has no melds)."""
    rules = g.melds
    if rules is None:
        return None
    total = 0
    for cards in example.groups or [example.cards]:
        reading = rules.read(cards)
        if not reading.legal:
            return None
        total += reading.points
    return total


def restated(g, example) -> bool:
    """Are the words of the example's rule, or of a rule it needs, a later layer's than the example (a variant
    that restates the rule: the base game's example of it need not hold there)?"""
    order = [""] + list(g.variants)
    own = order.index(example.at.layer) if example.at.layer in order else 0
    return any((order.index(at.layer) if at.layer in order else 0) > own for at in example.words_at)


def holds(g, example) -> bool:
    if example.moves is not None:  # a position: its every move, by the cards each chooses
        return set(moves(g, example)) == set(example.moves)
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
        if e.moves is not None:
            out.append((e.at, Msg("example_moves_not_so", rule=e.rule, actual=listed(g, moves(g, e)),
                                  claimed=listed(g, {m: None for m in e.moves})), Msg("example_fix")))
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


def listed(g, by_cards: dict) -> str:
    """Moves by their cards, as the table would list them: the card played, then → and the cards it takes."""
    deck = g.deck
    label = (lambda f: deck.label(deck.cards_of_face[f][0]))
    said = [" ".join(map(label, one)) + (" → " + " ".join(map(label, taken)) if taken else "")
            for one, taken in by_cards]
    return "; ".join(said) or str(Msg("example_nothing"))


def typed(g, example, lang: str) -> list[str]:
    """The example's moves as the table lists them in `lang` (it holds: each is a legal move there)."""
    found = moves(g, example)
    return [move_text(g, found[m], lang) for m in example.moves]


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
