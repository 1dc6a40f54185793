"""King written without issue 38's notions (tests/games/by_hand/king.yaml) is the same game as games/king.yaml.

Issue 38's figure compares each game "in YAML alone: shorter with the notions than without". The by-hand file
is King as an author had to write it before those notions; for the figure to compare one game, it must play
exactly the games games/king.yaml plays: for the same seed and bots, the same deals, the same legal moves at
every position, the same moves and the same results (sheets included). Its choices have no names, so its
records keep numbers where games/king.yaml keeps names: 1-6 the penalties in K12-K17's order, 0-3 the suits
(♠ ♥ ♦ ♣); they are read back through those orders, which the rules give (K4, K12-K17), not the engine.
The rules are checked apart from games/king.yaml too: tests/test_king_rules.py's referee, which restates
K1-K21 and KV1-KV4, follows the by-hand file move by move.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import line_counts  # noqa: E402
import test_king_rules  # noqa: E402
from test_bad_rules import validate  # noqa: E402
from kural.cli.simulate import play_one  # noqa: E402
from kural.dsl.loader import load  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BY_HAND = ROOT / "tests" / "games" / "by_hand" / "king.yaml"
VARIANTS = [(), ("short",), ("el-iptal",), ("free-first-round",), ("rifki-hearts",)]   # KV1-KV4: all of them
SETS = [["first_declarer=seat0"], ["overtrump=false"], ["forced_heart_lead=any"], ["king_tricks=7"]]
PENALTIES = ["el", "kupa", "erkek", "kiz", "rifki", "son"]      # K4, numbered 1-6 in K12-K17's order
SUITS = ["spades", "hearts", "diamonds", "clubs"]               # numbered 0-3 as a card's suit is
SEATS = ["You", "Elif", "Can", "Zeynep"]
SEEDS = range(1, 11)


def by_hand_variants(variants) -> list[str]:
    return [str(BY_HAND.parent / "king" / f"{v}.yaml") for v in variants]


def record(game: str, variants: list[str], sets: list[str], seed: int, bots: str) -> dict:
    """A whole game's record as `kural simulate --record --legal` writes it."""
    g = load(game, variants, sets, players=4)
    return play_one(g, seed, [bots] * 4, True, True, SEATS)[1]


def named(entry: dict) -> dict:
    """A by-hand record's entry with its numbered options said by name, as games/king.yaml records them."""
    out = dict(entry)
    if "contract" in out:
        out["contract"] = PENALTIES[out["contract"] - 1]
    if "suit_name" in out:
        out["suit_name"] = SUITS[out["suit_name"]]
    if "legal" in out:
        out["legal"] = [named(m) for m in out["legal"]]
    return out


def same_games(variants, sets: list[str], bots: str, seeds=SEEDS) -> list[dict]:
    """Plays every seed with both files and asserts the same deals, legal moves, moves and results; gives
    games/king.yaml's records."""
    out = []
    for seed in seeds:
        theirs = record("king", list(variants), sets, seed, bots)
        mine = record(str(BY_HAND), by_hand_variants(variants), sets, seed, bots)
        moves = [named(m) for m in mine["moves"]]
        first = next((i for i, (a, b) in enumerate(zip(theirs["moves"], moves)) if a != b), None)
        assert first is None and len(moves) == len(theirs["moves"]), (
            variants, sets, bots, seed, first, first is not None and (theirs["moves"][first], moves[first]))
        assert mine["result"] == theirs["result"], (variants, sets, bots, seed)
        out.append(theirs)
    return out


def played(records: list[dict], move: str) -> int:
    return sum(m.get("move") == move for r in records for m in r["moves"])


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v) or "base")
def test_the_same_games_as_games_king_yaml(variants, bots):
    """Issue 38, K1-K21, KV1-KV4: seeds 1-10, every variant, random and heuristic bots: both files deal the same
    cards, offer the same legal moves at every position, play the same moves and end with the same result
    (totals, winners, the quotas, every hand's sheet)."""
    records = same_games(variants, [], bots)
    assert played(records, "trump") and played(records, "penalty"), "both kinds of contract were named (K4)"
    if variants == ("el-iptal",):
        assert played(records, "keep") + played(records, "redeal"), "KV2: players were asked about a redeal"


