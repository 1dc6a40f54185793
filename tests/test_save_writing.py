"""Writing saves and records (issue 11: no hang, no traceback, special files, one behaviour for folders).

Guarantees shown here, each with real processes:
- The cost of saving is bounded: bots' moves are saved at most once a second and never more than a
  tenth of the time (the person's moves always, before each prompt too). A game that cannot end, played
  with --auto to its move bound (game.max_moves, 20,000 by default), ends within its CPU limit here;
  saving after every move took about a quarter of an hour. Killed mid-way, it resumes to the same end.
- `--record` (play and simulate) and `--save` write only a regular file, or the file a symlink names
  (the link stays a link). A folder, a FIFO, a device (as /dev/full), a link to one of them, or a file in
  a folder that does not exist is refused before any game starts: one line, exit 2, nothing written to
  it (kural makes only its own folder of saves).
- A write that fails (a full disk, here a file-size limit) is one line and exit 2 after the statistics
  (simulate) or the end of the game (play); the file named is left as it was, no temp file stays.
"""
from __future__ import annotations

import json
import os
import resource
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import short_game_ids  # noqa: E402
from cli_support import KURAL, ROOT, env_for, kural, prompt  # noqa: E402

from kural.cli.i18n import t  # noqa: E402
from kural.dsl.loader import load  # noqa: E402

GAME = short_game_ids()[0]
ENDLESS = ROOT / "tests" / "games" / "endless.yaml"  # passes for ever: only game.max_moves stops it
AUTO = ["--auto", "--seed", 1, "--bots", "random", "--lang", "en"]


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------ the cost of saving
@pytest.fixture(scope="module")
def endless_whole(tmp_path_factory) -> dict:
    """The endless game played with --auto to its move bound, uninterrupted: its record."""
    tmp = tmp_path_factory.mktemp("endless")
    rec = tmp / "whole.json"
    proc = kural(tmp / "home", "play", ENDLESS, *AUTO, "--record", rec, timeout=300, cpu=60)
    assert proc.returncode == 0, proc.err
    return read_json(rec)


def test_a_game_that_cannot_end_reaches_its_move_bound_with_bounded_saving(endless_whole, tmp_path):
    """20,000 moves of --auto under a CPU limit of a minute; the move bound stops it, the save goes."""
    assert len(endless_whole["moves"]) == load(str(ENDLESS)).max_moves
    assert endless_whole["result"]["aborted"] is True
    assert not list((tmp_path / "home").glob("saves/*.json"))


def read_slowly(pipe) -> None:
    """Read a pipe at about 100 KB a second, until it closes."""
    try:
        while pipe.read1(512):
            time.sleep(0.005)
    except (OSError, ValueError):  # closed under the reader: the game was killed
        pass


