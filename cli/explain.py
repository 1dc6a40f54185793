"""`kural explain`: a game played by bots from a seed (as `kural simulate GAME -n 1 --seed N --bots KIND` plays
it), or read from a record, replayed to the position before move K; the command shows the position, and the
teaching layer (dsl/teach/position.py) says every legal move and the rule that refuses every other option."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from kural.dsl.loader import load
from kural.dsl.rulefiles import resolve
from kural.dsl.params import set_form
from kural.dsl import teach
from kural.dsl.teach import position as teaching
from kural.interpreter import record as records
from kural.interpreter.errors import RecordError
from kural.interpreter.game import replay
from kural.interpreter.legal import legal_moves

from . import saves
from .i18n import choose_lang, pick
from .reading import move_text
from .render import board, card_line
from .simulate import play_one
from .teach_text import TEXT, say


class ExplainError(Exception):
    """What the person asked cannot be explained: the message, and a stable code for --json."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message, self.code = message, code

    def as_json(self) -> str:
        return json.dumps({"error": {"code": self.code, "message": self.message}}, ensure_ascii=False)


def open_record(path: Path, lang: str):
    """The record in `path` (the first of a JSON Lines file), read as every record is (cli/saves.py), and its
    game; ExplainError (one line) when it cannot be used."""
    try:
        rec = saves.read_records(path)[0]
        if isinstance(rec, saves.RecordFileError):
            raise rec
        saves.game_of(rec)  # its files, checked as for every record
    except saves.RecordFileError as exc:
        raise ExplainError(say("x_bad_record", lang, path=path, error=exc.text(lang)), "bad_record") from None
    from kural.dsl.loader import load_for_record
    g = load_for_record(rec)
    return rec, g


def same_game(game: str, rec: dict, path: Path, lang: str) -> None:
    """A record is explained under its own rules: a game named beside it that is another game (another
    base file, a variant file's base counted) is refused, rather than silently set aside."""
    played = rec.get("rules") or rec["game"]  # as the record's rules were found (kural.dsl.loader)
    if _base_file(game) != _base_file(played):
        raise ExplainError(say("x_other_game", lang, path=path, played=played, game=game), "other_game")


def same_rules(g, rec: dict, path: Path, lang: str, game, variants, sets, players, seed) -> None:
    """What names the rules beside a record (--variant, --set, --players) must name the record's own, or it is
    refused rather than set aside (what is left out is the record's); --seed deals a bot game, never a record's."""
    if seed is not None:
        raise ExplainError(say("x_record_and_seed", lang, path=path), "record_and_seed")
    if not (variants or sets or players is not None):
        return
    files = rec.get("files") if isinstance(rec.get("files"), dict) else {}
    own_variants = files.get("variants") or rec.get("variants") or []
    named = load(game or rec.get("rules") or rec["game"], list(variants) or list(own_variants), list(sets),
                          g.players if players is None else players)
    set_names = [str(x).partition("=")[0].strip() for x in sets]
    differ = (variants and list(named.variants) != list(g.variants) or named.players != g.players
              or any(named.params[n].get("value") != g.params[n].get("value") for n in set_names if n in g.params))
    if differ:
        asked = " ".join([*(f"--variant {v}" for v in variants), *(f"--set {x}" for x in sets),
                          *([f"--players {players}"] if players is not None else [])])
        played = " ".join([g.id, *(f"--variant {v}" for v in g.variants),
                           *(f"--set {n}={set_form(g.params[n].get('value'))}" for n in set_names if n in g.params),
                           f"--players {g.players}"])
        raise ExplainError(say("x_other_rules", lang, path=path, asked=asked, played=played), "other_rules")


def _base_file(game: str) -> Path:
    """The rule file a game or a variant file rests on, `extends` followed."""
    return resolve(game).layers[0][0].resolve()


def position(g, rec: dict, k: int, lang: str):
    """The state before move k (1-based) of a record."""
    n = len(records.played_moves(rec))
    if not 1 <= k <= n:
        raise ExplainError(say("x_bad_move", lang, n=n), "bad_move")
    s, problems = replay(g, rec, upto=k - 1)
    if problems:
        raise ExplainError("; ".join(problems), "not_reproduced")
    return s


