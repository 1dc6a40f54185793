"""Issue 36: the backend is rebuilt (visitors over the tree, split by concept) without changing what
it writes: the generated module of every game, each variant and player count, is byte for byte the one
recorded in tests/golden/programs.json (tests/backend_listing.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "backend_listing.py"


def test_every_generated_module_is_unchanged():
    # a process of its own: the games are built afresh (a cache of their own), never read back from a kept game
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


BACKEND = Path(__file__).resolve().parents[1] / "dsl" / "backend"


def test_the_backend_is_split_by_concept_and_patches_no_text():
    """Issue 36, "each module one concept, named for it" and "never by regex patches of generated text":
    the backend is a package of modules, each saying in its docstring what it is, and none imports `re`
    or `tokenize` (what a function binds, which constants it reads, whether a part can fail, which parts
    are alike, which names a rule's loop is handed: decided by the visitors while they write, on the nodes)."""
    import ast
    modules = sorted(BACKEND.glob("*.py"))
    assert len(modules) >= 8 and not (BACKEND.parent / "codegen.py").exists()
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{path.name}: a docstring says what the module is"
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names} | \
            {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not imported & {"re", "tokenize"}, f"{path.name} reads generated text"


def _state_locals(function) -> tuple[set, set]:
    """(the state's attributes a generated function binds as locals, `x = s.x`, or is handed as its
    arguments (a loop of any, all or count: Expr.looped); those locals it reads)."""
    import ast
    bound = {t.id for st in ast.walk(function) if isinstance(st, ast.Assign) for t in st.targets
             if isinstance(t, ast.Name) and isinstance(st.value, ast.Attribute) and st.value.attr == t.id
             and isinstance(st.value.value, ast.Name) and st.value.value.id == "s"}
    bound |= {a.arg for a in function.args.args}
    read = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    state = {"zones", "cache", "where"}
    return bound & state, read & state


def test_a_generated_function_binds_the_states_locals_it_reads_and_only_those():
    """Issue 36: a function's head binds `zones = s.zones` (or the cache, or the places of cards) when its
    lines read that local, and only then: the visitor records what it hands out (StateLocals), where a
    text search once left `cache = s.cache` in a step's moves that read `s.cache` only. Every bundled
    game (each at its first player count) and a test game with a step of several moves."""
    import ast

    from kural.dsl.loader import load
    from all_games import game_ids
    from golden_corpus import configs, located
    firsts = {}
    for game, combo, players, _bots in configs():
        if not combo and (game in game_ids() or game.endswith("eights.yaml")):
            firsts.setdefault(game, players)
    for game, players in firsts.items():
        tree = ast.parse(load(located(game), players=players).program.source)
        for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
            bound, read = _state_locals(function)
            assert bound == read, (game, function.name, bound, read)


def test_whether_a_part_can_fail_is_decided_on_its_node():
    """Issue 36 (Expr.cannot_fail, no parsing of the source): `not`, `and`, `==` of the cards of a zone
    the game has cannot raise; a zone past the game's, an order (`<`), a number alone may."""
    from kural.dsl import ir
    from kural.dsl.backend.expressions import Expr
    from kural.dsl.backend.module import Frame, Module
    module = Module()
    module.zone_count = 4
    expr = Expr(Frame(module))

    def zone(i):
        return ir.ZoneCards("cards", ir.Const("zone", i))
    empty = ir.Not("bool", zone(3))
    assert expr.cannot_fail(empty) and expr.cannot_fail(ir.Chain("bool", "and", [empty, ir.Const("bool", True)]))
    assert expr.cannot_fail(ir.Binary("bool", "==", zone(0), zone(1)))
    assert not expr.cannot_fail(ir.Not("bool", zone(4)))  # (no such zone: an index error)
    assert not expr.cannot_fail(ir.Binary("bool", "<", zone(0), zone(1)))
    assert not expr.cannot_fail(ir.Const("num", 3))


def test_a_game_read_back_from_the_cache_imports_none_of_the_writers(tmp_path):
    """Issue 36 (the backend split by concept, at no cost to a load): a game read back from the cache runs
    its module again (dsl/backend/program.py) and imports none of the modules that write one; the load
    that writes it does."""
    import os
    code = ("import sys; from kural.dsl.loader import load; load('fantan')\n"
            "print(' '.join(m for m in sys.modules if m.startswith('kural.dsl.backend.')))\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
            for _ in range(2)]
    first, again = (set(run.stdout.split()) for run in runs)
    writers = {f"kural.dsl.backend.{name}" for name in ("generate", "expressions", "statements", "steps", "options")}
    assert writers <= first, runs[0].stderr
    assert again == {"kural.dsl.backend.program"}, again
