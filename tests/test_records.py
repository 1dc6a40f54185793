"""Records (DESIGN.md "Cards and records", issue 2 "The record"): engine-made
records are checked by the independent reference checker written from
RULES.md alone, replay through the engine to the same end, are the same
bytes for the same seed, and a tampered record is caught by replay.
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fantan_support import ROOT, VARIANT_COMBOS, game, play_game, ref  # noqa: E402

from kural.dsl.loader import load, load_for_record  # noqa: E402
from kural.interpreter import record  # noqa: E402

GAMES_PER_CASE = 60
BOTS = ["random", "heuristic"]


def fresh_record(variants, seed, bot="random", sets=()):
    """A record made from a fresh load, not the cached GameDef: nothing shared between runs."""
    g = load("fantan", variants=list(variants), sets=list(sets))
    rec, _ = play_game(g, seed, bot)
    return record.dumps(rec)


def as_read(rec):
    """The record as a reader gets it: through its JSON text."""
    return json.loads(record.dumps(rec))


# ------------------------------------------------------ valid records
@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=lambda v: "+".join(v) or "base")
def test_engine_records_pass_the_reference_checker_and_replay(variants, bot):
    """F1-F9, FV1-FV4: every record (with the legal lists offered) is valid for the independent
    checker, its result is the one the rules give, and the engine's replay reproduces it."""
    g = game(variants)
    for seed in range(1, GAMES_PER_CASE + 1):
        rec, s = play_game(g, seed, bot)
        assert not s.aborted, (variants, bot, seed)
        rec = as_read(rec)
        assert rec["format"] == "kural-record/1" and rec["game"] == "fantan"
        assert rec["variants"] == list(variants)
        assert ref.check_record(rec) == [], (variants, bot, seed)
        want = ref.replay_result(rec)
        got = rec["result"]
        assert {k: v for k, v in got.items() if k != "hands"} == {k: v for k, v in want.items() if k != "hands"}
        assert [sorted(h) for h in got["hands"]] == [sorted(h) for h in want["hands"]]
        _, problems = record.replay(g, rec)
        assert problems == [], (variants, bot, seed)


@pytest.mark.parametrize("variants", [(), ("pass-fee",), ("any7", "free-pass", "pass-fee")])
def test_record_replays_under_the_rules_it_names(variants):
    """A record names its game, variants and params: loading from the record alone replays it."""
    for seed in range(1, 11):
        rec = as_read(play_game(game(variants), seed)[0])
        _, problems = record.replay(load_for_record(rec), rec)
        assert problems == []


def test_record_with_set_params_replays_under_its_params():
    """--set values travel in the record's params: a centre-8 game replays as centre 8."""
    rec = as_read(play_game(game((), ("row_rank=8", "start_card=8D")), 4)[0])
    assert rec["params"]["row_rank"] == 8 and rec["params"]["start_card"] == "8D"
    assert rec["moves"][0]["cards"] == ["8D"]
    g = load_for_record(rec)
    _, problems = record.replay(g, rec)
    assert problems == []
    # The same moves under the default params are not a valid game (F2: 7D opens).
    _, problems = record.replay(game(), rec)
    assert problems


# ---------------------------------------------------------- determinism
@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("variants", [(), ("maca7", "free-pass", "pass-fee"), ("any7",)],
                         ids=lambda v: "+".join(v) or "base")
def test_same_seed_same_record_bytes(variants, bot):
    """Same seed, same rules, same bots: the same record, byte for byte, from fresh loads."""
    for seed in (1, 2, 99):
        assert fresh_record(variants, seed, bot) == fresh_record(variants, seed, bot)


def test_different_seeds_give_different_records():
    """The seed matters (else the byte-for-byte test above could not fail)."""
    assert fresh_record((), 1) != fresh_record((), 2)


_CHILD = """
import sys
sys.path.insert(0, {tests!r}); sys.path.insert(0, {root!r})
from test_records import fresh_record
for variants, seed, bot in {cases!r}:
    print(fresh_record(variants, seed, bot))
"""


