"""No output of a command writes over a rule file being played or over another output of the same command
(issue 34.1, 34.2): one check (cli/saves.py check_outputs), used by play's --save and --record,
simulate's --record, compare's --plot and graph's --output, refuses before anything is played, naming
both; aliases (a symlink, a hard link, `./x` and `x`, a name in another case where case folds) count."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from kural.cli import saves
from kural.cli.i18n import t

from cli_support import ROOT, kural

VARIANT = ROOT / "games" / "fantan" / "maca7.yaml"  # FV1, played as the user's own file


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with the user's own variant file in it, v8.yaml, and kural's home beside."""
    (tmp_path / "work").mkdir()
    shutil.copyfile(VARIANT, tmp_path / "work" / "v8.yaml")
    return tmp_path / "work"


def run(folder: Path, *args):
    return kural(folder.parent / "home", *args, "--lang", "en", cwd=folder, timeout=120)


def test_a_record_on_the_save_is_refused_before_the_game(folder):
    """Issue 34.1: --save and --record naming one file wrote the record, said so, then removed it with the
    finished game's save. Now refused before the game, naming both options; nothing is written."""
    proc = run(folder, "play", "fantan", "--seed", 1, "--save", "same.json", "--record", "same.json", "--auto")
    assert proc.returncode == 2, proc.out + proc.err
    assert proc.err.strip() == t("outputs_same_file", "en", first="--save", first_path="same.json",
                                 second="--record", second_path="same.json")
    assert "Traceback" not in proc.err and "Record written" not in proc.out
    assert not (folder / "same.json").exists()
    proc = run(folder, "play", "fantan", "--seed", 1, "--save", "s.json", "--record", "r.json", "--auto")
    assert proc.returncode == 0, proc.err
    assert (folder / "r.json").is_file() and not (folder / "s.json").exists()  # F7: the game ended, its save went


def aliased(folder: Path, kind: str, name: str) -> str:
    """Another name of v8.yaml: a symlink, a hard link, or the same name written otherwise."""
    if kind == "symlink":
        (folder / name).symlink_to("v8.yaml")
    elif kind == "hardlink":
        os.link(folder / "v8.yaml", folder / name)
    else:
        return "./v8.yaml"
    return name


COMMANDS = [
    ("play", "same", ["play", "fantan", "--variant", "./v8.yaml", "--auto", "--seed", 1, "--save"], "--save"),
    ("play", "symlink", ["play", "fantan", "--variant", "v8.yaml", "--auto", "--seed", 1, "--record"], "--record"),
    ("simulate", "hardlink", ["simulate", "fantan", "--variant", "v8.yaml", "-n", 2, "--record"], "--record"),
    ("compare", "symlink", ["compare", "fantan", "--variant", "v8.yaml", "-n", 2, "--plot"], "--plot"),
    ("graph", "hardlink", ["graph", "fantan", "--variant", "v8.yaml", "--output"], "--output"),
]


@pytest.mark.parametrize("command,kind,args,option", COMMANDS, ids=[f"{c[0]}-{c[1]}" for c in COMMANDS])
def test_an_output_over_the_rule_file_being_played_is_refused(folder, command, kind, args, option):
    """Issue 34.2: a save, a record, a plot or a graph over the variant file being played (by its name
    written otherwise, a symlink or a hard link) is refused before playing, naming the option and the rule
    file, exit 2; the rule file is unchanged."""
    before = (folder / "v8.yaml").read_bytes()
    name = aliased(folder, kind, "out.svg" if command in ("compare", "graph") else "out.json")
    proc = run(folder, *args, name)
    assert proc.returncode == 2, proc.out + proc.err
    assert proc.err.strip() == t("output_is_rule_file", "en", option=option, path=Path(name),
                                 rules=folder.resolve() / "v8.yaml")
    assert "Traceback" not in proc.err
    assert (folder / "v8.yaml").read_bytes() == before


def test_the_save_and_the_record_are_one_file_through_any_alias(tmp_path):
    """Issue 34.2: the check's notion of one file, whether the files exist yet or not."""
    a = tmp_path / "a.json"
    assert saves.same_file(a, tmp_path / "sub" / ".." / "a.json")  # neither exists yet
    (tmp_path / "sub").mkdir()
    assert saves.same_file(a, tmp_path / "sub" / ".." / "a.json")
    (tmp_path / "link.json").symlink_to("a.json")  # a link to a file still to be written
    assert saves.same_file(a, tmp_path / "link.json")
    a.write_text("{}", encoding="utf-8")
    assert saves.same_file(tmp_path / "link.json", a)
    os.link(a, tmp_path / "hard.json")
    assert saves.same_file(tmp_path / "hard.json", tmp_path / "link.json")
    assert not saves.same_file(a, tmp_path / "b.json")
    assert saves.same_file(tmp_path / "A.json", a) == saves._folds_case(tmp_path)


def test_names_in_another_case_are_one_file_where_the_file_system_folds_case(tmp_path, monkeypatch):
    """Issue 34.2: on a file system that folds case (macOS, Windows) `R.json` and `r.json` are one file
    even before either exists; where case is kept they are two."""
    assert not saves.same_file(tmp_path / "R.json", tmp_path / "r.json") or saves._folds_case(tmp_path)
    monkeypatch.setattr(saves, "_folds_case", lambda folder: True)
    assert saves.same_file(tmp_path / "R.json", tmp_path / "r.json")
    with pytest.raises(saves.RecordFileError) as caught:
        saves.check_outputs([("--save", tmp_path / "R.json"), ("--record", tmp_path / "r.json")])
    assert caught.value.key == "outputs_same_file"
    saves.check_outputs([("--save", tmp_path / "R.json"), ("--save", tmp_path / "r.json")])  # one option's files


@pytest.mark.parametrize("save", ["part.json", "./part.json", "link.json"])
def test_a_save_over_the_plain_record_being_resumed_is_refused(folder, save):
    """Issue 34.1's class, with the input: `play --resume part.json --save part.json`, part.json a plain
    record (not a save kural's table wrote, which goes on in place), saved the game over the record and
    removed it when the game ended: the user's record was gone. A plain record resumed is left as it is
    (cli/play.py), so a --save that is it, by any name, is refused before the game; the record is kept."""
    made = run(folder, "play", "fantan", "--seed", 3, "--auto", "--record", "whole.json")
    assert made.returncode == 0, made.err
    import json
    rec = json.loads((folder / "whole.json").read_text(encoding="utf-8"))
    rec["moves"] = rec["moves"][:10]
    rec.pop("result")
    text = json.dumps(rec)
    (folder / "part.json").write_text(text, encoding="utf-8")
    os.symlink("part.json", folder / "link.json")
    proc = run(folder, "play", "fantan", "--resume", "part.json", "--save", save, "--auto")
    assert proc.returncode == 2 and "Traceback" not in proc.err, proc.out[-300:] + proc.err
    assert "part.json" in proc.err and "--save" in proc.err
    assert (folder / "part.json").read_text(encoding="utf-8") == text
    kept = run(folder, "play", "fantan", "--resume", "part.json", "--save", "other.json", "--auto")
    assert kept.returncode == 0 and (folder / "part.json").read_text(encoding="utf-8") == text, kept.err
