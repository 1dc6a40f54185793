"""Kanasta, the 351 game, rule by rule (RULES.md §3b, D1-D11; games/canasta/351.yaml over games/canasta.yaml).

Every test names the rule it checks, and its expected values come from the
rule text (card points: 2s and jokers 2, A 1.5, 8-K 1, 3-7 0.5; clean
canasta 20, dirty 10; each fi 10, going out 10; game to 351), never from what
the engine happened to print. The base game's rules (C1-C22) hold where D1-D11
say nothing. Positions are built by placing cards by hand
(canasta_support.position): with 4 players seats 0 and 2 are partnership 0,
seats 1 and 3 partnership 1; with 2 or 3 players each seat is its own side.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from canasta_support import (
    area,
    cards_of,
    find,
    groups,
    hand,
    moves_named,
    picked,
    play,
    position,
    set_var,
    turn,
    var,
    why_not,
    zid,
    zone_codes,
)

from test_refusals import candidates
from node_oracle import compiled, value_of

from kural.cli.reading import Reader
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import apply, new_game, result
from kural.interpreter.legal import legal_moves
from kural.interpreter.record import dumps, finish, start

ROOT = Path(__file__).resolve().parents[1]

# D6, D10, D11
CLEAN, DIRTY, FI, OUT, TARGET = 20, 10, 10, 10, 351
CARD = {"2": 2, "X": 2, "A": 1.5, "3": 0.5, "4": 0.5, "5": 0.5, "6": 0.5, "7": 0.5}  # 8-K: 1


def pts(*cs: str) -> float:
    """D10 card points (a 2 or a joker is 2 wherever it stands)."""
    return sum(CARD.get(c[0], 1) for c in cs)


CANASTA = ["9H", "9S", "9D", "9C", "9H", "9S", "9D"]            # 7 naturals: clean
DIRTY_CANASTA = ["TS", "TD", "TC", "TH", "TS", "TD", "XJ"]      # 6 naturals + a wild: dirty

_GAMES: dict = {}


def game(players: int = 4, *sets: str):
    """The 351 game for `players`, loaded once per (players, --set) (loading is the slow part); compiled,
    never read back from the cache: D11's tests evaluate the node of the game's end (game_over)."""
    key = (players, sets)
    if key not in _GAMES:
        _GAMES[key] = compiled("canasta", ["351"], list(sets), players)
    return _GAMES[key]


@pytest.fixture(scope="module")
def g():
    return game(4)


@pytest.fixture(scope="module")
def g2():
    return game(2)


@pytest.fixture(scope="module")
def g3():
    return game(3)


def pos(g, me: int, step: str = "meld", fi_taken=None, totals=None, **kw):
    """canasta_support.position for any number of sides: fi_taken and totals are given per side."""
    sides = len(g.teams)
    s = position(g, me, step, totals=tuple(totals or [0] * sides), **kw)
    for side, n in enumerate(fi_taken or [0] * sides):
        set_var(g, s, "fi_taken", n, side)
    return s


def end_pos(g, me: int, hand_: list, melds_: list, others=None, **kw):
    """Both fi gone, one taken by each of the first two sides (D8): `me` has opened and holds `hand_`."""
    hands = {me: hand_, **(others or {})}
    fi = kw.pop("fi_taken", [1, 1] + [0] * (len(g.teams) - 2))
    return pos(g, me, hands=hands, melds={g.team_of[me]: melds_, **kw.pop("melds", {})},
               opened=kw.pop("opened", [me]), fi1=[], fi2=[], fi_taken=fi, **kw)


def move_names(g, s) -> set[str]:
    return {g.moves[mv[0]].name for mv in legal_moves(s)}


def read(g, *cs):
    return g.melds.read(cards_of(g, cs))


def sheet(s) -> dict:
    return s.sheets[-1]


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *args], check=False, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


# --------------------------------------------------------------------- D1
@pytest.mark.parametrize("players", [2, 3, 4])
def test_D1_2_3_4_players_deal_11_each_and_two_11_card_fi(players):
    g = game(players)
    assert g.players == players and g.deck.size == 106
    for seed in (1, 5):
        s = new_game(g, seed)
        assert [len(s.zones[hand(g, p)]) for p in range(players)] == [11] * players
        assert len(s.zones[zid(g, "fi1")]) == 11 and len(s.zones[zid(g, "fi2")]) == 11
        assert len(s.zones[zid(g, "stock")]) == 106 - 11 * players - 22
        assert s.zones[zid(g, "pile")] == []
        assert sorted(c for z in s.zones for c in z) == list(range(106))


def test_D1_four_players_play_in_partnerships_opposite(g):
    assert g.teams == [[0, 2], [1, 3]] and g.team_of == [0, 1, 0, 1]
    assert len(new_game(g, 1).totals) == 2


@pytest.mark.parametrize("players", [2, 3])
def test_D1_two_or_three_players_each_play_alone_results_per_player(players):
    g = game(players)
    assert g.teams == [[p] for p in range(players)] and g.team_of == list(range(players))
    s = new_game(g, 1)
    assert len(s.totals) == players
    r = result(s)
    assert len(r["scores"]) == players


def test_D1_five_players_are_refused():
    with pytest.raises(RuleError, match="2, 3, 4 players"):
        load("canasta", ["351"], [], 5)
    out = run_cli("simulate", "canasta", "--variant", "351", "--players", "5", "-n", "1")
    assert out.returncode == 2


def test_D1_three_players_each_side_scores_its_own_hand(g3):
    """With 3 players every seat is a side: seat 0 ends the hand; seats 1 and 2 lose only their own cards."""
    s = end_pos(g3, 0, ["KD"], [CANASTA], others={1: ["AS"], 2: ["3C", "4C"]},
                melds={1: [["5H", "6H", "7H"]]}, opened=[0, 1], fi_taken=[1, 0, 1])
    play(g3, s, "discard", "KD")
    assert s.rounds_played == 1
    assert sheet(s)["points"] == [pts(*CANASTA) + CLEAN + FI + OUT,
                                  pts("5H", "6H", "7H") - pts("AS"),
                                  FI - pts("3C", "4C")]
    assert sheet(s)["out"] == [OUT, 0, 0] and sheet(s)["ended"] == "out"


# --------------------------------------------------------------------- D2
def test_D2_one_meld_alone_does_not_open_the_discard_waits(g):
    s = pos(g, 0, hands={0: ["3H", "4H", "5H", "6H", "KD", "QC"]})
    play(g, s, "meld", ["3H", "4H", "5H", "6H"])
    (grp,) = groups(g, s, 0)
    assert var(g, s, "pending", grp) == 1 and var(g, s, "opened", 0) == 0
    assert not moves_named(g, s, "discard")
    assert why_not(g, s, "discard", "KD") == "D2"
    play(g, s, "take_back")
    assert groups(g, s, 0) == [] and len(s.zones[hand(g, 0)]) == 6
    play(g, s, "discard", "KD")
    assert s.me == 1


def test_D2_the_refusals_of_an_opening_name_D2_and_no_point_minimum(g):
    """D2 (not C8, the 5200 game's minimum): a discard while one meld waits, a meld after taking the
    opening back, and a take back with nothing to take are refused by D2; the words at the table say the
    opening is two melds with a run, and name no minimum."""
    s = pos(g, 0, hands={0: ["3H", "4H", "5H", "6H", "9S", "9D", "9C", "KD", "QC"]})
    assert why_not(g, s, "take_back") == "D2"
    play(g, s, "meld", ["3H", "4H", "5H", "6H"])
    said = Reader(g, "en").read(s, legal_moves(s), "discard KD", []).message
    assert "(D2)" in said and "two melds at once, one of them a run" in said and "C8" not in said, said
    play(g, s, "take_back")
    assert why_not(g, s, "meld", ["9S", "9D", "9C"]) == "D2"
    said = Reader(g, "tr").read(s, legal_moves(s), "per 9S 9D 9C", []).message
    assert "(D2)" in said and "biri sıralı per olan iki perle" in said, said


def test_D2_no_refusal_at_the_table_cites_C8(g, g2):
    """A sample of what a person may type that is no legal move (tests/test_refusals.py's), at each of seat
    0's positions of a bot game with 4 and with 2 players, while that seat has not opened: every refusal
    names a rule or a reason, never C8 and its minimum, which the 351 game does not have (D2)."""
    for table in (g, g2):
        s = new_game(table, 3)
        bots = [make_bot("heuristic", seat) for seat in range(table.players)]
        reader, rnd, tried = Reader(table, "en"), random.Random(3), 0
        while not s.over and var(table, s, "opened", 0) == 0 and tried < 400:
            legal = legal_moves(s)
            if s.me == 0:
                for text in candidates(table, s, rnd)[:8]:
                    said = reader.read(s, legal, text, []).message or ""
                    assert "C8" not in said, (text, said)
                    tried += 1
            apply(s, bots[s.me].choose(s, legal))
        assert tried >= 40


def test_D2_two_melds_with_a_run_open_and_no_point_minimum(g):
    """3-4-5 of hearts + 3-3-3: three points in all, and it opens."""
    s = pos(g, 0, hands={0: ["3H", "4H", "5H", "3S", "3D", "3C", "KD", "QC"]})
    play(g, s, "meld", ["3H", "4H", "5H"])
    assert var(g, s, "opened", 0) == 0
    play(g, s, "meld", ["3S", "3D", "3C"])
    assert var(g, s, "opened", 0) == 1
    assert all(var(g, s, "pending", grp) == 0 for grp in groups(g, s, 0)) and len(groups(g, s, 0)) == 2
    play(g, s, "discard", "KD")
    assert s.me == 1 and len(groups(g, s, 0)) == 2


def test_D2_the_set_may_come_first(g):
    s = pos(g, 0, hands={0: ["8S", "8D", "8C", "JC", "QC", "KC", "4D", "5D"]})
    play(g, s, "meld", ["8S", "8D", "8C"])
    assert var(g, s, "opened", 0) == 0
    play(g, s, "meld", ["JC", "QC", "KC"])
    assert var(g, s, "opened", 0) == 1


def test_D2_a_run_with_a_wild_5_6_7_W_9_counts_as_the_run(g):
    assert read(g, "5H", "6H", "7H", "XJ", "9H").kind == "run"
    s = pos(g, 0, hands={0: ["5H", "6H", "7H", "XJ", "9H", "8S", "8D", "8C", "KD", "QC"]})
    play(g, s, "meld", ["5H", "6H", "7H", "XJ", "9H"])
    play(g, s, "meld", ["8S", "8D", "8C"])
    assert var(g, s, "opened", 0) == 1
    play(g, s, "discard", "KD")
    assert s.me == 1


def test_D2_two_runs_open(g):
    s = pos(g, 0, hands={0: ["3H", "4H", "5H", "8C", "9C", "TC", "KD", "QD"]})
    play(g, s, "meld", ["3H", "4H", "5H"])
    play(g, s, "meld", ["8C", "9C", "TC"])
    assert var(g, s, "opened", 0) == 1


def test_D2_the_set_may_hold_its_wild(g):
    s = pos(g, 0, hands={0: ["3H", "4H", "5H", "KS", "KD", "XJ", "4C", "5C"]})
    play(g, s, "meld", ["3H", "4H", "5H"])
    play(g, s, "meld", ["KS", "KD", "XJ"])
    assert var(g, s, "opened", 0) == 1


def test_D2_two_sets_do_not_open(g):
    s = pos(g, 0, hands={0: ["8S", "8D", "8C", "KS", "KD", "KC", "AH", "AD", "AC", "4D", "5D"]})
    for meld in (["8S", "8D", "8C"], ["KS", "KD", "KC"], ["AH", "AD", "AC"]):
        play(g, s, "meld", meld)
        assert var(g, s, "opened", 0) == 0
    assert why_not(g, s, "discard", "4D") == "D2"
    assert move_names(g, s) == {"take_back"}


def test_D2_once_opened_a_later_meld_is_laid_directly(g):
    s = pos(g, 0, hands={0: ["4S", "4D", "4C", "KD", "QC"]}, opened=[0], melds={0: [["3H", "4H", "5H"], ["3S", "3D", "3C"]]})
    play(g, s, "meld", ["4S", "4D", "4C"])
    assert all(var(g, s, "pending", grp) == 0 for grp in groups(g, s, 0))
    play(g, s, "discard", "KD")
    assert s.me == 1


# --------------------------------------------------------------------- D3
def test_D3_when_one_partner_has_opened_the_other_counts_as_opened(g):
    s = pos(g, 2, hands={2: ["8S", "8D", "8C", "6H", "KD", "QC"]}, opened=[0],
            melds={0: [["3H", "4H", "5H"], ["3S", "3D", "3C"]]})
    play(g, s, "meld", ["8S", "8D", "8C"])              # one meld, a set: laid, not pending
    new = [grp for grp in groups(g, s, 0) if "8S" in zone_codes(g, s, grp)]
    assert len(new) == 1 and var(g, s, "pending", new[0]) == 0
    play(g, s, "add", area(g, 0)[0], "6H")              # ... and lays off on the partner's run
    play(g, s, "discard", "KD")
    assert s.me == 3 and len(groups(g, s, 0)) == 3


def test_D3_the_opponents_opening_does_not_count(g):
    s = pos(g, 1, hands={1: ["8S", "8D", "8C", "KD", "QC"]}, opened=[0, 2],
            melds={0: [["3H", "4H", "5H"], ["3S", "3D", "3C"]]})
    play(g, s, "meld", ["8S", "8D", "8C"])
    (grp,) = groups(g, s, 1)
    assert var(g, s, "pending", grp) == 1
    assert why_not(g, s, "discard", "KD") == "D2"


def test_D3_two_players_nobody_else_opens_for_you(g2):
    s = pos(g2, 1, hands={1: ["8S", "8D", "8C", "KD", "QC"]}, opened=[0])
    play(g2, s, "meld", ["8S", "8D", "8C"])
    assert why_not(g2, s, "discard", "KD") == "D2"


# --------------------------------------------------------------------- D4
def test_D4_add_offers_only_your_own_sides_melds(g):
    s = pos(g, 1, hands={1: ["9C", "7H", "KD"]}, opened=[0, 1],
            melds={0: [["9H", "9S", "9D"]], 1: [["7C", "7D", "7S"], ["QS", "KS", "AS"]]})
    adds = moves_named(g, s, "add")
    assert adds and all(mv[1][0] in area(g, 1) for mv in adds)
    assert find(g, s, "add", area(g, 1)[0], "7H") is not None
    assert not any(g.deck.code[mv[1][1]] == "9C" for mv in adds)   # ♣9 fits only the opponents' 9s


def test_D4_three_players_lay_off_on_neither_opponent(g3):
    s = pos(g3, 0, hands={0: ["9C", "7H", "KD"]}, opened=[0, 1, 2],
            melds={1: [["9H", "9S", "9D"]], 2: [["7C", "7D", "7S"]]})
    assert not moves_named(g3, s, "add")


def test_D4_discarding_a_card_that_could_be_laid_off_is_allowed(g):
    s = pos(g, 0, hands={0: ["9C", "KD", "4S"]}, opened=[0], melds={0: [["9H", "9S", "9D"]], 1: [["KS", "KH", "KC"]]})
    assert find(g, s, "add", area(g, 0)[0], "9C") is not None
    play(g, s, "discard", "9C")                         # fits the own side's 9s: may still be thrown
    assert s.me == 1 and zone_codes(g, s, zid(g, "pile"))[-1] == "9C"
    s = pos(g, 0, hands={0: ["9C", "KD", "4S"]}, opened=[0], melds={0: [["9H", "9S", "9D"]], 1: [["KS", "KH", "KC"]]})
    play(g, s, "discard", "KD")                         # fits the opponents' kings
    assert s.me == 1


# --------------------------------------------------------------------- D5
@pytest.mark.parametrize("meld", [
    ["4H", "5H", "6H", "2C", "XJ"],
    ["7H", "7S", "7D", "2C", "2D"],
    ["AS", "2S", "3S", "2H", "XJ"],                     # ♠2 natural, but then two wilds
])
def test_D5_one_wild_per_meld(g, meld):
    r = read(g, *meld)
    assert not r.legal and g.melds.why[r.reason]["rule"] == "C4"
    s = pos(g, 0, hands={0: meld + ["KD", "QC"]}, opened=[0])
    assert find(g, s, "meld", meld) is None


def test_D5_a_2_in_its_own_place_in_a_run_is_natural(g):
    r = read(g, "AS", "2S", "3S")
    assert r.legal and r.kind == "run" and r.wilds == 0 and r.naturals == 3
    r = read(g, "AS", "2S", "3S", "XJ")                 # and the run may still take its one wild
    assert r.legal and r.wilds == 1
    r = read(g, "2H", "3H", "4H", "5H", "6H", "7H", "8H")
    assert r.legal and r.wilds == 0


def test_D5_D6_a_run_with_a_2_in_its_place_is_a_clean_canasta(g):
    run = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    s = end_pos(g, 0, ["KD"], [run])
    play(g, s, "discard", "KD")
    assert sheet(s)["canastas"] == [CLEAN, 0]
    assert sheet(s)["points"][0] == 1.5 + 2 + 5 * 0.5 + CLEAN + FI + OUT


# --------------------------------------------------------------------- D6
def test_D6_a_clean_canasta_scores_20_a_dirty_one_10(g):
    s = end_pos(g, 0, ["KD"], [CANASTA])
    play(g, s, "discard", "KD")
    assert sheet(s)["points"] == [7 + CLEAN + FI + OUT, FI]
    assert sheet(s)["canastas"] == [CLEAN, 0]
    s = end_pos(g, 0, ["KD"], [DIRTY_CANASTA])
    play(g, s, "discard", "KD")
    assert sheet(s)["points"] == [6 + 2 + DIRTY + FI + OUT, FI]
    assert sheet(s)["canastas"] == [DIRTY, 0]


def test_D6_a_canasta_is_7_cards_six_are_none(g):
    s = end_pos(g, 0, ["KD"], [CANASTA], melds={1: [["5S", "5D", "5C", "5H", "5S", "5D"]]}, opened=[0, 1])
    play(g, s, "discard", "KD")
    assert sheet(s)["points"][1] == 6 * 0.5 + FI and sheet(s)["canastas"] == [CLEAN, 0]


def test_D6_a_longer_canasta_with_its_wild_is_dirty(g):
    """D6: formed with a wild it is dirty: 7 naturals and a joker laid at once is a dirty canasta (10)."""
    meld = ["TS", "TD", "TC", "TH", "TS", "TD", "TC", "XJ"]
    s = end_pos(g, 0, ["KD"], [CANASTA, meld])
    play(g, s, "discard", "KD")
    assert sheet(s)["points"][0] == 7 + CLEAN + 7 + 2 + DIRTY + FI + OUT


def quiet_turns(g, s, n: int) -> None:
    """`n` turns of the next seats, each drawing the stock's top card and discarding it."""
    for _ in range(n):
        turn(g, s)


def test_D6_a_clean_canasta_that_later_takes_a_wild_stays_clean(g):
    """D6 (Decision), C11: the kind is fixed when the meld first reaches 7 cards; formed without a wild it
    is clean (20), and a wild added on a later turn does not make it dirty."""
    nines = ["9H", "9S", "9D", "9C", "9H", "9S"]
    s = pos(g, 0, hands={0: ["9D", "XJ", "KD", "5C"], 1: ["3C", "4D"], 2: ["3D", "4C"], 3: ["3H", "4S"]},
            melds={0: [nines, ["5H", "6H", "7H"]]}, opened=[0], fi1=[], fi2=[], fi_taken=[1, 1],
            stock=["8H", "QC", "QD", "QS"], rest="pile")
    canasta = area(g, 0)[0]
    play(g, s, "add", canasta, "9D")                    # the seventh nine: a canasta without a wild
    play(g, s, "discard", "5C")
    quiet_turns(g, s, 3)
    play(g, s, "draw")                                  # the ♥8
    play(g, s, "add", canasta, "XJ")                    # a wild on the clean canasta, a turn later
    play(g, s, "add", area(g, 0)[1], "8H")
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["canastas"] == [CLEAN, 0]


def test_D6_C12_a_dirty_canasta_whose_2_returns_to_its_place_stays_dirty(g):
    """D6 (Decision), C11, C12: formed with a wild (♥2 standing for the ♥4), the canasta is dirty (10); the ♥3
    and ♥4 added later bring the ♥2 back to its own place, and the canasta stays dirty."""
    run = ["2H", "5H", "6H", "7H", "8H", "9H", "TH"]   # [♥2 as 4]-5-...-10: seven cards with a wild
    s = pos(g, 0, hands={0: ["5C", "3H", "4H", "KD"], 1: ["3C", "4D"], 2: ["3D", "4C"], 3: ["3S", "4S"]},
            melds={0: [run]}, opened=[0], fi1=[], fi2=[], fi_taken=[1, 1],
            stock=["JH", "QC", "QD", "QS"], rest="pile")
    canasta = area(g, 0)[0]
    play(g, s, "discard", "5C")                         # the turn that formed it ends: dirty
    quiet_turns(g, s, 3)
    play(g, s, "draw")                                  # the ♥J
    for card in ("3H", "4H", "JH"):
        play(g, s, "add", canasta, card)
    assert read(g, *zone_codes(g, s, canasta)).wilds == 0   # the ♥2 is natural now: 2-3-...-J
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["canastas"] == [DIRTY, 0]


def test_D6_the_351_game_has_no_full_canasta(g):
    """D6 (Decision): a run from A to K is clean or dirty like any other canasta. Every rank A to K there
    as a natural card, formed clean it scores 20; formed with a wild (kind 1, dirty: the ♠2 stood for a
    card and came back to its own place later, C12) it scores 10, not a full canasta's bonus."""
    run = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    for kind, bonus in ((2, CLEAN), (1, DIRTY)):
        s = end_pos(g, 0, ["KD"], [run], kinds={(0, 0): kind})
        play(g, s, "discard", "KD")
        assert sheet(s)["canastas"] == [bonus, 0], kind


def test_D6_D10_a_hands_exact_total(g):
    s = end_pos(g, 0, ["9C"], [CANASTA, DIRTY_CANASTA, ["3H", "4H", "5H"]],
                others={1: ["3C"], 2: ["KS", "AS"], 3: ["JC", "QC", "2D"]},
                melds={1: [["AH", "AD", "2C"], ["6C", "7C", "8C"]]}, opened=[0, 1], pile=["8S", "8D"])
    play(g, s, "discard", "9C")
    team0 = (7 + CLEAN) + (6 + 2 + DIRTY) + 1.5 + FI + OUT - (1 + 1.5)
    team1 = (1.5 + 1.5 + 2) + (0.5 + 0.5 + 1) + FI - 0.5 - (1 + 1 + 2)
    assert team0 == 64 and team1 == 12.5
    assert sheet(s)["points"] == [team0, team1]
    assert sheet(s)["in_hand"] == [-2.5, -4.5] and sheet(s)["out"] == [OUT, 0] and sheet(s)["fi"] == [FI, FI]
    assert s.totals == [team0, team1]


# --------------------------------------------------------------------- D7
def test_D7_no_canasta_the_last_card_may_not_be_discarded(g):
    s = pos(g, 0, hands={0: ["KD"]}, opened=[0], melds={0: [["4H", "5H", "6H"], ["8S", "8D", "8C"]]})
    assert not moves_named(g, s, "discard") and why_not(g, s, "discard", "KD") == "C17"


def test_D7_no_canasta_meld_and_add_must_leave_a_card_to_keep(g):
    melds0 = [["4H", "5H", "6H"], ["8S", "8D", "8C"]]
    s = pos(g, 0, hands={0: ["JS", "JD", "JC"]}, opened=[0], melds={0: melds0})
    assert why_not(g, s, "meld", ["JS", "JD", "JC"]) == "C17"           # an empty hand takes nothing
    s = pos(g, 0, hands={0: ["JS", "JD", "JC", "KD"]}, opened=[0], melds={0: melds0})
    assert why_not(g, s, "meld", ["JS", "JD", "JC"]) == "C17"           # one card left: it must be kept
    s = pos(g, 0, hands={0: ["JS", "JD", "JC", "KD", "QC"]}, opened=[0], melds={0: melds0})
    assert find(g, s, "meld", ["JS", "JD", "JC"]) is not None           # one to discard, one to keep
    s = pos(g, 0, hands={0: ["8H", "KD"]}, opened=[0], melds={0: melds0})
    assert why_not(g, s, "add", area(g, 0)[1], "8H") == "C17"
    s = pos(g, 0, hands={0: ["8H", "KD", "QC"]}, opened=[0], melds={0: melds0})
    play(g, s, "add", area(g, 0)[1], "8H")
    play(g, s, "discard", "KD")
    assert s.me == 1 and zone_codes(g, s, hand(g, 0)) == ["QC"] and var(g, s, "fi_taken", 0) == 0


def test_D7_C15_with_a_canasta_melding_out_takes_the_fi_and_the_turn_goes_on(g):
    s = pos(g, 0, hands={0: ["4H", "5H", "6H"]}, opened=[0], melds={0: [CANASTA]})
    fi1 = sorted(s.zones[zid(g, "fi1")])
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert sorted(s.zones[hand(g, 0)]) == fi1 and s.zones[zid(g, "fi1")] == []
    assert var(g, s, "fi_taken", 0) == 1 and s.me == 0 and "discard" in move_names(g, s)


def test_D7_C16_with_a_canasta_discarding_the_last_card_takes_the_fi_next_turn(g):
    s = pos(g, 0, hands={0: ["KD"], 1: ["QC"], 2: ["QS"], 3: ["JC"]}, opened=[0], melds={0: [CANASTA]})
    fi1 = sorted(s.zones[zid(g, "fi1")])
    play(g, s, "discard", "KD")
    assert s.zones[hand(g, 0)] == [] and sorted(s.zones[picked(g, 0)]) == fi1
    assert var(g, s, "fi_taken", 0) == 1 and s.me == 1
    for _ in range(3):
        turn(g, s)
    play(g, s, "draw")
    assert s.me == 0 and s.zones[picked(g, 0)] == [] and len(s.zones[hand(g, 0)]) == 12


def test_D7_the_partners_canasta_counts(g):
    s = pos(g, 2, hands={2: ["4H", "5H", "6H"]}, opened=[0], melds={0: [CANASTA]})
    play(g, s, "meld", ["4H", "5H", "6H"])
    assert len(s.zones[hand(g, 2)]) == 11 and var(g, s, "fi_taken", 0) == 1


def test_D7_an_opponents_canasta_does_not_count(g):
    s = pos(g, 1, hands={1: ["KD"]}, opened=[0, 1], melds={0: [CANASTA], 1: [["4H", "5H", "6H"], ["8S", "8D", "8C"]]})
    assert why_not(g, s, "discard", "KD") == "C17"


def test_D7_a_canasta_laid_this_turn_takes_the_fi(g):
    """The canasta laid by the meld that empties the hand is the side's canasta: the fi is taken (C15)."""
    s = pos(g, 0, hands={0: list(CANASTA)}, opened=[0], melds={0: [["4H", "5H", "6H"], ["8S", "8D", "8C"]]})
    fi1 = sorted(s.zones[zid(g, "fi1")])
    play(g, s, "meld", CANASTA)
    assert sorted(s.zones[hand(g, 0)]) == fi1 and var(g, s, "fi_taken", 0) == 1 and s.me == 0


def test_D7_a_canasta_made_by_a_lay_off_this_turn_takes_the_fi(g):
    six = ["9H", "9S", "9D", "9C", "9H", "9S"]
    s = pos(g, 0, hands={0: ["9D"]}, opened=[0], melds={0: [six, ["8S", "8D", "8C"]]})
    fi1 = sorted(s.zones[zid(g, "fi1")])
    play(g, s, "add", area(g, 0)[0], "9D")             # C15: the last card laid off, the fi in hand
    assert sorted(s.zones[hand(g, 0)]) == fi1 and var(g, s, "fi_taken", 0) == 1
    s = pos(g, 0, hands={0: ["9D", "KD"]}, opened=[0], melds={0: [six, ["8S", "8D", "8C"]]})
    play(g, s, "add", area(g, 0)[0], "9D")
    play(g, s, "discard", "KD")                         # C16: the fi waits for the next turn
    assert len(s.zones[picked(g, 0)]) == 11 and var(g, s, "fi_taken", 0) == 1 and s.me == 1


def test_D7_two_players_no_canasta_no_fi(g2):
    s = pos(g2, 1, hands={1: ["KD"]}, opened=[1], melds={1: [["4H", "5H", "6H"], ["8S", "8D", "8C"]]})
    assert why_not(g2, s, "discard", "KD") == "C17"
    s = pos(g2, 1, hands={1: ["KD"]}, opened=[1], melds={1: [CANASTA]})
    play(g2, s, "discard", "KD")
    assert len(s.zones[picked(g2, 1)]) == 11 and var(g2, s, "fi_taken", 1) == 1 and s.me == 0


# --------------------------------------------------------------------- D8
def test_D8_both_fi_gone_a_side_with_a_canasta_goes_out_and_the_hand_ends(g):
    s = end_pos(g, 0, ["KD"], [CANASTA])
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["out"] == [OUT, 0]


def test_D8_the_partner_of_the_opener_ends_the_hand_with_the_sides_canasta(g):
    s = end_pos(g, 2, ["KD"], [CANASTA], opened=[0])
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1 and sheet(s)["out"] == [OUT, 0]


def test_D8_no_end_without_a_canasta(g):
    s = end_pos(g, 0, ["KD"], [["4H", "5H", "6H"], ["8S", "8D", "8C"]])
    assert not moves_named(g, s, "discard") and why_not(g, s, "discard", "KD") == "C17"


def test_D8_no_end_while_a_fi_remains(g):
    s = pos(g, 0, hands={0: ["KD"]}, opened=[0], melds={0: [CANASTA]}, fi1=[], fi_taken=[1, 0])
    play(g, s, "discard", "KD")                         # takes the second fi instead
    assert s.rounds_played == 0 and len(s.zones[picked(g, 0)]) == 11 and var(g, s, "fi_taken", 0) == 2


def test_D8_C17_going_out_is_a_discard_melding_out_is_refused(g):
    s = end_pos(g, 0, ["4H", "5H", "6H"], [CANASTA])
    assert why_not(g, s, "meld", ["4H", "5H", "6H"]) == "C17"
    s = end_pos(g, 0, ["4H", "5H", "6H", "KD"], [CANASTA])
    play(g, s, "meld", ["4H", "5H", "6H"])
    play(g, s, "discard", "KD")
    assert s.rounds_played == 1


def test_D8_two_players(g2):
    s = end_pos(g2, 1, ["KD"], [CANASTA], others={0: ["AS"]}, opened=[1])
    play(g2, s, "discard", "KD")
    assert s.rounds_played == 1
    assert sheet(s)["points"] == [FI - 1.5, 7 + CLEAN + FI + OUT]


# --------------------------------------------------------------------- D9
def test_D9_a_turn_starts_with_draw_or_take_show_only_with_a_twin(g):
    s = pos(g, 0, "draw", hands={0: ["KS", "QD"]}, pile=["QS", "KD"])
    assert move_names(g, s) == {"draw", "take"}        # ♠K is not the twin of ♦K
    assert why_not(g, s, "show") == "D9"
    s = pos(g, 0, "draw", hands={0: ["KD", "QD"]}, pile=["QS", "KD"])
    assert move_names(g, s) == {"draw", "take", "show"}


def test_D9_the_twin_must_be_of_the_top_card(g):
    s = pos(g, 0, "draw", hands={0: ["QS", "4C"]}, pile=["QS", "KD"])
    assert why_not(g, s, "show") == "D9"
    s = pos(g, 0, "draw", hands={0: ["QS"]})           # an empty pile has no top card
    assert why_not(g, s, "show") == "D9"


def test_D9_show_ends_the_turn_with_no_draw_and_no_discard(g):
    s = pos(g, 0, "draw", hands={0: ["KD", "4C", "9S"]}, pile=["QS", "KD"])
    before = {z: list(s.zones[z]) for z in (hand(g, 0), zid(g, "pile"), zid(g, "stock"))}
    play(g, s, "show")
    assert {z: list(s.zones[z]) for z in before} == before   # hand, pile and stock untouched
    assert s.me == 1 and g.steps[s.step].name == "draw"


def two_show_chances(g2):
    """Two players: seat 0 shows the ♦K; seat 1 draws and discards a ♣Q, again the twin of a card of
    seat 0. Seat 0 is to move, having shown on its last turn."""
    s = pos(g2, 0, "draw", hands={0: ["KD", "QC", "4H"], 1: ["QC", "8S"]}, pile=["KD"],
            stock=["5S", "3D", "7C"], rest="pile")
    play(g2, s, "show")
    assert s.me == 1
    play(g2, s, "draw")
    play(g2, s, "discard", "QC")
    assert s.me == 0
    return s


def test_D9_the_seed_sets_no_limit_a_player_may_show_on_turns_running(g2):
    """D9 (Decision): the seed sets no limit, so the 351 game lets a player show on consecutive turns."""
    s = two_show_chances(g2)
    assert move_names(g2, s) == {"draw", "take", "show"}
    play(g2, s, "show")
    assert s.me == 1 and sorted(zone_codes(g2, s, hand(g2, 0))) == ["4H", "KD", "QC"]


HOUSE_RULE = [(["351-no-show-twice"], []), (["351"], ["no_show_twice_running=true"])]


@pytest.fixture(scope="module", params=HOUSE_RULE, ids=["variant file", "--set"])
def house2(request):
    """Two players with D9's house rule, no show on two turns running: its variant file, or the param set."""
    variants, sets = request.param
    return load("canasta", variants, sets, 2)


def test_D9_house_rule_no_show_two_turns_running(house2):
    """D9's house rule (the param no_show_twice_running, off by default): a player who showed last turn
    draws or takes."""
    s = two_show_chances(house2)
    assert why_not(house2, s, "show") == "D9"
    assert move_names(house2, s) == {"draw", "take"}
    play(house2, s, "draw")
    play(house2, s, "discard", "4H")
    assert s.me == 1


def test_D9_house_rule_after_a_drawn_turn_show_is_allowed_again(house2):
    s = pos(house2, 0, "draw", hands={0: ["KD", "QC", "5S"], 1: ["8S"]}, pile=["KD"],
            stock=["3D", "5S", "7C", "4H"], rest="pile")
    play(house2, s, "show")
    play(house2, s, "draw")                              # seat 1 draws ♥4 and throws it
    play(house2, s, "discard", "4H")
    assert s.me == 0 and why_not(house2, s, "show") == "D9"  # no ♥4 in hand
    play(house2, s, "draw")                              # seat 0 draws ♣7 and throws it
    play(house2, s, "discard", "7C")
    play(house2, s, "draw")                              # seat 1 draws ♠5 and throws it
    play(house2, s, "discard", "5S")
    assert s.me == 0 and "show" in move_names(house2, s)  # seat 0 drew last turn: showing is legal again
    play(house2, s, "show")
    assert s.me == 1 and sorted(zone_codes(house2, s, hand(house2, 0))) == ["5S", "KD", "QC"]


def test_D9_kural_diff_shows_the_house_rule_off_in_the_351_game_and_on_in_its_variant():
    """D9: the house rule is a param of the 351 game, off; `kural diff` names it, in both languages, and
    the variant file that plays it differs from the 351 game by that param (and D9's words) alone."""
    proc = run_cli("diff", "canasta", "351", "--lang", "en")
    assert proc.returncode == 0, proc.stderr
    assert "param no_show_twice_running (D9): added\n    No show on two turns running" in proc.stdout
    assert ": no (--set no_show_twice_running)" in proc.stdout
    proc = run_cli("diff", "canasta", "351", "--lang", "tr")
    assert "parametre no_show_twice_running (D9): eklendi\n    Üst üste iki sırada gösterilmez" in proc.stdout
    assert ": hayır (--set no_show_twice_running)" in proc.stdout
    proc = run_cli("diff", "games/canasta/351.yaml", "games/canasta/351-no-show-twice.yaml", "--lang", "en")
    assert proc.returncode == 0, proc.stderr
    assert "2 changes, rule by rule" in proc.stdout
    assert "param no_show_twice_running (D9): changed\n    before: No show on two turns running" in proc.stdout
    assert ": no (--set no_show_twice_running)\n    now:    No show on two turns running" in proc.stdout
    assert ": yes (--set no_show_twice_running)" in proc.stdout
    assert "rule text D9 (D9): changed" in proc.stdout


# --------------------------------------------------------------- C16, D9
def test_C16_D9_a_twin_in_the_fi_taken_by_discarding_may_be_shown(g):
    """C16 (Decision): from the start of the next turn the fi taken by discarding is in the hand for
    every purpose, the show too (D9); showing puts its cards in the hand and ends the turn."""
    fi = ["KD", "3C", "8S", "QH", "5D", "7C", "9S", "JD", "4H", "AS", "6C"]
    s = pos(g, 0, "draw", hands={}, picked_={0: fi}, pile=["QS", "KD"], fi1=[], fi_taken=[1, 0])
    assert move_names(g, s) == {"draw", "take", "show"}
    play(g, s, "show")
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(fi) and s.zones[picked(g, 0)] == []
    assert zone_codes(g, s, zid(g, "pile")) == ["QS", "KD"] and s.me == 1


def test_C16_D9_seed_1_move_109_the_ten_of_diamonds_in_the_fi_may_be_shown(g):
    """C16, D9 in play: the position `kural simulate canasta --variant 351 --seed 1 --bots heuristic` (4
    players) reached before move 110 when it was found (the bots have changed since, so it is placed by
    hand): Can has emptied his hand by discarding and took a fi, ♦10 among it; the top discard is the
    other ♦10. He may show it."""
    fi = ["2H", "9H", "2H", "6H", "TH", "2C", "2S", "TD", "3C", "7S", "QS"]
    s = pos(g, 2, "draw", hands={0: ["5C"], 1: ["6H"], 3: ["6D"]}, picked_={2: fi}, pile=["KC", "TD"],
            stock=["AC", "JH", "TS", "JC", "JS", "7D", "8H", "AS", "5S", "JD", "8D", "8D", "KD", "9C", "4D"],
            fi1=[], fi2=["2D", "8C", "7S", "8S", "9H", "7C", "TC", "XJ", "KS", "AC", "7H"],
            melds={0: [["AD", "2D", "3D", "4D"], ["6S", "6C", "6C", "6D", "6S"], ["QS", "QD", "QH", "QD", "QC", "QH", "XJ", "QC"],
                       ["AH", "AH", "AD", "AS"], ["JC", "JS", "JH", "JD"], ["8C", "8H", "2S", "8S"],
                       ["4C", "4C", "4S", "4H", "4H"], ["TC", "TH", "TS"], ["7H", "7D", "7C"]],
                   1: [["3S", "4S", "5S"], ["9S", "9D", "2C", "9S", "9D", "9C"], ["3S", "3C", "3H", "3H", "3D"],
                       ["5H", "5D", "5C", "5H", "5D"], ["KC", "KH", "KS", "KH", "KD"]]},
            kinds={(0, 2): 1}, fi_taken=[1, 0], opened=[2, 3])
    assert s.zones[hand(g, 2)] == [] and "TD" in zone_codes(g, s, picked(g, 2))
    assert zone_codes(g, s, zid(g, "pile"))[-1] == "TD"
    assert "show" in move_names(g, s)
    play(g, s, "show")
    assert zone_codes(g, s, hand(g, 2)) == fi and s.me == 3


def test_C16_D9_seed_41_move_1158_the_ace_of_clubs_in_the_fi_may_be_shown(g):
    """C16, D9: the position the same game reached before move 1159 (entry 1166 of its record) when show
    was withheld there (the fix changes the game from move 500 on, so the position is placed by hand):
    You have taken the second fi by discarding, ♣A among it; the top discard is the other ♣A."""
    fi = ["5H", "AC", "9S", "9D", "6C", "4C", "8C", "3C", "6D", "AH", "TS"]
    s = pos(g, 0, "draw", hands={1: ["2D"], 3: ["JC"]},
            picked_={0: fi, 2: ["6H", "XJ", "6S", "KS", "JH", "4H", "2H", "2D", "9C", "QC", "AS"]},
            pile=["JD", "9C", "4S", "7D", "9D", "JS", "4D", "JC", "9S", "5S", "3D", "TC", "3C", "6H", "2C", "AC"],
            melds={0: [["5C", "6C", "7C"], ["QH", "QC", "2H", "QS", "QH", "QD", "QD"], ["7S", "7H", "2S", "7C", "7S"],
                       ["TH", "TH", "TD", "TS", "TC"], ["AD", "AS", "AH"], ["8S", "8S", "8D", "8H", "8D"],
                       ["KC", "KC", "2S"], ["6S", "6D", "XJ"]],
                   1: [["7H", "8H", "9H"], ["3S", "3D", "3H", "3H"], ["KD", "KD", "KS", "KH", "KH"],
                       ["4S", "4H", "4C"], ["5C", "5S", "2C", "5D", "5H"]]},
            fi1=[], fi2=[], fi_taken=[2, 0], opened=[0, 1])
    assert len(s.zones[zid(g, "stock")]) == 12                # every other card is where the game had it
    assert "show" in move_names(g, s)
    play(g, s, "show")
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(fi) and s.me == 1


def test_D9_take_moves_the_whole_pile_with_no_duty_to_meld(g):
    s = pos(g, 0, "draw", hands={0: ["9C"]}, pile=["KD", "QS", "4C", "7H"])
    assert g.move("take").choices == []
    play(g, s, "take")
    assert sorted(zone_codes(g, s, hand(g, 0))) == sorted(["9C", "KD", "QS", "4C", "7H"])
    assert s.zones[zid(g, "pile")] == []
    play(g, s, "discard", "KD")                         # unopened, nothing melded: the turn ends
    assert s.me == 1 and zone_codes(g, s, zid(g, "pile")) == ["KD"]


def test_D9_a_drawn_turn_discards_one(g):
    s = pos(g, 0, "draw", hands={0: ["9C"]}, stock=["3D", "KS"], rest="pile")
    play(g, s, "draw")
    assert zone_codes(g, s, hand(g, 0)) == ["9C", "KS"]
    assert not move_names(g, s) & {"draw", "take", "show"}
    play(g, s, "discard", "9C")
    assert s.me == 1


# -------------------------------------------------------------------- D10
@pytest.mark.parametrize("meld, points", [
    (["AS", "AH", "AD"], 4.5),
    (["8C", "9C", "TC"], 3),
    (["JC", "QC", "KC"], 3),
    (["3H", "4H", "5H"], 1.5),
    (["5D", "6D", "7D"], 1.5),
    (["7H", "7S", "XJ"], 3),                            # a joker 2
    (["KH", "KS", "2C"], 4),                            # a 2 as a wild 2
    (["AS", "2S", "3S"], 4),                            # a 2 in its place 2
    (["2S", "2H", "2D"], 6),
    (["5H", "6H", "7H", "XJ", "9H"], 4.5),              # the wild stands for ♥8: 2, not 1
])
def test_D10_card_points(g, meld, points):
    r = read(g, *meld)
    assert r.legal and r.points == points


def test_D10_the_check_command_takes_the_variant():
    out = run_cli("check", "canasta", "--variant", "351", "AS", "AH", "XJ", "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["legal"] is True and got["kind"] == "set" and got["points"] == 5


def test_D10_cards_left_in_hand_count_against_their_own_side(g):
    """The partner's cards count against the side that ends the hand too."""
    s = end_pos(g, 0, ["KD"], [CANASTA], others={1: ["XJ"], 2: ["AS", "3C"], 3: ["8D"]})
    play(g, s, "discard", "KD")
    assert sheet(s)["points"] == [7 + CLEAN + FI + OUT - 2, FI - 3]
    assert sheet(s)["in_hand"] == [-2, -3]


def test_D10_fi_10_each_going_out_10(g):
    s = end_pos(g, 0, ["KD"], [CANASTA], fi_taken=[2, 0])
    play(g, s, "discard", "KD")
    assert sheet(s)["points"] == [7 + CLEAN + 2 * FI + OUT, 0]   # no -100 for a side without a fi (C18 is the 5200 game's)


def test_D10_fractional_totals_survive_into_the_records_scores(g):
    s = end_pos(g, 0, ["KD"], [CANASTA, ["3H", "4H", "5H"]], others={2: ["4C"]}, totals=[340, 20.5])
    record = start(g, 1, ["a", "b", "c", "d"], s)
    play(g, s, "discard", "KD")
    assert s.over and sheet(s)["points"] == [7 + CLEAN + 1.5 + FI + OUT - 0.5, FI]
    rec = json.loads(dumps(finish(record, s)))
    assert rec["result"]["scores"] == [340 + 48, 30.5]
    assert rec["result"]["rounds"] == [[48, 10]]
    s = end_pos(g, 0, ["KD"], [CANASTA, ["3H", "4H", "5H"]], totals=[340, 20.5])
    record = start(g, 1, ["a", "b", "c", "d"], s)
    play(g, s, "discard", "KD")
    rec = json.loads(dumps(finish(record, s)))
    assert rec["result"]["scores"] == [388.5, 30.5] and rec["result"]["winners"] == [0]


# -------------------------------------------------------------------- D11
def game_over(g, totals) -> bool:
    s = new_game(g, 1)
    s.totals = list(totals)
    return bool(value_of(g.game_end, s))


@pytest.mark.parametrize("totals, over", [
    ((350.5, 0), False), ((351, 0), True), ((0, 400), True), ((-20, 350), False), ((360, 355), True),
])
def test_D11_the_game_ends_when_a_side_reaches_351(g, totals, over):
    assert game_over(g, totals) == over


def test_D11_three_players_each_player_against_351(g3):
    assert not game_over(g3, (350, 350, 350.5))
    assert game_over(g3, (0, 0, 351))


def test_D11_the_last_hand_ends_the_game_and_the_higher_total_wins(g):
    s = end_pos(g, 0, ["KD"], [CANASTA], totals=[320, 340])
    play(g, s, "discard", "KD")
    assert s.over and not s.aborted
    assert s.totals == [320 + 7 + CLEAN + FI + OUT, 340 + FI]
    assert result(s)["winners"] == [0]
    s = end_pos(g, 0, ["KD"], [CANASTA], totals=[300, 0])   # 347: not yet
    play(g, s, "discard", "KD")
    assert not s.over and s.rounds_played == 1 and len(s.zones[hand(g, 0)]) == 11


def test_D11_targets_555_by_agreement():
    g = game(4, "targets=[555]")
    assert not game_over(g, (400, 0)) and not game_over(g, (554.5, 0)) and game_over(g, (555, 0))
    s = end_pos(g, 0, ["KD"], [CANASTA], totals=[340, 0])
    play(g, s, "discard", "KD")
    assert not s.over and s.totals == [387, 10]


# ----------------------------------------------------------- whole games
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_351_game_with_heuristic_bots_ends_without_abort(players):
    g = game(players)
    s = new_game(g, 3)
    bots = [make_bot("heuristic", 30 + seat) for seat in range(players)]
    while not s.over:
        apply(s, bots[s.me].choose(s, legal_moves(s)))
    assert not s.aborted
    assert max(s.totals) >= TARGET and len(s.totals) == len(g.teams)
    r = result(s)
    assert r["winners"] == [s.totals.index(max(s.totals))] and len(r["scores"]) == len(g.teams)


# -------------------------------------------------- the 351 book (issue 37)
_BOOKS: dict = {}


def book(variants: tuple, lang: str) -> tuple:
    """The rules document of the game (with `variants`) in `lang`, as `kural rules` prints it, cut at the
    section of what the variants removed; and its sections' parts by id."""
    from kural.dsl import teach
    from kural.dsl.teach.book import Book
    from kural.dsl.teach.phrases import say
    key = (variants, lang)
    if key not in _BOOKS:
        g = teach.open_game("canasta", list(variants))
        base = teach.open_game("canasta") if variants else None
        text = teach.rules(g, lang, "text", base, reference=True)
        text = text.split("\n" + say("sec_removed", lang) + "\n")[0]
        parts = {p.id: " ".join(" ".join(line.text for line in p.lines).split())
                 for s in Book(g, lang).sections() for p in s.parts}
        _BOOKS[key] = (" ".join(text.split()), parts)
    return _BOOKS[key]


WORDS = {"wild": "XJ", "joker": "XJ", "q": "Q", "kız": "Q", "j": "J", "vale": "J", "k": "K", "papaz": "K",
         "a": "A", "as": "A", "10": "T"}


def run_examples(sentence: str) -> list[tuple[list[str], float]]:
    """The runs a sentence gives with their points, `4-5-6-wild-8 (35)`, as spade cards and a number."""
    out = []
    for run, value in re.findall(r"(\w+(?:-\w+){2,}) \((\d+(?:[.,]\d+)?)", sentence):
        cards = [WORDS.get(w.lower(), w) + "S" if WORDS.get(w.lower()) != "XJ" else "XJ" for w in run.split("-")]
        out.append((cards, float(value.replace(",", "."))))
    return out


@pytest.mark.parametrize("variants", [(), ("351",)], ids=["5200", "351"])
def test_C6_D10_the_books_run_examples_score_what_the_game_scores(variants):
    """C6's examples `4-5-6-wild-8` and `8-9-10-wild-Q` are legal runs; their points, as each book prints them in
    both languages, are the game's: 35 and 50 in the 5200 game (C7), 4.5 and 6 in the 351 game (D10), issue 37.1."""
    g = load("canasta", list(variants))
    for lang in ("en", "tr"):
        examples = run_examples(book(variants, lang)[1]["text.C6"])
        assert len(examples) == 2, (lang, examples)
        for cards, printed in examples:
            r = g.melds.read(cards_of(g, cards))
            assert r.legal and r.kind == "run" and r.points == printed, (lang, cards, printed, r.points)


def test_C6_D10_the_351_books_first_example_is_what_kural_check_says():
    """`kural check canasta 4S 5S 6S XJ 8S --variant 351` and the 351 book's C6 agree (D10: 4.5), issue 37.1."""
    cards, printed = run_examples(book(("351",), "en")[1]["text.C6"])[0]
    out = run_cli("check", "canasta", "--variant", "351", *cards, "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["points"] == printed == pts("4S", "5S", "6S") + 2 + 1


def test_D2_the_351_book_states_no_opening_minimum():
    """D2: no point minimum. The 351 book, in both languages, states none of the 5200 game's opening
    minimums (C8: 45, then 90 from a total of 900), settings included; they are listed as removed
    (issue 37.2). The 5200 book states them."""
    for lang in ("en", "tr"):
        text, parts = book(("351",), lang)
        assert not re.findall(r"\b(?:45|90|900)\b", text), lang
        assert not [p for p in parts if p in ("params.open_thresholds", "params.wilds_count_from")], lang
        assert re.findall(r"\b45\b", book((), lang)[0]) and "params.open_thresholds" in book((), lang)[1]


def test_C9_D3_the_351_book_says_a_partners_opening_opens_both():
    """D3: when one partner opens, the other counts as opened: the 351 book's C9 says so, and none of the 5200
    game's lay-off-only player who may not meld or end the hand (issue 37.3)."""
    for lang, not_yet in (("en", "until they open"), ("tr", "açana kadar")):
        c9 = book(("351",), lang)[1]["text.C9"]
        assert "(D3)" in c9 and not_yet not in c9.lower(), (lang, c9)
        assert not_yet in book((), lang)[1]["text.C9"].lower()


def stock_end(g, hand_: list):
    """Seat 0, both fi gone and a canasta on its side, draws the stock's last card, the ♦K (C20)."""
    s = pos(g, 0, "draw", hands={0: hand_, 1: ["3C"]}, melds={0: [CANASTA, ["QH", "QD", "QC"]]}, opened=[0],
            fi1=[], fi2=[], fi_taken=[1, 1], stock=["KD"], rest="pile")
    play(g, s, "draw")
    play(g, s, "add", area(g, 0)[1], "QS")
    return s


def test_C20_going_out_on_the_last_turn_of_the_stock_scores_the_10(g):
    """C20 (Decision): the player who drew the last card and goes out in that turn scores going out's 10 (D10);
    the 351 book says so, in both languages, as the 5200 book does (issue 37.4)."""
    s = stock_end(g, ["QS"])
    play(g, s, "discard", "KD")                          # the last card: out, and the stock is empty
    assert s.rounds_played == 1 and sheet(s)["out"] == [OUT, 0]
    s = stock_end(g, ["QS", "JH"])
    play(g, s, "discard", "KD")                          # the ♥J stays: the stock ended the hand, nobody went out
    assert s.rounds_played == 1 and sheet(s)["out"] == [0, 0]
    for lang, only in (("en", f"The {OUT} for going out goes only to a player who goes out on that last turn"),
                       ("tr", f"{OUT} puanını yalnızca o son sırada elindeki kartları bitiren oyuncu alır")):
        c20 = " ".join(book(("351",), lang)[1]["text.C20"].split())
        assert only in c20, (lang, c20)


def test_C12_D6_the_351_book_names_canastas_clean_or_dirty_only(g):
    """D6: the 351 game's canastas are clean (temiz) or dirty; its Turkish book never calls one "tam", the
    5200 game's word (issue 37.6). C12's example is clean here too: [♥2 as 4]-5-6-7-8 + ♥3 ♥4 in one turn
    brings the ♥2 to its own place, and the seven cards hold no wild."""
    text, parts = book(("351",), "tr")
    assert not re.findall(r"\btam\b", text, re.IGNORECASE)
    assert "temiz" in parts["text.C12"] and "clean" in book(("351",), "en")[1]["text.C12"]
    s = end_pos(g, 0, ["3H", "4H", "KD"], [["2H", "5H", "6H", "7H", "8H"]])
    for card in ("3H", "4H"):
        play(g, s, "add", area(g, 0)[0], card)
    play(g, s, "discard", "KD")
    assert sheet(s)["canastas"] == [CLEAN, 0]


def test_D1_the_351_book_says_who_plays_with_whom_at_each_count():
    """D1: 2, 3 or 4 players, partnerships only with 4. The book states the partnerships for 4 players only,
    and says that with 2 or 3 each plays alone (issue 37.9)."""
    for lang, four, alone in (("en", "With 4 players: ", "With 2 or 3 players: Each player plays for themselves."),
                              ("tr", "4 oyuncuyla: ", "2 ya da 3 oyuncuyla: Herkes kendi adına oynar.")):
        players = book(("351",), lang)[1]["game.players"]
        assert alone in players, (lang, players)
        together = re.findall(r"[^.]*\bCan\b[^.]*\.", players.split(". ", 1)[1])   # after the seats' line
        assert together and all(t.strip().startswith(four) for t in together), (lang, together)


def test_C10_D6_the_351_book_says_a_canasta_is_at_least_7_cards():
    """C10, D6: a canasta is a meld of 7 cards or more (issue 37.9)."""
    for lang, at_least, exactly in (("en", "7 or more cards", "is 7 cards"), ("tr", "en az 7 kartlık", "7 karttır")):
        parts = book(("351",), lang)[1]
        for rule in ("text.C10", "text.D6"):
            assert at_least in parts[rule] and exactly not in parts[rule], (lang, rule, parts[rule])


def test_C21_D10_a_2_or_a_joker_left_in_hand_counts_2(g):
    """C21 (Decision): a card left in hand counts its own points; in the 351 game a 2 and a joker are 2 each
    (D10), whether the 2 would be wild in a meld or not."""
    s = end_pos(g, 0, ["KD"], [CANASTA], others={1: ["2C", "XJ"], 2: ["2S"]})
    play(g, s, "discard", "KD")
    assert sheet(s)["in_hand"] == [-2, -4]
