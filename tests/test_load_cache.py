"""The loaded game kept in the user's cache (dsl/gamecache.py): a game read back is the same game
(the golden corpus' records, byte for byte), a changed rule file is never served from the cache, a
damaged or foreign cache file is a miss and never runs anything, errors of a rule file are the same
with or without a cache, and the cache holds a bounded number of games.
"""
from __future__ import annotations

import hashlib
import io
import json
import pickle
import shutil
import types
from pathlib import Path

import pytest

from kural.dsl import gamecache, loader
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.dsl.paths import games_dir
from golden_corpus import HASHES, hashes_of, key

WANT = json.loads(HASHES.read_text())
SEEDS = range(1, 3)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder of this test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "kural"


def kept(cache: Path) -> list[Path]:
    return sorted(cache.glob("game-*.pickle"))


@pytest.fixture
def no_compiling(monkeypatch):
    """Fails any load that would build the game: what loads after this comes from the cache."""
    def refused(*args, **kwargs):
        raise AssertionError("the game was built again, not read from the cache")
    return lambda: monkeypatch.setattr(loader, "_built", refused)


@pytest.mark.parametrize("cfg", [("canasta", ("351",), 4, "heuristic"), ("fanti", (), 2, "random"),
                                 ("fantan", (), 4, "heuristic"), ("canasta", (), 4, "random")],
                         ids=lambda c: key(*c))
def test_a_game_read_from_the_cache_plays_the_same_records(cache, no_compiling, cfg):
    """Guarantee: same seed and moves, same game byte for byte (the golden corpus), whether the
    game was compiled or read back from the cache."""
    assert hashes_of(*cfg, SEEDS) == WANT[key(*cfg)][:len(SEEDS)]  # compiled, and kept
    assert len(kept(cache)) == 1
    no_compiling()
    assert hashes_of(*cfg, SEEDS) == WANT[key(*cfg)][:len(SEEDS)]  # read back


def test_each_load_reads_a_game_of_its_own(cache):
    """A caller may change the game it was given (a bench lowers max_moves): the next load is untouched."""
    first = load("fantan")
    first.max_moves = 1
    assert load("fantan").max_moves != 1


def test_the_arguments_are_part_of_the_key(cache):
    """Another variant, --set value or player count is another game, never the one kept before."""
    base = load("canasta", ["351"])
    assert load("canasta", ["351"], players=2).players == 2
    assert load("canasta", ["351"], ["hand_size=10"]).param_values["hand_size"] == 10 != base.param_values["hand_size"]
    assert load("canasta").variants == [] and load("canasta", ["351"]).variants == base.variants
    assert len(kept(cache)) == 4


def _own_copy(tmp_path: Path) -> Path:
    """A bundled game and its variant folder, copied where the test may change them."""
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(games_dir() / "fantan.yaml", folder / "fantan.yaml")
    shutil.copytree(games_dir() / "fantan", folder / "fantan")
    return folder / "fantan.yaml"


def test_a_changed_rule_file_is_read_again(cache, tmp_path):
    """The key is the content of every file read: a changed game file, or a changed variant that
    extends it, is loaded afresh."""
    path = _own_copy(tmp_path)
    assert load(str(path)).max_moves != 777
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("game:\n", "game:\n  max_moves: 777\n", 1), encoding="utf-8")
    assert load(str(path)).max_moves == 777
    variant = path.parent / "fantan" / "any7.yaml"
    assert load(str(path), [str(variant)]).max_moves == 777
    variant.write_text(variant.read_text(encoding="utf-8") + "game:\n  max_moves: 778\n", encoding="utf-8")
    assert load(str(path), [str(variant)]).max_moves == 778


def test_a_file_moved_in_place_of_another_is_not_served(cache, tmp_path, monkeypatch):
    """Loading `x.yaml` from another folder reads another file, even if a game of that name was kept."""
    first = _own_copy(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / "fantan.yaml").write_text(first.read_text(encoding="utf-8").replace("game:\n", "game:\n  max_moves: 779\n", 1),
                                       encoding="utf-8")
    monkeypatch.chdir(first.parent)
    assert load("./fantan.yaml").max_moves != 779
    monkeypatch.chdir(other)
    assert load("./fantan.yaml").max_moves == 779


