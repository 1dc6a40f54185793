"""`kural play` end to end, from a pipe and from a pseudo-terminal (RULES.md §1, F1–F9).

The expectations come from the rule file and the engine (seat names, why
texts, legal moves), not from the CLI's code: the CLI must show what the
rules say.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from kural.cli.i18n import t
from kural.dsl.loader import load, load_for_record
from kural.interpreter import record
from kural.interpreter.legal import legal_moves, refusal

ROOT = Path(__file__).resolve().parents[1]
GAME = "fantan"
SEED = 3  # at the person's first turn of this deal every 7 in hand is playable and pass is not (checked below)
PROMPT_EN = t("prompt", "en", name=load(GAME).seats["en"][0])
MANY_ONES = "1\n" * 300


def env_for(home: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="100")
    env.update(extra)
    return env


def kural(home: Path, *args, stdin: str | bytes | None = None, **env_extra) -> subprocess.CompletedProcess:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], input=data,
                          stdin=subprocess.DEVNULL if data is None else None, capture_output=True,
                          cwd=ROOT, env=env_for(home, **env_extra), timeout=60)
    proc.out = proc.stdout.decode("utf-8")
    proc.err = proc.stderr.decode("utf-8")
    return proc


def save_path(home: Path) -> Path:
    return home / "saves" / f"{GAME}.json"


def replay_clean(rec: dict):
    s, problems = record.replay(load_for_record(rec), rec)
    assert problems == []
    return s


@pytest.fixture(scope="module")
def first_save(tmp_path_factory) -> str:
    """The autosave written when input ends at the person's first turn (seed SEED)."""
    home = tmp_path_factory.mktemp("probe")
    proc = kural(home, "play", GAME, "--seed", SEED, "--lang", "en", stdin="")
    assert proc.returncode == 0, proc.err
    return save_path(home).read_text(encoding="utf-8")


@pytest.fixture
def first_turn(first_save, tmp_path):
    """The state at the person's first turn, and a copy of its save to resume from."""
    path = tmp_path / "save.json"
    path.write_text(first_save, encoding="utf-8")
    s = replay_clean(json.loads(first_save))
    assert s.me == 0 and not s.over
    return s, path


def answers(out: str) -> list[str]:
    """What followed each prompt: the echo of the answer and the lines up to the next prompt."""
    return out.split(PROMPT_EN)[1:]


# --------------------------------------------------------------- whole games
def test_whole_game_from_a_pipe_ends_with_results_table_and_a_record_that_replays_F7(tmp_path):
    """F7: the game ends when someone plays their last card; the table shows everyone's cards left."""
    home = tmp_path / "home"
    rec_file = tmp_path / "game.json"
    proc = kural(home, "play", GAME, "--seed", SEED, "--lang", "en", "--record", rec_file, stdin=MANY_ONES)
    assert proc.returncode == 0, proc.err
    assert "Traceback" not in proc.err
    rec = json.loads(rec_file.read_text(encoding="utf-8"))
    s = replay_clean(rec)
    assert s.over and rec["result"]["winners"]
    g = load(GAME)
    out = proc.out
    assert t("result_title", "en") in out and g.result.score_title["en"] in out
    table = out[out.index(t("result_title", "en")):]
    for seat, name in enumerate(g.seats["en"]):
        row = next(line for line in table.splitlines() if f" {name} " in line)
        assert re.search(rf"\b{rec['result']['scores'][seat]}\b", row)  # F7: one penalty point per card left
        assert (t("winner_mark", "en") in row) == (seat in rec["result"]["winners"])
        for code in rec["result"]["hands"][seat]:
            assert g.deck.label(g.deck.card_of_code(code)) in row
    for w in rec["result"]["winners"]:
        assert rec["result"]["hands"][w] == []  # F7: the winner played their last card
    assert not save_path(home).exists()  # a finished game leaves no save behind


