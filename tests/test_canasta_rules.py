"""Kanasta, the 5200 game, rule by rule (RULES.md §3a, C1-C22; games/canasta.yaml).

Every test names the rule it checks, and its expected values come from the
rule text (card points: A 15, 2-7 5, 8-K 10, a wild 10; half canasta 100,
clean 200, full 500, each fi 100, going out 50), never from what the engine
happened to print. Positions are built by placing cards by hand
(canasta_support.position): seat 0 and 2 are partnership 0, seats 1 and 3
partnership 1.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from canasta_support import (area, bots_to_the_end_of_hand, cards_of, find, game, groups, hand,  # noqa: E402
                             moves_named, picked, play, position, turn, var, why_not, zid, zone_codes)

from kural.interpreter.bots import make_bot  # noqa: E402
from kural.interpreter.engine import apply, new_game, result  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402
from node_oracle import value_of  # noqa: E402  (a part of the game worked out by its node)

ROOT = Path(__file__).resolve().parents[1]

# Points from the rules' preamble
HALF, CLEAN, FULL, FI, OUT = 100, 200, 500, 100, 50
CARD = {"A": 15, "2": 5, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5}  # 8-K and the joker: 10


def pts(*cs: str) -> int:
    """Card points of cards standing for themselves (C7)."""
    return sum(CARD.get(c[0], 10) for c in cs)


@pytest.fixture(scope="module")
def g():
    return game()


def read(g, *cs):
    return g.melds.read(cards_of(g, cs))


def move_names(g, s) -> set[str]:
    return {g.moves[mv[0]].name for mv in legal_moves(s)}


def sheet(s) -> dict:
    """The scoring sheet of the hand that just ended."""
    return s.sheets[-1]


# --------------------------------------------------------------------- C1
@pytest.mark.parametrize("seed", [1, 2, 7])
def test_C1_deal_11_each_two_fi_of_11_stock_40_pile_empty(g, seed):
    s = new_game(g, seed)
    assert [len(s.zones[hand(g, p)]) for p in range(4)] == [11] * 4
    assert len(s.zones[zid(g, "fi1")]) == 11 and len(s.zones[zid(g, "fi2")]) == 11
    assert len(s.zones[zid(g, "stock")]) == 40
    assert s.zones[zid(g, "pile")] == []
    assert all(not s.zones[z] for t in (0, 1) for z in area(g, t))
    assert all(not s.zones[picked(g, p)] for p in range(4))
    # every one of the 106 cards in exactly one zone
    assert sorted(c for z in s.zones for c in z) == list(range(106))
    assert all(c in s.zones[s.where[c]] for c in range(106))


def test_C1_two_decks_and_two_jokers_ten_wild_cards_partnerships_opposite(g):
    assert g.deck.size == 106 and g.players == 4
    wild = [g.deck.code[c] for c in range(106) if g.melds.wild[c]]
    assert sorted(wild) == sorted(["2S", "2H", "2D", "2C"] * 2 + ["XJ", "XJ"])
    assert g.teams == [[0, 2], [1, 3]] and g.team_of == [0, 1, 0, 1]


# --------------------------------------------------------------------- C2
def test_C2_a_turn_starts_with_draw_or_take_only(g):
    s = position(g, 0, "draw", hands={0: ["4H", "5H", "6H", "9C"]}, pile=["KD", "QS"])
    assert move_names(g, s) == {"draw", "take"}
    s = position(g, 0, "draw", hands={0: ["4H", "5H", "6H", "9C"]})
    assert move_names(g, s) == {"draw"}  # nothing to take
    assert why_not(g, s, "take") == "C2"


def test_C2_draw_takes_the_top_stock_card(g):
    s = position(g, 0, "draw", hands={0: ["9C"]}, stock=["3D", "KS"], rest="pile")
    play(g, s, "draw")
    assert zone_codes(g, s, hand(g, 0)) == ["9C", "KS"] and zone_codes(g, s, zid(g, "stock")) == ["3D"]
    assert move_names(g, s) >= {"discard"} and not move_names(g, s) & {"draw", "take"}


def test_C2_take_moves_the_whole_pile_never_part_of_it(g):
    s = position(g, 0, "draw", hands={0: ["9C"]}, pile=["KD", "QS", "4C", "7H"])
    assert g.move("take").choices == []  # no choice of how many: all of it
    play(g, s, "take")
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(["9C", "KD", "QS", "4C", "7H"])
    assert s.zones[zid(g, "pile")] == []


def test_C2_after_the_draw_meld_add_and_discard_the_discard_ends_the_turn(g):
    s = position(g, 0, "draw", hands={0: ["4H", "5H", "6H", "8S", "8D", "8C", "9C", "KD"]},
                 melds={0: [["JS", "JD", "JC"]]}, opened=[0], stock=None)
    play(g, s, "draw")
    assert s.me == 0 and {"meld", "add", "discard"} <= move_names(g, s)
    assert not move_names(g, s) & {"draw", "take"}
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert s.me == 0  # melding does not end the turn
    play(g, s, "discard", "9C")
    assert s.me == 1 and g.steps[s.step].name == "draw"  # clockwise: the next seat draws
    assert zone_codes(g, s, zid(g, "pile"))[-1] == "9C"


# ----------------------------------------------------------- C3-C7, C13
@pytest.mark.parametrize("meld, kind, points", [
    (["4H", "5H", "6H", "2C", "8H"], "run", 35),     # C6: 4-5-6-W-8
    (["4H", "5H", "6H", "XJ", "8H"], "run", 35),     # C6: a joker alike
    (["8S", "9S", "TS", "2D", "QS"], "run", 50),     # C6: 8-9-T-W-Q
    (["7H", "7S", "XJ"], "set", 20),                 # C7
    (["8H", "8S", "2C"], "set", 30),                 # C7
    (["AH", "AS", "XJ"], "set", 40),                 # C7
    (["8S", "8S", "8H"], "set", 30),                 # C3: two ♠8 and a ♥8
    (["QH", "KH", "AH"], "run", 35),                 # C3: A high after K
    (["AH", "2H", "3H"], "run", 25),                 # C3, C5: A low, ♥2 natural in its place
    (["AS", "2S", "3S", "XJ"], "run", 35),           # C5: may still take one wild
    (["AS", "2S", "3S", "2H"], "run", 35),           # C5: another 2 as the wild
    (["2S", "2H", "2D"], "set", 15),                 # C7: 2s alone, each natural 5
    (["2S", "2H", "XJ"], "set", 20),                 # C7, C13
])
def test_C3_to_C7_legal_melds_and_their_points(g, meld, kind, points):
    r = read(g, *meld)
    assert r.legal and r.kind == kind and r.points == points


def test_C5_a_2_in_its_own_place_is_natural_not_the_wild(g):
    r = read(g, "AS", "2S", "3S")
    assert r.wilds == 0 and r.naturals == 3
    r = read(g, "AS", "2S", "3S", "XJ")
    assert r.wilds == 1 and r.naturals == 3


@pytest.mark.parametrize("meld, rule", [
    (["5H", "6H", "XJ"], "C6"),                      # a wild needs three naturals in sequence
    (["8H", "2C", "TH"], "C6"),                      # 8-W-T
    (["8H", "XJ", "TH"], "C6"),                      # the joker alike
    (["4H", "5H", "6H", "2C", "XJ"], "C4"),          # two wilds
    (["7H", "7S", "7D", "2C", "2D"], "C4"),          # two wilds in a set
    (["AS", "2S", "3S", "2H", "XJ"], "C4"),          # ♠2 natural, but then two wilds
    (["KH", "AH", "2H"], None),                      # C3: no wrap K-A-2
    (["8S", "9S", "TH"], "C3"),                      # suits mixed in a run
    (["8S", "9S"], "C3"),                            # fewer than three cards
    (["7H", "8S", "XJ"], None),                      # neither one rank nor one suit
])
def test_C3_C4_C6_illegal_melds_and_the_rule_that_refuses_them(g, meld, rule):
    r = read(g, *meld)
    assert not r.legal
    if rule is not None:
        assert g.melds.why[r.reason]["rule"] == rule


def test_C13_six_2s_and_a_joker_half_seven_2s_clean(g):
    r = read(g, "2S", "2H", "2D", "2C", "2S", "2H", "XJ")
    assert r.legal and r.kind == "set" and r.naturals == 6 and r.wilds == 1
    r = read(g, "2S", "2H", "2D", "2C", "2S", "2H", "2D")
    assert r.legal and r.kind == "set" and r.naturals == 7 and r.wilds == 0
    assert not read(g, "2S", "2H", "2D", "2C", "2S", "XJ", "XJ").legal  # C4: two jokers


def test_C13_in_play_six_2s_and_a_joker_make_a_half_canasta_seven_2s_a_clean_one(g):
    for meld, kind in ((["2S", "2H", "2D", "2C", "2S", "2H", "XJ"], 1),
                       (["2S", "2H", "2D", "2C", "2S", "2H", "2D"], 2)):
        s = position(g, 0, hands={0: meld + ["KD", "QC"]}, opened=[0], fi1=[], fi2=[], fi_taken=(1, 1))
        play(g, s, "meld", meld)
        play(g, s, "discard", "KD")
        (grp,) = groups(g, s, 0)
        assert var(g, s, "canasta_kind", grp) == kind


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *args], check=False, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_C6_kural_check_cli_legal_and_illegal():
    out = run_cli("check", "canasta", "4H", "5H", "6H", "2C", "8H", "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["legal"] is True and got["kind"] == "run" and got["points"] == 35
    out = run_cli("check", "canasta", "5H", "6H", "XJ", "--json")
    assert out.returncode == 1, out.stderr
    got = json.loads(out.stdout)
    assert got["legal"] is False and got["reason"].startswith("C6")


# --------------------------------------------------------------------- C8
OPEN_HAND = ["4H", "5H", "6H", "8S", "8D", "8C", "9C", "KD"]


def test_C8_an_unopened_players_meld_is_pending_and_the_discard_waits(g):
    s = position(g, 0, hands={0: OPEN_HAND})
    play(g, s, "meld", ["4H", "5H", "6H"])
    (grp,) = groups(g, s, 0)
    assert var(g, s, "pending", grp) == 1 and var(g, s, "opened", 0) == 0
    assert not moves_named(g, s, "discard")
    assert why_not(g, s, "discard", "9C") == "C8"


def test_C8_a_45_point_natural_opening_with_a_run_opens(g):
    s = position(g, 0, hands={0: OPEN_HAND})
    play(g, s, "meld", ["4H", "5H", "6H"])      # 15
    play(g, s, "meld", ["8S", "8D", "8C"])      # + 30 = 45
    assert var(g, s, "opened", 0) == 1
    assert all(var(g, s, "pending", grp) == 0 for grp in groups(g, s, 0))
    play(g, s, "discard", "9C")
    assert s.me == 1 and len(groups(g, s, 0)) == 2


def test_C8_nine_5_point_cards_open(g):
    s = position(g, 0, hands={0: ["5H", "6H", "7H", "3S", "3D", "3C", "4S", "4D", "4C", "KD"]})
    for meld in (["5H", "6H", "7H"], ["3S", "3D", "3C"]):
        play(g, s, "meld", meld)
        assert var(g, s, "opened", 0) == 0
    play(g, s, "meld", ["4S", "4D", "4C"])
    assert var(g, s, "opened", 0) == 1


def test_C8_forty_points_do_not_open_and_are_taken_back(g):
    hand0 = ["3H", "4H", "5H", "6H", "7S", "7D", "7C", "7H", "9C", "KD"]
    s = position(g, 0, hands={0: hand0, 1: ["QC", "QD"], 2: ["QS", "QH"], 3: ["JC", "JD"]})
    play(g, s, "meld", ["3H", "4H", "5H", "6H"])  # 20
    play(g, s, "meld", ["7S", "7D", "7C", "7H"])  # + 20 = 40 < 45
    assert var(g, s, "opened", 0) == 0
    assert why_not(g, s, "discard", "9C") == "C8"
    play(g, s, "take_back")
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(hand0)
    assert groups(g, s, 0) == []
    # C8: no new meld this turn once the opening was taken back ...
    assert not moves_named(g, s, "meld")
    assert why_not(g, s, "meld", ["3H", "4H", "5H"]) == "C8"
    play(g, s, "discard", "KD")
    # ... but the next turn the player may try again
    for _ in range(3):
        turn(g, s)
    assert s.me == 0
    play(g, s, "draw")
    assert find(g, s, "meld", ["3H", "4H", "5H"]) is not None


def test_C8_wild_melds_do_not_count_below_900(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H", "8S", "8D", "XJ", "9C", "KD"]})
    play(g, s, "meld", ["4H", "5H", "6H"])      # 15
    play(g, s, "meld", ["8S", "8D", "XJ"])      # 30, with a wild: not counted
    assert var(g, s, "opened", 0) == 0
    assert why_not(g, s, "discard", "9C") == "C8"


def test_C8_an_opening_needs_a_run(g):
    s = position(g, 0, hands={0: ["8S", "8D", "8C", "9S", "9D", "9C", "KD", "QC"]})
    play(g, s, "meld", ["8S", "8D", "8C"])
    play(g, s, "meld", ["9S", "9D", "9C"])      # 60 points, no run
    assert var(g, s, "opened", 0) == 0
    assert why_not(g, s, "discard", "KD") == "C8"


def test_C8_cards_beyond_the_opening_may_use_wilds_the_same_turn(g):
    s = position(g, 0, hands={0: OPEN_HAND + ["KS", "XJ", "QC"]})
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])
    play(g, s, "meld", ["KD", "KS", "XJ"])
    assert all(var(g, s, "pending", grp) == 0 for grp in groups(g, s, 0)) and len(groups(g, s, 0)) == 3
    play(g, s, "discard", "9C")
    assert s.me == 1


def test_C8_from_900_the_minimum_is_90_and_wild_melds_count(g):
    hand0 = ["4H", "5H", "6H", "8S", "8D", "8C", "KS", "KD", "KC", "QS", "QD", "XJ", "9C", "JD"]
    s = position(g, 0, hands={0: hand0}, totals=(900, 0))
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])      # 45: enough under 900, not now
    assert var(g, s, "opened", 0) == 0 and why_not(g, s, "discard", "9C") == "C8"
    play(g, s, "meld", ["KS", "KD", "KC"])      # 75
    assert var(g, s, "opened", 0) == 0
    play(g, s, "meld", ["QS", "QD", "XJ"])      # + 30 with a wild: counts from 900 on: 105
    assert var(g, s, "opened", 0) == 1
    # just below 900 the minimum is still 45
    s = position(g, 0, hands={0: OPEN_HAND}, totals=(899, 0))
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])
    assert var(g, s, "opened", 0) == 1


def test_C8_from_900_a_run_without_wilds_is_still_needed(g):
    hand0 = ["8S", "8D", "8C", "9S", "9D", "9C", "KS", "KD", "KC", "4H", "5H", "6H", "JD"]
    s = position(g, 0, hands={0: hand0}, totals=(900, 0))
    for meld in (["8S", "8D", "8C"], ["9S", "9D", "9C"], ["KS", "KD", "KC"]):
        play(g, s, "meld", meld)
    assert var(g, s, "opened", 0) == 0  # 90 points, no run
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert var(g, s, "opened", 0) == 1


def test_C8_the_minimum_is_the_partnerships_total_not_the_opponents(g):
    s = position(g, 1, hands={1: OPEN_HAND}, totals=(900, 0))
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])
    assert var(g, s, "opened", 1) == 1


def test_C8_a_negative_total_still_opens_at_45(g):
    s = position(g, 0, hands={0: OPEN_HAND}, totals=(-300, 0))
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])
    assert var(g, s, "opened", 0) == 1


def test_C8_take_back_returns_only_the_players_own_melds_not_the_partners_twin(g):
    """The partner's meld holds the twins of the cards laid: only the opening melds come back."""
    s = position(g, 0, hands={0: ["4H", "5H", "6H", "7S", "7D", "7C", "9C"]}, opened=[2],
                 melds={0: [["4H", "5H", "6H", "7H"]]})
    partners = list(s.zones[area(g, 0)[0]])
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["7S", "7D", "7C"])     # 30 < 45
    assert var(g, s, "pending", area(g, 0)[0]) == 0
    play(g, s, "take_back")
    assert s.zones[area(g, 0)[0]] == partners and groups(g, s, 0) == [area(g, 0)[0]]
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(["4H", "5H", "6H", "7S", "7D", "7C", "9C"])


