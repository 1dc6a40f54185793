"""`kural compare`: what does a house rule change? Both games played by the same bots from the same seeds.

Game i of each side is dealt with seed + i and its bots seeded from that seed (cli/simulate.py), so
the two sides' game i differ only by the rules (common random numbers): a statistic is compared
over the n pairs of games, by the mean of the paired differences and its 95% confidence interval
(Student's t). A difference whose interval leaves out 0 is flagged. Where a change touches nothing
the games meet, every pair is the same game and every difference is exactly 0.

Each statistic is one number per game: a seat's (or a team's) win (100 or 0, so its mean is a
percentage) and score, the game's moves and rounds, each result field, each scoring-sheet column
summed over the game's rounds (a figure per game, as `simulate`'s mean per round times its mean rounds),
and whether the game was aborted (100 or 0). An aborted game is won by nobody: every statistic but
the last is taken over the pairs whose two games finished (issue 35.1).
"""
from __future__ import annotations

import json
import logging
import math
import statistics
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from kural.interpreter.cards import SUIT_SYMBOLS
from kural.interpreter.numbers import is_number

from .i18n import pick
from .runs_text import say
from .simulate import NOT_FIELDS, Outcome, Plan, played

BARS = "▁▂▃▄▅▆▇█"  # a distribution in the terminal: the share of games in each bin, as a block's height
BINS = 8
# Student's t at 97.5% for 1 .. 30 degrees of freedom; past 30 the normal's 1.96 is within 2% of it
T_975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042]
Z_975 = 1.959964


@dataclass
class Stat:
    key: str  # stable across languages: win/0, score/1, moves, field/NAME/0, sheet/NAME/1, aborted ...
    label: str
    left: list[float] = field(default_factory=list)  # one value per game, None where the side has no such statistic
    right: list[float] = field(default_factory=list)

    def summary(self) -> dict:
        out: dict = {"key": self.key, "label": self.label, "left": _mean(self.left), "right": _mean(self.right)}
        if None in (out["left"], out["right"]):
            return {**out, "diff": None, "ci": None, "significant": False}
        diffs = [b - a for a, b in zip(self.left, self.right)]
        mean, half = _mean(diffs), _half_width(diffs)
        if not math.isfinite(half):  # one pair: no interval (and JSON has no infinity)
            return {**out, "diff": mean, "ci": None, "significant": False}
        low, high = mean - half, mean + half
        return {**out, "diff": mean, "ci": [low, high], "significant": low > 0 or high < 0}


def _mean(values: list) -> float | None:
    return None if not values or None in values else statistics.fmean(values)


def _half_width(diffs: list[float]) -> float:
    """Half the 95% confidence interval of the mean of the paired differences (0 when they are all equal)."""
    n = len(diffs)
    if n < 2:
        return math.inf
    sd = statistics.stdev(diffs)
    return (T_975[n - 2] if n - 1 <= len(T_975) else Z_975) * sd / math.sqrt(n)


def stats_of(g, left: list[Outcome], right: list[Outcome], seats: list[str], lang: str, g_right=None) -> list[Stat]:
    """Every statistic of both sides, one value per game (see the module's docstring)."""
    g_right = g_right or g
    per = g.result.per
    names = g.team_names(seats) if per == "team" else seats
    who = [f"{i} {names[i]}" for i in range(len(names))]
    out: dict[str, Stat] = {}

    def put(key: str, label: str, side: str, value) -> None:
        stat = out.setdefault(key, Stat(key, label))
        getattr(stat, side).append(float(value) if is_number(value) else 0.0)

    both = finished_pairs(left, right)
    for side, games, rules in (("left", left, g), ("right", right, g_right)):
        for done in (games[i] for i in both):
            res = done.result
            for i in range(len(who)):
                put(f"win/{i}", say("cmp_win", lang, who=who[i]), side, 100.0 * (i in res["winners"]))
            for i, score in enumerate(res["scores"][:len(who)]):
                put(f"score/{i}", say("cmp_score", lang, title=pick(rules.result.score_title, lang, "score"),
                                      who=who[i]), side, score)
            put("moves", say("cmp_moves", lang), side, done.moves)
            if rules.round_result is not None:
                put("rounds", say("cmp_rounds", lang), side, len(done.sheets))
            for name, values in res.items():
                if name in NOT_FIELDS or not isinstance(values, list):
                    continue
                title = pick(rules.result.field_titles.get(name), lang, name)
                for i, value in enumerate(values[:len(who)]):
                    put(f"field/{name}/{i}", f"{title} {who[i]}", side, value)
            _sheet_stats(rules, done, who, lang, side, put)
        for done in games:
            put("aborted", say("cmp_aborted", lang), side, 100.0 * done.aborted)
    for stat in out.values():  # a statistic one side does not have: None there
        for side, games in (("left", left), ("right", right)):
            size = len(games) if stat.key == "aborted" else len(both)
            if len(getattr(stat, side)) != size:
                setattr(stat, side, [None] * size)
    return list(out.values())


