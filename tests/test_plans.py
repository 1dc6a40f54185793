"""The heuristic bot's plans within a turn (interpreter/plans.py), in Kanasta (RULES.md §3a, §3b).

A Kanasta turn is several moves by one seat (C2: draw or take, then melds and lay-offs, then a
discard). The guarantees shown here: the bots never take back an opening they laid in the same turn
(C8: pending melds are taken back before the discard when they fall short: a plan that needs it is
not played); a plan reads only what the seat sees (shuffling the cards it cannot see changes no
choice); the same seed gives the same game.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dsl.loader import load  # noqa: E402
from interpreter.bots import HeuristicBot, make_bot  # noqa: E402
from interpreter.engine import apply, moves_to_play, new_game  # noqa: E402
from interpreter.plans import sight_of  # noqa: E402
from interpreter.record import entry  # noqa: E402

import pytest  # noqa: E402

CONFIGS = [((), 4), (("351",), 4), (("351",), 2)]  # the 5200 game, and the 351 game with 4 and 2 players
_GAMES: dict = {}


def kanasta(variants: tuple, players: int):
    key = (variants, players)
    if key not in _GAMES:
        _GAMES[key] = load("canasta", list(variants), players=players)
    return _GAMES[key]


def heuristic_game(g, seed: int, moves: int):
    """Heuristic bots at every seat, seeded as `kural simulate` seeds them; at most `moves` moves.
    Yields (state before the move, the move) for every move played."""
    s = new_game(g, seed)
    bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(g.players)]
    while not s.over and len(s.history) < moves:
        move = bots[s.me].choose(s, moves_to_play(s))
        yield s, move
        apply(s, move)


@pytest.mark.parametrize("variants,players", CONFIGS)
def test_the_bots_never_take_back_an_opening_they_laid(variants, players):
    """C8: melds laid before opening are pending and are taken back when they fall short; the bot
    plans the turn, so it lays an opening only when the turn reaches the minimum. Over whole hands of
    many seeds, no bot ever plays `take_back` (pending melds are always this turn's: the discard is
    refused while any are pending), and the bots do open (the test is not met by never melding)."""
    g = kanasta(variants, players)
    take_back, meld = g.move("take_back").index, g.move("meld").index
    taken_back = melds = 0
    for seed in range(1, 9):
        for _, move in heuristic_game(g, seed, 700):
            taken_back += move[0] == take_back
            melds += move[0] == meld
    assert taken_back == 0
    assert melds > 50


def shuffled_unseen(s, seat: int, rng: random.Random):
    """A copy of s where every card `seat` cannot see (another's hand, the stock, the fi packets) is
    dealt again at random into those places, each keeping its count; what it sees stays, and the
    discard pile stays whole (the seat saw each card of it discarded)."""
    g = s.g
    t = s.copy()
    whole, tops = sight_of(g, seat)
    kept = set(whole) | set(tops)
    hidden = [zid for zid in range(g.zone_count) if zid not in kept]
    pool = [c for zid in hidden for c in t.zones[zid]]
    rng.shuffle(pool)
    for zid in hidden:
        n = len(t.zones[zid])
        t.zones[zid], pool = pool[:n], pool[n:]
        for c in t.zones[zid]:
            t.where[c] = zid
    return t


@pytest.mark.parametrize("variants,players", CONFIGS)
def test_a_plan_does_not_peek(variants, players):
    """No peeking (issue 14): the heuristic bot decides from what its seat sees. At every position of
    a few games, a bot seeded alike chooses the same move, and draws the same ties, when the cards the
    seat cannot see are dealt again among the places it cannot see into. Its plans stop at the first
    card they would show it (a draw, a fi taken into the hand), so no plan reads one."""
    g = kanasta(variants, players)
    rng = random.Random(7)
    positions = planned = 0
    for seed in (3, 4):
        for s, _ in heuristic_game(g, seed, 300):
            moves = moves_to_play(s)
            if len(moves) < 2:
                continue
            other = shuffled_unseen(s, s.me, rng)
            assert [other.zones[z] for z in sight_of(g, s.me)[0]] == [s.zones[z] for z in sight_of(g, s.me)[0]]
            real, again = HeuristicBot(random.Random(seed)), HeuristicBot(random.Random(seed))
            chosen = real.choose(s, moves)
            assert again.choose(other, moves_to_play(other)) == chosen, (seed, len(s.history))
            assert real.rng.getstate() == again.rng.getstate()
            positions += 1
            planned += bool(real.planner.kept)
    assert positions > 100 and planned > 10  # positions where a plan of several moves was kept


def test_the_same_seed_gives_the_same_game():
    """Everything random takes a seed: the plans draw their ties from the bot's own seeded generator,
    so two runs of the same seed play the same moves."""
    g = kanasta((), 4)
    runs = [[entry(g, s.me, move) for s, move in heuristic_game(g, 5, 600)] for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) == 600


def test_a_turn_of_one_move_is_not_planned():
    """A move that ends the turn (`next: end`) is the preferences' own choice, with no copy played
    out: in a game whose every move ends the turn, the bot keeps no plan."""
    g = load("fantan")
    s = new_game(g, 1)
    bot = make_bot("heuristic", 1)
    for _ in range(40):
        apply(s, bot.choose(s, moves_to_play(s)) if s.me == 0 else moves_to_play(s)[0])
        assert not bot.planner.kept
