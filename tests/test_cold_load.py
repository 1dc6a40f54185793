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


def _built_listings(game: str, variants: list[str] = ()) -> dict[str, str]:
    """The module a game is compiled to, built afresh (no kept game), and each guard's versions."""
    g = loader._built(rulefiles.resolve(game, list(variants)), (), None)
    versions = {m.name: re.sub(r" at 0x[0-9a-f]+", "", repr(sorted(m.specialize.version_nodes.items())))
                for m in g.moves if m.specialize}  # a closure's address aside
    return {"module": g.program.listing(), **versions}


def test_a_guards_versions_take_their_fixed_parts_as_compiled_once(monkeypatch):
    """dsl/specialize.py: a guard's 2**n versions do not compile again a fixed part they are given the
    value of (when it holds no other such part); the versions, their typed program (a rule's weight, which
    counts the parts inside it, included) and the module written from them are what compiling it again in
    every version gave (language.md 3.10: the module is written from the checked program only)."""
    from kural.dsl import specialize
    real = specialize._known_parts
    taken = []
    monkeypatch.setattr(specialize, "_known_parts", lambda *a: taken.append(real(*a)) or taken[-1])
    for game, variants in [(game, v) for game in game_ids() for v in [[]] + [[v] for v in variant_ids(game)]]:
        shortcut = _built_listings(game, variants)
        monkeypatch.setattr(specialize, "_known_parts", lambda *a: {})  # every part compiled again, as before
        again = _built_listings(game, variants)
        monkeypatch.setattr(specialize, "_known_parts", lambda *a: taken.append(real(*a)) or taken[-1])
        assert shortcut == again, (game, variants)
    assert any(taken), "no guard of any game has a fixed part: the shortcut is not exercised"


def test_a_fixed_part_inside_a_rule_weighs_as_compiled_again(tmp_path, monkeypatch):
    """A fixed part inside a rule `c => ...` (its value given to a version) still counts in the rule's
    weight, what one call of it costs of the work budget (interpreter/budget.py): the versions are the
    same as when the part is compiled again in each."""
    from kural.dsl import specialize
    from kural.dsl.paths import games_dir
    text = (games_dir() / "fantan.yaml").read_text(encoding="utf-8")
    old = "empty(table) or rank(card) == row_rank or next_to_row\n"
    assert old in text
    path = tmp_path / "fantan.yaml"
    path.write_text(text.replace(old, "empty(table) or rank(card) == row_rank or next_to_row or "
                                      "any(hand(me), c => rank(c) == rank(card) and count(table) > 40)\n", 1),
                    encoding="utf-8")
    real = specialize._known_parts
    taken = []
    monkeypatch.setattr(specialize, "_known_parts", lambda *a: taken.append(real(*a)) or taken[-1])
    shortcut = _built_listings(str(path))
    assert any("count" in text for known in taken for text in known), taken
    monkeypatch.setattr(specialize, "_known_parts", lambda *a: {})
    assert shortcut == _built_listings(str(path))


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
