"""Issue 36, the cold load (load + compile canasta + 351 with an empty cache): the generated module's
functions that only a refusal, the table or a bot calls (checks, options, preferences, shown and meld
values), and those only a round's end calls, are compiled when first called (interpreter/deferred.py),
not at load. What they do is the same: the golden, listing and teaching corpora show it; here, that the
deferral happens and is sound.
"""
from __future__ import annotations

import builtins
import re

import pytest

from kural.dsl.loader import load
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves, refusal

ASKED_ONLY = re.compile(r"^def (check|domain|prefer|shown|out_of|meld)_\w+\(", re.M)
AT_ROUNDS_END = re.compile(r"^def (end_round|round_\d+|result_\d+|field_\d+)\(", re.M)


@pytest.fixture
def compiled(tmp_path, monkeypatch):
    """The parts of a game's module compiled (file name <kural ...>), each its text, with an empty cache: the
    played part compiled at load in pieces (dsl/backend/program.py _compiled) is one."""
    from kural.dsl.backend import program
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    texts = []
    real, real_part = builtins.compile, program._compiled
    in_part = []

    def counting(*args, **kwargs):
        if str(args[1]).startswith("<kural ") and not str(args[1]).endswith(" value>") and not in_part:
            texts.append(args[0])
        return real(*args, **kwargs)

    def part(text, *args):
        texts.append(text)
        in_part.append(True)
        try:
            return real_part(text, *args)
        finally:
            in_part.pop()
    monkeypatch.setattr(builtins, "compile", counting)
    monkeypatch.setattr(program, "_compiled", part)
    return texts


def test_a_cold_load_does_not_compile_what_only_a_refusal_the_table_or_a_bot_asks(compiled):
    """Issue 36: the load compiles the module once, without the checks, options, preferences and shown
    values (a fifth of Kanasta's module); the listing (`source`) is still the whole module."""
    g = load("canasta", ["351"])
    assert len(ASKED_ONLY.findall(g.program.source)) > 20
    (at_load,) = compiled
    assert not ASKED_ONLY.search(at_load) and "def apply_" in at_load and "def start_game" in at_load
    assert len(at_load.splitlines()) == len(g.program.source.splitlines()), "line numbers are the module's"


@pytest.mark.parametrize("kept", [False, True], ids=["cold", "read back from the cache"])
def test_the_deferred_part_compiles_once_at_its_first_call_and_takes_the_stand_ins_places(compiled, kept):
    """Issue 36: the first refusal asked compiles the deferred part, once; then the program's lists hold
    the module's own functions (at the module's line numbers), and a bot plays on with them."""
    g = load("canasta", ["351"])
    if kept:
        g = load("canasta", ["351"])  # the game and its compiled part read back from the cache
    before = len(compiled)
    p = g.program
    s = new_game(g, 7)
    offered = legal_moves(s)
    assert len(compiled) == before, "nothing deferred is compiled to list the legal moves"
    assert refusal(s, *offered[0]) is None  # an offered move passes each of its checks
    at_first_call = 0 if kept else 1  # (a load whose played part was kept compiles and keeps the rest)
    assert len(compiled) == before + at_first_call
    lines = p.source.splitlines()
    for fn in [f for checks in p.checks for f in checks] + p.prefer + [f for t in p.shown for f in t if f]:
        assert re.match(rf"def {fn.__name__}\(", lines[fn.__code__.co_firstlineno - 1]), fn.__name__
    bot = make_bot("heuristic", 1)
    for _ in range(30):
        apply(s, bot.choose(s, legal_moves(s)))
    assert len(compiled) == before + at_first_call, "compiled once"


MODULE_CALLING_A_DEFERRED = '''def start_game(s):
    return prefer_0(s, ())

def end_round(s):
    pass

def legal_0(s, first_only=False):
    return []

def apply_0(s, move):
    pass

def moves_0(s):
    return []

def prefer_0(s, values):
    return (1.0,)

def result_0(s):
    return [], []
'''
EXTRA = {"result": "result_0", "round_values": [], "fields": [], "checks": {0: []}, "domains": {0: []}, "shown": [],
         "meld_values": []}


def test_a_module_whose_played_part_calls_a_deferred_function_runs_it(tmp_path, monkeypatch):
    """A module whose played part calls one of the functions compiled later runs it, at load and when its code
    is read back from the cache (found by review: it raised KeyError): the call finds the stand-in, which
    compiles the deferred part."""
    from kural.dsl.backend.program import Program
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for _ in range(2):  # compiled, then its code read back from the cache
        p = Program.__new__(Program)
        p._run("a-module-calling-prefer", MODULE_CALLING_A_DEFERRED, {}, {}, [0], 1, EXTRA)
        assert p.start_game(None) == (1.0,) and p.prefer[0](None, ()) == (1.0,)


def test_the_code_kept_names_what_it_leaves_for_later(tmp_path, monkeypatch):
    """The compiled code kept in the cache is the module less its deferred functions: its key names them,
    so a kural that defers other functions never runs code kept by another (found by review)."""
    from kural.dsl.backend import program
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    g = load("fantan")
    kept = {p.name for p in (tmp_path / "kural").glob("program-*.marshal")}
    assert f"program-{g.program.key}.marshal" not in kept and len(kept) == 1
    monkeypatch.setattr(program, "_asked_only", lambda move_indexes, extra: set())  # defers nothing
    state = g.program.__getstate__()
    again = program.Program.__new__(program.Program)
    again.__setstate__(state)  # compiled whole under its own key: no code without the checks is taken
    assert again.checks[0] and len({p.name for p in (tmp_path / "kural").glob("program-*.marshal")}) == 2


