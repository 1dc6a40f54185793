"""Records and saves under attack: what `replay`, `play --resume` and `explain --record` do with them.

The guarantees (docs/guarantees.md; issue 11):
- A record or save carries what it needs to be played again from any folder: a rule file outside
  games/ by its absolute path and the sha256 of its content. A file changed since, or gone, is one
  line, exit 2, naming the file and what to do. Records of the bundled games are unchanged
  (tests/test_golden.py).
- A record reads no other file: a game of games/ by its id, any other file only by a path whose hash
  the record holds; an error in such a file shows not a line of it.
- One reader for records (cli/saves.py), used by all three commands: a regular file only (a FIFO or a
  device never hangs them), at most MAX_RECORD_BYTES, UTF-8, JSON nested at most MAX_NESTING deep,
  numbers finite and within interpreter/numbers.py's LIMIT, every field of its type.
- `--resume` with a --variant, --set or --players that would change the save is refused.

Every case is a subprocess under a wall-clock and CPU bound, so a hang fails fast.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import kural  # noqa: E402

import kural as kural_api  # noqa: E402
from kural.cli import saves  # noqa: E402
from kural.cli.i18n import t  # noqa: E402
from kural.cli.teach_text import say  # noqa: E402
from kural.dsl.files import NotRegularFile, read_at_most  # noqa: E402
from kural.interpreter import numbers  # noqa: E402
from kural.interpreter.bots import KINDS  # noqa: E402
from kural.interpreter.messages import Msg  # noqa: E402
from kural.interpreter.record import played_moves  # noqa: E402

GAME = "fantan"
SEVENS8 = """extends: fantan
variant: {id: sevens8, title: {en: "Sevens around the 8", tr: "8'li dizme"}}
params:
  start_card: 8D       # the 8 of diamonds opens (F2)
  row_rank: 8          # rows open with 8s and grow from there (F4)
