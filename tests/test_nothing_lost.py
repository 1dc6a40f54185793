"""Nothing lost: a game in progress survives SIGKILL, and a broken save never costs the last good one.

- `kural play` saves atomically (temp file, flush, fsync, rename) after each
  move of the person and before each prompt, bots' moves at most once a second
  (tests/test_save_writing.py), and keeps the save it replaces as `<save>.bak`
  when that one was good. A test kills it with SIGKILL at a prompt and resumes from the save to
  the state the same answers reach without the kill; another kills bot
  games at random moments and finds the save (and its backup) always a
  whole record that replays to a prefix of the uninterrupted game; a third
  crashes a save at each step of the write, in process.
- A save that is truncated, has flipped bytes, is empty, is JSON but not a
  record, or is a record whose moves are illegal is refused with one line
  and exit 2, no traceback; the broken file and the backup are left as
  they are, and the line names the backup and the command that resumes it.

Every game in games/ is held to the kill test (found by directory).
"""
from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pexpect.popen_spawn import PopenSpawn
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import game_ids, short_game_ids  # noqa: E402
from cli_support import KURAL, ROOT, env_for, kural, prompt, resume_line, save_of  # noqa: E402

from kural.cli import play as playing, saves  # noqa: E402
from kural.cli.i18n import t  # noqa: E402
from kural.dsl.loader import load_for_record  # noqa: E402
from kural.interpreter import record  # noqa: E402
from kural.interpreter.legal import legal_moves  # noqa: E402
from kural.interpreter.view import view  # noqa: E402

SEED = 3
ANSWERS = 600


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def replayed(rec: dict):
    """The state a record's moves reach; it must replay with no problem."""
    s, problems = record.replay(load_for_record(rec), rec)
    assert problems == []
    return s


def picture(s) -> list:
    """Everything each seat sees, and the moves offered."""
    return [view(s, seat) for seat in range(s.g.players)] + [legal_moves(s)]


# ------------------------------------------------------------ SIGKILL
@pytest.mark.parametrize("game", short_game_ids())
def test_sigkill_at_a_prompt_then_resume_gives_the_same_game(tmp_path, game):
    """Kill -9 while the person is thinking; the save holds every move so far, resuming shows the same
    table, and with the same remaining answers the game ends exactly as the uninterrupted one."""
    whole = tmp_path / "whole.json"
    full = kural(tmp_path / "whole", "play", game, "--seed", SEED, "--lang", "en", "--record", whole,
                 stdin="1\n" * ANSWERS)
    assert full.returncode == 0 and whole.exists(), full.err
    answers = min(3, full.out.count(prompt(game)) - 1)
    assert answers >= 1, "the person has too few turns in this game to be killed in the middle"

    home = tmp_path / "killed"
    child = PopenSpawn([*KURAL, "play", game, "--seed", str(SEED), "--lang", "en"], cwd=str(ROOT),
                       env=env_for(home), encoding="utf-8", timeout=30)
    for _ in range(answers):
        child.expect_exact(prompt(game))
        child.sendline("1")
    child.expect_exact(prompt(game))  # the bots have moved and the save is written: now kill it
    child.kill(signal.SIGKILL)
    assert child.wait() == -signal.SIGKILL
    save = save_of(home, game)
    killed = read_json(save)

    # the same answers, then end of input instead of the kill
    ref_home = tmp_path / "ended"
    ended = kural(ref_home, "play", game, "--seed", SEED, "--lang", "en", stdin="1\n" * answers)
    assert ended.returncode == 0, ended.err
    reference = read_json(save_of(ref_home, game))
    assert killed["moves"] == reference["moves"] and killed["deal"] == reference["deal"]
    assert killed["moves"] == read_json(whole)["moves"][:len(killed["moves"])]
    assert picture(replayed(killed)) == picture(replayed(reference))
    assert replayed(killed).me == 0 and not replayed(killed).over

    rest = tmp_path / "rest.json"
    again = kural(home, "play", game, "--resume", save, "--record", rest, stdin="1\n" * ANSWERS)
    assert again.returncode == 0, again.err
    assert t("resumed", "en", path=save, moves=len(killed["moves"])) in again.out
    a, b = read_json(whole), read_json(rest)
    assert b["moves"] == a["moves"] and b["result"] == a["result"]
    assert not save.exists() and not saves.backup_path(save).exists()  # a finished game leaves nothing


