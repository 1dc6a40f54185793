"""`kural explain`: at one point of a game, every legal move, and for every other option the rule that forbids it.

The game is played by bots from a seed, exactly as `kural simulate GAME -n 1
--seed N --bots KIND` plays it, or read from a record; it is replayed up to
the position before move K. Each option of the moves of the current step
(each card of the mover's hand, for a card choice) that is not legal is
explained by the first check of its move's guard that fails (`refusal`),
with the check's rule, its `why` text, and the check in words.
"""
from __future__ import annotations

import itertools
from pathlib import Path

from dsl.loader import load, resolve_for_record
from dsl.words import Speaker
from interpreter import record as records
from interpreter.game import replay
from interpreter.legal import legal_moves, refusal

from . import saves
from .i18n import pick
from .reading import move_text
from .render import board, card_line, sort_cards
from .simulate import play_one
from .teach_text import say
from .teaching import merged

MAX_OPTIONS = 400  # options of one move tried, at most (moves with several choices)


class ExplainError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def open_record(path: Path, lang: str):
    """The record in `path` (the first of a JSON Lines file), read as every record is (cli/saves.py), its
    GameDef and its merged rule data; ExplainError (one line) when it cannot be used."""
    try:
        rec = saves.read_records(path)[0]
        if isinstance(rec, saves.RecordFileError):
            raise rec
        g = saves.game_of(rec)
    except saves.RecordFileError as exc:
        raise ExplainError(say("x_bad_record", lang, path=path, error=exc.text(lang))) from None
    return rec, g, resolve_for_record(rec).data


def position(g, rec: dict, k: int, lang: str):
    """The state before move k (1-based) of a record."""
    n = len(records.played_moves(rec))
    if not 1 <= k <= n:
        raise ExplainError(say("x_bad_move", lang, n=n))
    s, problems = replay(g, rec, upto=k - 1)
    if problems:
        raise ExplainError("; ".join(problems))
    return s


def options(s, m):
    """Every combination of a move's choices in their domains (at most MAX_OPTIONS), faces told apart once."""
    if not m.choices:
        yield ()
        return
    faces = s.g.deck.face

    def walk(i, env, picked):
        if i == len(m.choices):
            yield tuple(picked)
            return
        choice = m.choices[i]
        items = choice.domain(s, env)
        items = s.zones[items] if choice.domain_is_zone else items
        seen = set()
        for v in list(items):
            key = faces[v] if choice.of_cards else repr(v)
            if key in seen:
                continue
            seen.add(key)
            env[choice.name] = v
            yield from walk(i + 1, env, picked + [v])
    yield from itertools.islice(walk(0, {}, []), MAX_OPTIONS)


def explain(out, g, data, s, lang: str, header: str, note: str, k: int, n: int, played: dict | None,
             card_text: str | None) -> int:
    sp = Speaker(g, data, lang)
    names = list(g.seats.get(lang) or g.seats.get("en") or [])
    names += [f"#{i + 1}" for i in range(len(names), g.players)]
    out.print(header)
    if note:
        out.print(note)
    if s.over:
        raise ExplainError(say("x_game_over", lang, k=k))
    me = s.me
    step = g.steps[s.step]
    out.print(say("x_to_move", lang, name=names[me], seat=me, step=step.name))
    legal = legal_moves(s)  # not game.legal: where nothing is legal, the refusals below say why
    for line in board(g, s, me, names, lang, legal):
        out.print(line)
    hand = g.zone(g.hand_zone)
    cards = s.zones[hand.first_id + me]
    out.print(say("x_hand", lang, name=names[me], zone=pick(hand.title, lang, hand.name),
                  cards=card_line(g, cards, set()).plain or "-"))
    wanted = None
    if card_text:
        face = g.deck.parse_input(card_text)
        found = g.deck.cards_of(face[0], face[1]) if face else []
        if not found:
            raise ExplainError(say("x_bad_card", lang, card=card_text))
        wanted = {g.deck.face[c] for c in found}
        card_text = g.deck.label(found[0])
    faces = g.deck.face

    def involves(move) -> bool:
        index, values = move
        return wanted is None or any(c.of_cards and v is not None and faces[v] in wanted
                                     for c, v in zip(g.moves[index].choices, values))
    shown_legal = [mv for mv in legal if involves(mv)]
    out.print("")
    out.print(say("x_legal", lang, n=len(legal)))
    for mv in (shown_legal if wanted is not None else legal):
        out.print("  " + move_text(g, mv, lang, s))
    if played is not None:
        out.print(say("x_played", lang, move=played_text(g, played, lang)))
    legal_keys = {_key(g, mv) for mv in legal}
    refused = []
    offered_cards = set()
    for index in step.moves:
        m = g.moves[index]
        for values in options(s, m):
            mv = (index, values)
            for c, v in zip(m.choices, values):
                if c.of_cards:
                    offered_cards.add(faces[v])
            if _key(g, mv) in legal_keys or not involves(mv):
                continue
            check = refusal(s, index, values)
            refused.append((mv, check))
    out.print("")
    if wanted is not None and not refused and not shown_legal:
        title = ", ".join(pick(g.moves[i].title, lang, g.moves[i].name) for i in step.moves
                          if any(c.of_cards for c in g.moves[i].choices)) or "-"
        out.print(say("x_card_not_held", lang, card=card_text, name=names[me], move=title,
                      domain=pick(hand.title, lang, hand.name)))
        return 0
    if wanted is not None and shown_legal and not refused:
        out.print(say("x_card_legal", lang, card=card_text))
        return 0
    if not refused:
        out.print(say("x_all_legal", lang))
        return 0
    out.print(say("x_not_legal", lang))
    order = {c: i for i, c in enumerate(sort_cards(g, range(g.deck.size)))}
    refused.sort(key=lambda item: (step.moves.index(item[0][0]), [order.get(v, -1) if isinstance(v, int) else 0
                                                                   for v in item[0][1]]))
    width = max(len(move_text(g, mv, lang, s)) for mv, _ in refused)
    for mv, check in refused:
        out.print(f"  {move_text(g, mv, lang, s):<{width}}  {reason(sp, g, mv, check, lang)}")
    return 0