def test_C8_C15_an_opening_that_empties_the_hand_takes_the_fi(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H", "8S", "8D", "8C"]})
    fi1 = sorted(s.zones[zid(g, "fi1")])
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])
    assert var(g, s, "opened", 0) == 1 and sorted(s.zones[hand(g, 0)]) == fi1


def test_C8_C14_melds_short_of_the_opening_take_no_fi(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H", "7S", "7D", "7C"]})
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["7S", "7D", "7C"])     # 30: no opening, so no empty hand to speak of
    assert s.zones[hand(g, 0)] == [] and len(s.zones[zid(g, "fi1")]) == 11
    assert var(g, s, "fi_taken", 0) == 0
    assert move_names(g, s) == {"take_back"}
    play(g, s, "take_back")
    assert len(s.zones[hand(g, 0)]) == 6


# --------------------------------------------------------------------- C9
def test_C9_an_unopened_player_lays_off_on_the_partners_meld_never_on_the_opponents(g):
    s = position(g, 0, hands={0: ["9C", "7H", "KD", "QS"]}, opened=[2, 1],
                 melds={0: [["9H", "9S", "9D"]], 1: [["7C", "7D", "7S"]]})
    adds = moves_named(g, s, "add")
    assert adds and all(mv[1][0] in area(g, 0) for mv in adds)  # only the own side's melds
    assert find(g, s, "add", area(g, 0)[0], "9C") is not None
    assert not any(g.deck.code[mv[1][1]] == "7H" for mv in adds)  # ♥7 fits only the opponents' 7s
    play(g, s, "add", area(g, 0)[0], "9C")
    assert var(g, s, "opened", 0) == 0  # laying off does not open
    assert len(s.zones[area(g, 0)[0]]) == 4