@pytest.mark.parametrize("game", short_game_ids())
def test_sigkill_at_random_moments_never_leaves_a_broken_save(tmp_path, game):
    """Bots play every seat and the process is killed at random moments, often in the middle of a write:
    the save and its backup are always whole records that replay to a prefix of the uninterrupted game."""
    args = ["play", game, "--auto", "--seed", str(SEED), "--bots", "random", "--lang", "en"]
    whole = tmp_path / "whole.json"
    full = kural(tmp_path / "whole", *args, "--record", whole)
    assert full.returncode == 0, full.err
    moves = read_json(whole)["moves"]
    rng = random.Random(SEED)
    landed, last = 0, None
    for attempt in range(8):
        home = tmp_path / f"k{attempt}"
        save = save_of(home, game, auto=True)
        proc = subprocess.Popen([*KURAL, *args], cwd=ROOT, env=env_for(home), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not save.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.001)
        time.sleep(rng.uniform(0, 0.03))  # a whole game takes ~0.1 s or more: most kills land in it
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if proc.returncode != -signal.SIGKILL or not save.exists():
            continue  # the game ended before the kill
        landed += 1
        for path in (save, saves.backup_path(save)):
            if path.exists():
                rec = read_json(path)
                assert rec["moves"] == moves[:len(rec["moves"])]
                replayed(rec)
        last = save
    assert landed >= 2, "no kill landed in the middle of a game"
    rest = tmp_path / "rest.json"
    again = kural(last.parent.parent, "play", game, "--resume", last, "--record", rest)
    assert again.returncode == 0, again.err
    a, b = read_json(whole), read_json(rest)
    assert b["moves"] == a["moves"] and b["result"] == a["result"]


class Crash(BaseException):
    """The process dies here (as SIGKILL would: no cleanup runs after it)."""


def test_a_crash_at_any_step_of_a_save_leaves_the_old_or_the_new_save_whole(tmp_path, monkeypatch):
    """In process: the write is stopped at each system call that makes it durable (fsync, link, rename);
    the save file is always the old or the new record, whole, and the backup a good earlier one."""
    path = tmp_path / "game.json"
    old = saves.pretty({"game": "g", "seed": 1, "moves": [{"n": 1}]})
    new = saves.pretty({"game": "g", "seed": 1, "moves": [{"n": 1}, {"n": 2}]})
    calls = ("fsync", "link", "replace")
    real = {name: getattr(os, name) for name in calls}
    for stop_at in range(1, 12):
        for p in tmp_path.iterdir():
            p.unlink()
        mine = saves.write_save(path, old)
        saves.write_save(path, old, mine)
        counter = {"n": 0}

        def stopping(name):
            def call(*a, **k):
                counter["n"] += 1
                if counter["n"] == stop_at:
                    raise Crash(name)
                return real[name](*a, **k)
            return call

        for name in calls:
            monkeypatch.setattr(os, name, stopping(name))
        try:
            saves.write_save(path, new, saves.identity(path))
            crashed = False
        except Crash:
            crashed = True
        finally:
            for name in calls:
                monkeypatch.setattr(os, name, real[name])
        assert path.read_text(encoding="utf-8") in (old, new)
        assert saves.backup_path(path).read_text(encoding="utf-8") == old
        if not crashed:
            assert path.read_text(encoding="utf-8") == new
            break
    else:
        pytest.fail("the write never completed")
    assert stop_at == 6  # after the fsync of the data, the link of the backup, its rename, the save's, the dir's


def test_a_broken_file_never_becomes_the_backup(tmp_path):
    """A save file broken by something else (not the file this program wrote last) is not kept as the backup."""
    path = tmp_path / "game.json"
    good = saves.pretty({"game": "g", "seed": 1, "moves": []})
    mine = saves.write_save(path, good)
    mine = saves.write_save(path, good, mine)
    path.write_text('{"game": "g", "se', encoding="utf-8")  # broken behind our back
    saves.write_save(path, good, mine)
    assert saves.backup_path(path).read_text(encoding="utf-8") == good


def test_stale_temp_files_of_a_killed_write_are_cleaned(tmp_path):
    game = game_ids()[0]
    save = save_of(tmp_path, game)
    save.parent.mkdir(parents=True)
    stale = save.parent / f".{save.name}.dead.tmp"
    stale_bak = save.parent / f".{save.name}.bak.123.tmp"
    fresh = save.parent / f".{save.name}.live.tmp"
    for p in (stale, stale_bak, fresh):
        p.write_text("{", encoding="utf-8")
    hours_ago = time.time() - 2 * saves.STALE_SECONDS
    for p in (stale, stale_bak):
        os.utime(p, (hours_ago, hours_ago))
    proc = kural(tmp_path, "play", game, "--seed", SEED, stdin="")
    assert proc.returncode == 0, proc.err
    assert not stale.exists() and not stale_bak.exists() and fresh.exists()


# ------------------------------------------------------- broken saves
@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> tuple[str, bytes]:
    """A save (and its identical backup) after three answers; the game it is of."""
    game = game_ids()[0]
    home = tmp_path_factory.mktemp("good")
    proc = kural(home, "play", game, "--seed", SEED, "--lang", "en", stdin="1\n" * 3)
    assert proc.returncode == 0, proc.err
    return game, save_of(home, game).read_bytes()


