"""Saves that never lose a game (issue 16, "Saves that never lose a game"), through the real CLI.

Guarantee: an unfinished game is never overwritten without asking. `kural play GAME` about to start a
new game where an unfinished one is saved asks, on a terminal, whether to resume it, keep it aside and
start anew, or quit (end of input and Ctrl-C quit, and then no file changes); from a pipe it keeps the
old game aside (`.prev.json`, `.prev2.json`, ...) and says where. `kural saves` lists every file of the
folder of saves: each unfinished game numbered, with its game, variants, params, players, seed, moves
played and date; a finished one marked so; any other file (damaged, foreign, unreadable, not a file) on
one line with the reason, never a crash. `kural saves N` resumes game N; `kural play --resume N`, where
no file N exists, says to type that. `--resume` with a --seed, --variant, --set or --players other than
the save's is refused in one line naming what the save has; `--set` is echoed at the start of a game.
"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import KURAL, ROOT, env_for, kural  # noqa: E402

from kural.cli.i18n import t  # noqa: E402
from kural.dsl.loader import load, load_for_record  # noqa: E402
from kural.interpreter import record  # noqa: E402

GAME = "fantan"
SEED = 3  # seat 0 is to move after a few bot moves: input that ends there leaves an unfinished save
VARIANT = "free-pass"
PARAM, VALUE = "start_card", "8H"  # a param of the game and a value other than its default (checked below)


def saves_dir(home: Path) -> Path:
    return home / "saves"


def save_of(home: Path) -> Path:
    return saves_dir(home) / f"{GAME}.json"


def newer(home: Path) -> Path:
    """The save of two_saves' second game, with a variant: a file of its own (issue 35.9), listed first."""
    return saves_dir(home) / f"{GAME}+{VARIANT}.json"


def older(home: Path) -> Path:
    """The save of two_saves' first game, the plain game."""
    return save_of(home)


def kept(home: Path, n: int = 1) -> Path:
    return saves_dir(home) / f"{GAME}.prev{n if n > 1 else ''}.json"


def unfinished(home: Path, *args, answers: str = "1\n") -> str:
    """Play a game from a pipe and leave it unfinished; what it printed."""
    proc = kural(home, "play", GAME, "--lang", "en", *args, stdin=answers, timeout=60, cpu=30)
    assert proc.returncode == 0, proc.err
    return proc.out


def summary(path: Path, lang: str) -> str:
    """What `kural saves` must say of a save, from the save itself and the rules: title and variants,
    params set, players, seed, moves played, the file's date."""
    rec = json.loads(path.read_text(encoding="utf-8"))
    g = load_for_record(rec)
    s, problems = record.replay(g, rec)
    assert problems == [] and not s.over
    base = load(GAME, rec["variants"])
    parts = [g.title[lang] + (" + " + ", ".join(rec["variants"]) if rec["variants"] else "")]
    changed = [f"{k}={v}" for k, v in rec["params"].items() if base.param_info[k]["value"] != g.param_info[k]["value"]]
    if changed:
        parts.append(", ".join(changed))
    parts += [t("saved_players", lang, n=len(rec["seats"])), t("saved_seed", lang, seed=rec["seed"]),
              t("save_moves", lang, n=len(rec["moves"])),
              time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))]
    return " · ".join(parts)


def numbered(out: str) -> dict[int, str]:
    """The numbered lines of `kural saves`: number -> the rest of the line."""
    return {int(m[1]): m[2] for m in re.finditer(r"^ *(\d+)\) (.*)$", out, re.M)}


@pytest.fixture(scope="module")
def two_saves(tmp_path_factory) -> Path:
    """A home with two unfinished games of GAME: the first plain, the second with a variant and a --set,
    each in its own save."""
    assert load(GAME).param_info[PARAM]["value"] != load(GAME, sets=[f"{PARAM}={VALUE}"]).param_info[PARAM]["value"]
    home = tmp_path_factory.mktemp("home")
    unfinished(home, "--seed", SEED)
    out = unfinished(home, "--seed", SEED + 1, "--variant", VARIANT, "--set", f"{PARAM}={VALUE}")
    assert t("old_save_kept", "en", path=older(home), kept=kept(home),
             command=f"kural play {GAME} --resume {kept(home)}") not in out  # issue 35.9: a save per variant
    assert newer(home).is_file() and older(home).is_file()
    return home