def test_C9_nobody_lays_off_on_the_opponents_even_when_opened(g):
    s = position(g, 1, hands={1: ["9C", "KD"]}, opened=[0, 1], melds={0: [["9H", "9S", "9D"]]})
    assert not moves_named(g, s, "add")


def test_C3_C4_a_lay_off_that_breaks_the_meld_is_refused_by_what_a_meld_is_not_by_C9(g):
    """Issue 37.8: every refused lay-off cited C9 (on whose melds one lays off); a card that does not fit
    the meld is refused by what a meld is (C3: same rank, or the run's suit in sequence; C4: one wild)."""
    s = position(g, 0, hands={0: ["KD", "7C", "2C", "QC"]}, opened=[0],
                 melds={0: [["9H", "9S", "9D"], ["5S", "6S", "7S"], ["8H", "8S", "2D"]]})
    nines, run, wild_set = area(g, 0)[:3]
    assert why_not(g, s, "add", nines, "KD") == "C3"  # a king is no 9
    assert why_not(g, s, "add", run, "7C") == "C3"  # a club is not of the spades' run
    assert why_not(g, s, "add", wild_set, "2C") == "C3"  # a second wild (C4), a meld no more
    assert why_not(g, s, "add", run, "2C") is None and why_not(g, s, "add", nines, "2C") is None


