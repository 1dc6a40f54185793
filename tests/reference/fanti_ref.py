"""Independent checker of Fanti game records (RULES.md section 2, N1-N15).

Written from RULES.md alone and sharing no code with the engine, so that a
mistake in the rule file or the interpreter cannot also hide in its check.
Clarity beats speed here: hands, table and piles are plain lists of codes.

check_record(rec) -> list of problems, each citing its rule (empty = valid).
replay_result(rec) -> the result the record's moves must lead to:
    {"winners": [seats], "scores": [total per seat], "rounds": [[points per seat] per round]}

Themed names (RULES.md section 2): Yaprak = spades (S), Yildiz = diamonds
(D), Guardian = J, Scout = Q, Mystic = K; A..T are number cards worth 1..10.

Decisions where RULES.md leaves room (see also the params below):
  * "most cards" / "most Yaprak" (N14) needs at least one such card: with
    every pile empty (nobody captured all round, N13) nobody scores them,
    whatever params.tie says.
  * A re-deal (N3) gives hand_size cards to each seat one at a time from the
    top of the stock (the end of the list), starting after the dealer; if
    the stock ran short it would go round until it is empty.
  * Record "variants" are not judged: the params say everything that changes
    the rules. Unknown params and unknown keys in entries are ignored.
"""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = frozenset(r + s for s in SUITS for r in RANKS)
NUMBER_RANKS = "A23456789T"            # N6: values 1..10
ACE, GUARDIAN, SCOUT, MYSTIC = "A", "J", "Q", "K"
YAPRAK, YAPRAK_2, YILDIZ_10 = "S", "2S", "TD"           # N14

DEFAULTS = {"target": 11, "rounds": 5, "hand_size": 4, "table_size": 4,
            "capture": "forced", "guardian_takes_guardians": False, "tie": "none"}


class _Stop(Exception):
    """A problem after which the replay means nothing any more."""


def _deck_order(card):
    return SUITS.index(card[1]), RANKS.index(card[0])


def _sorted(cards):
    return sorted(cards, key=_deck_order)


def _is_number(card):
    return card[0] in NUMBER_RANKS


def _value(card):
    return NUMBER_RANKS.index(card[0]) + 1


def _name(card):
    return {GUARDIAN: "Guardian", SCOUT: "Scout", MYSTIC: "Mystic"}.get(card[0], "number card")


def _params(rec):
    """The rule parameters, defaults filled in; _Stop if one is unusable."""
    given = dict(rec.get("params") or {})
    if "capturing" in given:  # the rule file's name for RULES.md's `capture` (its move's choice is `capture`)
        given.setdefault("capture", given["capturing"])
    p = {k: given.get(k, v) for k, v in DEFAULTS.items()}
    for key in ("target", "rounds", "hand_size", "table_size"):
        if not isinstance(p[key], int) or isinstance(p[key], bool) or p[key] < 0:
            raise _Stop(f"N2/N3/N6: params.{key} must be a whole number, not {p[key]!r}")
    if p["rounds"] < 1 or p["hand_size"] < 1:
        raise _Stop("N2/N3: params.rounds and params.hand_size must be at least 1")
    if p["capture"] not in ("forced", "optional"):
        raise _Stop(f"N11: params.capture must be 'forced' or 'optional', not {p['capture']!r}")
    if p["tie"] not in ("none", "all"):
        raise _Stop(f"N14: params.tie must be 'none' or 'all', not {p['tie']!r}")
    if not isinstance(p["guardian_takes_guardians"], bool):
        raise _Stop("N11: params.guardian_takes_guardians must be true or false")
    return p


# --- captures (N6-N11) ------------------------------------------------------

def _subset_with_sum(cards, total):
    """Some non-empty sub-list of number `cards` whose values add up to
    `total`, or None. Memoised on (position, what is still missing)."""
    seen_dead = set()

    def search(i, missing):
        if missing == 0:
            return []
        if i == len(cards) or missing < 0 or (i, missing) in seen_dead:
            return None
        rest = search(i + 1, missing - _value(cards[i]))
        if rest is not None:
            return [cards[i]] + rest
        rest = search(i + 1, missing)
        if rest is None:
            seen_dead.add((i, missing))
        return rest

    return search(0, total) if total > 0 else None


