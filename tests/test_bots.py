"""The bots: both only ever play legal moves (F6, F9 via the engine), and the heuristic
bot, following the rule file's `bot:` tips (the seed's tactics, RULES.md §1), beats
random play. Seeded, so the figures are the same on every run."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fantan_support import game  # noqa: E402

from kural.interpreter.bots import HeuristicBot, make_bot  # noqa: E402
from kural.interpreter.engine import apply, new_game, result  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402

import pytest  # noqa: E402


def wins_of_seat0(kinds, games=400):
    g = game()
    wins = 0
    for seed in range(games):
        s = new_game(g, seed)
        bots = [make_bot(kind, seed * 10 + seat) for seat, kind in enumerate(kinds)]
        while not s.over:
            moves = legal_moves(s)
            move = bots[s.me].choose(s, moves)
            assert move in moves
            apply(s, move)
        wins += 0 in result(s)["winners"]
    return wins


def test_heuristic_bot_wins_more_than_random_from_the_same_seat():
    """F7: a game has one winner; seat 0 wins about a quarter of random games, clearly more
    when it follows the tips (keep 6s and 8s, play what continues your own runs ...)."""
    random_wins = wins_of_seat0(["random"] * 4)
    heuristic_wins = wins_of_seat0(["heuristic", "random", "random", "random"])
    assert heuristic_wins > random_wins * 1.1, (heuristic_wins, random_wins)


def test_heuristic_bot_prefers_by_the_first_tip_that_tells_moves_apart():
    """The first `bot:` preference decides; here: play the card whose continuation you hold
    (RULES.md §1 tactics). With ♦7 on the table and ♦6 ♦5 ♣8 in hand, ♦6 opens your own ♦5."""
    g = game()
    s = new_game(g, 1)
    hand_of = lambda seat: g.zone("hand").first_id + seat  # noqa: E731
    table = g.zone("table").first_id
    wanted_hand = {"6D", "5D", "8H"}
    wanted_table = {"7D", "7H"}
    for card in range(g.deck.size):
        code = g.deck.code[card]
        zone = table if code in wanted_table else hand_of(0) if code in wanted_hand else hand_of(1)
        s.zones[s.where[card]].remove(card)
        s.zones[zone].append(card)
        s.where[card] = zone
    s.me = 0
    s.cache.clear()
    moves = legal_moves(s)
    assert {g.deck.code[v[0]] for _, v in moves if v} == {"6D", "8H"}
    chosen = HeuristicBot(__import__("random").Random(0)).choose(s, moves)
    assert g.deck.code[chosen[1][0]] == "6D"


def test_random_draws_are_the_stdlib_draws():
    """Same seed, same game (docs/guarantees.md): the random bot's choice and a deal's shuffle, written
    out without random.Random's inner calls (interpreter/draws.py), draw the very numbers that
    rng.choice and rng.shuffle draw, and leave the generator in the same state; a Random of its own
    kind (a subclass that draws otherwise) is asked itself."""
    import random

    from kural.interpreter import draws
    from kural.interpreter.bots import RandomBot
    for seed in range(50):
        bot, theirs = RandomBot(random.Random(seed)), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 31, 64, 100):
            moves = list(range(n))
            assert bot.choose(None, moves) == (moves[0] if n == 1 else theirs.choice(moves))
        assert bot.rng.getstate() == theirs.getstate()
        for n in (0, 1, 2, 52, 104, 108):
            mine, stdlib = list(range(n)), list(range(n))
            draws.shuffle(bot.rng, mine)
            theirs.shuffle(stdlib)
            assert mine == stdlib and bot.rng.getstate() == theirs.getstate()

    class Loaded(random.Random):
        def choice(self, seq):
            return seq[-1]

        def shuffle(self, x):
            x.reverse()
    assert RandomBot(Loaded(1)).choose(None, [1, 2, 3]) == 3
    cards = [1, 2, 3]
    draws.shuffle(Loaded(1), cards)
    assert cards == [3, 2, 1]
    for n in (2, 3, 5, 52, 104, 255, 256, 300):  # places drawn with every bit length a pile of decks has
        mine, stdlib = list(range(n)), list(range(n))
        rng, theirs = random.Random(n), random.Random(n)
        draws.shuffle(rng, mine)
        theirs.shuffle(stdlib)
        assert mine == stdlib and rng.getstate() == theirs.getstate()


def test_a_game_s_generators_are_seeded_as_random_seeds_them():
    """Same seed, same game (docs/guarantees.md): a game's generator and a bot's, made without
    Random.seed's Python frames (interpreter/draws.py seeded), are the generators random.Random(seed)
    makes, for a number and for a text; a copy of a state draws on as the original does."""
    import random

    from kural.interpreter import draws
    for seed in (0, 1, 7, -5, 2 ** 64 + 3, "", "kural-bots/random/1", "kural-bots/heuristic/99", "ğ"):
        mine = draws.seeded(seed)
        assert type(mine) is random.Random and mine.getstate() == random.Random(seed).getstate()
        assert mine.gauss(0, 1) == random.Random(seed).gauss(0, 1)
    assert draws.seeded(2.5).getstate() == random.Random(2.5).getstate()  # any other seed: Random's own
    s = new_game(game(), 3)
    other = s.copy()
    assert other.rng is not s.rng and other.rng.getstate() == s.rng.getstate()
    assert [other.rng.random() for _ in range(5)] == [s.rng.random() for _ in range(5)]
    waiting = s.copy(waiting=True)  # a bot's plan: the original draws nothing while the copy is played on
    cards, theirs = list(range(40)), list(range(40))
    draws.shuffle(waiting.rng, cards)  # the copy's first draw: its generator copied then
    draws.shuffle(s.copy().rng, theirs)
    assert cards == theirs and waiting.rng.getstate() != s.rng.getstate()
    twin = waiting.copy()
    assert [waiting.rng.random() for _ in range(5)] == [twin.rng.random() for _ in range(5)]


# ------------------------------------------------------------------ preferences worked out as needed
def every_key_choice(bot: HeuristicBot, s, moves):
    """The heuristic bot's choice with every move's key worked out and compared as a tuple (the bot
    before its keys were worked out as the preferences need them), drawing from the bot's generator."""
    if len(moves) == 1:
        return moves[0]
    bot._learn(s.g)
    keys = [s.g.program.prefer[index](s, values) for index, values in moves]
    best = HeuristicBot._best_of_all(moves, keys)
    return best[0] if len(best) == 1 else bot.rng.choice(best)


