"""The search bot: determinized Monte Carlo tree search over what one seat may see.

Information-set MCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012),
the single-observer kind: one tree for the seat to move, whose nodes are moves (cards compared by face,
so the same move in two determinizations is one node). Each iteration

1. deals a determinization: the cards this seat cannot see, redealt at random among the places it cannot
   see into, each place keeping its count; every card it sees (its own, the table's, the tops shown)
   stays where it is, and so does every card it knows from watching the round (Memory: a card shown,
   laid, discarded or picked up, followed where the moves took it), and no card goes into a hand that a
   forced move of that seat showed it did not hold. Among such deals it favours those that explain the
   other seats' past moves: a few Metropolis steps on the memory's guess before each determinization,
   weighed by the likelihood that each of those seats played what its preferences put first (Memory.wander).
   It is built from the seat's views and the moves the table saw only, never from the hidden zones, so
   what the bot does cannot depend on a card it may not see;
2. walks down the tree by UCB1 among the moves legal in this determinization, for the seat's own side
   (its seat, or its team where the result is per team); another side plays there as its preferences
   would, the way the memory takes the others to play, and gets no node. It adds one new move of its own
   side, the one the rule file's `bot:` preferences like best. With
   at most PAIRED_MOST moves at the root, every root move is played on the same determinization (one
   iteration each), so the moves are compared on the same deals and the luck of a deal cancels out; and
   the budget goes by sequential halving (after each part of it the worse half of the root moves is
   dropped), so the playouts go where they tell the best moves apart;
3. plays on with the heuristic bot for every seat (the preferences, and its plans of a turn of several
   moves: the players a playout imagines play as the heuristic bot does), to the end of the round or at
   most PLAYOUT_MOVES moves, and scores the result: where the game is over, mostly 1 shared among the
   winners (seats, or teams where the result is per team), partly the score's place among the scores
   (outcome); where the game goes on past the round (to a target), the margin by which the unit's score
   leads or trails the best other one, placed between the lowest and highest margins of this choice's
   playouts (Scale). Cut short within a round, the round is scored as if it ended there (the rule file's
   round_result), so the points laid so far count;
4. adds the reward to every move on the path, for the seat (or team) that chose it.

It plays the root move of the best mean reward where the root moves were paired, else the one seen most
often; the preferences' own pick at the root has a bonus that fades as it is tried (progressive bias), so
the search plays another move only where its playouts find it better. It knows no game: the facade
(legal, apply, result, view), the flow's round scoring and the preferences are all it reads. Its budget is
a number of iterations, and within them of legal moves weighed by its playouts (the memory's walk is
bounded apart: WANDER steps a determinization, SETTLE a choice, and WALK_MOST times the playouts' legal
moves; counted in the same budget, it left a late choice, whose past is long, a tenth of its playouts),
so the same seed and moves give the same choice; a time budget is offered too, and is not reproducible.
Where a turn is several moves, the search decides its first move and the one that ends it, and the
preferences' plan the moves between where the search agreed with its first; and it weighs only the root
moves whose turn, played out by the preferences (plans.py), takes back nothing it laid, where any does.
"""
from __future__ import annotations

import math
import random
import time

from . import draws
from .bots import HeuristicBot
from .budget import renew
from .engine import apply, moves_to_play, result, score_round
from .errors import RULE_FAILURES, PlayError
from .legal import move_key, refusal
from .plans import sight_of
from .state import NOWHERE, Cache, State
from .view import _instances, view

DEFAULT_ITERATIONS = 1000  # with OPTIONS_PER_ITERATION, a median think under a second a move (benchmarks/bench_search.py)
OPTIONS_PER_ITERATION = 43  # a choice stops early once its iterations have weighed this many legal moves each on
# average (the legal moves of every position they played through: a move's cost grows with them, so where moves
# are cheap more are played, and where they are dear and playouts long fewer; counted, never timed, so reproducible)
PLAYOUT_MOVES = 80  # a playout's moves past the tree, at most: the cost of an iteration is bounded
EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
SCORE_WEIGHT = 0.3  # the share of a playout's reward that comes from its score's place (outcome)
PRIOR = 0.3  # the bonus of the preferences' pick at the root, PRIOR / (visits + 1): a fading bias toward it
CONFIDENCE = 1.0  # how many standard errors a root move must beat the preferences' pick by, on the same deals
PAIRED_MOST = 12  # with at most this many root moves, each determinization plays every one of them (paired)
FORCED = 1  # a move played where at most this many were legal is forced: what made the others illegal is learnt
TESTS = 500  # legal-move lookups one update of a seat's memory spends on learning from forced moves, at most
REPAIRS = 4  # rounds of swaps that try to make a move of the history playable on the shadow, at most
NOISE = 0.1  # how often another seat is taken to play a move its preferences do not put first (a person, say)
UNLIKELY = 1e-6  # the likelihood of a guess under which a move another seat played was not legal
WANDER = 3  # swaps of guessed cards proposed before each determinization (Metropolis: kept as they explain)
WALK_MOST = 4  # the memory's walk weighs at most this many times the legal moves the search may weigh, a choice
REMEMBERED = 2000  # likelihoods of one past move kept by what its mover held, at most (the walk comes back to a hand)
SETTLE = 40  # swaps proposed at the start of each choice, after the moves since the last one were followed


