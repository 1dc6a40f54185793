"""Fanti, rule by rule (RULES.md section 2: N1-N15, variants capture-optional,
tie-shared and guardian-takes-guardians).

Every test names the rule it checks. Expected values come from the rule
text, restated here as small brute-force definitions (rule_captures,
rule_moves, rule_points), never from what the engine happened to print.
Positions for single-rule tests are built by placing cards directly
(fanti_support.position); whole games check the rules at every turn.
"""
from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fanti_support import (FULL_DECK, PLAYERS, VARIANT_COMBOS, codes, dealer, discard_id,  # noqa: E402
                           find_play, game, hand_codes, hand_id, last_capturer, legal_set, pile_codes,
                           pile_id, play_game, position, ref, stock_id, table_codes, table_id)

from kural.dsl.errors import RuleError  # noqa: E402
from kural.dsl.loader import load  # noqa: E402
from kural.interpreter import record  # noqa: E402
from kural.interpreter.engine import apply, new_game, result  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402
from kural.interpreter.view import view  # noqa: E402

SEEDS = range(1, 9)
VALUE = {r: i + 1 for i, r in enumerate("A23456789T")}     # N6: A-10 are worth 1-10
TARGET = 11
DEALS_PER_ROUND = {2: 6, 3: 4, 4: 3}                        # N3


def ids(variants):
    return "+".join(variants) or "base"


# ----------------------------------------------------- the rules, restated
def is_number(code: str) -> bool:
    return code[0] in VALUE


def subsets_summing(cards: list[str], total: int) -> list[list[str]]:
    """Every non-empty subset of the number `cards` whose values add up to `total`."""
    if total <= 0:
        return []
    out = []

    def grow(i, picked, left):
        if left == 0:
            out.append(list(picked))
            return
        for j in range(i, len(cards)):
            v = VALUE[cards[j][0]]
            if v <= left:
                picked.append(cards[j])
                grow(j + 1, picked, left - v)
                picked.pop()
    grow(0, [], total)
    return out


def rule_captures(played: str, table, guardian_takes_guardians=False) -> set[frozenset]:
    """The captures `played` may make on `table`, from the rule text.

    N6: a number card takes any set of table number cards making 11 with it.
    N7: an Ace may instead take one Ace. N8: a Scout (Q) takes one Scout, a
    Mystic (K) one Mystic; neither counts in sums. N9: a Guardian (J) takes
    every number card at once (N11 variant: the Guardians on the table too).
    """
    table = list(table)
    numbers = [c for c in table if is_number(c)]
    if played[0] == "J":
        catch = numbers + ([c for c in table if c[0] == "J"] if guardian_takes_guardians else [])
        return {frozenset(catch)} if catch else set()
    if played[0] in "QK":
        return {frozenset([c]) for c in table if c[0] == played[0]}
    out = {frozenset(sub) for sub in subsets_summing(numbers, TARGET - VALUE[played[0]])}
    if played[0] == "A":
        out |= {frozenset([c]) for c in table if c[0] == "A"}
    return out


def rule_moves(hand, table, optional=False, guardian_takes_guardians=False) -> set[tuple[str, frozenset]]:
    """N5, N10, N11: one card from the hand with one of its captures; with no capture the card stays
    on the table (the empty capture); capture-optional: the empty capture is always allowed."""
    out = set()
    for c in hand:
        caps = rule_captures(c, table, guardian_takes_guardians)
        out |= {(c, cap) for cap in caps}
        if optional or not caps:
            out.add((c, frozenset()))
    return out


def rule_points(piles, tie="none") -> list[int]:
    """N14 on the piles after N13: most cards +2, most Yaprak (spades) +1, 2S +1, TD +1.
    A tie scores nobody (tie-shared: every tied player). Decision shared with the reference
    checker: with no card of that kind taken by anybody there is no "most"."""
    points = [0] * len(piles)
    for worth, counts in ((2, [len(p) for p in piles]), (1, [sum(c[1] == "S" for c in p) for p in piles])):
        top = max(counts)
        leaders = [seat for seat, n in enumerate(counts) if n == top]
        if top > 0 and (len(leaders) == 1 or tie == "all"):
            for seat in leaders:
                points[seat] += worth
    for seat, pile in enumerate(piles):
        points[seat] += ("2S" in pile) + ("TD" in pile)
    return points


def rule_winners(totals) -> list[int]:
    """N15: the highest totals win; equal totals share the win."""
    return [seat for seat, t in enumerate(totals) if t == max(totals)]


def flags(variants):
    return {"optional": "capture-optional" in variants,
            "guardian_takes_guardians": "guardian-takes-guardians" in variants}


def whole_deck_in_play(g, s):
    every = [c for z in s.zones for c in z]
    return len(every) == len(set(every)) == 52 and set(codes(g, every)) == FULL_DECK


# ------------------------------------------------------------------- N1
@pytest.mark.parametrize("players", PLAYERS)
def test_N1_two_three_or_four_players_each_for_themselves(players):
    """N1: 2, 3 and 4 players are accepted; each seat has its own hand and its own pile."""
    g = game(players=players)
    assert g.players == players
    s = new_game(g, 1)
    assert [len(s.zones[hand_id(g, seat)]) for seat in range(players)] == [4] * players
    assert [len(s.zones[pile_id(g, seat)]) for seat in range(players)] == [0] * players
    _, s = play_game(g, 1)
    assert len(result(s)["scores"]) == players


def test_N1_four_players_by_default():
    """N1: without --players the game has four seats."""
    assert load("fanti").players == 4


@pytest.mark.parametrize("players", [1, 5])
def test_N1_one_or_five_players_refused_naming_players(players):
    """N1: 1 and 5 players are refused with an error that names --players and the allowed counts."""
    with pytest.raises(RuleError) as err:
        load("fanti", players=players)
    text = str(err.value)
    assert "--players" in text
    assert "2, 3, 4" in text and str(players) in text


