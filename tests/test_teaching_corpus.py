"""The teaching corpus (tests/golden/teaching.json): every word kural teaches with, for every bundled game and
variant and test game, in English and Turkish, is the same, byte for byte, as when the corpus was written
(issue 36: one tree for play and teaching must leave the teaching outputs "unchanged byte for byte except
where they were wrong"): `kural rules`, `graph`, `diff`, `explain` at seeded positions, and the table's
refusal of each option it does not allow there.

An output that must change (it was wrong) is rewritten with `python tests/teaching_corpus.py --write`, in a
commit that says which and why; `python tests/teaching_corpus.py --show KEY` prints an output's text, to
diff against an older checkout.
"""
from __future__ import annotations

import json

import pytest

from teaching_corpus import HASHES, compute, config_name, configs

WANT = json.loads(HASHES.read_text())
CONFIGS = configs()


def test_the_corpus_covers_every_config():
    """Every stored output belongs to a config that is still played, and every config has outputs stored."""
    names = {config_name(*c) for c in CONFIGS}
    assert {name for name in names if not any(k.startswith(name + "/") for k in WANT)} == set()
    assert [k for k in WANT if not any(k.startswith(name + "/") for name in names)] == []


@pytest.mark.parametrize("cfg", CONFIGS, ids=[config_name(*c) for c in CONFIGS])
def test_teaching_outputs_are_unchanged(cfg):
    name = config_name(*cfg)
    want = {k: v for k, v in WANT.items() if k.startswith(name + "/")}
    got = compute(*cfg)
    changed = sorted(k for k in got if k in want and got[k] != want[k])
    missing, extra = sorted(set(want) - set(got)), sorted(set(got) - set(want))
    assert not (changed or missing or extra), (
        f"teaching outputs of {name} differ from tests/golden/teaching.json: changed {changed}, no longer made "
        f"{missing}, new {extra}; see one with `python tests/teaching_corpus.py --show KEY`")