def _guardian_catch(table, p):
    """N9: what a Guardian sweeps from `table` (empty list: nothing)."""
    numbers = [c for c in table if _is_number(c)]
    guardians = [c for c in table if c[0] == GUARDIAN]
    if p["guardian_takes_guardians"]:
        return numbers + guardians
    return numbers


def some_capture(card, table, p):
    """One valid capture for `card` on `table` (a list), or None if it has none."""
    if card[0] == GUARDIAN:                                          # N9
        return _guardian_catch(table, p) or None
    if card[0] in (SCOUT, MYSTIC):                                   # N8
        return next(([c] for c in table if c[0] == card[0]), None)
    if card[0] == ACE:                                               # N7
        ace = next(([c] for c in table if c[0] == ACE), None)
        if ace:
            return ace
    numbers = [c for c in table if _is_number(c)]                    # N6
    return _subset_with_sum(numbers, p["target"] - _value(card))


def why_not_capture(card, taken, table, p):
    """Why playing `card` may not take `taken` from `table`, as "Nx: text";
    None if it may. An empty `taken` is judged here only as far as N11 goes."""
    if not taken:
        if p["capture"] == "forced":
            example = some_capture(card, table, p)
            if example is not None:
                return (f"N11: {card} can capture (e.g. {_sorted(example)}) and "
                        f"params.capture is 'forced', so it may not stay on the table")
        return None
    rule = {GUARDIAN: "N9", SCOUT: "N8", MYSTIC: "N8"}.get(card[0], "N6/N7" if card[0] == ACE else "N6")
    if len(set(taken)) != len(taken):
        return f"{rule}: the capture {taken} names a card twice"
    off_table = [c for c in taken if c not in table]
    if off_table:
        return f"{rule}: {card} cannot take {off_table}: not on the table {_sorted(table)}"
    if card[0] == GUARDIAN:
        catch = _guardian_catch(table, p)
        if not catch:
            return f"N9: a Guardian ({card}) finds nothing to sweep on {_sorted(table)}, so takes nothing"
        missing = [c for c in catch if c not in taken]
        extra = [c for c in taken if c not in catch]
        if missing or extra:
            return (f"N9: a Guardian ({card}) sweeps exactly {_sorted(catch)} "
                    f"(missing {_sorted(missing)}, not allowed {_sorted(extra)})")
        return None
    if card[0] in (SCOUT, MYSTIC):
        if len(taken) == 1 and taken[0][0] == card[0]:
            return None
        return (f"N8: a {_name(card)} ({card}) captures one {_name(card)} and nothing else, "
                f"not {_sorted(taken)}")
    if card[0] == ACE and len(taken) == 1 and taken[0][0] == ACE:   # N7
        return None
    faces = [c for c in taken if not _is_number(c)]
    if faces:
        return (f"{'N8' if any(c[0] != GUARDIAN for c in faces) else rule}: "
                f"{_sorted(faces)} are not number cards and never count in a sum ({card})")
    total = _value(card) + sum(_value(c) for c in taken)
    if total != p["target"]:
        return (f"{rule}: {card} with {_sorted(taken)} sums to {total}, "
                f"not {p['target']}")
    return None


# --- scoring (N14, N15) -----------------------------------------------------

def score_round(piles, tie):
    """N14: the points of one round, per seat, from the piles."""
    points = [0] * len(piles)

    def most(counts, worth):
        top = max(counts)
        if top == 0:                    # decision: an empty count is no "most"
            return
        best = [s for s, n in enumerate(counts) if n == top]
        if len(best) == 1 or tie == "all":
            for s in best:
                points[s] += worth

    most([len(pile) for pile in piles], 2)
    most([sum(c[1] == YAPRAK for c in pile) for pile in piles], 1)
    for s, pile in enumerate(piles):
        points[s] += (YAPRAK_2 in pile) + (YILDIZ_10 in pile)
    return points


