"""`kural rules` says a game's `melds:` section in words (section "Melds" / "Perler"), from its values.

Run on the test game tests/games/melds.yaml (the meld rules of RULES.md §3: C3–C7), with the
generic checks tests/test_teaching.py runs on every game of games/: words only, no rule-language
syntax, every rule number the file cites printed, in both languages and both formats. The `why`
refusals of `melds.why` are printed with their rule numbers, in the Melds section itself.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_teaching import check_rules_document, document, kural, open_rules, raw_syntax, rule_ids  # noqa: E402

from kural.dsl.teach.book import Book  # noqa: E402
from kural.dsl.teach.phrases import say  # noqa: E402
from kural.dsl.wording import LANGS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "games" / "melds.yaml"


def melds_parts(rs, lang: str) -> dict:
    sections = {s.key: s for s in Book(rs.g, lang).sections()}
    assert "sec_melds" in sections, lang
    return {p.id: p for p in sections["sec_melds"].parts}


def test_the_generic_checks_hold_for_the_melds_test_game():
    rs = open_rules(str(GAME))
    assert {"C3", "C4", "C6"} <= set(rule_ids(rs.data))  # melds.why cites its rules
    check_rules_document(rs)


@pytest.mark.parametrize("lang", LANGS)
def test_the_melds_section_comes_after_the_places_for_cards(lang):
    keys = [s.key for s in Book(open_rules(str(GAME)).g, lang).sections()]
    assert keys.index("sec_melds") == keys.index("sec_zones") + 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_each_refusal_is_printed_with_its_rule(lang, fmt):
    rs = open_rules(str(GAME))
    g = rs.g
    parts = melds_parts(rs, lang)
    for reason, rule in (("size", "C3"), ("shape", "C3"), ("wilds", "C4"), ("core", "C6")):
        part = parts[f"melds.why.{reason}"]
        assert part.rules == [rule], reason
        words = g.melds.why[reason][lang]
        assert words in part.lines[0].text and "{" not in words, reason  # the param's value in force
    out = document(rs, lang, fmt, reference=True)
    flat = " ".join(out.split())
    heading = say("sec_melds", lang)
    assert heading in out
    melds_text = flat[flat.index(heading):]
    for rule, reason in (("C4", "wilds"), ("C6", "core")):
        lead = f"**{rule}**: " if fmt == "markdown" else f"{rule}: "
        assert lead + say("melds_case_" + reason, lang) in melds_text, (rule, reason)


def test_the_section_says_the_values_in_words():
    parts = melds_parts(open_rules(str(GAME)), "en")
    text = {pid: " ".join(l.text for l in p.lines) for pid, p in parts.items()}
    assert "at least 3 cards" in text["melds.min_size"] and "min_meld" in text["melds.min_size"]
    assert "a set" in text["melds.kinds"] and "a run" in text["melds.kinds"]
    assert "ace-2-3" in text["melds.ace"] and "queen-king-ace" in text["melds.ace"]
    assert text["melds.wild"].endswith("when the card is a joker or the card is a 2.")  # said by the Speaker
    assert "at most 1 wild card" in text["melds.max_wilds"] and parts["melds.max_wilds"].rules == ["C4"]
    assert "natural" in text["melds.natural_in_place"]
    assert "3 natural cards in sequence" in text["melds.run_natural_core"]
    assert parts["melds.run_natural_core"].rules == ["C6"]
    assert "its points" in text["melds.points"] and "its wild points" in text["melds.points"]  # the tables' names


def test_params_and_variants_change_the_words(tmp_path):
    """`--set` and a variant's `melds:` change what the section says; --variant marks exactly those parts."""
    rs = open_rules(str(GAME), sets=["max_wilds=2", "run_natural_core=0"])
    parts = melds_parts(rs, "en")
    assert "at most 2 wild cards" in parts["melds.max_wilds"].lines[0].text
    assert "melds.run_natural_core" not in parts  # no core rule when it is 0
    shutil.copy(GAME, tmp_path / "melds.yaml")
    (tmp_path / "runs_only.yaml").write_text(
        "extends: melds.yaml\nvariant: {id: runs_only}\nmelds: {sets: false, ace: low, wild: is_joker(c)}\n",
        encoding="utf-8")
    base = open_rules(str(tmp_path / "melds.yaml"))
    rs = open_rules(str(tmp_path / "melds.yaml"), [str(tmp_path / "runs_only.yaml")])
    check_rules_document(rs, base)
    parts = melds_parts(rs, "en")
    assert "A meld is a run" in parts["melds.kinds"].lines[0].text
    assert "low only" in parts["melds.ace"].lines[0].text
    assert parts["melds.wild"].lines[0].text.endswith("when the card is a joker.")
    assert "melds.natural_in_place" not in parts  # a joker has no place of its own
    out = document(rs, "en", "markdown", base, reference=True).splitlines()  # a line per part, unwrapped
    flagged = {pid for pid, p in parts.items() for line in out
               if p.lines[0].text in line and line.endswith("**[changed by the variant]**")}
    assert flagged == {"melds.kinds", "melds.ace", "melds.wild"}


def test_a_game_without_melds_has_no_melds_section():
    rs = open_rules("fantan")
    for lang in LANGS:
        assert "sec_melds" not in [s.key for s in Book(rs.g, lang).sections()]


@pytest.mark.parametrize("lang", LANGS)
def test_the_cli_prints_the_section(tmp_path, lang):
    proc = kural(tmp_path, "rules", GAME, "--lang", lang, "--reference")
    assert proc.returncode == 0, proc.stderr
    assert say("sec_melds", lang) in proc.stdout
    assert not raw_syntax(proc.stdout)
    for rule in ("C3", "C4", "C6"):
        assert f"  {rule}: " in proc.stdout


def test_diff_reports_a_change_of_the_melds_section(tmp_path):
    """A variant that changes only `melds:` (here: no sets, C3) changes the rules: kural diff says so, in words."""
    shutil.copy(GAME, tmp_path / "melds.yaml")
    (tmp_path / "runs_only.yaml").write_text(
        "extends: melds.yaml\nvariant: {id: runs_only}\nmelds: {sets: false}\n", encoding="utf-8")
    proc = kural(tmp_path, "diff", str(tmp_path / "melds.yaml"), str(tmp_path / "runs_only.yaml"), "--lang", "en")
    assert proc.returncode == 0, proc.stderr
    assert "changes nothing" not in proc.stdout
    assert "melds: sets: changed" in proc.stdout
    assert "A meld is a run" in proc.stdout
