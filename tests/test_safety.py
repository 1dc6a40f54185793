"""Safety (issue 6): rule files are data. No YAML tag builds anything, no expression reaches
Python (no eval, no exec, no attribute, no import), no library notion touches a file or a
process, and `extends` reads only inside the games directory and the folder of the file the
user named, refusing anything else before reading it, so nothing of another file is echoed.
"""
from __future__ import annotations

import ast
import builtins
import io
import os
import socket
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from kural.dsl import parsing
from kural.dsl.backend.module import HEADER
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.dsl.rulefiles import find_game, variant_dir
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import apply, new_game, result
from kural.interpreter.legal import legal_moves

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.stem for p in (ROOT / "games").glob("*.yaml"))
SECRET = "kural-secret-4f1c"  # what a file outside the allowed folders holds; it must never be printed


def kural(*args, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", KURAL_HOME=os.devnull + "-none")
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", errors="replace", cwd=ROOT, env=env, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def refused_at_load(path: Path) -> RuleError:
    with pytest.raises(RuleError) as info:
        load(str(path))
    return info.value


# ------------------------------------------------------------------------ YAML tags
TAGGED = {
    "python object": '!!python/object/apply:os.system ["touch {marker}"]',
    "python object new": '!!python/object/new:os.system ["touch {marker}"]',
    "python object state": "!!python/object:builtins.dict {{a: 1}}",
    "python name": "!!python/name:os.system",
    "python module": "!!python/module:os",
    "binary": "!!binary aGVsbG8=",
    "set": "!!set {{a, b}}",
    "omap": "!!omap [a: 1]",
    "str": "!!str fantan",
    "int": '!!int "3"',
    "map": "!!map {{en: x}}",
    "local tag": "!include /etc/passwd",
    "verbatim tag": "!<tag:example.com,2000:app/x> y",
}


@pytest.mark.parametrize("name", list(TAGGED))
def test_every_yaml_tag_is_refused_and_builds_nothing(tmp_path, name):
    marker = tmp_path / "MARKER"
    value = TAGGED[name].format(marker=marker)
    path = tmp_path / "tagged.yaml"
    path.write_text(f"extends: fantan\ntext:\n  F1: {value}\n", encoding="utf-8")
    err = refused_at_load(path)
    first = err.problems[0]
    assert "YAML tag" in first.message and "not allowed" in first.message, str(err)
    assert (first.loc.line, first.loc.col) == (3, 7), str(err)
    assert not marker.exists()


def test_a_tag_on_the_whole_document_or_through_a_tag_directive_is_refused(tmp_path):
    marker = tmp_path / "MARKER"
    for text in (f'--- !!python/object/apply:os.system ["touch {marker}"]\n',
                 f'%TAG !p! tag:yaml.org,2002:python/\n---\nextends: fantan\ntext:\n  F1: !p!object/apply:os.system ["touch {marker}"]\n'):
        path = tmp_path / "tagged.yaml"
        path.write_text(text, encoding="utf-8")
        assert "is not allowed" in refused_at_load(path).problems[0].message
    assert not marker.exists()


def test_plain_text_that_yaml_would_read_as_a_date_is_refused_with_a_hint(tmp_path):
    path = tmp_path / "dated.yaml"
    path.write_text("extends: fantan\ngame:\n  about: 2024-01-31\n", encoding="utf-8")
    first = refused_at_load(path).problems[0]
    assert "as a date" in first.message and '"2024-01-31"' in first.hint


# ------------------------------------------------------------------ expressions
NOT_THE_LANGUAGE = {
    "import": '__import__("os")',
    "open": 'open("{marker}", "w") == none',
    "eval": 'eval("1") == 1',
    "exec": 'exec("open(1)") == none',
    "compile": 'compile("1", "x", "eval") == none',
    "getattr": 'getattr(me, "real") == 0',
    "globals": "globals() == none",
    "attribute": "x.y",
    "dunder attribute": "me.__class__ == none",
    "attribute chain": '__import__("os").system("touch {marker}") == 0',
    "builtins": "__builtins__ == none",
    "text arithmetic": '"a" + "b" == "ab"',
    "text repetition": '"a" * 3 == "aaa"',
    "comprehension": "[c for c in hand(me)] == []",
    "python lambda": "(lambda: 1)() == 1",
    "import statement": "import os",
    "format string": 'f"{{me}}" == "0"',
    "subscript of text": '"abc"[0] == "a"',
}


@pytest.mark.parametrize("name", list(NOT_THE_LANGUAGE))
def test_python_in_an_expression_is_refused_at_load(tmp_path, name):
    marker = tmp_path / "MARKER"
    condition = NOT_THE_LANGUAGE[name].format(marker=marker).replace("'", "''")
    path = tmp_path / "python.yaml"
    path.write_text(f"extends: fantan\nmoves:\n  pass:\n    when: 'not can(play) and ({condition})'\n",
                    encoding="utf-8")
    err = refused_at_load(path)
    assert err.problems[0].loc.line == 4, str(err)
    assert not marker.exists()


@pytest.mark.parametrize("statement", ['open("{marker}", "w")', 'exec("1")', 'os.system("touch {marker}")',
                                       '__import__("os")', "import os"])
def test_python_in_an_effect_is_refused_at_load(tmp_path, statement):
    marker = tmp_path / "MARKER"
    path = tmp_path / "python.yaml"
    effect = statement.format(marker=marker).replace("'", "''")
    path.write_text(f"extends: fantan\nmoves:\n  play:\n    do: 'move(card, table); {effect}'\n", encoding="utf-8")
    assert refused_at_load(path).problems[0].loc.line == 4
    assert not marker.exists()


def test_loading_every_game_compiles_only_the_generated_module(monkeypatch, tmp_path):
    """Loading never evaluates a string: `compile` and `exec` are called by the Python-source backend
    alone, on the source it wrote from the checked program: the game's module (dsl/backend/program.py;
    tests/test_codegen.py shows what that module may hold), and a node's code worked out at load to fold
    or tabulate it (dsl/backend/evaluate.py, issue 36), a function `_value` after the module's header;
    `eval` is never called. (An empty cache: each module is compiled.)"""
    parsing.parser()  # the grammar itself is built by Lark (once, from grammar.lark): not a user's string
    import kural.dsl.backend.generate  # noqa: F401  (imported by a load: Python's import runs exec, not the loader)
    from kural.dsl.backend import evaluate
    evaluate._CODE.clear()  # (a node's code compiled before, by another test, is not compiled again)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    calls = []
    real = {name: getattr(builtins, name) for name in ("eval", "exec", "compile")}

    def watched(name):
        def call(*args, **kwargs):
            caller = sys._getframe(1).f_code.co_filename
            calls.append((name, caller, args[0]))
            if name == "eval" or not caller.endswith(BACKEND_RUNNERS):
                raise AssertionError(f"{name} called by {caller} while loading a rule file")
            return real[name](*args, **kwargs)
        return call
    for name in real:
        monkeypatch.setattr(builtins, name, watched(name))
    loaded = []
    try:
        for game in GAMES:
            base = find_game(game)
            loaded.append(load(game))
            for variant in sorted(variant_dir(base).glob("*.yaml")):
                loaded.append(load(game, [variant.stem]))
    finally:
        monkeypatch.undo()
    sources = {g.program.source for g in loaded}
    compiled = [text for name, caller, text in calls if name == "compile" and caller.endswith("program.py")]
    assert compiled and all(any(_part_of(text, source) for source in sources) for text in compiled), \
        "compile is given only the generated modules' sources (the part compiled at load)"
    values = [text for name, caller, text in calls if name == "compile" and caller.endswith("evaluate.py")]
    assert values and all(text == HEADER or _a_value_function(text) for text in values), \
        "a node worked out at load is compiled as one function of its locals, beside the module's header"


BACKEND_RUNNERS = (str(Path("dsl") / "backend" / "program.py"), str(Path("dsl") / "backend" / "evaluate.py"))


def _a_value_function(text: str) -> bool:
    """Is `text` what dsl/backend/evaluate.py writes: the texts it names (`k3 = ...`), then one function
    `_value` of names the backend made (v1, v2 ...) and the state? (The module's header it runs apart.)"""
    body = ast.parse(text).body
    defs = [n for n in body if isinstance(n, ast.FunctionDef)]
    return len(defs) == 1 and defs[0].name == "_value" and body[-1] is defs[0] and \
        all(isinstance(n, ast.Assign) for n in body[:-1]) and \
        all(a.arg == "s" or a.arg[0] == "v" and a.arg[1:].isdigit() for a in defs[0].args.args)


def _part_of(text: str, source: str) -> bool:
    """Is `text` the module's `source` with some of its lines blank (interpreter/deferred.py split)?"""
    mine, whole = text.splitlines(), source.splitlines()
    return len(mine) == len(whole) and all(a == b or a == "" for a, b in zip(mine, whole))


# ---------------------------------------------------------------- the library
FORBIDDEN_NAMES = {"open", "eval", "exec", "compile", "__import__", "globals", "input",
                   "breakpoint", "__builtins__", "os", "sys", "subprocess",
                   "shutil", "socket", "pathlib", "Path", "io", "importlib", "ctypes", "pickle", "marshal",
                   "tempfile", "glob", "urllib", "signal", "system", "popen"}
FORBIDDEN_MODULES = {"os", "sys", "subprocess", "shutil", "socket", "pathlib", "io", "importlib", "builtins",
                     "ctypes", "pickle", "marshal", "tempfile", "glob", "urllib", "http", "multiprocessing",
                     "signal", "runpy", "code", "codeop", "asyncio", "threading", "select", "mmap", "fcntl"}
INTERPRETER = sorted((ROOT / "interpreter").glob("*.py"))
# the library: its notions (dsl/notions/) and what they do in play (the runtime the generated module calls)
LIBRARY_SOURCES = sorted((ROOT / "dsl" / "notions").glob("*.py")) + [
    ROOT / "interpreter" / name for name in ("runtime.py", "rule_loops.py", "subset_sums.py", "partition.py")]


def names_in_code(path: Path) -> set[str]:
    """Every name written in the code of a module (not in its strings or comments)."""
    with path.open("rb") as f:
        return {tok.string for tok in tokenize.tokenize(f.readline) if tok.type == tokenize.NAME}


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            out.add((node.module or "").split(".")[0])
    return out


@pytest.mark.parametrize("path", LIBRARY_SOURCES, ids=[p.name for p in LIBRARY_SOURCES])
def test_the_library_source_touches_no_file_and_no_process(path):
    code = names_in_code(path)
    assert not code & FORBIDDEN_NAMES, code & FORBIDDEN_NAMES
    assert not imported(path) & FORBIDDEN_MODULES
    text = path.read_text(encoding="utf-8")
    for needle in ("open(", "os.", "subprocess", "__import__", "eval(", "exec("):
        assert needle not in text, needle
    for node in ast.walk(ast.parse(text)):  # attributes are looked up by fixed names only
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr"):
            assert isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str), node.lineno


