"""Melds (interpreter/melds.py, the `melds:` section, the library's meld notions), held to the
meld rules of RULES.md §3 through the test game tests/games/melds.yaml, whose deck and `melds:`
section carry them: two decks and two jokers, 2s and jokers wild, one wild per meld (C4), a 2 in
its own place natural (C5), a wild in a run only after three natural cards in sequence (C6),
ace low or high and never round the corner (C3), points A 15, 2–7 5, 8–K 10, a wild 10 (C7).
"""
from __future__ import annotations

import dataclasses
import random
import shutil
from itertools import product
from pathlib import Path

import pytest

from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.interpreter.cards import parse_code
from kural.interpreter.engine import apply, new_game, result
from kural.interpreter.legal import legal_moves
from kural.dsl.notions import LIBRARY
from kural.interpreter.budget import MAX_GROUPS

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "games" / "melds.yaml"


@pytest.fixture(scope="module")
def g():
    return load(str(GAME))


def cards(g, text: str) -> list[int]:
    """Physical cards for codes; a code given twice takes the second copy of the double deck."""
    out = []
    for code in text.split():
        face = g.deck.face_id(*parse_code(code))
        out.append(next(c for c in g.deck.cards_of_face[face] if c not in out))
    return out


def codes(g, group) -> str:
    return " ".join(g.deck.code[c] for c in group)


# The seed's examples (RULES.md §3, seed 004): cards, meld kind (None: not a meld), points, the rule.
SEED = [
    ("4H 5H 6H 2C 8H", "run", 35, "C6"),   # 4-5-6-W-8: the wild after three naturals in sequence
    ("8H 9H TH XJ QH", "run", 50, "C6"),   # 8-9-T-W-Q
    ("7S 7H 2C", "set", 20, "C7"),         # 7-7-W = 5 + 5 + 10
    ("8S 8D XJ", "set", 30, "C7"),         # 8-8-W = 10 + 10 + 10
    ("AS AH 2D", "set", 40, "C7"),         # A-A-W = 15 + 15 + 10
    ("5H 6H 2C", None, 0, "C6"),           # 5-6-W: no three naturals in sequence
    ("8H 2C TH", None, 0, "C6"),           # 8-W-T
    ("QH KH AH", "run", 35, "C3"),         # the ace high after the king
    ("KH AH 2H", None, 0, "C3"),           # K-A-2: no wrap
    ("KS AS 2S 3S", None, 0, "C3"),        # K-A-2-3: no wrap, whatever the 2 does
    ("AS 2S 3S", "run", 25, "C5"),         # ♠2 in its own place: natural, 5
    ("AS 2S 3S 2C", "run", 35, "C5"),      # ♠2 natural, so ♣2 may still be the one wild (4)
    ("7S 7H 2C 2D", None, 0, "C4"),        # two wilds
    ("8S 8S 8H", "set", 30, "C3"),         # suits free: two ♠8 and a ♥8
    ("2S 2H 2D 2C 2S 2H 2D", "set", 35, "C13"),  # seven 2s: a set of 2s, each natural
    ("2S 2H 2D 2C 2S 2H XJ", "set", 40, "C13"),  # six 2s and a joker: the joker is the wild
    ("7S 7H", None, 0, "C3"),              # fewer than three cards
]


@pytest.mark.parametrize("text,kind,points,rule", SEED, ids=[f"{r}:{t}" for t, _, _, r in SEED])
def test_the_seeds_examples(g, text, kind, points, rule):
    reading = g.melds.read(cards(g, text))
    assert reading.kind == kind, (text, rule, reading)
    assert reading.points == points, (text, rule, reading)
    assert reading.legal == (kind is not None)


@pytest.mark.parametrize("text,reason,rule", [
    ("5H 6H 2C", "core", "C6"), ("8H 2C TH", "core", "C6"), ("7S 7H 2C 2D", "wilds", "C4"),
    ("KS AS 2S 3S", "shape", "C3"), ("7S 7H", "size", "C3"), ("7S 8H 9S", "shape", "C3"),
])
def test_a_refusal_names_its_rule(g, text, reason, rule):
    reading = g.melds.read(cards(g, text))
    assert reading.reason == reason
    assert g.melds.why[reason]["rule"] == rule
    assert g.melds.why[reason]["en"] and g.melds.why[reason]["tr"]


