"""`kural list`: the bundled games and their variant files, one line each.

It reads only the heads of the files (`game:` and `variant:`: ids, titles,
descriptions) and compiles nothing, so that it answers at once however many
games there are. A file that cannot be read as YAML, or has no `game:` head,
is still reported (file:line:col, exit 2); whether a game's rules are sound is
what `kural validate` says, and `play` and `simulate` refuse a broken game.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kural.dsl.errors import RuleError
from kural.dsl.paths import games_dir
from kural.dsl.rulefiles import variant_files, variant_head
from kural.dsl.yamlload import LDict, load_text, read_text

from .i18n import LANGS, choose_lang, pick, t


@dataclass
class Head:
    """What `list` shows of a game, read as the loader reads it."""

    id: str
    title: dict[str, str]
    about: dict[str, str]
    lang: str


def head_text(value, default: str) -> dict[str, str]:
    """A title or description in every language, with the loader's fallbacks (dsl/building/game.py, `text`)."""
    if isinstance(value, dict):
        return {lang: str(value.get(lang) or value.get("en") or default) for lang in LANGS}
    return {lang: str(value or default) for lang in LANGS}


def head_lines(text: str) -> str:
    """The file's lines up to the end of its `game:` section: the next line that starts at the left
    margin (a top-level key) ends it. The rest of a rule file, most of it, is not read."""
    lines = text.splitlines(keepends=True)
    in_game = False
    for i, line in enumerate(lines):
        if line[:1] not in ("", " ", "\t", "#", "\n", "\r"):
            if in_game:
                return "".join(lines[:i])
            in_game = line.startswith("game:")
    return text


def game_head(path: Path) -> Head:
    """A game's head from its `game:` section. A head that does not read on its own is read with
    the whole file (so that a problem is reported where it is); a file that extends another, or has
    no `game: id:`, is loaded in full, so that its head is the merged one or its problem is the loader's."""
    text = read_text(path)
    try:
        data = load_text(head_lines(text), str(path))
    except RuleError:
        data = load_text(text, str(path))
    game = data.get("game")
    if "extends" in data or not isinstance(game, LDict) or "id" not in game:
        from kural.dsl.loader import load  # here: the loader brings the rules compiler, which `list` rarely needs
        g = load(path.stem)
        return Head(g.id, g.title, g.about, g.lang)
    gid = str(game["id"])
    return Head(gid, head_text(game.get("title"), gid), head_text(game.get("about"), ""), str(game.get("lang", "en")))


def list_games(out, err, lang_option: str | None, as_json: bool = False) -> int:
    """Each game and its variants, a line each; `as_json`: one object (docs/json/list.schema.json)."""
    root = games_dir()
    files = sorted(root.glob("*.yaml"))
    lang = choose_lang(lang_option)
    if not files:
        err.print(t("no_games", lang, path=root))
        return 2
    bad = False
    listed = []
    for path in files:
        try:
            g = game_head(path)
        except RuleError as exc:
            for problem in exc.problems:
                err.print(problem.render(lang))
            bad = True
            continue
        about = pick(g.about, lang)
        if not as_json:
            out.print(f"{g.id}  {pick(g.title, lang, g.id)}" + (f"  — {about}" if about else ""))
        entry = {"id": g.id, "title": dict(g.title), "about": dict(g.about or {}), "variants": []}
        listed.append(entry)
        for vpath in variant_files(path):
            try:
                head = variant_head(vpath)
                vid, title = head.id, head.title
            except RuleError as exc:
                for problem in exc.problems:
                    err.print(problem.render(lang))
                bad = True
                continue
            entry["variants"].append({"id": vid, "title": {k: str(v) for k, v in title.items()}})
            if not as_json:
                out.print(f"    {t('list_variant', lang)} {vid}  {pick(title, lang)}")
    if as_json:
        import json
        out.print(json.dumps({"games": listed}, ensure_ascii=False))
    return 2 if bad else 0