def test_every_turn_prints_one_line_naming_the_player_and_the_move(tmp_path):
    """Bots' turns (and the person's answers) are one short line each: 'Zeynep: ♦6', 'Can: pas' (F6)."""
    home = tmp_path / "home"
    rec_file = tmp_path / "game.json"
    proc = kural(home, "play", GAME, "--seed", SEED, "--lang", "tr", "--record", rec_file, stdin=MANY_ONES)
    assert proc.returncode == 0, proc.err
    rec = json.loads(rec_file.read_text(encoding="utf-8"))
    g = load(GAME)
    names = g.seats["tr"]
    expected = []
    for e in rec["moves"]:
        shown = g.deck.label(g.deck.card_of_code(e["cards"][0])) if e["cards"] else g.move(e["move"]).title["tr"]
        expected.append(f"{names[e['seat']]}: {shown}")
    lines = [line for line in proc.out.splitlines()
             if re.fullmatch(r"[^:\s]+: \S+", line) and line.split(": ")[0] in names]
    assert lines == expected


def test_auto_plays_every_seat_without_input_FV3(tmp_path):
    """--auto needs no input; with pass-fee (FV3) the results also show each seat's chips."""
    home = tmp_path / "home"
    rec_file = tmp_path / "auto.json"
    proc = kural(home, "play", GAME, "--auto", "--seed", 11, "--variant", "pass-fee", "--lang", "en",
                 "--bots", "random", "--record", rec_file)
    assert proc.returncode == 0, proc.err
    rec = json.loads(rec_file.read_text(encoding="utf-8"))
    replay_clean(rec)
    assert "chips" in rec["result"]
    g = load(GAME, ["pass-fee"])
    assert g.result.field_titles["chips"]["en"] in proc.out
    assert PROMPT_EN not in proc.out
    assert sum(rec["result"]["chips"]) == 4 * g.param_info["start_chips"]["value"]  # FV3: chips only move


# ---------------------------------------------------------- refused input
def test_bad_input_gets_one_line_and_the_same_prompt_F4_F5_F6(tmp_path, first_turn):
    """Unknown text, a card not held, a held card the rules refuse (F4/F5), pass while a card is
    playable (F6), empty lines, control characters and a 10 MB line: one line each, the game goes on."""
    s, save = first_turn
    g = s.g
    legal = legal_moves(s)
    play, pas = g.move("play").index, g.move("pass").index
    assert legal and all(m[0] == play for m in legal), "seed no longer gives a turn with a forced play"
    hand = s.zones[g.zone(g.hand_zone).first_id]
    playable = {m[1][0] for m in legal}
    refused = next(c for c in hand if c not in playable)
    other = s.zones[g.zone(g.hand_zone).first_id + 1][0]
    check = refusal(s, play, (refused,))
    pass_check = refusal(s, pas, ())
    assert check is not None and pass_check is not None and pass_check.rule == "F6"
    bad = ["zz", g.deck.code[other], g.deck.code[refused], "pass", "pas", "", "\x1b[A\x07\x00", "9" * 9, "x" * 10_000_000]
    proc = kural(tmp_path / "home", "play", GAME, "--resume", save, stdin="\n".join(bad + ["1"]) + "\n")
    assert proc.returncode == 0 and "Traceback" not in proc.err
    replies = answers(proc.out)
    assert len(replies) >= len(bad) + 1
    for text, reply in zip(bad, replies):
        lines = reply.splitlines()
        assert len(lines) == 2, (text[:20], reply[:300])  # the echo of the answer, then one line
        assert len(lines[1]) < 300
    msgs = [r.splitlines()[1] for r in replies[:len(bad)]]
    assert "cannot read 'zz'" in msgs[0]
    assert msgs[1] == f"{g.deck.label(other)} is not in your hand"  # the rule file's `yours:` words
    assert check.why["en"] in msgs[2] and f"({check.rule})" in msgs[2]
    assert pass_check.why["en"] in msgs[3] and "(F6)" in msgs[3]
    assert pass_check.why["en"] in msgs[4]  # the Turkish title is understood in an English game
    assert "1 to" in msgs[7]
    # after all that, the answer "1" plays the first legal move, and the game goes on
    g_label = g.deck.label(legal[0][1][0])
    assert f"{load(GAME).seats['en'][0]}: {g_label}" in replies[len(bad)]


