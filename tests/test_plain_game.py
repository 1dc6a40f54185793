"""A game as the cache keeps it, plain data (issue 36): what the table says of a position, its refusals
and `why`, comes from the game's program and plain fields, never from the typed program's nodes, so a game
without them (GameDef.without_nodes, what dsl/gamecache.py keeps) says the same as the compiled one.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from node_oracle import compiled  # noqa: E402
from test_refusals import candidates  # noqa: E402

from kural.cli.reading import Reader  # noqa: E402
from kural.interpreter.bots import make_bot  # noqa: E402
from kural.interpreter.engine import apply, new_game  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402


@pytest.mark.parametrize("game_id, variants", [("fanti", ()), ("canasta", ()), ("canasta", ("351",))])
def test_the_table_says_the_same_of_a_game_without_nodes(game_id, variants):
    """Issue 36: refusals (cli/refusals.py, a choice's options by the program's domain_M_K) and `why`
    (dsl/teach/position.py) of a game without the typed program's nodes are those of the compiled game,
    word for word, at seat 0's positions of a bot game."""
    g = compiled(game_id, variants)
    plain = g.without_nodes()
    assert plain.game_end is None and all(c.node is None for m in plain.moves for c in m.choices)
    plain.words_kept = g.words  # the words, kept apart, read back on first use (dsl/gamecache.py)
    s, t = new_game(g, 4), new_game(plain, 4)
    bots = [make_bot("heuristic", seat) for seat in range(g.players)]
    rnd, said = random.Random(4), 0
    while not s.over and len(s.history) < 160:
        legal = legal_moves(s)
        assert legal_moves(t) == legal
        if s.me == 0:
            for text in candidates(g, s, rnd)[:5]:
                for line in (text, f"why {text}"):
                    want = Reader(g, "en").read(s, legal, line, []).message
                    assert Reader(plain, "en").read(t, legal, line, []).message == want, line
                    said += want is not None
        move = bots[s.me].choose(s, legal)
        apply(s, move)
        apply(t, move)
    assert said >= 20
