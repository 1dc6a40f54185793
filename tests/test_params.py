"""House rules a user writes (issue 35.11-12): a variant's mistake is shown in the variant's file, with
the base's line beside it; `kural params` lists every param as `--set` takes it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import ROOT, kural  # noqa: E402

from kural.dsl.errors import RuleError  # noqa: E402
from kural.dsl.loader import load  # noqa: E402

LIMITS = dict(timeout=90, cpu=30)


def refused(tmp_path: Path, text: str, base: str) -> tuple:
    variant = tmp_path / "mine.yaml"
    variant.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load(base, [str(variant)])
    return variant, err.value.problems[0]


def base_line(game: str, problem) -> str:
    lines = (ROOT / "games" / f"{game}.yaml").read_text(encoding="utf-8").splitlines()
    return lines[problem.base.line - 1]


# ------------------------------------------------------------------ 35.11: blamed in the user's file
def test_five_players_without_seat_names_is_blamed_on_the_variant(tmp_path):
    """issue 35.11, F1/F3: the variant set 5 players; the base names 4 seats: the variant's line is
    the place, the base's seat names the context."""
    variant, problem = refused(tmp_path, "extends: fantan\nvariant: {id: five}\ngame:\n  players: 5\n", "fantan")
    assert (problem.loc.file, problem.loc.line) == (str(variant), 4)
    assert Path(problem.base.file).name == "fantan.yaml" and "Zeynep" in base_line("fantan", problem)
    assert "fantan.yaml" in problem.render() and "Zeynep" in problem.render()