"""
MINE = (Path(__file__).resolve().parents[1] / "games" / f"{GAME}.yaml").read_text(encoding="utf-8")  # a copy: a game of my own
SECRET = "SECRET-LINE-4711"  # in a .yaml file no command names: it must never be shown
LIMITS = dict(timeout=90, cpu=30)
COMMANDS = ("replay", "resume", "explain")


def run(home: Path, command: str, path: Path, *extra, cwd: Path | None = None, lang: str = "en"):
    args = {"replay": ["replay", path], "resume": ["play", "--resume", path],
            "explain": ["explain", "--record", path]}[command]
    return kural(home, *args, *extra, "--lang", lang, cwd=cwd or home, **LIMITS)


def refusal(command: str, path: Path, message: str, lang: str = "en") -> str:
    """The one line each command prints for a record it cannot use."""
    if command == "replay":
        return f"{path}: {message}"
    if command == "resume":
        return t("bad_save", lang, path=path, error=message)
    return say("x_bad_record", lang, path=path, error=message)


def one_line_refusal(proc, command: str, path: Path, message: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.out, proc.err)
    assert "Traceback" not in proc.err
    lines = proc.err.strip().splitlines()
    assert len(lines) == 1, proc.err
    want = refusal(command, path, message)  # a save may name its last good backup after it
    assert lines[0] == want or lines[0].startswith(want + "; " + t("last_good_save", "en", path="", command="")[:9]), \
        proc.err


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------- the README's own example, from another folder
@pytest.fixture
def folders(tmp_path):
    """A home, a folder holding the rule files, and another folder to come back from."""
    made = {name: tmp_path / name for name in ("home", "rules", "elsewhere")}
    for folder in made.values():
        folder.mkdir()
    (made["rules"] / "sevens8.yaml").write_text(SEVENS8, encoding="utf-8")
    (made["rules"] / "mine.yaml").write_text(MINE, encoding="utf-8")
    return made


PLAYED = {"variant": ["play", GAME, "--variant", "./sevens8.yaml"], "own game": ["play", "mine.yaml"]}


def save_in(home: Path) -> Path:
    saves_dir = home / "saves"
    found = sorted(saves_dir.glob("*.json"))
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("how", list(PLAYED))
def test_a_game_of_a_rule_file_by_a_relative_path_resumes_and_replays_from_another_folder(folders, how):
    """Guarantee: a save and a record carry the absolute path and the sha256 of a rule file outside games/."""
    home, rules, elsewhere = folders["home"], folders["rules"], folders["elsewhere"]
    proc = kural(home, *PLAYED[how], "--seed", "5", "--lang", "en", stdin="quit\n", cwd=rules, **LIMITS)
    assert proc.returncode == 0, proc.err
    save = save_in(home)
    rec = json.loads(save.read_text(encoding="utf-8"))
    file = rules / ("sevens8.yaml" if how == "variant" else "mine.yaml")
    assert rec["files"]["sha256"] == {str(file.resolve()): sha256(file)}
    game = GAME if how == "variant" else str(file.resolve())  # as the line "resume with: ..." gives it
    assert t("saved", "en", path=save, command=f"kural play {game} --resume {save}") in proc.out
    resumed = kural(home, "play", game, "--resume", save, "--lang", "en", stdin="quit\n", cwd=elsewhere, **LIMITS)
    assert resumed.returncode == 0, resumed.err
    assert t("resumed", "en", path=save, moves=len(played_moves(rec))) in resumed.out
    record = rules / "record.json"
    auto = kural(home, *PLAYED[how], "--seed", "5", "--auto", "--record", "record.json", "--lang", "en",
                 cwd=rules, **LIMITS)
    assert auto.returncode == 0, auto.err
    replayed = kural(home, "replay", record, "--lang", "en", cwd=elsewhere, **LIMITS)
    assert replayed.returncode == 0, replayed.out + replayed.err
    assert replayed.out.strip() == f"{record}: {t('reproduced', 'en')}"
    explained = kural(home, "explain", "--record", record, "--move", "1", "--lang", "en", cwd=elsewhere, **LIMITS)
    assert explained.returncode == 0, explained.err


@pytest.mark.parametrize("change", ["changed", "gone"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_rule_file_changed_or_gone_since_the_save_is_one_line_exit_2(folders, command, change):
    """Guarantee: a file whose sha256 differs from the record's, or that is gone, is named in one line, exit 2."""
    home, rules = folders["home"], folders["rules"]
    proc = kural(home, "play", GAME, "--variant", "./sevens8.yaml", "--seed", "5", "--auto", "--record", "rec.json",
                 "--lang", "en", cwd=rules, **LIMITS)
    assert proc.returncode == 0, proc.err
    variant = rules / "sevens8.yaml"
    if change == "changed":
        variant.write_text(SEVENS8.replace("8D", "9D").replace("row_rank: 8", "row_rank: 9"), encoding="utf-8")
    else:
        variant.unlink()
    key = {"changed": "record_file_changed", "gone": "record_file_gone"}[change]
    out = run(home, command, rules / "rec.json", cwd=folders["elsewhere"])
    one_line_refusal(out, command, rules / "rec.json", t(key, "en", path=variant.resolve()))


def test_the_bundled_games_records_name_no_file():
    """Records of games/ stay as they were: no path, no hash (the golden corpus holds their bytes)."""
    from kural.cli.simulate import play_one
    from kural.dsl.loader import load
    g = load(GAME, ["maca7"])
    _, rec = play_one(g, 1, ["random"] * g.players, True, False, ["a", "b", "c", "d"])
    assert "files" not in rec and "rules" not in rec


# ------------------------------------------------------------- a record reads no other file
def base_record() -> dict:
    from kural.cli.simulate import play_one
    from kural.dsl.loader import load
    g = load(GAME)
    _, rec = play_one(g, 3, ["heuristic"] * g.players, True, False, list(g.seats["en"]))
    return rec


@pytest.fixture(scope="module")
def good() -> dict:
    return base_record()


@pytest.fixture
def secret(tmp_path) -> Path:
    """A .yaml file of someone else's, outside games/, that is not even a rule file."""
    path = tmp_path / "private" / "notes.yaml"
    path.parent.mkdir()
    path.write_text(f"extends: fantan\nparams:\n  {SECRET}: 1\npassword: \"{SECRET}\"\n", encoding="utf-8")
    return path


