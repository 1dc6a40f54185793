"""A move's guard, specialised to the position.

The parts of a guard that do not depend on the move's choices (`empty(table)`,
`hand(me)`, `can(play)`) have one value for all the cards tried in a
position. The specialiser works them out once, then uses a version of the
guard compiled with those values as constants: folded, tabulated, with the
dead branches gone. Versions are kept per set of values (a few per game:
`empty(table)` is true or false), up to a bound; past it, or when a part
cannot be worked out alone (`rank(top(pile))` of an empty pile, which the
full guard may never reach), the general guard is used, which is always
right, only slower.
"""
from __future__ import annotations

from typing import Callable

from interpreter.errors import RULE_FAILURES
from .compiler import Compiler, all_of
from .errors import RuleError

MAX_VERSIONS = 64
NO_ENV: dict = {}  # fixed parts read no local


class Specializer:
    def __init__(self, comp: Compiler, sources: list, locals_: dict[str, str], guard: Callable):
        self.comp, self.sources, self.locals, self.guard = comp, sources, dict(locals_), guard
        parts: dict[str, Callable] = {}
        for src in sources:
            for tree, fn in comp.fixed_parts(src, locals_):
                parts.setdefault(repr(tree), fn)
        self.keys = list(parts)
        self.parts = list(parts.values())
        self.versions: dict[tuple, Callable] = {}

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __call__(self, s) -> Callable:
        try:
            if len(self.parts) == 1:  # the common case, kept cheap: this runs once per position
                values = self.parts[0](s, NO_ENV)
                values = (tuple(values),) if isinstance(values, list) else (values,)
            else:
                values = tuple(_frozen(f(s, NO_ENV)) for f in self.parts)
            version = self.versions.get(values)
        except RULE_FAILURES:  # unhashable, or a part that fails alone: the general guard decides
            return self.guard
        if version is None:
            version = self._build(values)
            if len(self.versions) < MAX_VERSIONS:
                self.versions[values] = version
        return version

    def _build(self, values: tuple) -> Callable:
        self.comp.overrides = dict(zip(self.keys, values))
        try:
            checks = [self.comp.expr(src, self.locals, "bool") for src in self.sources]
        except RuleError:  # e.g. a division by a part that is 0 here: let play time report it
            return self.guard
        finally:
            self.comp.overrides = None
        if any(c.is_const and not c.const for c in checks):
            return _never
        return all_of([c.fn for c in checks if not c.is_const])


def _never(s, e):
    return False


def _frozen(value):
    return tuple(value) if isinstance(value, list) else value
