"""Teaching (issues 5 and 15): `kural rules`, `diff`, `graph` and `explain`, said from the compiled program.

Every game and variant file in games/ is enumerated, so a new game or
house rule is covered without touching this file. The words come from
the rules language (dsl/teach/words.py: a phrase per construct; the library's
phrases): nothing here expects text written for a particular game, except
where a test names the variant files the issue names (maca7, pass-fee).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from kural.cli import explain as explaining, graph as graphing
from kural.cli.reading import move_text
from kural.dsl import schema, teach
from kural.dsl.parsing import parser
from kural.dsl.loader import load
from kural.dsl.rulefiles import find_game, resolve, variant_dir
from kural.dsl.paths import games_dir
from kural.dsl.typed import const_of
from kural.dsl.teach import changes as diffing, flow, position
from kural.dsl.teach.book import Book, is_rule_id, mark, natural_key
from kural.dsl.teach.words import CONSTRUCTS, Context, Speaker, construct_coverage
from kural.dsl.wording import LANGS, fill, inflect
from kural.interpreter.legal import legal_moves, refusal
from kural.dsl.notions import LIBRARY

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.stem for p in games_dir().glob("*.yaml"))
CASES = [(game, []) for game in GAMES] + [
    (game, [v.stem]) for game in GAMES for v in sorted(variant_dir(find_game(game)).glob("*.yaml"))]
IDS = ["+".join([g] + v) for g, v in CASES]

# Expression syntax that must never reach a reader: operators, lambdas, a seat in brackets or parentheses.
RAW = ["==", "!=", "=>", "<=", ">=", "+=", "-=", "(me)", "(seat)", "[me]", "[seat]", "{", "}", "None", "True",
       "False", "~"]


@dataclass
class Rules:
    """A game as the teaching layer reads it (`g`), and its rule files merged as written (`data`), which a
    test reads to see what the document must hold."""

    g: object
    data: dict

    @property
    def heads(self) -> list:
        return self.g.words().heads


def open_rules(game: str, variants=(), sets=()) -> Rules:
    return Rules(teach.open_game(game, variants, sets), resolve(game, list(variants)).data)


def rule_ids(data) -> list[str]:
    """Every rule number the rule file cites (the keys the table marks as citing one), and its text's rule ids."""
    return [r for r in schema.cited(data) if is_rule_id(r)]


def document(rs, lang: str, fmt: str = "text", base=None, reference: bool = False) -> str:
    return teach.rules(rs.g, lang, fmt, base.g if base is not None else None, reference)


def json_texts(value) -> list[str]:
    if isinstance(value, dict):
        return [t for v in value.values() for t in json_texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in json_texts(v)]
    return [value] if isinstance(value, str) else []


def raw_syntax(text: str, g=None) -> list[str]:
    """What in `text` is still written in the rules language rather than in words."""
    text = "\n".join(line for line in text.splitlines() if line.strip("=-"))  # not a title's underline
    found = [token for token in RAW if token in text]
    names = set(LIBRARY)
    if g is not None:
        names |= {z.name for z in g.zones} | {m.name for m in g.moves} | set(g.deck.values)
    found += sorted({m.group(0) for m in re.finditer(r"\b(\w+)\(", text) if m.group(1) in names})
    return found


