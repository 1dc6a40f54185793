"""King (Rıfkı), rule by rule (RULES.md section 6: K1-K21 and the variants KV1-KV4).

Every test names the rule it checks. Who declares and deals, which contracts may be named, which cards may be
played, who wins each trick, when a hand ends and what it scores are restated here from the rule text
(`Referee`), never read from what the engine prints: a referee follows whole games move by move, predicting
the seat to move, every legal move, each trick's winner, each hand's end and points, and the game's end and
winners, and the engine must agree.
"""
from __future__ import annotations

import random

import pytest

from kural.dsl.loader import load
from kural.interpreter import game
from kural.interpreter.bots import seat_bots
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves, refusal
from kural.interpreter.reading import move_text

VARIANTS = [(), ("short",), ("el-iptal",), ("free-first-round",), ("rifki-hearts",)]
PENALTIES = ["el", "kupa", "erkek", "kiz", "rifki", "son"]          # K4, in the rule's order (K12-K17)
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
NAMES = {"el": "El almaz", "kupa": "Kupa almaz", "erkek": "Erkek almaz", "kiz": "Kız almaz", "rifki": "Rıfkı",
         "son": "Son iki"}
MEANING = {"el": "no tricks", "kupa": "no hearts", "erkek": "no kings or jacks", "kiz": "no queens",  # K12-K17
           "rifki": "no ♥K", "son": "not the last two tricks"}
SUIT_WORDS = {"spades": ("♠", "spades", "maça"), "hearts": ("♥", "hearts", "kupa"), "diamonds": ("♦", "diamonds", "karo"),
              "clubs": ("♣", "clubs", "sinek")}


def ids(variants) -> str:
    return "+".join(variants) or "base"


def strength(code: str) -> int:
    """K1: the ace high."""
    return {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}.get(code[0]) or int(code[0])


def penalty_card(contract: str, code: str) -> bool:
    """K13-K16: the cards a card contract counts."""
    return {"kupa": code[1] == "H", "erkek": code[0] in "KJ", "kiz": code[0] == "Q",
            "rifki": code == "KH"}.get(contract, False)


def hand_points(p: dict, contract: str, taken: list[str], tricks: int, last_two: int) -> int:
    """K9, K12-K17: a player's points in a hand (the params' values: a --set changes them)."""
    if contract in SUITS:
        return p["trick_points"] * tricks
    return -{"el": p["trick_penalty"] * tricks,
             "kupa": p["heart_penalty"] * sum(c[1] == "H" for c in taken),
             "erkek": p["man_penalty"] * sum(c[0] in "KJ" for c in taken),
             "kiz": p["queen_penalty"] * sum(c[0] == "Q" for c in taken),
             "rifki": p["rifki_penalty"] * ("KH" in taken),
             "son": p["last_two_penalty"] * last_two}[contract]


class Table:
    """A King position by name: zones as card codes, vars by name."""

    def __init__(self, g, s):
        self.g, self.s = g, s

    def codes(self, name: str, owner: int = 0) -> list[str]:
        return [self.g.deck.code[c] for c in self.s.zones[self.g.zone(name).first_id + owner]]

    def var(self, name: str, seat: int = 0):
        v = next(v for v in self.g.vars if v.name == name)
        return self.s.vars[v.slot + seat]


