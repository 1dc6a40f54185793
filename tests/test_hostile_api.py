"""The Python API under hostile input: seeds and records raise what docs/python.md documents.

The guarantees (docs/guarantees.md, "Records and seeds"; issue 34.6, 34.10, 34.11, 34.14):
- A seed is a whole number within ±10^15 (interpreter/seeds.py), checked where it is given: `Game.new`
  raises kural.SeedError (a TypeError and a ValueError) for anything else, and every seed it accepts
  gives a record that replays.
- `kural.replay` of a dict or of JSON text runs the one check of records (interpreter/recordcheck.py)
  that the CLI runs: kural.RecordError (a ValueError) naming the first bad field, never an
  AttributeError, KeyError, IndexError or TypeError from inside.
- A record naming a rule file it may not read is a kural.RecordError whose message is a sentence, and
  nothing of the file is shown.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

import kural
from kural.cli import saves
from kural.interpreter.numbers import LIMIT

GAME = "fantan"
SECRET = "SECRET-LINE-4711"


@pytest.fixture(scope="module")
def game():
    return kural.load(GAME)


@pytest.fixture(scope="module")
def good(game) -> dict:
    state = game.new(3)
    state.play_out("random")
    return state.record()


# ------------------------------------------------------------------------------------ seeds
NOT_WHOLE = [None, "1", 1.5, True, False, b"1", [1], 2.0]
OUT_OF_RANGE = [2 ** 64, 10 ** 5000, -10 ** 5000, LIMIT + 1, -LIMIT - 1, 10 ** 16]


@pytest.mark.parametrize("seed", NOT_WHOLE, ids=repr)
def test_a_seed_that_is_not_a_whole_number_is_refused_by_new(game, seed):
    """Issue 34.11: new(None), new("1"), new(1.5) and new(True) raise SeedError at once (a TypeError, as Python
    says of a wrong type), not later in play_out nor as a record replay refuses."""
    with pytest.raises(kural.SeedError) as exc:
        game.new(seed)
    assert isinstance(exc.value, TypeError)
    assert str(exc.value).startswith("a seed is a whole number, not " + type(seed).__name__)


@pytest.mark.parametrize("seed", OUT_OF_RANGE, ids=lambda s: f"{s.bit_length()} bits")
def test_a_seed_out_of_range_is_refused_by_new(game, seed):
    """Issue 34.6 and 34.11: new(2**64) (whose record replay refused) and new(10**5000) (Python's digit-limit
    error) raise SeedError, a ValueError, saying the range."""
    with pytest.raises(kural.SeedError) as exc:
        game.new(seed)
    assert isinstance(exc.value, ValueError)
    assert "-10^15 to 10^15" in str(exc.value)
    assert exc.value.said("tr") != str(exc.value) and "10^15" in exc.value.said("tr")


@pytest.mark.parametrize("seed", [LIMIT, -LIMIT, 0, np.int64(7), np.uint8(200)], ids=repr)
def test_every_seed_new_accepts_gives_a_record_that_replays(game, seed):
    """Issue 34.6: a seed is refused where it is given, or its game replays: the range's ends, and numpy's
    integers (read by operator.index), are dealt, recorded as plain ints and replayed."""
    state = game.new(seed)
    assert type(state.seed) is int and state.seed == int(seed)
    state.play_out("random")
    rec = json.loads(json.dumps(state.record()))
    assert kural.replay(rec).result == state.result  # and the CLI's reader takes it too
    assert saves._parse(json.dumps(rec))["seed"] == int(seed)


# ------------------------------------------------------------------------------------ records
def edited(good: dict, **fields) -> dict:
    return {**good, **fields}


def hostile(good: dict) -> dict[str, tuple[object, str]]:
    """name -> (what is given to kural.replay, the field its RecordError names)."""
    first = good["moves"][0]
    return {
        "seed as text": (edited(good, seed="x"), "`seed`"),
        "seed a float": (edited(good, seed=1.5), "`seed`"),
        "seed past the range": (edited(good, seed=2 ** 64), "`seed`"),
        "seed true": (edited(good, seed=True), "`seed`"),
        "no seed": ({k: v for k, v in good.items() if k != "seed"}, "`seed`"),
        "params a number": (edited(good, params=5), "`params`"),
        "a param NaN": (edited(good, params={"start_card": float("nan")}), "`params.start_card`"),
        "seats null": (edited(good, seats=None), "`seats`"),
        "moves[0] null": (edited(good, moves=[None, *good["moves"][1:]]), "`moves[1]`"),
        "a move's seat as text": (edited(good, moves=[{**first, "seat": "0"}, *good["moves"][1:]]),
                                  "`moves[1].seat`"),
        "moves missing": ({k: v for k, v in good.items() if k != "moves"}, "`moves`"),
        "variants a number": (edited(good, variants=[7]), "`variants`"),
        "game a number": (edited(good, game=7), "`game`"),
        "a list as JSON": ("[1, 2]", "`record`"),
        "a list": ([1, 2], "`record`"),
        "a number": (5, "`record`"),
        "JSON text with a bad seat": (json.dumps(edited(good, moves=[{**first, "seat": None}])), "`moves[1].seat`"),
        "nested past the bound": (edited(good, extra=json.loads("[" * 40 + "]" * 40)), "nested more than"),
    }


CASES = list(hostile({"moves": [{}]}))


@pytest.mark.parametrize("case", CASES)
def test_replay_of_a_hostile_record_raises_record_error_naming_the_field(good, case):
    """Issue 34.10: kural.replay makes the CLI's field checks: a RecordError (a ValueError) naming the first bad
    field, never an AttributeError, KeyError, IndexError or TypeError from inside."""
    given, field = hostile(good)[case]
    with pytest.raises(kural.RecordError) as exc:
        kural.replay(given)
    assert isinstance(exc.value, ValueError)
    assert field in str(exc.value), str(exc.value)
    assert exc.value.said("tr") != str(exc.value)


@pytest.mark.parametrize("case", [c for c in CASES if c not in ("a list", "a number")])
def test_the_cli_and_the_api_check_a_record_with_the_same_words(good, case):
    """Issue 34.10: one check of records (interpreter/recordcheck.py): the CLI's reader says of the same record
    what kural.replay raises."""
    given, _ = hostile(good)[case]
    text = given if isinstance(given, str) else json.dumps(given)
    with pytest.raises(kural.RecordError) as api:
        kural.replay(given)
    with pytest.raises(saves.RecordFileError) as cli:
        saves._parse(text)
    if cli.value.key != "bad_number":  # JSON text's numbers are bounded as read, before any field is
        assert cli.value.text("en") == str(api.value)


def test_a_record_of_a_format_kural_does_not_know_is_refused_by_replay(good):
    """Issue 34.9: a record of "kural-record/9" is not read as version 1; the error says which format kural reads."""
    with pytest.raises(kural.RecordError) as exc:
        kural.replay(edited(good, format="kural-record/9"))
    assert "kural-record/9" in str(exc.value) and good["format"] in str(exc.value)


@pytest.mark.parametrize("where,name", [("variants", "../../../../etc/passwd"), ("variants", "/etc/hostname"),
                                        ("rules", "/etc/hostname"), ("variants", "secret"), ("rules", "secret")])
def test_a_record_naming_a_file_it_may_not_read_raises_a_documented_error(good, tmp_path, where, name):
    """Issue 34.14: kural.replay naming a rule file it may not read raises kural.RecordError (a ValueError) whose
    message is a sentence naming the file, not a code; nothing of the file is shown."""
    if name == "secret":
        name = str(tmp_path / "notes.yaml")
        (tmp_path / "notes.yaml").write_text(f"extends: fantan\npassword: \"{SECRET}\"\n", encoding="utf-8")
    given = edited(good, **({"variants": [name]} if where == "variants" else {"rules": name}))
    with pytest.raises(kural.RecordError) as exc:
        kural.replay(given)
    message = str(exc.value)
    assert isinstance(exc.value, ValueError)
    assert name in message and "sha256" in message and not message.startswith("record_file_")
    assert SECRET not in message
    if name == "/etc/hostname":
        assert open(name, encoding="utf-8", errors="replace").read().strip() not in message


def test_the_errors_are_exported_and_documented():
    """Issue 34.10, 34.11, 34.14: the exceptions are kural's names, of Python's kinds, and docs/python.md shows them."""
    from pathlib import Path
    assert {"RecordError", "SeedError"} <= set(kural.__all__)
    assert issubclass(kural.RecordError, ValueError) and issubclass(kural.SeedError, (TypeError, ValueError))
    docs = (Path(__file__).resolve().parents[1] / "docs" / "python.md").read_text(encoding="utf-8")
    assert "kural.interpreter.errors.RecordError" in docs and "kural.interpreter.errors.SeedError" in docs


@pytest.mark.parametrize("name", ["two\nlines.yaml", "bad\udcff.yaml"])
def test_a_record_that_could_not_be_replayed_is_not_written(tmp_path, name):
    """Issue 34.7 and 34.8: a game read from a rule file whose path a record cannot keep plays, but its record()
    raises RecordError naming the file, rather than give a record that replay refuses or that cannot be written
    as UTF-8."""
    from pathlib import Path
    path = tmp_path / name
    path.write_text((Path(__file__).resolve().parents[1] / "games" / f"{GAME}.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    state = kural.load(str(path)).new(1)
    state.play_out("random")
    with pytest.raises(kural.RecordError) as exc:
        state.record()
    assert str(tmp_path) in str(exc.value) and "rename the file" in str(exc.value)
