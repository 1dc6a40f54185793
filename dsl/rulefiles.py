"""A game's rule files as written: the file a game id or path names, the files it `extends`, the
variants named, each read once (and, for a record, only if its hash is the one the record holds), and
their merge, base first, a variant changing only what it names. Nothing here builds or compiles."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kural.interpreter.errors import RecordError
from kural.interpreter.messages import Msg
from .errors import Loc, RuleError, close_match, printable_id
from .paths import games_dir
from .yamlload import LDict, LList, load_text, read_text

MAX_EXTENDS = 10  # files one game may extend through
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")  # a file name in games/, without .yaml


# ------------------------------------------------------------ finding files
def find_game(name: str) -> Path:
    """A game by its id (the name of a file in games/) or a path to a rule file."""
    path = Path(name)  # a name from a damaged save may hold a newline: messages escape it (kural.dsl.errors)
    if path.suffix in (".yaml", ".yml"):
        if not path.is_file():
            raise RuleError.at(Loc(name, 1, 1), Msg("no_such_rule_file"), Msg("give_path_yaml_file"))
        return path
    candidate = games_dir() / f"{name}.yaml"
    if GAME_ID.fullmatch(name) and candidate.is_file():  # a game id, even where a folder has its name
        return candidate
    if path.is_file():  # not read: its lines would be echoed in the errors
        raise RuleError.at(Loc(name, 1, 1), Msg("not_rule_file_rule"),
                           Msg("give_path_yaml_file"))
    if path.exists():
        raise RuleError.at(Loc(name, 1, 1), Msg("no_such_rule_file"), Msg("give_path_yaml_file"))
    known = [p.stem for p in games_dir().glob("*.yaml")]
    close = close_match(name, known)
    hint = Msg("did_you_mean", close_0=close[0]) if close else Msg("games_list", names=", ".join(sorted(known)))
    raise RuleError.at(Loc(name, 1, 1), Msg("there_no_game", name=name), hint)


def variant_dir(base: Path) -> Path:
    return base.parent / base.stem


def variant_files(base: Path) -> list[Path]:
    """The variant files of a game: the folder beside its rule file, named as the file."""
    return sorted(variant_dir(base).glob("*.yaml"))


@dataclass
class VariantHead:
    """What a variant file says of itself (its `variant:` section): what `kural list` and a book show."""

    id: str
    title: dict
    about: dict
    rule: str


def variant_head(path: Path) -> VariantHead:
    """A variant file's head; RuleError (file:line:col) if the file does not read as YAML."""
    data = load_text(read_text(path), str(path))
    head = data.get("variant") if isinstance(data.get("variant"), dict) else {}

    def words(value) -> dict:
        return dict(value) if isinstance(value, dict) else {"en": str(value or "")}
    return VariantHead(str(head.get("id") or path.stem), words(head.get("title")), words(head.get("about")),
                       str(head.get("rule") or ""))


def find_variant(base: Path, name: str) -> Path:
    path = Path(name)
    if path.suffix in (".yaml", ".yml"):
        if not path.is_file():
            raise RuleError.at(Loc(name, 1, 1), Msg("no_such_variant_file"), Msg("give_path_yaml_file_2"))
        return path
    candidate = variant_dir(base) / f"{name}.yaml"
    if candidate.is_file():
        return candidate
    known = [p.stem for p in variant_dir(base).glob("*.yaml")]
    close = close_match(name, known)
    hint = (Msg("did_you_mean", close_0=close[0]) if close else
            Msg("variants_list", names=", ".join(sorted(known))) if known else Msg("game_has_no_variant"))
    raise RuleError.at(Loc(name, 1, 1), Msg("has_no_variant", stem=base.stem, name=name), hint)


# ---------------------------------------------------------- reading layers
class RecordSourceError(RecordError):
    """A rule file a record or save names that may not be read, or is no longer the file it was played
    with: a RecordError saying so; `key` names its message, `path` the file."""

    def __init__(self, message: Msg):
        super().__init__(message)
        self.key, self.path = message.key, message.values["path"]


