"""What the benchmark scripts share: the interpreter's random-bot games, a
plain program loaded by its path, and the best rate of a few runs."""
from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from interpreter.bots import make_bot  # noqa: E402
from interpreter.engine import apply, new_game, result  # noqa: E402
from interpreter.legal import legal_moves  # noqa: E402


def yardstick(name: str):
    """A plain hand-written program of benchmarks/, by its file name."""
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def interpreter_games(g, seeds) -> int:
    """Random-bot games of a loaded game, as `kural simulate` plays them (no records); the moves made."""
    moves = 0
    for seed in seeds:
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while not s.over:
            apply(s, bot.choose(s, legal_moves(s)))
        result(s)
        moves += len(s.history)
    return moves


def best_rate(run, n: int, repeat: int) -> tuple[float, float]:
    """Games per second (best of `repeat` runs) and mean moves per game."""
    best, moves = 0.0, 0
    for _ in range(repeat):
        start = time.perf_counter()
        moves = run()
        best = max(best, n / (time.perf_counter() - start))
    return best, moves / n