class Referee:
    """A game of King followed from the rules. Before each move it says who must move and every legal move
    (K2, K4-K11, K13, K16, KV2); after it, it plays the move itself: each trick's winner (K8, K9, K10),
    the end of the hand (K15, K18, K19), its points (K9, K12-K17), the quotas (K5, K6) and the next
    declarer and dealer (K2, K3), and at the end the winners (K19, K20)."""

    def __init__(self, g):
        self.g, self.p = g, g.param_values
        self.iptal = any(m.name == "redeal" for m in g.moves)
        self.pen_used, self.trump_used = [0] * 4, [0] * 4
        self.plays = dict.fromkeys(PENALTIES, 0)
        self.hands, self.declarer, self.dealer, self.king = 0, None, 3, None   # K3: Zeynep deals first
        self.totals = [0] * 4
        self.all_hands = 4 * (self.p["penalty_quota"] + self.p["trump_quota"])
        self.seen = {"void": 0, "king": 0, "claims": 0, "ended_early": 0}

    # ---------------------------------------------------------------- a new hand (K2, K3)
    def new_hand(self, t: Table) -> None:
        hands = [t.codes("hand", p) for p in range(4)]
        assert sorted(len(h) for h in hands) == [13] * 4 and len(set(sum(hands, []))) == 52, "K1: 13 each"
        if self.declarer is None:                                        # K2: hand 1
            self.declarer = next(p for p in range(4) if "2D" in hands[p]) if self.p["first_declarer"] == "2D" else 0
        assert t.var("declarer") == self.declarer, "K2: the declarer"
        assert t.var("dealer") == self.dealer, "K3: the dealer"
        self.hand_cards = hands
        self.contract, self.trump, self.phase = None, None, "declare"
        self.trick: list[tuple[int, str]] = []
        self.taken = [[] for _ in range(4)]
        self.tricks, self.last_two = [0] * 4, [0] * 4
        self.broken, self.leader, self.claimants = False, self.declarer, []
        self.ends = None

    # ---------------------------------------------------------------- who moves, and what they may do
    def to_move(self) -> int:
        if self.phase == "declare":
            return self.declarer                                         # K4
        if self.phase == "claims":
            return self.claimants[0]                                     # KV2: in turn to the right
        return (self.leader + len(self.trick)) % 4                       # K8: to the right

    def legal(self) -> set:
        me = self.to_move()
        if self.phase == "declare":
            out = set()
            if self.pen_used[me] < self.p["penalty_quota"]:              # K5
                out |= {("penalty", n) for n in PENALTIES if self.plays[n] < self.p["penalty_max"]}   # K6
            if self.trump_used[me] < self.p["trump_quota"] and (not self.p["first_round_penalty"] or self.hands >= 4):
                out |= {("trump", s) for s in SUITS}                     # K5, K7
            if self.iptal and self.pen_used[me] >= self.p["penalty_quota"] and \
                    all(strength(c) <= 10 for c in self.hand_cards[me]):
                out.add(("redeal",))                                     # KV2
            return out
        if self.phase == "claims":
            return {("redeal",), ("keep",)}                              # KV2
        return {("play", c) for c in self.plays_allowed(me)}

    def plays_allowed(self, me: int) -> list[str]:
        hand, contract = self.hand_cards[me], self.contract
        if not self.trick:                                               # leading: K8, K13, K16
            hearts_only = all(c[1] == "H" for c in hand)
            if contract in ("kupa", "rifki") and not self.broken and not hearts_only:
                return [c for c in hand if c[1] != "H"]
            if contract == "kupa" and not self.broken and self.p["forced_heart_lead"] == "highest":
                return [max(hand, key=strength)]                         # K13: only hearts: the highest
            return hand
        led = self.trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        if follow:                                                       # K8
            if contract in ("erkek", "kiz", "rifki"):                    # K11
                top = max(strength(c) for _, c in self.trick if c[1] == led)
                beaten = [c for c in follow if penalty_card(contract, c) and strength(c) < top]
                if beaten:
                    return beaten
            return follow
        if contract in SUITS:                                            # K9
            trumps = [c for c in hand if c[1] == self.trump]
            if not trumps:
                return hand
            in_trick = [strength(c) for _, c in self.trick if c[1] == self.trump]
            higher = [c for c in trumps if in_trick and strength(c) > max(in_trick)]
            return higher if self.p["overtrump"] and higher else trumps
        if contract in ("kupa", "erkek", "kiz", "rifki"):                # K10
            pens = [c for c in hand if penalty_card(contract, c)]
            if pens:
                return pens
            if contract == "rifki" and self.p["rifki_void_heart"]:       # K16, KV4
                hearts = [c for c in hand if c[1] == "H"]
                if hearts:
                    return hearts
        return hand

    # ---------------------------------------------------------------- a move played
    def play(self, key: tuple) -> None:
        me = self.to_move()
        if key[0] in ("penalty", "trump"):
            self.contract = key[1] if key[0] == "penalty" else SUITS[key[1]]
            if key[0] == "trump":
                self.contract, self.trump = key[1], SUITS[key[1]]
            self.phase = "play"
            if self.iptal and self.contract == "rifki":                  # KV2: the claims, to the right
                order = [(self.declarer + i) % 4 for i in (1, 2, 3)]
                self.claimants = [p for p in order if [c for c in self.hand_cards[p] if c[1] == "H"] in (["KH"], ["AH"])]
                if self.claimants:
                    self.phase = "claims"
            return
        if key[0] == "redeal":
            self.ends = "claim"
            return
        if key[0] == "keep":
            self.claimants.pop(0)
            if not self.claimants:
                self.phase = "play"
            return
        card = key[1]
        self.hand_cards[me].remove(card)
        self.trick.append((me, card))
        if card[1] == "H":
            self.broken = True                                           # K13, K16
        if len(self.trick) < 4:
            return
        led = self.trick[0][1][1]
        trumps = [(s, c) for s, c in self.trick if self.trump and c[1] == self.trump]
        pool = trumps or [(s, c) for s, c in self.trick if c[1] == led]
        winner = max(pool, key=lambda x: strength(x[1]))[0]              # K9, K10
        self.taken[winner] += [c for _, c in self.trick]
        self.tricks[winner] += 1
        if sum(self.tricks) >= 12:                                       # K17: the 12th and 13th
            self.last_two[winner] += 1
        self.trick, self.leader = [], winner                             # K8
        if self.contract in SUITS and self.p["king_tricks"] and self.tricks[winner] >= self.p["king_tricks"]:
            self.ends, self.king = "king", (winner, self.hands + 1)      # K19
        elif self.contract in ("kupa", "erkek", "kiz", "rifki") and \
                not any(penalty_card(self.contract, c) for h in self.hand_cards for c in h):
            self.ends = "taken"                                          # K18
        elif sum(self.tricks) == 13:
            self.ends = "all"

    # ---------------------------------------------------------------- the hand's end
    def end_hand(self, sheet: dict) -> None:
        void = self.ends == "claim" or (self.contract == "kiz" and all(
            sum(c[0] == "Q" for c in self.taken[p]) == 1 for p in range(4)))          # K15, KV2
        if void:
            expected = [0] * 4
            self.seen["void" if self.ends != "claim" else "claims"] += 1
        else:
            expected = [hand_points(self.p, self.contract, self.taken[p], self.tricks[p], self.last_two[p])
                        for p in range(4)]
            self.hands += 1
            if self.contract in SUITS:
                self.trump_used[self.declarer] += 1
            else:
                self.pen_used[self.declarer] += 1
                self.plays[self.contract] += 1
            self.dealer, self.declarer = self.declarer, (self.declarer + 1) % 4   # K2, K3: to the right
        assert sheet["points"] == expected, ("K9, K12-K17", sheet, expected, self.contract)
        assert (sheet["ended"] in ("void", "claim")) == void, "K15: a void hand is said so"
        if not void:
            name = NAMES.get(self.contract) or "koz " + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.trump]
            declarer = (self.declarer - 1) % 4
            assert sheet["contract"] == [name if p == declarer else "" for p in range(4)], "K21: the sheet"
        if self.ends in ("taken", "king"):
            self.seen["ended_early"] += 1
        if self.ends == "king":
            self.seen["king"] += 1
        for p in range(4):
            self.totals[p] += expected[p]


