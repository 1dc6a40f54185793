"""The tables a game ends with fit an 80-column terminal, whatever the game's length: never a title or
a number cut short (`C…`), never a line past the 80th column.

Where each round's points as a column would not fit beside the results (a long game: Kanasta's hands
to 5200, Fanti played to many rounds), they are a table of their own, a row a round, and the results
keep the totals. Games come from games/ (tests/all_games.py): nothing here names one but the long
game made by --set.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import game_ids, loaded, variant_ids  # noqa: E402

from cli import render  # noqa: E402
from interpreter import game  # noqa: E402
from interpreter.bots import make_bot  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BOX = tuple("┏┃┡│├└")  # the lines of a table
WIDTH = 80


def table_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(BOX)]


def fits(text: str) -> None:
    lines = table_lines(text)
    assert lines, text
    assert not any("…" in line for line in lines), "\n".join(lines)
    assert max(len(line) for line in lines) <= WIDTH, "\n".join(lines)


def kural_at_80(home: Path, *args) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS=str(WIDTH))
    proc = subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("game_id", game_ids())
def test_a_whole_game_at_80_columns_ends_with_tables_that_fit(tmp_path, game_id):
    """`kural play GAME --auto` on 80 columns, played to its end: every round's sheet and the results
    fit, and the results give each seat's (or team's) total."""
    out = kural_at_80(tmp_path, "play", game_id, "--auto", "--delay", "0", "--seed", "2", "--lang", "en")
    fits(out)
    g = loaded(game_id)
    result = out[out.rindex("\nResult\n"):]
    assert pick_title(g.result.score_title) in result


def pick_title(texts: dict) -> str:
    return texts.get("en") or next(iter(texts.values()))


def test_a_game_of_fifteen_rounds_shows_its_rounds_as_rows_and_the_totals_at_80_columns(tmp_path):
    """A game of fifteen rounds (a game of `games/` whose rule file counts its rounds in a param, that param
    set to 15): the rounds' points are a table of fifteen rows, the results keep the totals, all within
    80 columns."""
    game_id, param = next((gid, name) for gid in game_ids() for name, info in loaded(gid).param_info.items()
                          if name == "rounds" and info["type"] == "num")
    out = kural_at_80(tmp_path, "play", game_id, "--auto", "--delay", "0", "--seed", "2", "--lang", "en",
                      "--set", f"{param}=15")
    fits(out)
    rounds = out[out.rindex("Each round's points"):out.rindex("\nResult\n")]
    assert [line.split()[1] for line in table_lines(rounds) if line.startswith("│")] == \
        [f"R{n}" for n in range(1, 16)]
    result = out[out.rindex("\nResult\n"):]
    assert "R1 " not in result and "total points" in result


@pytest.mark.parametrize("game_id,variant", [(gid, v) for gid in game_ids() for v in variant_ids(gid)])
def test_every_variant_ends_with_tables_that_fit_80_columns(tmp_path, game_id, variant):
    """Each variant file of every bundled game, played by heuristic bots to its end: its round sheets and
    its results, drawn on 80 columns in both languages, fit."""
    g = loaded(game_id, (variant,))
    s = game.new_game(g, 2)
    game.play_out(s, [make_bot("heuristic", seat) for seat in range(g.players)])
    res = game.result(s)
    for lang in ("en", "tr"):
        names = list(g.seats[lang])
        path = tmp_path / f"{lang}.txt"
        with open(path, "w", encoding="utf-8") as f:
            console = Console(width=WIDTH, file=f, color_system=None)
            for number, sheet in enumerate(s.sheets, start=1):
                console.print(render.round_table(console, g, sheet, number, names, lang, names[0]))
            for table in render.end_tables(console, g, s, res, names, lang):
                console.print(table)
        fits(path.read_text(encoding="utf-8"))
