"""Tests of the reference Fanti checker itself (RULES.md section 2, N1-N15).

Records come from a tiny generator written here, apart from both the checker
and the engine. A test fixes the start of round 1 (table and some hands) and
the first moves by hand; the generator fills in the rest of the deal and
finishes the game with legal moves, so a record is complete and the checker
judges it as a whole. Each refusal test breaks one rule, named in the test,
and the checker must say so, citing that rule; each acceptance test needs the
checker to report nothing at all.
"""
import random

import pytest

from by_path import load_by_path




ref = load_by_path("fanti_ref", "tests/reference/fanti_ref.py")

RANKS, SUITS = "A23456789TJQK", "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
VALUE = {r: i + 1 for i, r in enumerate("A23456789T")}
SEATS = ["You", "Zeynep", "Can", "Elif"]


# --- an independent generator -----------------------------------------------

def sums(cards, need):
    """Every sub-list of number `cards` whose values add up to `need` (> 0)."""
    if need == 0:
        return [[]]
    if not cards or need < 0:
        return []
    first, rest = cards[0], cards[1:]
    return [[first] + s for s in sums(rest, need - VALUE[first[0]])] + sums(rest, need)


def options(card, table, p):
    """All captures `card` may make on `table` (N6-N9), each a list."""
    numbers = [c for c in table if c[0] in VALUE]
    if card[0] == "J":
        js = [c for c in table if c[0] == "J"] if p["guardian_takes_guardians"] else []
        return [numbers + js] if numbers + js else []
    if card[0] in "QK":
        return [[c] for c in table if c[0] == card[0]]
    need = p["target"] - VALUE[card[0]]
    found = sums(numbers, need) if need > 0 else []
    if card[0] == "A":
        found += [[c] for c in table if c[0] == "A"]
    return found


def points_of(piles, tie):
    """N14, written again here."""
    pts = [0] * len(piles)
    for worth, counts in ((2, [len(p) for p in piles]),
                          (1, [sum(c[1] == "S" for c in p) for p in piles])):
        top = max(counts)
        leaders = [s for s, n in enumerate(counts) if n == top]
        if top and (len(leaders) == 1 or tie == "all"):
            for s in leaders:
                pts[s] += worth
    for s, pile in enumerate(piles):
        pts[s] += ("2S" in pile) + ("TD" in pile)
    return pts


def make_record(seed, players=2, opening=None, script=(), filler="random", **params):
    """A complete Fanti record.

    opening: (table cards, {seat: hand cards}) fixed at the start of round 1,
    the rest dealt at random. script: (card, capture) for the first moves.
    filler: "random" picks a random card and (when it can, always under
    capture: forced) a random capture; "drop" never captures (optional only).
    """
    p = {"target": 11, "rounds": 1, "hand_size": 4, "table_size": 4,
         "capture": "forced", "guardian_takes_guardians": False, "tie": "none", **params}
    rng = random.Random(seed)
    n, hs, ts = players, p["hand_size"], p["table_size"]
    script = list(script)
    moves, rounds, first_deal = [], [], None
    for r in range(p["rounds"]):
        deck = list(DECK)
        rng.shuffle(deck)
        table, fixed_hands = opening if (opening and r == 0) else ([], {})
        table = list(table)
        hands = [list(fixed_hands.get(s, [])) for s in range(n)]
        rest = [c for c in deck if c not in table and all(c not in h for h in hands)]
        while len(table) < ts:
            table.append(rest.pop())
        for h in hands:
            while len(h) < hs:
                h.append(rest.pop())
        stock = rest
        if r == 0:
            first_deal = {"hands": [list(h) for h in hands],
                          "zones": {"stock": list(stock), "table": list(table),
                                    "pile": [[] for _ in range(n)], "discard": []}}
        else:
            moves.append({"deal": {"hands": [list(h) for h in hands],
                                   "zones": {"table": list(table)}}})
        dealer = (n - 1 + r) % n
        seat, piles, last = (dealer + 1) % n, [[] for _ in range(n)], None
        while True:
            if not any(hands):
                if not stock:
                    break
                hands = [[] for _ in range(n)]
                for _ in range(hs):
                    for k in range(n):
                        hands[(dealer + 1 + k) % n].append(stock.pop())
                moves.append({"deal": {"hands": [list(h) for h in hands], "zones": {}}})
            if script:
                card, take = script.pop(0)
            else:
                card = rng.choice(hands[seat])
                opts = options(card, table, p) if filler == "random" else []
                take = rng.choice(opts) if opts and (
                    p["capture"] == "forced" or rng.random() < 0.7) else []
            moves.append({"seat": seat, "move": "play", "cards": [card], "capture": list(take)})
            hands[seat].remove(card)
            if take:
                for c in take:
                    table.remove(c)
                piles[seat] += take + [card]
                last = seat
            else:
                table.append(card)
            seat = (seat + 1) % n
        if last is not None:
            piles[last] += table
        rounds.append(points_of(piles, p["tie"]))
    scores = [sum(r[s] for r in rounds) for s in range(n)]
    winners = [s for s in range(n) if scores[s] == max(scores)]
    return {"format": "kural-record/1", "game": "fanti", "variants": [], "params": p,
            "seed": seed, "seats": SEATS[:n], "deal": first_deal, "moves": moves,
            "result": {"winners": winners, "scores": scores, "rounds": rounds}}


