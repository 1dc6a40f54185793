"""Independent checker of Fantan game records (RULES.md section 1).

Written from RULES.md alone and sharing no code with the engine, so that a
mistake in the rule file or the interpreter cannot also hide in its check.
Clarity beats speed here: the table is a dict of rows, hands are sets.

check_record(rec) -> list of problems, each citing its rule (empty = valid).
replay_result(rec) -> the result the record's moves must lead to.
"""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = frozenset(r + s for s in SUITS for r in RANKS)
SEVEN = RANKS.index("7")
VARIANTS = {"maca7", "any7", "pass-fee", "free-pass"}
START_CHIPS = 20                                        # FV3 decision


def _rank(card):
    return RANKS.index(card[0])


def _norm(moves):
    """Moves as a set of (name, cards) pairs: order never matters."""
    return {(m.get("move"), tuple(sorted(m.get("cards") or ()))) for m in moves}


class _Game:
    """Fantan state, enough to judge each move of a record."""

    def __init__(self, hands, variants):
        self.hands = [set(h) for h in hands]
        self.rows = {}                      # suit -> [low rank, high rank]
        self.any7 = "any7" in variants
        self.free_pass = "free-pass" in variants
        self.start = "7S" if "maca7" in variants else "7D"      # F2, FV1
        self.chips = [START_CHIPS] * 4
        self.pot = 0
        self.winner = None

    def first_seat(self):
        if self.any7:
            return 0                                            # FV2
        return next(s for s in range(4) if self.start in self.hands[s])  # F2

    def why_not(self, seat, card):
        """Why `seat` may not play `card` now, as (rule, text); None if it may."""
        if card not in self.hands[seat]:
            return "F1", f"seat {seat} does not hold {card}"
        if not self.rows:
            if self.any7:
                return None if _rank(card) == SEVEN else \
                    ("FV2", f"the first card must be a 7, not {card}")
            return None if card == self.start else \
                ("F2", f"the first card must be {self.start}, not {card}")
        row = self.rows.get(card[1])
        if row is None:
            return None if _rank(card) == SEVEN else \
                ("F4", f"{card[1]} is not on the table and opens only with its 7, not {card}")
        if _rank(card) in (row[0] - 1, row[1] + 1):
            return None
        return "F5", (f"{card} does not extend the {card[1]} row "
                      f"{RANKS[row[0]]}-{RANKS[row[1]]} by one step (no gaps)")

    def plays(self, seat):
        return {c for c in self.hands[seat] if self.why_not(seat, c) is None}

    def may_pass(self, seat):
        # F6: only with nothing to play. FV4 lifts that, but not while the
        # table is empty: the game still opens with the start card (F2).
        return not self.plays(seat) or (self.free_pass and bool(self.rows))

    def legal(self, seat):
        moves = {("play", (c,)) for c in self.plays(seat)}
        if self.may_pass(seat):
            moves.add(("pass", ()))
        return moves

    def play(self, seat, card):
        self.hands[seat].remove(card)
        rank = _rank(card)
        row = self.rows.setdefault(card[1], [rank, rank])
        row[0], row[1] = min(row[0], rank), max(row[1], rank)
        if not self.hands[seat]:                                # F7
            self.winner = seat
            self.chips[seat] += self.pot                        # FV3
            self.pot = 0

    def pass_(self, seat):
        self.chips[seat] -= 1          # FV3: owed even at 0 chips; only
        self.pot += 1                  # reported when pass-fee is on

    def result(self, pass_fee):
        res = {"winners": [self.winner],
               "scores": [len(h) for h in self.hands],          # F7
               "hands": [sorted(h, key=_deck_order) for h in self.hands]}
        if pass_fee:
            res["chips"] = list(self.chips)
        return res


def _deck_order(card):
    return SUITS.index(card[1]), _rank(card)


