"""Bounds and errors while a game is played (issue 11, items 4, 6, 7 and 9): "every cost a rule
file controls is bounded", "hitting a bound is a clear error within seconds", "a bad rule file is
file:line:col, exit 2, never a traceback".

Each case is a variant of a bundled game written in tmp_path that loads (the loader cannot know
what play will do) and fails in play: a number out of interpreter/numbers.py's range, a move
whose loops, rules `x => ...` or choices multiply past interpreter/budget.py's bound, a bot
preference that fails, a result that cannot be worked out, a position with no legal move. Every
one must be reported the same way by `simulate` and `play`: exit 2, one message at the rule's
place (its hint on the next line), no traceback, within a CPU limit so that a hang fails fast.
"""
from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from cli_support import KURAL, ROOT, env_for, kural, save_of
from kural.cli.i18n import t
from kural.dsl.loader import load
from kural.interpreter import record
from kural.interpreter.budget import MAX_LEGAL, WORK_LIMIT
from kural.interpreter.engine import apply, moves_to_play, new_game
from kural.interpreter.errors import PlayError
from kural.interpreter.numbers import LIMIT

CPU = 40  # seconds of CPU for one command: loading takes about one, a bound is hit in a few


def variant(tmp_path: Path, text: str, name: str = "hostile.yaml") -> Path:
    path = tmp_path / name
    path.write_text("extends: fantan\n" + text, encoding="utf-8")
    return path


def place(path: Path, text: str, needle: str) -> str:
    """file:line:col of the first `needle` in the file (1-based, as errors give them)."""
    for number, line in enumerate(text.splitlines(), start=2):  # line 1 is `extends:`
        col = line.find(needle)
        if col >= 0:
            return f"{path}:{number}:{col + 1}"
    raise AssertionError(f"{needle!r} is not in the file")


def reported(proc, where: str, message: str) -> None:
    """Exit 2, the error at `where` on stderr with its hint, nothing like a traceback."""
    assert proc.returncode == 2, (proc.returncode, proc.out, proc.err)
    assert "Traceback" not in proc.err and "internal error" not in proc.err, proc.err
    first = proc.err.strip().splitlines()[0]
    assert first.startswith(f"{where}: "), proc.err
    assert message in first, proc.err
    assert "hint:" in proc.err, proc.err


def simulate(home, path, *args):
    return kural(home, "simulate", path, "-n", 3, "--lang", "en", *args, timeout=120, cpu=CPU)


def auto(home, path, *args):
    return kural(home, "play", path, "--auto", "--seed", 5, "--lang", "en", *args, timeout=120, cpu=CPU)


def play_until_error(g, seed: int = 1, moves: int = 200) -> PlayError:
    """Bots' first moves (the first legal move each time) until the rule file fails."""
    with pytest.raises(PlayError) as info:
        s = new_game(g, seed)
        for _ in range(moves):
            apply(s, moves_to_play(s)[0])
    return info.value


# ------------------------------------------------------------- numbers (item 4, item 6)
SQUARED = """\
vars:
  n: {start: 2}
moves:
  play:
    do: "move(card, table); n = n * n"
"""


def test_a_var_squared_on_every_move_is_an_error_at_its_assignment_in_simulate_and_play(tmp_path):
    """2, 4, 16, 256, 65536, 2^32: the sixth move leaves ±10^15; never a move that takes seconds."""
    path = variant(tmp_path, SQUARED)
    where = place(path, SQUARED, "n = n * n")
    reported(simulate(tmp_path, path), where, "`n` would be")
    proc = auto(tmp_path, path)
    reported(proc, where, "out of range")
    assert save_of(tmp_path, "fantan", auto=True, variants=(path.stem,)).is_file()  # the game is kept, as after any rule error


