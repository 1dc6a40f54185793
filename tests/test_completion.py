"""Shell completion of what kural reads (issue 35.17): game ids and rule files, the variants of the game
named before on the line, bot kinds and --set param names, through click's completion machinery as the
shell calls it (`_KURAL_COMPLETE=complete_bash`, COMP_WORDS, COMP_CWORD); and `-h` names the game
argument GAME (OYUN in Turkish), never typer's `{game}`.
"""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from cli_support import ROOT, env_for

from kural.dsl.loader import load
from kural.dsl.paths import games_dir
from kural.interpreter.bots import KINDS

GAMES = sorted(p.stem for p in games_dir().glob("*.yaml"))
# kural as the installed script starts it: the shell's completion variable is named after the program
AS_INSTALLED = [sys.executable, "-c", "import sys; sys.argv[0] = 'kural'; from kural.cli.main import main; main()"]


def complete(tmp_path, line: str, cwd=ROOT) -> list[str]:
    """What kural offers for the last word of `line` (a line ending in a space completes a new word)."""
    words = line.split(" ")
    env = env_for(tmp_path / "home") | {"_KURAL_COMPLETE": "complete_bash", "COMP_WORDS": line,
                                        "COMP_CWORD": str(len(words) - 1)}
    proc = subprocess.run(AS_INSTALLED, capture_output=True, text=True,
                          encoding="utf-8", cwd=cwd, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    return proc.stdout.split()


def variants_of(game: str) -> list[str]:
    return sorted(p.stem for p in (games_dir() / game).glob("*.yaml"))


def test_game_ids_and_rule_files(tmp_path):
    """Issue 35.17: a game is completed from the bundled ids, and from rule files (.yaml) and the folders
    on the way to one, other files left out."""
    assert complete(tmp_path, "kural play ") == GAMES
    assert complete(tmp_path, "kural simulate fa") == [g for g in GAMES if g.startswith("fa")]
    (tmp_path / "mine.yaml").write_text("game: {}\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    (tmp_path / "more").mkdir()
    assert complete(tmp_path, f"kural rules {tmp_path}/") == [f"{tmp_path}/mine.yaml", f"{tmp_path}/more/"]


def test_variants_of_the_game_named_before(tmp_path):
    """Issue 35.17: --variant (and diff's second word) offers the variant files of the game on the line,
    wherever the game is on the line before it."""
    game = next(g for g in GAMES if len(variants_of(g)) > 1)
    assert complete(tmp_path, f"kural play {game} --variant ") == variants_of(game)
    assert complete(tmp_path, f"kural diff {game} ") == variants_of(game)
    first = variants_of(game)[0]
    assert complete(tmp_path, f"kural simulate {game} --seed 3 --variant {first[:2]}") == \
        [v for v in variants_of(game) if v.startswith(first[:2])]


def test_bot_kinds(tmp_path):
    """Issue 35.17: --bots offers the bot kinds, and the next kind of simulate's comma list."""
    kinds = list(KINDS)
    assert sorted(complete(tmp_path, f"kural play {GAMES[0]} --bots ")) == sorted(kinds)
    last = kinds[-1]
    assert complete(tmp_path, f"kural simulate {GAMES[0]} --bots {kinds[0]},{last[:1]}") == \
        [f"{kinds[0]},{k}" for k in kinds if k.startswith(last[:1])]


def test_param_names_of_the_game_and_its_variants(tmp_path):
    """Issue 35.17: --set offers `name=` for each param of the game on the line, with its variants'."""
    game, variant, added = next((g, v, n) for g in GAMES for v in variants_of(g)
                                for n in load(g, [v]).params if n not in load(g).params)
    assert complete(tmp_path, f"kural simulate {game} --set ") == [f"{n}=" for n in load(game).params]
    assert complete(tmp_path, f"kural play {game} --variant {variant} --set {added}") == [f"{added}="]


def test_what_does_not_read_completes_nothing(tmp_path):
    """A game that does not exist completes no variant nor param (in a folder without rule files: no
    path either), without a word on stderr."""
    assert complete(tmp_path, "kural play no-such-game --variant ", cwd=tmp_path) == []
    assert complete(tmp_path, "kural simulate no-such-game --set ", cwd=tmp_path) == []


@pytest.mark.parametrize("lang, name", [("en", "GAME"), ("tr", "OYUN")])
def test_help_names_the_game_argument(tmp_path, lang, name):
    """Issue 35.17: a command's -h names its game argument GAME (OYUN), not typer's `{game}` (every
    command's game is one annotated argument of cli/main.py)."""
    env = env_for(tmp_path / "home") | {"KURAL_LANG": lang}
    for command in ("play", "simulate", "check"):  # an optional GAME, a required one, one before CARD...
        shown = subprocess.run([sys.executable, "-m", "kural.cli.main", command, "-h"], capture_output=True,
                               text=True, encoding="utf-8", cwd=ROOT, env=env, timeout=60).stdout
        usage = shown.splitlines()[0]
        assert name in usage and "{game}" not in shown and not re.search(r"^  game  ", shown, re.M), shown