def test_same_seed_same_record_bytes_across_processes():
    """Byte for byte in separate interpreter runs, whatever the hash seed (no set-order leaks)."""
    cases = [((), 3, "random"), (("any7", "free-pass", "pass-fee"), 5, "heuristic"), (("maca7",), 8, "random")]
    here = [fresh_record(v, seed, bot) for v, seed, bot in cases]
    script = _CHILD.format(tests=str(ROOT / "tests"), root=str(ROOT), cases=cases)
    for hash_seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                             text=True, encoding="utf-8", timeout=60, cwd=str(ROOT))
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines() == here


# ------------------------------------------------------------ tampering
def _record(variants=(), seed=1, bot="random"):
    return as_read(play_game(game(variants), seed, bot)[0])


def _replay_problems(variants, rec):
    return record.replay(game(variants), rec)[1]


def _states(rec):
    """(index, move, mover's hand, table cards) before each move, from the record alone."""
    held = [set(h) for h in rec["deal"]["hands"]]
    table = set()
    for i, mv in enumerate(rec["moves"]):
        yield i, mv, set(held[mv["seat"]]), set(table)
        if mv["move"] == "play":
            held[mv["seat"]].discard(mv["cards"][0])
            table.add(mv["cards"][0])


def _offered(mv):
    return {(m["move"], tuple(m["cards"])) for m in mv["legal"]}


