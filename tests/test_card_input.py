"""Cards are typed as they are printed (issue: the table): every card of every bundled deck, typed in
each form the screen prints (its label: ♦7, ★M, 🃏) and each form help names (its code, its name in
either language, a joker's words), reads back as that very card, at the table and in `kural check`.

At the table, `why FORM` answers with the card's label whatever the card's fate (playable, refused, not
in the hand, not yet): one pipe per game types every form of every card.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import game_ids, loaded  # noqa: E402
from cli_support import kural, prompt  # noqa: E402

from interpreter.cards import JOKER_RANK  # noqa: E402


def forms(g) -> list[tuple[str, str]]:
    """(what is typed, the label it must read back as), for every face of the deck."""
    deck, out = g.deck, []
    for cards in deck.cards_of_face.values():
        card = cards[0]
        for form in deck.typed_forms(card) + [deck.code[card].lower()]:
            out.append((form, deck.label(card)))
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_every_card_typed_as_printed_or_named_reads_back_as_itself(tmp_path, game_id):
    g = loaded(game_id)
    typed = forms(g)
    assert any(form == label for form, label in typed)  # the printed form is among them
    lines = [f"why {form}" for form, _ in typed]
    proc = kural(tmp_path / "home", "play", game_id, "--seed", 1, "--lang", "en",
                 stdin="\n".join(lines) + "\n", timeout=300)
    assert proc.returncode == 0, proc.err[-2000:]
    chunks = proc.out.split(prompt(game_id))[1:]
    assert len(chunks) >= len(lines)
    for (form, label), chunk in zip(typed, chunks):
        answer = chunk.splitlines()
        assert answer[0] == f"why {form}"
        assert answer[1].startswith(label) or f" {label} " in answer[1] or answer[1].endswith(label), \
            (form, label, answer[1])
        assert "cannot read" not in answer[1], (form, answer[1])


def test_check_reads_the_joker_and_cards_as_printed_C6():
    """C6: 4-5-6-W is a run; the wild is typed 🃏, joker or JK, the naturals as printed or by name."""
    g = loaded("canasta") if "canasta" in game_ids() else None
    if g is None or g.melds is None:
        pytest.skip("no bundled game with melds and jokers")
    assert any(g.deck.rank[c] == JOKER_RANK for c in range(g.deck.size))
    for joker in ("🃏", "JK"):
        proc = kural(Path("/nonexistent"), "check", "canasta", "♥4", "5H", "kupa 6", joker, "--json")
        assert proc.returncode == 0, (joker, proc.out, proc.err)
        assert json.loads(proc.out)["legal"] is True
