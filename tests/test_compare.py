"""`kural compare` (issue 17): what does a house rule change? Both games from the same seeds with the same
bots, each statistic with its paired difference and 95% interval, the significant ones flagged."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kural.cli import compare

ROOT = Path(__file__).resolve().parents[1]
SAME_START = """\
# The start card written as the base game has it (F2): a variant that changes nothing.
extends: fantan
variant:
  id: same-start
  title: {en: "The same start card", tr: "Aynı başlangıç kartı"}
params:
  start_card: 7D
"""


def kural(*args):
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, env={**os.environ, "COLUMNS": "200"})  # a row on one line
    return proc


def compared(*args) -> dict:
    proc = kural("compare", *args, "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def by_key(report: dict) -> dict:
    return {row["key"]: row for row in report["stats"]}


def test_a_variant_that_changes_nothing_reports_no_significant_difference(tmp_path):
    """F2: 7D is already the start card, so every pair of games is one game: every difference is 0."""
    path = tmp_path / "same-start.yaml"
    path.write_text(SAME_START, encoding="utf-8")
    report = compared("fantan", path, "-n", 60, "--workers", 1)
    assert report["games"] == 60 and report["stats"]
    for row in report["stats"]:
        assert row["diff"] == 0 and row["ci"] == [0, 0] and not row["significant"], row


def test_free_pass_makes_games_longer():
    """FV4 lets a player pass with a playable card, where F6 makes them play: bots that choose among the
    legal moves now pass some turns, so a game takes more moves, and a pass never ends one sooner."""
    report = compared("fantan", "--variant", "free-pass", "-n", 80, "--seed", 3, "--workers", 2)
    moves = by_key(report)["moves"]
    assert moves["significant"] and moves["ci"][0] > 0 and moves["right"] > moves["left"]
    assert by_key(report)["aborted"]["diff"] == 0


def test_the_table_says_the_rule_changes_game_length_in_turkish_and_english():
    proc = kural("compare", "fantan", "--variant", "free-pass", "-n", 30, "--lang", "tr")
    assert proc.returncode == 0, proc.stderr
    assert "oyun başına hamle" in proc.stdout and "anlamlı" in proc.stdout
    line = next(line for line in proc.stdout.splitlines() if "oyun başına hamle" in line)
    assert " *" in line


def test_a_comparison_needs_a_second_side_and_the_same_seats():
    proc = kural("compare", "fantan", "--lang", "en")
    assert proc.returncode == 2 and "--variant V or --set" in proc.stderr
    proc = kural("compare", "fanti", "games/fanti.yaml", "--players", 3, "-n", 2)
    assert proc.returncode == 0, proc.stderr
    proc = kural("compare", "fantan", "--variant", "free-pass", "--plot", "chart.txt", "--lang", "en")
    assert proc.returncode == 2 and ".svg or a .png" in proc.stderr


def test_the_interval_is_students_t_of_the_paired_differences():
    """Differences 1, 2, 3, 4: mean 2.5, sd sqrt(5/3), t(3, 97.5%) = 3.182."""
    stat = compare.Stat("x", "x", left=[0.0] * 4, right=[1.0, 2.0, 3.0, 4.0])
    row = stat.summary()
    half = 3.182 * math.sqrt(5 / 3) / 2
    assert row["diff"] == 2.5 and row["ci"] == pytest.approx([2.5 - half, 2.5 + half])
    assert row["significant"]


def test_the_bars_draw_both_sides_on_the_same_bins():
    shown = compare.bars([0, 0, 0, 10], [10, 10, 10, 0])
    left, right = shown.split(" | ")
    assert len(left) == len(right) == compare.BINS
    assert left[0] == right[-1] and left[-1] == right[0] and left[0] != left[-1]


def test_plot_writes_a_chart(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart.svg"
    proc = kural("compare", "fanti", "--variant", "tie-shared", "-n", 6, "--plot", path, "--lang", "en")
    assert proc.returncode == 0, proc.stderr
    assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml") and "Chart written" in proc.stdout


def test_shared_wins_are_said_where_compare_prints_the_wins():
    """Issue 35.3's class in compare: Fanti for three (N1) ends in ties, which count a win for each tied
    seat; simulate says so, while compare printed "wins 0 You %" rows adding up to 113% of 100 games and
    said nothing, in the table or in --json. Now each side's games won by more than one seat are counted
    (over the finished pairs, as the wins are), in --json and in a line under the table, in both languages."""
    args = ["fanti", "--variant", "tie-shared", "-n", "40", "--seed", "1", "--players", "3", "--bots", "random"]
    report = compared(*args)
    rows = by_key(report)
    for side, index in (("left", 0), ("right", 1)):
        wins = sum(rows[f"win/{i}"][side] for i in range(3)) * report["finished_pairs"] / 100
        assert report["shared_wins"][index] > 0
        assert round(wins) >= report["finished_pairs"] + report["shared_wins"][index]
    for lang, word in (("en", "tie"), ("tr", "berabere")):
        proc = kural("compare", *args, "--lang", lang)
        assert proc.returncode == 0 and word in proc.stdout, proc.stdout[-600:]
    plain = compared("fantan", "--variant", "any7", "-n", "4")  # F: one winner a game, nothing to say
    assert plain["shared_wins"] == [0, 0]


def test_a_second_rule_file_that_is_not_there_is_named_file2_not_game():
    """Issue 34.18's neighbour (what a usage error names): `compare fantan nofile.yaml` said "Invalid value
    for 'GAME': no such rule file", blaming the game the user typed right; it names FILE2 now."""
    for args in (["fantan", "nofile.yaml"], ["--lang", "en", "fantan", "nofile.yaml"], ["-n", "2", "fantan", "nofile.yaml"]):
        proc = kural("compare", *args)
        assert proc.returncode == 2 and "'FILE2'" in proc.stderr and "'GAME'" not in proc.stderr, proc.stderr
    proc = kural("compare", "nogame", "--variant", "any7")
    assert proc.returncode == 2 and "'GAME'" in proc.stderr, proc.stderr


