"""What issue 36's Fantan figure (kural's random games/s ÷ plain_fantan.py's, whole process, ≥ 0.8) leaves
for a move, against what a move costs the plain program itself.

    python benchmarks/fantan_budget.py              # 10,000 games, 5 interleaved rounds
    python benchmarks/fantan_budget.py -n 2000 --rounds 3

Each part is CPU time (time.process_time), the median of interleaved rounds, measured in this one process
except the two starts (a fresh process each, as bench_process.py runs them):

- plain: its start (the interpreter, its imports, a run of one game, that game taken out), each game's fixed part (its generator
  seeded, the deck shuffled and dealt), and its moves (the rest of play_random_game);
- kural: its start (`kural simulate fantan -n 1 --bots random`, the one game taken out), each game's fixed
  part (cli/simulate.py play_one without play_out: the state with its generator, shuffle and deal, and
  the four bots, each seeded from the game's seed as a text, interpreter/bots.py seat_bots; plus the
  result the statistics count), and its moves (play_out).

The budget of kural's moves is plain's whole process ÷ 0.8, less kural's start and its games' fixed parts;
divided by kural's moves it is what a move may cost. The figure can be met only if that is above what a
move costs kural today, and it cannot be met by any engine playing the same games if it is below what a
move costs the plain program (a frontier of at most 8 cards a suit, kept by hand for these rules).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import plain_fantan  # noqa: E402  (the yardstick, benchmarks/plain_fantan.py)


def cpu_of(argv: list[str]) -> float:
    """User + system CPU seconds of one process, start to exit."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed")
    return usage.ru_utime + usage.ru_stime


def timed(fn) -> float:
    began = time.process_time()
    fn()
    return time.process_time() - began


def plain_parts(n: int, seed: int) -> tuple[float, float, int]:
    """Plain's fixed part of n games, their whole, and their moves."""
    import random

    def fixed():
        for i in range(n):  # play_random_game's lines before its loop
            rng = random.Random(seed + i)
            deck = list(range(52))
            rng.shuffle(deck)
            owner = [-1] * 53
            for j, card in enumerate(deck):
                owner[card] = j & 3
    moves = []
    whole = timed(lambda: moves.extend(plain_fantan.play_random_game(seed + i)["moves"] for i in range(n)))
    return timed(fixed), whole, sum(moves)


def kural_parts(n: int, seed: int) -> tuple[float, float, int]:
    """kural's fixed part of n games (state, deal, bots, result), their whole, and their moves."""
    import kural  # noqa: F401
    from kural.dsl.loader import load
    from kural.interpreter import game
    from kural.cli.simulate import seat_players
    g = load("fantan")
    kinds = ["random"] * g.players

    def fixed():
        for i in range(n):
            s = game.new_game(g, seed + i)
            seat_players(g, kinds, seed + i, None)
            game.result(s, hands=False)
    states = []

    def whole():
        for i in range(n):
            s = game.new_game(g, seed + i)
            game.play_out(s, seat_players(g, kinds, seed + i, None))
            game.result(s, hands=False)
            states.append(len(s.history))
    return timed(fixed), timed(whole), sum(states)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10_000, help="games (default 10000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    n, seed = args.n, args.seed
    kural_start = [sys.executable, "-m", "kural.cli.main", "simulate", "fantan", "-n", "1", "--seed", str(seed),
                   "--bots", "random", "--workers", "1"]
    plain_start = [sys.executable, str(ROOT / "plain_fantan.py"), "-n", "1", "--seed", str(seed)]
    cpu_of(kural_start)  # unmeasured: bytecode and kural's cache written
    rows: dict[str, list[float]] = {k: [] for k in ("p_start", "p_fixed", "p_whole", "k_start", "k_fixed",
                                                    "k_whole")}
    moves = {}
    for _ in range(args.rounds):
        rows["p_start"].append(cpu_of(plain_start))
        rows["k_start"].append(cpu_of(kural_start))
        f, w, moves["plain"] = plain_parts(n, seed)
        rows["p_fixed"].append(f)
        rows["p_whole"].append(w)
        f, w, moves["kural"] = kural_parts(n, seed)
        rows["k_fixed"].append(f)
        rows["k_whole"].append(w)
    m = {k: statistics.median(v) for k, v in rows.items()}
    k_one, p_one = m["k_whole"] / n, m["p_whole"] / n  # the one game in each start
    m["p_start"] -= p_one
    plain_process = m["p_start"] + m["p_whole"]
    kural_process = m["k_start"] - k_one + m["k_whole"]
    budget = plain_process / 0.8 - (m["k_start"] - k_one) - m["k_fixed"]
    us = 1e6
    print(f"{n} random Fantan games, {args.rounds} rounds, CPU medians; Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"  plain: start {m['p_start']:.3f} s, games' fixed part {m['p_fixed']:.3f} s, moves "
          f"{m['p_whole'] - m['p_fixed']:.3f} s ({moves['plain']} moves: "
          f"{(m['p_whole'] - m['p_fixed']) / moves['plain'] * us:.2f} µs a move); whole {plain_process:.3f} s")
    print(f"  kural: start {m['k_start'] - k_one:.3f} s, games' fixed part {m['k_fixed']:.3f} s, moves "
          f"{m['k_whole'] - m['k_fixed']:.3f} s ({moves['kural']} moves: "
          f"{(m['k_whole'] - m['k_fixed']) / moves['kural'] * us:.2f} µs a move); whole {kural_process:.3f} s")
    print(f"  figure now (plain ÷ kural, CPU): {plain_process / kural_process:.3f}")
    print(f"  for 0.8: kural's whole at most {plain_process / 0.8:.3f} s, leaving its moves {budget:.3f} s: "
          f"{budget / moves['kural'] * us:.2f} µs a move")


if __name__ == "__main__":
    main()
