"""Batak, rule by rule (RULES.md section 5: B1-B13 and the variants BV1-BV3).

Every test names the rule it checks. Who is to move, which bids, trumps and cards are legal, who wins each
trick and what each hand scores are restated here from the rule text (`Referee`), never read from what the
engine prints: a referee follows whole games move by move, predicting the legal moves of every position,
each trick's winner and each hand's points, and the engine must agree.
"""
from __future__ import annotations

import random

import pytest

from kural.dsl.loader import load
from kural.interpreter.bots import seat_bots
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves, refusal

ACE_HIGH = {1: 14}


def strength(g, c: int) -> int:
    """B1: A K Q J 10 9 ... 2, the ace high."""
    r = g.deck.rank[c]
    return ACE_HIGH.get(r, r)


class Table:
    """The zones and vars of a Batak position by name."""

    def __init__(self, g, s):
        self.g, self.s = g, s

    def zone(self, name: str, owner: int = 0) -> list[int]:
        return self.s.zones[self.g.zone(name).first_id + owner]

    def var(self, name: str, i: int = 0):
        v = next(v for v in self.g.vars if v.name == name)
        return self.s.vars[v.slot + i]


def move_name(g, move) -> str:
    return g.moves[move[0]].name


class Referee:
    """A game of Batak followed from the rules. It keeps its own account of the hand: the dealer (B2), the
    auction (B3, B4) or the calls (BV1), the declarer, the trump (B5), whether trumps are broken (B7), the
    trick and the tricks taken (B6); from it, before each move, it predicts who is to move and every legal
    move (B3-B10, BV3); at a hand's end, each player's or side's points (B11, BV1, BV2)."""

    def __init__(self, g, variant: str):
        self.g, self.variant = g, variant
        self.p = g.param_values
        self.n = g.players
        self.kitty = 4 if variant == "gommeli" else 0
        self.size = (52 - self.kitty) // self.n                      # B1, BV3: the whole deck (bar the gömü)
        self.clockwise = self.p["direction"] == "clockwise"
        self.dealer = 1 if self.clockwise else self.n - 1             # B2: you are dealt first
        self.totals = [0] * len(g.teams)
        self.hands = 0
        self.new_hand(first=True)

    def after(self, seat: int, k: int = 1) -> int:
        """B2: anticlockwise (to the right) is the next seat in the listed order; clockwise the one before."""
        return (seat + (-k if self.clockwise else k)) % self.n

    def new_hand(self, first: bool = False):
        if not first:
            self.dealer = self.after(self.dealer)                    # B2: the deal passes on
        self.phase = "call" if self.variant == "koz-maca" else "auction"
        self.to_move = self.after(self.dealer)                       # B2, B3: the dealer's next seat first
        self.passed = set()
        self.contract, self.high, self.declarer = 0, -1, -1
        self.trump = 0 if self.variant == "koz-maca" else None       # BV1: spades
        self.calls = {}
        self.broken = False
        self.trick: list[tuple[int, int]] = []
        self.tricks = [0] * self.n
        self.buried = 0
        self.open_laid = False

    # ---------------------------------------------------------------- the legal moves, from the rules
    def cards_of(self, t: Table, seat: int) -> list[int]:
        hand = t.zone("hand", seat)
        if not hand and self.variant == "esli" and self.p.get("open_partner"):
            return t.zone("open_hand")                                # BV2: the open partner plays from the table
        return hand

    def legal(self, t: Table) -> set:
        g, seat = self.g, self.to_move
        if self.phase == "auction":                                   # B3: above the bid, min_bid to a hand's cards
            if seat in self.passed:
                return set()
            low = max(self.p["min_bid"], self.contract + 1)
            return {("bid", n) for n in range(low, self.size + 1)} | {("pass", None)}
        if self.phase == "call":                                      # BV1: 1 to the cards of a hand, no zero
            return {("call", n) for n in range(1, self.size + 1)}
        if self.phase == "trump":                                     # B5: any of the four suits
            return {("name_trump", s) for s in range(4)}
        if self.phase == "bury":                                      # BV3: any card of the hand
            return {("bury", g.deck.face[c]) for c in t.zone("hand", seat)}
        return {("play", g.deck.face[c]) for c in self.playable(self.cards_of(t, seat))}

    def playable(self, hand: list[int]) -> list[int]:
        g, trump = self.g, self.trump
        suit = g.deck.suit
        if not self.trick:                                            # B7: no trump lead until broken
            if self.p["trump_lead"] == "free" or self.broken or all(suit[c] == trump for c in hand):
                return list(hand)
            return [c for c in hand if suit[c] != trump]
        led = suit[self.trick[0][1]]
        follow = [c for c in hand if suit[c] == led]                  # B8: follow suit
        trumps = [c for c in hand if suit[c] == trump]
        allowed = follow or trumps or list(hand)                      # B9: else trump; else anything
        if self.p["overtake"] == "none":
            return allowed
        beating = [c for c in allowed if self.beats(c)]               # B10: beat the table's card if you can
        return beating or allowed

    def beats(self, c: int) -> bool:
        g, suit, trump = self.g, self.g.deck.suit, self.trump
        led = suit[self.trick[0][1]]
        cards = [x for _, x in self.trick]
        if self.p["overtake"] == "win":                               # B10: it would win the trick as it stands
            return self.winner(cards + [c]) == len(cards)
        # suit_high: higher than every card of its suit in the trick (a discard of a third suit is free)
        if suit[c] != led and suit[c] != trump:
            return True
        return all(suit[x] != suit[c] or strength(g, c) > strength(g, x) for x in cards)

    def winner(self, cards: list[int]) -> int:
        """B6: the highest trump, else the highest card of the suit led (its index in the trick)."""
        suit = self.g.deck.suit
        trumps = [i for i, c in enumerate(cards) if suit[c] == self.trump]
        pool = trumps or [i for i, c in enumerate(cards) if suit[c] == suit[cards[0]]]
        return max(pool, key=lambda i: strength(self.g, cards[i]))

    # ---------------------------------------------------------------- what a move does, from the rules
    def apply(self, t: Table, name: str, value, card: int | None):
        seat = self.to_move
        if name in ("bid", "pass"):
            if name == "bid":
                self.contract, self.high = value, seat
            else:
                self.passed.add(seat)                                 # B3: a pass is final
            left = [p for p in range(self.n) if p not in self.passed]
            if not left:                                              # B4: all pass, the dealer is stuck
                self.declarer, self.contract = self.dealer, self.p["stuck_bid"]
            elif self.contract > 0 and len(left) == 1:                # B3: the others passed after a bid
                self.declarer = left[0]
                assert left[0] == self.high, "B3: the last bidder is the one left"
            if self.declarer >= 0:
                self.phase, self.to_move = "trump", self.declarer    # B5: the declarer names the trump
            else:
                k = 1
                while self.after(seat, k) in self.passed:
                    k += 1
                self.to_move = self.after(seat, k)
        elif name == "call":
            self.calls[seat] = value
            if len(self.calls) == self.n:                            # BV1: the dealer's next seat leads
                self.phase, self.to_move = "play", self.after(self.dealer)
            else:
                self.to_move = self.after(seat)
        elif name == "name_trump":
            self.trump = value
            if self.variant == "gommeli":
                self.phase = "bury"                                   # BV3: the declarer buries 4
            else:
                self.phase = "play"                                   # B6: the declarer leads
        elif name == "bury":
            self.buried += 1
            if self.buried == 4:
                self.phase = "play"
        else:
            if self.g.deck.suit[card] == self.trump:
                self.broken = True                                    # B7: trumps are broken
            self.trick.append((seat, card))
            if len(self.trick) == self.n:                             # B6: the trick is won
                win = self.trick[self.winner([c for _, c in self.trick])][0]
                self.tricks[win] += 1
                self.trick = []
                self.to_move = win
            else:
                self.to_move = self.after(seat)

    # ---------------------------------------------------------------- the hand's points, from the rules
    def points(self) -> list[int]:
        tp, bid = self.p["trick_points"], self.contract
        if self.variant == "koz-maca":                                # BV1: each against the call
            out = []
            for p in range(self.n):
                call, took = self.calls[p], self.tricks[p]
                over = self.p["yan_batar"] > 0 and took >= call + self.p["yan_batar"]
                out.append(took * tp if took >= call and not over else -call * tp)
            return out
        teams = self.g.teams
        took = [sum(self.tricks[p] for p in team) for team in teams]  # BV2: the side's tricks
        side = self.g.team_of[self.declarer]
        out = []
        for i in range(len(teams)):
            if i == side:                                             # B11: the declarer makes or sinks
                if took[i] >= bid:
                    out.append((bid if self.p["make"] == "bid" else took[i]) * tp)
                else:
                    out.append(-bid * tp)
            elif took[i] == 0 and self.p["zero_tricks"] == "bid":
                out.append(-bid * tp)
            else:
                out.append(took[i] * tp)
        return out


