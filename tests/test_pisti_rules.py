"""Pişti, rule by rule (RULES.md section 4: P1-P14 and the variants PV1-PV5).

Every test names the rule it checks. What a move must do and what a hand scores are restated here from the
rule text (`Referee`, `rule_points`), never read from what the engine prints: a referee follows whole games
card by card, predicting each capture, each pişti and each hand's points, and the engine must agree.
"""
from __future__ import annotations

import random

import pytest

from kural.dsl.loader import load
from kural.interpreter.bots import seat_bots
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves
from kural.interpreter.view import view

VARIANTS = [(), ("to-101",), ("jack-pisti-10",), ("two-players",), ("four-solo",), ("jack-lone-pisti",)]
JACK, ACE = 11, 1


def ids(variants) -> str:
    return "+".join(variants) or "base"


class Table:
    """The zones of a Pişti position by name, as cards (ids) and as codes."""

    def __init__(self, g, s):
        self.g, self.s = g, s

    def zone(self, name: str, owner: int = 0) -> list[int]:
        return self.s.zones[self.g.zone(name).first_id + owner]

    def codes(self, name: str, owner: int = 0) -> list[str]:
        return [self.g.deck.code[c] for c in self.zone(name, owner)]


def team_of(g, seat: int) -> int:
    return g.team_of[seat]


def rule_points(g, taken: list[int], pistis: int, jack_pistis: int, majority: bool, carried: int = 0) -> int:
    """P12: the most cards 3 (and what a tie carried in), each ace 1, each jack 1, ♣2 2, ♦10 3, each pişti
    10, each jack pişti 20 (the params' values: a variant changes them)."""
    p = g.param_values
    deck = g.deck
    out = (p["majority_points"] + carried) if majority else 0
    out += sum(1 for c in taken if deck.rank[c] in (ACE, JACK))
    codes = {deck.code[c] for c in taken}
    out += p["club_two_points"] if "2C" in codes else 0
    out += p["diamond_ten_points"] if "TD" in codes else 0
    return out + pistis * p["pisti_points"] + jack_pistis * p["jack_pisti_points"]


class Referee:
    """A hand of Pişti followed from the rules: before each move it reads the position (the pile, the
    face-down cards, the hands), then predicts what the move does (P6, P7, P8, P9, P11); at the hand's end it
    predicts each side's points (P11, P12). Predictions are compared with the engine's state and sheet."""

    def __init__(self, g):
        self.g = g
        self.sides = len(g.teams)
        self.new_hand()

    def new_hand(self):
        self.taken = [[] for _ in range(self.sides)]
        self.pistis = [0] * self.sides
        self.jack_pistis = [0] * self.sides
        self.last = -1

    def move(self, s, move) -> None:
        g, t = self.g, Table(self.g, s)
        card = move[1][0]
        rank = g.deck.rank
        pile, under = list(t.zone("pile")), list(t.zone("under"))
        side = team_of(g, s.me)
        hands_left = sum(len(t.zone("hand", p)) for p in range(g.players))
        last_card = hands_left == 1 and not t.zone("stock") and not t.zone("bottom")
        p = g.param_values
        takes = bool(pile) and (rank[card] == rank[pile[-1]] or rank[card] == JACK)   # P6, P7
        apply(s, move)
        same_hand = s.rounds_played == self.rounds  # (a move that ends the hand: the next one is dealt)
        if not takes:
            assert not same_hand or t.zone("pile")[-1] == card, "P7: the card stays on top of the pile"
            return
        lone = len(pile) == 1 and not under                                              # P9 (P8: first capture)
        same = rank[card] == rank[pile[0]]
        if lone and (same or (p["jack_lone_pisti"] and rank[card] == JACK)) and (p["last_card_pisti"] or not last_card):
            if rank[card] == JACK and rank[pile[0]] == JACK:
                self.jack_pistis[side] += 1
            else:
                self.pistis[side] += 1
        self.taken[side] += under + pile + [card]                                        # P6, P8
        self.last = side
        if same_hand:
            assert sorted(t.zone("taken", side)) == sorted(self.taken[side]), "P6: the pile goes to the side"
            assert not t.zone("pile") and not t.zone("under"), "P6: the table is empty"

    def hand_end(self, pile: list[int], under: list[int], carried: int) -> list[int]:
        """P11: what is left goes to the side that took last; P12: each side's points."""
        if self.last >= 0:
            self.taken[self.last] += under + pile
        counts = [len(x) for x in self.taken]
        top = max(counts)
        alone = counts.count(top) == 1 and top > 0
        return [rule_points(self.g, self.taken[i], self.pistis[i], self.jack_pistis[i],
                            alone and counts[i] == top, carried) for i in range(self.sides)]


def follow(g, seed: int, bots: str = "random") -> None:
    """A whole game followed by the referee: every capture and every hand's points as the rules say."""
    s = new_game(g, seed)
    players = seat_bots([bots] * g.players, seed) if bots != "random" else None
    rng = random.Random(seed)
    ref = Referee(g)
    while not s.over:
        ref.rounds = s.rounds_played
        t = Table(g, s)
        legal = legal_moves(s)
        assert sorted(m[1][0] for m in legal) == sorted(t.zone("hand", s.me)), "P5: any card of the hand"
        move = players[s.me].choose(s, legal) if players else rng.choice(legal)
        before = s.rounds_played
        pile_then, under_then = list(t.zone("pile")), list(t.zone("under"))
        carried = _var(g, s, "carried")
        ref.move(s, move)
        if s.rounds_played != before:  # the hand ended with that move (P11)
            sheet = s.sheets[-1]
            expected = ref.hand_end(_left(g, pile_then, under_then, move[1][0]), [], carried)
            assert sheet["points"] == expected, (seed, sheet, expected)
            ref.new_hand()
    winners = [i for i, v in enumerate(s.totals) if v == max(s.totals)]
    assert max(s.totals) >= g.param_values["target"] and len(winners) == 1, "P13: one side alone at the target"


