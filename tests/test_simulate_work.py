"""Issue 36, the Fantan process figure: the work `kural simulate` does for each game is what its statistics
need, and the games are the same (the golden corpus keeps them byte for byte)."""
from __future__ import annotations

from kural.cli import simulate
from kural.interpreter import game
from kural.interpreter.bots import seat_bots

from all_games import loaded

RANDOM = ["random"] * 4


def _played(g, seed: int):
    s = game.new_game(g, seed)
    game.play_out(s, seat_bots(RANDOM, seed))
    return s


def test_the_statistics_take_the_result_without_its_hands():
    """Issue 36 (a game's work): the statistics count wins, scores and fields, never the cards left in the
    hands, so a game's outcome is its result less `hands`; the result of the API keeps them (F7: the cards
    left are each seat's score)."""
    g = loaded("fantan")
    plan = simulate.Plan({}, RANDOM, [f"s{i}" for i in range(4)])
    for seed in (1, 2, 3):
        full = game.result(_played(g, seed))
        assert [len(hand) for hand in full["hands"]] == full["scores"]
        assert simulate.outcome(g, seed, plan).result == {k: v for k, v in full.items() if k != "hands"}


class _Spans:
    """A game whose every `span` call is counted (the rest is the game's own)."""

    def __init__(self, g):
        self._g, self.spans = g, 0

    def __getattr__(self, name):
        return getattr(self._g, name)

    def span(self, per):
        self.spans += 1
        return self._g.span(per)


def test_a_game_without_round_sheets_is_counted_without_their_columns():
    """Issue 36 (a game's work): Fantan has no round_result (F7: one hand, its cards left are the score), so
    counting a game works out no round columns; the totals are the same."""
    g = loaded("fantan")
    plan = simulate.Plan({}, RANDOM, [f"s{i}" for i in range(4)])
    done = simulate.outcome(g, 4, plan)
    counted, spans = simulate.new_totals(4), _Spans(g)
    simulate._count(counted, spans, done, 4)
    assert spans.spans == 0 and counted.rounds == 0 and counted.games == 1
    assert counted.scores == [float(score) for score in done.result["scores"]]


def test_each_deal_starts_from_its_own_copy_of_the_deck():
    """Issue 36 (a game's work): the deck's cards in order and their zones are made once for a deck and
    copied at each deal; a game played moves none of the next game's cards (the same seed, the same deal)."""
    g = loaded("fantan")
    first = _played(g, 9)
    lists = g.deck_lists
    assert lists == (list(range(g.deck.size)), [g.deck_zone_id] * g.deck.size + [-1])
    again = game.new_game(g, 9)
    assert again.deal == game.new_game(g, 9).deal and first.deal == again.deal
    assert all(zone is not kept for zone in again.zones for kept in lists) and again.where is not lists[1]
