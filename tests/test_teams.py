"""Partnerships (`game.teams`, `per: team` zones, vars, result and round_result, team(), partners(),
members(), `teams`), through the test game tests/games/teams.yaml: four players in two partnerships
sitting opposite (seats 0 and 2, 1 and 3) who share a pile and a per-team count, two players each
for themselves (the groundwork of Kanasta, RULES.md §3: melds, scores and fi belong to a partnership;
the 351 game plays 2, 3 or 4 with partnerships only at 4).
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kural.cli.render import board
from test_teaching import document, open_rules
from kural.dsl import teach
from kural.dsl.errors import RuleError
from kural.dsl.loader import load, load_for_record
from kural.interpreter import record
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves
from kural.interpreter.view import view

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edited import refusal_of_edit  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "games" / "teams.yaml"
TEAMS_LINE = '"4": [[0, 2], [1, 3]]'


@pytest.fixture(scope="module")
def g4():
    return load(str(GAME))


@pytest.fixture(scope="module")
def g2():
    return load(str(GAME), players=2)


def played(g, seed: int, bot: str = "random"):
    """A whole bot game: its record and final state."""
    s = new_game(g, seed)
    rec = record.start(g, seed, g.seats["en"], s)
    bots = [make_bot(bot, seed * 64 + seat) for seat in range(g.players)]
    while not s.over:
        record.play(rec["moves"], g, s, bots[s.me].choose(s, legal_moves(s)))
    record.finish(rec, s)
    return json.loads(record.dumps(rec)), s


def pile(g, team: int) -> int:
    return g.zone("pile").first_id + team


# ------------------------------------------------------------- at load
def test_teams_at_each_player_count(g4, g2):
    assert g4.teams == [[0, 2], [1, 3]] and g4.team_of == [0, 1, 0, 1] and g4.partnered
    assert g2.teams == [[0], [1]] and g2.team_of == [0, 1] and not g2.partnered  # a count not listed: alone
    assert g4.teams_by_count == g2.teams_by_count == {4: [[0, 2], [1, 3]]}


def test_games_without_teams_are_unchanged():
    """Every game has teams; without `game.teams`, each seat is its own, and records do not name them."""
    g = load("fanti", [], [], 3)
    assert g.teams == [[0], [1], [2]] and not g.partnered and g.result.per == "seat"
    s = new_game(g, 1)
    assert "teams" not in record.start(g, 1, g.seats["en"], s)


def test_team_names_from_the_seat_names_in_both_languages(g4, g2):
    assert g4.team_names(g4.seats["en"]) == ["You & Bora", "Ada & Cem"]
    assert g4.team_names(g4.seats["tr"]) == ["Sen & Bora", "Ada & Cem"]
    assert g2.team_names(g2.seats["en"]) == ["You", "Ada"]


def refusal(tmp_path: Path, teams: str) -> tuple[RuleError, list[str]]:
    """Load the test game with `teams` in place of its teams; the error and the file's lines."""
    text = GAME.read_text(encoding="utf-8").replace(TEAMS_LINE, teams)
    path = tmp_path / "teams.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as info:
        load(str(path))
    return info.value, text.splitlines()


def place(lines: list[str], needle: str, occurrence: int = 1) -> tuple[int, int]:
    """(line, column) of the n-th occurrence of `needle` on the line of game.teams, 1-based."""
    row = next(i for i, line in enumerate(lines) if line.lstrip().startswith(('"4":', '"3":', '4:', '"x":')))
    col = -1
    for _ in range(occurrence):
        col = lines[row].index(needle, col + 1)
    return row + 1, col + 1


@pytest.mark.parametrize("teams,needle,occurrence,message", [
    ('"4": [[0, 2], [1]]', "[[", 1, "the teams of 4 players leave out seat 3"),
    ('"4": [[0, 2], [1, 2]]', "2", 2, "seat 2 is in two teams of 4 players"),
    ('"4": [[0, 2], [1, 5]]', "5", 1, "seat 5 does not exist with 4 players (seats are 0 to 3)"),
    ('"4": [[0, 2], [1, 3], []]', "[]", 1, "team 2 of 4 players has no seat"),
    ('"3": [[0, 2], [1]]', '"3"', 1, "`game.teams` gives teams for 3 players, but the game is played by 2, 4 players"),
    ('"x": [[0, 2], [1, 3]]', '"x"', 1, "`game.teams` is keyed by a number of players, not `x`"),
    ('4: [[0, 2], [1, 3]]', "4", 1, "the key `4` is read by YAML as int 4"),
], ids=["seat-missing", "seat-twice", "seat-out-of-range", "empty-team", "count-not-played", "not-a-count",
        "unquoted-count"])