def test_C9_a_lay_off_only_player_may_go_out_to_take_a_fi(g):
    s = position(g, 0, hands={0: ["9C"]}, opened=[2], melds={0: [["9H", "9S", "9D"]]})
    fi1 = list(s.zones[zid(g, "fi1")])
    play(g, s, "add", area(g, 0)[0], "9C")
    assert sorted(s.zones[hand(g, 0)]) == sorted(fi1) and s.zones[zid(g, "fi1")] == []
    assert var(g, s, "fi_taken", 0) == 1 and s.me == 0  # C15: the turn goes on


def test_C9_C17_a_lay_off_only_player_never_ends_the_hand(g):
    canasta = ["9H", "9S", "9D", "9C", "9H", "9S", "9D"]
    s = position(g, 0, hands={0: ["KD"]}, opened=[2], melds={0: [canasta]}, kinds={(0, 0): 2},
                 fi1=[], fi2=[], fi_taken=(1, 1))
    assert not moves_named(g, s, "discard") and why_not(g, s, "discard", "KD") == "C17"
    s = position(g, 0, hands={0: ["KD", "9C"]}, opened=[2], melds={0: [canasta]}, kinds={(0, 0): 2},
                 fi1=[], fi2=[], fi_taken=(1, 1))
    assert why_not(g, s, "add", area(g, 0)[0], "9C") == "C17"  # would leave one card he may not discard
    assert find(g, s, "discard", "KD") is not None  # keeps one


# ------------------------------------------------------------ C10-C12
def one_turn_adds(g, group, added, kinds=None, extra="KD"):
    """Seat 0 (opened) adds `added` to partnership 0's only meld `group` in one turn and discards."""
    s = position(g, 0, hands={0: list(added) + [extra, "QC"]}, opened=[0], melds={0: [group]},
                 kinds=kinds)
    target = area(g, 0)[0]
    for c in added:
        play(g, s, "add", target, c)
    assert var(g, s, "canasta_kind", target) == (kinds or {}).get((0, 0), 0)  # fixed at the turn's end
    play(g, s, "discard", extra)
    return s, target


def test_C11_555W_plus_four_5s_in_one_turn_is_clean(g):
    s, grp = one_turn_adds(g, ["5H", "5S", "5D", "XJ"], ["5C", "5H", "5S", "5D"])
    assert len(s.zones[grp]) == 8 and var(g, s, "canasta_kind", grp) == 2


def test_C11_55555W_plus_one_5_is_half(g):
    s, grp = one_turn_adds(g, ["5H", "5S", "5D", "5C", "5H", "XJ"], ["5S"])
    assert var(g, s, "canasta_kind", grp) == 1


def test_C11_55555W_plus_two_5s_in_one_turn_is_clean(g):
    s, grp = one_turn_adds(g, ["5H", "5S", "5D", "5C", "5H", "XJ"], ["5S", "5D"])
    assert var(g, s, "canasta_kind", grp) == 2


def test_C10_seven_naturals_clean_six_and_a_wild_half_in_a_run(g):
    s, grp = one_turn_adds(g, ["4H", "5H", "6H", "7H", "8H", "9H"], ["TH"])
    assert var(g, s, "canasta_kind", grp) == 2
    s, grp = one_turn_adds(g, ["4H", "5H", "6H", "7H", "8H", "9H"], ["2C"])
    assert var(g, s, "canasta_kind", grp) == 1


def test_C10_six_cards_are_no_canasta(g):
    s, grp = one_turn_adds(g, ["5H", "5S", "5D", "5C", "5H"], ["5S"])
    assert var(g, s, "canasta_kind", grp) == 0


def test_C11_a_half_canasta_stays_half_when_the_missing_natural_arrives_later(g):
    s, grp = one_turn_adds(g, ["5H", "5S", "5D", "5C", "5H", "5S", "XJ"], ["5D"], kinds={(0, 0): 1})
    assert var(g, s, "canasta_kind", grp) == 1 and len(s.zones[grp]) == 8


def test_C11_a_canasta_laid_at_once_takes_its_kind_at_the_discard(g):
    for meld, kind in ((["9H", "9S", "9D", "9C", "9H", "9S", "XJ"], 1),
                       (["9H", "9S", "9D", "9C", "9H", "9S", "9D"], 2)):
        s = position(g, 0, hands={0: meld + ["KD", "QC"]}, opened=[0])
        play(g, s, "meld", meld)
        (grp,) = groups(g, s, 0)
        assert var(g, s, "canasta_kind", grp) == 0
        play(g, s, "discard", "KD")
        assert var(g, s, "canasta_kind", grp) == kind


