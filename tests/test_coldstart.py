"""Cold start: a command imports only what it needs, `list` compiles nothing, the
parser cache is only ever a cache, and libyaml reads a rule file exactly as PyYAML does.

No timings here (benchmarks/bench_coldstart.py measures them): these tests check the
behaviour the speed rests on, so that it cannot silently come undone.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from kural.cli import listing
from kural.dsl import parsing, yamlload
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.dsl.paths import games_dir

ROOT = Path(__file__).resolve().parents[1]
RULE_MACHINERY = ("lark", "kural.dsl.parsing", "kural.dsl.compiler", "kural.dsl.loader", "kural.interpreter.engine")  # what compiling a game imports


def imported_by(tmp_path: Path, *args, **env_extra) -> set[str]:
    """The modules a `kural` process imports (from `python -X importtime`)."""
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    env.update(env_extra)
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "kural.cli.main", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


def test_help_imports_no_command(tmp_path):
    """`kural --help` prints the commands' help without loading any of them."""
    modules = imported_by(tmp_path, "--help")
    assert "typer" in modules  # the check sees imports at all
    loaded = {m for m in modules if m.startswith(RULE_MACHINERY + ("yaml", "kural.cli.play", "cli.diff", "rich.progress"))}
    assert not loaded


# ------------------------------------------------------------------ without typer (cli/quick.py)
def run_kural(tmp_path: Path, *args, typer_answers: bool = False, **env_extra) -> subprocess.CompletedProcess:
    """`python -m kural.cli.main ARGS`; with typer_answers, the same app started under another program name,
    so that cli/quick.py leaves every answer to typer (what the quick answers must equal)."""
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG", "COLUMNS")}
    env.update(KURAL_HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT),
               COLUMNS="100")
    env.update(env_extra)
    start = (["-c", "import sys; sys.argv[0] = 'python -m kural.cli.main'; from kural.cli.main import main; main()"]
             if typer_answers else ["-m", "kural.cli.main"])
    return subprocess.run([sys.executable, *start, *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=60, stdin=subprocess.DEVNULL)


def help_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "kural").glob("help-*"))


def test_help_is_typers_own_text_kept_and_then_printed_without_typer(tmp_path):
    """The first `kural --help` is typer's and is kept; the next prints the same bytes and imports no
    typer, rich or YAML (the cost of --help is then Python's start and the cli package's)."""
    first = run_kural(tmp_path, "--help")
    assert first.returncode == 0 and first.stdout.startswith("Usage: ") and "list" in first.stdout, first.stderr
    assert len(help_files(tmp_path)) == 1
    again = run_kural(tmp_path, "--help")
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, "")
    assert run_kural(tmp_path, "-h").stdout == first.stdout
    modules = imported_by(tmp_path, "--help", COLUMNS="100")
    assert "kural.cli.quick" in modules and not {m for m in modules if m.split(".")[0] in ("typer", "rich", "yaml")}


@pytest.mark.parametrize("env", [{"COLUMNS": "60"}, {"COLUMNS": "200"}, {"KURAL_LANG": "tr"}],
                         ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items()))
def test_a_kept_help_is_never_printed_for_another_width_or_language(tmp_path, env):
    """The width of the terminal and KURAL_LANG change typer's text: each has its own kept help, equal
    to what typer prints for it."""
    run_kural(tmp_path, "--help")  # kept for COLUMNS=100, English
    typers = run_kural(tmp_path / "other", "--help", typer_answers=True, **env).stdout
    assert run_kural(tmp_path, "--help", **env).stdout == typers  # typer's answer, kept
    assert run_kural(tmp_path, "--help", **env).stdout == typers  # the kept one
    assert len(help_files(tmp_path)) == 2
    if "KURAL_LANG" in env:
        assert "kart oyunları" in typers


