"""Plain hand-written Fantan: the speed yardstick for the kural interpreter.

Base rules only (RULES.md section 1: start card 7D, forced play, one hand)
with four uniformly random players. Standard library only, so it can run
anywhere the interpreter is timed.

Cards are ints: suit * 13 + rank, suits S H D C, ranks A..K = 0..12, i.e.
the index in the deck "AS 2S ... KS AH ... KC". The table is kept as the
frontier: for each suit, the one card that extends its row downward and
the one that extends it upward. Legal plays are then just the frontier
cards the player owns, at most 8 look-ups per turn.

Randomness, so that other implementations can reproduce a game exactly:
random.Random(seed) shuffles list(range(52)), deals it round-robin (card i
to seat i % 4), and then serves the players' choices; a player calls
choice() on its legal plays, in card order, only when it has two or more.
"""
import argparse
import random
import time

START = 2 * 13 + 6          # 7D (F2)
NONE = 52                   # sentinel "card" for a finished row end
NOBODY = -1


def _next_cards():
    """For each card, the frontier slots it changes when played (F4, F5)."""
    table = []
    for card in range(52):
        suit, rank = divmod(card, 13)
        low, high = 2 * suit, 2 * suit + 1
        if rank == 6:       # the 7 opens the suit both ways
            table.append(((low, card - 1), (high, card + 1)))
        elif rank < 6:      # down towards A, which closes the row end
            table.append(((low, card - 1 if rank else NONE),))
        else:               # up towards K
            table.append(((high, card + 1 if rank < 12 else NONE),))
    return tuple(table)


NEXT = _next_cards()


def play_random_game(seed: int) -> dict:
    """Play one hand; return the winner, cards left per seat and the number
    of moves, passes included."""
    rng = random.Random(seed)
    choice = rng.choice
    deck = list(range(52))
    rng.shuffle(deck)
    owner = [NOBODY] * 53               # owner[NONE] stays NOBODY
    for i, card in enumerate(deck):
        owner[card] = i & 3
    left = [13, 13, 13, 13]
    # Slot 2s: the card that extends suit s down, 2s+1: up. An unopened
    # suit offers only its 7 (F4), kept in the "down" slot.
    frontier = [NONE] * 8
    for suit in range(4):
        frontier[2 * suit] = suit * 13 + 6

    seat, card, moves = owner[START], START, 0      # F2: forced opening
    while True:
        moves += 1
        if card != NONE:
            for slot, nxt in NEXT[card]:
                frontier[slot] = nxt
            left[seat] -= 1
            if not left[seat]:                      # F7
                return {"winner": seat, "cards_left": left, "moves": moves}
        seat = (seat + 1) & 3                       # F3
        legal = [c for c in frontier if owner[c] == seat]
        if not legal:
            card = NONE                             # F6: pass
        elif len(legal) == 1:
            card = legal[0]
        else:
            card = choice(legal)


def main(argv=None) -> None:
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
