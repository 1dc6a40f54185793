"""Bots: a random one, and a heuristic one that follows the rule file's `bot:` preferences."""
from __future__ import annotations

import random

from .state import Move, State


class RandomBot:
    """Picks uniformly among the legal moves (draws nothing when there is one)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, s: State, moves: list[Move]) -> Move:
        return moves[0] if len(moves) == 1 else self.rng.choice(moves)


class HeuristicBot:
    """Scores each legal move by the preferences, in order (the first decides, the next breaks ties)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, s: State, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        prefs = s.g.bot
        best: list[Move] = []
        best_key = None
        for move in moves:
            index, values = move
            env = {c.name: v for c, v in zip(s.g.moves[index].choices, values)}
            key = tuple(float(p.score(s, env)) if p.move in (None, index) else 0.0 for p in prefs)
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int):
    return BOTS[kind](random.Random(f"kural-bots/{kind}/{seed}"))
