"""libyaml composes a rule file only after its events were checked against the bounds of
dsl/yamlload.py (depth, values, tags): every file over a bound is refused with the same message,
at the same place, as PyYAML's own composer gives, and nothing deep ever reaches libyaml's composer,
which recurses in C."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kural.dsl import yamlload
from kural.dsl.errors import RuleError

GAMES = Path(__file__).resolve().parents[1] / "games"
needs_libyaml = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML was built without libyaml")

DEEP = "a: " + "[" * (yamlload.MAX_DEPTH + 5) + "]" * (yamlload.MAX_DEPTH + 5) + "\n"
BLOCK_DEEP = "".join(f"{' ' * i}k{i}:\n" for i in range(yamlload.MAX_DEPTH + 5)) + " " * (yamlload.MAX_DEPTH + 5) + "x: 1\n"
MANY = "a: [" + ", ".join(["1"] * (yamlload.MAX_NODES + 10)) + "]\n"
TEXTS = {
    "deep flow": DEEP,
    "deep block": BLOCK_DEEP,
    "too many values": MANY,
    "a tag": "game:\n  id: !!python/object x\n",
    "a tag on a mapping": "game: !!map\n  id: x\n",
    "two documents": "game: {id: x}\n---\ngame: {id: y}\n",
    "a second document too deep": "game: {id: x}\n---\n" + DEEP,
    "an unknown alias": "game: {id: *nowhere}\n",
    "a duplicate anchor": "a: &x 1\nb: &x 2\n",
    "an alias bomb": "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 6)),
    "deep by aliases": "".join(f"a{i}: &a{i} [*a{i - 1}]\n" if i else "a0: &a0 [x]\n" for i in range(60)),
    "just right": "a: " + "[" * (yamlload.MAX_DEPTH - 1) + "]" * (yamlload.MAX_DEPTH - 1) + "\n",
}


def _outcome(text: str):
    try:
        return repr(yamlload.load_text(text, "t.yaml"))
    except RuleError as exc:
        return [p.render() for p in exc.problems]


@needs_libyaml
@pytest.mark.parametrize("name", TEXTS)
def test_the_bounds_are_the_same_with_libyaml_and_without(monkeypatch, name):
    fast = _outcome(TEXTS[name])
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    assert fast == _outcome(TEXTS[name])


@needs_libyaml
@pytest.mark.parametrize("name", ["deep flow", "deep block", "too many values", "a tag"])
def test_libyaml_never_composes_a_file_over_a_bound(monkeypatch, name):
    def refused(*args, **kwargs):
        raise AssertionError("composed before the bounds were checked")
    monkeypatch.setattr(yaml.CSafeLoader, "get_single_node", refused)
    with pytest.raises(RuleError):
        yamlload.load_text(TEXTS[name], "t.yaml")


def _placed(value):
    """A value with every place and quoting style it carries, for comparing two ways of reading a file."""
    if isinstance(value, yamlload.LDict):
        return ("map", value.loc, [(_placed(k), value.key_locs[k], value.val_locs[k], _placed(v))
                                   for k, v in value.items()])
    if isinstance(value, yamlload.LList):
        return ("list", value.loc, value.locs, [_placed(v) for v in value])
    if isinstance(value, yamlload.LStr):
        return ("str", str(value), value.loc, value.style)
    return (type(value).__name__, value)


@needs_libyaml
@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.yaml")), ids=lambda p: str(p.relative_to(GAMES)))
def test_one_pass_over_the_events_reads_a_file_as_the_composer_does(monkeypatch, path):
    """A plain rule file is built in one pass over libyaml's events: the same values, the same places
    (file:line:col of every key and value) and quoting as built from the composed tree."""
    text = path.read_text(encoding="utf-8")
    fast = yamlload._built_from_events(text, str(path))  # (a bundled file is plain: no anchor, no tag)
    monkeypatch.setattr(yamlload, "_built_from_events", lambda *a: (_ for _ in ()).throw(yamlload._Unusual()))
    assert _placed(fast) == _placed(yamlload.load_text(text, str(path)))
