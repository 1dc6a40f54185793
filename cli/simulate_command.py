"""`kural simulate` once its line is read and checked: the games played, their statistics printed, and what
stops a run said. Without typer: the typer command (cli/main.py) and the plain line that cli/quick.py
reads before typer is imported (typer's import is a third of the process's start) run this same code."""
from __future__ import annotations

import json
import sys

from kural.cli import simulate as simulating
from kural.cli.i18n import pick, round_words, t
from kural.cli.runs_text import say


def finish(code: int) -> None:
    """The command ends with this exit code (as typer.Exit ends it)."""
    raise SystemExit(code)


def run_and_print(out, err, g, n: int, seed: int, kinds: list[str], seats: list[str], lang: str,
                  as_json: bool = False, record=None, open_record=None, legal: bool = False,
                  think: str | None = None, workers: int | None = None, ray: str | None = None) -> None:
    """The games of a checked line, then their statistics (a table, or JSON); open_record() gives the file
    of --record (`record`, its path), opened once the signals that stop a run are caught."""
    stream = None
    try:
        with simulating.stopped_by_signals():  # SIGTERM, SIGHUP ...: the workers and the record's temp file go
            stream = open_record() if open_record is not None else None
            totals = run_games(err, g, n, seed, kinds, seats, stream, legal, think, workers, ray, lang)
    except BaseException as exc:  # the old record is left as it was
        if stream is not None:
            stream.discard()
        run_failed(err, exc, g, kinds, lang)
        raise
    failed = stream.commit() if stream is not None else None
    stats = simulating.summary(g, totals, seed, kinds, seats)
    if as_json:
        sys.stdout.write(json.dumps(stats, ensure_ascii=False) + "\n")
    else:
        print_stats(out, g, stats, lang)
    if failed is not None:  # the statistics of the games played still count; the file is as it was
        err.print(t("record_failed", lang, path=record, error=failed.strerror or failed))
    if totals.interrupted:  # Ctrl-C: the games finished are shown above; say they are not all
        err.print(t("sim_interrupted", lang, games=totals.games, asked=n))
    if failed is not None or totals.interrupted:
        from .play import EXIT_INTERRUPTED
        finish(EXIT_INTERRUPTED if totals.interrupted else 2)


def kinds_and_seats(g, bots: str, lang: str) -> tuple[list[str] | None, list[str]]:
    """--bots as one kind per seat (None if it does not fit: a usage error), and the seats' names."""
    from kural.interpreter.bots import KINDS
    seats = list(g.seats.get(lang) or [])
    return simulating.bot_kinds(bots, g.players, KINDS), seats + [f"#{i + 1}" for i in range(len(seats), g.players)]


def _cores() -> int:
    from . import parallel  # here: a run of one worker needs neither processes nor Ray
    return parallel.cores()


def slow_watch(err, g, kinds: list[str], lang: str):
    """Random bots may never end some games: a watcher of the first game that says so in its first seconds."""
    if "random" not in kinds:
        return None
    return simulating.SlowFirstGame(lambda moves: err.print(t(
        "sim_slow", lang, moves=moves, limit=g.max_moves, game=pick(g.title, lang, g.id))))


def never_finished(err, g, kinds: list[str], games: int, lang: str) -> None:
    """The first games of a run all stopped at the move bound: say so, and what to try, and exit 2."""
    hint = t("sim_try_heuristic" if "random" in kinds else "sim_try_rules", lang)
    err.print(t("sim_never_finished", lang, games=games, limit=g.max_moves, game=pick(g.title, lang, g.id),
                bots=",".join(dict.fromkeys(kinds)), hint=hint))
    finish(2)


def run_games(err, g, n, seed, kinds, seats, stream, legal, think, workers, ray, lang: str):
    """The games of `kural simulate`, with its progress bar and the warning of a slow first game."""
    progress = progress_bar(err, lang)
    with progress:
        task = progress.add_task("", total=n)
        # a bar that is not shown is not advanced: a call for nothing after every game of a run on a pipe
        advance = None if progress.disable else lambda: progress.advance(task)
        return simulating.run(g, n, seed, kinds, seats, out=stream, with_legal=legal, think=think,
                              progress=advance, watch=slow_watch(err, g, kinds, lang),
                              workers=workers or _cores(), ray=ray)


def run_failed(err, exc: BaseException, g, kinds: list[str], lang: str) -> None:
    """A run that never finished a game, a run of other processes that failed, or a run stopped by a
    signal: one line and its exit code (returns for any other exception, which goes on up)."""
    if isinstance(exc, simulating.NeverFinished):
        never_finished(err, g, kinds, exc.games, lang)
    if isinstance(exc, simulating.StoppedBy):
        err.print(say("sim_stopped", lang, signal=exc.name))
        finish(128 + exc.signum)  # as a shell reports a process ended by that signal
    if isinstance(exc, KeyboardInterrupt):  # Ctrl-C outside the games (a worker starting, the run ending)
        err.print(say("sim_stopped", lang, signal="SIGINT"))
        finish(130)
    # (read without importing: Ctrl-C in the middle of its first import leaves the module without its names)
    run_errors = sys.modules.get("kural.cli.parallel")
    if isinstance(exc, getattr(run_errors, "RayMissing", ())):
        err.print(say("ray_missing", lang))
        finish(2)
    if isinstance(exc, getattr(run_errors, "RayFailed", ())):
        err.print(say("ray_failed", lang, address=exc.address, error=exc.error))
        finish(2)
    if isinstance(exc, getattr(run_errors, "WorkerLost", ())):
        worker_lost(err, exc, lang)


