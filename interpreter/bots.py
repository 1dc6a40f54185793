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
        self.g = None
        self.scorers: list = []  # per move: each preference's score, None if it is about another move

    def choose(self, s: State, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        if self.g is not s.g:
            self.g = s.g
            self.scorers = [(m.choice_names, tuple(p.score if p.move in (None, index) else None for p in s.g.bot))
                            for index, m in enumerate(s.g.moves)]
        scorers = self.scorers
        best: list[Move] = []
        best_key = None
        for move in moves:
            index, values = move
            names, scores = scorers[index]
            env = dict(zip(names, values))
            key = tuple([float(score(s, env)) if score is not None else 0.0 for score in scores])
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int):
    return BOTS[kind](random.Random(f"kural-bots/{kind}/{seed}"))