def show(out, g, s, lang: str, header: str, note: str, k: int, played: dict | None, card_text: str | None,
         fmt: str, where: dict) -> int:
    """Print the position (text) and what the teaching layer says of it; `where` names the game and the move
    for --json (docs/json/explain.schema.json)."""
    if s.over:
        raise ExplainError(say("x_game_over", lang, k=k), "game_over")
    if card_text and g.deck.parse_input(card_text) is None:
        raise ExplainError(say("x_bad_card", lang, card=card_text), "bad_card")
    names = list(g.seats.get(lang) or g.seats.get("en") or [])
    names += [f"#{i + 1}" for i in range(len(names), g.players)]
    if fmt == "text":
        out.print(header)
        if note:
            out.print(note)
        step = g.steps[s.step]
        if len(g.steps) == 1:  # a turn of one step: no step to name
            out.print(say("x_to_move_one", lang, name=names[s.me]))
        else:
            out.print(say("x_to_move", lang, name=names[s.me], step=pick(step.title, lang, step.name)))
        if s.window is not None:  # several seats asked in turn here (docs/language.md §5.1)
            out.print(say("x_window", lang, names=", ".join(names[p] for p in s.window[1]), name=names[s.me],
                          opener=names[s.window[0]]))
        for line in board(g, s, s.me, names, lang, legal_moves(s)):
            out.print(line)
        hand = g.zone(g.hand_zone)
        out.print(say("x_hand", lang, name=names[s.me], zone=pick(hand.title, lang, hand.name),
                      cards=card_line(g, s.zones[hand.first_id + s.me], set()).plain or "-"))
    words = teach.explain(g, s, lang, lambda mv: move_text(g, mv, lang, s), fmt, card_text,
                          played_text(g, played, lang) if played is not None else "")
    if fmt == "json":
        position = {"to_move": {"seat": s.me, "name": names[s.me]}, "step": g.steps[s.step].name}
        if s.window is not None:
            position["window"] = {"asked": list(s.window[1]), "opened_by": s.window[0]}
        sys.stdout.write(json.dumps({**where, **position, **json.loads(words)}, ensure_ascii=False, indent=2) + "\n")
        return 0
    for line in words.rstrip("\n").split("\n"):
        out.print(line)
    return 0


def played_text(g, entry: dict, lang: str) -> str:
    m = next((x for x in g.moves if x.name == entry.get("move")), None)
    if m is None:
        return str(entry.get("move"))
    cards = [g.deck.card_of_code(c) for c in entry.get("cards", [])]
    if len(m.choices) == 1 and m.choices[0].of_cards and cards and cards[0] is not None:
        return g.deck.label(cards[0])
    zones = [z for z in g.zones if z.max_groups]
    groups = [f"{pick(zones[0].title, lang, zones[0].name)} {entry[c.name]}"
              for c in m.choices if c.of_groups and c.name in entry and len(zones) == 1]
    return " ".join([pick(m.title, lang, m.name)] + groups + [g.deck.label(c) for c in cards if c is not None])


def run(out, *, game: str | None, variants, sets, seed: int | None, k: int, lang_option: str | None, players=None,
        card: str | None, record_path: Path | None, bots: str, fmt: str = "text") -> int:
    """The whole command; raises ExplainError (a message for the person) or RuleError."""
    lang = choose_lang(lang_option)
    if record_path is not None:
        rec, g = open_record(record_path, lang)
        if game is not None:
            same_game(game, rec, record_path, lang)
        same_rules(g, rec, record_path, lang, game, variants, sets, players, seed)
        s = position(g, rec, k, lang)
        moves = records.played_moves(rec)
        title = pick(g.title, lang, g.id) + (f" + {', '.join(g.variants)}" if g.variants else "")
        header = say("x_header_record", lang, title=title, path=record_path, k=k, n=len(moves))
        where = {"game": g.id, "variants": list(g.variants), "seed": None, "record": str(record_path), "move": k,
                 "moves": len(moves)}
        return show(out, g, s, lang, header, "", k, moves[k - 1], card, fmt, where)
    if game is None or seed is None:
        raise ExplainError(say("x_need_game", lang), "need_game")
    g = load(game, list(variants), list(sets), players)
    seats = list(g.seats.get(lang) or [])
    try:  # the bot game is played as a record: a rule file whose path no record keeps is refused (issue 34.7)
        _, rec = play_one(g, seed, [bots] * g.players, True, False, seats)
    except RecordError as exc:
        raise ExplainError(exc.said(lang), "rule_file") from None
    s = position(g, rec, k, lang)
    moves = records.played_moves(rec)
    title = pick(g.title, lang, g.id) + (f" + {', '.join(g.variants)}" if g.variants else "")
    header = say("x_header", lang, title=title, seed=seed, k=k, n=len(moves))
    game_args = game + "".join(f" --variant {v}" for v in variants) + "".join(f" --set {x}" for x in sets) + \
        (f" --players {players}" if players is not None else "")
    if bots == "heuristic":
        note = say("x_bots_usual", lang, bots=bots, game=game_args, seed=seed)
    else:
        kind = say(f"bot_{bots}", lang) if f"bot_{bots}" in TEXT else f"{bots} "  # (a kind it has no word for: as typed)
        note = say("x_bots", lang, kind=kind, bots=bots, game=game_args, seed=seed)
    where = {"game": g.id, "variants": list(g.variants), "seed": seed, "record": None, "move": k, "moves": len(moves)}
    return show(out, g, s, lang, header, note, k, moves[k - 1], card, fmt, where)
