"""Teaching: a game's rules said in words, from its typed tree (dsl/typed.py), in Turkish and English.

The layer the commands `kural rules`, `diff`, `graph` and `explain` print, and the Python API calls:
each function takes a loaded game (`kural.dsl.loader.load`, or `open_game`), reads its words (`g.words()`)
and returns a document as text, Markdown, JSON, Mermaid or DOT. Nothing here reads a rule file: every sentence comes from the
program the loader compiled (its nodes, names, titles and rule numbers), the rule file's own `text:`,
`why:`, `title:` and `tip:` sentences as the loader kept them, and the phrase catalogues (`phrases.py`
for the documents' frames, `words.py` for each construct of the language, dsl/notions/ for
each notion).

    from kural.dsl import teach
    g = teach.open_game("mygame.yaml", ["myvariant.yaml"])
    print(teach.rules(g, "en", "markdown", base=teach.open_game("mygame.yaml")))
    print(teach.diff(*teach.sides("mygame.yaml", "myvariant.yaml"), "tr"))

Modules: `words` (a node said as a phrase, or as cases and bullet points), `document` (the document
model and its formats), `book` (`kural rules`), `changes` (`kural diff`), `flow` (`kural graph`),
`position` (`kural explain`, and the words of a refusal at the table), `lint` (the titles a player
reads, for `kural validate`), `examples` (the examples beside the rules, held against the engine).
"""
from __future__ import annotations

from .api import (diff, example_problems, explain, graph, missing_titles, open_game, refusal_words, rules, sides,
                  unworded)

__all__ = ["diff", "example_problems", "explain", "graph", "missing_titles", "open_game", "refusal_words", "rules",
           "sides", "unworded"]
