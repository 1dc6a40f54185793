"""Functions of a game's generated module compiled when first called (dsl/backend/program.py): the ones
only a refusal, the table or a bot asks for. Loading a game then compiles what every game plays, not
what a game may never ask (issue 36: a cold load spent a fifth of its compile on them)."""
from __future__ import annotations


class Deferred:
    """The module's deferred part: its source (the module's lines, the others blank, so that a traceback
    names the module's own lines), run in the module's namespace when one of its functions is first
    called. Until then each of them is a stand-in; then `holders` are pointed at the functions compiled:
    (list, index, name or tuple of names) for each place the stand-ins were handed out."""

    def __init__(self, source: str, filename: str, namespace: dict, names, holders: list):
        self.source, self.filename, self.namespace, self.holders = source, filename, namespace, holders
        self.done = False
        for name in names:
            namespace[name] = self._stand_in(name)

    def _stand_in(self, name: str):
        def compiled_first(*args):
            self.run()
            return self.namespace[name](*args)
        return compiled_first

    def run(self) -> None:
        """Compile and run the deferred part once, and hand out its functions instead of the stand-ins."""
        if self.done:
            return
        exec(compile(self.source, self.filename, "exec"), self.namespace)  # the module's own lines (see above)
        self.done = True
        ns = self.namespace
        for holder, i, names in self.holders:
            holder[i] = ns[names] if isinstance(names, str) else tuple(None if n is None else ns[n] for n in names)
