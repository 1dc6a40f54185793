"""Running `kural` in a subprocess for the generic CLI tests (not a test module).

Games come from games/ (tests/all_games.py); nothing here names one.
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from all_games import loaded

from kural.cli.i18n import t

ROOT = Path(__file__).resolve().parents[1]
KURAL = [sys.executable, "-m", "kural.cli.main"]


def env_for(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="100")
    return env


def cpu_limit(seconds: float):
    """A preexec_fn that bounds the child's CPU time, so a hang fails fast even on a loaded machine."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (int(seconds) + 1, int(seconds) + 2))
    return limit


def kural(home: Path, *args, stdin: bytes | str = b"", timeout: float = 120, cpu: float | None = None,
          cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run kural; `timeout` bounds the wall clock, `cpu` (seconds) the CPU time of the child; `env` adds to
    the environment (a locale, KURAL_LANG)."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    proc = subprocess.run([*KURAL, *map(str, args)], input=data, capture_output=True,
                          cwd=cwd, env=env_for(home) | (env or {}), timeout=timeout,
                          preexec_fn=cpu_limit(cpu) if cpu is not None else None)
    proc.out = proc.stdout.decode("utf-8")
    proc.err = proc.stderr.decode("utf-8")
    return proc


def prompt(game: str) -> str:
    """The prompt of seat 0 in English."""
    return t("prompt", "en", name=loaded(game).seats["en"][0])


def save_of(home: Path, game: str, auto: bool = False, variants: tuple = ()) -> Path:
    """The default save of a game (its variants in the name: a rule file of one's own that extends a game is
    one by its file's name)."""
    name = "+".join([loaded(game).id, *variants])
    return home / "saves" / f"{name}{'-auto' if auto else ''}.json"


def resume_line(path: Path, game: str) -> str:
    return t("saved", "en", path=path, command=f"kural play {game} --resume {path}")