def plays(rec):
    return [m for m in rec["moves"] if "deal" not in m]


def problems_citing(rec, rule):
    return [p for p in ref.check_record(rec) if p.startswith(rule + ":")]


def assert_accepted(rec):
    assert ref.check_record(rec) == []


def assert_refused(rec, rule, *words):
    """The checker stops at the broken move with exactly one problem, citing `rule`."""
    problems = ref.check_record(rec)
    assert len(problems) == 1 and problems[0].startswith(rule + ":"), problems
    for w in words:
        assert w in problems[0], problems


# A round-1 table with no Aces, Scouts, Guardians on it: 6C + 5H = 11,
# 6C + 3H + 2D = 11, 9D + 2D = 11; KS only pairs with a Mystic.
TABLE = ["6C", "3H", "9D", "KS"]


def opening(hand0, table=TABLE):
    return (table, {0: hand0})


# --- whole games ------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("capture", ["forced", "optional"])
def test_random_games_pass(players, capture):
    for seed, (gg, tie) in enumerate([(False, "none"), (True, "all")]):
        rec = make_record(seed + 10 * players, players, capture=capture, rounds=5,
                          guardian_takes_guardians=gg, tie=tie)
        assert ref.check_record(rec) == [], (players, capture, seed)
        assert ref.replay_result(rec) == rec["result"]


@pytest.mark.parametrize("players, deals", [(2, 6), (3, 4), (4, 3)])
def test_N3_deal_counts(players, deals):
    rec = make_record(1, players, rounds=2)
    assert 1 + sum("deal" in m for m in rec["moves"]) == 2 * deals
    assert_accepted(rec)


def test_N3_redeal_with_wrong_cards():
    rec = make_record(2)
    deal = next(m["deal"] for m in rec["moves"] if "deal" in m)
    deal["hands"][0][0], deal["hands"][1][0] = deal["hands"][1][0], deal["hands"][0][0]
    assert_refused(rec, "N3", "top of the stock")


def test_N3_redeal_missing():
    rec = make_record(2)
    rec["moves"] = [m for m in rec["moves"] if "deal" not in m]
    assert_refused(rec, "N3", "re-deal")


def test_N3_new_round_deal_from_a_wrong_deck():
    rec = make_record(3, rounds=2)
    new_round = [m["deal"] for m in rec["moves"] if "deal" in m and m["deal"]["zones"]][0]
    new_round["hands"][1][0] = new_round["hands"][0][0]
    assert_refused(rec, "N2", "dealt twice")