def stands(g, text: str) -> dict[str, tuple]:
    """card -> (rank it counts as, suit or None, wild?) in the reading chosen."""
    return {g.deck.code[p.card]: (p.rank, p.suit, p.wild) for p in g.melds.read(cards(g, text)).places}


def test_which_card_stands_for_which(g):
    """C6: in 4-5-6-W-8 the ♣2 stands for ♥7; C5: in ♠A-2-3 the ♠2 is itself and ♣2 the wild (♠4)."""
    assert stands(g, "4H 5H 6H 2C 8H")["2C"] == (7, 1, True)
    assert stands(g, "8H 9H TH XJ QH")["XJ"] == (11, 1, True)
    run = stands(g, "AS 2S 3S 2C")
    assert run["2S"] == (2, 0, False) and run["2C"] == (4, 0, True)
    assert stands(g, "7S 7H 2C")["2C"] == (7, None, True)  # a wild in a set: any suit


def test_a_wild_at_either_end_goes_high(g):
    """3-4-5 + W: the wild could be the 2 or the 6; both score alike, so it stands at the high end."""
    assert stands(g, "3H 4H 5H XJ")["XJ"] == (6, 1, True)
    assert stands(g, "QH KH AH")["AH"] == (14, 1, False)  # C3: the ace after the king


def test_a_2_in_its_own_place_is_natural_rather_than_a_wild(g):
    """C5 (and C12: a 2 of the run's suit goes back to its place when it can): ♠2-3-4-5 is a clean
    run of four naturals (20), not 3-4-5 with the ♠2 as a wild for ♠6 (25)."""
    reading = g.melds.read(cards(g, "2S 3S 4S 5S"))
    assert (reading.kind, reading.points, reading.wilds, reading.naturals) == ("run", 20, 0, 4)
    away = g.melds.read(cards(g, "2S 4S 5S 6S"))  # its place is not reachable: it is the wild
    assert (away.points, away.wilds) == (25, 1)


def test_counts_of_wilds_and_naturals(g):
    """C13: seven 2s have no wild (clean); six 2s and a joker have one (half)."""
    seven = g.melds.read(cards(g, "2S 2H 2D 2C 2S 2H 2D"))
    assert (seven.wilds, seven.naturals) == (0, 7)
    six = g.melds.read(cards(g, "2S 2H 2D 2C 2S 2H XJ"))
    assert (six.wilds, six.naturals) == (1, 6)


