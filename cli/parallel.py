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
A worker ends with the main process however that ends (its pipe, and on Linux the kernel's PDEATHSIG);
a worker that dies is reported by number and signal (WorkerLost), never waited for.
"""
from __future__ import annotations

import ctypes
import gc
import json
import multiprocessing
import os
import signal
import sys
from collections import deque
from itertools import islice
from multiprocessing.connection import wait
from typing import Iterator

from .simulate import ENDING_SIGNALS, Counted, Outcome, Plan, counted, outcome, rare_collections

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


def chunk_size(n: int, workers: int, most: int = MOST_PER_CHUNK, per_worker: int = CHUNKS_PER_WORKER) -> int:
    """The games in each chunk of a run of n games (the last may hold fewer)."""
    return max(1, min(most, n // max(1, workers * per_worker)))


def chunks(first: int, n: int, workers: int, most: int = MOST_PER_CHUNK,
           per_worker: int = CHUNKS_PER_WORKER) -> Iterator[tuple[int, int]]:
    """(first seed, count) of each chunk, in seed order, made as they are taken: a run of any n holds none
    of them in advance (a list of them for -n 10**9 did not fit in memory)."""
    size = chunk_size(n, workers, most, per_worker)
    return ((seed, min(size, first + n - seed)) for seed in range(first, first + n, size))


def schedule(first: int, n: int, workers: int) -> Iterator[tuple[int, int]]:
    """(first seed, count) of each chunk the processes of this machine take in turn, in seed order, made as
    they are taken: chunks' size (of chunks, as for Ray) until the last games, which are cut smaller and
    smaller (a share of those left for each worker), so that whichever process takes the last ones, they
    end about together."""
    size = chunk_size(n, workers)
    seed, end = first, first + n
    while seed < end:
        count = max(1, min(size, -(-(end - seed) // (2 * workers))))
        yield seed, count
        seed += count


def outcomes(g, plan: Plan, first: int, n: int, workers: int, ray: str | None) -> Iterator[Outcome]:
    """The outcomes of games first .. first+n-1, in seed order, played by `workers` processes of this
    machine or by Ray tasks (ray: an address, or LOCAL).

    Each worker has a pipe of its own, both ways: this process sends it the next chunk of the schedule as
    it sends back one played, and hands the chunks on in seed order (those played early wait here, at
    most IN_FLIGHT a worker). Nothing is shared but the pipes (a pool's threads and queues cost this
    process more than counting the games). A worker that dies (killed, out of memory) is WorkerLost."""
    if ray is not None:
        yield from _by_ray(plan, first, n, ray)
        return
    workers = max(1, min(workers, n))
    # fork where the system has it: the workers start with the game this process loaded (no import, no
    # load); elsewhere each starts afresh and loads the game from its rules
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    forked = context.get_start_method() == "fork"
    _loaded[_key(plan)] = g
    if forked:
        gc.freeze()  # the collector leaves what the workers inherit alone: no page copied for its sake
    processes, pipes = [], []
    try:
        for _ in range(workers):
            mine, theirs = context.Pipe()
            # a forked worker starts with this process's ends of every pipe made so far, its own included:
            # it closes them, so that each pipe ends when this process does
            process = context.Process(target=_work, args=(theirs, plan, os.getpid(), [*pipes, mine] if forked else []),
                                      daemon=True)
            process.start()
            theirs.close()  # the worker's end is the worker's: the pipe ends when the worker does
            processes.append(process)
            pipes.append(mine)
        try:
            yield from _in_order(pipes, schedule(first, n, workers))
        except WorkerLost as lost:
            raise lost.named(pipes.index(lost.pipe) + 1, processes[pipes.index(lost.pipe)]) from None
    finally:  # done, stopped by Ctrl-C, or an error in a worker: no process is left behind
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
        _loaded.pop(_key(plan), None)
        gc.unfreeze()


class WorkerLost(Exception):
    """A worker process of `simulate --workers` (or `compare`) ended before sending back its games: killed
    by a signal (the system's out-of-memory killer sends SIGKILL) or ended with an exit code. `worker`
    counts from 1; `signal` is the signal's name (SIGKILL) or None, `code` the exit code or None."""

    def __init__(self, pipe=None):
        super().__init__("a worker process ended before its games were played")
        self.pipe = pipe
        self.worker = self.pid = self.signal = self.code = None

    def named(self, worker: int, process) -> "WorkerLost":
        """Which worker it was and how it ended (waited for briefly: its pipe ends as it dies)."""
        process.join(timeout=5)
        self.worker, self.pid = worker, process.pid
        code = process.exitcode
        if code is not None and code < 0:
            try:
                self.signal = signal.Signals(-code).name
            except ValueError:
                self.signal = f"signal {-code}"
        else:
            self.code = code
        return self


def _in_order(pipes: list, jobs) -> Iterator[Outcome]:
    """Hand out the jobs (an iterable, taken as they are given), IN_FLIGHT a worker and the next to
    whichever sends one back; yield what they send in the jobs' order."""
    jobs = iter(jobs)
    held = {pipe: 0 for pipe in pipes}  # worker -> jobs sent to it and not yet back
    sent = 0

    def give_next(pipe) -> bool:
        """The next job to this worker; False when none is left. A job whose sending failed still counts
        as held: what the worker sent before it ended (an error) or its end (WorkerLost) is read next."""
        nonlocal sent
        job = next(jobs, None)
        if job is None:
            return False
        _give(pipe, (sent, job))
        held[pipe] += 1
        sent += 1
        return True

    for _ in range(IN_FLIGHT):
        for pipe in pipes:
            give_next(pipe)
    back: dict[int, tuple] = {}  # job index -> (kind, value), until the jobs before it are handed on
    done = 0
    while done < sent:  # every job is sent as one comes back: done == sent once none is left
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
                elif not give_next(pipe) and not held[pipe]:
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
    """A worker's answer: (job index, (kind, value)); WorkerLost where its pipe ended first (the worker
    died: its end is closed, or reset with a job unread)."""
    try:
        index, kind, value = pipe.recv()
    except (EOFError, OSError):
        raise WorkerLost(pipe) from None
    return index, (kind, value)


def _as_items(chunk) -> list:
    """What the run counts of a chunk: its outcomes, or the chunk counted as one (simulate.Counted)."""
    return [chunk] if isinstance(chunk, Counted) else chunk


def _work(pipe, plan: Plan, parent: int, theirs: list) -> None:
    """A worker: the chunks it is sent played in turn, each sent back whole, until it is sent None; an
    error is sent back for its chunk, then the worker ends. It ends with its parent, however that ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to decide
    for signum in ENDING_SIGNALS:  # not the main process's handlers (cli/simulate.py StoppedBy): a signal ends it
        signal.signal(signum, signal.SIG_DFL)
    for end in theirs:  # the main process's ends of the pipes, inherited by fork: only the main process holds them
        end.close()
    _end_with(parent)
    try:
        while (job := pipe.recv()) is not None:
            index, (first, count) = job
            try:
                pipe.send((index, "games", _play_chunk((plan, first, count))))
            except Exception as exc:  # noqa: BLE001 - whatever it is, the main process raises it
                pipe.send((index, "error", exc))
                return
    except (EOFError, OSError):
        pass  # the main process has stopped (Ctrl-C, an error, a signal): nothing is left to do
    finally:
        pipe.close()


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _end_with(parent: int) -> None:
    """On Linux, the kernel kills this worker when its parent ends, even by SIGKILL and in the middle of a
    chunk (elsewhere the closed pipe ends it at its next chunk). A parent that ended before this was set
    is not seen by it: then the worker ends now."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass  # no prctl: the pipe alone ends it
    if os.getppid() != parent:
        os._exit(0)


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
    """Each chunk a Ray task, cut for the cluster's cores, submitted a few a core ahead of those gathered
    (Ray queues them) and gathered in seed order."""
    ray = need_ray()
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=None if address == LOCAL else address, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        except Exception as exc:  # noqa: BLE001 - no cluster there, a bad address: one line, not Ray's traceback
            raise RayFailed(address, str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None
    task = ray.remote(_play_chunk)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    jobs = chunks(first, n, cpus, RAY_MOST_PER_CHUNK, RAY_CHUNKS_PER_CPU)
    # RAY_CHUNKS_PER_CPU tasks a core queued at once, the next submitted as one is gathered: the cluster is
    # never short of work, and a run of any n holds a bounded number of tasks
    pending = deque(task.remote((plan, seed, count)) for seed, count in islice(jobs, RAY_CHUNKS_PER_CPU * cpus))
    try:
        while pending:
            chunk = ray.get(pending.popleft())
            job = next(jobs, None)
            if job is not None:
                pending.append(task.remote((plan, *job)))
            yield from _as_items(chunk)
    finally:
        for ref in pending:  # stopped early (Ctrl-C, an error): the tasks not gathered are dropped
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
