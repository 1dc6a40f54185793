"""Kanasta's hand sheet: every part of a hand's points is a column, the columns add up to the points,
and the sheet says why the hand ended (RULES.md C10, C14, C17-C21; D6-D10 for the 351 game).

C21 lists what a hand scores: the canasta bonuses (C10), the fi taken (C14, C19), the 50 for ending
the hand (C17, C20), the points of every card melded, minus the cards left in both partners' hands;
C18 adds -100 (or -600) for a partnership that took no fi. The sheet has a column for each of
them (games/canasta.yaml round_result), so a player can add the columns up to the hand's points;
these tests play seeded bot games and check it of every sheet, then check the sheet as the
terminal draws it.
"""
from __future__ import annotations

import functools
import re

import pytest
from rich.console import Console

from kural.cli import render
from kural.dsl.loader import load
from kural.interpreter import game
from kural.interpreter.bots import make_bot

PARTS = ("melded", "canastas", "fi", "out", "in_hand", "no_fi")  # C21's parts, and C18's penalty
# (variant, players, --set, seeds): the 5200 game to a lower target (a few hands a game), the 351 game
# at every player count D1 allows
GAMES = [((), 4, ("targets=[1500]",), range(1, 7)),
         (("351",), 4, (), range(1, 3)),
         (("351",), 3, (), range(1, 3)),
         (("351",), 2, (), range(2, 4))]  # (seeds 1, 4, 5 of two heuristic bots show twins to the move bound, D9)


@functools.lru_cache(maxsize=None)
def played(variants: tuple, players: int, sets: tuple, seed: int):
    g = load("canasta", list(variants), list(sets), players)
    s = game.new_game(g, seed)
    game.play_out(s, [make_bot("heuristic", seed * 64 + seat) for seat in range(g.players)])
    assert s.over and not s.aborted and s.sheets
    return g, s


@pytest.mark.parametrize("variants,players,sets,seeds", GAMES, ids=["5200", "351-4p", "351-3p", "351-2p"])
def test_C21_every_sheet_of_seeded_bot_games_adds_its_columns_up_to_its_points(variants, players, sets, seeds):
    """C21 (C18): for every hand of these games, each side's columns sum to its points this hand, and
    the running total is the sum of the hands' points (C22)."""
    for seed in seeds:
        g, s = played(variants, players, sets, seed)
        assert tuple(g.round_result.fields) == PARTS
        running = [0] * len(s.totals)
        for sheet in s.sheets:
            for side, points in enumerate(sheet["points"]):
                assert sum(sheet[part][side] for part in PARTS) == points, (seed, sheet)
                running[side] += points
            assert sheet["totals"] == running


@pytest.mark.parametrize("variants,players,sets,seeds", GAMES, ids=["5200", "351-4p", "351-3p", "351-2p"])
def test_C17_C20_each_sheet_says_why_the_hand_ended_and_its_parts_have_the_rules_values(variants, players, sets,
                                                                                       seeds):
    """A hand ends when a player goes out (C17; D8 in the 351 game), who alone scores the bonus for ending
    it, or when the stock runs out (C20), when nobody does. Each part has the values its rule allows: the
    bonuses of C10 (D6), 100 a fi (C14; 10 in D10), the cards left in hand counted against their side
    (C21, D10), -100 or -600 for a side without a fi (C18; none in the 351 game)."""
    for seed in seeds:
        g, s = played(variants, players, sets, seed)
        p = g.param_values
        for sheet in s.sheets:
            ended = [side for side, out in enumerate(sheet["out"]) if out]
            if sheet["ended"] == "out":
                assert len(ended) == 1 and sheet["out"][ended[0]] == p["out_bonus"]
            else:
                assert sheet["ended"] == "stock" and ended == []
            for side in range(len(s.totals)):
                assert sheet["canastas"][side] >= 0 and sheet["canastas"][side] % p["half_bonus"] == 0
                assert sheet["fi"][side] in (0, p["fi_bonus"], 2 * p["fi_bonus"])
                assert sheet["in_hand"][side] <= 0
                assert sheet["no_fi"][side] in (0, -p["no_fi_penalty"], -p["forced_penalty"])
            if variants:
                assert all(x == 0 for x in sheet["no_fi"]), "D10: the 351 game has no penalty for no fi"


def test_C21_the_sheet_on_80_columns_is_a_column_per_side_its_parts_above_the_points_and_says_why(tmp_path):
    """On an 80-column terminal the hand sheet is a row per part and a column per partnership (its columns
    side by side would not fit): every title whole, never cut short (…), the points below the parts they
    add up from; its title names who went out and the rule (C17), or that the stock ran out (C20)."""
    g, s = played((), 4, ("targets=[1500]",), 3)  # its first hand ends as the stock runs out, the others going out
    names = ["You", "Zeynep", "Can", "Elif"]
    console = Console(width=80, file=open(tmp_path / "out.txt", "w", encoding="utf-8"), color_system=None)
    seen = set()
    for number, sheet in enumerate(s.sheets, start=1):
        console.print(render.round_table(console, g, sheet, number, names, "en", mover="Elif"))
        seen.add(sheet["ended"])
    console.file.close()
    text = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    lines = text.splitlines()
    for title in ("cards melded", "canasta bonuses", "fi bonus", "ending the hand", "left in hand", "no fi penalty",
                  "points this hand", "total points"):
        assert sum(line.startswith(f"│ {title} ") for line in lines) == len(s.sheets), title
    parts_end = [i for i, line in enumerate(lines) if line.startswith("│ no fi penalty ")]
    assert all(lines[i + 1].startswith("├") and lines[i + 2].startswith("│ points this hand") for i in parts_end)
    assert seen == {"out", "stock"}
    said = " ".join(text.split())  # the title wraps between words
    assert "Hand 2 · Elif went out (C17)" in said
    assert "Hand 1 · the stock ran out: Elif drew the last card and played that turn (C20)" in said


def test_a_hand_is_called_as_the_game_calls_it(tmp_path):
    """game.round_title: Kanasta's sheet says a hand, 'el' at a Turkish table (as its seed and RULES.md
    do), where a game that names nothing (Fanti) says a round, 'tur'."""
    g, s = played((), 4, ("targets=[1500]",), 3)
    for lang, want in (("en", "Hand 1 ·"), ("tr", "1. el ·")):
        console = Console(width=120, file=open(tmp_path / f"{lang}.txt", "w", encoding="utf-8"), color_system=None)
        console.print(render.round_table(console, g, s.sheets[0], 1, ["A", "B", "C", "D"], lang, mover="D"))
        console.print(render.rounds_table(g, {"rounds": [[1, 2]] * 2}, ["A", "B", "C", "D"], lang))
        console.file.close()
        text = (tmp_path / f"{lang}.txt").read_text(encoding="utf-8")
        assert want in text and ("Each hand's points" if lang == "en" else "Ellerin puanları") in text, text
        assert not re.search(r"\bRound\b|\btur\b", text), text
    from kural.cli.i18n import round_words
    from all_games import loaded
    fanti = loaded("fanti")
    assert round_words(fanti, "en")["heading"] == "Round" and round_words(fanti, "tr")["each"] == "Turların"
