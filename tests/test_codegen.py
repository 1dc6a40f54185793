"""The Python-source backend (dsl/backend/): what the generated module of a game may hold.

The guarantee (docs/guarantees.md): the source is written from the checked
program only; every name it defines is made by kural, every constant is a
literal written with repr, and no text of a rule file is pasted into it as
code. Hostile names, titles, reasons, file names and strings go through the
whole path (load, generate, play, `kural compile`) and nothing of them runs.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from all_games import game_ids
from cli_support import KURAL, ROOT, env_for
# the games here are compiled from their rule files, never read back from the cache: the tests compare the
# generated module with the typed program's nodes evaluated (tests/node_oracle.py), which only a compiled game
# keeps (issue 36)
from node_oracle import NodeProgram, oracle, compiled as load
from kural.interpreter.bots import make_bot
from kural.interpreter.budget import MAX_LEGAL, renew
from kural.interpreter.engine import apply, new_game, result
from kural.interpreter.errors import PlayError
from kural.interpreter.legal import legal_moves

FANTAN = ROOT / "games" / "fantan.yaml"
PAYLOAD = "__import__('os').system('touch {marker}')"
# The names the backend makes (dsl/backend/): locals, constants, objects, functions, and its own runtime (l: a loop of any, all or count, Expr.looped).
MADE = re.compile(r"(s|e|v\d+|k\d+|o\d+|t\d+|c\d+|z\d+|i\d+|l\d+|r\d+|items\d*|out|found|ok|known|version|where|cache|zones|values|"
                  r"move|history|first_only|ends|value|before|exc|faces|seen|winners|scores|won|score|ended|holds|over|"
                  r"first|p\d+|(legal|listed|apply|moves|prefer|result|round|field|check|domain|shown|shown_when|out_of|"
                  r"meld_group|meld_cards|meld_when)_\d+(_[01]+|_\d+|_any)?|after_move|start_game|start_round|end_round|"
                  r"versions\d+|_[A-Za-z_]+|_rt)$")
BUILTINS = {"len", "bool", "type", "float", "isinstance", "int", "list", "sum", "any", "all", "max", "min", "abs", "set", "range",
            "filter",
            "interpreter"}


def hostile_fantan(folder: Path, marker: Path) -> Path:
    """Fantan with hostile names, titles, reasons and file name: each could run code if pasted into the source."""
    payload = PAYLOAD.format(marker=marker)
    text = FANTAN.read_text(encoding="utf-8")
    quoted = payload.replace("'", "''")
    edits = {
        "title: {en: play, tr: oyna}": f"title: {{en: '\"); {quoted} #', tr: \"\\n{payload.replace(chr(39), '')}\"}}",
        '"the game opens with the start card"': f"'\"\"\"; {quoted}; \"\"\"'",
        "  play:\n": "  __import__:\n",
        "can(play)": "can(__import__)",
        "move: play": "move: __import__",
        "moves: [play, pass]": "moves: [__import__, pass]",
        "row_rank": "system",
        "  table:\n": "  os:\n",
        "(table": "(os",
        "move(card, table)": "move(card, os)",
        "zones: {table:": "zones: {os:",  # (the examples' positions name the zone too)
    }
    for old, new in edits.items():
        assert old in text, f"{old!r} is not in games/fantan.yaml: the test no longer edits what it means to"
        text = text.replace(old, new)
    folder = folder / f"x');{PAYLOAD.format(marker=marker.name)};('\n"  # a file name holds no /
    folder.mkdir()
    path = folder / "fantan.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def assert_only_made_names(source: str) -> None:
    """Every name the module binds or reads is one the backend makes (or a builtin it uses), and a rule
    file's text appears only inside string constants."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        name = node.id if isinstance(node, ast.Name) else node.name if isinstance(node, ast.FunctionDef) else None
        if name is not None:
            assert MADE.match(name) or name in BUILTINS, f"the generated module names `{name}`"
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    code_only = ast.unparse(tree)
    for fragment in ("system", "touch", "__import__", "os."):
        assert fragment not in code_only, f"{fragment!r} is in the generated code outside a string constant"