def reason(sp: Speaker, g, mv, check, lang: str) -> str:
    if check is None:
        return say("x_no_reason", lang)
    m = g.moves[mv[0]]
    words = sp.condition(check.source, sp.move_locals(m))
    why = pick(check.why, lang)
    rule = f"{check.rule}: " if check.rule else ""
    if why:
        return f"{rule}{why} ({say('x_rule_words', lang, words=words)})"
    return f"{rule}{say('x_rule_words', lang, words=words)}"


def _key(g, mv) -> tuple:
    index, values = mv
    faces = g.deck.face
    return index, tuple(faces[v] if c.of_cards else repr(v) for c, v in zip(g.moves[index].choices, values))


def played_text(g, entry: dict, lang: str) -> str:
    m = next((x for x in g.moves if x.name == entry.get("move")), None)
    if m is None:
        return str(entry.get("move"))
    cards = [g.deck.card_of_code(c) for c in entry.get("cards", [])]
    if len(m.choices) == 1 and m.choices[0].of_cards and cards and cards[0] is not None:
        return g.deck.label(cards[0])
    groups = [f"{pick(_group_zone(g).title, lang, _group_zone(g).name)} {entry[c.name]}"
              for c in m.choices if c.of_groups and c.name in entry and _group_zone(g) is not None]
    return " ".join([pick(m.title, lang, m.name)] + groups + [g.deck.label(c) for c in cards if c is not None])


def _group_zone(g):
    """The game's group zone when it has exactly one (a group choice is written by its number alone)."""
    zones = [z for z in g.zones if z.max_groups]
    return zones[0] if len(zones) == 1 else None


def run(out, *, game: str | None, variants, sets, seed: int | None, k: int, lang_option: str | None, players=None,
        card: str | None, record_path: Path | None, bots: str, choose_lang) -> int:
    """The whole command; raises ExplainError (a message for the person) or RuleError."""
    if record_path is not None:
        rec, g, data = open_record(record_path, choose_lang(lang_option, None))
        lang = choose_lang(lang_option, g.lang)
        s = position(g, rec, k, lang)
        moves = records.played_moves(rec)
        n = len(moves)
        header = say("x_header_record", lang, title=pick(g.title, lang, g.id), path=record_path, k=k, n=n)
        return explain(out, g, data, s, lang, header, "", k, n, moves[k - 1], card)
    if game is None or seed is None:
        raise ExplainError(say("x_need_game", choose_lang(lang_option, None)))
    g = load(game, list(variants), list(sets), players)
    data = merged(game, variants)
    lang = choose_lang(lang_option, g.lang)
    seats = list(g.seats.get(lang) or [])
    _, rec = play_one(g, seed, [bots] * g.players, True, False, seats)
    s = position(g, rec, k, lang)
    moves = records.played_moves(rec)
    n = len(moves)
    title = pick(g.title, lang, g.id) + (f" + {', '.join(g.variants)}" if g.variants else "")
    header = say("x_header", lang, title=title, seed=seed, k=k, n=n)
    game_args = game + "".join(f" --variant {v}" for v in variants) + "".join(f" --set {x}" for x in sets) + \
        (f" --players {players}" if players is not None else "")
    note = say("x_bots", lang, bots=bots, game=game_args, seed=seed)
    return explain(out, g, data, s, lang, header, note, k, n, moves[k - 1], card)
