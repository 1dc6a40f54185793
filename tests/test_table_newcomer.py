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
import pytest

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


@pytest.mark.parametrize("lang, draw, me", [("en", "draw", "You"), ("tr", "çek", "Sen")])
def test_issue_35_6_a_draw_says_the_card_drawn_and_marks_it_in_the_hand(tmp_path, lang, draw, me):
    """issue 35.6 (C2: draw the top card of the stock): the person's `draw` line names the card that came
    into the hand, the one card the hand did not hold before, and the next screen marks it there."""
    table = Table(tmp_path, "canasta", "--seed", "6", lang=lang)
    before = table.hand()
    assert table.type(draw)
    after = table.hand()
    new = [card for card in after if card not in before or after.count(card) > before.count(card)]
    assert len(after) == len(before) + 1 and len(set(new)) == 1, (before, after)
    said = next(line for line in table.screen.splitlines() if line.startswith(f"{me}: {draw}"))
    assert said.split("→")[1].split()[0] == new[0], said
    hand_line = table.screen[table.screen.rindex(HAND[lang]):].splitlines()[0]
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


# ------------------------------------------------------------------ issue 35.8: typing a move
def test_issue_35_8_the_order_cards_are_typed_in_never_matters():
    """issue 35.8, C3 and C9: ♠4 ♠5 ♠6 laid off on the run ♠7 ♠8 ♠9 make one run whichever order they are
    typed in; each order is read as moves that lay all three, one after another, each legal in turn."""
    from itertools import permutations

    from canasta_support import game, position, zone_codes, area
    from kural.cli.reading import Reader
    from kural.interpreter import game as engine
    g = game()
    for order in permutations(["4S", "5S", "6S"]):
        s = position(g, 0, hands={0: ["4S", "5S", "6S", "KD", "KC"]}, opened=(0,), melds={0: [["7S", "8S", "9S"]]})
        reading = Reader(g, "en").read(s, engine.legal(s), "add 1 " + " ".join(order), [])
        assert reading.move is not None, (order, reading.message)
        for move in [reading.move, *reading.then]:
            assert move in engine.legal(s), order
            engine.apply(s, move)
        assert sorted(zone_codes(g, s, area(g, 0)[0])) == sorted(["4S", "5S", "6S", "7S", "8S", "9S"]), order


def test_issue_35_8_each_move_listed_reads_back_as_typed_with_a_group_by_its_number():
    """issue 35.8: the list of moves shows each move as it is typed: a lay-off as `add N CARD` (N the meld's
    number on the board, C9), and typing what the list shows (without its number) plays that very move."""
    from canasta_support import game, position
    from kural.cli.reading import Reader
    from kural.cli.i18n import pick
    from kural.cli.render import moves_block
    from kural.interpreter import game as engine
    g = game()
    s = position(g, 0, hands={0: ["6S", "TS", "7H", "KD", "KC"]}, opened=(0,),
                 melds={0: [["7S", "8S", "9S"], ["7D", "7C", "7S"]]})
    legal = engine.legal(s)
    listed = [item for line in moves_block(g, legal, "en", s, 200) for item in ITEM.findall(re.sub(
        r"^[^\d\s][^:]*:\s+", "", line.plain))]
    assert len(listed) == len(legal)
    adds = [text for _, text in listed if text.startswith("add ")]
    assert adds and all(re.fullmatch(r"add \d+ \S+", text) for text in adds), listed
    heads = {pick(m.title, "en", m.name) for m in g.moves}
    for number, text in listed:
        if text.split()[0] not in heads:  # a discard listed as its card alone, under its column's head
            text = f"discard {text}"
        reading = Reader(g, "en").read(s, legal, text.strip(), [])
        assert reading.move == legal[int(number) - 1], (text, reading.message)