def copy_home(src: Path, dst: Path) -> Path:
    (dst / "saves").mkdir(parents=True)
    for path in saves_dir(src).iterdir():
        if not path.name.endswith(".lock"):
            target = dst / "saves" / path.name
            target.write_bytes(path.read_bytes())
            os.utime(target, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns))
    return dst


# ------------------------------------------------------------------ kural saves
@pytest.mark.parametrize("lang", ["en", "tr"])
def test_saves_lists_each_unfinished_game_with_game_variants_params_players_seed_moves_and_date(two_saves, lang):
    proc = kural(two_saves, "saves", "--lang", lang)
    assert proc.returncode == 0, proc.err
    assert t("saves_title", lang, folder=saves_dir(two_saves)) in proc.out
    assert numbered(proc.out) == {1: f"{summary(newer(two_saves), lang)} · {newer(two_saves).name}",
                                  2: f"{summary(older(two_saves), lang)} · {older(two_saves).name}"}
    assert t("saves_resume", lang) in proc.out
    assert f"{PARAM}={VALUE}" in numbered(proc.out)[1] and VARIANT in numbered(proc.out)[1]


def test_saves_n_resumes_game_n_of_the_list(two_saves, tmp_path):
    home = copy_home(two_saves, tmp_path / "home")
    moves = len(json.loads(older(home).read_text(encoding="utf-8"))["moves"])
    proc = kural(home, "saves", "2", "--lang", "en", stdin="", timeout=60, cpu=30)
    assert proc.returncode == 0, proc.err
    assert t("resumed", "en", path=older(home), moves=moves) in proc.out
    assert t("saved", "en", path=older(home), command=f"kural play {GAME} --resume {older(home)}") in proc.out


@pytest.mark.parametrize("n", ["0", "3"])
def test_a_number_the_list_does_not_have_is_one_line_and_exit_2(two_saves, n):
    proc = kural(two_saves, "saves", n, "--lang", "en")
    assert proc.returncode == 2
    assert proc.err.strip() == t("no_save_number", "en", n=n, count=2, folder=saves_dir(two_saves))


def test_play_resume_with_a_number_says_what_to_type(two_saves):
    proc = kural(two_saves, "play", GAME, "--resume", "2", "--lang", "en")
    assert proc.returncode == 2 and proc.out == ""
    assert proc.err.strip() == t("resume_by_number", "en", n="2")


def test_without_saves_the_list_says_so(tmp_path):
    for home in (tmp_path / "none", tmp_path / "empty"):
        if home.name == "empty":
            saves_dir(home).mkdir(parents=True)
        proc = kural(home, "saves", "--lang", "tr")
        assert proc.returncode == 0 and proc.out.strip() == t("no_saves", "tr", folder=saves_dir(home))


