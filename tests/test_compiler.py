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

from node_oracle import compiled, oracle  # noqa: E402
from kural.dsl.loader import load  # noqa: E402
from kural.interpreter.engine import new_game  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402


def legal_without_specialising(g, s):
    """The legal moves by the general guard: every check of every option evaluated from the typed
    program's nodes (tests/node_oracle.py), nothing worked out once for the position."""
    s.cache.clear()
    try:
        with oracle(g):
            return legal_moves(s)
    finally:
        s.cache.clear()


@pytest.mark.parametrize("variants", VARIANT_COMBOS)
def test_specialised_guards_keep_exactly_the_general_guards_moves(variants):
    g = compiled("fantan", variants)  # (its nodes: the general guard is evaluated)
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


def test_kanasta_moves_skipped_for_a_false_guard_are_the_general_guards_too():
    """A move whose guard is false for the whole position (Kanasta's `meld` after melds are taken
    back, C8) lists no options; the general guard, trying every option, finds none either."""
    from kural.interpreter.bots import make_bot
    from kural.interpreter.engine import apply
    g = compiled("canasta", [], [], 4)  # (its nodes: the general guard is evaluated)
    s = new_game(g, 5)
    bots = [make_bot("heuristic", 50 + seat) for seat in range(g.players)]
    skipped = 0
    meld = next(m for m in g.moves if m.name == "meld")
    while not s.over and len(s.history) < 1500:
        fast = legal_moves(s)
        if s.step == g.step_index["meld"]:  # a meld step whose meld offers nothing (its version that lists none)
            skipped += not any(index == meld.index for index, _ in fast)
        assert fast == legal_without_specialising(g, s)
        apply(s, bots[s.me].prefer(s, fast))  # the preferences alone (no plan): they take openings back
    assert skipped > 10


def test_a_positions_legal_moves_are_worked_out_once_and_each_caller_has_its_own_list():
    """legal_moves is kept for the position (a replay asks again to check the moves listed) and given
    to each caller as a list of its own; a move clears it."""
    from kural.interpreter.engine import apply
    g = load("canasta", [], [], 4)
    s = new_game(g, 2)
    for _ in range(40):
        first = legal_moves(s)
        first.append("not a move")
        again = legal_moves(s)
        assert "not a move" not in again and again == legal_moves(s.copy())  # a copy works them out afresh
        apply(s, again[-1])