CASES = [
    ("base", [], []),
    ("base", [], ["overtake=suit_high"]),
    ("base", [], ["overtake=none", "trump_lead=free"]),
    ("base", [], ["make=bid", "zero_tricks=zero", "min_bid=5", "stuck_bid=5", "hands=3"]),
    ("base", [], ["direction=clockwise"]),
    ("koz-maca", ["koz-maca"], []),
    ("koz-maca", ["koz-maca"], ["yan_batar=2"]),
    ("esli", ["esli"], []),
    ("esli", ["esli"], ["open_partner=true"]),
    ("gommeli", ["gommeli"], []),
    ("gommeli", ["gommeli"], ["blind_bury=true", "direction=clockwise"]),
]


def case_id(case) -> str:
    return "+".join([case[0]] + case[2])


def follow(g, variant: str, seed: int, bots: str = "random") -> None:
    """A whole game followed by the referee: every position's mover and legal moves, every trick and every
    hand's points as the rules say, and the end of the game (B12)."""
    s = new_game(g, seed)
    players = seat_bots([bots] * g.players, seed) if bots != "random" else None
    rng = random.Random(seed)
    ref = Referee(g, variant)
    face = g.deck.face
    while not s.over:
        t = Table(g, s)
        if ref.phase == "auction" and ref.to_move == -1:
            raise AssertionError("no bidder")
        assert s.me == ref.to_move, (seed, ref.phase, s.me, ref.to_move, "B2/B3/B6: who is to move")
        legal = legal_moves(s)
        got = set()
        for m in legal:
            name = move_name(g, m)
            v = m[1][0] if m[1] else None
            got.add((name, face[v] if name in ("play", "bury") else v))
        assert got == ref.legal(t), (seed, ref.phase, sorted(got ^ ref.legal(t), key=str))
        move = players[s.me].choose(s, legal) if players else rng.choice(legal)
        name = move_name(g, move)
        value = move[1][0] if move[1] else None
        card = value if name == "play" else None
        if name == "play" and variant == "esli" and g.param_values["open_partner"] and ref.declarer >= 0:
            dummy = [p for p in range(4) if g.team_of[p] == g.team_of[ref.declarer] and p != ref.declarer][0]
            first_lead = not ref.trick and sum(ref.tricks) == 0
        before = s.rounds_played
        apply(s, move)
        ref.apply(t, name, value, card)
        if name == "play" and variant == "esli" and g.param_values["open_partner"] and first_lead and s.rounds_played == before:
            assert not Table(g, s).zone("hand", dummy), "BV2: the open partner lays the hand down after the first lead"
            assert len(Table(g, s).zone("open_hand")) == 13
        if name == "name_trump" and variant == "gommeli" and s.rounds_played == before:
            hand = Table(g, s).zone("hand", ref.declarer)
            want = ref.size if g.param_values["blind_bury"] else ref.size + 4
            assert len(hand) == want, "BV3: the declarer takes the gömü after naming trump (unless burying blind)"
        if s.rounds_played != before:                                # the hand ended with that move
            sheet = s.sheets[-1]
            assert sum(ref.tricks) == ref.size, "B1, BV3: every card of the hands is played"
            expected = ref.points()
            assert sheet["points"] == expected, (seed, sheet, expected, ref.tricks, ref.contract, ref.declarer)
            ref.totals = [a + b for a, b in zip(ref.totals, expected)]
            ref.hands += 1
            top = max(ref.totals)
            done = ref.hands >= g.param_values["hands"] and ref.totals.count(top) == 1      # B12
            assert s.over == done, ("B12: 13 hands, then one more while the highest totals tie", ref.totals)
            assert list(s.totals) == ref.totals
            if not done:
                ref.new_hand()
    winners = [i for i, v in enumerate(s.totals) if v == max(s.totals)]
    assert len(winners) == 1 and not s.aborted


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_B3_B12_whole_games_agree_with_the_rules_move_by_move(case):
    """B2-B12 and BV1-BV3, each variant and the params' other values: random games and a heuristic game
    followed by the referee, which restates the mover, every legal move, each trick and each hand's points."""
    variant, variants, sets = case
    g = load("batak", variants, sets)
    for seed in range(1, 9):
        follow(g, variant, seed)
    for seed in (5, 6):
        follow(g, variant, seed, "heuristic")