def reaching(good: dict, secret: Path, how: str) -> tuple[dict, str]:
    """A record that tries to make kural read `secret`, and the message it gets: (record, i18n key or '')."""
    rec = json.loads(json.dumps(good))
    climb = "../" * 12 + str(secret.with_suffix("")).lstrip("/")
    if how == "rules":
        rec["rules"] = str(secret)
    elif how == "relative rules":
        rec["rules"] = "../private/notes.yaml"
    elif how == "game path":
        rec["game"] = str(secret)
    elif how == "variant climbing":
        rec["variants"] = [climb]
    elif how == "variant path":
        rec["variants"] = [str(secret)]
    elif how == "files without hash":
        rec["files"] = {"variants": [str(secret)], "sha256": {}}
    elif how == "wrong hash":
        rec["files"] = {"variants": [str(secret)], "sha256": {str(secret): "0" * 64}}
    elif how == "right hash":  # only who knows the content can name it; and then it is still not shown
        rec["files"] = {"variants": [str(secret)], "sha256": {str(secret): sha256(secret)}}
    return rec


HOW = ["rules", "relative rules", "game path", "variant climbing", "variant path", "files without hash",
       "wrong hash", "right hash"]


EVERY_COMMAND = ["rules", "variant climbing", "right hash"]  # the three share one reader: the rest by replay


@pytest.mark.parametrize("how,command", [(how, "replay") for how in HOW] +
                         [(how, command) for how in EVERY_COMMAND for command in COMMANDS if command != "replay"])
def test_a_record_never_shows_a_file_the_user_did_not_name(tmp_path, good, secret, command, how):
    """Guarantee: a record reads a file outside games/ only by a path whose hash it holds, and an error
    in it shows no line, key or value of it; exit 2, no traceback."""
    path = tmp_path / "work" / "rec.json"
    path.parent.mkdir()
    path.write_text(json.dumps(reaching(good, secret, how)), encoding="utf-8")
    proc = run(tmp_path, command, path, cwd=path.parent)
    assert proc.returncode == 2, (proc.out, proc.err)
    assert "Traceback" not in proc.err
    assert SECRET not in proc.out + proc.err and "password" not in proc.out + proc.err


@pytest.mark.parametrize("how,key", [("rules", "record_file_unknown"), ("variant path", "record_file_unknown"),
                                     ("wrong hash", "record_file_changed")])
def test_a_path_without_its_hash_is_refused_before_it_is_read(tmp_path, good, secret, how, key):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(reaching(good, secret, how)), encoding="utf-8")
    one_line_refusal(run(tmp_path, "replay", path), "replay", path, t(key, "en", path=secret))


