"""One schema, one place (issue 13): the table of dsl/schema.py is the list of every section and key
of a rule file. The checker and the loader, `kural diff` and the teaching commands, and the JSON
Schema for editors (`kural schema`, docs/rule-file.schema.json) all read it.

Games and variants come from games/ and the rule files under tests/ (never named here), except the
test of the canasta bonuses, which names the 351 variant the issue names.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kural.dsl import schema, teach
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.dsl.rulefiles import find_game, resolve, variant_dir
from kural.dsl.teach import changes as diffing
from kural.dsl.teach.phrases import say
from kural.dsl.paths import games_dir
from kural.dsl.yamlload import load_file
from kural.interpreter.messages import Msg

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.stem for p in games_dir().glob("*.yaml"))
CASES = [(game, []) for game in GAMES] + [
    (game, [v.stem]) for game in GAMES for v in sorted(variant_dir(find_game(game)).glob("*.yaml"))]
IDS = ["+".join([g] + v) for g, v in CASES]
RULE_FILES = sorted(games_dir().rglob("*.yaml")) + sorted((ROOT / "tests").rglob("*.yaml"))
TEXT_KEYS = ("en", "tr")  # the sentences of a text: words, not the rules language


def plain(x):
    """Rule data as plain dicts, lists and values (what a JSON Schema validator reads)."""
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [plain(v) for v in x]
    return str(x) if isinstance(x, str) else x


def merged(game: str, variants=()):
    """The rule data of a game and its variants, merged as the loader merges it (read here, by the test)."""
    return resolve(game, list(variants)).data


def env() -> dict:
    out = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    out.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return out


def loads(path: Path) -> bool:
    try:
        load(str(path))
    except RuleError:
        return False
    return True


def used_keys(value, shape, path: tuple = ()):
    """Every key a rule file writes, as a table path (`*` for a name the file chooses), walked by
    this test itself; a key the table lacks is yielded with the table path it would have."""
    shape = schema._full(shape)
    if isinstance(value, dict) and isinstance(shape, schema.Fields):
        for name, item in value.items():
            key = shape.keys.get(name)
            yield path + (name,)
            if key is not None:
                yield from used_keys(schema.normal(key.shape, item), key.shape, path + (name,))
    elif isinstance(value, dict) and isinstance(shape, schema.Named):
        key = schema._key(shape.value)
        for item in value.values():
            yield from used_keys(schema.normal(key.shape, item), key.shape, path + ("*",))
    elif isinstance(value, list) and isinstance(shape, schema.ListOf):
        key = schema._key(shape.item)
        for item in value:
            yield from used_keys(schema.normal(key.shape, item), key.shape, path + ("*",))


# --------------------------------------------------------- every key is in the table
def test_every_key_a_bundled_or_test_rule_file_uses_is_in_the_table():
    """Each rule file of games/ and tests/ that loads writes only keys the table lists (key_at finds
    them); the bundled games and every test game are among those files."""
    loading = [path for path in RULE_FILES if loads(path)]
    assert set(games_dir().rglob("*.yaml")) <= set(loading)
    assert set((ROOT / "tests" / "games").glob("*.yaml")) <= set(loading)
    for path in loading:
        for key in used_keys(load_file(path), schema.TABLE):
            schema.key_at(".".join(key))  # KeyError: a key the table does not list


def test_a_key_the_table_lacks_is_refused_with_a_did_you_mean(tmp_path):
    """The checker reads the table: a key it lacks is refused at its place, with the closest key."""
    path = tmp_path / "typo.yaml"
    path.write_text("extends: fantan\nround_result:\n  pionts: 1\n", encoding="utf-8")
    with pytest.raises(RuleError) as exc:
        load(str(path))
    problem = exc.value.problems[0]
    assert (problem.loc.line, problem.loc.col) == (3, 3)
    assert "unknown key `pionts` in `round_result`" in problem.message and "`points`" in problem.hint


@pytest.mark.parametrize("section,key,written,message", [
    ("zones", "per", "tricks: {per: player}", "a zone is per seat, per team or shared"),
    ("zones", "visible", "discard: {visible: everyone}", "unknown visibility `everyone`"),
    ("zones", "layout", "table: {layout: rows}", "unknown layout `rows`"),
    ("vars", "scope", "passes: {start: 0, scope: forever}", "var `passes`: `scope: forever` is not known"),
])
def test_the_allowed_values_are_the_tables(tmp_path, section, key, written, message):
    """A value outside a key's allowed values (zones' visible: owner|all|none|top ...) is refused with
    the message and place it always had, and its hint lists the table's values."""
    path = tmp_path / "bad.yaml"
    path.write_text(f"extends: fantan\n{section}:\n  {written}\n", encoding="utf-8")
    with pytest.raises(RuleError) as exc:
        load(str(path))
    problem = exc.value.problems[0]
    assert message in problem.message and problem.loc.line == 3
    allowed = schema.allowed(f"{section}.*.{key}")
    assert allowed and all(value in problem.hint for value in allowed)


