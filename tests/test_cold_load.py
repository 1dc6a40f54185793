"""A cold load (no kept game, dsl/gamecache.py) does each piece of work once: what these tests check is
the behaviour the cold-load figure of benchmarks/bench_load.py rests on, so that it cannot silently come
undone (no timings here). Every guarantee stays: errors at file:line:col, the same game."""
from __future__ import annotations

import re

import pytest

from all_games import game_ids, variant_ids
from kural.dsl import loader, rulefiles
from kural.dsl.errors import RuleError


def test_a_variant_reads_its_base_game_once(monkeypatch):
    """The base game of a variant is named twice (the game, the variant's `extends`): it is read, parsed
    and composed once, and the load lists it once among the files a kept game is checked against."""
    read = []
    real = rulefiles.load_text
    monkeypatch.setattr(rulefiles, "load_text", lambda text, name: read.append(name) or real(text, name))
    r = rulefiles.resolve("canasta", ["351"])
    assert sorted(read) == sorted({name for name in read}) and len(read) == 2, read
    assert [named for named, _, _ in r.src.files_read] == read


def test_an_error_in_a_base_game_is_still_at_its_place(tmp_path):
    """A base game read once still gives its own file:line:col to an error in it, met through a variant."""
    base = tmp_path / "mygame.yaml"
    base.write_text("game:\n  id: mygame\n  title: {en: x, tr: x}\nmoves:\n  go:\n    when: count(hand(me)) >\n",
                    encoding="utf-8")
    (tmp_path / "mygame").mkdir()
    variant = tmp_path / "mygame" / "v.yaml"
    variant.write_text("extends: mygame\nvariant:\n  id: v\n", encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        loader.load(str(base), [str(variant)])
    assert str(caught.value).startswith(f"{base}:"), caught.value


def test_a_guards_versions_are_a_pass_over_its_typed_tree_not_a_compile_of_its_text_again(monkeypatch):
    """dsl/specialize.py: a guard's 2**n versions are made from its checks' typed trees, each given the
    values of its fixed parts and folded (issue 36: one tree, passes over it), never by compiling the
    checks' text again: each check is compiled once, in every bundled game and variant. (That the
    versions keep exactly the general guard's moves: tests/test_compiler.py; that the module written
    from them is what it was: tests/backend_listing.py.)"""
    from kural.dsl.compiler import Compiler
    compiled: list[str] = []
    real = Compiler.expr
    monkeypatch.setattr(Compiler, "expr", lambda self, text, *a, **k: compiled.append(str(text)) or real(self, text, *a, **k))
    versioned = 0
    for game, variants in [(game, v) for game in game_ids() for v in [[]] + [[v] for v in variant_ids(game)]]:
        compiled.clear()
        g = loader._built(rulefiles.resolve(game, list(variants)), (), None)
        for m in g.moves:
            if m.specialize and m.specialize.part_nodes:
                versioned += 1
                assert len(m.specialize.version_nodes) == 2 ** len(m.specialize.part_nodes)
                for check in m.checks:  # (once for each check of that text: two moves may say the same)
                    same = sum(str(c.source) == str(check.source) for other in g.moves for c in other.checks)
                    assert compiled.count(str(check.source)) == same, (game, variants, m.name, str(check.source))
    assert versioned > 3, "no guard of any game has versions: the pass is not exercised"


def test_a_version_folds_what_its_parts_decide(tmp_path):
    """A version given a part's value folds the guard around it as the compiler's walk folds constants
    (F2, F4, F5 in Fantan's play guard): with `empty(table)` true, F4's and F5's `empty(table) or ...`
    hold whatever the card, so they are no checks, and F2's `if empty(table) then opening else true` is
    `opening`, one table lookup; with it false, F2's check holds and is left out. A rule `c => ...` holding
    a fixed part keeps the weight it has in the general guard (what one call costs of the work budget,
    interpreter/budget.py), its part given a value or not."""
    from dataclasses import fields
    from kural.dsl import ir
    from kural.dsl.paths import games_dir
    text = (games_dir() / "fantan.yaml").read_text(encoding="utf-8")
    old = "empty(table) or rank(card) == row_rank or next_to_row\n"
    assert old in text
    path = tmp_path / "fantan.yaml"
    path.write_text(text.replace(old, "empty(table) or rank(card) == row_rank or next_to_row or "
                                      "any(hand(me), c => rank(c) == rank(card) and count(table) > 40)\n", 1),
                    encoding="utf-8")
    g = loader._built(rulefiles.resolve(str(path), []), (), None)
    play = g.move("play")
    versions = play.specialize.version_nodes
    assert len(play.specialize.part_nodes) == 2 and len(play.checks) == 3  # empty(table), count(table) > 40

    def weights(node) -> list[int]:
        if isinstance(node, list):
            return [w for x in node for w in weights(x)]
        if not isinstance(node, ir.Node):
            return []
        own = [node.weight] if isinstance(node, ir.Lambda) else []
        return own + [w for f in fields(node) for w in weights(getattr(node, f.name))]

    for big in (False, True):
        (opening,) = versions[True, big]
        assert isinstance(opening, ir.Lookup) and sum(opening.table) == 1  # the start card alone
        assert len(versions[False, big]) == 2
    general = weights(play.checks[2].node)
    assert general and weights(versions[False, True]) == general


@pytest.mark.parametrize("files", [["canasta", "351"], ["bad"]], ids=["a game", "a bad rule file"])
def test_a_load_leaves_the_cycle_collector_as_it_found_it(tmp_path, monkeypatch, files):
    """A cold load holds Python's cycle collector off while it builds, then collects once: after it, and
    after a load that fails, the collector is on again (a load never leaves a process without it)."""
    import gc
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    if files == ["bad"]:
        bad = tmp_path / "bad.yaml"
        bad.write_text("game:\n  id: bad\nmoves:\n  go:\n    when: count(hand(me)) >\n", encoding="utf-8")
        files = [str(bad)]
    off = []
    real = rulefiles.resolve
    monkeypatch.setattr(rulefiles, "resolve", lambda *a, **k: off.append(not gc.isenabled()) or real(*a, **k))
    assert gc.isenabled()
    try:
        loader.load(files[0], files[1:])
    except RuleError:
        pass
    assert off == [True] and gc.isenabled()
