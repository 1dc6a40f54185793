"""libyaml composes a rule file only after its events were checked against the bounds of
dsl/yamlload.py (depth, values, tags): every file over a bound is refused with the same message,
at the same place, as PyYAML's own composer gives, and nothing deep ever reaches libyaml's composer,
which recurses in C."""
from __future__ import annotations

import pytest
import yaml

from dsl import yamlload
from dsl.errors import RuleError

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
