"""The words a player reads, in both languages: `kural validate` warns, with the place, where a rule file
leaves one out (a zone, var or step without a title, a value table without a name, a text param whose
values have no words, a sentence written in one language only). The rules would then print an id of
the file, or English in a Turkish text."""
from __future__ import annotations

from dataclasses import dataclass

from kural.interpreter.messages import HINT_WORD, WARNING_WORD, Msg, said
from kural.interpreter.numbers import value_key

from ..errors import Loc
from ..wording import LANGS


@dataclass
class TitleWarning:
    loc: Loc | None
    message: str
    hint: str

    def render(self, lang: str = "en") -> str:
        where = f"{self.loc.file}:{self.loc.line}:{self.loc.col}: " if self.loc is not None else ""
        return (f"{where}{WARNING_WORD.get(lang, 'warning')}: {said(self.message, lang)}\n"
                f"    {HINT_WORD.get(lang, 'hint')}: {said(self.hint, lang)}")


def _missing(texts) -> list[str]:
    """The languages a text ({en, tr}) leaves out; every one when it is not a text at all."""
    if isinstance(texts, str):
        return [lang for lang in LANGS if lang != "en"]
    if not isinstance(texts, dict):
        return list(LANGS)
    return [lang for lang in LANGS if not texts.get(lang)]


def missing_titles(g) -> list[TitleWarning]:
    """Every place a player would read an id or one language's words for another's (dsl/said.py units)."""
    units = g.words().units
    out: list[TitleWarning] = []

    def need(path: tuple, texts, what: str, key: str) -> None:
        langs = _missing(texts)
        if langs:
            loc = units.get(path, (None, None, None))[2]
            words = Msg("lint_in_" + "_".join(langs))
            out.append(TitleWarning(loc, Msg("lint_no_words", what=what, key=key, langs=words),
                                    Msg("lint_add_words", key=key)))

    for path, (kind, value, *_) in units.items():
        head = path[0]
        if head == "zones" and len(path) == 2:
            need(path, (value or {}).get("title"), Msg("lint_zone", name=path[1]), "title")
        elif head == "vars" and len(path) == 2:
            need(path, (value or {}).get("title"), Msg("lint_var", name=path[1]), "title")
            for shown, words in ((value or {}).get("shown_as") or {}).items():
                need(path, words, Msg("lint_var_value", name=path[1], value=shown), "shown_as")
            for said, words in ((value or {}).get("says") or {}).items():
                need(path, words, Msg("lint_var_says", name=path[1], value=said), "says")
        elif head == "moves" and len(path) == 3 and path[2] == "title":
            need(("moves", path[1]), value, Msg("lint_move", name=path[1]), "title")
        elif head == "moves" and len(path) == 4 and path[2] == "when" and isinstance(value, dict) and value.get("why"):
            need(path, value["why"], Msg("lint_check", n=path[3] + 1, name=path[1]), "why")
        elif head == "params" and len(path) == 2 and isinstance(value, dict):
            need(path, value.get("text"), Msg("lint_param", name=path[1]), "text")
            if value.get("one_of"):
                shown = {value_key(k): words for k, words in (value.get("shown_as") or {}).items()}
                for choice in value["one_of"]:
                    need(path, shown.get(value_key(choice)),
                         Msg("lint_param_value", name=path[1], value=choice), "shown_as")
        elif head == "define" and len(path) == 2 and isinstance(value, dict):
            for key in ("title", "title_not"):
                if value.get(key):
                    need(path, value[key], Msg("lint_define", name=path[1]), key)
        elif head == "deck" and len(path) == 3 and path[1] == "values":
            need(path, value[1] if isinstance(value, list) else None, Msg("lint_table", name=path[2]), "value_titles")
        elif head in ("result", "round_result") and len(path) == 3 and path[1] == "fields":
            need(path, value[1] if isinstance(value, list) else None, Msg("lint_field", head=head, name=path[2]),
                 "field_titles")
        elif head == "bot" and isinstance(value, dict) and value.get("tip"):
            need(path, value["tip"], Msg("lint_tactic", n=path[1] + 1), "tip")
        elif head == "text":
            need(path, value, Msg("lint_text", rule=path[1]), "text")
        elif head == "glossary":
            for key in ("term", "means"):
                need(path, (value or {}).get(key), Msg("lint_term", name=path[1]), key)
        elif path == ("flow", "round", "turn") and isinstance(value, list) and len(value) > 1:
            for step in value:
                need(path, step.get("title") if isinstance(step, dict) else None,
                     f"step `{step.get('step') if isinstance(step, dict) else step}`", "title")
    return out


BEHAVIOUR = ("check", "effects", "move", "flow", "result", "field", "melds")  # parts that change what the game does


def unworded(parent, g) -> list[TitleWarning]:
    """The parts a variant changes in what a rule does (a check, effects, the flow, the scoring: not a param,
    whose value its rule's words show) while the rule's words stay the base game's: the book would print a
    rule the game no longer plays. `parent`: the game without the variant's own layer."""
    from .changes import compare  # here: only `kural validate` of a variant asks
    units = g.words().units
    out: list[TitleWarning] = []
    worded = {k for k, v in g.texts.items() if parent.texts.get(k) != v}  # the rules the variant words itself
    for ch in compare(parent, g, "en"):
        if ch.kind not in BEHAVIOUR or ch.status == "removed" or ch.path[-1] in ("rules", "title"):
            continue  # (a move's rule numbers and its title are words, not what it does)
        rules = [r for r in ch.rules if "." not in r and r in g.texts]
        if rules and not worded.intersection(rules):
            loc = units.get(ch.path, (None, None, None))[2]
            names = ", ".join(rules)
            out.append(TitleWarning(loc, Msg("lint_unworded", rule=names, part=ch.title),
                                    Msg("lint_unworded_hint", rule=names)))
    return out
