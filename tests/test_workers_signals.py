"""`kural simulate --workers N` under signals and limits (issue 34.3, 34.4, 34.5): a worker that dies is
named and the old record kept; workers end with their parent however it ends, and no temp file outlives a
signal the run could catch; a run's memory does not grow with -n."""
from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kural.cli import parallel

ROOT = Path(__file__).resolve().parents[1]
OLD = "an old record, to be kept\n"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, sends POSIX signals")


STARTED: list[subprocess.Popen] = []


def start(*args, preexec_fn=None) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "kural.cli.main", *map(str, args)], cwd=ROOT,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=preexec_fn)
    STARTED.append(proc)
    return proc


@pytest.fixture(autouse=True)
def _no_run_left():
    """A run a test started ends with the test, passed or failed: a failed one left -n 10**9 playing on."""
    yield
    while STARTED:
        proc = STARTED.pop()
        if proc.poll() is None:
            proc.kill()  # its workers end with it (PR_SET_PDEATHSIG)
            proc.communicate(timeout=60)


def wait_for(condition, proc: subprocess.Popen | None = None, timeout: float = 60) -> None:
    """Poll until `condition()`; fail at once if `proc` ended first, or after `timeout` (only so that a hang
    fails: nothing waits for a fixed time)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"the run ended first ({proc.returncode}): {proc.stderr.read()[-2000:]}")
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def temps(folder: Path) -> list[Path]:
    return list(folder.glob(".*.tmp"))


def written(folder: Path) -> int:
    """Bytes of records written so far to the temp files of the folder."""
    total = 0
    for tmp in temps(folder):
        try:
            total += tmp.stat().st_size
        except FileNotFoundError:
            pass
    return total


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return sorted(int(p) for p in found)


def alive(pid: int) -> bool:
    """A process that exists and is not a zombie (one that ended but is not reaped yet is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def running_with_workers(tmp_path: Path, workers: int = 2) -> tuple[subprocess.Popen, Path, list[int]]:
    """A long simulation with its record over an old one, once its workers have sent back games."""
    record = tmp_path / "r.jsonl"
    record.write_text(OLD, encoding="utf-8")
    proc = start("simulate", "fantan", "-n", 1_000_000, "--workers", workers, "--record", record, "--json",
                 "--lang", "en")
    wait_for(lambda: written(tmp_path) > 20_000, proc)
    pids = children(proc.pid)
    assert len(pids) == workers
    return proc, record, pids


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_a_worker_killed_is_named_and_the_old_record_is_kept(tmp_path, sig):
    """Issue 34.3: a worker killed (as the out-of-memory killer does) ends the run with its number, its
    process and the signal in one line, exit 1, no traceback; the record is as it was, no temp file left,
    and the other worker is stopped."""
    proc, record, pids = running_with_workers(tmp_path)
    victim, other = pids
    os.kill(victim, sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert "Traceback" not in err
    assert f"(process {victim}) was killed by {signal.Signals(sig).name}" in err
    assert record.read_text(encoding="utf-8") == OLD
    assert temps(tmp_path) == []
    wait_for(lambda: not alive(other), timeout=10)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1])
