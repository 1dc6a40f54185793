"""The simplest hand-written Fantan: each turn, every card in the hand is
tested against the table (F2, F4, F5), as a person would first write it.

A second yardstick beside plain_fantan.py (which keeps a frontier of at most
8 playable cards): the interpreter also tests each card of the hand against
the rule file's guard, so this one shows the cost of the interpretation
itself, the other the cost of the interpretation and of the simpler
algorithm together. Base rules, random players, standard library only: its
main is plain_fantan.py's, written again, since each is timed as a whole
process that imports nothing else.
"""
import argparse
import random
import time

START = 2 * 13 + 6  # 7D (F2); cards are suit * 13 + rank, ranks A..K = 0..12


def playable(card: int, table: set) -> bool:
    if not table:
        return card == START                                  # F2
    rank = card % 13
    return (rank == 6                                         # F4: a 7 opens its suit
            or (rank > 0 and card - 1 in table)               # F5: one below the row
            or (rank < 12 and card + 1 in table))             # F5: one above it


def play_random_game(seed: int) -> dict:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    table: set = set()
    seat = next(i for i, hand in enumerate(hands) if START in hand)
    moves = 0
    while True:
        moves += 1
        legal = [c for c in hands[seat] if playable(c, table)]
        if legal:                                             # F6: pass only with none
            card = legal[0] if len(legal) == 1 else rng.choice(legal)
            hands[seat].remove(card)
            table.add(card)
            if not hands[seat]:                               # F7
                return {"winner": seat, "cards_left": [len(h) for h in hands], "moves": moves}
        seat = (seat + 1) % 4                                 # F3


def main(argv=None) -> None:
    """N games from one seed on, as a whole process (benchmarks/bench_process.py runs it so)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="games to play")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    moves = sum(play_random_game(args.seed + i)["moves"] for i in range(args.n))
    elapsed = time.perf_counter() - began
    print(f"{args.n} games, {moves / args.n:.1f} moves/game, "
          f"{elapsed:.3f} s: {args.n / elapsed:,.0f} games/s")


if __name__ == "__main__":
    main()