def kural(tmp_path: Path, *args) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(KURAL_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", COLUMNS="120")
    return subprocess.run([sys.executable, "-m", "kural.cli.main", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env, timeout=60, stdin=subprocess.DEVNULL)


# ------------------------------------------------------------- the words
def test_every_construct_of_the_grammar_has_words():
    """Each node kind the parser can give is either folded to a value (literals) or has a `say_` in words.py."""
    kinds = set()
    for rule in parser().rules:
        alias = rule.alias or rule.origin.name
        name = getattr(alias, "name", alias)
        if not str(name).startswith(("_", "?")):
            kinds.add(str(name).lstrip("?"))
    folded = {"number", "card", "string", "true", "false", "none", "expr", "effects", "stmt", "target", "arg",
              "atom", "postfix", "unary", "product", "sum", "comparison", "not_expr", "and_expr", "or_expr",
              "ternary", "if_stmt", "for_stmt", "block", "assign"}  # statements: said by say_stmt
    missing = kinds - folded - construct_coverage()
    assert not missing, f"no words for {missing}"
    for key, entry in CONSTRUCTS.items():
        assert set(entry) == set(LANGS), key


@pytest.mark.parametrize("name", sorted(LIBRARY))
def test_every_library_notion_reads_in_both_languages(name):
    """The library's phrase per notion (and each of its other forms) fills with its arguments, nothing left over."""
    fn = LIBRARY[name]
    for texts in [fn.text] + list(fn.forms.values()):
        assert set(texts) == set(LANGS), name
        for lang in LANGS:
            args = [f"A{i}" for i in range(max(len(fn.args), 3))]  # a shaped form may take its own
            out = fill(texts[lang], args, x="c", me="you")
            assert "{" not in out and "}" not in out and "~" not in out, (name, lang, out)


@pytest.mark.parametrize("word,case,expected", [
    ("masa", "loc", "masada"), ("masa", "dat", "masaya"), ("masa", "acc", "masayı"), ("el", "poss2", "elin"),
    ("senin el", "poss2", "senin elin"), ("deste", "abl", "desteden"), ("oyuncu", "gen", "oyuncunun"),
    ("sen", "abl", "senden"), ("karo 7", "acc", "karo 7'yi"), ("maça 3", "loc", "maça 3'te"),
    ("kupa 10", "gen", "kupa 10'un"), ("renk", "poss3", "rengi"), ("seçilen kart", "gen", "seçilen kartın"),
    ("ortadaki fişler", "dat", "ortadaki fişlere"), ("c", "gen", "c'nin"), ("kitap", "acc", "kitabı"),
])
def test_turkish_case_endings_follow_vowel_harmony(word, case, expected):
    assert inflect(word, case) == expected


def test_a_possessive_takes_the_buffer_n():
    """oyuncunun eli -> oyuncunun eline / elinde: the ending after a possessive takes n."""
    out = fill("{0:poss3.dat}", ["el"])
    assert out == "eline"
    assert fill("{0:loc}", [fill("oyuncunun {0:poss3}", ["el"])]) == "oyuncunun elinde"


def test_params_are_folded_into_the_words():
    """`if start_card == none then ... else ...` reads as the branch this game's params choose: the program
    the words read holds the branch, with the param's value as a constant that names the param."""
    g = teach.open_game("fantan")
    sp = Speaker(g, "en")
    node = g.words().parts[("moves", "play", "when", 0, "check")]
    found = [c for c in node.walk() if const_of(c) is not None and const_of(c).param == "start_card"]
    assert found and const_of(found[0]).value == g.param_info["start_card"]["value"]
    assert sp.card(g.param_info["start_card"]["value"]) in sp.condition(node, sp.move_locals(g.moves[0]))
    any7 = teach.open_game("fantan", ["any7"])
    words = Speaker(any7, "en").condition(any7.words().parts[("moves", "play", "when", 0, "check")],
                                          Speaker(any7, "en").move_locals(any7.moves[0]))
    assert "diamonds" not in words and "7" in words


# ------------------------------------------------------------- kural rules
@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_rules_print_in_both_languages_and_formats_with_words_only(game, variants):
    check_rules_document(open_rules(game, variants), open_rules(game) if variants else None)


def check_rules_document(rs, base=None) -> None:
    """The rules in both languages and formats, words only. The handout (text, markdown, json): every rule
    the rule file words (`text:`) and every bot tip. The reference: also every rule number the file cites,
    every move and every check's `why` (also run on test games, tests/test_melds_rules_text.py)."""
    g = rs.g
    cited = rule_ids(rs.data) + [h["rule"] for h in rs.heads if h.get("rule")]
    worded = [k for k in g.texts if is_rule_id(k)]
    for lang in LANGS:
        for fmt in ("text", "markdown", "json", "reference"):
            out = document(rs, lang, fmt, base)
            if fmt == "json":  # the document's words: every text of the JSON
                out = "\n".join(json_texts(json.loads(out)))
            assert out.strip()
            assert not raw_syntax(out, g), (lang, fmt, raw_syntax(out, g))
            flat = " ".join(out.split())
            for tip in (p.tip for p in g.bot if p.tip):
                assert " ".join((tip.get(lang) or tip["en"]).split())[1:] in flat
            if fmt != "reference" and worded:  # (a file that words no rule is handed the reference)
                missing = [r for r in worded if f"{r}: " not in flat and f"**{r}**" not in flat and r not in flat]
                assert not missing, f"rules the rule file words are missing ({lang}, {fmt}): {missing}"
                continue
            missing = [r for r in cited if r not in flat]
            assert not missing, f"rule numbers the rule file cites are missing ({lang}, {fmt}): {missing}"
            for m in g.moves:  # every move and every check of its guard is in the document
                assert (m.title.get(lang) or m.name).lower() in flat.lower()
                for check in m.checks:
                    why = (check.why.get(lang) or check.why.get("en") or "") if check.why else ""
                    if why:
                        assert " ".join(why.split())[1:] in flat, why


def test_rules_document_has_every_part_of_the_rule_file():
    g = teach.open_game(GAMES[0])
    for lang in LANGS:
        keys = [s.key for s in Book(g, lang).sections()]
        for key in ("sec_players", "sec_zones", "sec_deal", "sec_turns", "sec_moves", "sec_round_end",
                    "sec_game_end", "sec_result"):
            assert key in keys, key


def test_rules_cli_in_turkish_and_english_markdown(tmp_path):
    game = GAMES[0]
    for lang in LANGS:
        proc = kural(tmp_path, "rules", game, "--lang", lang, "--format", "markdown")
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith("# ") and "\n## " in proc.stdout
        assert not raw_syntax(proc.stdout)


@pytest.mark.parametrize("game,variants", [c for c in CASES if c[1]], ids=[i for i, c in zip(IDS, CASES) if c[1]])
def test_rules_of_a_variant_mark_exactly_the_parts_it_changes(game, variants):
    """With --variant, a part is marked iff its words differ from the base game's."""
    g, base = teach.open_game(game, variants), teach.open_game(game)
    plain = {p.id: p for s in Book(base, "en").sections() for p in s.parts}
    out = " ".join(teach.rules(g, "en", "text", base, reference=True).split())
    marked = out.count("[changed by ") + out.count("[added by ")
    changed = sum(1 for s in Book(g, "en").sections() for p in s.parts
                  if p.id not in plain or plain[p.id].key() != p.key())
    assert marked == changed


def test_maca7_rules_mark_the_start_card_and_what_reads_it():
    g, base = teach.open_game("fantan", ["maca7"]), teach.open_game("fantan")
    book = Book(g, "en").sections()
    mark(book, Book(base, "en").sections())
    marked = sorted(p.id for s in book for p in s.parts if p.mark)
    assert marked == ["flow.round.first", "moves.play", "params.start_card", "text.F2"]  # F2 names the start card


USER_VARIANT = """\
extends: fantan
variant: {id: kings-last, title: {en: "Kings last", tr: "Papazlar sona"}}
moves:
  play:
    when: rank(card) != 13 or count(hand(me)) == 1
"""


def test_a_users_own_guard_is_explained_in_words(tmp_path):
    """Nobody wrote text for this variant: its guard reads in words in both languages."""
    path = tmp_path / "kings-last.yaml"
    path.write_text(USER_VARIANT, encoding="utf-8")
    proc = kural(tmp_path, "rules", "fantan", "--variant", path, "--lang", "en", "--reference")
    assert proc.returncode == 0, proc.stderr
    flat = " ".join(proc.stdout.split()).lower()
    assert "the card is not a king or the number of cards in your hand is 1" in flat
    assert "[changed by the variant]" in flat
    assert not raw_syntax(proc.stdout)
    tr = teach.rules(teach.open_game("fantan", [str(path)]), "tr", reference=True)
    assert "kart papaz değil ya da elindeki kart sayısı 1'e eşit" in " ".join(tr.split()).lower()
    assert not raw_syntax(tr)


def test_a_text_entry_keyed_by_a_part_overrides_its_sentence(tmp_path):
    path = tmp_path / "worded.yaml"
    path.write_text('extends: fantan\ntext:\n  "flow.round.end": {en: "The hand ends when someone runs out.", '
                    'tr: "Kartı biten olunca el biter."}\n', encoding="utf-8")
    g = teach.open_game("fantan", [str(path)])
    for lang, sentence in (("en", "The hand ends when someone runs out."), ("tr", "Kartı biten olunca el biter.")):
        out = teach.rules(g, lang, reference=True)
        assert sentence in out
        assert "flow.round.end" not in out


# -------------------------------------------------------------- kural diff
def changes_of(game, variant, lang="en"):
    left, right, _, _ = diffing.sides(game, variant)
    return diffing.compare(left, right, lang)


def test_maca7_changes_only_the_start_card():
    changes = changes_of("fantan", "maca7")
    assert [(c.kind, c.name, c.status) for c in changes] == [("param", "start_card", "changed")]
    (c,) = changes
    assert c.rules == ["F2"] and "7 of spades" in c.after[0] and "7 of diamonds" in c.before[0]
    assert c.where.endswith("maca7.yaml:8") and c.yaml == ["  start_card: 7S"]
    assert c.reads  # the places that read the start card, in words


def test_pass_fee_adds_params_vars_the_pass_effects_the_round_score_and_a_result_field():
    changes = changes_of("fantan", "pass-fee")
    assert sorted((c.kind, c.name, c.status) for c in changes) == sorted([
        ("param", "pass_fee", "added"), ("param", "start_chips", "added"),
        ("var", "chips", "added"), ("var", "pot", "added"),
        ("effects", "pass", "added"), ("flow", "flow.round.score", "added"), ("field", "chips", "added"),
        ("text", "FV3", "added"), ("move", "pass: rules", "changed")])  # (the pass plays FV3 too)
    assert all(c.yaml and "pass-fee.yaml:" in c.where for c in changes)
    assert all("FV3" in c.rules for c in changes if c.kind in ("param", "var"))


@pytest.mark.parametrize("game,variants", [c for c in CASES if c[1]], ids=[i for i, c in zip(IDS, CASES) if c[1]])
def test_a_variant_changes_only_what_its_file_writes(game, variants):
    """Every change is in a section the variant file writes, and is shown with its rule-file lines."""
    from kural.dsl.yamlload import load_file
    path = variant_dir(find_game(game)) / f"{variants[0]}.yaml"
    data = load_file(path)
    written = set(data) - {"extends", "variant"}
    parent = data["extends"]  # a variant of a variant (extends: 351.yaml) is compared with the file it extends
    sides = (game, variants[0]) if parent == game else (str(path.parent / parent), str(path))
    changes = changes_of(*sides)
    for c in changes:
        assert c.path[0] in written, (c.path, written)
        if c.status != "removed":
            assert c.yaml and c.where.split(":")[0].endswith(path.name)
    left, right, a, b = diffing.sides(*sides)
    for lang in LANGS:
        out = diffing.report(left, right, a, b, lang)
        words = "\n".join(line for line in out.splitlines() if not line.lstrip().startswith("|"))  # not the YAML
        assert not raw_syntax(words, right)


def test_a_variant_that_changes_nothing_says_so(tmp_path):
    path = tmp_path / "same.yaml"
    path.write_text("extends: fantan\nvariant: {id: same}\nparams:\n  start_card: 7D\nmoves:\n  pass:\n"
                    "    title: {en: pass, tr: pas}\n", encoding="utf-8")
    assert changes_of("fantan", str(path)) == []
    proc = kural(tmp_path, "diff", "fantan", path)
    assert proc.returncode == 0, proc.stderr
    assert "changes nothing" in proc.stdout or "hiçbir şeyi değiştirmiyor" in proc.stdout


def test_diff_of_two_files_and_in_the_terminal(tmp_path):
    proc = kural(tmp_path, "diff", "games/fantan.yaml", "games/fantan/maca7.yaml", "--lang", "en")
    assert proc.returncode == 0, proc.stderr
    assert "param start_card (F2): changed" in proc.stdout
    assert "maca7.yaml:8" in proc.stdout and "start_card: 7S" in proc.stdout
    bad = kural(tmp_path, "diff", "fantan", "no-such-variant")
    assert bad.returncode == 2 and "no variant" in bad.stderr


# ------------------------------------------------------------- kural graph
NODE = re.compile(r'^\s*(\w+)(\(\[|\[\[|\[|\(|\{)"(.*)"(\]\)|\]\]|\]|\)|\})$')
EDGE = re.compile(r'^\s*(\w+) -->(?:\|"(.*)"\|)? (\w+)$')


def parse_mermaid(text: str):
    lines = text.splitlines()
    assert lines[0] == "---" and lines[2] == "---" and lines[3] == "flowchart TD", lines[:4]
    nodes, edges, depth = {}, [], 0
    for line in lines[4:]:
        if line.strip().startswith("subgraph "):
            depth += 1
            continue
        if line.strip() == "end":
            depth -= 1
            continue
        n, e = NODE.match(line), EDGE.match(line)
        assert n or e, f"not Mermaid: {line!r}"
        if n:
            assert n.group(1) not in nodes, "node declared twice"
            nodes[n.group(1)] = n.group(3)
        else:
            edges.append((e.group(1), e.group(2) or "", e.group(3)))
    assert depth == 0
    return nodes, edges


@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_mermaid_is_a_state_machine_from_the_start_to_the_result(game, variants):
    g = teach.open_game(game, variants)
    for lang in LANGS:
        nodes, edges = parse_mermaid(teach.graph(g, lang, "mermaid"))
        for a, label, b in edges:
            assert a in nodes and b in nodes, (a, b)
            assert '"' not in label and not raw_syntax(label.replace("<br/>", " "), g)
        for label in nodes.values():
            assert not raw_syntax(label.replace("<br/>", " "), g), label
        reach, todo = set(), ["start"]
        while todo:
            at = todo.pop()
            if at not in reach:
                reach.add(at)
                todo += [b for a, _, b in edges if a == at]
        assert "result" in reach and all(n in reach for n in nodes)
        for m in g.moves:  # each move is entered from a step, with its guard in words on the edge
            into = [label for a, label, b in edges if b == f"move_{m.name}" and a.startswith("step_")]
            assert into and all(label for label in into)
            for check in m.checks:
                if check.rule:
                    assert all(check.rule in label for label in into)


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_dot_output_parses_with_graphviz(game, variants):
    text = teach.graph(teach.open_game(game, variants), "tr", "dot")
    proc = subprocess.run(["dot", "-Tsvg"], input=text, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "<svg" in proc.stdout


def test_graph_output_file_or_a_clear_error(tmp_path, monkeypatch):
    target = tmp_path / "fantan.svg"
    if shutil.which("dot"):
        proc = kural(tmp_path, "graph", "fantan", "--output", target)
        assert proc.returncode == 0, proc.stderr
        assert target.read_text(encoding="utf-8").lstrip().startswith(("<?xml", "<svg"))
    proc = kural(tmp_path, "graph", "fantan", "--format", "dot")
    assert proc.returncode == 0 and proc.stdout.startswith("digraph")
    monkeypatch.setattr(graphing.shutil, "which", lambda name: None)
    code, message = graphing.draw("digraph {}", tmp_path / "x.png", "en")
    assert code == 2 and "install graphviz" in message.lower()
    code, message = graphing.draw("digraph {}", tmp_path / "x.pdf", "en")
    assert code == 2 and ".svg" in message


# ----------------------------------------------------------- kural explain
class Printer:
    def __init__(self):
        self.lines = []

    def print(self, *parts):
        self.lines.append(" ".join(getattr(p, "plain", str(p)) for p in parts))


def test_explain_names_the_rule_that_forbids_each_card_not_legal(tmp_path):
    """At a seeded point, every legal move is listed, and each other card of the hand with its refusal's rule."""
    game, seed, k = "fantan", 3, 12
    g = teach.open_game(game)
    out = Printer()
    assert explaining.run(out, game=game, variants=[], sets=[], seed=seed, k=k, lang_option="en", card=None,
                          record_path=None, bots="heuristic") == 0
    text = "\n".join(out.lines)
    _, rec = explaining.play_one(g, seed, ["heuristic"] * g.players, True, False, [])
    s = explaining.position(g, rec, k, "en")
    legal = {position._key(g, mv) for mv in legal_moves(s)}
    refused = 0
    for index in g.steps[s.step].moves:
        for values in position.options(s, g.moves[index]):
            if position._key(g, (index, values)) in legal:
                continue
            check = refusal(s, index, values)
            assert check is not None
            line = next(l for l in out.lines if _names(l, move_text(g, (index, values), "en"), g.moves[index]))
            assert (check.rule or "") in line and (check.why.get("en") or "") in line
            refused += 1
    assert refused
    assert not raw_syntax(text.split("Legal moves")[1], g)
    proc = kural(tmp_path, "explain", game, "--seed", seed, "--move", k, "--lang", "tr")
    assert proc.returncode == 0, proc.stderr
    assert "Geçerli hamleler" in proc.stdout


def _names(line: str, option: str, move) -> bool:
    """Does a line of explain's refusals name this option: alone, among those refused for one reason
    ("♥5, ♦A, ♦3 … (7 in all)"), or as one of every way of its move ("add: all 24 ways")?"""
    label = line.strip().split("  ")[0]
    return option in label.split(" … ")[0].split(", ") or label.startswith(f"{move.name}: all ")


def test_explain_says_one_line_for_options_refused_alike_names_seats_and_bots_in_the_readers_words(tmp_path):
    """Issue 37.14: a teacher says "none of your cards fits your side's melds" once, not 24 times: options of
    one move refused by the same check are one line (every way of the move, when none of it is legal);
    the seat to move is named, never counted from 0; the kind of bot is said in the reader's language.
    The JSON keeps every option (a program reads each)."""
    en = kural(tmp_path, "explain", "canasta", "--seed", 1, "--move", 245, "--lang", "en")
    assert en.returncode == 0, en.stderr
    refusals = en.stdout.split("Not allowed")[1].splitlines()[1:]
    adds = [line for line in refusals if line.strip().startswith("add")]
    assert len(adds) == 1 and adds[0].strip().startswith("add: all 24 ways") and "(C3)" in adds[0], adds
    assert "To move: You, step" in en.stdout and "(seat" not in en.stdout
    tr = kural(tmp_path, "explain", "canasta", "--seed", 1, "--move", 245, "--lang", "tr")
    assert "işle: 24 seçeneğin hepsi" in tr.stdout and "koltuk" not in tr.stdout
    assert "(bu oyunu botlar oynadı;" in tr.stdout and "--bots heuristic`" in tr.stdout  # the command as typed
    assert "heuristic bot" not in tr.stdout
    data = json.loads(kural(tmp_path, "explain", "canasta", "--seed", 1, "--move", 245, "--json").stdout)
    assert sum(1 for r in data["refused"] if r["move"] == "add" and r["rule"] == "C3") == 24


def test_explain_says_whom_the_refusals_speak_to_when_another_player_moves(tmp_path):
    """A refusal is the table's words to the player to move ("you have a playable card, so you must play",
    F6): at another player's move, explain says they are that player's, in either language; at your own
    move it says nothing more."""
    movers = set()
    for k in range(1, 6):
        en = kural(tmp_path, "explain", "fantan", "--seed", 1, "--move", k, "--lang", "en")
        tr = kural(tmp_path, "explain", "fantan", "--seed", 1, "--move", k, "--lang", "tr")
        mover = en.stdout.split("To move: ")[1].split(".")[0]
        movers.add(mover)
        header = next(line for line in en.stdout.splitlines() if line.startswith("Not allowed"))
        tr_header = next(line for line in tr.stdout.splitlines() if line.startswith("Yapılamayanlar"))
        if mover == "You":
            assert header == "Not allowed, and the rule that forbids each:", header
            assert tr_header == "Yapılamayanlar ve her birini yasaklayan kural:", tr_header
        else:
            assert header.endswith(f"in the words the table says to {mover}:"), header
            assert "masada" in tr_header and tr_header.endswith("söylendiği gibi:"), tr_header
    assert "You" in movers and len(movers) > 1, movers


def test_explain_a_record_and_a_card(tmp_path):
    rec_path = tmp_path / "game.jsonl"
    assert kural(tmp_path, "simulate", "fantan", "-n", 1, "--seed", 5, "--bots", "random",
                 "--record", rec_path).returncode == 0
    by_record = kural(tmp_path, "explain", "--record", rec_path, "--move", 20, "--lang", "en")
    by_seed = kural(tmp_path, "explain", "fantan", "--seed", 5, "--bots", "random", "--move", 20, "--lang", "en")
    assert by_record.returncode == by_seed.returncode == 0, by_record.stderr + by_seed.stderr
    assert by_record.stdout.split("To move")[1] == by_seed.stdout.split("To move")[1]
    bad = kural(tmp_path, "explain", "--record", rec_path, "--move", 10_000)
    assert bad.returncode == 2 and "--move" in bad.stderr
    g = load("fantan")
    start = g.param_info["start_card"]["value"]
    other = next(c for c in range(g.deck.size) if g.deck.face[c] != g.deck.face[start])
    for card, expected in ((start, [" can be played here."]), (other, ["F2", "is not among"])):
        out = Printer()
        explaining.run(out, game="fantan", variants=[], sets=[], seed=5, k=1, lang_option="en",
                       card=g.deck.code[card], record_path=None, bots="random")
        assert any(e in "\n".join(out.lines) for e in expected), out.lines


# ------------------------------------------------------------- the handout (issue 37)
@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_the_rules_a_player_is_handed_are_the_rule_files_words_in_its_books_sections(game, variants):
    """Issue 37: `kural rules` is a handout: each rule the rule file words (`text:`), once, in the sections
    its `book:` names and in their order, the headings in the reader's language; then the tactics, the
    variations of the game and where the whole logic is. None of the reference's program reading is in it:
    no move's conditions and refusals, no counters, no settings (those are --reference's)."""
    g = teach.open_game(game, variants)
    assert g.book, "every bundled game names the sections of its book"
    for lang in LANGS:
        sections = Book(g, lang).handout()
        titles = [s.title for s in sections]
        assert titles[:len(g.book)] == [title.get(lang) or title["en"] for title, _ in g.book]
        said = [r for s in sections for p in s.parts if p.id.startswith("text.") for r in p.rules]
        booked = [r for _, rules in g.book for r in rules]
        rest = sorted((k for k in g.texts if is_rule_id(k) and k not in booked), key=natural_key)
        assert said == booked + rest, "the book's rules in its order, then those it leaves out, once each"
        assert set(said) == {k for k in g.texts if is_rule_id(k)}, "every worded rule is in a section"
        keys = [s.key for s in sections]
        assert keys[len(g.book):] == (["sec_more_rules"] if rest else []) + ["sec_tactics"] + \
            (["sec_variations"] if not variants else []) + ["sec_reference"]
        reference = {s.key for s in Book(g, lang).sections()} - {"sec_tactics"}  # (the tips are in both)
        assert not reference & set(keys), "no section of the reference in the handout"
        text = teach.rules(g, lang)
        pointer = " ".join(["kural rules", game] + [f"--variant {v}" for v in g.variants] + ["--reference"])
        assert pointer in " ".join(text.split()), "the reference of this game and its variants, where it is"
        assert not raw_syntax(text, g)


def test_the_handout_lists_the_variations_with_the_command_that_plays_each(tmp_path):
    """The game's variant files, each with its rule and `kural play GAME --variant ID` (FV1-FV4)."""
    g = teach.open_game("fantan")
    text = teach.rules(g, "en")
    for path in sorted((games_dir() / "fantan").glob("*.yaml")):
        assert f" — kural play fantan --variant {path.stem}\n" in text, path.stem
    assert "FV1: Spade 7 opens" in text
    tr = teach.rules(g, "tr")
    assert "Çeşitlemeler" in tr and "FV1: Maça 7 ile başlanır" in tr
    assert text.index("FV1:") < text.index("FV2:") < text.index("FV3:") < text.index("FV4:")  # by rule number


def test_the_reference_is_asked_by_either_option_and_is_the_program_read_line_by_line(tmp_path):
    """--reference and --format reference print the same reference: the moves with their conditions."""
    by_flag = kural(tmp_path, "rules", "fantan", "--lang", "en", "--reference")
    by_format = kural(tmp_path, "rules", "fantan", "--lang", "en", "--format", "reference")
    assert by_flag.returncode == by_format.returncode == 0, by_flag.stderr + by_format.stderr
    assert by_flag.stdout == by_format.stdout and "Allowed only if" in by_flag.stdout
    handout = kural(tmp_path, "rules", "fantan", "--lang", "en")
    assert "Allowed only if" not in handout.stdout and "F5: On an opened suit" in handout.stdout
    markdown = kural(tmp_path, "rules", "fantan", "--lang", "en", "--reference", "--format", "markdown")
    assert markdown.stdout.startswith("# ") and "Allowed only if" in markdown.stdout


def test_a_book_section_naming_a_rule_without_words_is_refused_where_it_is_written(tmp_path):
    """A `book:` section names only rules `text:` words: another is a mistake, at its place, with a hint."""
    path = tmp_path / "fantan.yaml"
    path.write_text(f"extends: {games_dir() / 'fantan.yaml'}\n"
                    "book:\n  - title: {en: Play, tr: Oyun}\n    rules: [F2, F99]\n", encoding="utf-8")
    proc = kural(tmp_path, "rules", str(path), "--lang", "en")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"{path}:4:" in proc.stderr and "F99" in proc.stderr and "text:" in proc.stderr


def test_rules_no_section_names_come_last_and_a_file_that_words_none_is_handed_the_reference(tmp_path):
    """A rule the book leaves out is not lost: it comes after the sections, under "More rules". A rule
    file with no rule in words (a user's first file) is handed the reference, the only words it has."""
    path = tmp_path / "fantan.yaml"
    path.write_text(f"extends: {games_dir() / 'fantan.yaml'}\n"
                    "book:\n  - title: {en: Play, tr: Oyun}\n    rules: [F4, F5]\n", encoding="utf-8")
    g = teach.open_game(str(path))
    sections = Book(g, "en").handout()
    assert [s.title for s in sections[:2]] == ["Play", "More rules"]
    assert [p.rules[0] for p in sections[1].parts] == ["F1", "F2", "F3", "F6", "F7", "F8", "F9"]
    bare = tmp_path / "bare.yaml"
    text = (games_dir() / "fantan.yaml").read_text(encoding="utf-8")
    bare.write_text(text[:text.index("\ntext:")] + "\n", encoding="utf-8")
    g = teach.open_game(str(bare))
    assert [s.key for s in Book(g, "en").handout()] == [s.key for s in Book(g, "en").sections()]


def test_an_engine_bound_is_no_rule_and_never_reaches_the_handout():
    """Issue 37.7: the room of Kanasta's meld area (30 melds a partnership, its `max_groups`) is a bound of
    the program: no seed rule limits melds. Its check cites no rule, its refusal says it is the program's
    limit, and the handout a player reads never states it."""
    g = teach.open_game("canasta")
    bound = [c for m in g.moves for c in m.checks if "< 30" in str(c.source)]
    assert len(bound) == 1 and bound[0].rule is None
    assert "limit of the program" in bound[0].why["en"] and "programın sınırı" in bound[0].why["tr"]
    for lang in LANGS:
        handout = " ".join(teach.rules(g, lang).split())
        assert not re.search(r"\b30 (melds|per)\b", handout), lang


# ------------------------------------------------------------- examples beside the rules (issue 37)
@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_every_example_of_a_bundled_game_holds_under_the_game_and_each_variant(game, variants):
    """Issue 37: examples are checked. Each example beside a rule agrees with the engine under the game and
    under every variant that does not restate the rule (C3, C5-C7 in the 5200 game; the 351 game's own,
    D10's points): kural validate's check, run here on every bundled game and variant."""
    g = teach.open_game(game, variants)
    assert teach.example_problems(g) == []
    if game == "canasta":
        assert g.examples, "Kanasta gives the seeds' examples"


def test_the_351_book_cannot_print_the_5200_games_points_again():
    """Issue 37.1: the 351 game's C6 said 35 and 50 points, 5200 points. Its examples are its own (4.5 and 6,
    D10) and checked; the 5200 game's are not printed there, and would not hold there."""
    base, g = teach.open_game("canasta"), teach.open_game("canasta", ["351"])
    five = " ".join(teach.rules(base, "en").split())
    three = " ".join(teach.rules(g, "en").split())
    assert "♠4 ♠5 ♠6 🃏 ♠8 — a meld of 35 points" in five
    assert "♠4 ♠5 ♠6 🃏 ♠8 — a meld of 4.5 points" in three and "a meld of 35 points" not in three
    assert "♠4 ♠5 ♠6 🃏 ♠8 — 4,5 puanlık bir per" in " ".join(teach.rules(g, "tr").split())
    from kural.dsl.teach.examples import holds
    assert not any(holds(g, e) for e in base.examples if e.points and e.rule == "C6")


def test_an_example_the_engine_does_not_agree_with_is_never_printed_and_validate_names_it(tmp_path):
    """A wrong example is not printed (the handout says only what the engine agrees with); `kural validate`
    reports it at its place, with what the cards do score, and exits 2."""
    path = tmp_path / "mycanasta.yaml"
    path.write_text(f"extends: {games_dir() / 'canasta.yaml'}\n"
                    "examples:\n  - {rule: C6, meld: \"4S 5S 6S XJ 8S\", points: 40}\n"
                    "  - {rule: C6, meld: \"5S 6S XJ\"}\n", encoding="utf-8")
    g = teach.open_game(str(path))
    text = " ".join(teach.rules(g, "en").split())
    assert "40 points" not in text and "♠5 ♠6 🃏 — no meld" in text
    proc = kural(tmp_path, "validate", str(path), "--lang", "en")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"{path}:3:5:" in proc.stderr and "is 35 points, not 40 points" in proc.stderr


@pytest.mark.parametrize("game,word,other", [("fantan", "el", "tur"), ("canasta", "el", "tur"), ("fanti", "tur", "el")])
def test_the_reference_calls_a_round_what_the_games_table_calls_it(game, word, other):
    """Issue 37.12: Turkish tables say *el* for a deal of Fantan and Kanasta (F8: "Tek el oynanır") and *tur*
    for Fanti's rounds (its seed's word): the reference says its end, its start and its count in the
    game's own word (game.round_title), never the other one."""
    g = teach.open_game(game)
    text = teach.rules(g, "tr", reference=True)
    heading = {"el": "Elin sonu", "tur": "Turun sonu"}
    assert heading[word] in text and heading[other] not in text
    assert f"Her {'elin' if word == 'el' else 'turun'} başında" in text
    english = teach.rules(g, "en", reference=True)
    assert ("End of a hand" in english) == (word == "el") and ("End of a round" in english) == (word == "tur")


@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_no_command_line_option_reaches_a_rule_of_the_handout(game, variants):
    """Issue 37.11: "(--set start_card)", "(--players 2, 3 or 4)", "--variant 351-no-show-twice" stood inside
    rule lines. In the handout a command is only where it is one: the variations' `kural play` lines and
    the line that points to `kural rules --reference`."""
    g = teach.open_game(game, variants)
    for lang in LANGS:
        for line in teach.rules(g, lang, "markdown").splitlines():  # (a line per part: no command wrapped)
            if "--" in re.sub(r"kural (rules|play) \S+( --variant \S+)*( --reference)?", "", line):
                raise AssertionError(f"{lang}: {line}")


def test_diff_says_first_what_changes_for_the_player_each_rule_once(tmp_path):
    """Issue 37.14: a teacher needs "what changes for the player" before the details: each rule whose words
    now differ (its params filled in: maca7's F2 said before and now, the 7 of diamonds then the 7 of spades),
    is new or is gone, once, in rule order, then the rule file's parts. The JSON gives the same list."""
    left, right, left_name, right_name = teach.sides("fantan", "maca7")
    text = teach.diff(left, right, left_name, right_name, "en")
    head = text.split("The details")[0]
    assert head.count("F2:") == 1 and "before: The holder of the 7 of diamonds plays first" in head
    assert head.index("before: The holder of the 7 of diamonds") < head.index("now:    The holder of the 7 of spades")
    data = json.loads(teach.diff(left, right, left_name, right_name, "en", "json"))
    assert [(r["rule"], r["status"]) for r in data["for_the_player"]] == [("F2", "changed")]
    assert "7 of diamonds" in data["for_the_player"][0]["before"] and "7 of spades" in data["for_the_player"][0]["now"]
    left, right, left_name, right_name = teach.sides("canasta", "351")
    summary = json.loads(teach.diff(left, right, left_name, right_name, "tr", "json"))["for_the_player"]
    rules = [r["rule"] for r in summary]
    assert rules == sorted(set(rules), key=natural_key) and "C6" in rules and "C1" in rules  # its counts, its sides
    assert {r["rule"] for r in summary if r["status"] == "added"} == {f"D{i}" for i in range(1, 12)}


@pytest.mark.parametrize("game,variants", CASES, ids=IDS)
def test_the_handout_has_no_flag_encoding_and_no_variable_letter(game, variants):
    """Issue 37.11's classes: the reference may say how a counter is kept ("shown as 0 = no; 1 = yes") and
    name a rule's item by a letter (p, c, g, u); the handout a player reads does neither, in either language."""
    g = teach.open_game(game, variants)
    for lang in LANGS:
        for line in teach.rules(g, lang, "markdown").splitlines():
            assert not re.search(r"(?<![\w'’♠♥♦♣🍃★])[b-np-z](?![\w'’])", line), (lang, line)  # (a, o: words)
            assert not re.search(r"\b[01] = |gösterimi|shown as", line), (lang, line)
    reference = teach.rules(g, "en", reference=True)
    assert re.search(r"(?<![\w'’♠♥♦♣🍃★])[b-np-z](?![\w'’])", reference) or game != "canasta", \
        "the reference names a rule's item by its letter: the test would see one"


def test_a_position_example_shows_what_the_hand_may_play_as_the_engine_lists_it(tmp_path):
    """Issue 37.13: the Fantan seed's own example (F5: with ♥5-♥9 on the table, ♥4 and ♥10 may be played,
    no gaps) is in the book, set up as a position and checked against the legal moves; a position example
    the engine does not agree with is not printed, and validate names it with what the hand may play."""
    g = teach.open_game("fantan")
    assert teach.example_problems(g) == [] and any(e.zones for e in g.examples)
    en = " ".join(teach.rules(g, "en").split())
    assert "the table holds ♥5 ♥6 ♥7 ♥8 ♥9; from ♥3 ♥4 ♥10 ♠Q ♠K in your hand you may play ♥4 and ♥10" in en
    tr = " ".join(teach.rules(g, "tr").split())
    assert "masada ♥5 ♥6 ♥7 ♥8 ♥9 var; elindeki ♥3 ♥4 ♥10 ♠Q ♠K kartlarından ♥4 ve ♥10 oynanabilir" in tr
    path = tmp_path / "myfantan.yaml"
    path.write_text(f"extends: {games_dir() / 'fantan.yaml'}\n"
                    "examples:\n  - rule: F5\n    zones: {table: \"5H 6H 7H 8H 9H\"}\n"
                    "    hand: \"3H 4H TH\"\n    plays: \"3H 4H\"\n", encoding="utf-8")
    wrong = teach.open_game(str(path))
    assert "♥3 ♥4 ♥10 in your hand" not in teach.rules(wrong, "en")
    proc = kural(tmp_path, "validate", str(path), "--lang", "en")
    assert proc.returncode == 2 and f"{path}:3:5:" in proc.stderr and "the moves play ♥4 ♥10, not ♥3 ♥4" in proc.stderr


def test_validate_warns_when_a_variant_changes_what_a_rule_does_but_not_its_words(tmp_path):
    """Issue 37: a variant that changes what a rule does (an expression: a check, effects, scoring) restates
    that rule's words, or `kural validate` warns, naming the rule and the part changed; a variant that
    words a rule of the part (pass-fee's FV3 beside F6), or changes only a param, draws no warning."""
    assert all(not teach.unworded(teach.open_game("games/" + f))
               for f in ("fantan/pass-fee.yaml", "fantan/maca7.yaml", "canasta/351.yaml"))
    path = tmp_path / "kings.yaml"
    path.write_text(f"extends: {games_dir() / 'fantan.yaml'}\nvariant: {{id: kings}}\n"
                    "moves:\n  pass:\n    when:\n      - check: not can(play) or count(hand(me)) > 10\n"
                    "        rule: F6\n", encoding="utf-8")
    proc = kural(tmp_path, "validate", str(path), "--lang", "en")
    assert proc.returncode == 0, proc.stderr  # a warning, not an error
    assert f"{path}:6:" in proc.stderr and "F6's words are the base game's" in proc.stderr
    assert "restate F6 under `text:`" in proc.stderr


def test_a_worked_capture_is_shown_move_by_move_as_the_table_lists_it(tmp_path):
    """Issue 37.13: the worked Fanti capture. With ♥8 ★3 ♣5 and a Scout on the table, 🍃3 takes ♥8 (3 + 8 =
    11) or ★3 ♣5 (3 + 3 + 5 = 11, N6); the Scout counts in no sum (N8) and a card that can capture must
    (N11): those two moves and no other, each as the table lists it. Under capture-optional, which sets the
    param N11's words name, the base game's example is not that variant's: the variant gives its own, the
    move that takes nothing beside the two. An example whose moves are not the position's is reported by
    validate with the moves there."""
    from kural.dsl.teach.examples import moves
    from kural.interpreter.positions import arranged
    g = teach.open_game("fanti")
    [example] = [e for e in g.examples if e.rule == "N6"]
    legal = legal_moves(arranged(g, example.zones))
    listed = sorted(move_text(g, m, "en") for m in legal)
    assert listed == sorted(["play 🍃3 → ♥8", "play 🍃3 → ★3 ♣5"]) and len(moves(g, example)) == 2
    en = " ".join(teach.rules(g, "en").split())
    assert "the table holds ♥8 ★3 ♣5 ♥S; with 🍃3 in your hand your moves are: play 🍃3 → ♥8; play 🍃3 → ★3 ♣5" in en
    assert "elinde 🍃3 varken hamlelerin: oyna 🍃3 → ♥8; oyna 🍃3 → ★3 ♣5" in " ".join(teach.rules(g, "tr").split())
    optional = teach.open_game("fanti", ["capture-optional"])
    assert teach.example_problems(optional) == []
    assert "your moves are: play 🍃3 → ♥8; play 🍃3 → ★3 ♣5; play 🍃3." in " ".join(teach.rules(optional, "en").split())
    path = tmp_path / "myfanti.yaml"
    path.write_text(f"extends: {games_dir() / 'fanti.yaml'}\n"
                    "examples:\n  - rule: N6\n    zones: {table: \"8H 3D 5C\"}\n"
                    "    hand: \"3S\"\n    moves: [\"3S → 8H\"]\n", encoding="utf-8")
    proc = kural(tmp_path, "validate", str(path), "--lang", "en")
    assert proc.returncode == 2 and f"{path}:3:5:" in proc.stderr
    assert "the moves there are 🍃3 → ♥8; 🍃3 → ★3 ♣5, not 🍃3 → ♥8" in proc.stderr


def test_the_seeds_openings_of_45_are_melds_checked_together(tmp_path):
    """Issue 37.13: the Kanasta seed's openings of 45 (C8): 4-5-6 and 8-8-8, or nine 5-point cards as 5-6-7,
    3-3-3 and 4-4-4, each a meld the engine reads and their points together 45 (C7). A sum the engine does
    not agree with is not printed, and validate names it."""
    g = teach.open_game("canasta")
    text = " ".join(teach.rules(g, "en").split())
    assert "♠4 ♠5 ♠6 + ♥8 ♦8 ♣8 — melds of 45 points together" in text
    assert "♥5 ♥6 ♥7 + ♠3 ♥3 ♦3 + ♠4 ♥4 ♣4 — melds of 45 points together" in text
    path = tmp_path / "mycanasta.yaml"
    path.write_text(f"extends: {games_dir() / 'canasta.yaml'}\n"
                    "examples:\n  - {rule: C8, meld: \"4S 5S 6S + 8H 8D\", points: 35}\n", encoding="utf-8")
    assert "♥8 ♦8 — melds" not in teach.rules(teach.open_game(str(path)), "en")  # 8-8 is no meld (C3)
    proc = kural(tmp_path, "validate", str(path), "--lang", "en")
    assert proc.returncode == 2 and f"{path}:3:5:" in proc.stderr and "no meld, not 35 points" in proc.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_who_deals_and_who_plays_first_is_what_the_book_says_for_every_count(players):
    """Issue 37.13, who deals first. The Kanasta book (C1): you deal the first hand and the next player plays
    first, the 351 game with 2, 3 or 4 players alike; with 4 you and Can play against Zeynep and Elif, with 2
    or 3 each for themselves. Fanti (N4): you lead the first round. The engine plays what the books say."""
    from kural import load as load_game
    state = load_game("canasta", variants=["351"], players=players).new(7)
    assert state.to_move == 1 % players
    fanti = load_game("fanti", players=players).new(7)
    assert fanti.to_move == 0
    book = " ".join(teach.rules(teach.open_game("canasta", ["351"]), "en").split())
    assert ("C1: 2, 3 or 4 players: with 2 players, you against Zeynep; with 3 players, each for themselves; with "
            "4 players, you and Can against Zeynep and Elif. Play and the deal go clockwise: you deal the first hand "
            "and the next player plays first") in book
    assert "in the first round you lead" in teach.rules(teach.open_game("fanti"), "en")


def test_a_variant_a_user_writes_prints_a_true_book(tmp_path):
    """Issue 37, done when: a Fantan for five players says five players and their seats in turn order (F1,
    F3), never the base game's four; a Kanasta with another opening minimum says its own thresholds (C8) and
    drops the 45-point examples, which the base game's minimum made openings."""
    five = tmp_path / "five.yaml"
    five.write_text(f"extends: {games_dir() / 'fantan.yaml'}\nvariant: {{id: five}}\ngame:\n  players: 5\n"
                    "  seats:\n    en: [You, Zeynep, Can, Elif, Mert]\n    tr: [Sen, Zeynep, Can, Elif, Mert]\n",
                    encoding="utf-8")
    g = teach.open_game(str(five))
    en, tr = (" ".join(teach.rules(g, lang).split()) for lang in LANGS)
    assert "F1: 52 cards, 5 players: the whole deck is dealt." in en and "4 players" not in en
    assert "F3: Turns go clockwise, to the player on the left: you, Zeynep, Can, Elif and Mert." in en
    assert "F1: 52 kart, 5 oyuncu" in tr and "sen, Zeynep, Can, Elif ve Mert" in tr
    from kural import load as load_game
    state = load_game(str(five)).new(1).raw  # F1: the whole deck is dealt, among the five
    hand = state.g.zone(state.g.hand_zone).first_id
    assert sorted(len(state.zones[hand + seat]) for seat in range(5)) == [10, 10, 10, 11, 11]
    higher = tmp_path / "higher.yaml"
    higher.write_text(f"extends: {games_dir() / 'canasta.yaml'}\nvariant: {{id: higher}}\n"
                      "params:\n  open_thresholds: [[0, 50], [1500, 120]]\n", encoding="utf-8")
    h = teach.open_game(str(higher))
    text = " ".join(teach.rules(h, "en").split())
    assert "(50 until 1500, then 120)" in text and "45 until 900" not in text
    assert "melds of 45 points together" not in text and teach.example_problems(h) == []
    assert kural(tmp_path, "validate", str(higher)).returncode == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_reference_names_the_seats_of_the_players_playing(players):
    """A game that allows fewer players than it names seats (Durak: 2 to 4, four names) said "3 players, in
    seat order: You, Ada, Bora, Cem": the players line names as many seats as players, in both languages."""
    g = teach.open_game(str(Path(__file__).resolve().parent / "games" / "durak.yaml"), players=players)
    for lang, lead in (("en", f"{players} players, in seat order"), ("tr", f"{players} oyuncu, oturma sırasıyla")):
        line = next(x for x in teach.rules(g, lang, reference=True).splitlines() if lead in x)
        assert len(line.split(": ", 1)[1].rstrip(".").split(", ")) == players, line


def test_the_reference_says_named_options_and_keys_by_their_names():
    """K4, K6, B5: a choice whose options have names is said by them in the rules (Batak's trump "one of
    spades, hearts, diamonds and clubs", not "0, 1, 2 and 3"; King's penalties by their names, not `kiz`), and
    a var keyed by those options says its keys and its values at a key the same way."""
    batak = " ".join(teach.rules(teach.open_game("batak"), "en", reference=True).split())
    assert "one of spades, hearts, diamonds and clubs" in batak, batak
    for lang, penalty, queens in (("en", "El almaz (no tricks)", "Kız almaz (no queens)"),
                                  ("tr", "El almaz", "Kız almaz")):
        king = " ".join(teach.rules(teach.open_game("king"), lang, reference=True).split())
        assert "“kiz”" not in king and "“el”" not in king, king
        assert penalty in king and queens in king
    king = " ".join(teach.rules(teach.open_game("king"), "en", reference=True).split())
    assert "one for each of El almaz (no tricks), Kupa almaz (no hearts)" in king
    assert "of Kız almaz (no queens)." in king
