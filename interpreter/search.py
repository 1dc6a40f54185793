"""The search bot: determinized Monte Carlo tree search over what one seat may see.

Information-set MCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012),
the single-observer kind: one tree for the seat to move, whose nodes are moves (cards compared by face,
so the same move in two determinizations is one node). Each iteration

1. deals a determinization: the cards this seat cannot see, redealt at random among the places it cannot
   see into, each place keeping its count; every card it sees (its own, the table's, the tops shown)
   stays where it is. It is built from the seat's view (interpreter/view.py) and the public counters
   only, never from the hidden zones, so what the bot does cannot depend on a card it may not see;
2. walks down the tree by UCB1 (each seat maximizes its own reward) among the moves legal in this
   determinization, and adds one new move, the one the rule file's `bot:` preferences like best. With
   at most PAIRED_MOST moves at the root, every root move is played on the same determinization (one
   iteration each), so the moves are compared on the same deals and the luck of a deal cancels out;
3. plays on with the heuristic bot (the preferences) for every seat, to the end of the round or at most
   PLAYOUT_MOVES moves, and scores the result: mostly 1 shared among the winners (seats, or teams where
   the result is per team), partly the score's place among the scores (outcome). Cut short within a
   round, the round is scored as if it ended there (the rule file's round_result), so the points laid
   so far count;
4. adds the reward to every move on the path, for the seat (or team) that chose it.

It plays the root move of the best mean reward where the root moves were paired, else the one seen most
often; the preferences' own pick at the root has a bonus that fades as it is tried (progressive bias), so
the search plays another move only where its playouts find it better. It knows no game: the facade
(legal, apply, result, view), the flow's round scoring and the preferences are all it reads. Its budget is
a number of iterations, so the same seed and moves give the same choice; a time budget is offered too,
and is not reproducible.
"""
from __future__ import annotations

import math
import random
import time

from . import draws
from .bots import HeuristicBot
from .budget import renew
from .engine import _score_round, apply, moves_to_play, result
from .errors import RULE_FAILURES, PlayError
from .legal import move_key
from .state import NOWHERE, Cache, State
from .view import _instances, view

DEFAULT_ITERATIONS = 200  # with MOVES_PER_ITERATION, a median think under a second a move (benchmarks/bench_search.py)
MOVES_PER_ITERATION = 20  # a choice stops early once its iterations have played this many moves each on average:
# where moves are dear and playouts long, the budget is spent by moves (counted, never timed, so reproducible)
PLAYOUT_MOVES = 80  # a playout's moves past the tree, at most: the cost of an iteration is bounded
EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
SCORE_WEIGHT = 0.3  # the share of a playout's reward that comes from its score's place (outcome)
PRIOR = 0.3  # the bonus of the preferences' pick at the root, PRIOR / (visits + 1): a fading bias toward it
PAIRED_MOST = 12  # with at most this many root moves, each determinization plays every one of them (paired)


class Node:
    """A move in the tree: how often it was chosen, its reward for the seat that chose it, and how often
    it was legal when its parent was reached (ISMCTS's availability, in place of the parent's visits)."""

    __slots__ = ("visits", "reward", "wins", "available", "children")

    def __init__(self):
        self.visits = 0
        self.reward = 0.0
        self.wins = 0.0  # the share of the win alone, summed over the visits: what a hint reports
        self.available = 0
        self.children: dict = {}  # move key -> Node

    def score(self, prior: float = 0.0) -> float:
        """UCB1: the mean reward and a bonus for a move seldom tried where it could have been; and a bias
        toward the preferences' own choice that fades as the move is tried (progressive bias)."""
        return (self.reward / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)
                + prior / (self.visits + 1))