def bundled(path: Path) -> bool:
    """Is this rule file one of the games kural comes with (under games/)?"""
    return path.resolve().is_relative_to(games_dir().resolve())


def sha256_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Source:
    """Every file read for one game, and their lines for error places.

    `sha256` holds, for every file read from outside games/, the hash of the text read: a record or
    save keeps it, so that playing it again reads the very same files. With `expected` (the hashes a
    record carries), a file outside games/ is read only if the record knows its hash, and is used only
    if its text still has that hash: a record cannot make kural read (and show) any other file.
    """

    def __init__(self, expected: dict[str, str] | None = None) -> None:
        self.lines: dict[str, list[str]] = {}
        self.sha256: dict[str, str] = {}
        self.expected = expected
        self.files_read: list[tuple[str, str, str]] = []  # every file read: its path as named, resolved, sha256 (dsl/gamecache.py)
        self.read_as: dict[tuple[str, str], LDict] = {}  # (path as named, resolved) -> what was read there
        self.layer_of: dict[str, str] = {}  # a file as its places name it -> its layer: "" (the base), a variant's id

    def read(self, path: Path) -> LDict:
        """The rule file at `path`, read once: a variant's `extends` names the base game read already,
        which is the same text (files are read once per load), so it is not read and parsed again."""
        key = str(path.resolve())
        known = self.read_as.get((str(path), key))
        if known is None:
            known = self.read_as[(str(path), key)] = self._read(path, key)
        return known

    def _read(self, path: Path, key: str) -> LDict:
        outside = not bundled(path)
        if outside and self.expected is not None:
            text = self._read_expected(path, key)
        else:
            text = read_text(path)  # read once, within the size limit
        digest = sha256_of(text)
        self.files_read.append((str(path), key, digest))
        if outside:
            self.sha256[key] = digest
        data = with_short_defines(load_text(text, str(path)))
        self.lines[str(path)] = text.splitlines()
        return data

    def _read_expected(self, path: Path, key: str) -> str:
        want = self.expected.get(key)
        if want is None:  # refused before the file is even looked at
            raise RecordSourceError(Msg("record_file_unknown", path=key))
        if not path.is_file():
            raise RecordSourceError(Msg("record_file_gone", path=key))
        try:
            text = read_text(path)
        except RuleError:  # too large, not UTF-8 ...: not the file the game was played with
            raise RecordSourceError(Msg("record_file_changed", path=key)) from None
        if sha256_of(text) != want:
            raise RecordSourceError(Msg("record_file_changed", path=key))
        return text


def allowed_roots(named: Path) -> tuple[Path, ...]:
    """Where `extends` may reach from a file the user named: the games directory and that file's
    own folder (and, for a variant in a game's variant folder, `mygame/v.yaml` beside
    `mygame.yaml`, the game's folder). Rule files are data: a file must not be able to make the
    loader read, and echo in an error, a file the user did not point at."""
    folder = named.resolve().parent
    roots = [games_dir().resolve(), folder]
    if (folder.parent / f"{folder.name}.yaml").is_file():
        roots.append(folder.parent)
    return tuple(roots)


def layers_of(path: Path, src: Source, seen: tuple = (), via: Loc | None = None,
              roots: tuple[Path, ...] | None = None) -> list[tuple[Path, LDict]]:
    """The file and every file it extends, base first. `via` is the place of
    the `extends:` that led here, where a cycle is reported; `roots` are the
    folders `extends` may reach (from the file the user named)."""
    roots = roots if roots is not None else allowed_roots(path)
    resolved = path.resolve()
    if resolved in seen:
        chain = " -> ".join(p.name for p in seen + (resolved,))
        raise RuleError.at(via or Loc(str(path), 1, 1), Msg("extends_goes_round_cycle", chain=chain),
                           Msg("variant_extends_base_game"))
    if len(seen) >= MAX_EXTENDS:
        raise RuleError.at(via or Loc(str(path), 1, 1), Msg("more_than_files_extend", MAX_EXTENDS=MAX_EXTENDS),
                           Msg("extend_base_game_directly"))
    data = src.read(path)
    parent = data.get("extends")
    if parent is None:
        return [(path, data)]
    if not isinstance(parent, str):
        raise RuleError.at(data.val_loc("extends"), Msg("extends_names_game_file"), Msg("extends_game_id"))
    return layers_of(_extends_target(path, parent, data, roots), src, seen + (resolved,),
                     data.val_loc("extends"), roots) + [(path, data)]