@pytest.mark.parametrize("base,players", [("fantan", 5), ("fanti", 5)])
def test_players_the_variant_allows_without_seat_names_are_blamed_on_the_variant(tmp_path, base, players):
    """issue 35.11's class, by the other key: a variant that allows 5 players (`allowed_players`) and names
    no fifth seat, played with --players 5, was blamed on the base's seat names (games/fantan.yaml:13:9,
    games/fanti.yaml:15:9) with no word of the variant; its allowed_players line is the place now."""
    variant = tmp_path / "five.yaml"
    variant.write_text(f"extends: {base}\nvariant: {{id: five}}\ngame:\n  allowed_players: [2, 3, 4, 5]\n",
                       encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load(base, [str(variant)], players=players)
    problem = err.value.problems[0]
    assert (problem.loc.file, problem.loc.line) == (str(variant), 4)
    assert Path(problem.base.file).name == f"{base}.yaml" and "You" in base_line(base, problem)
    checked = kural(tmp_path, "validate", variant, "--lang", "en", **LIMITS)  # and validate says so: it said ok
    assert checked.returncode == 2 and "five.yaml:4:" in checked.err and "5 players" in checked.err


@pytest.mark.parametrize("base,other", [("canasta", "fantan"), ("fantan", "fanti"), ("fanti", "canasta")])
def test_a_variant_of_another_game_is_refused_at_its_extends(tmp_path, base, other):
    """issue 35.11's class (the user's file and line, saying what is wrong): a Kanasta variant given to
    `kural params fantan --variant` was read against Fantan and refused as "the variant changes the param
    `hand_size`, which the game does not have" (or, changing nothing Fantan lacks, played on Fantan without a
    word): its `extends:` line is the place now, naming both games."""
    variant = tmp_path / "mine.yaml"
    variant.write_text(f"extends: {base}\nvariant: {{id: mine}}\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load(other, [str(variant)])
    problem = err.value.problems[0]
    assert (problem.loc.file, problem.loc.line) == (str(variant), 1)
    assert base in problem.message and other in problem.message
    assert load(base, [str(variant)]).variants == ["mine"]


def test_an_opening_table_of_the_wrong_form_is_blamed_on_the_variant(tmp_path):
    """issue 35.11, C8: `open_thresholds: [60]` is the variant's mistake (the base's are pairs
    [from, minimum]): reported at the variant's line, with the base's declaration as context."""
    variant, problem = refused(tmp_path, "extends: canasta\nvariant: {id: low}\nparams:\n  open_thresholds: [60]\n",
                               "canasta")
    assert (problem.loc.file, problem.loc.line) == (str(variant), 4)
    assert "[[0, 45], [900, 90]]" in base_line("canasta", problem)
    assert "[[0, 45], [900, 90]]" in problem.hint


def test_a_mistake_all_in_the_variant_has_no_second_place(tmp_path):
    """issue 35.11: a variant that sets 5 players and 4 seat names is told at its seat names, alone."""
    text = "extends: fantan\nvariant: {id: five}\ngame:\n  players: 5\n  seats: {en: [A, B, C, D]}\n"
    variant, problem = refused(tmp_path, text, "fantan")
    assert (problem.loc.file, problem.loc.line, problem.base) == (str(variant), 5, None)


# ------------------------------------------------------------------ 35.12: kural params
def listed(tmp_path: Path, *args, lang: str = "en") -> subprocess.CompletedProcess:
    return kural(tmp_path, "params", *args, "--lang", lang, **LIMITS)


def test_params_lists_every_param_with_the_form_set_takes(tmp_path):
    """issue 35.12, C8: the opening minimums are listed as --set takes them, [[0, 45], [900, 90]], in
    both languages, with their form; every param of the game has its line."""
    g = load("canasta")
    for lang, form in (("en", "a list of lists of 2 numbers"), ("tr", "her biri 2 sayıdan oluşan listelerin listesi")):
        proc = listed(tmp_path, "canasta", lang=lang)
        assert proc.returncode == 0, proc.err
        assert f"open_thresholds=[[0, 45], [900, 90]]: {form};" in proc.out
        assert all(f"\n{name}=" in proc.out for name in g.params)


def test_params_json_follows_its_schema_and_gives_back_what_set_takes(tmp_path):
    """issue 35.12: each param's `set` (its value) and `example`, given to --set, load, and `set` gives
    the same value back; the JSON keeps docs/json/params.schema.json."""
    proc = listed(tmp_path, "canasta", "--json")
    data = json.loads(proc.out)
    schema = json.loads((ROOT / "docs" / "json" / "params.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(data)
    rows = data["params"]
    again = load("canasta", sets=[row["set"] for row in rows])
    assert {row["name"]: row["value"] for row in rows} == {name: p["raw"] for name, p in again.params.items()}
    assert load("canasta", sets=[row["example"] for row in rows]).params


def test_params_applies_the_variant_and_the_set(tmp_path):
    """issue 35.12, D11: under the 351 variant the target is 351; a --set changes what is listed."""
    proc = listed(tmp_path, "canasta", "--variant", "351")
    assert "\ntargets=[351]: a list of numbers" in proc.out
    proc = listed(tmp_path, "canasta", "--set", "targets=[555]")
    assert "\ntargets=[555]: a list of numbers" in proc.out


def test_a_bad_set_shows_the_param_s_line_from_the_same_table(tmp_path):
    """issue 35.12: the usage error of a bad --set shows the param's line as `kural params` lists it,
    with its example, in the language asked."""
    for lang in ("en", "tr"):
        table = listed(tmp_path, "canasta", lang=lang).out.splitlines()
        line = next(x for x in table if x.startswith("open_thresholds="))
        proc = kural(tmp_path, "simulate", "canasta", "-n", "1", "--set", "open_thresholds=[60]", "--lang", lang,
                     **LIMITS)
        assert proc.returncode == 2 and "Traceback" not in proc.err
        assert line in proc.err.replace("\n", " ")


def test_a_base_expression_a_variant_s_value_breaks_is_blamed_on_that_value(tmp_path):
    """issue 35.11, F4: the base's guard divides by (row_rank - 8), sound at its 7; a variant that sets
    row_rank to 8 is told at its own line, the base's guard as the base's line."""
    base = tmp_path / "base.yaml"
    base.write_text("extends: fantan\nvariant: {id: base}\nmoves:\n  pass:\n"
                    "    when: not can(play) and count(hand(me)) / (row_rank - 8) > 1\n", encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: base.yaml\nvariant: {id: mine}\nparams:\n  row_rank: 8\n", encoding="utf-8")
    assert load(str(base)).params["row_rank"]["value"] == 7
    with pytest.raises(RuleError) as err:
        load(str(mine))
    problem = err.value.problems[0]
    assert (problem.loc.file, problem.loc.line) == (str(mine), 4)
    assert (problem.base.file, problem.base.line) == (str(base), 5) and "row_rank - 8" in problem.base_text
