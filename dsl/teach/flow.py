"""`kural graph`: a game's flow as a state machine, in Mermaid, Graphviz DOT or JSON.

The machine is the engine's (docs/language.md §5.1), drawn from the compiled
typed tree (dsl/typed.py): the game starts a round; a round is its setup, who moves first, then
turns; a turn goes through its steps, each offering moves, with each move's
guard in words on its edge; after a move either the round is over (its end
condition) or the turn goes on (`next:` of the move: the turn ends, the same
step again, or another step); a round over is scored, then the game either
ends (the result) or deals a new round.
"""
from __future__ import annotations

import json
import re
import textwrap
from dataclasses import asdict, dataclass, field

from ..wording import capital
from .phrases import say
from .words import Context, Speaker

WRAP = 42  # characters per line of a label


@dataclass
class Graph:
    title: str
    nodes: dict = field(default_factory=dict)  # id -> (label, shape); shapes: terminal, box, step, move, decision
    cluster: list = field(default_factory=list)  # ids inside the box of a round
    cluster_label: str = ""
    edges: list = field(default_factory=list)  # (from, to, label)


def node_id(prefix: str, name: str) -> str:
    return prefix + "_" + re.sub(r"[^A-Za-z0-9_]", "_", name)


def build(g, lang: str) -> Graph:
    """The state machine of `g` (any loaded game)."""
    sp = Speaker(g, lang)
    said = g.words().parts
    pick = lambda texts, default: sp.title(texts, default)  # noqa: E731
    gr = Graph(pick(g.title, g.id) + ("" if not g.variants else " + " + ", ".join(g.variants)))
    t = lambda key, **kw: say(key, lang, **kw)  # noqa: E731
    gr.nodes["start"] = (t("g_start"), "terminal")
    gr.nodes["setup"] = (f"{t('g_setup')}: {sp.effects(said.get(('flow', 'round', 'setup')), Context('me_last'))}", "box")
    gr.nodes["first"] = (f"{t('g_first')}: {sp.value(said[('flow', 'round', 'first')], seat=True)}", "box")
    for i, s in enumerate(g.steps):  # a turn of one step: the turn itself
        label = t("g_turn") if len(g.steps) == 1 and not s.title else f"{t('g_step')} “{sp.title(s.title, s.name)}”"
        if s.window is not None:  # who is asked in turn, and the node where it closes
            label += f"\n{t('g_window')}: {sp.value(said[('flow', 'round', 'turn', i, 'window', 'seats')], seat=True)}"
            gr.nodes[node_id("closes", s.name)] = (t("g_window_closes"), "box")
        gr.nodes[node_id("step", s.name)] = (label, "step")
    for m in g.moves:
        title = sp.title(m.title, m.name)
        rules = f" ({', '.join(m.rules)})" if m.rules else ""
        gr.nodes[node_id("move", m.name)] = (title + rules, "move")
    next_who = sp.value(said[("flow", "round", "next")], seat=True)
    gr.nodes["turn_end"] = (f"{t('g_turn_ends')} {next_who}", "box")
    end_words = sp.condition(said[("flow", "round", "end")], Context("me_mover"))
    round_end = f"{t('g_round_end')}: {end_words}"
    after = said.get(("flow", "round", "after_move"))
    if after is not None and after.children:
        round_end += f" ({say('after_move', lang, effects=sp.effects(after, Context('me_mover')))})"
    gr.nodes["round_end"] = (round_end, "box")
    score = said.get(("flow", "round", "score"))
    if score is not None and score.children:
        gr.nodes["score"] = (f"{t('g_score')}: {sp.effects(score, Context('me_mover'))}", "box")
    game_end = sp.condition(said[("flow", "end")], Context("me_mover"))
    gr.nodes["game_over"] = (f"{t('g_game_over')} {game_end}", "decision")
    seat = sp.per_context(g.result.per, Context("me_last"))
    score_title = capital(pick(g.result.score_title, "score"), lang)
    winner = "winner_team" if g.result.per == "team" else "winner"
    result = "\n".join([capital(t("g_result"), lang), say(winner, lang, words=sp.condition(said[("result", "winner")], seat)),
                        say("score", lang, title=score_title, words=sp.value(said[("result", "score")], seat))])
    gr.nodes["result"] = (result, "terminal")
    gr.cluster = [k for k in gr.nodes if k not in ("start", "game_over", "result")]
    gr.cluster_label = t("g_round")

    first_step = node_id("step", g.steps[0].name)
    gr.edges += [("start", "setup", ""), ("setup", "first", ""), ("first", first_step, "")]
    offered_in: dict[int, list[str]] = {}
    for s in g.steps:
        for i in s.moves:
            offered_in.setdefault(i, []).append(s.name)
            m = g.moves[i]
            gr.edges.append((node_id("step", s.name), node_id("move", m.name), guard_words(sp, m)))
    for i, s in enumerate(g.steps):  # a window: from its moves back to it, or to its close, then on
        if s.window is None:
            continue
        closes, here = node_id("closes", s.name), node_id("step", s.name)
        until = said.get(("flow", "round", "turn", i, "window", "until"))
        for j in s.moves:
            me = node_id("move", g.moves[j].name)
            if j == s.window.passes:
                gr.edges.append((me, closes, t("g_all_passed")))
            if until is not None:
                gr.edges.append((me, closes, sp.condition(until, Context("me_mover"))))
            gr.edges.append((me, here, f"{t('g_otherwise')}: {t('g_window_next')}"))
        after = said.get(("flow", "round", "turn", i, "window", "after"))
        if after is not None and after.children:  # its effects, then the round's end checked again
            label, _ = gr.nodes[closes]
            gr.nodes[closes] = (f"{label}: {sp.effects(after, Context('me_last'))}", "box")
            gr.edges.append((closes, "round_end", t("g_round_over")))
        gr.edges.append((closes, "turn_end" if s.next_step == "end" else node_id("step", s.next_step),
                         t("g_otherwise") if after is not None and after.children else ""))
    windowed = {j for s in g.steps if s.window is not None for j in s.moves}
    for m in g.moves:
        me = node_id("move", m.name)
        gr.edges.append((me, "round_end", t("g_round_over")))
        if m.index in windowed:
            continue
        if m.next_step == "end":
            gr.edges.append((me, "turn_end", t("g_otherwise")))
        elif m.next_step == "again":
            for step in offered_in.get(m.index, []):
                gr.edges.append((me, node_id("step", step), f"{t('g_otherwise')}: {t('g_again')}"))
        else:
            step = g.steps[g.step_index[m.next_step]]
            gr.edges.append((me, node_id("step", m.next_step),
                             f"{t('g_otherwise')}: {t('g_to_step')} “{sp.title(step.title, step.name)}”"))
    gr.edges.append(("turn_end", first_step, ""))
    if "score" in gr.nodes:
        gr.edges += [("round_end", "score", ""), ("score", "game_over", "")]
    else:
        gr.edges.append(("round_end", "game_over", ""))
    gr.edges += [("game_over", "result", t("g_yes")), ("game_over", "setup", t("g_no"))]
    return gr