def test_the_loader_takes_its_defaults_from_the_table():
    """A zone, var or move that leaves a key out gets the table's default (a layout that depends on
    `per` included), and so does the game (max_moves)."""
    g = load("fantan")
    data = merged("fantan")
    for z in g.zones:
        spec = data["zones"][z.name]
        if "visible" not in spec:
            assert z.visible == schema.default("zones.*.visible")
        if "layout" not in spec:
            assert z.layout == schema.default("zones.*.layout", spec)
    for m in g.moves:
        if "next" not in data["moves"][m.name]:
            assert m.next_step == schema.default("moves.*.next")
    if "max_moves" not in data["game"]:
        assert g.max_moves == schema.default("game.max_moves")


# ---------------------------------------- a key added to the table only, read by everything
def test_a_key_added_to_the_table_only_is_accepted_by_the_loader_and_read_by_diff(tmp_path, monkeypatch):
    """No other module lists the keys: an expression key added to the table alone (here
    `result.tie`) is accepted by the loader and compared by `kural diff`; before it is added, the same
    file is refused. (Its readers are the compiled program's: a key the loader does not compile is no
    part of the game, and reads nothing.)"""
    param = next(iter(merged("fantan")["params"]))
    path = tmp_path / "tie.yaml"
    path.write_text(f"extends: fantan\nvariant: {{id: tie}}\nresult:\n  tie: {param} == {param}\n", encoding="utf-8")
    with pytest.raises(RuleError):
        load(str(path))
    result = schema.key_at("result").shape.keys
    monkeypatch.setitem(result, "tie", schema.Key("expr", "a test key"))
    load(str(path))
    left, right, _, _ = diffing.sides("fantan", str(path))
    changes = diffing.compare(left, right, "en")
    assert [(c.path, c.status) for c in changes] == [(("result", "tie"), "added")]


