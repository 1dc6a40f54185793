"""Plans within a turn, for the heuristic bot: where one turn is several moves by the same seat.

Played one move at a time, the preferences can start what the turn cannot finish: lay melds that a
later check refuses, then take them back, showing the table the cards. So where the move the
preferences like best lets the turn go on (its `next` is not `end`) and lays a card of the seat's hand
(its choices name one: a move that lays none has nothing to take back, and the moves after it are
planned as they come), the bot plays the rest of its turn out on a copy of the position, by the same
preferences, before it moves. A plan that puts back into the seat's hand a card it laid from it (a
take-back, an undo; not the next deal, when the plan ends the hand) is a plan to avoid: the bot tries
instead the best move of each other kind (and the next best of the same kind), each played out the
same way, and plays the first in the preferences' order whose plan undoes nothing. The moves of the
plan chosen are kept and played as they come, so a turn is planned once; and the legal moves the plan
found on its way are handed to the engine (state.Cache.ahead), which would otherwise work them out
again when the real game reaches the same positions by the same moves.

No peeking: a plan stops at the first move that shows the seat a card it could not see (a draw, a
packet taken into the hand): what comes after depends on that card, and is planned when the real
card is there. Until then a plan reads only what the seat sees (the preferences and the legal moves
read the same position as in play), so its choice depends on nothing hidden. A plan plays at most
PLAN_MOVES moves and the bot plays out at most PLANS plans a move: the cost is bounded.

Where no plan undoes anything, the bot plays exactly the moves it played without plans, drawing the
same ties from its generator in the same order (each tie of the plan is drawn once, when planned).
"""
from __future__ import annotations

import weakref

from .engine import RoundOver, apply, moves_to_play
from .state import Move, State

PLAN_MOVES = 40  # moves of one plan, at most (a bundled turn that takes a big pile plays about 15)
PLANS = 4  # plans played out for one move, at most: the preferences' own and three others


class Plan:
    """The moves of a plan, first first, whether it takes back into the hand a card it laid, and the legal
    moves it found after each of its moves but the last (legals[i]: after moves[:i + 1])."""

    __slots__ = ("moves", "undoes", "legals")

    def __init__(self, moves: list[Move], undoes: bool, legals: list[list[Move]]):
        self.moves = moves
        self.undoes = undoes
        self.legals = legals


class Foreseen:
    """The legal moves of the positions a kept plan reaches, for the engine (state.Cache.ahead): the real
    game reaches them by the same moves from the same position, so they need not be worked out again."""

    __slots__ = ("start", "played", "legals")

    def __init__(self, s: State, plan: Plan):
        self.start = len(s.history)
        self.played = [(s.me, move) for move in plan.moves[:len(plan.legals)]]  # as s.history will have them
        self.legals = plan.legals

    def __call__(self, s: State) -> list[Move] | None:
        start = self.start
        n = len(s.history) - start
        if 0 < n <= len(self.legals) and s.history[start:] == self.played[:n]:
            return self.legals[n - 1]
        return None