@pytest.mark.parametrize("grow, message", [
    ("n = n * 999999999999999.5 * 999999999999999.5 * 999999999999999.5 * 999999999999999.5 * "
     "999999999999999.5 * 999999999999999.5 * 999999999999999.5 * 999999999999999.5 * "
     "999999999999999.5 * 999999999999999.5 * 999999999999999.5 * 999999999999999.5 * "
     "999999999999999.5 * 999999999999999.5 * 999999999999999.5 * 999999999999999.5 * "
     "999999999999999.5 * 999999999999999.5 * 999999999999999.5 * 999999999999999.5 * "
     "999999999999999.5 * 999999999999999.5", "would be inf"),  # a float that overflows to infinity
    ("n = n * 1000000000000000 * 1000000000000000 * 1000000000000000 * 1000000000000000 * "
     "1000000000000000 * 1000000000000000 * 1000000000000000 * 1000000000000000 * "
     "1000000000000000 * 1000000000000000 * 1000000000000000 * 1000000000000000 * "
     "1000000000000000 * 1000000000000000 * 1000000000000000 * 1000000000000000 * "
     "1000000000000000 * 1000000000000000 * 1000000000000000 * 1000000000000000 * "
     "1000000000000000 * 1000000000000000 / 3", "a number too large"),  # an int too large for a float
])
def test_a_float_overflow_in_play_is_an_error_of_the_rule_file(tmp_path, grow, message):
    text = SQUARED.replace("n = n * n", grow)
    path = variant(tmp_path, text)
    err = play_until_error(load(str(path)))
    assert err.where.startswith(str(path)), err.render()
    assert message in err.message, err.render()


def test_a_var_that_starts_out_of_range_is_an_error_at_its_start(tmp_path):
    text = "vars:\n  n: {per: seat, start: \"(seat + 1) * 1000000 * 1000000 * 1000000\"}\n"  # not folded at load
    path = variant(tmp_path, text)
    err = play_until_error(load(str(path)))
    assert err.where == place(path, text, '"(seat'), err.render()
    assert "the start of `n` would be" in err.message


SCORE = """\
vars:
  n: {start: 1000000000}
result:
  score: "n * n"
"""


def test_a_result_out_of_range_is_reported_by_the_end_screen_and_the_game_is_kept(tmp_path):
    """The end screen is inside the play loop's error handling: a result that fails is the rule file's
    error at its place, and the save stays, so the game can be finished once the file is fixed."""
    path = variant(tmp_path, SCORE)
    where = place(path, SCORE, '"n * n"')
    reported(simulate(tmp_path, path), where, "result.score would be")
    proc = auto(tmp_path, path)
    reported(proc, where, "out of range")
    save = json.loads(save_of(tmp_path, "fantan", auto=True, variants=(path.stem,)).read_text(encoding="utf-8"))
    assert save["moves"] and "result" not in save  # every move kept; the game is not called finished


def test_a_round_sheet_value_out_of_range_is_an_error_at_its_field(tmp_path):
    text = ("vars:\n  n: {start: 1000000000}\nround_result:\n  points: count(hand(seat))\n"
            "  fields:\n    big: \"n * n\"\n")
    path = variant(tmp_path, text)
    g = load(str(path))
    with pytest.raises(PlayError) as info:
        s = new_game(g, 1)
        while not s.over:
            apply(s, moves_to_play(s)[0])
    assert info.value.where == place(path, text, '"n * n"'), info.value.render()
    assert "round_result.fields.big would be" in info.value.message


def test_a_next_seat_that_is_no_seat_is_an_error_at_flow_round_next(tmp_path):
    """The seat to move is always a seat: a turn's next that gives none (4 with seats 0 to 3) is the rule
    file's error at flow.round.next, the first time it does, not a var or hand read past the seats."""
    text = "flow:\n  round:\n    next: \"me + 1\"\n"
    path = variant(tmp_path, text)
    err = play_until_error(load(str(path)))
    assert err.where == place(path, text, '"me + 1"'), err.render()
    assert "flow.round.next" in err.message and "seat 4 does not exist (seats are 0 to 3)" in err.message, err.render()


# ------------------------------------------------------------ work of one move (item 4)
def test_nested_for_loops_are_stopped_by_the_work_bound_at_the_loop(tmp_path):
    """52^4 passes in the round's setup: the budget runs out in the innermost loop, within seconds. The
    loops go over `each(stock)`, a list whose size is not known at load (over `stock` itself the file
    would be refused at load, tests/bad_rules/loops_*)."""
    text = ("vars:\n  n: {start: 0}\nflow:\n  round:\n    setup: \"shuffle(stock); for a in each(stock) do "
            "for b in each(stock) do for c in each(stock) do for d in each(stock) do n += 1; "
            "deal(stock, hand, 13)\"\n")
    path = variant(tmp_path, text)
    reported(simulate(tmp_path, path), place(path, text, "for d in"), f"more than {WORK_LIMIT:,} steps")