def follow(g, seed: int, bots: str = "random") -> Referee:
    """A whole game followed by the referee, move by move."""
    s = new_game(g, seed)
    players = seat_bots([bots] * 4, seed) if bots != "random" else None
    rng = random.Random(seed)
    ref = Referee(g)
    ref.new_hand(Table(g, s))
    names = [m.name for m in g.moves]
    while not s.over:
        legal = legal_moves(s)
        keys = {(names[m[0]], *[g.deck.code[v] if names[m[0]] == "play" else v for v in m[1]]) for m in legal}
        assert s.me == ref.to_move(), (seed, "the seat to move (K2, K4, K8)", s.me, ref.to_move())
        assert keys == ref.legal(), (seed, ref.contract, ref.trick, ref.hand_cards[s.me],
                                     sorted(keys ^ ref.legal()))
        move = players[s.me].choose(s, legal) if players else rng.choice(legal)
        name = names[move[0]]
        before = s.rounds_played
        apply(s, move)
        ref.play((name, *[g.deck.code[v] if name == "play" else v for v in move[1]]))
        if s.rounds_played != before:
            assert ref.ends is not None, (seed, "the hand ended before the rules end it (K18)")
            ref.end_hand(s.sheets[-1])
            if not s.over:
                ref.new_hand(Table(g, s))
        else:
            assert ref.ends is None, (seed, "the hand must end now", ref.ends)
    assert ref.king is not None or ref.hands == ref.all_hands, "K20: the game is its hands"
    assert s.totals == ref.totals
    res = game.result(s)
    if ref.king is not None:                                             # K19: the King maker alone
        assert res["winners"] == [ref.king[0]] and res["king"][ref.king[0]] == ref.king[1]
    else:                                                                # K20: the highest total(s)
        assert res["winners"] == [p for p in range(4) if ref.totals[p] == max(ref.totals)]
        assert res["came_out"] == [int(t > 0) for t in ref.totals], "K20: çıktı / battı"
        assert res["penalties"] == ref.pen_used and res["trumps"] == ref.trump_used, "K21: the quotas"
        assert all(v == ref.plays[k] for k, v in zip(PENALTIES, (res[f][0] for f in (
            "el_almaz", "kupa_almaz", "erkek_almaz", "kiz_almaz", "rifki", "son_iki")))), "K21: each penalty's plays"
    return ref