class Node:
    """A move in the tree: how often it was chosen, its reward for the seat that chose it, and how often
    it was legal when its parent was reached (ISMCTS's availability, in place of the parent's visits)."""

    __slots__ = ("visits", "reward", "margin", "marginal", "wins", "available", "children", "trail")

    def __init__(self):
        self.visits = 0
        self.reward = 0.0  # the rewards of the playouts that ended the game, summed
        self.margin = 0.0  # the margins of those that ended a round and not the game, summed (Scale places them)
        self.marginal = 0  # how many of those there were
        self.wins = 0.0  # the share of the win alone, summed over the visits: what a hint reports
        self.available = 0
        self.children: dict = {}  # move key -> Node
        self.trail: list[tuple] = []  # a paired root move's (reward, margin) on each determinization, in order

    def mean(self, scale: "Scale") -> float:
        """The mean reward in [0, 1], each margin placed on this choice's scale."""
        return (self.reward + scale.place(self.margin, self.marginal)) / self.visits

    def score(self, scale: "Scale", prior: float = 0.0) -> float:
        """UCB1: the mean reward and a bonus for a move seldom tried where it could have been; and a bias
        toward the preferences' own choice that fades as the move is tried (progressive bias)."""
        return (self.mean(scale) + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)
                + prior / (self.visits + 1))


class Budget:
    """What one choice may spend: iterations and legal moves weighed (counted: reproducible), or seconds."""

    def __init__(self, bot: "SearchBot"):
        self.bot = bot
        self.done = 0  # iterations played
        bot.weighed = 0
        self.most = (bot.iterations, bot.iterations * OPTIONS_PER_ITERATION)
        self.deadline = time.perf_counter() + bot.seconds if bot.seconds is not None else None

    def _now(self) -> tuple:
        return ((self.done, self.bot.weighed) if self.deadline is None
                else (time.perf_counter(),))

    def _most(self) -> tuple:
        return self.most if self.deadline is None else (self.deadline,)

    def goal(self, parts: int) -> tuple:
        """Where to stop a part of what is left, split in `parts` equal parts."""
        return tuple(now + (most - now) / parts for now, most in zip(self._now(), self._most()))

    def reached(self, goal: tuple) -> bool:
        return any(now >= end for now, end in zip(self._now(), goal))

    def spent(self) -> bool:
        return self.done > 0 and self.reached(self._most())


class Scale:
    """The spread of the margins this choice's playouts ended with where they ended a round and not the game
    (a game of several rounds to a target, say): a margin (the unit's score less the best other one) is
    placed between the lowest and the highest seen, so that the points of a round reward a move whatever
    the rule file's scale of points, and a round won by more is worth more than one won by a little. (Who
    leads after the round would say less: far ahead or behind, every move leads or trails alike.)"""

    __slots__ = ("low", "high")

    def __init__(self):
        self.low, self.high = math.inf, -math.inf

    def see(self, margins: list[float]) -> None:
        self.low = min(self.low, *margins)
        self.high = max(self.high, *margins)

    def place(self, total: float, count: int) -> float:
        """`count` margins summing to `total`, each placed in [0, 1] between the lowest and the highest seen,
        summed; the middle for each while they are all the same."""
        if not count:
            return 0.0
        span = self.high - self.low
        return 0.5 * count if span <= 0 else (total - count * self.low) / span

    def value(self, entry: tuple) -> float:
        """A trail's entry as a reward: (reward, None) of a playout that ended the game, else (None, margin)."""
        reward, margin = entry
        return reward if margin is None else self.place(margin, 1)


