"""`kural simulate`: many bot games, their statistics, and optionally their records (JSON Lines).

Game i is dealt with seed + i; each seat's bot is seeded from that game's
seed and the seat, so the same command gives the same games, byte for byte.
"""
from __future__ import annotations

import gc
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from kural.interpreter import arguments, game, policies, record
from kural.interpreter.bots import SEAT_STRIDE, seat_bots  # noqa: F401 (SEAT_STRIDE: the tests' bots)
from kural.interpreter.numbers import is_number
from kural.interpreter.policies import is_imported_name

NOT_FIELDS = ("winners", "scores", "hands", "aborted", "rounds", "round_sheets")  # result keys that are not fields


def bot_kinds(spec: str, players: int, known) -> list[str] | None:
    """`random` (every seat) or `heuristic,random,...` (one per seat), checked as the Python API checks its
    bots; None if it does not fit (the command says so in its own words)."""
    kinds = [k.strip() for k in spec.split(",")]
    kinds = kinds * players if len(kinds) == 1 else kinds
    try:
        mine = [k for k in kinds if not is_imported_name(k)]  # module:Name, a policy: the command imports it
        arguments.bot_kinds(mine, len(mine), list(known))
    except arguments.ArgumentError:
        return None
    return kinds if len(kinds) == players else None


def seat_players(g, kinds: list[str], seed: int, think: str | None = None) -> list:
    """The bots of one game: kural's (seat_bots), and a policy named module:Name as a bot of the engine's loop,
    handed the Python API's State of each position (interpreter/policies.py)."""
    if not any(is_imported_name(k) for k in kinds):
        return seat_bots(kinds, seed, think)
    from kural.interpreter import api  # here: the Python API's State, only for a run that has a policy
    game = api.Game(g)
    return policies.seat_players(kinds, g.players, seed, lambda policy: policies.SeatPolicy(
        policy, lambda raw: api.State(game, raw), game.actions.encode), think)


class SlowFirstGame:
    """Watches the first game of a simulation: when it has gone on for WARN_AFTER seconds, and is past a
    share of the move bound, say once (on `err`) that these bots may never finish a game, and what to try."""

    WARN_AFTER = 3.0

    def __init__(self, say):
        self.say, self.started, self.said = say, time.perf_counter(), False

    def __call__(self, moves: int) -> None:
        if not self.said and time.perf_counter() - self.started >= self.WARN_AFTER:
            self.said = True
            self.say(moves)


@dataclass
class Totals:
    games: int = 0
    moves: int = 0  # over finished games, as every sum below: an aborted game is won by nobody and scores nothing
    aborted: int = 0
    shared: int = 0  # finished games won by more than one seat (or team): each of them counts a win
    seconds: float = 0.0
    interrupted: bool = False  # Ctrl-C stopped the run: these are the games finished before it

    def __post_init__(self):
        self.wins: list[int] = []
        self.scores: list[float] = []
        self.fields: dict[str, list[float]] = {}
        self.rounds = 0  # rounds scored by a round_result, over all games
        self.round_fields: dict[str, list[float]] = {}  # round sheet field -> sum over rounds, per seat (or team)
        self.round_ends: dict[str, int] = {}  # the reason a round ended (flow.round.end_reasons) -> rounds


WATCH_EVERY = 256  # moves between two calls of a game's watcher
YOUNG_COLLECTION_EVERY = 50_000  # allocations between two runs of the cyclic collector while bots play (Python: 700)


