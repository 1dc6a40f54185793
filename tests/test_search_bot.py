"""The search bot (interpreter/search.py, `--bots search`): seeded like every bot, it decides from its
seat's view only, it looks ahead well enough to beat the heuristic bot it plays out with, and it plays
any rule file, the bundled games and variants and a test game none of the bots was written for.

Games come from games/ and tests/games/ (tests/all_games.py); nothing here names one. Budgets are small
(a few iterations, short playouts) except in the one test of strength, so the file takes seconds.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import all_configs, config_id, game_ids, loaded  # noqa: E402

from kural.dsl.loader import load  # noqa: E402
from kural.interpreter import draws, game  # noqa: E402
from kural.interpreter.bots import KINDS, make_bot  # noqa: E402
from kural.interpreter.search import Memory, SearchBot, budget_of, zone_ids  # noqa: E402
from kural.interpreter.view import view  # noqa: E402

import pytest  # noqa: E402

TEST_GAMES = Path(__file__).resolve().parent / "games"
SMALL = {"iterations": 2, "playout_moves": 3}  # a budget that still walks the tree, expands and plays out


LOOKING = {"iterations": 30, "playout_moves": 30}  # enough that what the playouts find decides the choice


def one_round_game() -> str:
    """The first bundled game of one round and no partnerships: the cheapest to play whole."""
    return next(gid for gid in game_ids() if not loaded(gid).partnered and loaded(gid).round_result is None)


def small_bot(seed: int) -> SearchBot:
    return SearchBot(draws.seeded(f"test-search/{seed}"), **SMALL)


def play(g, seed: int, bots, most: int | None = None):
    """A game from `seed` with one bot per seat, to its end (or `most` moves)."""
    s = game.new_game(g, seed)
    while not s.over and (most is None or len(s.history) < most):
        moves = game.legal(s)
        move = bots[s.me].choose(s, moves)
        assert move in moves  # F6: a bot plays only legal moves
        game.apply(s, move)
    return s


def record_text(s) -> str:
    return json.dumps(game.record_of(s, [f"#{i}" for i in range(s.g.players)]), sort_keys=True)


# ------------------------------------------------------------ seeded
@pytest.mark.parametrize("gid", game_ids())
def test_same_seed_and_moves_give_the_same_game(gid):
    """The guarantee of every bot: the same seed and moves give the same game, byte for byte. The search
    bot's budget is counted in iterations (and moves), never in time, so its record is the same."""
    g = loaded(gid)

    def once():
        bots = [make_bot("search", 7 * 64 + seat, "2") for seat in range(g.players)]
        return record_text(play(g, 7, bots, most=30))
    assert once() == once()


def test_a_search_bot_is_seeded_by_its_seed():
    """Two seeds may choose differently: the seed is what the choice depends on (not a fixed order). The
    budget lets the determinizations decide (with two iterations the choice is the preferences' order)."""
    g = loaded(one_round_game())
    seen = set()
    for seed in range(4):
        bots = [SearchBot(draws.seeded(f"test-search/{seed * 64 + seat}"), iterations=8, playout_moves=8)
                for seat in range(g.players)]
        seen.add(record_text(play(g, 3, bots)))
    assert len(seen) > 1


# ------------------------------------------------------------ no peeking
def hidden_places(s, seat: int) -> list[tuple[int, int]]:
    """(zone id, how many of its cards the seat cannot see, from the bottom) for each zone instance."""
    return [(zid, zv.count - len(zv.cards or [])) for zid, zv in zip(zone_ids(s.g, s), view(s, seat)["zones"])]


def shuffled_hidden(s, seat: int, rng: random.Random):
    """A copy of s with the cards the seat cannot see permuted among the places it cannot see into (each
    keeping its count; every card it sees stays put) and the deals to come reseeded: what the seat may
    know of the two positions is the same."""
    other = game.copy(s)
    places = [(zid, n) for zid, n in hidden_places(s, seat) if n]
    pool = [c for zid, n in places for c in other.zones[zid][:n]]
    rng.shuffle(pool)
    for zid, n in places:
        other.zones[zid][:n] = pool[:n]
        del pool[:n]
        for c in other.zones[zid]:
            other.where[c] = zid
    other.rng = draws.seeded(rng.getrandbits(64))
    return other


