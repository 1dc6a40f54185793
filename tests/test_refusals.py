"""Every refusal at the table says why: a rule, or a reason the person can act on (issue: the table).

For every bundled game (and variant file), a game is played through the real CLI on a pipe: at each of
the person's prompts, a sample of inputs that are no legal move (a card of another hand or of the table,
a held card the rules refuse, a move of another step of the turn, cards laid together that are no meld, a
group number that does not exist, a move named alone) is typed, then `1`. The same game is followed in
this process (bots are seeded by the game's seed and the move number), so the inputs fit each position.
Each answer must be one line that names a rule (`(C2)`) or a reason, never the old "is not a legal move".
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from all_games import configs, game_ids, loaded  # noqa: E402
from cli_support import kural, prompt  # noqa: E402

from kural.cli.i18n import pick  # noqa: E402
from kural.cli.play import bot_seed  # noqa: E402
from kural.cli.reading import Reader  # noqa: E402
from kural.cli import render  # noqa: E402
from kural.interpreter import game  # noqa: E402
from kural.interpreter.bots import make_bot  # noqa: E402

SEED = 5
PROMPTS = 12  # prompts of the person answered in each game: enough for every step of a turn
SAMPLE = 6  # refused inputs typed at each prompt
RULE = re.compile(r"\([A-Z]+[0-9]+\)")
REASONS = ("is not in", "not yet", "not at this point", "is not a meld", "there is no", "there are no", "has no",
           "have no",
           "cannot be played that way", "no card you hold", "there is no move", "nothing you hold")


def candidates(g, s, rnd: random.Random) -> list[str]:
    """Inputs to try at this position: cards anywhere, moves by name, with cards, with group numbers."""
    me = s.me
    hand = list(s.zones[g.zone(g.hand_zone).first_id + me])
    others = [c for c in range(g.deck.size) if c not in hand]
    out = [g.deck.code[c] for c in rnd.sample(hand, min(3, len(hand)))]
    out += [g.deck.code[c] for c in rnd.sample(others, min(2, len(others)))]
    for m in g.moves:
        title = pick(m.title, "en", m.name)
        out.append(title)
        if m.has_card_lists and len(hand) >= 3:
            out.append(title + " " + " ".join(g.deck.code[c] for c in rnd.sample(hand, 3)))
        if any(c.of_groups for c in m.choices) and hand:
            out += [f"{title} 99 {g.deck.code[hand[0]]}", f"{title} 1 {g.deck.code[rnd.choice(hand)]}"]
        if m.has_cards and hand:
            out.append(f"{title} {g.deck.code[rnd.choice(hand)]}")
    out.append("99")
    rnd.shuffle(out)
    return out


def script(game_id: str, variants: tuple) -> tuple[list[str], list[str]]:
    """The lines to type, and the refused ones among them (in order), following the game in-process."""
    g = loaded(game_id, variants)
    s = game.new_game(g, SEED)
    reader = Reader(g, "en")
    rnd = random.Random(SEED)
    lines, refused = [], []
    prompts = 0
    while not game.is_over(s) and prompts < PROMPTS:
        legal = game.legal(s)
        if s.me == 0:
            legal = render.display_order(g, legal)  # numbered as the table lists them
            prompts += 1
            picked = 0
            for text in candidates(g, s, rnd):
                reading = reader.read(s, legal, text, [])
                if reading.message is not None and not reading.message.startswith(text + ": which"):
                    if "which one?" in reading.message:
                        continue
                    lines.append(text)
                    refused.append(text)
                    picked += 1
                    if picked == SAMPLE:
                        break
            lines.append("1")
            move = legal[0]
        else:
            move = make_bot("heuristic", bot_seed(SEED, len(s.history))).choose(s, legal)
        game.apply(s, move)
    return lines, refused


CASES = [(gid, variants) for gid in game_ids() for variants in configs(gid)[:2]]


@pytest.mark.parametrize("game_id,variants", CASES, ids=lambda x: "+".join(x) if isinstance(x, tuple) else x)
def test_every_refusal_names_a_rule_or_a_reason(tmp_path, game_id, variants):
    lines, refused = script(game_id, variants)
    assert refused, "no refused input was found to type"
    args = ["play", game_id, "--seed", SEED, "--lang", "en"] + [a for v in variants for a in ("--variant", v)]
    proc = kural(tmp_path / "home", *args, stdin="\n".join(lines) + "\n", timeout=300)
    assert proc.returncode == 0 and "Traceback" not in proc.err, proc.err[-2000:]
    asked = prompt(game_id)
    replies = {}
    chunks = proc.out.split(asked)[1:]
    for text, chunk in zip(lines, chunks):
        answer = chunk.splitlines()
        assert answer[0] == text, (answer[:2], text)  # the echo of what was typed
        if text in refused:
            replies[text] = answer[1]
    assert len(replies) == len(set(refused))
    for text, reply in replies.items():
        assert "is not a legal move" not in reply, (text, reply)
        assert RULE.search(reply) or any(reason in reply for reason in REASONS), (text, reply)
