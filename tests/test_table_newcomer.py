"""The table as a newcomer meets it (issue 35, items 5-9, 14, 15), on a real terminal (pexpect).

Each test plays a fixed deal as a person would, reads the screen and checks what it says against the
rules (RULES.md) or the issue's item; the cards it names are read from the screen itself (the hand before
and after a draw, the melds as the board shows them), never written into the test.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPTS = {"en": "You, your move: ", "tr": "Sen, hamlen: "}
HAND = {"en": "your hand: ", "tr": "elin: "}
ITEM = re.compile(r"(\d+)\) (.+?)(?=\s{2,}\d+\)|\s*$)")


class Table:
    """A `kural play` on a pseudo-terminal of `width` columns: `screen` is what it printed before the
    prompt it waits at (escape sequences kept in `raw`)."""

    def __init__(self, home: Path, *args: str, lang: str = "en", width: int = 80):
        env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG", "NO_COLOR", "COLUMNS")}
        env.update(KURAL_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", TERM="xterm")
        self.lang = lang
        self.child = pexpect.spawn(sys.executable, ["-m", "kural.cli.main", "play", *args, "--lang", lang],
                                   cwd=str(ROOT), env=env, encoding="utf-8", timeout=60, dimensions=(60, width))
        self.raw = self.screen = ""
        self._wait()

    def _wait(self) -> bool:
        at_prompt = self.child.expect([re.escape(PROMPTS[self.lang]), pexpect.EOF]) == 0
        self.raw = self.child.before
        self.screen = ANSI.sub("", self.raw).replace("\r", "")
        return at_prompt

    def type(self, line: str) -> bool:
        """Type a line; False when the game has ended instead of asking again."""
        self.child.sendline(line)
        return self._wait()

    def quit(self) -> None:
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)
        self.child.close()

    def hand(self) -> list[str]:
        """The cards of the last hand line drawn (a new card's mark left out)."""
        line = self.screen[self.screen.rindex(HAND[self.lang]):].splitlines()[0]
        return line[len(HAND[self.lang]):].replace("*", "").split()

    def moves(self) -> list[tuple[int, str]]:
        """The numbered moves under the hand, as listed (a column's head left out)."""
        block = self.screen[self.screen.rindex(HAND[self.lang]):].splitlines()[1:]
        out = []
        for line in block:
            line = re.sub(r"^[^\d\s][^:]*:\s+", "", line)
            out += [(int(n), text.strip()) for n, text in ITEM.findall(line)]
        return out


def test_issue_35_6_a_draw_says_the_card_drawn_and_marks_it_in_the_hand(tmp_path):
    """issue 35.6 (C2: draw the top card of the stock): the person's `draw` line names the card that came
    into the hand, the one card the hand did not hold before, and the next screen marks it there."""
    table = Table(tmp_path, "canasta", "--seed", "6")
    before = table.hand()
    assert table.type("draw")
    after = table.hand()
    new = [card for card in after if card not in before or after.count(card) > before.count(card)]
    assert len(after) == len(before) + 1 and len(set(new)) == 1, (before, after)
    said = next(line for line in table.screen.splitlines() if line.startswith("You: draw"))
    assert said.split("→")[1].split()[0] == new[0], said
    hand_line = table.screen[table.screen.rindex(HAND["en"]):].splitlines()[0]
    assert f"{new[0]}*" in hand_line and hand_line.count("*") == 1, hand_line
    table.quit()


def play_until(table: Table, done, prompts: int = 80) -> None:
    """Play as tests/test_canasta_pty.py's newcomer does (draw, lay the first meld offered, discard the
    first card offered) until `done(screen)` holds."""
    from test_canasta_pty import answer, moves_offered
    turn = {"took_back": False, "melds": 0}
    for _ in range(prompts):
        if done(table.screen):
            return
        assert table.type(answer(moves_offered(table.screen), turn)), "the game ended first"
    raise AssertionError("the position was not reached")


MELD_LINE = re.compile(r"^  +(\d+)\) (.+?) +(\(\d+ cards, \d+ points\))")


def test_issue_35_7_at_80_columns_each_meld_is_one_line_aligned(tmp_path):
    """issue 35.7: on an 80-column terminal, a side's melds are listed one a line under its title, never
    wrapping in the middle of a meld: every meld's cards and its size on its own line, the sizes in one
    column, the numbers 1, 2, ... in order."""
    table = Table(tmp_path, "canasta", "--seed", "6", width=80)
    play_until(table, lambda screen: len(re.findall(r"^ +4\) ", screen, re.M)) > 0)
    board = table.screen[table.screen.rindex("───"):]
    lines = board.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("melds · "))
    assert lines[head].endswith(":"), lines[head]
    melds = []
    for line in lines[head + 1:]:
        found = MELD_LINE.match(line)
        if not found:
            break
        melds.append(found)
        assert len(line) <= 80 and line.count(")") == 2, line
    assert [int(m.group(1)) for m in melds] == list(range(1, len(melds) + 1)) and len(melds) >= 4, board
    assert len({m.start(3) for m in melds}) == 1, board  # the sizes in one column
    assert "cards, " not in lines[head], board
    table.quit()


def test_issue_35_9_each_game_and_variant_has_its_own_save_and_an_old_save_still_resumes(tmp_path):
    """issue 35.9: the 351 game (D1-D11) and the 5200 game (C1-C22) are two games of one rule file; a
    game of one left unfinished is not in the way of the other (no question to set it aside), `kural
    saves` lists both, and a save under the name an older kural gave it (the game's id) still resumes."""
    from cli_support import kural
    from kural.cli.i18n import t
    table = Table(tmp_path, "canasta", "--variant", "351", "--players", "2", "--seed", "3")
    table.quit()
    table = Table(tmp_path, "canasta", "--variant", "351", "--seed", "3")
    table.quit()
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG", "COLUMNS")}
    env.update(KURAL_HOME=str(tmp_path), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", TERM="xterm")
    child = pexpect.spawn(sys.executable, ["-m", "kural.cli.main", "play", "canasta", "--seed", "3", "--lang", "en"],
                          cwd=str(ROOT), env=env, encoding="utf-8", timeout=60, dimensions=(60, 100))
    asked = child.expect([re.escape(t("old_save_prompt", "en")), re.escape(PROMPTS["en"])])
    child.sendline("q" if asked == 0 else "quit")
    child.expect(pexpect.EOF)
    assert asked == 1, "starting the 5200 game asked to set the 351 game aside"
    listed = kural(tmp_path, "saves", "--lang", "en")
    files = sorted(line.rsplit(" · ", 1)[-1] for line in listed.out.splitlines() if re.match(r"\s*\d+\) ", line))
    assert len(files) == 3 and len(set(files)) == 3, listed.out  # each game its own file
    plays = {line.split(" · ")[0].split(") ", 1)[1] for line in listed.out.splitlines() if re.match(r"\s*\d+\) ", line)}
    assert len(plays) == 2, listed.out  # the 351 game (twice, at two player counts) and the 5200 game
    saves = tmp_path / "saves"
    old = saves / "canasta.json"
    old.unlink()
    (saves / next(f for f in files if "351" in f and "2p" not in f)).rename(old)  # as an older kural named it
    resumed = kural(tmp_path, "play", "canasta", "--resume", old, "--lang", "en", stdin="quit\n")
    assert resumed.returncode == 0 and t("resumed", "en", path=old, moves=0).split(" after")[0] in resumed.out, \
        resumed.out + resumed.err
