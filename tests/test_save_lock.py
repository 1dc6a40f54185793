"""One kural at a time on a save, and no unfinished game ever overwritten (issue 11, "no lost game").

Guarantee: while `kural play` plays a game its save is locked (an advisory flock on `<save>.lock`, a
file of its own because every save renames a new file over the old one). A second `kural play` on that
save (a new game, --resume of the save or of its backup) is refused before it touches any file: one
line naming the save and --save FILE, exit 2. The kernel frees the lock however the first process ends,
SIGKILL included. A new game where the save holds an unfinished one moves that one aside to
`<save stem>.prev.json`, then `.prev2.json`, ...: a name no file has, never over one, and says so with
the command that resumes it.

Every case runs real processes; the game is found by directory, never named.
"""
from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

from pexpect import EOF
from pexpect.popen_spawn import PopenSpawn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import short_game_ids  # noqa: E402
from cli_support import KURAL, ROOT, env_for, kural, prompt, resume_line, save_of  # noqa: E402

from kural.cli import saves  # noqa: E402
from kural.cli.i18n import t  # noqa: E402

GAME = short_game_ids()[0]
SEED = 3


def player(home: Path, *args) -> PopenSpawn:
    """`kural play GAME` in English, left at its first prompt (its save written and locked)."""
    child = PopenSpawn([*KURAL, "play", GAME, "--lang", "en", *map(str, args)], cwd=str(ROOT), env=env_for(home),
                       encoding="utf-8", timeout=60)
    child.expect_exact(prompt(GAME))
    return child


def moves(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))["moves"]


def test_a_second_kural_on_a_save_in_play_is_refused_and_the_first_game_ends_up_in_its_save(tmp_path):
    home = tmp_path / "home"
    save = save_of(home, GAME)
    first = player(home, "--seed", SEED)
    first.sendline("1")
    first.expect_exact(prompt(GAME))  # one answer in: the save and its backup are written
    held = save.read_bytes()
    assert saves.backup_path(save).exists()
    for args in (["--seed", SEED + 1], ["--resume", save], ["--resume", saves.backup_path(save)]):
        second = kural(home, "play", GAME, "--lang", "en", *args, stdin="1\n" * 5, timeout=60, cpu=30)
        assert second.returncode == 2, second.err
        assert second.err.strip() == t("save_in_use", "en", path=save), second.err  # one line, names the save
        assert prompt(GAME) not in second.out
        assert save.read_bytes() == held  # nothing touched: no second writer, nothing moved aside
        assert not list(save.parent.glob("*.prev*"))
    elsewhere = tmp_path / "other.json"
    aside = kural(home, "play", GAME, "--lang", "en", "--seed", SEED + 1, "--save", elsewhere, stdin="", timeout=60,
                  cpu=30)
    assert aside.returncode == 0 and elsewhere.exists(), aside.err  # --save FILE, as the message says

    first.sendline("1")
    first.expect_exact(prompt(GAME))
    first.sendeof()
    first.expect(EOF)
    assert first.wait() == 0
    assert resume_line(save, GAME) in first.before
    reference = kural(tmp_path / "alone", "play", GAME, "--lang", "en", "--seed", SEED, stdin="1\n" * 2, timeout=60,
                      cpu=30)
    assert reference.returncode == 0, reference.err
    assert moves(save) == moves(save_of(tmp_path / "alone", GAME))  # the first game's last state is in its save
    assert not saves.lock_path(save).exists()  # the lock file goes with the game


def test_the_lock_of_a_killed_kural_is_free(tmp_path):
    """SIGKILL leaves the lock file behind, but not the lock: the game resumes at once."""
    home = tmp_path / "home"
    save = save_of(home, GAME)
    first = player(home, "--seed", SEED)
    first.kill(signal.SIGKILL)
    assert first.wait() == -signal.SIGKILL
    again = kural(home, "play", GAME, "--lang", "en", "--resume", save, stdin="", timeout=60, cpu=30)
    assert again.returncode == 0, again.err
    assert t("resumed", "en", path=save, moves=len(moves(save))) in again.out


def test_new_games_over_unfinished_ones_keep_each_under_a_name_of_its_own(tmp_path):
    """Three games started in turn on one save, each left unfinished: the first two are kept as
    .prev and .prev2 (the second never over the first), each said with the command that resumes it."""
    home = tmp_path / "home"
    save = save_of(home, GAME)
    played = {}
    for seed in (SEED, SEED + 1, SEED + 2):
        proc = kural(home, "play", GAME, "--lang", "en", "--seed", seed, stdin="1\n", timeout=60, cpu=30)
        assert proc.returncode == 0, proc.err
        played[seed] = (moves(save), proc.out)
    kept = [save.with_name(f"{save.stem}.prev.json"), save.with_name(f"{save.stem}.prev2.json")]
    for path, seed in zip(kept, (SEED, SEED + 1)):
        assert moves(path) == played[seed][0] and json.loads(path.read_text(encoding="utf-8"))["seed"] == seed
        assert t("old_save_kept", "en", path=save, kept=path,
                 command=f"kural play {GAME} --resume {path}") in played[seed + 1][1]
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == SEED + 2
    resumed = kural(home, "play", GAME, "--lang", "en", "--resume", kept[0], stdin="", timeout=60, cpu=30)
    assert resumed.returncode == 0, resumed.err
    assert t("resumed", "en", path=kept[0], moves=len(played[SEED][0])) in resumed.out


def test_a_lock_is_held_once_even_in_one_process(tmp_path):
    """flock is per open file: a second SaveLock on the same save is refused until the first is released."""
    save = tmp_path / "game.json"
    first, second = saves.SaveLock(save), saves.SaveLock(save)
    assert first.acquire()
    assert not second.acquire()
    first.release()
    assert not saves.lock_path(save).exists()
    assert second.acquire()
    second.release()