def test_teams_that_do_not_split_the_seats_are_refused_at_their_place(tmp_path, teams, needle, occurrence, message):
    error, lines = refusal(tmp_path, teams)
    problem = error.problems[0]
    assert (problem.loc.line, problem.loc.col) == place(lines, needle, occurrence), problem.render()
    assert problem.message.startswith(message), problem.render()
    assert problem.hint
    assert str(problem.loc).startswith(str(tmp_path / "teams.yaml") + ":")


def test_kural_validate_reports_the_place(tmp_path):
    path = tmp_path / "teams.yaml"
    path.write_text(GAME.read_text(encoding="utf-8").replace(TEAMS_LINE, '"4": [[0, 2], [1, 2]]'), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "validate", str(path)], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env, timeout=60)
    assert proc.returncode == 2
    line, col = place(path.read_text(encoding="utf-8").splitlines(), "2", 2)
    assert f"{path}:{line}:{col}: seat 2 is in two teams" in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_team_zone_named_alone_is_refused(tmp_path):
    """A per-seat zone named alone is the family `deal` takes; a per-team one has no such use: say whose."""
    text = GAME.read_text(encoding="utf-8").replace(
        "    do: move(card, pile(team(me)))", "    do: move(card, pile)")
    path = tmp_path / "teams.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as info:
        load(str(path))
    assert "has one zone per team" in info.value.problems[0].message
    assert "pile(team(me))" in info.value.problems[0].hint


@pytest.mark.parametrize("old,new,message", [
    ("burials[team(me)] += 1", "burials = 1", "has a value per team: write burials[team(me)]"),
    ("move(card, pile(team(me)))", "move(card, pile(2))", "team 2 does not exist (teams are 0 to 1)"),
    ("move(card, pile(team(me)))", "move(card, pile(me, 1))", "takes one team"),
    ("per: team, visible: owner, layout", "per: side, visible: owner, layout", "a zone is per seat, per team or shared"),
], ids=["var-without-team", "zone-team-out-of-range", "zone-two-arguments", "unknown-per"])
def test_team_mistakes_are_refused(tmp_path, old, new, message):
    error = refusal_of_edit(GAME, tmp_path, old, new)
    assert message in error.problems[0].message, error.problems[0].render()


# ------------------------------------------------------ in expressions
def probe(tmp_path: Path, players: int | None = None):
    """The test game with vars that read team(), partners(), members() and teams, at the start of a game."""
    (tmp_path / "teams.yaml").write_text(GAME.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "probe.yaml").write_text(
        "extends: teams.yaml\n"
        "vars:\n"
        "  my_team: {per: seat, start: team(seat)}\n"
        "  partner_sum: {per: seat, start: sum(partners(seat))}\n"
        "  partner_count: {per: seat, start: count(partners(seat))}\n"
        "  side_size: {per: team, start: count(members(team))}\n"
        "  first_member: {per: team, start: 'members(team)[0]'}\n"
        "  team_count: {start: count(teams)}\n", encoding="utf-8")
    g = load(str(tmp_path / "probe.yaml"), players=players)
    return view(new_game(g, 1), 0)["vars"]


def test_team_partners_members_and_teams_in_expressions(tmp_path):
    v = probe(tmp_path)
    assert v["my_team"] == [0, 1, 0, 1]
    assert v["partner_sum"] == [2, 3, 0, 1] and v["partner_count"] == [1, 1, 1, 1]
    assert v["side_size"] == [2, 2] and v["first_member"] == [0, 1] and v["team_count"] == 2
    v = probe(tmp_path, 2)  # no partnerships at 2: each player is a team of one, with no partner
    assert v["my_team"] == [0, 1] and v["partner_count"] == [0, 0] and v["side_size"] == [1, 1]
    assert v["team_count"] == 2


def test_a_per_team_var_starts_with_the_local_team(g4):
    s = new_game(g4, 1)
    assert view(s, 0)["vars"]["bonus"] == [0, 1]


