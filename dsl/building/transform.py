"""The walk of a rule file along the table of dsl/schema.py, in the style of Lark's `Transformer`: the
table says what each part is; a Key that names a builder (`Key(..., node="zone")`) has its parts built
by the builder's method of that name, called bottom-up with the part's children already built and
every key the file leaves out given its default from the table. A builder may also have `enter_<name>`,
called with the part (as written, its children not yet built) before its children are built, for what they share
(the names a move's choices give its checks). Nothing here names a section or a
key: a newcomer reads the table and the methods it names to see how a game is built.

A subtree of the table with no builder and no default below it is passed as written (the LDict or
LList with its places), so that a builder reads it with its places and the walk costs nothing there.
"""
from __future__ import annotations

from typing import Any, Iterator, NamedTuple

from kural.interpreter.messages import Msg
from .. import schema
from ..errors import Loc, RuleError
from ..yamlload import LDict, LList


class Part:
    """One mapping or list of a rule file as a builder method receives it: its children built (`part[key]`,
    a left-out key's default filled from the table, None when it has none), what was written (`raw`, with
    its places: `key_loc`, `val_loc`, `loc`, `below`, and `key in part`), its name in its section (or its
    index in a list), where the key (or list item) holding it is written (`where`, and `at`: the same as
    a Place with its layer) and where its value is (`value_at`). A part the file left out is `written`
    False, read from an empty mapping at its parent's place. Iterating it gives its children: for a
    mapping of fixed keys, every key of the table, written or not (`in` says which were written).
    `parent`: the part that holds it, its children built so far (a mapping's keys before this one in the
    table's order), so that a method reads what it depends on (the teams: the player counts)."""

    __slots__ = ("name", "raw", "value", "where", "value_at", "at", "written", "parent")

    def __init__(self, name, raw, value, where: Loc, value_at: Loc, at, written: bool, parent=None):
        self.name, self.raw, self.value, self.where, self.value_at = name, raw, value, where, value_at
        self.at, self.written, self.parent = at, written, parent

    def __getitem__(self, key):
        return self.value[key]

    def __contains__(self, key) -> bool:
        """Whether the file wrote this key (a default filled in does not count)."""
        return key in self.raw

    def __iter__(self):
        return iter(self.value)

    def __len__(self) -> int:
        return len(self.value)

    def items(self):
        return self.value.items()

    def get(self, key, default=None):
        value = self.value.get(key)
        return default if value is None else value

    def key_loc(self, key) -> Loc:
        return self.raw.key_loc(key) if isinstance(self.raw, LDict) else self.loc

    def val_loc(self, key) -> Loc:
        return self.raw.val_loc(key) if isinstance(self.raw, LDict) else self.loc

    @property
    def loc(self) -> Loc:
        """Where the mapping (or list) itself is, as its LDict says (a part left out: its parent's)."""
        return getattr(self.raw, "loc", self.value_at)

    @property
    def below(self) -> dict:
        return getattr(self.raw, "below", {})

    @property
    def locs(self) -> list:
        return getattr(self.raw, "locs", [])


def walk(builder, key: schema.Key, raw, name, loc: Loc, parent_loc: Loc, val_loc: Loc | None = None,
         parent: Part | None = None) -> Any:
    """One part of the rule file built along its Key: its children first, then the builder's method the
    Key names, if any. A part left out whose Key names a builder and holds a mapping is built from an
    empty one at its parent's place, so that its method gives the defaults (a game with no `deck:`).
    `loc`: where the key (or list item) holding the part is written; `val_loc`: where its value is."""
    shape = key.shape
    if raw is None and key.takes_away:  # an entry a variant takes away: nothing is built
        return None
    if not (key.node or _walked(shape)):
        bounded(key, raw, name, loc, parent)
        return raw
    written = raw is not None
    if raw is None and isinstance(schema._full(shape), (schema.Fields, schema.Named)):
        raw = LDict()
        raw.loc = parent_loc
    elif isinstance(shape, schema.Either) and not _full_form(shape, raw):
        raw = _short(shape, raw, val_loc or loc)
    part = Part(name, raw, None, loc, val_loc or loc, builder.at(loc) if key.node else None, written, parent)
    enter = getattr(builder, "enter_" + key.node, None) if key.node else None
    if enter is not None:  # what the part's children share is set up before them (a move's choices)
        enter(part)
    bounded(key, raw, name, loc, parent)  # before a child is built: a file of thousands is refused at once
    part.value = _children(builder, schema._full(shape), raw, loc, part)
    if key.node:
        return getattr(builder, key.node)(part)
    return part if isinstance(part.value, (dict, list)) else part.value


def bounded(key: schema.Key, raw, name, loc: Loc, parent: Part | None = None) -> None:
    """Refuses a part with more entries than its Key's `most`, at the first entry past the bound (or where
    the part is written, as its `too_many` says), in the words `too_many` gives; `parent`: the part that
    holds it, whose name the words may give (a move's, for its choices)."""
    if not key.most or not isinstance(raw, (dict, list)) or len(raw) <= key.most:
        return
    said = key.too_many
    words = {said.count: len(raw), said.most: key.most}
    if said.name:
        words[said.name] = name
    if said.owner:
        words[said.owner] = parent.name if parent is not None else ""
    past = list(raw)[key.most] if isinstance(raw, dict) else key.most
    where = loc if said.at_key else raw.key_loc(past) if isinstance(raw, LDict) else \
        raw.locs[past] if isinstance(raw, LList) and past < len(raw.locs) else loc
    raise RuleError.at(where, Msg(said.message, **words), Msg(said.hint))


