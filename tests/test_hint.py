"""`hint` (`ipucu`) at the table (issue 14): at any prompt of `kural play` the search bot proposes a move for
the person and says why in the rule file's words (the `bot:` tip that picks it) or by the searched outcome
(its share of the playouts won); it plays nothing, and the move it names is legal and is played when typed.
Driven through the table as a player drives it: lines on standard input."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fantan_support import game, position  # noqa: E402
from test_cli_play import GAME, kural, replay_clean, save_path  # noqa: E402

from kural.cli.i18n import t  # noqa: E402
from kural.dsl.loader import load  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402
from kural.interpreter.search import DEFAULT_ITERATIONS, deciding_preference  # noqa: E402

SEED = 5
HINT = re.compile(r"(?:Hint|İpucu): (\d+)\) (\S+) \((.*)\)$")


def hint_lines(out: str) -> list[re.Match]:
    return [m for m in map(HINT.match, out.splitlines()) if m]


def saved_moves(home: Path) -> list:
    return json.loads(save_path(home).read_text(encoding="utf-8"))["moves"]


def test_hint_names_a_legal_move_says_why_and_plays_nothing(tmp_path):
    """At the person's first turn: `hint` and `ipucu` give the same hint (seeded by the position), one of the
    legal moves by its number and card as `help` lists them, and a reason from the rule file's tips or the
    search's playouts; the save after it holds the same moves as one where nothing was typed."""
    plain = kural(tmp_path / "a", "play", GAME, "--seed", SEED, "--lang", "en", stdin="")
    hinted = kural(tmp_path / "b", "play", GAME, "--seed", SEED, "--lang", "en", stdin="hint\nipucu\n")
    assert plain.returncode == hinted.returncode == 0, hinted.err
    assert saved_moves(tmp_path / "a") == saved_moves(tmp_path / "b")
    s = replay_clean(json.loads(save_path(tmp_path / "b").read_text(encoding="utf-8")))
    legal = legal_moves(s)
    found = hint_lines(hinted.out)
    assert len(found) == 2 and found[0].groups() == found[1].groups(), hinted.out
    number, label, why = found[0].groups()
    assert 1 <= int(number) <= len(legal) and label == s.g.deck.label(legal[int(number) - 1][1][0])
    tips = {p.tip["en"] for p in s.g.bot}
    reasons = why.split("; ")
    searched = re.fullmatch(r"won (\d+)% of (\d+) playouts", reasons[-1])
    assert reasons[0] in tips or searched, why
    if searched:  # a share of the playouts, which are at most the budget's iterations
        assert 0 <= int(searched[1]) <= 100 and 1 <= int(searched[2]) <= DEFAULT_ITERATIONS


def test_the_hinted_move_is_played_when_typed(tmp_path):
    """A player who follows the hint: its number typed plays that move, the person's next move in the record."""
    first = kural(tmp_path / "a", "play", GAME, "--seed", SEED, "--lang", "en", stdin="hint\n")
    number = int(hint_lines(first.out)[0][1])
    s = replay_clean(json.loads(save_path(tmp_path / "a").read_text(encoding="utf-8")))
    wanted = legal_moves(s)[number - 1]
    then = kural(tmp_path / "b", "play", GAME, "--seed", SEED, "--lang", "en", stdin=f"hint\n{number}\n")
    assert then.returncode == 0, then.err
    after = replay_clean(json.loads(save_path(tmp_path / "b").read_text(encoding="utf-8")))
    assert after.history[len(s.history)] == (s.me, wanted)


def test_hint_speaks_the_table_s_language(tmp_path):
    """The hint in Turkish (`ipucu`), with its reason in Turkish: a tip's `tr` text or the playouts' line."""
    proc = kural(tmp_path, "play", GAME, "--seed", SEED, "--lang", "tr", stdin="ipucu\n")
    assert proc.returncode == 0, proc.err
    found = hint_lines(proc.out)
    assert found and proc.out.count("İpucu: ") == 1, proc.out
    why = found[0][3]
    tips = {p.tip["tr"] for p in load(GAME).bot}
    assert why.split("; ")[0] in tips or re.search(r"\d+ deneme oyununda kazanma oranı %\d+$", why), why


def test_help_names_the_hint_command(tmp_path):
    proc = kural(tmp_path, "play", GAME, "--seed", SEED, "--lang", "en", stdin="help\n")
    assert t("help_commands", "en", help="help", why="why", hint="hint", quit="quit") in proc.out


def test_the_tip_given_is_the_preference_that_picks_the_move():
    """The tip a hint quotes is the `bot:` preference that puts the move alone at the top, in the rule file's
    order (RULES.md §1 tactics): with ♦7 ♥7 on the table and ♦6 ♦5 ♥8 in hand, ♦6 opens nothing for the
    others (♦5 is yours) and ♥8 opens ♥9 for them: the first preference decides. No preference picks ♥8."""
    g = game()
    s = position(g, 0, ["7D", "7H"], ["6D", "5D", "8H"], seed=1)
    moves = legal_moves(s)
    by_code = {g.deck.code[m[1][0]]: m for m in moves}
    assert set(by_code) == {"6D", "8H"}
    assert deciding_preference(s, moves, by_code["6D"]) is g.bot[0]
    assert deciding_preference(s, moves, by_code["8H"]) is None
