"""Fuzzed play (hypothesis) over every game and variant in games/.

Found by directory (tests/all_games.py), never by name: each game alone,
each variant with its base, pairs of variants and all of them together.
From any seed, a table of bots of every kind (kural.interpreter.bots.BOTS, mixed
per seat) plays to the end or to a move bound (an aborted game is counted,
and must still replay). At every checked state:

- cards are conserved: every card of the deck is in exactly one zone, and
  `s.where` agrees with `s.zones` (at every state, checked or not);
- the seat to move has a legal move unless the game is over (and none after;
  at every state, checked or not);
- every legal move is accepted by `record.match` and `engine.find_move` and
  passes every check of its move (`legal.refusal` gives None);
- every other candidate (each move of the current step, with each option of
  each choice's domain, e.g. every card of the mover's hand) is refused by
  `legal.refusal` with a check that has a rule or a why text, and is not
  accepted by `record.match`;
- a seat's view shows exactly what each zone's visibility allows
  (owner / all / none / top), and every zone's count (and at the last state);

and the game's record (record.start / entry with the legal moves / finish),
through JSON, replays to the same result and final state with no problems.

The cost of each game file is bounded by its level (LEVELS), never by the
clock: a budget of moves played per game file, split evenly over its
variant combinations; a combination plays as many games as its budget holds
at its typical length (the mean of a few random-bot games, measured, never
named), at least one and at most `most_games` per game file. A fuzzed game
stops at `game_moves` moves, as if it reached its move bound (the rule
file's own bound when that is lower): random bots never finish a race to
thousands of points, and a 600-move Kanasta game already spans a deal,
melds, the pile and the stock. The two per-state checks of the legal moves
and the views are the dear ones (the engine finds the legal moves again for
each legal move, dozens per Kanasta state), so they are made on a
sample of states: every state up to `check_all` moves, then every
`check_every`-th. Conservation, the existence of a legal move, the bots'
moves being legal and the replay are checked at every state of every game.
The games played to their own end (one per bot kind and combination) have
those two checks at every WHOLE_GAME_CHECK_EVERY-th state.

Short by default (part of `pytest`). The long run, per game file so that a
part can run alone (`-k canasta`, `-k fantan`, `-k fanti`) and the parts on
separate cores (`python benchmarks/fuzz_parts.py`):

    KURAL_FUZZ=long python -m pytest tests/test_fuzz.py -q -n 0

(`KURAL_FUZZ=N`: the short level with a budget of N moves per game file.)
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import json
import os
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import config_id, configs, game_ids, loaded  # noqa: E402

from kural.interpreter import record  # noqa: E402
from kural.interpreter.bots import BOTS, make_bot  # noqa: E402
from kural.interpreter.engine import apply, find_move, move_key, new_game, result  # noqa: E402
from kural.interpreter.legal import legal_moves, refusal  # noqa: E402
from kural.interpreter.state import NOWHERE  # noqa: E402
from kural.interpreter.view import view  # noqa: E402


@dataclass(frozen=True)
class Level:
    """What one game file costs at a level: moves played (the budget), games at most, and how deep and how
    densely each game is checked."""
    budget: int       # moves played per game file, split evenly over its variant combinations
    most_games: int   # games per game file, at most (a game of few moves is not played without end)
    game_moves: int   # a fuzzed game stops here, as if at its move bound (the rule file's own when lower)
    check_all: int    # the legal moves and the views are checked at every state up to this many moves,
    check_every: int  # then at every check_every-th (sparser when the games are deeper: the checked states
                      # per game stay a few hundred, each a few dozen legal-move searches in a big game)


LEVELS = {
    "short": Level(budget=8_000, most_games=100, game_moves=600, check_all=150, check_every=20),
    "long": Level(budget=100_000, most_games=3000, game_moves=3000, check_all=150, check_every=25),
}
_level = os.environ.get("KURAL_FUZZ", "").strip().lower() or "short"
if not (_level.isdigit() or _level in LEVELS):  # a misspelt level would run the short one and look like a pass
    raise pytest.UsageError(f"KURAL_FUZZ={_level!r}: short, long, or a budget of moves per game file")
LEVEL = dataclasses.replace(LEVELS["short"], budget=int(_level)) if _level.isdigit() else LEVELS[_level]
LENGTH_SEEDS = range(3)  # random-bot games that measure a combination's typical length
MAX_CANDIDATES = 400  # per move of a step: enough for every card of a hand, bounded for big choice products
ABORTED: Counter = Counter()  # config -> games that hit the move bound (printed in a long run)

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.lru_cache(maxsize=None)
def bounded(game: str, combo: tuple = ()):
    """The game with the fuzzer's move bound (its own when that is lower)."""
    g = loaded(game, combo)
    if g.max_moves <= LEVEL.game_moves:
        return g
    short = copy.copy(g)
    short.max_moves = LEVEL.game_moves
    return short