def positions(g, seed: int, every: int, most: int):
    """Positions of a heuristic game where the seat to move has a choice, every `every` moves."""
    s = game.new_game(g, seed)
    bots = [make_bot("heuristic", seed * 64 + seat) for seat in range(g.players)]
    while not s.over and len(s.history) < most:
        moves = game.legal(s)
        if len(s.history) % every == 0 and len(moves) > 1:
            yield s, moves
        game.apply(s, bots[s.me].choose(s, moves))


@pytest.mark.parametrize("gid", game_ids())
def test_no_peeking_the_choice_is_the_same_when_the_hidden_cards_are_permuted(gid):
    """No peeking (issue 14): the cards a seat cannot see, shuffled among the places it cannot see into,
    leave its view as it was, and the search bot with the same seed chooses the same move, iterations and
    all: it builds every determinization from the view, never from the hidden zones or the deals to come."""
    g = loaded(gid)
    rng = random.Random(5)
    changed = 0
    for s, moves in positions(g, 11, every=11, most=160):
        seat = s.me
        other = shuffled_hidden(s, seat, rng)
        assert view(other, seat) == view(s, seat)
        changed += other.zones != s.zones
        before = record_text(s)
        searching = [SearchBot(draws.seeded(len(s.history)), **LOOKING) for _ in range(2)]
        assert searching[0].choose(s, moves) == searching[1].choose(other, moves)
        assert record_text(s) == before  # and searching changed nothing of the position it was given
    assert changed, "no position had hidden cards to permute: the test would show nothing"


def never_seen_shuffled(s, seat: int, seen: set, rng: random.Random):
    """shuffled_hidden, but only the cards the seat has never seen (in its view at any position of the
    game, or named by a move the table saw) are permuted: a card it saw laid, discarded or picked up stays
    where it went."""
    other = game.copy(s)
    slots = [(zid, i) for zid, n in hidden_places(s, seat) for i in range(n) if other.zones[zid][i] not in seen]
    pool = [other.zones[zid][i] for zid, i in slots]
    rng.shuffle(pool)
    for (zid, i), c in zip(slots, pool):
        other.zones[zid][i] = c
        other.where[c] = zid
    other.rng = draws.seeded(rng.getrandbits(64))
    return other


def named_cards(g, move) -> list[int]:
    index, values = move
    out = []
    for choice, v in zip(g.moves[index].choices, values):
        if choice.of_cards and v is not None:
            out.append(v)
        elif choice.of_card_lists:
            out.extend(v)
    return out


@pytest.mark.parametrize("gid", game_ids())
def test_no_peeking_a_bot_that_watched_the_game_chooses_the_same_when_what_it_never_saw_is_permuted(gid):
    """No peeking, for a bot that remembers (interpreter/search.py, Memory): two search bots of one seed
    watch the same game for one seat; at its turns one chooses on the real position, the other on a copy
    whose cards the seat never saw are permuted among the places it cannot see into. What they remember
    and what they choose is the same: the memory reads the views and the moves, never a hidden card."""
    g = loaded(gid)
    rng = random.Random(8)
    s = game.new_game(g, 12)
    bots = [make_bot("heuristic", 12 * 64 + seat) for seat in range(g.players)]
    twins = {seat: [SearchBot(draws.seeded(f"watch/{seat}"), **SMALL) for _ in range(2)] for seat in range(g.players)}
    seen: list[set] = [set() for _ in range(g.players)]
    compared = changed = 0
    while not s.over and len(s.history) < 200:
        for seat in range(g.players):
            seen[seat].update(c for zv in view(s, seat)["zones"] for c in zv.cards or [])
        moves = game.legal(s)
        seat = s.me
        if len(s.history) % 3 == 0 and len(moves) > 1:
            other = never_seen_shuffled(s, seat, seen[seat], rng)
            assert view(other, seat) == view(s, seat)
            changed += other.zones != s.zones
            a, b = twins[seat]
            assert a.choose(s, moves) == b.choose(other, moves)
            assert a.memories[seat].known == b.memories[seat].known
            assert a.memories[seat].barred == b.memories[seat].barred
            compared += 1
        move = bots[seat].choose(s, moves)
        for p in range(g.players):
            seen[p].update(named_cards(g, move))
        game.apply(s, move)
    assert compared and changed