# ----------------------------------------------------------------- special files, one bounded reader
def test_the_reader_reads_only_regular_files_and_never_past_its_bound(tmp_path):
    """dsl/files.py: a FIFO opens without blocking and is refused; a device too; a file is read to limit+1."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for special in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(NotRegularFile):
            read_at_most(special, 10)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 100)
    assert len(read_at_most(big, 10)) == 11 and read_at_most(big, 1000) == b"x" * 100


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_a_fifo_or_a_device_as_a_record_is_refused_at_once(tmp_path, command, special):
    path = tmp_path / "rec.json" if special == "fifo" else Path(special)
    if special == "fifo":
        os.mkfifo(path)
    one_line_refusal(run(tmp_path, command, path), command, path, t("not_regular", "en"))


def test_a_fifo_as_a_rule_file_never_hangs_validate(tmp_path):
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    proc = kural(tmp_path, "validate", fifo, "--lang", "en", **LIMITS)
    assert proc.returncode == 2 and "Traceback" not in proc.err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_record_over_the_size_bound_is_refused_unread(tmp_path, command):
    path = tmp_path / "rec.json"
    with open(path, "wb") as f:
        f.truncate(saves.MAX_RECORD_BYTES + 1)  # sparse: the bound is met without writing 50 MB
    one_line_refusal(run(tmp_path, command, path), command, path,
                     t("too_large", "en", limit=saves.MAX_RECORD_BYTES))


# --------------------------------------------------------- the corpus of hostile records, one message each
def with_seed(good: dict, literal: str) -> str:
    return json.dumps(good).replace(f'"seed": {good["seed"]}', f'"seed": {literal}', 1)


def corpus(good: dict) -> dict[str, tuple[bytes, str]]:
    """name -> (the file's bytes, the message every command gives)."""
    first = dict(good["moves"][0])
    seat_text = dict(good, moves=[dict(first, seat=str(first["seat"]))] + good["moves"][1:])
    cards_number = dict(good, moves=[dict(first, cards=7)] + good["moves"][1:])
    params_deep = dict(good, params={"start_card": {"value": "7D"}})
    number = lambda text: t("bad_number", "en", number=text, limit=numbers.LIMIT_TEXT)  # noqa: E731
    return {
        "not UTF-8": (json.dumps(good).encode("utf-8").replace(b'"fantan"', b'"f\xe2ntan"', 1), t("not_utf8", "en")),
        "nested 100000 deep": (b"[" * 100_000 + b"]" * 100_000, t("too_deep", "en", limit=saves.MAX_NESTING)),
        "nested past the bound": (json.dumps(dict(good, extra=[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]])).encode(),
                                  t("too_deep", "en", limit=saves.MAX_NESTING)),
        "NaN": (with_seed(good, "NaN").encode(), number("NaN")),
        "Infinity": (with_seed(good, "-Infinity").encode(), number("-Infinity")),
        "float overflow": (with_seed(good, "1e400").encode(), number("1e400")),
        "past the number bound": (with_seed(good, str(numbers.LIMIT + 1)).encode(), number(str(numbers.LIMIT + 1))),
        "5000 digits": (with_seed(good, "9" * 5000).encode(), number("9" * 24 + "…")),
        "seat as text": (json.dumps(seat_text).encode(),
                         t("bad_field", "en", field="moves[1].seat", want=t("kind_whole", "en"))),
        "cards as a number": (json.dumps(cards_number).encode(),
                              t("bad_field", "en", field="moves[1].cards", want=t("kind_cards", "en"))),
        "a param as a mapping": (json.dumps(params_deep).encode(),
                                 t("bad_field", "en", field="params.start_card", want=t("kind_param", "en"))),
        "seed as text": (with_seed(good, '"3"').encode(), t("bad_field", "en", field="seed",
                                                            want=t("kind_whole", "en"))),
    }


CASES = list(corpus(base_record()))
SHARED = ["not UTF-8", "nested 100000 deep", "NaN", "seat as text"]  # by all three commands; the rest by replay


@pytest.mark.parametrize("case,command", [(case, "replay") for case in CASES] +
                         [(case, command) for case in SHARED for command in COMMANDS if command != "replay"])
def test_every_hostile_record_gets_its_one_line(tmp_path, good, case, command):
    data, message = corpus(good)[case]
    path = tmp_path / "rec.json"
    path.write_bytes(data)
    one_line_refusal(run(tmp_path, command, path), command, path, message)


def test_the_corpus_messages_exist_in_turkish_too(tmp_path, good):
    path = tmp_path / "rec.json"
    path.write_bytes(corpus(good)["seat as text"][0])
    proc = run(tmp_path, "replay", path, lang="tr")
    want = t("bad_field", "tr", field="moves[1].seat", want=t("kind_whole", "tr"))
    assert proc.returncode == 2 and proc.err.strip() == f"{path}: {want}"
    assert t("bad_field", "tr") != t("bad_field", "en")


# ----------------------------------------------------------------------------- a save's own settings
def a_save(home: Path, **cli) -> Path:
    proc = kural(home, "play", GAME, "--seed", "4", "--lang", "en", stdin="quit\n", **LIMITS)
    assert proc.returncode == 0, proc.err
    save = save_in(home)
    rec = json.loads(save.read_text(encoding="utf-8"))
    rec["cli"].update(cli)
    save.write_text(json.dumps(rec), encoding="utf-8")
    return save


@pytest.mark.parametrize("cli,message", [
    ({"human": 99}, lambda: t("bad_human", "en", seat=99, last=3)),
    ({"human": "0"}, lambda: t("bad_field", "en", field="cli.human", want=t("kind_seat", "en"))),
    ({"bots": "nobody"}, lambda: t("bad_bots", "en", bots="nobody", kinds=", ".join(KINDS))),
])
def test_a_save_edited_to_a_seat_or_bots_the_game_lacks_is_refused_and_kept(tmp_path, cli, message):
    """A save with `human: 99` is not played by bots and deleted: refused, exit 2, the file left as it is."""
    save = a_save(tmp_path, **cli)
    before = save.read_bytes()
    proc = run(tmp_path, "resume", save)
    one_line_refusal(proc, "resume", save, message())
    assert save.read_bytes() == before


