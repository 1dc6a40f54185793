"""Plain hand-written Fanti: the speed yardstick for the kural interpreter.

RULES.md section 2 (N1-N15) with the default decisions: 2 to 4 players
(4 by default), 5 rounds, 4 cards on the table and 4 to each hand, a new
deal of 4 each whenever every hand is empty, forced capture, a Guardian
(J) sweeps only the number cards, ties for "most" score nobody. The
players are uniformly random. Standard library only, so it can run
anywhere the interpreter is timed.

Cards are ints: suit * 13 + rank, suits S H D C (Yaprak = S, Yildiz = D),
ranks A..K = 0..12, i.e. the index in the deck "AS 2S ... KS AH ... KC".
Ranks 0..9 are the number cards A..10 (values 1..10); J, Q, K are the
Guardian, Scout and Mystic. The table is kept as two lists, its number
cards and its faces (J, Q, K), since every capture takes from one of them.

A player picks uniformly among its legal moves, every (card, capture)
pair counting once (a card with no capture: the one move "leave it on the
table"), as the interpreter's random bot does; it draws from the
generator only when it has two or more moves.
"""
import argparse
import random
import time

ROUNDS = 5                      # N2
TABLE_SIZE, HAND_SIZE = 4, 4    # N3
TARGET = 11                     # N6
ACE, JACK = 0, 10                # ranks; Q = 11 and K = 12 take their like (N8)
TWO_OF_SPADES, TEN_OF_DIAMONDS = 1, 2 * 13 + 9          # N14 prize cards
RANK = tuple(card % 13 for card in range(52))
VALUE = tuple(rank + 1 if rank < JACK else 0 for rank in RANK)
IS_SPADE = tuple(card < 13 for card in range(52))


def groups_by_sum(numbers: list) -> list:
    """N6: by_sum[s] lists every set of the table's number cards whose
    values add up to s, for s = 1..10 (what a number card can still need)."""
    by_sum = [[] for _ in range(TARGET)]
    for card in numbers:
        value = VALUE[card]
        for total in range(TARGET - 1 - value, 0, -1):     # downwards: each card once per set
            if by_sum[total]:
                by_sum[total + value] += [group + [card] for group in by_sum[total]]
        by_sum[value].append([card])
    return by_sum


def legal_moves(hand: list, numbers: list, faces: list) -> list:
    """Every (card, captured cards) pair the hand may play; captured is
    None for a card that captures nothing and stays on the table (N11:
    a card that can capture must)."""
    moves = []
    by_sum = None
    for card in hand:
        rank = RANK[card]
        if rank < JACK:                                         # N6, N7
            if by_sum is None:
                by_sum = groups_by_sum(numbers)
            takes = [(card, group) for group in by_sum[TARGET - VALUE[card]]]
            if rank == ACE:
                takes += [(card, [c]) for c in numbers if RANK[c] == ACE]
        elif rank == JACK:                                      # N9
            takes = [(card, list(numbers))] if numbers else []
        else:                                                   # N8
            takes = [(card, [c]) for c in faces if RANK[c] == rank]
        if takes:
            moves += takes
        else:
            moves.append((card, None))                          # N11
    return moves


def score_round(piles: list) -> list:
    """N14: most cards +2, most Yaprak +1, 2S +1, TD +1; a tie, or nobody
    with any such card, scores nobody."""
    points = [(TWO_OF_SPADES in pile) + (TEN_OF_DIAMONDS in pile) for pile in piles]
    for counts, worth in (([len(pile) for pile in piles], 2),
                          ([sum(IS_SPADE[c] for c in pile) for pile in piles], 1)):
        top = max(counts)
        if top and counts.count(top) == 1:
            points[counts.index(top)] += worth
    return points


def play_random_game(seed: int, players: int = 4) -> dict:
    """Play one game of ROUNDS rounds; return the total score per seat and
    the number of moves."""
    if not 2 <= players <= 4:                                   # N1
        raise ValueError("Fanti is for 2 to 4 players")
    deal_size = players * HAND_SIZE     # 52 - TABLE_SIZE is a whole number of deals (N3)
    rng = random.Random(seed)
    choice = rng.choice
    deck = list(range(52))
    scores = [0] * players
    dealer = players - 1                # seat 0 leads the first round
    moves = 0
    for _ in range(ROUNDS):                                     # N2
        rng.shuffle(deck)
        numbers = [c for c in deck[:TABLE_SIZE] if RANK[c] < JACK]      # N3
        faces = [c for c in deck[:TABLE_SIZE] if RANK[c] >= JACK]
        dealt = TABLE_SIZE
        piles = [[] for _ in range(players)]
        last_capturer = None
        seat = (dealer + 1) % players                           # N4
        while dealt < 52:                                       # N3: deal again
            hands = [deck[dealt + s * HAND_SIZE:dealt + (s + 1) * HAND_SIZE]
                     for s in range(players)]
            dealt += deal_size
            for _ in range(deal_size):                          # until every hand is empty
                hand = hands[seat]
                legal = legal_moves(hand, numbers, faces)
                card, taken = legal[0] if len(legal) == 1 else choice(legal)
                hand.remove(card)                               # N5
                if taken is None:                               # N11
                    (numbers if RANK[card] < JACK else faces).append(card)
                else:                                           # N12
                    if RANK[card] == JACK:
                        numbers = []
                    else:
                        table_part = numbers if RANK[card] < JACK else faces
                        for c in taken:
                            table_part.remove(c)
                    piles[seat] += taken
                    piles[seat].append(card)
                    last_capturer = seat
                moves += 1
                seat = (seat + 1) % players
        if last_capturer is not None:                           # N13
            piles[last_capturer] += numbers + faces
        for s, points in enumerate(score_round(piles)):         # N14
            scores[s] += points
        dealer = (dealer + 1) % players                         # N4
    return {"moves": moves, "scores": scores}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="games to play")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players (default 4)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    moves = sum(play_random_game(args.seed + i, args.players)["moves"] for i in range(args.n))
    elapsed = time.perf_counter() - began
    print(f"{args.n} games, {args.players} players, {moves / args.n:.1f} moves/game, "
          f"{elapsed:.3f} s: {args.n / elapsed:,.0f} games/s")


if __name__ == "__main__":
    main()
