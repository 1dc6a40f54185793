"""Bots: a random one, and a heuristic one that follows the rule file's `bot:` preferences."""
from __future__ import annotations

import random
from itertools import compress, repeat
from operator import eq, itemgetter

from . import draws
from .arguments import bot_kind
from .budget import renew
from .errors import RULE_FAILURES, PlayError
from .messages import Msg
from .state import Move, State

PREFERENCE_HINT = Msg("preference_hint")


_FEW = 64  # up to this many legal moves (every bundled game's common case) a choice's bit length is looked up
_BIT_LENGTH = [n.bit_length() for n in range(_FEW)]


class RandomBot:
    """Picks uniformly among the legal moves (draws nothing when there is one)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.bits = rng.getrandbits if draws.written_out(rng) else None  # rng.choice's draws, written out

    def choose(self, s: State, moves: list[Move], _bit_length=_BIT_LENGTH) -> Move:
        n = len(moves)
        if n == 1:
            return moves[0]
        bits = self.bits
        if bits is None or not n:
            return self.rng.choice(moves)
        k = _bit_length[n] if n < _FEW else n.bit_length()  # rng._randbelow(n), as interpreter/draws.py says
        r = bits(k)
        while r >= n:
            r = bits(k)
        return moves[r]


def play_out(s: State, bots: list) -> None:
    """Play on until the game is over, bots[seat] choosing each seat's moves: the same moves, so the
    same game, as `apply(s, bots[s.me].choose(s, legal(s)))` in a loop (interpreter/game.py).

    Where every seat is a random bot (`kural simulate --bots random`, the benchmarks), the loop is
    written out: the generated module's legal moves and plays called directly, and the draw of
    RandomBot.choose made here, the same draw from the same generator; none of the calls that a
    move from outside the engine goes through (the facade's checks, its copy of the list)."""
    from .engine import apply, moves_to_play, no_move  # here: `kural --help` need not load the engine
    program = s.g.program
    draws = [bot.bits for bot in bots] if all(type(bot) is RandomBot for bot in bots) else None
    if draws is None or None in draws:
        while not s.over:
            apply(s, bots[s.me].choose(s, moves_to_play(s)))
        return
    moves_of, play, cache, bit_length = program.moves, program.apply, s.cache, _BIT_LENGTH
    while not s.over:  # after every play, the position's legal moves are unknown (cache.legal is None)
        moves = cache.legal = moves_of[s.step](s)  # kept, as moves_to_play keeps them: can(move) reads them
        n = len(moves)
        if n == 1:
            move = moves[0]
        elif n:
            bits = draws[s.me]
            k = bit_length[n] if n < _FEW else n.bit_length()  # RandomBot.choose's draw
            r = bits(k)
            while r >= n:
                r = bits(k)
            move = moves[r]
        else:
            raise no_move(s)
        play[move[0]](s, move)


_KIND = itemgetter(0)  # a move's index: its kind


class HeuristicBot:
    """Scores the legal moves by the preferences, in order: the first decides, the next breaks ties.

    A preference is worked out only for the moves still tied when it is reached: a move's whole key (its
    scores by each preference, 0 for one about another move) is worked out when a preference about it
    is, and never for a move that an earlier preference has put behind. The moves chosen from are the
    same as when every key is worked out (those whose keys are the highest, compared lexicographically);
    a score that is not a number (nan) compares as no number does, and then every key is."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.g = None
        self.about: list = []  # per preference, in order: the moves (their indexes) it speaks of
        from .plans import Planner  # here, not at the top: it imports the engine, which `kural --help` need not load
        self.planner = Planner(self)  # the plans of a turn of several moves

    def choose(self, s: State, moves: list[Move]) -> Move:
        """The move the preferences like best; where it lets the turn go on, the first move of the best
        plan for the rest of the turn (interpreter/plans.py), and then that plan's moves."""
        planned = self.planner.next_move(s, moves) if self.planner.kept else None
        if planned is not None:
            return planned
        if len(moves) == 1:
            return moves[0]
        keys: list = [None] * len(moves)  # what the preferences work out here: a plan's candidates read them again
        move = self.prefer(s, moves, keys)
        if s.g.moves[move[0]].next_step == "end":
            return move
        return self.planner.choose(s, moves, move, keys)

    def prefer(self, s: State, moves: list[Move], keys: list | None = None) -> Move:
        """The move the preferences like best, ties drawn from the bot's generator (no plan). `keys`: the
        moves' keys known at this position (None where not worked out), filled in as they are."""
        if len(moves) == 1:
            return moves[0]
        best = self._ranked(s, moves, keys)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def best_of(self, s: State, moves: list[Move], keys: list | None = None) -> Move:
        """The first of the moves the preferences like best (no draw: a plan's candidate); keys as prefer's."""
        return moves[0] if len(moves) == 1 else self._ranked(s, moves, keys)[0]

    def key_of(self, s: State, move: Move, known: tuple | None = None) -> tuple:
        """The move's whole key: its score by each preference, in order (`known`, if this position worked it out)."""
        if known is not None:
            return known
        renew(s)
        try:
            return s.g.program.prefer[move[0]](s, move[1])
        except RULE_FAILURES as exc:
            raise self._failure(s, [move], exc) from None

    def _ranked(self, s: State, moves: list[Move], keys: list | None = None) -> list[Move]:
        """The moves the preferences like best, in their order (keys as prefer's)."""
        if self.g is not s.g:
            self._learn(s.g)
        renew(s)
        try:  # the game's generated module (dsl/backend/moves.py preferences): a failing preference names itself
            return self._best(s, moves, s.g.program.prefer, keys)
        except RULE_FAILURES as exc:  # the rule file's preference, not the bot, fails: say which, and where
            raise self._failure(s, moves, exc) from None

    def _learn(self, g) -> None:
        self.g = g
        self.about = [frozenset(range(len(g.moves))) if p.move is None else frozenset([p.move]) for p in g.bot]

    def _best(self, s: State, moves: list[Move], keys_of: list, keys: list | None = None) -> list[Move]:
        """The moves whose keys are the highest, in their order, keys worked out as the preferences need
        them (keys_of: per move, the function of an option's key; keys: those known, filled in here)."""
        if keys is None:
            keys = [None] * len(moves)
        tied = range(len(moves))
        kinds = set(map(_KIND, moves))  # the moves still tied, by index
        for place, about in enumerate(self.about):
            if about.isdisjoint(kinds):  # about none of them: 0 for each, which changes nothing
                continue
            row = []
            for i in tied:
                index, values = moves[i]
                if index in about:
                    key = keys[i]
                    if key is None:
                        key = keys[i] = keys_of[index](s, values)
                    row.append(key[place])
                else:  # a preference about another move: 0
                    row.append(0.0)
            total = sum(row)
            if total != total:  # a nan (or infinities both ways): compared as every key is, in full
                return self._best_of_all(moves, [key if key is not None else keys_of[move[0]](s, move[1])
                                                 for move, key in zip(moves, keys)])
            top = max(row)
            n = row.count(top)
            if n < len(row):
                if n == 1:  # (no nan here: the first equal to the top is the one)
                    return [moves[tied[row.index(top)]]]
                tied = list(compress(tied, map(eq, row, repeat(top))))  # (no comprehension's frame)
                kinds = set(map(_KIND, map(moves.__getitem__, tied)))
        return list(map(moves.__getitem__, tied))

    @staticmethod
    def _best_of_all(moves: list[Move], keys: list) -> list[Move]:
        """The moves of the highest key, every key compared as a tuple, in the moves' order."""
        best: list[Move] = []
        best_key = None
        for move, key in zip(moves, keys):
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best

    @staticmethod
    def _failure(s: State, moves: list[Move], exc: BaseException) -> PlayError:
        """A failure of the bot's own around the preferences (each preference names itself where it fails)."""
        return PlayError.of(s.g.source, Msg("a_preference"), exc, PREFERENCE_HINT)


def search_bot(rng: random.Random, think=None):
    """The search bot (interpreter/search.py, which builds on the heuristic bot: imported here, when asked)."""
    from .search import SearchBot, budget_of
    return SearchBot(rng, **budget_of(think))


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}  # the bots with no budget a move: a heuristic plan is bounded by plans.py
KINDS = {**BOTS, "search": search_bot}  # every kind a command offers: these and the ones that search
THINKING = {"search"}  # the kinds that take a budget per move (--think)


