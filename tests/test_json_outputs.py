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


@pytest.mark.parametrize("game", game_ids())
def test_explain_json_lists_the_positions_legal_moves_as_the_record_does(tmp_path, game):
    """explain --json at a recorded position: the legal moves are the record's own legal list there (the
    engine's, as `simulate --legal` wrote it), each refused option names a move of the step with its rule
    and reason; a move past the game's end is a JSON error object, exit 2."""
    rec = tmp_path / "g.json"
    assert kural(tmp_path, "simulate", game, "-n", 1, "--seed", 4, "--bots", "heuristic", "--legal",
                 "--record", rec, timeout=300).returncode == 0
    moves = [m for m in json.loads(rec.read_text(encoding="utf-8"))["moves"] if "legal" in m]
    k = min(7, len(moves))
    proc = kural(tmp_path, "explain", "--record", rec, "--move", k, "--json", "--lang", "en", timeout=300)
    assert proc.returncode == 0, proc.err
    data = valid("explain", proc.out)
    assert data["game"] == game and data["move"] == k and data["seed"] is None
    written = [{key: v for key, v in m.items() if key != "text"} for m in data["legal"]]
    assert sorted(map(json.dumps, written)) == sorted(map(json.dumps, moves[k - 1]["legal"]))
    assert data["to_move"]["seat"] == moves[k - 1]["seat"]
    assert all(r["reason"] and r["move"] for r in data["refused"])
    assert not {json.dumps({key: v for key, v in r.items() if key not in ("text", "rule", "reason")})
                for r in data["refused"]} & set(map(json.dumps, written))  # nothing both legal and refused
    late = kural(tmp_path, "explain", "--record", rec, "--move", 100_000, "--json", timeout=300)
    assert late.returncode == 2 and valid("explain", late.out)["error"]["code"] == "bad_move"


def test_explain_json_F6_a_pass_is_refused_while_a_card_plays(tmp_path):
    """F6: at Fantan's first move the holder of 7D must play it; pass is refused, citing F6."""
    game = next((g for g in game_ids() if g == "fantan"), None)
    if game is None:
        pytest.skip("Fantan is not bundled")
    proc = kural(tmp_path, "explain", game, "--seed", 1, "--move", 1, "--json", "--lang", "en")
    assert proc.returncode == 0, proc.err
    data = valid("explain", proc.out)
    assert [m["cards"] for m in data["legal"]] == [["7D"]]  # F2: the 7 of diamonds opens
    passes = [r for r in data["refused"] if r["move"] == "pass"]
    assert passes and passes[0]["rule"] == "F6"


def test_simulate_json_finished_aborted_and_shared(tmp_path):
    """Issue 35.1/35.3: simulate's statistics say what they are over (finished, aborted, shared_wins), for a
    bundled game and for a run whose games all stop at the move bound (then every mean is null)."""
    game = game_ids()[0]
    stopped = tmp_path / "stopped.yaml"
    stopped.write_text(f"extends: {game}\nvariant: {{id: stopped}}\ngame: {{max_moves: 1}}\n", encoding="utf-8")
    for args in ([game, "-n", 5], [stopped, "-n", 2]):
        proc = kural(tmp_path, "simulate", *args, "--json", "--workers", 1)
        assert proc.returncode == 0, proc.err
        data = valid("simulate", proc.out)
        assert data["finished"] + data["aborted"] == data["games"]
    assert data["finished"] == 0 and set(data["win_percent_by_seat"]) == {None}


def test_compare_json_says_what_it_is_over(tmp_path):
    """Issue 35.1: compare's JSON gives the pairs whose two games finished and each side's aborted games."""
    game = game_ids()[0]
    stopped = tmp_path / "stopped.yaml"
    stopped.write_text(f"extends: {game}\nvariant: {{id: stopped}}\ngame: {{max_moves: 1}}\n", encoding="utf-8")
    proc = kural(tmp_path, "compare", game, stopped, "-n", 3, "--json", "--workers", 1)
    assert proc.returncode == 0, proc.err
    data = valid("compare", proc.out)
    assert data["finished_pairs"] == 0 and data["aborted"] == [0, 3]
    assert {row["key"] for row in data["stats"] if row["diff"] is not None} == {"aborted"}
