"""The compiler's speed-ups never change what is legal: the guard specialised to a position
(dsl/specialize.py: fixed parts worked out once) keeps exactly the moves the general guard
keeps (F2, F4, F5, F6 through Fantan's rule file and its variants). Both share the fused
lookups of `or`; those are held to the rule text itself by the F9 test of
test_fantan_rules.py and by the independent reference checker in test_records.py."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fantan_support import ROOT, VARIANT_COMBOS, game, play_game  # noqa: E402

from dsl.loader import load  # noqa: E402
from interpreter.engine import new_game  # noqa: E402
from interpreter.legal import legal_moves  # noqa: E402


def legal_without_specialising(g, s):
    saved = [m.specialize for m in g.moves]
    for m in g.moves:
        m.specialize = None
    try:
        s.cache.clear()
        return legal_moves(s)
    finally:
        for m, spec in zip(g.moves, saved):
            m.specialize = spec
        s.cache.clear()


@pytest.mark.parametrize("variants", VARIANT_COMBOS)
def test_specialised_guards_keep_exactly_the_general_guards_moves(variants):
    g = game(variants)
    positions = 0

    def check(s, fast):
        nonlocal positions
        positions += 1
        assert fast == legal_without_specialising(g, s)
    for seed in range(15):
        play_game(g, seed, "random", with_legal=False, on_state=check)
    assert positions > 15 * 40


def test_a_fixed_part_that_fails_alone_leaves_the_decision_to_the_whole_guard(tmp_path):
    """`rank(top(table))` has no value while the table is empty; the guard never reaches it
    then (`empty(table) or ...`), so the game must not fail there."""
    path = tmp_path / "climb.yaml"
    path.write_text(f"extends: {ROOT / 'games' / 'fantan.yaml'}\n"
                    "moves:\n  play:\n    when: empty(table) or rank(card) >= rank(top(table))\n",
                    encoding="utf-8")
    g = load(str(path))
    s = new_game(g, 1)
    hand = s.zones[g.zone("hand").first_id + s.me]
    assert {v[0] for i, v in legal_moves(s) if v} == set(hand)  # every card opens an empty table