def test_nested_rules_in_a_guard_are_stopped_by_the_work_bound_at_the_rule(tmp_path):
    """Five rules `x => ...` inside one another over 26 cards: 26^5 calls asked of one guard (over the
    groups `each(...)`, whose number is not known at load)."""
    cards = "each(hand(me) + hand(next(me)))"
    nested = "count(d) >= 0"  # each rule reads the one around it: no part is the same for the whole position
    around = {"e": "c", "d": "b", "c": "a"}  # (a part that is would be worked out once: docs/language.md 3.10)
    for name in "edcba":
        nested = f"count({cards}, {name} => {nested}) >= 0"
        if name in around:
            nested = f"count({around[name]}) >= 0 and {nested}"
    text = f"moves:\n  pass:\n    when: \"{nested} and not can(play)\"\n"
    path = variant(tmp_path, text)
    proc = auto(tmp_path, path)
    rule = proc.err.split("the rule `")[-1][:1]  # the one whose call spent the last of the budget
    assert rule in "abcde", proc.err
    reported(proc, place(path, text, f"{rule} => "), f"the rule `{rule} => ...` needs more than {WORK_LIMIT:,} steps")


def test_choices_that_multiply_are_stopped_by_the_work_bound_at_their_move(tmp_path):
    """Six choices of 26 options each, none legal in the first position: 300 million options to try
    (over the groups `each(...)`, whose number is not known at load: over a list param of known length
    the file would be refused at load, tests/bad_rules/loops_*)."""
    some = "each(hand(me) + hand(next(me)))"
    text = ("moves:\n  pass:\n    choose:\n" + "".join(f"      {name}: {some}\n" for name in "abcdef")
            + "    when: \"count(a) < 0 or not can(play)\"\n")
    path = variant(tmp_path, text)
    reported(simulate(tmp_path, path), place(path, text, "pass:"), "the choices of `pass` needs more than")


def test_a_position_with_too_many_legal_moves_is_an_error_at_the_move(tmp_path):
    options = list(range(30))
    text = (f"params:\n  many: {{value: {options}, type: list}}\nmoves:\n  pass:\n    choose:\n"
            "      a: many\n      b: many\n      c: many\n    when: \"not can(play)\"\n")
    path = variant(tmp_path, text)
    assert 30 ** 3 > MAX_LEGAL
    reported(simulate(tmp_path, path), place(path, text, "pass:"), f"more than {MAX_LEGAL:,} legal moves")


# ------------------------------------------------------------------ bots (item 6)
PREFERENCE = """\
bot:
  - move: play
    prefer: "rank(top(stock)) > 3"
"""


def test_a_bot_preference_that_fails_is_an_error_at_the_preference_in_simulate_and_play(tmp_path):
    """The stock is empty once dealt: top(stock) is none. Before, simulate printed a traceback and play
    said "internal error"; the preference is the rule file's, so is the error."""
    path = variant(tmp_path, PREFERENCE)
    where = place(path, PREFERENCE, '"rank(top')
    reported(simulate(tmp_path, path, "--bots", "heuristic"), where, "the bot preference for `play` failed")
    reported(auto(tmp_path, path), where, "the bot preference for `play` failed")


# ------------------------------------------------------- no legal move (item 7)
STUCK = """\
moves:
  play:
    when: "count(hand(me)) > 52"
  pass:
    when: "count(hand(me)) > 52"
"""


