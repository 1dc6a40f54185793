"""Issue 36, one load mode: the words the teaching layer reads (dsl/said.py Recorded) are kept by every load
of a game, as plain data; the cache keeps them apart from the game and reads them back only when asked for
(GameDef.words); a refusal at the table for a check without a `why` reads the words the game already has,
and loads nothing again.
"""
from __future__ import annotations

import io
import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from kural.dsl import gamecache, loader, teach
from kural.dsl import compiler as compiler_module
from kural.dsl.loader import load
from kural.dsl.typed import Typed, Word

ROOT = Path(__file__).resolve().parents[1]
KINGS = "extends: fantan\nvariant: {id: kings}\nmoves:\n  play:\n    when: rank(card) != 13\n"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "kural"


@pytest.fixture
def kings(tmp_path) -> str:
    """A variant whose first check of `play` has no `why`: the table says its condition in words."""
    path = tmp_path / "kings.yaml"
    path.write_text(KINGS, encoding="utf-8")
    return str(path)


def _no_loading(monkeypatch) -> list:
    """Every way a game is loaded or compiled counted: what happens after this must load nothing."""
    calls = []

    def counted(name, real):
        def wrapper(*args, **kwargs):
            calls.append(name)
            return real(*args, **kwargs)
        return wrapper
    monkeypatch.setattr(loader, "load", counted("load", loader.load))
    monkeypatch.setattr(loader, "_built", counted("_built", loader._built))
    monkeypatch.setattr(compiler_module.Compiler, "__init__",
                        counted("Compiler", compiler_module.Compiler.__init__))
    return calls


@pytest.mark.parametrize("read_back", [False, True], ids=["built", "read from the cache"])
def test_a_refusal_without_why_loads_nothing(cache, kings, monkeypatch, read_back):
    """Issue 36: the table's words for a check without a `why` read the tree the game already has (no
    second load in a recording mode, no recompilation), for a game built or read back from the cache."""
    g = load(kings)
    if read_back:
        g = load(kings)
        assert g.recorded is None, "read from the cache, its words not yet read"
    calls = _no_loading(monkeypatch)
    check = g.moves[0].checks[0]
    assert not any(check.why.values())
    assert teach.refusal_words(g, check, "en") == "allowed only if the card is not a king"
    assert teach.refusal_words(g, check, "tr") == "yalnızca şu koşulla yapılabilir: kart papaz değil"
    assert calls == []


def test_every_load_keeps_the_words(cache):
    """Issue 36: `load` (play's load, the only one) keeps the words: built, and read back from the cache,
    the same tree part for part, and the rules said from either are the same text."""
    built = load("canasta", ["351"])
    assert built.recorded is not None and built.words() is built.recorded
    read = load("canasta", ["351"])
    assert read.recorded is None and read.words_kept is not None
    assert read.words().parts == built.words().parts
    assert read.words().reads == built.words().reads and read.words().heads == built.words().heads
    assert teach.rules(read, "tr") == teach.rules(built, "tr")


def test_the_parts_diff_compares_are_made_when_asked(cache, monkeypatch):
    """The parts as written (what `kural diff` and lint compare) are not walked by a load that plays, nor
    kept in the cache: made from the rule files when first asked for, the same whether the game was built
    or read back."""
    walks = []
    real = loader._units_again

    def counted(*args):
        walks.append(args)
        return real(*args)
    monkeypatch.setattr(loader, "_units_again", counted)
    built = load("canasta", ["351"])
    read = load("canasta", ["351"])
    assert walks == [], "no load walks the parts as written"
    assert read.words().unit_parts is None
    assert read.words().units == built.words().units
    assert len(walks) == 2
    kept = pickle.loads(pickle.dumps(built.words()))
    assert kept.unit_parts is None and kept.units_of is None, "the cache keeps no parts as written"
    place = ("flow", "round", "end")
    kind, node, loc, _ = built.words().units[place]
    assert kind and node and loc.file.endswith("canasta.yaml")


def test_load_recorded_is_gone():
    """Issue 36: no second load mode."""
    assert not hasattr(loader, "load_recorded")