# ---------------------------------------------------- diff finds every reader of a param
def leaves(value, path: tuple = ()):
    """Every string of the rule data and its path, outside the sentences of texts."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in TEXT_KEYS:
                yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, path + (i,))
    elif isinstance(value, str):
        yield path, value


@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_diff_finds_every_place_that_reads_a_param(game, variants):
    """Every string of a game's rule data (texts aside) that names a param, wherever it is in the file
    (found here, by the test, without the table), is a place the compiled program records as reading it
    (dsl/said.py), which `kural diff` names: round_result, melds, var starts and shown values included; a
    define that names it is read through by every place that uses the define."""
    data = merged(game, variants)
    g = teach.open_game(game, variants)
    reads = g.words().reads
    for param in data.get("params") or {}:
        word = re.compile(rf"(?<![\w.]){re.escape(param)}(?!\w)")
        direct = [place for place, names in reads.items() if () in names.get(param, ())]
        through = {via[0] for names in reads.values() for via in names.get(param, ()) if via}
        for path, text in leaves(data):
            if path[0] == "params" or not word.search(re.sub(r'"[^"]*"', "", text)):
                continue
            if path[0] == "define":  # read through wherever it is used (an unused define reads nothing)
                used = any(path[1] in names for names in reads.values())
                assert not used or path[1] in through or any(
                    path[1] in via for names in reads.values() for via in names.get(param, ())), (param, path)
                continue
            assert any(found[:len(path)] == path or path[:len(found)] == found for found in direct), \
                (param, path, text)
    for lang in ("en", "tr"):  # and diff names each of them, in words
        sayer = diffing.Sayer(g, lang)
        for param in data.get("params") or {}:
            for place, names in reads.items():
                if param in names and not (place[0] == "define" and place[1] == param):
                    assert any(sayer.label(place) in words for words in sayer.readers(param)), (param, place)


def test_diff_canasta_351_names_the_round_points_as_the_reader_of_the_canasta_and_fi_bonuses():
    """C10 (a clean canasta 200, a half one 100) and C14 (each fi taken 100) are scored in
    round_result.points of games/canasta.yaml (through the defines of the sheet's columns); the 351 game changes them (D6: clean 20,
    dirty 10; D10: each fi 10). `kural diff canasta 351` names the round's points as
    their reader, in both languages."""
    for lang in ("en", "tr"):
        left, right, _, _ = diffing.sides("canasta", "351")
        changes = {c.name: c for c in diffing.compare(left, right, lang) if c.kind == "param"}
        for name in ("clean_bonus", "half_bonus", "fi_bonus"):
            assert changes[name].status == "changed"
            # read through the define of the sheet's column that is this part of the points (C21)
            assert any(read.startswith(say("at_round_points", lang)) for read in changes[name].reads), \
                (lang, name, changes[name].reads)
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "diff", "canasta", "351", "--lang", "en"],
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT, env=env(), timeout=120,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    blocks = proc.stdout.split("\n\n")
    for name in ("clean_bonus", "half_bonus", "fi_bonus"):
        (block,) = [b for b in blocks if b.startswith(f"param {name} ")]
        assert "read by: the points of a round" in block, block


def test_diff_shows_a_change_of_the_round_result():
    """round_result is a section diff compares: 351's new title of a round's field (D6: the canasta
    bonuses are clean or dirty) is a change, shown where the variant writes it."""
    left, right, _, _ = diffing.sides("canasta", "351")
    (change,) = [c for c in diffing.compare(left, right, "en") if c.path[0] == "round_result"]
    assert change.kind == "field" and change.status == "changed"
    assert "canasta/351.yaml:" in change.where, change.where
    assert any("canasta bonuses (clean, dirty)" in line for line in change.after)


# ---------------------------------------------------------------- the JSON Schema
def kural_schema() -> str:
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "schema"], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env(), timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_kural_schema_prints_the_checked_in_json_schema():
    """docs/rule-file.schema.json is what `kural schema` prints: a JSON Schema (draft 2020-12) of
    the table, with its allowed values and defaults (regenerate it with `kural schema`)."""
    printed = kural_schema()
    assert printed == (ROOT / "docs" / "rule-file.schema.json").read_text(encoding="utf-8")
    doc = json.loads(printed)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    zone = doc["properties"]["zones"]["additionalProperties"]["properties"]
    assert zone["visible"]["enum"] == list(schema.allowed("zones.*.visible"))
    assert zone["visible"]["default"] == schema.default("zones.*.visible")
    assert set(doc["properties"]) == set(schema.TABLE.keys)


def test_every_bundled_rule_file_is_valid_under_the_json_schema():
    """Every bundled game and variant file, and every test game, is valid under the JSON Schema;
    a file with a key the table lacks is not."""
    jsonschema = pytest.importorskip("jsonschema")
    doc = json.loads((ROOT / "docs" / "rule-file.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(doc)
    validator = jsonschema.Draft202012Validator(doc)
    for path in sorted(games_dir().rglob("*.yaml")) + sorted((ROOT / "tests" / "games").glob("*.yaml")):
        errors = [e.message for e in validator.iter_errors(plain(load_file(path)))]
        assert not errors, (path, errors[:3])
    assert not validator.is_valid({"zones": {"discard": {"visible": "everyone"}}})
    assert not validator.is_valid({"round_result": {"pionts": "1"}})


def test_kural_help_and_list_do_not_read_the_table(tmp_path):
    """Cold start: `kural --help` and `kural list` import neither the table nor the loader."""
    for args in (["--help"], ["list"]):
        proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "kural.cli.main", *args], capture_output=True,
                              text=True, cwd=ROOT, env=env() | {"KURAL_HOME": str(tmp_path)}, timeout=60,
                              stdin=subprocess.DEVNULL)
        assert proc.returncode == 0, proc.stderr[-2000:]
        modules = {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
        assert "kural.cli.quick" in modules and "kural.dsl.schema" not in modules, args  # importtime was read


def required_paths(shape=schema.TABLE, path: str = ""):
    """Every key the table says is required, as (path, Key): `*` a name the file chooses, `[]` a list's item."""
    shape = shape.full if isinstance(shape, schema.Either) else shape
    if isinstance(shape, schema.Fields):
        for name, key in shape.keys.items():
            here = f"{path}.{name}" if path else name
            if key.required:
                yield here, key
            yield from required_paths(key.shape, here)
    elif isinstance(shape, (schema.Named, schema.ListOf)):
        inner = shape.value if isinstance(shape, schema.Named) else shape.item
        yield from required_paths(inner.shape if isinstance(inner, schema.Key) else inner,
                                  f"{path}.*" if isinstance(shape, schema.Named) else f"{path}[]")


