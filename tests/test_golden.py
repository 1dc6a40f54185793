"""The golden corpus (tests/golden/): every bundled game and variant, at every player count it allows,
with random and heuristic bots, plays the same records, byte for byte, as when the corpus was written.

A rebuild of the engine must keep every game the same game; a record that must change is rewritten
with `python tests/golden_corpus.py --write` in a commit that says why. The suite checks the first
KURAL_GOLDEN seeds of each config (default 2); `KURAL_GOLDEN=all` or `python tests/golden_corpus.py`
checks all 20 (about 3 minutes).
"""
from __future__ import annotations

import json
import os

import pytest

from golden_corpus import HASHES, SEEDS, configs, hashes_of, key

WANT = json.loads(HASHES.read_text())
_n = os.environ.get("KURAL_GOLDEN", "2")
N = SEEDS if _n == "all" else max(1, min(SEEDS, int(_n)))
CONFIGS = configs()


def test_the_corpus_covers_every_config():
    assert sorted(WANT) == sorted(key(*c) for c in CONFIGS)


@pytest.mark.parametrize("cfg", CONFIGS, ids=[key(*c) for c in CONFIGS])
def test_records_are_unchanged(cfg):
    assert hashes_of(*cfg, range(1, N + 1)) == WANT[key(*cfg)][:N]