@pytest.mark.parametrize("variants", VARIANTS, ids=ids)
def test_K2_K21_whole_games_agree_with_the_rules_move_by_move(variants):
    """K2-K21, every variant: random and heuristic games followed by the referee, which restates from the
    rule text who moves, every legal move, each trick, each hand's end and points, and the winners."""
    g = load("king", list(variants))
    seen = {}
    for seed, bots in [(1, "random"), (2, "random"), (3, "random"), (11, "heuristic"), (12, "heuristic")]:
        for k, v in follow(g, seed, bots).seen.items():
            seen[k] = seen.get(k, 0) + v
    assert seen["ended_early"] > 0, "K18: card contracts end early"


def test_K5_K6_quotas_hold_over_a_full_game():
    """K5, K6: over the 20 hands each player names 3 penalties and 2 trumps, each penalty is played exactly
    twice and trump 8 times."""
    for seed in (4, 5):
        ref = follow(load("king"), seed)
        if ref.king is None:
            assert ref.pen_used == [3] * 4 and ref.trump_used == [2] * 4
            assert all(v == 2 for v in ref.plays.values())


def test_KV1_the_short_game_is_twelve_hands():
    """KV1: 2 penalties and 1 trump each, 12 hands; each penalty at most twice."""
    g = load("king", ["short"])
    ref = follow(g, 6)
    if ref.king is None:
        assert ref.hands == 12 and ref.pen_used == [2] * 4 and ref.trump_used == [1] * 4
        assert max(ref.plays.values()) <= 2