# ------------------------------------------------------------------- N2
@pytest.mark.parametrize("players", PLAYERS)
def test_N2_five_rounds_by_default(players):
    """N2: a game is 5 rounds: five scoring sheets, five rows of round points, then the game is over."""
    g = game(players=players)
    for seed in SEEDS[:3]:
        rec, s = play_game(g, seed)
        assert s.over and not s.aborted
        assert s.rounds_played == 5 and len(s.sheets) == 5
        assert len(rec["result"]["rounds"]) == 5
        assert legal_moves(s) == []
        assert len(s.history) == 5 * 48       # every card but the 4 first on the table is played, each round


def test_N2_set_rounds_3_gives_three_rounds():
    """N2 with --set rounds=3: three rounds, and the record names the parameter."""
    g = game(sets=("rounds=3",), players=3)
    rec, s = play_game(g, 4)
    assert s.rounds_played == 3 and len(rec["result"]["rounds"]) == 3 and len(s.history) == 3 * 48
    assert rec["params"]["rounds"] == 3


@pytest.mark.parametrize("players", PLAYERS)
def test_N2_N3_each_round_starts_with_the_whole_deck_4_on_the_table_4_each(players):
    """N2/N3: at the start of every round the whole deck is in play again (piles and discard empty),
    the table holds 4 cards face up, each hand 4, and the stock the rest, 52 - 4 - 4n."""
    g = game(players=players)
    starts = []

    def check(s, moves):
        if not starts or s.rounds_played != starts[-1]:
            starts.append(s.rounds_played)
            assert whole_deck_in_play(g, s)
            assert len(s.zones[table_id(g)]) == 4
            assert [len(s.zones[hand_id(g, seat)]) for seat in range(players)] == [4] * players
            assert len(s.zones[stock_id(g)]) == 52 - 4 - 4 * players
            assert all(not s.zones[pile_id(g, seat)] for seat in range(players))
            assert not s.zones[discard_id(g)]
    for seed in SEEDS[:3]:
        starts.clear()
        play_game(g, seed, on_state=check)
        assert starts == [0, 1, 2, 3, 4]


def test_N2_rounds_are_shuffled_anew():
    """N2: each round uses the whole deck shuffled again: the round deals of one game differ."""
    g = game()
    rec, _ = play_game(g, 3)
    deals = [(tuple(rec["deal"]["zones"]["table"]), tuple(map(tuple, rec["deal"]["hands"])))]
    for e in rec["moves"]:
        if "deal" in e and "table" in e["deal"]["zones"]:
            deals.append((tuple(e["deal"]["zones"]["table"]), tuple(map(tuple, e["deal"]["hands"]))))
    assert len(deals) == 5 and len(set(deals)) == 5


# ------------------------------------------------------------------- N3
@pytest.mark.parametrize("players", PLAYERS)
def test_N3_deals_per_round_6_4_3(players):
    """N3: 4 more each whenever every hand is empty, until the deck is used up: 6 deals a round
    for 2 players, 4 for 3, 3 for 4 (a deal is a turn at which every hand holds 4 cards)."""
    g = game(players=players)
    for seed in SEEDS[:3]:
        deals = [0] * 5

        def count(s, moves):
            if all(len(s.zones[hand_id(g, seat)]) == 4 for seat in range(players)):
                deals[s.rounds_played] += 1
        play_game(g, seed, on_state=count)
        assert deals == [DEALS_PER_ROUND[players]] * 5


@pytest.mark.parametrize("players", PLAYERS)
def test_N3_more_cards_only_when_every_hand_is_empty(players):
    """N3: a move that leaves a card in some hand deals nothing; the move that empties the last hand
    (stock not empty) gives every hand 4 cards from the stock. No turn ever starts with an empty hand."""
    g = game(players=players)

    def check(before, move, s):
        if s.rounds_played != before.rounds_played:
            return
        held = sum(len(before.zones[hand_id(g, seat)]) for seat in range(players))
        stock_before = len(before.zones[stock_id(g)])
        if held > 1:
            assert len(s.zones[stock_id(g)]) == stock_before
            assert sum(len(s.zones[hand_id(g, seat)]) for seat in range(players)) == held - 1
        else:
            assert stock_before > 0      # with an empty stock the round would have ended (N13)
            assert [len(s.zones[hand_id(g, seat)]) for seat in range(players)] == [4] * players
            assert len(s.zones[stock_id(g)]) == stock_before - 4 * players
        assert s.zones[hand_id(g, s.me)], "a turn starts with an empty hand"
    for seed in SEEDS[:3]:
        play_game(g, seed, on_move=check)


def test_N3_redeal_one_card_at_a_time_from_the_top_starting_after_the_dealer():
    """N3 (the order the reference checker decides): the re-deal gives one card at a time from the
    top of the stock, starting with the player after the dealer, four times round."""
    for players in PLAYERS:
        g = game(players=players)
        seen = 0

        def check(before, move, s):
            nonlocal seen
            if s.rounds_played != before.rounds_played or any(before.zones[hand_id(g, p)] != [] for p in
                                                              range(players) if p != before.me):
                return
            if len(before.zones[hand_id(g, before.me)]) != 1 or not before.zones[stock_id(g)]:
                return
            stock = list(before.zones[stock_id(g)])
            first = (dealer(g, before) + 1) % players
            want = {p: [] for p in range(players)}
            for _ in range(4):
                for k in range(players):
                    want[(first + k) % players].append(stock.pop())
            for p in range(players):
                assert sorted(s.zones[hand_id(g, p)]) == sorted(want[p])
            seen += 1
        play_game(g, 2, on_move=check)
        assert seen == 5 * (DEALS_PER_ROUND[players] - 1)


