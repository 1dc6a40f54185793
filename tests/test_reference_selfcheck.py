"""Tests of the reference Fantan checker itself (RULES.md section 1).

Valid records come from a tiny generator written here, apart from both the
checker and the engine; it follows plain_fantan's dealing and random
choices, so its base-rule games must match the benchmark's exactly. Each
mutation test breaks one rule, named in the test, and the checker must say
so, citing that rule.
"""
import random

import pytest

from by_path import load_by_path




ref = load_by_path("fantan_ref", "tests/reference/fantan_ref.py")
plain = load_by_path("plain_fantan", "benchmarks/plain_fantan.py")

RANKS, SUITS = "A23456789TJQK", "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
COMBOS = [(), ("maca7",), ("any7",), ("pass-fee",), ("free-pass",),
          ("maca7", "free-pass", "pass-fee"), ("any7", "free-pass", "pass-fee")]


def _fits(card, rows):
    """F4/F5: a 7 opens a suit; otherwise one step beyond the row's ends."""
    rank, row = RANKS.index(card[0]), rows.get(card[1])
    return rank == 6 if row is None else rank in (min(row) - 1, max(row) + 1)


def make_record(seed, variants=()):
    """A random, legal game record with the legal moves offered at each turn."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    held = [set(h) for h in hands]
    start = "7S" if "maca7" in variants else "7D"
    rows, chips, pot, moves = {}, [20] * 4, 0, []
    seat = 0 if "any7" in variants else next(s for s in range(4) if start in held[s])
    while True:
        if not rows:
            plays = [c for c in held[seat] if (c[0] == "7" if "any7" in variants else c == start)]
        else:
            plays = [c for c in held[seat] if _fits(c, rows)]
        options = [("play", [c]) for c in sorted(plays, key=DECK.index)]
        if not plays or ("free-pass" in variants and rows):
            options.append(("pass", []))
        kind, cards = options[0] if len(options) == 1 else rng.choice(options)
        moves.append({"seat": seat, "move": kind, "cards": cards,
                      "legal": [{"move": k, "cards": c} for k, c in options]})
        if kind == "pass":
            chips[seat], pot = chips[seat] - 1, pot + 1
        else:
            held[seat].remove(cards[0])
            rows.setdefault(cards[0][1], []).append(RANKS.index(cards[0][0]))
            if not held[seat]:
                chips[seat] += pot
                break
        seat = (seat + 1) % 4
    result = {"winners": [seat], "scores": [len(h) for h in held],
              "hands": [sorted(h, key=DECK.index) for h in held]}
    if "pass-fee" in variants:
        result["chips"] = chips
    return {"format": "kural-record/1", "game": "fantan", "variants": list(variants),
            "params": {}, "seed": seed, "seats": ["You", "Zeynep", "Can", "Elif"],
            "deal": {"hands": hands, "zones": {"table": []}},
            "moves": moves, "result": result}


def states(rec):
    """Yield (index, move, hand of the mover, rows on the table) before each move."""
    held = [set(h) for h in rec["deal"]["hands"]]
    rows = {}
    for i, mv in enumerate(rec["moves"]):
        yield i, mv, set(held[mv["seat"]]), {s: set(r) for s, r in rows.items()}
        if mv["move"] == "play":
            held[mv["seat"]].discard(mv["cards"][0])
            rows.setdefault(mv["cards"][0][1], set()).add(RANKS.index(mv["cards"][0][0]))


def mutate_first(pred, replace, variants=()):
    """The first record (over seeds) with a move where pred(hand, rows, mv) finds
    something, that move replaced by replace(mv, found); no legal lists, so
    only the replaced move itself is wrong."""
    for seed in range(1, 200):
        rec = make_record(seed, variants)
        for i, mv, hand, rows in states(rec):
            found = pred(hand, rows, mv)
            if found:
                rec["moves"][i] = replace(mv, found)
                for m in rec["moves"]:
                    m.pop("legal", None)
                return rec
    raise AssertionError("no game had the situation")


def assert_rejected(rec, rule):
    problems = ref.check_record(rec)
    assert any(p.startswith(rule + ":") for p in problems), problems


# --- valid records ---------------------------------------------------------

@pytest.mark.parametrize("variants", COMBOS)
def test_valid_records_pass(variants):
    for seed in range(1, 40):
        rec = make_record(seed, variants)
        assert ref.check_record(rec) == [], (seed, variants)
        assert ref.replay_result(rec) == rec["result"]


def test_generator_matches_plain_fantan():
    """The base game three ways (plain, generator, checker) agrees."""
    for seed in range(1, 200):
        rec, got = make_record(seed), plain.play_random_game(seed)
        assert got == {"winner": rec["result"]["winners"][0],
                       "cards_left": rec["result"]["scores"], "moves": len(rec["moves"])}


def test_result_hands_compare_order_insensitive():
    rec = make_record(3)
    rec["result"]["hands"] = [list(reversed(h)) for h in rec["result"]["hands"]]
    assert ref.check_record(rec) == []


# --- mutations: each must be rejected, citing its rule ----------------------

def test_F1_deal_with_duplicate_card():
    rec = make_record(1)
    rec["deal"]["hands"][0][0] = rec["deal"]["hands"][1][0]
    assert_rejected(rec, "F1")


def test_F1_deal_with_cards_in_a_zone():
    rec = make_record(1)
    rec["deal"]["zones"]["table"] = [rec["deal"]["hands"][0].pop()]
    assert_rejected(rec, "F1")


def test_F2_first_mover_is_start_card_holder():
    rec = make_record(1)
    rec["moves"][0]["seat"] = (rec["moves"][0]["seat"] + 1) % 4
    assert_rejected(rec, "F2")


def test_F2_first_card_is_the_start_card():
    rec = mutate_first(lambda hand, rows, mv: not rows and sorted(hand - {"7D"})[0],
                       lambda mv, card: {**mv, "cards": [card]})
    assert_rejected(rec, "F2")


def test_FV1_maca7_starts_with_7S():
    rec = make_record(5, ("maca7",))
    assert rec["moves"][0]["cards"] == ["7S"]
    rec["variants"] = []                     # same moves, now under base rules
    assert_rejected(rec, "F2")


def test_FV2_any7_first_mover_is_seat_0():
    rec = make_record(2, ("any7",))
    rec["moves"][0]["seat"] = 1
    assert_rejected(rec, "FV2")


def test_FV2_any7_first_card_is_a_7():
    rec = mutate_first(lambda hand, rows, mv: not rows and mv["move"] == "play"
                       and sorted(c for c in hand if c[0] != "7")[0],
                       lambda mv, card: {**mv, "cards": [card]}, ("any7",))
    assert_rejected(rec, "FV2")


def test_F3_wrong_seat_mid_game():
    rec = make_record(1)
    rec["moves"][5]["seat"] = (rec["moves"][5]["seat"] + 2) % 4
    assert_rejected(rec, "F3")


def test_F4_suit_opened_without_its_7():
    def unopened_non7(hand, rows, mv):
        return rows and next((c for c in sorted(hand) if c[1] not in rows and c[0] != "7"), None)
    assert_rejected(mutate_first(unopened_non7, lambda mv, c: {**mv, "move": "play", "cards": [c]}), "F4")


def test_F5_gap_play():
    def gap(hand, rows, mv):
        return next((c for c in sorted(hand) if c[1] in rows
                     and RANKS.index(c[0]) not in (min(rows[c[1]]) - 1, max(rows[c[1]]) + 1)), None)
    assert_rejected(mutate_first(gap, lambda mv, c: {**mv, "move": "play", "cards": [c]}), "F5")


def test_F1_play_of_card_not_held():
    rec = make_record(1)
    other = rec["deal"]["hands"][(rec["moves"][3]["seat"] + 1) % 4][0]
    rec["moves"][3] = {**rec["moves"][3], "move": "play", "cards": [other]}
    assert_rejected(rec, "F1")


def test_F6_pass_when_able_to_play():
    rec = mutate_first(lambda hand, rows, mv: rows and mv["move"] == "play",
                       lambda mv, _: {**mv, "move": "pass", "cards": []})
    assert_rejected(rec, "F6")


def test_FV4_free_pass_allows_pass_when_able():
    rec = mutate_first(lambda hand, rows, mv: rows and mv["move"] == "play",
                       lambda mv, _: {**mv, "move": "pass", "cards": []}, ("free-pass",))
    assert not any(p.startswith("F6") for p in ref.check_record(rec))


def test_FV4_free_pass_cannot_skip_the_start_card():
    rec = make_record(1, ("free-pass",))
    rec["moves"][0] = {**rec["moves"][0], "move": "pass", "cards": []}
    assert_rejected(rec, "F2/FV4")


def test_F4_F6_legal_list_must_be_exact():
    rec = make_record(1)
    mv = next(m for m in rec["moves"] if len(m["legal"]) > 1)
    mv["legal"].pop()
    assert_rejected(rec, "F4-F6")


def test_F7_move_after_game_end():
    rec = make_record(1)
    rec["moves"].append({"seat": (rec["moves"][-1]["seat"] + 1) % 4, "move": "pass", "cards": []})
    assert_rejected(rec, "F7")


def test_F7_record_ending_before_anyone_is_out():
    rec = make_record(1)
    rec["moves"].pop()
    assert_rejected(rec, "F7")


@pytest.mark.parametrize("field", ["winners", "scores", "hands"])
def test_F7_wrong_result(field):
    rec = make_record(1)
    loser = (rec["result"]["winners"][0] + 1) % 4
    if field == "winners":
        rec["result"]["winners"] = [loser]
    elif field == "scores":
        rec["result"]["scores"][loser] += 1
    else:
        rec["result"]["hands"][loser].pop()
    assert_rejected(rec, "F7")


def test_FV3_wrong_chips():
    rec = make_record(1, ("pass-fee",))
    assert sum(rec["result"]["chips"]) == 80
    rec["result"]["chips"][0] += 1
    assert_rejected(rec, "FV3")


def test_FV3_chips_missing():
    rec = make_record(1, ("pass-fee",))
    del rec["result"]["chips"]
    assert_rejected(rec, "FV3")


def test_replay_result_raises_on_illegal_record():
    rec = make_record(1)
    rec["moves"][5]["seat"] = (rec["moves"][5]["seat"] + 2) % 4
    with pytest.raises(ValueError, match="F3"):
        ref.replay_result(rec)
