"""Gin Rummy (tests/games/gin.yaml) played whole by bots and refereed by its rules G1-G9 alone.

The referee reads only a record (the deals and the moves) and the rules as the file's head comment states
them: its own meld test, its own search of a hand's best arrangement (every combination of melds tried, the
tie-break of docs/language.md §4.8 restated), its own lay-offs. It shares no code with kural: each knock
must be legal (G4), each hand must end when the rules end it (G4, G8), and every hand's score and the winner
must be the rules' (G5-G9)."""
from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

import kural

GAME = Path(__file__).resolve().parent / "games" / "gin.yaml"
RANKS = "A23456789TJQK"
SUITS = "SHDC"


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def points(card: str) -> int:
    """G3: ace 1, 2 to 10 their number, J Q K 10."""
    return min(rank(card), 10)


def order(card: str) -> tuple:
    """The deck's order: spades, hearts, diamonds, clubs, each from the ace to the king."""
    return SUITS.index(card[1]), rank(card)


def is_meld(cards) -> bool:
    """G3: 3 or 4 cards of one rank, or 3 or more of one suit in sequence, the ace low only."""
    if len(cards) < 3:
        return False
    if len({c[0] for c in cards}) == 1:
        return True
    ranks = sorted(rank(c) for c in cards)
    return len({c[1] for c in cards}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards)))


def arrangements(hand: list[str]) -> list[tuple]:
    """Every set of disjoint melds of the hand, as (its key, the cards left out, the melds): the key is the
    points left out, the number of cards, then the cards in the deck's order, then the melds in the deck's
    order (meld by meld, each by its cards)."""
    melds = [sorted(m, key=order) for k in range(3, len(hand) + 1) for m in combinations(hand, k) if is_meld(m)]
    found = []

    def go(i: int, chosen: list) -> None:
        used = {c for m in chosen for c in m}
        left = sorted((c for c in hand if c not in used), key=order)
        key = (sum(map(points, left)), len(left), [order(c) for c in left],
               sorted([order(c) for c in m] for m in chosen))
        found.append((key, left, chosen))
        for j in range(i, len(melds)):
            if used.isdisjoint(melds[j]):
                go(j + 1, chosen + [melds[j]])
    go(0, [])
    return found


def best_arrangement(hand: list[str]) -> tuple[list[str], list[list[str]]]:
    """The cards left out and the melds of the best arrangement: the least key (see arrangements)."""
    _, left, chosen = min(arrangements(hand), key=lambda f: f[0])
    return left, chosen


def deadwood(hand: list[str]) -> int:
    return sum(map(points, best_arrangement(hand)[0]))


def laid_off(cards: list[str], melds: list[list[str]]) -> list[str]:
    """G6: the cards that go on the melds one after another. A card that extends a run goes there (a set
    takes one more card and then nothing), so trying runs first lays off all that can be laid."""
    melds = [list(m) for m in melds]
    left, laid = list(cards), []
    changed = True
    while changed:
        changed = False
        for card in list(left):
            fits = [m for m in melds if is_meld(m + [card])]
            if fits:
                runs = [m for m in fits if len({c[0] for c in m}) > 1]
                (runs or fits)[0].append(card)
                left.remove(card)
                laid.append(card)
                changed = True
    return laid