def test_what_a_memory_learns_is_true():
    """A seat's memory (interpreter/search.py, Memory) holds true things only: a card it knows is where its
    shadow puts it, and a card it has barred from another seat's hand (learnt from a forced move: a seat
    that passed held no card it could play) is not in that seat's hidden zones. Over the bundled games,
    every seat's memory updated at every move of heuristic games; and it does learn both."""
    known = barred = 0
    for gid in game_ids():
        g = loaded(gid)
        s = game.new_game(g, 21)
        bots = [make_bot("heuristic", 21 * 64 + seat) for seat in range(g.players)]
        memories = [Memory(seat) for seat in range(g.players)]
        rng = random.Random(3)
        while not s.over and len(s.history) < 300:
            for m in memories:
                m.update(s, rng)
                for c in m.known:
                    assert s.where[c] == m.shadow.where[c], (gid, c)
                    known += s.where[c] in m.owner
                for seat, cards in m.barred.items():
                    for c in cards:
                        assert s.where[c] not in m.holds[seat], (gid, seat, c)
                        barred += 1
            game.apply(s, bots[s.me].choose(s, game.legal(s)))
    assert known and barred


# ------------------------------------------------------------ strength
def rounds_game() -> str:
    """The first bundled game scored round by round, with no partnerships: where one move's worth shows in
    the round's points as well as in the win."""
    return next(gid for gid in game_ids() if not loaded(gid).partnered and loaded(gid).round_result is not None)


def test_search_beats_heuristic_in_a_dozen_games():
    """The direction of issue 14's figure, cheaply: one search bot at a tenth of its default iterations among heuristic
    bots, seats rotated, wins more than its fair share (and so more than the heuristic seats on average)
    in the first bundled game scored by rounds with no partnerships (benchmarks/bench_search.py measures
    every game over more games). Seeded: the same games each run."""
    g = loaded(rounds_game())
    games, share = 12, 0.0
    for i in range(games):
        seat = i % g.players
        bots = [make_bot("search", i, "100") if p == seat else make_bot("heuristic", i * 64 + p) for p in range(g.players)]
        winners = game.result(play(g, 100 + i, bots))["winners"]
        share += (seat in winners) / len(winners) if winners else 0
    assert share / games > 1.0 / g.players * 1.1, (share, games)


# ------------------------------------------------------------ any rule file
@pytest.mark.parametrize("gid,combo", all_configs(), ids=[config_id(*c) for c in all_configs()])
def test_every_bundled_game_and_variant_plays_to_the_end_with_a_search_seat(gid, combo):
    """Every bundled game and variant, several steps a turn included, plays to its end (not the move
    bound) with one search seat among heuristic bots."""
    g = loaded(gid, combo)
    bots = [small_bot(seat) if seat == 1 else make_bot("heuristic", seat) for seat in range(g.players)]
    s = play(g, 2, bots)
    assert s.over and not s.aborted, config_id(gid, combo)
    assert game.result(s)["winners"] is not None


