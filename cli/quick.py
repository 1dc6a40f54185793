"""`kural --help`, `kural list` and a plain `kural simulate` without typer, whose import costs more than
the answer (and without rich, but for simulate's table).

cli/main.py calls `answer()` before it imports typer. It answers only these requests, exactly as
the typer app does:

- `kural --help` (or `-h`): typer's own help text, kept in the user's cache folder (dsl/paths.py) the
  first time typer prints it. The file's name holds everything the text depends on: the source of
  the cli package (commands, options, help texts in both languages), typer's version, the help's
  language (cli/i18n.py choose_lang: KURAL_LANG, else the locale), the terminal's width and the
  program's name. An unreadable cache is no cache.
- `kural list [--lang tr|en]`: cli/listing.py with a console that writes plain lines as rich's
  does (PlainConsole). Any other form (`list --help`, a wrong --lang) is left to typer.
- `kural simulate GAME` with only -n/--games, --seed, --bots, --workers and --json, in their plain forms
  (_simulate_line): the command's own code (cli/simulate_command.py), after the same checks; a line that
  fails one (a game that does not load, bots or a seed that do not fit) is left to typer, which says why.
"""
from __future__ import annotations

import hashlib
import os
import sys

HELP_ARGS = (["--help"], ["-h"])
LANG_VALUES = ("tr", "en")  # --lang, as typer reads it (case_sensitive=False)
CLI_DIR = os.path.dirname(os.path.abspath(__file__))


def answer(argv: list[str]) -> None:
    """Answer `--help` from its cache, or `list`, and exit; return when the typer app must answer."""
    if argv in HELP_ARGS:
        text = _kept_help()
        if text is not None:
            tolerant_streams()
            try:
                sys.stdout.write(text)
                sys.stdout.flush()
            except BrokenPipeError:
                leave_quietly()
            sys.exit(0)
    simulate = _simulate_line(argv)
    if simulate is not None:
        tolerant_streams()
        _simulate(simulate)  # (returns where typer must read the line)
    lang = _list_lang(argv)
    if lang is not False:
        tolerant_streams()
        try:
            code = _list(lang)
        except BrokenPipeError:
            leave_quietly()
        sys.exit(code)


def keep_help(argv: list[str], app) -> None:
    """Run the typer app; when it prints the help, keep that text (for answer) and print it."""
    if argv not in HELP_ARGS:
        app()
        return
    import io
    from contextlib import redirect_stdout
    printed = io.StringIO()
    try:
        with redirect_stdout(printed):
            app()
    except SystemExit as done:
        sys.stdout.write(printed.getvalue())
        if done.code in (0, None):
            _write_help(printed.getvalue())
        raise


# ------------------------------------------------------------------ help
def _help_file() -> str | None:
    """The cache file of the help this process would print, or None when there is no cache folder."""
    from kural.dsl.paths import cache_dir
    folder = cache_dir()
    if folder is None:
        return None
    import shutil
    main = sys.modules.get("__main__")
    key = hashlib.sha256()
    for name in sorted(os.listdir(CLI_DIR)):
        if name.endswith(".py"):
            with open(os.path.join(CLI_DIR, name), "rb") as f:
                key.update(name.encode() + b"\0" + f.read() + b"\0")
    from .i18n import choose_lang  # the help's language, as the app decides it
    for part in (_typer_version(), choose_lang(), shutil.get_terminal_size().columns, sys.argv[0],
                 getattr(main, "__package__", None), getattr(getattr(main, "__spec__", None), "name", None)):
        key.update(repr(part).encode() + b"\0")
    return os.path.join(folder, f"help-{key.hexdigest()[:24]}.txt")


def _typer_version() -> bytes:
    """typer's version, without importing it: its package's __init__.py, which states it."""
    from importlib.machinery import PathFinder
    spec = PathFinder.find_spec("typer")
    try:
        with open(spec.origin, "rb") as f:
            return f.read()
    except (AttributeError, TypeError, OSError):
        return b"?"


def _kept_help() -> str | None:
    try:
        path = _help_file()
        if path is None:
            return None
        with open(path, encoding="utf-8") as f:
            return f.read() or None
    except (OSError, ValueError):  # no cache yet, or one that does not read: typer answers
        return None


def _write_help(text: str) -> None:
    """Written whole or not at all (a temporary file renamed), so that a reader never sees half of it."""
    try:
        path = _help_file()
        if path is None:
            return
        temp = f"{path}.{os.getpid()}.tmp"
        with open(temp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, path)
    except OSError:
        pass


# ------------------------------------------------------------------ list
def _list_lang(argv: list[str]):
    """The --lang of a plain `list` (None when not given), or False for anything else."""
    if not argv or argv[0] != "list":
        return False
    rest = argv[1:]
    if not rest:
        return None
    if len(rest) == 2 and rest[0] == "--lang":
        value = rest[1]
    elif len(rest) == 1 and rest[0].startswith("--lang="):
        value = rest[0][len("--lang="):]
    else:
        return False
    return value.lower() if value.lower() in LANG_VALUES else False


def make_console(stderr: bool = False, file=None):
    """Every command's console: colours only on a terminal; player text is never read as markup."""
    from rich.console import Console
    return Console(stderr=stderr, file=file, highlight=False, markup=False, emoji=False, soft_wrap=True)


