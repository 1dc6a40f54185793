"""The numbers `kural simulate` and `kural compare` print (issue 35.1-35.4, 35.16): what each is counted over.

The truth they are checked against is the games themselves: the records `simulate --record` writes, one
per game, each with its result (winners, scores, `aborted` when the move bound stopped it).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from kural.cli import compare, simulate
from kural.dsl import schema
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.interpreter.bots import KINDS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import config_id, game_ids, loaded, variant_ids  # noqa: E402
from cli_support import kural  # noqa: E402

# Fantan (F1-F8) stopped at 56 moves: a hand of random bots takes about 50, so some games finish and some
# are stopped at the bound (aborted), from the same seeds.
SHORT = """\
extends: fantan
variant:
  id: short
  title: {en: "Short", tr: "Kısa"}
game:
  max_moves: 56
"""


@pytest.fixture
def short(tmp_path) -> Path:
    path = tmp_path / "short.yaml"
    path.write_text(SHORT, encoding="utf-8")
    return path


def simulated(tmp_path, *args) -> tuple[dict, list[dict]]:
    """simulate's --json statistics and the records of the same games."""
    out = tmp_path / "games.jsonl"
    proc = kural(tmp_path, "simulate", *args, "--json", "--record", out, "--workers", 1)
    assert proc.returncode == 0, proc.err
    return json.loads(proc.out), [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_an_aborted_game_is_won_by_nobody_and_the_means_are_over_the_finished_games(tmp_path, short):
    """Issue 35.1: F7 names a winner only when a player plays their last card; a game the move bound stopped
    has none, so wins, win shares and means are taken over the finished games, and the count of aborted games
    is given beside them."""
    stats, recs = simulated(tmp_path, short, "-n", 40)
    done = [r["result"] for r in recs if not r["result"].get("aborted")]
    assert 0 < len(done) < len(recs)  # both kinds, or the test says nothing
    assert stats["aborted"] == len(recs) - len(done) and stats["finished"] == len(done)
    wins = [sum(seat in res["winners"] for res in done) for seat in range(4)]
    assert stats["wins_by_seat"] == wins and sum(wins) == len(done)
    assert stats["win_percent_by_seat"] == pytest.approx([100 * w / len(done) for w in wins], abs=0.01)
    assert stats["mean_score_by_seat"] == pytest.approx(
        [sum(res["scores"][seat] for res in done) / len(done) for seat in range(4)], abs=1e-3)


def test_when_no_game_finishes_nobody_wins_and_there_is_no_mean(tmp_path):
    """Issue 35.1: two games both stopped at the bound: no wins, no share, no mean, and the text says so."""
    stopped = tmp_path / "stopped.yaml"
    stopped.write_text(SHORT.replace("56", "5"), encoding="utf-8")
    stats, _ = simulated(tmp_path, stopped, "-n", 2)
    assert stats["aborted"] == 2 and stats["finished"] == 0 and stats["wins_by_seat"] == [0] * 4
    assert stats["win_percent_by_seat"] == [None] * 4 and stats["mean_score_by_seat"] == [None] * 4
    for lang, words in (("en", "won by nobody"), ("tr", "kimse kazanmaz")):
        proc = kural(tmp_path, "simulate", stopped, "-n", 2, "--workers", 1, "--lang", lang)
        assert proc.returncode == 0, proc.err
        assert words in proc.out and "100.0" not in proc.out


def test_compare_counts_over_the_pairs_whose_two_games_finished(tmp_path, short):
    """Issue 35.1: compare's wins and intervals are over the pairs of games (same seed) that both finished;
    the aborted share is over every pair, and the output says how many of each."""
    _, recs = simulated(tmp_path, short, "-n", 30)
    kept = [r for r in recs if not r["result"].get("aborted")]
    proc = kural(tmp_path, "compare", "fantan", short, "-n", 30, "--json", "--workers", 1)
    assert proc.returncode == 0, proc.err
    report = json.loads(proc.stdout)
    assert report["finished_pairs"] == len(kept) < 30 and report["aborted"] == [0, 30 - len(kept)]
    rows = {row["key"]: row for row in report["stats"]}
    wins = sum(0 in r["result"]["winners"] for r in kept)
    assert rows["win/0"]["right"] == pytest.approx(100 * wins / len(kept))
    assert rows["aborted"]["right"] == pytest.approx(100 * (30 - len(kept)) / 30)
    text = kural(tmp_path, "compare", "fantan", short, "-n", 30, "--workers", 1, "--lang", "en").out
    assert f"over the {len(kept)} pairs of 30" in text


def test_compare_per_game_sheet_figures_agree_with_simulate(tmp_path):
    """Issue 35.2: a sheet column in compare is a game's sum of its rounds (C21: each part of a hand's points
    is a column), labelled per game; simulate's mean per round times its mean rounds is the same figure."""
    stats, _ = simulated(tmp_path, "canasta", "-n", 3, "--bots", "heuristic")
    proc = kural(tmp_path, "compare", "canasta", "--set", "half_bonus=150", "-n", 3, "--bots", "heuristic",
                 "--json", "--workers", 1, "--lang", "en")
    assert proc.returncode == 0, proc.err
    rows = {row["key"]: row for row in json.loads(proc.stdout)["stats"]}
    per_round = stats["mean_per_round_by_team"]
    assert per_round
    for name, means in per_round.items():
        for team, mean in enumerate(means):
            row = rows[f"sheet/{name}/{team}"]
            assert row["left"] == pytest.approx(mean * stats["mean_rounds"], rel=1e-3, abs=0.05), name
            assert "per game" in row["label"] and "per round" not in row["label"]


def test_shared_wins_are_counted_and_said(tmp_path):
    """Issue 35.3: a tie (N15: the highest total wins, and equal totals share) counts a win for each tied seat,
    so the wins add up to more than the games; the output gives the count of shared games and says why."""
    stats, recs = simulated(tmp_path, "fanti", "-n", 60, "--players", 3)
    shared = sum(len(r["result"]["winners"]) > 1 for r in recs)
    assert shared and stats["shared_wins"] == shared
    assert sum(stats["wins_by_seat"]) == sum(len(r["result"]["winners"]) for r in recs) > stats["finished"]
    for lang, words in (("en", f"{shared} games ended in a tie"), ("tr", f"{shared} oyun berabere bitti")):
        proc = kural(tmp_path, "simulate", "fanti", "-n", 60, "--players", 3, "--workers", 1, "--lang", lang)
        assert words in proc.out, proc.out


ALONE = [(game, combo) for game in game_ids() for combo in [(), *((v,) for v in variant_ids(game))]]


@pytest.mark.parametrize("game,variants", ALONE, ids=[config_id(*config) for config in ALONE])
def test_the_default_bots_finish_every_bundled_game(game, variants):
    """Issue 35.4: the bots simulate and compare play when --bots is not given (the rule file's game.bots)
    finish the games: none of the first games of every bundled game and variant stops at the move bound."""
    g = loaded(game, variants)
    seats = [f"s{i}" for i in range(g.players)]
    totals = simulate.run(g, 3, 1, [g.bots] * g.players, seats, workers=1)
    assert totals.games == 3 and totals.aborted == 0, (game, variants, g.bots)


def test_simulate_and_compare_play_the_rule_files_bots_by_default(tmp_path):
    """Issue 35.4: Kanasta names heuristic bots (game.bots), since random ones never finish it: both commands
    play them when --bots is not given, and finish their games."""
    stats, _ = simulated(tmp_path, "canasta", "-n", 1)
    assert stats["bots"] == ["heuristic"] * 4 and stats["aborted"] == 0
    proc = kural(tmp_path, "compare", "canasta", "--set", "half_bonus=150", "-n", 2, "--json", "--workers", 1)
    assert proc.returncode == 0, proc.err
    report = json.loads(proc.stdout)
    assert report["bots"] == ["heuristic"] * 4 and report["aborted"] == [0, 0]


def test_a_run_whose_first_games_all_stop_at_the_bound_stops_and_says_so(tmp_path):
    """Issue 35.4: when the first games all reach the move bound, the rest would too: simulate and compare stop
    there with exit 2 and a sentence that says what happened and what to try, in English and Turkish."""
    stopped = tmp_path / "stopped.yaml"
    stopped.write_text(SHORT.replace("56", "5"), encoding="utf-8")
    first = simulate.FIRST_GAMES
    for lang, words in (("en", f"the first {first} games"), ("tr", f"ilk {first} oyunu")):
        proc = kural(tmp_path, "simulate", stopped, "-n", 1000, "--lang", lang, "--record", tmp_path / "r.jsonl")
        assert proc.returncode == 2 and words in proc.err and "--bots heuristic" in proc.err, proc.err
        assert "Traceback" not in proc.err and not (tmp_path / "r.jsonl").exists()
    proc = kural(tmp_path, "compare", "fantan", stopped, "-n", 1000, "--lang", "en")
    assert proc.returncode == 2 and f"the first {first} games" in proc.err and "Traceback" not in proc.err
    proc = kural(tmp_path, "simulate", stopped, "-n", first, "--json", "--workers", 1)  # as many as asked: no stop
    assert proc.returncode == 0 and json.loads(proc.out)["aborted"] == first


def test_game_bots_takes_a_kind_that_plays_without_a_budget(tmp_path):
    """Issue 35.4: game.bots is checked where it is written: a kind kural lacks is refused at its place."""
    path = tmp_path / "clever.yaml"
    path.write_text(SHORT.replace("max_moves: 56", "bots: clever"), encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load(str(path))
    assert "clever" in str(caught.value) and "heuristic" in str(caught.value)
    assert set(schema.allowed("game.bots")) <= set(KINDS)


def test_the_plot_draws_each_difference_with_its_interval_and_a_zero_line():
    """Issue 35.16: a forest plot, a row per statistic: the difference right - left as a dot, its 95% interval
    as a bar, a line at zero; rows with no difference on one side are left out."""
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = [compare.Stat("moves", "moves", left=[0.0] * 4, right=[1.0, 2.0, 3.0, 4.0]).summary(),
            compare.Stat("win/0", "wins", left=[100.0, 0, 0, 100.0], right=[0, 100.0, 0, 100.0]).summary(),
            compare.Stat("rounds", "rounds", left=[None] * 4, right=[1.0] * 4).summary()]
    fig = compare.forest(rows, "title")
    try:
        axes = fig.axes
        assert len(axes) == 2
        for ax, row in zip(axes, rows):
            assert [t.get_text() for t in ax.get_yticklabels()] == [row["label"]]
            zero = [line for line in ax.get_lines() if list(line.get_xdata()) == [0, 0]]
            assert zero, "a line at zero"
            ends = sorted(x for coll in ax.collections for seg in coll.get_segments() for x, _ in seg)
            assert ends[0] == pytest.approx(row["ci"][0]) and ends[-1] == pytest.approx(row["ci"][1])
            low, high = ax.get_xlim()
            assert low == -high and low < row["ci"][0] and high > row["ci"][1]
    finally:
        plt.close(fig)


def test_the_plot_warns_of_nothing_and_draws_a_themed_suit_as_the_standard_one(tmp_path):
    """Issue 35.16: the themed deck's 🍃 (N14's Leaves, deck.symbols) is a glyph matplotlib's font lacks: the
    label shows the standard suit instead, and no warning reaches the user."""
    pytest.importorskip("matplotlib")
    path = tmp_path / "chart.svg"
    proc = kural(tmp_path, "compare", "fanti", "--variant", "tie-shared", "-n", 4, "--plot", path, "--lang", "en",
                 "--workers", 1)
    assert proc.returncode == 0, proc.err
    assert proc.err.strip() == "", proc.err
    drawn = path.read_text(encoding="utf-8")
    assert "🍃" not in drawn and "♠2" in drawn


def test_the_apis_play_out_plays_the_rule_files_bots_by_default():
    """Issue 35.4 from Python: `state.play_out()` with no bots named plays the rule file's `game.bots`,
    so that it finishes every bundled game (random bots stop Kanasta at its move bound)."""
    import kural
    for name in ("canasta", "fantan"):
        state = kural.load(name).new(seed=1)
        state.play_out()
        assert state.is_over and not state.result.get("aborted"), name
