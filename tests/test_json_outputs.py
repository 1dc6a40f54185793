"""--json outputs keep the stable form docs/json/*.schema.json documents (issue: CLI conventions).

Each command's JSON, for a good and a bad case, is validated against its schema with jsonschema; the
schemas themselves are checked as draft 2020-12 schemas.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import game_ids  # noqa: E402
from cli_support import ROOT, kural  # noqa: E402

SCHEMAS = ROOT / "docs" / "json"


def valid(name: str, text: str) -> dict:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = json.loads(text)
    jsonschema.Draft202012Validator(schema).validate(data)
    return data


def test_list_json(tmp_path):
    proc = kural(tmp_path, "list", "--json")
    assert proc.returncode == 0, proc.err
    data = valid("list", proc.out)
    assert [g["id"] for g in data["games"]] == game_ids()


def test_validate_json_good_bad_and_missing(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: {id: x}\nzones: 3\n", encoding="utf-8")
    proc = kural(tmp_path, "validate", ROOT / "games", bad, tmp_path / "nope.yaml", "--json")
    assert proc.returncode == 2
    data = valid("validate", proc.out)
    assert not data["ok"] and data["missing"] == [str(tmp_path / "nope.yaml")]
    by_path = {f["path"]: f for f in data["files"]}
    assert by_path[str(bad)]["ok"] is False and by_path[str(bad)]["problems"][0]["file"] == str(bad)
    assert sum(f["ok"] for f in data["files"]) == len(data["files"]) - 1


def test_replay_json(tmp_path):
    game = game_ids()[0]
    rec = tmp_path / "g.jsonl"
    assert kural(tmp_path, "simulate", game, "-n", 2, "--bots", "heuristic", "--record", rec,
                 timeout=300).returncode == 0
    proc = kural(tmp_path, "replay", rec, "--json")
    assert proc.returncode == 0, proc.err
    data = valid("replay", proc.out)
    assert data["ok"] and [r["status"] for r in data["records"]] == ["reproduced", "reproduced"]
    (tmp_path / "junk.json").write_text("{", encoding="utf-8")
    junk = kural(tmp_path, "replay", tmp_path / "junk.json", "--json")
    assert junk.returncode == 2 and valid("replay", junk.out)["ok"] is False


@pytest.mark.parametrize("cards, code", [(["4H", "5H", "6H", "2C", "8H"], 0), (["4H", "5H"], 1), (["ZZ"], 2)])
def test_check_json_C3_C6(tmp_path, cards, code):
    """C6: ♣2 stands for ♥7 in ♥4-5-6-W-8; C3: two cards are no meld (a stable code beside the words);
    an unreadable card is a JSON error object, exit 2."""
    game = next((g for g in game_ids() if g == "canasta"), None)
    if game is None:
        pytest.skip("no bundled game with melds")
    proc = kural(tmp_path, "check", game, *cards, "--json")
    assert proc.returncode == code, proc.err
    data = valid("check", proc.out)
    if code == 0:
        assert [c["stands_for"] for c in data["cards"]] == [None, None, None, "7H", None]
    elif code == 1:
        assert data["reason_code"] == "size" and data["rule"] == "C3"
    else:
        assert data["error"]["code"] == "bad_card"
