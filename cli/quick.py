"""`kural --help` and `kural list` without typer and rich, whose imports cost more than the answer.

cli/main.py calls `answer()` before it imports typer. It answers only these two requests, exactly as
the typer app does:

- `kural --help` (or `-h`): typer's own help text, kept in the user's cache folder (dsl/paths.py) the
  first time typer prints it. The file's name holds everything the text depends on: the source of
  the cli package (commands, options, help texts in both languages), typer's version, the help's
  language (cli/i18n.py choose_lang: KURAL_LANG, else the locale), the terminal's width and the
  program's name. An unreadable cache is no cache.
- `kural list [--lang tr|en]`: cli/listing.py with a console that writes plain lines as rich's
  does (PlainConsole). Any other form (`list --help`, a wrong --lang) is left to typer.
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
