"""The node oracle (tests/node_oracle.py) is a second meaning of every game: the typed program's nodes,
evaluated one by one over the state, play the same games as the generated module (issue 36).

The guarantee (docs/guarantees.md, "The test oracle evaluates nodes"): for every bundled game and every
test game of another genre (tests/games/), seeded games give, move by move, the same legal moves, the same
answers of each move's checks and choices' options and of the bots' preferences, and the same record; and
the oracle reads only the nodes and plain fields of a game, never a closure of the compiler.
"""
from __future__ import annotations

import dataclasses
import hashlib

import pytest

from all_games import game_ids, variant_ids
from cli_support import ROOT
from node_oracle import NodeProgram, compiled, oracle
from kural.cli.simulate import play_one
from kural.interpreter import game as play
from kural.interpreter import record
from kural.interpreter.bots import make_bot
from kural.interpreter.budget import renew
from kural.interpreter.engine import new_game

OWN_GAMES = sorted(str(p) for p in (ROOT / "tests" / "games").glob("*.yaml"))
# every bundled game alone, with each of its variant files, and every test game of another genre
CONFIGS = [(game, ()) for game in game_ids()] + [(game, (v,)) for game in game_ids() for v in variant_ids(game)] + \
    [(game, ()) for game in OWN_GAMES]
MOST_MOVES = 300  # a game longer than this is cut there (aborted): the same cut on both sides
OPTIONS_TRIED = 12  # of a move of one choice, at each position: its checks asked of that many of its options


class _Refused:
    """A closure of the compiler, put out of use: its node is still there, calling it fails the test."""

    def __init__(self, closure):
        self.node = getattr(closure, "node", None)

    def __call__(self, *args, **kwargs):
        raise AssertionError("the oracle called a closure of the compiler")


def _refuse_closures(g) -> None:
    """Every callable field of the game and of its parts (moves, checks, choices, preferences, vars, end
    reasons, result, round result) replaced by a _Refused (none once the compiler makes nodes only)."""
    parts = [g, g.result, *g.moves, *g.bot, *g.vars, *g.end_reasons]
    parts += [part for m in g.moves for part in (*m.checks, *m.choices)]
    if g.round_result is not None:
        parts.append(g.round_result)
    for part in parts:
        for f in dataclasses.fields(part):
            value = getattr(part, f.name)
            if f.name != "program" and callable(value) and not isinstance(value, type):
                setattr(part, f.name, _Refused(value))
            elif isinstance(value, dict) and any(callable(v) for v in value.values()):
                setattr(part, f.name, {k: _Refused(v) if callable(v) else v for k, v in value.items()})


def _record_hash(g, seed: int, bots: str) -> tuple[list, str]:
    """A bot game's moves (each with the legal moves offered) and the sha256 of its record."""
    _, rec = play_one(g, seed, [bots] * g.players, True, True, [f"#{i + 1}" for i in range(g.players)])
    return rec["moves"], hashlib.sha256(record.dumps(rec).encode()).hexdigest()


@pytest.mark.parametrize("game, variants, bots", [("fantan", (), "random"), ("fanti", (), "heuristic"),
                                                  ("canasta", ("351",), "heuristic"),
                                                  (str(ROOT / "tests" / "games" / "teams.yaml"), (), "random")])
def test_the_oracle_reads_no_closure_of_the_game(game, variants, bots):
    """Issue 36: the oracle is a meaning of the typed program, not of the compiler's closures. With every
    callable field of the game put out of use (calling one fails), games played by the oracle are move for
    move the generated module's, and their records hash the same."""
    g = compiled(game, variants)
    g.max_moves = MOST_MOVES
    generated = [_record_hash(g, seed, bots) for seed in (1, 2)]
    _refuse_closures(g)
    with oracle(g):
        by_nodes = [_record_hash(g, seed, bots) for seed in (1, 2)]
    for (moves, digest), (oracle_moves, oracle_digest) in zip(generated, by_nodes):
        assert oracle_moves == moves
        assert oracle_digest == digest


