"""Bad input at the table: every prompt of `kural play` refuses garbage cleanly.

Garbage, empty lines, control characters (ESC sequences, NUL, a bare CR),
invalid UTF-8, a huge line, end of input in the middle of a line, and a
closed stdin: each bad line gets one line back and the same prompt, and
changes nothing in the game; end of input saves and prints the resume
command. Every game in games/ is played this way (found by directory).

What tests/test_cli_play.py already shows is not repeated here: a 10 MB
line ended by a newline, unknown text, refused cards and passes at the
first prompt, Ctrl-C on a terminal.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import game_ids, short_game_ids  # noqa: E402
from cli_support import ROOT, env_for, kural, prompt, resume_line, save_of  # noqa: E402

from kural.dsl.loader import load_for_record  # noqa: E402
from kural.interpreter import record  # noqa: E402

SEED = 3
ANSWERS = 600  # more prompts than any bundled game has; a game still going at the end is an error below

# Each is one line the reader must refuse (never a move, never a command).
JUNK: list[bytes] = [
    b"zz",
    b"",
    b"   \t  ",
    b"\r",                                   # a bare carriage return
    b"zz\r",                                 # a CRLF line ending around junk
    b"\x00",                                 # NUL
    b"\x00\x01\x02\x03\x04\x07\x08\x7f",     # C0 controls and DEL
    b"\x1b[A\x1b[B\x1b[C\x1b[D",             # arrow keys
    b"\x1bOA",                               # an arrow key in application mode
    b"\x1b]0;a title\x07",                   # an OSC string (set the window title)
    b"\x1b[31mzz\x1b[0m",                    # colour around junk
    b"\x1b[200~zz\x1b[201~",                 # a bracketed paste of junk
    b"\x1b",                                 # a lone ESC
    b"\x1b[" + b"9" * 3000,                  # an escape sequence that never ends
    b"\xff\xfe\xfd",                         # invalid UTF-8
    b"\xc3\x28 \xe2\x82",                    # a broken two-byte and a cut three-byte sequence
    b"\xe2\x80\xae\xe2\x80\x8b\xef\xbb\xbf",  # right-to-left override, zero-width space, BOM
    "\u2028\u2029\u0085".encode(),           # Unicode line and paragraph separators, NEL
    b"0",
    b"-1",
    b"99999999999999999999999999",
    b"#",
    b"x" * 12_000,                           # longer than a line is kept (10,000): refused whole
    b"1" * 12_000,                           # a long line of digits is not move 1
]


def assert_clean_output(proc):
    assert "Traceback" not in proc.err and "Traceback" not in proc.out
    assert "\x1b" not in proc.out and "\x00" not in proc.out, "a control character was echoed to the screen"


@pytest.mark.parametrize("game", short_game_ids())
def test_junk_before_every_answer_changes_nothing(tmp_path, game):
    """At every prompt of a whole game every bad line of JUNK comes first: each gets exactly one line
    back and the same prompt, and the game (moves, result) is the one the good answers alone give."""
    clean_rec, junk_rec = tmp_path / "clean.json", tmp_path / "junk.json"
    clean = kural(tmp_path / "a", "play", game, "--seed", SEED, "--lang", "en", "--record", clean_rec,
                  stdin=b"1\n" * ANSWERS)
    assert clean.returncode == 0, clean.err
    assert clean_rec.exists(), "the game did not end within the answers given"
    prompts = clean.out.count(prompt(game))
    proc = kural(tmp_path / "b", "play", game, "--seed", SEED, "--lang", "en", "--record", junk_rec,
                 stdin=b"".join(line + b"\n" for line in JUNK + [b"1"]) * prompts)
    assert proc.returncode == 0, proc.err
    assert_clean_output(proc)
    a, b = (json.loads(p.read_text(encoding="utf-8")) for p in (clean_rec, junk_rec))
    assert b["moves"] == a["moves"] and b["result"] == a["result"]
    replies = proc.out.split(prompt(game))[1:]
    assert len(replies) == prompts * (len(JUNK) + 1)
    for i, text in enumerate(replies):
        if i % (len(JUNK) + 1) == len(JUNK):
            continue  # the good answer
        reply = text.splitlines()
        assert len(reply) == 2, (JUNK[i % (len(JUNK) + 1)][:30], text[:300])  # the echo, then one line
        assert 0 < len(reply[1]) < 300 and reply[1].isprintable()


def test_end_of_input_inside_a_line_plays_it_then_saves(tmp_path):
    """Input that ends without a newline: the last line still counts, then the game is saved."""
    game = game_ids()[0]
    home = tmp_path / "home"
    proc = kural(home, "play", game, "--seed", SEED, "--lang", "en", stdin=b"1")
    assert proc.returncode == 0, proc.err
    assert resume_line(save_of(home, game), game) in proc.out
    saved = json.loads(save_of(home, game).read_text(encoding="utf-8"))
    s, problems = record.replay(load_for_record(saved), saved)
    assert problems == []
    assert any(e["seat"] == 0 for e in saved["moves"]), "the unterminated answer was not played"

    junk = kural(tmp_path / "other", "play", game, "--seed", SEED, "--lang", "en", stdin=b"zz")
    assert junk.returncode == 0 and "cannot read 'zz'" in junk.out
    assert resume_line(save_of(tmp_path / "other", game), game) in junk.out


def test_a_huge_line_with_no_end_is_refused_once_then_saved(tmp_path):
    """10 MB with no newline before end of input: one refusal, then saved; memory stays bounded."""
    game = game_ids()[0]
    home = tmp_path / "home"
    proc = kural(home, "play", game, "--seed", SEED, "--lang", "en", stdin=b"\xff" * 5_000_000 + b"7" * 5_000_000)
    assert proc.returncode == 0, proc.err
    assert_clean_output(proc)
    reply = proc.out.split(prompt(game))[1].splitlines()
    assert len(reply[1]) < 300 and reply[1].startswith("cannot read")
    assert resume_line(save_of(home, game), game) in proc.out
    assert len(proc.out) < 20_000


def test_a_closed_stdin_saves_and_prints_the_resume_command(tmp_path):
    """No stdin at all (file descriptor 0 closed): treated as end of input."""
    game = game_ids()[0]
    home = tmp_path / "home"
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "play", game, "--seed", str(SEED), "--lang", "en"],
                          capture_output=True, cwd=ROOT, env=env_for(home), timeout=60,
                          preexec_fn=lambda: os.close(0))
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert resume_line(save_of(home, game), game) in out


def test_junk_on_a_real_terminal(tmp_path):
    """On a pseudo-terminal: arrow keys, escape strings, NUL, invalid UTF-8 and a bare CR are each refused
    with one line and the prompt again; Ctrl-D at the prompt saves and exits 0."""
    game = game_ids()[0]
    child = pexpect.spawn(sys.executable, ["-m", "kural.cli.main", "play", game, "--seed", str(SEED), "--lang", "en"],
                          cwd=str(ROOT), env=env_for(tmp_path), encoding="utf-8", codec_errors="replace",
                          timeout=20, dimensions=(50, 120))
    here = re.escape(prompt(game))
    child.expect(here)
    for junk in [b"\x1b[A\x1b[D", b"\x1bOB", b"\x1b]0;title\x07", b"\x00zz", b"\xff\xfe", b"\xc3(", b"zz\x1b[31m"]:
        os.write(child.child_fd, junk + b"\r")  # raw bytes, as a terminal sends them
        child.expect(r"(cannot read|type a card)[^\r\n]*\r\n")
        child.expect(here)
        assert "Traceback" not in child.before
    os.write(child.child_fd, b"\r")  # the terminal turns CR into a newline: an empty line
    child.expect("type a card")
    child.expect(here)
    child.sendline("1")
    child.expect(here)
    child.sendeof()
    child.expect(re.escape(resume_line(save_of(tmp_path, game), game)))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = json.loads(save_of(tmp_path, game).read_text(encoding="utf-8"))
    _, problems = record.replay(load_for_record(saved), saved)
    assert problems == [] and any(e["seat"] == 0 for e in saved["moves"])