def test_hostile_text_never_runs(tmp_path, monkeypatch):
    """Hostile ids, titles, reasons and a hostile file name: loaded, compiled, played, printed; nothing runs."""
    monkeypatch.chdir(tmp_path)  # where the file name's `touch ran` would write, if it ran
    marker = tmp_path / "ran"
    path = hostile_fantan(tmp_path, marker)
    g = load(str(path))
    assert "system('touch ran')" in g.program.source, "the hostile file name reaches the source, as a string"
    assert_only_made_names(g.program.source)
    s = new_game(g, 3)
    bot = make_bot("heuristic", 3)
    while not s.over:
        apply(s, bot.choose(s, legal_moves(s)))
    assert result(s)["winners"], "the game is played to its end (F7)"
    shown = subprocess.run(KURAL + ["compile", str(path)], capture_output=True, text=True,
                           env=env_for(tmp_path), timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(g.program.source)
    assert not marker.exists(), "text from the rule file ran"


@pytest.mark.parametrize("game", game_ids())
def test_bundled_modules_hold_only_made_names(game):
    """The module of every bundled game passes the same check as the hostile one."""
    assert_only_made_names(load(game).program.source)


def test_compile_prints_the_module_and_refuses_a_bad_game(tmp_path):
    """`kural compile` prints the module play runs (it compiles as Python), and a game that does not load
    is reported as file:line:col with exit 2, as every command does."""
    done = subprocess.run(KURAL + ["compile", "fantan", "--variant", "pass-fee"], capture_output=True, text=True,
                          env=env_for(tmp_path), timeout=120)
    assert done.returncode == 0, done.stderr
    compile(done.stdout, "<printed>", "exec")
    assert "def moves_0(s" in done.stdout
    missing = subprocess.run(KURAL + ["compile", "no-such-game"], capture_output=True, text=True,
                             env=env_for(tmp_path), timeout=120)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_generated_legal_moves_match_the_nodes():
    """The generated module and the nodes it was written from, evaluated (tests/node_oracle.py), offer the
    same moves, in the same order, at every position of a few games of each bundled game (the golden corpus
    checks records)."""
    for game in game_ids():
        g = load(game)
        for seed in (1, 2):
            s = new_game(g, seed)
            bot = make_bot("random", seed)
            for _ in range(300):
                if s.over:
                    break
                offered = legal_moves(s)
                s.cache.clear()
                with _nodes_only(g):
                    assert legal_moves(s) == offered, f"{game}, seed {seed}, move {len(s.history) + 1}"
                s.cache.clear()
                apply(s, bot.choose(s, offered))


def test_generated_result_matches_the_nodes():
    """The result's winners and scores from the generated module (result_0) equal the nodes' it was
    written from (interpreter/engine.py `_result`), part-way through and at the end of games of each
    bundled game: the same record's result either way."""
    for game in game_ids():
        g = load(game)
        program = g.program
        assert program.result is not None, f"{game}: the result is written out"
        for seed in (1, 2):
            s = new_game(g, seed)
            bot = make_bot("random", seed)
            for k in range(301):
                if k % 60 == 0 or s.over:
                    generated = result(s)
                    with _nodes_only(g):
                        assert result(s) == generated, f"{game}, seed {seed}, after {len(s.history)} moves"
                if s.over:
                    break
                apply(s, bot.choose(s, legal_moves(s)))


def test_generated_preferences_match_the_nodes():
    """The heuristic bot's key for every legal move (each `bot:` preference's score, interpreter/bots.py),
    by the generated prefer_N and by the preferences' nodes evaluated, at every position of heuristic games
    of each bundled game and Kanasta's 351: the same numbers, though the generated code reads an option's
    meld once for all its fields and counts a hand's cards by key once per position (C7, C9's lay-offs)."""
    for game, variants in [(game, []) for game in game_ids()] + [("canasta", ["351"])]:
        g = load(game, variants)
        by_nodes = NodeProgram(g).prefer
        bot = make_bot("heuristic", 5)
        s = new_game(g, 2)
        for _ in range(600):
            if s.over:
                break
            offered = legal_moves(s)
            renew(s)
            generated = [g.program.prefer[index](s, values) for index, values in offered]
            evaluated = []
            for index, values in offered:
                renew(s)  # the oracle works out a define that reads no choice again for every option, where
                # the generated code works it out once per position: each option's evaluation gets a budget
                evaluated.append(by_nodes[index](s, values))
            assert generated == evaluated, f"{game} {variants}, move {len(s.history) + 1}"
            apply(s, bot.choose(s, offered))


def test_kanasta_s_preferences_call_no_closure_and_tally_the_hand_once():
    """Every `bot:` preference of Kanasta is written out (test_generated_preferences_match_the_nodes:
    the same keys): the take preference's lay-off of the pile's top card on the team's melds (C2, C9),
    `can_join(g, [top(pile)])`, is a list of one card written as Python, so its `any` over the groups
    is generated, not a closure run for every position; the discard preference's test of whether the
    next team can lay the card off finds each of their melds' join tables once for the position; and
    the meld preference's count of a face in the hand (`count(hand(me), y => same_face(y, c))`, for
    every card of every pair of melds) is one tally of the hand for the position, looked up by the face."""
    g = load("canasta")
    index = {m.name: m.index for m in g.moves}
    for m in g.moves:
        scored = _function(g.program.source, f"prefer_{m.index}")
        assert not re.search(r"\bo\d+\(s, e\)", scored), f"{m.name}: a closure is called"
    discard = _function(g.program.source, f"prefer_{index['discard']}")
    assert "_rt.joins_any(s, " in discard, "the next team's join tables found once for the position"
    meld = _with_loops(g.program.source, f"prefer_{index['meld']}")
    assert re.search(r"_rt\.tallied\(s, o\d+, s\.zones\[\(1 \+ s\.me\)\], (k\d+), \1\[[rv]\d+\]", meld), \
        "the hand's faces tallied once, a card's face looked up"


def test_compiled_modules_are_kept_by_the_hash_of_their_source(tmp_path, monkeypatch):
    """The module is compiled once and kept in the user's cache under the hash of its source (and
    Python's version); a damaged cache file is compiled again, and the cache keeps a bounded number."""
    from kural.dsl.backend import program
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    compiled = []
    real = program._compiled

    def counting(text, key, *args):
        if not key.endswith("-later"):  # the modules' played parts (compiled in pieces, by one call)
            compiled.append(key)
        return real(text, key, *args)
    monkeypatch.setattr(program, "_compiled", counting)
    first = load("fantan")
    assert len(compiled) == 1
    again = load("fantan")
    assert len(compiled) == 1 and again.program.source == first.program.source, "the kept module is used"
    (kept,) = [p for p in (tmp_path / "kural").glob("program-*.marshal") if not p.name.endswith("-later.marshal")]
    kept.write_bytes(b"not a module")
    load("fantan")
    assert len(compiled) == 2, "a damaged file is compiled again"
    monkeypatch.setattr(program, "KEPT_PROGRAMS", 2)
    for variant in ("any7", "maca7", "pass-fee"):
        load("fantan", [variant])
    assert len(list((tmp_path / "kural").glob("program-*.marshal"))) == 2


def _nodes_only(g):
    """The game played by its nodes (tests/node_oracle.py) for a while."""
    return oracle(g)


def _nodes_for_flow(g) -> tuple:
    """The nodes' way of the flow after a move and of a round's sheet values, to put in place of the
    generated module's."""
    oracle = NodeProgram(g)
    return oracle.after_move, oracle.round_values


def _nodes_applied(g) -> list:
    """Each move played by the nodes: its effects and the flow after it, after_move's effects included
    (the generated play of a move runs their lines itself), to put in place of the generated module's."""
    def apply_by_nodes(s, move):
        with _nodes_only(g):
            apply(s, move)
    return [apply_by_nodes] * len(g.moves)


def _played(g, seed: int, most: int = 1500) -> tuple:
    s = new_game(g, seed)
    bot = make_bot("random", seed)
    while not s.over and len(s.history) < most:
        apply(s, bot.choose(s, legal_moves(s)))
    return s.history, s.deals, s.sheets, s.totals, (result(s) if s.over else None)


def _played_with_nodes_sheets(g, seed: int) -> tuple:
    """_played, with a round's sheet values worked out by the nodes in place of the generated module's."""
    _, values = _nodes_for_flow(g)
    real = g.program.round_values
    g.program.round_values = values
    try:
        return _played(g, seed)
    finally:
        g.program.round_values = real


@pytest.mark.parametrize("game", game_ids())
def test_generated_flow_and_round_sheets_match_the_nodes(game):
    """The flow's effects after each move (the deals they make) and every round's sheet (points and
    fields, the totals), generated, are those of the nodes they were written from, evaluated: the same games."""
    g = load(game)
    generated = _played(g, 1)
    after_move, values = _nodes_for_flow(g)
    real = (g.program.after_move, g.program.round_values, g.program.apply)
    g.program.after_move, g.program.round_values, g.program.apply = after_move, values, _nodes_applied(g)
    try:
        assert _played(g, 1) == generated
    finally:
        g.program.after_move, g.program.round_values, g.program.apply = real


def test_a_capture_offered_twice_is_one_move(tmp_path):
    """N10: the player chooses one of the possible captures, each once. A rule that offers every capture
    twice (`takes + takes`) gives, generated as by the nodes, the moves of Fanti itself, in the same
    order: two options of a card that are one group are merged where they are found (N6-N9), in the
    options themselves (every option is legal: no guard), and only in a list that may offer one twice."""
    text = (ROOT / "games" / "fanti.yaml").read_text(encoding="utf-8")
    once = 'or_else(takes, [[]])'
    assert once in text, "the test no longer edits what it means to"
    path = tmp_path / "fanti.yaml"
    path.write_text(text.replace(once, 'or_else(takes + takes, [[]])'), encoding="utf-8")
    twice, fanti = load(str(path)), load("fanti")
    assert "_distinct_options(" in twice.program.source and "_distinct(s.g" not in twice.program.source
    # Fanti's own: only an Ace's captures (its sums and its like joined) are merged, once in each of the two
    # functions that list the options; sums_to's groups and each card alone offer each group once
    assert fanti.program.source.count("_distinct_options(") == 2
    for seed in (1, 2, 3):
        s, t = new_game(twice, seed), new_game(fanti, seed)
        bot = make_bot("random", seed)
        while not s.over:
            offered = legal_moves(s)
            assert offered == legal_moves(t), f"seed {seed}, move {len(s.history) + 1}"
            s.cache.clear()
            with _nodes_only(twice):
                assert legal_moves(s) == offered, "the nodes offer the same moves"
            s.cache.clear()
            move = bot.choose(s, offered)
            apply(s, move)
            apply(t, move)


def _fanti_with_fields(tmp_path, extra: str):
    """Fanti with `extra` round-sheet fields (YAML lines) after its captures field, loaded."""
    text = (ROOT / "games" / "fanti.yaml").read_text(encoding="utf-8")
    field = "    captures: captures[seat]\n"
    assert field in text, "the test no longer edits what it means to"
    path = tmp_path / "fanti.yaml"
    path.write_text(text.replace(field, field + extra), encoding="utf-8")
    return load(str(path))


def test_generated_in_is_the_nodes_in(tmp_path):
    """`x in zone`, `card in list of cards`, `v in list` and `not in`, written out in a round's sheet,
    give the nodes' values at every round end (N14's prize cards counted three ways)."""
    extra = ("    in_list: if prize_one in filter(pile(seat), c => pip(c) > 0) then 1 else 0\n"
             "    not_in: if prize_two not in pile(seat) then 1 else 0\n"
             "    seat_in: if seat in [0, last_capturer] then 1 else 0\n")
    g = _fanti_with_fields(tmp_path, extra)
    assert "_rt.face_in(" in g.program.source and "(not _rt.has_in(" in g.program.source
    generated = _played(g, 4)
    assert _played_with_nodes_sheets(g, 4) == generated
    assert any(sheet["in_list"] != [0] * len(sheet["in_list"]) for sheet in generated[2]), "a prize was taken"


def _function(source: str, name: str) -> str:
    """One generated function's source, its def line to the next blank line."""
    start = source.index(f"def {name}(")
    return source[start:source.index("\n\n", start)]


def _with_loops(source: str, name: str) -> str:
    """One generated function's source, then the loops it calls (any, all, count: Expr.looped), and theirs."""
    text = _function(source, name)
    return "\n".join([text, *(_with_loops(source, loop) for loop in dict.fromkeys(re.findall(r"\b(l\d+)\(", text.split("\n", 1)[1])))])


def test_max_legal_is_checked_where_a_step_could_pass_it(tmp_path):
    """budget.MAX_LEGAL (docs/guarantees.md) bounds every position's legal moves. One card of a zone
    offers at most a move per card of the deck and a move without choices one, so Fantan's step (its
    hand's cards and a pass: 53 at most) never passes it and its moves are not counted; a step whose
    choices multiply (three choices from a list param) still is, and stops at the bound
    (tests/test_play_bounds.py shows the error)."""
    fantan = load("fantan")
    assert fantan.deck.size + 1 < MAX_LEGAL
    assert "_MAX_LEGAL" not in _function(fantan.program.source, "moves_0")
    path = tmp_path / "many.yaml"
    path.write_text("extends: fantan\nparams:\n  many: {value: [1, 2, 3], type: list}\nmoves:\n  pass:\n"
                    "    choose:\n      a: many\n      b: many\n    when: \"not can(play)\"\n", encoding="utf-8")
    assert "_MAX_LEGAL" in _function(load(str(path)).program.source, "moves_0")


def test_a_move_of_one_checked_card_and_the_constants_a_move_reads(tmp_path):
    """What the checked types show is not needed is not written: Fantan's `move(card, table)` moves one
    card of the hand (F5), so apply_0 has no test for a list of cards; a move of a list of cards (a
    filter of the hand) has no test for one card either, only its loop. The tables a step's guard reads are the function's own locals (its defaults), the
    same lists as the module's: the legal moves are those of the nodes
    (test_generated_legal_moves_match_the_nodes)."""
    g = load("fantan")
    assert "isinstance" not in _function(g.program.source, "apply_0")
    moves = g.program.moves[0]
    tables = [name for name in moves.__code__.co_varnames[1:moves.__code__.co_argcount]]
    assert tables and all(moves.__defaults__[i] is moves.__globals__[name] for i, name in enumerate(tables))
    path = tmp_path / "lists.yaml"
    path.write_text("extends: fantan\nmoves:\n  pass:\n    do: move(filter(hand(me), c => rank(c) == 1), table)\n",
                    encoding="utf-8")
    listed = _function(load(str(path)).program.source, "apply_1")
    assert "isinstance" not in listed and "for " in listed


def test_any_and_all_over_the_seats_are_written_per_seat_with_the_nodes_values(tmp_path):
    """N3/N13: `all(seats, p => empty(hand(p)))` (a new deal, the round's end) is written once per seat,
    joined by `and`, no generator run; any/all over the seats, and any over a list that is not constant,
    give the nodes' true or false at every round end, the same games."""
    extra = ("    all_took: if all(seats, p => count(pile(p)) > 8) then 1 else 0\n"
             "    any_more: if any(seats, p => count(pile(p)) > count(pile(seat))) then 1 else 0\n"
             "    any_leaf: if any(pile(seat), c => suit(c) == leaf) then 1 else 0\n")
    g = _fanti_with_fields(tmp_path, extra)
    source = g.program.source
    after = _function(source, "after_move")
    # the seats' calls paid first as statements (3 parts a seat, 4 seats), not by a call on every move
    assert "_rt.paid(" not in after and "s.work -= 12" in after
    # N14's most Yaprak: count(pile(p), c => suit(c) == leaf) counted by one loop, no generator
    assert "_rt.counted(" in _function(source, "round_2")
    # (after_move reads the zones as a local: a move never replaces the state's list of them)
    assert "all(" not in after and "(not zones[1]) and (not zones[2])" in after.replace("(1 + 0)", "1").replace(
        "(1 + 1)", "2")
    assert re.search(r"\bl\d+\(_rt\.paid\(s, s\.zones\[", source.split("any_leaf")[0].rsplit("def round_", 1)[1]), \
        "any over a zone's cards is a loop that stops at the first card found (Expr.looped), not written per card"
    generated = _played(g, 5)
    after_move, values = _nodes_for_flow(g)
    real = (g.program.after_move, g.program.round_values, g.program.apply)
    g.program.after_move, g.program.round_values, g.program.apply = after_move, values, _nodes_applied(g)
    try:
        assert _played(g, 5) == generated
    finally:
        g.program.after_move, g.program.round_values, g.program.apply = real
    sheets = generated[2]
    assert {v for sheet in sheets for v in sheet["any_more"]} == {0, 1}, "both answers are met"
    assert {v for sheet in sheets for v in sheet["all_took"]} == {0, 1}, "both answers are met"


# (the position's cache, or the function's local name of it)
KEPT = re.compile(r"(?:s\.)?cache\[(o\d+)\] if \1 in (?:s\.)?cache else (?:s\.)?cache\.setdefault\(\1, ")
BOUND = re.compile(r"\b[vt]\d+\b")  # the names a part binds: made afresh wherever it is written


def kept_parts(function: str):
    """(key, source with its bound names numbered in order) of each part kept in the position's cache."""
    for found in KEPT.finditer(function):
        depth, end = 1, found.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(function[end], 0)
            end += 1
        names: dict[str, str] = {}
        part = BOUND.sub(lambda m: names.setdefault(m.group(), f"_{len(names)}"), function[found.end():end - 1])
        yield found.group(1), part


@pytest.mark.parametrize("game", game_ids())
def test_a_part_that_picks_versions_is_one_key_for_its_step(game):
    """Listing a step's moves nothing changes the state: a part of the guards that picks their versions
    (dsl/specialize.py), asked by several moves of the step, or by a move's options, is kept in the
    position's cache under one key, so that it is worked out once per position (docs/language.md 3.10)."""
    source = load(game).program.source
    keys: dict[str, set] = {}  # over every function that lists moves or options: one key for a part
    for function in re.split(r"\n(?=def )", source):
        if function.startswith(("def moves_", "def legal_")):
            for key, part in kept_parts(function):
                keys.setdefault(part, set()).add(key)
    assert all(len(k) == 1 for k in keys.values()), [part for part, k in keys.items() if len(k) > 1]


def _loop_shape(text: str, loop: str) -> str:
    """A loop function's source, its own name left out (a rule's argument is named by the rules around
    it, Frame.bind_argument: the same rule writes the same body wherever it is)."""
    return re.sub(rf"\b{loop}\b", "_", text)


def test_kanasta_s_any_all_and_count_run_no_generator_and_make_no_list():
    """Issue 36 (the Kanasta figure): `any` and `all` of a rule (C2's canasta of 7 cards, C9's lay-off on a
    meld) are loops of the module that stop at their answer, not a generator given to any() and closed
    early (GeneratorExit raised in it); `count` of a rule adds one per item found, with no list made;
    `filter` appends each item found, with no comprehension's function made and called. The
    same games (test_node_oracle.py: the nodes' own any, all and count agree move for move)."""
    for variants in ([], ["351"]):
        source = load("canasta", variants).program.source
        assert not re.search(r"\b(any|all)\(\(?[^\n]* for v\d+ in ", source.replace("any(s,", "")), variants
        assert "len([1 for " not in source, variants
        assert not re.search(r"\[(v\d+) for \1 in _rt\.paid\(", source), "filter of a rule: a loop that appends"
        loops = re.findall(r"\ndef (l\d+)\(items\b", source)
        assert loops and all(f"for " in _function(source, loop) for loop in loops)
        # the same loop, wherever a rule writes it, is one function
        shapes = [_loop_shape(_function(source, loop), loop) for loop in loops]
        assert len(set(shapes)) == len(shapes), variants


def test_kanasta_asks_whether_the_team_has_a_canasta_once_per_position():
    """Kanasta's meld step: `meld`, `add` and `discard` each pick their version by whether the team has
    a canasta; the three ask one kept part (one key, written where each move picks)."""
    g = load("canasta")
    source = g.program.source
    step = next(f for f in re.split(r"\n(?=def )", source) if f.startswith("def moves_1("))
    uses: dict[str, int] = {}
    for key, part in kept_parts(step):
        loop = re.match(r"l\d+(?=\()", part)  # the team's groups, any of 7 cards or more: a loop of the module
        if loop and re.search(r"if \(len\((s\.)?zones\[r\d+\]\) >= 7\):", _function(source, loop.group())):
            uses[key] = uses.get(key, 0) + 1
    assert len(uses) == 1 and list(uses.values())[0] >= 3, uses
    index = next(m.index for m in g.moves if m.name == "add")
    add = next(f for f in re.split(r"\n(?=def )", source) if f.startswith(f"def legal_{index}_0("))
    groups = [key for key, part in kept_parts(step) if part.startswith("_rt.groups_of(")]
    assert groups and re.search(rf"items0 = \((s\.)?cache\[{groups[0]}\] if", add), \
        "add chooses from the groups the picking kept (the position's cache, or the function's local name of it)"


def test_a_steps_first_loop_over_a_zone_renews_the_budget_and_pays_exactly_its_charge():
    """The work bound (docs/guarantees.md; interpreter/budget.py): listing a position's moves is a phase
    of its own, with the whole budget, and trying a move's options costs its guard's weight per option.
    Fantan's step picks the version of play's guard with one `if` (`empty(table)` cannot fail), and its
    loop over the hand renews the budget and pays in one line: a zone holds at most the deck's cards, so
    that charge cannot pass the budget and is not tested (the budget left is read from a table by the
    hand's size). The budget left is exactly the whole less that charge, in every position."""
    from kural.interpreter.budget import WORK_LIMIT
    from kural.interpreter.engine import moves_to_play
    g = load("fantan")
    source = _function(g.program.source, "moves_0")
    assert "known" not in source and "if s.work < 0" not in source and re.search(r"s\.work = k\d+\[len\(items\)\]", source)
    assert g.moves[0].guard_weight * g.deck.size <= WORK_LIMIT
    for seed in range(1, 4):
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while not s.over:
            s.work = 0  # spent: only the renewal of the phase gives it back
            moves = moves_to_play(s)
            assert WORK_LIMIT - s.work == g.moves[0].guard_weight * len(s.zones[g.hand_zone_id + s.me])
            apply(s, bot.choose(s, moves))


def test_can_of_a_move_of_the_step_is_read_from_the_positions_legal_moves():
    """`can(move)` (docs/language.md 4.5): once a position's legal moves are known, whether a move of the
    step can be played is read from them (moves_N keeps no answer of its own), and it is the answer
    worked out afresh from the move's options, for a move that can and one that cannot."""
    from kural.interpreter.engine import moves_to_play
    from kural.interpreter.legal import any_legal, instances
    g = load("fantan")
    seen = set()
    for seed in range(1, 4):
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while not s.over:
            moves = moves_to_play(s)
            for index in range(len(g.moves)):
                assert index not in s.cache
                fresh = bool(instances(s, g.moves[index], first_only=True))
                assert any_legal(s, index) is fresh and s.cache[index] is fresh
                seen.add((index, fresh))
            apply(s, bot.choose(s, moves))
    assert seen == {(0, True), (0, False), (1, True), (1, False)}, seen


@pytest.mark.parametrize("after, copied", [
    (None, "in the if"),  # N3: a new deal when every hand is empty, the deck copied only then
    ("last_capturer = last_capturer", "never"),  # nothing that can move a card
    ("if all(seats, p => empty(hand(p))) then deal(stock, hand, hand_size); shuffle(stock)", "first"),
])
def test_after_move_copies_the_deck_only_on_the_ways_that_can_move_cards(tmp_path, after, copied):
    """flow.round.after_move: the cards it takes from the deck are a deal (docs/language.md §5.6). The
    generated after_move copies the deck only where a statement that can move cards is reached (inside
    Fanti's `if`, not on the moves that deal nothing), before the first of two, never where none can; the
    games, their deals and sheets are the nodes' (interpreter/engine.py after_move) all the same. The
    play of a move runs after_move's lines itself (no call on every move)."""
    path = tmp_path / "fanti.yaml"
    text = "extends: fanti\n" + (f"flow:\n  round:\n    after_move: \"{after}\"\n" if after else "")
    path.write_text(text, encoding="utf-8")
    g = load(str(path))
    assert "after_move(" not in _function(g.program.source, "apply_0")
    lines = _function(g.program.source, "after_move").splitlines()
    copies = [i for i, line in enumerate(lines) if "before = zones[" in line]  # (the zones: a local, one lookup)
    tests = [i for i, line in enumerate(lines) if line.strip().startswith("if (")]
    if copied == "never":  # (no new deal: the game stops when the hands are empty; not played here)
        assert not copies and "before" not in "\n".join(lines)
        return
    if copied == "in the if":
        assert len(copies) == 1 and tests and copies[0] > tests[0]
    else:
        assert len(copies) == 1 and tests and copies[0] < tests[0]
    generated = _played(g, 2)
    after_move, values = _nodes_for_flow(g)
    real = (g.program.after_move, g.program.apply)
    g.program.after_move, g.program.apply = after_move, _nodes_applied(g)
    try:
        assert _played(g, 2) == generated
    finally:
        g.program.after_move, g.program.apply = real
    assert len(generated[1]) > 5, "later deals were made and kept"


def test_or_else_inside_a_rule_s_list_is_written_and_gives_the_nodes_values(tmp_path):
    """or_else (docs/language.md: the first list, or the second when it is empty) where a rule counts its
    items: the generated module compiles (no name bound where Python refuses it) and each round's sheet
    is the nodes'."""
    path = tmp_path / "fanti.yaml"
    path.write_text("extends: fanti\nround_result:\n  fields:\n"
                    "    aces: count(or_else(pile(seat), discard), c => rank(c) == 1)\n", encoding="utf-8")
    g = load(str(path))
    generated = _played(g, 3)
    assert _played_with_nodes_sheets(g, 3) == generated
    assert any(any(sheet["aces"]) for sheet in generated[2]), "an ace was counted"


def test_fanti_s_options_keep_their_parts_in_locals_and_pick_their_list_by_statements():
    """N6-N11: the captures of each card of the hand are listed from the table's parts worked out once for
    the position (its number cards, their sums, its Aces, a Guardian's sweep). Fanti's `play` is the only
    move of its step, so nothing else reads them: they are the options function's locals (no entry of the
    position's cache), and the list a card's rank picks is written as `if` statements, so that only the
    branch taken runs; the moves are the nodes' (test_generated_legal_moves_match_the_nodes)."""
    g = load("fanti")
    listed = _function(g.program.source, "listed_0")
    assert "cache" not in listed and ":= " in listed and " = None  # the parts kept" in listed
    assert "if not items1:" in listed, "or_else(takes, [[]]) tested as a statement"
    assert "[*" in listed and "k15]" not in listed, "an Ace's captures joined only when the card is an Ace"
    assert "_rt.picked_equal(" in listed and "for v" not in listed.split("_rt.picked_equal(")[0].rsplit("\n", 1)[1], \
        "rank(c) == rank(card) filtered by one loop, not a comprehension"
    fantan = load("fantan")  # a step of two moves (play, pass) keeps what they share in the position's cache
    assert ":= " not in _function(fantan.program.source, "moves_0")


def test_any_and_all_of_a_rule_about_each_cards_key_try_one_card_of_each_key(tmp_path):
    """N13/N14: a rule that loops and reads its card only through one table (`suit(c)`, as Kanasta's full
    canasta, C10, reads each card of a run) is tried on the first card of each suit: the others give the
    answer the first did. The round sheets are the nodes', both answers met, the same games."""
    extra = ("    many_of_a_suit: if any(pile(seat), c => count(pile(seat), d => suit(d) == suit(c)) > 3) then 1 else 0\n"
             "    few_of_each: if all(pile(seat), c => count(pile(seat), d => suit(d) == suit(c)) < 6) then 1 else 0\n")
    g = _fanti_with_fields(tmp_path, extra)
    source = g.program.source
    assert sum(_function(source, f"round_{i}").count("_rt.first_of_each(") for i in range(1, 12)
               if f"def round_{i}(" in source) == 2
    generated = _played(g, 6)
    assert _played_with_nodes_sheets(g, 6) == generated
    sheets = generated[2]
    assert {v for sheet in sheets for v in sheet["many_of_a_suit"]} == {0, 1}, "both answers are met"
    assert {v for sheet in sheets for v in sheet["few_of_each"]} == {0, 1}, "both answers are met"


def test_a_filter_by_a_value_works_the_value_out_only_for_cards_to_try(tmp_path):
    """A rule `c => rank(c) == v` tries v on each card, as the nodes do: over no card it is never worked
    out, so a value that would fail (the rank of an empty hand's top card, none) fails nowhere; over cards
    it is the nodes' filter. Written as one loop (no comprehension), the round sheets are the nodes'."""
    extra = ("    like_top: count(filter(discard, c => rank(c) == rank(top(hand(seat)))))\n"
             "    like_first: count(filter(pile(0), c => rank(c) == rank(top(pile(seat)))))\n")
    g = _fanti_with_fields(tmp_path, extra)
    assert g.program.source.count("_rt.picked_equal(") >= 2 + 2  # (the two of the captures, these two)
    generated = _played(g, 6)
    assert _played_with_nodes_sheets(g, 6) == generated
    assert generated[4] is not None and any(any(sheet["like_first"]) for sheet in generated[2]), "cards were tried"
    failing = _fanti_with_fields(tmp_path, "    like_top: count(filter(pile(seat), c => rank(c) == rank(top(hand(seat)))))\n")
    with pytest.raises(PlayError, match="like_top"):  # over cards, the value is worked out: none's rank fails
        _played(failing, 6)


def test_a_positions_legal_moves_are_kept_once_and_forgotten_by_every_move_and_by_clear():
    """The legal moves are worked out once per position (interpreter/legal.py legal_moves; kept apart from
    the cache's dict, in s.cache.legal, so that a move forgets them without emptying and filling a dict):
    every move forgets them and whatever else the position worked out (a stale list would offer a card
    already played), s.cache.clear() forgets them too (a position edited by hand is worked out afresh),
    and each caller gets a list of its own."""
    from kural.interpreter.engine import moves_to_play
    g = load("fantan")
    for game in g, load("fanti"):
        s = new_game(game, 2)
        bot = make_bot("random", 2)
        while not s.over:
            moves = moves_to_play(s)
            assert s.cache.legal == moves and s.cache.legal is not moves  # kept, and the caller's own
            moves.append("spoilt")
            assert moves_to_play(s) == legal_moves(s) == s.cache.legal and "spoilt" not in s.cache.legal
            s.cache["a note"] = True  # what else the position worked out
            apply(s, bot.choose(s, s.cache.legal))
            assert s.cache.legal is None and not s.cache
    s = new_game(g, 3)
    hand = s.zones[g.hand_zone_id + s.me]
    assert moves_to_play(s) and s.cache.legal is not None
    for card in list(hand):  # the seat to move gives its whole hand away: it can only pass
        hand.remove(card)
        s.zones[g.hand_zone_id + (s.me + 1) % g.players].append(card)
        s.where[card] = g.hand_zone_id + (s.me + 1) % g.players
    s.cache.clear()
    assert s.cache.legal is None and moves_to_play(s) == [(g.move("pass").index, ())]


@pytest.mark.parametrize("step", ["next(me)", "prev(me)", "next(next(me))"])
def test_a_turns_advance_from_me_is_read_from_a_table_and_gives_the_nodes_seats(tmp_path, step):
    """flow.round.next (docs/language.md: who moves when a turn ends): a step from `me`, a seat, is read from
    a table of the seats it gives (no modulo on every move), and every game goes as the nodes play it."""
    text = FANTAN.read_text(encoding="utf-8")
    assert "next: next(me)" in text
    path = tmp_path / "fantan.yaml"
    path.write_text(text.replace("next: next(me)", f"next: {step}"), encoding="utf-8")
    g = load(str(path))
    advance = [line.strip() for line in g.program.source.splitlines() if line.strip().startswith("s.me = ")]
    assert advance and all(("%" not in line) == (step != "next(next(me))") for line in advance), advance
    generated = [_played(g, seed) for seed in (1, 2, 3)]
    real, g.program.apply = g.program.apply, _nodes_applied(g)
    try:
        assert [_played(g, seed) for seed in (1, 2, 3)] == generated
    finally:
        g.program.apply = real