def test_the_deferred_part_is_kept_in_the_cache_too(compiled, tmp_path):
    """Issue 36 (review): the part compiled later is kept in the cache like the played part, so a process
    that asks a refusal or plays a bot compiles nothing of a module it has met before. Play writes no file
    (tests/test_safety.py): the next load, whose played part is read back, compiles and keeps it."""
    def later_kept() -> bool:
        return any(p.name.endswith("-later.marshal") for p in (tmp_path / "kural").iterdir())

    def refused(g) -> None:
        s = new_game(g, 7)
        assert refusal(s, *legal_moves(s)[0]) is None
    refused(load("canasta", ["351"]))  # cold: the played part at load, the rest at the first refusal
    assert len(compiled) == 2 and not later_kept()
    g = load("canasta", ["351"])  # read back: the rest compiled at load (the asked part, the round's end), kept
    assert len(compiled) == 4 and later_kept()
    refused(g)
    refused(load("canasta", ["351"]))
    assert len(compiled) == 4, "every part read back from the cache: nothing compiled"


def test_after_move_written_out_in_every_move_is_compiled_only_if_called(compiled):
    """Issue 36 (review): when the play of every move writes the flow's after-move lines out (Fanti), the
    module's own after_move is left for later, as the checks are: a load compiles it no more."""
    g = load("fanti")
    assert g.program.extra["after_move_inlined"] and "def after_move(s):" in g.program.source
    (at_load,) = compiled
    assert "def after_move(s):" not in at_load
    s = new_game(g, 3)
    g.program.after_move(s)  # still there for whoever calls it alone
    assert any("def after_move(s):" in text for text in compiled[1:])


MODULE_HOLDING_A_DEFERRED = MODULE_CALLING_A_DEFERRED.replace("def result_0(s):", "FIRST = [prefer_0]\n\ndef result_0(s):")


def test_a_module_whose_statements_hold_a_deferred_function_is_compiled_whole(tmp_path, monkeypatch):
    """A module whose statements read a function compiled later as they run (a table of them, a default
    value) would keep its stand-in for good: such a module is compiled whole, at load and read back."""
    from kural.dsl.backend.program import Program
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for _ in range(2):
        p = Program.__new__(Program)
        p._run("a-module-holding-prefer", MODULE_HOLDING_A_DEFERRED, {}, {}, [0], 1, EXTRA)
        assert p.start_game.__globals__["FIRST"] == [p.prefer[0]]
        assert p.prefer[0].__name__ == "prefer_0", "the module's own function, no stand-in"


def test_a_guards_general_version_is_compiled_only_when_a_position_asks_it(compiled):
    """Issue 36: a guard with versions (dsl/specialize.py) has a general one, asked only when a part that
    picks the version fails in a position: a cold load does not compile it (Kanasta's three are a sixth of
    the module's played part); asked, it is compiled then and gives what the version picked gives."""
    g = load("canasta", ["351"])
    general = re.findall(r"^def (legal_\d+_any)\(", g.program.source, re.M)
    assert len(general) >= 3, "canasta's guards have versions: the case this test is about"
    (at_load,) = compiled
    assert not any(f"def {name}(" in at_load for name in general)
    s = new_game(g, 7)
    for _ in range(40):  # to a position where the versioned moves have options
        apply(s, make_bot("random", 2).choose(s, legal_moves(s)))
    before = len(compiled)
    index = int(general[0].split("_")[1])
    picking = g.program.legal[index]
    picked = picking(s)
    assert picked, "a position where the move has options"
    tables = [n for n in picking.__code__.co_names if n.startswith("versions")]
    namespace = picking.__globals__
    saved = namespace[tables[0]]
    namespace[tables[0]] = {}  # every version's lookup fails (a KeyError): the general version decides
    try:
        assert picking(s) == picked
    finally:
        namespace[tables[0]] = saved
    assert len(compiled) == before + 1 and namespace[general[0]].__name__ == general[0]


def test_what_only_a_rounds_end_calls_is_compiled_when_a_round_first_ends(compiled):
    """Issue 36: end_round, the values of a round's scoring sheet, the result and its fields are compiled
    when a round first ends, not at load (a load that plays no round to its end, for the rules, a lesson
    or a refusal, compiles none of them); then the program holds the module's own functions, and what only
    a refusal or a bot asks is not compiled with them."""
    g = load("canasta", ["351"])
    p = g.program
    assert len(AT_ROUNDS_END.findall(p.source)) >= 5, "canasta scores its rounds: the case this test is about"
    (at_load,) = compiled
    assert not AT_ROUNDS_END.search(at_load) and "def start_round(" in at_load
    s = new_game(g, 7)
    bot = make_bot("random", 1)
    while s.rounds_played == 0:
        apply(s, bot.choose(s, legal_moves(s)))
    assert len(compiled) == 2 and AT_ROUNDS_END.search(compiled[1]) and not ASKED_ONLY.search(compiled[1])
    assert p.end_round.__name__ == "end_round" and p.result.__name__ == p.extra["result"]
    assert [f.__name__ for f in p.round_values] == p.extra["round_values"]
    lines = p.source.splitlines()
    for fn in [p.end_round, p.result, *p.round_values]:  # at their lines of the module
        assert lines[fn.__code__.co_firstlineno - 1].startswith(f"def {fn.__name__}("), fn.__name__