@pytest.mark.parametrize("sets", [["first_declarer=seat0"], ["overtrump=false"], ["forced_heart_lead=any"],
                                  ["king_tricks=6"], ["king_tricks=0"]], ids=lambda x: x[0])
def test_K2_K9_K13_K19_the_decisions_turned(sets):
    """The Decisions of K2 (first_declarer), K9 (overtrump), K13 (forced_heart_lead) and K19 (king_tricks)
    turned the other way: the referee, reading the same params, still agrees move by move."""
    g = load("king", [], sets)
    ref = follow(g, 2, "heuristic")
    follow(g, 3)
    if sets == ["king_tricks=0"]:
        assert ref.king is None, "K19: 0 turns King off"


def test_K15_a_void_queens_hand_is_redealt_and_counts_nowhere():
    """K15: the four queens one to each player: the hand scores nothing, counts in no quota, the same dealer
    deals again and the same declarer names again (the referee checks all of it as it follows)."""
    g = load("king")
    seen = 0
    for seed in range(20, 60):
        seen += follow(g, seed).seen["void"]
        if seen:
            break
    assert seen, "no void Kız almaz hand in 40 random games"


def test_K19_making_King_ends_the_game_and_wins_alone():
    """K19: with king_tricks lowered so that it happens, the game ends at the trick that makes King, and that
    player alone wins (the referee checks the end and the winner)."""
    g = load("king", [], ["king_tricks=7"])
    kings = sum(follow(g, seed, "heuristic").seen["king"] for seed in range(30, 34))
    assert kings > 0


def test_KV2_redeal_claims_are_offered_and_redeal():
    """KV2: in Rıfkı the other players whose only heart is ♥K or ♥A are asked in turn; a claim redeals the hand,
    which counts for nothing (the referee checks who is asked and what a claim does)."""
    g = load("king", ["el-iptal"])
    claims = sum(follow(g, seed, "heuristic").seen["claims"] for seed in range(40, 46))
    assert claims > 0


def _declaring(g, seed: int, want):
    """A position, reached by random play, where the declarer is to name a contract and `want(t)` holds."""
    for n in range(seed, seed + 200):
        s = new_game(g, n)
        rng = random.Random(n)
        while not s.over:
            t = Table(g, s)
            if t.var("phase") == 0 and want(t):
                return s
            apply(s, rng.choice(legal_moves(s)))
    raise AssertionError("no such position")


def _index(g, name: str) -> int:
    return next(i for i, m in enumerate(g.moves) if m.name == name)


def test_K7_K5_K6_refusals_say_why_and_cite_the_rule():
    """K7: trump before the fifth hand is refused, citing K7. K5: a mecburi kozcu's penalty is refused citing
    K5. K6: a penalty played twice already is refused citing K6."""
    g = load("king")
    s = new_game(g, 1)
    check = refusal(s, _index(g, "trump"), ("hearts",))
    assert check.rule == "K7" and "first four hands" in check.why["en"]
    s = _declaring(g, 1, lambda t: t.var("penalties_used", t.var("declarer")) == 3)
    check = refusal(s, _index(g, "penalty"), ("el",))
    assert check.rule == "K5" and "mecburi kozcu" in check.why["en"] and "kozcu" in check.why["tr"]
    s = _declaring(g, 1, lambda t: t.var("played", 4) == 2 and t.var("penalties_used", t.var("declarer")) < 3)
    check = refusal(s, _index(g, "penalty"), ("rifki",))
    assert check.rule == "K6"


