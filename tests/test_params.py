"""House rules a user writes (issue 35.11-12): a variant's mistake is shown in the variant's file, with
the base's line beside it; `kural params` lists every param as `--set` takes it."""
from __future__ import annotations

import json
import sys
from pathlib import Path

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
