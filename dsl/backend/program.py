"""A checked game's generated module, compiled and run: `Program` holds its functions by what they do,
and the compiled code is kept in the user's cache under the hash of its source. A game read back from
the cache runs its module again: it imports none of the writers (generate.py writes a module).
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
import types
from typing import Any

from kural.interpreter.deferred import Deferred, split
from ..paths import cache_dir, prune


KEPT_PROGRAMS = 128  # compiled parts kept in the user's cache (a module and its later part, some tens of kB each)


class Program:
    """A game's generated module, compiled and run: its functions by what they do."""

    def __init__(self, g):
        from .generate import generate  # (the writers: imported where a module is written, not by a kept game)
        module = generate(g)
        extra = {"result": module.result, "round_values": module.round_values, "fields": module.fields,
                 "checks": module.checks, "domains": module.domains, "shown": module.shown,
                 "meld_values": module.meld_values,  # the names of what else it defines
                 "after_move_inlined": module.after_lines is not None,
                 "fallbacks": [general for _, general, _ in module.versions.values()]}
        source = module.source()
        # the key names the module and its constants, its code too (kept under it in the user's cache)
        key = hashlib.sha256("\0".join([sys.version, source, *module.consts]).encode()).hexdigest()[:32]
        self._run(key, source, module.constants, dict(module.objects), [m.index for m in g.moves],
                  len(g.steps), extra)

    def _run(self, key: str, source: str, constants: dict, handed: dict, move_indexes: list, step_count: int,
             extra: dict) -> None:
        self.source, self.key, self.constants = source, key, constants
        namespace: dict[str, Any] = {**constants, **handed}
        groups = [names for names in (_asked_only(move_indexes, extra), _at_rounds_end(extra)) if names]
        later = set().union(*groups)
        # the code kept is the module less what is compiled later: its key names both
        code_key = hashlib.sha256("\0".join([self.key, *("\1".join(sorted(names)) for names in groups)]).encode()
                                  ).hexdigest()[:32]
        codes = kept = _cached_code(code_key)
        if codes is None:
            for text in (split(source, later)[0], source):  # whole when the rest of it calls one of them
                codes = _compiled(text, code_key)
                if not (later and _reads(codes, later)):
                    break
            _keep_code(code_key, codes)
        for code in codes:  # its pieces in order, as the module's statements run
            exec(code, namespace)  # the module's own source, written above from the checked program only
        deferred = []
        if later and not _reads(codes, later):  # (a module compiled whole names them all)
            deferred = [Deferred(source, f"<kural {code_key}-later>", namespace, names, [], code) for names, code in
                        zip(groups, _later_code(f"{code_key}-later", source, groups, warm=kept is not None))]
        self.legal = [namespace[f"legal_{i}"] for i in move_indexes]
        self.apply = [namespace[f"apply_{i}"] for i in move_indexes]
        self.moves = [namespace[f"moves_{i}"] for i in range(step_count)]
        self.prefer = [namespace[f"prefer_{i}"] for i in move_indexes]
        self.result = namespace[extra["result"]] if extra["result"] is not None else None  # (winners, scores)
        self.after_move = namespace.get("after_move")
        self.round_values = [namespace[name] for name in extra["round_values"]]
        self.fields = [namespace[name] for name in extra["fields"]]
        self.start_game, self.end_round = namespace["start_game"], namespace["end_round"]

        def named(names):
            return tuple(None if name is None else namespace[name] for name in names)
        self.checks = [named(extra["checks"][i]) for i in move_indexes]
        self.domains = [named(extra["domains"][i]) for i in move_indexes]
        self.shown = [named(names) for names in extra["shown"]]
        self.meld_values = [named(names) for names in extra["meld_values"]]
        if deferred:  # the stand-ins handed out above: replaced by the functions once compiled
            _hand_out(deferred, [(self.prefer, j, f"prefer_{i}") for j, i in enumerate(move_indexes)] +
                      [(held, j, tuple(names)) for held, of in ((self.checks, [extra["checks"][i] for i in move_indexes]),
                                                                (self.domains, [extra["domains"][i] for i in move_indexes]),
                                                                (self.shown, extra["shown"]),
                                                                (self.meld_values, extra["meld_values"]))
                       for j, names in enumerate(of)] +
                      [(self.round_values, j, name) for j, name in enumerate(extra["round_values"])] +
                      [(self.fields, j, name) for j, name in enumerate(extra["fields"])] +
                      [(self.__dict__, "end_round", "end_round")] +
                      [(self.__dict__, "result", extra["result"])] * (extra["result"] is not None))
        self.handed = handed
        self.move_indexes, self.step_count, self.extra = move_indexes, step_count, extra
        self.objects = {name: _described(obj) for name, obj in handed.items()}

    def __getstate__(self):
        """A kept game (dsl/gamecache.py) keeps its module as plain data, its source and the values and
        objects it is handed: read back (__setstate__), the source is compiled (or its code taken from the
        cache) and run again."""
        return (self.key, self.source, self.constants, self.handed, self.move_indexes, self.step_count,
                self.extra)

    def __setstate__(self, state) -> None:
        self._run(*state)

    def listing(self) -> str:
        """The module's source, then the value of each constant it is handed (as Python writes it), then
        what each object it is handed is (parts not yet written as source)."""
        values = [f"#   {name} = {value!r}" for name, value in self.constants.items()]
        notes = [f"#   {name}: {what}" for name, what in self.objects.items()]
        return self.source + ("\n# Constants handed to the module (plain values, by name):\n" +
                              "\n".join(values) + "\n" if values else "") + \
            ("\n# Handed to the module (kural's own code, not written as source yet):\n" +
             "\n".join(notes) + "\n" if notes else "")


