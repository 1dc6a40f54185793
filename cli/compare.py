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
the last is taken over the pairs whose two games finished (issue 35.1). The pairs are taken as they
are played, a block of seeds at a time, into running sums: a run keeps no more than a block of games.
"""
from __future__ import annotations

import json
import logging
import math
import warnings
import statistics
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from kural.interpreter.cards import SUIT_SYMBOLS
from kural.interpreter.numbers import is_number

from .i18n import pick
from .runs_text import say
from .simulate import NOT_FIELDS, NeverFinished, Outcome, Plan, played

BARS = "▁▂▃▄▅▆▇█"  # a distribution in the terminal: the share of games in each bin, as a block's height
BINS = 8
# Student's t at 97.5% for 1 .. 30 degrees of freedom; past 30 the normal's 1.96 is within 2% of it
T_975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042]
Z_975 = 1.959964


# statistics.stdev's square root of an exact variance, correctly rounded (math.sqrt of its float where a
# Python lacks it): the interval is the one statistics.stdev of every difference gives, to the last bit
_SQRT_OF_FRACTION = getattr(statistics, "_float_sqrt_of_frac", lambda num, den: math.sqrt(num / den))
SAMPLE = 10_000  # values of each side a statistic keeps for its bars: a run's memory does not grow with -n


class Running:
    """Values as exact running sums, as `statistics` sums them (each float an exact ratio, added by its
    denominator): their mean and sample standard deviation are those of the whole list, to the last bit,
    without the list. Keeps the first SAMPLE values, for the bars."""

    __slots__ = ("n", "sx", "sxx", "sample")

    def __init__(self, values=()):
        self.n, self.sx, self.sxx, self.sample = 0, {}, {}, []
        for v in values:
            self.add(v)

    def add(self, x) -> None:
        self.n += 1
        if x is None or self.sx is None:  # a game without this statistic: none for the side
            self.sx = self.sxx = None
            return
        num, den = float(x).as_integer_ratio()
        self.sx[den] = self.sx.get(den, 0) + num
        self.sxx[den * den] = self.sxx.get(den * den, 0) + num * num
        if len(self.sample) < SAMPLE:
            self.sample.append(x)

    @property
    def complete(self) -> bool:
        return self.sx is not None

    def total(self) -> Fraction:
        return sum((Fraction(num, den) for den, num in self.sx.items()), Fraction(0))

    def mean(self) -> float | None:
        """statistics.fmean: the correctly rounded sum, divided by the count."""
        return float(self.total()) / self.n if self.n and self.complete else None

    def half_width(self) -> float:
        """Half the 95% confidence interval of the mean (0 when every value is the same)."""
        if self.n < 2:
            return math.inf
        sx, sxx = self.total(), sum((Fraction(num, den) for den, num in self.sxx.items()), Fraction(0))
        var = (self.n * sxx - sx * sx) / self.n / (self.n - 1)
        sd = _SQRT_OF_FRACTION(var.numerator, var.denominator)
        return (T_975[self.n - 2] if self.n - 1 <= len(T_975) else Z_975) * sd / math.sqrt(self.n)


@dataclass
class Stat:
    key: str  # stable across languages: win/0, score/1, moves, field/NAME/0, sheet/NAME/1, aborted ...
    label: str
    left: Running = field(default_factory=Running)  # one value per game of the side (or a list of them)
    right: Running = field(default_factory=Running)
    diffs: Running = field(default_factory=Running)  # right - left, game by game, where both have the value

    def __post_init__(self):
        for side in ("left", "right"):
            if not isinstance(getattr(self, side), Running):
                setattr(self, side, Running(getattr(self, side)))
        if self.diffs.n == 0 and self.left.complete and self.right.complete and self.left.n == self.right.n:
            self.diffs = Running(b - a for a, b in zip(self.left.sample, self.right.sample))

    def summary(self) -> dict:
        out: dict = {"key": self.key, "label": self.label, "left": self.left.mean(), "right": self.right.mean()}
        if None in (out["left"], out["right"]):
            return {**out, "diff": None, "ci": None, "significant": False}
        mean, half = self.diffs.mean(), self.diffs.half_width()
        if not math.isfinite(half):  # one pair: no interval (and JSON has no infinity)
            return {**out, "diff": mean, "ci": None, "significant": False}
        low, high = mean - half, mean + half
        return {**out, "diff": mean, "ci": [low, high], "significant": low > 0 or high < 0}


class Comparison:
    """Both sides' statistics, taken pair by pair as the games are played (see the module's docstring):
    what it keeps does not grow with the pairs (issue 34.5)."""

    def __init__(self, g, g_right, seats: list[str], lang: str):
        self.rules, self.lang = (g, g_right or g), lang
        names = g.team_names(seats) if g.result.per == "team" else seats
        self.who = [f"{i} {names[i]}" for i in range(len(names))]
        self.by_key: dict[str, Stat] = {}
        self.first_seen: list[dict[str, int]] = [{}, {}]  # each side's keys, in the order the side first gave them
        self.over = {"games": 0, "finished_pairs": 0, "aborted": [0, 0], "shared_wins": [0, 0]}

    def add(self, a: Outcome, b: Outcome) -> None:
        """One pair: game i of each side."""
        over, pair = self.over, (a, b)
        over["games"] += 1
        given: list[dict] = [{}, {}]
        if not a.aborted and not b.aborted:
            over["finished_pairs"] += 1
            for side, done in enumerate(pair):
                over["shared_wins"][side] += len(done.result["winners"]) > 1
                self._values(done, self.rules[side], given[side])
        for side, done in enumerate(pair):
            over["aborted"][side] += done.aborted
            given[side]["aborted"] = (say("cmp_aborted", self.lang), 100.0 * done.aborted)
        for side in (0, 1):
            for key, (label, value) in given[side].items():
                self.first_seen[side].setdefault(key, len(self.first_seen[side]))
                stat = self.by_key.setdefault(key, Stat(key, label))
                (stat.left if side == 0 else stat.right).add(value)
                if side == 1 and key in given[0]:
                    stat.diffs.add(value - given[0][key][1])

    def _values(self, done: Outcome, rules, into: dict) -> None:
        who, lang, res = self.who, self.lang, done.result

        def put(key: str, label: str, _side, value) -> None:
            into[key] = (label, float(value) if is_number(value) else 0.0)
        for i in range(len(who)):
            put(f"win/{i}", say("cmp_win", lang, who=who[i]), None, 100.0 * (i in res["winners"]))
        for i, score in enumerate(res["scores"][:len(who)]):
            put(f"score/{i}", say("cmp_score", lang, title=pick(rules.result.score_title, lang, "score"),
                                  who=who[i]), None, score)
        put("moves", say("cmp_moves", lang), None, done.moves)
        if rules.round_result is not None:
            put("rounds", say("cmp_rounds", lang), None, len(done.sheets))
        for name, values in res.items():
            if name in NOT_FIELDS or not isinstance(values, list):
                continue
            title = pick(rules.result.field_titles.get(name), lang, name)
            for i, value in enumerate(values[:len(who)]):
                put(f"field/{name}/{i}", f"{title} {who[i]}", None, value)
        _sheet_stats(rules, done, who, lang, None, put)

    def stats(self) -> list[Stat]:
        """Every statistic, the left side's in the order it first gave them, then `aborted`, then those of
        the right side alone; a side that lacks a statistic in some game has none of it."""
        for stat in self.by_key.values():
            size = self.over["games"] if stat.key == "aborted" else self.over["finished_pairs"]
            for side in (stat.left, stat.right):
                if side.n != size:
                    side.sx = side.sxx = None
        left, right = self.first_seen
        ahead = [k for k in left if k != "aborted"] + ["aborted"]
        return [self.by_key[k] for k in ahead + [k for k in right if k not in left]]


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


BLOCK = 2_000  # pairs played a side at a time: a run holds no more games than this at once


def pairs(sides: tuple, seed: int, n: int, kinds: list[str], seats: list[str], workers: int, progress=None,
          watch=None):
    """Game i of each side, for i in 0 .. n-1: each side plays a block of seeds (on `workers` processes), then
    the other the same seeds; `watch(g)` watches the first game of a side. NeverFinished (see
    simulate.played) names the side (`.g`) whose bots finish none of its first games."""
    from kural.interpreter.record import rules_of
    for start in range(0, n, BLOCK):
        size, block = min(BLOCK, n - start), []
        for g in sides:
            plan = Plan({**rules_of(g), "seats": seats}, kinds, seats)
            try:
                games = played(g, plan, seed + start, size, workers, watch=watch(g) if watch and not start else None,
                               first_check=not start)
                block.append([])
                for done in games:
                    block[-1].append(done)
                    if progress is not None:
                        progress()
            except NeverFinished as exc:
                exc.g = g
                raise
        yield from zip(*block)


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
                  number(row["diff"]) + (" *" if row["significant"] else ""), shown_ci, bars(stat.left.sample if stat.left.complete else [None],
                                                                   stat.right.sample if stat.right.complete else [None]))
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