# ---------------------------------------------------------- in play
def test_partners_share_their_teams_pile_and_see_it(g4):
    s = new_game(g4, 5)
    laid = {0: [], 1: []}
    for _ in range(8):  # two turns each
        move = next(m for m in legal_moves(s) if g4.moves[m[0]].name == "play") if any(
            g4.moves[m[0]].name == "play" for m in legal_moves(s)) else legal_moves(s)[0]
        if g4.moves[move[0]].name == "play":
            laid[g4.team_of[s.me]].append(move[1][0])
        apply(s, move)
    for team in (0, 1):
        assert s.zones[pile(g4, team)] == laid[team]
        assert laid[team], "each side laid cards"
    for seat in range(4):
        seen = {z.team: z for z in view(s, seat)["zones"] if z.name == "pile"}
        assert set(seen) == {0, 1} and all(z.owner is None for z in seen.values())
        mine, theirs = g4.team_of[seat], 1 - g4.team_of[seat]
        assert seen[mine].cards == laid[mine]  # `visible: owner`: both partners see their side's pile
        assert seen[theirs].cards is None and seen[theirs].count == len(laid[theirs])  # the others count it


def test_the_board_names_each_side_by_its_players(g4):
    s = new_game(g4, 5)
    apply(s, next(m for m in legal_moves(s) if g4.moves[m[0]].name == "play"))
    lines = [line.plain for line in board(g4, s, 2, g4.seats["en"], "en", [])]
    side = next(line for line in lines if line.startswith("side pile:"))
    card = g4.deck.label(s.zones[pile(g4, 0)][0])
    assert f"You & Bora {card}" in side and "Ada & Cem 0 cards" in side  # Bora sees their side's pile
    assert "burials: You & Bora 0 · Ada & Cem 0" in lines


def test_per_team_vars_count_for_both_partners(g4):
    """Each bury adds to its side's count (round scope): the sheets agree with the moves made."""
    rec, s = played(g4, 7)
    counts = [[0, 0]]
    for e in rec["moves"]:
        if "deal" in e:
            counts.append([0, 0])
        elif e["move"] == "bury":
            counts[-1][g4.team_of[e["seat"]]] += 1
    assert [sheet["burials"] for sheet in rec["result"]["round_sheets"]] == counts


# ------------------------------------------------------- results, records
def test_result_and_round_result_per_team_in_the_record(g4):
    rec, s = played(g4, 3, "heuristic")
    res = rec["result"]
    assert rec["teams"] == [[0, 2], [1, 3]]
    assert len(res["scores"]) == 2 and set(res["winners"]) <= {0, 1} and res["winners"]
    assert len(res["hands"]) == 4  # hands stay per seat
    assert len(res["rounds"]) == 2 and all(len(r) == 2 for r in res["rounds"])
    totals = [sum(r[t] for r in res["rounds"]) for t in (0, 1)]
    assert res["round_sheets"][-1]["totals"] == totals == s.totals
    assert res["scores"] == [totals[0] + 0, totals[1] + 1]  # + each side's bonus
    assert res["winners"] == [t for t in (0, 1) if totals[t] == max(totals)]
    for sheet in res["round_sheets"]:
        assert set(sheet) == {"points", "cards", "burials", "totals"} and all(len(v) == 2 for v in sheet.values())
    assert res["held"] == [0, 0]


def test_without_partnerships_each_player_is_a_team_of_one(g2):
    rec, s = played(g2, 3)
    assert rec["teams"] == [[0], [1]]  # the result is per team: the record says what the teams are
    assert len(rec["result"]["scores"]) == 2 and len(rec["result"]["hands"]) == 2


@pytest.mark.parametrize("players", [4, 2])
def test_a_record_with_teams_replays(players):
    g = load(str(GAME), players=players)
    rec, _ = played(g, 11)
    again = load_for_record(rec)
    assert again.teams == g.teams
    _, problems = record.replay(again, rec)
    assert problems == []
    tampered = copy.deepcopy(rec)
    tampered["teams"] = [[0, 1], [2, 3]] if players == 4 else [[0, 1]]
    _, problems = record.replay(again, tampered)
    assert problems and "teams differ" in problems[0]
    tampered = copy.deepcopy(rec)
    tampered["result"]["winners"] = [t for t in (0, 1) if t not in rec["result"]["winners"]]
    _, problems = record.replay(again, tampered)
    assert problems and "result differs" in problems[0]


