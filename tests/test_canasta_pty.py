"""A whole hand of Kanasta (RULES.md §3a) played on a real terminal by a scripted player, and what the
board said of its melds checked against `kural check` for the same cards.

The player reads the screen as a newcomer would: it draws (C2), lays the first meld the move list offers
(while it has not taken an opening back this turn, C8), takes an opening back that falls short, and
discards the first card offered. One hand, a fixed seed, and a target every side has passed after it
(--set targets=[-10000], C22), so the game ends with that hand. Every meld a board showed during the
hand, both partnerships', is then checked with `kural check canasta CARDS --json`: a meld (C3-C6), and
the points the board gave it (C7), each wild standing for the card the board said ([♣2=♥7], C12). The
hand's sheet, as the terminal drew it, adds up to its points (C21).
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from kural.cli.main import app
from kural.interpreter.cards import face_code

ROOT = Path(__file__).resolve().parents[1]
PROMPT = "You, your move: "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
MELD = re.compile(r"\d+\) ((?:[^\s()]+ )+)\((\d+) cards, (\d+) points\)")
ITEM = re.compile(r"(\d+)\) (.+?)(?=\s{2,}\d+\)|\s*$)")
HEAD = re.compile(r"^([a-z]+):\s")
PARTS = ("cards melded", "canasta bonuses", "fi bonus", "ending the hand", "left in hand", "no fi penalty")


def moves_offered(screen: str) -> dict[str, list[tuple[int, str]]]:
    """The numbered moves under the last `your hand:` line, by the move they belong to: `plain` (draw,
    take, take back), or the head of their group (meld, add, discard); a lone group without a head is the
    discard when each option is one card."""
    block = screen[screen.rindex("your hand:"):].splitlines()[1:]
    out: dict[str, list[tuple[int, str]]] = {}
    head = ""
    for line in block:
        found = HEAD.match(line)
        if found:
            head = found.group(1)
        for number, text in ITEM.findall(line):
            kind = head or ("plain" if not re.search(r"\d", text) else
                            "discard" if len(text.split()) == 1 else "meld")
            out.setdefault(kind, []).append((int(number), text.strip()))
    return out


def answer(offered: dict, turn: dict) -> str:
    plain = {text: n for n, text in offered.get("plain", [])}
    if "draw" in plain:
        turn.update(took_back=False, melds=0)
        return "draw"
    if offered.get("meld") and not turn["took_back"] and turn["melds"] < 4:
        turn["melds"] += 1
        return str(offered["meld"][0][0])
    if offered.get("discard"):
        return str(offered["discard"][0][0])
    if "take back" in plain:
        turn["took_back"] = True
        return "take back"
    return "1"


def melds_shown(screen: str) -> set[tuple[tuple[str, ...], int]]:
    """Every meld a board shows: its cards as printed and its points."""
    flat = " ".join(screen.split())  # a line wraps between words on a terminal
    return {(tuple(cards.split()), int(points)) for cards, _, points in MELD.findall(flat)}


def play_one_hand(home: Path) -> tuple[str, set]:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG", "NO_COLOR", "COLUMNS")}
    env.update(KURAL_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", TERM="xterm")
    child = pexpect.spawn(sys.executable, ["-m", "kural.cli.main", "play", "canasta", "--seed", "6", "--lang", "en",
                                           "--set", "targets=[-10000]"],
                          cwd=str(ROOT), env=env, encoding="utf-8", timeout=60, dimensions=(60, 80))
    seen, turn, prompts = set(), {"took_back": False, "melds": 0}, 0
    while child.expect([re.escape(PROMPT), pexpect.EOF]) == 0:
        screen = ANSI.sub("", child.before)
        seen |= melds_shown(screen)
        prompts += 1
        assert prompts < 400, "one hand takes far fewer prompts"
        child.sendline(answer(moves_offered(screen), turn))
    child.close()
    assert child.exitstatus == 0, child.before
    end = ANSI.sub("", child.before)
    return end, seen | melds_shown(end)


def checked(cards: tuple[str, ...]) -> dict:
    """`kural check canasta CARDS --json`, the command itself (run in this process)."""
    shown = [card.strip("[]").split("=")[0] for card in cards]  # [♣2=♥7] is the ♣2, standing for ♥7
    result = CliRunner().invoke(app, ["check", "canasta", *shown, "--json"])
    assert result.exit_code == 0, (cards, result.output)
    return json.loads(result.output)


def test_C3_C7_C21_a_whole_hand_on_a_terminal_its_melds_as_kural_check_reads_them(tmp_path):
    end, melds = play_one_hand(tmp_path)
    assert "Hand 1 ·" in end and "Result" in end, end[-3000:]
    assert len(melds) >= 4, melds  # melds of both partnerships, laid through the hand
    for cards, points in sorted(melds):
        verdict = checked(cards)
        assert verdict["legal"] and verdict["points"] == points, (cards, points, verdict)
        for shown, card in zip(cards, verdict["cards"]):
            if "=" in shown:  # a wild in a run: the card the board said it stands for (C12)
                assert card["wild"] and card["stands_for"] == code_of(shown.rstrip("]").split("=")[1]), (cards, card)
    sheet = end[end.index("Hand 1 ·"):end.index("Result")]
    rows = {line.split("│")[1].strip(): [int(x) for x in line.split("│")[2:-1]]
            for line in sheet.splitlines() if line.startswith("│")}
    for side in range(2):  # C21: the columns add up to the hand's points
        assert sum(rows[part][side] for part in PARTS) == rows["points this hand"][side], rows


def code_of(label: str) -> str:
    from kural.dsl.loader import load
    rank, suit = load("canasta").deck.parse_input(label)
    return face_code(rank, suit)
