"""One language for help and errors: with --lang tr (or KURAL_LANG=tr), typer's own words (Usage,
Options, Arguments, Commands, Show this message and exit., Try ... for help., Error:, [default: ...],
its messages about what was typed) are Turkish too, the person addressed as sen; in English they are
typer's, as they were.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kural.cli import typer_words

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ("Usage", "Options", "Arguments", "Commands", "Show this message", "Try '", "Error", "[default:",
           "[required]", "Invalid value", "No such", "Missing", "Got unexpected", "is not a valid", "is not one of",
           "Install completion", "Show completion", "[OPTIONS]", "GAME", "NAME=VALUE", "<int>")
SIZ = re.compile(r"\w+(iniz|ınız|unuz|ünüz|sınız|siniz|yiniz|yınız)\b")  # the polite plural: never used


def kural(tmp_path: Path, *args, **env_extra) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT),
               PYTHONIOENCODING="utf-8", COLUMNS="100")
    env.update(env_extra)
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env, timeout=120, stdin=subprocess.DEVNULL)


def turkish_only(text: str) -> None:
    assert text.strip()
    for english in ENGLISH:
        assert english not in text, (english, text)
    assert not SIZ.search(text), SIZ.search(text)


@pytest.mark.parametrize("args,env", [(["play", "--help", "--lang", "tr"], {}),
                                      (["check", "-h", "--lang", "tr"], {}),
                                      (["simulate", "--help"], {"KURAL_LANG": "tr"}),
                                      (["--lang", "tr", "--help"], {}),
                                      (["--help"], {"KURAL_LANG": "tr"})],
                         ids=["play --lang", "check --lang", "simulate KURAL_LANG", "kural --lang", "kural KURAL_LANG"])
def test_help_in_turkish_says_typers_words_in_turkish(tmp_path, args, env):
    """A command's help and kural's own: the usage line, the section titles, the help option, the
    defaults and the names of what is typed, in Turkish; `kural --help` kept and printed again from the
    cache (cli/quick.py) is the same Turkish text."""
    proc = kural(tmp_path, *args, **env)
    assert proc.returncode == 0, proc.stderr
    turkish_only(proc.stdout)
    assert proc.stdout.startswith("Kullanım: ") and "Seçenekler:" in proc.stdout
    assert "Bu yardımı yazar ve çıkar." in proc.stdout
    if args[0] == "play":
        assert "Argümanlar:" in proc.stdout and "--set AD=DEĞER" in proc.stdout and "[OYUN]" in proc.stdout
    if args[0] == "simulate":
        assert "[varsayılan: 1000" in proc.stdout
    if args[-1] == "--help" and args[0] != "simulate":
        assert "Komutlar:" in proc.stdout and "Kabuğun için komut tamamlamayı kurar." in proc.stdout
        assert kural(tmp_path, *args, **env).stdout == proc.stdout  # (the second from the kept help)


@pytest.mark.parametrize("args", [["play", "fantan", "--seed", "x"], ["play", "--bogus"], ["bogus"],
                                  ["check", "canasta"], ["play", "chess"], ["play", "canasta", "--players", "9"],
                                  ["play", "fantan", "--lang", "xx"], ["play", "fantan", "extra"],
                                  ["simulate", "fantan", "-n", "0"]])
def test_a_usage_error_in_turkish_says_usage_hint_and_error_in_turkish(tmp_path, args):
    """A command line typer refuses, with KURAL_LANG=tr: exit 2, its usage line, the hint that says how
    to ask for help, and `Hata:` with the message, all in Turkish."""
    proc = kural(tmp_path, *args, KURAL_LANG="tr")
    assert proc.returncode == 2, proc.stderr
    turkish_only(proc.stderr)
    lines = proc.stderr.splitlines()
    assert lines[0].startswith("Kullanım: ")
    assert re.fullmatch(r"Yardım için '.+ -h' yaz\.", lines[1]), lines[1]
    assert lines[-1].startswith("Hata: ")


def test_in_english_typers_words_are_typers_own(tmp_path):
    """In an English locale, without --lang or KURAL_LANG, help and a usage error are typer's English, word
    for word."""
    proc = kural(tmp_path, "play", "fantan", "--seed", "x", LC_MESSAGES="en_US.UTF-8")
    assert proc.returncode == 2
    program = "python -m kural.cli.main"  # (as the tests start it; `kural` when installed)
    assert proc.stderr.splitlines() == [f"Usage: {program} play [OPTIONS] [GAME]", f"Try '{program} play -h' for help.",
                                        "", "Error: Invalid value for '--seed': 'x' is not a valid int."]
    help_ = kural(tmp_path, "play", "--help", LC_MESSAGES="en_US.UTF-8").stdout
    assert help_.startswith(f"Usage: {program} play [OPTIONS] [GAME]") and "Show this message and exit." in help_


def test_every_message_of_typer_in_the_catalog_reads_as_its_pattern_says():
    """The catalog's patterns, each tried on a message typer writes: the Turkish fills in its parts, and a
    message no pattern matches is left as it is (never half translated)."""
    cases = {
        "Invalid value for '--seed': 'x' is not a valid int.": "'--seed' için geçersiz değer: 'x' bir tam sayı değil.",
        "No such option: --bogus (Possible options: --bots)": "Böyle bir seçenek yok: --bogus (belki: --bots)",
        "No such command 'pla'. Did you mean 'play'?": "Böyle bir komut yok: 'pla'. Şunu mu demek istedin: 'play'?",
        "Missing argument 'CARD...'.": "Eksik argüman: 'KART...'.",
        "Invalid value for 'GAME': there is no game `x` (did you mean `fanti`?)":
            "'OYUN' için geçersiz değer: `x` adında bir oyun yok (`fanti` mi demek istedin?)",
        "Option '--seed' requires an argument.": "'--seed' seçeneği bir değer ister.",
        "something typer may say one day": "something typer may say one day",
    }
    for english, turkish in cases.items():
        assert typer_words.message(english, "tr") == turkish
        assert typer_words.message(english, "en") == english
    assert typer_words.help_text("The seed.  [default: 1; required]") == "The seed.  [default: 1; required]"