def illegal_move(rec: dict) -> dict:
    """The first move of seat 0 changed to a card seat 0 never held."""
    rec = json.loads(json.dumps(rec))
    i = next(i for i, e in enumerate(rec["moves"]) if e["seat"] == 0 and e["cards"])
    held = set(rec["deal"]["hands"][0])
    other = next(c for hand in rec["deal"]["hands"][1:] for c in hand if c not in held)
    rec["moves"][i]["cards"] = [other]
    return rec


def flip(data: bytes, start: int, n: int) -> bytes:
    return data[:start] + bytes(b ^ 0xFF for b in data[start:start + n]) + data[start + n:]


BROKEN = {
    "truncated": lambda data, rec: data[:len(data) // 2],
    "truncated_to_one_byte": lambda data, rec: data[:1],
    "flipped_bytes": lambda data, rec: flip(data, len(data) // 3, 16),
    "one_flipped_bracket": lambda data, rec: b"]" + data[1:],
    "empty": lambda data, rec: b"",
    "nul_bytes": lambda data, rec: b"\0" * len(data),
    "json_list": lambda data, rec: b"[1, 2, 3]",
    "json_null": lambda data, rec: b"null",
    "json_other_object": lambda data, rec: b'{"hello": "world"}',
    "deep_nesting": lambda data, rec: b"[" * 100_000 + b"]" * 100_000,
    "illegal_move": lambda data, rec: json.dumps(illegal_move(rec)).encode(),
    "wrong_seat": lambda data, rec: json.dumps({**rec, "moves": [{**rec["moves"][0],
                                                                  "seat": rec["moves"][0]["seat"] + 1}]}).encode(),
    "moves_not_entries": lambda data, rec: json.dumps({**rec, "moves": [{"seat": "x", "cards": 5}]}).encode(),
    "other_seed": lambda data, rec: json.dumps({**rec, "seed": rec["seed"] + 1}).encode(),
    "unknown_variant": lambda data, rec: json.dumps({**rec, "variants": ["no-such-variant"]}).encode(),
    "bad_param": lambda data, rec: json.dumps({**rec, "params": {"no_such_param": 1}}).encode(),
    "unknown_game": lambda data, rec: json.dumps({**rec, "game": "no-such-game"}).encode(),
}


def session(resume: Path, lang: str | None = "en"):
    out, err = io.StringIO(), io.StringIO()
    console = Console(file=out, width=100, markup=False, highlight=False, soft_wrap=True)
    errc = Console(file=err, width=100, markup=False, highlight=False, soft_wrap=True)
    opts = playing.Options(game=None, resume_path=resume, lang=lang)
    return playing.Session(console, errc, opts), out, err


def broken_pair(tmp_path: Path, good_save, kind: str) -> tuple[Path, bytes, bytes]:
    game, data = good_save
    save = tmp_path / "saves" / "game.json"
    save.parent.mkdir(parents=True, exist_ok=True)
    broken = BROKEN[kind](data, json.loads(data))
    save.write_bytes(broken)
    saves.backup_path(save).write_bytes(data)
    return save, broken, data


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_save_is_one_line_exit_2_and_names_the_last_good_one(tmp_path, good_save, kind, monkeypatch):
    monkeypatch.setenv("KURAL_HOME", str(tmp_path / "home"))
    game = good_save[0]
    save, broken, data = broken_pair(tmp_path, good_save, kind)
    sess, out, err = session(save)
    assert sess.start() == 2
    bak = saves.backup_path(save)
    lines = err.getvalue().splitlines()
    assert len(lines) == 1, err.getvalue()
    assert lines[0].startswith(t("bad_save", "en", path=save, error=""))
    assert lines[0].endswith("; " + t("last_good_save", "en", path=bak, command=f"kural play {game} --resume {bak}"))
    assert out.getvalue() == ""
    assert save.read_bytes() == broken and bak.read_bytes() == data  # neither is touched


@pytest.mark.parametrize("kind", ["truncated", "illegal_move"])
def test_the_suggested_command_resumes_the_last_good_save(tmp_path, good_save, kind):
    """End to end: exit 2 and one line on stderr, no traceback; the command it prints resumes the game
    in place of the broken save, which is then a good save again."""
    game, data = good_save
    save, broken, _ = broken_pair(tmp_path, good_save, kind)
    proc = kural(tmp_path / "home", "play", game, "--resume", save, "--lang", "en", stdin="1\n")
    assert proc.returncode == 2 and "Traceback" not in proc.err and proc.out == ""
    assert len(proc.err.strip().splitlines()) == 1
    command = proc.err.strip().split(t("last_good_save", "en", path="@", command="@").split("@")[-2])[-1]
    argv = command.split()
    assert argv[:2] == ["kural", "play"] and argv[3] == "--resume"
    again = kural(tmp_path / "home", *argv[1:], "--lang", "en", stdin="")
    assert again.returncode == 0, again.err
    good = json.loads(data)
    assert t("resumed", "en", path=saves.backup_path(save), moves=len(good["moves"])) in again.out
    assert resume_line(save, game) in again.out  # it goes on in the save it backs up
    assert read_json(save)["moves"] == good["moves"]


def test_without_a_good_backup_the_line_says_only_what_is_wrong(tmp_path, good_save, monkeypatch):
    monkeypatch.setenv("KURAL_HOME", str(tmp_path / "home"))
    save, _, _ = broken_pair(tmp_path, good_save, "truncated")
    saves.backup_path(save).write_bytes(b"{")
    sess, out, err = session(save)
    assert sess.start() == 2
    assert err.getvalue().count("\n") == 1 and t("last_good_save", "en", path="", command="")[:12] not in err.getvalue()


def test_a_new_game_keeps_the_last_good_save_of_a_broken_one(tmp_path, good_save):
    """Starting a new game where the save is broken: the good backup is kept aside as .prev, and said so."""
    game, data = good_save
    home = tmp_path / "home"
    save = save_of(home, game)
    save.parent.mkdir(parents=True)
    save.write_bytes(data[:10])
    saves.backup_path(save).write_bytes(data)
    proc = kural(home, "play", game, "--seed", SEED + 1, "--lang", "en", stdin="")
    assert proc.returncode == 0, proc.err
    kept = save.with_name(f"{save.stem}.prev.json")
    assert kept.read_bytes() == data
    assert t("old_save_kept", "en", path=save, kept=kept, command=f"kural play {game} --resume {kept}") in proc.out
    assert read_json(save)["seed"] == SEED + 1
    assert not saves.backup_path(save).exists() or read_json(saves.backup_path(save))["seed"] == SEED + 1


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=6)


def paths_of(value, here=()):
    """Every place in a JSON value: key paths to each dict entry and list item."""
    yield here
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield from paths_of(inner, here + (key,))


def resume_in_process(data: bytes, tmp: Path):
    """Session.start() on a save with these bytes: (exit code or None if resumed, session, stderr text)."""
    save = tmp / "game.json"
    save.write_bytes(data)
    old_home = os.environ.get("KURAL_HOME")
    os.environ["KURAL_HOME"] = str(tmp / "home")
    try:
        sess, out, err = session(save, lang=None)
        code = sess.start()
    finally:
        if old_home is None:
            os.environ.pop("KURAL_HOME", None)
        else:
            os.environ["KURAL_HOME"] = old_home
    return code, sess, err.getvalue()


def assert_resumed_or_refused(code, sess, err):
    if code is None:
        assert sess.s is not None and err == ""
        assert len(legal_moves(sess.s)) > 0 or sess.s.over
    else:
        assert code == 2 and err.count("\n") == 1 and err.startswith("cannot resume"), err


@settings(max_examples=100, deadline=None)
@given(cuts=st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=1, max_value=8),
                               st.binary(max_size=8)), min_size=1, max_size=4),
       truncate=st.none() | st.integers(min_value=0))
