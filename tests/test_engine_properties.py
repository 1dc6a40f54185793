"""Properties of the engine that hold at every step of every game (hypothesis).

For random seeds, both bots and every variant combination:
- F1: cards are conserved: every card is in exactly one zone, and
  `s.where` agrees with `s.zones`;
- F6 (and FV4): the seat to move always has a legal move until the game is over;
- F9 / DESIGN.md "a seat's view hides what it may not see": no view shows
  another seat's hand, only its count;
- a copied state (for look-ahead bots) is independent of the original.
"""
from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fantan_support import VARIANT_COMBOS, game, hand_id  # noqa: E402

from interpreter.bots import make_bot  # noqa: E402
from interpreter.engine import apply, new_game  # noqa: E402
from interpreter.legal import legal_moves  # noqa: E402
from interpreter.view import view  # noqa: E402

GAMES = st.tuples(st.integers(min_value=0, max_value=2**32 - 1),
                  st.sampled_from(["random", "heuristic"]),
                  st.sampled_from(VARIANT_COMBOS))


def assert_conserved(g, s):
    """F1: 52 cards, each in exactly one zone, where[] and zones[] agree."""
    seen = [c for z in s.zones for c in z]
    assert len(seen) == g.deck.size == 52
    assert sorted(seen) == list(range(52))
    for zid, cards in enumerate(s.zones):
        for c in cards:
            assert s.where[c] == zid


def assert_views_hide_other_hands(g, s):
    for seat in range(g.players):
        for z in view(s, seat)["zones"]:
            actual = s.zones[hand_id(g, z.owner)] if z.name == "hand" else None
            if z.name == "hand" and z.owner != seat:
                assert z.cards is None, f"seat {seat} sees seat {z.owner}'s hand"
                assert z.count == len(actual)
            elif z.name == "hand":
                assert sorted(z.cards) == sorted(actual)
            elif z.name == "stock":
                assert z.cards is None          # visible: none
            elif z.name == "table":
                assert sorted(z.cards) == sorted(s.zones[g.zone("table").first_id])


@settings(max_examples=30, deadline=None)
@given(GAMES)
def test_every_step_conserves_cards_offers_a_move_and_hides_hands(case):
    seed, bot_kind, variants = case
    g = game(variants)
    s = new_game(g, seed)
    bot = make_bot(bot_kind, seed)
    assert_conserved(g, s)
    while not s.over:
        moves = legal_moves(s)
        assert moves, f"seat {s.me} has no legal move in a game that is not over"
        assert_views_hide_other_hands(g, s)
        apply(s, bot.choose(s, moves))
        assert_conserved(g, s)
    assert not s.aborted
    assert legal_moves(s) == []
    assert_views_hide_other_hands(g, s)


@settings(max_examples=30, deadline=None)
@given(GAMES, st.integers(min_value=0, max_value=60))
def test_a_copied_state_is_independent(case, steps):
    """Playing on a copy leaves the original as it was."""
    seed, bot_kind, variants = case
    g = game(variants)
    s = new_game(g, seed)
    bot = make_bot(bot_kind, seed)
    for _ in range(steps):
        if s.over:
            break
        apply(s, bot.choose(s, legal_moves(s)))
    if s.over:
        return
    before = ([list(z) for z in s.zones], list(s.where), list(s.vars), s.me, len(s.history))
    legal_before = legal_moves(s)
    t = s.copy()
    while not t.over:
        apply(t, bot.choose(t, legal_moves(t)))
    assert ([list(z) for z in s.zones], list(s.where), list(s.vars), s.me, len(s.history)) == before
    assert legal_moves(s) == legal_before