def _unknown_param(item: str) -> str:
    """What the loader says of a --set naming a param the game lacks."""
    from kural.dsl.errors import RuleError
    from kural.dsl.loader import load
    with pytest.raises(RuleError) as exc:
        load(GAME, sets=[item])
    return exc.value.problems[0].message


@pytest.mark.parametrize("options, saved", [
    (["--variant", "maca7"], lambda: t("saved_variants", "en", names=t("no_variants", "en"))),
    (["--set", "start_card=7S"], lambda: "start_card=7D"),
    (["--players", "3"], lambda: t("saved_players", "en", n=4)),
    (["--seed", "5"], lambda: t("saved_seed", "en", seed=4)),
    (["--set", "no_such_param=1"], None)])
def test_resume_refuses_options_that_would_change_the_save(tmp_path, options, saved):
    """Each option is named with what the save has instead (issue 16: `--resume` with a conflicting option
    says so); a param the game lacks is named as the loader names it."""
    save = a_save(tmp_path)
    proc = run(tmp_path, "resume", save, *options)
    given = " ".join(options)
    message = _unknown_param(options[1]) if saved is None else \
        t("resume_options", "en", options=given, saved=saved())
    one_line_refusal(proc, "resume", save, message)


def test_resume_takes_options_that_say_what_the_save_says(tmp_path):
    save = a_save(tmp_path)
    proc = kural(tmp_path, "play", "--resume", save, "--set", "start_card=7D", "--players", "4", "--lang", "en",
                 stdin="quit\n", **LIMITS)
    assert proc.returncode == 0, proc.err


# ----------------------------------------- records kural writes and then refuses (issue 34.6-34.9)
def usage_error(proc, option: str, message: str) -> None:
    """A usage error: exit 2, no traceback, the option and the message named (click may wrap the line)."""
    assert proc.returncode == 2, (proc.returncode, proc.out, proc.err)
    assert "Traceback" not in proc.err
    said_flat = " ".join(proc.err.split())
    assert option in said_flat and " ".join(message.split()) in said_flat, proc.err


LIMIT = numbers.LIMIT


@pytest.mark.parametrize("args,first,games", [
    (["simulate", GAME, "-n", "1", "--record", "r.jsonl"], 10 * LIMIT, 1),
    (["simulate", GAME, "-n", "3", "--record", "r.jsonl"], LIMIT - 1, 3),
    (["simulate", GAME, "-n", "1"], -LIMIT - 1, 1),
    (["play", GAME, "--auto", "--record", "r.jsonl"], 2 ** 64, 1),
    (["explain", GAME], 10 * LIMIT, 1),
    (["compare", GAME, "--set", "start_card=8D", "-n", "2"], LIMIT, 2),
])
def test_a_seed_out_of_bounds_is_refused_where_it_is_given(tmp_path, args, first, games):
    """Issue 34.6: `--seed` of every command is checked as the API's new() checks it (interpreter/seeds.py),
    with every game dealt from it: a usage error before a game is played, and no record written."""
    from kural.interpreter.seeds import seed_of
    with pytest.raises(kural_api.SeedError) as exc:
        seed_of(first, games)
    proc = kural(tmp_path, *args, "--seed", first, "--lang", "en", cwd=tmp_path, **LIMITS)
    usage_error(proc, "--seed", str(exc.value))
    assert not (tmp_path / "r.jsonl").exists()
    tr = kural(tmp_path, *args, "--seed", first, "--lang", "tr", cwd=tmp_path, **LIMITS)
    usage_error(tr, "--seed", exc.value.said("tr"))


@pytest.mark.parametrize("seed", [LIMIT, -LIMIT])
def test_every_seed_kural_accepts_replays(tmp_path, seed):
    """Issue 34.6: the bound's own seeds are played, recorded and replayed."""
    proc = kural(tmp_path, "simulate", GAME, "-n", "1", "--seed", seed, "--record", "r.jsonl", "--lang", "en",
                 cwd=tmp_path, **LIMITS)
    assert proc.returncode == 0, proc.err
    assert json.loads((tmp_path / "r.jsonl").read_text(encoding="utf-8"))["seed"] == seed
    replayed = run(tmp_path, "replay", tmp_path / "r.jsonl")
    assert replayed.returncode == 0, replayed.out + replayed.err


