"""`kural simulate --workers N` and `--ray [ADDRESS]`: the games of a run played by other processes.

Games are independent given their seeds (cli/simulate.py: game i is dealt with seed + i, its bots
seeded from that seed), so they are cut into chunks of consecutive seeds, played anywhere, and handed
back in seed order: the statistics are summed and the records written in the order one worker would
sum and write them, so they are the same, byte for byte. Each process loads the game as a record
names it (its game, variants, params and player count: dsl/loader.py load_for_record), once.

The processes of this machine take their chunks as they finish the last (the main process hands each
the next one): a worker whose games happened to be long is not waited for while the others have none
left, and the chunks get smaller towards the end of the run (schedule) so that they finish together.

Ctrl-C: the processes of this machine ignore it (the main process alone decides); the main process
stops at the chunk it was waiting for, having counted and written only whole games, and stops them.
"""
from __future__ import annotations

import gc
import json
import multiprocessing
import os
import signal
from multiprocessing.connection import wait
from typing import Iterator

from .simulate import Counted, Outcome, Plan, counted, outcome, rare_collections

CHUNKS_PER_WORKER = 8  # enough chunks that a slow one leaves the others work, and the progress bar moves
IN_FLIGHT = 2  # chunks a worker of this machine holds at once: the next is there when it ends one
MOST_PER_CHUNK = 50  # ... and at most this many games in one, so the bar moves at least every 50 games
# A Ray task costs far more to send and schedule than a chunk through a pipe (about a millisecond, and a
# share of the cores for Ray's own processes): its chunks are larger, the bar moving once a task
RAY_MOST_PER_CHUNK = 2000
RAY_CHUNKS_PER_CPU = 4  # fewer tasks than a worker's chunks: enough that a slow task leaves the others work
LOCAL = "local"  # --ray without an address: a Ray instance started on this machine

_loaded: dict = {}  # in a worker process: the game of the run, by its rules (loaded once)


def cores() -> int:
    """The cores this process may use (the default of --workers)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def chunks(first: int, n: int, workers: int, most: int = MOST_PER_CHUNK,
           per_worker: int = CHUNKS_PER_WORKER) -> list[tuple[int, int]]:
    """(first seed, count) of each chunk, in seed order."""
    size = max(1, min(most, n // max(1, workers * per_worker)))
    return [(seed, min(size, first + n - seed)) for seed in range(first, first + n, size)]


def schedule(first: int, n: int, workers: int) -> list[tuple[int, int]]:
    """(first seed, count) of each chunk the processes of this machine take in turn, in seed order: chunks'
    size (of chunks, as for Ray) until the last games, which are cut smaller and smaller (a share of those
    left for each worker), so that whichever process takes the last ones, they end about together."""
    size = chunks(first, n, workers)[0][1]
    out, seed, end = [], first, first + n
    while seed < end:
        count = max(1, min(size, -(-(end - seed) // (2 * workers))))
        out.append((seed, count))
        seed += count
    return out


def outcomes(g, plan: Plan, first: int, n: int, workers: int, ray: str | None) -> Iterator[Outcome]:
    """The outcomes of games first .. first+n-1, in seed order, played by `workers` processes of this
    machine or by Ray tasks (ray: an address, or LOCAL).

    Each worker has a pipe of its own, both ways: this process sends it the next chunk of the schedule as
    it sends back one played, and hands the chunks on in seed order (those played early wait here, at
    most IN_FLIGHT a worker). Nothing is shared but the pipes (a pool's threads and queues cost this
    process more than counting the games)."""
    if ray is not None:
        yield from _by_ray(plan, first, n, ray)
        return
    workers = max(1, min(workers, n))
    jobs = schedule(first, n, workers)
    # fork where the system has it: the workers start with the game this process loaded (no import, no
    # load); elsewhere each starts afresh and loads the game from its rules
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    _loaded[_key(plan)] = g
    if context.get_start_method() == "fork":
        gc.freeze()  # the collector leaves what the workers inherit alone: no page copied for its sake
    processes, pipes = [], []
    try:
        for _ in range(workers):
            mine, theirs = context.Pipe()
            process = context.Process(target=_work, args=(theirs, plan), daemon=True)
            process.start()
            theirs.close()  # the worker's end is the worker's: the pipe ends when the worker does
            processes.append(process)
            pipes.append(mine)
        yield from _in_order(pipes, jobs)
    finally:  # done, stopped by Ctrl-C, or an error in a worker: no process is left behind
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
        _loaded.pop(_key(plan), None)
        gc.unfreeze()


def _in_order(pipes: list, jobs: list[tuple[int, int]]) -> Iterator[Outcome]:
    """Hand out the jobs, IN_FLIGHT a worker and the next to whichever sends one back; yield what they send
    in the jobs' order."""
    held = {pipe: 0 for pipe in pipes}  # worker -> jobs sent to it and not yet back
    sent = 0
    for _ in range(IN_FLIGHT):
        for pipe in pipes:
            if sent < len(jobs):
                held[pipe] += _give(pipe, (sent, jobs[sent]))
                sent += 1
    back: dict[int, tuple] = {}  # job index -> (kind, value), until the jobs before it are handed on
    done = 0
    while done < len(jobs):
        while done not in back:
            busy = [pipe for pipe, n in held.items() if n]
            if not busy:
                raise RuntimeError("no worker process holds the games still to be played")
            for pipe in wait(busy):
                index, (kind, value) = _received(pipe)
                back[index] = (kind, value)
                held[pipe] -= 1
                if kind == "error":
                    held[pipe] = 0  # the worker has ended: the jobs it held come after this one, never reached
                elif sent < len(jobs):
                    held[pipe] += _give(pipe, (sent, jobs[sent]))
                    sent += 1
                elif not held[pipe]:
                    _give(pipe, None)  # nothing left for it: it ends
        kind, value = back.pop(done)
        if kind == "error":  # an error of the rule file met in the worker: raised here as if met here, in turn
            raise value
        yield from _as_items(value)
        done += 1