def test_N3_redeal_after_a_reshuffle_only_from_the_stock():
    # Round 2's stock order is unknown; its re-deals must still come from it.
    rec = make_record(3, rounds=2)
    deals = [m["deal"] for m in rec["moves"] if "deal" in m]
    k = next(k for k, d in enumerate(deals) if d["zones"])
    assert_accepted(rec)
    deals[k + 1]["hands"][0][0] = deals[k]["zones"]["table"][0]
    assert_refused(rec, "N3", "not in the stock")


def test_N2_record_stops_early():
    rec = make_record(4, rounds=2)
    rec["moves"] = rec["moves"][:-1]
    assert_refused(rec, "N13")


def test_N2_extra_move_after_the_last_round():
    rec = make_record(4)
    rec["moves"].append(dict(plays(rec)[0]))
    assert_refused(rec, "N2")


# --- N4, N5: whose turn, which card -----------------------------------------

def test_N4_wrong_seat_first_move():
    rec = make_record(5)
    rec["moves"][0]["seat"] = 1
    assert_refused(rec, "N4", "expected seat 0")


def test_N4_round_two_is_led_by_the_next_seat():
    rec = make_record(6, players=3, rounds=2)
    i = [k for k, m in enumerate(rec["moves"]) if "deal" in m and m["deal"]["zones"]][0]
    assert rec["moves"][i + 1]["seat"] == 1
    assert_accepted(rec)
    rec["moves"][i + 1]["seat"] = 0
    assert_refused(rec, "N4", "expected seat 1")


def test_N5_card_not_in_hand():
    rec = make_record(7, opening=opening(["9H", "8C", "7C", "4S"]), script=[("9H", [])])
    assert_accepted(rec)
    rec["moves"][0]["cards"] = ["9S"] if "9S" not in rec["deal"]["hands"][0] else ["9C"]
    assert_refused(rec, "N5")


# --- captures (N6-N11) ------------------------------------------------------

def test_N6_legal_capture_accepted():
    rec = make_record(8, opening=opening(["5H", "2D", "7C", "4S"]), script=[("5H", ["6C"])])
    assert_accepted(rec)


def test_N6_legal_capture_of_several_cards_accepted():
    rec = make_record(8, opening=opening(["5H", "2D", "7C", "4S"]), script=[("2D", ["3H", "6C"])])
    assert_accepted(rec)


def test_N6_capture_not_summing_to_11_refused():
    rec = make_record(8, opening=opening(["5H", "2D", "7C", "4S"]), script=[("5H", ["6C"])])
    rec["moves"][0]["capture"] = ["3H", "6C"]
    assert_refused(rec, "N6", "sums to 14")


def test_N6_target_parameter():
    rec = make_record(8, opening=opening(["5H", "2D", "7C", "4S"]),
                      script=[("5H", ["6C", "3H"])], target=14)
    assert_accepted(rec)
    rec["params"]["target"] = 11
    assert_refused(rec, "N6", "not 11")


def test_N6_capture_of_a_card_not_on_the_table_refused():
    rec = make_record(8, opening=opening(["5H", "2D", "7C", "4S"]), script=[("5H", ["6C"])])
    rec["moves"][0]["capture"] = ["6D"]
    assert_refused(rec, "N6", "not on the table")


def test_N7_ace_takes_an_ace_accepted():
    rec = make_record(9, opening=opening(["AH", "2D", "7C", "4S"], ["AC", "6C", "4D", "KS"]),
                      script=[("AH", ["AC"])])
    assert_accepted(rec)


def test_N10_ace_may_choose_the_sum_instead():
    rec = make_record(9, opening=opening(["AH", "2D", "7C", "4S"], ["AC", "6C", "4D", "KS"]),
                      script=[("AH", ["6C", "4D"])])
    assert_accepted(rec)
    rec["moves"][0]["capture"] = ["AC", "6C", "4D"]                # 12: neither
    assert_refused(rec, "N6/N7")


def test_N8_scout_takes_a_scout_accepted():
    rec = make_record(10, opening=opening(["QH", "2D", "7C", "4S"], ["QD", "3H", "9D", "KS"]),
                      script=[("QH", ["QD"])])
    assert_accepted(rec)


