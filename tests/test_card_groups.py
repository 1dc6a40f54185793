"""Groups of cards (docs/language.md §4.6) and one move per group (§5.2), as they are worked out once per
position: `sums_to` searches a position's cards once for every total asked (State.cache), and the
options of a capture are merged by face only where two of them can be one move.

The guarantee: the same groups, in the same order, as a search for each total alone (every non-empty
group of the cards adding up to the total, depth first in the cards' order, twins once by face), and the
same legal moves as comparing every instance by move_key; every bound kept (at most MAX_GROUPS groups,
the work budget of one move).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_play_bounds import reported  # noqa: E402

from cli_support import ROOT, kural  # noqa: E402
from kural.interpreter.bots import make_bot  # noqa: E402
from kural.dsl.loader import load  # noqa: E402
from kural.interpreter.budget import WORK_LIMIT  # noqa: E402
from kural.interpreter.cards import Deck  # noqa: E402
from kural.interpreter.engine import apply, new_game  # noqa: E402
from kural.interpreter.legal import distinct, instances, legal_moves, move_key  # noqa: E402
from node_oracle import NodeProgram, compiled  # noqa: E402  (the nodes' way of listing a move's options)
from kural.dsl import ir  # noqa: E402
from kural.dsl.backend.evaluate import function_of  # noqa: E402
from kural.dsl.notions import LIBRARY, BuildContext  # noqa: E402
from kural.dsl.piece import C  # noqa: E402
from kural.interpreter.budget import MAX_GROUPS  # noqa: E402
from kural.interpreter.subset_sums import FEW_CARDS, KEPT_GROUPS  # noqa: E402


class Position:
    """What sums_to reads of a state: its per-position cache and the move's work."""

    def __init__(self):
        self.cache, self.work = {}, WORK_LIMIT


def built_sums_to(deck: Deck, value_of, tabulated: bool = True):
    """sums_to(cards, total, c => value_of(c)), made as the compiler makes it: its node, whose code (the
    generated module's, dsl/backend/evaluate.py) is run with the cards and the total given. A rule about
    each card alone is the table of its values per card (a Lookup keyed by the card); any other rule
    (`tabulated` false) reads the same values through a part that is no table."""
    body = ir.Lookup("num", [value_of(c) for c in range(deck.size)], ir.Local("card", "c"))
    if not tabulated:
        body = ir.Binary("num", "+", body, ir.Const("num", 0))
    pieces = [C("cards", elem="card", node=ir.Local("cards", "cards")), C("num", node=ir.Local("num", "total")),
              C("fn", node=ir.Lambda("fn", "c", body, 1, "test.yaml:1:1"))]
    write = LIBRARY["sums_to"].emit(BuildContext(deck=deck, players=2), pieces)
    sums_to = function_of(ir.Call("list", write, [p.node for p in pieces]), "cards", "total")
    return lambda s, e: sums_to(e["cards"], e["total"], s)


def alone(deck: Deck, cards: list, total, value_of) -> list:
    """The groups of one total, by their definition: every non-empty group of the cards, depth first in the
    cards' order (a group, then those that add later cards to it), adding up to the total; a group of
    the same faces as an earlier one is left out."""
    out, seen = [], set()

    def grow(start, group):
        for j in range(start, len(cards)):
            bigger = group + [cards[j]]
            key = tuple(sorted(deck.face[c] for c in bigger))
            if sum(value_of(c) for c in bigger) == total and key not in seen:
                seen.add(key)
                out.append(bigger)
            grow(j + 1, bigger)
    grow(0, [])
    return out


def pip(deck: Deck):
    return lambda c: deck.rank[c] if deck.rank[c] <= 10 else 0


@pytest.mark.parametrize("copies", [1, 2])
def test_sums_to_kept_for_a_position_gives_each_total_the_groups_of_a_search_for_it_alone(copies):
    """Random tables of a single and a double deck (twins, zero values), totals asked in random order in
    one position, as the cards of a hand ask them: each answer is that total's groups, in their order."""
    deck = Deck(copies=copies)
    value_of = pip(deck)
    sums_to = built_sums_to(deck, value_of)
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(range(deck.size), rng.randint(0, 9))
        s = Position()
        for total in rng.sample(range(-1, 16), 8):
            assert sums_to(s, {"cards": cards, "total": total}) == alone(deck, cards, total, value_of), (cards, total)


def test_sums_to_of_any_other_rule_searches_each_total_alone():
    """Values worked out per call (a rule that is not a table), negative or not whole: the same groups."""
    deck = Deck()
    rng = random.Random(3)
    for value_of in (lambda c: deck.rank[c] - 5, lambda c: deck.rank[c] / 2):
        for tabulated in (True, False):
            sums_to = built_sums_to(deck, value_of, tabulated)
            for _ in range(100):
                cards = rng.sample(range(deck.size), rng.randint(0, 8))
                s = Position()
                for total in rng.sample(range(-4, 8), 5):
                    assert sums_to(s, {"cards": cards, "total": total}) == alone(deck, cards, total, value_of)


