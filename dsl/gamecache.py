"""A loaded game kept in the user's cache, so that loading it again costs a file read, not a compile.

Loading a game reads its rule files, checks them and compiles every expression to a closure
(dsl/compiler.py) and the game to a Python module (dsl/codegen.py): some 0.1 s or more. What comes
out, the GameDef, is kept in kural's cache folder ($XDG_CACHE_HOME/kural) under a key that holds
everything the load read or was given: the content of every rule file read, the variants, --set
values and player count asked for, where the files were found, and the source of kural itself
(and Python's version). The next load with the same key reads the file back instead.

What is kept is a pickle, of objects of kural's own classes and of its closures. A closure is kept
as a reference to its code in kural's own modules (module, the function that defines it, and the
place of its code among that function's constants), its cells and its attributes: no code is ever
stored, and reading a file back imports and calls nothing outside kural's modules and a few
builtins (`_Unpickler.find_class`). A file is used only if it is kural's (its first line), was
written for this very key, and its payload has the sha256 its header gives; anything else, a file
half written, damaged or from another version, is ignored and the game is loaded afresh. A kept game, like
a .pyc file or the compiled modules beside it, is code that kural runs: what protects it is the
folder, which kural uses only when it is the user's own and nobody else can write to it
(dsl/paths.py cache_dir); the checks above keep out damaged and stale files, not a hostile user. A file is
written only for a game that loaded without error, beside its final name and then renamed, and at
most KEPT_GAMES stay (the oldest go).
"""
from __future__ import annotations

import functools
import hashlib
import importlib
import io
import json
import marshal
import os
import pickle
import sys
import time
import types
from pathlib import Path

from .ir import Node
from .paths import cache_dir

MAGIC = b"kural game cache 1\n"
KEPT_GAMES = 64  # games kept in the user's cache (the bundled ones: some 50 to 300 kB each)
MAX_GAME_BYTES = 4_000_000  # a kept game larger than this is not read (nor written): the cache stays under 256 MB
OWN_PACKAGES = ("dsl", "interpreter")  # where every closure kept comes from
_ROOT = Path(__file__).resolve().parents[1]
_TOP = __name__.split(".", 1)[0]  # the one import name kural is installed under


# ----------------------------------------------------------------- the key
@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """What tells this kural from another: the size and time of change of every file of its own source
    (the packages a game is built and played by, and the grammar), as Python tells a stale .pyc, and
    the versions of Python and of the libraries that read the rule files. A kept game is never read by
    another kural, another Python, another Lark or PyYAML."""
    import lark
    import yaml
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
    return json.dumps([sys.version, lark.__version__, yaml.__version__, sorted(stamps)])


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
    path = _path(key)
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            if f.readline(len(MAGIC) + 1) != MAGIC:
                return None
            header = json.loads(f.readline(1_000_000))
            if header.get("key") != key or not unchanged(header["files"]):
                return None
            payload = f.read(MAX_GAME_BYTES + 1)
        if len(payload) > MAX_GAME_BYTES or hashlib.sha256(payload).hexdigest() != header["sha256"]:
            return None
        game = _read_game(io.BytesIO(payload))
    except Exception:  # noqa: BLE001 - a file that cannot be read back is only a cache miss
        return None
    if not isinstance(game, kind):
        return None
    _touch(path)
    return game


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
        buffer = io.BytesIO()
        _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump_game(game)
        payload = buffer.getvalue()
        if len(payload) > MAX_GAME_BYTES:
            return
        header = json.dumps({"key": key, "files": files, "sha256": hashlib.sha256(payload).hexdigest()})
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        part.write_bytes(MAGIC + header.encode() + b"\n" + payload)
        os.replace(part, path)
        _prune(path.parent)
    except Exception:  # noqa: BLE001 - a game that cannot be kept is loaded again next time; never an error
        try:
            path.with_name(f"{path.name}.{os.getpid()}.part").unlink(missing_ok=True)
        except OSError:
            pass