def _error_of(*args) -> str:
    with pytest.raises(RuleError) as err:
        load(*args)
    return str(err.value)


def test_errors_of_a_rule_file_are_the_same_and_never_kept(cache, tmp_path):
    """Rule: a bad rule file is file:line:col, then its text and a hint. A file that fails is not kept,
    and a kept game whose file then breaks gives the error a fresh load gives."""
    path = _own_copy(tmp_path)
    load(str(path))
    assert len(kept(cache)) == 1
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("game:\n", "game:\n  max_moves: many\n", 1), encoding="utf-8")
    first = _error_of(str(path))
    assert f"{path}:" in first and "max_moves" in first
    assert _error_of(str(path)) == first
    assert len(kept(cache)) == 1, "nothing kept for a file that does not load"
    shutil.rmtree(cache)
    assert _error_of(str(path)) == first, "the same message without any cache"


def _damage(cache: Path, how) -> None:
    (path,) = kept(cache)
    path.write_bytes(how(path.read_bytes()))


@pytest.mark.parametrize("how", [lambda b: b"", lambda b: b[: len(b) // 2], lambda b: b[:-1] + bytes([b[-1] ^ 1]),
                                 lambda b: b"not a cache file\n" + b, lambda b: b.replace(b'"key": "', b'"key": "0', 1)],
                         ids=["empty", "half", "one-bit", "foreign", "other-key"])
def test_a_damaged_cache_file_is_a_miss(cache, no_compiling, how):
    """A cache file that is empty, cut short, changed by one bit, not kural's or written for another
    key is ignored: the game is loaded afresh (and kept again), never an error."""
    want = hashes_of("fantan", (), 4, "random", SEEDS)
    _damage(cache, how)
    assert hashes_of("fantan", (), 4, "random", SEEDS) == want
    no_compiling()
    assert hashes_of("fantan", (), 4, "random", SEEDS) == want, "kept again after the miss"


class _Runs:
    """A pickle that would run a shell command when read by a plain pickle.loads."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        import os
        return os.system, (f"touch {self.marker}",)


def test_a_forged_cache_file_runs_nothing(cache, tmp_path):
    """A file in the cache folder that is not a game kural wrote (here one with a right header and
    checksum, whose payload would run a command) is refused before anything of it runs."""
    load("fantan")
    (path,) = kept(cache)
    raw = path.read_bytes()
    magic, header, _ = raw.split(b"\n", 2)
    marker = tmp_path / "ran"
    payload = pickle.dumps((_Runs(marker), []))
    fields = json.loads(header)  # (the game alone, no words: as a forger would make it read)
    fields.update(sha256=hashlib.sha256(payload).hexdigest(), size=len(payload), words=0)
    path.write_bytes(magic + b"\n" + json.dumps(fields).encode() + b"\n" + payload)
    assert load("fantan").id == "fantan"
    assert not marker.exists()


def _short(text: str) -> bytes:
    """pickle's SHORT_BINUNICODE of a text, then MEMOIZE."""
    data = text.encode()
    return b"\x8c" + bytes([len(data)]) + data + b"\x94"


def test_a_forged_file_cannot_reach_a_module_through_kural(cache, tmp_path):
    """A dotted name under a kural module (what pickle's protocol 4 allows) names a class or function
    kural defines, or nothing: never a module kural happens to import."""
    load("fantan")
    (path,) = kept(cache)
    magic, header, _ = path.read_bytes().split(b"\n", 2)
    marker = tmp_path / "ran"
    # (kural.dsl.gamecache.os.system("touch marker"), []): STACK_GLOBAL of a dotted name, REDUCE, a pair
    payload = (b"\x80\x04" + _short("kural.dsl.loader") + _short("os.system") + b"\x93\x94"
               + _short(f"touch {marker}") + b"\x85\x94R\x94]\x94\x86\x94.")
    fields = json.loads(header)  # (the game alone, no words: as a forger would make it read)
    fields.update(sha256=hashlib.sha256(payload).hexdigest(), size=len(payload), words=0)
    path.write_bytes(magic + b"\n" + json.dumps(fields).encode() + b"\n" + payload)
    with pytest.raises(pickle.UnpicklingError):
        gamecache._Unpickler(io.BytesIO(payload)).load()
    assert load("fantan").id == "fantan"
    assert not marker.exists()


def test_the_cache_keeps_a_bounded_number_of_games(cache, monkeypatch):
    monkeypatch.setattr(gamecache, "KEPT_GAMES", 2)
    for variant in ((), ("any7",), ("maca7",)):
        load("fantan", list(variant))
    assert len(kept(cache)) == 2


def test_no_cache_folder_is_no_cache(tmp_path, monkeypatch):
    """Where the cache folder cannot be made (a file in its place), kural loads as without a cache."""
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert load("fantan").id == load("fantan").id == "fantan"


def test_a_cache_folder_others_can_write_to_is_not_used(tmp_path, monkeypatch):
    """What the cache holds is run (a kept game, a compiled module): a folder others can write to is
    no cache, and nothing is read from it or written to it."""
    from kural.dsl.paths import cache_dir
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = cache_dir()
    assert folder is not None
    load("fantan")
    assert kept(folder)
    folder.chmod(0o777)
    assert cache_dir() is None
    for path in folder.iterdir():
        path.unlink()
    assert load("fantan").id == "fantan"
    assert not list(folder.iterdir())


def test_a_current_folder_gone_is_no_cache(cache, tmp_path, monkeypatch):
    """Loading from a folder that was removed (os.getcwd fails) still loads, without the cache."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert load("fantan").id == "fantan"


class _Names(pickle.Unpickler):
    """Reads a pickle as plain pickle does, noting every global it names."""

    def __init__(self, data: bytes):
        super().__init__(io.BytesIO(data))
        self.named: list = []

    def find_class(self, module, name):
        found = super().find_class(module, name)
        self.named.append((f"{module}.{name}", found))
        return found


@pytest.mark.parametrize("cfg", [("canasta", ("351",), 4, "heuristic"), ("fanti", (), 2, "random")],
                         ids=lambda c: key(*c))
def test_a_kept_game_is_plain_data(cache, no_compiling, cfg):
    """Issue 36: a kept game holds no function, closure or code object, only objects of classes (kural's
    own dataclasses, a few builtin ones) and plain values: its program as source, constants and the
    objects handed to it. Read back, it plays the golden corpus' records byte for byte."""
    load(cfg[0], list(cfg[1]), players=cfg[2])
    (path,) = kept(cache)
    payload = path.read_bytes().split(b"\n", 2)[2]
    names = _Names(payload)
    names.load()
    assert names.named, "a game is objects of classes"
    assert [name for name, found in names.named if not isinstance(found, type)] == []
    assert not [name for name, found in names.named if isinstance(found, type) and
                issubclass(found, (types.FunctionType, types.CodeType, types.CellType, types.MethodType))]
    no_compiling()
    assert hashes_of(*cfg, SEEDS) == WANT[key(*cfg)][:len(SEEDS)]


def test_a_game_read_back_has_no_closures(cache):
    """Issue 36: play reads a game's plain fields and its program only; a game read back from the cache
    keeps none of the compiler's closures nor nodes of the typed program (a dict of them keeps its keys)."""
    fresh = load("canasta", ["351"])
    read = load("canasta", ["351"])
    assert fresh.game_end is not None and read.game_end is None
    assert all(m.effects is None and all(c.node is None for c in m.choices) for m in read.moves)
    assert list(read.round_result.fields) == list(fresh.round_result.fields)
    assert all(value is None for value in read.round_result.fields.values())


@pytest.mark.parametrize("extra", [lambda s: 0, gamecache.key_of], ids=["closure", "kural's function"])
def test_a_game_that_holds_a_function_is_not_kept(cache, extra):
    """Issue 36: a kept game is plain data. A game whose program is handed a function (as a notion with no
    writer of its own would hand its closure), even one of kural's modules, is not kept: the next load
    compiles it."""
    g = load("fantan")
    (path,) = kept(cache)
    path.unlink()
    g.program.handed["o_extra"] = extra
    gamecache.keep(gamecache.key_of("another"), [], g)
    assert not kept(cache)
    del g.program.handed["o_extra"]
    gamecache.keep(gamecache.key_of("another"), [], g)
    assert len(kept(cache)) == 1, "kept without it"