@pytest.mark.parametrize("sets", SETS, ids=lambda s: s[0])
def test_the_same_games_with_the_decisions_turned(sets):
    """K2, K9, K13, K19: each Decision turned the other way (and King made at 7 tricks, so that K19 ends
    games), the two files still play the same games."""
    records = same_games((), sets, "heuristic", range(1, 5)) + same_games((), sets, "random", range(1, 3))
    if sets == ["king_tricks=7"]:
        assert any(any(r["result"]["king"]) for r in records), "K19: King was made"


def test_a_void_queens_hand_is_the_same_in_both():
    """K15: a Kız almaz hand whose four queens go one to each player is void in both files alike."""
    records = same_games((), [], "random", range(20, 40))
    sheets = [s for r in records for s in r["result"]["round_sheets"]]
    assert any(s["ended"] == "void" for s in sheets), "a void hand among these seeds"


def test_the_comparison_sees_a_rule_written_otherwise(tmp_path):
    """The comparison can fail: the by-hand file with K11's duty to play a beaten penalty card left out plays
    other games, and the same seeds show it."""
    text = BY_HAND.read_text(encoding="utf-8")
    duty = "empty(trick) or not beaten_duty or"
    assert duty in text
    broken = tmp_path / "king.yaml"
    broken.write_text(text.replace(duty, "true or"), encoding="utf-8")
    differ = [seed for seed in SEEDS if [named(m) for m in record(str(broken), [], [], seed, "random")["moves"]]
              != record("king", [], [], seed, "random")["moves"]]
    assert differ, "K11 left out, and no game showed it"


class ByHandReferee(test_king_rules.Referee):
    """tests/test_king_rules.py's referee, reading and saying the by-hand file's numbered options."""

    def legal(self) -> set:
        return {self.numbered(k) for k in super().legal()}

    def play(self, key: tuple) -> None:
        super().play(self.said(key))

    @staticmethod
    def numbered(key: tuple) -> tuple:
        if key[0] == "penalty":
            return key[0], PENALTIES.index(key[1]) + 1
        return (key[0], SUITS.index(key[1])) if key[0] == "trump" else key

    @staticmethod
    def said(key: tuple) -> tuple:
        if key[0] == "penalty":
            return key[0], PENALTIES[key[1] - 1]
        return (key[0], SUITS[key[1]]) if key[0] == "trump" else key


@pytest.mark.parametrize("variants", [(), ("el-iptal",), ("rifki-hearts",)], ids=lambda v: "+".join(v) or "base")
def test_the_referee_of_the_rules_follows_the_by_hand_file(monkeypatch, variants):
    """K1-K21, KV2, KV4, restated apart from either file: the referee of tests/test_king_rules.py predicts, move
    by move, who moves, every legal move, each trick, each hand's end and points, and the winners."""
    monkeypatch.setattr(test_king_rules, "Referee", ByHandReferee)
    g = load(str(BY_HAND), by_hand_variants(variants), players=4)
    seen = {}
    for seed, bots in [(1, "random"), (2, "random"), (11, "heuristic"), (40, "heuristic")]:
        for k, v in test_king_rules.follow(g, seed, bots).seen.items():
            seen[k] = seen.get(k, 0) + v
    assert seen["ended_early"], "K18: card contracts end early"


NOTIONS = re.compile(r"\b(first_card|winning_card|would_win|played_by|next_in)\s*\(")


def notions_used(data) -> set[str]:
    """Issue 38's notions a rule file's data uses: the trick's and next_in by name, defines with arguments or
    effects (their arguments listed in `args:` or written in the name, `beaten(c): ...`), named options, typed
    and keyed vars."""
    found = set()
    for name, define in (data.get("define") or {}).items():
        found |= {"define args"} if "(" in name else set()
        if isinstance(define, dict):
            found |= {f"define {k}" for k in ("args", "do") if k in define}
    for move in (data.get("moves") or {}).values():
        found |= {"named options" for c in (move or {}).get("choose", {}).values() if isinstance(c, dict)}
    for var in (data.get("vars") or {}).values():
        found |= {f"var {k}" for k in ("type", "keys") if isinstance(var, dict) and k in var}

    def walk(x):
        if isinstance(x, str):
            found.update(NOTIONS.findall(x))
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(data)
    return found