def worker_lost(err, exc, lang: str) -> None:
    """A worker process died (killed, out of memory): which one and how, then exit 1."""
    if exc.signal is not None:
        err.print(say("worker_killed", lang, worker=exc.worker, pid=exc.pid, signal=exc.signal))
    else:
        err.print(say("worker_ended", lang, worker=exc.worker, pid=exc.pid, code=exc.code))
    finish(EXIT_WORKER_LOST)


EXIT_WORKER_LOST = 1  # not a usage error (2): the same command may well succeed again

class NoBar:
    """The progress bar where none is shown (stderr is no terminal): rich's progress module is not even
    imported, a part of the start of a run whose output goes to a pipe or a file."""

    disable = True

    def __enter__(self) -> "NoBar":
        return self

    def __exit__(self, *exc) -> None:
        pass

    def add_task(self, *args, **kwargs) -> int:
        return 0

    def advance(self, *args, **kwargs) -> None:
        pass


def progress_bar(err, lang: str):
    """The games played, on stderr when it is a terminal."""
    if not err.is_terminal:
        return NoBar()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    return Progress(TextColumn(t("sim_progress", lang)), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=err, transient=True, disable=not err.is_terminal)

def print_stats(out, g, stats: dict, lang: str) -> None:
    """The statistics as tables: a row per seat, or per team (named by its seats) when the result is per team."""
    from rich.table import Table
    title = pick(g.title, lang, g.id) + (f" + {', '.join(g.variants)}" if g.variants else "")
    table = Table(title=f"{title}: {stats['games']} {t('sim_games', lang)}, {t('sim_seed', lang)} {stats['seed']}")

    def rows_of(per: str) -> list[tuple[int, str, str]]:
        """(index, label, bots) for each seat, or each team."""
        if per == "team":
            names = g.team_names(stats["seats"])
            return [(i, f"{i} {names[i]}", ", ".join(stats["bots"][p] for p in team)) for i, team in enumerate(g.teams)]
        return [(i, f"{i} {stats['seats'][i]}", stats["bots"][i]) for i in range(g.players)]
    per = g.result.per
    by = "_by_" + per
    table.add_column(t("sim_team" if per == "team" else "sim_seat", lang))
    table.add_column(t("sim_bot", lang))
    table.add_column(t("sim_wins", lang), justify="right")
    table.add_column("%", justify="right")
    table.add_column(t("sim_mean", lang, title=pick(g.result.score_title, lang, "score")), justify="right")
    fields = list(stats["mean_fields" + by])
    for name in fields:
        table.add_column(t("sim_mean", lang, title=pick(g.result.field_titles.get(name), lang, name)),
                         justify="right")
    for i, label, bots in rows_of(per):
        row = [label, bots, str(stats["wins" + by][i]),
               shown(stats['win_percent' + by][i], 1), shown(stats['mean_score' + by][i])]
        row += [shown(stats['mean_fields' + by][name][i]) for name in fields]
        table.add_row(*row)
    out.print(table)
    per_round = stats.get("mean_per_round_by_" + g.totals_per, {})
    if per_round:
        rounds = Table(title=t("sim_per_round", lang, **round_words(g, lang)))
        rounds.add_column(t("sim_team" if g.totals_per == "team" else "sim_seat", lang))
        rr = g.round_result
        for name in per_round:
            title = rr.points_title if name == "points" else rr.field_titles.get(name)
            rounds.add_column(pick(title, lang, name), justify="right")
        for i, label, _ in rows_of(g.totals_per):
            rounds.add_row(label, *[shown(v[i]) for v in per_round.values()])
        out.print(rounds)
    if "mean_rounds" in stats:
        out.print(f"{t('sim_mean_rounds', lang, **round_words(g, lang))}: {stats['mean_rounds']:.1f}")
    out.print(f"{t('sim_mean_moves', lang)}: {shown(stats['mean_moves'], 1)}")
    print_counted_over(out, g, stats, lang)
    out.print(f"{t('sim_speed', lang)}: {stats['games_per_second']}")


def shown(mean: float | None, digits: int = 2) -> str:
    """A mean of the table, or a dash where no game finished to take it over."""
    return "—" if mean is None else f"{mean:.{digits}f}"


def print_counted_over(out, g, stats: dict, lang: str) -> None:
    """What the figures above are counted over: the aborted games left out, and the wins a tie shares."""
    out.print(f"{t('sim_aborted', lang)}: {stats['aborted']}")
    if stats["aborted"]:
        out.print(t("sim_over_finished", lang, finished=stats["finished"], games=stats["games"]))
    if stats["shared_wins"]:
        wins = stats["wins_by_" + g.result.per]
        out.print(t("sim_shared_wins", lang, shared=stats["shared_wins"], wins=sum(wins), finished=stats["finished"]))
