"""Random draws exactly as the standard library's random.Random makes them, without its inner calls.

rng.choice(seq) is seq[rng._randbelow(len(seq))], rng.shuffle(x) swaps x[i] with x[_randbelow(i + 1)]
from the end, and the stdlib's _randbelow draws getrandbits(k), k = n.bit_length(), until one is below
n. Play draws on every move (a random bot's choice) and every deal (a shuffle): written out here they
are the same numbers, so the same games byte for byte (the golden corpus), at a fraction of the calls.
A Random that draws otherwise (a subclass with its own methods) is asked itself.
"""
from __future__ import annotations

import random

_STDLIB = random.Random


def written_out(rng: random.Random) -> bool:
    """Does this rng draw as the stdlib's Random does (so that the draws below are its own)?"""
    kind = type(rng)
    return (kind.choice is _STDLIB.choice and kind.shuffle is _STDLIB.shuffle
            and kind._randbelow is _STDLIB._randbelow_with_getrandbits and kind.getrandbits is _STDLIB.getrandbits)


def shuffle(rng: random.Random, x: list) -> None:
    """rng.shuffle(x): the same permutation, the same draws."""
    if not written_out(rng):
        rng.shuffle(x)
        return
    bits = rng.getrandbits
    for i in reversed(range(1, len(x))):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]