def test_issue_35_8_a_lay_off_with_no_meld_of_ones_own_says_whose_and_help_shows_how_to_type_moves(tmp_path):
    """issue 35.8, C9 (nobody lays off on the opponents): `add 1 CARD` while only the other side has melds
    says that your side has none; `help` shows how `meld` and `add N CARD…` are typed, with an example
    made of a card in the hand."""
    table = Table(tmp_path, "canasta", "--seed", "6")
    play_until(table, lambda screen: "melds · Zeynep & Elif:" in screen[screen.rindex("───"):]
               and "melds · You & Can:" not in screen[screen.rindex("───"):] and "1) draw" in screen)
    assert table.type("draw")
    hand = table.hand()
    card = hand[0]
    assert table.type(f"add 1 {card}")
    reply = table.screen.strip().splitlines()[-1]
    assert reply == f"add 1 {card}: your side has no melds yet", reply
    assert table.type("help")
    typing = " ".join(table.screen.split()).split("How to type a move: ")[1]
    assert "meld CARD CARD…" in typing and "add N CARD…" in typing, typing
    example = re.search(r"add N CARD… \(e\.g\. add (\d+) (\S+)\)", typing)
    assert example and example.group(2) in hand, typing
    table.quit()


# ------------------------------------------------------------------ issue 35.14, 35.15
def test_issue_35_14_a_hint_says_a_tip_of_the_rules_or_that_none_picks_it_beside_its_playouts(tmp_path):
    """issue 35.14: `hint` gives its move with the rule file's tip that favours it (its `bot:` words), or
    says that no tip does, beside its share of the playouts won; never the share alone."""
    from all_games import loaded
    from kural.cli.i18n import t
    tips = [p.tip["en"] for p in loaded("fanti").bot if p.tip.get("en")]
    for seed in ("6", "7"):
        table = Table(tmp_path / seed, "fanti", "--seed", seed)
        assert table.type("hint")
        said = " ".join(table.screen.split())
        why = said[said.index("Hint: "):].split(" (", 1)[1].rsplit(")", 1)[0]
        reasons = why.split("; ")
        assert re.fullmatch(r"won \d+% of \d+ playouts", reasons[-1]), said
        assert len(reasons) >= 2 and all(r in tips or r == t("hint_no_tip", "en") for r in reasons[:-1]), said
        table.quit()


def test_issue_35_15_a_themed_decks_signs_are_named_when_first_shown_and_help_types_its_own_cards(tmp_path):
    """issue 35.15 (Fanti, RULES.md §2: a themed deck): the first screen names each sign of the deck's own
    that it shows, with the rule file's name for it, once; `help`'s example of typing a card is a card of
    the hand in the deck's own signs, never a standard code naming a suit the deck does not show."""
    from all_games import loaded
    from kural.interpreter.cards import SUIT_SYMBOLS
    deck = loaded("fanti").deck
    for lang, word in (("en", "This deck's signs: "), ("tr", "Bu destenin işaretleri: ")):
        table = Table(tmp_path / lang, "fanti", "--seed", "6", lang=lang)
        screen = " ".join(table.screen.split())
        legend = screen.split(word)[1].split(".")[0].split(", ")
        names = deck.names[lang]
        own = {sym: names["suits"][i] for i, sym in enumerate(deck.symbols) if sym != SUIT_SYMBOLS[i]}
        own |= {label: names["ranks"][i] for i, label in enumerate(deck.labels[10:], start=10)}
        shown = [sign for sign in own if sign in screen.split(word)[0]]
        assert sorted(legend) == sorted(f"{sign} {own[sign]}" for sign in shown) and shown, legend
        hand = table.hand()
        assert table.type("help" if lang == "en" else "yardım")
        forms = " ".join(table.screen.split()).split("(", 1)[1].split(")", 1)[0].split(", ")
        assert all(deck.parse_input(form) for form in forms), forms
        cards = {deck.parse_input(form) for form in forms}
        assert len(cards) == 1 and any(deck.parse_input(c) == next(iter(cards)) for c in hand), (forms, hand)
        rank, suit = next(iter(cards))
        if deck.symbols[suit] != SUIT_SYMBOLS[suit] or rank > 10:  # a card in the deck's own signs
            assert not any(re.fullmatch(r"(10|[A2-9TJQK])[SHDC]", form, re.I) for form in forms), forms
        assert table.type("1")
        assert word not in table.screen  # said once
        table.quit()


# ------------------------------------------------------------------ issue 35.5: the opening (C8, D2)
COUNTS = re.compile(r"^(.*?) · counts towards your opening: (\d+)$")


