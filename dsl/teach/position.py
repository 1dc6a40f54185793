"""`kural explain`, and the words of a refusal at the table: at one position of a game, every legal move,
and for every other option of the step the rule that refuses it, said from the program.

Each option of the moves of the current step (each card of the mover's hand, for a card choice) that is not
legal is explained by the first check of its move's guard that fails (kural.interpreter.legal `refusal`): the
rule file's `why` (the refusal) with its rule, and the check's condition in words (what the move needs).
"""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field

from kural.interpreter.legal import legal_moves, refusal
from kural.interpreter.record import entry as record_entry

from .phrases import say
from .words import Speaker

MAX_OPTIONS = 400  # options of one move tried, at most (moves with several choices)
FEW = 6  # options of a group of refusals named one by one (the others counted)


@dataclass
class Explanation:
    legal: list = field(default_factory=list)  # each legal move as the table lists it
    refused: list = field(default_factory=list)  # (move as listed, the refusal in words)
    played: str = ""  # the move played there in the game, if known
    note: str = ""  # when no option was refused: why (all legal, the card not held, the card legal)
    mover: str = ""  # the player to move when it is not the one the rules speak to ("you"): the refusals
    # are the table's words to that player
    # the same moves for a program (--json): each legal move's name and cards, each refused one's with its rule
    legal_data: list = field(default_factory=list)
    refused_data: list = field(default_factory=list)


def options(s, m):
    """Every combination of a move's choices in their domains (at most MAX_OPTIONS), faces told apart once."""
    if not m.choices:
        yield ()
        return
    faces = s.g.deck.face

    def walk(i, picked):
        if i == len(m.choices):
            yield tuple(picked)
            return
        choice = m.choices[i]
        items = s.g.program.domains[m.index][i](s, *picked)  # the program's options of it, given those before
        items = s.zones[items] if choice.domain_is_zone else items
        seen = set()
        for v in list(items):
            key = faces[v] if choice.of_cards else repr(v)
            if key in seen:
                continue
            seen.add(key)
            yield from walk(i + 1, picked + [v])
    yield from itertools.islice(walk(0, []), MAX_OPTIONS)


def explain(g, s, lang: str, move_text, wanted: set | None = None, card_text: str = "") -> Explanation:
    """The legal moves at `s` and the refusal of every other option of the step (only those with a card of
    the faces `wanted`, when given); `move_text(move)` lists a move as the table does."""
    sp = Speaker(g, lang)
    step = g.steps[s.step]
    legal = legal_moves(s)  # not game.legal: where nothing is legal, the refusals say why
    faces = g.deck.face

    def involves(move) -> bool:
        index, vals = move
        return wanted is None or any(c.of_cards and v is not None and faces[v] in wanted
                                     for c, v in zip(g.moves[index].choices, vals))
    shown = [mv for mv in legal if involves(mv)]
    out = Explanation(legal=[move_text(mv) for mv in shown],
                      legal_data=[_move_data(g, mv, move_text(mv)) for mv in shown])
    legal_keys = {_key(g, mv) for mv in legal}
    refused = []
    for index in step.moves:
        m = g.moves[index]
        for vals in options(s, m):
            mv = (index, vals)
            if _key(g, mv) in legal_keys or not involves(mv):
                continue
            refused.append((mv, refusal(s, index, vals)))
    order = {c: i for i, c in enumerate(sorted(range(g.deck.size), key=lambda c: (g.deck.suit[c], g.deck.rank[c])))}
    refused.sort(key=lambda item: (step.moves.index(item[0][0]), [order.get(v, -1) if isinstance(v, int) else 0
                                                                   for v in item[0][1]]))
    each = [(move_text(mv), reason(sp, g, mv[0], check)) for mv, check in refused]
    out.refused_data = [dict(_move_data(g, mv, text), rule=check.rule if check is not None else None, reason=why)
                        for (mv, check), (text, why) in zip(refused, each)]
    out.refused = grouped(sp, g, [mv for mv, _ in refused], each, {mv[0] for mv in legal})
    seats = g.seats.get(lang) or g.seats.get("en") or []
    out.mover = seats[s.me] if 0 < s.me < len(seats) else ""  # (seat 0 is "you" at the table)
    if wanted is not None and not refused and not out.legal:
        hand = g.zone(g.hand_zone)
        title = ", ".join(sp.title(g.moves[i].title, g.moves[i].name) for i in step.moves
                          if any(c.of_cards for c in g.moves[i].choices)) or "-"
        names = g.seats.get(lang) or g.seats.get("en") or []
        out.note = say("x_card_not_held", lang, card=card_text, name=names[s.me] if s.me < len(names) else "?",
                       move=title, domain=sp.title(hand.title, hand.name))
    elif wanted is not None and out.legal and not refused:
        out.note = say("x_card_legal", lang, card=card_text)
    elif not refused:
        out.note = say("x_all_legal", lang)
    return out