def test_N8_scout_takes_a_mystic_refused():
    rec = make_record(10, opening=opening(["QH", "2D", "7C", "4S"], ["QD", "3H", "9D", "KS"]),
                      script=[("QH", ["QD"])])
    rec["moves"][0]["capture"] = ["KS"]
    assert_refused(rec, "N8", "Scout")


def test_N8_mystic_never_in_a_sum():
    rec = make_record(10, opening=opening(["5H", "2D", "7C", "4S"]), script=[("5H", ["6C"])])
    rec["moves"][0]["capture"] = ["6C", "KS"]
    assert_refused(rec, "N8")


def test_N9_guardian_sweeps_every_number_card_accepted():
    rec = make_record(11, opening=opening(["JH", "2D", "7C", "4S"], ["6C", "3H", "QD", "KS"]),
                      script=[("JH", ["6C", "3H"])])
    assert_accepted(rec)


def test_N9_guardian_sweep_leaving_a_number_card_refused():
    rec = make_record(11, opening=opening(["JH", "2D", "7C", "4S"], ["6C", "3H", "QD", "KS"]),
                      script=[("JH", ["6C", "3H"])])
    rec["moves"][0]["capture"] = ["6C"]
    assert_refused(rec, "N9", "missing ['3H']")


def test_N9_guardian_does_not_take_scouts():
    rec = make_record(11, opening=opening(["JH", "2D", "7C", "4S"], ["6C", "3H", "QD", "KS"]),
                      script=[("JH", ["6C", "3H"])])
    rec["moves"][0]["capture"] = ["6C", "3H", "QD"]
    assert_refused(rec, "N9", "not allowed ['QD']")


def test_N9_guardian_takes_guardians_parameter():
    table = ["JD", "6C", "3H", "KS"]
    rec = make_record(12, opening=opening(["JH", "2D", "7C", "4S"], table),
                      script=[("JH", ["6C", "3H"])])
    assert_accepted(rec)
    rec = make_record(12, opening=opening(["JH", "2D", "7C", "4S"], table),
                      script=[("JH", ["JD", "6C", "3H"])], guardian_takes_guardians=True)
    assert_accepted(rec)
    rec["moves"][0]["capture"] = ["6C", "3H"]
    assert_refused(rec, "N9", "missing ['JD']")


def test_N9_N11_guardian_with_only_guardians_on_the_table():
    table = ["JD", "QC", "KS", "QH"]
    rec = make_record(13, opening=opening(["JH", "2D", "7C", "4S"], table), script=[("JH", [])])
    assert_accepted(rec)                       # nothing to sweep: it stays
    rec["params"]["guardian_takes_guardians"] = True
    assert_refused(rec, "N11", "['JD']")       # now it could take JD, so must
    rec = make_record(13, opening=opening(["JH", "2D", "7C", "4S"], table),
                      script=[("JH", ["JD"])], guardian_takes_guardians=True)
    assert_accepted(rec)


def test_N11_forced_capture_violation():
    rec = make_record(14, opening=opening(["5H", "2D", "7C", "4S"]), script=[("5H", [])],
                      capture="optional")
    assert_accepted(rec)
    rec["params"]["capture"] = "forced"
    assert_refused(rec, "N11", "move 0", "5H")


def test_N11_forced_leaves_a_card_with_no_capture_alone():
    rec = make_record(15, opening=opening(["9H", "2D", "7C", "4S"]), script=[("9H", [])])
    assert_accepted(rec)                       # 9H needs a 2: none on the table


# --- round end and scoring (N13-N15) ----------------------------------------