def test_a_comparison_keeps_sums_not_games_and_gives_the_statistics_of_every_pair(monkeypatch):
    """Issue 34.5 for compare: what a run keeps does not grow with -n. Three times more pairs than a
    statistic keeps for its bars: each statistic's mean and interval are still, to the last bit, those
    of every pair's value (statistics.fmean and stdev of the whole lists), and only the first SAMPLE
    values of a side are kept."""
    import random
    import statistics

    from kural.cli.simulate import Outcome
    from kural.dsl.loader import load
    monkeypatch.setattr(compare, "SAMPLE", 50)
    g = load("fantan")
    rnd = random.Random(5)
    made = [[], []]
    comparison = compare.Comparison(g, g, ["A", "B", "C", "D"], "en")
    for i in range(150):
        pair = [Outcome(rnd.randrange(40, 400) + rnd.random() / 3, rnd.random() < 0.1,
                        {"winners": [rnd.randrange(4)], "scores": [rnd.randrange(14) for _ in range(4)],
                         "hands": [[]] * 4}, [], None) for _ in range(2)]
        comparison.add(*pair)
        for side in (0, 1):
            made[side].append(pair[side])
    both = [i for i in range(150) if not made[0][i].aborted and not made[1][i].aborted]
    assert comparison.over["finished_pairs"] == len(both) < 150
    stats = {s.key: s for s in comparison.stats()}
    moves = [[made[side][i].moves for i in both] for side in (0, 1)]
    row = stats["moves"].summary()
    diffs = [b - a for a, b in zip(*moves)]
    half = (compare.Z_975 if len(diffs) > 31 else compare.T_975[len(diffs) - 2]) * statistics.stdev(diffs) \
        / math.sqrt(len(diffs))
    assert row["left"] == statistics.fmean(moves[0]) and row["right"] == statistics.fmean(moves[1])
    assert row["diff"] == statistics.fmean(diffs) and row["ci"] == [row["diff"] - half, row["diff"] + half]
    assert stats["aborted"].left.n == 150 and all(len(s.left.sample) <= 50 for s in stats.values())
    # sums by denominator: a float's is a power of two, so there are at most 1075 of them whatever -n is
    assert all(len(s.left.sx) <= 1075 and all(d & (d - 1) == 0 for d in s.left.sx) for s in stats.values()
               if s.left.complete)


def test_pairs_are_played_a_block_at_a_time(monkeypatch):
    """Issue 34.5 for compare: -n 10**9 starts at once: the first pairs come before the run is played,
    each side a block of seeds at a time, game i of each side dealt from the same seed."""
    import itertools

    from kural.dsl.loader import load
    monkeypatch.setattr(compare, "BLOCK", 7)
    left, right = load("fantan"), load("fantan", ["free-pass"])
    got = list(itertools.islice(compare.pairs((left, right), 1, 10**9, ["random"] * 4, ["A", "B", "C", "D"], 1), 10))
    assert len(got) == 10
    solo = list(compare.pairs((left, right), 1, 10, ["random"] * 4, ["A", "B", "C", "D"], 1))
    assert [(a.moves, b.moves) for a, b in got] == [(a.moves, b.moves) for a, b in solo]