@contextmanager
def rare_collections() -> Iterator[None]:
    """While bots play games, the cyclic collector runs seldom: their moves make many short-lived lists and
    tuples and almost no reference cycles, so at Python's default, in ten of the longest bundled games, it ran
    about 500 times, a tenth of their time, to free a few thousand objects. Garbage without cycles is freed at once
    whatever the setting; the cycles wait a little longer. The setting before is put back."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG_COLLECTION_EVERY), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def play_one(g, seed: int, kinds: list[str], want_record: bool, with_legal: bool, seats: list[str],
             think: str | None = None, watch=None):
    """One bot game: its final state and, if asked, its record (think: the search bots' budget a move;
    watch(moves) is called every WATCH_EVERY moves)."""
    s = game.new_game(g, seed)
    bots = seat_players(g, kinds, seed, think)
    if not want_record and watch is None:  # (a watched game, the first of a simulation, goes move by move)
        game.play_out(s, bots)  # a position that offers nothing is an error of the rule file (PlayError)
        return s, None
    rec = record.start(g, seed, seats, s) if want_record else None
    entries = rec["moves"] if rec is not None else None
    while not game.is_over(s):
        moves = game.legal(s)  # a position that offers nothing is an error of the rule file (PlayError)
        if watch is not None and len(s.history) % WATCH_EVERY == 0:
            watch(len(s.history))
        move = bots[s.me].choose(s, moves)
        if entries is not None:
            record.play(entries, g, s, move, legal=moves if with_legal else None)
        else:
            game.apply(s, move)
    if rec is not None:
        record.finish(rec, s)
    return s, rec


@dataclass
class Outcome:
    """What the statistics and the records take of one finished game: small, and sent between processes."""

    moves: int
    aborted: bool
    result: dict
    sheets: list[dict]
    line: str | None  # the record as one line of JSON, when records are written


@dataclass
class Plan:
    """The games of a run, as a process that has only the rule files can play them again: the rules as a
    record names them (interpreter/record.py rules_of, with the seats) and the bots; game i is dealt
    with seed + i."""

    rules: dict
    kinds: list[str]
    seats: list[str]
    want_record: bool = False
    with_legal: bool = False
    think: str | None = None
    totals_only: bool = False  # the caller counts totals alone: a chunk may come counted (Counted)


def outcome(g, seed: int, plan: Plan, watch=None) -> Outcome:
    s, rec = play_one(g, seed, plan.kinds, plan.want_record, plan.with_legal, plan.seats, plan.think, watch)
    res = rec["result"] if rec is not None else game.result(s, hands=False)  # (the statistics count no hands)
    return Outcome(len(s.history), bool(s.aborted), res, s.sheets, record.dumps(rec) if rec is not None else None)


FIRST_GAMES = 5  # games a run plays first, here: when every one is aborted, the bots do not finish the game


class NeverFinished(Exception):
    """The first FIRST_GAMES games of a run all stopped at the move bound, and more were asked: these bots do
    not finish this game, and the rest would take the bound's time each for nothing (issue 35.4)."""

    def __init__(self, games: int):
        super().__init__(games)
        self.games = games


def played(g, plan: Plan, seed: int, n: int, workers: int = 1, ray: str | None = None,
           watch=None, first_check: bool = True) -> Iterator[Outcome]:
    """The outcomes of games seed .. seed+n-1, in seed order: played here, or by `workers` processes of this
    machine or Ray tasks (cli/parallel.py). The first FIRST_GAMES are played here (the first move by move
    when watched: SlowFirstGame), so that a run whose bots finish none of them stops early: NeverFinished
    (unless not `first_check`: games further into a run)."""
    if ray is not None or (workers > 1 and n > FIRST_GAMES):  # imported before any game: Ctrl-C in the middle
        import importlib  # of its first import would leave its module without its names for the rest of the run
        parallel = importlib.import_module("kural.cli.parallel")
        parallel.outcomes  # noqa: B018 - its first import done here, not while the games' Ctrl-C is caught
        if ray is not None:  # a missing Ray is said at once, not after the first games
            parallel.need_ray()
    with rare_collections():
        first, aborted = min(n, FIRST_GAMES), 0
        for i in range(first):
            done = outcome(g, seed + i, plan, watch if i == 0 else None)
            aborted += done.aborted
            if first_check and aborted == FIRST_GAMES < n:
                raise NeverFinished(aborted)
            yield done
        if ray is None and workers <= 1:
            for i in range(first, n):
                yield outcome(g, seed + i, plan)
            return
        if first < n:
            yield from parallel.outcomes(g, plan, seed + first, n - first, workers, ray)


def run(g, n: int, seed: int, kinds: list[str], seats: list[str], out=None, with_legal: bool = False,
        progress=None, think: str | None = None, watch=None, workers: int = 1, ray: str | None = None) -> Totals:
    """Play n games; write each record as one line to `out` if given; call progress() after each game.
    Wins, scores and fields are counted per seat, or per team when the result is `per: team`.

    With workers > 1 (or a Ray address, `local` for an instance of this machine) the games are played in
    chunks of consecutive seeds by other processes (cli/parallel.py), which load the game as a record
    names it; they are counted and written here in seed order, so the statistics and the records are those of one
    worker, byte for byte."""
    units = g.span(g.result.per)
    totals = new_totals(units)
    plan = Plan({**record.rules_of(g), "seats": seats}, kinds, seats, out is not None, with_legal, think,
                totals_only=out is None)
    start = time.perf_counter()
    games = played(g, plan, seed, n, workers, ray, watch)
    try:
        with _CtrlC() as ctrl_c:
            deferred = ctrl_c.deferred()
            for done in games:
                with deferred:
                    if isinstance(done, Counted):  # a chunk counted by the process that played it
                        _merge(totals, done.totals)
                        if progress is not None:
                            for _ in range(done.totals.games):
                                progress()
                        continue
                    _count(totals, g, done, units)
                    if out is not None:
                        out.write(done.line + "\n")
                    if progress is not None:
                        progress()
    except KeyboardInterrupt:  # the game under way is dropped; those finished are counted and written
        totals.interrupted = True
    finally:
        games.close()  # the other processes are stopped (the generator's finally)
    totals.seconds = time.perf_counter() - start
    return totals


