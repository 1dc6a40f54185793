"""A loaded game kept in the user's cache, so that loading it again costs a file read, not a compile.

Loading a game reads its rule files, checks them and compiles them to a typed program and the game to a
Python module (dsl/backend/): some 0.1 s or more. What comes out, the GameDef, is kept in kural's cache
folder ($XDG_CACHE_HOME/kural) under a key that holds everything the load read or was given: the content
of every rule file read, the variants, --set values and player count asked for, where the files were
found, and the source of kural itself (and Python's version). The next load with the same key reads the
file back instead.

What is kept is plain data (issue 36): the game's plain fields and its program as source, constants and
the objects it is handed (dsl/backend/program.py Program), as a pickle of objects of kural's own classes, a few
builtin ones and plain values. The typed program's nodes are left out
(GameDef.without_nodes): play reads none. No function, closure or code object is ever written
(_Pickler refuses the game, which is then not kept), and reading a file back names kural's own classes
and a few builtin ones only (`_Unpickler.find_class`). A file is used only if it is kural's (its first
line), was written for this very key, and its payload has the sha256 its header gives; anything else, a
file half written, damaged or from another version, is ignored and the game is loaded afresh. A kept
game, like a .pyc file or the compiled modules beside it, holds code that kural runs (its program's
source): what protects it is the folder, which kural uses only when it is the user's own and nobody else
can write to it (dsl/paths.py cache_dir); the checks above keep out damaged and stale files, not a
hostile user. A file is written only for a game that loaded without error, beside its final name and
then renamed, and at most KEPT_GAMES stay (the oldest go).

The game's words (what the teaching layer reads, dsl/said.py Recorded: the typed tree of each part, dsl/typed.py,
and where it is written; every load keeps it) are kept in
the same file after the game, under a sha256 of their own, and read back only when they are first asked
for (`words`, from GameDef.words): a game read back to be played neither reads nor unpickles them, and
they hold only the classes of the words tree (`_WORDS`).
"""
from __future__ import annotations

import functools
import gc
import hashlib
import importlib.util
import io
import json
import os
import pickle
import sys
from pathlib import Path

from .paths import cache_dir, prune

MAGIC = b"kural game cache 3\n"  # 3: the words kept after the game; 2: plain data (issue 36); 1 held closures
KEPT_GAMES = 64  # games kept in the user's cache (the bundled ones: some 50 to 300 kB each)
MAX_GAME_BYTES = 4_000_000  # a kept game larger than this is not read (nor written): the cache stays under 256 MB
OWN_PACKAGES = ("dsl", "interpreter")  # where every class of a kept game comes from
_ROOT = Path(__file__).resolve().parents[1]
_TOP = __name__.split(".", 1)[0]  # the one import name kural is installed under


# ----------------------------------------------------------------- the key
@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """What tells this kural from another: the size and time of change of every file of its own source
    (the packages a game is built and played by, and the grammar), as Python tells a stale .pyc, and
    the versions of Python and of the libraries that read the rule files. A kept game is never read by
    another kural, another Python, another Lark or PyYAML (each told by its package's file, found without
    importing it: a game read back needs neither)."""
    from .paths import grammar_path
    grammar = os.stat(grammar_path())
    stamps = [(str(grammar_path()), grammar.st_size, grammar.st_mtime_ns)]
    for package in OWN_PACKAGES:  # (and their subpackages: the notions a game is built with are dsl/notions/)
        for folder, _, names in os.walk(_ROOT / package):
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    stat = os.stat(path)
                    stamps.append((path, stat.st_size, stat.st_mtime_ns))
    for library in ("lark", "yaml"):
        origin = importlib.util.find_spec(library).origin
        stat = os.stat(origin)
        stamps.append((origin, stat.st_size, stat.st_mtime_ns))
    return json.dumps([sys.version, sorted(stamps)])


