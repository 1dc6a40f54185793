"""One language for errors (issue 16): every problem of a rule file, and every failure of one in play, is
said in the language asked (--lang, else KURAL_LANG, else English), at the same file:line:col, with
`ipucu:` for `hint:` in Turkish; the English stays as it was. One catalog holds both languages
(interpreter/messages.py); these tests check that it is whole and that the real CLI speaks from it.
"""
from __future__ import annotations

import ast
import json
import pickle
import re
import string
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cli_support import kural, save_of
from kural.dsl.errors import Loc, Problem, RuleError, escaped
from kural.interpreter.errors import PlayError
from kural.interpreter.messages import MESSAGES, Msg, said

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for d in ("dsl", "interpreter", "cli") for p in (ROOT / d).rglob("*.py"))
PLACE = re.compile(r"^(?P<place>.+?:\d+:\d+): (?P<message>.*)$")
BAD = sorted((ROOT / "tests" / "bad_rules").glob("*.yaml"))  # each breaks one thing (tests/test_bad_rules.py)


def _fields(template: str) -> set[str]:
    return {f[1].split(".")[0].split("[")[0] for f in string.Formatter().parse(template) if f[1]}


def test_every_message_of_the_catalog_is_written_in_english_and_turkish():
    """Both texts are there, and the Turkish fills only fields the English has (the same values)."""
    for key, texts in MESSAGES.items():
        assert set(texts) == {"en", "tr"}, key
        assert texts["en"].strip() and texts["tr"].strip(), key
        assert _fields(texts["tr"]) <= _fields(texts["en"]), key


def test_the_turkish_speaks_to_the_reader_as_sen_never_siz():
    """The catalog addresses the reader as sen: no siz, no second person plural ending (-ınız, -iniz ...)."""
    siz = re.compile(r"\b(?:siz|sizin|size|sizi)\b|\w+(?:ınız|iniz|unuz|ünüz)(?:dır|dir|dur|dür)?\b")
    for key, texts in MESSAGES.items():
        assert not siz.search(re.sub(r"\{[^{}]*\}", "", texts["tr"])), (key, texts["tr"])


def _message_calls():
    """Every Msg("key", ...) written in dsl/, interpreter/ and cli/: (file, line, key or None)."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Msg", "_Msg"):
                first = node.args[0] if node.args else None
                key = first.value if isinstance(first, ast.Constant) else None
                yield path, node.lineno, key


def test_every_message_the_code_names_is_in_the_catalog_and_every_entry_is_used():
    written = set()
    for path, line, key in _message_calls():
        if key is not None:
            assert key in MESSAGES, f"{path.relative_to(ROOT)}:{line}: Msg({key!r}) is not in the catalog"
            written.add(key)
    # keys made from a word (`"type_" + kind`): their entries are used through their prefix
    made = ("type_", "name_kind_", "leaf_", "token_", "counted_", "no_such_", "lint_in_", "ending_")
    refuse = set()  # the schema table's refusals (and bounds') name their keys as plain strings
    from kural.dsl.schema import TABLE, Key

    def keys_of(shape):
        for key in getattr(shape, "keys", {}).values():
            if isinstance(key, Key):
                said = key.too_many  # a bound's refusal (issue 36: the bounds are the table's data)
                for pair in (key.refuse, key.missing, (said.message, said.hint) if said else None):
                    refuse.update(pair or ())
                keys_of(key.shape)
        for attr in ("value", "item", "full", "short"):
            inner = getattr(shape, attr, None)
            if inner is not None:
                keys_of(inner.shape if isinstance(inner, Key) else inner)
    keys_of(TABLE)
    refuse.update(("value_not_known", "key_allowed"))  # the default refusal
    from kural.dsl.yamlload import _YAML_WORDS
    refuse.update(_YAML_WORDS.values())  # PyYAML's words, said by key
    assert refuse <= set(MESSAGES), refuse - set(MESSAGES)
    unused = {k for k in MESSAGES if k not in written | refuse and not k.startswith(made)}
    assert not unused, f"catalog entries nothing says: {sorted(unused)}"


# The calls that make a problem or a failure, and which of their arguments a person reads.
_SAYS = {"at": (1, 2), "fail": (1, 2), "Problem": (1, 2), "PlayError": (1, 2), "of": (1, 3),
         "NeedsSection": (0, 1), "exhausted": (1,), "TitleWarning": (1, 2)}


def test_no_problem_is_made_of_english_text_written_in_place():
    """A message or hint written as a string where the problem is made would be English in every language:
    each is a catalog message (a Msg), or a value that holds one."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            for i in _SAYS.get(name, ()):
                arg = node.args[i] if i < len(node.args) else None
                literal = isinstance(arg, ast.JoinedStr) or (isinstance(arg, ast.Constant) and isinstance(
                    arg.value, str) and arg.value)
                assert not literal, f"{path.relative_to(ROOT)}:{node.lineno}: English written in place"


