"""What the library's notions do in play (dsl/notions/ gives each its meaning and its code): moving and
dealing cards, finding cards and groups in zones, seats and teams, steps and leaders. The module a game
is generated to calls these (through interpreter/compiled.py, `_rt`), and so does a part worked out at
load by the same code (dsl/backend/evaluate.py)."""
from __future__ import annotations

from itertools import compress

from .budget import MAX_GROUPS
from .cards import RANK_CODES
from .messages import Msg

# what the generated module may call (interpreter/compiled.py gives it these): a notion's helper is listed here
__all__ = ["move_card", "move_all", "deal", "move_top", "lay", "holder_of", "groups_of", "face_in", "has_in",
           "has_at", "wanted_in", "each_card", "each_one", "all_together", "melds_of", "join_table_at",
           "leaders_in", "step_value", "seat_of", "team_members", "winning_card", "would_win", "played_by",
           "next_seat_in"]


def move_card(s, card, zone):
    where = s.where
    s.zones[where[card]].remove(card)
    s.zones[zone].append(card)
    where[card] = zone


def move_all(s, source: int, target: int) -> None:
    cards = s.zones[source]
    s.zones[source] = []
    s.zones[target].extend(cards)
    for card in cards:
        s.where[card] = target


def deal_slices(s, stock: list, base: int, start: int, n: int, k: int) -> None:
    """Deal k cards each from the top of `stock` (its end), one at a time from seat `start`: the
    cards in the order they leave the stock, every n-th to one seat; fewer if the stock runs out."""
    total = min(max(k, 0) * n, len(stock))
    if not total:
        return
    dealt = stock[-total:]
    dealt.reverse()  # top first: the order they are dealt
    del stock[-total:]
    where = s.where
    for i in range(n):
        zone = base + (start + i) % n
        cards = dealt[i::n]
        s.zones[zone].extend(cards)
        for card in cards:
            where[card] = zone


def deal(s, source: int, base: int, k, start: int, n: int) -> None:
    """k cards to each of the n zones from `base`, one at a time from the top of `source`, from seat `start`."""
    stock = s.zones[source]
    if type(k) is int and not base <= source < base + n:  # the common case, a slice per player
        deal_slices(s, stock, base, start, n, k)
        return
    for _ in range(k):
        for i in range(n):
            if not stock:
                return
            card = stock.pop()
            zone = base + (start + i) % n
            s.zones[zone].append(card)
            s.where[card] = zone


def move_top(s, source: int, target: int, count: int) -> None:
    """The top `count` cards (the last of the zone's list) go, one by one, to the other zone; fewer if it runs out."""
    stock = s.zones[source]
    for _ in range(count):
        if not stock:
            return
        card = stock.pop()
        s.zones[target].append(card)
        s.where[card] = target


def lay(s, first: int, what, area_of: dict) -> None:
    """Lay cards as a new group in the area whose first instance is `first`: its first empty group.
    `what` is the cards (or a card)."""
    size, name = area_of[first]
    zones = s.zones
    for target in range(first, first + size):  # (a loop, not next() of a generator: one closed early raises in it)
        if not zones[target]:
            break
    else:
        raise ValueError(Msg("no_empty_group", name=name, size=size))
    for card in ((what,) if isinstance(what, int) else list(what)):
        move_card(s, card, target)


def holder_of(s, card, cards_of_face, faces, owner_of, hand_ids):
    """The seat whose hand holds a card of this card's face, or None."""
    for c in cards_of_face[faces[card]]:
        z = s.where[c]
        if z in hand_ids:
            return owner_of[z]
    return None


def groups_of(s, first: int, sizes: dict) -> list:
    """The groups of an area that hold cards (an area is its first instance; `sizes`: its number of groups)."""
    last = first + sizes[first]
    return list(compress(range(first, last), s.zones[first:last]))


def face_in(faces: list, face, cards) -> bool:
    """Is a card of this face among the cards?"""
    return face in {faces[c] for c in cards}


def has_in(s, wanted, zone: int) -> bool:
    """Is one of these cards (the physical cards of a face) in the zone?"""
    where = s.where
    for c in wanted:
        if where[c] == zone:
            return True
    return False


def has_at(s, wanted, zone) -> bool:
    """has_in for a zone worked out in play (a meld, a seat's hand): one that names none fails as
    s.zones[zone] does, and a zone counted from the end is looked through."""
    cards = s.zones[zone]
    if type(zone) is not int or zone < 0:
        return wanted_in(wanted, cards)
    where = s.where
    for c in wanted:
        if where[c] == zone:
            return True
    return False