def key_of(*parts) -> str:
    """The key of a load: kural's version and whatever the caller names (the files found, the
    variants, --set values and player count asked for), as JSON."""
    text = json.dumps([code_version(), *parts], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def _path(key: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"game-{key}.pickle"


# ------------------------------------------------------------- read, write
def fetch(key: str, unchanged, kind: type):
    """The game kept under `key`, or None. `unchanged(files)` is asked, before anything is
    unpickled, whether the rule files the game was read from (as `keep` was given them) are the same still;
    what is read back must be a `kind`."""
    try:
        found = _blob(key, lambda header: unchanged(header["files"]), words=False)
        if found is None:
            return None
        header, payload = found
        game = _read_game(io.BytesIO(payload))
    except Exception:  # noqa: BLE001 - a file that cannot be read back is only a cache miss
        return None
    if not isinstance(game, kind):
        return None
    game.words_kept = functools.partial(words, key, header["sha256"])
    _touch(_path(key))
    return game


def _blob(key: str, wanted, words: bool) -> tuple[dict, bytes] | None:
    """The header of the file kept under `key` and one of its parts, the game or (`words`) the words after
    it, checked against its sha256; None when there is no such file or `wanted(header)` says it is not the
    one asked for. Only that part is read."""
    path = _path(key)
    if path is None:
        return None
    with open(path, "rb") as f:
        if f.readline(len(MAGIC) + 1) != MAGIC:
            return None
        header = json.loads(f.readline(1_000_000))
        if header.get("key") != key or not wanted(header):
            return None
        size, sha = (header["words"], header["words_sha256"]) if words else (header["size"], header["sha256"])
        if not 0 <= size <= MAX_GAME_BYTES:
            return None
        if words:
            f.seek(header["size"], os.SEEK_CUR)
        blob = f.read(size)
    return (header, blob) if len(blob) == size and hashlib.sha256(blob).hexdigest() == sha else None


def _touch(path: Path) -> None:
    """A game read is one of the last used: pruning goes by the time of last use."""
    try:
        os.utime(path)
    except OSError:
        pass


def keep(key: str, files, game) -> None:
    """Keep a game that loaded cleanly under `key`; `files` say which rule files it was read from
    (as JSON: what `unchanged` of fetch is given back). Nothing is kept when the cache folder cannot be written or the game holds
    something that cannot be kept: the next load compiles it again."""
    path = _path(key)
    if path is None:
        return
    try:
        payload, words = _pickled(game.without_nodes()), _pickled(game.words(), _WordsPickler)
        if len(payload) > MAX_GAME_BYTES or len(words) > MAX_GAME_BYTES:
            return
        header = json.dumps({"key": key, "files": files, "size": len(payload), "words": len(words),
                             "sha256": hashlib.sha256(payload).hexdigest(),
                             "words_sha256": hashlib.sha256(words).hexdigest()})
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        with open(part, "wb") as f:  # (in turn: one bytes of them all was a copy of some 300 kB, new pages each load)
            f.writelines([MAGIC, header.encode(), b"\n", payload, words])
        os.replace(part, path)
        prune(path.parent, "game-", ".pickle", KEPT_GAMES)
    except Exception:  # noqa: BLE001 - a game that cannot be kept is loaded again next time; never an error
        try:
            path.with_name(f"{path.name}.{os.getpid()}.part").unlink(missing_ok=True)
        except OSError:
            pass


# ------------------------------------------------------------- plain data
def _pickled(obj, pickler=None) -> bytes:
    buffer = io.BytesIO()
    (pickler or _Pickler)(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buffer.getvalue()


def _own(module: str) -> bool:
    """A module of the packages a game is built and played by: kural.dsl..., kural.interpreter..."""
    top, _, rest = module.partition(".")
    return top == _TOP and rest.split(".", 1)[0] in OWN_PACKAGES


# the builtin classes a kept game may hold besides kural's own (and the plain values pickle writes itself)
_BUILTIN_CLASSES = {"builtins": {"object", "set", "frozenset", "slice", "range", "complex", "bytearray",
                                  "str", "dict", "list"},  # (the last three: a YAML value kept plain)
                    "collections": {"OrderedDict", "defaultdict", "Counter", "deque"}}


def _readable(cls) -> bool:
    """Is this class one a kept game may hold: kural's own (not a node of the typed program, which a
    kept game drops), or one of a few builtin ones? Never a function, a method or code."""
    if not isinstance(cls, type):
        return False
    module = cls.__module__
    if _own(module) and module != __name__:
        # (told by its module: a game read back imports no class of the typed program; the words tree only
        # where the words are read, `words`)
        return module not in (_NODES, *_WORDS_TREE)
    return cls.__qualname__ in _BUILTIN_CLASSES.get(module, ())


_NODES = f"{_TOP}.dsl.ir"  # where the typed program's node classes are defined, every one of them
_WORDS_TREE = (f"{_TOP}.dsl.typed", f"{_TOP}.dsl.said")  # the typed tree, and what else the words keep
# the classes the words may hold besides plain values: the typed tree, and the places parts were written
_WORDS = {_WORDS_TREE[0]: {"Typed", "Word", "Const"}, _WORDS_TREE[1]: {"Recorded", "Written"},
          f"{_TOP}.dsl.errors": {"Loc"}}
_YAML_VALUES = f"{_TOP}.dsl.yamlload"  # where the values read from YAML, each with its place, are made
_PLAIN_OF = {"LStr": str, "LDict": dict, "LList": list}


class _Pickler(pickle.Pickler):
    """Pickles a game as plain data: objects of kural's own classes, of a few builtin ones, and plain
    values. Anything else (a function, a closure, a method, code, a node of the typed program) is
    refused, and the game is then not kept: a kept game holds nothing that reading it back would run
    but kural's own classes being made (issue 36)."""

    allowed = staticmethod(_readable)
    # how an object of each class is kept, once its class was told (_way): a cold load keeps thousands of
    # objects of a few tens of classes, and telling the class again for each was a tenth of its pickling
    ways: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.ways = {}  # (each pickler its own: what it allows is its own)

    def reducer_override(self, obj):
        # called for every object but the plain values (numbers, texts, lists, tuples, dicts, sets)
        way = self.ways.get(type(obj)) or self._way(obj)
        return way(obj)

    @staticmethod
    def made_by_itself(cls) -> bool:
        """Is cls one whose __reduce__ is used as it is (no check of what it is made again by)?"""
        return False

    def _way(self, obj):
        """How objects of obj's class are kept (a function of the object: what reducer_override gives
        back), kept for the class; a PicklingError for a class a game may not hold."""
        cls, allowed = type(obj), self.allowed
        if isinstance(obj, type):  # a class itself: told each time (its metaclass says nothing of it)
            way = functools.partial(_class_way, allowed)
        elif cls.__module__ == _YAML_VALUES and cls.__qualname__ in _PLAIN_OF:
            # a value read from YAML keeps its place only while a game is built: kept plain, so a game
            # read back needs no YAML reader
            way = functools.partial(_as_plain, _PLAIN_OF[cls.__qualname__])
        else:
            _class_way(allowed, cls)
            if cls.__reduce__ is object.__reduce__:
                way = _pickles_way
            else:
                way = cls.__reduce__ if self.made_by_itself(cls) else functools.partial(_reduced, allowed)
        self.ways[cls] = way
        return way


def _class_way(allowed, cls):
    if not allowed(cls):
        raise pickle.PicklingError(f"not kept in a game: {cls.__module__}.{cls.__qualname__}")
    return NotImplemented  # (pickle's way: its name)


def _reduced(allowed, obj):
    """An object of a class that says how it is made again: kept only as what a class makes."""
    made_by, *rest = obj.__reduce__()
    if not allowed(made_by):
        cls = type(obj)
        raise pickle.PicklingError(f"made again by a function: {cls.__module__}.{cls.__qualname__}")
    return (made_by, *rest)


def _as_plain(plain, obj):
    return plain, (plain(obj),)


def _pickles_way(_obj):
    return NotImplemented  # pickle's own way: the object's class and its state


def _read_game(stream):
    """The game a kept file holds. Python's collection of reference cycles is held off meanwhile: every
    object read is kept, and each collection due on the way went through the young ones again (a third
    of the read)."""
    was = gc.isenabled()
    gc.disable()
    try:
        return _Unpickler(stream).load()
    finally:
        if was:
            gc.enable()


class _Unpickler(pickle.Unpickler):
    """Reads back only kural's own classes and the few builtin ones a game holds: no function, no code."""

    def find_class(self, module, name):
        if module in _BUILTIN_CLASSES and name in _BUILTIN_CLASSES[module] or _own(module):
            found = super().find_class(module, name)
            # a dotted name under a kural module can reach what that module imports (`loader.os.system`):
            # only a class kural defines (or an allowed builtin one) is read
            if _readable(found):
                return found
        raise pickle.UnpicklingError(f"not read from a kept game: {module}.{name}")


def _word_class(cls) -> bool:
    return isinstance(cls, type) and (cls.__qualname__ in _WORDS.get(cls.__module__, ())
                                      or cls.__qualname__ in _BUILTIN_CLASSES.get(cls.__module__, ()))


class _WordsPickler(_Pickler):
    """The words as plain data: the words tree's classes, places and plain values, nothing else."""

    allowed = staticmethod(_word_class)

    @staticmethod
    def made_by_itself(cls) -> bool:
        return cls.__qualname__ in _WORDS.get(cls.__module__, ())  # (the words tree's own: Said, Word)


def words(key: str, game_sha256: str):
    """The words kept with the game under `key` (dsl/said.py Recorded), read back when first asked for
    (GameDef.words), or None: the file gone, or no longer the one that game was read from (its game's
    sha256 another), or its words damaged."""
    try:
        found = _blob(key, lambda header: header["sha256"] == game_sha256, words=True)
        if found is None:
            return None
        blob = found[1]
        was = gc.isenabled()
        gc.disable()
        try:
            return _WordsUnpickler(io.BytesIO(blob)).load()
        finally:
            if was:
                gc.enable()
    except Exception:  # noqa: BLE001 - words that cannot be read back are built again by the caller
        return None


class _WordsUnpickler(pickle.Unpickler):
    """Reads back the words tree's own classes, the places parts were written and the builtin ones only."""

    def find_class(self, module, name):
        if name in _WORDS.get(module, ()) or module in _BUILTIN_CLASSES and name in _BUILTIN_CLASSES[module]:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"not read from a game's words: {module}.{name}")