class SearchBot:
    """Chooses by determinized search within a budget of iterations (or of seconds: not reproducible)."""

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None,
                 playout_moves: int = PLAYOUT_MOVES):
        self.rng = rng
        self.iterations = iterations
        self.seconds = seconds
        self.playout_moves = playout_moves
        self.playout = HeuristicBot(rng)  # the preferences, for every seat of a playout and the order of expansion
        self.played = 0  # moves played by this choice's iterations so far (tree and playouts)
        self.prior = HeuristicBot(rng)  # the preferences' own choice at the root, which the search favours
        self.favoured = None  # that choice's key, for this choice
        self.root: Node | None = None  # the last choice's tree, for a hint to read (None: no search was needed)

    def choose(self, s: State, moves: list) -> tuple:
        self.root = None
        if len(moves) == 1:
            return moves[0]
        seat, g = s.me, s.g
        seen = Seen(s, seat)  # all that is read of s: the view and the public counters
        root = Node()
        # the preferences' pick, on a determinization (so not even a preference reads a hidden card): a bias
        self.favoured = move_key(g, self.prior.choose(seen.determinize(self.rng), moves))
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done, self.played, most = 0, 0, self.iterations * MOVES_PER_ITERATION
        paired = len(moves) <= PAIRED_MOST
        while done == 0 or (time.perf_counter() < deadline if deadline is not None
                            else done < self.iterations and self.played < most):
            det = seen.determinize(self.rng)
            if paired:  # every root move on this same deal: the luck of the deal is the same for each
                for move in moves:
                    self._iterate(root, det.copy(), g, move)
                done += len(moves)
            else:
                self._iterate(root, det, g)
                done += 1
        self.root = root
        return self._best_mean(root, moves, g) if paired else self._most_visited(root, moves, g)

    def _best_mean(self, root: Node, moves: list, g) -> tuple:
        """The root move of the highest mean reward, the preferences' pick given a fading bonus (PRIOR /
        (visits + 1)): another move is played where the deals find it better by more than that."""
        best, top = moves[0], -math.inf
        for move in moves:
            key = move_key(g, move)
            child = root.children.get(key)
            if child is None or not child.visits:
                continue
            mean = child.reward / child.visits + (PRIOR / (child.visits + 1) if key == self.favoured else 0.0)
            if mean > top:
                best, top = move, mean
        return best

    def searched(self, g, move) -> tuple[int, float] | None:
        """How the last choice's search found a root move: its playouts and its mean share of the win in
        them; None when that choice needed no search (one legal move) or never tried the move."""
        child = self.root.children.get(move_key(g, move)) if self.root is not None else None
        return (child.visits, child.wins / child.visits) if child is not None and child.visits else None

    @staticmethod
    def _most_visited(root: Node, moves: list, g) -> tuple:
        """The legal move seen most often at the root; the first in the moves' order on a tie."""
        best, most = moves[0], -1
        for move in moves:
            child = root.children.get(move_key(g, move))
            if child is not None and child.visits > most:
                best, most = move, child.visits
        return best

    def _iterate(self, root: Node, det: State, g, first=None) -> None:
        """One iteration on a determinization: down the tree, one new node, a playout, the rewards back;
        `first`: the root move to play (paired root moves), else chosen as at every node."""
        path: list[tuple[Node, int]] = []  # (node, the unit that chose its move)
        node = root
        if first is not None:
            key = move_key(g, first)
            node = root.children.get(key)
            if node is None:
                node = root.children[key] = Node()
            node.available += 1
            path.append((node, unit_of(g, det.me)))
            apply(det, first)
        while not det.over:
            legal = moves_to_play(det)
            keyed = [(move_key(g, m), m) for m in legal]
            for key, _ in keyed:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [m for key, m in keyed if key not in node.children]
            unit = unit_of(g, det.me)
            if untried:  # a new node: the move the preferences like best among those not tried yet
                move = self.playout.prefer(det, untried)  # no turn plan: an iteration stays cheap
                child = node.children[move_key(g, move)] = Node()
                child.available = 1
                apply(det, move)
                path.append((child, unit))
                break
            bias = self.favoured if node is root else None
            key, move = max(keyed, key=lambda km: node.children[km[0]].score(PRIOR if km[0] == bias else 0.0))
            node = node.children[key]
            apply(det, move)
            path.append((node, unit))
        self.played += len(path)
        rewards, wins = self._playout(det, g)
        for node, unit in path:
            node.visits += 1
            node.reward += rewards[unit]
            node.wins += wins[unit]

    def _playout(self, det: State, g) -> tuple[list[float], list[float]]:
        """Play on by the preferences to the end of this round or playout_moves moves; each unit's reward
        and its share of the win (outcome)."""
        rounds = det.rounds_played
        bot = self.playout
        for _ in range(self.playout_moves):
            if det.over or det.rounds_played != rounds:
                return outcome(g, result(det))
            apply(det, bot.prefer(det, moves_to_play(det)))  # the preferences alone: a plan would multiply the cost
            self.played += 1
        if det.over or det.rounds_played != rounds:
            return outcome(g, result(det))
        return cut_short(det, g)


def deciding_preference(s: State, moves: list, move):
    """The `bot:` preference that makes the heuristic bot choose `move` among `moves` (the first one that
    puts it alone, or with fewer, at the top of the moves still tied), or None where no preference does
    (every one ties it with the others, or one puts another move above it: the search chose otherwise)."""
    g = s.g
    tied = list(moves)
    for p in g.bot:
        renew(s)
        try:
            scores = [preference_score(g, p, s, m) for m in tied]
        except RULE_FAILURES:  # the bot fails on it too, and says where; a hint just says nothing of it
            return None
        top = max(scores)
        if scores[tied.index(move)] != top:
            return None
        if scores.count(top) < len(tied):
            tied = [m for m, x in zip(tied, scores) if x == top]
            if len(tied) == 1:
                return p
    return None


def preference_score(g, p, s: State, move) -> float:
    """One preference's score of one move: 0 from a preference about another move."""
    index, values = move
    if p.move not in (None, index):
        return 0.0
    return float(p.score(s, dict(zip(g.moves[index].choice_names, values))))


def cut_short(det: State, g) -> tuple[list[float], list[float]]:
    """The rewards of a playout stopped within a round: the round scored as if it ended here (its points
    added to the totals), then the result. A rule file need not mean its result or round_result for a
    position mid-round, so where either fails here every unit gets the same reward: nothing is learnt."""
    try:
        if g.round_result is not None:
            _score_round(det)
        return outcome(g, result(det))
    except PlayError:
        return even(g)


