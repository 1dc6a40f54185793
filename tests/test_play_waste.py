"""What playing Kanasta with heuristic bots leaves behind, or raises and catches, for nothing (issue 36: the same
games, cheaper). A bot and its planner (with the position a plan was kept for) are freed when the game's
bots are dropped, and the meld search's helpers make no cycle: none of them waits for a collection, which
the library never forces nor tunes (it does not touch the process's GC settings). Laying a meld raises
nothing on the way.
"""
from __future__ import annotations

import gc
import sys
import weakref

import pytest

from kural.dsl.loader import load
from kural.interpreter import melds
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import apply, moves_to_play, new_game


@pytest.fixture
def no_collector():
    """The collector off for the test (the test's own setting, restored): what is freed is freed by counts
    of references."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def test_a_heuristic_bot_and_its_plans_are_freed_with_the_game(no_collector):
    """Issue 36: bots that planned turns (C2: a turn of several moves; C8: plans that take nothing back)
    are freed, with the position their plan was kept for, as soon as nothing holds them."""
    g = load("canasta", [], players=4)
    s = new_game(g, 3)
    bots = [make_bot("heuristic", 3 * 64 + seat) for seat in range(g.players)]
    planned = False
    while not s.over and len(s.history) < 120:
        apply(s, bots[s.me].choose(s, moves_to_play(s)))
        planned = planned or any(bot.planner.kept for bot in bots)
    assert planned  # (the test is not met by bots that never kept a plan)
    gone = [weakref.ref(bot) for bot in bots] + [weakref.ref(bot.planner) for bot in bots]
    del bots, s
    assert [ref() for ref in gone] == [None] * len(gone)


def test_the_meld_search_helpers_leave_no_cycle(no_collector):
    """Issue 36: the ways to take wild cards (_multisets) and to fill a run's window (_patterns), worked out
    for a pool and a window not asked before, leave nothing that only the collector frees."""
    gc.collect()  # (what the test's setting up left: not the helpers')
    ways = list(melds._multisets({101: 2, 102: 1, 103: 3}, 3))
    a, b, c = 101, 102, 103  # 3 of {a, a, b, c, c, c}, each way once
    window = (False, True, False, True, False, False, True)
    melds._PATTERNS.pop((window, 3), None)  # (worked out afresh, whatever a game before asked)
    patterns = melds._patterns(window, 3)
    assert gc.collect() == 0
    assert sorted(map(sorted, ways)) == [[a, a, b], [a, a, c], [a, b, c], [a, c, c], [b, c, c], [c, c, c]]
    assert patterns and all(w <= 3 for _, w in patterns)


def test_laying_a_group_raises_nothing_on_the_way(no_collector):
    """Issue 36: a meld laid (C5: a new group of the seat's partnership, in its first empty place) finds that
    place without a generator closed early, which raises GeneratorExit in it at every lay; and a full area
    is still refused."""
    from types import SimpleNamespace

    from kural.interpreter.runtime import lay

    zones = [[0, 1, 2], [3], [], [], [4, 5]]  # a hand, then an area of three groups (the second empty)
    s = SimpleNamespace(zones=zones, where=[0, 0, 0, 0, 4, 4])
    raised = []

    def trace(frame, event, arg):
        if event == "exception":
            raised.append(arg[0].__name__)
        return trace
    sys.settrace(trace)
    try:
        lay(s, 1, [0, 1], {1: (3, "melds")})
    finally:
        sys.settrace(None)
    assert raised == []
    assert zones[:4] == [[2], [3], [0, 1], []] and s.where[:2] == [2, 2]
    lay(s, 1, 2, {1: (3, "melds")})
    with pytest.raises(ValueError):
        lay(s, 1, 4, {1: (3, "melds")})


def comprehensions_in(module_file: str, run) -> int:
    """How many comprehensions of that module run() enters (each makes and drops a frame of its own)."""
    entered = []

    def profile(frame, event, arg):
        code = frame.f_code
        if event == "call" and code.co_filename == module_file and code.co_name.startswith("<"):
            entered.append(code.co_name)
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return len(entered)


def test_the_melds_of_a_hand_are_listed_without_a_frame_per_meld():
    """Issue 36: the melds of a hand (C5, C6: sets and runs, wild cards in their places), listed card by card
    for each meld, make no frame per meld (the legal melds of every position of a Kanasta turn are listed:
    a comprehension per meld was a tenth of their cost); the lists are those of a search afresh."""
    from kural.interpreter.budget import MAX_GROUPS

    g = load("canasta", [], players=4)
    deck = g.deck
    hand = [c for c in range(deck.size) if deck.code[c] in ("4H", "5H", "6H", "7H", "7S", "7D", "2C", "KS", "KD")]
    rules = g.melds
    rules._last_hand = None  # (a search afresh: no hand asked before)
    first = rules.melds_in(hand, MAX_GROUPS)
    rules._last_hand = None  # (the hand's parts known now: its melds listed again, card by card)
    found = []
    assert comprehensions_in(melds.__file__, lambda: found.extend(rules.melds_in(hand, MAX_GROUPS))) < len(found) / 2
    assert found == first and len(found) > 10
    assert all(sorted(group) == sorted(set(group)) and set(group) <= set(hand) for group in found)
    assert all(rules.summary(group).kind is not None for group in found)  # each a meld


def test_the_best_moves_are_kept_without_a_comprehension():
    """Issue 36: the moves tied by the preferences (docs/language.md §5.4) are narrowed and listed with no
    comprehension of the bot's (one per position); the moves are those of the highest key, in their order."""
    from kural.interpreter import bots

    bot = bots.HeuristicBot(__import__("random").Random(0))
    bot.about = [frozenset([0]), frozenset([0])]
    moves = [(0, 1), (0, 2), (0, 3), (0, 4)]
    keys = {1: (1.0, 0.0), 2: (2.0, 1.0), 3: (2.0, 1.0), 4: (2.0, 0.0)}
    best = []
    assert comprehensions_in(bots.__file__, lambda: best.extend(bot._best(None, moves, [lambda s, v: keys[v]]))) == 0
    assert best == [(0, 2), (0, 3)]
