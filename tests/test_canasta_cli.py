"""Kanasta through the `kural` command (RULES.md section 3, C1-C22, D1-D11), run as a user runs it.

A whole game from a pipe (to a low target, C22's `targets` param, so that it
fits in a test), its record replayed and played again byte for byte; the
turn's typed commands (draw, meld CARDS, add N CARD, take back, discard)
with the rule that refuses a move; `kural check`; `simulate` with the
heuristic bots finishing every game (wins by partnership, hands, canastas);
the 351 game with 2 and 3 players (D1).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import kural  # noqa: E402

from kural.dsl.loader import load_for_record  # noqa: E402
from kural.interpreter import record  # noqa: E402

LOW = ["--set", "targets=[300]"]  # C22's targets, lowered: one or two hands


def play_piped(home: Path, rec: Path, *args, answers: int = 3000):
    return kural(home, "play", "canasta", "--seed", "3", "--lang", "en", "--record", rec, *LOW, *args,
                 stdin=b"1\n" * answers)


def test_a_whole_game_from_a_pipe_ends_replays_and_repeats_byte_for_byte(tmp_path):
    """C22: the game runs hand after hand until a partnership reaches the target; the record holds the
    scores per partnership and each hand's scoring sheet (C21), replays with no problem, and the same
    seed and answers give the same record."""
    rec = tmp_path / "a.json"
    proc = play_piped(tmp_path / "h1", rec)
    assert proc.returncode == 0, proc.err
    assert "Traceback" not in proc.out + proc.err
    data = json.loads(rec.read_text(encoding="utf-8"))
    res = data["result"]
    assert len(res["scores"]) == 2, "C1: two partnerships, scored as partnerships"
    assert max(res["scores"]) >= 300 and not res.get("aborted")
    sheets = res["round_sheets"]
    parts = ("melded", "canastas", "fi", "out", "in_hand", "no_fi")
    assert sheets and all(set(parts) | {"points", "totals", "ended"} <= set(sh) for sh in sheets)
    for sh in sheets:  # C21: every part of the points is a column of the sheet
        assert [sum(sh[k][side] for k in parts) for side in (0, 1)] == sh["points"]
    assert sheets[-1]["totals"] == res["scores"]
    for sh in sheets[:-1]:
        assert max(sh["totals"]) < 300, "C22: the game ends at the first hand that reaches the target"
    s, problems = record.replay(load_for_record(data), data)
    assert problems == [] and s.over
    again = tmp_path / "b.json"
    assert play_piped(tmp_path / "h2", again).returncode == 0
    assert again.read_bytes() == rec.read_bytes()


def test_typed_commands_play_and_refusals_name_their_rule(tmp_path):
    """C2: draw; C8: a meld before opening waits as an opening; a discard is refused while it falls short;
    C9: `add N CARD` onto a meld, refused with its rule when the meld would break; `take back`."""
    answers = "\n".join(["draw", "meld TD TD TS", "add 1 7C", "add 1 2H", "discard 3D", "take back", "discard 3D",
                         "quit"]) + "\n"
    proc = kural(tmp_path / "h", "play", "canasta", "--seed", "5", "--lang", "en", stdin=answers)
    assert proc.returncode == 0, proc.err
    out = proc.out
    assert "You: meld ♦10 ♦10 ♠10" in out  # 30 points: short of the minimum (45)
    assert "add 1 ♣7 cannot be played now: the meld would no longer be a meld (C3)" in out  # issue 37.8
    assert "You: add 1 ♥2" in out
    assert "(C8)" in out.split("You: add 1 ♥2", 1)[1].split("You: take back", 1)[0]
    assert "You: take back" in out
    assert "You: ♦3" in out.split("You: take back", 1)[1]


def test_check_says_what_a_meld_is_and_its_points(tmp_path):
    """C6, C7: 4-5-6-W-8 is a run worth 35; 5-6-W is refused by C6, exit 1."""
    ok = kural(tmp_path, "check", "canasta", "4H", "5H", "6H", "2C", "8H", "--json")
    assert ok.returncode == 0, ok.err
    assert {k: json.loads(ok.out)[k] for k in ("legal", "kind", "points")} == {"legal": True, "kind": "run", "points": 35}
    bad = kural(tmp_path, "check", "canasta", "5H", "6H", "XJ")
    assert bad.returncode == 1 and "C6" in bad.out


def test_simulate_with_heuristic_bots_finishes_every_game(tmp_path):
    """The bots open, build canastas and end hands: every game reaches 5200 (C22) with no move bound hit."""
    proc = kural(tmp_path, "simulate", "canasta", "-n", "2", "--seed", "7", "--bots", "heuristic", "--json",
                 timeout=300)
    assert proc.returncode == 0, proc.err
    data = json.loads(proc.out)
    assert data.get("aborted", 0) == 0
    assert sum(data["wins_by_team"]) >= 2
    assert data["mean_rounds"] >= 1, "mean hands per game"
    canastas = data["mean_per_round_by_team"]["canastas"]
    assert len(canastas) == 2 and sum(canastas) > 0, "canasta bonuses per hand, per partnership (C10)"
    ends = data["round_ends"]  # how each hand ended: a player went out (C17) or the stock ran out (C20)
    assert set(ends) <= {"out", "stock"} and sum(ends.values()) == round(data["mean_rounds"] * data["games"])


def test_the_351_game_plays_with_two_and_three_players(tmp_path):
    """D1: 2 or 3 players, each for themselves; D11: to 351 (here lowered)."""
    for players in ("2", "3"):
        rec = tmp_path / f"p{players}.json"
        proc = kural(tmp_path / players, "play", "canasta", "--variant", "351", "--players", players, "--seed", "2",
                     "--lang", "en", "--set", "targets=[40]", "--record", rec, stdin=b"1\n" * 3000)
        assert proc.returncode == 0, proc.err
        data = json.loads(rec.read_text(encoding="utf-8"))
        assert len(data["result"]["scores"]) == int(players)
        s, problems = record.replay(load_for_record(data), data)
        assert problems == [] and s.over


def test_the_board_shows_melds_as_they_read_and_says_marks_in_words():
    """The table: each meld in its order with the wild in brackets and the card it stands for in a run, its
    size and points (C5, C6, C7), a canasta's kind in words once fixed (C10), who has opened (C8), the
    opening so far against the minimum for the player to move (C8), the points in the hand (C21), the
    current target (C22) and, once a hand is scored, the totals so far (C21)."""
    from canasta_support import game, position
    from kural.cli.render import board
    g = game()
    s = position(g, 0, hands={0: ["3S", "9D"]}, opened=(1,), totals=(950, 100),
                 melds={0: [["4H", "5H", "6H", "2C", "8H"], ["5S", "5S", "5D", "5D", "5C", "5C", "5H"]]},
                 kinds={(0, 1): 2})
    s.sheets.append({"points": [950, 100], "totals": [950, 100]})
    names = ["You", "Zeynep", "Can", "Elif"]
    lines = [str(x) for x in board(g, s, 0, names, "en", [])]
    at = lines.index("melds · You & Can:")  # one meld a line, their sizes in a column (issue 35.7)
    assert lines[at + 1:at + 3] == ["  1) ♥4 ♥5 ♥6 [♣2=♥7] ♥8  (5 cards, 35 points)",
                                    "  2) ♠5 ♠5 ♦5 ♦5 ♣5 ♣5 ♥5 (7 cards, 35 points) · canasta: clean"]
    assert "opened: Zeynep" in lines
    assert "your opening so far: 0 / 90" in lines  # C8: from 900 on, for You & Can
    assert "points in your hand: 15" in lines  # ♠3 5 and ♦9 10 (C21)
    assert "the target now: 5200" in lines
    assert "totals so far: You & Can 950 · Zeynep & Elif 100" in lines