def test_N3_hands_are_private_and_the_table_face_up():
    """N3: a player sees their own hand and the table; of the other hands only how many cards."""
    g = game(players=3)
    s = new_game(g, 5)
    zones = view(s, 1)["zones"]
    hands = {z.owner: z for z in zones if z.name == "hand"}
    assert codes(g, hands[1].cards) == hand_codes(g, s, 1)
    assert hands[0].cards is None and hands[2].cards is None
    assert hands[0].count == hands[2].count == 4
    table = next(z for z in zones if z.name == "table")
    assert sorted(codes(g, table.cards)) == sorted(table_codes(g, s)) and len(table.cards) == 4
    assert next(z for z in zones if z.name == "stock").cards is None


# ------------------------------------------------------------------- N4
@pytest.mark.parametrize("players", PLAYERS)
def test_N4_player_after_the_dealer_leads_and_the_dealer_moves_on(players):
    """N4: each round the player after the dealer leads; next round the dealer moves one seat on,
    so last round's first player deals and the lead moves one seat on too."""
    g = game(players=players)
    firsts, dealers = [], []

    def check(s, moves):
        if len(firsts) == s.rounds_played:
            firsts.append(s.me)
            dealers.append(dealer(g, s))
    play_game(g, 7, on_state=check)
    assert len(firsts) == 5
    for r in range(5):
        assert firsts[r] == (dealers[r] + 1) % players
    for r in range(4):
        assert dealers[r + 1] == firsts[r]
        assert firsts[r + 1] == (firsts[r] + 1) % players
    assert firsts[0] == 0      # the first dealer is the last seat, so "You" (seat 0) leads round 1


@pytest.mark.parametrize("players", PLAYERS)
def test_N4_play_goes_in_seat_order(players):
    """N4: within a round (across re-deals too) every move is by the seat after the previous mover."""
    g = game(players=players)

    def check(before, move, s):
        if not s.over and s.rounds_played == before.rounds_played:
            assert s.me == (before.me + 1) % players
    for seed in SEEDS[:3]:
        play_game(g, seed, on_move=check)


# ------------------------------------------------------------------- N5
@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=ids)
def test_N5_a_turn_is_one_card_from_the_hand(variants):
    """N5: every legal move plays one card of the mover's hand; afterwards that card has left the hand
    (to the table or the mover's pile) and every other hand is as it was (unless a re-deal came)."""
    g = game(variants)

    def check(before, move, s):
        _, (played, taken) = move
        me = before.me
        assert played in before.zones[hand_id(g, me)]
        if sum(len(before.zones[hand_id(g, p)]) for p in range(g.players)) == 1:
            return      # the last card of a deal: a re-deal or a new round follows (N3)
        assert sorted(s.zones[hand_id(g, me)]) == sorted(c for c in before.zones[hand_id(g, me)] if c != played)
        assert s.where[played] in (table_id(g), pile_id(g, me))
        for p in range(g.players):
            if p != me:
                assert s.zones[hand_id(g, p)] == before.zones[hand_id(g, p)]
    play_game(g, 3, on_move=check)


# ------------------------------------------------------------------- N6
def test_N6_examples_subsets_making_11():
    """N6: a 7 on [4H 2C 2D 9S QH] takes 4H, or 2C+2D (7+4, 7+2+2); 9S and QH are in no capture."""
    g = game()
    s = position(g, 0, ["4H", "2C", "2D", "9S", "QH"], ["7C"])
    assert legal_set(g, s) == {("7C", frozenset({"4H"})), ("7C", frozenset({"2C", "2D"}))}


def test_N6_ten_takes_an_ace_and_sums_use_several_cards():
    """N6: a 10 takes an Ace (10+1); a 2 on [4H 5C 3D 6S AH] takes 4+5, 3+6 or 5+3+1: every subset
    that makes 11, each as its own move."""
    g = game()
    s = position(g, 1, ["AS", "5H"], ["TC"])
    assert legal_set(g, s) == {("TC", frozenset({"AS"}))}
    s = position(g, 1, ["4H", "5C", "3D", "6S", "AH"], ["2C"])
    # 2+4+5, 2+3+6, 2+5+3+1 make 11; 2+4+3+1 (10) and 2+6+1 (9) do not
    assert legal_set(g, s) == {("2C", frozenset(x)) for x in [{"4H", "5C"}, {"3D", "6S"}, {"5C", "3D", "AH"}]}


def test_N6_no_subset_no_capture():
    """N6: an 8 on [9H TC KD] has nothing making 11 (8+3 is not there): it only stays on the table."""
    g = game()
    s = position(g, 2, ["9H", "TC", "KD"], ["8S"])
    assert legal_set(g, s) == {("8S", frozenset())}


def _random_position(rng, g):
    deck = sorted(FULL_DECK)
    rng.shuffle(deck)
    n_table = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 10, 14, 20])
    n_hand = rng.randint(1, 4)
    return deck[:n_table], deck[n_table:n_table + n_hand]


@pytest.mark.parametrize("variants", [(), ("capture-optional",), ("guardian-takes-guardians",),
                                      ("capture-optional", "guardian-takes-guardians")], ids=ids)