def test_kural_simulate_reports_wins_by_team():
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="120")
    run = lambda *a: subprocess.run([sys.executable, "-m", "kural.cli.main", "simulate", "tests/games/teams.yaml", *a],  # noqa: E731
                                    capture_output=True, text=True, encoding="utf-8", cwd=ROOT, env=env, timeout=120)
    proc = run("-n", "20", "--json")
    assert proc.returncode == 0, proc.stderr
    stats = json.loads(proc.stdout)
    assert stats["teams"] == [[0, 2], [1, 3]] and stats["team_names"] == ["You & Bora", "Ada & Cem"]
    assert len(stats["wins_by_team"]) == 2 and sum(stats["wins_by_team"]) >= 20  # a tie is a win for both
    assert stats["wins_by_seat"] == [stats["wins_by_team"][t] for t in (0, 1, 0, 1)]
    assert len(stats["mean_score_by_team"]) == 2 and set(stats["mean_per_round_by_team"]) == {"points", "cards", "burials"}
    assert "mean_score_by_seat" not in stats and stats["aborted"] == 0
    proc = run("-n", "5", "--players", "2", "--lang", "en")
    assert proc.returncode == 0, proc.stderr
    assert "team" in proc.stdout and "0 You " in proc.stdout and "1 Ada " in proc.stdout


def test_play_shows_the_sides(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="120", KURAL_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "play", "tests/games/teams.yaml", "--seed", "3",
                           "--lang", "en"], input="1\n" * 12, capture_output=True, text=True, encoding="utf-8",
                          cwd=ROOT, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Your seat: You, with your partner Bora. Against you: Ada, Cem." in out
    assert "side pile: You & Bora" in out and "Round 1" in out
    assert "Winner: " in out and ("You & Bora" in out.split("Winner: ")[-1] or "Ada & Cem" in out.split("Winner: ")[-1])


# ------------------------------------------------------------ teaching
def test_the_rules_say_the_partnerships_in_both_languages():
    rs = open_rules(str(GAME))
    en, tr = document(rs, "en", reference=True), document(rs, "tr", reference=True)
    flat_en, flat_tr = " ".join(en.split()), " ".join(tr.split())
    assert "You and Bora play together against Ada and Cem." in flat_en
    assert "Sen ve Bora birlikte, Ada ve Cem'e karşı oynar." in flat_tr
    assert "Side pile: one for each partnership; only the partnership's players see the cards." in flat_en
    assert "Yığın: her takıma ayrı; kartları yalnızca o takımın oyuncuları görür." in flat_tr
    assert "Burials: one for each partnership" in flat_en and "Gömme: her takım için ayrı" in flat_tr
    assert "move the card to your partnership's side pile" in flat_en
    assert "kartı takımının yığınına koy" in flat_tr
    assert "Then each partnership scores" in flat_en and "Sonra her takım puan alır" in flat_tr
    assert "Winners: every partnership for which the partnership's total points is the largest of the " \
           "partnerships' totals." in flat_en
    assert "your partners" in flat_en
    for text in (en, tr):
        assert "team(" not in text and "partners(" not in text and "members(" not in text


def test_the_rules_say_the_sides_of_every_count_the_game_allows():
    """The book is for every count the game allows (2 or 4 here): the partnerships of 4 are said for 4 players
    only, and 2 players each play alone (issue 37.9, as the 351 game's D1)."""
    rs = open_rules(str(GAME))
    flat_en, flat_tr = (" ".join(document(rs, lang, reference=True).split()) for lang in ("en", "tr"))
    assert "With 2 players: Each player plays for themselves." in flat_en
    assert "With 4 players: You and Bora play together against Ada and Cem." in flat_en
    assert "2 oyuncuyla: Herkes kendi adına oynar." in flat_tr
    assert "4 oyuncuyla: Sen ve Bora birlikte, Ada ve Cem'e karşı oynar." in flat_tr


def test_the_rules_at_a_count_without_partnerships():
    rs = open_rules(str(GAME))
    rs.g = teach.open_game(str(GAME), players=2)  # the same rule file, played by two
    flat = " ".join(document(rs, "en", reference=True).split())
    assert "Each player plays for themselves" in flat
    assert "With 4 players: You and Bora play together against Ada and Cem." in flat