def test_BV3_gommeli_with_four_players_is_the_defineli_form():
    """BV3: the 4-player Defineli form is the same file with 4 players: 12 cards each, 4 aside."""
    g = load("batak", ["gommeli"], [], 4)
    follow(g, "gommeli", 3)
    s = new_game(g, 3)
    t = Table(g, s)
    assert [len(t.zone("hand", p)) for p in range(4)] == [12] * 4 and len(t.zone("gomu")) == 4


def test_B1_B2_the_deal_the_seats_and_who_bids_first():
    """B1: 52 cards, 13 each, each for themselves. B2: Zeynep deals first, so you are dealt first and bid
    first; the deal passes to the right, so you deal the second hand and Elif bids first."""
    g = load("batak")
    assert g.deck.size == 52 and g.teams == [[0], [1], [2], [3]]
    assert g.seats["en"] == ["You", "Elif", "Can", "Zeynep"]       # turn order: anticlockwise, to the right
    s = new_game(g, 4)
    t = Table(g, s)
    assert t.var("dealer") == 3 and s.me == 0
    assert [len(t.zone("hand", p)) for p in range(4)] == [13] * 4 and not t.zone("stock")
    rng = random.Random(4)
    while s.rounds_played == 0:
        apply(s, rng.choice(legal_moves(s)))
    assert t.var("dealer") == 0 and s.me == 1