def _give(pipe, job) -> bool:
    """Send a worker a job; False where it has ended already. (A worker ends at its chunk's error, which it
    sent back first and is read in turn, before the jobs given it after; a worker that ended otherwise
    is met as a pipe that ends: _received.)"""
    try:
        pipe.send(job)
    except OSError:  # BrokenPipeError, ConnectionResetError: its end is closed
        return False
    return True


def _received(pipe) -> tuple[int, tuple]:
    """A worker's answer: (job index, (kind, value))."""
    try:
        index, kind, value = pipe.recv()
    except EOFError:
        raise RuntimeError("a worker process ended before its games were played") from None
    return index, (kind, value)


def _as_items(chunk) -> list:
    """What the run counts of a chunk: its outcomes, or the chunk counted as one (simulate.Counted)."""
    return [chunk] if isinstance(chunk, Counted) else chunk


def _work(pipe, plan: Plan) -> None:
    """A worker: the chunks it is sent played in turn, each sent back whole, until it is sent None; an
    error is sent back for its chunk, then the worker ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to decide
    try:
        while (job := pipe.recv()) is not None:
            index, (first, count) = job
            try:
                pipe.send((index, "games", _play_chunk((plan, first, count))))
            except Exception as exc:  # noqa: BLE001 - whatever it is, the main process raises it
                pipe.send((index, "error", exc))
                return
    except (EOFError, BrokenPipeError):
        pass  # the main process has stopped (Ctrl-C, an error): nothing is left to do
    finally:
        pipe.close()


def _key(plan: Plan) -> str:
    return json.dumps(plan.rules, sort_keys=True)


def _play_chunk(job: tuple[Plan, int, int]) -> list[Outcome]:
    plan, first, count = job
    key = _key(plan)
    g = _loaded.get(key)
    if g is None:
        from kural.dsl.loader import load_for_record
        g = _loaded[key] = load_for_record(plan.rules)
    with rare_collections():  # (a worker of this machine or of a Ray cluster: the setting is set here)
        games = [outcome(g, seed, plan) for seed in range(first, first + count)]
    if not plan.totals_only:  # the caller reads each game (records, compare's pairs)
        return games
    return counted(g, games) or games  # counted here where the sums are the same in any order


# ------------------------------------------------------------------ Ray
class RayMissing(Exception):
    """--ray without Ray installed (the optional extra: pip install 'kural[ray]')."""


class RayFailed(Exception):
    """--ray ADDRESS where Ray cannot be reached, or a local instance that does not start."""

    def __init__(self, address: str, error: str):
        super().__init__(error)
        self.address, self.error = address, error


def need_ray():
    """The ray module, or RayMissing: asked before the first games of a run are played."""
    try:
        import ray
    except ImportError:
        raise RayMissing() from None
    return ray


def _by_ray(plan: Plan, first: int, n: int, address: str) -> Iterator[Outcome]:
    """Each chunk a Ray task, cut for the cluster's cores; every task is submitted at once (Ray queues
    them) and gathered in seed order."""
    ray = need_ray()
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=None if address == LOCAL else address, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        except Exception as exc:  # noqa: BLE001 - no cluster there, a bad address: one line, not Ray's traceback
            raise RayFailed(address, str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None
    task = ray.remote(_play_chunk)
    jobs = chunks(first, n, int(ray.cluster_resources().get("CPU", 1)), RAY_MOST_PER_CHUNK, RAY_CHUNKS_PER_CPU)
    refs = [task.remote((plan, seed, count)) for seed, count in jobs]
    gathered = 0
    try:
        for ref in refs:
            yield from _as_items(ray.get(ref))
            gathered += 1
    finally:
        for ref in refs[gathered:]:  # stopped early (Ctrl-C, an error): the tasks not gathered are dropped
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
