"""The teaching corpus: sha256 of every teaching output, for every bundled game and variant and test game.

Not a test module. `python tests/teaching_corpus.py --write` records the hashes in tests/golden/teaching.json
(without --write it checks them, exit 1 on a change); tests/test_teaching_corpus.py makes the same outputs
and checks that every hash is still the same, so a rebuild of the rules' tree keeps every word a person
reads (issue 36: the teaching outputs stay "unchanged byte for byte except where they were wrong"). A hash
that must change is changed by --write, in a commit that says which outputs were wrong and why.

The outputs, in English and Turkish, for each game alone and with each of its variant files (and each test
game of tests/games/ as a user's own rule file), at its default player count:
  rules/FORMAT      `kural rules` (the handout as text, markdown, json; the reference; with a variant, the
                    parts it changes marked)
  graph/FORMAT      `kural graph` (mermaid, dot, json: what it prints without Graphviz)
  diff/FORMAT       `kural diff GAME VARIANT` (text, json), for a variant
  explain/sSmK      `kural explain --seed S --move K`, at a few positions of the heuristic bots' game
  table/sSmK        the table's words at the same positions, for each option it refuses: what a person
                    types for it, and the line the table answers (cli/reading.py, as `kural play` reads)
All in-process: rules, graph and diff are the teaching layer's texts the commands print as they are; explain
runs through the CLI app itself (its exit code and both streams are hashed).
`python tests/teaching_corpus.py --show KEY` prints one output's text, to diff against an older checkout.
The positions looked into are those the corpus holds (its keys name them); a config it holds none of gets
them chosen anew by --write (remove a config's keys to choose its positions again).
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import json
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
HASHES = HERE / "golden" / "teaching.json"
sys.path[:0] = [str(HERE), str(HERE.parent)]  # run as a script from anywhere
LANGS = ("en", "tr")
FORMATS = {"rules": ("text", "markdown", "json", "reference"), "graph": ("mermaid", "dot", "json"), "diff": ("text", "json")}
SEEDS = (1, 2)
BOTS = "heuristic"  # explain's default: the positions are those of the game `kural explain --seed S` looks into
MAX_AHEAD = 12  # moves a position looked into is moved on to find one with a refused option
MAX_TYPED = 12  # refused options of one move typed at one position (the first, in the order explain lists them)
# The CLI's environment: no colour forced, a fixed width, the language given by --lang alone.
ENV = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None, "KURAL_LANG": None, "COLUMNS": "100",
       "LINES": "50"}


def configs() -> list[tuple[str, tuple[str, ...]]]:
    """Each bundled game alone and with each of its variants, then each test game of tests/games/."""
    from all_games import game_ids, variant_ids
    from golden_corpus import own_game_files
    out = [(game, combo) for game in game_ids() for combo in [()] + [(v,) for v in variant_ids(game)]]
    return out + [(f, ()) for f in own_game_files()]


def config_name(game: str, combo: tuple) -> str:
    return "+".join((game,) + combo)


def run_cli(game: str, args: list[str]) -> str:
    """`kural ARGS` run in-process, as a person's terminal gets it: exit code, stdout and stderr; a test game's
    path as given (from the repository's root), wherever this runs."""
    from typer.testing import CliRunner

    from golden_corpus import located
    from kural.cli.main import app
    res = CliRunner().invoke(app, args, env=ENV, catch_exceptions=False)  # stderr kept apart
    err = res.stderr
    text = f"exit {res.exit_code}\n{res.stdout}" + (f"--- stderr\n{err}" if err else "")
    return text.replace(located(game), game)


def positions(game: str, combo: tuple) -> list[tuple[int, int]]:
    """(seed, move) of the positions looked into, in the game `kural explain --seed S` plays: those the corpus
    holds for this config (its keys name them), so that a change of what is refused where does not move
    them; else chosen anew (chosen_positions)."""
    name = config_name(game, combo)
    held = {(int(m[1]), int(m[2])) for k in stored() if k.startswith(name + "/")
            for m in [re.fullmatch(r".*/explain/s([0-9]+)m([0-9]+)/[a-z]+", k)] if m}
    return sorted(held) or chosen_positions(game, combo)


def stored() -> dict[str, str]:
    return json.loads(HASHES.read_text()) if HASHES.exists() else {}


def chosen_positions(game: str, combo: tuple) -> list[tuple[int, int]]:
    """The first move, a third and two thirds into seed 1's game, half way into seed 2's; each but the first
    moved on to the first position, within MAX_AHEAD moves, where an option of the step is refused (words
    to hash)."""
    n1, n2 = (len(bot_game(game, combo, seed)[1]["moves"]) for seed in SEEDS)
    wanted = [(SEEDS[0], 1 + n1 // 3), (SEEDS[0], 1 + 2 * n1 // 3), (SEEDS[1], 1 + n2 // 2)]
    return [(SEEDS[0], 1)] + sorted({(seed, refusing(game, combo, seed, k)) for seed, k in wanted})


def refusing(game: str, combo: tuple, seed: int, k: int) -> int:
    """The first move from k on (at most MAX_AHEAD on, and never past the end) before which the seat to move
    has an option of the step refused; k itself if there is none."""
    g, rec = bot_game(game, combo, seed)
    for move in range(k, min(k + MAX_AHEAD, len(rec["moves"])) + 1):
        if refused_options(g, at(game, combo, seed, move)):
            return move
    return k


def at(game: str, combo: tuple, seed: int, k: int):
    """The position before move k of the bot game."""
    from kural.interpreter import game as games
    from kural.dsl.loader import load as load_rules
    g, rec = bot_game(game, combo, seed)
    s, problems = games.replay(g, rec, upto=k - 1)
    assert not problems, problems
    return s


_GAMES: dict = {}


def bot_game(game: str, combo: tuple, seed: int):
    """The game (loaded as `kural play` loads it) and the record of the bot game `kural explain` looks into."""
    key = (game, combo, seed)
    if key not in _GAMES:
        from golden_corpus import located
        from kural.cli.simulate import play_one
        from kural.interpreter import game as games
        from kural.dsl.loader import load as load_rules
        g = load_rules(located(game), list(combo))
        _, rec = play_one(g, seed, [BOTS] * g.players, True, False, list(g.seats.get("en") or []))
        _GAMES[key] = g, rec
    return _GAMES[key]


def typed(g, move, lang: str) -> str | None:
    """What a person types for a move: its title, then its cards by code, its groups by number and any other
    value as it is listed (`play a wild 8S 0`)."""
    from kural.cli.i18n import pick
    index, values = move
    m = g.moves[index]
    parts = [pick(m.title, lang, m.name)]
    for c, v in zip(m.choices, values):
        if c.of_cards:
            parts.append(g.deck.code[v])
        elif c.of_card_lists:
            parts += [g.deck.code[x] for x in v]
        elif c.of_groups:
            parts.append(str(g.group_number(v)))
        else:
            parts.append(str(v))
    return " ".join(parts)


def table_setup(g, s) -> tuple[list, list[int]]:
    """What the table reads a line against at `s`, as `kural play` sets it up for the seat to move
    (cli/play.py): the legal moves in the order it lists them, and the cards it shows as examples."""
    from kural.cli import render
    from kural.interpreter import game as games
    from kural.dsl.loader import load as load_rules
    legal = render.display_order(g, games.legal(s))
    hand = [c for mv in legal for c in render.card_choice_values(g, mv)]
    return legal, render.sort_cards(g, hand or list(s.zones[g.zone(g.hand_zone).first_id + s.me]))


def table_at(g, s, lang: str):
    """The table's reader at position `s`: a function of the text typed that gives the line the table answers."""
    from kural.cli.reading import Reader
    legal, hand = table_setup(g, s)
    reader = Reader(g, lang)

    def answer(text: str) -> str:
        reading = reader.read(s, legal, text, hand)
        return reading.message if reading.move is None else "(played)"
    return answer


def refused_options(g, s) -> list:
    """The options of the step's moves that are not legal at `s`, in the order explain lists them."""
    from kural.dsl.teach.position import options
    from kural.interpreter import game as games
    from kural.dsl.loader import load as load_rules
    from kural.interpreter.legal import move_key
    keys = {move_key(g, mv) for mv in games.legal(s)}
    return [(index, values) for index in g.steps[s.step].moves for values in options(s, g.moves[index])
            if move_key(g, (index, values)) not in keys]


def refused_texts(g, s, lang: str) -> list[str]:
    """What a person might type that the table refuses at `s`: each option of the step's moves that is not legal
    (at most MAX_TYPED of a move), each move of another step by its title alone, and a card the seat does not
    hold."""
    from kural.cli.i18n import pick
    step = g.steps[s.step].moves
    out, per_move = [], dict.fromkeys(step, 0)
    for mv in refused_options(g, s):
        text = typed(g, mv, lang)
        if text is not None and per_move[mv[0]] < MAX_TYPED:
            per_move[mv[0]] += 1
            out.append(text)
    out += [pick(m.title, lang, m.name) for m in g.moves if m.index not in step]
    held = {g.deck.face[c] for c in s.zones[g.zone(g.hand_zone).first_id + s.me]}
    absent = next((c for c in range(g.deck.size) if g.deck.face[c] not in held), None)
    return out + ([g.deck.code[absent]] if absent is not None else [])


def table_words(game: str, combo: tuple, seed: int, k: int, lang: str) -> str:
    """Each refused text typed at the position before move k of the bot game, and the table's answer."""
    g = bot_game(game, combo, seed)[0]
    s = at(game, combo, seed, k)
    answer = table_at(g, s, lang)
    return "".join(f"{text}\t{answer(text)}\n" for text in refused_texts(g, s, lang))


@functools.lru_cache(maxsize=4)
def teaching_game(path: str, combo: tuple):
    """The game as the teaching commands load it (and, with variants, its base game, which `rules` marks
    changes against; `diff`'s two sides as `kural diff GAME VARIANT` loads them)."""
    from kural.dsl import teach
    g = teach.open_game(path, list(combo))
    return g, (teach.open_game(path) if combo else None), (teach.sides(path, combo[0]) if combo else None)


def outputs(game: str, combo: tuple):
    """(key, a function giving the output's text) for every output of one config. `rules`, `graph` and
    `diff` are the teaching layer's functions the commands print as they are (cli/main.py); `explain`,
    whose position the command draws, runs as the command."""
    from golden_corpus import located
    from kural.dsl import teach
    name, path = config_name(game, combo), located(game)
    variant = [a for v in combo for a in ("--variant", v)]
    made = lambda: teaching_game(path, combo)  # noqa: E731 - loaded when an output is made, once
    for lang in LANGS:
        for fmt in FORMATS["rules"]:
            yield f"{name}/rules/{fmt}/{lang}", lambda f=fmt, la=lang: teach.rules(made()[0], la, f, made()[1])
        for fmt in FORMATS["graph"]:
            yield f"{name}/graph/{fmt}/{lang}", lambda f=fmt, la=lang: teach.graph(made()[0], la, f)
        if combo:
            for fmt in FORMATS["diff"]:
                yield f"{name}/diff/{fmt}/{lang}", lambda f=fmt, la=lang: teach.diff(*made()[2], la, f)
    for seed, k in positions(game, combo):
        for lang in LANGS:
            yield f"{name}/explain/s{seed}m{k}/{lang}", lambda sd=seed, kk=k, la=lang: run_cli(
                game, ["explain", path, *variant, "--seed", str(sd), "--move", str(kk), "--lang", la])
            yield f"{name}/table/s{seed}m{k}/{lang}", lambda sd=seed, kk=k, la=lang: table_words(
                game, combo, sd, kk, la)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def compute(game: str, combo: tuple) -> dict[str, str]:
    return {key: digest(make()) for key, make in outputs(game, combo)}


def compute_all(only: str | None = None) -> dict[str, str]:
    table = {}
    for game, combo in configs():
        if only and only not in config_name(game, combo):
            continue
        t = time.perf_counter()
        table.update(compute(game, combo))
        print(f"{config_name(game, combo)}: {time.perf_counter() - t:.1f} s", file=sys.stderr)
    return table


def show(key: str) -> str:
    """The current text of one output, by its key."""
    for game, combo in configs():
        if key.startswith(config_name(game, combo) + "/"):
            for k, make in outputs(game, combo):
                if k == key:
                    return make()
    raise SystemExit(f"no output {key!r}: the keys are those of {HASHES.name}")


def main() -> None:
    from hash_corpus import write_or_check  # (this folder is on the path: run as a script or by pytest)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write tests/golden/teaching.json")
    ap.add_argument("--only", help="configs whose name contains this text")
    ap.add_argument("--show", metavar="KEY", help="print the current text of one output")
    a = ap.parse_args()
    if a.show:
        sys.stdout.write(show(a.show))
        return
    write_or_check(compute_all(a.only), HASHES, a.write, "outputs", a.only)


if __name__ == "__main__":
    main()