class _CtrlC:
    """Ctrl-C during a run: at once while a game is played (it is dropped), at the end of a deferred block
    while a finished game is counted and written, so that it is whole or not there at all. One handler
    for the run, a flag for each block: changing the handler for each game cost more than counting it."""

    def __init__(self):
        self.inside = False
        self.pending = False
        self.before = None

    def __enter__(self) -> "_CtrlC":
        if threading.current_thread() is threading.main_thread():  # signals reach the main thread only
            self.before = signal.signal(signal.SIGINT, self._caught)
        return self

    def __exit__(self, *exc) -> None:
        if self.before is not None:
            signal.signal(signal.SIGINT, self.before)

    def _caught(self, *_) -> None:
        if not self.inside:
            raise KeyboardInterrupt
        self.pending = True

    def deferred(self) -> "_Deferred":
        return _Deferred(self)


class _Deferred:
    """A block that Ctrl-C does not cut (_CtrlC.deferred): an object made once per run and entered for each
    game, since a generator's context manager cost more than counting a random game."""

    __slots__ = ("ctrl_c",)

    def __init__(self, ctrl_c: _CtrlC):
        self.ctrl_c = ctrl_c

    def __enter__(self) -> None:
        self.ctrl_c.inside = True

    def __exit__(self, kind, *_) -> None:
        ctrl_c = self.ctrl_c
        ctrl_c.inside = False
        if ctrl_c.pending and kind is None:  # (an error of the block goes on up as it is)
            raise KeyboardInterrupt