def test_C12_a_2_of_the_runs_suit_returns_to_its_place_and_the_canasta_is_clean(g):
    # [♥2 as 4]-5-6-7-8 + ♥3 ♥4 -> 2-3-4-5-6-7-8
    assert read(g, "2H", "5H", "6H", "7H", "8H").wilds == 1
    s, grp = one_turn_adds(g, ["2H", "5H", "6H", "7H", "8H"], ["3H", "4H"])
    r = g.melds.read(s.zones[grp])
    assert r.wilds == 0 and [p.rank for p in r.places] == [2, 3, 4, 5, 6, 7, 8]
    assert var(g, s, "canasta_kind", grp) == 2


def test_C12_a_wild_moves_to_an_end_when_its_natural_card_arrives(g):
    s = position(g, 0, hands={0: ["6H", "9H", "KD", "QC"]}, opened=[0],
                 melds={0: [["4H", "5H", "XJ", "7H", "8H"]]})
    grp = area(g, 0)[0]
    play(g, s, "add", grp, "6H")      # the joker no longer stands for ♥6
    r = g.melds.read(s.zones[grp])
    assert r.legal and r.wilds == 1 and (r.places[0].wild or r.places[-1].wild)
    assert find(g, s, "add", grp, "9H") is not None  # the run goes on past the joker's end


def test_C10_C21_a_full_canasta_scores_500_even_if_it_was_half(g):
    full = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    for extra, kind in (([], 2), (["XJ"], 1)):
        meld = full + extra
        s = position(g, 0, hands={0: ["KD"]}, opened=[0], melds={0: [meld]}, kinds={(0, 0): kind},
                     fi1=[], fi2=[], fi_taken=(1, 1))
        play(g, s, "discard", "KD")
        assert s.rounds_played == 1
        assert sheet(s)["points"][0] == FULL + pts(*meld) + FI + OUT


SPADES_A_TO_Q = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]


def hand_end_with(g, meld, kind):
    """Partnership 0 ends the hand (C17) holding `meld`, a canasta of this kind; its sheet points."""
    s = position(g, 0, hands={0: ["KD"]}, opened=[0], melds={0: [meld]}, kinds={(0, 0): kind},
                 fi1=[], fi2=[], fi_taken=(1, 1))
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1
    return sheet(s)["points"][0]


def test_C10_an_ace_at_both_ends_and_a_wild_for_the_missing_king_is_not_full(g):
    """C10 (Decision): full means every rank A to K is there as a natural card. ♠A-2-…-Q, ♦2 for the ♠K,
    ♠A high: 13 naturals, but no king, so it scores as the clean canasta it is, 200, not 500."""
    no_king = SPADES_A_TO_Q + ["2D", "AS"]
    r = read(g, *no_king)
    assert (r.kind, r.naturals, r.wilds) == ("run", 13, 1)
    assert [p.rank for p in r.places if p.wild] == [13]            # the ♦2 stands for the king
    assert hand_end_with(g, no_king, 2) == CLEAN + pts(*SPADES_A_TO_Q, "AS") + 10 + FI + OUT


def test_C10_every_rank_a_to_k_natural_is_full_with_a_second_ace_or_a_wild_beside_it(g):
    """C10: a run with every rank A to K natural is full (500) whatever else it holds: the second ace
    (A to K to A, no wild) or a wild beside the thirteen (a second ♠2 standing for the high ace)."""
    a_to_k = SPADES_A_TO_Q + ["KS"]
    assert hand_end_with(g, a_to_k + ["AS"], 2) == FULL + pts(*a_to_k, "AS") + FI + OUT
    with_wild = a_to_k + ["2S"]
    r = read(g, *with_wild)
    assert (r.naturals, r.wilds) == (13, 1)
    assert hand_end_with(g, with_wild, 1) == FULL + pts(*a_to_k) + 10 + FI + OUT


def test_C10_seed_209_the_run_without_the_king_of_spades_scores_no_500(g):
    """C10 (Decision), the end of a hand as play reached it: `kural simulate canasta --seed 209 --bots
    heuristic` reached, in hand 10 (with the bots of that time: today's plan their turns and play
    another game, so the position is placed by hand), Zeynep & Elif's ♠ run with an ace at both ends,
    13 naturals and the ♦2 standing for the missing ♠K: Elif lays off the second ♠A and ends the hand.
    Their sheet counts it as the clean canasta it is: every canasta bonus on the sheet is a clean or
    half one, no 500 (before the fix the side had 300 more)."""
    s = position(g, 3, hands={3: ["AS", "9C"], 0: ["KD", "4C"]}, opened=[1, 3],
                 melds={1: [SPADES_A_TO_Q + ["2D"], ["8H", "8D", "8C"]]}, kinds={(1, 0): 2},  # clean
                 fi1=[], fi2=[], fi_taken=(1, 1))
    play(g, s, "add", area(g, 1)[0], "AS")
    before_end = [[g.deck.code[c] for c in s.zones[z]] for z in area(g, 1) if s.zones[z]]
    play(g, s, "discard", "9C")
    assert s.rounds_played == 1
    runs = [cs for cs in before_end if len(cs) == 14 and cs.count("AS") == 2]
    assert len(runs) == 1 and "KS" not in runs[0] and "2D" in runs[0]
    r = read(g, *runs[0])
    assert (r.kind, r.naturals, r.wilds) == ("run", 13, 1)
    sh = sheet(s)
    side = 1
    assert sh["canastas"][side] % HALF == 0 and sh["canastas"][side] < FULL  # no 500: clean and half bonuses only
    assert sh["points"][side] == (sh["melded"][side] + sh["canastas"][side] + sh["fi"][side]
                                  + sh["out"][side] + sh["in_hand"][side] + sh["no_fi"][side])


