"""The Said recording: every part the compiler compiles (every load) keeps its node of the teaching tree
(dsl/said.py) in the frame of the part around it. A part of the rule file (dsl/building/game.py
`expr_at`, `effects`: compiled in `recording`, with its place) also keeps what it reads, and where a
define is first spelled out; a part compiled outside one (a define shown beside a meld) keeps only its
node, which nothing reads."""
from __future__ import annotations

from contextlib import contextmanager

from lark import Tree

from . import said


class RecordingCompiler:
    """The compiler's side: which part is recorded, and the node of an effect list."""

    @contextmanager
    def recording(self, part: str):
        """Compile the next part (`part`: its place in the rule file, moves.play.when.0) keeping the
        params and defines it reads (`reads`) and where a define is first spelled out (`terms`), besides
        its node (`said`): what the teaching layer reads."""
        self.frames, self.reads, self.said, self.part = [{}], {}, None, part
        try:
            yield
        finally:
            self.frames, self.part = [{}], ""  # (`reads` and `said` stay, for the caller to keep)

    def recorded_effects(self, unit, tree):
        """An effect list compiled by `unit`; while recording, its statements' nodes gathered as one."""
        if not self.part:
            self.said = None
            return unit.stmts(tree.children, 0)
        self.frames.append({})
        try:
            out = unit.stmts(tree.children, 0)
        finally:
            kids = self.frames.pop()
        self.said = said.effects(tree, kids)
        return out


class RecordingUnit:
    """A unit's side (dsl/compiler.py _Unit): each part's node, with the names it stands for."""

    def recorded_node(self, t, depth: int):
        """`node`, recording the part's node (dsl/said.py) in the frame of the part around it: a unit made
        while recording calls this for `node` (_Unit.__init__)."""
        frames = self.c.frames
        frames.append({})  # the nodes of the parts compiled inside this one
        try:
            out = type(self).node(self, t, depth)
        finally:
            kids = frames.pop()
        entry = self.c.names.get(t.children[0].value) if isinstance(t, Tree) and t.data == "var" \
            and t.children[0].value not in self.locals else None
        title = self.c.titles.get(t.children[0].value) if entry is not None and entry.kind == "define" else None
        frames[-1][id(t)] = said.of(t, out, kids, entry, title, self.c.titles_not.get(t.children[0].value)
                                    if title else None)
        return out