def guard_words(sp: Speaker, m) -> str:
    """A move's guard on its edge: each check's rule and its words."""
    if not m.checks:
        return say("g_always", sp.lang)
    ctx = sp.move_locals(m)
    parts = []
    for check in m.checks:
        words = sp.condition(sp.g.words().parts[check.part], ctx)
        parts.append(f"{check.rule}: {words}" if check.rule else words)
    return "\n".join(parts)


def _wrap(text: str) -> list[str]:
    lines = []
    for para in text.split("\n"):
        lines += textwrap.wrap(para, WRAP, break_on_hyphens=False) or [""]
    return lines


# ---------------------------------------------------------------- Mermaid
_MERMAID_SHAPES = {"terminal": ('(["', '"])'), "box": ('["', '"]'), "step": ('("', '")'),
                   "move": ('[["', '"]]'), "decision": ('{"', '"}')}


def _mermaid_text(text: str) -> str:
    safe = lambda s: s.replace("&", "&amp;").replace('"', "#quot;").replace("<", "&lt;").replace(">", "&gt;")  # noqa: E731
    return "<br/>".join(safe(line) for line in _wrap(text))


def mermaid(gr: Graph) -> str:
    out = ["---", f"title: {gr.title}", "---", "flowchart TD"]

    def node(k):
        label, shape = gr.nodes[k]
        left, right = _MERMAID_SHAPES[shape]
        return f"{k}{left}{_mermaid_text(label)}{right}"
    for k in gr.nodes:
        if k not in gr.cluster:
            out.append("    " + node(k))
    out.append(f'    subgraph round["{_mermaid_text(gr.cluster_label)}"]')
    for k in gr.cluster:
        out.append("        " + node(k))
    out.append("    end")
    for a, b, label in gr.edges:
        out.append(f'    {a} -->|"{_mermaid_text(label)}"| {b}' if label else f"    {a} --> {b}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Graphviz
_DOT_SHAPES = {"terminal": 'shape=oval, style=filled, fillcolor="#eeeeee"', "box": "shape=box",
               "step": 'shape=box, style="rounded,bold"', "move": 'shape=box, style=filled, fillcolor="#fff2b3"',
               "decision": "shape=diamond"}


def _dot_text(text: str) -> str:
    return "\\n".join(line.replace("\\", "\\\\").replace('"', '\\"') for line in _wrap(text))


def dot(gr: Graph) -> str:
    out = [f'digraph "{_dot_text(gr.title)}" {{', "    rankdir=TB;", '    node [fontname="Helvetica", fontsize=10];',
           '    edge [fontname="Helvetica", fontsize=9];']
    for k, (label, shape) in gr.nodes.items():
        if k not in gr.cluster:
            out.append(f'    {k} [label="{_dot_text(label)}", {_DOT_SHAPES[shape]}];')
    out.append("    subgraph cluster_round {")
    out.append(f'        label="{_dot_text(gr.cluster_label)}"; style=dashed;')
    for k in gr.cluster:
        label, shape = gr.nodes[k]
        out.append(f'        {k} [label="{_dot_text(label)}", {_DOT_SHAPES[shape]}];')
    out.append("    }")
    for a, b, label in gr.edges:
        out.append(f'    {a} -> {b} [label="{_dot_text(label)}"];' if label else f"    {a} -> {b};")
    out.append("}")
    return "\n".join(out) + "\n"


def as_json(gr: Graph) -> str:
    return json.dumps(asdict(gr), ensure_ascii=False, indent=2) + "\n"


def render(gr: Graph, fmt: str) -> str:
    return {"mermaid": mermaid, "dot": dot, "json": as_json}[fmt](gr)