def test_the_by_hand_files_use_none_of_issue_38s_notions():
    """Issue 38: the by-hand files say King without defines with arguments or effects, the trick's notions,
    named options, next_in, typed or keyed vars; games/king.yaml and its el-iptal use them (so the check sees
    them where they are)."""
    files = [BY_HAND, *sorted((BY_HAND.parent / "king").glob("*.yaml"))]
    assert len(files) == len(VARIANTS)  # the base file and each variant's
    for path in files:
        assert notions_used(yaml.safe_load(path.read_text(encoding="utf-8"))) == set(), path.name
    theirs = notions_used(yaml.safe_load((ROOT / "games" / "king.yaml").read_text(encoding="utf-8")))
    assert {"first_card", "winning_card", "would_win", "played_by", "define args", "named options", "var type",
            "var keys"} <= theirs
    iptal = yaml.safe_load((ROOT / "games" / "king" / "el-iptal.yaml").read_text(encoding="utf-8"))
    assert "next_in" in notions_used(iptal)


def test_kural_validate_passes_on_the_by_hand_files():
    """`kural validate` of the by-hand file and its variants: ok, with no warning."""
    files = [BY_HAND, *sorted((BY_HAND.parent / "king").glob("*.yaml"))]
    proc = validate(*files)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("ok  ") == len(files) and "warning" not in proc.stdout + proc.stderr


def test_line_counts_count_lines_that_are_neither_blank_nor_comments():
    """tests/line_counts.py: blank and comment lines are not counted; the top-level text, book and glossary
    sections are left out of the second count, a nested key of the same name is not."""
    lines = ["# a comment", "game:", "  id: x", "", "  text: {en: a}", "    # indented comment",
             "text:", "  K1: {en: b}", "book:", "  - rules: [K1]", "glossary:", "  a: {means: c}", "bot:", "  - x"]
    assert line_counts.counted(lines) == (11, 5)
    assert line_counts.by_section(lines) == {"game": 3, "text": 2, "book": 2, "glossary": 2, "bot": 2}


def test_line_counts_pair_each_by_hand_game_with_its_file_on_the_notions(tmp_path):
    """A by-hand file is paired with games/X.yaml, else tests/games/X.yaml; one with no partner yet is left out;
    variants count where both folders have them."""
    hand, games, own = tmp_path / "by_hand", tmp_path / "games", tmp_path / "own"
    for d in (hand / "a", games / "a", own):
        d.mkdir(parents=True)
    (hand / "a.yaml").write_text("game:\n  id: a\nvars:\n  x: 1\n  y: 2\ntext:\n  K1: {en: t}\n")
    (games / "a.yaml").write_text("game:\n  id: a\nvars:\n  x: 1\ntext:\n  K1: {en: t}\n")
    (hand / "a" / "v.yaml").write_text("extends: ../a.yaml\nvars:\n  z: 3\n")
    (games / "a" / "v.yaml").write_text("extends: a\n")
    (hand / "a" / "only_mine.yaml").write_text("extends: ../a.yaml\n")
    (hand / "b.yaml").write_text("game:\n  id: b\n")
    (own / "b.yaml").write_text("game:\n  id: b\n  lang: en\n")
    (hand / "c.yaml").write_text("game:\n  id: c\n")
    found = line_counts.pairs(hand, (games, own))
    assert [(p.name, p.notions, p.by_hand) for p in found] == [
        ("a", (6, 4), (7, 5)), ("a + 1 variant", (7, 5), (10, 8)), ("b", (3, 3), (2, 2))]
    assert "a + 1 variant" in line_counts.table(found)
    assert line_counts.unpaired(hand, (games, own)) == ["c.yaml"]


def test_king_is_shorter_on_the_notions_than_by_hand():
    """Issue 38's figure: each game "shorter with the notions than without". King alone and with its variants,
    counted with and without the words a player reads: the file on the notions has fewer lines both ways."""
    kings = [p for p in line_counts.pairs() if p.name.split(" ")[0] == "king"]
    assert [p.name for p in kings] == ["king", "king + 4 variants"]
    for p in kings:
        assert p.notions[0] < p.by_hand[0] and p.notions[1] < p.by_hand[1], p


def test_king_is_counted_with_the_same_words_in_both_files():
    """The figure for King: both files counted, and the words a player reads (text, book, glossary) the same
    number of lines in both, so that the second count differs by the rules' lines alone."""
    king = next(p for p in line_counts.pairs() if p.name == "king")
    assert king.notions[0] - king.notions[1] == king.by_hand[0] - king.by_hand[1] > 0
    assert king.notions[1] > 300 and king.by_hand[1] > 300
