"""The old games on the new notions (issue 38): Fantan, Fanti and Kanasta were written before defines took
arguments and before defines of effects; where a notion replaces a workaround, they use it now.

Each replacement is checked against the workaround it replaced, written back into a copy of the file: the
copy is the same game (heuristic bots play the same moves from the same seeds, RULES.md F1-F9, N1-N15,
C1-C22 unchanged) and its rules say the same words (`kural rules --reference`, both languages), so the
notion changed how the file reads and nothing a player sees. The golden corpus pins the records of the
files themselves (tests/golden_corpus.py).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from kural.dsl import teach
from kural.dsl.loader import load
from kural.interpreter.bots import seat_bots
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves

GAMES = Path(__file__).resolve().parents[1] / "games"

# (the notion as the file has it now, the workaround it replaced): each pair is put back by text.
FANTAN = [  # F5, F6: the bot's "what a card opens", once a sum written out twice
    ("""  mine_above(x): "filter(hand(me), c => suit(c) == suit(x) and rank(c) > rank(x))"
  mine_below(x): "filter(hand(me), c => suit(c) == suit(x) and rank(c) < rank(x))"
  opens(x):
    value: >
      (if rank(x) < row_rank then 0
       else if empty(mine_above(x)) then 13 - rank(x)
       else min(mine_above(x), c => rank(c)) - rank(x) - 1)
      + (if rank(x) > row_rank then 0
         else if empty(mine_below(x)) then rank(x) - 1
         else rank(x) - max(mine_below(x), c => rank(c)) - 1)
""", ""),
    ("    prefer: opens(card) == 0\n", """    prefer: >
      (if rank(card) < row_rank then 0
       else if empty(filter(hand(me), c => suit(c) == suit(card) and rank(c) > rank(card))) then 13 - rank(card)
       else min(filter(hand(me), c => suit(c) == suit(card) and rank(c) > rank(card)), c => rank(c)) - rank(card) - 1)
      + (if rank(card) > row_rank then 0
         else if empty(filter(hand(me), c => suit(c) == suit(card) and rank(c) < rank(card))) then rank(card) - 1
         else rank(card) - max(filter(hand(me), c => suit(c) == suit(card) and rank(c) < rank(card)), c => rank(c)) - 1)
      == 0
"""),
    ("""      (if rank(card) >= row_rank then count(mine_above(card)) else 0)
      + (if rank(card) <= row_rank then count(mine_below(card)) else 0)
""", """      count(hand(me), c => suit(c) == suit(card)
                           and ((rank(card) >= row_rank and rank(c) > rank(card))
                                or (rank(card) <= row_rank and rank(c) < rank(card))))
"""),
    ("    prefer: 13 - opens(card)\n", """    prefer: >
      13 - (if rank(card) < row_rank then 0
            else if empty(filter(hand(me), c => suit(c) == suit(card) and rank(c) > rank(card))) then 13 - rank(card)
            else min(filter(hand(me), c => suit(c) == suit(card) and rank(c) > rank(card)), c => rank(c)) - rank(card) - 1)
         - (if rank(card) > row_rank then 0
            else if empty(filter(hand(me), c => suit(c) == suit(card) and rank(c) < rank(card))) then rank(card) - 1
            else rank(card) - max(filter(hand(me), c => suit(c) == suit(card) and rank(c) < rank(card)), c => rank(c)) - 1)
"""),
]

FANTI = [  # N14: the same condition for the most cards and the most Leaves
    ("    value: leaders(seats, p => leaves_of(p))\n", "    value: leaders(seats, p => count(pile(p), c => suit(c) == leaf))\n"),
    ("    value: scores_most(card_leaders, count(pile(seat)))\n",
     """    value: seat in card_leaders and count(pile(seat)) > 0 and (tie == "all" or count(card_leaders) == 1)\n"""),
    ("    value: scores_most(leaf_leaders, leaves_of(seat))\n", """    value: >
      seat in leaf_leaders and count(pile(seat), c => suit(c) == leaf) > 0
      and (tie == "all" or count(leaf_leaders) == 1)