def test_a_thirteen_card_run_takes_its_wild_above_the_king(g):
    """C10's full canasta: A to K of one suit, the wild outside the thirteen (as the high ace)."""
    reading = g.melds.read(cards(g, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS XJ"))
    assert reading.kind == "run" and reading.naturals == 13 and reading.points == 15 + 6 * 5 + 6 * 10 + 10
    assert stands(g, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS XJ")["XJ"] == (14, 0, True)


# ------------------------------------------------------------------ params
def test_the_core_is_a_param(g):
    """C6's `run_natural_core: 3` is the game's param: --set run_natural_core=2 allows 5-6-W."""
    assert not g.melds.read(cards(g, "5H 6H 2C")).legal
    two = load(str(GAME), sets=["run_natural_core=2"])
    reading = two.melds.read(cards(two, "5H 6H 2C"))
    assert (reading.kind, reading.points) == ("run", 20)
    assert not two.melds.read(cards(two, "5H 2C 7H 2D")).legal  # still one wild (C4)


def test_max_wilds_is_a_param(g):
    more = load(str(GAME), sets=["max_wilds=2"])
    assert more.melds.read(cards(more, "7S 7H 2C 2D")).points == 30
    assert not g.melds.read(cards(g, "7S 7H 2C 2D")).legal


def best_by_brute_force(rules, group: list[int]):
    """The key of the best reading of the group, the slow way: every card in every role the meld rules
    allow it (C3: a set of one rank, a run of one suit in sequence, the ace low or high and never round
    the corner; C4 at most max_wilds wilds; C5 a wild in its own place may be itself; C6 a wild in a
    run only beside run_natural_core naturals in sequence; C7 a card's points as itself or as a wild),
    kept by the docstring's order (fewest wilds, most points, a set before a run, wilds high); None: no meld."""
    if len(group) < rules.min_size:
        return None
    first, last = rules._window()
    best = None

    def consider(key):
        nonlocal best
        best = key if best is None or key < best else best

    rank, suit, wild = rules.rank, rules.suit, rules.wild
    for r in range(1, 14) if rules.sets else ():
        roles = [[True] if rank[c] == r and not wild[c] else [False] if not wild[c] else
                 ([True, False] if rank[c] == r and rules.natural_in_place else [False]) for c in group]
        for natural in product(*roles):
            if all(natural[i] or wild[c] for i, c in enumerate(group)):
                wilds = [c for c, n in zip(group, natural) if not n]
                if rules.max_wilds is None or len(wilds) <= rules.max_wilds:
                    points = sum(rules.wild_points[c] if not n else rules.points[c] for c, n in zip(group, natural))
                    consider((len(wilds), -points, 0, -r * len(wilds)))
    n = len(group)
    for s in range(4) if rules.runs else ():
        for lo in range(first, last - n + 2):
            places = range(lo, lo + n)

            def own(c):  # the places of the window where the card may be itself
                if rank[c] == 0 or suit[c] != s or (wild[c] and not rules.natural_in_place):
                    return []
                return [p for p in places if (1 if p == 14 else p) == rank[c]]
            roles = [own(c) if not wild[c] else own(c) + [None] for c in group]
            for at in product(*roles):
                taken = [p for p in at if p is not None]
                if len(set(taken)) < len(taken):
                    continue
                wilds = n - len(taken)
                if rules.max_wilds is not None and wilds > rules.max_wilds:
                    continue
                streak = longest = 0
                for p in places:
                    streak = streak + 1 if p in taken else 0
                    longest = max(longest, streak)
                if wilds and longest < rules.run_natural_core:
                    continue
                points = sum(rules.wild_points[c] if p is None else rules.points[c] for c, p in zip(group, at))
                consider((wilds, -points, 1, -sum(p for p in places if p not in taken)))
    return best


@pytest.mark.parametrize("changes", [{}, {"max_wilds": None, "run_natural_core": 0}, {"max_wilds": 2, "ace": "low"},
                                     {"natural_in_place": False}, {"ace": "high", "sets": False}, {"min_size": 2}])
def test_the_reading_chosen_is_the_best_of_every_way_to_read_the_cards(g, changes):
    """read() against every role of every card (best_by_brute_force): the same meld or none, and the
    reading it chooses has the best key (wilds, points, kind, wild places); rules C3-C7."""
    rules = rules_like(g, **changes)
    rng = random.Random(11)
    deck = range(g.deck.size)
    wilds = [c for c in deck if rules.wild[c]]
    legal = 0
    for _ in range(1200):  # near-melds: cards of one rank, or of one suit close in rank, and wild cards
        if rng.random() < 0.3:
            r = rng.randint(1, 13)
            near = [c for c in deck if rules.rank[c] == r or rng.random() < 0.02]
        else:
            s, lo = rng.randrange(4), rng.randint(1, 11)
            near = [c for c in deck if (rules.suit[c] == s and lo <= rules.rank[c] <= lo + 4 + (lo > 9) * 4)
                    or rules.rank[c] == 1 and rules.suit[c] == s or rng.random() < 0.01]
        pool = sorted(set(near) | set(rng.sample(wilds, 3)))
        group = rng.sample(pool, min(len(pool), rng.randint(2, 9)))
        reading = rules.read(group)
        want = best_by_brute_force(rules, group)
        assert reading.legal == (want is not None), codes(g, group)
        if want is not None:
            legal += 1
            wild_places = sum(p.rank for p in reading.places if p.wild)
            kind = 0 if reading.kind == "set" else 1
            assert (reading.wilds, -reading.points, kind, -wild_places) == want, codes(g, group)
            assert sorted(p.card for p in reading.places) == sorted(group)
    assert legal > 20


def _swapped(g, card: int, order: list[int]) -> int:
    """The card of the same rank and copy in suit order[suit] (a joker stays itself)."""
    rank, suit = g.deck.rank[card], g.deck.suit[card]
    if suit >= 4:
        return card
    copies = g.deck.cards_of_face[g.deck.face[card]]
    return g.deck.cards_of_face[g.deck.face_id(rank, order[suit])][copies.index(card)]


@pytest.mark.parametrize("changes", [{}, {"max_wilds": None, "run_natural_core": 0}, {"natural_in_place": False}])
def test_a_group_with_its_suits_swapped_reads_as_it_reads_afresh(g, changes):
    """A reading is kept for the group and for every group that is it with its suits swapped (melds.py
    _suit_free): summary(), join tables and melds_in's order of a group read after such a twin are what a
    fresh read() gives (C3-C7), in every field and in the order of its cards; for groups of wild cards
    only (2s of several suits, whose suits read() tries in turn) too."""
    rules = rules_like(g, **changes)
    rng = random.Random(17)
    deck = list(range(g.deck.size))
    swapped = 0
    for _ in range(600):
        if rng.random() < 0.3:
            r = rng.randint(1, 13)
            pool = [c for c in deck if rules.rank[c] in (r, 2) or rules.rank[c] == 0]
        elif rng.random() < 0.1:
            pool = [c for c in deck if rules.wild[c]]
        else:
            s, lo = rng.randrange(4), rng.randint(1, 10)
            pool = [c for c in deck if rules.suit[c] == s and lo <= rules.rank[c] <= lo + 5 or rules.wild[c]]
        group = rng.sample(pool, min(len(pool), rng.randint(3, 7)))
        order = list(range(4))
        rng.shuffle(order)  # the suits swapped: each card for the card of its rank and face copy in another suit
        twin = [_swapped(g, c, order) for c in group]
        for first, then in ((group, twin), (twin, group)):
            rules.summary(first)
            rules._order(first)
            fresh = rules_like(g, **changes).read(then)
            got = rules.summary(then)
            assert (got.kind, got.points, got.wilds, got.naturals) == \
                   (fresh.kind, fresh.points, fresh.wilds, fresh.naturals), (codes(g, first), codes(g, then))
            order = rules._order(then)
            assert order == (None if not fresh.legal else tuple(then.index(c) for c in fresh.cards)), codes(g, then)
            swapped += fresh.legal
    assert swapped > 50


@pytest.mark.parametrize("changes", [{}, {"max_wilds": 2, "ace": "both"}, {"natural_in_place": False, "max_wilds": None}])
def test_can_join_is_the_meld_with_the_cards_read_afresh(g, changes):
    """C9 (laying off): joins(meld, cards), kept per meld and card, is read(meld + cards).legal, for melds
    that grow card by card and cards of every kind, asked again and again as the bots and the legal
    moves ask it (one card, several, none); sets of two natural cards or more (answered without a
    reading: no run holds two cards of one rank) among them, aces and 2s too."""
    rules = rules_like(g, **changes)
    rng = random.Random(3)
    deck = list(range(g.deck.size))
    joined = 0
    for meld_text in ("4H 5H 6H", "7S 7H 2C", "AS 2S 3S", "QH KH AH", "8S 8D XJ", "2S 2H 2D", "AS AS 2C",
                      "AS AH AD", "9C 9C XJ", "5S 5H 5D 5C 2H"):
        meld = cards(g, meld_text)
        for _ in range(60):
            extra = rng.sample([c for c in deck if c not in meld], rng.choice([0, 1, 1, 1, 2]))
            want = rules_like(g, **changes).read(meld + extra).legal
            assert rules.joins(meld, extra) == want == rules.joins(list(meld), extra), (codes(g, meld), codes(g, extra))
            if len(extra) == 1 and want and len(meld) < 12:
                meld = meld + extra  # the meld grows, as a lay-off makes it
                joined += 1
    assert joined > 5


# ------------------------------------------------------------------ melds_in
def by_faces(g, groups) -> list[tuple]:
    return sorted(tuple(sorted(g.deck.face[c] for c in group)) for group in groups)


def every_meld_by_brute_force(g, hand: list[int]) -> list[tuple]:
    """Every sub-multiset (by face) of the hand that is a meld: the slow way."""
    by_face: dict[int, list[int]] = {}
    for c in hand:
        by_face.setdefault(g.deck.face[c], []).append(c)
    faces = sorted(by_face)
    found = []
    for counts in product(*(range(len(by_face[f]) + 1) for f in faces)):
        group = [c for f, k in zip(faces, counts) for c in by_face[f][:k]]
        if len(group) >= 3 and g.melds.read(group).legal:
            found.append(tuple(sorted(g.deck.face[c] for c in group)))
    return sorted(found)


def test_melds_in_finds_every_meld_once(g):
    """Against brute force on random hands: every meld that can be made, twins once by face."""
    rng = random.Random(7)
    deck = list(range(g.deck.size))
    for _ in range(40):
        hand = rng.sample(deck, 11)
        groups = g.melds.melds_in(hand, MAX_GROUPS)
        assert by_faces(g, groups) == every_meld_by_brute_force(g, hand), codes(g, hand)
        assert len(set(by_faces(g, groups))) == len(groups)
        for group in groups:
            assert all(c in hand for c in group) and len(set(group)) == len(group)


def test_melds_in_on_a_hand_rich_in_melds(g):
    hand = cards(g, "4H 5H 6H 7H 8H 2C XJ 7S 7D 7C 2S 3S AS KS QS 7H")
    groups = g.melds.melds_in(hand, MAX_GROUPS)
    assert by_faces(g, groups) == every_meld_by_brute_force(g, hand)
    shown = {codes(g, group) for group in groups}
    assert "4H 5H 6H 2C 8H" in shown  # in the order of the meld, the wild in its place (C6)
    assert "AS 2S 3S" in shown  # C5


@pytest.mark.parametrize("changes", [{}, {"max_wilds": None, "run_natural_core": 0}])
def test_melds_in_with_a_suit_from_ace_to_king_holds_the_runs_with_the_ace_at_either_end(g, changes):
    """A suit from the ace to the king and a wild: a window of places from the low ace to the high one
    has the one ace in two places (C3: the ace goes low or high, never both in one run but with a wild
    standing for the other, never round the corner), and is filled way by way; every meld is found once,
    as brute force finds them, and the rules' memories give the same again (C3-C6)."""
    rules = rules_like(g, **changes)
    hand = cards(g, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH XJ")
    brute = dataclasses.replace(g, melds=rules)
    groups = rules.melds_in(hand, MAX_GROUPS)
    assert by_faces(g, groups) == every_meld_by_brute_force(brute, hand)
    assert "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH XJ" in {codes(g, group) for group in groups}  # the joker a high ace
    assert rules.melds_in(hand[::-1], MAX_GROUPS) == rules_like(g, **changes).melds_in(hand[::-1], MAX_GROUPS)


def test_melds_in_is_bounded(g):
    hand = cards(g, "4H 5H 6H 7H 8H 2C XJ 7S 7D 7C 2S 3S AS KS QS")
    with pytest.raises(ValueError, match="more than 10"):
        g.melds.melds_in(hand, 10)


def rules_like(g, **changes):
    """The test game's meld rules with some numbers changed, and memories of their own."""
    return dataclasses.replace(g.melds, **changes, _cache={}, _alike=[], _orders={}, _by_faces={}, _by_cards={})


@pytest.mark.parametrize("changes", [{}, {"max_wilds": None, "run_natural_core": 0}, {"max_wilds": 2, "ace": "low"},
                                     {"natural_in_place": False, "min_size": 4}, {"natural_in_place": False, "max_wilds": None},
                                     {"ace": "high", "sets": False}])
def test_melds_of_a_hand_from_parts_worked_out_before_are_the_melds_worked_out_afresh(g, changes):
    """melds_in keeps each part of its search (the sets of a rank, the runs of a suit) by what the part
    depends on, for every later hand (a hand with cards gone, as after a meld or a card laid off, others
    added, as after a draw, and in another order, as after melds taken back): it gives exactly what rules
    that have seen no hand give, the same melds, cards and order, so that legal moves and the bots'
    choices are the same (the golden corpus); so do the runs of a suit it knows to hold nothing by their
    shape (ranks, wild or not, counts). Rules C3-C7 through the test game's meld rules."""
    rules = rules_like(g, **changes)
    rng = random.Random(13)
    deck = list(range(g.deck.size))
    asked = 0
    hand = rng.sample(deck, 11)
    for _ in range(150):
        if rng.random() < 0.1:  # now and then a new hand, with twins: the other copy of some faces
            hand = rng.sample(deck, rng.randint(8, 18))
            hand = list(dict.fromkeys(hand + [_twin(g, c) for c in rng.sample(hand, 3)]))
        gone = set(rng.sample(hand, min(len(hand), rng.randint(0, 4))))
        drawn = rng.sample([c for c in deck if c not in hand], rng.randint(0, 3))
        kept = [c for c in hand if c not in gone]
        if rng.random() < 0.3:  # cards taken back come back at the end: the hand in another order
            rng.shuffle(kept)
        hand = kept + drawn
        by_face: dict = {}
        for c in hand:
            by_face.setdefault(g.deck.face[c], []).append(c)
        asked += len(rules._signatures(by_face))
        assert rules.melds_in(hand, MAX_GROUPS) == rules_like(g, **changes).melds_in(hand, MAX_GROUPS), codes(g, hand)
    assert len(rules._by_part) < asked * 0.8  # parts were found again rather than worked out
    if changes.get("max_wilds", 1) == 1 and changes.get("runs", True):
        assert any(rules._empty_runs.values())  # and runs known to hold nothing, by their shape


@pytest.mark.parametrize("changes", [{}, {"max_wilds": None, "run_natural_core": 0}, {"max_wilds": 2, "ace": "low"},
                                     {"natural_in_place": False, "min_size": 4}, {"ace": "high", "sets": False}])
def test_a_hand_with_cards_gone_has_the_melds_it_still_holds_of_the_hand_asked_before(g, changes):
    """melds_in keeps the hand asked last with its melds: the next hand of a turn, that one with cards
    gone (a meld laid, a card laid off), its faces in the same order, is not searched again, and has
    exactly the melds, cards and order that rules that have seen no hand give (C3-C7 through the test
    game's meld rules). A hand whose faces come in another order (the first of two twins gone) is
    searched again, and is right too."""
    rules = rules_like(g, **changes)
    searched = []
    search = rules._parts
    rules._parts = lambda by_face, limit: searched.append(1) or search(by_face, limit)
    rng = random.Random(5)
    deck = list(range(g.deck.size))
    derived = reordered = 0
    for _ in range(25):
        hand = rng.sample(deck, rng.randint(10, 16))
        hand = list(dict.fromkeys(hand + [_twin(g, c) for c in rng.sample(hand, 3)]))
        assert rules.melds_in(hand, MAX_GROUPS) == rules_like(g, **changes).melds_in(hand, MAX_GROUPS)
        while len(hand) > 3:
            faces = list(dict.fromkeys(g.deck.face[c] for c in hand))
            hand = [c for c in hand if c not in set(rng.sample(hand, rng.randint(1, 3)))]
            left = list(dict.fromkeys(g.deck.face[c] for c in hand))
            in_order = left == [f for f in faces if f in left]
            before = len(searched)
            assert rules.melds_in(hand, MAX_GROUPS) == rules_like(g, **changes).melds_in(hand, MAX_GROUPS), codes(g, hand)
            if in_order:
                assert len(searched) == before  # the melds of the hand before, those it still holds
                derived += 1
            else:
                reordered += 1
    assert derived > 100 and reordered > 0


@pytest.mark.parametrize("changes", [{}, {"max_wilds": None, "run_natural_core": 0}, {"natural_in_place": False},
                                     {"ace": "high", "sets": False}, {"runs": False, "min_size": 4}])
def test_the_join_table_of_a_meld_is_each_card_added_and_read_afresh(g, changes):
    """C9 (laying off): can_join(meld, [card]) is the meld's join table looked up by the card (the
    generated code's way), which answers a card of neither the meld's rank nor its suit without
    building the group: for melds of each kind (sets, runs, runs with a wild, wild cards alone, too
    short, not a meld) and every card of the deck, it is read(meld + card).legal."""
    rules = rules_like(g, **changes)
    fresh = rules_like(g, **changes)
    for text in ("7S 7H 2C", "8S 8D 8C", "4H 5H 6H", "4H 5H 6H 2C 8H", "AS 2S 3S", "QH KH AH", "2S 2H",
                 "XJ 2D", "7S", "7S 8H 9D", "5H 6H XJ"):
        meld = cards(g, text)
        table = rules.join_table(meld)
        assert rules.join_table(list(meld)) is table  # kept by the meld's cards
        for card in range(g.deck.size):
            if card not in meld:
                assert table[card] == fresh.read(meld + [card]).legal == rules.joins(meld, [card]), (text, codes(g, [card]))


def test_the_join_table_of_a_zone_is_its_cards_table_or_none_for_no_zone(g):
    """C9 (laying off): the table a listing of options finds once for a meld an earlier choice names
    (interpreter/runtime.py join_table_at) is the join table of the zone's cards, the one can_join reads;
    a choice that names no zone gives none, so that can_join is worked out where it is and fails there."""
    from kural.interpreter.runtime import join_table_at
    rules = rules_like(g)
    zones = [cards(g, "8S 8D 8C"), cards(g, "4H 5H 6H"), []]
    for zone, meld in enumerate(zones):
        assert join_table_at(rules, zones, zone) is rules.join_table(meld)
    for bad in (len(zones), "a", None, 1.5):
        assert join_table_at(rules, zones, bad) is None


def _twin(g, card: int) -> int:
    twins = g.deck.cards_of_face[g.deck.face[card]]
    return twins[-1] if twins[0] == card else twins[0]


# ------------------------------------------------------------------ the notions in a rule file
def test_the_notions_are_in_the_library_with_words():
    for name in ("is_meld", "meld_kind", "meld_points", "meld_wilds", "meld_naturals", "melds_in", "can_join"):
        fn = LIBRARY[name]
        assert fn.text["en"] and fn.text["tr"]


def test_the_notions_in_expressions(tmp_path):
    """Each notion through the rules language: constants folded at load, zones read in play."""
    shutil.copy(GAME, tmp_path / "melds.yaml")
    (tmp_path / "probe.yaml").write_text(
        "extends: melds.yaml\n"
        "result:\n"
        "  fields:\n"
        "    run_points: meld_points([4H, 5H, 6H, 2C, 8H])\n"
        "    run_kind: meld_kind([4H, 5H, 6H, 2C, 8H])\n"
        "    set_ok: is_meld([7S, 7H, 2C])\n"
        "    core: is_meld([5H, 6H, 2C])\n"
        "    kind_none: meld_kind([5H, 6H, 2C]) == none\n"
        "    wilds: meld_wilds([AS, 2S, 3S, 2C])\n"
        "    naturals: meld_naturals([AS, 2S, 3S, 2C])\n"
        "    joins: can_join([AS, 2S, 3S], [2C])\n"
        "    joins_two: can_join([7S, 7H, 2C], [2D])\n"
        "    laid_points: meld_points(laid(seat))\n"
        "    laid_is_meld: is_meld(laid(seat)) or empty(laid(seat))\n"
        "    offered: count(melds_in(hand(seat))) >= 0\n", encoding="utf-8")
    g = load(str(tmp_path / "probe.yaml"))
    s = new_game(g, 3)
    while not s.over:
        apply(s, legal_moves(s)[0])
    res = result(s)
    assert res["run_points"] == [35, 35] and res["run_kind"] == ["run", "run"]
    assert res["set_ok"] == [True, True] and res["core"] == [False, False] and res["kind_none"] == [True, True]
    assert res["wilds"] == [1, 1] and res["naturals"] == [3, 3]
    assert res["joins"] == [True, True] and res["joins_two"] == [False, False]  # C4: a second wild
    assert res["laid_is_meld"] == [True, True] and res["offered"] == [True, True]
    assert res["laid_points"] == res["scores"]


def test_the_test_game_plays_and_scores_its_melds(g):
    """Every offered meld is a meld (C3–C6), and a seat's score is its meld's points (C7)."""
    hand_zone, laid = g.zone("hand"), g.zone("laid")
    for seed in range(30):
        s = new_game(g, seed)
        while not s.over:
            moves = legal_moves(s)
            for index, values in moves:
                if g.moves[index].name == "meld":
                    group = values[0]
                    assert g.melds.read(group).legal, codes(g, group)
                    assert all(s.where[c] == hand_zone.first_id + s.me for c in group)
            apply(s, random.Random(seed).choice(moves))
        res = result(s)
        for seat in range(g.players):
            laid_cards = s.zones[laid.first_id + seat]
            assert res["scores"][seat] == (g.melds.read(laid_cards).points if laid_cards else 0)


# ------------------------------------------------------------------ load errors
def write(tmp_path: Path, text: str) -> str:
    """A rule file: the test game with its text changed."""
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def refusal(path: str):
    with pytest.raises(RuleError) as caught:
        load(path)
    return caught.value.problems[0]


def test_a_notion_without_a_melds_section_is_refused_at_the_call(tmp_path):
    text = GAME.read_text(encoding="utf-8")
    start, end = text.index("\nmelds:\n"), text.index("\nmoves:\n")
    path = write(tmp_path, text[:start] + text[end:])
    problem = refusal(path)
    assert problem.message == "`melds_in` needs a `melds:` section"
    assert "melds:" in problem.hint
    line = next(i for i, row in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1)
                if "melds_in(hand(me))" in row)
    assert (problem.loc.file, problem.loc.line) == (path, line)


@pytest.mark.parametrize("old,new,message", [
    ("  max_wilds: max_wilds ", "  max_wild: max_wilds ", "unknown key `max_wild` in `melds`"),
    ("  ace: both ", "  ace: sideways ", "`melds.ace: sideways` is not known"),
    ("  points: points ", "  points: pionts ", "`melds.points` names no value table of `deck.values`"),
    ("  run_natural_core: run_natural_core ", "  run_natural_core: three ",
     "`melds.run_natural_core` must be a whole number or a param, not 'three'"),
    ("  wild: is_joker(c) or rank(c) == 2 ", "  wild: is_joker(c) or count(hand(0)) > 2 ",
     "`melds.wild` must say which cards are wild from the card `c` alone"),
    ("    core:\n", "    centre:\n", "unknown key `centre` in `melds.why`"),
])
def test_mistakes_in_the_melds_section_are_refused_with_their_place(tmp_path, old, new, message):
    text = GAME.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = write(tmp_path, text.replace(old, new))
    problem = refusal(path)
    assert problem.message == message
    rows = Path(path).read_text(encoding="utf-8").splitlines()
    assert problem.loc.file == path
    assert new.strip().split(":")[0] in rows[problem.loc.line - 1]


def test_numbers_are_given_as_numbers_too(tmp_path):
    text = GAME.read_text(encoding="utf-8").replace("  run_natural_core: run_natural_core ", "  run_natural_core: 2 ")
    g2 = load(write(tmp_path, text))
    assert g2.melds.run_natural_core == 2 and g2.melds.read(cards(g2, "5H 6H 2C")).legal