class StoppedBy(BaseException):
    """A run ended by a signal such as SIGTERM or SIGHUP (`kill`, a closed terminal; ENDING_SIGNALS): raised where the run was, so that what
    it holds is let go on the way out (its workers, the temp file of its record). A BaseException, as
    KeyboardInterrupt is: no `except Exception` of the run takes it for a game's error."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


# the signals whose default ends a process and that a process can catch (SIGINT is Ctrl-C's: _CtrlC; SIGPIPE
# Python ignores): each stops the run as StoppedBy
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2",
                                                          "SIGALRM") if hasattr(signal, name))


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within: SIGTERM, SIGHUP and the other ENDING_SIGNALS raise StoppedBy in the main thread (elsewhere nothing changes); the
    handlers before are put back."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, _frame):
        raise StoppedBy(signum)
    before = {signum: signal.signal(signum, stop) for signum in ENDING_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


@dataclass
class Counted:
    """A chunk of games counted where they were played (cli/parallel.py): their totals. Sent in
    place of the games' outcomes when no record is written and every number counted is a whole number, so
    that the sums are the same in any order (an integer's sum in floats is exact) and the main process
    adds one chunk instead of counting each game."""

    totals: Totals


EXACT = 2 ** 53  # whole numbers below this add up exactly in floats, in any order


def counted(g, outcomes: list[Outcome]) -> "Counted | None":
    """The outcomes counted as one chunk (see Counted), or None where a number is not whole."""
    units = g.span(g.result.per)
    part = new_totals(units)
    for done in outcomes:
        if not _whole(done.result.values()) or not all(_whole(sheet.values()) for sheet in done.sheets):
            return None
        _count(part, g, done, units)
    if not all(_whole(sums) for sums in (part.scores, *part.fields.values(), *part.round_fields.values())):
        return None
    return Counted(part)


def _whole(values) -> bool:
    """Every number among values (and in their lists) is whole and small enough to add up exactly."""
    for v in values:
        if isinstance(v, list):
            if not _whole(v):
                return False
        elif is_number(v) and not isinstance(v, int) and not (v.is_integer() and abs(v) < EXACT):
            return False
        elif isinstance(v, int) and abs(v) >= EXACT:
            return False
    return True


def new_totals(units: int) -> Totals:
    totals = Totals()
    totals.wins = [0] * units
    totals.scores = [0.0] * units
    return totals


def _merge(totals: Totals, part: Totals) -> None:
    """A chunk's totals added to the run's, as if its games had been counted here one by one: the fields
    and reasons in the order they first appeared."""
    totals.games += part.games
    totals.moves += part.moves
    totals.aborted += part.aborted
    totals.shared += part.shared
    totals.rounds += part.rounds
    for mine, theirs in ((totals.wins, part.wins), (totals.scores, part.scores)):
        for i, v in enumerate(theirs):
            mine[i] += v
    for kept, added in ((totals.fields, part.fields), (totals.round_fields, part.round_fields)):
        for name, sums in added.items():
            mine = kept.setdefault(name, [0.0] * len(sums))
            for i, v in enumerate(sums):
                mine[i] += v
    for reason, rounds in part.round_ends.items():
        totals.round_ends[reason] = totals.round_ends.get(reason, 0) + rounds


def _count(totals: Totals, g, done: Outcome, units: int) -> None:
    """One game added to the totals: an aborted one as a game and an abort only, since the move bound, not the
    rules, ended it (issue 35.1); a finished one with its moves, wins, scores, fields and rounds."""
    res = done.result
    totals.games += 1
    if done.aborted:
        totals.aborted += 1
        return
    totals.moves += done.moves
    totals.shared += len(res["winners"]) > 1
    for w in res["winners"]:
        totals.wins[w] += 1
    for seat, score in enumerate(res["scores"]):
        if is_number(score):
            totals.scores[seat] += score
    for name, values in res.items():
        if name in NOT_FIELDS or not isinstance(values, list):
            continue
        sums = totals.fields.setdefault(name, [0.0] * units)
        for seat, value in enumerate(values[:units]):
            if is_number(value):
                sums[seat] += value
    if done.sheets:  # (a game with no round_result has none: no span worked out for every game)
        _add_rounds(totals, done.sheets, g.span(g.totals_per))


def _add_rounds(totals: Totals, sheets: list[dict], players: int) -> None:
    totals.rounds += len(sheets)
    for sheet in sheets:
        if "ended" in sheet:
            totals.round_ends[sheet["ended"]] = totals.round_ends.get(sheet["ended"], 0) + 1
        for name, values in sheet.items():
            if name == "totals" or not isinstance(values, list):  # (`ended` names the reason, not a column)
                continue
            sums = totals.round_fields.setdefault(name, [0.0] * players)
            for seat, value in enumerate(values):
                if is_number(value):
                    sums[seat] += value


def summary(g, totals: Totals, seed: int, kinds: list[str], seats: list[str]) -> dict:
    """The statistics; with a result per team, wins, scores and fields are `..._by_team` (and a seat
    counts a win when its team wins), and with a round_result per team, `mean_per_round_by_team`.
    Wins, shares and means are over the finished games (`finished`); a mean over none is None."""
    finished = totals.games - totals.aborted
    by = "_by_" + g.result.per

    def mean(x: float, over: int = finished, digits: int = 4) -> float | None:
        return round(x / over, digits) if over else None
    teams = {"teams": [list(t) for t in g.teams], "team_names": g.team_names(seats)} \
        if g.partnered or "team" in (g.result.per, g.totals_per) else {}
    wins = {}
    if g.result.per == "team":
        wins = {"wins_by_team": totals.wins, "win_percent_by_team": [mean(100 * w, digits=2) for w in totals.wins]}
    seat_wins = [totals.wins[g.team_of[seat]] for seat in range(g.players)] if g.result.per == "team" else totals.wins
    return {
        "game": g.id,
        "variants": list(g.variants),
        "seed": seed,
        "bots": kinds,
        "seats": seats,
        **teams,
        "games": totals.games,
        "finished": finished,
        **wins,
        "wins_by_seat": seat_wins,
        "win_percent_by_seat": [mean(100 * w, digits=2) for w in seat_wins],
        "shared_wins": totals.shared,
        "mean_score" + by: [mean(x) for x in totals.scores],
        "mean_fields" + by: {k: [mean(x) for x in v] for k, v in totals.fields.items()},
        "mean_moves": mean(totals.moves),
        **({"mean_rounds": mean(totals.rounds),
            "mean_per_round_by_" + g.totals_per: {k: [mean(x, totals.rounds) for x in v]
                                                  for k, v in totals.round_fields.items()}} if totals.rounds else {}),
        **({"round_ends": dict(totals.round_ends)} if totals.round_ends else {}),
        "aborted": totals.aborted,
        **({"interrupted": True} if totals.interrupted else {}),
        "seconds": round(totals.seconds, 4),
        "games_per_second": _rate(totals.games / totals.seconds) if totals.seconds > 0 else None,
    }


def _rate(per_second: float) -> float:
    """Games a second to one decimal, or to two significant digits where that reads 0.0 (a search bot's
    games take seconds each)."""
    return round(per_second, 1) if per_second >= 1 else float(f"{per_second:.2g}")