@pytest.mark.parametrize("path", INTERPRETER, ids=[p.name for p in INTERPRETER])
def test_no_module_of_the_interpreter_imports_files_processes_or_eval(path):
    assert not imported(path) & FORBIDDEN_MODULES, imported(path) & FORBIDDEN_MODULES
    # interpreter/deferred.py compiles the part of a game's module kept for its first call (checked below)
    runs_module = {"exec", "compile"} if path.name == "deferred.py" else set()
    assert not names_in_code(path) & ({"open", "eval", "exec", "compile", "__import__", "system", "popen"} - runs_module)


def test_the_rules_language_reaches_python_through_no_name():
    """No dsl/ or interpreter/ module calls eval, exec, compile or __import__, except the Python-source
    backend: `Program` compiles and runs the module it wrote (its lines, split in two by `split`: the
    part every game plays at load, the rest at a later load or by interpreter/deferred.py when first
    called), and a node's code worked out at load (dsl/backend/evaluate.py, the function it wrote),
    nothing else."""
    allowed = []
    calls = {"dsl/backend/program.py": ("compile(text, f'<kural {key}>', 'exec')", "exec(code, namespace)"),
             "interpreter/deferred.py": ("compile(split(self.source, self.names)[1], self.filename, 'exec')",
                                         "exec(code, self.namespace)"),
             "dsl/backend/evaluate.py": ("compile(source, '<kural value>', 'exec')", "exec(code, namespace)")}
    for path in sorted((ROOT / "dsl").glob("*.py")) + sorted((ROOT / "dsl" / "backend").glob("*.py")) + LIBRARY_SOURCES + INTERPRETER:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("eval", "exec", "compile", "__import__"):
                call = ast.unparse(node)
                assert call in calls.get(path.relative_to(ROOT).as_posix(), ()), f"{path.name}:{node.lineno}: {call}"
                allowed.append(call)
    assert len(allowed) == 6, allowed