def test_a_problem_renders_in_english_as_before_and_in_turkish_with_ipucu():
    problem = Problem(Loc("bad.yaml", 2, 8), Msg("must_mapping_key_value", path_or_the_file="zones"),
                      Msg("found_kind", kind_value=Msg("found_number", value=3)))
    assert problem.render() == ("bad.yaml:2:8: `zones` must be a mapping (key: value lines)\n"
                                "    hint: found the number 3")
    assert problem.render("tr") == ("bad.yaml:2:8: `zones` bir eşleme olmalı (anahtar: değer satırları)\n"
                                    "    ipucu: bulunan: 3 sayısı")
    assert problem.message == "`zones` must be a mapping (key: value lines)"  # what code reading it saw before


def test_messages_travel_whole_to_another_process():
    """kural simulate --workers sends a RuleError or PlayError back pickled: it still speaks Turkish."""
    error = pickle.loads(pickle.dumps(RuleError.at(Loc("f.yaml", 1, 1), Msg("unknown_name", name="x"),
                                                   Msg("did_you_mean", close_0="y"))))
    assert error.problems[0].render("tr") == "f.yaml:1:1: bilinmeyen ad: `x`\n    ipucu: şunu mu demek istedin: `y`?"
    failure = pickle.loads(pickle.dumps(PlayError.of("f.yaml:3:4", Msg("effects_what", name="play"),
                                                     ZeroDivisionError("division by zero"))))
    assert failure.render("tr").startswith("f.yaml:3:4: `play` hamlesinin etkileri oynanırken hata verdi")
    assert "ipucu: ifadeyi bir koşulla koru" in failure.render("tr")


def test_a_name_quoted_from_the_file_stays_as_written_and_escaped():
    """User text is never translated, and a character that does not print as itself is shown as its code."""
    problem = Problem(Loc("f.yaml", 1, 1), Msg("unknown_name", name="k\u202eart"))
    assert problem.render("tr") == "f.yaml:1:1: bilinmeyen ad: `k\\u202eart`"
    assert said("plain text", "tr") == "plain text"


# ----------------------------------------------------------------- through the real CLI
def _places(text: str) -> list[str]:
    return [m["place"] for m in map(PLACE.match, text.splitlines()) if m]


@pytest.fixture(scope="module")
def validated(tmp_path_factory):
    """Every bad rule file validated at once (one process each way): in English and with --lang tr, as
    text and as JSON."""
    home = tmp_path_factory.mktemp("home")
    runs = {"en": ("--lang", "en"), "tr": ("--lang", "tr"), "en_json": ("--json", "--lang", "en"),
            "tr_json": ("--json", "--lang", "tr")}
    with ThreadPoolExecutor(max_workers=2) as pool:
        done = pool.map(lambda args: kural(home, "validate", *BAD, *args, timeout=300), runs.values())
        return dict(zip(runs, done))


def _problems(proc) -> list[dict]:
    return [p for f in json.loads(proc.out)["files"] for p in f["problems"]]


