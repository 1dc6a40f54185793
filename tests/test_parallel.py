"""Simulation on every core and on Ray (issue 17): games are independent given their seeds, so other
processes give exactly one worker's statistics and records, in seed order; Ctrl-C leaves whole games."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kural.cli import parallel, simulate
from kural.dsl.loader import load

from all_games import loaded
from test_game_facade import STUCK  # a game whose first position offers no move

ROOT = Path(__file__).resolve().parents[1]


def kural(*args, **kw):
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, **kw)


def run(g, n, seed, kinds, workers, ray=None, with_legal=False):
    out = io.StringIO()
    seats = [f"s{i}" for i in range(g.players)]
    totals = simulate.run(g, n, seed, kinds, seats, out=out, with_legal=with_legal, workers=workers, ray=ray)
    stats = simulate.summary(g, totals, seed, kinds, seats)
    del stats["seconds"], stats["games_per_second"]
    return stats, out.getvalue()


def test_the_chunks_cover_every_seed_once_in_order():
    for n, workers in [(1, 2), (7, 2), (1000, 2), (999, 3), (5, 8)]:
        seeds = [seed for first, count in parallel.chunks(10, n, workers) for seed in range(first, first + count)]
        assert seeds == list(range(10, 10 + n))
        assert max(count for _, count in parallel.chunks(10, n, workers)) <= parallel.MOST_PER_CHUNK
        ray_seeds = [seed for first, count in parallel.chunks(10, n, workers, parallel.RAY_MOST_PER_CHUNK)
                     for seed in range(first, first + count)]
        assert ray_seeds == seeds


def test_the_schedule_covers_every_seed_once_in_order_and_ends_with_small_chunks():
    """The chunks the processes of this machine take in turn: every seed once, in order; none larger than
    the chunks of a run (so the bar moves as often), and smaller towards the end, so that the workers
    end about together whichever takes the last ones."""
    for n, workers in [(1, 2), (7, 2), (200, 2), (1000, 2), (999, 3), (5, 8)]:
        jobs = list(parallel.schedule(10, n, workers))
        assert [seed for first, count in jobs for seed in range(first, first + count)] == list(range(10, 10 + n))
        sizes = [count for _, count in jobs]
        assert sizes == sorted(sizes, reverse=True)
        assert sizes[0] == next(parallel.chunks(10, n, workers))[1]
        assert sizes[-1] == 1


def counted_run(g, n, seed, kinds, workers, ray=None):
    """simulate.run with no records: the workers count their chunks (simulate.Counted)."""
    seats = [f"s{i}" for i in range(g.players)]
    totals = simulate.run(g, n, seed, kinds, seats, workers=workers, ray=ray)
    stats = simulate.summary(g, totals, seed, kinds, seats)
    del stats["seconds"], stats["games_per_second"]
    return stats


# Fantan; Fanti with rounds and a round_result's sheets (N2); the 351 game with two players, a result per team (D1)
CONFIGS = [("fantan", (), None, 60, "random"), ("fanti", ("capture-optional",), None, 10, "heuristic"),
           ("canasta", ("351",), 2, 2, "random")]


def game_of(game, variants, players):
    return loaded(game, variants) if players is None else load(game, list(variants), [], players)


@pytest.mark.parametrize("game,variants,players,n,bots", CONFIGS)
def test_chunks_counted_by_the_workers_give_one_workers_statistics(game, variants, players, n, bots):
    g = game_of(game, variants, players)
    kinds = [bots] * g.players
    assert counted_run(g, n, 3, kinds, 1) == counted_run(g, n, 3, kinds, 2) == counted_run(g, n, 3, kinds, 3)


def test_a_chunk_with_a_number_that_is_not_whole_is_sent_game_by_game():
    """Sums of whole numbers are the same in any order, others may not be: such a chunk is not counted by
    its worker (the main process counts its games in seed order, as one worker does)."""
    g = loaded("fantan", ())
    plan = simulate.Plan({}, ["random"] * g.players, [f"s{i}" for i in range(g.players)])
    games = [simulate.outcome(g, seed, plan) for seed in range(1, 6)]
    part = simulate.counted(g, games)
    assert part is not None and part.totals.games == 5
    whole = simulate.new_totals(g.span(g.result.per))
    for done in games:
        simulate._count(whole, g, done, g.span(g.result.per))
    assert vars(part.totals) == vars(whole)
    games[2].result["scores"] = [0.1] + list(games[2].result["scores"][1:])
    assert simulate.counted(g, games) is None


@pytest.mark.parametrize("game,variants,players,n,bots", CONFIGS)
def test_two_workers_give_one_workers_statistics_and_records(game, variants, players, n, bots):
    g = game_of(game, variants, players)
    kinds = [bots] * g.players
    one = run(g, n, 5, kinds, workers=1, with_legal=True)
    two = run(g, n, 5, kinds, workers=2, with_legal=True)
    assert one == two
    assert len(one[1].splitlines()) == n
    assert [json.loads(line)["seed"] for line in two[1].splitlines()] == list(range(5, 5 + n))


def test_the_command_gives_the_same_output_with_any_number_of_workers(tmp_path):
    outputs = []
    for workers in (1, 2, 3):
        path = tmp_path / f"w{workers}.jsonl"
        proc = kural("simulate", "fanti", "-n", 9, "--seed", 4, "--players", 3, "--json", "--workers", workers,
                     "--record", path)
        assert proc.returncode == 0, proc.stderr
        stats = json.loads(proc.stdout)
        del stats["seconds"], stats["games_per_second"]
        outputs.append((stats, path.read_bytes()))
    assert outputs[0] == outputs[1] == outputs[2]


def test_an_error_of_the_rule_file_in_a_worker_is_reported_as_one(tmp_path):
    """A position that offers no move is an error of the rule file at its step, whichever process meets it."""
    path = tmp_path / "stuck.yaml"
    path.write_text(STUCK, encoding="utf-8")
    one, two = (kural("simulate", path, "-n", 4, "--workers", workers) for workers in (1, 2))
    assert one.returncode == two.returncode == 2
    assert "has no legal move" in two.stderr and "Traceback" not in two.stderr
    assert two.stderr == one.stderr


def test_a_worker_that_ended_at_an_error_is_not_sent_more_games(monkeypatch):
    """A worker ends at its chunk's error, which it sends back first: the next chunk sent to it (given before
    the error is read) meets a closed pipe. That is no failure of the run (it once ended it with exit 1 and
    nothing said, as a closed stdout does): the error is raised, in its chunk's turn."""
    import multiprocessing
    import threading
    mine, theirs = multiprocessing.Pipe()

    def worker() -> None:  # the first chunk fails at once, and the worker ends
        index, _ = theirs.recv()
        theirs.send((index, "error", ValueError("the rule file's error")))
        theirs.close()

    thread = threading.Thread(target=worker)
    thread.start()
    give = parallel._give

    def slow_give(pipe, job):
        if job is None or job[0] > 0:
            thread.join()  # the worker has ended before the next chunk is sent to it
        return give(pipe, job)

    monkeypatch.setattr(parallel, "_give", slow_give)
    with pytest.raises(ValueError, match="the rule file's error"):
        list(parallel._in_order([mine], [(1, 1), (2, 1), (3, 1)]))


