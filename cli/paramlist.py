"""`kural params GAME`: every param of a game, with its variants and --set values applied, as `--set`
takes it: the same line a bad --set shows (kural.dsl.params.line), and its meaning from the rule file."""
from __future__ import annotations

import json

from kural.dsl.params import fields, line
from kural.interpreter.messages import said

from .i18n import pick, t


def params_json(g, lang: str) -> str:
    """The game's params as docs/json/params.schema.json gives them."""
    rows = [{**fields(name, p), "line": said(line(name, p), lang), "text": pick(p.get("text"), lang)}
            for name, p in g.params.items()]
    return json.dumps({"game": g.id, "variants": list(g.variants), "params": rows}, ensure_ascii=False)


def params_text(g, lang: str) -> str:
    """A heading, then each param's line and, beneath it, its rule and meaning."""
    lines = [t("params_head", lang, title=pick(g.title, lang, g.id)) if g.params else
             t("params_none", lang, title=pick(g.title, lang, g.id))]
    for name, p in g.params.items():
        lines.append(said(line(name, p), lang))
        about = " · ".join(x for x in (p.get("rule") or "", pick(p.get("text"), lang)) if x)
        if about:
            lines.append(f"    {about}")
    return "\n".join(lines) + "\n"
