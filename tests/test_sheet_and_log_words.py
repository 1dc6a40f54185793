"""What a sheet, the log and the help say of a rule file's values (issue 38, found bundling Batak and King):
a field's values said in words (`field_shown_as`: made / sunk, B13), a field a variant takes away
(`null`: Koz Maça has no declarer), a move only its player sees (`visible: owner`: Gömmeli's buried cards,
BV3), and a choice's title in the help's typed forms (`bid TRICKS`, not the choice's name)."""
from __future__ import annotations

import io
import shutil
from pathlib import Path

from rich.console import Console

from kural.cli import render
from kural.dsl.loader import load
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves

from test_bad_rules import validate

GAMES = Path(__file__).resolve().parents[1] / "games"
EIGHTS = Path(__file__).resolve().parent / "games" / "eights.yaml"
WORDS = """extends: pisti
variant: {id: words}
round_result:
  fields:
    club_two: null
  field_shown_as:
    majority: {"3": {en: "most cards", tr: "en çok kart"}, "0": {en: "none", tr: "yok"}}
"""


def pisti_variant(tmp_path: Path, text: str) -> Path:
    shutil.copy(GAMES / "pisti.yaml", tmp_path / "pisti.yaml")
    (tmp_path / "pisti").mkdir(exist_ok=True)
    path = tmp_path / "pisti" / "words.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def first_sheet(g):
    s = new_game(g, 1)
    while not s.sheets:
        apply(s, legal_moves(s)[0])
    return s.sheets[0]


def test_a_fields_values_are_said_in_words_and_a_variant_takes_a_field_away(tmp_path):
    """P12's majority said as words on the hand's sheet, where the rule file gives them, in each language;
    the ♣2 field taken away by the variant's null, kept by the base game."""
    path = pisti_variant(tmp_path, WORDS)
    g, base = load(str(tmp_path / "pisti.yaml"), [str(path)]), load(str(tmp_path / "pisti.yaml"))
    assert "club_two" in base.round_result.fields and "club_two" not in g.round_result.fields
    sheet = first_sheet(g)
    for lang, words in (("en", {"most cards", "none"}), ("tr", {"en çok kart", "yok"})):
        out = io.StringIO()
        Console(file=out, width=200, color_system=None).print(
            render.round_table(Console(width=200), g, sheet, 1, ["You", "Elif", "Can", "Zeynep"], lang))
        said = out.getvalue()
        majority = {render.pick(g.round_result.field_shown_as["majority"][str(v)], lang, "")
                    for v in sheet["majority"]}
        assert majority <= words and all(w in said for w in majority), said
        assert "♣2" not in said


def test_words_for_a_field_the_sheet_has_not_are_refused_at_their_key(tmp_path):
    path = pisti_variant(tmp_path, WORDS.replace("    majority: {", "    majorty: {"))
    proc = validate(path)
    assert proc.returncode == 2 and "words.yaml:7:5:" in proc.stderr and "`majorty`" in proc.stderr, proc.stderr
    assert "majority" in proc.stderr  # the hint lists the sheet's fields


def test_a_move_only_its_player_sees_is_logged_for_the_others_without_its_cards(tmp_path):
    """BV3's burial, as a rule file says it: `visible: owner` on a move; the others' log names the move and
    how many cards, never the card; its own player, and a game of bots alone, see it."""
    shutil.copy(EIGHTS, tmp_path / "eights.yaml")
    path = tmp_path / "hidden.yaml"
    path.write_text("extends: eights.yaml\nvariant: {id: hidden}\nmoves:\n  play:\n    visible: owner\n",
                    encoding="utf-8")
    g = load(str(path))
    s = new_game(g, 3)
    move = next(m for m in legal_moves(s) if g.moves[m[0]].name == "play")
    card = g.deck.label(move[1][0])
    assert render.bot_line(g, "Ada", move, "en", seen=False) == "Ada: play (a card, face down)"
    assert render.bot_line(g, "Ada", move, "tr", seen=False) == "Ada: oyna (bir kart, kapalı)"
    assert card in render.bot_line(g, "Ada", move, "en", seen=True)
    plain = load(str(EIGHTS))
    assert card in render.bot_line(plain, "Ada", move, "en", seen=False)  # (visible: all, the default)


def test_a_choices_title_names_it_in_the_help(tmp_path):
    """The help's typed forms name a choice that is no card by its title (`SUIT`, `RENK`), not its name."""
    shutil.copy(EIGHTS, tmp_path / "eights.yaml")
    path = tmp_path / "titled.yaml"
    path.write_text("extends: eights.yaml\nvariant: {id: titled}\nmoves:\n  eight:\n    choose:\n      call:\n"
                    "        from: [0, 1, 2, 3]\n        title: {en: suit, tr: renk}\n", encoding="utf-8")
    g = load(str(path))
    s = new_game(g, 1)
    hand = list(s.zones[g.zone("hand").first_id + s.me])
    said = {lang: render.typed_forms(g, legal_moves(s), hand, lang) for lang in ("en", "tr")}
    assert "SUIT" in said["en"] and "RENK" in said["tr"] and "CALL" not in said["en"] + said["tr"], said
