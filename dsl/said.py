"""What the teaching layer reads of a rule file besides its typed tree (dsl/typed.py): where each part is
written, the parts as written (`Written`, parsed only where `kural diff` or lint compare them), the rule
files' lines (`Recorded`, kept by every load).
"""
from __future__ import annotations

from dataclasses import dataclass

from .typed import Typed, word


def written(t) -> Typed:
    """A part as the rule file writes it: the parser's tree as plain nodes, nothing compiled or folded
    (what `kural diff` compares, dsl/teach/changes.py: the same tree however it is spaced or quoted)."""
    if t is None or isinstance(t, str):
        return word(t)
    return Typed(t.data, [written(x) for x in t.children])


class Written:
    """An expression or effect list as the rule file writes it (`text`, read from the grammar's rule
    `start`), as `kural diff` compares it: equal to another when their trees (`tree`) are, however they
    are spaced or quoted. The tree is made on first use: a load keeps the text only (most parts are
    never compared), and the words cache keeps two texts, not a tree."""

    __slots__ = ("text", "start", "_tree")

    def __init__(self, text: str, start: str):
        self.text, self.start, self._tree = text, start, None

    def __reduce__(self):
        return Written, (self.text, self.start)

    def tree(self):
        """Its node (`written`), or its text when it does not parse (a part never compiled)."""
        if self._tree is None:
            from .parsing import parse_flat  # (only where parts are compared: a load never needs it)
            try:
                self._tree = written(parse_flat(self.text, self.start))
            except Exception:  # noqa: BLE001 - a part that does not parse is compared as written
                self._tree = self.text
        return self._tree

    def __eq__(self, other) -> bool:
        if not isinstance(other, Written):
            return NotImplemented
        same_text = self.text == other.text and self.start == other.start
        return same_text or self.tree() == other.tree()

    def __hash__(self) -> int:
        return hash(self.tree())

    def __repr__(self) -> str:
        return repr(self.tree())


@dataclass
class Recorded:
    """What every load keeps of a rule file for the teaching layer (GameDef.words), besides the playable
    game (the cache keeps it apart, read on first use: dsl/gamecache.py): every part's node and what it reads, where each part is written, and the rule files'
    lines, so that nothing teaching says needs the rule file read again.

    Parts are keyed by their place in the rule file, as the table of dsl/schema.py names it:
    ("moves", "play", "when", 0, "check"), ("flow", "round", "end"), ("round_result", "points") ..."""

    parts: dict  # place -> Typed (an expression, or an effect list: an `effects` node)
    reads: dict  # place -> {param or define name -> {the defines it is read through, as tuples}}
    terms: dict  # define -> (its node where first used, the locals there, that place, the arguments there)
    define_titles: dict  # define -> its title {en, tr}, for the titled ones
    unit_parts: dict | None  # place -> (kind, its node as written, Loc, title Loc): what `kural diff` compares
    # (dsl/schema.py units); None until first asked for (`units`)
    lines: dict  # rule file -> its lines, to show a part as written
    heads: list  # each variant file's `variant:` section (id, title, about, rule), base first
    written: dict  # section -> its keys as the rule file wrote them (params, vars, zones ... declared)
    facts: dict = None  # what the game keeps nowhere else: allowed_players, value tables as written,
    # the params that `melds:` names, each var's rule, the glossary

    units_of = None  # what makes `unit_parts` when first asked for: play never asks (the rule data as merged)

    @property
    def units(self) -> dict:
        """The parts `kural diff` and lint compare, made on first use: a load that plays never walks them."""
        if self.unit_parts is None:
            self.unit_parts, self.units_of = self.units_of(), None
        return self.unit_parts

    def __getstate__(self):
        """Kept (the words cache) without the parts as written: the loader makes them again from the rule
        files when first asked for (dsl/loader.py `_units_again`)."""
        state = dict(self.__dict__)
        state["unit_parts"] = None
        state.pop("units_of", None)
        return state

    def merge_reads(self, place: tuple, reads: dict | None) -> None:
        mine = self.reads.setdefault(place, {})
        for name, via in (reads or {}).items():
            mine.setdefault(name, set()).update(via)