def referee(rec: dict, target: int = 100, limit: int = 10, bonus: int = 25, floor: int = 2) -> dict:
    """Plays a record of Gin by G1-G9 alone; returns the result the rules give."""
    deals = [rec["deal"]] + [m["deal"] for m in rec["moves"] if "deal" in m]
    moves = [m for m in rec["moves"] if "deal" not in m]
    scores, i = [0, 0], 0
    for round_no, deal in enumerate(deals):
        hands = [list(h) for h in deal["hands"]]
        stock, pile = list(deal["zones"]["stock"]), list(deal["zones"]["pile"])
        assert all(len(h) == 10 for h in hands) and len(pile) == 1                  # G1
        seat, knocker = round_no % 2, None                       # G1: the dealer alternates, the other starts
        while True:
            draw, throw = moves[i], moves[i + 1]
            i += 2
            assert draw["seat"] == throw["seat"] == seat
            assert draw["move"] in ("draw", "take") and throw["move"] in ("discard", "knock")     # G2
            hands[seat].append((stock if draw["move"] == "draw" else pile).pop())
            card = throw["cards"][0]
            hands[seat].remove(card)
            pile.append(card)
            if throw["move"] == "knock":
                assert deadwood(hands[seat]) <= limit, "G4: a knock with more than 10 deadwood"
                knocker = seat
                break
            if len(stock) <= floor:                                                 # G8: void
                break
            seat = 1 - seat
        if knocker is not None:
            defender = 1 - knocker
            mine = deadwood(hands[knocker])
            if mine == 0:
                scores[knocker] += bonus + deadwood(hands[defender])                # G5
            else:
                melds = best_arrangement(hands[knocker])[1]                         # G6: as leaves the least
                theirs = min(sum(map(points, left)) - sum(map(points, laid_off(left, melds)))
                             for _, left, _ in arrangements(hands[defender]))
                if theirs <= mine:
                    scores[defender] += bonus + mine - theirs                       # G7
                else:
                    scores[knocker] += theirs - mine
        if max(scores) >= target:                                                   # G9
            break
    assert i == len(moves), "the game goes on after the rules end it"
    return {"winners": [s for s in (0, 1) if scores[s] == max(scores)], "scores": scores}


@pytest.mark.parametrize("bots,seeds,target", [
    ("heuristic", range(1, 9), 100),
    (["heuristic", "random"], range(1, 5), 100),
    ("random", range(1, 4), 1),          # random bots seldom knock: each game to the first hand scored
])
def test_gin_plays_by_its_rules(bots, seeds, target):
    """G1-G9: every knock is legal, hands end when the rules end them, and every score is the rules'."""
    game = kural.load(str(GAME), params={"target": target})
    knocks = 0
    for seed in seeds:
        state = game.new(seed=seed)
        state.play_out(bots)
        rec = state.record()
        want = referee(rec, target=target)
        assert rec["result"]["winners"] == want["winners"] and rec["result"]["scores"] == want["scores"]
        knocks += sum(m.get("move") == "knock" for m in rec["moves"])
    assert knocks >= len(seeds)


def test_the_referees_arrangement_restates_the_rules():
    """The referee's own search, on hands worked out by hand (G3)."""
    assert best_arrangement("7S 7H 7D 7C 8S 9S".split())[0] == []
    assert best_arrangement("KS KH KD QS JS".split())[0] == ["JS", "QS"]
    assert deadwood("QS KS AS 2C".split()) == 23
    assert laid_off(["4H", "5H", "KC"], [["5S", "5D", "5C"], ["6H", "7H", "8H"]]) == ["5H", "4H"]


def test_a_knock_is_offered_exactly_when_the_deadwood_left_is_at_most_10():
    """G4: after the draw, knocking with a card is legal exactly when the hand's deadwood without it is at
    most 10. The player here draws and discards the card that leaves the least deadwood, knocking when it may."""
    game = kural.load(str(GAME))
    tried = offered = 0
    for seed in (1, 2, 3, 4):
        state = game.new(seed=seed)
        for _ in range(60):
            legal = state.legal()
            if legal[0].name in ("discard", "knock"):
                hand = sorted({c for m in legal for c in m.cards})
                left = {c: deadwood([x for x in hand if x != c]) for c in hand}
                knocks = {m.cards[0] for m in legal if m.name == "knock"}
                assert knocks == {c for c in hand if left[c] <= 10}
                tried, offered = tried + 1, offered + len(knocks)
                card = min(hand, key=lambda c: (left[c], c))
                move = next(m for m in legal if m.cards == (card,) and m.name == ("knock" if knocks else "discard"))
            else:
                move = legal[0]
            state.apply(move)
            if state.is_over or move.name == "knock":
                break
    assert tried > 40 and offered > 0
