"""Every part of a checked game knows where it was written (issue 36): `at`, a Place holding the file,
line and column of the part's key and the layer that set it ("" for the base game, else the id of the
variant whose file wrote it). The line named holds the part's key, in the file of the layer that wrote
it last; a game read back from the cache keeps its places.
"""
from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest
import yaml

from kural.dsl import gamecache
from kural.dsl.loader import load
from kural.dsl.paths import games_dir
from kural.interpreter.gamedef import Place

GAMES = sorted(p.stem for p in games_dir().glob("*.yaml"))
LOADS = [(game, ()) for game in GAMES] + [
    (game, (v.stem,)) for game in GAMES for v in sorted((games_dir() / game).glob("*.yaml"))]


@pytest.fixture(autouse=True)
def no_cache(tmp_path, monkeypatch):
    """Each load is built from the rule files (a cache of this test's own, empty at first)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def parts(g):
    """Every part of a game with the key its place must name: (what, part's at, key)."""
    yield "game", g.at, "game"
    yield "result", g.result.at, "result"
    if g.round_result is not None:
        yield "round_result", g.round_result.at, "round_result"
    for z in g.zones:
        yield f"zone {z.name}", z.at, z.name
    for v in g.vars:
        if v.at is not None or v.name != "dealer":  # only the built-in dealer is written nowhere
            yield f"var {v.name}", v.at, v.name
    for name, info in g.param_info.items():
        yield f"param {name}", info["at"], name
    for m in g.moves:
        yield f"move {m.name}", m.at, m.name
        for c in m.choices:
            yield f"choice {m.name}.{c.name}", c.at, c.name
        for i, c in enumerate(m.checks):
            yield f"check {m.name}[{i}]", c.at, ("check", "when")
    for s in g.steps:
        yield f"step {s.name}", s.at, "step"
    for r in g.end_reasons:
        yield f"end reason {r.name}", r.at, r.name
    for i, b in enumerate(g.bot):
        yield f"bot[{i}]", b.at, "prefer"


def layer_files(game: str, variants) -> list[Path]:
    """The base game's file, each variant's and every variant file those extend (351 under 351-...)."""
    files, todo = [games_dir() / f"{game}.yaml"], [games_dir() / game / f"{v}.yaml" for v in variants]
    while todo:
        path = todo.pop()
        files.append(path)
        parent = yaml.safe_load(path.read_text(encoding="utf-8")).get("extends")
        if parent != game:  # another variant, by its file's name beside this one
            todo.append(path.parent / parent)
    return files


def layer_of_file(path: str, game: str) -> str:
    """The layer a rule file is, read from the file itself: the base game's is "", a variant's its id."""
    if Path(path).resolve() == (games_dir() / f"{game}.yaml").resolve():
        return ""
    head = yaml.safe_load(Path(path).read_text(encoding="utf-8")).get("variant") or {}
    return head.get("id", Path(path).stem)


@pytest.mark.parametrize("game,variants", LOADS, ids=lambda x: "-".join(x) if isinstance(x, tuple) else x)
def test_every_part_names_its_key_its_file_and_its_layer(game, variants):
    """Issue 36: each part's place is a line of one of the game's files that holds its key, at the
    column named, and its layer is that file's (the variant's id for what a variant set)."""
    g = load(game, list(variants))
    allowed = {str(p.resolve()) for p in layer_files(game, variants)}
    seen = 0
    for what, at, key in parts(g):
        assert isinstance(at, Place), what
        assert str(Path(at.file).resolve()) in allowed, (what, at)
        assert at.layer == layer_of_file(at.file, game), (what, at)
        line = Path(at.file).read_text(encoding="utf-8").splitlines()[at.line - 1]
        keys = key if isinstance(key, tuple) else (key,)
        assert line[at.col - 1:].startswith(keys), (what, at, line)
        seen += 1
    assert seen > 10


def test_what_a_variant_changes_is_placed_in_the_variant():
    """Issue 36 with rule FV3 (games/fantan/pass-fee.yaml): the variant rewrites the `pass` move's
    effects, adds vars, params and result fields; those parts are its layer, the rest the base's."""
    g = load("fantan", ["pass-fee"])
    moves = {m.name: m for m in g.moves}
    assert moves["pass"].at.layer == "pass-fee"
    assert moves["play"].at.layer == ""
    assert all(c.at.layer == "" for c in moves["pass"].checks)  # its `when:` is the base's
    assert {v.name: v.at.layer for v in g.vars if v.at} == {"chips": "pass-fee", "pot": "pass-fee"}
    assert g.param_info["pass_fee"]["at"].layer == "pass-fee"
    assert g.param_info["start_card"]["at"].layer == ""
    assert g.result.at.layer == "pass-fee" and g.at.layer == ""
    plain = load("fantan")
    assert next(m for m in plain.moves if m.name == "pass").at.layer == ""


def test_a_game_read_back_from_the_cache_keeps_its_places():
    """Issue 36: the cache keeps plain data; a Place is one of kural's classes, kept and read back."""
    g = load("fantan", ["pass-fee"])
    buffer = io.BytesIO()
    gamecache._Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(g.without_nodes())
    back = gamecache._Unpickler(io.BytesIO(buffer.getvalue())).load()
    assert [m.at for m in back.moves] == [m.at for m in g.moves]
    assert [c.at for m in back.moves for c in m.checks] == [c.at for m in g.moves for c in m.checks]
    assert back.param_info["pass_fee"]["at"] == g.param_info["pass_fee"]["at"]
    assert back.result.at == g.result.at
    again = load("fantan", ["pass-fee"])  # the second load is the cache's
    assert again.moves[1].at == g.moves[1].at