def _asked_only(move_indexes: list, extra: dict) -> set[str]:
    """The module's functions that only a refusal, the table or a bot calls: each move's checks, its
    choices' options and preferences, the shown and meld values; after_move too when the play of every
    move writes its lines out (then only a test calls it alone); and each guard's general version, which
    a position asks only when a part that picks the guard's version fails (in a large game a sixth of
    its played part). Compiled when first called."""
    names = {f"prefer_{i}" for i in move_indexes}
    names.update(extra.get("fallbacks", ()))
    if extra.get("after_move_inlined"):
        names.add("after_move")
    for group in (*extra["checks"].values(), *extra["domains"].values(), *extra["shown"], *extra["meld_values"]):
        names.update(name for name in group if name is not None)
    return names


def _reads(codes, names: set[str]) -> bool:
    """Does compiled code (pieces of a module) read any of `names` as it runs: its statements (a default
    value, a table of functions), and what they run in place (a comprehension)? Not a function's body,
    which reads its globals when called: a stand-in found there (interpreter/deferred.py) compiles the
    deferred part, and from then on the name is the function's own."""
    for code in codes:
        if not names.isdisjoint(code.co_names) or _reads([c for c in code.co_consts if isinstance(c, types.CodeType)
                                                          and not _a_body(c)], names):
            return True
    return False


def _a_body(code) -> bool:
    """Is this the code of a function's body (a def's own: not a comprehension or a lambda, `<...>`)?"""
    return bool(code.co_flags & _CO_OPTIMIZED) and not code.co_name.startswith("<")


_CO_OPTIMIZED = 0x1  # (inspect.CO_OPTIMIZED, without importing inspect: a function's code, or a comprehension's)


def _at_rounds_end(extra: dict) -> set[str]:
    """The module's functions that only a round's end calls: end_round, the values of a round's scoring
    sheet, the result and its fields. Compiled when a round first ends: a load that plays no round to its
    end (the rules, a lesson, a refusal asked) compiles none of them."""
    names = {"end_round", *extra["round_values"], *extra["fields"]}
    if extra["result"] is not None:
        names.add(extra["result"])
    return names