def test_sums_to_with_more_groups_than_a_position_keeps_answers_each_total_alone():
    """15 cards whose every group has its own total (1, 2, 4, ...): 32,767 groups in all, more than
    KEPT_GROUPS, so the largest total is searched alone; its one group is all the cards."""
    deck = Deck(copies=2)
    cards = list(range(15))
    worth = {c: 2 ** i for i, c in enumerate(cards)}
    sums_to = built_sums_to(deck, lambda c: worth.get(c, 0))
    assert 2 ** len(cards) - 1 > KEPT_GROUPS
    s = Position()
    assert sums_to(s, {"cards": cards, "total": 5}) == [[cards[0], cards[2]]]
    assert sums_to(s, {"cards": cards, "total": 2 ** 15 - 1}) == [cards]
    assert sums_to(s, {"cards": cards, "total": 6}) == [[cards[1], cards[2]]]


def test_sums_to_more_than_max_groups_of_one_total_is_an_error_when_it_is_asked():
    """20 cards of value 1: 15,504 groups of 5, more than MAX_GROUPS, and 4,845 of 4. Asking for 5 is the
    error, whether it is the total searched or one found while searching a larger total; 4 is not."""
    deck = Deck()
    cards = [c for c in range(deck.size) if deck.rank[c] <= 5][:20]
    sums_to = built_sums_to(deck, lambda c: 1)
    with pytest.raises(ValueError, match=f"sums_to finds more than {MAX_GROUPS} groups of cards"):
        sums_to(Position(), {"cards": cards, "total": 5})
    s = Position()
    assert len(sums_to(s, {"cards": cards, "total": 4})) == 4845
    with pytest.raises(ValueError, match=f"more than {MAX_GROUPS} groups"):
        sums_to(s, {"cards": cards, "total": 6})  # what it keeps: its total is 38,760 groups
    assert len(sums_to(s, {"cards": cards, "total": 3})) == 1140  # what was kept before stays right


@pytest.mark.parametrize("tabulated", [True, False])
def test_sums_to_spends_the_move_s_work_for_every_card_tried(tabulated):
    """A search that can never succeed (40 cards worth 0 and a King worth 2, total 1) would try 2^40
    groups: it stops at the work budget of the move, an error, instead of hanging."""
    deck = Deck()
    kings = [c for c in range(deck.size) if deck.rank[c] == 13]
    cards = [c for c in range(deck.size) if c not in kings][:40] + kings[:1]
    sums_to = built_sums_to(deck, lambda c: 2 if deck.rank[c] == 13 else 0, tabulated)
    s = Position()
    with pytest.raises(ValueError, match=f"sums_to needs more than {WORK_LIMIT:,} steps of work"):
        sums_to(s, {"cards": cards, "total": 1})
    assert s.work < 0


def test_sums_to_that_would_hang_a_rule_file_is_an_error_at_its_move(tmp_path):
    """The same in play (docs/guarantees.md: every cost a rule file controls is bounded): a Fanti variant whose number
    cards take groups of the stock worth 0 in all. Exit 2 at the move, the bound in the message."""
    text = ("define:\n  takes:\n    value: \"if pip(card) > 0 then sums_to(stock, 1, c => 0) else []\"\n")
    path = tmp_path / "hostile.yaml"
    path.write_text("extends: fanti\n" + text, encoding="utf-8")
    proc = kural(tmp_path, "simulate", path, "-n", 1, "--lang", "en", timeout=120, cpu=40)
    reported(proc, load(str(path)).moves[0].where, f"sums_to needs more than {WORK_LIMIT:,} steps of work")


# ------------------------------------------------------------ one move per group
def _all_compared(s, m) -> list:
    """The instances of the move as they were found before merging only where needed: every combination
    of options whose guard holds, then every pair compared by move_key, the first of each kept."""
    by_nodes = NodeProgram(s.g)
    found: list = []
    by_nodes.product(s, m, by_nodes.guard(m), 0, {}, [], found, False, None)
    return distinct(s.g, m, found)