def test_ctrl_c_with_workers_leaves_whole_games_in_seed_order(tmp_path):
    path = tmp_path / "games.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "kural.cli.main", "simulate", "fantan", "-n", "1000000", "--workers", "2",
                             "--record", str(path), "--json"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120  # only so that a hang fails: the test waits for records, not for time
    # the records go to a temp file beside `path`, renamed over it at the end: wait until games are in it
    while sum(p.stat().st_size for p in tmp_path.glob("*games.jsonl*")) < 30_000 and time.monotonic() < deadline:
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    stats = json.loads(out)
    assert stats["interrupted"] is True
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == stats["games"] > 0
    assert [json.loads(line)["seed"] for line in lines] == list(range(1, 1 + len(lines)))
    time.sleep(0.5)
    children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert children == []  # no worker is left behind


def test_a_small_simulation_on_a_local_ray_instance_is_the_serial_one():
    pytest.importorskip("ray")
    g = loaded("fanti")
    kinds = ["random"] * g.players
    try:
        on_ray = run(g, 12, 2, kinds, workers=1, ray=parallel.LOCAL)
        counted_on_ray = counted_run(g, 40, 2, kinds, 1, ray=parallel.LOCAL)  # chunks counted by the tasks
    finally:
        import ray
        ray.shutdown()
    assert on_ray == run(g, 12, 2, kinds, workers=1)
    assert counted_on_ray == counted_run(g, 40, 2, kinds, 1)


def test_ray_missing_is_one_line_with_the_install_command(tmp_path):
    """Without Ray, --ray says how to install it and exits 2 (Ray hidden from this process)."""
    hide = tmp_path / "ray"
    hide.mkdir()
    (hide / "__init__.py").write_text("raise ImportError('no ray here')\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = kural("simulate", "fantan", "-n", 3, "--ray", "--lang", "en", env=env)
    assert proc.returncode == 2
    assert "pip install 'kural[ray]'" in proc.stderr and "Traceback" not in proc.stderr


def test_bots_play_with_the_collector_run_rarely_and_its_setting_is_put_back():
    """A run of bot games sets the cyclic collector to run seldom (a tenth of a Kanasta game's time went to it
    at Python's default) while the games are played, in this process and in a worker, and puts back the
    setting it found: a program that calls simulate.run keeps its own."""
    import gc
    g = loaded("fantan")
    before = gc.get_threshold()
    seen = []
    real = simulate.outcome

    def watched(*args, **kw):
        seen.append(gc.get_threshold()[0])
        return real(*args, **kw)

    simulate.outcome = watched
    try:
        run(g, 3, 1, ["random"] * g.players, workers=1)
    finally:
        simulate.outcome = real
    assert seen and all(young >= simulate.YOUNG_COLLECTION_EVERY for young in seen)
    assert gc.get_threshold() == before
    plan = simulate.Plan({}, ["random"] * g.players, [f"s{i}" for i in range(g.players)])
    parallel._loaded[parallel._key(plan)] = g
    try:
        parallel.outcome, real_chunk = watched, parallel.outcome
        seen.clear()
        parallel._play_chunk((plan, 1, 2))
    finally:
        parallel.outcome = real_chunk
        parallel._loaded.pop(parallel._key(plan), None)
    assert len(seen) == 2 and all(young >= simulate.YOUNG_COLLECTION_EVERY for young in seen)
    assert gc.get_threshold() == before