def winners_of(scores):
    """N15: every seat with the highest total."""
    best = max(scores)
    return [s for s, total in enumerate(scores) if total == best]


# --- the game ---------------------------------------------------------------

def _cards_of(value, where, rule):
    """`value` as a list of card codes; _Stop naming `where` otherwise."""
    if not isinstance(value, list) or not all(isinstance(c, str) and c in DECK for c in value):
        raise _Stop(f"{rule}: {where} must be a list of card codes, not {value!r}")
    return list(value)


class _Game:
    """Fanti state, enough to judge each entry of a record."""

    def __init__(self, p, players):
        self.p = p
        self.n = players
        self.round = 0                  # 0-based index of the round in play
        self.hands = [[] for _ in range(players)]
        self.table = []
        self.piles = [[] for _ in range(players)]
        self.stock = []
        self.stock_ordered = True       # False: order unknown (a reshuffle)
        self.last_capturer = None
        self.points = []                # per finished round
        self.due = None                 # None (a move), "redeal", "round", "over"
        self.to_move = None

    def dealer(self):
        return (self.n - 1 + self.round) % self.n                   # N4

    def deal_order(self):
        return [(self.dealer() + 1 + k) % self.n for k in range(self.n)]

    # N2/N3 round start, from the record's "deal" or a new-round entry
    def start_round(self, hands, table, stock, where):
        p, n = self.p, self.n
        if not isinstance(hands, list) or len(hands) != n:
            raise _Stop(f"N3: {where}: hands must be {n} lists, one per seat")
        hands = [_cards_of(h, f"{where}: hands[{s}]", "N3") for s, h in enumerate(hands)]
        table = _cards_of(table, f"{where}: table", "N3")
        for s, h in enumerate(hands):
            if len(h) != p["hand_size"]:
                raise _Stop(f"N3: {where}: seat {s} gets {len(h)} cards, not {p['hand_size']}")
        if len(table) != p["table_size"]:
            raise _Stop(f"N3: {where}: the table gets {len(table)} cards, not {p['table_size']}")
        dealt = [c for h in hands for c in h] + table
        dupes = _sorted({c for c in dealt if dealt.count(c) > 1})
        if dupes:
            raise _Stop(f"N2: {where}: dealt twice: {dupes}")
        if stock is None:                                           # reshuffled
            self.stock = _sorted(DECK - set(dealt))
            self.stock_ordered = False
        else:
            stock = _cards_of(stock, f"{where}: stock", "N2")
            every = dealt + stock
            twice = _sorted({c for c in every if every.count(c) > 1})
            if twice:
                raise _Stop(f"N2: {where}: cards twice among hands, table and stock: {twice}")
            if set(every) != DECK:
                raise _Stop(f"N2: {where}: the round must use the whole deck; "
                            f"missing {_sorted(DECK - set(every))}")
            self.stock = stock
            self.stock_ordered = True
        self.hands = hands
        self.table = table
        self.piles = [[] for _ in range(n)]
        self.last_capturer = None
        self.due = None
        self.to_move = (self.dealer() + 1) % n                      # N4

    # N3 re-deal within a round
    def redeal(self, hands, where):
        n, size = self.n, self.p["hand_size"]
        if not isinstance(hands, list) or len(hands) != n:
            raise _Stop(f"N3: {where}: hands must be {n} lists, one per seat")
        hands = [_cards_of(h, f"{where}: hands[{s}]", "N3") for s, h in enumerate(hands)]
        want = [[] for _ in range(n)]
        if self.stock_ordered:
            stock = list(self.stock)
            for _ in range(size):
                for s in self.deal_order():
                    if stock:
                        want[s].append(stock.pop())             # the top is last
            for s in range(n):
                if sorted(hands[s]) != sorted(want[s]):
                    raise _Stop(f"N3: {where}: seat {s} gets {hands[s]}, but the top of the "
                                f"stock, dealt one at a time from seat {self.deal_order()[0]}, "
                                f"gives it {want[s]}")
            self.stock = stock
        else:
            left = len(self.stock)
            for _ in range(size):
                for s in self.deal_order():
                    if left:
                        want[s].append(None)
                        left -= 1
            dealt = [c for h in hands for c in h]
            dupes = _sorted({c for c in dealt if dealt.count(c) > 1})
            if dupes:
                raise _Stop(f"N3: {where}: dealt twice: {dupes}")
            absent = [c for c in dealt if c not in self.stock]
            if absent:
                raise _Stop(f"N3: {where}: {_sorted(absent)} are not in the stock")
            for s in range(n):
                if len(hands[s]) != len(want[s]):
                    raise _Stop(f"N3: {where}: seat {s} gets {len(hands[s])} cards, "
                                f"not {len(want[s])}")
            self.stock = [c for c in self.stock if c not in dealt]
        self.hands = hands
        self.due = None

    def play(self, i, seat, card, taken):
        """Judge and play move `i`; _Stop at the first broken rule."""
        if seat != self.to_move:
            raise _Stop(f"N4: move {i} is by seat {seat}, expected seat {self.to_move}")
        if card not in self.hands[seat]:
            raise _Stop(f"N5: move {i}: seat {seat} does not hold {card} "
                        f"(hand {_sorted(self.hands[seat])})")
        why = why_not_capture(card, taken, self.table, self.p)
        if why:
            rule, text = why.split(": ", 1)
            raise _Stop(f"{rule}: move {i} (seat {seat}): {text}")
        self.hands[seat].remove(card)
        if taken:                                                   # N12
            for c in taken:
                self.table.remove(c)
            self.piles[seat] += taken + [card]
            self.last_capturer = seat
        else:                                                       # N11
            self.table.append(card)
        self.to_move = (seat + 1) % self.n                          # N4
        if any(self.hands):
            return
        if self.stock:
            self.due = "redeal"                                     # N3
            return
        # N13: the round is over; the table goes to the last capturer
        if self.last_capturer is not None:
            self.piles[self.last_capturer] += self.table
        self.table = []
        self.points.append(score_round(self.piles, self.p["tie"]))  # N14
        self.round += 1
        self.due = "round" if self.round < self.p["rounds"] else "over"

    def result(self):
        scores = [sum(r[s] for r in self.points) for s in range(self.n)]
        return {"winners": winners_of(scores), "scores": scores,
                "rounds": [list(r) for r in self.points]}


