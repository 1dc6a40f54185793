"""Editor support for rule files (issue 17): the bundled rule files name the JSON Schema of the format in
their first line, as yaml-language-server reads it, and every bundled and test rule file is valid
against it. (That docs/rule-file.schema.json is what `kural schema` prints, regenerated with
`kural schema > docs/rule-file.schema.json`, is tests/test_schema_table.py's.)"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from dsl.paths import games_dir

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "docs" / "rule-file.schema.json"
# yaml-language-server's own test of a modeline, and of the schema it names
MODELINE = re.compile(r"^#\s+yaml-language-server\s*:")
SCHEMA_AT = re.compile(r"\$schema(?:=|:\s*)(\S+)")


def bundled() -> list[Path]:
    return sorted(games_dir().rglob("*.yaml"))


def test_every_bundled_rule_file_names_the_schema_in_its_first_line():
    assert bundled()
    for path in bundled():
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert MODELINE.match(first), f"{path}: {first}"
        named = (path.parent / SCHEMA_AT.search(first).group(1)).resolve()
        assert named == SCHEMA.resolve(), path


def validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", bundled() + sorted((ROOT / "tests" / "games").glob("*.yaml")),
                         ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_bundled_and_test_rule_file_is_valid_against_the_schema(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in validator().iter_errors(data)]
    assert errors == [], path


def test_the_schema_flags_an_unknown_key_as_an_editor_would():
    data = yaml.safe_load((games_dir() / "fantan.yaml").read_text(encoding="utf-8"))
    data["moves"]["play"]["wehn"] = "true"
    errors = list(validator().iter_errors(data))
    assert errors and "wehn" in errors[0].message
