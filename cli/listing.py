"""`kural list`: the bundled games and their variant files, one line each."""
from __future__ import annotations

from dsl.errors import RuleError
from dsl.loader import load, variant_dir
from dsl.paths import games_dir
from dsl.yamlload import load_file

from .i18n import choose_lang, pick, t


def variant_title(path) -> tuple[str, dict]:
    """A variant file's id and title, as its `variant:` section gives them."""
    data = load_file(path)
    head = data.get("variant") if isinstance(data.get("variant"), dict) else {}
    title = head.get("title")
    return str(head.get("id") or path.stem), title if isinstance(title, dict) else {"en": str(title or "")}


def list_games(out, err, lang_option: str | None) -> int:
    root = games_dir()
    files = sorted(root.glob("*.yaml"))
    if not files:
        err.print(t("no_games", choose_lang(lang_option, None), path=root))
        return 2
    bad = False
    for path in files:
        try:
            g = load(path.stem)
        except RuleError as exc:
            for problem in exc.problems:
                err.print(problem.render())
            bad = True
            continue
        lang = choose_lang(lang_option, g.lang)
        about = pick(g.about, lang)
        out.print(f"{g.id}  {pick(g.title, lang, g.id)}" + (f"  — {about}" if about else ""))
        for vpath in sorted(variant_dir(path).glob("*.yaml")):
            try:
                vid, title = variant_title(vpath)
            except RuleError as exc:
                for problem in exc.problems:
                    err.print(problem.render())
                bad = True
                continue
            out.print(f"    {t('list_variant', lang)} {vid}  {pick(title, lang)}")
    return 2 if bad else 0