def wanted_in(wanted, cards) -> bool:
    """Is one of the wanted cards (the physical cards of a face) among these cards?"""
    for c in wanted:
        if c in cards:
            return True
    return False


def each_card(faces: list, cards) -> list:
    """Every card as a group of one, faces counted once."""
    seen, out = set(), []
    for c in cards:
        if faces[c] not in seen:
            seen.add(faces[c])
            out.append([c])
    return out


def each_one(cards) -> list:
    """Every card as a group of one, in a deck where no two cards share a face."""
    out = []
    for c in cards:
        out.append([c])
    return out


def all_together(cards) -> list:
    """The cards as one group, the only one offered; no group when there are none."""
    cards = list(cards)
    return [cards] if cards else []


def melds_of(rules, cards) -> list:
    """melds_in: the melds of the cards, a list of their own (interpreter/melds.py keeps what it works out)."""
    return rules.melds_in(cards, MAX_GROUPS)


def join_table_at(rules, zones: list, zone):
    """The join table of a zone's cards (MeldRules.join_table), or None when `zone` names no zone: then
    the can_join that asks is worked out where it is, and fails there."""
    try:
        cards = zones[zone]
    except (IndexError, TypeError):
        return None
    return rules._joins.get((*cards,)) or rules.join_table(cards)


def leaders_in(valued: list) -> list:
    """The items (item, value) whose value is the largest, as leaders gives them."""
    top = max((value for _, value in valued), default=None)
    return [item for item, value in valued if value == top]


def step_value(pairs: list, at):
    """The value of the last step [from, value] that `at` reaches; the first step's below them all."""
    found = pairs[0][1] if pairs else 0
    for start, v in pairs:
        if at >= start:
            found = v
    return found


def seat_of(seat, players: int) -> int:
    if not (isinstance(seat, int) and 0 <= seat < players):
        raise IndexError(Msg("no_such_seat", i=repr(seat), last=players - 1))
    return seat


def team_members(teams: list, t) -> list:
    if not (isinstance(t, int) and 0 <= t < len(teams)):
        raise IndexError(Msg("no_such_team", i=repr(t), last=len(teams) - 1))
    return teams[t]


# ------------------------------------------------------------ a trick (dsl/notions/tricks.py)
def _power(rank: int) -> int:
    """A rank's place in a trick: the ace highest."""
    return len(RANK_CODES) + 1 if rank == 1 else rank


def _over(card, best, led: int, trump, rank: list, suit: list) -> bool:
    """Does `card` beat `best` in a trick whose suit led is `led`: a higher card of best's suit, or a trump
    over a card that is none? (A card of another suit, not a trump, never does.)"""
    if suit[card] == suit[best]:
        return _power(rank[card]) > _power(rank[best])
    return suit[card] == trump and suit[best] != trump


def winning_card(cards, trump, rank: list, suit: list):
    """The card that wins the trick `cards` (in the order played) as it stands: the highest trump in it,
    else the highest card of the suit led; none for an empty trick."""
    if not cards:
        return None
    led, best = suit[cards[0]], cards[0]
    for card in cards[1:]:
        if _over(card, best, led, trump, rank, suit):
            best = card
    return best


def would_win(card, cards, trump, rank: list, suit: list) -> bool:
    """Would `card`, played now, win the trick `cards` as it stands? (Leading, it does.)"""
    if not cards:
        return True
    return _over(card, winning_card(cards, trump, rank, suit), suit[cards[0]], trump, rank, suit)


def played_by(s, card):
    """The seat whose move last chose this card (the one that played it to the trick), or -1: read from the
    moves played, so that no zone keeps more than its cards."""
    for entry in reversed(s.history):
        if entry is None:  # (a move a search's position does not know: a card it chose is hidden)
            continue
        seat, (_, values) = entry
        for value in values:
            if value == card or (isinstance(value, (list, tuple)) and card in value):
                return seat
    return -1


def next_seat_in(seat, among, players: int, way: int = 1):
    """The first seat after `seat` (before it, `way` -1), going round, that is among `among` (the seats still
    in); none when no seat is."""
    inside = set(among)
    for step in range(1, players + 1):
        candidate = (seat + way * step) % players
        if candidate in inside:
            return candidate
    return None