def test_N6_to_N11_legal_moves_equal_the_brute_force_on_random_positions(variants):
    """N6-N11: on 400 random positions (tables of 0 to 20 cards), the legal moves are exactly the
    (card, capture) pairs of the restated rules, each offered once."""
    g = game(variants)
    rng = random.Random(f"fanti-N6-{ids(variants)}")
    saw_several = saw_none = 0
    for _ in range(400):
        table, hand = _random_position(rng, g)
        me = rng.randrange(4)
        s = position(g, me, table, hand)
        moves = legal_moves(s)
        want = rule_moves(hand, table, **flags(variants))
        got = legal_set(g, s)
        assert got == want, (hand, table)
        assert len(moves) == len(got), "a move offered twice"
        saw_several += any(len(rule_captures(c, table, flags(variants)["guardian_takes_guardians"])) > 1
                           for c in hand)
        saw_none += any(not rule_captures(c, table) for c in hand)
    assert saw_several > 50 and saw_none > 50, "the positions did not cover both situations"


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=ids)
def test_N6_to_N11_legal_moves_at_every_turn_of_played_games(variants, players):
    """N5-N11 over whole games: at every turn the legal moves are exactly the restated rules' moves."""
    g = game(variants, players=players)
    f = flags(variants)

    def check(s, moves):
        hand, table = hand_codes(g, s, s.me), table_codes(g, s)
        assert legal_set(g, s) == rule_moves(hand, table, **f), (hand, table)
        assert len(moves) == len(legal_set(g, s))
    for seed, bot in [(11 + players, "random"), (21 + players, "heuristic")]:
        play_game(g, seed, bot, on_state=check)


# ------------------------------------------------------------------- N7
def test_N7_ace_takes_one_ace_or_makes_11():
    """N7: an Ace takes one Ace (either of two, never both), or by N6 5+5 (1+5+5 = 11)."""
    g = game()
    s = position(g, 0, ["AH", "AD", "5C", "5S"], ["AS"])
    assert legal_set(g, s) == {("AS", frozenset({"AH"})), ("AS", frozenset({"AD"})),
                               ("AS", frozenset({"5C", "5S"}))}


def test_N7_ace_pair_and_ace_in_a_sum_are_both_offered():
    """N6/N7: an Ace on [AH 9C] may take AH alone (its pair) or AH+9C (1+1+9 = 11)."""
    g = game()
    s = position(g, 3, ["AH", "9C"], ["AC"])
    assert legal_set(g, s) == {("AC", frozenset({"AH"})), ("AC", frozenset({"AH", "9C"}))}


def test_N7_only_an_ace_takes_its_pair():
    """N7 is for Aces only: a 2 does not take a 2, a 5 not a 5 (they make 4 and 10, not 11)."""
    g = game()
    s = position(g, 0, ["2H", "5D"], ["2C", "5S"])
    assert legal_set(g, s) == {("2C", frozenset()), ("5S", frozenset())}


def test_N7_N10_ace_pair_offered_once_when_it_is_also_a_sum():
    """N7/N10 with --set target=2: an Ace on [AH 9C] may take AH (as a pair, and as a sum 1+1 = 2);
    it is one capture, so it must be one legal move, not two identical ones."""
    g = game(sets=("target=2",))
    s = position(g, 0, ["AH", "9C"], ["AS"])
    assert legal_set(g, s) == {("AS", frozenset({"AH"}))}
    assert len(legal_moves(s)) == 1


# ------------------------------------------------------------------- N8
def test_N8_scout_takes_one_scout_only():
    """N8: a Scout (Q) on [QH QD KS 5C 6C] takes QH or QD, one of them, and nothing else."""
    g = game()
    s = position(g, 0, ["QH", "QD", "KS", "5C", "6C"], ["QS"])
    assert legal_set(g, s) == {("QS", frozenset({"QH"})), ("QS", frozenset({"QD"}))}


def test_N8_mystic_takes_one_mystic_only():
    """N8: a Mystic (K) on [KH QD 5C] takes KH; on [QD 5C 6C] it takes nothing and stays."""
    g = game()
    s = position(g, 1, ["KH", "QD", "5C"], ["KS"])
    assert legal_set(g, s) == {("KS", frozenset({"KH"}))}
    s = position(g, 1, ["QD", "5C", "6C"], ["KS"])
    assert legal_set(g, s) == {("KS", frozenset())}


def test_N8_scouts_and_mystics_never_count_in_sums():
    """N8: a 5 on [6C QH KD JS] takes only 6C; on [QH KD JS] it takes nothing, whatever value a
    face might be given (Q as 12, K as 13 or 0, J as 11 or 0 would all change this)."""
    g = game()
    s = position(g, 2, ["6C", "QH", "KD", "JS"], ["5S"])
    assert legal_set(g, s) == {("5S", frozenset({"6C"}))}
    s = position(g, 2, ["QH", "KD", "JS"], ["5S", "TS", "AS"])
    assert legal_set(g, s) == {("5S", frozenset()), ("TS", frozenset()), ("AS", frozenset())}


# ------------------------------------------------------------------- N9
def test_N9_guardian_sweeps_every_number_card_and_leaves_faces():
    """N9: a Guardian (J) takes AS 5H TD 9C at once (whatever their sum), one move only; the Scout,
    the Mystic and the Guardian on the table stay there."""
    g = game()
    table = ["AS", "5H", "TD", "9C", "QC", "KD", "JH"]
    s = position(g, 0, table, ["JS"])
    assert legal_set(g, s) == {("JS", frozenset({"AS", "5H", "TD", "9C"}))}
    apply(s, find_play(g, s, "JS", ["AS", "5H", "TD", "9C"]))
    assert sorted(table_codes(g, s)) == sorted(["QC", "KD", "JH"])
    assert sorted(pile_codes(g, s, 0)) == sorted(["AS", "5H", "TD", "9C", "JS"])


def test_N9_guardian_with_no_number_card_stays_on_the_table():
    """N9/N11: a Guardian on [QC KD JH] has nothing to sweep: it is put on the table."""
    g = game()
    s = position(g, 0, ["QC", "KD", "JH"], ["JS", "KS"])
    assert legal_set(g, s) == {("JS", frozenset()), ("KS", frozenset({"KD"}))}
    apply(s, find_play(g, s, "JS"))
    assert sorted(table_codes(g, s)) == sorted(["QC", "KD", "JH", "JS"])


