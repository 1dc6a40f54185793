"""`kural list`, `simulate`, `validate` and `replay`, run as a user runs them.

Statistics are checked against the records the same command writes, and
records against the engine's replay, so a number printed is a number earned.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from kural.cli.i18n import t
from kural.dsl.loader import load, load_for_record
from kural.dsl.rulefiles import find_game, variant_dir
from kural.interpreter import record

ROOT = Path(__file__).resolve().parents[1]
GAME = "fantan"
BASE = (ROOT / "games" / f"{GAME}.yaml").read_text(encoding="utf-8")


def kural(tmp_path: Path, *args, **env_extra) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="120")
    env.update(env_extra)
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env, timeout=60, stdin=subprocess.DEVNULL)


# --------------------------------------------------------------------- list
@pytest.mark.parametrize("lang", ["en", "tr"])
def test_list_shows_each_game_and_each_variant_on_one_line(tmp_path, lang):
    proc = kural(tmp_path, "list", "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    games = sorted((ROOT / "games").glob("*.yaml"))
    assert games
    for path in games:
        g = load(path.stem)
        assert any(line.startswith(g.id) and g.title[lang] in line and g.about[lang] in line for line in lines)
        for vpath in sorted(variant_dir(find_game(path.stem)).glob("*.yaml")):
            head = yaml.safe_load(vpath.read_text(encoding="utf-8"))["variant"]
            assert any(head["id"] in line.split() and head["title"][lang] in line for line in lines), head


# ----------------------------------------------------------------- simulate
def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_simulate_json_agrees_with_its_own_records_F7(tmp_path):
    """Wins, mean score, mean moves and aborted games are what the written records say (F7 scores)."""
    out = tmp_path / "games.jsonl"
    proc = kural(tmp_path, "simulate", GAME, "-n", 40, "--seed", 7, "--bots", "random", "--json", "--record", out)
    assert proc.returncode == 0, proc.stderr
    stats = json.loads(proc.stdout)
    for key in ("games", "wins_by_seat", "mean_score_by_seat", "mean_moves", "aborted", "games_per_second",
                "seconds", "game", "variants", "bots", "seed"):
        assert key in stats, key
    recs = read_jsonl(out)
    assert stats["games"] == len(recs) == 40
    assert stats["game"] == GAME and stats["seed"] == 7 and stats["bots"] == ["random"] * 4
    assert [r["seed"] for r in recs] == list(range(7, 47))  # game i is dealt with seed + i
    wins = [0] * 4
    for r in recs:
        for w in r["result"]["winners"]:
            wins[w] += 1
        assert r["result"]["scores"] == [len(h) for h in r["result"]["hands"]]  # F7: a point per card left
    assert stats["wins_by_seat"] == wins
    assert stats["mean_score_by_seat"] == pytest.approx(
        [sum(r["result"]["scores"][s] for r in recs) / 40 for s in range(4)], abs=1e-3)
    assert stats["mean_moves"] == pytest.approx(sum(len(r["moves"]) for r in recs) / 40, abs=1e-3)
    assert stats["aborted"] == sum(bool(r["result"].get("aborted")) for r in recs)
    assert stats["games_per_second"] > 0


def test_simulate_reports_a_slow_rate_as_more_than_nothing():
    """`simulate` says how many games a second it played: a game that takes seconds (search bots) is a
    small rate, not 0.0; a fast one keeps one decimal."""
    from kural.cli.simulate import _rate
    assert _rate(1 / 29.4) == 0.034 and _rate(0.2) == 0.2
    assert _rate(5292.27) == 5292.3 and _rate(1.04) == 1.0


def test_simulate_refuses_a_bad_think_budget_in_the_persons_language(tmp_path):
    """A bad --think is one line and exit 2, no traceback, in the person's language (here a Turkish
    locale) unless --lang says otherwise, as every other refusal of simulate (issue 35.10)."""
    proc = kural(tmp_path, "simulate", GAME, "-n", 1, "--bots", "search", "--think", "abc",
                 LC_MESSAGES="tr_TR.UTF-8")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--think bir" in proc.stderr and "--think takes" not in proc.stderr, proc.stderr
    proc = kural(tmp_path, "simulate", GAME, "-n", 1, "--think", "abc", "--lang", "en")
    assert proc.returncode == 2 and "--think takes" in proc.stderr, proc.stderr


def test_simulate_text_report(tmp_path):
    g = load(GAME)
    proc = kural(tmp_path, "simulate", GAME, "-n", 20, "--seed", 1, "--bots", "heuristic,random,random,random",
                 "--lang", "en")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert g.result.score_title["en"] in out
    for key in ("sim_mean_moves", "sim_aborted", "sim_speed", "sim_wins"):
        assert t(key, "en") in out
    for seat, name in enumerate(g.seats["en"]):
        assert re.search(rf"{seat} {name}\s.*(heuristic|random)", out)


def test_simulate_records_replay_and_legal_lists_hold_each_move(tmp_path):
    """--record writes one replayable record a line; --legal adds the legal moves offered, the chosen one among them."""
    plain, with_legal = tmp_path / "plain.jsonl", tmp_path / "legal.jsonl"
    assert kural(tmp_path, "simulate", GAME, "-n", 5, "--record", plain).returncode == 0
    assert kural(tmp_path, "simulate", GAME, "-n", 5, "--record", with_legal, "--legal").returncode == 0
    a, b = read_jsonl(plain), read_jsonl(with_legal)
    for rec in a + b:
        assert rec["format"] == record.FORMAT
        _, problems = record.replay(load_for_record(rec), rec)
        assert problems == []
    assert all("legal" not in m for r in a for m in r["moves"])
    for r in b:
        for m in r["moves"]:
            chosen = {k: v for k, v in m.items() if k not in ("seat", "legal")}
            assert chosen in m["legal"]
    strip = [{**r, "moves": [{k: v for k, v in m.items() if k != "legal"} for m in r["moves"]]} for r in b]
    assert strip == a  # --legal only adds, it changes no game


def test_simulate_same_seed_same_bytes(tmp_path):
    one, two, other = tmp_path / "1.jsonl", tmp_path / "2.jsonl", tmp_path / "3.jsonl"
    for path, seed in ((one, 5), (two, 5), (other, 6)):
        proc = kural(tmp_path, "simulate", GAME, "-n", 8, "--seed", seed, "--bots", "heuristic", "--variant",
                     "pass-fee", "--record", path)
        assert proc.returncode == 0, proc.stderr
    assert one.read_bytes() == two.read_bytes()
    assert one.read_bytes() != other.read_bytes()


@pytest.mark.parametrize("bots", ["random,random", "genius", "random,,random,random"])
def test_simulate_refuses_bad_bot_lists(tmp_path, bots):
    proc = kural(tmp_path, "simulate", GAME, "-n", 2, "--bots", bots)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_simulate_rule_problem_exit_2(tmp_path):
    proc = kural(tmp_path, "simulate", GAME, "-n", 2, "--set", "start_card=nine")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("Usage: ") and "Invalid value for '--set'" in proc.stderr  # typer's usage form


# ----------------------------------------------------------------- validate
def test_validate_bundled_games_ok(tmp_path):
    proc = kural(tmp_path, "validate", ROOT / "games")
    assert proc.returncode == 0, proc.stderr
    files = list((ROOT / "games").rglob("*.yaml"))
    oks = [line for line in proc.stdout.splitlines() if line.startswith("ok ")]
    assert len(oks) == len(files)
    variant_line = next(line for line in oks if "/" + GAME + "/" in line)
    assert re.search(rf"\({GAME}, [\w-]+\)", variant_line)


def test_validate_a_variant_file_of_ones_own(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {GAME}\nvariant: {{id: house, title: {{en: House, tr: Ev}}}}\n", encoding="utf-8")
    proc = kural(tmp_path, "validate", path)
    assert proc.returncode == 0, proc.stderr
    assert f"({GAME}, house)" in proc.stdout


BROKEN = {
    "bad_yaml": ("  copies: 1\n", "  copies: 1: 2\n"),
    "unknown_key": ("  copies: 1\n", "  copies: 1\n  colour: red\n"),
    "unknown_name": ("do: move(card, table)", "do: move(card, tabel)"),
    "wrong_type": ("  copies: 1\n", "  copies: many\n"),
    "expression_syntax": ("end: empty(hand(me))", "end: empty(hand(me)"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_validate_malformed_file_gives_place_and_exit_2(tmp_path, kind):
    old, new = BROKEN[kind]
    assert BASE.count(old) == 1
    path = tmp_path / f"{kind}.yaml"
    path.write_text(BASE.replace(old, new), encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(BASE, encoding="utf-8")
    proc = kural(tmp_path, "validate", good, path)
    assert proc.returncode == 2
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: ", proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"ok  {good}" in proc.stdout  # the good file is still reported


def test_validate_directory_without_rule_files_exit_2(tmp_path):
    (tmp_path / "empty").mkdir()
    proc = kural(tmp_path, "validate", tmp_path / "empty")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


# ------------------------------------------------------------------- replay
@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[dict]:
    tmp = tmp_path_factory.mktemp("recs")
    path = tmp / "r.jsonl"
    proc = kural(tmp, "simulate", GAME, "-n", 3, "--seed", 2, "--variant", "pass-fee", "--record", path)
    assert proc.returncode == 0, proc.stderr
    return read_jsonl(path)


def write_json(path: Path, rec: dict) -> Path:
    path.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    return path


def test_replay_good_record_and_jsonl(tmp_path, records):
    proc = kural(tmp_path, "replay", write_json(tmp_path / "one.json", records[0]), "--lang", "en")
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert t("reproduced", "en") in proc.stdout
    lines = tmp_path / "all.jsonl"
    lines.write_text("".join(record.dumps(r) + "\n" for r in records), encoding="utf-8")
    proc = kural(tmp_path, "replay", lines, "--lang", "en")
    assert proc.returncode == 0
    assert proc.stdout.count(t("reproduced", "en")) == len(records)


def tamper_result(rec):
    rec["result"]["scores"][0] += 1


def tamper_move(rec):
    """Replace a played card by one its player did not hold (an illegal move)."""
    move = next(m for m in rec["moves"] if m["cards"])
    held = set(rec["deal"]["hands"][move["seat"]])
    move["cards"] = [next(c for h in rec["deal"]["hands"] for c in h if c not in held)]


def tamper_chips(rec):
    """FV3: the chips a record claims must be the chips the passes paid."""
    rec["result"]["chips"][1] -= 1


@pytest.mark.parametrize("tamper", [tamper_result, tamper_move, tamper_chips])
def test_replay_tampered_record_exit_1(tmp_path, records, tamper):
    rec = json.loads(json.dumps(records[1]))
    tamper(rec)
    proc = kural(tmp_path, "replay", write_json(tmp_path / "bad.json", rec), "--lang", "en")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert t("not_reproduced", "en") in proc.stdout and "Traceback" not in proc.stderr


@pytest.mark.parametrize("content", [None, "garbage", "[]", '{"game": "nosuchgame", "seed": 1, "moves": []}'])
def test_replay_unreadable_exit_2(tmp_path, content):
    path = tmp_path / "x.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    proc = kural(tmp_path, "replay", path)
    assert proc.returncode == 2 and proc.stderr.strip() and "Traceback" not in proc.stderr


def test_every_command_has_help(tmp_path):
    for command in ("list", "play", "simulate", "validate", "replay"):
        proc = kural(tmp_path, command, "--help")
        assert proc.returncode == 0 and "Usage" in proc.stdout and len(proc.stdout) > 200, command
    assert "KURAL_LANG" in kural(tmp_path, "play", "--help").stdout


def test_every_message_exists_in_both_languages_with_the_same_blanks():
    """Everything a player reads exists in Turkish and English, with the same {placeholders}."""
    from kural.cli.i18n import HELP, MESSAGES
    for catalog in (MESSAGES, HELP):
        for key, texts in catalog.items():
            assert set(texts) == {"en", "tr"} and all(texts.values()), key
            blanks = r"\{(\w+)(?::[\w.]+)?\}"  # {zone:loc}: a blank with its Turkish case ending
            assert set(re.findall(blanks, texts["en"])) == set(re.findall(blanks, texts["tr"])), key
