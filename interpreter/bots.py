"""Bots: a random one, and a heuristic one that follows the rule file's `bot:` preferences."""
from __future__ import annotations

import random

from . import draws
from .budget import renew
from .errors import RULE_FAILURES, PlayError
from .state import Move, State

PREFERENCE_HINT = ("a preference is worked out for every legal move it speaks of: guard it "
                   "(for example `not empty(zone) and ...`), and give a number or true/false")


class RandomBot:
    """Picks uniformly among the legal moves (draws nothing when there is one)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.bits = rng.getrandbits if draws.written_out(rng) else None  # rng.choice's draws, written out

    def choose(self, s: State, moves: list[Move]) -> Move:
        n = len(moves)
        if n == 1:
            return moves[0]
        bits = self.bits
        if bits is None or not n:
            return self.rng.choice(moves)
        k = n.bit_length()  # rng._randbelow(n), as interpreter/draws.py says
        r = bits(k)
        while r >= n:
            r = bits(k)
        return moves[r]


class HeuristicBot:
    """Scores each legal move by the preferences, in order (the first decides, the next breaks ties)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.g = None
        self.scorers: list = []  # per move: its choices' names and (place in the key, score) of its preferences
        self.zeros: list = []  # a key with every preference at 0

    def choose(self, s: State, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        if self.g is not s.g:
            self.g = s.g
            self.scorers = [(m.choice_names, [(i, p.score) for i, p in enumerate(s.g.bot) if p.move in (None, index)])
                            for index, m in enumerate(s.g.moves)]
            self.zeros = [0.0] * len(s.g.bot)
        renew(s)
        program = s.g.program
        try:
            if program is not None:  # the game's generated module (dsl/codegen.py): its key functions
                prefer = program.prefer
                keys = [prefer[index](s, values) for index, values in moves]
            else:
                keys = [self._key(s, move) for move in moves]
        except RULE_FAILURES as exc:  # the rule file's preference, not the bot, fails: say which, and where
            raise self._failure(s, moves, exc) from None
        best: list[Move] = []
        best_key = None
        for move, key in zip(moves, keys):
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _key(self, s: State, move: Move) -> tuple:
        """The move's score by each preference, in order (0 from a preference about another move), by
        the preferences' closures."""
        index, values = move
        names, scores = self.scorers[index]
        env = dict(zip(names, values))
        key = self.zeros.copy()
        for i, score in scores:  # in the preferences' order, as they are written
            key[i] = float(score(s, env))
        return tuple(key)

    def _failure(self, s: State, moves: list[Move], exc: BaseException) -> PlayError:
        """The first preference that fails on one of these moves, as an error of the rule file."""
        g = s.g
        renew(s)
        for index, values in moves:
            env = dict(zip(g.moves[index].choice_names, values))
            for p in g.bot:
                if p.move not in (None, index):
                    continue
                try:
                    float(p.score(s, env))
                except RULE_FAILURES as again:
                    return PlayError.of(p.where or g.source, f"the bot preference for `{g.moves[index].name}`",
                                        again, PREFERENCE_HINT)
        return PlayError.of(g.source, "a bot preference", exc, PREFERENCE_HINT)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int):
    return BOTS[kind](draws.seeded(f"kural-bots/{kind}/{seed}"))  # random.Random of that text