def test_the_words_are_plain_data():
    """The words tree is the package's own plain classes (no parser class): what the cache can keep."""
    words = load("fantan").words()
    node = words.parts[("moves", "play", "when", 0, "check")]
    assert isinstance(node, Typed)
    leaves = [x for n in node.walk() for x in n.children if isinstance(x, str)]
    assert leaves and all(type(x) is Word for x in leaves)
    assert {type(n).__module__ for n in node.walk()} == {"kural.dsl.typed"}


PLAY_WARM = """
import sys
from kural.dsl.loader import load
g = load("canasta", ["351"])
before = sorted(m for m in sys.modules if m.startswith(("kural.dsl.said", "kural.dsl.typed", "kural.dsl.teach", "lark")))
parts = len(g.words().parts)
print(json.dumps([before, parts, "lark" in sys.modules]))
"""


def test_warm_play_reads_no_words(cache):
    """A game read back from the cache to be played does not unpickle its words (nor import the words
    tree's module); asked for them, it reads them back without the parser."""
    load("canasta", ["351"])
    out = subprocess.run([sys.executable, "-c", "import json" + PLAY_WARM], capture_output=True, text=True,
                         cwd=ROOT, timeout=60, check=True).stdout  # (the kural this test imports, its cache)
    before, parts, lark = json.loads(out)
    assert before == [] and parts > 10 and not lark


def _kept_file(cache: Path) -> Path:
    (path,) = sorted(cache.glob("game-*.pickle"))
    return path


def test_damaged_words_are_built_again(cache, monkeypatch):
    """Words that cannot be read back (their bytes changed after the game was read) are those of the game
    built again, as a cache miss builds it: the same words."""
    want = teach.rules(load("fantan"), "en")
    g = load("fantan")
    path = _kept_file(cache)
    raw = bytearray(path.read_bytes())
    raw[-2] ^= 1  # in the words, after the game
    path.write_bytes(bytes(raw))
    assert teach.rules(g, "en") == want


def test_the_words_kept_hold_only_the_words_classes(cache):
    """The cache keeps the words as the words tree's own classes and plain values only: another class in
    them is not kept, and a file naming one is not read back."""
    g = load("fantan")
    from kural.interpreter.gamedef import Place
    g.words().parts[("extra",)] = Place("x", 1, 1, "")
    with pytest.raises(pickle.PicklingError):
        gamecache._pickled(g.words(), gamecache._WordsPickler)
    forged = pickle.dumps(Place("x", 1, 1, ""))
    with pytest.raises(pickle.UnpicklingError):
        gamecache._WordsUnpickler(io.BytesIO(forged)).load()


def _diff_paths(tmp_path, left: str, right: str) -> list[tuple]:
    from kural.dsl.teach.changes import compare
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(left, encoding="utf-8")
    b.write_text(right, encoding="utf-8")
    g, h, *_ = teach.sides(str(a), str(b))
    return [c.path for c in compare(g, h, "en")]


def test_diff_compares_trees_not_texts(cache, tmp_path):
    """Issue 36: `kural diff` compares the two games' trees node by node at their places in the table
    (moves.play.when.0 ...): a part written with other spacing or quoting is the same tree and no change;
    a part whose tree differs is one, at its place."""
    spaced = KINGS.replace("rank(card) != 13", "'rank( card )!=13'")
    assert _diff_paths(tmp_path, KINGS, spaced) == []
    other = KINGS.replace("13", "12")
    assert _diff_paths(tmp_path, KINGS, other) == [("moves", "play", "when", 0)]


@pytest.mark.parametrize("game, variants", [("fantan", []), ("canasta", ["351"])])
def test_each_part_names_its_words(cache, game, variants):
    """Issue 36: a checked part of the game (a check, a choice, a move's effects, a bot preference) names its
    place in the rule file, where its words node is kept: the words of a check read at its own place."""
    g = load(game, variants)
    parts = g.words().parts
    for m in g.moves:
        assert m.part == ("moves", m.name, "do") and m.part in parts
        for i, c in enumerate(m.checks):
            assert c.part == ("moves", m.name, "when", i, "check") and parts[c.part].type == "bool"
        for c in m.choices:
            assert c.part == ("moves", m.name, "choose", c.name) and c.part in parts
    assert [p.part for p in g.bot] == [("bot", i, "prefer") for i in range(len(g.bot))]
    assert all(p.part in parts for p in g.bot)