@pytest.mark.parametrize("game", ["fanti", "canasta"])
def test_capture_options_merged_only_where_they_can_be_one_move_equal_merging_all(game):
    """At every position of random games: each move's instances, merged only among the options after the
    same earlier choices, are the instances merged by comparing them all (no two are one move)."""
    from kural.interpreter.bots import make_bot
    g = compiled(game)  # (its nodes list the options compared with)
    for seed in range(1, 4):
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while not s.over and len(s.history) < 400:
            for index in g.steps[s.step].moves:
                m = g.moves[index]
                if len(m.choices) < 2:
                    continue
                s.work = WORK_LIMIT
                found = instances(s, m)
                keys = [move_key(g, (index, v)) for v in found]
                assert len(set(keys)) == len(keys), (game, seed, m.name)
                s.work = WORK_LIMIT
                assert found == _all_compared(s, m)
            apply(s, bot.choose(s, legal_moves(s)))


def test_sums_to_of_a_few_cards_answers_every_total_from_their_groups_totals_and_spends_work():
    """Up to FEW_CARDS cards, the totals of all their groups are worked out once: every total, asked in any
    order, gets the groups a search for it alone finds (N6: the captures of each number card of a hand, one
    position), and the 2^n groups tried are paid from the move's work first: too little work is an error."""
    deck = Deck()
    value_of = pip(deck)
    sums_to = built_sums_to(deck, value_of)
    rng = random.Random(11)
    for n in range(FEW_CARDS + 1):
        cards = rng.sample(range(deck.size), n)
        s = Position()
        for total in rng.sample(range(-1, 40), 12):
            assert sums_to(s, {"cards": cards, "total": total}) == alone(deck, cards, total, value_of)
    s = Position()
    s.work = 2 ** FEW_CARDS - 1
    with pytest.raises(ValueError, match="sums_to needs more than"):
        sums_to(s, {"cards": list(range(FEW_CARDS)), "total": 11})


def test_the_written_out_totals_are_each_group_s_total_in_the_search_order():
    """The group totals that answer a few cards' sums (interpreter/group_totals.py, written out for 0 to
    FEW_CARDS cards) are each group's total, the groups in the depth-first order (N6's captures, §4.6)."""
    from kural.interpreter.group_totals import TOTALS_OF
    from kural.interpreter.subset_sums import _lex_groups
    assert len(TOTALS_OF) == FEW_CARDS + 1
    for n in range(FEW_CARDS + 1):
        groups = _lex_groups(n)
        assert len(groups) == 2 ** n - 1 and len(set(groups)) == len(groups) and groups == sorted(groups)
        values = [3 ** i for i in range(n)]  # every group its own total
        assert TOTALS_OF[n](list(range(n)), values) == [sum(values[i] for i in g) for g in groups]


@pytest.mark.parametrize("n", [4, FEW_CARDS + 3])
def test_a_total_asked_again_in_a_position_is_answered_from_what_is_kept_without_work(n):
    """N6: every number card of a hand asks the table's groups of its total; a total asked again in the same
    position (two cards of one value) is answered from what is kept for the position (a few cards' totals,
    more cards' search) without spending the move's work again; it is still the groups of a search for it
    alone."""
    deck = Deck()
    value_of = pip(deck)
    sums_to = built_sums_to(deck, value_of)
    cards = [c for c in range(deck.size) if deck.rank[c] <= 4][:n]
    s = Position()
    first = sums_to(s, {"cards": cards, "total": 6})
    spent = s.work
    again = sums_to(s, {"cards": cards, "total": 6})
    assert again == first and s.work == spent
    assert first == alone(deck, cards, 6, value_of) and first


@pytest.mark.parametrize("rule", ["c => pip(c) + 0 * rounds_played", "c => pip(c) * 1.5 / 1.5"])
def test_sums_to_of_a_rule_that_is_no_whole_table_is_written_out_and_captures_as_fanti(tmp_path, rule):
    """N6-N8 (captures that add up to the card's complement): a rule of values that reads the state (no
    table at load) or gives numbers that are not whole is written as code too (issue 36: the whole game
    generated, no closure called), and captures exactly as Fanti's own `c => pip(c)`, move for move."""
    text = (ROOT / "games" / "fanti.yaml").read_text(encoding="utf-8")
    own = "sums_to(numbers, target - pip(card), c => pip(c))"
    assert own in text, "the test no longer edits what it means to"
    path = tmp_path / "fanti.yaml"
    path.write_text(text.replace(own, f"sums_to(numbers, target - pip(card), {rule})"), encoding="utf-8")
    other, fanti = load(str(path)), load("fanti")
    assert "_rt.sums_of(" in other.program.source
    assert not [o for o in other.program.handed.values() if callable(o)], "no closure is handed to the module"
    for seed in (1, 2):
        s, t = new_game(other, seed), new_game(fanti, seed)
        bot = make_bot("random", seed)
        while not s.over:
            offered = legal_moves(s)
            assert offered == legal_moves(t), f"seed {seed}, move {len(s.history) + 1}"
            move = bot.choose(s, offered)
            apply(s, move)
            apply(t, move)