def _replay(rec):
    """Replay the record; return (problems, expected result or None).

    Replay stops at the first entry that breaks a rule: the state after it
    means nothing, so later entries cannot be judged.
    """
    try:
        p = _params(rec)
        seats = rec.get("seats") or []
        if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
            raise _Stop(f"N1: a game has 2 to 4 seats, not {seats!r}")
        players = len(seats)
        if p["table_size"] + players * p["hand_size"] > len(DECK):
            raise _Stop("N3: the first deal needs more cards than the deck holds")
        game = _Game(p, players)
        deal = rec.get("deal") or {}
        zones = deal.get("zones") or {}
        if not isinstance(zones, dict):
            raise _Stop("N3: deal.zones must be a dict")
        for key in ("pile", "discard"):
            if _flat(zones.get(key)):
                raise _Stop(f"N3: at the start deal.zones.{key} must be empty, "
                            f"not {zones.get(key)!r}")
        game.start_round(deal.get("hands"), zones.get("table"), zones.get("stock"), "deal")
        moves = rec.get("moves")
        if not isinstance(moves, list):
            raise _Stop("N5: moves must be a list")
        for i, entry in enumerate(moves):
            if not isinstance(entry, dict):
                raise _Stop(f"N5: entry {i} is not a dict: {entry!r}")
            if "deal" in entry:
                _deal_entry(game, i, entry["deal"])
            elif entry.get("move") == "play":
                _move_entry(game, i, entry)
            else:
                raise _Stop(f"N5: entry {i} is neither one card played nor a deal: {entry!r}")
        if game.due == "redeal":
            raise _Stop("N3: the record ends where the hands are empty and the stock is not")
        if game.due is None:
            raise _Stop(f"N13: the record ends in round {game.round + 1} before the stock "
                        f"and all hands are used up")
        if game.due == "round":
            raise _Stop(f"N2: the record ends after {game.round} rounds, "
                        f"not {p['rounds']}")
        return [], game.result()
    except _Stop as stop:
        return [str(stop)], None