def _full_form(shape: schema.Either, raw) -> bool:
    return isinstance(raw, list) if isinstance(shape.full, schema.ListOf) else isinstance(raw, dict)


def _short(shape: schema.Either, raw, loc: Loc):
    """The short form of an Either as its full form (`v` as `{value: v}`, a list value too), placed where
    `v` is written."""
    one = LDict({shape.short_key: raw})
    one.loc = one.key_locs[shape.short_key] = one.val_locs[shape.short_key] = loc
    if not isinstance(shape.full, schema.ListOf):
        return one
    full = LList([one])
    full.loc, full.locs = loc, [loc]
    return full


def _children(builder, shape, raw, loc: Loc, part: Part):
    """The children of a mapping or a list, each built; the keys of a Fields in the table's order, each
    key left out given its default (or built from it: `_built_empty`), filled into `part.value` one by
    one (a child reads the siblings before it through its `parent`); a value of the wrong form (refused
    by the checker) as written."""
    here = getattr(raw, "loc", loc)
    if isinstance(shape, schema.Fields) and isinstance(raw, dict):
        built = part.value = {}
        for k, sub in shape.keys.items():
            built[k] = walk(builder, sub, raw.get(k), k, _key_loc(raw, k, here), here, _val_loc(raw, k, here), part) \
                if k in raw or (part.written and _built_empty(sub)) else _default(sub, raw)
        return built
    if isinstance(shape, schema.Named) and isinstance(raw, dict):
        sub = schema._key(shape.value)
        return {k: walk(builder, sub, item, k, _key_loc(raw, k, here), here, _val_loc(raw, k, here), part)
                for k, item in raw.items()}
    if isinstance(shape, schema.ListOf) and isinstance(raw, list):
        sub, locs = schema._key(shape.item), getattr(raw, "locs", [])
        return [walk(builder, sub, item, i, locs[i] if i < len(locs) else here, here, None, part)
                for i, item in enumerate(raw)]
    return raw


def _built_empty(key: schema.Key) -> bool:
    """A mapping of fixed keys whose Key names a builder is built when left out of a part the file wrote,
    from its defaults (the seats' names of a game that names none), as a section is."""
    return bool(key.node) and isinstance(schema._full(key.shape), schema.Fields)


def _key_loc(raw, key, here: Loc) -> Loc:
    return raw.key_loc(key) if isinstance(raw, LDict) else here


def _val_loc(raw, key, here: Loc) -> Loc:
    return raw.val_loc(key) if isinstance(raw, LDict) else here


def _default(key: schema.Key, mapping) -> Any:
    if isinstance(key.default, schema.ByKey):
        return key.default.of(mapping)
    return None if key.default is schema.MISSING else key.default


def _walked(shape) -> bool:
    """Whether the walk goes into a shape: some Key below names a builder or has a default."""
    known = _WALKED.get(id(shape))
    if known is None or known[0] is not shape:
        known = _WALKED[id(shape)] = (shape, _walks(shape))
    return known[1]


def _walks(shape) -> bool:
    shape = schema._full(shape)
    if isinstance(shape, schema.Fields):
        return any(k.node or k.default is not schema.MISSING or _walked(k.shape) for k in shape.keys.values())
    if isinstance(shape, (schema.Named, schema.ListOf)):
        sub = schema._key(shape.value if isinstance(shape, schema.Named) else shape.item)
        return bool(sub.node) or _walked(sub.shape)
    return False


_WALKED: dict[int, tuple] = {}


class Declared(NamedTuple):
    """A name the rule file declares: its kind (the table's `declares`), its index among its part's
    entries, where it is written and the path of the part that declares it (`deck.values`)."""
    kind: str
    name: str
    index: int
    where: Loc
    part: str


def declarations(data, shape: schema.Fields = schema.TABLE, path: tuple = ()) -> Iterator[Declared]:
    """The declaration phase: every name the file declares, by the table's keys marked `declares`, in the
    table's order (each part's names in the file's order), each part refused past its bound first (they
    are read before they are built). Declaring parts are mappings of names in mappings of fixed keys."""
    for k, key in shape.keys.items():
        if key.declares:  # every declaring part bounded before a name is read: a name's refusal costs a walk of it
            bounded(key, data.get(k), k, _key_loc(data, k, data.loc))
    for k, key in shape.keys.items():
        value, full = data.get(k), schema._full(key.shape)
        if key.declares:
            if isinstance(value, dict):
                where, part = getattr(value, "loc", data.loc), ".".join(path + (k,))
                yield from (Declared(key.declares, name, i, _key_loc(value, name, where), part)
                            for i, name in enumerate(value))
        elif isinstance(full, schema.Fields) and isinstance(value, dict) and _declares(full):
            yield from declarations(value, full, path + (k,))


def _declares(shape: schema.Fields) -> bool:
    """Whether a key below a mapping of fixed keys declares names (the table's shapes are constants)."""
    known = _DECLARES.get(id(shape))
    if known is None or known[0] is not shape:
        below = any(k.declares or (isinstance(schema._full(k.shape), schema.Fields) and _declares(schema._full(k.shape)))
                    for k in shape.keys.values())
        known = _DECLARES[id(shape)] = (shape, below)
    return known[1]


_DECLARES: dict[int, tuple] = {}


def section(builder, data: LDict, name: str) -> Any:
    """A top-level section of the rule data, built (the builder decides in which order: dsl/building/game.py)."""
    return walk(builder, schema.TABLE.keys[name], data.get(name), name, data.key_loc(name), data.loc,
                data.val_loc(name))