@pytest.mark.parametrize("variants", [(), ("pass-fee",), ("any7", "free-pass")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tampered_illegal_play_is_reported(variants, seed):
    """F4/F5: a move replaced by a card the mover holds but may not play is caught by replay."""
    rec = _record(variants, seed)
    for i, mv, hand, table in _states(rec):
        bad = sorted(c for c in hand if ("play", (c,)) not in _offered(mv))
        if table and bad:
            break
    else:
        pytest.fail("no move with an unplayable card in hand")
    rec["moves"][i] = {"seat": mv["seat"], "move": "play", "cards": [bad[0]]}
    assert ref.check_record(rec), "the tamper is not illegal under RULES.md"
    problems = _replay_problems(variants, rec)
    assert problems and f"move {i + 1}" in problems[0]


def test_tampered_card_not_held_is_reported():
    """F1: a play of a card the mover does not hold is caught by replay."""
    rec = _record((), 2)
    i, mv = 4, rec["moves"][4]
    other = (mv["seat"] + 1) % 4
    not_held = next(c for c in rec["deal"]["hands"][other] if c not in ("7D",))
    rec["moves"][i] = {"seat": mv["seat"], "move": "play", "cards": [not_held]}
    assert _replay_problems((), rec)


def test_tampered_pass_when_able_to_play_is_reported():
    """F6: a pass where the mover had a playable card is caught by replay (base rules)."""
    rec = _record((), 3, "heuristic")
    i = next(i for i, mv in enumerate(rec["moves"]) if i > 0 and mv["move"] == "play")
    rec["moves"][i] = {"seat": rec["moves"][i]["seat"], "move": "pass", "cards": []}
    assert ref.check_record(rec)
    problems = _replay_problems((), rec)
    assert problems and f"move {i + 1}" in problems[0]


def test_tampered_seat_is_reported():
    """F3: a move credited to the wrong seat is caught by replay."""
    rec = _record((), 1)
    rec["moves"][6]["seat"] = (rec["moves"][6]["seat"] + 2) % 4
    assert _replay_problems((), rec)


@pytest.mark.parametrize("field", ["winners", "scores", "hands", "chips"])
def test_tampered_result_is_reported(field):
    """F7/FV3: a changed result (winner, a score, a hand left, chips) is caught by replay."""
    variants = ("pass-fee",)
    rec = _record(variants, 5)
    assert _replay_problems(variants, rec) == []
    res = rec["result"]
    loser = (res["winners"][0] + 1) % 4
    if field == "winners":
        res["winners"] = [loser]
    elif field == "scores":
        res["scores"][loser] += 1
    elif field == "hands":
        res["hands"][loser] = res["hands"][loser][1:]
    else:
        res["chips"][0] += 1
    assert ref.check_record(rec)
    problems = _replay_problems(variants, rec)
    assert problems and "result" in problems[-1]


def test_tampered_deal_is_reported():
    """F1: a deal other than the one the seed gives (two cards swapped between hands) is caught."""
    rec = _record((), 6)
    hands = rec["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    problems = _replay_problems((), rec)
    assert any("deal" in p for p in problems)


def test_tampered_seed_is_reported():
    """A record whose seed was changed no longer matches its deal."""
    rec = _record((), 6)
    rec["seed"] = 7
    assert any("deal" in p for p in _replay_problems((), rec))


def test_truncated_record_is_reported():
    """F7: a record that stops before anyone is out is not a finished game."""
    rec = _record((), 8)
    rec["moves"].pop()
    assert ref.check_record(rec)
    assert _replay_problems((), rec)


def test_move_after_the_end_is_reported():
    """F7/F8: a move after someone went out is caught by replay."""
    rec = _record((), 8)
    last = rec["moves"][-1]
    rec["moves"].append({"seat": (last["seat"] + 1) % 4, "move": "pass", "cards": []})
    assert ref.check_record(rec)
    assert _replay_problems((), rec)


def test_record_under_the_wrong_variant_is_reported():
    """FV1 vs F2: a maca7 game replayed under the base rules fails (7S may not open)."""
    rec = _record(("maca7",), 9)
    assert rec["moves"][0]["cards"] == ["7S"]
    assert _replay_problems((), copy.deepcopy(rec))


def test_tampered_legal_list_is_reported():
    """F6/F9: a record whose listed legal moves are not the rules' (here a pass added where a card
    is playable) does not reproduce, though every move played is legal."""
    rec = _record((), 4)
    for i, mv, hand, table in _states(rec):
        if ("pass", ()) not in _offered(mv):
            break
    mv["legal"].append({"move": "pass", "cards": []})
    assert ref.check_record(rec), "the tamper is not wrong under RULES.md"
    problems = _replay_problems((), rec)
    assert any(f"move {i + 1}" in p and "legal" in p for p in problems)


# ------------------------------------------------------ a record a referee follows without kural (issue 38.9)
@pytest.mark.parametrize("game_id,variants,players", [("fanti", (), 3), ("pisti", (), 4), ("canasta", ("351",), 2)])
def test_a_new_rounds_deal_entry_says_where_every_card_is_the_stock_in_its_order(game_id, variants, players):
    """A record told which cards each zone received at a new round, not the deck's order, so a referee of a
    game that draws had to guess each card drawn. A new round's deal entry now gives the deck's own zone,
    bottom first: with the cards dealt, every card of the deck, each once. In Fanti, where nothing is drawn
    and nothing passes between zones but by a play, every card a seat plays in that round is one the
    record dealt it. (Pişti's bottom card reaches the dealer from a zone everyone sees, by P10's rule.)"""
    from kural.cli.simulate import play_one
    g = load(game_id, variants=list(variants), players=players)
    deck = g.zone_instance(g.deck_zone_id)[0].name
    everything = sorted(g.deck.code)
    for seed in (1, 2):
        _, rec = play_one(g, seed, ["heuristic"] * g.players, True, False, list(g.seats["en"]))
        rec = as_read(rec)
        rounds = 0
        held = None
        for e in rec["moves"]:
            if "deal" in e and deck in e["deal"]["zones"]:  # a new round's deal
                rounds += 1
                told = [c for hand in e["deal"]["hands"] for c in hand]
                for name, cards in e["deal"]["zones"].items():
                    told += [c for part in cards for c in (part if isinstance(part, list) else [part])]
                assert sorted(told) == everything, "every card, each once, where the deal put it"
                held = [set(hand) for hand in e["deal"]["hands"]]
            elif "deal" in e and held is not None:
                for seat, hand in enumerate(e["deal"]["hands"]):
                    held[seat] |= set(hand)
            elif held is not None and game_id == "fanti":
                assert set(e["cards"]) <= held[e["seat"]], (seed, e)
        assert rounds >= 1