def grouped(sp: Speaker, g, moves: list, each: list, playable: set) -> list:
    """The refusals as a teacher says them: options of one move refused for the same reason, one after
    another, are one line: "add: all 24 ways" where the move has no legal option and each of its options
    is refused so, else the first few and how many (a program reads each option: --json)."""
    out = []
    start = 0
    while start < len(each):
        end = start + 1
        while end < len(each) and moves[end][0] == moves[start][0] and each[end][1] == each[start][1]:
            end += 1
        n, why = end - start, each[start][1]
        index = moves[start][0]
        if n == 1:
            out.append(each[start])
        elif index not in playable and sum(1 for mv in moves if mv[0] == index) == n:
            m = g.moves[index]
            out.append((say("x_every_option", sp.lang, move=sp.title(m.title, m.name), n=n), why))
        else:
            shown = ", ".join(text for text, _ in each[start:start + min(n, FEW)])
            out.append((shown if n <= FEW else say("x_some_options", sp.lang, moves=shown, n=n), why))
        start = end
    return out


def _move_data(g, mv, text: str) -> dict:
    """A move for a program: as the table lists it, and as a record writes it (its name, the codes of its
    cards, its other choices by name)."""
    written = record_entry(g, 0, mv)
    del written["seat"]
    return {"text": text, **written}


def reason(sp: Speaker, g, move_index: int, check) -> str:
    """Why an option of a move is refused: the refusal in the rule file's words (`why`) and its rule, as a
    teacher says it; only a check the file gives no words reads its condition aloud."""
    if check is None:
        return say("x_no_reason", sp.lang)
    why = sp.title(check.why, "") if check.why else ""
    rule = f" ({check.rule})" if check.rule else ""
    if why:
        return f"{why}{rule}"
    return say("x_refused_bare", sp.lang, rule=rule, words=condition_words(sp, g, g.moves[move_index], check))


def condition_words(sp: Speaker, g, m, check) -> str:
    """A check's condition in words, from its node in the words the game keeps (at `check.part`)."""
    return sp.condition(g.words().parts[check.part], sp.move_locals(m))


def _key(g, mv) -> tuple:
    index, vals = mv
    faces = g.deck.face
    return index, tuple(faces[v] if c.of_cards else repr(v) for c, v in zip(g.moves[index].choices, vals))


def render(ex: Explanation, lang: str, fmt: str = "text") -> str:
    """The explanation after the position (the command prints the position itself)."""
    if fmt == "json":  # docs/json/explain.schema.json (the command adds the position)
        data = {"legal": ex.legal_data, "refused": ex.refused_data, "played": ex.played, "note": ex.note}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    out = ["", say("x_legal", lang, n=len(ex.legal))] + [f"  {m}" for m in ex.legal]
    if ex.played:
        out.append(say("x_played", lang, move=ex.played))
    out.append("")
    if ex.note:
        out.append(ex.note)
        return "\n".join(out) + "\n"
    out.append(say("x_not_legal_to", lang, name=ex.mover) if ex.mover else say("x_not_legal", lang))
    width = max(len(m) for m, _ in ex.refused)
    out += [f"  {m:<{width}}  {why}" for m, why in ex.refused]
    return "\n".join(out) + "\n"


def explanation(g, state, lang: str, move_text, fmt: str = "text", card=None, played: str = "", header: str = "",
                note: str = "", k: int = 0) -> str:
    wanted, card_text = None, ""
    if card:
        face = g.deck.parse_input(card)
        found = g.deck.cards_of(face[0], face[1]) if face else []
        if found:
            wanted, card_text = {g.deck.face[c] for c in found}, g.deck.label(found[0])
    ex = explain(g, state, lang, move_text, wanted, card_text)
    ex.played = played
    return render(ex, lang, fmt)


# ------------------------------------------------------------ at the table
def refusal_words(g, check, lang: str) -> str:
    """Why a move is refused, for the table: the check's `why` and its rule ("you have a playable card, so
    you must play (F6)"); a check without a `why`, as the condition the move needs ("only if: ..."), from
    the words `g` keeps (`g.words()`: nothing is loaded again). `g` is any loaded game."""
    rule = f" ({check.rule})" if check.rule else ""
    why = (check.why.get(lang) or check.why.get("en") or "") if check.why else ""
    if why:
        return f"{why}{rule}"
    m = next(m for m in g.moves if any(c is check for c in m.checks))
    words = condition_words(Speaker(g, lang), g, m, check)
    return say("x_only_if", lang, words=words, rule=rule)

