"""Durak (tests/games/durak.yaml, rules DU1-DU11 in its head comment), followed by a referee of its own.

The referee reads only a record (the deal, the moves with their seats, the later deals) and restates
the rules: it shares no code with kural. It follows every bout: the lead (DU4), who is asked next in
the throw-in window and when it closes (DU6, DU8), every defence legal (DU5), every throw-in of a rank
on the table and within the limit (DU6), the take (DU7), the refills in attack order from the stock's
top (DU9), the next attacker and players out (DU10), and the loser (DU11). Games of random and
heuristic bots, two to four players, must all pass it; a record with a move out of its order must not.
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

import kural

GAME = Path(__file__).resolve().parent / "games" / "durak.yaml"
SEEDS = range(1, 7)
RANKS = "6789TJQKA"  # DU1: 6 to ace, ace high
HAND, MOST = 6, 6  # DU2, DU6


def strength(card: str) -> int:
    return RANKS.index(card[0])


class Referee:
    """A game of Durak played from its record by the rules alone."""

    def __init__(self, rec: dict):
        self.n = len(rec["seats"])
        deal = rec["deal"]
        self.hands = [list(h) for h in deal["hands"]]
        self.stock = list(deal["zones"]["stock"])  # bottom first: the top is the last
        cards = sum(self.hands, []) + self.stock
        assert len(cards) == 36 and len(set(cards)) == 36 and all(c[0] in RANKS for c in cards), "DU1"
        assert all(len(h) == HAND for h in self.hands), "DU2: six cards each"
        self.trump = self.stock[0][1]  # DU2: the suit of the stock's bottom card, drawn last
        self.attacker, self.defender = 0, 1  # DU3
        self.entries = list(rec["moves"])
        self.at = 0

    def still_in(self) -> list[int]:
        """DU10: a player with cards, or with cards still to draw."""
        return [p for p in range(self.n) if self.hands[p] or self.stock]

    def after(self, seat: int, among: list[int]) -> int:
        """The first seat after `seat`, going round, among `among`."""
        return next(p for k in range(1, self.n + 1) if (p := (seat + k) % self.n) in among)

    def over(self, open_: list) -> bool:
        """DU11: at most one player still holds cards, and no card is left to beat."""
        return len(self.still_in()) <= 1 and not open_

    def take(self) -> dict:
        entry = self.entries[self.at]
        self.at += 1
        assert "deal" not in entry, f"entry {self.at}: a deal where the rules deal nothing"
        return entry

    def beats(self, card: str, target: str) -> bool:
        """DU5: a higher card of its suit, or a trump on a card that is no trump."""
        if card[1] == target[1]:
            return strength(card) > strength(target)
        return card[1] == self.trump

    def play(self) -> list[int]:
        """Every bout in order; the winners the rules give."""
        while True:
            lead = self.take()  # DU4: the attacker leads any card of the hand
            assert lead["seat"] == self.attacker and lead["move"] == "lead", f"DU4: {lead}"
            self.hands[self.attacker].remove(lead["cards"][0])
            if self.bout([lead["cards"][0]]):
                return [p for p in range(self.n) if not self.hands[p]]

    def bout(self, open_: list) -> bool:
        """One bout after its lead; True when the game ends in it."""
        others = [(self.defender + k) % self.n for k in range(1, self.n)]
        asked = [self.defender, self.attacker] + [p for p in others if p != self.attacker and p in self.still_in()]
        beaten, thrown, took, passes, at = [], 1, False, 0, 0
        while True:
            if self.over(open_):
                return True
            e = self.take()
            seat, move, cards = e["seat"], e["move"], e["cards"]
            assert seat == asked[at], f"DU6: {asked[at]} is asked now, not {seat}"
            hand = self.hands[seat]
            if move == "beat":  # DU5
                card, target = cards
                assert seat == self.defender and not took and target in open_ and card in hand
                assert self.beats(card, target), f"DU5: {card} does not beat {target} (trump {self.trump})"
                hand.remove(card)
                open_.remove(target)
                beaten += [target, card]
            elif move == "take":  # DU7
                assert seat == self.defender and open_ and not took
                took = True
            elif move == "throw":  # DU6
                card = cards[0]
                assert seat != self.defender and card in hand
                assert any(c[0] == card[0] for c in open_ + beaten), f"DU6: no {card[0]} on the table"
                assert thrown < MOST and len(open_) < len(self.hands[self.defender]), "DU6: past the limit"
                hand.remove(card)
                open_.append(card)
                thrown += 1
            else:
                assert move == "pass" and (seat != self.defender or not open_ or took), f"DU8: {e}"
            passes = passes + 1 if move == "pass" else 0
            if passes < len(asked):
                at = (at + 1) % len(asked)
                continue
            if self.over(open_):  # (the round's end is checked after the move, before the bout closes)
                return True
            self.close(open_, beaten, took)
            return self.over([])

    def close(self, open_: list, beaten: list, took: bool) -> None:
        """DU7-DU10: the table taken or discarded, the hands refilled from the top in attack order, the
        next attacker (the defender, unless taking) and defender."""
        if took:
            self.hands[self.defender] += open_ + beaten
        order = [self.attacker] + [(self.attacker + k) % self.n for k in range(1, self.n)
                                   if (self.attacker + k) % self.n != self.defender] + [self.defender]
        drawn = [[] for _ in range(self.n)]
        for p in order:  # DU9
            while len(self.hands[p]) < HAND and self.stock:
                drawn[p].append(self.stock.pop())
                self.hands[p].append(drawn[p][-1])
        if any(drawn):
            entry = self.entries[self.at]
            self.at += 1
            assert "deal" in entry and entry["deal"]["hands"] == drawn, f"DU9: refills {drawn}, not {entry}"
        still = self.still_in()
        self.attacker = self.defender if not took and self.defender in still else self.after(self.defender, still)
        if len(still) > 1:
            self.defender = self.after(self.attacker, still)


def records(bots: str, players: int):
    game = kural.load(str(GAME), players=players)
    for seed in SEEDS:
        state = game.new(seed=seed)
        state.play_out(bots)
        yield state.record()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_durak_plays_by_its_rules(bots, players):
    """DU1-DU11: every move of every bout is the rules' (its seat the one the window asks, DU6), the
    refills are drawn in attack order, and the players with no cards left win: the durak loses."""
    for rec in records(bots, players):
        ref = Referee(rec)
        winners = ref.play()
        assert ref.at == len(rec["moves"]), "the game goes on after the rules end it"
        assert rec["result"]["winners"] == winners, "DU11"
        assert rec["result"]["scores"] == [-len(h) for h in ref.hands]
        assert len(winners) >= players - 1, "DU11: at most one durak"


def test_the_referee_refuses_a_move_out_of_the_window_order():
    """The referee can fail: the same record with two asked seats' moves swapped is refused (DU6)."""
    rec = next(records("random", 3))
    Referee(copy.deepcopy(rec)).play()
    moves = rec["moves"]
    i = next(k for k in range(len(moves) - 1) if "seat" in moves[k] and "seat" in moves[k + 1]
             and moves[k]["move"] == moves[k + 1]["move"] == "pass" and moves[k]["seat"] != moves[k + 1]["seat"])
    moves[i]["seat"], moves[i + 1]["seat"] = moves[i + 1]["seat"], moves[i]["seat"]
    with pytest.raises(AssertionError, match="DU6"):
        Referee(rec).play()