@pytest.mark.parametrize("path", sorted(p for p in TEST_GAMES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_rule_file_no_bot_was_written_for_is_played_to_the_end_by_search_bots(path):
    """A user's rule file (tests/games/: small games of groups, melds, partnerships): search bots in every
    seat play it to its end, or to its move bound where the game never ends by its own rules."""
    g = load(str(path))
    s = play(g, 4, [small_bot(seat) for seat in range(g.players)])
    assert s.over
    assert set(game.result(s)["winners"]) <= set(range(g.span(g.result.per)))


# ------------------------------------------------------------ budget
def test_the_budget_is_iterations_or_seconds_and_nothing_else():
    """--think: `200` iterations or `0.5s`; anything else (or a budget past the bound) is refused."""
    assert budget_of(None) == {}
    assert budget_of("200") == {"iterations": 200}
    assert budget_of("0.5s") == {"seconds": 0.5}
    for bad in ("", "abc", "0", "-3", "1.5", "0s", "10e9", "99999999"):
        with pytest.raises(ValueError):
            budget_of(bad)
    assert "search" in KINDS


# ------------------------------------------------------------ what a playout is worth
def test_a_round_of_a_game_to_a_target_is_worth_its_margin_placed_on_the_choices_scale():
    """Where the game goes on past the round, a playout is worth the side's score less the best other one,
    read the way the result reads the scores (the winners hold the highest, or the lowest), and placed
    between the lowest and the highest margin of the choice: a round won by more is worth more."""
    from kural.interpreter.search import Scale, margins_of
    assert margins_of([100, 40, 70], [0]) == [30, -60, -30]  # the highest wins: more is better
    assert margins_of([5, 9, 2], [2]) == [-3, -7, 3]  # the lowest wins: fewer is better
    assert margins_of([5, 5], [0, 1]) is None  # equal scores say nothing
    assert margins_of(["a", "b"], [0]) is None
    scale = Scale()
    scale.see([30, -60, -30])
    scale.see([10, -10])
    assert scale.place(30, 1) == 1.0 and scale.place(-60, 1) == 0.0
    assert scale.place(30 + -30, 2) == pytest.approx((30 + 60) / 90 + (-30 + 60) / 90)  # two margins, summed
    assert scale.value((None, -15)) == pytest.approx(0.5) and scale.value((0.25, None)) == 0.25
    same = Scale()
    same.see([4, 4])
    assert same.place(8, 2) == 1.0  # one margin seen: the middle for each


def test_a_round_that_does_not_end_the_game_gives_margins_and_one_that_ends_it_rewards():
    """A game scored by rounds (the first bundled one with no partnerships): a playout that ends a round
    and not the game is scored by margins; one that ends the game by the result's winners."""
    from kural.interpreter.engine import apply, moves_to_play
    from kural.interpreter.search import ended
    g = loaded(rounds_game())
    bots = [make_bot("heuristic", seat) for seat in range(g.players)]
    s = game.new_game(g, 3)
    seen_margins = seen_rewards = False
    while not s.over:
        rounds = s.rounds_played
        apply(s, bots[s.me].choose(s, moves_to_play(s)))
        if s.rounds_played != rounds:
            rewards, margins, wins = ended(g, s)
            if s.over:
                assert margins is None and max(rewards) == rewards[game.result(s)["winners"][0]]
                seen_rewards = True
            else:
                assert rewards is None and len(margins) == g.players
                leader = max(range(g.players), key=lambda x: s.totals[x])
                assert margins[leader] == max(margins) and margins[leader] >= 0
                seen_margins = True
    assert seen_margins and seen_rewards


def test_sequential_halving_keeps_the_better_half_and_the_preferences_pick():
    """After a part of the budget the worse half of the root moves is dropped, by their mean reward on the
    same deals; the preferences' pick stays whatever its mean (the final choice weighs the best against it)."""
    from kural.interpreter.search import Node, Scale
    from kural.interpreter.legal import move_key
    g = loaded(one_round_game())
    moves = [(0, (c,)) for c in range(6)]
    bot = SearchBot(draws.seeded("halving"))
    root = Node()
    for reward, move in zip([0.9, 0.1, 0.5, 0.7, 0.2, 0.3], moves):
        child = root.children[move_key(g, move)] = Node()
        child.visits, child.reward = 1, reward
    bot.scale, bot.favoured = Scale(), move_key(g, moves[1])
    kept = bot._better_half(root, moves, g)
    assert kept == [moves[0], moves[1], moves[2], moves[3]]  # the best three (0.9, 0.7, 0.5) and the pick


# ------------------------------------------------------------ weighing the guess by the others' moves
def test_a_guess_is_weighed_by_how_well_it_explains_the_other_seats_moves():
    """A seat's memory weighs its guess of the hidden cards by the likelihood of the other seats' past moves
    (interpreter/search.py, Memory._term): a seat plays what its rule file's preferences put first. Among
    heuristic bots the real deal explains their moves better than the memory's guesses shuffled at random,
    and the Metropolis steps (Memory.wander) take a shuffled guess toward more likely ones and toward the
    real places of the cards. Only the view and the history are read (the no-peeking tests above)."""
    g = loaded(one_round_game())
    truth_ahead = 0
    weights = {"shuffled": 0.0, "wandered": 0.0}
    right = {"shuffled": 0, "wandered": 0}
    for seed in range(1, 6):
        s = game.new_game(g, seed)
        bots = [make_bot("heuristic", seed * 64 + seat) for seat in range(g.players)]
        m, rng = Memory(0), random.Random(seed)
        while not s.over and len(s.history) < 2 * g.players * 3:
            m.update(s, rng)
            game.apply(s, bots[s.me].choose(s, game.legal(s)))
        m.update(s, rng)
        assert m.past and all(who != 0 for _, who, _ in m.past)
        slots = list(m.slots)
        for zid, place in slots:  # the real card of each guessed place (the test may look; the memory does not)
            m._swap(m.shadow.zones[zid][place], s.zones[zid][place])
        truth = likelihood(m)
        shuffled = []
        for _ in range(20):  # the guessed cards shuffled among their places, weighing no move
            pool = [m.shadow.zones[zid][place] for zid, place in slots]
            rng.shuffle(pool)
            for (zid, place), c in zip(slots, pool):
                m._swap(m.shadow.zones[zid][place], c)
            shuffled.append(likelihood(m))
        truth_ahead += truth > sum(shuffled) / len(shuffled)
        right["shuffled"] += in_place(m, s)
        weights["shuffled"] += likelihood(m)
        m.wander(rng, 400)
        weights["wandered"] += likelihood(m)
        right["wandered"] += in_place(m, s)
    assert truth_ahead == 5, (weights, right)
    assert weights["wandered"] > weights["shuffled"] and right["wandered"] > right["shuffled"], (weights, right)


def likelihood(m: Memory) -> float:
    return sum(m._term(i) for i in range(len(m.past)))


def in_place(m: Memory, s) -> int:
    """How many of the memory's guessed cards are where they really are."""
    return sum(s.where[m.shadow.zones[zid][place]] == zid for zid, place in m.slots)


def watched(g, seed: int, moves: int) -> tuple[Memory, random.Random]:
    """Seat 0's memory once it has watched `moves` moves of the other seats, heuristic bots at every seat."""
    s = game.new_game(g, seed)
    bots = [make_bot("heuristic", seed * 64 + seat) for seat in range(g.players)]
    m, rng = Memory(0), random.Random(seed)
    while not s.over and len(m.past) < moves:
        if s.me == 0:
            m.update(s, rng)
        game.apply(s, bots[s.me].choose(s, game.legal(s)))
    m.update(s, rng)
    return m, rng


@pytest.mark.parametrize("game_id", ["fantan", "canasta"])
def test_a_likelihood_kept_by_what_the_mover_held_is_the_one_worked_out_again(game_id):
    """The walk comes back to hands it weighed before, so each past move's likelihood is kept by the cards its
    mover saw (Memory.likelihoods): after a walk, every kept likelihood equals the one worked out afresh from
    the past position (the guess of what the mover held is all a likelihood reads; F6's passes, C-rules' melds)."""
    m, rng = watched(loaded(game_id), 3, 12)
    for _ in range(5):
        m.wander(rng, 60)
        kept = [m._term(i) for i in range(len(m.past))]
        remembered, m.likelihoods = m.likelihoods, [{} for _ in m.past]
        m.terms = [None] * len(m.past)
        assert [m._term(i) for i in range(len(m.past))] == kept
        m.likelihoods = remembered
    assert any(len(w) > 1 for w in m.likelihoods)  # the walk weighed more than one guess of some mover's hand


def test_the_walk_of_a_choice_is_bounded_apart_from_the_playouts():
    """The memory's walk is not counted in the search's budget of legal moves (a late choice, whose past is
    long, would be left few playouts), so it has a bound of its own: past Memory.most legal moves weighed in
    a choice, a determinization is the guess as it is (a cost the rule file controls is bounded)."""
    m, rng = watched(loaded("fantan"), 4, 15)
    step = 2 * len(m.past) * max(len(game.legal(past)) for past, _, _ in m.past)  # one swap weighs this, at most
    m.cost, m.most = 0, 200
    m.wander(rng, 5000)
    assert 200 <= m.cost <= 200 + step
    m.cost, m.most = 0, float("inf")
    m.wander(rng, 5000)
    assert m.cost > 200 + step  # unbounded, the same walk weighs more


# ------------------------------------------------------------ the benchmark's settings and paired runs
BENCH_SEARCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_search.py"


def test_a_determinization_walks_the_steps_set_when_it_is_drawn(monkeypatch):
    """WANDER is read when a determinization is drawn, DEFAULT_ITERATIONS and PLAYOUT_MOVES when a bot is made,
    not when the module was loaded: a setting tried for a run (bench_search.py --search NAME=N) is the one
    the search uses."""
    import kural.interpreter.search as search
    walked = []
    monkeypatch.setattr(search, "WANDER", 7)
    monkeypatch.setattr(Memory, "wander", lambda self, rng, steps: walked.append(steps))
    g = loaded(one_round_game())
    s = game.new_game(g, 3)
    memory = Memory(s.me)
    memory.update(s, random.Random(0))
    memory.sample(random.Random(0))
    memory.sample(random.Random(0), 2)
    assert walked == [7, 2]
    # and a bot made after a setting takes its budget and playout length from it
    monkeypatch.setattr(search, "DEFAULT_ITERATIONS", 17)
    monkeypatch.setattr(search, "PLAYOUT_MOVES", 9)
    bot = SearchBot(random.Random(0))
    assert (bot.iterations, bot.playout_moves) == (17, 9)


def test_the_benchmark_compares_two_runs_seed_by_seed(tmp_path):
    """bench_search.py --per-game keeps each game's share by its seed; --against compares a run with one kept,
    on the same seeds: the same setting plays the same games, so the difference is exactly 0. A setting
    that is not one of the search's numbers is refused before any game is played."""
    import subprocess
    kept = tmp_path / "kept.jsonl"
    gid = one_round_game()
    common = [sys.executable, str(BENCH_SEARCH), "--game", gid, "-n", "2", "--seed", "5", "--think", "10"]
    subprocess.run([*common, "--per-game", str(kept)], check=True, capture_output=True, text=True, cwd=tmp_path)
    rows = [json.loads(line) for line in kept.read_text().splitlines()]
    assert [(row["game"], row["seed"]) for row in rows] == [(gid, 5), (gid, 6)]
    again = subprocess.run([*common, "--search", "CONFIDENCE=1", "--against", str(kept)], check=True,
                           capture_output=True, text=True, cwd=tmp_path).stdout
    assert "the same 2 seeds: share / fair +0.000 ± 0.000" in again
    wrong = subprocess.run([*common, "--search", "NOT_A_SETTING=1"], capture_output=True, text=True, cwd=tmp_path)
    assert wrong.returncode != 0 and "NOT_A_SETTING is not a number" in wrong.stderr
    assert "Traceback" not in wrong.stderr
    too_many = subprocess.run([*common, "--reveal", "2"], capture_output=True, text=True, cwd=tmp_path)
    assert too_many.returncode != 0 and "a share of the cards, from 0 to 1" in too_many.stderr


@pytest.mark.parametrize("share", [1.0, 0.5])
def test_the_benchmark_can_show_the_search_where_the_cards_are(monkeypatch, share):
    """bench_search.py --reveal SHARE measures what the hidden cards are worth to the search (not the bot):
    after an update, the memory's guess holds each card of the share shown in its real place, known, and
    guesses only the others; with every card shown nothing is left to guess."""
    import importlib.util
    monkeypatch.syspath_prepend(str(BENCH_SEARCH.parent))
    spec = importlib.util.spec_from_file_location("bench_search_under_test", BENCH_SEARCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(Memory, "update", Memory.update)  # put back after the test
    bench.reveal(share)
    g = loaded(one_round_game())
    s = game.new_game(g, 4)
    bots = [make_bot("heuristic", 40 + seat) for seat in range(g.players)]
    for _ in range(g.players + 1):
        game.apply(s, bots[s.me].choose(s, game.legal(s)))
    memory = Memory(s.me)
    memory.update(s, random.Random(0))
    hidden = [c for zid in range(len(s.zones)) if zid in memory.owner for c in s.zones[zid]]
    shown = [c for c in hidden if c in memory.known]
    assert all(memory.shadow.where[c] == s.where[c] for c in shown)
    assert all(memory.shadow.zones[zid][place] not in memory.known for zid, place in memory.slots)
    if share == 1.0:
        assert memory.slots == [] and len(shown) == len(hidden) > 0
    else:
        assert 0 < len(shown) < len(hidden) and memory.slots