# ------------------------------------------------------------ C14-C16
def test_C15_emptying_the_hand_by_melding_takes_the_first_fi_and_the_turn_goes_on(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H"]}, opened=[0])
    fi1 = sorted(s.zones[zid(g, "fi1")])
    fi2 = sorted(s.zones[zid(g, "fi2")])
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert sorted(s.zones[hand(g, 0)]) == fi1 and s.zones[zid(g, "fi1")] == []
    assert sorted(s.zones[zid(g, "fi2")]) == fi2
    assert var(g, s, "fi_taken", 0) == 1
    assert s.me == 0 and "discard" in move_names(g, s)  # same turn, no draw


def test_C16_emptying_the_hand_by_discarding_takes_the_fi_at_the_next_turn(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H", "9C"], 1: ["QC", "QD"], 2: ["QS", "QH"], 3: ["JC", "JD"]},
                 opened=[0])
    fi1 = sorted(s.zones[zid(g, "fi1")])
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "discard", "9C")
    assert s.zones[hand(g, 0)] == [] and sorted(s.zones[picked(g, 0)]) == fi1
    assert var(g, s, "fi_taken", 0) == 1 and s.me == 1  # the turn is over
    for _ in range(3):
        turn(g, s)
    assert s.me == 0 and sorted(s.zones[picked(g, 0)]) == fi1
    top = s.zones[zid(g, "stock")][-1]
    play(g, s, "draw")
    assert sorted(s.zones[hand(g, 0)]) == sorted(fi1 + [top]) and s.zones[picked(g, 0)] == []


def test_C16_the_fi_waiting_is_picked_up_with_a_take_too(g):
    s = position(g, 0, "draw", hands={}, picked_={0: ["3C", "4C", "KD"]}, pile=["QS", "QH"],
                 opened=[0], fi1=[], fi_taken=(1, 0))
    play(g, s, "take")
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(["3C", "4C", "KD", "QS", "QH"])
    assert s.zones[picked(g, 0)] == []


def test_C14_the_second_fi_goes_to_whoever_empties_a_hand_next(g):
    s = position(g, 1, hands={1: ["4H", "5H", "6H"]}, opened=[1], fi1=[], fi_taken=(1, 0))
    fi2 = sorted(s.zones[zid(g, "fi2")])
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert sorted(s.zones[hand(g, 1)]) == fi2 and s.zones[zid(g, "fi2")] == []
    assert var(g, s, "fi_taken", 1) == 1 and var(g, s, "fi_taken", 0) == 1


def test_C14_the_same_player_may_take_both_fi(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H"]}, opened=[0], fi2=["8S", "8D", "8C"])
    fi1 = list(s.zones[zid(g, "fi1")])
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert sorted(s.zones[hand(g, 0)]) == sorted(fi1)
    # the first fi as a meld-able hand: put the second fi's cards in it by hand
    s = position(g, 0, hands={0: ["8S", "8D", "8C"]}, opened=[0], fi1=[], fi_taken=(1, 0))
    fi2 = sorted(s.zones[zid(g, "fi2")])
    play(g, s, "meld", ["8S", "8D", "8C"])
    assert sorted(s.zones[hand(g, 0)]) == fi2 and var(g, s, "fi_taken", 0) == 2


def test_C14_the_hand_cannot_end_while_a_fi_remains(g):
    canasta = ["9H", "9S", "9D", "9C", "9H", "9S", "9D"]
    s = position(g, 0, hands={0: ["KD"]}, opened=[0], melds={0: [canasta]}, kinds={(0, 0): 2},
                 fi1=[], fi_taken=(1, 0))
    play(g, s, "discard", "KD")  # takes the second fi instead of ending the hand
    assert s.rounds_played == 0 and not s.sheets
    assert len(s.zones[picked(g, 0)]) == 11 and var(g, s, "went_out") == -1


# -------------------------------------------------------------------- C17
CANASTA = ["9H", "9S", "9D", "9C", "9H", "9S", "9D"]


def end_position(g, hand0, melds0=(CANASTA,), kinds=None, opened=(0,), **kw):
    melds0 = list(melds0)
    if kinds is None:
        kinds = {(0, i): 2 for i, m in enumerate(melds0) if len(m) >= 7}
    return position(g, 0, hands={0: hand0}, opened=opened, melds={0: melds0}, kinds=kinds,
                    fi1=[], fi2=[], fi_taken=kw.pop("fi_taken", (1, 1)), **kw)


def test_C17_the_last_card_is_discarded_to_end_the_hand(g):
    s = end_position(g, ["KD"])
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and len(s.sheets) == 1 and sheet(s)["out"] == [OUT, 0]
    assert sheet(s)["ended"] == "out"


def test_C17_no_end_without_a_canasta(g):
    s = end_position(g, ["KD"], melds0=[["4H", "5H", "6H"]])
    assert not moves_named(g, s, "discard") and why_not(g, s, "discard", "KD") == "C17"


def test_C17_meld_and_add_must_leave_a_card_to_discard(g):
    # both fi gone, a canasta: a meld may leave one card (the discard that ends the hand) but not none
    s = end_position(g, ["4H", "5H", "6H"], melds0=[CANASTA, ["JS", "JD", "JC"]])
    assert why_not(g, s, "meld", ["4H", "5H", "6H"]) == "C17"
    s = end_position(g, ["4H", "5H", "6H", "KD"])
    assert find(g, s, "meld", ["4H", "5H", "6H"]) is not None
    s = end_position(g, ["JH"], melds0=[CANASTA, ["JS", "JD", "JC"]])
    assert why_not(g, s, "add", area(g, 0)[1], "JH") == "C17"
    # without a canasta a meld must leave two cards: one to discard, one to keep
    s = end_position(g, ["4H", "5H", "6H", "KD"], melds0=[["JS", "JD", "JC"]])
    assert why_not(g, s, "meld", ["4H", "5H", "6H"]) == "C17"
    s = end_position(g, ["4H", "5H", "6H", "KD", "QC"], melds0=[["JS", "JD", "JC"]])
    assert find(g, s, "meld", ["4H", "5H", "6H"]) is not None


def test_C17_a_canasta_made_this_turn_lets_the_player_end_the_hand(g):
    """C17 asks for a canasta when the last card is discarded: one made in the same turn counts."""
    s = end_position(g, ["9C", "KD"], melds0=[["9H", "9S", "9D", "9C", "9H", "9S"]], kinds={})
    play(g, s, "add", area(g, 0)[0], "9C")
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["out"] == [OUT, 0] and sheet(s)["canastas"] == [CLEAN, 0]
    s = end_position(g, CANASTA + ["KD"], melds0=[["JS", "JD", "JC"]], kinds={})
    play(g, s, "meld", CANASTA)
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["out"] == [OUT, 0]


def test_C8_C17_a_player_may_open_and_end_the_hand_in_the_same_turn(g):
    """C17 asks that the player has opened when the last card is discarded: an opening made this turn counts.
    The melds that open may leave one card; if they fell short, take_back gives the cards back (no dead end)."""
    s = end_position(g, ["4H", "5H", "6H", "8S", "8D", "8C", "KD"], opened=(2,))
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])  # 45 natural points with a run: opened (C8)
    assert var(g, s, "opened", 0) == 1
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["out"] == [OUT, 0]
    s = end_position(g, ["4H", "5H", "6H", "8S", "8D", "KD"], opened=(2,))
    play(g, s, "meld", ["4H", "5H", "6H"])  # 15: short of 45
    assert why_not(g, s, "discard", "KD") == "C8"
    play(g, s, "take_back")
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(["4H", "5H", "6H", "8S", "8D", "KD"])