def test_every_bad_rule_file_is_reported_in_turkish_at_the_same_place(validated):
    """kural validate --lang tr: exit 2, the same file:line:col lines as in English, `ipucu:` where English
    has `hint:`, each message said from the catalog's Turkish of the same message (its JSON code)."""
    en, tr = validated["en"], validated["tr"]
    assert en.returncode == tr.returncode == 2, (en.err[-2000:], tr.err[-2000:])
    assert "Traceback" not in tr.err and "internal error" not in tr.err
    assert _places(tr.err) == _places(en.err) and len(_places(en.err)) >= len(BAD)
    assert tr.err.count("\n    ipucu: ") == en.err.count("\n    hint: ") > len(BAD) // 2
    assert "\n    hint: " not in tr.err
    problems = {lang: _problems(validated[f"{lang}_json"]) for lang in ("en", "tr")}
    assert len(problems["en"]) == len(problems["tr"]) >= len(BAD)
    for en_p, tr_p in zip(problems["en"], problems["tr"]):
        assert (tr_p["file"], tr_p["line"], tr_p["col"], tr_p["code"]) == \
            (en_p["file"], en_p["line"], en_p["col"], en_p["code"])
        assert en_p["code"] in MESSAGES, en_p  # every problem of a rule file has its key
        place = f"{en_p['file']}:{en_p['line']}:{en_p['col']}: "
        assert escaped(place) + escaped(en_p["message"]) in en.err, en_p  # the text says what the JSON says
        assert tr_p["message"] != en_p["message"], tr_p  # said in Turkish, not left in English
        if en_p["hint"]:
            assert tr_p["hint"], tr_p


def test_kural_lang_in_the_environment_chooses_turkish_too(tmp_path, monkeypatch):
    path = ROOT / "tests" / "bad_rules" / "wrong_type_section.yaml"
    monkeypatch.setenv("KURAL_LANG", "tr")
    from cli_support import env_for
    import subprocess
    import sys
    env = env_for(tmp_path) | {"KURAL_LANG": "tr"}
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "validate", str(path)], capture_output=True,
                          text=True, encoding="utf-8", env=env, cwd=ROOT, timeout=120)
    assert proc.returncode == 2
    assert "bir eşleme olmalı" in proc.stderr and "ipucu: bulunan:" in proc.stderr, proc.stderr
    play = subprocess.run([sys.executable, "-m", "kural.cli.main", "play", "OYUN"], capture_output=True, text=True,
                          encoding="utf-8", env=env, cwd=ROOT, timeout=120, stdin=subprocess.DEVNULL)
    assert play.returncode == 2
    assert "`OYUN` diye bir oyun yok (oyunlar: " in play.stderr, play.stderr  # typer's usage form, in Turkish
    assert "there is no game" not in play.stderr


SQUARED = """\
extends: fantan
vars:
  n: {start: 2}
moves:
  play:
    do: "move(card, table); n = n * n"
"""


def test_a_rule_file_that_fails_in_play_says_so_in_turkish(tmp_path):
    """kural play --auto --lang tr: the failure at the assignment's place, in Turkish, the game kept."""
    path = tmp_path / "squared.yaml"
    path.write_text(SQUARED, encoding="utf-8")
    line = SQUARED.splitlines().index('    do: "move(card, table); n = n * n"') + 1
    col = SQUARED.splitlines()[line - 1].index("n = n * n") + 1
    tr = kural(tmp_path, "play", path, "--auto", "--seed", 5, "--lang", "tr", timeout=120)
    assert tr.returncode == 2, tr.err
    first, *rest = tr.err.strip().splitlines()
    assert first.startswith(f"{path}:{line}:{col}: `n` "), tr.err
    assert "olurdu: aralığın dışında (sayılar sonlu olmalı" in first, tr.err
    assert any(r.startswith("    ipucu: her hamlede büyüyen") for r in rest), tr.err
    assert save_of(tmp_path, "fantan", auto=True, variants=(path.stem,)).is_file()
    en = kural(tmp_path, "simulate", path, "-n", 1, "--lang", "en", timeout=120)
    assert f"{path}:{line}:{col}: `n` would be " in en.err and "\n    hint: a number that grows" in en.err, en.err


def test_a_warning_of_validate_is_said_in_turkish_too(tmp_path):
    """A word a player would read, missing in one language: `uyarı:` and `ipucu:` in Turkish, at the
    same place as the English warning."""
    path = tmp_path / "extra.yaml"
    path.write_text("extends: fantan\nzones:\n  extra: {per: none, title: {en: Extra}}\n", encoding="utf-8")
    en = kural(tmp_path, "validate", path, "--lang", "en")
    tr = kural(tmp_path, "validate", path, "--lang", "tr")
    assert en.returncode == tr.returncode == 0
    assert f"{path}:3:3: warning: zone `extra` has no `title` in Turkish" in en.err, en.err
    assert f"{path}:3:3: uyarı: `extra` alanı için Türkçe `title` yok" in tr.err, tr.err
    assert "\n    ipucu: title: {en: ..., tr: ...} ekle" in tr.err