def test_B4_everyone_passes_and_the_dealer_is_stuck_at_the_stuck_bid():
    """B4: if all four pass, the dealer is the declarer with a bid of 4 and names the trump (B5)."""
    for variants, stuck in (([], 4), (["esli"], 7)):
        g = load("batak", variants)
        s = new_game(g, 6)
        t = Table(g, s)
        passing = next(m for m in legal_moves(s) if move_name(g, m) == "pass")
        for _ in range(4):
            apply(s, passing)
        assert t.var("declarer") == 3 and t.var("contract") == stuck and s.me == 3
        names = sorted(s2 for s2 in (move_name(g, m) for m in legal_moves(s)))
        assert names == ["name_trump"] * 4, "B5: the declarer names one of the four suits"


def test_B3_a_pass_is_final_and_a_bid_must_be_higher():
    """B3: a player who passed is not asked again; a bid not above the current one is refused, saying why."""
    g = load("batak")
    s = new_game(g, 8)
    t = Table(g, s)
    bid = next(i for i, m in enumerate(g.moves) if m.name == "bid")
    apply(s, (bid, (6,)))                                             # You bid 6
    why = refusal(s, bid, (6,))                                       # Elif may not bid 6 again
    assert why is not None and why.rule == "B3"
    assert refusal(s, bid, (3,)).rule == "B3"                         # below the lowest bid
    passing = next(m for m in legal_moves(s) if move_name(g, m) == "pass")
    apply(s, passing)                                                 # Elif passes
    apply(s, (bid, (7,)))                                             # Can bids 7
    apply(s, passing)                                                 # Zeynep passes
    assert s.me == 0, "B3: Elif passed and is skipped: back to you"
    apply(s, passing)                                                 # You pass: Can is the declarer
    assert t.var("declarer") == 2 and t.var("contract") == 7 and s.me == 2


