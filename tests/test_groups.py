"""Group zones (`kind: groups`, docs/language.md §2.6): an owner's area of several groups of cards, each its
own zone instance; `groups(z)`, `lay(cards, z)`, vars `per: group`, group choices in records and on screen.

Run on the test game tests/games/groups.yaml: partnerships lay melds from their hands as new groups of
their side's area, or add a card to one of their side's melds.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edited import refusal_of_edit  # noqa: E402
from test_teaching import check_rules_document  # noqa: E402

from kural.cli.reading import Reader, move_text  # noqa: E402
from kural.cli.render import board  # noqa: E402
from test_teaching import open_rules  # noqa: E402
from kural.dsl.loader import load  # noqa: E402
from kural.interpreter import record  # noqa: E402
from kural.interpreter.bots import make_bot  # noqa: E402
from kural.interpreter.engine import apply, new_game  # noqa: E402
from kural.interpreter.errors import PlayError  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402
from kural.interpreter.view import view  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "games" / "groups.yaml"


@pytest.fixture(scope="module")
def g4():
    return load(str(GAME), players=4)


@pytest.fixture(scope="module")
def g2():
    return load(str(GAME), players=2)


def cards(g, *codes) -> list[int]:
    """One physical card for each code (twins: the first one free in the deck)."""
    out = []
    for code in codes:
        out.append(next(c for c in range(g.deck.size) if g.deck.code[c] == code and c not in out))
    return out


def place(s, cs, zid) -> None:
    for c in cs:
        s.zones[s.where[c]].remove(c)
        s.zones[zid].append(c)
        s.where[c] = zid


def area(g, team: int) -> list[int]:
    return g.owner_ids(g.zone("laid"), team)


def by_name(g, s, name: str):
    return [mv for mv in legal_moves(s) if g.moves[mv[0]].name == name]


# ------------------------------------------------------------- at load
def test_groups_are_allocated_contiguously_per_owner(g4, g2):
    for g, teams in ((g4, 2), (g2, 2)):
        z = g.zone("laid")
        assert z.max_groups == 4 and z.per == "team"
        ids = [i for t in range(teams) for i in area(g, t)]
        assert ids == list(range(z.first_id, z.first_id + teams * 4))
        for t in range(teams):
            for n, zid in enumerate(area(g, t), 1):
                assert g.zone_instance(zid) == (z, t) and g.group_number(zid) == n
    assert len(new_game(g4, 1).zones) == g4.zone_count


def test_a_new_game_has_no_groups_and_the_deal_lists_none(g4):
    s = new_game(g4, 3)
    assert all(not s.zones[i] for t in range(2) for i in area(g4, t))
    rec = record.start(g4, 3, g4.seats["en"], s)
    assert rec["deal"]["zones"]["laid"] == [[], []]


# ------------------------------------------------------------- lay and groups
def test_lay_fills_the_first_empty_group_and_groups_lists_the_non_empty(g4):
    s = new_game(g4, 1)
    meld = g4.move("meld")
    hand0 = g4.zone("hand").first_id
    first = cards(g4, "4H", "5H", "6H")
    place(s, first, hand0)
    apply(s, (meld.index, (first,)))
    a = area(g4, 0)
    assert s.zones[a[0]] == first and all(not s.zones[i] for i in a[1:])
    assert g4.melds is not None
    # group 2 empty, group 3 holding cards: the next lay goes to group 2
    third = cards(g4, "8S", "8H", "8C")
    place(s, third, a[2])
    s.me, s.step = 2, 0  # seat 2 plays for team 0 too
    nxt = cards(g4, "9D", "9C", "9S")
    place(s, nxt, hand0 + 2)
    apply(s, (meld.index, (nxt,)))
    assert s.zones[a[1]] == nxt
    laid_groups = [zid for zid in a if s.zones[zid]]
    assert laid_groups == [a[0], a[1], a[2]]


def test_max_groups_refuses_a_meld_and_lay_past_it_fails_while_playing(g4, tmp_path):
    s = new_game(g4, 1)
    a = area(g4, 0)
    for zid, codes in zip(a, (["4H", "5H", "6H"], ["8S", "8H", "8C"], ["9D", "9C", "9S"], ["JD", "JC", "JS"])):
        place(s, cards(g4, *codes), zid)
    s.cache.clear()
    assert not by_name(g4, s, "meld")  # G1: no room
    text = GAME.read_text(encoding="utf-8").replace("- check: count(groups(laid(team(me)))) < 4", "- check: true")
    path = tmp_path / "groups.yaml"
    path.write_text(text, encoding="utf-8")
    g = load(str(path), players=4)
    s = new_game(g, 1)
    for zid, codes in zip(area(g, 0), (["4H", "5H", "6H"], ["8S", "8H", "8C"], ["9D", "9C", "9S"], ["JD", "JC", "JS"])):
        place(s, cards(g, *codes), zid)
    s.cache.clear()
    mv = by_name(g, s, "meld")
    assert mv
    with pytest.raises(PlayError) as info:
        apply(s, mv[0])
    assert "max_groups is 4" in str(info.value) and "no empty group" in str(info.value)


def test_adding_to_a_chosen_group_and_a_per_group_var(g4):
    s = new_game(g4, 1)
    a = area(g4, 0)
    run, s8 = cards(g4, "4H", "5H", "6H"), cards(g4, "8S", "8H", "8C")
    place(s, run, a[0])
    place(s, s8, a[1])
    hand0 = g4.zone("hand").first_id
    seven = cards(g4, "7H")
    place(s, seven, hand0)
    s.cache.clear()
    adds = [mv for mv in by_name(g4, s, "add") if mv[1][1] == seven[0]]
    assert [mv[1][0] for mv in adds] == [a[0]]  # ♥7 joins the run, not the set of 8s
    before = s.vars[g4.vars[[v.name for v in g4.vars].index("melded")].slot]
    apply(s, adds[0])
    assert s.zones[a[0]] == run + seven
    added = next(v for v in g4.vars if v.name == "added")
    assert added.per == "group"
    assert s.vars[added.slot + a[0]] == 1 and s.vars[added.slot + a[1]] == 0
    melded = next(v for v in g4.vars if v.name == "melded")
    assert s.vars[melded.slot] == before + 5  # the run is worth 5 more
    assert view(s, 1)["vars"]["added"] == {a[0]: 1, a[1]: 0}


def test_per_group_vars_start_again_each_round(g4):
    added = next(v for v in g4.vars if v.name == "added")
    assert added.scope == "round"


# ------------------------------------------------------------- records, screen
def played(g, seed: int):
    s = new_game(g, seed)
    rec = record.start(g, seed, g.seats["en"], s)
    bots = [make_bot("random", seed * 64 + seat) for seat in range(g.players)]
    while not s.over:
        record.play(rec["moves"], g, s, bots[s.me].choose(s, legal_moves(s)))
    record.finish(rec, s)
    return json.loads(record.dumps(rec)), s


def test_records_write_a_group_by_its_number_and_replay_it(g4):
    seen = 0
    for seed in range(1, 30):
        rec, s = played(g4, seed)
        adds = [e for e in rec["moves"] if e.get("move") == "add"]
        for e in adds:
            assert isinstance(e["target"], int) and 1 <= e["target"] <= 4
        seen += len(adds)
        again, problems = record.replay(g4, rec)
        assert problems == []
        if seen >= 3:
            break
    assert seen >= 3
    # a wrong number is not matched
    if adds:
        bad = json.loads(json.dumps(rec))
        for m in bad["moves"]:
            if m.get("move") == "add":
                m["target"] = 4
                break
        _, problems = record.replay(g4, bad)
        assert problems


def test_a_seat_view_and_the_board_show_each_group(g4):
    s = new_game(g4, 1)
    a, b = area(g4, 0), area(g4, 1)
    place(s, cards(g4, "4H", "5H", "6H"), a[0])
    place(s, cards(g4, "8S", "8H", "8C"), a[1])
    place(s, cards(g4, "9D", "9C", "9S"), b[0])
    v = view(s, 1)
    laid = [z for z in v["zones"] if z.name == "laid"]
    assert [(z.team, z.group, z.count) for z in laid] == [(0, 1, 3), (0, 2, 3), (1, 1, 3)]
    assert all(z.cards is not None for z in laid)  # visible: all
    hands = [z for z in v["zones"] if z.name == "hand"]
    assert [z.cards is not None for z in hands] == [False, True, False, False]
    lines = [str(x) for x in board(g4, s, 1, g4.seats["en"], "en", [])]
    # each meld as it reads, its size and its points by the game's values (4-7: 5 each, 8 and up: 10 each)
    at = lines.index("meld · You & Bora:")  # one group a line (issue 35.7)
    assert lines[at + 1:at + 3] == ["  1) ♥4 ♥5 ♥6 (3 cards, 15 points)", "  2) ♠8 ♥8 ♣8 (3 cards, 30 points)"]
    at = lines.index("meld · Ada & Cem:")
    assert lines[at + 1] == "  1) ♦9 ♣9 ♠9 (3 cards, 30 points)"


def test_the_cli_lists_a_group_by_number_and_cards_and_reads_the_number(g4):
    s = new_game(g4, 1)
    a = area(g4, 0)
    place(s, cards(g4, "4H", "5H", "6H"), a[0])
    place(s, cards(g4, "8S", "8H", "8C"), a[1])
    seven = cards(g4, "7H")
    place(s, seven, g4.zone("hand").first_id)
    s.cache.clear()
    mv = next(mv for mv in by_name(g4, s, "add") if mv[1][1] == seven[0])
    assert move_text(g4, mv, "en", s) == "add 1 ♥7"  # as it is typed (issue 35.8)
    legal = legal_moves(s)
    reading = Reader(g4, "en").read(s, legal, "add 1", [])
    assert reading.move is not None or reading.message  # group 1: the moves that add to it
    adds = [m for m in legal if g4.moves[m[0]].name == "add" and m[1][0] == a[0]]
    if len(adds) == 1:
        assert reading.move == adds[0]
    if len(adds) > 1:  # which one: each listed as it is typed
        assert "add 1 " in reading.message
    reading = Reader(g4, "en").read(s, legal, "add 3", [])
    assert reading.move is None and reading.message


# ------------------------------------------------------------- the rules in words, the CLI
def test_the_generic_checks_hold_for_the_groups_test_game():
    check_rules_document(open_rules(str(GAME)))


def run(*args):
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, timeout=120, stdin=subprocess.DEVNULL)


def test_kural_simulate_and_play_auto(tmp_path):
    proc = run("simulate", "tests/games/groups.yaml", "-n", "20")
    assert proc.returncode == 0, proc.stderr
    save = tmp_path / "save.jsonl"
    proc = run("play", "tests/games/groups.yaml", "--auto", "--seed", "1", "--save", save)
    assert proc.returncode == 0, proc.stderr
    assert "meld · You (bot):\n  1) " in proc.stdout  # with --auto, seat 0 is a bot and named one


# ------------------------------------------------------------- bad rule files
BAD = [
    ("max_groups: 4", "max_groups: 0", "max_groups must be between 1 and 100, not 0"),
    ("max_groups: 4", "max_groups: many", "max_groups"),
    ("kind: groups, max_groups: 4, ", "", "added` is per group, but no zone is a group zone"),
    ("kind: groups", "kind: heaps", "unknown kind `heaps`"),
    ("kind: groups, max_groups: 4, ", "kind: groups, ", "a group zone needs max_groups"),
    ("lay(cards, laid(team(me)))", "lay(cards, hand(me))", "expected a group zone here, but this is a zone"),
    ("move(card, target)", "move(card, laid(team(me)))", "expected a zone here, but this is a group zone"),
    ("added[target] += 1", "added[me] += 1", "its index is a group, not a number"),
    ("score: melded[team]", "score: max(added)", "`added` has a value per group"),
    ("added[target] += 1", "added += 1", "`added` has a value per group"),
]


@pytest.mark.parametrize("old, new, message", BAD)
def test_bad_group_rules_are_refused_at_their_place(tmp_path, old, new, message):
    error = refusal_of_edit(GAME, tmp_path, old, new, players=4)
    path = tmp_path / GAME.name
    out = str(error)
    assert message in out, out
    assert out.startswith(str(path) + ":") and out.split(":")[1].isdigit() and out.split(":")[2].isdigit(), out


@pytest.mark.parametrize("players", [2, 4])
def test_the_fuzz_checks_hold_through_a_game(players, tmp_path):
    """Cards conserved and every seat's view as the zones' visibility says, after every move; also with
    the group zone hidden from the other side (`visible: owner`)."""
    from test_fuzz import assert_conserved, assert_views_hide_what_they_must
    hidden = tmp_path / "groups.yaml"
    hidden.write_text(GAME.read_text(encoding="utf-8").replace("max_groups: 4, visible: all", "max_groups: 4, visible: owner"),
                      encoding="utf-8")
    for path in (GAME, hidden):
        g = load(str(path), players=players)
        for seed in (1, 2):
            s = new_game(g, seed)
            bots = [make_bot("random", seed * 64 + seat) for seat in range(g.players)]
            while not s.over:
                apply(s, bots[s.me].choose(s, legal_moves(s)))
                assert_conserved(g, s)
                assert_views_hide_what_they_must(g, s)
            assert any(s.zones[i] for t in range(len(g.teams)) for i in area(g, t))