def _cards_in(value):
    """Card codes anywhere inside a zone's (possibly nested) lists."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [c for v in value for c in _cards_in(v)]
    return [value] if isinstance(value, str) and value in DECK else []


def _check_deal(rec):
    deal = rec.get("deal") or {}
    hands = deal.get("hands")
    if not (isinstance(hands, list) and len(hands) == 4
            and all(isinstance(h, list) for h in hands)):
        return ["F1: deal.hands must be 4 lists of cards"]
    problems = [f"F1: seat {s} is dealt {len(h)} cards, not 13"
                for s, h in enumerate(hands) if len(h) != 13]
    cards = [c for h in hands for c in h]
    bad = sorted({str(c) for c in cards if not (isinstance(c, str) and c in DECK)})
    if bad:
        return problems + [f"F1: not card codes: {bad}"]
    dupes = sorted({c for c in cards if cards.count(c) > 1})
    if dupes:
        problems.append(f"F1: dealt twice: {dupes}")
    missing = DECK - set(cards)
    if missing:
        problems.append(f"F1: not dealt: {sorted(missing, key=_deck_order)}")
    stray = _cards_in(deal.get("zones") or {})
    if stray:
        problems.append(f"F1: the whole deck goes to the hands, yet zones hold {stray}")
    return problems


def _replay(rec):
    """Replay the moves; return (problems, expected result or None).

    Replay stops at the first move that breaks a rule: the state after it
    means nothing, so later moves cannot be judged.
    """
    variants = rec.get("variants") or []
    unknown = sorted(set(variants) - VARIANTS)
    if unknown:
        return [f"FV: unknown variants {unknown}"], None
    problems = _check_deal(rec)
    if problems:
        return problems, None
    game = _Game(rec["deal"]["hands"], variants)
    # Who moves first is F2's (FV2's) business; every later turn is F3's.
    expected, rule = game.first_seat(), ("FV2" if game.any7 else "F2")
    for i, mv in enumerate(rec.get("moves") or []):
        if game.winner is not None:
            return problems + [f"F7: move {i} comes after seat {game.winner} went out"], None
        seat = mv.get("seat")
        if seat != expected:
            return problems + [f"{rule}: move {i} is by seat {seat}, expected seat {expected}"], None
        rule = "F3"
        legal = game.legal(seat)
        if "legal" in mv and _norm(mv["legal"]) != legal:
            offered = _norm(mv["legal"])
            problems.append(f"F4-F6: move {i} offers the wrong legal moves: "
                            f"missing {sorted(legal - offered)}, extra {sorted(offered - legal)}")
        kind, cards = mv.get("move"), mv.get("cards")
        if kind == "play" and isinstance(cards, list) and len(cards) == 1 \
                and isinstance(cards[0], str):
            why = game.why_not(seat, cards[0])
            if why:
                return problems + [f"{why[0]}: move {i}: {why[1]}"], None
            game.play(seat, cards[0])
        elif kind == "pass" and cards == []:
            if not game.may_pass(seat):
                rule6 = "F6" if game.rows else "F2/FV4"
                return problems + [f"{rule6}: move {i}: seat {seat} passes but must play "
                                   f"one of {sorted(game.plays(seat))}"], None
            game.pass_(seat)
        else:
            return problems + [f"F6: move {i} is neither one card played nor a pass: {mv}"], None
        expected = (seat + 1) % 4                               # F3
    if game.winner is None:
        return problems + ["F7: the record ends before anyone played their last card"], None
    return problems, game.result("pass-fee" in variants)


def replay_result(rec: dict) -> dict:
    """The result the record's deal and moves lead to under RULES.md;
    ValueError if they break a rule on the way."""
    problems, result = _replay(rec)
    if result is None:
        raise ValueError("; ".join(problems))
    return result


def check_record(rec: dict) -> list[str]:
    """Every problem found in a Fantan record; an empty list means valid."""
    problems = []
    if rec.get("format") != "kural-record/1":
        problems.append(f"format is {rec.get('format')!r}, not 'kural-record/1'")
    if rec.get("game") != "fantan":
        problems.append(f"game is {rec.get('game')!r}, not 'fantan'")
    if len(rec.get("seats") or []) != 4:
        problems.append("F1/F3: a game has 4 seats")
    replay_problems, want = _replay(rec)
    problems += replay_problems
    if want is None:
        return problems
    got = rec.get("result") or {}
    if got.get("winners") != want["winners"]:
        problems.append(f"F7: winners {got.get('winners')}, expected {want['winners']}")
    if got.get("scores") != want["scores"]:
        problems.append(f"F7: scores {got.get('scores')}, expected {want['scores']}")
    hands = got.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        problems.append("F7: result.hands must list the cards left for all 4 seats")
    else:
        for seat, (h, w) in enumerate(zip(hands, want["hands"])):
            if not isinstance(h, list) or sorted(map(str, h)) != sorted(w):
                problems.append(f"F7: seat {seat} is left with {h}, expected {w}")
    if "chips" in want and got.get("chips") != want["chips"]:
        problems.append(f"FV3: chips {got.get('chips')}, expected {want['chips']}")
    return problems