def _hand_out(deferred: list, holders: list) -> None:
    """Each place a stand-in was handed out (holder, index, name or tuple of names) to the deferred part that
    defines its function: that part points it at the function once compiled."""
    for holder in holders:
        names = holder[2]
        name = names if isinstance(names, str) else next((n for n in names if n is not None), None)
        for part in deferred:
            if name in part.names:
                part.holders.append(holder)
                break


def _later_code(key: str, source: str, groups: list, warm: bool) -> list:
    """The code of each part compiled later (one for each of `groups`, the names it defines), kept in the
    user's cache in one file. Play writes no file, so a part compiled at a first call is not kept then:
    the next load whose played part was kept compiles and keeps them all (a cold load still compiles only
    what is played). Each one piece: interpreter/deferred.py runs it so."""
    codes = _cached_code(key)
    if codes is None and warm:
        codes = tuple(_compiled(split(source, names)[1], key, 0)[0] for names in groups)
        _keep_code(key, codes)
    return [None] * len(groups) if codes is None or len(codes) != len(groups) else list(codes)


PIECE_LINES = 100  # the lines of a module compiled at once, at least (see _compiled)


def _compiled(whole: str, key: str, lines: int = PIECE_LINES) -> tuple:
    """A part of a module compiled (the one place the backend compiles: tests/test_safety.py), in pieces of
    some `lines` of its statements (0: in one piece), each with the others' lines blank (so that it keeps
    the module's line numbers), to run in order. Python holds the syntax tree of all it compiles at once:
    a module compiled whole took some 5 MB more, new pages for the process at every cold load."""
    rows = whole.splitlines(keepends=True)
    pieces, begin = [], 0
    for i, row in enumerate(rows):  # a statement of the module starts on a line of its own, unindented (split)
        if lines and i - begin >= lines and row[:1] not in (" ", "\t", "\n", "\r", ""):
            pieces.append((begin, i))
            begin = i
    pieces.append((begin, len(rows)))
    codes = []
    for begin, end in pieces:
        text = "\n" * begin + "".join(rows[begin:end]) + "\n" * (len(rows) - end)
        codes.append(compile(text, f"<kural {key}>", "exec"))
    return tuple(codes)


def _code_path(key: str):
    folder = cache_dir()
    return None if folder is None else folder / f"program-{key}.marshal"


def _cached_code(key: str):
    """The module compiled before (its pieces, see _compiled), kept in the user's cache under its key (the hash
    of its source, its constants and Python's version, as Python keeps .pyc files); None when it is not there
    or cannot be read."""
    path = _code_path(key)
    try:
        code = marshal.loads(path.read_bytes()) if path is not None else None
        if code is not None:
            os.utime(path)  # one of the last used: pruning goes by the time of last use
    except (OSError, ValueError, EOFError, TypeError):
        return None
    pieces = code if isinstance(code, tuple) and code else ()
    return code if pieces and all(isinstance(c, types.CodeType) and c.co_filename == f"<kural {key}>" for c in pieces) \
        else None


def _keep_code(key: str, code: tuple) -> None:
    """Keep a compiled module (its pieces) for the next load (written beside, then renamed: never half a file)."""
    path = _code_path(key)
    if path is None:
        return
    try:
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        part.write_bytes(marshal.dumps(code))
        os.replace(part, path)
        prune(path.parent, "program-", ".marshal", KEPT_PROGRAMS)
    except OSError:
        pass  # no cache: the next load compiles again


def _described(obj) -> str:
    """What an object handed to the module is, in the words of kural's code (never a rule file's)."""
    qualname = getattr(obj, "__qualname__", None) or type(obj).__qualname__
    module = getattr(obj, "__module__", None) or type(obj).__module__
    return f"{module}.{qualname}"