@pytest.mark.parametrize("typed", ["{code}", "{lower}", "{ten}", "{label}", "{sym_last}", "{tr_name}",
                                   "{tr_name_rev}", "{en_name}", "oyna {code}"])
def test_a_card_can_be_typed_in_many_ways_F9(tmp_path, first_turn, typed):
    """A playable card (F9) typed as 7D, 7d, 10D, ♦7, 7♦, 'karo 7', '7 karo', 'diamonds 7' or 'play 7D'."""
    s, save = first_turn
    g = s.g
    card = max((m[1][0] for m in legal_moves(s)), key=lambda c: g.deck.suit[c])
    d = g.deck
    rank_text = d.label(card)[len(d.symbols[d.suit[card]]):]
    tr, en = d.names["tr"], d.names["en"]
    words = dict(code=d.code[card], lower=d.code[card].lower(), ten=rank_text + d.code[card][-1],
                 label=d.label(card), sym_last=rank_text + d.symbols[d.suit[card]],
                 tr_name=f"{tr['suits'][d.suit[card]]} {tr['ranks'][d.rank[card] - 1]}",
                 tr_name_rev=f"{tr['ranks'][d.rank[card] - 1]} {tr['suits'][d.suit[card]]}",
                 en_name=f"{en['suits'][d.suit[card]]} {en['ranks'][d.rank[card] - 1]}")
    proc = kural(tmp_path / "home", "play", GAME, "--resume", save, "--lang", "en",
                 stdin=typed.format(**words) + "\n")
    assert proc.returncode == 0, proc.err
    assert f"{g.seats['en'][0]}: {d.label(card)}" in proc.out


def test_table_marks_where_each_playable_card_can_go_F9(tmp_path, first_turn):
    """F9: the empty slots where a legal card would land are marked `[ ]`, and only those."""
    s, save = first_turn
    g = s.g
    d = g.deck
    wanted = {(d.suit[m[1][0]], d.rank[m[1][0]]) for m in legal_moves(s)}
    proc = kural(tmp_path / "home", "play", GAME, "--resume", save, "--lang", "en", stdin="")
    marked, on_table = set(), {(d.suit[c], d.rank[c]) for c in s.zones[g.zone("table").first_id]}
    for suit, symbol in enumerate(d.symbols):
        row = next(line for line in proc.out.splitlines() if line.startswith(f"  {symbol} "))
        cells = [row[4 + 3 * i: 7 + 3 * i] for i in range(13)]
        for rank in range(1, 14):
            if cells[rank - 1] == "[ ]":
                marked.add((suit, rank))
            elif (suit, rank) in on_table:
                assert cells[rank - 1].strip() not in ("", "·")
    assert marked == wanted


@pytest.mark.parametrize("word", ["help", "?", "yardım"])
def test_help_lists_the_legal_moves_and_plays_nothing(tmp_path, first_turn, word):
    s, save = first_turn
    g = s.g
    before = len(json.loads(save.read_text(encoding="utf-8"))["moves"])
    proc = kural(tmp_path / "home", "play", GAME, "--resume", save, stdin=word + "\n")
    assert proc.returncode == 0, proc.err
    assert t("help_moves", "en", moves="") in proc.out
    after = proc.out.split(t("help_moves", "en", moves=""), 1)[1]
    listed = [f"{i + 1}) {g.deck.label(m[1][0])}" for i, m in enumerate(legal_moves(s))]
    assert all(item in after.split("\n", 3)[1] + after.split("\n", 3)[2] for item in listed)  # in columns
    assert len(json.loads(save.read_text(encoding="utf-8"))["moves"]) == before