def outcome(g, res: dict) -> tuple[list[float], list[float]]:
    """Each unit's reward in [0, 1], and its share of the win (1 shared among the winners, seats or teams as
    the result is worked out). The reward is mostly that share, and SCORE_WEIGHT of it comes from the
    unit's score placed between the lowest and the highest, read the way the result reads it (higher is
    better where the winners hold the highest score, lower where they hold the lowest): a playout lost by
    a little is worth more than one lost by a lot, which tells moves apart in fewer playouts."""
    winners = res["winners"]
    if not winners:
        return even(g)
    n = g.span(g.result.per)
    wins = [0.0] * n
    for w in winners:
        wins[w] = 1.0 / len(winners)
    places = score_places(res["scores"], winners) or [0.5] * n  # no order of the scores: the middle for each
    return [(1.0 - SCORE_WEIGHT) * w + SCORE_WEIGHT * place for w, place in zip(wins, places)], wins


def score_places(scores: list, winners: list) -> list[float] | None:
    """Each score's place from 0 (the worst) to 1 (the best), the best being the winners' side; None where
    the scores are not all numbers, are all equal, or the winners hold neither the highest nor the lowest."""
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores):
        return None
    low, high = min(scores), max(scores)
    if low == high:
        return None
    won = {scores[w] for w in winners}
    if won == {high}:
        return [(x - low) / (high - low) for x in scores]
    if won == {low}:
        return [(high - x) / (high - low) for x in scores]
    return None


def even(g) -> tuple[list[float], list[float]]:
    """Every unit the same reward and share of the win: nothing is learnt."""
    n = g.span(g.result.per)
    return [1.0 / n] * n, [1.0 / n] * n


def unit_of(g, seat: int) -> int:
    """Whose reward a seat's move counts: its own, or its team's where the result is per team."""
    return g.team_of[seat] if g.result.per == "team" else seat


class Seen:
    """What one seat knows of a position: every zone instance's count, the cards of it the seat sees
    (its view), and the public counters. A determinization is built from this alone."""

    def __init__(self, s: State, seat: int):
        g = self.g = s.g
        self.template = s  # read below for its public fields only (vars, flow position, totals), never zones
        shown = view(s, seat)["zones"]
        self.places: list[tuple[int, int, list[int]]] = []  # (zone id, hidden count, the cards seen, bottom first)
        seen: set[int] = set()
        for zid, zv in zip(zone_ids(g, s), shown):
            cards = zv.cards or []
            self.places.append((zid, zv.count - len(cards), cards))
            seen.update(cards)
        self.unseen = [c for c in range(g.deck.size) if c not in seen]  # in card order: nothing of where they are
        self.moves_played = len(s.history)

    def determinize(self, rng: random.Random) -> State:
        """A position consistent with what the seat sees: the unseen cards shuffled into the hidden places."""
        g, t = self.g, self.template
        det = State.__new__(State)
        det.g, det.seed = g, t.seed
        det.rng = draws.seeded(rng.getrandbits(64))  # the deals to come are not known either
        pool = self.unseen[:]
        draws.shuffle(rng, pool)
        det.zones = [[] for _ in range(g.zone_count)]
        det.where = [NOWHERE] * g.deck.size + [NOWHERE]
        for zid, hidden, cards in self.places:
            zone = det.zones[zid] = pool[len(pool) - hidden:] + cards if hidden else list(cards)
            if hidden:
                del pool[len(pool) - hidden:]
            for c in zone:
                det.where[c] = zid
        det.vars = list(t.vars)  # every var is in the view
        det.me, det.step, det.rounds_played = t.me, t.step, t.rounds_played
        det.history = [None] * self.moves_played  # the engine reads only how many moves were played
        det.over, det.aborted = t.over, t.aborted
        det.cache = Cache()
        det.deal, det.deals = [], []  # the deals so far: hidden cards, and only a record reads them
        det.totals, det.sheets = list(t.totals), list(t.sheets)
        det.work = t.work
        return det


def zone_ids(g, s: State) -> list[int]:
    """The zone instance of each entry of view(s, seat)["zones"], in the same order (view.py's walk)."""
    ids: list[int] = []
    for z in g.zones:
        owners = range(len(g.teams)) if z.per_team else range(g.players) if z.per_seat else [None]
        for owner in owners:
            ids.extend(_instances(g, z, owner, s))
    return ids


MAX_ITERATIONS = 1_000_000  # a budget asked for on the command line, at most
MAX_SECONDS = 3600.0


def budget_of(think) -> dict:
    """`--think`: a number of iterations (`200`), or seconds (`0.5s`: not reproducible); None: the default.
    ValueError, in the caller's words, when it is neither (or not a positive bounded amount)."""
    if think is None:
        return {}
    text = str(think).strip().lower()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if 0 < seconds <= MAX_SECONDS:
                return {"seconds": seconds}
        else:
            iterations = int(text)
            if 0 < iterations <= MAX_ITERATIONS:
                return {"iterations": iterations}
    except ValueError:
        pass
    raise ValueError(think)
