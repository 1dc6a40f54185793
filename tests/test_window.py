"""A window: several seats acting out of turn, in an order the rule file gives (issue 38; docs/language.md
§2.10, §5.1). A step with `window: {seats, pass, until, after}` asks each seat of its list in turn,
round again, until every one has played the pass move since the last other move (or `until` holds);
then its `after` runs, the round's end is checked, and the turn goes on as the window's `next:` says,
the opener's again. Checked at load (file:line:col), generated into the module like every step,
bounded, recorded (each move's seat), and played by the bots; Durak (tests/games/durak.yaml) is its
test game, and tests/games/by_hand/durak.yaml, the same game asked seat by seat with vars, plays the
same games.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.interpreter import game
from kural.interpreter.bots import make_bot
from kural.interpreter.errors import PlayError
from kural.interpreter.messages import MESSAGES

GAMES = Path(__file__).resolve().parent / "games"

# A small game of three: seat `me` opens a window; the seats asked may tap (at most `most` taps a window)
# or pass; the window's `after` counts the windows closed; two closed end the round.
BASE = """\
game:
  id: windowed
  players: 3
  max_moves: 500
zones:
  stock: {per: none, visible: none}
  hand: {per: seat, visible: owner}
params:
  most: {value: 2, min: 0, max: 50}
vars:
  taps: {per: seat, start: 0}
  in_window: {start: 0}
  closed: {start: 0}
  opener: {start: -1}
moves:
  open:
    do: "{ in_window = 0; opener = me }"
    next: ask
  tap:
    when: in_window < most
    do: "{ taps[me] += 1; in_window += 1 }"
  pass:
    do: taps[me] += 0
flow:
  round:
    setup: shuffle(stock); deal(stock, hand, 1)
    turn:
      - {step: first, moves: [open]}
      - step: ask
        moves: [tap, pass]
        window: {seats: "[2, 0, 1]", pass: pass, after: closed += 1}
    end: closed >= 2
