"""Fanti through the `kural` command (RULES.md section 2, N1-N15), run as a user runs it.

Few subprocesses (each costs about half a second): a whole game from a pipe,
the choice between several captures (N10), `--players` (N1), `simulate
--json` checked against the records it writes, and `replay` of those
records. Expectations come from the rules, the engine and the records,
never from the CLI's own code.
"""
from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fanti_support import ROOT, codes, game, ref  # noqa: E402

from kural.cli.i18n import t  # noqa: E402
from kural.dsl.loader import load_for_record  # noqa: E402
from kural.interpreter import record  # noqa: E402
from kural.interpreter.engine import new_game  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402

GAME = "fanti"
MANY_ONES = "1\n" * 400          # 4 players, 5 rounds: the person plays 60 cards


def kural(home: Path, *args, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="120")
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)],
                          input=None if stdin is None else stdin.encode("utf-8"),
                          stdin=subprocess.DEVNULL if stdin is None else None,
                          capture_output=True, cwd=ROOT, env=env, timeout=120)
    proc.out = proc.stdout.decode("utf-8")
    proc.err = proc.stderr.decode("utf-8")
    return proc


def replay_clean(rec: dict):
    s, problems = record.replay(load_for_record(rec), rec)
    assert problems == []
    return s


# --------------------------------------------------------------- whole game
def test_whole_game_from_a_pipe_N2_N14_N15(tmp_path):
    """`kural play fanti --seed 5 --lang en`, answering 1 (the first listed move) every time: the game
    runs its 5 rounds (N2), prints each round's scoring table (N14), then the result with the winners
    (N15); exit code 0, and the record it writes is valid for the reference checker."""
    rec_file = tmp_path / "game.json"
    proc = kural(tmp_path / "home", "play", GAME, "--seed", 5, "--lang", "en", "--record", rec_file,
                 stdin=MANY_ONES)
    assert proc.returncode == 0, proc.err
    assert "Traceback" not in proc.err
    rec = json.loads(rec_file.read_text(encoding="utf-8"))
    assert ref.check_record(rec) == []
    s = replay_clean(rec)
    assert s.over and s.rounds_played == 5
    out = proc.out
    prompt = t("prompt", "en", name=game().seats["en"][0])
    assert out.count(prompt) == 60                               # N3/N5: 12 cards a round, one per turn
    for n in range(1, 6):
        assert f"Round {n}" in out
    assert "Round 6" not in out
    assert out.index("Round 1") < out.index("Round 5") \
        < out.rindex(t("result_title", "en"))
    res = rec["result"]
    names = game().seats["en"]
    winners_line = t("winners", "en", names=", ".join(names[w] for w in res["winners"]))
    assert winners_line in out.splitlines()
    assert res["winners"] == [p for p, total in enumerate(res["scores"]) if total == max(res["scores"])]
    table = out[out.rindex(t("result_title", "en")):]
    for seat, name in enumerate(names):
        row = next(line for line in table.splitlines() if f" {name} " in line)
        assert re.search(rf"\b{res['scores'][seat]}\b", row)
        assert (t("winner_mark", "en") in row) == (seat in res["winners"])
    # the first answer "1" played the first legal move of the deal
    s0 = new_game(game(), 5)
    first = legal_moves(s0)[0]
    assert rec["moves"][0]["cards"] == codes(game(), [first[1][0]])
    assert rec["moves"][0]["capture"] == codes(game(), first[1][1])


# --------------------------------------------------------------- N10 choice
def _seed_with_a_choice():
    """The first seed whose first turn (seat 0, the person) has a card with several captures."""
    g = game()
    for seed in range(1, 200):
        s = new_game(g, seed)
        legal = legal_moves(s)
        by_card = {}
        for i, (_, (c, taken)) in enumerate(legal):
            by_card.setdefault(c, []).append((i + 1, taken))
        for c, options in by_card.items():
            if len(options) >= 2 and all(taken for _, taken in options):
                return seed, s, c, options
    pytest.fail("no seed gives the person a card with several captures")


def test_typing_a_card_with_several_captures_lists_the_numbered_options_N10(tmp_path):
    """N10: typing a card that can capture in several ways (e.g. 6S on 5H or 4D+AC) does not play it:
    the options are listed with their numbers in the move list; the number then plays that capture."""
    g = game()
    seed, s, played, options = _seed_with_a_choice()
    label = g.deck.label
    code = g.deck.code[played]
    pick_n, pick_taken = options[-1]
    proc = kural(tmp_path / "home", "play", GAME, "--seed", seed, "--lang", "en",
                 stdin=f"{code}\n{pick_n}\n")
    assert proc.returncode == 0, proc.err
    out = proc.out
    which = next(line for line in out.splitlines() if "which one" in line)
    assert which.startswith(f"{label(played)}: ")
    title = g.move("play").title["en"]
    for n, taken in options:
        shown = f"{n}) {title} {label(played)} → {' '.join(label(c) for c in taken)}"
        assert shown in which, (shown, which)
    assert len(re.findall(r"\d+\) ", which)) == len(options)
    me = g.seats["en"][0]
    assert f"{me}: {title} {label(played)} → {' '.join(label(c) for c in pick_taken)}" in out.splitlines()


