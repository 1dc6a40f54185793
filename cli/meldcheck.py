"""`kural check GAME CARD...`: do these cards form a meld under the game's `melds:` section?

The answer comes from the rule file alone (interpreter/melds.py reads it):
what the meld is (a set or a run), which card stands for which, its points,
or the rule that refuses it, in words from the file's `melds.why`.
Exit codes: 0 a meld, 1 not a meld, 2 unusable input.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass

from interpreter.cards import face_code
from interpreter.melds import ACE_HIGH, Reading

from .i18n import t


@dataclass
class Verdict:
    reading: Reading
    lines: list[str]  # the answer in words
    reason: str  # "" for a meld, else "RULE: words"


class Unusable(Exception):
    """Input that cannot be checked (an unknown card, a game with no `melds:`): one line, exit 2. `code`
    is the stable name of the problem (check.schema.json's error.code)."""

    def __init__(self, text: str, code: str = ""):
        super().__init__(text)
        self.code = code


def cards_of(g, codes: list[str], lang: str) -> list[int]:
    """The physical cards for the codes given: a code given twice takes the deck's second copy."""
    deck, taken, out = g.deck, set(), []
    for code in codes:
        face = deck.parse_input(code)
        if face is None:
            raise Unusable(code="bad_card", text=t("check_bad_card", lang, code=code))
        copies = deck.cards_of(*face)
        free = [c for c in copies if c not in taken]
        if not copies:
            raise Unusable(code="not_in_deck", text=t("check_not_in_deck", lang, code=code))
        if not free:
            raise Unusable(code="too_many", text=t("check_too_many", lang, code=code, n=len(copies)))
        taken.add(free[0])
        out.append(free[0])
    return out


def verdict(g, cards: list[int], lang: str) -> Verdict:
    rules = g.melds
    reading = rules.read(cards)
    deck = g.deck
    shown = " ".join(deck.code[c] for c in cards)
    if not reading.legal:
        rule, words = meld_reason(g, reading, lang)
        reason = f"{rule}: {words}" if rule else words
        return Verdict(reading, [t("check_not_meld", lang, cards=shown, reason=reason)], reason)
    names = deck.names.get(lang) or deck.names["en"]
    first = reading.places[0]
    if reading.kind == "set":
        kind = t("check_set", lang, rank=names["ranks"][first.rank - 1])
    else:
        kind = t("check_run", lang, suit=names["suits"][first.suit])
    lines = [t("check_meld", lang, cards=shown, kind=kind, points=_number(reading.points))]
    for p in reading.places:
        code = deck.code[p.card]
        rank = 1 if p.rank == ACE_HIGH else p.rank
        if p.wild and p.suit is None:
            lines.append("  " + t("check_stands_any", lang, card=code, rank=names["ranks"][rank - 1]))
        elif p.wild:
            lines.append("  " + t("check_stands_for", lang, card=code, face=face_code(rank, p.suit)))
        elif rules.wild[p.card]:
            lines.append("  " + t("check_in_place", lang, card=code))
    return Verdict(reading, lines, "")


def _place_json(g, p) -> dict:
    """A card of a meld as check --json gives it: its code, whether it is wild, the card it stands for
    (a rank alone, as `7`, for a wild in a set)."""
    rank = 1 if p.rank == ACE_HIGH else p.rank
    if not p.wild:
        stands = None
    elif p.suit is None:
        stands = face_code(rank, 0)[:-1]
    else:
        stands = face_code(rank, p.suit)
    return {"card": g.deck.code[p.card], "wild": p.wild, "stands_for": stands}


def error_json(exc: Unusable) -> str:
    return json.dumps({"error": {"code": exc.code, "message": str(exc)}}, ensure_ascii=False)


def meld_reason(g, reading: Reading, lang: str) -> tuple[str | None, str]:
    """Why cards are no meld: the rule and the words of the rule file's `melds.why` for the reason."""
    why = g.melds.why.get(reading.reason) or {}
    return why.get("rule"), why.get(lang) or why.get("en") or t(f"check_why_{reading.reason}", lang)


def _number(x):
    return int(x) if isinstance(x, float) and x.is_integer() else x


def run(g, codes: list[str], lang: str, as_json: bool) -> int:
    """Print the answer; 0 a meld, 1 not. Raises Unusable for input that cannot be checked."""
    if g.melds is None:
        raise Unusable(code="no_melds", text=t("check_no_melds", lang, game=g.id))
    v = verdict(g, cards_of(g, codes, lang), lang)
    r = v.reading
    if as_json:
        rule = meld_reason(g, r, lang)[0] if not r.legal else None
        sys.stdout.write(json.dumps({"legal": r.legal, "kind": r.kind, "points": _number(r.points),
                                     "reason": v.reason, "reason_code": r.reason, "rule": rule,
                                     "cards": [_place_json(g, p) for p in r.places]}, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write("\n".join(v.lines) + "\n")
    return 0 if r.legal else 1