def test_playing_whole_games_opens_no_file_and_starts_no_process(monkeypatch):
    """Every game and variant is loaded first; then, with every way to a file, a process or the
    network made to fail, bots play them to the end."""
    defs = []
    for game in GAMES:
        defs.append(load(game))
        for variant in sorted(variant_dir(find_game(game)).glob("*.yaml")):
            defs.append(load(game, [variant.stem]))

    def forbidden(*args, **kwargs):
        raise AssertionError("a file, a process or a socket was used while playing")
    for target, name in [(builtins, "open"), (io, "open"), (os, "open"), (os, "system"), (os, "popen"),
                         (os, "execv"), (os, "execve"), (os, "fork"), (os, "remove"), (os, "unlink"),
                         (os, "listdir"), (os, "scandir"), (subprocess, "Popen"), (socket, "socket")]:
        monkeypatch.setattr(target, name, forbidden)
    for g in defs:
        for seed in range(3):
            s = new_game(g, seed)
            bots = [make_bot("random" if seat % 2 else "heuristic", seed * 8 + seat) for seat in range(g.players)]
            while not s.over:
                apply(s, bots[s.me].choose(s, legal_moves(s)))
            assert result(s)["scores"]


# ------------------------------------------------------------- files a rule file names
def secret_file(folder: Path, name: str = "secret.yaml") -> Path:
    """A file a rule file must not be able to read: if it were read, its lines would show up in
    the error (it is not valid YAML: the error would quote it)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"game: {{id: x}}\n{SECRET}: [unclosed\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("how", ["relative", "absolute", "symlink", "dot-dot inside"])
def test_extends_outside_the_allowed_folders_is_refused_without_reading_the_file(tmp_path, how):
    secret = secret_file(tmp_path / "private")
    mine = tmp_path / "mine"
    mine.mkdir()
    target = {"relative": "../private/secret.yaml", "absolute": str(secret),
              "symlink": "link.yaml", "dot-dot inside": "sub/../../private/secret.yaml"}[how]
    if how == "symlink":
        (mine / "link.yaml").symlink_to(secret)
    (mine / "sub").mkdir()
    variant = mine / "variant.yaml"
    variant.write_text(f"extends: {target}\n", encoding="utf-8")
    proc = kural("validate", variant)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"{variant}:1:10: `extends: {target}` reaches outside"), proc.stderr
    assert "hint:" in proc.stderr
    assert SECRET not in proc.stdout + proc.stderr


def test_extends_by_a_game_id_never_looks_outside_the_allowed_folders(tmp_path):
    """`extends: secret` from mine/variant.yaml: games/secret.yaml does not exist, and
    ../secret.yaml is not the game of the folder mine/ (there is no mine.yaml): not read."""
    secret_file(tmp_path)
    (tmp_path / "mine").mkdir()
    variant = tmp_path / "mine" / "variant.yaml"
    variant.write_text("extends: secret\n", encoding="utf-8")
    proc = kural("validate", variant)
    assert proc.returncode == 2
    assert "names no rule file" in proc.stderr
    assert SECRET not in proc.stdout + proc.stderr


def test_extends_that_is_neither_a_game_id_nor_a_yaml_file_is_refused(tmp_path):
    for target in ("/etc/passwd", "../../etc/passwd", "~/.ssh/id_rsa", "fantan/../../x"):
        variant = tmp_path / "variant.yaml"
        variant.write_text(f"extends: {target}\n", encoding="utf-8")
        first = refused_at_load(variant).problems[0]
        assert "neither a game id nor a .yaml file" in first.message, first.message


def test_a_users_own_game_and_its_variant_folder_may_extend_one_another(tmp_path):
    """What extends is for keeps working: a game of one's own, and variants beside it or in its folder."""
    base = (ROOT / "games" / "fantan.yaml").read_text(encoding="utf-8").replace("id: fantan", "id: mygame")
    (tmp_path / "mygame.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "mygame").mkdir()
    (tmp_path / "mygame" / "by_id.yaml").write_text("extends: mygame\nparams: {start_card: 7S}\n", encoding="utf-8")
    (tmp_path / "mygame" / "by_path.yaml").write_text("extends: ../mygame.yaml\nparams: {row_rank: 8}\n",
                                                      encoding="utf-8")
    (tmp_path / "beside.yaml").write_text("extends: mygame.yaml\nparams: {row_rank: 8}\n", encoding="utf-8")
    (tmp_path / "mygame" / "chained.yaml").write_text("extends: by_id.yaml\n", encoding="utf-8")
    for name in ("mygame/by_id.yaml", "mygame/by_path.yaml", "beside.yaml", "mygame/chained.yaml"):
        assert load(str(tmp_path / name)).id == "mygame"
    assert load(str(tmp_path / "mygame.yaml"), ["by_path"]).param_values["row_rank"] == 8


@pytest.mark.parametrize("command", [["validate"], ["simulate", "-n", "1"], ["rules"], ["play", "--auto"]])
def test_a_path_that_is_not_a_yaml_file_is_refused_without_being_read(tmp_path, command):
    secret = tmp_path / "notes.txt"
    secret.write_text(f"game:\n  {SECRET}: [\n", encoding="utf-8")
    for path in [secret] + ([Path("/etc/passwd")] if Path("/etc/passwd").is_file() else []):
        proc = kural(*command, path)
        assert proc.returncode == 2, proc.stdout + proc.stderr
        assert "Traceback" not in proc.stderr
        assert "this is not a rule file" in proc.stderr, proc.stderr
        shown = proc.stdout + proc.stderr
        assert SECRET not in shown and "root:" not in shown


def test_a_variant_named_by_a_path_that_is_not_yaml_is_not_read(tmp_path):
    secret = tmp_path / "notes.txt"
    secret.write_text(f"{SECRET}: [\n", encoding="utf-8")
    with pytest.raises(RuleError) as info:
        load("fantan", [str(secret)])
    assert SECRET not in str(info.value)
    assert "has no variant" in info.value.problems[0].message