def test_a_position_with_no_legal_move_is_an_error_of_the_rule_file_in_simulate_and_play(tmp_path):
    """Guards that are never true (though not constant: validate cannot fold them). Before, play said
    "Nobody won.", exited 0 and deleted the save, and simulate counted an aborted game. The engine
    decides once (interpreter/game.py `legal`, engine.moves_to_play): an error at the step that offers
    nothing, naming the seat and the move, and both commands report it alike: the same stderr, byte
    for byte (the error and its hint), and the same exit code."""
    path = variant(tmp_path, STUCK)
    sim = simulate(tmp_path, path, "--seed", 5)  # its first game is dealt as `play --seed 5`
    first = sim.err.strip().splitlines()[0]
    assert sim.returncode == 2 and "Traceback" not in sim.err, sim.err
    assert "fantan.yaml:" in first and "has no legal move at move 1" in first and "step `main`" in first, first
    assert sim.err.splitlines()[1].strip().startswith("hint: "), sim.err
    proc = auto(tmp_path, path)
    assert (proc.returncode, proc.err) == (sim.returncode, sim.err)  # the same policy, the same report
    assert "Nobody won" not in proc.out
    assert save_of(tmp_path, "fantan", auto=True, variants=(path.stem,)).is_file()  # kept: nothing was finished


def test_the_engine_names_the_seat_and_the_move_of_a_position_with_no_legal_move(tmp_path):
    g = load(str(variant(tmp_path, STUCK)))
    s = new_game(g, 2)
    with pytest.raises(PlayError) as info:
        moves_to_play(s)
    assert f"seat {s.me} has no legal move at move 1" in info.value.message
    assert info.value.where == g.steps[0].where
    assert info.value.hint


# ------------------------------------------------------------ smaller ones (item 9)
def test_a_record_whose_seat_is_text_says_so_rather_than_seat_n_not_seat_n(tmp_path):
    from kural.cli.simulate import play_one
    g = load("fantan")
    _, rec = play_one(g, 4, ["random"] * g.players, True, False, ["a", "b", "c", "d"])
    moves = [e for e in rec["moves"] if "seat" in e]
    moves[1]["seat"] = str(moves[1]["seat"])
    _, problems = record.replay(g, rec)
    assert problems and "move 2:" in problems[0], problems
    assert f'not seat "{moves[1]["seat"]}" (not a seat number)' in problems[0], problems


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_ctrl_c_during_simulate_prints_the_games_finished_and_says_so(tmp_path, lang):
    """SIGINT once some games are written: the statistics of those, the word that it was interrupted
    (in the language asked), exit 130."""
    out = tmp_path / "games.jsonl"
    proc = subprocess.Popen([*KURAL, "simulate", "fantan", "-n", "1000000", "--json", "--lang", lang,
                             "--record", str(out)], cwd=ROOT, env=env_for(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120  # only so that a hang fails: the test waits for records, not for time
    # the records go to a temp file beside `out`, renamed over it at the end: wait until games are in it
    while sum(p.stat().st_size for p in tmp_path.glob("*games.jsonl*")) < 30_000 and time.monotonic() < deadline:
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr.decode()
    stats = json.loads(stdout.decode("utf-8"))
    written = out.read_text(encoding="utf-8").count("\n")
    assert stats["interrupted"] is True
    assert stats["games"] == written >= 3
    assert stderr.decode("utf-8").strip().endswith(t("sim_interrupted", lang, games=written, asked=1000000))
    assert "Traceback" not in stderr.decode("utf-8")


@pytest.mark.parametrize("game", ["fantan", "fanti"])
def test_the_bundled_games_spend_a_small_part_of_the_work_bound(game):
    """The bounds must never change a bundled game (tests/test_golden.py plays every one, Kanasta too):
    here the quick ones, measured phase by phase, stay under a twentieth of them."""
    from kural.interpreter.bots import make_bot
    g = load(game)
    most = legal_most = 0
    for seed in range(1, 6):
        s = new_game(g, seed)
        bot = make_bot("heuristic", seed)
        while not s.over:
            moves = moves_to_play(s)
            most, legal_most = max(most, WORK_LIMIT - s.work), max(legal_most, len(moves))
            move = bot.choose(s, moves)
            most = max(most, WORK_LIMIT - s.work)
            apply(s, move)
            most = max(most, WORK_LIMIT - s.work)
    assert 0 < most < WORK_LIMIT / 20 and legal_most < MAX_LEGAL / 20, (most, legal_most)