def test_a_kept_help_is_keyed_by_the_source_of_the_commands(tmp_path, monkeypatch):
    """A new command or an edited help text (any change to cli/*.py) is a new key, never an old text."""
    from kural.cli import quick
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    copy = tmp_path / "cli"
    copy.mkdir()
    for path in (ROOT / "cli").glob("*.py"):
        (copy / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(quick, "CLI_DIR", str(copy))
    before = quick._help_file()
    with (copy / "i18n.py").open("a", encoding="utf-8") as f:
        f.write("# edited\n")
    assert quick._help_file() != before
    monkeypatch.setattr(quick, "CLI_DIR", str(ROOT / "cli"))
    assert quick._help_file() == before  # the same files: the same key, wherever they are


def test_a_damaged_or_missing_cache_leaves_the_help_to_typer(tmp_path):
    """An empty kept help is no help kept; a cache folder that cannot be made is no cache."""
    good = run_kural(tmp_path, "--help").stdout
    [kept] = help_files(tmp_path)
    kept.write_text("", encoding="utf-8")
    assert run_kural(tmp_path, "--help").stdout == good
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    proc = run_kural(tmp_path, "--help", XDG_CACHE_HOME=str(blocker), HOME=str(blocker))
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, good, "")


@pytest.mark.parametrize("args", [["list"], ["list", "--lang", "en"], ["list", "--lang=TR"]])
def test_list_without_typer_prints_what_typer_and_rich_print(tmp_path, args):
    """`kural list` answered by cli/quick.py: the same lines and exit code as through the typer app."""
    quick = run_kural(tmp_path, *args)
    typers = run_kural(tmp_path, *args, typer_answers=True)
    assert quick.returncode == 0 and quick.stdout.count("\n") >= 3
    assert (quick.returncode, quick.stdout, quick.stderr) == (typers.returncode, typers.stdout, typers.stderr)


@pytest.mark.parametrize("args", [["list", "--lang", "xx"], ["list", "--help"], ["list", "extra"]])
def test_list_in_any_other_form_is_typers_to_answer(tmp_path, args):
    quick, typers = run_kural(tmp_path, *args), run_kural(tmp_path, *args, typer_answers=True)
    assert (quick.returncode, quick.stdout, quick.stderr) == (typers.returncode, typers.stdout, typers.stderr)


def test_the_plain_console_writes_what_richs_writes_for_the_lines_of_list(tmp_path, monkeypatch):
    """Titles with what rich treats specially (markup, emoji codes, a carriage return it drops, a long
    line it does not wrap) and a broken file (the error printed on stderr): the same text either way."""
    import io
    from kural.cli import main, quick
    games = tmp_path / "games"
    (games / "odd").mkdir(parents=True)
    title = "[bold]Odd[/bold] :smile: a\\rb \\t" + "long " * 40
    (games / "odd.yaml").write_text(f'game:\n  id: odd\n  title: "{title}"\n  about: "x\\u00e7"\n', encoding="utf-8")
    (games / "odd" / "v.yaml").write_text('variant:\n  id: v\n  title: {en: "[red]V[/red]"}\n', encoding="utf-8")
    (games / "broken.yaml").write_text("game:\n  id: x\n  title: [unclosed\n", encoding="utf-8")
    monkeypatch.setattr(listing, "games_dir", lambda: games)
    outputs = []
    for consoles in ("rich", "plain"):
        out, err = io.StringIO(), io.StringIO()
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        pair = (main.make_console(), main.make_console(stderr=True)) if consoles == "rich" else \
            (quick.PlainConsole(out), quick.PlainConsole(err))
        code = listing.list_games(*pair, "en")
        monkeypatch.undo()
        monkeypatch.setattr(listing, "games_dir", lambda: games)
        outputs.append((code, out.getvalue(), err.getvalue()))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 2 and "[bold]Odd" in outputs[0][1] and "broken.yaml:" in outputs[0][2]


def test_list_reads_titles_without_compiling(tmp_path):
    """`kural list` reads the files' heads: no grammar, no compiler, no engine."""
    modules = imported_by(tmp_path, "list")
    assert "kural.dsl.yamlload" in modules
    assert not {m for m in modules if m.startswith(RULE_MACHINERY)}


def test_list_shows_what_the_loader_reads(tmp_path):
    """The heads `list` reads are the id, titles, description and language that loading the game gives."""
    for path in sorted(games_dir().glob("*.yaml")):
        g, head = load(path.stem), listing.game_head(path)
        assert (head.id, head.title, head.about, head.lang) == (g.id, g.title, g.about, g.lang)