def _inside(target: Path, roots: tuple[Path, ...]) -> bool:
    resolved = target.resolve()  # `..` and symbolic links are followed before the check
    return any(resolved.is_relative_to(root) for root in roots)


def _extends_target(path: Path, parent: str, data: LDict, roots: tuple[Path, ...]) -> Path:
    loc = data.val_loc("extends")
    if parent.endswith((".yaml", ".yml")):
        target = path.parent / parent
        if not _inside(target, roots):  # refused before reading, or even looking whether it exists
            raise RuleError.at(loc, Msg("extends_reaches_outside_games", parent=parent), Msg("extend_game_games_by"),
                               f"extends: {parent}")
    elif not GAME_ID.fullmatch(parent):
        raise RuleError.at(loc, Msg("extends_neither_game_id", parent=parent),
                           Msg("extends_game_id_extends"), f"extends: {parent}")
    else:
        target = games_dir() / f"{parent}.yaml"
        if not target.is_file():
            target = path.parent.parent / f"{parent}.yaml"  # a variant folder's own game
            if not _inside(target, roots):
                target = games_dir() / f"{parent}.yaml"
    if not target.is_file():
        raise RuleError.at(loc, Msg("extends_names_no_rule", parent=parent),
                           Msg("name_game_games_yaml"),
                           f"extends: {parent}")
    return target


# ------------------------------------------------------------------ merging
SHORT_DEFINE = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)"
                          r"\s*\)\s*")


def with_short_defines(data: Any) -> Any:
    """A define with arguments may be written with them in its name, as it is called: `is_penalty(c): expr`
    (or `packets(z): {do: ...}`) is read as `is_penalty: {args: [c], value: expr}`, in each file before the
    files merge, so that everything after (the schema's walk, a variant's changes, diff) sees one form."""
    defines = data.get("define") if isinstance(data, LDict) else None
    if not isinstance(defines, LDict) or not any("(" in str(k) for k in defines):
        return data
    out = LDict()
    out.loc, out.below = defines.loc, dict(defines.below)
    for key, value in defines.items():
        short = SHORT_DEFINE.fullmatch(str(key))
        if short is None:
            out[key], out.key_locs[key], out.val_locs[key] = value, defines.key_loc(key), defines.val_loc(key)
            continue
        name, where = short.group(1), defines.key_loc(key)
        if name in out or name in defines:
            raise RuleError.at(where, Msg("define_twice", name=name), Msg("define_twice_hint", name=name))
        body = LDict(value) if isinstance(value, LDict) else LDict(value=value)
        body.loc = getattr(value, "loc", where)
        if isinstance(value, LDict):
            body.key_locs, body.val_locs = dict(value.key_locs), dict(value.val_locs)
            if "args" in value:
                raise RuleError.at(value.key_loc("args"), Msg("define_args_twice", name=name),
                                   Msg("define_args_twice_hint", name=name))
        else:
            body.key_locs["value"], body.val_locs["value"] = where, defines.val_loc(key)
        args = LList(a.strip() for a in short.group(2).split(","))
        args.loc, args.locs = where, [where] * len(args)
        body["args"], body.key_locs["args"], body.val_locs["args"] = args, where, where
        out[name], out.key_locs[name], out.val_locs[name] = body, where, defines.val_loc(key)
    data["define"] = out
    return data


def merge(base: Any, over: Any) -> Any:
    """A variant changes only what it names: mappings merge key by key, anything else is replaced."""
    if isinstance(base, LDict) and isinstance(over, LDict):
        out = LDict(base)
        out.loc = base.loc
        out.key_locs, out.val_locs = dict(base.key_locs), dict(base.val_locs)
        out.below = dict(getattr(base, "below", {}))
        for key, value in over.items():
            if key in base:  # what the base wrote stays known: a variant's value is checked against it
                out.below.setdefault(key, (base[key], base.val_loc(key)))
            out[key] = merge(base[key], value) if key in base else value
            out.key_locs[key], out.val_locs[key] = over.key_loc(key), over.val_loc(key)
        return out
    return over