def test_K8_K9_K11_play_refusals_cite_their_rule():
    """K8: a card of another suit while holding the suit led is refused citing K8; the other refusals of a
    play cite K9, K10, K11 or K13, each with its reason in both languages."""
    g = load("king")
    rules = set()
    for seed in range(1, 6):
        s = new_game(g, seed)
        rng = random.Random(seed)
        play = _index(g, "play")
        while not s.over:
            legal = legal_moves(s)
            t = Table(g, s)
            if t.var("phase") == 2:
                ok = {m[1][0] for m in legal}
                for c in s.zones[g.zone("hand").first_id + s.me]:
                    if c not in ok:
                        check = refusal(s, play, (c,))
                        assert check is not None and check.why["en"] and check.why["tr"]
                        rules.add(check.rule)
            apply(s, rng.choice(legal))
    assert {"K8", "K9", "K10", "K11", "K13"} <= rules, rules


def test_K4_contracts_are_named_at_the_table_and_kept_by_name_in_records():
    """K4: the contract menu lists the six penalties by name (in English with what each forbids, K12-K17) and
    trump with a suit, in either language; the record keeps the names."""
    g = load("king", [], ["first_round_penalty=false"])
    s = new_game(g, 1)
    legal = legal_moves(s)
    en = {move_text(g, m, "en") for m in legal}
    tr = {move_text(g, m, "tr") for m in legal}
    assert {f"penalty {NAMES[k]} ({MEANING[k]})" for k in PENALTIES} | {"trump hearts", "trump spades"} <= en
    assert {f"ceza {n}" for n in NAMES.values()} | {"koz kupa", "koz maça"} <= tr
    move = next(m for m in legal if g.moves[m[0]].name == "penalty" and m[1] == ("kiz",))
    apply(s, move)
    record = game.record_of(s, ["random"] * 4, with_result=False)
    assert record["moves"][0]["move"] == "penalty" and record["moves"][0]["contract"] == "kiz"


def test_K4_the_contract_named_is_shown_at_the_table_by_its_name():
    """K4: once named, the table says the contract by its name in either language: the penalty (in English
    with what it forbids, K12-K17), or the trump suit by its sign and name; the kind not named says none. A
    new hand starts with neither named."""
    from kural.cli import render
    from kural.interpreter.view import view
    g = load("king", [], ["first_round_penalty=false"])
    names = ["You", "Elif", "Can", "Zeynep"]
    seen = set()
    for seed in range(1, 4):
        s, rng = new_game(g, seed), random.Random(seed)
        while not s.over and len(seen) < 10:
            move = rng.choice(legal_moves(s))
            apply(s, move)
            kind = g.moves[move[0]].name
            if kind not in ("penalty", "trump"):
                continue
            en, tr = (" / ".join(str(x) for x in render.var_lines(g, view(s, 0)["vars"], names, lang))
                      for lang in ("en", "tr"))
            chosen = move[1][0]
            if kind == "penalty":
                assert f"penalty named: {NAMES[chosen]} ({MEANING[chosen]})" in en and "trump: none" in en, en
                assert f"söylenen ceza: {NAMES[chosen]}" in tr and "koz: yok" in tr, tr
            else:
                sign, suit_en, suit_tr = SUIT_WORDS[chosen]
                assert f"trump: {sign} {suit_en}" in en and "penalty named: none" in en, en
                assert f"koz: {sign} {suit_tr}" in tr and "söylenen ceza: yok" in tr, tr
            seen.add(chosen)
    assert seen == set(PENALTIES) | set(SUIT_WORDS), seen
    fresh = " / ".join(str(x) for x in render.var_lines(g, view(new_game(g, 1), 0)["vars"], names, "en"))
    assert "penalty named: none" in fresh and "trump: none" in fresh, fresh


def test_K1_K3_the_deal_and_the_first_declarer():
    """K1: 13 cards each from 52. K2: the holder of ♦2 declares hand 1 and leads. K3: Zeynep (on your left)
    deals it."""
    g = load("king")
    for seed in range(1, 6):
        s = new_game(g, seed)
        t = Table(g, s)
        holder = next(p for p in range(4) if "2D" in t.codes("hand", p))
        assert s.me == holder and t.var("declarer") == holder and t.var("dealer") == 3
    assert g.seats["en"] == ["You", "Elif", "Can", "Zeynep"]
