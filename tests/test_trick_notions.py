"""The trick's notions (issue 38.2; dsl/notions/tricks.py): the card that leads a trick, the card that wins it
as it stands, whether a card would win it, and who played a card. Each is checked against the rule as a
trick-taking table states it (the highest trump, else the highest card of the suit led, the ace high), and
the test game tests/games/tricks.yaml, rewritten on them from the vars it kept by hand, plays the same games."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kural.dsl.loader import load
from kural.interpreter.bots import seat_bots
from kural.interpreter.cards import Deck
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves
from kural.interpreter.runtime import played_by, winning_card, would_win

DECK = Deck()
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def cards(*codes: str) -> list[int]:
    return [DECK.card_of_code(c) for c in codes]


def rule_winner(trick: list[int], trump) -> int:
    """As a table says it: the highest trump in the trick, else the highest card of the suit led, the ace
    counting above the king."""
    power = (lambda c: 14 if DECK.rank[c] == 1 else DECK.rank[c])
    trumps = [c for c in trick if DECK.suit[c] == trump]
    pool = trumps or [c for c in trick if DECK.suit[c] == DECK.suit[trick[0]]]
    return max(pool, key=power)


@pytest.mark.parametrize("codes,trump,winner", [
    (("7H", "KH", "2H", "AH"), SPADES, "AH"),         # the ace is high
    (("7H", "KS", "2H", "QH"), DIAMONDS, "QH"),       # a card of another suit, no trump: never wins
    (("7H", "2D", "AH", "KH"), DIAMONDS, "2D"),       # any trump beats the suit led
    (("7H", "2D", "5D", "AH"), DIAMONDS, "5D"),       # the higher trump
    (("AD", "KD", "QD", "JD"), DIAMONDS, "AD"),       # trumps led
    (("9C", "TC", "AS", "2C"), None, "TC"),           # no trump at all
])
def test_the_card_winning_a_trick_is_the_highest_trump_else_the_highest_of_the_suit_led(codes, trump, winner):
    trick = cards(*codes)
    assert winning_card(trick, trump, DECK.rank, DECK.suit) == DECK.card_of_code(winner) == rule_winner(trick, trump)


def test_a_card_would_win_a_trick_as_it_stands_exactly_when_the_rule_says_so():
    """would_win(card, trick, trump) for every card against random tricks: the card wins the trick with it
    played last, by the rule restated above; leading, any card would."""
    rng = random.Random(5)
    for _ in range(300):
        trick = rng.sample(range(52), rng.randint(0, 3))
        trump = rng.choice([SPADES, HEARTS, DIAMONDS, CLUBS, None])
        for card in set(range(52)) - set(trick):
            expect = not trick or rule_winner(trick + [card], trump) == card
            assert would_win(card, trick, trump, DECK.rank, DECK.suit) == expect


def test_the_player_of_a_card_is_the_seat_whose_move_chose_it():
    class S:
        history = [(0, (0, (5,))), (1, (0, (9,))), (2, (0, ([3, 4],))), (3, (0, (5,)))]
    assert played_by(S, 9) == 1 and played_by(S, 4) == 2 and played_by(S, 5) == 3 and played_by(S, 40) == -1


def test_a_trick_game_kept_by_hand_plays_the_same_games_on_the_notions(tmp_path):
    """Issue 38: tests/games/tricks.yaml kept the suit led, the best card so far and its player in vars; on
    the notions it keeps none of them. The vars' version, kept here, plays the same moves from every seed."""
    here = Path(__file__).resolve().parent / "games" / "tricks.yaml"
    text = here.read_text(encoding="utf-8")
    assert "winning_card(trick, trump)" in text and "best_seat" not in text
    by_hand = tmp_path / "by_hand.yaml"
    by_hand.write_text(BY_HAND, encoding="utf-8")
    games = []
    for path in (here, by_hand):
        g, out = load(str(path)), []
        for seed in range(1, 9):
            for kind in ("random", "heuristic"):
                s, bots = new_game(g, seed), seat_bots([kind] * g.players, seed)
                while not s.over:
                    apply(s, bots[s.me].choose(s, legal_moves(s)))
                out.append((s.history, s.totals))
        games.append(out)
    assert games[0] == games[1]


BY_HAND = (Path(__file__).resolve().parent / "games" / "tricks.yaml").read_text(encoding="utf-8")
for old, new in (
        ("vars:\n  leader:", "vars:\n  led_v: {start: none, scope: round}\n  best_suit: {start: none, scope: round}\n"
                             "  best_rank: {start: 0, scope: round}\n  best_seat: {start: none, scope: round}\n  leader:"),
        ("  led: suit(first_card(trick))\n", "  led: led_v\n  beats_now: (suit(card) == best_suit and strength(card) > best_rank) "
                                             "or (suit(card) == trump and best_suit != trump)\n"),
        ("    do: move(card, trick)", "    do: >\n      if led_v == none then { led_v = suit(card); best_suit = suit(card); "
                                    "best_rank = strength(card); best_seat = me }\n      else if beats_now then { best_suit = "
                                    "suit(card); best_rank = strength(card); best_seat = me };\n      move(card, trick)"),
        ("        leader = played_by(winning_card(trick, trump));                                 # W3\n",
         "        leader = best_seat; led_v = none; best_suit = none; best_rank = 0; best_seat = none;\n"),
        ("would_win(card, trick, trump)", "beats_now")):
    assert old in BY_HAND, old
    BY_HAND = BY_HAND.replace(old, new)
