"""`kural check GAME CARD...`: is a group of cards a meld under the game's `melds:` section?

Run as a user runs it, on the test game tests/games/melds.yaml (the meld rules of RULES.md §3:
C3–C7, C13). Exit 0 a meld, 1 not a meld, 2 unusable input; --json prints exactly
{"legal", "kind", "points", "reason"}.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import game_ids, loaded  # noqa: E402
from cli_support import kural  # noqa: E402

from cli.i18n import t  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = "tests/games/melds.yaml"


def check(tmp_path, *args):
    return kural(tmp_path / "home", "check", GAME, *args, timeout=60)


def answer(tmp_path, *args) -> dict:
    proc = check(tmp_path, "--json", *args)
    assert proc.returncode in (0, 1), proc.err
    lines = proc.out.splitlines()
    assert len(lines) == 1, proc.out
    data = json.loads(lines[0])
    assert list(data)[:4] == ["legal", "kind", "points", "reason"]  # docs/json/check.schema.json has the rest
    assert proc.returncode == (0 if data["legal"] else 1)
    return data


@pytest.mark.parametrize("cards,kind,points,rule", [
    ("4H 5H 6H 2C 8H", "run", 35, "C6"),
    ("8H 9H TH XJ QH", "run", 50, "C6"),
    ("7S 7H 2C", "set", 20, "C7"),
    ("8S 8D XJ", "set", 30, "C7"),
    ("AS AH 2D", "set", 40, "C7"),
    ("QH KH AH", "run", 35, "C3"),
    ("AS 2S 3S", "run", 25, "C5"),
    ("AS 2S 3S 2C", "run", 35, "C5"),
    ("8S 8S 8H", "set", 30, "C3"),
    ("2S 2H 2D 2C 2S 2H 2D", "set", 35, "C13"),
])
def test_a_meld_as_json(tmp_path, cards, kind, points, rule):
    data = answer(tmp_path, *cards.split())
    assert {k: data[k] for k in ("legal", "kind", "points", "reason")} == \
        {"legal": True, "kind": kind, "points": points, "reason": ""}


@pytest.mark.parametrize("cards,rule", [
    ("5H 6H 2C", "C6"), ("8H 2C TH", "C6"), ("KH AH 2H", None), ("7S 7H 2C 2D", "C4"), ("7S 7H", "C3"),
    ("KS AS 2S 3S", "C3"),
])
def test_not_a_meld_as_json(tmp_path, cards, rule):
    data = answer(tmp_path, *cards.split())
    assert (data["legal"], data["kind"], data["points"]) == (False, None, 0)
    assert data["reason"]
    if rule:
        assert data["reason"].startswith(f"{rule}: ")


def test_the_words_say_what_the_meld_is_and_which_card_stands_for_which(tmp_path):
    proc = check(tmp_path, "4H", "5H", "6H", "2C", "8H", "--lang", "en")
    assert proc.returncode == 0, proc.err
    assert t("check_stands_for", "en", card="2C", face="7H") in proc.out
    assert "35" in proc.out and t("check_run", "en", suit="hearts") in proc.out
    placed = check(tmp_path, "AS", "2S", "3S", "2C", "--lang", "en")
    assert t("check_in_place", "en", card="2S") in placed.out  # C5
    assert t("check_stands_for", "en", card="2C", face="4S") in placed.out


def test_a_refusal_names_its_rule_in_both_languages(tmp_path):
    en = check(tmp_path, "5H", "6H", "2C", "--lang", "en")
    assert en.returncode == 1
    assert "C6: a wild in a run needs 3 natural cards in sequence first" in en.out
    tr = check(tmp_path, "5H", "6H", "2C", "--lang", "tr")
    assert tr.returncode == 1
    assert "C6: sıralıda joker ancak önce sırayla 3 doğal kart varsa kullanılır" in tr.out
    assert t("check_not_meld", "tr", cards="5H 6H 2C", reason="x").split(" — ")[0] in tr.out
    assert json.loads(check(tmp_path, "--json", "--lang", "tr", "5H", "6H", "2C").out)["reason"].startswith("C6: sıralıda")


def test_set_changes_the_core(tmp_path):
    """C6's core is a param: with --set run_natural_core=2, 5-6-W is a run of 20."""
    data = answer(tmp_path, "--set", "run_natural_core=2", "5H", "6H", "2C")
    assert (data["legal"], data["kind"], data["points"], data["reason"]) == (True, "run", 20, "")


def test_ten_and_symbols_are_read_as_cards(tmp_path):
    assert answer(tmp_path, "8H", "9H", "10H", "XJ", "Q♥")["points"] == 50


@pytest.mark.parametrize("cards,key", [
    (["7S", "ZZ", "7H"], "check_bad_card"),
    (["XJ", "XJ", "XJ"], "check_too_many"),
])
def test_unusable_cards_exit_2_with_one_line(tmp_path, cards, key):
    proc = check(tmp_path, *cards, "--lang", "en")
    assert proc.returncode == 2
    assert proc.out == ""
    assert proc.err.strip() == t(key, "en", code=cards[1], n=2)  # one line, no traceback


def test_a_game_without_melds_exits_2_with_one_line(tmp_path):
    game = next(gid for gid in game_ids() if loaded(gid).melds is None)
    proc = kural(tmp_path / "home", "check", game, "7H", "8H", "9H", "--lang", "en", timeout=60)
    assert proc.returncode == 2
    assert proc.err.strip() == t("check_no_melds", "en", game=loaded(game).id)
    assert proc.out == ""


def test_a_bad_game_or_param_is_a_rule_problem(tmp_path):
    proc = kural(tmp_path / "home", "check", "no-such-game", "7H", "8H", "9H", timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.err
    proc = check(tmp_path, "--set", "no_such_param=1", "7H", "8H", "9H")
    assert proc.returncode == 2 and "no_such_param" in proc.err and "Traceback" not in proc.err


def test_help_lists_the_command(tmp_path):
    proc = kural(tmp_path / "home", "--help", timeout=60)
    assert "check" in proc.out
