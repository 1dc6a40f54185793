"""The packages' layers (issue 36): interpreter/ (the runtime: cards, zones, states, the engine, bots,
records, the API's types) is the lowest, dsl/ (the rules language: parser, loader, compiler, notions,
codegen, teaching, the entries that read a rule file) is above it, cli/ (the `kural` command) on top.
Imports run one way, down: every import counts, one inside a function too (a late import that dodges
a cycle is still a cycle), a relative one resolved against its module's package."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["interpreter", "dsl", "cli"]  # lowest first: each may import only those before it


def imported_tops(tree: ast.AST, package: list[str]) -> list[tuple[str, int]]:
    """(top package, line) of every import in the tree, at any depth, by a module whose package is
    `package` (its folders from the checkout's root): `kural.X`, a bare `X` and a relative `..X` alike."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level:
            if node.level - 1 > len(package):
                continue  # climbs past the checkout's root: no package of ours
            base = package[:len(package) - (node.level - 1)]
            names = [".".join([*base, node.module])] if node.module else [".".join([*base, a.name]) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "kural" and len(parts) > 1:
                parts = parts[1:]
            if parts[0] in LAYERS:
                out.append((parts[0], node.lineno))
    return out


def arrows() -> dict[tuple[str, str], list[str]]:
    """(importing package, imported package) -> the places (file:line) of every import between two of them."""
    found: dict[tuple[str, str], list[str]] = {}
    for top in LAYERS:
        for path in sorted((ROOT / top).rglob("*.py")):
            package = list(path.relative_to(ROOT).parent.parts)
            for target, line in imported_tops(ast.parse(path.read_text(encoding="utf-8")), package):
                if target != top:
                    found.setdefault((top, target), []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_the_walker_finds_a_late_relative_import_and_a_package_import():
    """What the test below relies on (issue 36): an import inside a function, relative or through
    `kural.`, counts; from dsl/notions/, `..` is dsl/ itself."""
    late = ast.parse("def f():\n    from ..dsl import ir\n    import kural.cli.main\n")
    assert imported_tops(late, ["interpreter"]) == [("dsl", 2), ("cli", 3)]
    assert imported_tops(ast.parse("from .. import ir\nfrom ... import interpreter\n"), ["dsl", "notions"]) == \
        [("dsl", 1), ("interpreter", 2)]


def test_imports_run_one_way():
    """issue 36: interpreter/ imports nothing of dsl/ or cli/, dsl/ nothing of cli/ (not even inside a
    function); so no two of them import each other. The arrows down are there (the walker reads them)."""
    found = arrows()
    up = {pair: places for pair, places in found.items() if LAYERS.index(pair[0]) < LAYERS.index(pair[1])}
    assert up == {}, f"imports that run up the layers {LAYERS}: {up}"
    assert not [(a, b) for a, b in found if (b, a) in found]
    assert ("dsl", "interpreter") in found and ("cli", "dsl") in found and ("cli", "interpreter") in found


def test_play_runs_nothing_of_the_rules_language():
    """Issue 36, "the whole game is generated": from a new game to its result, with bots playing and the
    table asking why each other option of a position is refused, no function of dsl/ runs: play is the
    generated module and the runtime alone. Every bundled game, Kanasta's 351 and the test games of
    other genres (tests/games/), loaded first (the language runs there), then traced."""
    import collections
    import sys

    import kural
    from kural.dsl.loader import load
    from kural.interpreter.bots import make_bot
    from kural.interpreter.engine import apply, new_game, result
    from kural.interpreter.legal import legal_moves, refusal
    dsl = str(Path(kural.__file__).resolve().parent / "dsl")
    ran: collections.Counter = collections.Counter()

    def traced(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(dsl):
            ran[f"{frame.f_code.co_filename[len(dsl):]}:{frame.f_code.co_name}"] += 1

    games = [("fantan", []), ("fanti", []), ("canasta", []), ("canasta", ["351"])] + \
        [(str(p), []) for p in sorted((ROOT / "tests" / "games").glob("*.yaml"))]
    for name, variants in games:
        g = load(name, variants)
        for seed, kind in ((1, "heuristic"), (2, "random")):
            bot = make_bot(kind, seed)
            sys.setprofile(traced)
            try:
                s = new_game(g, seed)
                while not s.over and len(s.history) < 600:
                    offered = legal_moves(s)
                    for move in offered[:3]:  # the table's `why` runs each check of the move: none refuses
                        assert refusal(s, *move) is None
                    apply(s, bot.choose(s, offered))
                result(s)
            finally:
                sys.setprofile(None)
        assert not ran, f"{name} {variants}: functions of dsl/ ran during play: {ran.most_common(5)}"
    from kural.dsl.wording import number
    sys.setprofile(traced)
    try:
        number(3, "en")
    finally:
        sys.setprofile(None)
    assert ran, "the trace sees a function of dsl/ when one runs"