def _damaged(folder: Path, good: bytes) -> dict[str, str]:
    """Files that are not games to resume, each with the reason `kural saves` must give (English)."""
    import pickle
    foreign = json.dumps({"game": "no_such_game_here", "seed": 1, "moves": []})
    wrong = json.loads(good)
    wrong["moves"][0]["seat"] = 99
    files = {
        "broken.json": good[: len(good) // 2],
        "binary.json": bytes(range(256)),
        "list.json": b"[1, 2]",
        "foreign.json": foreign.encode(),
        "wrong-move.json": json.dumps(wrong).encode(),
        "notes.txt": b"not a game",
        "pickled.bin": pickle.dumps({"a": 1}),
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    os.mkfifo(folder / "pipe.json")
    (folder / "a-folder").mkdir()
    (folder / "dangling.json").symlink_to(folder / "nowhere")
    reasons = {"binary.json": t("not_utf8", "en"), "pipe.json": t("not_regular", "en"),
               "a-folder": t("not_regular", "en"),
               "list.json": t("bad_field", "en", field="record", want=t("kind_mapping", "en"))}
    return {name: reasons.get(name, "") for name in [*files, "pipe.json", "a-folder", "dangling.json"]}


def test_damaged_foreign_and_unreadable_files_are_one_line_each_and_the_good_save_still_resumes(two_saves, tmp_path):
    home = copy_home(two_saves, tmp_path / "home")
    damaged = _damaged(saves_dir(home), newer(home).read_bytes())
    (saves_dir(home) / f".{GAME}.json.123.tmp").write_text("{")  # a killed write's temp file: not a save
    proc = kural(home, "saves", "--lang", "en", timeout=60, cpu=30)
    assert proc.returncode == 0, proc.err
    assert "Traceback" not in proc.out + proc.err
    lines = proc.out.splitlines()
    for name, reason in damaged.items():
        mine = [line for line in lines if f": {name}: " in line]
        assert len(mine) == 1, (name, proc.out)
        assert mine[0].strip().startswith("-  " + t("save_unreadable", "en", file=name, error=reason)), mine[0]
    assert not any(".tmp" in line or ".lock" in line for line in lines)
    assert [line.split(" · ")[-1] for line in numbered(proc.out).values()] == [newer(home).name, older(home).name]
    resumed = kural(home, "saves", "1", "--lang", "en", stdin="", timeout=60, cpu=30)
    assert resumed.returncode == 0, resumed.err
    assert t("resumed", "en", path=newer(home), moves=len(json.loads(newer(home).read_text())["moves"])) \
        in resumed.out


def test_a_backup_is_listed_only_when_its_save_cannot_be_resumed(two_saves, tmp_path):
    """`<save>.bak` is the same game one step behind: hidden beside a good save, offered beside a broken one."""
    home = copy_home(two_saves, tmp_path / "home")
    bak = newer(home).with_name(newer(home).name + ".bak")
    assert bak.exists()
    assert bak.name not in kural(home, "saves", "--lang", "en").out
    newer(home).write_text("{", encoding="utf-8")
    out = kural(home, "saves", "--lang", "en").out
    assert sorted(line.split(" · ")[-1] for line in numbered(out).values()) == sorted([older(home).name, bak.name])
    assert t("save_unreadable", "en", file=newer(home).name, error="") in out


def test_a_finished_game_is_marked_finished_and_not_numbered(tmp_path):
    home = tmp_path / "home"
    saves_dir(home).mkdir(parents=True)
    whole = saves_dir(home) / "whole.json"
    proc = kural(home, "play", GAME, "--auto", "--seed", SEED, "--record", whole, timeout=60, cpu=30)
    assert proc.returncode == 0, proc.err
    out = kural(home, "saves", "--lang", "en").out
    assert numbered(out) == {}
    assert t("save_finished", "en", file="whole.json", about="", path=whole).split(" · ")[0] in out
    assert f"kural replay {whole}" in out


# --------------------------------------------------------- --resume that says otherwise
@pytest.mark.parametrize("args, given, saved", [
    (["--seed", SEED + 9], f"--seed {SEED + 9}", lambda g: t("saved_seed", "en", seed=SEED)),
    (["--variant", VARIANT], f"--variant {VARIANT}", lambda g: t("saved_variants", "en", names=t("no_variants", "en"))),
    (["--set", f"{PARAM}={VALUE}"], f"--set {PARAM}={VALUE}",
     lambda g: f"{PARAM}={g.deck.code[g.param_info[PARAM]['value']]}"),
])
def test_resume_with_another_seed_variant_or_set_is_refused_naming_what_the_save_has(two_saves, args, given, saved):
    proc = kural(two_saves, "play", GAME, "--resume", older(two_saves), "--lang", "en", *args, stdin="")
    assert proc.returncode == 2 and proc.out == ""
    why = t("resume_options", "en", options=given, saved=saved(load(GAME)))
    assert proc.err.strip() == t("bad_save", "en", path=older(two_saves), error=why)


def test_resume_with_the_save_own_seed_and_params_goes_on(two_saves, tmp_path):
    home = copy_home(two_saves, tmp_path / "home")
    rec = json.loads(newer(home).read_text(encoding="utf-8"))
    proc = kural(home, "play", GAME, "--resume", newer(home), "--lang", "en", "--seed", rec["seed"],
                 "--variant", VARIANT, "--set", f"{PARAM}={VALUE}", stdin="", timeout=60, cpu=30)
    assert proc.returncode == 0, proc.err
    assert t("resumed", "en", path=newer(home), moves=len(rec["moves"])) in proc.out


def test_set_is_echoed_at_the_start_of_a_new_and_a_resumed_game(two_saves, tmp_path):
    echo = t("params_set", "en", names=f"{PARAM}={VALUE}")
    home = tmp_path / "home"
    assert echo in unfinished(home, "--seed", SEED, "--set", f"{PARAM}={VALUE}", answers="")
    again = kural(home, "play", GAME, "--resume", save_of(home), "--lang", "en", stdin="", timeout=60, cpu=30)
    assert again.returncode == 0 and echo in again.out
    plain = kural(home, "play", GAME, "--resume", older(two_saves), "--lang", "en", "--save", tmp_path / "x.json",
                  stdin="", timeout=60, cpu=30)
    assert plain.returncode == 0  # a game with the rules' own params: no such line
    assert not any(line.startswith(t("params_set", "en", names="")) for line in plain.out.splitlines())


# ----------------------------------------------------- a new game over an unfinished one
def spawn(home: Path, *args) -> pexpect.spawn:
    """`kural play GAME` on a pseudo-terminal, as a person starts it."""
    return pexpect.spawn(sys.executable, ["-m", "kural.cli.main", "play", GAME, "--lang", "en", *map(str, args)],
                         cwd=str(ROOT), env=env_for(home), encoding="utf-8", timeout=30, dimensions=(50, 200))


def files_of(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(saves_dir(home).iterdir()) if not p.name.endswith(".lock")}


def asked(home: Path, child: pexpect.spawn) -> None:
    child.expect_exact(t("old_save_found", "en", path=save_of(home), about=summary(save_of(home), "en")))
    child.expect_exact(t("old_save_prompt", "en"))


def test_on_a_terminal_a_new_game_asks_and_resume_goes_on_with_the_saved_game(tmp_path):
    home = tmp_path / "home"
    unfinished(home, "--seed", SEED)
    moves = json.loads(save_of(home).read_text(encoding="utf-8"))["moves"]
    child = spawn(home, "--seed", SEED + 1)  # the person chose at the question: the save's own seed wins
    asked(home, child)
    child.sendline("maybe")
    child.expect_exact(t("old_save_again", "en", text="maybe"))
    child.expect_exact(t("old_save_prompt", "en"))
    child.sendline("r")
    child.expect_exact(t("resumed", "en", path=save_of(home), moves=len(moves)))
    child.expect_exact(t("seed", "en", seed=SEED))
    child.expect_exact(t("prompt", "en", name=load(GAME).seats["en"][0]))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert json.loads(save_of(home).read_text(encoding="utf-8"))["moves"][:len(moves)] == moves
    assert not kept(home).exists()


def test_on_a_terminal_new_keeps_the_old_game_aside_and_says_where(tmp_path):
    home = tmp_path / "home"
    unfinished(home, "--seed", SEED)
    old = save_of(home).read_bytes()
    child = spawn(home, "--seed", SEED + 1)
    asked(home, child)
    child.sendline("n")
    child.expect_exact(t("old_save_kept", "en", path=save_of(home), kept=kept(home),
                         command=f"kural play {GAME} --resume {kept(home)}"))
    child.expect_exact(t("seed", "en", seed=SEED + 1))
    child.expect_exact(t("prompt", "en", name=load(GAME).seats["en"][0]))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert kept(home).read_bytes() == old
    assert json.loads(save_of(home).read_text(encoding="utf-8"))["seed"] == SEED + 1


@pytest.mark.parametrize("how, code", [("q", 0), ("eof", 0), ("ctrl-c", 130)])
def test_on_a_terminal_quit_end_of_input_or_ctrl_c_change_no_file(tmp_path, how, code):
    home = tmp_path / "home"
    unfinished(home, "--seed", SEED)
    before = files_of(home)
    child = spawn(home, "--seed", SEED + 1)
    asked(home, child)
    if how == "q":
        child.sendline("q")
    elif how == "eof":
        child.sendeof()
    else:
        child.sendintr()
    child.expect_exact(t("old_save_left", "en", path=save_of(home),
                         command=f"kural play {GAME} --resume {save_of(home)}"))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == code
    assert files_of(home) == before


def test_in_turkish_the_question_speaks_to_the_player(tmp_path):
    home = tmp_path / "home"
    unfinished(home, "--seed", SEED)
    child = pexpect.spawn(sys.executable, ["-m", "kural.cli.main", "play", GAME, "--lang", "tr"], cwd=str(ROOT),
                          env=env_for(home), encoding="utf-8", timeout=30, dimensions=(50, 200))
    child.expect_exact(t("old_save_choices", "tr"))
    child.expect_exact(t("old_save_prompt", "tr"))
    child.sendline("ç")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_from_a_pipe_every_new_game_keeps_the_old_one_and_the_list_shows_them_all(tmp_path):
    """No question without a terminal: each old game goes to a name of its own, and `kural saves` lists all."""
    home = tmp_path / "home"
    for seed in (SEED, SEED + 1, SEED + 2):
        unfinished(home, "--seed", seed)
    out = kural(home, "saves", "--lang", "en").out
    files = [line.split(" · ")[-1] for line in numbered(out).values()]
    assert files == [save_of(home).name, kept(home).name, kept(home, 2).name]
    seeds = [json.loads((saves_dir(home) / f).read_text(encoding="utf-8"))["seed"] for f in files]
    assert seeds == [SEED + 2, SEED, SEED + 1]


def test_a_game_being_played_is_listed_as_such_and_its_lock_left_alone(two_saves, tmp_path):
    """The lock of a save in play (tests/test_save_lock.py) is what the list reads: the game stays
    numbered, marked as played now, and the player keeps the lock."""
    from pexpect.popen_spawn import PopenSpawn
    home = copy_home(two_saves, tmp_path / "home")
    child = PopenSpawn([*KURAL, "play", GAME, "--lang", "en", "--resume", older(home)], cwd=str(ROOT),
                       env=env_for(home), encoding="utf-8", timeout=60)
    child.expect_exact(t("prompt", "en", name=load(GAME).seats["en"][0]))
    listed = numbered(kural(home, "saves", "--lang", "en").out)
    assert listed[2].endswith(f"{older(home).name} · {t('save_in_play', 'en')}")
    assert not listed[1].endswith(t("save_in_play", "en"))
    second = kural(home, "saves", "2", "--lang", "en", stdin="")
    assert second.returncode == 2 and second.err.strip() == t("save_in_use", "en", path=older(home))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert t("save_in_play", "en") not in kural(home, "saves", "--lang", "en").out


def test_a_refused_resume_speaks_the_persons_language_from_its_first_word(tmp_path):
    """Without --lang, a resume is refused in the person's language (here a Turkish locale), whatever the
    game was saved in (issue 35.10), the line's start included (everything a player reads exists in
    Turkish and English, one language to a line)."""
    home = tmp_path / "home"
    proc = kural(home, "play", GAME, "--lang", "en", "--seed", SEED, stdin="1\n", timeout=60, cpu=30)
    assert proc.returncode == 0, proc.err
    proc = kural(home, "play", GAME, "--resume", save_of(home), "--seed", SEED + 9, stdin="",
                 env={"LC_MESSAGES": "tr_TR.UTF-8"})
    why = t("resume_options", "tr", options=f"--seed {SEED + 9}", saved=t("saved_seed", "tr", seed=SEED))
    assert proc.returncode == 2 and proc.err.strip() == t("bad_save", "tr", path=save_of(home), error=why)