result:
  winner: seat == 0
  score: taps[seat]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "windowed.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def edit(old: str, new: str, text: str = BASE) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def place(text: str, needle: str) -> tuple[int, int]:
    """1-based (line, column) of the last occurrence of needle in text."""
    before = text[:text.rindex(needle)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def played(g, choose) -> list[tuple[int, str]]:
    """The game played to its end, choosing by `choose(s, names of the legal moves)`: (seat, move) in order."""
    s = game.new_game(g, seed=1)
    out = []
    while not game.is_over(s):
        moves = game.legal(s)
        name = choose(s, [g.moves[m[0]].name for m in moves])
        out.append((s.me, name))
        game.apply(s, next(m for m in moves if g.moves[m[0]].name == name))
    return out, s


def taps_first(s, names):
    return "tap" if "tap" in names else names[0]


def test_the_window_asks_its_seats_in_order_round_again_until_all_pass(tmp_path):
    """§5.1: seat 0 opens; the seats [2, 0, 1] are asked in that order and round again; a tap starts the
    passes again, so the window closes after three passes in a row, its `after` runs, and the next turn is
    the opener's next seat (flow.round.next from the opener, not from the last asked)."""
    g = load(str(write(tmp_path, BASE)))
    moves, s = played(g, taps_first)
    assert moves[:7] == [(0, "open"), (2, "tap"), (0, "tap"), (1, "pass"), (2, "pass"), (0, "pass"),
                         (1, "open")]
    assert moves[7:] == [(2, "tap"), (0, "tap"), (1, "pass"), (2, "pass"), (0, "pass")]
    assert s.over and s.window is None
    assert [e[0] for e in s.history] == [seat for seat, _ in moves]  # the record's seats (§5.6)


def test_until_closes_the_window_at_once(tmp_path):
    """`until` is checked as the window opens and after every move in it: with `until: in_window >= 1`
    the first tap closes it."""
    text = edit('pass: pass, after: closed += 1}', 'pass: pass, until: in_window >= 1, after: closed += 1}')
    g = load(str(write(tmp_path, text)))
    moves, _ = played(g, taps_first)
    assert moves == [(0, "open"), (2, "tap"), (1, "open"), (2, "tap")]
    text = edit('pass: pass, after: closed += 1}', 'pass: pass, until: opener >= 0, after: closed += 1}')
    moves, _ = played(load(str(write(tmp_path, text))), taps_first)
    assert moves == [(0, "open"), (1, "open")]  # it holds as the window opens: nobody is asked


def test_an_empty_list_of_seats_closes_the_window_at_once(tmp_path):
    """A list of seats that is empty while playing asks nobody: the window closes as it opens."""
    text = edit('seats: "[2, 0, 1]"', 'seats: "filter(seats, p => taps[p] > 5)"')
    moves, _ = played(load(str(write(tmp_path, text))), taps_first)
    assert moves == [(0, "open"), (1, "open")]


def test_a_window_that_nobody_closes_stops_at_max_moves(tmp_path):
    """§3.11: a window where nobody passes never closes by itself; the game's max_moves stops it."""
    text = edit("most: {value: 2, min: 0, max: 50}", "most: {value: 1000, min: 0, max: 5000}")
    g = load(str(write(tmp_path, text)))
    moves, s = played(g, taps_first)
    assert len(moves) == 500 and s.over and s.aborted


def test_a_value_that_is_no_seat_is_an_error_at_the_window_seats(tmp_path):
    """A list holding a number that is no seat is an error of the rule file at the window's `seats`."""
    text = edit('seats: "[2, 0, 1]"', 'seats: "[2, 7]"')
    path = write(tmp_path, text)
    g = load(str(path))
    s = game.new_game(g, seed=1)
    with pytest.raises(PlayError) as info:
        game.apply(s, game.legal(s)[0])
    line, _ = place(text, 'seats: "[2, 7]"')
    assert f"windowed.yaml:{line}:" in str(info.value) and "7" in str(info.value)


BAD = [
    ("the list is no seats", 'seats: "[2, 0, 1]"', 'seats: "hand(me)"', 'seats: "hand(me)"',
     "window_seats_not_seats"),
    ("the list is always empty", 'seats: "[2, 0, 1]"', 'seats: "[]"', 'seats: "[]"', "window_seats_empty"),
    ("the pass is no move of the step", "pass: pass, after", "pass: open, after", "pass: open",
     "window_pass_not_offered"),
    ("no seats", 'window: {seats: "[2, 0, 1]", pass: pass, after: closed += 1}', "window: {pass: pass}",
     "window: {pass", "window_needs_seats"),
    ("a move of the window writes next", "    do: taps[me] += 0\n", "    do: taps[me] += 0\n    next: end\n",
     "next: end", "window_move_next"),
    ("next of a step that is no window", "- {step: first, moves: [open]}", "- {step: first, moves: [open], next: end}",
     "next: end}", "step_next_only_window"),
    ("a window goes to a window", "after: closed += 1}", "after: closed += 1}\n        next: ask", "next: ask",
     "window_next_not_step"),
]


@pytest.mark.parametrize("what, old, new, at, key", BAD, ids=[b[0] for b in BAD])
def test_a_window_written_wrong_is_refused_where_it_is_written(tmp_path, what, old, new, at, key):
    """Checked at load: `file:line:col: what is wrong`, a hint, in English and Turkish."""
    text = edit(old, new)
    path = write(tmp_path, text)
    with pytest.raises(RuleError) as info:
        load(str(path))
    p = info.value.problems[0]
    line, _ = place(text, at)
    assert p.loc.line == line, str(info.value)
    english = MESSAGES[key]["en"].split("{")[0].split("`")[0]
    assert english in p.message, str(info.value)
    assert p.hint and MESSAGES[key]["tr"] != MESSAGES[key]["en"]
    assert str(info.value).startswith(f"{p.loc.file}:{p.loc.line}:{p.loc.col}: ")


def test_the_first_step_of_a_turn_cannot_be_a_window(tmp_path):
    """A turn begins with one seat's move, which opens the window (its `next:`)."""
    text = edit("      - {step: first, moves: [open]}\n", "")
    text = edit('  open:\n    do: "{ in_window = 0; opener = me }"\n    next: ask\n', "", text)
    path = write(tmp_path, text)
    with pytest.raises(RuleError) as info:
        load(str(path))
    assert "first step of a turn" in info.value.problems[0].message
    assert info.value.problems[0].loc.line == place(text, "window:")[0]


def test_the_rules_book_and_the_graph_say_the_window():
    """`kural rules` and `kural graph` say who is asked, in what order, and when it closes, in both
    languages."""
    from kural.dsl.teach.api import rules
    from kural.dsl.teach.flow import build
    g = load(str(GAMES / "durak.yaml"))
    en, tr = (" ".join(rules(g, lang, reference=True).split()) for lang in ("en", "tr"))
    assert "several players act, out of turn: the defender, the attacker" in en
    assert "birden çok oyuncu sırası gelmeden oynar: savunan, saldıran" in tr
    assert "Then the next player asked in “beating and throwing in” moves" in en
    graph = build(g, "en")
    assert ("move_pass", "closes_bout", "everyone asked passed") in graph.edges
    assert any(a == "move_throw" and b == "step_bout" for a, b, _ in graph.edges)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_durak_by_hand_plays_the_same_games(kind, players):
    """Issue 38: the window's order is the one an author wrote by hand with vars (phase, asked, passes):
    both files give the same moves by the same seats and the same results, seed by seed."""
    window = load(str(GAMES / "durak.yaml"), players=players)
    by_hand = load(str(GAMES / "by_hand" / "durak.yaml"), players=players)
    for seed in range(1, 9):
        games = []
        for g in (window, by_hand):
            s = game.new_game(g, seed=seed)
            bots = [make_bot(kind, seed * 10 + i) for i in range(players)]
            while not game.is_over(s):
                game.apply(s, bots[s.me].choose(s, game.legal(s)))
            games.append(([(seat, g.moves[m[0]].name, m[1]) for seat, m in s.history], game.result(s)))
        assert games[0] == games[1], seed
        assert not games[0][1].get("aborted")


def test_durak_records_replay_and_the_search_bot_plays_in_the_window():
    """§5.6: a record of a game with windows replays to the same end (each move's seat checked); the search
    bot, which looks ahead on copies, plays moves asked in a window."""
    g = load(str(GAMES / "durak.yaml"))
    for seed in range(1, 4):
        s = game.new_game(g, seed=seed)
        bots = [make_bot("heuristic", seed + i) for i in range(g.players)]
        while not game.is_over(s):
            game.apply(s, bots[s.me].choose(s, game.legal(s)))
        record = game.record_of(s, ["a", "b", "c"])
        again, problems = game.replay(g, record)
        assert problems == [] and game.result(again) == game.result(s)
    s = game.new_game(g, seed=5)
    search = make_bot("search", 1)
    game.apply(s, game.legal(s)[0])  # the lead: the window opens, the defender is asked first
    assert s.window is not None and s.me == 1
    copied = game.copy(s)
    assert copied.window == s.window
    move = search.choose(s, game.legal(s))
    assert move in game.legal(s)