SEAT_STRIDE = 64  # a game's bots are seeded (game seed) * SEAT_STRIDE + seat; more seats than this share nothing else


def make_bot(kind: str, seed: int, think: str | None = None):
    """A bot of that kind seeded from `seed`; `think` is the search bot's budget (`200`, `0.5s`), else ignored."""
    bot_kind(kind, KNOWN)  # a kind kural does not have is the caller's error, said as such
    return _made(kind, seed, think)


def _made(kind: str, seed: int, think: str | None):
    """make_bot for a kind known to be one of KINDS."""
    rng = draws.seeded(f"kural-bots/{kind}/{seed}")  # random.Random of that text
    return KINDS[kind](rng, think) if kind in THINKING else KINDS[kind](rng)


KNOWN = list(KINDS)  # the kinds, as bot_kind's errors list them


def seat_bots(kinds: list[str], seed: int, think: str | None = None) -> list:
    """The bots of one game dealt from `seed`, one per seat of the given kinds, each seeded from the game's
    seed and its seat: the same game gets the same bots (kural simulate, the Python API). (The kinds are
    checked once, not once a seat: `kural simulate` makes a game's bots for every game.)"""
    for kind in kinds:
        bot_kind(kind, KNOWN)
    base = seed * SEAT_STRIDE
    return [_made(kind, base + seat, think) for seat, kind in enumerate(kinds)]
