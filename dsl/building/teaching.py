"""What the teaching layer reads of a game that play does not keep (dsl/teach/): the file's own
facts (allowed player counts, seat names, value tables, meld words, glossary) and each part's node as
written and where, at its place in the table of dsl/schema.py, as `kural diff` compares them (made when
first asked for). Every load keeps them (GameDef.words)."""
from __future__ import annotations

from .. import said, schema
from ..errors import Loc
from ..yamlload import LDict, LList


class TeachingPart:
    """The builder's (dsl/building/game.py) teaching extras."""

    def facts(self, game) -> dict:
        """What the teaching layer says that the playable game does not keep: kept by the sections' methods
        as the walk built them (the deck's value tables, the names `melds:` gives, the vars' rules)."""
        return {
            "allowed_players": [int(n) for n in game.get("allowed_players") or []],
            "seats": {lang: [str(n) for n in names] for lang, names in (game.get("seats") or {}).items()},
            **self.deck_words, "melds": self.meld_words, "var_rules": self.var_rules,
            "glossary": self.walk("glossary"),
        }

    def term(self, entry) -> dict:
        """A term of `glossary:`: its words in each language, what it means, how Turkish writes its endings."""
        return {"term": self.text(entry.get("term"), entry.name),
                "means": self.with_params(self.text(entry.get("means"), ""), ("glossary", entry.name)),
                "apostrophe": bool(entry["apostrophe"])}

    def glossary(self, section) -> dict:
        """`glossary:`: the game's own terms, explained where the rules first use them."""
        return dict(section.items())


def units(data) -> dict:
    """The parts `kural diff` compares (dsl/schema.py `units`), each its node as written (`_written`)
    and where: place -> (kind, node, Loc, the Loc of its title). Made from the rule data as merged, when
    the teaching layer first asks (dsl/said.py `Recorded.units`)."""
    out = {}
    for u in schema.units(data):
        titles = schema.key_at(".".join(map(str, u.path[:-1]))).titles if len(u.path) > 1 and not any(
            isinstance(step, int) for step in u.path) else ""
        title_loc = _container_loc(data, u.path[:-2] + (titles, u.path[-1])) if titles else None
        node = [_written(u.value[0], u.shape), _plain(u.value[1])] if titles else _written(u.value, u.shape)
        out[u.path] = (u.kind, node, _container_loc(data, u.path), title_loc)
    return out


def _written(value, shape):
    """A part as a node: its expressions and effects as written (dsl/said.py `Written`: equal
    however they are spaced), every other value plain, walked along its shape in the table."""
    shape = shape.shape if isinstance(shape, schema.Key) else shape
    if isinstance(shape, schema.Either):
        full = isinstance(value, list) if isinstance(shape.full, schema.ListOf) else isinstance(value, dict)
        shape = shape.full if full else shape.short
    if isinstance(shape, (schema.Fields, schema.Named)) and isinstance(value, dict):
        return {str(k): _written(v, shape.keys.get(k) if isinstance(shape, schema.Fields) else shape.value)
                for k, v in value.items()}
    if isinstance(shape, schema.ListOf) and isinstance(value, list):
        return [_written(v, shape.item) for v in value]
    if shape == schema.EFFECTS and isinstance(value, list):
        return [_tree(v, "effects") for v in value]
    if shape in schema.EXPRESSIONS:
        return _tree(value, "effects" if shape == "effects" else "expr")
    return _plain(value)


def _tree(text, start: str):
    """An expression or effect as written: its text, its tree made only where it is compared."""
    if not isinstance(text, str):
        return _plain(text)
    return said.Written(str(text), start)


def _plain(x):
    """Rule data without its places: two parts are equal when they say the same."""
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    if isinstance(x, str):
        return str(x)
    return x


def _container_loc(data, path: tuple) -> Loc | None:
    """Where a part is written: the key (or list item) that holds it, as the merge left it (a variant's
    part in the variant's file)."""
    node, loc = data, None
    for step in path:
        if isinstance(node, LDict) and step in node:
            loc = node.key_loc(step)
            node = node[step]
        elif isinstance(node, LList) and isinstance(step, int) and step < len(node):
            loc = node.locs[step]
            node = node[step]
        elif step in ("fields", "field_titles"):
            node = node.get(step) if isinstance(node, dict) else None
        else:
            break
    return loc