def _prune(folder: Path) -> None:
    """At most KEPT_GAMES games stay in the cache (the least recently used go), and no part of a file
    left by a process that stopped while writing: the folder cannot grow without bound."""
    kept = sorted(folder.glob("game-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[KEPT_GAMES:]:
        old.unlink(missing_ok=True)
    for part in folder.glob("game-*.part"):
        if part.stat().st_mtime < time.time() - 3600:  # an hour old: no write takes that long
            part.unlink(missing_ok=True)


# ------------------------------------------------------- closures, by reference
def _own(module: str) -> bool:
    """A module of the packages a game is built and played by: kural.dsl..., kural.interpreter..."""
    top, _, rest = module.partition(".")
    return top == _TOP and rest.split(".", 1)[0] in OWN_PACKAGES


def _unwrapped(value):
    """The function behind a module's or class's attribute (a method, a property, a cached or
    decorated function), or None."""
    for attr in ("__func__", "fget", "func", "__wrapped__"):
        inner = getattr(value, attr, None)
        if inner is not None and not isinstance(value, types.FunctionType):
            value = inner
    return value if isinstance(value, types.FunctionType) else None


def _tops(module):
    """(attribute path, function) of every function a module defines at its top or in its classes."""
    for name, value in vars(module).items():
        if isinstance(value, type) and value.__module__ == module.__name__:
            for attr, member in vars(value).items():
                fn = _unwrapped(member)
                if fn is not None and fn.__module__ == module.__name__:
                    yield (name, attr), fn
        else:
            fn = _unwrapped(value)
            if fn is not None and fn.__module__ == module.__name__:
                yield (name,), fn


@functools.lru_cache(maxsize=None)
def _code_index(module_name: str) -> dict[int, tuple]:
    """id of every code object of a module (nested ones too) -> (attribute path, constant indexes)."""
    index: dict[int, tuple] = {}
    keep = []

    def walk(code, attrs, at):
        index.setdefault(id(code), (attrs, at))
        keep.append(code)
        for i, const in enumerate(code.co_consts):
            if isinstance(const, types.CodeType):
                walk(const, attrs, at + (i,))
    for attrs, fn in _tops(sys.modules[module_name]):
        walk(fn.__code__, attrs, ())
    _KEEP.extend(keep)  # the index holds ids: the code objects must outlive it
    return index


_KEEP: list = []


def _place_of(module_name: str, code) -> tuple | None:
    """Where a closure's code is in its module, as _code_index gives it, found from the name of the
    function it was written in (its code's qualified name, `Class.method.<locals>.<lambda>`) by a
    walk of that function's code alone; None when the name leads to no function holding it (then the
    whole module is indexed)."""
    attrs = tuple(code.co_qualname.split(".<locals>.", 1)[0].split("."))
    target = sys.modules[module_name]
    for attr in attrs:
        target = vars(target).get(attr) if hasattr(target, "__dict__") else None
        if target is None:
            return None
    fn = _unwrapped(target)
    at = _constant_path(fn.__code__, code) if fn is not None and fn.__module__ == module_name else None
    return None if at is None else (attrs, at)


def _constant_path(outer, code) -> tuple | None:
    """The constant indexes that lead from `outer` to `code` (its own nested code objects), or None."""
    if outer is code:
        return ()
    for i, const in enumerate(outer.co_consts):
        if isinstance(const, types.CodeType):
            inner = _constant_path(const, code)
            if inner is not None:
                return (i, *inner)
    return None


_CODES: dict[tuple, types.CodeType] = {}  # (module, attribute path, constant indexes) -> its code, once found
CellType, FunctionType = types.CellType, types.FunctionType  # by these names in a kept game


def _code_at(module_name: str, attrs, at: tuple) -> types.CodeType:
    """The code of a closure, from where it is in kural's own module (see _code_index)."""
    code = _CODES.get((module_name, attrs, at))
    if code is not None:
        return code
    module = _own_module(module_name)
    if isinstance(attrs, bytes):  # a lambda at a module's top: compiled from that module, as a .pyc holds it
        code = marshal.loads(attrs)
        if not isinstance(code, types.CodeType) or code.co_filename != module.__file__:
            raise pickle.UnpicklingError("not the code of that module")
    else:
        target = module
        for attr in attrs:
            target = vars(target)[attr]
        code = _unwrapped(target).__code__
        for i in at:
            code = code.co_consts[i]
        if not isinstance(code, types.CodeType):
            raise pickle.UnpicklingError("no code there")
    _CODES[(module_name, attrs, at)] = code
    return code


def _own_module(module_name: str):
    if not _own(module_name):
        raise pickle.UnpicklingError(f"not kural's module: {module_name}")
    return sys.modules.get(module_name) or importlib.import_module(module_name)


def _module_global(module_name: str, name: str):
    return vars(_own_module(module_name))[name]


def _module_dict(module_name: str) -> dict:
    """The globals of a closure: its module's."""
    return vars(_own_module(module_name))


class _ModuleDict:
    """Stands for a module's globals in a kept game (pickle gives a plain dict no reducer)."""

    def __init__(self, module_name: str):
        self.module_name = module_name

    def __reduce__(self):
        return _module_dict, (self.module_name,)


def _globals_of(module_name: str) -> dict[int, tuple[str, str]]:
    """id of each value a kural module holds at its top (a sentinel, a table, a notion) -> (the module, its
    name): kept by reference, so that `x is UNSET` stays true in a game read back."""
    module = sys.modules[module_name]
    return {id(v): (module_name, k) for k, v in vars(module).items()
            if not isinstance(v, (int, float, str, bytes, bool, type(None), type, types.ModuleType))}


class _Pickler(pickle.Pickler):
    """Pickles a game with its closures: each closure as its code's place in kural's module, its
    cells (shared where they were) and its attributes. The cells are made empty and filled once
    everything is read (`fills`, pickled last): a cell may hold, through others, its own closure,
    and every step of reading stays in pickle's C code but one loop at the end."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.globals = {}
        own = [name for name in list(sys.modules) if _own(name) and name != __name__ and sys.modules[name] is not None]
        for name in reversed(own):  # a value two modules hold is named by the first (each update overrides)
            self.globals.update(_globals_of(name))
        self.fills: list = []  # cell, what it holds, cell, what it holds ...: every cell with contents
        self.modules: dict[str, tuple] = {}  # a closure's module -> (module, its globals, what stands for them)
        self.code_module: dict[int, str] = {}  # id of a closure's code -> its module

    def dump_game(self, game) -> None:
        self.dump((game, self.fills))  # the game first: pickling it gathers the fills

    def reducer_override(self, obj):
        kind = type(obj)
        if kind is CellType:  # asked first, the most common object of a game (no module holds a cell)
            try:
                self.fills += (obj, obj.cell_contents)
            except ValueError:  # empty: a name its function had not bound yet
                pass
            return CellType, ()
        ref = self.globals.get(id(obj))
        if ref is not None:
            return _module_global, ref
        if isinstance(obj, Node):  # the typed program: what the generated module was made from, at load
            return _no_program, ()
        if kind is types.FunctionType:
            return self.function(obj)
        if kind is types.CodeType:
            return self.code(obj)
        if obj is CellType or obj is FunctionType:  # builtins' classes that pickle cannot name
            return _module_global, (__name__, "CellType" if obj is CellType else "FunctionType")
        return NotImplemented

    def function(self, fn):
        module_name = fn.__module__
        known = self.modules.get(module_name)
        if known is None:
            module = sys.modules.get(module_name)
            if not _own(module_name) or module is None:
                raise pickle.PicklingError(f"a function that is not kural's: {fn.__qualname__}")
            known = self.modules[module_name] = (module, vars(module), _ModuleDict(module_name))
        module, globals_, proxy = known
        if fn.__closure__ is None and "<" not in fn.__qualname__ and getattr(module, fn.__qualname__, None) is fn:
            return NotImplemented  # a module's own function: by its name, as pickle does
        if fn.__globals__ is not globals_:
            raise pickle.PicklingError(f"a function that is not kural's: {fn.__qualname__}")
        self.code_module[id(fn.__code__)] = module_name
        attrs = {}  # what the code does not give the new function already
        if fn.__name__ != fn.__code__.co_name:
            attrs["__name__"] = fn.__name__
        if fn.__qualname__ != fn.__code__.co_qualname:
            attrs["__qualname__"] = fn.__qualname__
        if fn.__defaults__:
            attrs["__defaults__"] = fn.__defaults__
        if fn.__kwdefaults__:
            attrs["__kwdefaults__"] = fn.__kwdefaults__
        state = (fn.__dict__ or None, attrs) if fn.__dict__ or attrs else None
        return FunctionType, (fn.__code__, proxy, None, None, fn.__closure__), state

    def code(self, code):
        module_name = self.code_module.get(id(code))
        if module_name is None:
            raise pickle.PicklingError(f"code of no closure: {code.co_name}")
        where = _place_of(module_name, code) or _code_index(module_name).get(id(code))
        if where is None:  # a lambda written at a module's top: its code is no attribute's
            where = (marshal.dumps(code), ())
        return _code_at, (module_name, *where)


def _no_program():
    """What stands for a node of the typed program in a kept game: the program is read while a game
    is loaded, by dsl/codegen.py, and a kept game keeps the module made from it (its source and the
    objects it is handed), so it keeps none of the program's nodes (two thirds of its reading)."""
    return None


def _read_game(stream):
    game, fills = _Unpickler(stream).load()
    for cell, contents in zip(fills[::2], fills[1::2]):
        cell.cell_contents = contents
    return game


_ALLOWED = {
    "builtins": {"set", "frozenset", "getattr", "object", "slice", "range", "complex", "bytearray", "dict", "list",
                 "tuple", "str", "int", "float", "bool", "len", "sum", "min", "max", "abs", "sorted", "any", "all"},
    "copyreg": {"_reconstructor", "__newobj__"},
    "functools": {"partial"},
    "operator": {"eq", "ne", "lt", "le", "gt", "ge", "add", "sub", "mul", "truediv", "floordiv", "mod", "neg",
                 "not_", "itemgetter", "attrgetter", "contains", "getitem"},
    "_operator": {"eq", "ne", "lt", "le", "gt", "ge", "add", "sub", "mul", "truediv", "floordiv", "mod", "neg",
                  "not_", "itemgetter", "attrgetter", "contains", "getitem"},
    "collections": {"OrderedDict", "defaultdict", "Counter", "deque"},
    __name__: {"_code_at", "_module_global", "_module_dict", "_no_program"},
}


class _Unpickler(pickle.Unpickler):
    """Reads back only kural's own classes and functions, and the few builtins a game holds."""

    def find_class(self, module, name):
        if module in _ALLOWED and name in _ALLOWED[module]:
            return super().find_class(module, name)
        if _own(module) and module != __name__:
            found = super().find_class(module, name)
            # only a class or function kural defines: a dotted name can reach a module a kural module
            # imports (`loader.os.system`), which is not read from a kept game
            if isinstance(found, (type, types.FunctionType)) and _own(getattr(found, "__module__", "") or ""):
                return found
        raise pickle.UnpicklingError(f"not read from a kept game: {module}.{name}")