def test_the_heuristic_bot_chooses_as_with_every_key_worked_out():
    """docs/language.md §5.4: the first preference decides, the next breaks ties, moves still tied are
    drawn at random. The bot works a preference out only for the moves still tied (in Kanasta a
    position with a meld that scores is decided before a discard is scored, C2), and chooses the very
    move, with the very draws, that every key worked out gives, position after position of whole
    Kanasta hands."""
    import random

    from kural.dsl.loader import load
    g = load("canasta")
    compared = 0
    for seed in (1, 2, 3, 4):  # whole games until 3000 positions (a game by the preferences alone may be short)
        s = new_game(g, seed)
        bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(g.players)]
        while not s.over and compared < 3000:
            moves = legal_moves(s)
            bot = bots[s.me]
            reference = HeuristicBot(random.Random())
            reference.rng.setstate(bot.rng.getstate())
            want = every_key_choice(reference, s, moves)
            move = bot.prefer(s, moves)  # the preferences' choice (choose plans a turn on top of it)
            assert move == want and bot.rng.getstate() == reference.rng.getstate()
            apply(s, move)
            compared += 1
    assert compared == 3000


class Keys:
    """Preferences by hand: per move index, its key, or an error (a preference that fails)."""

    def __init__(self, keys):
        self.keys, self.asked = keys, []

    def of(self, index):
        def key(s, values):
            self.asked.append((index, values))
            found = self.keys[index]
            if isinstance(found, Exception):
                raise found
            return found(values) if callable(found) else found
        return key


def bot_about(*moves_of_each_preference):
    bot = HeuristicBot(__import__("random").Random(0))
    bot.about = [frozenset(m) for m in moves_of_each_preference]
    return bot


def test_a_preference_is_worked_out_only_for_the_moves_still_tied():
    """docs/language.md §5.4: a move that an earlier preference has put behind is never scored by a
    later one (here the later one would fail: it is not seen); the moves still tied are scored, and a
    preference that fails on one of them fails (interpreter/errors.py RULE_FAILURES)."""
    keys = Keys({0: lambda v: (float(v), 0.0), 1: ValueError("not a number")})
    bot = bot_about({0}, {1})
    moves = [(0, 2), (0, 5), (1, 7), (0, 5)]
    assert bot._best(None, moves, [keys.of(0), keys.of(1)]) == [(0, 5), (0, 5)]
    assert (1, 7) not in keys.asked
    keys = Keys({0: lambda v: (float(v), 0.0), 1: ValueError("not a number")})
    with pytest.raises(ValueError):  # every move scores 0 by the first: the second is asked of each
        bot._best(None, [(0, 0), (1, 7)], [keys.of(0), keys.of(1)])


def test_a_score_that_is_no_number_has_every_key_compared_as_a_tuple():
    """A nan compares as no number does: the bot then works every key out and compares them as tuples,
    as it did for every position before, so the choice is the same (docs/language.md §5.4)."""
    nan = float("nan")
    keys = Keys({0: lambda v: (nan if v == 1 else float(v), float(v)), 1: (0.0, 3.0)})
    bot = bot_about({0}, {1})
    moves = [(0, 1), (0, 2), (1, 9), (0, 0)]
    every = [keys.of(0)(None, 1), keys.of(0)(None, 2), keys.of(1)(None, 9), keys.of(0)(None, 0)]
    assert bot._best(None, moves, [keys.of(0), keys.of(1)]) == HeuristicBot._best_of_all(moves, every)
