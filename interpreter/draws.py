"""Random draws exactly as the standard library's random.Random makes them, without its inner calls.

rng.choice(seq) is seq[rng._randbelow(len(seq))], rng.shuffle(x) swaps x[i] with x[_randbelow(i + 1)]
from the end, and the stdlib's _randbelow draws getrandbits(k), k = n.bit_length(), until one is below
n. Play draws on every move (a random bot's choice) and every deal (a shuffle): written out here they
are the same numbers, so the same games byte for byte (the golden corpus), at a fraction of the calls.
A Random that draws otherwise (a subclass with its own methods) is asked itself.
Random(seed) is seeded as Random.seed seeds it, for the seeds a game uses (a number, a text), without
its Python frames (see seeded).
"""
from __future__ import annotations

import random

try:  # the interpreter's own sha512: a text seed's digest without OpenSSL's dispatch, one per game and bot
    from _sha512 import sha512
except ImportError:  # a Python built without it: hashlib's (the same digest)
    from hashlib import sha512

_STDLIB = random.Random
_SEED = random.Random.__mro__[1].seed  # the generator's own seeding (C), that Random.seed ends with


def written_out(rng: random.Random) -> bool:
    """Does this rng draw as the stdlib's Random does (so that the draws below are its own)?"""
    kind = type(rng)
    return kind is _STDLIB or (
        getattr(kind, "choice", None) is _STDLIB.choice and getattr(kind, "shuffle", None) is _STDLIB.shuffle
        and getattr(kind, "_randbelow", None) is _STDLIB._randbelow_with_getrandbits
        and getattr(kind, "getrandbits", None) is _STDLIB.getrandbits)


def shuffle(rng: random.Random, x: list) -> None:
    """rng.shuffle(x): the same permutation, the same draws."""
    if type(rng) is not _STDLIB and not written_out(rng):  # (the stdlib's own Random, the common case, asked first)
        rng.shuffle(x)
        return
    bits = rng.getrandbits
    i = len(x) - 1  # the place swapped next, with a place drawn below i + 1
    while i > 0:
        k = (i + 1).bit_length()  # the bits of a draw below i + 1
        low = (1 << (k - 1)) - 1  # the places from i down to low draw k bits each: one loop, no count per place
        for i in range(i, low - 1, -1):
            j = bits(k)
            while j > i:
                j = bits(k)
            x[i], x[j] = x[j], x[i]
        i = low - 1


def seeded(seed) -> random.Random:
    """random.Random(seed): for a number or a text, the same generator, seeded without Random.seed's
    Python frames (a text by its bytes and their sha512, as version 2 of Random.seed does)."""
    kind = type(seed)
    if not ((kind is int or kind is str) and _SEEDS_WRITTEN_OUT):
        return _STDLIB(seed)
    rng = _STDLIB.__new__(_STDLIB)  # (written out here, not called: one frame less for every generator)
    if kind is str:
        data = seed.encode()
        seed = int.from_bytes(data + sha512(data).digest(), "big")
    _SEED(rng, seed)
    rng.gauss_next = None
    return rng


def copied(rng: random.Random) -> random.Random:
    """A Random in the same state as rng (one made with Random() would first seed itself from the system);
    a generator of another kind that copies itself (interpreter/chance.py Draws) is asked to."""
    if type(rng) is not _STDLIB:
        own = getattr(type(rng), "copied", None)
        if own is not None:
            return own(rng)
    other = _STDLIB.__new__(_STDLIB)
    other.setstate(rng.getstate())
    return other


class Deferred:
    """A generator in the state `source` is in when this one is first asked anything (copied then): for a
    copy of a game state played on while the original waits and draws nothing (a bot's plan of its turn).
    Most such copies never draw, and copying a generator's state is a fair part of copying a game's."""

    __slots__ = ("_source", "_real")

    def __init__(self, source: random.Random):
        self._source = source
        self._real = None

    def __getattr__(self, name: str):  # (only for what the slots are not: a generator's methods)
        real = self._real
        if real is None:
            real = self._real = copied(self._source)
            self._source = None
        return getattr(real, name)


def _seeds_written_out() -> bool:
    """Does this Python seed a Random as `seeded` does on its own (the stdlib's version 2 seeding)? If not,
    its own seed() serves."""
    try:
        return all(seeded(s).getstate() == _STDLIB(s).getstate() for s in (0, 7, -3, 2 ** 70, "", "kural/7"))
    except Exception:
        return False


_SEEDS_WRITTEN_OUT = True  # seeded's own seeding, checked just below against Random.seed
_SEEDS_WRITTEN_OUT = _seeds_written_out()