def _var(g, s, name: str):
    v = next(v for v in g.vars if v.name == name)
    return s.vars[v.slot]


def _left(g, pile_then, under_then, card) -> list[int]:
    """The cards on the table when the hand's last card was played, after it (P11)."""
    rank = g.deck.rank
    takes = bool(pile_then) and (rank[card] == rank[pile_then[-1]] or rank[card] == JACK)
    return [] if takes else under_then + pile_then + [card]


@pytest.mark.parametrize("variants", VARIANTS, ids=ids)
def test_P5_P14_whole_games_agree_with_the_rules_card_by_card(variants):
    """P5-P13, every variant: random games and heuristic games followed by the referee, which restates each
    capture, pişti and hand's points from the rule text."""
    g = load("pisti", list(variants))
    for seed in range(1, 5):
        follow(g, seed)
    follow(g, 7, "heuristic")


def test_P1_P2_P3_the_deal_the_seats_and_who_plays_first():
    """P1: 52 cards, two partnerships sitting opposite (You and Can against Elif and Zeynep). P2: Zeynep, on
    your left, deals first, so you play first; the deal passes to the right (to you). P3: three face down,
    one face up, four to each, the stock's bottom card shown to all."""
    g = load("pisti")
    assert g.deck.size == 52 and g.teams == [[0, 2], [1, 3]]
    assert g.seats["en"] == ["You", "Elif", "Can", "Zeynep"]  # turn order: anticlockwise, to the right
    s = new_game(g, 3)
    t = Table(g, s)
    assert _var(g, s, "dealer") == 3 and s.me == 0
    assert len(t.zone("under")) == 3 and len(t.zone("pile")) == 1
    assert [len(t.zone("hand", p)) for p in range(4)] == [4, 4, 4, 4]
    assert len(t.zone("bottom")) >= 1 and len(t.zone("stock")) + len(t.zone("bottom")) == 52 - 4 - 16
    seen = view(s, 1)
    bottom = next(z for z in seen["zones"] if z.name == "bottom")
    assert bottom.cards == t.zone("bottom"), "P3: the bottom card is shown to all"
    rng = random.Random(0)
    while s.rounds_played == 0:
        apply(s, rng.choice(legal_moves(s)))
    assert _var(g, s, "dealer") == 0 and s.me == 1, "P2: you deal the second hand, Elif on your right plays first"


@pytest.mark.parametrize("seed", range(1, 80))
def test_P4_a_jack_turned_up_at_the_deal_goes_under_the_stock(seed):
    """P4: the face-up table card is never a jack after the deal: a jack turned up goes face up under the stock,
    shown to all and dealt last, and the next card is turned up."""
    g = load("pisti")
    s = new_game(g, seed)
    t = Table(g, s)
    rank = g.deck.rank
    assert rank[t.zone("pile")[-1]] != JACK
    bottom = t.zone("bottom")  # face up under the stock, its last card the very bottom one, dealt last
    jacks = [c for c in bottom if rank[c] == JACK]
    assert all(rank[c] == JACK for c in bottom[len(bottom) - len(jacks):]), "a jack goes under the bottom card"


def test_P8_the_face_down_cards_are_seen_by_nobody_then_by_the_side_that_took_them():
    """P8: nobody sees the face-down cards; once taken, only the taking side sees its cards."""
    g = load("pisti")
    s = new_game(g, 5)
    for seat in range(4):
        under = next(z for z in view(s, seat)["zones"] if z.name == "under")
        assert under.cards is None and under.count == 3
    rng = random.Random(5)
    while not Table(g, s).zone("taken", 0) and not Table(g, s).zone("taken", 1):
        apply(s, rng.choice(legal_moves(s)))
    side = 0 if Table(g, s).zone("taken", 0) else 1
    for seat in range(4):
        mine = next(z for z in view(s, seat)["zones"] if z.name == "taken" and z.team == side)
        assert (mine.cards is not None) == (team_of(g, seat) == side)


def test_P12_the_scores_of_a_hand_add_up_to_the_cards_points():
    """P12: a hand's points over both sides: the majority 3 (unless tied), 4 aces, 4 jacks, ♣2 2, ♦10 3: 16,
    plus the piştis."""
    g = load("pisti")
    s = new_game(g, 11)
    rng = random.Random(11)
    while not s.over:
        apply(s, rng.choice(legal_moves(s)))
    for sheet in s.sheets:
        tied = sheet["majority"] == [0, 0]
        assert sum(sheet["points"]) == 16 - (3 if tied else 0) + sum(sheet["pisti_points"])


@pytest.mark.parametrize("variants,deals", [((), 3), (("two-players",), 6)])
def test_P10_every_hand_empty_deals_four_more_until_the_stock_is_used(variants, deals):
    """P10: when all hands are empty the dealer deals 4 more to each, nothing to the table: 3 deals a hand for
    4 players, 6 for 2 (PV3); the 48 cards not on the table at the deal are all played."""
    g = load("pisti", list(variants))
    s = new_game(g, 2)
    rng = random.Random(2)
    refills, played = 0, 0
    while s.rounds_played == 0:
        apply(s, rng.choice(legal_moves(s)))
        played += 1
        t = Table(g, s)
        if s.rounds_played == 0 and all(len(t.zone("hand", p)) == 4 for p in range(g.players)):
            refills += 1
    assert played == 48 and refills + 1 == deals