class SearchBot:
    """Chooses by determinized search within a budget of iterations (or of seconds: not reproducible)."""

    def __init__(self, rng: random.Random, iterations: int | None = None, seconds: float | None = None,
                 playout_moves: int | None = None):
        self.rng = rng
        # None: the module's setting, read now (not when the module loaded: a run may set it, bench_search --search)
        self.iterations = DEFAULT_ITERATIONS if iterations is None else iterations
        self.seconds = seconds
        self.playout_moves = PLAYOUT_MOVES if playout_moves is None else playout_moves
        self.playout = HeuristicBot(rng)  # the preferences, for every seat of a playout and the order of expansion
        self.weighed = 0  # legal moves of the positions this choice's iterations played through so far
        self.prior = HeuristicBot(rng)  # the preferences' own choice at the root, which the search favours
        self.favoured = None  # that choice's key, for this choice
        self.root: Node | None = None  # the last choice's tree, for a hint to read (None: no search was needed)
        self.scale = Scale()  # the margins of this choice's playouts
        self.memories: dict[int, Memory] = {}  # seat -> what it has learnt watching the round (one per seat it plays)
        self.kept: list = []  # the rest of the preferences' plan of this turn, followed where the search agreed
        self.kept_at: tuple = ()  # (moves played, seat, seed) of the position where the next of them is played

    def choose(self, s: State, moves: list) -> tuple:
        self.root = None
        seat, g = s.me, s.g
        seen = self.memories.get(seat)
        if seen is None:
            seen = self.memories[seat] = Memory(seat)
        # all that is read of s: the view, the public counters and the history; at a forced move too, so the
        # memory begins at the seat's first move of the round and misses no move of the others since
        seen.update(s, self.rng)
        if len(moves) == 1:
            return moves[0]
        planned = self._planned(s, moves)
        if planned is not None:
            return planned
        root = Node()
        self.scale = Scale()
        seen.cost, seen.most = 0, WALK_MOST * self.iterations * OPTIONS_PER_ITERATION
        # the preferences' pick, on a determinization (so not even a preference reads a hidden card): a bias
        shown = seen.sample(self.rng, SETTLE)
        first = self.prior.choose(shown, moves)
        plan, self.prior.planner.kept = self.prior.planner.kept, []  # the rest of its turn, as planned there
        self.favoured = move_key(g, first)
        moves = self._taking_back_nothing(shown, moves)
        budget = Budget(self)
        distinct = list({move_key(g, m): m for m in reversed(moves)}.values())[::-1]  # one of twin moves
        paired = len(distinct) <= PAIRED_MOST
        if paired:
            distinct = self._halving(root, seen, g, distinct, budget)
        else:
            while not budget.spent():
                self._iterate(root, seen.sample(self.rng), g)
                budget.done += 1
        self.root = root
        choice = self._best_mean(root, distinct, g) if paired else self._most_visited(root, moves, g)
        self.kept = list(plan) if move_key(g, choice) == self.favoured else []
        self.kept_at = (len(s.history) + 1, seat, s.seed)
        return choice

    def _halving(self, root: Node, seen: "Memory", g, arms: list, budget: "Budget") -> list:
        """Sequential halving (Karnin, Koren and Somekh, 2013) on paired deals: the budget in equal parts over
        log2(moves) rounds; in each round every move still in plays the same determinizations (the luck of
        a deal is the same for each), and after it the better half stays, the preferences' pick always
        among them (the final choice weighs the best against it on the same deals). So the playouts go
        where they tell the best moves apart, not to moves already seen to be worse. The moves left."""
        rounds = max(1, math.ceil(math.log2(len(arms))))
        for r in range(rounds):
            goal = budget.goal(rounds - r)
            while True:
                det = seen.sample(self.rng)
                for move in arms:
                    self._iterate(root, det.copy(), g, move)
                budget.done += len(arms)
                if budget.reached(goal):
                    break
            if r < rounds - 1:
                arms = self._better_half(root, arms, g)
        return arms

    def _better_half(self, root: Node, arms: list, g) -> list:
        """The better half of the moves by their mean reward (the first in their order on a tie), and the
        preferences' pick whatever its mean; in the moves' order."""
        means = {move_key(g, m): root.children[move_key(g, m)].mean(self.scale) for m in arms}
        ranked = sorted(arms, key=lambda m: -means[move_key(g, m)])  # stable
        keep = {move_key(g, m) for m in ranked[:(len(arms) + 1) // 2]} | {self.favoured}
        return [m for m in arms if move_key(g, m) in keep]

    def _taking_back_nothing(self, det: State, moves: list) -> list:
        """The moves whose turn, played out by the preferences on the determinization det (plans.py),
        takes back into the hand nothing it laid (a bot lays an opening only where its plan reaches the
        minimum); all of them where every one would. A playout cannot tell a meld taken back from one never
        laid, though the table has seen its cards: the search is not asked to."""
        planner = self.prior.planner
        kept = [m for m in moves
                if det.g.moves[m[0]].next_step == "end" or not planner.takes_from_hand(det, m)
                or not planner.play_out(det, m).undoes]
        return kept or moves

    def _planned(self, s: State, moves: list):
        """Within a turn of several moves the search decides the turn's first move and the one that ends
        it; where it agreed with the preferences' plan, the moves between are that plan's (planned on a
        determinization, before any card the seat could not see came into sight: the same on every deal)."""
        kept = self.kept
        if not kept:
            return None
        move = kept[0]
        if (self.kept_at != (len(s.history), s.me, s.seed) or move not in moves
                or s.g.moves[move[0]].next_step == "end"):
            self.kept = []
            return None
        kept.pop(0)
        self.kept_at = (len(s.history) + 1, s.me, s.seed)
        return move

    def _best_mean(self, root: Node, moves: list, g) -> tuple:
        """The root move of the highest mean reward, if it beats the preferences' pick on the same deals by
        more than CONFIDENCE standard errors of their paired differences; else that pick: the search plays
        another move only where its playouts find it better, not where their noise does."""
        best, top = None, -math.inf
        for move in moves:
            child = root.children.get(move_key(g, move))
            if child is not None and child.visits and child.mean(self.scale) > top:
                best, top = move, child.mean(self.scale)
        favoured = next((m for m in moves if move_key(g, m) == self.favoured), None)
        if best is None or favoured is None:
            return best if best is not None else moves[0]
        value = self.scale.value
        ahead = [value(a) - value(b) for a, b in zip(root.children[move_key(g, best)].trail,
                                                     root.children[self.favoured].trail)]
        n = len(ahead)
        if n < 2:
            return favoured
        mean = sum(ahead) / n
        spread = math.sqrt(sum((x - mean) ** 2 for x in ahead) / (n - 1) / n)
        return best if mean > CONFIDENCE * spread else favoured

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
        mine = unit_of(g, det.me)
        if first is not None:
            key = move_key(g, first)
            node = root.children.get(key)
            if node is None:
                node = root.children[key] = Node()
            node.available += 1
            path.append((node, unit_of(g, det.me)))
            top = node
            apply(det, first)
            self.weighed += 1
        while not det.over:
            legal = moves_to_play(det)
            self.weighed += len(legal)
            unit = unit_of(g, det.me)
            if unit != mine:  # another side plays as its preferences would, as the memory takes it to: no node
                apply(det, self.playout.prefer(det, legal))
                continue
            keyed = [(move_key(g, m), m) for m in legal]
            for key, _ in keyed:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [m for key, m in keyed if key not in node.children]
            if untried:  # a new node: the move the preferences like best among those not tried yet
                move = self.playout.prefer(det, untried)  # no turn plan: an iteration stays cheap
                child = node.children[move_key(g, move)] = Node()
                child.available = 1
                apply(det, move)
                path.append((child, unit))
                break
            bias = self.favoured if node is root else None
            scale = self.scale
            key, move = max(keyed, key=lambda km: node.children[km[0]].score(scale, PRIOR if km[0] == bias else 0.0))
            node = node.children[key]
            apply(det, move)
            path.append((node, unit))
        rewards, margins, wins = self._playout(det, g)
        if margins is not None:
            self.scale.see(margins)
        for node, unit in path:
            node.visits += 1
            if margins is None:
                node.reward += rewards[unit]
            else:
                node.margin += margins[unit]
                node.marginal += 1
            node.wins += wins[unit]
        if first is not None:
            unit = path[0][1]
            top.trail.append((rewards[unit], None) if margins is None else (None, margins[unit]))

    def _playout(self, det: State, g) -> tuple[list[float] | None, list[float] | None, list[float]]:
        """Play on by the preferences to the end of this round or playout_moves moves; each unit's reward,
        or where the game goes on past this round, each unit's margin (ended), and its share of the win."""
        rounds = det.rounds_played
        bot = self.playout
        for _ in range(self.playout_moves):
            if det.over or det.rounds_played != rounds:
                return ended(g, det)
            legal = moves_to_play(det)
            self.weighed += len(legal)
            apply(det, bot.choose(det, legal))  # as the heuristic bot plays: its turn planned (plans.py)
        if det.over or det.rounds_played != rounds:
            return ended(g, det)
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
    return g.program.prefer[index](s, values)[next(i for i, q in enumerate(g.bot) if q is p)]


def ended(g, det: State) -> tuple[list[float] | None, list[float] | None, list[float]]:
    """A playout's end: where the game is over, each unit's reward by the outcome; where only the round is
    (the game goes on to a target), each unit's margin after it, and the rewards None; the shares of the win."""
    res = result(det)
    rewards, wins = outcome(g, res)
    if not det.over:
        spread = margins_of(res["scores"], res["winners"])
        if spread is not None:
            return None, spread, wins
    return rewards, None, wins


def margins_of(scores: list, winners: list) -> list[float] | None:
    """Each unit's score less the best of the others', read the way the result reads the scores (the more
    the better where the winners hold the highest, the fewer where they hold the lowest); None where the
    scores are not all numbers or say no such thing."""
    places = score_places(scores, winners)
    if places is None:
        return None
    sign = 1.0 if {scores[w] for w in winners} == {max(scores)} else -1.0
    out = []
    for i, x in enumerate(scores):
        others = [sign * y for j, y in enumerate(scores) if j != i]
        out.append(sign * x - max(others) if others else 0.0)
    return out


def cut_short(det: State, g) -> tuple[list[float] | None, list[float] | None, list[float]]:
    """The rewards of a playout stopped within a round: the round scored as if it ended here (its points
    added to the totals), then the result. A rule file need not mean its result or round_result for a
    position mid-round, so where either fails here every unit gets the same reward: nothing is learnt."""
    try:
        if g.round_result is not None:
            score_round(det)
        return ended(g, det)
    except PlayError:
        rewards, wins = even(g)
        return rewards, None, wins


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
        # the moves played, each as it was where every card it chose is in sight now (a card played to a
        # trick: who played it is public, played_by reads it), else none: a card it chose is hidden now
        self.history = [entry if all(c in seen for c in _cards_of(entry[1][1])) else None for entry in s.history]

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
        det.window = t.window  # (who is asked in a window is public)
        det.history = list(self.history)  # (the engine reads how many moves were played; played_by, who played a card in sight)
        det.over, det.aborted = t.over, t.aborted
        det.cache = Cache()
        det.deal, det.deals = [], []  # the deals so far: hidden cards, and only a record reads them
        det.totals, det.sheets = list(t.totals), list(t.sheets)
        det.work = t.work
        det.planned = False
        return det


def _cards_of(values) -> list:
    """The cards (or other values) a move chose: its choices, a list of cards opened."""
    out = []
    for v in values:
        out.extend(v if isinstance(v, (list, tuple)) else [v] if isinstance(v, int) and not isinstance(v, bool) else [])
    return out


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


class Memory:
    """What one seat has learnt by watching the round, kept from one of its choices to the next.

    A shadow position follows the round move by move: a determinization of the position where the memory
    began, then every move of the history played on it. Its public part is the real one (the same moves);
    its hidden cards are a guess, except the known ones: a card the seat has seen (in its view at one of
    its choices, or moved where it sees it), followed as the moves take it on (a card laid, picked up or
    discarded stays known where it went). Where a move of another seat was forced (at most FORCED legal
    moves), each unknown card is put in that seat's hand in turn, and those with which the move would not
    have been legal are cards the seat did not hold (a seat that passed held no card it could play); that
    stands until the seat takes cards the watcher cannot see. A move the shadow cannot play (its guess put
    a card elsewhere) is repaired by swapping guessed cards; one that cannot be repaired starts the memory
    again from the present view. It reads the view at the seat's moves and the history (the moves the
    table saw) and nothing else, so nothing it learns depends on a card the seat may not see.

    It keeps the position before each move of another seat, as its guess has it: a swap of two guessed
    cards is made there too (the guess is then that each was the other from the start, which the moves
    since follow). Its guess is weighed by how well it explains those moves (_term), and the determinizations
    are drawn by Metropolis steps on it (wander, sample), so they lean toward the deals the moves point to.
    """

    def __init__(self, seat: int):
        self.seat = seat
        self.g = None
        self.shadow: State | None = None
        self.known: set[int] = set()  # cards whose place in the shadow is their real place
        self.barred: dict[int, set[int]] = {}  # seat -> cards it does not hold, learnt from its forced moves
        self.synced = 0  # moves of the history the shadow has played
        self.last = None  # the last of them: a history that does not go on from it is another game
        self.slots: list[tuple[int, int]] = []  # (zone id, place) of each unknown hidden card of the shadow
        self.tests = 0  # what is left of this update's TESTS
        self.past: list[tuple[State, int, tuple]] = []  # (the shadow before it, mover, move key) per move of another seat
        self.terms: list[float | None] = []  # the log likelihood of each of those moves under the guess (None: stale)
        self.likelihoods: list[dict] = []  # per past move: its log likelihood by what its mover held (the walk comes back)
        self.judge: HeuristicBot | None = None  # the preferences that weigh a past move (draws nothing)
        self.cost = 0  # legal moves of the past positions weighed since the choice began
        self.most = math.inf  # what the walk may weigh in a choice: past it, a determinization is the guess as it is

    def _layout(self, g) -> None:
        """Which zone instances the seat sees (whole, or the top), and which seat owns each it does not."""
        self.g = g
        whole, tops, _ = sight_of(g, self.seat)
        self.whole, self.tops = set(whole), set(tops)
        self.owner: dict[int, int] = {}
        for z in g.zones:
            if z.per_seat:
                for x in range(g.players):
                    for zid in g.owner_ids(z, x):
                        if zid not in self.whole:
                            self.owner[zid] = x
        self.holds = {x: sorted(zid for zid, o in self.owner.items() if o == x) for x in range(g.players)}
        sights = [sight_of(g, x) for x in range(g.players)]
        self.sight = [set().union(*sight[:2]) for sight in sights]  # what each seat sees of the cards
        # the places a seat sees that this one does not see whole: a guess of them is all that weighs its moves
        # (in order where the seat sees only the top: which card is on top counts, not only which are there)
        self.hidden_seen = [[(zid, zid in tops and zid not in whole) for zid in sorted(seen) if zid not in self.whole]
                            for (whole, tops, _), seen in zip(sights, self.sight)]
        self.judge = HeuristicBot(random.Random(0))
        self.cards_of = [[i for i, c in enumerate(m.choices) if c.of_cards or c.of_card_lists] for m in g.moves]

    def update(self, s: State, rng: random.Random) -> None:
        """Follow the moves played since the last update, then agree with the view of s."""
        if s.g is not self.g:
            self._layout(s.g)
            self.shadow = None
        seen = Seen(s, self.seat)
        history, sh = s.history, self.shadow
        if (sh is None or sh.seed != s.seed or sh.rounds_played != s.rounds_played or self.synced > len(history)
                or (self.synced and history[self.synced - 1] != self.last)
                or not self._follow_all(history[self.synced:], rng) or not self._align(seen)):
            self._start(seen, rng)
        self._settle(s, seen)

    def _start(self, seen: "Seen", rng: random.Random) -> None:
        """Begin again from the present view: a determinization of it; nothing known but what is seen."""
        self.shadow = seen.determinize(rng)
        self.known = {c for _, _, cards in seen.places for c in cards}
        self.barred = {}
        self.past, self.terms, self.likelihoods = [], [], []

    def _settle(self, s: State, seen: "Seen") -> None:
        """The public fields as they are in s (the moves were the same; a var may read a hidden card), and
        the places of the unknown hidden cards."""
        sh = self.shadow
        sh.vars, sh.totals, sh.sheets = list(s.vars), list(s.totals), list(s.sheets)
        sh.me, sh.step, sh.over, sh.aborted = s.me, s.step, s.over, s.aborted
        sh.window = s.window
        sh.cache.clear()
        self.synced = len(s.history)
        self.last = s.history[-1] if s.history else None
        known = self.known
        self.slots = [(zid, place) for zid, hidden, _ in seen.places for place in range(hidden)
                      if sh.zones[zid][place] not in known]

    def _follow_all(self, entries: list, rng: random.Random) -> bool:
        self.tests = TESTS
        for who, move in entries:
            if not self._follow(who, move, rng):
                return False
        return True

    def _follow(self, who: int, move, rng: random.Random) -> bool:
        """Play one move of the history on the shadow, repairing its guess where the move needs it; False
        where the shadow cannot play it."""
        sh = self.shadow
        if sh.over or sh.me != who:
            return False
        rounds = sh.rounds_played
        try:
            named = self._bring(who, move, rng)
            legal = moves_to_play(sh)
            for _ in range(REPAIRS):
                if self._offered(move, legal):
                    break
                self._clear(who, legal, rng)
                legal = moves_to_play(sh)
            else:
                return False
            if who != self.seat and len(legal) <= FORCED:
                self._learn(who, move, named)
            if who != self.seat:
                self._witness(who, move)
            before = sh.where.copy()
            apply(sh, move)
        except RULE_FAILURES:
            return False
        if sh.rounds_played != rounds:
            return False  # a new round: a new deal, seen at the next choice
        self._track(before, named)
        return True

    def _offered(self, move, legal: list) -> bool:
        if move in legal:
            return True
        key = move_key(self.g, move)  # the same cards in another order (a meld), or a twin of a card
        return any(move_key(self.g, m) == key for m in legal)

    def _named(self, move) -> list[int]:
        """The cards a move names."""
        return [c for c, _ in self._sources(move)]

    def _sources(self, move) -> list[tuple[int, int | None]]:
        """The cards a move names, each with the zone its choice takes it from (None: a choice of another
        kind than the cards of a zone, a meld of the hand say)."""
        index, values = move
        m = self.g.moves[index]
        out: list[tuple[int, int | None]] = []
        for i in self.cards_of[index]:
            choice, v = m.choices[i], values[i]
            source = None
            if choice.domain_is_zone:
                renew(self.shadow)
                try:
                    source = self.g.program.domains[index][i](self.shadow, *values[:i])
                except RULE_FAILURES:
                    source = None
            if isinstance(v, int):
                out.append((v, source))
            elif v is not None:
                out.extend((c, source) for c in v)
        return out

    def _bring(self, who: int, move, rng: random.Random) -> list[int]:
        """Every card the move names that the shadow guessed in another place than the one the move takes
        it from (the mover's hidden zones) swapped into it, for a guessed card of the same face there if
        any; the cards named."""
        sh, known, face = self.shadow, self.known, self.g.deck.face
        sources = self._sources(move)
        named = [c for c, _ in sources]
        for c, source in sources:
            zone = sh.where[c]
            targets = [source] if source is not None else self.holds[who]
            if c in known or zone in targets or zone == NOWHERE:
                continue
            mine = [d for zid in targets for d in sh.zones[zid] if d not in known and d not in named]
            if mine:
                twins = [d for d in mine if face[d] == face[c]]
                self._swap(c, twins[0] if twins else mine[rng.randrange(len(mine))])
        return named

    def _clear(self, who: int, legal: list, rng: random.Random) -> None:
        """The move was not offered for what the guess put in the mover's hand (it passed holding a card
        it could play): each guessed card the offered moves name swapped for an unknown card elsewhere."""
        sh = self.shadow
        holds = self.holds[who]
        elsewhere = [d for zid, place in self.slots_now() if zid not in holds
                     for d in [sh.zones[zid][place]] if d not in self.barred.get(who, ())]
        for m in legal:
            for c in self._named(m):
                if sh.where[c] in holds and c not in self.known and elsewhere:
                    self._swap(c, elsewhere.pop(rng.randrange(len(elsewhere))))

    def slots_now(self) -> list[tuple[int, int]]:
        """(zone id, place) of every card of the shadow that is a guess, now."""
        known = self.known
        return [(zid, place) for zid, zone in enumerate(self.shadow.zones)
                for place, c in enumerate(zone) if c not in known]

    def _learn(self, who: int, move, named: list[int]) -> None:
        """A forced move: each unknown card elsewhere put in the mover's hand in turn; those with which the
        move would not have been legal are barred from its hand."""
        sh = self.shadow
        holds = self.holds[who]
        barred = self.barred.setdefault(who, set())
        mine = [d for zid in holds for d in sh.zones[zid] if d not in self.known and d not in named]
        if not mine:
            return
        out = mine[0]  # the card put out of the hand to make room: one the move does not name
        index, values = move
        for zid, place in self.slots_now():
            if self.tests <= 0:
                return
            c = sh.zones[zid][place]
            if zid in holds or c in barred:
                continue
            self.tests -= 1
            exchange(sh, c, out)  # and back below: the past positions need not follow
            renew(sh)
            try:
                refused = refusal(sh, index, values) is not None
            except RULE_FAILURES:
                refused = False
            exchange(sh, c, out)
            if refused:
                barred.add(c)
        sh.cache.clear()

    def _track(self, before: list[int], named: list[int]) -> None:
        """After a move: a card it moved is known where it went if it was known, or named by the move (the
        real card), and else a guess; a seat that took a card unknown to the watcher may now hold any
        card barred from it."""
        where, known = self.shadow.where, self.known
        for c, (was, now) in enumerate(zip(before, where)):
            if was == now:
                continue
            if c in known or c in named:  # (followed: the move took a known card on, or named it)
                known.add(c)
                self.barred.get(self.owner.get(now), set()).discard(c)  # (where it is known, it is not barred)
                continue
            owner = self.owner.get(now)
            if owner is not None:
                self.barred.pop(owner, None)

    def _align(self, seen: "Seen") -> bool:
        """Agree with the present view: every card seen where it is seen (swapped into place where the
        guess put it elsewhere, from a place the watcher cannot see); False where the counts differ."""
        sh = self.shadow
        for zid, hidden, cards in seen.places:
            zone = sh.zones[zid]
            if len(zone) != hidden + len(cards):
                return False
            for i, c in enumerate(cards, hidden):
                if zone[i] != c:
                    d = zone[i]
                    self._swap(c, d)
                    self.known.discard(d)
                self.known.add(c)
        return True

    def _swap(self, c: int, d: int) -> None:
        """Cards c and d change places in the shadow, and in every past position it keeps: the guess is
        that the two were the other's card from the start (a relabelling, which the moves since follow)."""
        exchange(self.shadow, c, d)
        for i, (past, _, _) in enumerate(self.past):
            exchange(past, c, d)
            self.terms[i] = None

    def _witness(self, who: int, move) -> None:
        """Keep the position before another seat's move, to weigh later guesses by how well they explain it."""
        self.past.append((self.shadow.copy(waiting=True), who, move_key(self.g, move)))
        self.terms.append(None)
        self.likelihoods.append({})

    def _term(self, i: int) -> float:
        """The log likelihood of the i-th past move of another seat under the shadow's guess: a seat plays
        one of the moves its preferences put first (ties drawn at random) but for NOISE of the time, when it
        plays any legal move; a move that was not legal is UNLIKELY. Where a legal move does not end the turn
        the bot plans its turn (plans.py), which the preferences alone do not tell: only legality counts."""
        term = self.terms[i]
        if term is not None:
            return term
        past, who, key = self.past[i]
        zones = past.zones
        held = tuple(tuple(zones[zid]) if ordered else frozenset(zones[zid]) for zid, ordered in self.hidden_seen[who])
        term = self.likelihoods[i].get(held)
        if term is not None:
            self.terms[i] = term
            return term
        g = self.g
        past.cache.clear()
        renew(past)
        try:
            legal = moves_to_play(past)
            self.cost += len(legal)
            keys = [move_key(g, m) for m in legal]
            if key not in keys:
                term = math.log(UNLIKELY)
            elif len(legal) == 1 or any(g.moves[m[0]].next_step != "end" for m in legal):
                term = 0.0
            else:
                best = {move_key(g, m) for m in self.judge._ranked(past, legal)}
                term = math.log((1.0 - NOISE) * (key in best) / len(best) + NOISE / len(legal))
        except (PlayError, *RULE_FAILURES):
            term = 0.0  # a position the rule file cannot weigh: nothing is learnt from it
        self.terms[i] = term
        kept = self.likelihoods[i]
        if len(kept) >= REMEMBERED:
            kept.clear()
        kept[held] = term
        return term

    def wander(self, rng: random.Random, steps: int) -> None:
        """Metropolis steps on the guess: two guessed cards of different places swapped, kept with the
        chance that the likelihood of the other seats' past moves allows (always where it rises); never a
        card into a hand it is barred from. Only the past moves of a seat that sees one of the two places
        then are weighed again."""
        slots, sh, past = self.slots, self.shadow, self.past
        n = len(slots)
        if n < 2 or not past:
            return
        owner, barred, sight = self.owner, self.barred, self.sight
        for _ in range(steps):
            if self.cost >= self.most:
                return  # the walk's share of this choice is spent: the guess stays as it is
            (za, pa), (zb, pb) = slots[rng.randrange(n)], slots[rng.randrange(n)]
            if za == zb:
                continue
            c, d = sh.zones[za][pa], sh.zones[zb][pb]
            if d in barred.get(owner.get(za), ()) or c in barred.get(owner.get(zb), ()):
                continue
            touched = [i for i, (p, who, _) in enumerate(past)
                       if p.where[c] in sight[who] or p.where[d] in sight[who]]
            before = [self._term(i) for i in touched]
            self._swap(c, d)
            after = [self._term(i) for i in touched]
            rise = sum(after) - sum(before)
            if rise < 0 and rng.random() >= math.exp(rise):
                self._swap(c, d)  # back, and the terms as they were
                for i, term in zip(touched, before):
                    self.terms[i] = term

    def sample(self, rng: random.Random, steps: int | None = None) -> State:
        """A determinization drawn near the guesses that explain the other seats' moves: the shadow after
        a few Metropolis steps (WANDER, read when called), with the deals to come reseeded."""
        self.wander(rng, WANDER if steps is None else steps)
        det = self.shadow.copy()
        det.rng = draws.seeded(rng.getrandbits(64))
        det.deal, det.deals = [], []
        return det


def exchange(s: State, c: int, d: int) -> None:
    """Cards c and d change places in s."""
    zc, zd = s.where[c], s.where[d]
    a, b = s.zones[zc], s.zones[zd]
    i, j = a.index(c), b.index(d)
    a[i], b[j] = d, c
    s.where[c], s.where[d] = zd, zc
    s.cache.clear()