def test_N11_guardian_takes_guardians_variant_sweeps_guardians_too():
    """N11 variant guardian-takes-guardians (as in Pasur): the sweep takes the table's Guardians
    with the number cards; a table of faces with a Guardian is swept of its Guardian alone."""
    g = game(("guardian-takes-guardians",))
    s = position(g, 0, ["AS", "5H", "QC", "KD", "JH"], ["JS"])
    assert legal_set(g, s) == {("JS", frozenset({"AS", "5H", "JH"}))}
    s = position(g, 0, ["QC", "JH", "JD"], ["JS"])
    assert legal_set(g, s) == {("JS", frozenset({"JH", "JD"}))}
    s = position(g, 0, ["QC", "KD"], ["JS"])
    assert legal_set(g, s) == {("JS", frozenset())}
    base = game()
    s = position(base, 0, ["QC", "JH"], ["JS"])
    assert legal_set(base, s) == {("JS", frozenset())}


# ------------------------------------------------------------------ N10
def test_N10_several_captures_are_separate_moves_and_the_player_chooses():
    """N10: a 6 on [5H 2C 3D AS 4S] has several captures (5H; 2C+3D; AS+4S; ...), each its own
    legal move; playing each one takes exactly its cards and leaves the rest."""
    g = game()
    table = ["5H", "2C", "3D", "AS", "4S"]
    s = position(g, 0, table, ["6C"])
    caps = rule_captures("6C", table)
    assert {frozenset({"5H"}), frozenset({"2C", "3D"}), frozenset({"AS", "4S"})} <= caps
    moves = legal_moves(s)
    assert len(moves) == len(caps) == 3
    outcomes = set()
    for move in moves:
        t = s.copy()
        apply(t, move)
        taken = frozenset(codes(g, move[1][1]))
        assert sorted(pile_codes(g, t, 0)) == sorted(taken | {"6C"})
        assert sorted(table_codes(g, t)) == sorted(set(table) - taken)
        outcomes.add(taken)
    assert outcomes == caps


# ------------------------------------------------------------------ N11
def test_N11_forced_a_card_that_can_capture_must_but_another_card_may_be_played():
    """N11 (capture: forced): 7C on [4H] has only its capture, no empty option; KD, which captures
    nothing, may still be played instead and stays on the table."""
    g = game()
    s = position(g, 2, ["4H"], ["7C", "KD"])
    assert legal_set(g, s) == {("7C", frozenset({"4H"})), ("KD", frozenset())}
    apply(s, find_play(g, s, "KD"))
    assert sorted(table_codes(g, s)) == ["4H", "KD"]
    assert pile_codes(g, s, 2) == []


def test_N11_capture_optional_offers_the_empty_option_to_every_card():
    """N11 variant capture-optional: the same position offers 7C with 4H and 7C alone, and KD alone."""
    g = game(("capture-optional",))
    s = position(g, 2, ["4H"], ["7C", "KD"])
    assert legal_set(g, s) == {("7C", frozenset({"4H"})), ("7C", frozenset()), ("KD", frozenset())}
    apply(s, find_play(g, s, "7C"))
    assert sorted(table_codes(g, s)) == ["4H", "7C"] and pile_codes(g, s, 2) == []


def test_N11_card_that_captures_nothing_stays_and_changes_no_capturer():
    """N11: a card put on the table stays there; nobody's pile and the last capturer are unchanged."""
    g = game()
    s = position(g, 1, ["9H", "QC"], ["5D"], piles={3: ["2H", "9S"]}, last=3)
    apply(s, find_play(g, s, "5D"))
    assert sorted(table_codes(g, s)) == ["5D", "9H", "QC"]
    assert [pile_codes(g, s, p) for p in range(4)] == [[], [], [], ["2H", "9S"]]
    assert last_capturer(g, s) == 3


@pytest.mark.parametrize("variants", [(), ("capture-optional",)], ids=ids)
def test_N11_in_played_games_the_empty_option_is_offered_as_the_rule_says(variants):
    """N11 over whole games: under forced, a card is offered without a capture only when it has none;
    under capture-optional, every card in hand is offered without a capture."""
    g = game(variants)
    optional = bool(variants)

    def check(s, moves):
        bare = {g.deck.code[c] for _, (c, taken) in moves if not taken}
        capturing = {g.deck.code[c] for _, (c, taken) in moves if taken}
        hand = set(hand_codes(g, s, s.me))
        if optional:
            assert bare == hand
        else:
            assert bare == hand - capturing
    for seed in SEEDS[:3]:
        play_game(g, seed, on_state=check)


# ------------------------------------------------------------------ N12
def test_N12_captured_cards_and_the_capturing_card_go_to_the_pile():
    """N12: 3D taking 8S from [8S 4C] puts 8S and 3D on seat 1's pile; 4C stays; other piles unchanged;
    seat 1 becomes the last capturer."""
    g = game()
    s = position(g, 1, ["8S", "4C"], ["3D", "KH"], piles={0: ["2H"]}, last=0)
    apply(s, find_play(g, s, "3D", ["8S"]))
    assert sorted(pile_codes(g, s, 1)) == ["3D", "8S"]
    assert table_codes(g, s) == ["4C"]
    assert pile_codes(g, s, 0) == ["2H"] and pile_codes(g, s, 2) == pile_codes(g, s, 3) == []
    assert hand_codes(g, s, 1) == ["KH"]
    assert last_capturer(g, s) == 1


