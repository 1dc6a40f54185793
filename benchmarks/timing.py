"""What the benchmark scripts share: the interpreter's random-bot games, a
plain program loaded by its path, and the best rate of a few runs."""
from __future__ import annotations

import atexit
import importlib
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The engine measured: this checkout's, or (KURAL_BENCH_ROOT) a pinned copy of an older commit that
# a benchmark compares against in the same run (see engine_at); never a copy inside the package.
ROOT = Path(os.environ.get("KURAL_BENCH_ROOT") or HERE.parent)


def _engine_prefix() -> str:
    """Put the measured engine on the path; its modules' prefix. A checkout laid out as the one package
    `kural` (its root's __init__.py) is imported under that name, through a folder of its own where
    `kural` names the checkout (a pinned copy is not installed); an older one had its folders as
    top-level names (dsl, interpreter)."""
    if not (ROOT / "__init__.py").exists():
        sys.path.insert(0, str(ROOT))
        return ""
    links = Path(tempfile.mkdtemp(prefix="kural-bench-"))
    atexit.register(shutil.rmtree, links, True)
    (links / "kural").symlink_to(ROOT, target_is_directory=True)
    sys.path.insert(0, str(links))
    return "kural."


PREFIX = _engine_prefix()


def engine(module: str):
    """A module of the measured engine by its name in the checkout (`interpreter.bots`)."""
    return importlib.import_module(PREFIX + module)


make_bot = engine("interpreter.bots").make_bot
seat_bots = engine("interpreter.bots").seat_bots  # a game's bots, seeded by its seed and each seat
games_dir = engine("dsl.paths").games_dir
load = engine("dsl.loader").load  # a rule file read by the rules language (every engine measured has it)
try:  # the engine's entry (interpreter/game.py), as a program uses it
    _game = engine("interpreter.game")
    apply, legal, new_game, result = _game.apply, _game.legal, _game.new_game, _game.result
except ImportError:  # an older engine measured by engine_at, from before that entry: its own names
    apply, new_game, result = (getattr(engine("interpreter.engine"), f) for f in ("apply", "new_game", "result"))
    legal = engine("interpreter.legal").legal_moves
try:  # a game played by bots alone, as `kural simulate` plays it
    play_out = engine("interpreter.game").play_out
except (ImportError, AttributeError):  # an older engine, from before it: the loop it writes out
    def play_out(s, bots) -> None:
        while not s.over:
            apply(s, bots[s.me].choose(s, legal(s)))


def yardstick(name: str):
    """A plain hand-written program of benchmarks/, by its file name."""
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def interpreter_games(g, seeds) -> int:
    """Random-bot games of a loaded game, as `kural simulate --bots random` plays them (no records); the
    moves made. One random bot moves for every seat."""
    moves = 0
    for seed in seeds:
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        play_out(s, [bot] * g.players)
        result(s)
        moves += len(s.history)
    return moves


def best_rate(run, n: int, repeat: int) -> tuple[float, float]:
    """Games per second (best of `repeat` runs) and mean moves per game."""
    rates, moves = interleaved({"run": run}, n, repeat)
    return max(rates["run"]), moves["run"]


def interleaved(sides: dict, n: int, rounds: int) -> tuple[dict, dict]:
    """Per side, its games per second in each round, and its mean moves a game. The sides run in turn,
    round by round, in an order that alternates (A B, then B A): the host is shared and its speed drifts
    by a third within seconds, so a side measured only after the other would carry that drift into the
    ratio; a round's two runs, seconds apart, see nearly the same machine."""
    rates: dict = {name: [] for name in sides}
    moves: dict = {}
    names = list(sides)
    for r in range(rounds):
        for name in (names if r % 2 == 0 else names[::-1]):
            start = time.perf_counter()
            moves[name] = sides[name]()
            rates[name].append(n / (time.perf_counter() - start))
    return rates, {name: m / n for name, m in moves.items()}


def paired_ratio(rates: dict, top: str, bottom: str) -> str:
    """The ratio of two sides' rates, round by round: its median and range, and best against best."""
    ratios = sorted(a / b for a, b in zip(rates[top], rates[bottom]))
    best = max(rates[top]) / max(rates[bottom])
    return (f"median {statistics.median(ratios):.2f} of {len(ratios)} rounds "
            f"(range {ratios[0]:.2f}-{ratios[-1]:.2f}; best against best {best:.2f})")


def engine_at(rev: str, argv: list[str], script: Path) -> str:
    """Run `script` with `argv` against the engine of commit `rev` (a throwaway git worktree) and
    return what it printed: the figures of an older engine, measured in the same run as today's."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "engine"
        subprocess.run(["git", "-C", str(HERE.parent), "worktree", "add", "--quiet", "--detach", str(tree), rev],
                       check=True)
        try:
            env = dict(os.environ, KURAL_BENCH_ROOT=str(tree))
            return subprocess.run([sys.executable, str(script), *argv], env=env, check=True,
                                  capture_output=True, text=True).stdout
        finally:
            subprocess.run(["git", "-C", str(HERE.parent), "worktree", "remove", "--force", str(tree)], check=True)