# ------------------------------------------------------ saving, resuming
def test_end_of_input_saves_and_resume_reaches_the_same_end(tmp_path):
    """EOF saves the game and prints the exact resume command; resuming with the rest of the same
    answers ends exactly as the uninterrupted game (same moves, same result)."""
    whole = tmp_path / "whole.json"
    proc = kural(tmp_path / "a", "play", GAME, "--seed", SEED, "--lang", "en", "--record", whole, stdin=MANY_ONES)
    assert proc.returncode == 0, proc.err
    home = tmp_path / "b"
    part = kural(home, "play", GAME, "--seed", SEED, "--lang", "en", stdin="1\n" * 4)
    assert part.returncode == 0, part.err
    save = save_path(home)
    assert save.exists()
    assert t("saved", "en", path=save, command=f"kural play {GAME} --resume {save}") in part.out
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["cli"]["human"] == 0 and "result" not in saved
    rest = tmp_path / "rest.json"
    again = kural(home, "play", GAME, "--resume", save, "--record", rest, stdin=MANY_ONES)
    assert again.returncode == 0, again.err
    a, b = json.loads(whole.read_text(encoding="utf-8")), json.loads(rest.read_text(encoding="utf-8"))
    assert b["moves"] == a["moves"] and b["result"] == a["result"] and b["deal"] == a["deal"]
    assert not save.exists()


def test_quit_saves_like_end_of_input(tmp_path):
    home = tmp_path / "home"
    proc = kural(home, "play", GAME, "--seed", SEED, "--lang", "tr", stdin="çık\n")
    assert proc.returncode == 0
    assert save_path(home).exists() and f"--resume {save_path(home)}" in proc.out


def test_a_new_game_keeps_an_old_unfinished_save(tmp_path):
    """Starting a game never silently overwrites an unfinished one: the old save is kept aside."""
    home = tmp_path / "home"
    kural(home, "play", GAME, "--seed", SEED, stdin="1\n")
    old = json.loads(save_path(home).read_text(encoding="utf-8"))
    kural(home, "play", GAME, "--seed", SEED + 1, stdin="")
    kept = save_path(home).with_name(f"{GAME}.prev.json")
    assert json.loads(kept.read_text(encoding="utf-8"))["moves"] == old["moves"]


@pytest.mark.parametrize("content", [None, "", "{not json", '{"game": "fantan", "seed": 1, "moves": [',
                                     '[1, 2]', '{"game": "fantan", "seed": 1, "moves": [{"seat": 0, "move": "fly"}]}',
                                     '{"game": "nosuchgame", "seed": 1, "moves": []}'])
def test_resume_from_a_missing_or_broken_save_is_one_error_and_exit_2(tmp_path, content):
    path = tmp_path / "save.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    proc = kural(tmp_path / "home", "play", GAME, "--resume", path, stdin="1\n")
    assert proc.returncode == 2
    assert "Traceback" not in proc.err and proc.err.strip()
    assert PROMPT_EN not in proc.out


@pytest.mark.parametrize("args", [["nosuchgame"], [GAME, "--variant", "nope"], [GAME, "--set", "nope=1"],
                                  [GAME, "--set", "start_card=ZZ"], [GAME, "--lang", "xx"], [GAME, "--bots", "genius"]])
def test_bad_game_or_options_exit_2_without_traceback(tmp_path, args):
    proc = kural(tmp_path, "play", *args, stdin="")
    assert proc.returncode == 2
    assert "Traceback" not in proc.err and proc.err.strip()


# ---------------------------------------------------------------- language
def test_language_rule_option_then_env_then_locale(tmp_path):
    """--lang wins; else KURAL_LANG; else the locale; the rule file's game.lang never chooses (issue 35.10)."""
    g = load(GAME)
    own = g.lang
    other = "en" if own == "tr" else "tr"
    locale_of = {"tr": "tr_TR.UTF-8", "en": "en_US.UTF-8"}
    runs = {
        "locale": (other, kural(tmp_path, "play", GAME, "--auto", "--seed", 1, LC_MESSAGES=locale_of[other])),
        "env": (other, kural(tmp_path, "play", GAME, "--auto", "--seed", 1, KURAL_LANG=other,
                             LC_MESSAGES=locale_of[own])),
        "option": (own, kural(tmp_path, "play", GAME, "--auto", "--seed", 1, "--lang", own, KURAL_LANG=other,
                              LC_MESSAGES=locale_of[other])),
    }
    for key, (lang, proc) in runs.items():
        assert proc.returncode == 0, proc.err
        out = proc.out
        assert t("result_title", lang) in out and g.result.score_title[lang] in out, key
        assert g.seats[lang][0] in out


