"""issue 36: each module of the rules language is one concept, named for it. The loader (files, extends,
merge, cache key, a record's game, the section builder, the teaching extras) and the compiler (the
parser's caches, names, type checking, card-lookup fusion, the Said recording, now the typed tree) were grab-bags; split by
concept, each part lives in the module named for it, and no module grows back into a grab-bag."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

DSL = Path(__file__).resolve().parents[1] / "dsl"
MOST_LINES = 1_200  # a module past this holds more than one idea (the bundled grab-bags were 1,548 and 1,739)
SPLIT_ELSEWHERE = {"codegen.py"}  # split by its own item of issue 36

# each concept, the module named for it, and names that must be defined there (not merely imported)
HOMES = {
    "kural.dsl.parsing": ["parser", "parse_flat", "table_parser", "keywords", "name_rule"],
    "kural.dsl.piece": ["C", "const", "overridden"],
    "kural.dsl.names": ["Name", "kind_word", "builtins"],
    "kural.dsl.compiler": ["Compiler"],
    "kural.dsl.lookups": ["fuse_card_lookups", "card_lookup"],
    "kural.dsl.specialize": ["Specializer"],
    "kural.dsl.backend.evaluate": ["value_of", "table_of"],  # folding and tabulation, by the code a node writes
    "kural.dsl.typed": ["Typed", "Word", "const"],
    "kural.dsl.rulefiles": ["find_game", "find_variant", "variant_dir", "Source", "layers_of", "merge", "resolve"],
    "kural.dsl.record_rules": ["resolve_for_record", "unshown"],
    "kural.dsl.loader": ["load", "load_for_record"],
    "kural.dsl.building.game": ["build"],
    "kural.dsl.building.transform": ["walk", "section", "bounded"],
    "kural.dsl.building.param_values": ["ParamsPart", "TextValue", "param_sets"],
    "kural.dsl.building.table": ["TablePart"],
    "kural.dsl.building.turn": ["TurnPart"],
    "kural.dsl.building.shown": ["ShownPart"],
    "kural.dsl.building.teaching": ["TeachingPart"],
}
LOADER_ENTRIES = {"load", "load_for_record"}  # the ways in to a game


@pytest.mark.parametrize("module", sorted(HOMES))
def test_each_concept_is_defined_in_the_module_named_for_it(module):
    """issue 36: what the grab-bags held is defined in the module named for its concept."""
    loaded = importlib.import_module(module)
    for name in HOMES[module]:
        assert getattr(loaded, name).__module__ == module, f"{module}.{name} is defined elsewhere"


def test_the_loader_holds_only_the_ways_in_to_a_game():
    """issue 36: dsl/loader.py defines the entries that load a game and nothing of building it."""
    loader = importlib.import_module("kural.dsl.loader")
    own = {name for name, value in vars(loader).items()
           if not name.startswith("_") and getattr(value, "__module__", None) == loader.__name__}
    assert own <= LOADER_ENTRIES, own - LOADER_ENTRIES


def test_no_module_of_the_rules_language_is_a_grab_bag():
    """issue 36: every module of dsl/ says what it is in a docstring, and none is past MOST_LINES."""
    for path in sorted(DSL.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if not text.strip():  # an empty package marker
            continue
        where = path.relative_to(DSL.parent)
        assert ast.get_docstring(ast.parse(text)), f"{where} says nothing of what it is"
        if path.name not in SPLIT_ELSEWHERE:
            assert text.count("\n") <= MOST_LINES, f"{where} has {text.count(chr(10))} lines"


def test_every_helper_a_generated_module_calls_is_given_to_it():
    """Issue 36 (a notion is one object): the runtime modules list what generated code may call (their
    __all__) and interpreter/compiled.py gives it all of them; every `_rt.name` a bundled game's module
    (with its variants) calls is there."""
    import re

    from kural.dsl.loader import load
    from kural.dsl.rulefiles import find_game, variant_dir
    import kural.interpreter.compiled as rt

    called = set()
    for game in ("fantan", "fanti", "canasta"):
        for variants in [[]] + [[v.stem] for v in sorted(variant_dir(find_game(game)).glob("*.yaml"))]:
            called |= set(re.findall(r"_rt\.(\w+)", load(game, variants).program.source))
    assert called and all(hasattr(rt, name) for name in called), sorted(n for n in called if not hasattr(rt, n))