def test_list_reports_a_file_it_cannot_read_and_leaves_rules_to_validate(tmp_path):
    """A head that is not YAML is a file:line:col problem; broken rules (or broken YAML) below a
    sound head are `kural validate`'s to find, not `list`'s (it reads the head and compiles nothing)."""
    broken_yaml = tmp_path / "broken.yaml"
    broken_yaml.write_text("game:\n  id: x\n  title: [unclosed\n", encoding="utf-8")
    with pytest.raises(RuleError) as exc:
        listing.game_head(broken_yaml)
    assert str(exc.value.problems[0].loc).startswith(f"{broken_yaml}:")
    broken_rules = tmp_path / "rules.yaml"
    broken_rules.write_text("game:\n  id: x\n  title: {en: X, tr: İks}\nresult:\n  winner: (((\n", encoding="utf-8")
    assert listing.game_head(broken_rules).title == {"en": "X", "tr": "İks"}
    broken_below = tmp_path / "below.yaml"
    broken_below.write_text("game:\n  id: x\n  title: X\nflow: [unclosed\n", encoding="utf-8")
    assert listing.game_head(broken_below).id == "x"  # only the head is read


# ------------------------------------------------------------------ parser cache
def fresh_parser(monkeypatch, cache_home: Path, grammar: Path | None = None):
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    if grammar is not None:
        monkeypatch.setattr(parsing, "grammar_path", lambda: grammar)
    parsing.parser.cache_clear()
    try:
        return parsing.parser()
    finally:
        parsing.parser.cache_clear()


def cache_files(cache_home: Path) -> list[Path]:
    return sorted((cache_home / "kural").glob("grammar-*"))


def parses_the_language(p) -> bool:
    return bool(p.parse("move(top(stock), table)", start="effects")) and bool(p.parse("rank(card) == 7", start="expr"))


def edited_grammar(tmp_path: Path, note: str = "edited") -> Path:
    """grammar.lark with a comment added: a grammar the shipped tables (dsl/grammar_tables.json) were not
    made from, so that the parser is built from it, through Lark's cache."""
    edited = tmp_path / f"grammar-{note}.lark"
    edited.write_text(parsing.grammar_path().read_text(encoding="utf-8") + f"\n// {note}\n", encoding="utf-8")
    return edited


def test_the_shipped_grammar_needs_no_parser_cache(tmp_path, monkeypatch):
    """grammar.lark as kural ships it is read from its shipped tables: nothing is analysed, nothing cached."""
    assert parses_the_language(fresh_parser(monkeypatch, tmp_path))
    assert cache_files(tmp_path) == []


def test_the_parser_is_cached_per_user_and_reused(tmp_path, monkeypatch):
    grammar = edited_grammar(tmp_path)
    first = fresh_parser(monkeypatch, tmp_path, grammar)
    [cache] = cache_files(tmp_path)
    written = cache.read_bytes()
    second = fresh_parser(monkeypatch, tmp_path, grammar)
    assert cache.read_bytes() == written  # read, not rebuilt
    assert parses_the_language(first) and parses_the_language(second)
    assert {t.name for t in first.terminals} == {t.name for t in second.terminals}  # keywords() reads them


def test_a_changed_grammar_gets_its_own_cache(tmp_path, monkeypatch):
    """The grammar's text is part of the key: an edited grammar.lark is never answered by an old cache."""
    fresh_parser(monkeypatch, tmp_path, edited_grammar(tmp_path))
    p = fresh_parser(monkeypatch, tmp_path, edited_grammar(tmp_path, "edited again"))
    assert len(cache_files(tmp_path)) == 2 and parses_the_language(p)


def test_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    grammar = edited_grammar(tmp_path)
    fresh_parser(monkeypatch, tmp_path, grammar)
    [cache] = cache_files(tmp_path)
    damaged = b"not a cache\n\x80\x04garbage"
    cache.write_bytes(damaged)
    assert parses_the_language(fresh_parser(monkeypatch, tmp_path, grammar))
    assert cache.read_bytes() != damaged  # written again by the rebuild


