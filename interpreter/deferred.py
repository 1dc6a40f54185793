"""Functions of a game's generated module compiled when first called (dsl/backend/program.py): the ones
only a refusal, the table or a bot asks for, a guard's general version, and (a part of their own) what
only a round's end calls. Loading a game then compiles what every move plays, not what a game may never
ask (issue 36: a cold load spent a fifth of its compile on them)."""
from __future__ import annotations


class Deferred:
    """The functions `names` of a module (its `source`), compiled from the module's own lines (the others
    blank, so that a traceback names the module's lines) and run in its namespace when one of them is
    first called. Until then each is a stand-in; then `holders` are pointed at the functions compiled:
    (list, index, name or tuple of names) for each place the stand-ins were handed out. `code`: their
    lines compiled already (read from the user's cache at load), else compiled at the first call."""

    def __init__(self, source: str, filename: str, namespace: dict, names: set[str], holders: list, code=None):
        self.source, self.filename, self.namespace, self.holders = source, filename, namespace, holders
        self.names, self.done, self.code = names, False, code
        for name in names:
            namespace[name] = self._stand_in(name)

    def _stand_in(self, name: str):
        def compiled_first(*args, **kwargs):
            self.run()
            return self.namespace[name](*args, **kwargs)
        return compiled_first

    def run(self) -> None:
        """Compile and run the deferred part once, and hand out its functions instead of the stand-ins."""
        if self.done:  # (threads that ask at once may each compile it: the same functions, handed out alike)
            return
        code = self.code
        if code is None:  # (play writes no file: what is compiled here is kept by a later load, see Program)
            code = compile(split(self.source, self.names)[1], self.filename, "exec")
        exec(code, self.namespace)  # the module's own lines (see above)
        ns = self.namespace
        for holder, i, names in self.holders:
            holder[i] = ns[names] if isinstance(names, str) else tuple(None if n is None else ns[n] for n in names)
        self.done = True


def split(source: str, later: set[str]) -> tuple[str, str]:
    """The module's source twice, line for line: the functions named in `later` blank in the first, all
    else blank in the second (so each keeps the module's line numbers). A top-level line starts each
    statement of the module, a function's own lines are indented."""
    now, then = [], []
    deferred = False
    for line in source.splitlines(keepends=True):
        if line[:1] not in (" ", "\t", "\n", "\r", ""):
            deferred = line.startswith("def ") and line[4:line.find("(")] in later
        (then if deferred else now).append(line)
        (now if deferred else then).append("\n")
    return "".join(now), "".join(then)