"""),
    ("    leaf: leaves_of(seat)\n", "    leaf: count(pile(seat), c => suit(c) == leaf)\n"),
    ("count(capture, c => is_prize(c)) + (if count(capture) > 0 and is_prize(card) then 1 else 0)",
     "count(capture, c => c == prize_one or c == prize_two) + (if count(capture) > 0 and (card == prize_one or card == prize_two) then 1 else 0)"),
]

WILD = "(is_joker(card) or rank(card) == 2)"
CANASTA = [  # C8, C18 and the bot: an effect written twice, conditions written for several names
    ("        if opening_ready then open_now()\n", "        if opening_ready then { for g in my_pending do pending[g] = 0; opened[me] = 1 }\n"),
    ("      if not is_open and opening_ready then open_now()\n",
     "      if not is_open and opening_ready then { for g in my_pending do pending[g] = 0; opened[me] = 1 }\n"),
    ("    value: side_opened(team(me))\n", "    value: any(members(team(me)), p => opened[p] == 1)\n"),
    ("not side_opened(team) and", "not any(members(team), p => opened[p] == 1) and"),
    ("not side_opened(u) then", "not any(members(u), p => opened[p] == 1) then"),
    ("sum(my_pending, g => if counts_to_open(g) then meld_points(g) else 0)",
     "sum(my_pending, g => if meld_wilds(g) == 0 or totals[team(me)] >= wilds_count_from then meld_points(g) else 0)"),
    ("count(my_pending, g => natural_run(g))", 'count(my_pending, g => meld_kind(g) == "run" and meld_wilds(g) == 0)'),
    ("any(my_pending, g => natural_run(g))", 'any(my_pending, g => meld_kind(g) == "run" and meld_wilds(g) == 0)'),
    ("if counts_to_open(m) then meld_points(m)", "if meld_wilds(m) == 0 or totals[team(me)] >= wilds_count_from then meld_points(m)"),
    ("m => counts_to_open(m)), m", "m => meld_wilds(m) == 0 or totals[team(me)] >= wilds_count_from), m"),
    ("r => natural_run(r)\n", 'r => meld_kind(r) == "run" and meld_wilds(r) == 0\n'),
    ("m => counts_to_open(m) and not clashes(m, r)",
     "m => (meld_wilds(m) == 0 or totals[team(me)] >= wilds_count_from) and not (any(m, c => any(r, x => same_face(x, c))"
     " and count(m, y => same_face(y, c)) + count(r, y => same_face(y, c)) > count(hand(me), y => same_face(y, c))))"),
    ("or beside_top(-1) and beside_top(1) or beside_top(1) and beside_top(2) or beside_top(-1) and beside_top(-2)",
     "or " + " or ".join(f"has(hand(me), suit(top(pile)), rank(top(pile)) {a}) and has(hand(me), suit(top(pile)), rank(top(pile)) {b})"
                 for a, b in (("- 1", "+ 1"), ("+ 1", "+ 2"), ("- 1", "- 2")))),
    ("prefer: not is_wild(card) or", f"prefer: not {WILD} or"),
    ("(if is_wild(card) then 150 else 0)", f"(if {WILD[1:-1]} then 150 else 0)"),
    ("- 15 * run_mates(card, 1) - 5 * run_mates(card, 2)",
     "- 15 * count(hand(me), c => suit(c) == suit(card) and abs(rank(c) - rank(card)) == 1 and not (is_joker(c) or rank(c) == 2))"
     " - 5 * count(hand(me), c => suit(c) == suit(card) and abs(rank(c) - rank(card)) == 2 and not (is_joker(c) or rank(c) == 2))"),
    ("prefer: not is_wild(top(pile)) and", "prefer: not (is_joker(top(pile)) or rank(top(pile)) == 2) and"),
    ("+ (if not is_open and natural_run(cards) then 200 else 0)",
     '+ (if not is_open and meld_kind(cards) == "run" and meld_wilds(cards) == 0 then 200 else 0)'),
]

NEW_DEFINES = ["opens", "mine_above", "mine_below", "open_now", "side_opened", "natural_run", "is_wild", "beside_top", "run_mates", "leaves_of", "scores_most",
               "is_prize"]


def as_it_was(text: str, pairs) -> str:
    """The file with each notion replaced by the workaround it replaced (each written once in the file)."""
    for new, old in pairs:
        assert text.count(new) == 1, new
        text = text.replace(new, old)
    return text


def histories(g, seeds) -> list:
    out = []
    for seed in seeds:
        s, bots = new_game(g, seed), seat_bots(["heuristic"] * g.players, seed)
        while not s.over:
            apply(s, bots[s.me].choose(s, legal_moves(s)))
        out.append(s.history)
    return out


def reference(path: Path, variants=()) -> list[str]:
    g = teach.open_game(str(path), list(variants))
    return [teach.rules(g, lang, "reference") for lang in ("en", "tr")]


@pytest.mark.parametrize("game, pairs, seeds", [("fantan", FANTAN, range(1, 9)), ("fanti", FANTI, range(1, 5)),
                                                ("canasta", CANASTA, range(1, 3))])
def test_each_notion_is_the_workaround_it_replaced_the_same_game_and_the_same_words(tmp_path, game, pairs, seeds):
    """Issue 38: written back as the workaround, each old game plays the same moves from the same seeds and its
    rules say the same words: the replacements changed how the file reads, not the game."""
    now = GAMES / f"{game}.yaml"
    was = tmp_path / f"{game}.yaml"
    was.write_text(as_it_was(now.read_text(encoding="utf-8"), pairs), encoding="utf-8")
    assert histories(load(str(now)), seeds) == histories(load(str(was)), seeds)
    assert reference(now) == reference(was)


def test_the_351_game_calls_the_base_games_notions_and_plays_as_with_the_workarounds(tmp_path):
    """Issue 38, D9 and the bot: the 351 variant calls the 5200 game's `is_wild` and `run_mates` in its own
    preferences; written back as the workarounds (in both files), it is the same game."""
    base, variant = GAMES / "canasta.yaml", GAMES / "canasta" / "351.yaml"
    (tmp_path / "canasta.yaml").write_text(as_it_was(base.read_text(encoding="utf-8"), CANASTA), encoding="utf-8")
    text = variant.read_text(encoding="utf-8").replace("extends: canasta\n", "extends: canasta.yaml\n")
    pairs = [("prefer: not is_wild(card) or", f"prefer: not {WILD} or"),
             ("(if is_wild(card) then 150 else 0)", f"(if {WILD[1:-1]} then 150 else 0)"),
             ("- 15 * run_mates(card, 1)\n", "- 15 * count(hand(me), c => suit(c) == suit(card) and abs(rank(c) - rank(card))"
                                             " == 1 and not (is_joker(c) or rank(c) == 2))\n"),
             ("not is_wild(top(pile)) and pile_top_melds", "not (is_joker(top(pile)) or rank(top(pile)) == 2) and pile_top_melds")]
    (tmp_path / "351.yaml").write_text(as_it_was(text, pairs), encoding="utf-8")
    for players in (2, 4):
        now, was = load(str(variant), players=players), load(str(tmp_path / "351.yaml"), players=players)
        assert histories(now, range(1, 3)) == histories(was, range(1, 3))


@pytest.mark.parametrize("name", NEW_DEFINES)
def test_every_new_define_is_called_twice_at_least(name):
    """Issue 38: a notion replaces a workaround where it makes the file clearer: each define added here is
    called in two places at least (a condition or an effect no longer written twice)."""
    text = "".join((GAMES / f"{g}.yaml").read_text(encoding="utf-8") for g in ("fantan", "fanti", "canasta"))
    assert text.count(f"{name}(") >= 2, name