# ------------------------------------------------------- a real terminal
def spawn(home: Path, *args) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "kural.cli.main", "play", GAME, *map(str, args)], cwd=str(ROOT),
                         env=env_for(home), encoding="utf-8", timeout=20, dimensions=(50, 120))


def test_a_game_through_a_pseudo_terminal(tmp_path):
    """A whole game on a real terminal: prompts, a refused answer, then to the end (F7)."""
    child = spawn(tmp_path, "--seed", SEED, "--lang", "en")
    answered = 0
    while child.expect([re.escape(PROMPT_EN), pexpect.EOF]) == 0:
        answered += 1
        if answered == 1:
            child.sendline("zz")
            child.expect("cannot read 'zz'")
            child.expect(re.escape(PROMPT_EN))
        child.sendline("1")
    child.close()
    assert child.exitstatus == 0
    assert answered > 1
    assert t("result_title", "en") in child.before


def test_ctrl_c_on_a_terminal_saves_and_exits_130(tmp_path):
    child = spawn(tmp_path, "--seed", SEED, "--lang", "en")
    child.expect(re.escape(PROMPT_EN))
    child.sendintr()
    child.expect(re.escape(t("saved", "en", path=save_path(tmp_path),
                             command=f"kural play {GAME} --resume {save_path(tmp_path)}")))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    saved = json.loads(save_path(tmp_path).read_text(encoding="utf-8"))
    assert replay_clean(saved).me == 0


# ------------------------------------------------- any text at all, in-process
import functools  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from kural.cli.reading import Reader  # noqa: E402
from kural.interpreter.engine import new_game  # noqa: E402


@functools.lru_cache(maxsize=1)
def free_pass_game():
    return load(GAME, ["free-pass"])


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60) | st.sampled_from(["pas", "PASS", "oyna", "play 7x", "10", "#2", "2)", "♦", "karo",
                                                    "karo karo", "7 7", "of of of", "١", "²", "0" * 50]))
def test_any_text_is_a_legal_move_a_command_or_one_line_of_refusal(text):
    """Whatever is typed, the reader answers with a legal move, a command, or a single printable line."""
    g = free_pass_game()
    s = new_game(g, SEED)
    legal = legal_moves(s)
    hand = s.zones[g.zone(g.hand_zone).first_id + s.me]
    for lang in ("en", "tr"):
        reading = Reader(g, lang).read(s, legal, text, hand)
        assert [reading.move is not None, reading.command is not None, reading.message is not None].count(True) == 1
        if reading.move is not None:
            assert reading.move in legal
        if reading.message is not None:
            assert "\n" not in reading.message and reading.message.isprintable() and len(reading.message) < 400


@pytest.mark.parametrize("word", ["why", "neden"])
def test_why_explains_a_card_by_its_rule_and_plays_nothing_F4_F5(tmp_path, first_turn, word):
    """`why CARD` at the prompt: a refused card gets the rule that forbids it (the rule file's
    `why` and number), a playable one is said to be playable, a card not held says so; nothing is played."""
    s, save = first_turn
    g = s.g
    play = g.move("play").index
    legal = legal_moves(s)
    hand = s.zones[g.zone(g.hand_zone).first_id]
    refused = next(c for c in hand if (play, (c,)) not in legal)
    other = s.zones[g.zone(g.hand_zone).first_id + 1][0]
    check = refusal(s, play, (refused,))
    before = len(json.loads(save.read_text(encoding="utf-8"))["moves"])
    typed = [f"{word} {g.deck.code[refused]}", f"{word} {g.deck.code[legal[0][1][0]]}", f"{word} {g.deck.code[other]}"]
    proc = kural(tmp_path / "home", "play", GAME, "--resume", save, stdin="\n".join(typed) + "\n")
    assert proc.returncode == 0, proc.err
    msgs = [r.splitlines()[1] for r in answers(proc.out)[:3]]
    assert check.why["en"] in msgs[0] and f"({check.rule})" in msgs[0]
    assert msgs[1] == t("why_legal", "en", card=g.deck.label(legal[0][1][0]))
    assert msgs[2] == f"{g.deck.label(other)} is not in your hand"
    assert len(json.loads(save.read_text(encoding="utf-8"))["moves"]) == before