def test_a_long_bot_game_killed_mid_way_resumes_to_the_same_end(endless_whole, tmp_path):
    """Between two saves only bots' moves are lost, and the resumed game plays them again, the same."""
    home = tmp_path / "home"
    save = home / "saves" / "endless-auto.json"
    # stdout is a pipe read slowly: the game waits on it, so it cannot end before it is killed however fast
    # the machine plays (20,000 moves print far more than the reader takes in a second), and it still plays
    # on past its first saves (a pipe nobody read could fill before the second save, and then none came)
    proc = subprocess.Popen([*KURAL, "play", str(ENDLESS), *map(str, AUTO)], cwd=ROOT, env=env_for(home),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    threading.Thread(target=read_slowly, args=(proc.stdout,), daemon=True).start()
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            if save.exists() and read_json(save)["moves"]:  # a save after the first, taken mid-game
                break
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL, "the game ended before a second save"
    saved = read_json(save)["moves"]
    assert saved, "no save of the game under way before the deadline"
    assert saved == endless_whole["moves"][:len(saved)]
    rest = tmp_path / "rest.json"
    again = kural(home, "play", ENDLESS, "--resume", save, "--record", rest, timeout=300, cpu=60)
    assert again.returncode == 0, again.err
    assert read_json(rest)["moves"] == endless_whole["moves"]
    assert read_json(rest)["result"] == endless_whole["result"]


# ------------------------------------------------------------ what is written to
def commands(path: Path) -> dict[str, list]:
    return {
        "play --record": ["play", GAME, *AUTO, "--record", path],
        "play --save": ["play", GAME, "--seed", 1, "--lang", "en", "--save", path],
        "simulate --record": ["simulate", GAME, "-n", 3, "--lang", "en", "--record", path],
    }


def device(tmp: Path) -> Path:
    """A device node like /dev/full, made in `tmp`: a kural that wrongly replaced it would harm no system file."""
    path = tmp / "full"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    except (OSError, AttributeError):
        pytest.skip("cannot make a device node here (not root)")
    return path


def special(tmp: Path, kind: str) -> tuple[Path, str, dict]:
    """A path that is not a regular file to write: the path, the key of its message, the message's values."""
    if kind == "fifo":
        path = tmp / "fifo"
        os.mkfifo(path)
        return path, "not_file_fifo", {}
    if kind == "folder":
        path = tmp / "folder"
        path.mkdir()
        return path, "not_file_folder", {}
    if kind == "device":
        return device(tmp), "not_file_device", {}
    if kind == "link_to_fifo":
        os.mkfifo(tmp / "fifo")
        path = tmp / "link"
        path.symlink_to(tmp / "fifo")
        return path, "not_file_fifo", {}
    path = tmp / "no" / "such" / "folder" / "x.json"
    return path, "no_folder", {"folder": path.parent}


KINDS = ["fifo", "folder", "device", "link_to_fifo", "missing_folder"]


def kind_of(path: Path) -> tuple:
    return (path.is_symlink(), stat.S_IFMT(os.stat(path).st_mode)) if os.path.lexists(path) else None


@pytest.mark.parametrize("command", list(commands(Path("x"))))
@pytest.mark.parametrize("kind", KINDS)
def test_what_is_not_a_regular_file_is_refused_before_the_game(tmp_path, command, kind):
    path, key, values = special(tmp_path, kind)
    before = kind_of(path)
    proc = kural(tmp_path / "home", *commands(path)[command], stdin="1\n" * 5, timeout=30, cpu=20)
    assert proc.returncode == 2, proc.err
    assert proc.err.strip() == t(key, "en", path=path, **values), proc.err  # one line, no traceback
    assert proc.out == ""  # no game was played: no seed line, no table, no statistics
    assert kind_of(path) == before  # nothing replaced, nothing made
    assert not (tmp_path / "no").exists()  # one behaviour for missing folders: refused, never made


def test_the_message_is_in_turkish_too(tmp_path):
    path, key, values = special(tmp_path, "missing_folder")
    proc = kural(tmp_path / "home", "simulate", GAME, "-n", 1, "--lang", "tr", "--record", path, timeout=30, cpu=20)
    assert proc.returncode == 2 and proc.err.strip() == t(key, "tr", path=path, **values)


@pytest.mark.parametrize("command", list(commands(Path("x"))))
def test_a_symlink_to_a_file_stays_a_link_and_its_file_is_written(tmp_path, command):
    target = tmp_path / "real" / "file.json"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    proc = kural(tmp_path / "home", *commands(link)[command], stdin="", timeout=60, cpu=30)
    assert proc.returncode == 0, proc.err
    assert link.is_symlink() and link.resolve() == target
    text = target.read_text(encoding="utf-8")
    records = [json.loads(line) for line in text.splitlines()] if command.startswith("simulate") else [json.loads(text)]
    assert all(rec["game"] == load(GAME).id for rec in records)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp file beside the link


# ------------------------------------------------------------ a full disk
def limited(home: Path, *args, max_bytes: int) -> subprocess.CompletedProcess:
    """kural with no file it writes allowed past `max_bytes` (as a full disk: the write fails, EFBIG)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_bytes, max_bytes))
        resource.setrlimit(resource.RLIMIT_CPU, (60, 61))
    proc = subprocess.run([*KURAL, *map(str, args)], capture_output=True, cwd=ROOT, env=env_for(home),
                          stdin=subprocess.DEVNULL, timeout=120, preexec_fn=limit)
    proc.out, proc.err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    return proc


def test_simulate_onto_a_full_disk_prints_the_statistics_then_one_line(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text("old\n", encoding="utf-8")
    proc = limited(tmp_path / "home", "simulate", GAME, "-n", 30, "--json", "--lang", "en", "--record", path,
                   max_bytes=20_000)
    assert proc.returncode == 2, proc.err
    assert json.loads(proc.out)["games"] == 30  # the games played still count
    assert proc.err.strip() == t("record_failed", "en", path=path, error=os.strerror(27)), proc.err  # EFBIG
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]  # no temp file left


def test_play_record_onto_a_full_disk_is_one_line_after_the_game(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old\n", encoding="utf-8")
    proc = limited(tmp_path / "home", "play", GAME, *AUTO, "--record", path, max_bytes=3_000)
    assert proc.returncode == 2, proc.err
    assert "Traceback" not in proc.err
    assert proc.err.strip().splitlines()[-1] == t("record_failed", "en", path=path, error=os.strerror(27))
    assert path.read_text(encoding="utf-8") == "old\n"


def test_a_game_whose_reader_goes_away_keeps_every_move_played_in_its_save(tmp_path):
    """`kural play GAME --auto | head`: the reader closes the pipe while the bots play. The console then ends
    the process (rich raises SystemExit on a broken pipe); the save must hold every move played until then,
    not the empty game of its first save, and replay to that position."""
    import json
    import os
    import subprocess
    from cli_support import KURAL, env_for
    from all_games import game_ids
    game = game_ids()[0]
    proc = subprocess.Popen([*KURAL, "play", game, "--auto", "--seed", "3", "--delay", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env_for(tmp_path), cwd=str(tmp_path))
    for _ in range(20):
        proc.stdout.readline()
    proc.stdout.close()
    proc.wait(timeout=60)
    proc.stderr.close()
    saves = [p for p in (tmp_path / "saves").glob("*.json")]
    assert len(saves) == 1, os.listdir(tmp_path / "saves")
    moves = json.loads(saves[0].read_text(encoding="utf-8"))["moves"]
    assert len(moves) >= 15, "the moves printed before the reader went away are in the save"