# ------------------------------------------------------------------- N1
def test_five_players_refused_naming_players_N1(tmp_path):
    """N1: `--players 5` is refused (exit 2) with a message naming --players and the counts allowed."""
    proc = kural(tmp_path / "home", "play", GAME, "--players", 5, "--seed", 1, stdin="")
    assert proc.returncode == 2
    assert "--players" in proc.err and "2, 3, 4" in proc.err and "Traceback" not in proc.err


def test_auto_two_players_three_rounds_N1_N2(tmp_path):
    """N1/N2: `--auto --players 2 --set rounds=3` plays a 2-player game of 3 rounds without input."""
    rec_file = tmp_path / "auto.json"
    proc = kural(tmp_path / "home", "play", GAME, "--auto", "--players", 2, "--set", "rounds=3", "--seed", 4,
                 "--lang", "en", "--record", rec_file)
    assert proc.returncode == 0, proc.err
    rec = json.loads(rec_file.read_text(encoding="utf-8"))
    assert len(rec["seats"]) == 2 and len(rec["result"]["rounds"]) == 3 and rec["params"]["rounds"] == 3
    assert ref.check_record(rec) == []
    replay_clean(rec)
    assert "Round 3" in proc.out and "Round 4" not in proc.out


# ------------------------------------------------------------- simulate
@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sim")
    path = tmp / "games.jsonl"
    proc = kural(tmp / "home", "simulate", GAME, "-n", 10, "--players", 3, "--json", "--record", path)
    assert proc.returncode == 0, proc.err
    stats = json.loads(proc.stdout)
    recs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return tmp, stats, recs


def test_simulate_json_reports_wins_and_per_round_captures_by_seat(simulated):
    """`simulate fanti -n 10 --players 3 --json`: wins by seat are the records' winners (shared wins
    count for each winner, N15), and mean_per_round_by_seat has the points (N14) and the captures of
    the round sheets, averaged over the 50 rounds (N2)."""
    _, stats, recs = simulated
    assert stats["game"] == "fanti" and stats["games"] == 10 and len(recs) == 10
    assert len(stats["wins_by_seat"]) == 3
    wins = [sum(seat in r["result"]["winners"] for r in recs) for seat in range(3)]
    assert stats["wins_by_seat"] == wins and sum(wins) >= 10
    per_round = stats["mean_per_round_by_seat"]
    assert "captures" in per_round and "points" in per_round
    sheets = [sheet for r in recs for sheet in r["result"]["round_sheets"]]
    assert len(sheets) == 50
    for name in ("captures", "points", "cards"):
        want = [sum(sheet[name][seat] for sheet in sheets) / 50 for seat in range(3)]
        assert per_round[name] == pytest.approx(want, abs=0.01)
    assert [sum(sheet["cards"]) for sheet in sheets] == [52] * 50        # N13: every card ends in a pile
    assert stats["mean_rounds"] == 5


def test_simulated_records_pass_the_reference_checker_and_replay(simulated):
    """N1-N15: the 3-player records simulate writes are valid for the reference checker and replay."""
    _, _, recs = simulated
    for rec in recs:
        assert len(rec["seats"]) == 3
        assert ref.check_record(rec) == []
        replay_clean(rec)


def test_replay_command_accepts_a_record_and_reports_a_tampered_capture(simulated):
    """`kural replay`: a simulated record reproduces (exit 0); the same record with a card dropped
    from a capture (N6-N9) does not (exit 1)."""
    tmp, _, recs = simulated
    good = tmp / "good.json"
    good.write_text(json.dumps(recs[0], ensure_ascii=False), encoding="utf-8")
    proc = kural(tmp / "home", "replay", good, "--lang", "en")
    assert proc.returncode == 0, proc.out + proc.err
    assert t("reproduced", "en") in proc.out
    bad_rec = copy.deepcopy(recs[0])
    e = next(e for e in bad_rec["moves"] if "deal" not in e and len(e["capture"]) >= 2)
    e["capture"] = e["capture"][:-1]
    bad = tmp / "bad.json"
    bad.write_text(json.dumps(bad_rec, ensure_ascii=False), encoding="utf-8")
    proc = kural(tmp / "home", "replay", bad, "--lang", "en")
    assert proc.returncode == 1, proc.out + proc.err
    assert t("not_reproduced", "en") in proc.out and "Traceback" not in proc.err