# ------------------------------------------------------ a game's files, resolved
@dataclass
class Resolved:
    """A game's rule files as written: every layer (base first) and their merge."""

    path: Path  # the base rule file
    layers: list[tuple[Path, LDict]]
    data: LDict  # every layer merged, as the game is built from it
    variant_ids: list[str]
    src: Source
    variant_names: list[str]  # each variant as a record names it (see _variant_name)


def resolve(game: str, variants: list[str] | tuple = (), expected: dict[str, str] | None = None) -> Resolved:
    """Find a game and the variants named, and merge them: a variant changes only what it names.
    `expected`: the hashes of a record's files outside games/ (see Source)."""
    src = Source(expected)
    base_path = find_game(game)
    layers = layers_of(base_path, src)
    root = layers[0][0]
    names = []
    for name in variants:
        path = find_variant(root, name)
        names.append(_variant_name(root, path))
        chain = layers_of(path, src)
        if chain[0][0].stem != root.stem:  # a variant of another game (by id: a copy of its game is the game)
            own = chain[-1][1]
            where = own.val_loc("extends") if isinstance(own, LDict) and "extends" in own else Loc(str(path), 1, 1)
            raise RuleError.at(where, Msg("variant_of_other_game", base=chain[0][0].stem, game=root.stem),
                               Msg("play_variant_with_its_game", base=chain[0][0].stem))
        layers += chain[1:]
    data = _without(layers[0][1], ())
    for _, layer in layers[1:]:
        _check_param_changes(data, layer)
        data = merge(data, _without(layer, ("extends", "variant")))
    ids = list(dict.fromkeys(variant_id(path, layer) for path, layer in layers[1:]))
    # every place names its file, so the file tells which layer set a part (issue 36)
    src.layer_of = {str(path): variant_id(path, layer) if i else "" for i, (path, layer) in enumerate(layers)}
    return Resolved(base_path, layers, data, ids, src, names)


def _variant_name(root: Path, path: Path) -> str:
    """How a record names a variant file so that it is found again from any folder: a bundled
    variant of a bundled game by its name, any other file by its absolute path."""
    if bundled(path) and path.resolve() == (variant_dir(root) / f"{path.stem}.yaml").resolve():
        return path.stem
    return str(path.resolve())


def _check_param_changes(data: LDict, layer: LDict) -> None:
    """A variant's `name: value` changes a param the layers below declare; a new
    param is declared in full (`name: {value: ..., type: ...}`). Anything else
    is a typo that would silently change nothing."""
    params = layer.get("params")
    if not isinstance(params, LDict):
        return
    known = list(data.get("params") or {})
    for name, value in params.items():
        if not isinstance(value, dict) and name not in known:
            close = close_match(name, known)
            hint = (Msg("did_you_mean", close_0=close[0]) if close else Msg("add_param_declare_full"))
            raise RuleError.at(params.key_loc(name), Msg("variant_changes_param_which", name=name), hint)


def _without(layer: LDict, keys: tuple) -> LDict:
    out = LDict({k: v for k, v in layer.items() if k not in keys})
    out.loc = layer.loc
    out.key_locs, out.val_locs = dict(layer.key_locs), dict(layer.val_locs)
    params = out.get("params")
    if isinstance(params, LDict):  # `start_card: 7S` in a variant changes only the value
        for name, value in list(params.items()):
            if not isinstance(value, dict):
                spec = LDict({"value": value})
                spec.loc = params.val_loc(name)
                spec.key_locs["value"] = spec.val_locs["value"] = spec.loc
                params[name] = spec
    return out


def variant_id(path: Path, data: LDict) -> str:
    info = data.get("variant")
    if isinstance(info, dict) and isinstance(info.get("id"), str):
        return printable_id(info["id"], info.val_loc("id"), "variant.id")
    return path.stem