class Planner:
    """The plans of one bot: played out for a move that lets the turn go on, kept while they hold."""

    def __init__(self, bot):
        # the HeuristicBot, whose `prefer` chooses every move of a plan: held weakly, as the bot holds its
        # planner, so that a game's bots (and the position a plan was kept for) are freed when the game is,
        # not left in a cycle for the collector (issue 36)
        self.bot = weakref.proxy(bot)
        self.sight_game = None  # the game of `sights`
        self.sights: dict = {}  # seat -> the zone instances the seat sees (all of it, or the top)
        self.kept: list[Move] = []  # the rest of the plan being played
        self.kept_for: tuple = ()  # (state, moves played, seat) where its next move is to be played

    # ------------------------------------------------------------ following the plan chosen
    def next_move(self, s: State, moves: list[Move]) -> Move | None:
        """The plan's next move, if this is the position it was planned for and the move is legal here."""
        kept = self.kept
        if not kept:
            return None
        state, played, seat = self.kept_for
        if state is not s or played != len(s.history) or seat != s.me or kept[0] not in moves:
            self.kept = []
            return None
        move = kept.pop(0)
        self.kept_for = (s, played + 1, seat)
        return move

    def _keep(self, s: State, plan: Plan) -> Move:
        self.kept = plan.moves[1:]
        self.kept_for = (s, len(s.history) + 1, s.me)
        s.cache.ahead = Foreseen(s, plan) if plan.legals else None
        return plan.moves[0]

    # ------------------------------------------------------------ choosing a plan
    def choose(self, s: State, moves: list[Move], first: Move, keys: list) -> Move:
        """`first` (the preferences' move) if its plan undoes nothing, else the best other move whose
        plan undoes nothing, else `first`. `keys`: the moves' keys the preferences worked out choosing
        `first` (None where they did not), which the candidates need again."""
        if not self.takes_from_hand(s, first):
            return first  # nothing it lays can be taken back: the moves after it are planned as they come
        own = self.play_out(s, first)
        if not own.undoes:
            return self._keep(s, own)
        for move in self.candidates(s, moves, first, keys):
            plan = self.play_out(s, move)
            if not plan.undoes:
                return self._keep(s, plan)
        return self._keep(s, own)

    def candidates(self, s: State, moves: list[Move], first: Move, keys: list) -> list[Move]:
        """The other moves worth a plan, best first by the preferences: the best of each other kind of
        move, and the next best of first's kind; at most PLANS - 1. (The next best of first's kind is
        what finds an opening that needs other melds than the preferences' first ones.) The keys known
        are not worked out again: a key depends on the position and the move alone."""
        kinds: dict[int, list[int]] = {}  # move index -> the places in `moves` of the others of that kind
        for i, move in enumerate(moves):
            if move != first:
                kinds.setdefault(move[0], []).append(i)
        best = []
        for places in kinds.values():
            same, known = [moves[i] for i in places], [keys[i] for i in places]
            move = self.bot.best_of(s, same, known)  # (fills `known` in)
            best.append((move, known[same.index(move)]))
        best.sort(key=lambda pair: self.bot.key_of(s, *pair), reverse=True)  # stable: the moves' order on a tie
        return [move for move, _ in best[:PLANS - 1]]

    def play_out(self, s: State, first: Move) -> Plan:
        """The rest of the turn from `first`, by the preferences, on a copy of s."""
        g, seat = s.g, s.me
        if g.moves[first[0]].next_step == "end":
            # the plan is that move alone, whatever it does: no copy is played (the first move of a plan
            # cannot take back, as nothing was laid before it; a discard is most candidates of this kind)
            return Plan([first], False, [])
        t = s.copy(waiting=True)  # (s waits for the plan: it draws nothing meanwhile)
        t.planned = True  # (a move that ends the round stops there: the plan ends with it, see below)
        hand = g.hand_zone_id + seat
        held = set(t.zones[hand])  # the cards in the seat's hand at the start
        out: set = set()  # those of them that left it during the plan
        sight = self._sight(g, seat)
        rounds = t.rounds_played
        moves = [first]
        legals: list[list[Move]] = []
        move = first
        undoes = False
        while True:
            try:
                apply(t, move)
            except RoundOver:  # its score and the next deal are nobody's to see: t is left as it is
                break
            if t.over or t.rounds_played != rounds:
                break  # the plan ends the round: the hand dealt next holds no card the plan took back
            now = set(t.zones[hand])
            if out & now:
                undoes = True
                break
            out |= held - now
            if (g.moves[move[0]].next_step == "end" or t.me != seat
                    or len(moves) >= PLAN_MOVES or self._in_sight(s, t, sight)):
                break  # the turn is over, the budget spent, or a card it could not see is in sight
            move = self.bot.prefer(t, moves_to_play(t))
            legals.append(t.cache.legal)  # the list moves_to_play keeps (it gave a copy)
            moves.append(move)
        return Plan(moves, undoes, legals)

    @staticmethod
    def takes_from_hand(s: State, move: Move) -> bool:
        """Whether the move's choices name a card of the seat's hand (a meld, a lay-off, a discard): only
        such a move can start what a take-back undoes. (A choice that is a number, not a card, may read as
        one: then the move is planned for nothing, which changes no choice.)"""
        where, hand, size = s.where, s.g.hand_zone_id + s.me, s.g.deck.size
        for value in move[1]:
            cards = value if isinstance(value, (list, tuple)) else (value,)
            for c in cards:
                if type(c) is int and 0 <= c < size and where[c] == hand:
                    return True
        return False

    # ------------------------------------------------------------ what the seat sees
    def _sight(self, g, seat: int) -> tuple[list[int], list[int], list[int]]:
        """The zone instances whose cards the seat sees, and those it sees the top card of (view.py's rules)."""
        if self.sight_game is not g:
            self.sight_game, self.sights = g, {}
        sight = self.sights.get(seat)
        if sight is None:
            sight = self.sights[seat] = sight_of(g, seat)
        return sight

    @classmethod
    def _in_sight(cls, s: State, t: State, sight: tuple) -> bool:
        """Whether t, played on from s, shows the seat a card it could not see in s. Such a card comes from
        a zone the seat does not see whole: while every one of those is as it was, none has."""
        theirs, ours = t.zones, s.zones
        for zid in sight[2]:  # (a loop, not all() of a generator: this is asked after every move of a plan)
            if theirs[zid] != ours[zid]:
                return not cls._seen(t, sight) <= cls._seen(s, sight)
        return False

    @staticmethod
    def _seen(s: State, sight: tuple) -> set:
        whole, tops, _ = sight
        zones = s.zones
        seen = {c for zid in whole for c in zones[zid]}
        seen.update(zones[zid][-1] for zid in tops if zones[zid])
        return seen


def sight_of(g, seat: int) -> tuple[list[int], list[int], list[int]]:
    """The instances of every zone that `seat` sees whole, those it sees the top of, and every one it does
    not see whole (those and the hidden ones), as interpreter/view.py shows them."""
    whole: list[int] = []
    tops: list[int] = []
    apart: list[int] = []
    for z in g.zones:
        owners = range(len(g.teams)) if z.per_team else range(g.players) if z.per_seat else [None]
        for owner in owners:
            mine = owner == (g.team_of[seat] if z.per_team else seat)
            ids = g.owner_ids(z, owner)
            if z.visible == "all" or (z.visible == "owner" and mine):
                whole.extend(ids)
            else:
                apart.extend(ids)
                if z.visible == "top":
                    tops.extend(ids)
    return whole, tops, apart