def _same_answers(g, s, by_nodes: NodeProgram, legal: list, bots: str) -> None:
    """At one position: each legal move's checks hold and each of its choices' options are the same by the
    generated module and by the nodes; the heuristic bot's keys too, when it plays; and the checks of a move
    of one choice answer alike for its options, legal or not (what a refusal asks)."""
    program = g.program
    for index, values in legal:
        renew(s)
        assert all(check(s, *values) for check in program.checks[index])
        assert all(check(s, *values) for check in by_nodes.checks[index])
        for k, (domain, by_node) in enumerate(zip(program.domains[index], by_nodes.domains[index])):
            renew(s)
            generated = domain(s, *values[:k])
            renew(s)
            assert by_node(s, *values[:k]) == generated, (g.moves[index].name, k)
        if bots == "heuristic":
            renew(s)
            generated = program.prefer[index](s, values)
            renew(s)
            assert by_nodes.prefer[index](s, values) == generated, g.moves[index].name
    for index in g.steps[s.step].moves:  # a refusal's answers: each check of options legal or not
        m = g.moves[index]
        if len(m.choices) != 1:
            continue
        renew(s)
        options = by_nodes.domains[index][0](s)
        for v in (s.zones[options] if m.choices[0].domain_is_zone else options)[:OPTIONS_TRIED]:
            answers = [(_outcome(check, s, v), _outcome(by_node, s, v))
                       for check, by_node in zip(program.checks[index], by_nodes.checks[index])]
            assert all(a == b for a, b in answers), (m.name, v, answers)


def _same_table(g, s, by_nodes: NodeProgram) -> None:
    """What the table shows at one position: each shown define's value, when and out of what, and each
    meld value of every group of cards on the board, the same by the generated module and by the nodes."""
    for generated, by_node in zip(g.program.shown, by_nodes.shown):
        for fn, by_fn in zip(generated, by_node):
            assert (fn is None) == (by_fn is None)
            if fn is not None:
                assert _outcome(by_fn, s) == _outcome(fn, s)
    groups = [i for z in g.zones if z.max_groups
              for i in range(z.first_id, z.first_id + g.span(z.per) * z.per_owner) if s.zones[i]]
    for (of_group, of_cards, when), (by_group, by_cards, by_when) in zip(g.program.meld_values, by_nodes.meld_values):
        if when is not None:
            assert _outcome(by_when, s) == _outcome(when, s)
        for group in groups:
            assert _outcome(by_group, s, group) == _outcome(of_group, s, group)
            assert _outcome(by_cards, s, list(s.zones[group])) == _outcome(of_cards, s, list(s.zones[group]))


def _outcome(fn, s, *args):
    """A part's value, or the kind of error it fails with (a check asked of an option it was never meant to
    be asked of, a value shown where it has none)."""
    renew(s)
    try:
        return fn(s, *args)
    except Exception as exc:  # noqa: BLE001  (compared, not hidden: both sides must fail alike)
        return type(exc).__name__


@pytest.mark.parametrize("game, variants", CONFIGS)
def test_the_oracle_and_the_generated_module_play_the_same_games(game, variants):
    """Every bundled game, alone and with each variant, and every test game of another genre: seeded games
    (random and heuristic bots for a game alone, heuristic with a variant; the bots' choices made on the
    generated side) give the same legal moves at every position, the same
    answers of checks, options and preferences there, the same values shown at the table, and the same
    record, the result included."""
    g = compiled(game, variants)
    g.max_moves = MOST_MOVES
    by_nodes = NodeProgram(g)
    seats = [f"#{i + 1}" for i in range(g.players)]
    for seed, bots in ((2, "heuristic"),) if variants else ((1, "random"), (2, "heuristic")):
        s = new_game(g, seed)
        with oracle(g, start_game=True):
            o = new_game(g, seed)
        recs = record.start(g, seed, seats, s), record.start(g, seed, seats, o)
        chooser = [make_bot(bots, seed * 10 + seat) for seat in range(g.players)]
        while not play.is_over(s):
            legal = play.legal(s)
            with oracle(g):
                assert play.legal(o) == legal, f"{game} {variants}, seed {seed}, move {len(s.history) + 1}"
            _same_answers(g, s, by_nodes, legal, bots)
            _same_table(g, s, by_nodes)
            move = chooser[s.me].choose(s, legal)
            record.play(recs[0]["moves"], g, s, move, legal=legal)
            with oracle(g):
                record.play(recs[1]["moves"], g, o, move, legal=legal)
        assert play.is_over(o)
        record.finish(recs[0], s)
        with oracle(g):
            record.finish(recs[1], o)
        assert record.dumps(recs[1]) == record.dumps(recs[0]), f"{game} {variants}, seed {seed}"