def test_N13_last_capturer_gets_the_table():
    # Seat 0 captures first, seat 1 last; then nobody captures again, so the
    # 48 cards left on the table at the end go to seat 1.
    rec = make_record(16, opening=(TABLE, {0: ["5H", "8C", "7C", "4C"], 1: ["2D", "8H", "7H", "4H"]}),
                      script=[("5H", ["6C"]), ("2D", ["9D"])], filler="drop", capture="optional")
    want = {"winners": [1], "scores": [0, 5], "rounds": [[0, 5]]}    # +2 +1 +1 +1
    assert ref.replay_result(rec) == want
    assert_accepted(rec)
    rec["result"] = {"winners": [0], "scores": [5, 0], "rounds": [[5, 0]]}
    assert problems_citing(rec, "N14") and problems_citing(rec, "N15")


def test_N13_first_capturer_gets_the_table_if_last():
    rec = make_record(16, opening=(TABLE, {0: ["5H", "8C", "7C", "4C"]}),
                      script=[("5H", ["6C"])], filler="drop", capture="optional")
    assert ref.replay_result(rec) == {"winners": [0], "scores": [5, 0], "rounds": [[5, 0]]}


@pytest.mark.parametrize("tie", ["none", "all"])
def test_N13_nobody_captured_table_discarded_and_N15_shared_win(tie):
    # Decision: empty piles are no "most cards" / "most Yaprak", even if tied.
    rec = make_record(17, filler="drop", capture="optional", rounds=2, tie=tie)
    assert ref.replay_result(rec) == {"winners": [0, 1], "scores": [0, 0],
                                      "rounds": [[0, 0], [0, 0]]}
    assert_accepted(rec)


def replay_piles(rec):
    """Each round's final piles (table given to the last capturer), by plain
    bookkeeping of the record: a round is over when its 52 cards are all in
    the piles or on the table."""
    n = len(rec["seats"])
    table = list(rec["deal"]["zones"]["table"])
    piles, last, out = [[] for _ in range(n)], None, []
    for m in rec["moves"]:
        if "deal" in m:
            if m["deal"]["zones"]:              # a new round
                table, piles, last = list(m["deal"]["zones"]["table"]), [[] for _ in range(n)], None
            continue
        if m["capture"]:
            for c in m["capture"]:
                table.remove(c)
            piles[m["seat"]] += m["capture"] + m["cards"]
            last = m["seat"]
        else:
            table += m["cards"]
        if sum(map(len, piles)) + len(table) == 52:
            if last is not None:
                piles[last] += table
            out.append(piles)
    return out


def leaders(piles, kind):
    """Seats sharing the most cards (kind 0) or the most Yaprak (kind 1)."""
    counts = [len(p) if kind == 0 else sum(c[1] == "S" for c in p) for p in piles]
    return [s for s, c in enumerate(counts) if c == max(counts)]


def _round_with_tie(kind):
    """A random 3-player game with a round tied on most cards (kind 0) or on
    most Yaprak (kind 1), found by this file's own counting; with the round."""
    for seed in range(200):
        rec = make_record(seed, players=3, rounds=3)
        for r, piles in enumerate(replay_piles(rec)):
            if len(leaders(piles, kind)) > 1:
                return rec, r, piles
    raise AssertionError("no tie found")


@pytest.mark.parametrize("kind", [0, 1], ids=["most-cards", "most-yaprak"])
def test_N14_tie_none_or_all(kind):
    rec, r, piles = _round_with_tie(kind)
    assert rec["params"]["tie"] == "none"
    assert_accepted(rec)
    none = ref.replay_result(rec)
    rec["params"]["tie"] = "all"
    every = ref.replay_result(rec)
    # under "all" the tied seats get the points that "none" gives nobody
    extra = [0, 0, 0]
    for k, worth in ((0, 2), (1, 1)):
        tied = leaders(piles, k)
        for s in tied if len(tied) > 1 else []:
            extra[s] += worth
    assert sum(extra) >= 4 if kind == 0 else sum(extra) >= 2
    assert [every["rounds"][r][s] - none["rounds"][r][s] for s in range(3)] == extra
    # the record still carries the tie-"none" result, now wrong
    assert problems_citing(rec, "N14")
    rec["result"] = {"winners": every["winners"], "scores": every["scores"],
                     "rounds": [points_of(p, "all") for p in replay_piles(rec)]}
    assert ref.check_record(rec) == []