def steps_of(path: str) -> list[str]:
    return [s for s in re.split(r"\.|(?=\[\])", path) if s]


def container(data, steps: list[str]):
    """The first mapping of `data` at `steps` (the first name for `*`, the first item for `[]`), and the
    place a key missing from it is reported: the key that holds it, or the list's item."""
    at = data.loc
    for step in steps:
        if step == "[]":
            data, at = data[0], data[0].loc
        else:
            name = next(iter(data)) if step == "*" else step
            data, at = data[name], data.key_loc(name)
    return data, at


BUILDER_REQUIRED = ("game.id", "flow.round.end", "flow.round.end_reasons.*.when", "result.winner", "result.score",
                    "round_result.points", "bot[].prefer")


def test_a_file_without_a_required_key_is_refused_by_the_table_naming_its_path(tmp_path):
    """Issue 36: the table, not a hand-written walk of the builder, says which keys a game must have.
    Every key it requires (each key the builder reads without a default among them) left out of a
    game that has all the others is refused by the table's check: "`path` is missing", at the key
    holding the mapping that lacks it, with the hint to add it."""
    import yaml
    paths = dict(required_paths())
    assert set(BUILDER_REQUIRED) <= set(paths), set(BUILDER_REQUIRED) - set(paths)
    # a game that has every section holding a required key (the bundled game with tactics and end reasons)
    source = next(p for p in sorted(games_dir().glob("*.yaml"))
                  if not any(_absent(load_file(p), steps_of(path)[:-1]) for path in paths))
    checked = []
    for path, key in paths.items():
        data = plain(load_file(source))
        steps = steps_of(path)
        if _absent(data, steps[:-1]):
            continue
        mapping = data
        for step in steps[:-1]:
            mapping = mapping[0] if step == "[]" else mapping[next(iter(mapping))] if step == "*" else mapping[step]
        del mapping[steps[-1]]
        written = tmp_path / f"{len(checked)}.yaml"
        written.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        with pytest.raises(RuleError) as exc:  # the table's check, before anything is built
            schema.check(load_file(written))
        problem = exc.value.problems[0]
        with pytest.raises(RuleError) as loaded:  # ... is what loading the file says
            load(str(written))
        assert loaded.value.problems[0].render() == problem.render()
        lacking, at = container(load_file(written), steps[:-1])
        if key.missing:  # the key's own words, at the mapping that lacks it
            at = lacking.loc
            assert problem.message == Msg(key.missing[0], path=".".join(steps[:-1])), path
        else:
            assert problem.message == Msg("key_missing", what=path.replace(".*.", f".{_name(data, steps[:-1])}."))
            assert problem.hint == Msg("add_key", key=steps[-1])
        assert (problem.loc.line, problem.loc.col) == (at.line, at.col), (path, problem.render())
        checked.append(path)
    assert set(BUILDER_REQUIRED) <= set(checked), f"{source.name} lacks a section to test: {checked}"


def _absent(data, steps: list[str]) -> bool:
    for step in steps:
        if not data:
            return True
        data = data[0] if step == "[]" else data[next(iter(data))] if step == "*" else data.get(step)
    return not data


def _name(data, steps: list[str]) -> str:
    """The name the file chose where the path has `*` (its first)."""
    for step in steps:
        if step == "*":
            return next(iter(data))
        data = data[0] if step == "[]" else data[step]
    return ""


def test_a_variant_leaves_required_keys_to_its_base_and_a_game_needs_a_result(tmp_path):
    """Issue 36: required keys are checked on the merged file, so a variant file that changes `result`
    or `game` without restating `result.winner` or `game.id` loads; a game with no `result` at all is
    refused as the table's `result` would be, by its first required key."""
    variant = tmp_path / "variant.yaml"
    variant.write_text("extends: fantan\ngame: {players: 3}\nresult: {per: seat}\n", encoding="utf-8")
    assert loads(variant)
    data = plain(load_file(games_dir() / "fantan.yaml"))
    del data["result"]
    import yaml
    game = tmp_path / "no_result.yaml"
    game.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(RuleError) as exc:
        load(str(game))
    assert [(p.message, p.hint, p.loc.line) for p in exc.value.problems] == [
        (Msg("key_missing", what="result.winner"), Msg("add_key", key="winner"), 1)]
