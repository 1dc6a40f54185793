"""What the teaching commands (rules, diff, graph, explain) read: a game, checked and compiled
by the loader, together with its rule file as written, merged over its variants the way the
loader merges them, so every part keeps its file:line."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from dsl import schema
from dsl.loader import load, resolve
from dsl.yamlload import LDict
from interpreter.gamedef import GameDef



@dataclass
class RuleSet:
    g: GameDef
    data: LDict  # the rule file as written, with every layer merged in
    layers: list = field(default_factory=list)  # (path, data) of every file, base first
    lines: dict = field(default_factory=dict)  # path -> the file's lines
    heads: list = field(default_factory=list)  # the `variant:` section of each variant layer

    @property
    def variant_ids(self) -> list[str]:
        return list(self.g.variants)


def merged(game: str, variants=()) -> LDict:
    """The merged rule data of a game and the variants named, as the loader merges it."""
    return resolve(game, list(variants)).data


def open_rules(game: str, variants=(), sets=()) -> RuleSet:
    """A game and its variants, checked (RuleError on a problem) and as written."""
    g = load(game, list(variants), list(sets))
    r = resolve(game, list(variants))
    heads = [dict(d.get("variant") or {}) if isinstance(d.get("variant"), dict) else {"id": p.stem}
             for p, d in r.layers[1:]]
    return RuleSet(g, r.data, r.layers, r.src.lines, heads)


def rule_ids(data: LDict) -> list[str]:
    """Every rule number the rule file cites (the keys dsl/schema.py marks as citing one: `rules:`,
    `rule:` of params, vars, checks and `melds.why`), and the `text:` keys that are rule numbers."""
    return [r for r in schema.cited(data) if is_rule_id(r)]


def is_rule_id(key: str) -> bool:
    """A `text:` key is a rule number (F2, C8), unless it names a part of the rule file (flow.round.end)."""
    return "." not in key


def natural_key(rule: str):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", rule)]