@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=ids)
def test_N12_in_played_games_each_capture_moves_exactly_its_cards_to_the_pile(variants):
    """N12 over whole games: a capture adds exactly the captured cards and the played card to the
    mover's pile and takes them off the table; a card that captures nothing joins the table."""
    g = game(variants)

    def check(before, move, s):
        if s.rounds_played != before.rounds_played:
            return
        me, (played, taken) = before.me, move[1]
        pile_before = before.zones[pile_id(g, me)]
        table_before = before.zones[table_id(g)]
        if taken:
            assert sorted(s.zones[pile_id(g, me)]) == sorted(pile_before + list(taken) + [played])
            assert sorted(s.zones[table_id(g)]) == sorted(c for c in table_before if c not in taken)
            assert last_capturer(g, s) == me
        else:
            assert s.zones[pile_id(g, me)] == pile_before
            assert sorted(s.zones[table_id(g)]) == sorted(table_before + [played])
            assert last_capturer(g, s) == last_capturer(g, before)
        for p in range(g.players):
            if p != me:
                assert s.zones[pile_id(g, p)] == before.zones[pile_id(g, p)]
    play_game(g, 5, on_move=check)


# ------------------------------------------------------------------ N13
def _last(g, me, table, card_code, piles, last):
    """The last turn of a round: `me` holds one card, every other hand and the stock are empty, the
    other cards are in the piles given; the cards not placed go to the last capturer's pile (so the
    position is one a game can reach)."""
    placed = set(table) | {card_code} | {c for p in piles.values() for c in p}
    rest = sorted(FULL_DECK - placed)
    piles = {seat: list(cs) for seat, cs in piles.items()}
    piles.setdefault(last if last >= 0 else 0, []).extend(rest)
    return position(g, me, table, [card_code], piles=piles, stock=[], last=last)


def test_N13_the_table_goes_to_the_last_capturer_at_round_end():
    """N13: the last card (KD, no Mystic on the table) stays; the round ends and the table
    (5H 2S QC and KD) goes to seat 2, the last capturer, not to seat 0 who played last."""
    g = game(sets=("rounds=1",))
    s = _last(g, 0, ["5H", "2S", "QC"], "KD", {1: ["9S"], 2: ["3H", "8H"]}, last=2)
    before = list(s.zones[pile_id(g, 2)])
    apply(s, find_play(g, s, "KD"))
    assert s.over
    assert table_codes(g, s) == []
    assert sorted(pile_codes(g, s, 2)) == sorted(codes(g, before) + ["5H", "2S", "QC", "KD"])
    assert pile_codes(g, s, 0) == [] and pile_codes(g, s, 1) == ["9S"]
    assert s.sheets[0]["prize_one"] == [0, 0, 1, 0]      # 2S came with the table (N14)


def test_N13_a_capture_on_the_last_card_takes_the_rest_too():
    """N13: the last card 6H captures 5H, so seat 0 is now the last capturer and gets 2S and QC too."""
    g = game(sets=("rounds=1",))
    s = _last(g, 0, ["5H", "2S", "QC"], "6H", {2: ["3H", "8H"]}, last=2)
    apply(s, find_play(g, s, "6H", ["5H"]))
    assert s.over and table_codes(g, s) == []
    assert sorted(pile_codes(g, s, 0)) == sorted(["6H", "5H", "2S", "QC"])


@pytest.mark.parametrize("tie", ["none", "all"])
def test_N13_nobody_captured_the_table_is_discarded_and_nobody_scores(tie):
    """N13 (capture-optional, every card left on the table): nobody captured, so the 52 cards are
    discarded; N14: nobody has most cards or most Yaprak (even when ties share) and no prize."""
    g = game(("capture-optional",), sets=("rounds=1", f"tie={tie}"), players=3)
    rec, s = play_game(g, 9, chooser=lambda s, moves: next(m for m in moves if not m[1][1]))
    assert s.over
    assert len(s.zones[discard_id(g)]) == 52 and table_codes(g, s) == []
    assert all(pile_codes(g, s, p) == [] for p in range(3))
    assert s.sheets[0]["points"] == [0, 0, 0] and rec["result"]["scores"] == [0, 0, 0]
    assert rec["result"]["winners"] == [0, 1, 2]           # N15: equal totals share the win
    assert ref.check_record(json.loads(record.dumps(rec))) == []


@pytest.mark.parametrize("players", PLAYERS)
def test_N13_in_played_games_every_card_ends_in_a_pile(players):
    """N13 (forced): somebody always captures, so at each round end the 52 cards are in the piles
    (the sheets' cards add up to 52) and the discard stays empty."""
    g = game(players=players)
    for seed in SEEDS[:3]:
        _, s = play_game(g, seed)
        assert [sum(sheet["cards"]) for sheet in s.sheets] == [52] * 5
        assert not s.zones[discard_id(g)]


# ------------------------------------------------------------------ N14
def _end_round(g, me, table, card_code, piles, last, totals=None):
    s = _last(g, me, table, card_code, piles, last)
    if totals is not None:
        s.totals = list(totals)
    apply(s, find_play(g, s, card_code))
    assert s.over
    return s


def test_N14_most_cards_2_most_yaprak_1_and_the_prizes():
    """N14: seat 1 has the most cards (+2) and the most spades (+1); seat 2 holds 2S (+1) and seat 3
    TD (+1): points 0, 3, 1, 1. With 2S and TD too seat 1 gets all 5 points, which add up."""
    g = game(sets=("rounds=1",), players=4)
    piles = {1: [], 2: ["2S", "3H"], 3: ["TD", "4H"], 0: ["5H"]}
    s = _end_round(g, 0, ["QC"], "KD", piles, last=1)
    got = [sorted(pile_codes(g, s, p)) for p in range(4)]
    assert len(got[1]) > max(len(got[0]), len(got[2]), len(got[3]))
    assert s.sheets[0]["points"] == rule_points(got) == [0, 3, 1, 1]
    s = _end_round(g, 0, ["QC"], "KD", {0: ["5H"], 2: ["3H"], 3: ["4H"]}, last=1)
    assert s.sheets[0]["points"] == [0, 5, 0, 0]
    assert s.sheets[0]["prize_one"] == [0, 1, 0, 0] and s.sheets[0]["prize_two"] == [0, 1, 0, 0]


