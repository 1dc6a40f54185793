"""kural's search bot against OpenSpiel's ISMCTS at the same think time per move (issue 39's figure), on a
rule file played as the OpenSpiel game "kural" (openspiel.py; needs pip install 'kural[openspiel]').

    python benchmarks/bench_openspiel.py                          # Fanti, 2 players, 20 games, 0.2 s a move
    python benchmarks/bench_openspiel.py -n 100 --think 0.5       # more games, a longer think
    python benchmarks/bench_openspiel.py --game fantan --players 4 --against heuristic   # ISMCTS's seat vs bots

One seat is kural's search bot (`--think` seconds of wall clock a move: kural's `0.5s` budget), the others
OpenSpiel's ISMCTS, given the same seconds a move (its simulations run until the time is up; a random
rollout evaluates a leaf, UCT constant `--uct`); the search's seat turns game by game. `--against KIND`
puts kural's bots of that kind in the other seats instead of ISMCTS. A position with one legal action is
played without thinking, by both. The search's share is 1 for a game it wins alone, 1/k for a win shared
by k winners, 0 otherwise; the fair share is 1 ÷ the seats. Game i is played from seed `--seed` + i (the
chance nodes drawn by pyspiel.evaluate_bots from it); the think times make it no more than roughly
reproducible.
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import kural.openspiel  # noqa: F401  (registers "kural")
from kural.openspiel import KuralBot


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with a time budget a move instead of a number of simulations (its run_search, with
    the loop's bound a deadline)."""

    def __init__(self, game, seconds: float, uct: float, seed: int):
        super().__init__(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), uct, 10 ** 9,
                         random_state=np.random.RandomState(seed),
                         final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        self.seconds = seconds
        self.simulations = 0
        self.searches = 0

    def run_search(self, state):
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        self.searches += 1
        deadline = time.perf_counter() + self.seconds
        while time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        return self.get_final_policy(state, self._root_node)


def share(returns: list[float], seat: int) -> float:
    winners = [i for i, r in enumerate(returns) if r > 0]
    return 1 / len(winners) if seat in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, default=20)
    parser.add_argument("--game", default="fanti")
    parser.add_argument("--variants", default="")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.2, help="seconds a move, for both")
    parser.add_argument("--uct", type=float, default=1.5)
    parser.add_argument("--against", default="ismcts", help="ismcts, or a kind of kural's bots")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("kural", {"game": args.game, "variants": args.variants, "players": args.players})
    players = game.num_players()
    total, simulations, searches = 0.0, 0, 0
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        seat = i % players
        bots = []
        for p in range(players):
            if p == seat:
                bots.append(KuralBot("search", seed * 10 + p, f"{args.think}s"))
            elif args.against == "ismcts":
                bots.append(TimedISMCTS(game, args.think, args.uct, seed * 10 + p))
            else:
                bots.append(KuralBot(args.against, seed * 10 + p))
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        total += share(returns, seat)
        simulations += sum(b.simulations for b in bots if isinstance(b, TimedISMCTS))
        searches += sum(b.searches for b in bots if isinstance(b, TimedISMCTS))
        print(f"game {i + 1}: search seat {seat}, returns {returns}, share so far {total / (i + 1):.3f}", flush=True)
    n = args.games
    mean = total / n
    spread = math.sqrt(max(mean * (1 - mean), 1e-9) / n)
    print(f"{args.game} {players}p, {n} games, {args.think} s a move: kural search's share {mean:.3f} "
          f"(±{spread:.3f}), fair share {1 / players:.3f}, against {args.against}; "
          f"{time.perf_counter() - started:.0f} s in all"
          + (f"; ISMCTS ran {simulations / searches:.0f} simulations a move" if searches else ""))


if __name__ == "__main__":
    main()