def _flat(value):
    if isinstance(value, list):
        return [c for v in value for c in _flat(v)]
    return [] if value is None else [value]


def _deal_entry(game, i, deal):
    if not isinstance(deal, dict):
        raise _Stop(f"N3: entry {i}: a deal must be a dict, not {deal!r}")
    zones = deal.get("zones") or {}
    if not isinstance(zones, dict):
        raise _Stop(f"N3: entry {i}: deal zones must be a dict")
    if game.due == "redeal":
        stray = {k: v for k, v in zones.items() if _flat(v)}
        if stray:
            raise _Stop(f"N3: entry {i}: a re-deal gives cards to the hands only, "
                        f"not to {stray}")
        game.redeal(deal.get("hands"), f"entry {i} (re-deal)")
    elif game.due == "round":
        stray = {k: v for k, v in zones.items() if k not in ("table", "stock") and _flat(v)}
        if stray:
            raise _Stop(f"N3: entry {i}: a new round deals to the table and hands only, "
                        f"not to {stray}")
        game.start_round(deal.get("hands"), zones.get("table") or [], zones.get("stock"),
                         f"entry {i} (round {game.round + 1})")
    elif game.due == "over":
        raise _Stop(f"N2: entry {i} deals after the last of {game.p['rounds']} rounds")
    else:
        raise _Stop(f"N3: entry {i} deals while hands still hold cards "
                    f"({[len(h) for h in game.hands]} cards)")


def _move_entry(game, i, entry):
    if game.due == "redeal":
        raise _Stop(f"N3: move {i} comes before the re-deal due when every hand is empty")
    if game.due == "round":
        raise _Stop(f"N2/N3: move {i} comes before round {game.round + 1} is dealt")
    if game.due == "over":
        raise _Stop(f"N2: move {i} comes after the last of {game.p['rounds']} rounds")
    cards = entry.get("cards")
    if not (isinstance(cards, list) and len(cards) == 1
            and isinstance(cards[0], str) and cards[0] in DECK):
        raise _Stop(f"N5: move {i} must play exactly one card, not {cards!r}")
    taken = entry.get("capture")
    if not isinstance(taken, list) or not all(isinstance(c, str) and c in DECK for c in taken):
        raise _Stop(f"N6-N11: move {i}: capture must be a list of card codes, not {taken!r}")
    game.play(i, entry.get("seat"), cards[0], list(taken))


def replay_result(rec: dict) -> dict:
    """The result the record's deal and moves lead to under RULES.md;
    ValueError if they break a rule on the way."""
    problems, result = _replay(rec)
    if result is None:
        raise ValueError("; ".join(problems))
    return result


def check_record(rec: dict) -> list[str]:
    """Every problem found in a Fanti record; an empty list means valid."""
    problems = []
    if rec.get("format") != "kural-record/1":
        problems.append(f"format is {rec.get('format')!r}, not 'kural-record/1'")
    if rec.get("game") != "fanti":
        problems.append(f"game is {rec.get('game')!r}, not 'fanti'")
    replay_problems, want = _replay(rec)
    problems += replay_problems
    if want is None:
        return problems
    got = rec.get("result") or {}
    if got.get("rounds") != want["rounds"]:
        problems.append(f"N14: round points {got.get('rounds')}, expected {want['rounds']}")
    if got.get("scores") != want["scores"]:
        problems.append(f"N15: scores {got.get('scores')}, expected {want['scores']}")
    if got.get("winners") != want["winners"]:
        problems.append(f"N15: winners {got.get('winners')}, expected {want['winners']}")
    return problems