UNKEPT = {"not UTF-8": os.fsdecode(b"bad\xff.yaml"), "a newline": "two\nlines.yaml", "a tab": "tab\tbed.yaml"}


@pytest.mark.parametrize("name", list(UNKEPT))
@pytest.mark.parametrize("how", ["simulate --record", "play --variant --save", "play (its default save)",
                                 "explain --seed", "explain --variant --seed"])
def test_a_rule_file_whose_path_a_record_cannot_keep_is_refused_before_the_game(tmp_path, name, how):
    """Issues 34.7 and 34.8: a record or save of a rule file whose path is not UTF-8, or holds a control
    character, would be written and then refused (or not written at all): refused before the game starts,
    one line naming the file, exit 2, nothing written."""
    rule = tmp_path / UNKEPT[name]
    rule.write_text(SEVENS8 if "--variant" in how else MINE, encoding="utf-8")
    args = {"simulate --record": ["simulate", rule, "-n", "1", "--record", "r.jsonl"],
            "play --variant --save": ["play", GAME, "--variant", rule, "--auto", "--save", "s.json"],
            "play (its default save)": ["play", rule, "--auto"],
            # the class at explain: its bot game is played as a record (a traceback of RecordError)
            "explain --seed": ["explain", rule, "--seed", "1", "--move", "2"],
            "explain --variant --seed": ["explain", GAME, "--variant", rule, "--seed", "1", "--move", "2"]}[how]
    proc = kural(tmp_path, *args, "--lang", "en", cwd=tmp_path, **LIMITS)
    assert proc.returncode == 2, (proc.out, proc.err)
    assert "Traceback" not in proc.err
    shown = str(rule).encode("unicode_escape", "backslashreplace").decode("ascii")
    assert proc.err.strip() == Msg("rule_path_unkept", path=shown), proc.err
    assert sorted(p.name for p in tmp_path.iterdir() if p != rule) == []  # no record, no save, no saves folder


def test_a_path_the_replay_accepts_is_a_path_a_record_keeps():
    """Issue 34.8: the record's writer and the replay read a path with the same predicate (interpreter/record.py
    keepable), so what one writes the other reads."""
    from kural.dsl.record_rules import absolute_rule_file
    from kural.interpreter.record import keepable
    for name in ["/a/b.yaml", "/a/ç ş.yaml", "/a/two\nlines.yaml", "/a/" + os.fsdecode(b"\xff") + ".yaml",
                 "/a/\u202eb.yaml", "/a/tab\t.yaml"]:
        assert absolute_rule_file(name) == keepable(name), name


FORMAT9 = "kural-record/9"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_record_of_a_format_kural_does_not_know_is_refused(tmp_path, good, command):
    """Issue 34.9: `"format": "kural-record/9"` is not read as version 1: each command refuses it, saying
    which format it reads."""
    from kural.interpreter.record import FORMAT
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(dict(good, format=FORMAT9)), encoding="utf-8")
    message = t("record_format_unknown", "en", format=FORMAT9, known=FORMAT)
    assert FORMAT in message and FORMAT9 in message
    one_line_refusal(run(tmp_path, command, path), command, path, message)


def test_a_save_of_a_format_kural_does_not_know_is_not_listed_as_resumable(tmp_path):
    """Issue 34.9: `kural saves` lists such a save as one that cannot be resumed, with the reason."""
    from kural.interpreter.record import FORMAT
    save = a_save(tmp_path)
    rec = json.loads(save.read_text(encoding="utf-8"))
    save.write_text(json.dumps(dict(rec, format=FORMAT9)), encoding="utf-8")
    proc = kural(tmp_path, "saves", "--lang", "en", **LIMITS)
    assert proc.returncode == 0, proc.err
    reason = t("save_unreadable", "en", file=save.name,
               error=t("record_format_unknown", "en", format=FORMAT9, known=FORMAT))
    lines = proc.out.splitlines()
    assert [line.strip() for line in lines if f": {save.name}: " in line] == [f"-  {reason}"], proc.out
    assert not [line for line in lines if line.endswith(f" · {save.name}")], proc.out  # not offered to resume