def test_no_writable_cache_folder_is_no_cache(tmp_path, monkeypatch):
    """A cache folder that cannot be made (here its parent is a file) leaves kural working, silently."""
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    assert parses_the_language(fresh_parser(monkeypatch, blocker))
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(XDG_CACHE_HOME=str(blocker), HOME=str(blocker), PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "validate", str(games_dir())], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr


# ------------------------------------------------------------------ libyaml
needs_libyaml = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML was built without libyaml")


def shape(value):
    """A loaded value with every place it records (the marks error messages quote)."""
    if isinstance(value, yamlload.LDict):
        return ("map", str(value.loc), [(k, str(value.key_loc(k)), str(value.val_loc(k)), shape(v))
                                        for k, v in value.items()])
    if isinstance(value, yamlload.LList):
        return ("seq", str(value.loc), [str(loc) for loc in value.locs], [shape(v) for v in value])
    if isinstance(value, yamlload.LStr):
        return ("str", str(value), str(value.loc), value.style)
    return (type(value).__name__, value)


def read_both_ways(monkeypatch, path: Path):
    """What load_file gives with libyaml's parser and with PyYAML's own: a shape or a rendered error."""
    out = []
    for with_libyaml in (True, False):
        monkeypatch.setattr(yaml, "__with_libyaml__", with_libyaml)
        try:
            out.append(shape(yamlload.load_file(path)))
        except RuleError as exc:
            out.append([p.render() for p in exc.problems])
    return out


YAML_FILES = sorted(p for p in [*ROOT.glob("games/**/*.yaml"), *ROOT.glob("tests/**/*.yaml")])


@needs_libyaml
@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_libyaml_reads_every_file_as_pyyaml_does(monkeypatch, path):
    """Same values, same places (line:col of every key and value), same errors, for every rule file,
    variant and broken test file of the repository."""
    fast, pure = read_both_ways(monkeypatch, path)
    assert fast == pure


@needs_libyaml
def test_broken_yaml_is_worded_by_pyyaml_on_every_machine(tmp_path, monkeypatch):
    """libyaml words this error `... in this context`; the message must not depend on how PyYAML was built."""
    path = tmp_path / "bad.yaml"
    path.write_text("game:\n  id: x\n  copies: 1: 2\n", encoding="utf-8")
    fast, pure = read_both_ways(monkeypatch, path)
    assert fast == pure and "mapping values are not allowed here" in fast[0]


@needs_libyaml
def test_an_alias_bomb_is_refused_before_it_is_built(tmp_path):
    """Composing shares aliased nodes, and the measure refuses the tree before building (the bound of
    MAX_NODES); the wall-clock bound only makes a regression fail fast."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 12)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = ("import sys; from pathlib import Path; from kural.dsl.yamlload import load_file\n"
            "try:\n    load_file(Path(sys.argv[1]))\nexcept Exception as e:\n    print(type(e).__name__, e)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=30)
    assert proc.stdout.startswith("RuleError") and "alias bomb" in proc.stdout, proc.stdout + proc.stderr


def test_a_game_read_back_from_the_cache_imports_no_reader_of_rule_files(tmp_path):
    """Issue 36 (a kept game is plain data, and play runs nothing of the rules language): the second run of a
    game loads it from the cache, and so imports no YAML reader, no parser and no compiler (a 10,000-game
    run's start is a part of its time); the first, which compiles it, does."""
    first = imported_by(tmp_path, "simulate", "fantan", "-n", "1", "--bots", "random", "--seed", "1")
    again = imported_by(tmp_path, "simulate", "fantan", "-n", "1", "--bots", "random", "--seed", "1")
    compiling = ("lark", "yaml", "kural.dsl.parsing", "kural.dsl.compiler", "kural.dsl.building", "kural.dsl.yamlload",
                 "kural.dsl.rulefiles", "kural.dsl.schema")
    assert {"lark", "yaml", "kural.dsl.compiler"} <= first  # the check sees the compiling imports at all
    assert not {m for m in again if m.startswith(compiling)}, sorted(m for m in again if m.startswith(compiling))