def test_a_parent_stopped_by_a_signal_takes_its_workers_and_temp_file_with_it(tmp_path, sig):
    """Issue 34.4: SIGTERM, SIGHUP (or another signal that ends a process and that it can catch) to the
    parent ends the run as the signal says (128 + its number), one
    line, no traceback: its workers end, the record is as it was and no temp file is left."""
    proc, record, pids = running_with_workers(tmp_path)
    os.kill(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + sig, err
    assert "Traceback" not in err and signal.Signals(sig).name in err
    assert record.read_text(encoding="utf-8") == OLD
    assert temps(tmp_path) == []
    wait_for(lambda: not any(alive(pid) for pid in pids), timeout=10)


def test_workers_end_when_their_parent_is_killed(tmp_path):
    """Issue 34.4: SIGKILL to the parent (nothing it can catch) still ends its workers at once, in the middle
    of their chunks; the record is as it was."""
    proc, record, pids = running_with_workers(tmp_path)
    proc.kill()
    proc.communicate(timeout=60)
    wait_for(lambda: not any(alive(pid) for pid in pids), timeout=10)
    assert record.read_text(encoding="utf-8") == OLD


def limit_memory() -> None:
    limit = 1 << 30  # 1 GiB of address space, for the run and for each of its workers
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_billion_games_start_at_once_in_bounded_memory_and_ctrl_c_stops_them(tmp_path, workers):
    """Issue 34.5: -n 10**9 under 1 GiB of memory starts playing at once (its records are written) instead
    of building a schedule of the whole run first (a MemoryError once); Ctrl-C stops it with the games
    played, in seed order."""
    record = tmp_path / "r.jsonl"
    proc = start("simulate", "fantan", "-n", 10**9, "--workers", workers, "--record", record, "--json",
                 preexec_fn=limit_memory)
    wait_for(lambda: written(tmp_path) > 10_000, proc)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    stats = json.loads(out)
    assert stats["interrupted"] is True and stats["games"] > 0
    seeds = [json.loads(line)["seed"] for line in record.read_text(encoding="utf-8").splitlines()]
    assert seeds == list(range(1, 1 + stats["games"]))


def old_schedule(first: int, n: int, workers: int) -> list[tuple[int, int]]:
    """The schedule as it was made before (a list of the whole run): the chunks must not change, so that
    the statistics stay the same byte for byte."""
    size = max(1, min(parallel.MOST_PER_CHUNK, n // max(1, workers * parallel.CHUNKS_PER_WORKER)))
    out, seed, end = [], first, first + n
    while seed < end:
        count = max(1, min(size, -(-(end - seed) // (2 * workers))))
        out.append((seed, count))
        seed += count
    return out


LAZY = """
import time
from kural.cli import parallel
started = time.perf_counter()
jobs = parallel.schedule(1, 10**18, 2)
assert [next(jobs) for _ in range(3)] == [(1, 50), (51, 50), (101, 50)]
ray_jobs = parallel.chunks(1, 10**18, 4, parallel.RAY_MOST_PER_CHUNK, parallel.RAY_CHUNKS_PER_CPU)
assert next(ray_jobs) == (1, parallel.RAY_MOST_PER_CHUNK)
assert time.perf_counter() - started < 1
"""


def test_the_schedule_and_the_chunks_are_made_as_they_are_taken():
    """Issue 34.5: a run of 10**18 games has its first chunks at once, in little memory (nothing of the
    whole run is made in advance; in a process of its own under 1 GiB, so that a schedule made whole
    fails there and not here), and the chunks are those of before."""
    proc = subprocess.run([sys.executable, "-c", LAZY], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          preexec_fn=limit_memory)
    assert proc.returncode == 0, proc.stderr[-2000:]
    for n, workers in [(1, 2), (7, 2), (200, 2), (1000, 3), (12345, 2)]:
        assert list(parallel.schedule(10, n, workers)) == old_schedule(10, n, workers)


class FakeRay:
    """Ray as `_by_ray` calls it, counting the tasks submitted; each task gives one item."""

    def __init__(self):
        self.submitted = 0
        self.cancelled = 0

    def is_initialized(self):
        return False

    def init(self, **_):
        pass

    def shutdown(self):
        pass

    def cluster_resources(self):
        return {"CPU": 2}

    def remote(self, _function):
        ray = self

        class Task:
            @staticmethod
            def remote(job):
                ray.submitted += 1
                if ray.submitted > 100:  # a task for every chunk of the run: stopped here, not at memory's end
                    raise AssertionError("every task of the run submitted at once")
                return job

        return Task

    def get(self, job):
        return [job[1:]]  # (first seed, count): the chunk's one item

    def cancel(self, _ref, force=False):
        self.cancelled += 1


def test_ray_tasks_are_submitted_a_few_ahead_of_those_gathered(monkeypatch):
    """Issue 34.5, the --ray path: a run of 10**8 games gives its first chunk with a few tasks submitted
    (RAY_CHUNKS_PER_CPU a core), not one for each chunk of the run, and those not gathered are dropped."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    games = parallel._by_ray(None, 1, 10**8, parallel.LOCAL)  # 50,000 chunks
    assert next(games) == (1, parallel.RAY_MOST_PER_CHUNK)
    assert next(games) == (1 + parallel.RAY_MOST_PER_CHUNK, parallel.RAY_MOST_PER_CHUNK)
    window = parallel.RAY_CHUNKS_PER_CPU * 2
    assert fake.submitted == window + 2
    games.close()
    assert fake.cancelled == window


def test_a_worker_of_compare_killed_is_named(tmp_path):
    """Issue 34.3: `compare` plays on the same workers; one killed ends it in one line naming it, exit 1,
    no traceback (and no plot written)."""
    plot = tmp_path / "p.svg"
    proc = start("compare", "fantan", "--variant", "maca7", "-n", 1_000_000, "--workers", 2, "--plot", plot,
                 "--lang", "en")
    wait_for(lambda: len(children(proc.pid)) == 2, proc)
    victim = children(proc.pid)[0]
    os.kill(victim, signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert "Traceback" not in err and f"(process {victim}) was killed by SIGKILL" in err
    assert not plot.exists()


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kib(pid: int) -> int:
    return next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                if line.startswith("VmRSS:"))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the run's memory from /proc")
def test_compare_of_a_billion_pairs_keeps_its_memory_and_ctrl_c_stops_it():
    """Issue 34.5 for compare: -n 10**9 under 1 GiB starts at once, and its memory does not grow with the
    pairs played (it grew by about 10 MB a second, keeping every game of both sides); Ctrl-C stops it."""
    proc = start("compare", "fantan", "--variant", "free-pass", "-n", 10**9, "--workers", 1, "--json",
                 preexec_fn=limit_memory)
    wait_for(lambda: _cpu_seconds(proc.pid) > 3, proc)
    before = _rss_kib(proc.pid)
    wait_for(lambda: _cpu_seconds(proc.pid) > 9, proc)
    grown = _rss_kib(proc.pid) - before
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert grown < 20_000, f"{grown} KiB more after six seconds of play"
