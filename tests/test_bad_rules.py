"""Bad rule files (issue 6): every file of tests/bad_rules/ is refused by `kural validate`
with exit code 2, no traceback, and its first problem as `file:line:col: message` at the
place and with the message its first line expects, then a `hint:` line.

Each corpus file breaks one thing (most of them `extends: fantan` and change one line) and
says what must be reported in its first line:

    # expect: 5:12 unknown name            the problem is in this file, line 5, column 12
    # expect: cycle_b.yaml:2:10 cycle      ... in another file (beside it, or a path from the repo)

Cases too big to keep in the repository (a 1 MB expression, a file over the size limit, an
alias bomb of many more levels) are written into tmp_path by the tests at the end.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "bad_rules"
FILES = sorted(CORPUS.glob("*.yaml"))
EXPECT = re.compile(r"# expect: (?:(?P<file>[^\s:]+\.yaml):)?(?P<line>\d+):(?P<col>\d+) (?P<message>.+)")
PLACE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$")


def validate(*paths: Path | str, timeout: float = 60, options: tuple = ()) -> subprocess.CompletedProcess:
    """`kural validate PATH...` as a user runs it, from the repository."""
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="80")
    return subprocess.run([sys.executable, "-m", "kural.cli.main", "validate", *options, *map(str, paths)],
                          capture_output=True, text=True, encoding="utf-8", errors="replace", cwd=ROOT, env=env,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def expectation(path: Path) -> dict:
    first = path.read_bytes().split(b"\n", 1)[0].decode("ascii")
    m = EXPECT.fullmatch(first.rstrip())
    assert m, f"{path.name}: the first line must be `# expect: [FILE:]LINE:COL message`, not {first!r}"
    where = path
    if m["file"]:
        where = ROOT / m["file"] if "/" in m["file"] else CORPUS / m["file"]
    return {"file": where.resolve(), "line": int(m["line"]), "col": int(m["col"]), "message": m["message"]}


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.fixture(scope="module")
def outcomes() -> dict[str, subprocess.CompletedProcess]:
    """Every corpus file validated by one `kural validate` of them all, as a user would validate a folder
    (a fresh interpreter for each file cost 0.8 s, 131 times), each file's part of its stderr told apart
    by the same command's --json, which says how many problems each file has, in the same order.
    (test_a_file_validated_alone_is_refused_as_in_the_corpus_run checks that a file alone reads the same.)"""
    paths = [relative(p) for p in FILES]
    text, listed = validate(*paths, timeout=300), validate(*paths, timeout=300, options=("--json",))
    files = json.loads(listed.stdout)["files"]
    assert [f["path"] for f in files] == paths
    counts = [len(f["problems"]) for f in files]
    blocks: list[list[str]] = []
    for line in text.stderr.splitlines(keepends=True):
        if PLACE.match(line) or not blocks:
            blocks.append([])
        blocks[-1].append(line)
    assert len(blocks) == sum(counts), text.stderr
    out, start = {}, 0
    for path, n in zip(FILES, counts):
        err = "".join(line for block in blocks[start:start + n] for line in block)
        out[path.name] = subprocess.CompletedProcess(text.args, text.returncode, text.stdout, err)
        start += n
    return out


def first_problem(err: str) -> tuple[re.Match, list[str]]:
    """The first `file:line:col: message` line of stderr and the lines that belong to it."""
    lines = err.splitlines()
    assert lines, "nothing on stderr"
    m = PLACE.match(lines[0])
    assert m, f"the first line is not file:line:col: message: {lines[0]!r}"
    rest = []
    for line in lines[1:]:
        if PLACE.match(line):
            break
        rest.append(line)
    return m, rest


def check_refused(proc: subprocess.CompletedProcess, file: Path, line: int, col: int, message: str,
                  shown_as: str | None = None) -> None:
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out
    assert proc.returncode == 2, out
    assert proc.stdout.strip() == "", f"nothing is called ok: {proc.stdout}"
    m, rest = first_problem(proc.stderr)
    if shown_as is not None:  # the file the user named, written as they wrote it
        assert proc.stderr.startswith(f"{shown_as}:{line}:{col}: "), proc.stderr
    assert (ROOT / m["file"]).resolve() == file, proc.stderr
    assert (int(m["line"]), int(m["col"])) == (line, col), proc.stderr
    assert message in m["message"], proc.stderr
    assert any(r.startswith("    hint: ") and len(r) > len("    hint: ") for r in rest), proc.stderr


def test_the_corpus_has_at_least_forty_files_each_with_an_expectation():
    assert len(FILES) >= 40
    for path in FILES:
        expectation(path)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_bad_rule_file_is_refused_at_its_place_with_a_hint(path, outcomes):
    want = expectation(path)
    shown = relative(path) if want["file"] == path.resolve() else None
    check_refused(outcomes[path.name], want["file"], want["line"], want["col"], want["message"], shown)


@pytest.mark.parametrize("path", FILES[::10], ids=[p.stem for p in FILES[::10]])
def test_a_file_validated_alone_is_refused_as_in_the_corpus_run(path, outcomes):
    """A file validated alone, in an interpreter of its own, gets the same words as in the run of them
    all: nothing one file leaves behind changes what another is told (every tenth file; exit 2 alone)."""
    alone = validate(relative(path))
    assert alone.returncode == 2 and alone.stdout == ""
    assert alone.stderr == outcomes[path.name].stderr


def test_validating_the_whole_corpus_reports_every_file_and_goes_on_after_each(outcomes):
    proc = validate(relative(CORPUS), timeout=300)
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.returncode == 2
    assert proc.stdout.strip() == ""
    firsts = [line for line in proc.stderr.splitlines() if PLACE.match(line)]
    assert len(firsts) >= len(FILES)


# ----------------------------------------------------- generated into tmp_path
def test_a_one_megabyte_expression_is_refused_by_its_length(tmp_path):
    """Just under the file limit: the expression itself is refused, at its place, before parsing."""
    condition = " or ".join(["not can(play)"] * 80_000)[:990_000]
    path = tmp_path / "huge_expression.yaml"
    path.write_text(f"extends: fantan\nmoves:\n  pass:\n    when: {condition}\n", encoding="utf-8")
    assert path.stat().st_size < 1_000_000
    proc = validate(path)
    check_refused(proc, path.resolve(), 4, 11, "this expression is 990000 characters long", str(path))


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge_file.yaml"
    path.write_text("extends: fantan\ntext:\n  F1: {en: \"" + "x" * 1_100_000 + "\"}\n", encoding="utf-8")
    proc = validate(path)
    check_refused(proc, path.resolve(), 1, 1, "rule files are limited to 1000000", str(path))


def test_a_nonexistent_file_is_refused_without_a_traceback(tmp_path):
    """A path on the command line that names nothing is an error of the command line, said as such (not
    as file:line:col of a rule file that is not there): exit 2, nothing called ok, no traceback."""
    path = tmp_path / "nowhere.yaml"
    proc = validate(path)
    assert "Traceback" not in proc.stdout + proc.stderr and proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == f"{path}: no such file or folder", proc.stderr