def finished_pairs(left: list[Outcome], right: list[Outcome]) -> list[int]:
    """The games i whose two sides both finished: the pairs the statistics are compared over."""
    return [i for i, (a, b) in enumerate(zip(left, right)) if not a.aborted and not b.aborted]


def counted_over(left: list[Outcome], right: list[Outcome]) -> dict:
    """What the figures are counted over: the pairs, those whose two games finished, each side's aborted games."""
    both = finished_pairs(left, right)
    return {"games": len(left), "finished_pairs": len(both),
            "aborted": [sum(d.aborted for d in left), sum(d.aborted for d in right)],
            # games of the pairs won by more than one seat (or team): each counts a win for every tied side
            "shared_wins": [sum(len(side[i].result["winners"]) > 1 for i in both) for side in (left, right)]}


def _sheet_stats(rules, done: Outcome, who: list[str], lang: str, side: str, put) -> None:
    """Each scoring-sheet column, summed over the game's rounds, per seat (or team)."""
    rr = rules.round_result
    if rr is None:
        return
    totals: dict[str, list[float]] = {}
    for sheet in done.sheets:
        for name, values in sheet.items():
            if name == "totals" or not isinstance(values, list):  # (`ended` names the reason, not a column)
                continue
            sums = totals.setdefault(name, [0.0] * len(values))
            for i, value in enumerate(values):
                sums[i] += value if is_number(value) else 0.0
    for name, sums in totals.items():
        title = pick(rr.points_title if name == "points" else rr.field_titles.get(name), lang, name)
        unit = who if rr.per == rules.result.per else [str(i) for i in range(len(sums))]
        for i, value in enumerate(sums[:len(unit)]):
            put(f"sheet/{name}/{i}", say("cmp_round_field", lang, title=title, who=unit[i]), side, value)