@functools.lru_cache(maxsize=None)
def typical_moves(game: str, combo: tuple) -> int:
    """The mean length of a few random-bot games of a combination, up to the fuzzer's move bound."""
    g = bounded(game, combo)
    total = 0
    for seed in LENGTH_SEEDS:
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while not s.over:
            apply(s, bot.choose(s, legal_moves(s)))
        total += len(s.history)
    return max(1, total // len(LENGTH_SEEDS))


def games_for(game: str, combo: tuple) -> int:
    """Games of one combination: its share of the game file's budget at its typical length."""
    share = len(configs(game))
    return max(1, min(LEVEL.most_games // share, LEVEL.budget // share // typical_moves(game, combo)))


def checked_here(moves_played: int) -> bool:
    return moves_played < LEVEL.check_all or moves_played % LEVEL.check_every == 0


WHOLE_GAME_CHECK_EVERY = 200  # a game played to its own end is checked this sparsely: thousands of moves


def checked_in_whole_game(moves_played: int) -> bool:
    """The states checked in a game played whole: its late rounds and its end, which fuzzed games stopped
    at the fuzzer's bound never reach."""
    return moves_played % WHOLE_GAME_CHECK_EVERY == 0


def tables(game: str, combos: tuple | None = None):
    """(variant combination, seed, one bot kind per seat); the combinations of the game file, or those given."""
    players = loaded(game, (combos or ((),))[0]).players
    return st.tuples(st.sampled_from(combos or configs(game)), st.integers(min_value=0, max_value=2**32 - 1),
                     st.lists(st.sampled_from(sorted(BOTS)), min_size=players, max_size=players))


# ------------------------------------------------------------ the properties
def assert_conserved(g, s):
    """Every card of the deck in exactly one zone; where[] names that zone."""
    seen = [c for z in s.zones for c in z]
    assert len(seen) == g.deck.size, f"{len(seen)} cards in the zones, the deck has {g.deck.size}"
    assert sorted(seen) == list(range(g.deck.size)), "a card is in two zones, or missing"
    assert len(s.where) == g.deck.size + 1 and s.where[-1] == NOWHERE  # the sentinel past the deck: no card
    for zid, cards in enumerate(s.zones):
        for c in cards:
            assert s.where[c] == zid, f"card {g.deck.code[c]} is in zone {zid}, where[] says {s.where[c]}"


def zone_instances(g, s):
    """(zone definition, owner seat or None, instance id, team or None), in the engine's order; a group
    zone (`kind: groups`) gives one instance per non-empty group of each owner."""
    for z in g.zones:
        if z.per_team:
            for team in range(len(g.teams)):
                for zid in g.owner_ids(z, team):
                    if not z.max_groups or s.zones[zid]:
                        yield z, None, zid, team
            continue
        for owner in (range(g.players) if z.per_seat else [None]):
            for zid in g.owner_ids(z, owner):
                if not z.max_groups or s.zones[zid]:
                    yield z, owner, zid, None


def assert_views_hide_what_they_must(g, s):
    """Each seat's view against each zone's visibility: owner, all, none, top."""
    instances = list(zone_instances(g, s))
    for seat in range(g.players):
        v = view(s, seat)
        assert v["seat"] == seat and v["to_move"] == s.me and v["over"] == s.over
        assert [(z.name, z.owner, z.team) for z in v["zones"]] == [(z.name, owner, team)
                                                                   for z, owner, _, team in instances]
        for zv, (z, owner, zid, team) in zip(v["zones"], instances):
            actual = s.zones[zid]
            assert zv.count == len(actual)
            mine = owner == seat if team is None else g.team_of[seat] == team  # a team's zone: its seats own it
            if z.visible == "all" or (z.visible == "owner" and mine):
                expected = list(actual)
            elif z.visible == "top":
                expected = actual[-1:]
            else:  # none, or another seat's (or nobody's) owner-only zone
                expected = None
            assert zv.cards == expected, f"seat {seat} sees {zv.cards} of {z.name}[{owner}] ({z.visible})"


def candidates(s, m):
    """Every choice tuple of move m: each option of each choice's domain (later domains may use earlier choices)."""
    out: list[tuple] = []

    def walk(i, picked):
        if len(out) >= MAX_CANDIDATES:
            return
        if i == len(m.choices):
            out.append(tuple(picked))
            return
        c = m.choices[i]
        items = s.g.program.domains[m.index][i](s, *picked)  # the program's options, given the choices before
        for v in list(s.zones[items] if c.domain_is_zone else items):
            picked.append(v)
            walk(i + 1, picked)
            picked.pop()

    walk(0, [])
    return out


def entry_key(g, seat, move) -> str:
    e = record.entry(g, seat, move)
    return json.dumps(e, sort_keys=True)


def assert_legal_accepted_others_refused(g, s, legal):
    keys = {move_key(g, mv) for mv in legal}
    assert len(keys) == len(legal), "the same move is offered twice"
    for mv in legal:
        assert refusal(s, *mv) is None, f"{g.moves[mv[0]].name} is offered but a check refuses it"
        matched = record.match(s, record.entry(g, s.me, mv))
        assert matched is not None and move_key(g, matched) == move_key(g, mv)
        found = find_move(s, mv)
        assert found is not None and move_key(g, found) == move_key(g, mv)
    legal_entries = {entry_key(g, s.me, mv) for mv in legal}
    for index in g.steps[s.step].moves:
        m = g.moves[index]
        for values in candidates(s, m):
            cand = (index, values)
            check = refusal(s, index, values)
            if move_key(g, cand) in keys:
                assert check is None, f"{m.name} {values} is legal, yet refused by {check.source}"
                continue
            assert check is not None, f"{m.name} {values} is not offered, and no check of it says why"
            assert check.rule or any((check.why or {}).values()), f"{check.source}: a refusal with no rule or why"
            assert entry_key(g, s.me, cand) not in legal_entries
    # the record layer refuses what the engine refuses: a sample of refused candidates
    for index in g.steps[s.step].moves:
        m = g.moves[index]
        for values in candidates(s, m)[:3]:
            cand = (index, values)
            if move_key(g, cand) not in keys:
                assert record.match(s, record.entry(g, s.me, cand)) is None
                assert find_move(s, cand) is None


def final_picture(s) -> tuple:
    return ([list(z) for z in s.zones], list(s.vars), s.me, s.over, s.aborted, s.rounds_played, list(s.history))


def play_fuzzed(game, combo, seed, kinds, checked=checked_here, whole=False):
    """One game, checked state by state (the legal moves and the views at the states `checked` picks);
    `whole`: to the rule file's own move bound, not the fuzzer's."""
    g = loaded(game, combo) if whole else bounded(game, combo)
    s = new_game(g, seed)
    bots = [make_bot(kind, seed * 31 + seat) for seat, kind in enumerate(kinds)]
    rec = record.start(g, seed, list(g.seats.get("en") or []), s)
    assert_conserved(g, s)
    while not s.over:
        legal = legal_moves(s)
        assert legal, f"seat {s.me} has no legal move in a game that is not over (step {g.steps[s.step].name})"
        if checked(len(s.history)):
            assert_views_hide_what_they_must(g, s)
            assert_legal_accepted_others_refused(g, s, legal)
        move = bots[s.me].choose(s, legal)
        assert move in legal
        record.play(rec["moves"], g, s, move, legal)
        assert_conserved(g, s)
    assert legal_moves(s) == []
    assert_views_hide_what_they_must(g, s)
    if s.aborted:
        assert len(s.history) == g.max_moves
        ABORTED[config_id(game, combo)] += 1
        if currently_in_test_context():  # inside a hypothesis run
            event(f"{config_id(game, combo)}: aborted at the move bound")
    res = result(s)
    units = list(g.units(g.result.per))  # seats, or teams with `result.per: team`
    assert len(res["scores"]) == len(units) and set(res["winners"]) <= set(units)
    record.finish(rec, s)
    again = json.loads(record.dumps(rec))
    s2, problems = record.replay(g, again)
    assert problems == []
    assert final_picture(s2) == final_picture(s)
    assert result(s2) == res
    return s


EVERY_COMBINATION = [pytest.param(g, c, id=config_id(g, c)) for g in game_ids() for c in configs(g)]


@pytest.mark.parametrize("game,combo", EVERY_COMBINATION)
def test_fuzzed_play(game, combo):
    """Games of one variant combination, as many as its share of the level's budget holds."""
    @settings(SETTINGS, max_examples=games_for(game, combo))
    @given(tables(game, (combo,)))
    def run(case):
        _, seed, kinds = case
        play_fuzzed(game, combo, seed, kinds)

    run()
    if ABORTED:
        print(f"\naborted games (move bound): {dict(ABORTED)}")


@pytest.mark.parametrize("game,combo", EVERY_COMBINATION)
def test_every_combination_plays_to_the_end_with_every_bot(game, combo):
    """Each combination once per bot kind (every seat that kind), from fixed seeds. Heuristic bots play
    every game to its end within the rule file's move bound. Random bots play to the end or to the
    fuzzer's bound: a game whose scores only rise with skill (a race to 5200 where cards left in hand
    count against you) may never end with random play, and that is the game, not a fault. Every
    WHOLE_GAME_CHECK_EVERY-th state has the fuzz's checks of the legal moves and the views: a whole game
    reaches the late rounds and the end that the fuzzer's bound cuts off."""
    for i, kind in enumerate(sorted(BOTS)):
        players = loaded(game, combo).players
        whole = kind == "heuristic"
        s = play_fuzzed(game, combo, 1000 + i, [kind] * players, checked=checked_in_whole_game, whole=whole)
        if whole:
            assert not s.aborted, f"{config_id(game, combo)} with {kind} bots hit the move bound"


@pytest.mark.parametrize("game", game_ids())
def test_a_copied_state_is_independent(game):
    """Playing on a copy (as look-ahead bots do) leaves the original as it was."""
    @settings(max_examples=max(5, sum(games_for(game, c) for c in configs(game)) // 4), deadline=None)
    @given(tables(game), st.integers(min_value=0, max_value=60))
    def run(case, steps):
        combo, seed, kinds = case
        g = bounded(game, combo)
        s = new_game(g, seed)
        bots = [make_bot(kind, seed + seat) for seat, kind in enumerate(kinds)]
        for _ in range(steps):
            if s.over:
                break
            apply(s, bots[s.me].choose(s, legal_moves(s)))
        if s.over:
            return
        before = ([list(z) for z in s.zones], list(s.where), list(s.vars), s.me, s.step, len(s.history))
        legal_before = legal_moves(s)
        t = s.copy()
        while not t.over:
            apply(t, bots[t.me].choose(t, legal_moves(t)))
        assert ([list(z) for z in s.zones], list(s.where), list(s.vars), s.me, s.step, len(s.history)) == before
        assert legal_moves(s) == legal_before

    run()