def test_any_damage_to_the_bytes_resumes_a_legal_game_or_is_refused_in_one_line(tmp_path_factory, good_save,
                                                                               cuts, truncate):
    """Random bytes replaced and a random truncation: either the damaged file is still a record that
    replays (and is resumed), or it is refused with exit 2 and one line; never an exception."""
    data = good_save[1]
    for at, n, junk in cuts:
        at %= len(data)
        data = data[:at] + junk + data[at + n:]
    if truncate is not None:
        data = data[:truncate % (len(data) + 1)]
    assert_resumed_or_refused(*resume_in_process(data, tmp_path_factory.mktemp("bytes")))


@settings(max_examples=80, deadline=None)
@given(where=st.integers(min_value=0), value=JSON, drop=st.booleans())
def test_any_value_of_a_save_changed_resumes_a_legal_game_or_is_refused_in_one_line(tmp_path_factory, good_save,
                                                                                  where, value, drop):
    """One value anywhere in the save replaced by any JSON value (or its entry removed): resumed, or
    refused with one line; a record whose moves the rules do not give is never resumed."""
    rec = json.loads(good_save[1])
    places = [p for p in paths_of(rec) if p]
    path = places[where % len(places)]
    parent = rec
    for key in path[:-1]:
        parent = parent[key]
    if drop:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    code, sess, err = resume_in_process(json.dumps(rec).encode(), tmp_path_factory.mktemp("values"))
    assert_resumed_or_refused(code, sess, err)
    if code is None:
        _, problems = record.replay(sess.g, rec)
        assert problems == []