def _play_until(g, seed: int, wanted) -> tuple:
    """Random play until a position where some card of the mover's hand is refused by the rule `wanted`."""
    s = new_game(g, seed)
    rng = random.Random(seed)
    play = next(i for i, m in enumerate(g.moves) if m.name == "play")
    while not s.over:
        t = Table(g, s)
        if t.var("phase") == 3:
            for c in t.zone("hand", s.me):
                why = refusal(s, play, (c,))
                if why is not None and why.rule == wanted:
                    return s, c, why
        apply(s, rng.choice(legal_moves(s)))
    raise AssertionError(f"no refusal by {wanted}")


@pytest.mark.parametrize("rule", ["B7", "B8", "B9", "B10"])
def test_B7_B10_a_refused_card_says_which_rule_and_why(rule):
    """B7 trumps not led until broken, B8 follow suit, B9 trump when void, B10 beat the table's card: a card
    refused names its rule and says why in both languages, and the rule's reading agrees."""
    g = load("batak")
    s, card, why = _play_until(g, 11, rule)
    t = Table(g, s)
    suit, trump = g.deck.suit, t.var("trump")
    trick, hand = t.zone("trick"), t.zone("hand", s.me)
    assert why.why["en"] and why.why["tr"]
    if rule == "B7":
        assert not trick and suit[card] == trump and t.var("broken") == 0 and any(suit[c] != trump for c in hand)
    elif rule == "B8":
        assert trick and suit[card] != suit[trick[0]] and any(suit[c] == suit[trick[0]] for c in hand)
    elif rule == "B9":
        led = suit[trick[0]]
        assert not any(suit[c] == led for c in hand) and suit[card] != trump and any(suit[c] == trump for c in hand)
    else:
        ref = Referee(g, "base")
        ref.trump = trump
        ref.trick = [(-1, c) for c in trick]
        assert not ref.beats(card) and any(ref.beats(c) for c in ref.playable(hand))


def test_BV1_koz_maca_spades_are_trump_and_the_dealer_s_right_leads():
    """BV1: no auction, spades trump from the deal; calls from the dealer's right; the same seat leads."""
    g = load("batak", ["koz-maca"])
    s = new_game(g, 9)
    t = Table(g, s)
    assert t.var("trump") == 0 and {move_name(g, m) for m in legal_moves(s)} == {"call"}
    call = next(i for i, m in enumerate(g.moves) if m.name == "call")
    for seat in (0, 1, 2, 3):
        assert s.me == seat
        apply(s, (call, (3,)))
    assert t.var("phase") == 3 and s.me == 0


def test_BV3_buried_cards_score_for_nobody_and_a_hand_is_16_tricks():
    """BV3: the declarer buries 4 cards face down (seen by the declarer alone); the 48 others make 16 tricks."""
    from kural.interpreter.view import view
    g = load("batak", ["gommeli"])
    s = new_game(g, 12)
    rng = random.Random(12)
    while s.rounds_played == 0:
        t = Table(g, s)
        if t.var("phase") == 3 and not t.zone("trick") and all(len(t.zone("hand", p)) == 16 for p in range(3)):
            d = t.var("declarer")
            assert len(t.zone("buried", d)) == 4
            for seat in range(3):
                z = next(z for z in view(s, seat)["zones"] if z.name == "buried" and z.owner == d)
                assert (z.cards is not None) == (seat == d)
        apply(s, rng.choice(legal_moves(s)))
    assert sum(s.sheets[-1]["tricks"]) == 16


def test_B12_equal_highest_totals_play_one_more_hand_at_a_time():
    """B12: after the hands of the game, equal highest totals play one more hand, and another, until they
    differ (here a game of one hand, `hands=1`, so that ties are common)."""
    g = load("batak", [], ["hands=1"])
    extra = 0
    for seed in range(1, 60):
        s = new_game(g, seed)
        rng = random.Random(seed)
        while not s.over:
            apply(s, rng.choice(legal_moves(s)))
        for i, sheet in enumerate(s.sheets):
            totals = sheet["totals"]
            tied = totals.count(max(totals)) > 1
            assert tied == (i < len(s.sheets) - 1), (seed, i, totals)
        extra += len(s.sheets) - 1
    assert extra > 0, "some game went past its hands on a tie"