def bars(left: list, right: list) -> str:
    """Both sides' distributions over the same bins, as block characters: `▁▃█▅▂ | ▁▂▅█▃`."""
    if None in left or None in right or not left:
        return ""
    low, high = min(min(left), min(right)), max(max(left), max(right))
    if high == low:
        return "█ | █"

    def histogram(values: list[float]) -> str:
        counts = [0] * BINS
        for v in values:
            counts[min(BINS - 1, int((v - low) / (high - low) * BINS))] += 1
        top = max(counts)
        return "".join(" " if c == 0 else BARS[min(len(BARS) - 1, c * len(BARS) // (top + 1))] for c in counts)
    return f"{histogram(left)} | {histogram(right)}"


def play_side(g, seed: int, n: int, kinds: list[str], seats: list[str], workers: int, progress=None,
              watch=None) -> list[Outcome]:
    """The outcomes of n games of g from `seed` on, in seed order (on `workers` processes); watch: see
    simulate.played (which raises NeverFinished when the bots finish none of the first games)."""
    from kural.interpreter.record import rules_of
    out = []
    for done in played(g, Plan({**rules_of(g), "seats": seats}, kinds, seats), seed, n, workers, watch=watch):
        out.append(done)
        if progress is not None:
            progress()
    return out


def report(stats: list[Stat]) -> list[dict]:
    return [s.summary() for s in stats]


def as_json(left_name: str, right_name: str, over: dict, seed: int, kinds: list[str], rows: list[dict]) -> str:
    return json.dumps({"left": left_name, "right": right_name, **over, "seed": seed, "bots": kinds,
                       "confidence": 0.95, "stats": rows}, ensure_ascii=False)


def number(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:.3g}" if abs(x) < 1000 else f"{x:.0f}"


def table(out, rows: list[dict], stats: list[Stat], title: str, left_name: str, right_name: str, lang: str,
          over: dict) -> None:
    from rich.table import Table
    t = Table(title=title)
    t.add_column(say("cmp_stat", lang))
    t.add_column(left_name, justify="right")
    t.add_column(right_name, justify="right")
    t.add_column(say("cmp_diff", lang), justify="right")
    t.add_column(say("cmp_ci", lang), justify="right")
    t.add_column(say("cmp_bars", lang), no_wrap=True)
    for row, stat in zip(rows, stats):
        ci = row["ci"]
        shown_ci = "" if ci is None else f"[{number(ci[0])}, {number(ci[1])}]"
        t.add_row(row["label"], number(row["left"]), number(row["right"]),
                  number(row["diff"]) + (" *" if row["significant"] else ""), shown_ci, bars(stat.left, stat.right))
    out.print(t)
    flagged = sum(r["significant"] for r in rows)
    out.print(say("cmp_legend", lang))
    if over["finished_pairs"] < over["games"]:
        out.print(say("cmp_over_finished", lang, pairs=over["finished_pairs"], games=over["games"], left=left_name,
                      right=right_name, aborted_left=over["aborted"][0], aborted_right=over["aborted"][1]))
    if any(over["shared_wins"]):
        out.print(say("cmp_shared_wins", lang, left=left_name, right=right_name, shared_left=over["shared_wins"][0],
                      shared_right=over["shared_wins"][1], pairs=over["finished_pairs"]))
    out.print(say("cmp_some", lang, k=flagged, n=len(rows)) if flagged else say("cmp_none", lang, n=len(rows)))


def plot(path: Path, rows: list[dict], left_name: str, right_name: str, stand_ins: dict[str, str], lang: str) -> None:
    """What the rule changes, as a forest plot (forest below) written to path. matplotlib's warnings (a glyph
    its font lacks, ...) are kept from the user: the labels are made of glyphs it has (drawable)."""
    import matplotlib
    matplotlib.use("Agg")  # a file, never a window
    import matplotlib.pyplot as plt
    with warnings.catch_warnings(), _quiet("matplotlib"), matplotlib.rc_context({"svg.fonttype": "none"}):
        warnings.simplefilter("ignore")
        title = say("cmp_plot_title", lang, left=left_name, right=right_name)
        fig = forest(rows, title, lambda text: drawable(text, stand_ins))
        fig.savefig(path)
        plt.close(fig)


def forest(rows: list[dict], title: str, label=str):
    """A row per statistic with a difference: the mean difference right - left as a dot, its 95% interval as a
    bar, a line at zero, significant rows in a colour of their own. Each row has its own scale (wins in %,
    scores in points, moves ...), symmetric about zero, so that a bar's side of the zero line reads the same
    in every row."""
    import matplotlib.pyplot as plt
    shown = [r for r in rows if r["diff"] is not None]
    fig, axes = plt.subplots(max(1, len(shown)), 1, figsize=(9, 0.9 + 0.42 * len(shown)), squeeze=False)
    for ax, row in zip(axes[:, 0], shown):
        low, high = row["ci"] or (row["diff"], row["diff"])
        reach = max(abs(low), abs(high)) * 1.15 or 1.0
        colour = "tab:red" if row["significant"] else "tab:blue"
        ax.axvline(0, color="grey", linewidth=0.8)
        ax.errorbar([row["diff"]], [0], xerr=[[row["diff"] - low], [high - row["diff"]]], fmt="o", color=colour,
                    capsize=3)
        ax.set_xlim(-reach, reach)
        ax.set_yticks([0], [label(row["label"])], fontsize=8)
        ax.tick_params(axis="x", labelsize=7)
        ax.locator_params(axis="x", nbins=5)
        ax.text(1.01, 0.5, f"{number(row['diff'])} [{number(low)}, {number(high)}]", transform=ax.transAxes,
                fontsize=8, va="center", color=colour)
        for side in ("top", "right", "left"):
            ax.spines[side].set_visible(False)
    axes[0, 0].set_title(label(title), fontsize=9)
    fig.tight_layout()
    return fig


def stand_ins(*games) -> dict[str, str]:
    """Each game's suit symbols, to the standard deck's symbol of the same suit (drawable)."""
    return {mine: standard for g in games for mine, standard in zip(g.deck.symbols, SUIT_SYMBOLS)}


def drawable(text: str, stand_ins: dict[str, str]) -> str:
    """text with each character matplotlib's font lacks replaced by its stand-in (a themed deck's suit symbol
    by the standard one) or left out."""
    from matplotlib.font_manager import FontProperties, findfont, get_font
    font = get_font(findfont(FontProperties()))
    return "".join(ch if font.get_char_index(ord(ch)) else stand_ins.get(ch, "") for ch in text)


@contextmanager
def _quiet(logger: str):
    """The logger says nothing below an error while the block runs."""
    log = logging.getLogger(logger)
    before = log.level
    log.setLevel(logging.ERROR)
    try:
        yield
    finally:
        log.setLevel(before)
