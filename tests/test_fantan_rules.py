"""Fantan, rule by rule (RULES.md section 1: F1-F9, variants FV1-FV4).

Every test names the rule it checks. Expected values come from the rule
text (restated here as small brute-force definitions), never from what the
engine happened to print. Positions for single-rule tests are built by
placing cards directly (fantan_support.position).
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fantan_support import (FULL_DECK, VARIANT_COMBOS, card, codes, game, hand_codes, hand_id,  # noqa: E402
                            legal_set, pass_of, play_game, play_of, position, rank_of, table_codes,
                            table_id)

from kural.interpreter.bots import make_bot  # noqa: E402
from kural.interpreter.engine import apply, new_game, result  # noqa: E402
from kural.interpreter.legal import legal_moves, refusal  # noqa: E402
from kural.interpreter.view import view  # noqa: E402

SEEDS = range(1, 41)


# ----------------------------------------------------- the rules, restated
def rule_plays(hand, table, start="7D", centre=7):
    """The cards of `hand` that may be played onto `table`, from the rule text.

    F2: the first card of the game is the start card (FV2: with no start
    card, any card of the centre rank). F4: a suit not on the table opens
    only with its 7 (the centre rank). F5: otherwise one step below the
    row's lowest card or one above its highest.
    """
    out = set()
    for c in hand:
        if not table:
            ok = c == start if start else rank_of(c) == centre
        else:
            row = [rank_of(t) for t in table if t[1] == c[1]]
            ok = rank_of(c) == centre if not row else rank_of(c) in (min(row) - 1, max(row) + 1)
        if ok:
            out.add(c)
    return out


def rule_moves(hand, table, start="7D", centre=7, free_pass=False):
    """F6 (and FV4): pass only with nothing playable, or (FV4) whenever
    the table is no longer empty."""
    plays = rule_plays(hand, table, start, centre)
    moves = {("play", (c,)) for c in plays}
    if not plays or (free_pass and table):
        moves.add(("pass", ()))
    return moves


def start_of(variants):
    if "any7" in variants:
        return None
    return "7S" if "maca7" in variants else "7D"


def holder(g, s, code):
    return next(seat for seat in range(g.players) if code in hand_codes(g, s, seat))


# ------------------------------------------------------------------- F1
@pytest.mark.parametrize("variants", VARIANT_COMBOS)
def test_F1_whole_deck_dealt_13_each(variants):
    """F1: 52 cards, 4 players, 13 each: the whole deck is dealt, the stock is empty."""
    g = game(variants)
    assert g.players == 4
    for seed in SEEDS:
        s = new_game(g, seed)
        hands = [codes(g, s.zones[hand_id(g, seat)]) for seat in range(4)]
        assert [len(h) for h in hands] == [13] * 4
        dealt = [c for h in hands for c in h]
        assert len(set(dealt)) == 52 and set(dealt) == FULL_DECK
        assert s.zones[g.zone("stock").first_id] == []
        assert s.zones[table_id(g)] == []


def test_F1_deal_depends_on_the_seed():
    """F1: the deck is shuffled: different seeds give different deals (and a seed its own)."""
    g = game()
    deals = {tuple(tuple(sorted(hand_codes(g, new_game(g, seed), seat))) for seat in range(4))
             for seed in SEEDS}
    assert len(deals) == len(SEEDS)
    again = new_game(g, 7)
    assert [hand_codes(g, again, seat) for seat in range(4)] == \
        [hand_codes(g, new_game(g, 7), seat) for seat in range(4)]


# ------------------------------------------------------------------- F2
def test_F2_holder_of_7D_moves_first_and_must_play_it():
    """F2: the holder of the start card (7D) plays first; the first card of the game is 7D."""
    g = game()
    for seed in SEEDS:
        s = new_game(g, seed)
        assert "7D" in hand_codes(g, s, s.me)
        assert legal_set(g, s) == {("play", ("7D",))}


def test_F2_other_first_cards_are_refused_citing_F2():
    """F2: any other card (and a pass) as the first move is refused, the refusal citing F2."""
    g = game()
    s = new_game(g, 3)
    play = g.move("play").index
    for code in hand_codes(g, s, s.me) - {"7D"}:
        why = refusal(s, play, (card(g, code),))
        assert why is not None and why.rule == "F2", code
        assert why.why["en"] and why.why["tr"]
    assert refusal(s, play, (card(g, "7D"),)) is None
    assert refusal(s, *pass_of(g)) is not None


def test_F2_first_move_in_played_games_is_7D_by_its_holder():
    """F2, over whole games: the first move is 7D by the seat that was dealt it."""
    g = game()
    for seed in SEEDS:
        rec, _ = play_game(g, seed, with_legal=False)
        first = rec["moves"][0]
        assert first["move"] == "play" and first["cards"] == ["7D"]
        assert "7D" in rec["deal"]["hands"][first["seat"]]


# ------------------------------------------------------------------- F3
@pytest.mark.parametrize("variants", [(), ("any7", "free-pass")])
def test_F3_turns_go_clockwise_after_every_move(variants):
    """F3: after every move (play or pass) the turn goes to the next seat clockwise."""
    g = game(variants)
    for seed in SEEDS:
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while True:
            before = s.me
            apply(s, bot.choose(s, legal_moves(s)))
            if s.over:
                break
            assert s.me == (before + 1) % 4
        assert not s.aborted
        seats = [seat for seat, _ in s.history]
        assert all(b == (a + 1) % 4 for a, b in zip(seats, seats[1:]))


def test_F3_default_seats():
    """F3: default seats are You, Zeynep (left), Can (opposite), Elif (right), clockwise from you."""
    g = game()
    assert g.seats["en"] == ["You", "Zeynep", "Can", "Elif"]


# ------------------------------------------------------------------- F4
def test_F4_unopened_suit_opens_only_with_its_7():
    """F4: with only diamonds on the table, hearts open only with 7H; 6H, 8H, AH, KH are refused."""
    g = game()
    s = position(g, 1, ["6D", "7D", "8D"], ["6H", "7H", "8H", "AH", "KH", "5D", "9D", "2C"])
    assert legal_set(g, s) == {("play", ("7H",)), ("play", ("5D",)), ("play", ("9D",))}
    play = g.move("play").index
    for code in ["6H", "8H", "AH", "KH", "2C"]:
        assert refusal(s, play, (card(g, code),)) is not None, code


def test_F4_refusal_of_an_unopened_suit_cites_F4():
    """F4: the refusal of a non-7 of a suit not on the table cites F4 (the rule that forbids it),
    while a gap in an opened suit cites F5."""
    g = game()
    s = position(g, 1, ["6D", "7D", "8D"], ["6H", "8H", "AH", "KH", "2C", "4D"])
    play = g.move("play").index
    assert refusal(s, play, (card(g, "4D"),)).rule == "F5"
    for code in ["6H", "8H", "AH", "KH", "2C"]:
        why = refusal(s, play, (card(g, code),))
        assert why.rule == "F4", f"{code} of an unopened suit is refused under {why.rule}, not F4"


def test_F4_a_6_of_an_unopened_suit_is_refused_with_a_reason():
    """F4: a 6 of a suit not on the table is refused, and the refusal names a rule and says why."""
    g = game()
    s = position(g, 0, ["7D"], ["6S", "7S", "2H"])
    why = refusal(s, g.move("play").index, (card(g, "6S"),))
    assert why is not None
    assert why.rule == "F4" and why.why["en"] and why.why["tr"]
    assert ("play", ("6S",)) not in legal_set(g, s)


@pytest.mark.parametrize("variants", [(), ("any7",), ("maca7", "free-pass")])
def test_F4_every_suit_in_played_games_was_opened_by_its_7(variants):
    """F4, over whole games: the first card of each suit to reach the table is its 7."""
    g = game(variants)
    for seed in SEEDS:
        _, s = play_game(g, seed, with_legal=False)
        first_of_suit = {}
        for _, (index, values) in s.history:
            if g.moves[index].name == "play":
                code = g.deck.code[values[0]]
                first_of_suit.setdefault(code[1], code)
        assert all(c[0] == "7" for c in first_of_suit.values()), first_of_suit


# ------------------------------------------------------------------- F5
def test_F5_issue_example_hearts_5_to_9():
    """F5 (the issue's example): with hearts 5-9 on the table, only 4H or TH of hearts can be played."""
    g = game()
    hearts = ["AH", "2H", "3H", "4H", "TH", "JH", "QH", "KH"]
    s = position(g, 2, ["5H", "6H", "7H", "8H", "9H", "7D"], hearts)
    assert legal_set(g, s) == {("play", ("4H",)), ("play", ("TH",))}
    play = g.move("play").index
    for code in ["AH", "2H", "3H", "JH", "QH", "KH"]:
        why = refusal(s, play, (card(g, code),))
        assert why is not None and why.rule == "F5", code
    assert refusal(s, play, (card(g, "4H"),)) is None
    assert refusal(s, play, (card(g, "TH"),)) is None


def test_F5_rows_grow_one_step_at_a_time():
    """F5: after 4H is played, 3H becomes playable (and 2H still not): one step per card."""
    g = game()
    s = position(g, 0, ["5H", "6H", "7H", "8H", "9H"], ["4H", "3H", "2H", "QS"])
    apply(s, play_of(g, "4H"))
    s.me = 0            # back to the same player, to look at the same hand
    s.cache.clear()
    assert legal_set(g, s) == {("play", ("3H",))}


def test_F5_ace_is_last_down_king_last_up():
    """F5: down to A (nothing below), up to K (nothing above): no wrap from K to A."""
    g = game()
    s = position(g, 0, [r + "C" for r in "23456789TJQ"], ["AC", "KC", "5S"])
    assert legal_set(g, s) == {("play", ("AC",)), ("play", ("KC",))}
    s = position(g, 0, [r + "C" for r in "A23456789TJQ"], ["KC", "5S"])
    assert legal_set(g, s) == {("play", ("KC",))}
    s = position(g, 0, [r + "C" for r in "789TJQK"], ["AC", "6C"])
    assert legal_set(g, s) == {("play", ("6C",))}


@pytest.mark.parametrize("variants", [(), ("any7", "free-pass")])
def test_F5_table_rows_are_always_gapless_runs_through_the_7(variants):
    """F4/F5, over whole games: each suit on the table is one run without gaps that holds its 7."""
    g = game(variants)

    def check(s, moves):
        by_suit = {}
        for c in table_codes(g, s):
            by_suit.setdefault(c[1], set()).add(rank_of(c))
        for suit, ranks in by_suit.items():
            assert 7 in ranks and ranks == set(range(min(ranks), max(ranks) + 1)), (suit, sorted(ranks))
    for seed in SEEDS:
        play_game(g, seed, with_legal=False, on_state=check)


# ------------------------------------------------------------------- F6
def test_F6_pass_refused_while_a_card_is_playable():
    """F6: a player with a playable card must play: pass is not legal, and its refusal cites F6."""
    g = game()
    s = position(g, 3, ["7D"], ["6D", "KS", "2C"])
    assert legal_set(g, s) == {("play", ("6D",))}
    why = refusal(s, *pass_of(g))
    assert why is not None and why.rule == "F6"
    assert why.why["en"] and why.why["tr"]


def test_F6_only_a_player_with_no_playable_card_passes():
    """F6: with nothing playable, passing is the one legal move."""
    g = game()
    s = position(g, 1, ["7D", "8D"], ["5D", "KS", "2C", "6H"])
    assert legal_set(g, s) == {("pass", ())}
    assert refusal(s, *pass_of(g)) is None


def test_F6_player_chooses_which_playable_card():
    """F6: "their choice which": every playable card is offered, not just one."""
    g = game()
    s = position(g, 0, ["6D", "7D", "8D", "7S"], ["5D", "9D", "6S", "8S", "7C", "7H", "KH"])
    assert legal_set(g, s) == {("play", (c,)) for c in ["5D", "9D", "6S", "8S", "7C", "7H"]}


def test_F6_in_played_games_pass_offered_exactly_when_nothing_plays():
    """F6, over whole games: pass is offered iff no play is, and it is taken only then."""
    g = game()

    def check(s, moves):
        names = [g.moves[i].name for i, _ in moves]
        assert ("pass" in names) == ("play" not in names)
    for seed in SEEDS:
        play_game(g, seed, "heuristic", with_legal=False, on_state=check)


# ------------------------------------------------------------------- F7
def test_F7_last_card_ends_the_hand_at_once():
    """F7: the player who plays their last card wins; the hand ends there; scores are cards left."""
    g = game()
    s = position(g, 2, ["7H", "7D"], ["8H"], others={0: ["2S", "3S"], 1: ["KC"]})
    counts = [len(s.zones[hand_id(g, seat)]) for seat in range(4)]
    left3 = hand_codes(g, s, 3)
    apply(s, play_of(g, "8H"))
    assert s.over
    assert legal_moves(s) == []
    res = result(s)
    assert res["winners"] == [2]
    assert res["scores"] == [2, 1, 0, counts[3]]
    assert sorted(res["hands"][0]) == ["2S", "3S"] and res["hands"][1] == ["KC"] and res["hands"][2] == []
    assert set(res["hands"][3]) == left3


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_F7_games_end_when_the_first_hand_empties(bot):
    """F7, over whole games: nobody empties a hand before the end; the last move empties one;
    every seat scores one point per card left."""
    g = game()
    for seed in SEEDS:
        rec, s = play_game(g, seed, bot, with_legal=False)
        held = [set(h) for h in rec["deal"]["hands"]]
        for i, mv in enumerate(rec["moves"]):
            if mv["move"] == "play":
                held[mv["seat"]].discard(mv["cards"][0])
            empties = [seat for seat in range(4) if not held[seat]]
            assert empties == ([] if i < len(rec["moves"]) - 1 else [mv["seat"]])
        last = rec["moves"][-1]
        assert last["move"] == "play"
        assert rec["result"]["winners"] == [last["seat"]]
        assert rec["result"]["scores"] == [len(h) for h in held]
        assert [set(h) for h in rec["result"]["hands"]] == held


# ------------------------------------------------------------------- F8
def test_F8_one_hand_is_played():
    """F8: after the first hand the game is over: no new deal, no legal move, one round played."""
    g = game()
    for seed in SEEDS[:10]:
        _, s = play_game(g, seed, with_legal=False)
        assert s.over and not s.aborted
        assert s.rounds_played == 1
        assert legal_moves(s) == []
        assert s.zones[table_id(g)], "the table was cleared: a second hand was dealt"
        assert any(not s.zones[hand_id(g, seat)] for seat in range(4))


# ------------------------------------------------------------------- F9
@pytest.mark.parametrize("variants", VARIANT_COMBOS)
def test_F9_legal_moves_are_exactly_the_playable_cards(variants):
    """F9 (with F2, F4-F6, FV1, FV2, FV4): at every turn of many games, the moves offered are
    exactly the rule text's playable cards (and pass when F6/FV4 allow it); refusal agrees."""
    g = game(variants)
    start, free = start_of(variants), "free-pass" in variants
    play, pas = g.move("play").index, g.move("pass").index

    def check(s, moves):
        hand, table = hand_codes(g, s, s.me), table_codes(g, s)
        want = rule_moves(hand, table, start, free_pass=free)
        assert legal_set(g, s) == want, (sorted(hand), sorted(table))
        for code in hand:
            assert (refusal(s, play, (card(g, code),)) is None) == (("play", (code,)) in want)
        assert (refusal(s, pas, ()) is None) == (("pass", ()) in want)
    for seed in SEEDS:
        play_game(g, seed, "random" if seed % 2 else "heuristic", with_legal=False, on_state=check)


def test_F9_view_shows_own_hand_and_table_only():
    """F9 (the person's view): seat 0 sees its hand and the table, only counts of other hands."""
    g = game()
    s = new_game(g, 5)
    apply(s, legal_moves(s)[0])
    zones = view(s, 0)["zones"]
    hands = {z.owner: z for z in zones if z.name == "hand"}
    assert set(codes(g, hands[0].cards)) == hand_codes(g, s, 0)
    assert all(hands[seat].cards is None and hands[seat].count == len(s.zones[hand_id(g, seat)])
               for seat in (1, 2, 3))
    table = next(z for z in zones if z.name == "table")
    assert codes(g, table.cards) == ["7D"] and table.layout == "by_suit"
    assert all(z.cards is None for z in zones if z.name == "stock")  # the stock is seen by nobody


# ------------------------------------------------------------------ FV1
def test_FV1_maca7_holder_of_7S_opens_with_7S():
    """FV1: in maca7 the start card is 7S: its holder moves first, and 7S is the only first move."""
    g = game(("maca7",))
    for seed in SEEDS:
        s = new_game(g, seed)
        assert "7S" in hand_codes(g, s, s.me)
        assert legal_set(g, s) == {("play", ("7S",))}


def test_FV1_maca7_refuses_7D_first():
    """FV1 (with F2): 7D no longer opens the game."""
    g = game(("maca7",))
    s = new_game(g, 1)
    other = holder(g, s, "7D")
    s.me = other
    s.cache.clear()
    why = refusal(s, g.move("play").index, (card(g, "7D"),))
    assert why is not None and why.rule == "F2"


# ------------------------------------------------------------------ FV2
def test_FV2_any7_seat_0_moves_first_with_any_7():
    """FV2: seat 0 moves first; its legal first moves are its 7s, or pass if it has none."""
    g = game(("any7",))
    saw_pass = saw_several = False
    for seed in range(1, 61):
        s = new_game(g, seed)
        assert s.me == 0
        sevens = {c for c in hand_codes(g, s, 0) if c[0] == "7"}
        want = {("play", (c,)) for c in sevens} or {("pass", ())}
        assert legal_set(g, s) == want
        saw_pass |= not sevens
        saw_several |= len(sevens) > 1
    assert saw_pass and saw_several, "the seeds did not cover both situations"


def test_FV2_any7_after_a_pass_next_seat_may_open_with_any_7():
    """FV2 (with F3): when seat 0 has no 7 it passes; then seat 1 opens with any of its 7s, or passes."""
    g = game(("any7",))
    for seed in range(1, 200):
        s = new_game(g, seed)
        if not any(c[0] == "7" for c in hand_codes(g, s, 0)):
            break
    else:
        pytest.fail("no seed gives seat 0 a hand without a 7")
    apply(s, pass_of(g))
    assert s.me == 1 and not s.zones[table_id(g)]
    sevens = {c for c in hand_codes(g, s, 1) if c[0] == "7"}
    assert legal_set(g, s) == ({("play", (c,)) for c in sevens} or {("pass", ())})


def test_FV2_any7_refuses_a_non_7_first():
    """FV2: the first card must be a 7."""
    g = game(("any7",))
    s = position(g, 0, [], ["7C", "8C", "6H", "KS"])
    assert legal_set(g, s) == {("play", ("7C",))}
    for code in ["8C", "6H", "KS"]:
        assert refusal(s, g.move("play").index, (card(g, code),)) is not None


# ------------------------------------------------------------------ FV3
def _chips(s):
    v = view(s, 0)["vars"]
    return list(v["chips"]), v["pot"]


def test_FV3_everyone_starts_with_20_chips_and_an_empty_pot():
    """FV3: each player starts with 20 chips; the pot is empty."""
    g = game(("pass-fee",))
    assert _chips(new_game(g, 1)) == ([20] * 4, 0)


@pytest.mark.parametrize("variants", [("pass-fee",), ("any7", "free-pass", "pass-fee")])
def test_FV3_each_pass_pays_a_chip_and_the_first_out_collects(variants):
    """FV3: each pass moves one chip from the passer to the pot; the first player out takes the pot.
    The result's chips add up to 80."""
    g = game(variants)
    for seed in SEEDS:
        passes = Counter()
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while not s.over:
            moves = legal_moves(s)
            move = bot.choose(s, moves)
            seat, before = s.me, _chips(s)
            apply(s, move)
            if g.moves[move[0]].name == "pass":
                passes[seat] += 1
                chips, pot = _chips(s)
                assert chips[seat] == before[0][seat] - 1 and pot == before[1] + 1
        res = result(s)
        assert not s.aborted
        (winner,) = res["winners"]
        total = sum(passes.values())
        want = [20 - passes[seat] + (total if seat == winner else 0) for seat in range(4)]
        assert res["chips"] == want
        assert sum(res["chips"]) == 80


def test_FV3_a_player_with_no_chips_still_passes_and_goes_negative():
    """FV3 (Decision): a player with no chips still passes and owes the chip, shown negative."""
    g = game(("pass-fee",), ("start_chips=0",))
    s = position(g, 1, ["7D", "8D"], ["5D", "KS"])
    assert legal_set(g, s) == {("pass", ())}
    apply(s, pass_of(g))
    chips, pot = _chips(s)
    assert chips[1] == -1 and pot == 1


def test_FV3_result_has_chips_only_with_pass_fee():
    """FV3: the result carries "chips" with the pass-fee variant, and not without it."""
    _, s = play_game(game(), 1, with_legal=False)
    assert "chips" not in result(s)
    _, s = play_game(game(("pass-fee",)), 1, with_legal=False)
    assert len(result(s)["chips"]) == 4


# ------------------------------------------------------------------ FV4
def test_FV4_free_pass_allows_passing_with_a_playable_card():
    """FV4: once the table is open, a player may pass even with a playable card."""
    g = game(("free-pass",))
    s = position(g, 3, ["7D"], ["6D", "8D", "KS"])
    assert legal_set(g, s) == {("play", ("6D",)), ("play", ("8D",)), ("pass", ())}
    assert refusal(s, *pass_of(g)) is None


def test_FV4_start_card_holder_must_still_open():
    """FV4 (with F2): while the table is empty the start card's holder may not pass."""
    g = game(("free-pass",))
    for seed in SEEDS:
        s = new_game(g, seed)
        assert legal_set(g, s) == {("play", ("7D",))}
    why = refusal(s, *pass_of(g))
    assert why is not None and why.rule in ("FV4", "F2")


# ----------------------------------------------- --set: the generality test
def test_set_row_rank_8_start_card_8D_opens_with_8D():
    """DESIGN.md's test of generality: Sevens with 8 as the centre card, by --set alone (F2 with 8D)."""
    g = game((), ("row_rank=8", "start_card=8D"))
    for seed in SEEDS:
        s = new_game(g, seed)
        assert "8D" in hand_codes(g, s, s.me)
        assert legal_set(g, s) == {("play", ("8D",))}


def test_set_row_rank_8_suits_open_with_their_8():
    """F4/F5 with the centre at 8: a suit opens with its 8, never its 7; rows grow from the 8."""
    g = game((), ("row_rank=8", "start_card=8D"))
    s = position(g, 0, ["8D", "7D"], ["7S", "8S", "6D", "9D", "7H"])
    assert legal_set(g, s) == {("play", ("8S",)), ("play", ("6D",)), ("play", ("9D",))}
    assert refusal(s, g.move("play").index, (card(g, "7S"),)) is not None


def test_set_row_rank_8_whole_games_follow_the_rules():
    """F2/F4/F5/F6 with centre 8 and start 8D, over whole games, against the restated rules."""
    g = game((), ("row_rank=8", "start_card=8D"))

    def check(s, moves):
        want = rule_moves(hand_codes(g, s, s.me), table_codes(g, s), "8D", centre=8)
        assert legal_set(g, s) == want
    for seed in SEEDS:
        rec, _ = play_game(g, seed, with_legal=False, on_state=check)
        assert rec["params"]["row_rank"] == 8 and rec["params"]["start_card"] == "8D"


def test_set_start_card_none_acts_as_any7():
    """FV2 by --set: start_card=none gives the any7 game (seat 0 first, any 7 opens)."""
    g = game((), ("start_card=none",))
    for seed in SEEDS:
        s = new_game(g, seed)
        assert s.me == 0
        sevens = {c for c in hand_codes(g, s, 0) if c[0] == "7"}
        assert legal_set(g, s) == ({("play", (c,)) for c in sevens} or {("pass", ())})


def test_set_start_card_7S_acts_as_maca7():
    """FV1 by --set: start_card=7S opens with the spade 7."""
    g = game((), ("start_card=7S",))
    s = new_game(g, 2)
    assert legal_set(g, s) == {("play", ("7S",))}
