"""The teaching layer's functions, for the commands and the Python API alike."""
from __future__ import annotations

from ..loader import load
from ..wording import names
from . import document as formats


def terms_of(g) -> list[str]:
    """The game's words that take a Turkish ending after an apostrophe (its glossary's `apostrophe: true`)."""
    facts = g.words().facts or {}
    return [entry["term"].get("tr") or name for name, entry in (facts.get("glossary") or {}).items()
            if entry.get("apostrophe")]


def open_game(game: str, variants=(), sets=(), players: int | None = None):
    """A game, loaded as for play (dsl/loader.py `load`): every function here reads its words
    (`g.words()`). RuleError on a problem of its rule files."""
    return load(game, list(variants), list(sets), players)


def rules(g, lang: str, fmt: str = "text", base=None, reference: bool = False) -> str:
    """`kural rules`: the rules of `g` handed to a player, or (`reference`) the reference, the program said
    line by line; as text, Markdown or JSON (`fmt` "reference": the reference as text); with `base` (the
    game without its variants) the parts the variants change are marked."""
    from .book import document
    if fmt == "reference":
        fmt, reference = "text", True
    with names(terms_of(g)):
        return formats.render(document(g, lang, base, reference), fmt)


def diff(left, right, left_name: str, right_name: str, lang: str, fmt: str = "text") -> str:
    """`kural diff`: what `right` changes from `left`, part by part, in words and as its rule-file lines."""
    from .changes import report
    with names(terms_of(right) + terms_of(left)):
        return report(left, right, left_name, right_name, lang, fmt)


def sides(first: str, second: str):
    """The two sides of `kural diff FIRST SECOND`: a game and the game with a variant (`GAME VARIANT`), or two
    rule files (`FILE1 FILE2`); each loaded as `open_game` loads it, and how the report names it."""
    from .changes import sides as both
    return both(first, second)


def graph(g, lang: str, fmt: str = "mermaid") -> str:
    """`kural graph`: the flow of `g` as a state machine, in Mermaid, Graphviz DOT or JSON."""
    from . import flow
    with names(terms_of(g)):
        return flow.render(flow.build(g, lang), fmt)


def explain(g, state, lang: str, move_text, fmt: str = "text", card: str | None = None, played: str = "",
            header: str = "", note: str = "", k: int = 0) -> str:
    """`kural explain`: at `state` (a position of `g`), every legal move, and for every other option of the
    step the rule that refuses it, in words. `move_text(move)` says a move as the table lists it."""
    from .position import explanation
    with names(terms_of(g)):
        return explanation(g, state, lang, move_text, fmt, card, played, header, note, k)


def refusal_words(g, check, lang: str) -> str:
    """Why a move is refused, for the table: the check's `why` and its rule ("you have a playable card, so you
    must play (F6)"), or, for a check without one, its condition said as a refusal ("refused unless: ...").
    `check` is the first failing check (kural.interpreter.legal.refusal); `g` any loaded game."""
    from .position import refusal_words as words
    with names(terms_of(g)):
        return words(g, check, lang)


def missing_titles(g) -> list:
    """`kural validate`'s warnings: the zones, vars, steps, defines and value tables a player reads without a
    title in both languages, each (Loc, message, hint)."""
    from .lint import missing_titles as missing
    return missing(g)


def example_problems(g) -> list:
    """`kural validate`'s check of the examples beside the rules (`examples:`): each that the engine does not
    agree with in `g`, its rule's words not restated by a later layer, as a Problem at its place."""
    from ..errors import Loc, Problem
    from .examples import problems
    return [Problem(Loc(at.file, at.line, at.col), message, hint) for at, message, hint in problems(g)]


def unworded(g) -> list:
    """`kural validate`'s warnings for a variant (`g` loaded from its file): each part it changes in what a rule
    does while the rule's words stay its base's (dsl/teach/lint.py unworded); none for a game."""
    if not g.variants or len(g.rule_files) < 2:
        return []
    from .lint import unworded as changed
    parent = load(g.rule_files[-1], list(reversed(g.rule_files[1:-1])))
    return changed(parent, g)
