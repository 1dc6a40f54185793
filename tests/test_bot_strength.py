"""The direction of issue 14's figures, cheaply (benchmarks/bench_bots.py and bench_search.py measure them
over a thousand games): one heuristic bot among random ones, seats rotated, wins clearly more than its
fair share in every bundled game where each seat plays for itself. Seeded: the same games each run, so a
figure here is the same on every run; nothing here names a game."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import game_ids, loaded  # noqa: E402

from kural.interpreter import game  # noqa: E402
from kural.interpreter.bots import make_bot  # noqa: E402

import pytest  # noqa: E402

GAMES = 48  # a dozen a seat in a four-seat game: a few seconds a game


def share_over_fair(g, strong: str, weak: str, games: int = GAMES) -> float:
    """The `strong` seat's mean share of the wins (1/k of a win shared by k), the seat rotated game by game,
    ÷ the fair share 1 / the seats."""
    share = 0.0
    for i in range(games):
        seat = i % g.players
        bots = [make_bot(strong if p == seat else weak, i * 64 + p) for p in range(g.players)]
        s = game.new_game(g, 1000 + i)
        while not game.is_over(s):
            game.apply(s, bots[s.me].choose(s, game.legal(s)))
        winners = game.result(s)["winners"]
        share += (seat in winners) / len(winners) if winners else 0.0
    return share / games * g.players


ALONE = [gid for gid in game_ids() if not loaded(gid).partnered]  # partnerships: bench_bots.py alone


@pytest.mark.parametrize("gid", ALONE)
def test_the_heuristic_bot_beats_random_ones(gid):
    """Issue 14: the rule file's `bot:` preferences (RULES.md §1 and §2 tactics) make a player clearly
    stronger than random play: over four dozen games its share of the wins is at least 1.25 times the
    fair share (the benchmark's figure, over 1,000 games, is at least 1.5)."""
    ratio = share_over_fair(loaded(gid), "heuristic", "random")
    assert ratio >= 1.25, ratio