class PlainConsole:
    """The part of make_console()'s console that `list` uses, print(text), for a line rich would write
    as it is (no markup, no highlighting, no wrapping); a line with a character rich changes (a tab it
    expands, a control code it drops) goes through rich itself."""

    def __init__(self, stream):
        self.stream = stream
        self.rich = None

    def print(self, text: str = "") -> None:
        text = str(text)
        if text.isprintable():
            self.stream.write(text + "\n")
            return
        if self.rich is None:
            self.rich = make_console(file=self.stream)
        self.rich.print(text)


def _list(lang: str | None) -> int:
    from .listing import list_games
    try:
        return list_games(PlainConsole(sys.stdout), PlainConsole(sys.stderr), lang)
    finally:
        sys.stdout.flush()


# ------------------------------------------------------------------ simulate
SIM_VALUES = {"-n": "n", "--games": "n", "--seed": "seed", "--bots": "bots", "--workers": "workers"}
SIM_FLAGS = {"--json": "as_json"}
SIM_WHOLE = {"n", "seed", "workers"}
SIM_DEFAULTS = {"n": 1000, "seed": 1}  # the typer command's defaults too (cli/main.py simulate): one place  # the options whose value is a whole number (-n and --workers at least 1)


def _simulate_line(argv: list[str]) -> dict | None:
    """The options of a plain `simulate GAME` line: -n/--games, --seed, --bots, --workers and --json, each at
    most once, a value as the next word (a whole number in digits where one is asked, -n and --workers at
    least 1), in any order. None for any other line, which typer reads, with its checks and messages."""
    if not argv or argv[0] != "simulate" or any(name.startswith("_KURAL_COMPLETE") for name in os.environ):
        return None
    options: dict = {}
    games = []
    words = iter(argv[1:])
    for word in words:
        if word in SIM_FLAGS:
            name, value = SIM_FLAGS[word], True
        elif word in SIM_VALUES:
            name, value = SIM_VALUES[word], _whole(next(words, None), SIM_VALUES[word])
            if value is None:
                return None
        elif word.startswith("-") or not word:
            return None
        else:
            games.append(word)
            continue
        if name in options:
            return None
        options[name] = value
    return {"game": games[0], **options} if len(games) == 1 else None


def _whole(value: str | None, name: str):
    """An option's value as typer would take it (a whole number where one is asked), or None where typer
    must read it (none, one that looks like an option, a number out of its range or written otherwise)."""
    if value is None or (value.startswith("-") and name != "seed"):
        return None
    if name not in SIM_WHOLE:
        return value
    digits = value[1:] if value.startswith("-") else value
    if not (digits.isascii() and digits.isdigit()):
        return None
    number = int(value)
    return None if name != "seed" and number < 1 else number


def _simulate(options: dict) -> None:
    """A plain simulate line run as the typer command runs it (cli/simulate_command.py), or a return before
    anything is printed where the line is refused (the game does not load, --bots or --seed does not fit):
    typer then reads it and says why."""
    import gc
    gc.disable()  # the imports below: no collections (as cli/main.py's)
    from kural.cli import simulate_command as command
    from kural.dsl.errors import RuleError
    from kural.dsl.loader import load
    from kural.interpreter.errors import PlayError, SeedError
    from kural.interpreter.seeds import seed_of
    from .i18n import choose_lang
    n, seed, lang = options.get("n", SIM_DEFAULTS["n"]), options.get("seed", SIM_DEFAULTS["seed"]), choose_lang(None)
    try:
        out, err = make_console(), make_console(stderr=True)
        try:
            g = load(options["game"], [], [], None)
            kinds, seats = command.kinds_and_seats(g, options.get("bots") or g.bots, lang)
            seed_of(seed, n)
        except (RuleError, SeedError):
            kinds = None
        if kinds is None or any(":" in kind for kind in kinds):  # a policy module:Name: typer's line imports it
            return
        gc.freeze()  # (the modules live as long as the process: see cli/main.py main)
        gc.enable()
        command.run_and_print(out, err, g, n, seed, kinds, seats, lang, options.get("as_json", False),
                              workers=options.get("workers"))
    except PlayError as exc:  # as cli/main.py main() says it
        sys.stderr.write(exc.render(lang) + "\n")
        sys.exit(2)
    except BrokenPipeError:
        leave_quietly()
    except KeyboardInterrupt:  # Ctrl-C outside the games (those say it themselves): as typer says it
        from . import typer_words
        sys.stderr.write("\n" + typer_words.word("Aborted!", lang) + "\n")
        sys.exit(1)
    finally:
        gc.enable()
        gc.freeze()
    sys.exit(0)


# ------------------------------------------------------------------ every command
def collector_off() -> None:
    """No cyclic collections while the program imports its modules (some 40 collections, 2% of the
    instructions of a start): they make objects that live as long as the process, and almost no garbage.
    cli/main.py main() turns the collector on again, with those objects frozen out of it."""
    import gc
    gc.disable()


def tolerant_streams() -> None:
    """Odd bytes in the input or an output that cannot show a symbol never stop the game."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass


def leave_quietly() -> None:
    """The reader went away (`kural ... | head`): exit 1 with no traceback, nor one at shutdown."""
    try:
        sys.stdout = open(os.devnull, "w")
    except OSError:
        pass
    sys.exit(1)