# -------------------------------------------------------------------- C18
def test_C18_both_fi_to_one_side_forces_the_other_to_open_with_a_canasta(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H"]}, opened=[0], fi1=[], fi_taken=(1, 0))
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert var(g, s, "fi_taken", 0) == 2
    assert var(g, s, "forced", 1) == 1 and var(g, s, "forced", 0) == 0


def test_C18_no_force_when_the_other_side_has_opened(g):
    s = position(g, 0, hands={0: ["4H", "5H", "6H"]}, opened=[0, 3], fi1=[], fi_taken=(1, 0))
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert var(g, s, "forced", 1) == 0


def test_C18_a_forced_side_opens_only_with_a_canasta_wilds_allowed_no_minimum(g):
    s = position(g, 1, hands={1: OPEN_HAND}, opened=[0], fi1=[], fi2=[], fi_taken=(2, 0), forced=(0, 1))
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "meld", ["8S", "8D", "8C"])     # 45 would open normally, not now
    assert var(g, s, "opened", 1) == 0 and why_not(g, s, "discard", "9C") == "C8"
    half = ["5S", "5D", "5C", "5H", "5S", "5D", "XJ"]
    s = position(g, 1, hands={1: half + ["KD", "QC"]}, opened=[0], fi1=[], fi2=[], fi_taken=(2, 0),
                 forced=(0, 1))
    play(g, s, "meld", half)                    # 40 points, a wild, no run: a canasta opens
    assert var(g, s, "opened", 1) == 1
    play(g, s, "discard", "KD")
    # once one partner has, the other opens normally (45 with a run)
    s2 = position(g, 3, hands={3: OPEN_HAND}, opened=[0, 1], melds={1: [half]}, fi1=[], fi2=[],
                  fi_taken=(2, 0), forced=(0, 1), kinds={(1, 0): 1})
    play(g, s2, "meld", ["4H", "5H", "6H"])
    play(g, s2, "meld", ["8S", "8D", "8C"])
    assert var(g, s2, "opened", 3) == 1


def test_C18_minus_600_when_the_opponents_end_the_hand_first(g):
    s = position(g, 0, hands={0: ["KD"], 1: ["QC", "3C"]}, opened=[0], melds={0: [CANASTA]},
                 kinds={(0, 0): 2}, fi1=[], fi2=[], fi_taken=(2, 0), forced=(0, 1))
    play(g, s, "discard", "KD")
    assert sheet(s)["points"][1] == -600 - pts("QC", "3C")
    assert sheet(s)["points"][0] == CLEAN + pts(*CANASTA) + 2 * FI + OUT


def test_C18_minus_100_when_the_forced_side_managed_to_open(g):
    half = ["5S", "5D", "5C", "5H", "5S", "5D", "XJ"]
    s = position(g, 0, hands={0: ["KD"]}, opened=[0, 1], melds={0: [CANASTA], 1: [half]},
                 kinds={(0, 0): 2, (1, 0): 1}, fi1=[], fi2=[], fi_taken=(2, 0), forced=(0, 1))
    play(g, s, "discard", "KD")
    assert sheet(s)["points"][1] == HALF + pts(*half[:-1]) + 10 - 100


def test_C18_a_side_with_no_fi_loses_100_even_when_it_ends_the_hand_and_keeps_the_50(g):
    s = position(g, 1, hands={1: ["KD"], 0: ["3C"]}, opened=[0, 1], melds={0: [["4H", "5H", "6H"]], 1: [CANASTA]},
                 kinds={(1, 0): 2}, fi1=[], fi2=[], fi_taken=(2, 0))
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1
    assert sheet(s)["points"][1] == CLEAN + pts(*CANASTA) + OUT - 100
    assert sheet(s)["points"][0] == pts("4H", "5H", "6H") + 2 * FI - pts("3C")


def test_C18_C20_a_forced_side_loses_only_100_when_the_stock_runs_out(g):
    s = position(g, 0, "draw", hands={0: ["KD", "QD"], 1: ["QC"]}, opened=[0], melds={0: [CANASTA]},
                 kinds={(0, 0): 2}, stock=["8S"], rest="pile", fi1=[], fi2=[], fi_taken=(2, 0), forced=(0, 1))
    play(g, s, "draw")
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["out"] == [0, 0] and sheet(s)["ended"] == "stock"
    assert sheet(s)["points"][1] == -100 - pts("QC") and sheet(s)["no_fi"] == [0, -100]