def test_N14_tie_for_most_cards_and_most_yaprak_scores_nobody_or_all():
    """N14: seats 0 and 1 tie for most cards and for most Yaprak. tie: none (default): nobody scores
    them, only the prizes count. tie-shared: both tied seats score +2 and +1."""
    spades = [r + "S" for r in "A3456789TJQK"]          # 12 spades, 2S aside
    rest = sorted(FULL_DECK - set(spades) - {"2S", "TD", "QH"})
    p0 = spades[:5] + rest[:15]                          # 20 cards, 5 spades
    p1 = spades[5:10] + rest[15:30]                      # 20 cards, 5 spades
    p2 = spades[10:] + rest[30:] + ["2S", "TD"]          # 11 cards, 3 spades (2S among them)
    assert sorted(p0 + p1 + p2 + ["QH"]) == sorted(FULL_DECK)
    for variants, want in [((), [0, 0, 2]), (("tie-shared",), [3, 3, 2])]:
        g = game(variants, sets=("rounds=1",), players=3)
        s = _end_round(g, 2, [], "QH", {0: p0, 1: p1, 2: p2}, last=2)
        piles = [pile_codes(g, s, p) for p in range(3)]
        assert [len(p) for p in piles] == [20, 20, 12]
        assert [sum(c[1] == "S" for c in p) for p in piles] == [5, 5, 3]
        assert s.sheets[0]["points"] == want == rule_points(piles, "all" if variants else "none")


def test_N14_set_tie_all_equals_the_tie_shared_variant():
    """N14: --set tie=all and the tie-shared variant give the same rules (same legal moves, same points)."""
    a, b = game(("tie-shared",)), game(sets=("tie=all",))
    ra, _ = play_game(a, 6)
    rb, _ = play_game(b, 6)
    assert ra["result"] == rb["result"] and ra["params"] == rb["params"]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("variants", [(), ("tie-shared",)], ids=ids)
def test_N14_points_of_random_round_ends_equal_the_restated_rule(variants, players):
    """N13/N14 on 150 random last turns: after the last card and N13, the round's points, and its
    cards / Yaprak / prize fields, are those of the restated rule on the final piles."""
    g = game(variants, sets=("rounds=1",), players=players)
    tie = "all" if variants else "none"
    rng = random.Random(f"fanti-N14-{players}-{tie}")
    for _ in range(150):
        deck = sorted(FULL_DECK)
        rng.shuffle(deck)
        me = rng.randrange(players)
        last_card, table = deck[0], deck[1:1 + rng.randint(0, 6)]
        rest = deck[1 + len(table):]
        piles = {p: [] for p in range(players)}
        cut = sorted(rng.sample(range(len(rest) + 1), players - 1))
        for p, (a, b) in enumerate(zip([0] + cut, cut + [len(rest)])):
            piles[p] = rest[a:b]
        holders = [p for p in range(players) if piles[p]]
        last = rng.choice(holders)
        s = position(g, me, table, [last_card], piles=piles, stock=[], last=last)
        move = rng.choice(legal_moves(s))
        taken = codes(g, move[1][1])
        final = {p: list(piles[p]) for p in range(players)}
        left = list(table)
        if taken:
            final[me] += taken + [last_card]
            left = [c for c in table if c not in taken]
            last = me
        else:
            left.append(last_card)
        final[last] += left
        apply(s, move)
        assert s.over
        got = [sorted(pile_codes(g, s, p)) for p in range(players)]
        assert got == [sorted(final[p]) for p in range(players)]
        want = rule_points([final[p] for p in range(players)], tie)
        sheet = s.sheets[0]
        assert sheet["points"] == want, (final, tie)
        assert sheet["cards"] == [len(final[p]) for p in range(players)]
        assert sheet["leaf"] == [sum(c[1] == "S" for c in final[p]) for p in range(players)]
        assert sheet["prize_one"] == [int("2S" in final[p]) for p in range(players)]
        assert sheet["prize_two"] == [int("TD" in final[p]) for p in range(players)]


def test_N14_four_players_two_tied_for_most_cards():
    """N14 with 4 players: seats 0 and 1 tie with 16 cards; seat 0 alone has the most Yaprak (7);
    2S is seat 2's, TD seat 3's. tie none: 1, 0, 1, 1; tie all: 3, 2, 1, 1."""
    spades = [r + "S" for r in "A3456789TJQK"]
    rest = sorted(FULL_DECK - set(spades) - {"2S", "TD", "QH"})     # 37 cards
    p0 = spades[:7] + rest[:9]
    p1 = spades[7:10] + rest[9:22]
    p2 = spades[10:] + ["2S"] + rest[22:29]
    p3 = ["TD"] + rest[29:]
    assert sorted(p0 + p1 + p2 + p3 + ["QH"]) == sorted(FULL_DECK)
    for tie, want in [("none", [1, 0, 1, 1]), ("all", [3, 2, 1, 1])]:
        g = game(sets=("rounds=1", f"tie={tie}"))
        s = _end_round(g, 3, [], "QH", {0: p0, 1: p1, 2: p2, 3: p3}, last=2)
        piles = [pile_codes(g, s, p) for p in range(4)]
        assert [len(p) for p in piles] == [16, 16, 11, 9]
        assert [sum(c[1] == "S" for c in p) for p in piles] == [7, 3, 3, 0]
        assert s.sheets[0]["points"] == want == rule_points(piles, tie)


