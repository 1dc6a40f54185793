"""One language, the user's (issue 35.10): every command speaks --lang, else KURAL_LANG, else the locale
(LC_ALL, LC_MESSAGES, LANG: the first set and not empty, as POSIX reads them; tr_* is Turkish, anything
else English). The rule file's own language (`game.lang`, Turkish for the bundled games) chooses nothing.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from all_games import loaded
from cli_support import ROOT, env_for

from kural.cli import typer_words
from kural.cli.i18n import choose_lang, locale_lang, pick, t

GAME = "fantan"  # a bundled game whose own language is Turkish (checked below)
LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG", "KURAL_LANG")


@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "tr_TR.UTF-8"}, "tr"),
    ({"LANG": "tr_CY"}, "tr"),
    ({"LANG": "tr"}, "tr"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({}, "en"),
    ({"LC_ALL": "C", "LANG": "tr_TR.UTF-8"}, "en"),
    ({"LC_ALL": "tr_TR.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_US.UTF-8"}, "tr"),
    ({"LC_MESSAGES": "tr_TR.UTF-8", "LANG": "en_US.UTF-8"}, "tr"),
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "tr_TR.UTF-8"}, "tr"),
])
def test_the_locale_says_the_language_in_posix_order(environ, lang):
    """Issue 35.10: LC_ALL, then LC_MESSAGES, then LANG, an empty one skipped; tr_* Turkish, any other
    (C, POSIX, none) English."""
    assert locale_lang(environ) == lang


def test_option_then_kural_lang_then_locale(monkeypatch):
    """Issue 35.10: --lang wins over KURAL_LANG, which wins over the locale."""
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    assert choose_lang() == "tr"
    monkeypatch.setenv("KURAL_LANG", "en")
    assert choose_lang() == "en"
    assert choose_lang("tr") == "tr"
    monkeypatch.setenv("KURAL_LANG", "xx")  # not a language of kural: the locale decides
    assert choose_lang() == "tr"


def run(tmp_path, environ: dict, *args) -> subprocess.CompletedProcess:
    env = {k: v for k, v in env_for(tmp_path / "home").items() if k not in LOCALE}
    env.update(environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, env=env, timeout=120, stdin=subprocess.DEVNULL)


def said_in(lang: str, tmp_path, environ: dict, extra: tuple = ()) -> None:
    """Every command, run under `environ` (and `extra` on its line), speaks `lang`."""
    g = loaded(GAME)
    other = "en" if lang == "tr" else "tr"
    listed = run(tmp_path, environ, "list", *extra).stdout
    assert pick(g.title, lang) in listed and f" {t('list_variant', lang)} " in listed, listed
    assert f" {t('list_variant', other)} " not in listed
    saves = run(tmp_path, environ, "saves", *extra).stdout
    assert saves.strip() == t("no_saves", lang, folder=tmp_path / "home" / "saves"), saves
    checked = run(tmp_path, environ, "validate", f"games/{GAME}.yaml", *extra).stdout
    assert checked.strip() == t("valid", lang, path=f"games/{GAME}.yaml", game=g.id, variants=""), checked
    simulated = run(tmp_path, environ, "simulate", GAME, "-n", 1, *extra).stdout
    assert t("sim_mean_moves", lang) in simulated and t("sim_mean_moves", other) not in simulated, simulated
    played = run(tmp_path, environ, "play", GAME, "--auto", "--seed", 1, *extra).stdout
    assert t("result_title", lang) in played and g.result.score_title[lang] in played, played
    helped = run(tmp_path, environ, *extra, "--help").stdout
    assert helped.startswith(typer_words.word("Usage: ", lang)), helped


def test_the_bundled_game_is_written_in_turkish():
    """The cases below would prove nothing if the game's own language were the one they expect."""
    assert loaded(GAME).lang == "tr"


@pytest.mark.parametrize("environ, extra, lang", [
    ({"LANG": "tr_TR.UTF-8"}, (), "tr"),
    ({"LANG": "en_US.UTF-8"}, (), "en"),
    ({"LC_ALL": "C", "LANG": "tr_TR.UTF-8"}, (), "en"),
    ({"KURAL_LANG": "tr", "LANG": "en_US.UTF-8"}, (), "tr"),
    ({"KURAL_LANG": "tr", "LANG": "tr_TR.UTF-8"}, ("--lang", "en"), "en"),
], ids=["LANG=tr", "LANG=en", "LC_ALL=C", "KURAL_LANG=tr", "--lang en"])
def test_every_command_speaks_one_language(tmp_path, environ, extra, lang):
    """Issue 35.10: list, saves, validate, simulate, play and --help speak the same language, the one
    --lang, KURAL_LANG or the locale gives (in an English shell a bundled Turkish game speaks English)."""
    said_in(lang, tmp_path, environ, extra)