# -------------------------------------------------------------------- C19
def test_C19_an_unused_fi_counts_neither_plus_nor_minus(g):
    fi_cards = ["AS", "AD", "KS", "KH", "QS", "QH", "JS", "JH", "TS", "TH", "XJ"]
    s = position(g, 0, hands={0: ["KD"], 3: ["4C"]}, opened=[0, 1], melds={0: [CANASTA], 1: [["7S", "7D", "7C"]]},
                 kinds={(0, 0): 2}, fi1=[], fi2=[], picked_={1: fi_cards}, fi_taken=(1, 1))
    play(g, s, "discard", "KD")
    # partnership 1: its fi (still waiting in `picked`) scores no 100, its cards nothing, and no -100
    assert sheet(s)["points"][1] == pts("7S", "7D", "7C") - pts("4C")
    assert sheet(s)["fi"] == [FI, 0] and sheet(s)["no_fi"] == [0, 0]
    assert sheet(s)["points"][0] == CLEAN + pts(*CANASTA) + FI + OUT


# -------------------------------------------------------------------- C20
def test_C20_the_stock_runs_out_the_hand_ends_after_that_turn_no_50_minus_100_without_fi(g):
    s = position(g, 0, "draw", hands={0: ["KD", "4H", "5H", "6H"], 1: ["QC"], 2: ["3C"], 3: []},
                 opened=[0], melds={0: [CANASTA]}, kinds={(0, 0): 2}, stock=["8S"], rest="pile",
                 fi1=[], fi_taken=(1, 0))
    play(g, s, "draw")
    assert s.zones[zid(g, "stock")] == []
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1  # nobody takes that discard: the hand is over
    sh = s.sheets[0]
    assert sh["out"] == [0, 0] and sh["ended"] == "stock"
    assert sh["points"][0] == CLEAN + pts(*CANASTA) + pts("4H", "5H", "6H") + FI - pts("8S") - pts("3C")
    assert sh["points"][1] == -100 - pts("QC")


def test_C20_no_draw_from_an_empty_stock(g):
    s = position(g, 0, "draw", hands={0: ["KD"]}, stock=[], rest="pile")
    assert why_not(g, s, "draw") == "C20"


# -------------------------------------------------------------------- C21
def test_C21_a_hands_score(g):
    half = ["TS", "TD", "TC", "TH", "TS", "TD", "XJ"]
    s = position(g, 0, hands={0: ["9C"], 1: ["3C"], 2: ["KS", "AS"], 3: ["JC", "QC"]}, opened=[0, 1, 3],
                 melds={0: [CANASTA, ["4H", "5H", "6H"]], 1: [half, ["AH", "AD", "2C"]]},
                 kinds={(0, 0): 2, (1, 0): 1}, fi1=[], fi2=[], fi_taken=(1, 1), pile=["8S", "8D"])
    play(g, s, "discard", "9C")
    sh = sheet(s)
    team0 = CLEAN + pts(*CANASTA) + pts("4H", "5H", "6H") + FI + OUT - pts("KS", "AS")
    team1 = HALF + pts(*half[:-1]) + 10 + pts("AH", "AD") + 10 + FI - pts("3C") - pts("JC", "QC")
    assert sh["points"] == [team0, team1]
    assert s.totals == [team0, team1]


def test_C21_a_2_left_in_hand_counts_its_own_5_a_joker_10(g):
    """C21 (Decision): a 2 is a wild only in a meld; left in hand it counts its own 5 points, a joker 10. The same
    2 melded as a wild counts 10 (C7)."""
    s = position(g, 0, hands={0: ["KD"], 1: ["2C"], 2: ["2S", "XJ"], 3: ["2D", "2H"]}, opened=[0],
                 melds={0: [CANASTA]}, kinds={(0, 0): 2}, fi1=[], fi2=[], fi_taken=(1, 1))
    play(g, s, "discard", "KD")
    assert sheet(s)["in_hand"] == [-(5 + 10), -(5 + 5 + 5)]
    assert read(g, "7S", "7H", "2C").points == 5 + 5 + 10


# -------------------------------------------------------------------- C22
def end_of_game(g, totals):
    s = new_game(g, 1)
    s.totals = list(totals)
    return value_of(g.game_end, s)


@pytest.mark.parametrize("totals, over", [
    ((5199, 3000), False), ((5200, 3000), True), ((3000, 5300), True),
    ((5300, 5250), False),                       # both passed 5200: now to 7200
    ((7200, 5300), True), ((7300, 7250), False),  # both passed 7200: now to 9200
    ((9250, 9300), True),
])
def test_C22_the_game_ends_at_5200_then_7200_then_9200(g, totals, over):
    assert bool(end_of_game(g, totals)) == over


def test_C22_the_last_hand_ends_the_game_and_the_higher_total_wins(g):
    s = end_position(g, ["KD"], totals=(5100, 4000))
    play(g, s, "discard", "KD")
    assert s.over and not s.aborted
    r = result(s)
    assert r["winners"] == [0] and r["scores"][0] >= 5200
    # both pass 5200 on one hand: play on, to 7200
    s = end_position(g, ["KD"], totals=(5100, 5150))
    play(g, s, "discard", "KD")
    assert s.totals == [5100 + CLEAN + pts(*CANASTA) + FI + OUT, 5150 + FI]
    assert not s.over and min(s.totals) >= 5200


def test_C22_past_9200_the_higher_total_wins(g):
    s = new_game(g, 1)
    s.totals = [9250, 9300]
    assert value_of(g.game_end, s) and result(s)["winners"] == [1]


# ----------------------------------------------------------- a whole game
def test_a_whole_game_with_heuristic_bots_ends_without_abort(g):
    s = new_game(g, 3)
    bots = [make_bot("heuristic", 30 + seat) for seat in range(4)]
    while not s.over:
        apply(s, bots[s.me].choose(s, legal_moves(s)))
    assert not s.aborted
    assert max(s.totals) >= 5200
    assert result(s)["winners"] == [s.totals.index(max(s.totals))]


def test_C8_opening_steps_must_be_pairs():
    """C8's `open_thresholds` are [from, minimum] steps: a list of plain numbers is refused when the game loads,
    as the param's declared form (issue 34.17), with the form --set takes."""
    import pytest as _pytest

    from kural.dsl.errors import RuleError
    from kural.dsl.loader import load
    with _pytest.raises(RuleError) as err:
        load("canasta", [], ["open_thresholds=[45, 90]"])
    assert "is a list of lists of 2 numbers" in str(err.value) and "[[0, 45], [900, 90]]" in str(err.value)
