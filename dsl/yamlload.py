"""YAML to plain data that remembers where every key and value was written.

PyYAML's safe composer builds the node tree; we turn nodes into values
ourselves so that we can refuse what safe_load lets through silently
(duplicate keys, YAML 1.1 booleans such as `no` and `on`) and keep a
file:line:col for every value, for error messages.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import Loc, RuleError

MAX_FILE_BYTES = 1_000_000
MAX_NODES = 100_000  # bounds alias expansion ("billion laughs")
YAML11_BOOLS = {"yes", "no", "on", "off", "y", "n"}


class LStr(str):
    """A string from a rule file, with the place it was written."""

    loc: Loc
    style: str | None  # None (plain), "'", '"', "|" or ">"


class LDict(dict):
    """A mapping from a rule file; key_loc and val_loc give places."""

    loc: Loc

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.key_locs: dict[str, Loc] = {}
        self.val_locs: dict[str, Loc] = {}

    def key_loc(self, key: str) -> Loc:
        return self.key_locs.get(key, self.loc)

    def val_loc(self, key: str) -> Loc:
        return self.val_locs.get(key, self.loc)


class LList(list):
    loc: Loc

    def __init__(self, *a):
        super().__init__(*a)
        self.locs: list[Loc] = []


def loc_of(value, default: Loc) -> Loc:
    return getattr(value, "loc", default)


def load_file(path: Path) -> LDict:
    name = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RuleError.at(Loc(name, 1, 1), f"cannot read the file: {exc.strerror}",
                           "check the path") from None
    if len(raw) > MAX_FILE_BYTES:
        raise RuleError.at(Loc(name, 1, 1), f"the file is {len(raw)} bytes; rule files are limited to {MAX_FILE_BYTES}",
                           "split it with `extends:`, or remove generated text")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise RuleError.at(Loc(name, line, 1), "the file is not UTF-8 text", "save it as UTF-8") from None
    return load_text(text, name)


def load_text(text: str, name: str) -> LDict:
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(name, mark.line + 1, mark.column + 1) if mark else Loc(name, 1, 1)
        tab_trouble = "\t" in _line(text, loc.line) or "\\t" in str(exc) or "tab" in str(exc).lower()
        hint = ("YAML indents with spaces, never tabs" if tab_trouble
                else "check the indentation and the quotes around this place")
        raise RuleError.at(loc, f"this is not valid YAML: {exc.problem or exc.context}", hint,
                           _line(text, loc.line)) from None
    except yaml.YAMLError as exc:
        raise RuleError.at(Loc(name, 1, 1), f"this is not valid YAML: {exc}") from None
    if node is None:
        raise RuleError.at(Loc(name, 1, 1), "the file is empty", "a rule file starts with `game:`")
    builder = _Builder(name, text)
    data = builder.build(node)
    if not isinstance(data, LDict):
        raise RuleError.at(Loc(name, 1, 1), "a rule file must be a mapping of sections (game:, deck:, ...)",
                           "start the file with `game:`")
    return data


def _line(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


class _Builder:
    def __init__(self, name: str, text: str):
        self.name = name
        self.text = text
        self.nodes = 0

    def loc(self, node) -> Loc:
        return Loc(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node, message: str, hint: str = "") -> RuleError:
        loc = self.loc(node)
        return RuleError.at(loc, message, hint, _line(self.text, loc.line))

    def build(self, node):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(node, f"the file expands to more than {MAX_NODES} values (an alias bomb?)",
                            "use fewer YAML aliases (*name)")
        if isinstance(node, yaml.MappingNode):
            self.plain_tag(node, "map")
            return self.mapping(node)
        if isinstance(node, yaml.SequenceNode):
            self.plain_tag(node, "seq")
            out = LList()
            out.loc = self.loc(node)
            for item in node.value:
                out.append(self.build(item))
                out.locs.append(self.loc(item))
            return out
        return self.scalar(node)

    def plain_tag(self, node, kind: str) -> None:
        if node.tag != f"tag:yaml.org,2002:{kind}":
            raise self.fail(node, f"the YAML tag {node.tag} is not allowed in a rule file",
                            "rule files are plain data: remove the tag")

    def mapping(self, node):
        out = LDict()
        out.loc = self.loc(node)
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(key_node, "YAML merge keys (<<) are not supported", "write the keys out")
            key = self.build(key_node)
            if not isinstance(key, str):
                raise self.fail(key_node, f"the key `{key_node.value}` is read by YAML as {type(key).__name__} {key!r}",
                                f'quote it: "{key_node.value}":')
            if key in out:
                first = out.key_loc(key)
                raise self.fail(key_node, f"`{key}` is written twice in this mapping (first at line {first.line})",
                                "keep one of them: YAML would silently drop the first")
            out[key] = self.build(value_node)
            out.key_locs[key] = self.loc(key_node)
            out.val_locs[key] = self.loc(value_node)
        return out

    def scalar(self, node):
        tag = node.tag
        if tag == "tag:yaml.org,2002:str":
            s = LStr(node.value)
            s.loc = self.loc(node)
            s.style = node.style
            return s
        if tag == "tag:yaml.org,2002:bool":
            if node.value.lower() in YAML11_BOOLS:
                raise self.fail(node, f"YAML reads `{node.value}` as a boolean",
                                f'write true or false, or quote it ("{node.value}") if you meant the word')
            return node.value.lower() == "true"
        if tag == "tag:yaml.org,2002:int":
            return yaml.SafeLoader.construct_yaml_int(_CONSTRUCTOR, node)
        if tag == "tag:yaml.org,2002:float":
            return yaml.SafeLoader.construct_yaml_float(_CONSTRUCTOR, node)
        if tag == "tag:yaml.org,2002:null":
            return None
        raise self.fail(node, f"the YAML tag {tag} is not allowed in a rule file",
                        "rule files are plain data: remove the tag")


_CONSTRUCTOR = yaml.SafeLoader("")