def offered_melds(table: Table) -> list[tuple[int, tuple[str, ...], int]]:
    """The melds the list offers, each with what the list says it adds to the opening."""
    out = []
    for number, text in table.moves():
        found = COUNTS.match(text)
        if found:
            out.append((number, tuple(found.group(1).split()), int(found.group(2))))
    return out


def checked(cards: tuple[str, ...], *variant: str) -> dict:
    """`kural check canasta CARDS --json`: the meld as the rules read it (its kind, points, wild cards)."""
    import json

    from typer.testing import CliRunner

    from kural.cli.main import app
    result = CliRunner().invoke(app, ["check", "canasta", *variant, *cards, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_issue_35_5_C8_each_meld_offered_and_laid_says_what_it_adds_to_the_opening(tmp_path):
    """C8 (issue 35.5): below a running total of 900 an opening counts natural cards only: the list of
    moves gives each meld's part of the opening (its points, as `kural check` counts them, or 0 where a
    wild stands in it); a meld with a wild laid as an opening says on the board that it counts 0, the
    opening so far adds up what the board says each meld counts, and the discard refused for it says
    that a meld with a wild counts nothing and that a run without wilds is needed, citing C8."""
    table = Table(tmp_path, "canasta", "--seed", "14", width=200)
    assert table.type("draw")
    offered = offered_melds(table)
    assert len(offered) == len(table.moves()) - sum(1 for _, text in table.moves() if len(text.split()) == 1)
    for _, cards, counts in offered:
        verdict = checked(cards)
        wild = any(card["wild"] for card in verdict["cards"])
        assert counts == (0 if wild else verdict["points"]), (cards, counts, verdict)
    number, cards, _ = max((item for item in offered if item[2] == 0), key=lambda item: len(item[1]))
    assert table.type(str(number))
    board = table.screen[table.screen.rindex("───"):]
    laid = [COUNTS.match(line.strip()) for line in board.splitlines() if "opening: not made yet" in line]
    assert len(laid) == 1 and laid[0].group(2) == "0", board
    total = re.search(r"your opening so far: (\d+) / (\d+)", board)
    assert total and int(total.group(1)) == 0 and int(total.group(2)) == 45, board  # C8: 45 below 900
    hand = table.hand()
    assert table.type(f"discard {hand[0]}")
    reply = " ".join(table.screen.split())
    assert reply.endswith("(C8)") and "a meld with a wild counts nothing" in reply and "a run without wilds" in reply
    table.quit()


def test_issue_35_5_D2_the_351_game_says_which_melds_count_towards_two_at_once_one_a_run(tmp_path):
    """D2 (issue 35.5): the 351 game opens with two melds at once, one a run: with one set laid, another set
    adds nothing (the list says 0 beside each set it offers, 1 beside a run), and the board counts the
    melds of the opening that count, 1 of 2."""
    table = Table(tmp_path, "canasta", "--variant", "351", "--seed", "5", width=200)
    assert table.type("draw")
    first = [item for item in offered_melds(table) if checked(item[1], "--variant", "351")["kind"] == "set"]
    assert first and all(counts == 1 for _, _, counts in first)
    assert table.type(str(first[0][0]))
    again = offered_melds(table)
    assert again, table.screen
    for _, cards, counts in again:
        assert counts == (1 if checked(cards, "--variant", "351")["kind"] == "run" else 0), (cards, counts)
    assert re.search(r"melds of your opening that count \(two at once, one a run\): 1 / 2", table.screen)
    table.quit()


def test_the_moves_are_numbered_down_the_list_and_a_number_plays_the_move_it_names():
    """A newcomer types the number beside a move: the list reads 1, 2, 3 ... from top to bottom (a
    Kanasta position offering `take back` beside lay-offs listed `2) take back` above `add: 1) ...`),
    and the number typed plays the move printed beside it."""
    import random

    from kural.cli import render
    from kural.cli.reading import Reader
    from kural.interpreter import game as engine

    from all_games import configs, game_ids, loaded
    seen_mixed = 0
    for gid in game_ids():
        g = loaded(gid, configs(gid)[0])
        for seed in (1, 2, 3):
            s, rnd = engine.new_game(g, seed), random.Random(seed)
            for _ in range(120):
                if engine.is_over(s):
                    break
                legal = render.display_order(g, engine.legal(s))
                text = "\n".join(str(line) for line in render.moves_block(g, legal, "en", s, 200))
                numbers = [int(n) for n in re.findall(r"(?<![\d♠♥♦♣★🍃])(\d+)\) ", text)]
                assert numbers == list(range(1, len(legal) + 1)), text
                seen_mixed += len({bool(g.moves[mv[0]].choices) for mv in legal}) == 2
                k = rnd.randrange(len(legal))
                assert Reader(g, "en").read(s, legal, str(k + 1), []).move == legal[k]
                engine.apply(s, legal[k])
    assert seen_mixed, "no position offered moves with and without choices together"


def test_a_fraction_on_the_board_is_written_as_the_players_language_writes_it():
    """D10: the 351 game's points have halves; the Turkish board writes them 4,5 (as its rule texts do),
    the English one 4.5."""
    from kural.cli import render
    from kural.interpreter import game as engine
    from kural.interpreter.bots import make_bot

    from all_games import loaded
    g = loaded("canasta", ("351",))
    s = engine.new_game(g, 1)
    for k in range(400):
        if engine.is_over(s):
            break
        texts = {lang: "\n".join(str(x) for x in render.board(g, s, s.me, ["A", "B", "C", "D"], lang,
                                                               engine.legal(s)))
                 for lang in ("en", "tr")}
        if re.search(r"\d\.5\b", texts["en"]):
            assert not re.search(r"\d\.5\b", texts["tr"]) and re.search(r"\d,5\b", texts["tr"]), texts["tr"]
            return
        engine.apply(s, make_bot("heuristic", k).choose(s, engine.legal(s)))
    pytest.fail("no half point was shown in 400 moves")


RUN_LINE = re.compile(r"^  +(\d+)\) (.+?) +\(\d+ cards")
LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _run_to_extend(screen: str, hand: list[str]):
    """A run of your side's on the board (C3, no wild) and two cards of your hand that extend it at one end,
    the farther one laid only after the nearer: (its number, the farther card, the nearer card)."""
    board = screen[screen.rindex("───"):]
    if "melds · You & Can:" not in board or "add" not in board.split(HAND["en"])[-1]:
        return None
    ours = board.split("melds · You & Can:")[1].split("melds · ")[0]
    for line in ours.splitlines():
        m = RUN_LINE.match(line)
        if not m or "[" in m.group(2):
            continue
        cards = m.group(2).split()
        ranks = sorted(LABELS.index(c[1:]) for c in cards)
        if len({c[0] for c in cards}) != 1 or ranks != list(range(ranks[0], ranks[0] + len(ranks))):
            continue
        suit = cards[0][0]
        for near, far in ((ranks[0] - 1, ranks[0] - 2), (ranks[-1] + 1, ranks[-1] + 2)):
            if 0 <= min(near, far) and max(near, far) < 13 and {suit + LABELS[near], suit + LABELS[far]} <= set(hand):
                return m.group(1), suit + LABELS[far], suit + LABELS[near]
    return None


def test_issue_35_8_at_the_table_two_cards_laid_off_in_either_order(tmp_path):
    """issue 35.8, C3 and C9, on a terminal: `add N FAR NEAR`, the card that joins the run only after the
    other typed first, lays both off (it was refused, while `add N NEAR FAR` was accepted)."""
    table = Table(tmp_path, "canasta", "--seed", "1")
    play_until(table, lambda screen: _run_to_extend(screen, table.hand()) is not None, prompts=150)
    number, far, near = _run_to_extend(table.screen, table.hand())
    assert table.type(f"add {number} {far} {near}")
    hand = table.hand()
    assert far not in hand and near not in hand, table.screen[-1500:]
    board = table.screen[table.screen.rindex("───"):]
    ours = board.split("melds · You & Can:")[1].split("melds · ")[0]
    run = next(m.group(2).split() for m in map(RUN_LINE.match, ours.splitlines()) if m and m.group(1) == number)
    assert far in run and near in run, run