@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=ids)
def test_N14_N15_round_points_totals_and_winners_of_played_games(variants):
    """N14/N15 over whole games (3 players): the result's rounds, scores and winners are the reference
    checker's replay, the scores are the sums of the round points, the winners the best totals."""
    g = game(variants, players=3)
    for seed in SEEDS[:4]:
        rec, s = play_game(g, seed)
        rec = json.loads(record.dumps(rec))
        res = rec["result"]
        want = ref.replay_result(rec)
        assert res["rounds"] == want["rounds"] and res["scores"] == want["scores"]
        assert res["scores"] == [sum(r[p] for r in res["rounds"]) for p in range(3)]
        assert res["winners"] == rule_winners(res["scores"])
        assert [sheet["totals"] for sheet in res["round_sheets"]][-1] == res["scores"]


# ------------------------------------------------------------------ N15
@pytest.mark.parametrize("totals, winners", [([3, 9, 4, 0], [1]), ([8, 2, 8, 5], [0, 2]),
                                             ([6, 6, 6, 6], [0, 1, 2, 3])])
def test_N15_highest_total_wins_equal_totals_share(totals, winners):
    """N15: after the last round the highest total wins; equal highest totals share the win. The
    totals before the last round are set so that, with its 5 points for seat 3, they end as given."""
    g = game(sets=("rounds=1",))
    before = [t - (5 if seat == 3 else 0) for seat, t in enumerate(totals)]
    s = _end_round(g, 0, ["QC"], "KD", {0: ["5H"], 1: ["3H"], 2: ["4H"]}, last=3, totals=before)
    assert s.sheets[0]["points"] == [0, 0, 0, 5]
    res = result(s)
    assert res["scores"] == totals
    assert res["winners"] == winners == rule_winners(totals)


# -------------------------------------------------------------- records
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=ids)
def test_records_pass_the_reference_checker_and_replay(variants, players):
    """N1-N15: every bot record (random and heuristic, legal lists included) is valid for the
    independent checker, its result is the one the rules give, and the engine's replay reproduces it."""
    g = game(variants, players=players)
    for seed, bot in [(21, "random"), (22, "heuristic")]:
        rec, s = play_game(g, seed, bot, with_legal=(seed == 21))
        assert not s.aborted
        rec = json.loads(record.dumps(rec))
        assert rec["game"] == "fanti" and rec["variants"] == list(variants) and len(rec["seats"]) == players
        assert ref.check_record(rec) == [], (variants, players, seed)
        _, problems = record.replay(g, rec)
        assert problems == []


def test_records_same_seed_same_bytes():
    """The same seed and rules give the same record, byte for byte, from fresh loads; another seed
    gives another game."""
    def fresh(seed, players=3):
        g = load("fanti", variants=["tie-shared"], players=players)
        rec, _ = play_game(g, seed, "heuristic")
        return record.dumps(rec)
    a = fresh(13)
    assert a == fresh(13)
    assert a != fresh(14)


@pytest.fixture(scope="module")
def a_record():
    g = game(players=2)
    rec, _ = play_game(g, 31)
    return g, json.loads(record.dumps(rec))


def test_records_tampered_capture_is_reported(a_record):
    """N6-N11: a capture with one of its cards left out is not a legal move: replay and the
    reference checker both report it, at that move."""
    g, good = a_record
    rec = copy.deepcopy(good)
    moves = [e for e in rec["moves"] if "deal" not in e]
    n, e = next((i, e) for i, e in enumerate(moves, start=1) if len(e["capture"]) >= 2)
    e["capture"] = e["capture"][:-1]
    _, problems = record.replay(g, rec)
    assert problems and problems[0].startswith(f"move {n}:") and "not legal" in problems[0]
    found = ref.check_record(rec)
    assert found and found[0].split(":")[0] in ("N6", "N6/N7", "N8", "N9", "N11")


def test_records_tampered_capture_of_a_card_not_on_the_table_is_reported(a_record):
    """N6/N12: a capture naming a card that is not on the table is reported by replay."""
    g, good = a_record
    rec = copy.deepcopy(good)
    e = next(e for e in rec["moves"] if "deal" not in e and len(e["capture"]) == 1)
    e["capture"] = ["KS" if e["capture"] != ["KS"] else "KH"]
    _, problems = record.replay(g, rec)
    assert problems and "not legal" in problems[0]
    assert ref.check_record(rec)


def test_records_capture_cards_in_another_order_still_replay(a_record):
    """N6/N9/N12: a capture is a set of table cards; a record listing the same cards in another order
    names the same move, and the reference checker accepts it, so replay must too."""
    g, good = a_record
    rec = copy.deepcopy(good)
    e = next(e for e in rec["moves"] if "deal" not in e and len(e["capture"]) >= 2)
    e["capture"] = e["capture"][::-1]
    assert ref.check_record(rec) == []
    _, problems = record.replay(g, rec)
    assert problems == []


def test_records_tampered_deal_entry_is_reported(a_record):
    """N3: a re-deal entry with two cards swapped between the hands is not the deal the rules give."""
    g, good = a_record
    rec = copy.deepcopy(good)
    k, e = next((k, e) for k, e in enumerate(rec["moves"]) if "deal" in e and not e["deal"]["zones"])
    hands = e["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    _, problems = record.replay(g, rec)
    assert problems and problems[0].startswith(f"entry {k + 1}:") and "deal" in problems[0]
    assert any(p.startswith("N3") for p in ref.check_record(rec))


def test_records_tampered_new_round_deal_is_reported(a_record):
    """N2/N3: a new-round entry whose table is changed is reported by replay."""
    g, good = a_record
    rec = copy.deepcopy(good)
    k, e = next((k, e) for k, e in enumerate(rec["moves"]) if "deal" in e and "table" in e["deal"]["zones"])
    e["deal"]["zones"]["table"][0], e["deal"]["hands"][0][0] = e["deal"]["hands"][0][0], \
        e["deal"]["zones"]["table"][0]
    _, problems = record.replay(g, rec)
    assert problems and problems[0].startswith(f"entry {k + 1}:")
