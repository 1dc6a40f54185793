"""YAML to plain data that remembers where every key and value was written.

PyYAML's safe composer builds the node tree; we turn nodes into values
ourselves so that we can refuse what safe_load lets through silently
(duplicate keys, YAML 1.1 booleans such as `no` and `on`) and keep a
file:line:col for every value, for error messages.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import yaml

from kural.interpreter.numbers import RANGE_TEXT, from_text
from .errors import Loc, RuleError, hidden_char
from kural.interpreter.messages import Msg
from .files import MAX_FILE_BYTES, read_at_most

MAX_NODES = 20_000  # values, aliases expanded ("billion laughs"); the bundled games have at most 1 400
MAX_CHARS = 2 * MAX_FILE_BYTES  # the text of every value, aliases expanded: one long string repeated by aliases
MAX_DEPTH = 50  # mappings and lists inside one another; PyYAML composes (and we build) recursively
YAML11_BOOLS = {"yes", "no", "on", "off", "y", "n"}
# Characters a rule file may not hold anywhere: control characters (a NUL, an escape sequence that
# drives the terminal) and bidi controls (U+202E shows `a > b` as something else: "Trojan Source"),
# and the line separators Python splits lines on where YAML does not (the places would be wrong).
# Tab, newline and carriage return are text.
HIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                    "\u2028\u2029\u2066-\u2069]")


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
        self.below: dict[str, tuple] = {}  # a key a variant replaced: (value, place) the lowest file wrote

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
    return load_text(read_text(path), str(path))


def read_text(path: Path) -> str:
    """A rule file's text; never more than MAX_FILE_BYTES are read (a huge file, or something
    endless such as a device, is refused after the first bytes past the limit)."""
    name = str(path)
    try:
        raw = read_at_most(path, MAX_FILE_BYTES)  # a regular file only: a FIFO or a device would hang or never end
    except OSError as exc:
        raise RuleError.at(Loc(name, 1, 1), Msg("cannot_read_file", strerror=exc.strerror),
                           Msg("check_path")) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RuleError.at(Loc(name, 1, 1), Msg("file_over_bytes_rule", MAX_FILE_BYTES=MAX_FILE_BYTES),
                           Msg("split_extends_remove_generated"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        start = raw.rfind(b"\n", 0, exc.start) + 1
        col = len(raw[start: exc.start].decode("utf-8", "replace")) + 1
        raise RuleError.at(Loc(name, line, col), Msg("file_not_utf_text", raw_exc_start=raw[exc.start]),
                           Msg("save_utf")) from None
    return text


# What PyYAML says most often, as a message says it in each language (anything else: PyYAML's words)
_YAML_WORDS = {"mapping values are not allowed here": "yaml_mapping_values",
               "could not find expected ':'": "yaml_no_colon",
               "did not find expected key": "yaml_no_key", "found unexpected end of stream": "yaml_end_of_stream",
               "did not find expected '-' indicator": "yaml_no_dash",
               "found character '\\t' that cannot start any token": "yaml_tab"}


def _yaml_words(problem):
    key = _YAML_WORDS.get(problem)
    return Msg(key) if key else problem


class _TooDeep(Exception):
    def __init__(self, mark):
        super().__init__("too deep")
        self.mark = mark


class _Tagged(Exception):
    def __init__(self, mark, tag: str):
        super().__init__("tagged")
        self.mark, self.tag = mark, tag


class _TooMany(Exception):
    def __init__(self, mark):
        super().__init__("too many")
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """SafeLoader's composer, stopped at MAX_DEPTH: it recurses once per level, so `[[[[...` a few
    thousand deep would otherwise end in Python's RecursionError instead of a message. It stops
    too at MAX_NODES values written (aliases are measured after): composing is pure Python, and a
    megabyte of `[1,1,1,...` would take half a minute to compose before being refused."""

    def __init__(self, stream):
        super().__init__(stream)
        self.depth = 0
        self.nodes = 0

    def compose_node(self, parent, index):
        self.depth += 1
        self.nodes += 1
        try:
            event = self.peek_event()
            if self.depth > MAX_DEPTH:
                raise _TooDeep(event.start_mark)
            if self.nodes > MAX_NODES:
                raise _TooMany(event.start_mark)
            tag = getattr(event, "tag", None)  # set only when the file writes a tag: !!python/object, !!str
            if tag is not None:
                raise _Tagged(event.start_mark, tag)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def refuse_hidden(text: str, name: str) -> None:
    """A control or bidi character anywhere in a rule file is refused at its line and column."""
    m = HIDDEN.search(text)
    if m is None:
        return
    line = text.count("\n", 0, m.start()) + 1
    col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
    char = m.group()
    what = unicodedata.name(char, None) or Msg("control_character")
    raise RuleError.at(Loc(name, line, col), Msg("file_holds_character_u", ord_char=ord(char), what=what),
                       Msg("remove_rule_file_holds"),
                       _line(text, line))


def _compose(text: str):
    """The node tree, and whether it may share nodes (an alias, *name, was written). Composed by libyaml
    where PyYAML was built with it: its events are first read through once, for _Loader's bounds (depth,
    values, tags), so that libyaml's composer, which recurses in C, never meets a tree too deep. Text
    that libyaml refuses is read again by PyYAML's own parser, so that a broken file gets the same
    message, at the same place, on every machine (the two parsers word their errors differently and
    sometimes stop at another column)."""
    if yaml.__with_libyaml__:
        try:
            aliases = _scan(text)
            return yaml.compose(text, Loader=yaml.CSafeLoader), aliases
        except (yaml.YAMLError, UnicodeError):
            pass
    return yaml.compose(text, Loader=_Loader), True


_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)
_END_EVENTS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _scan(text: str) -> bool:
    """_Loader's bounds, checked on libyaml's events of the first document, at the same node and in
    the same order as _Loader.compose_node checks them; whether an alias was written."""
    depth = nodes = 0
    aliases = False
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, _END_EVENTS):
            depth -= 1
        elif isinstance(event, _NODE_EVENTS):
            nodes += 1
            if depth + 1 > MAX_DEPTH:
                raise _TooDeep(event.start_mark)
            if nodes > MAX_NODES:
                raise _TooMany(event.start_mark)
            tag = getattr(event, "tag", None)
            if tag is not None:
                raise _Tagged(event.start_mark, tag)
            if isinstance(event, yaml.AliasEvent):
                aliases = True
            elif not isinstance(event, yaml.ScalarEvent):
                depth += 1
        elif isinstance(event, yaml.DocumentEndEvent):
            break  # a second document is refused by the composer, as by _Loader's
    return aliases


class _Unusual(Exception):
    """What _built_from_events leaves to the composer's way: an anchor or an alias, a bound passed, a
    tag, a value refused, a second document, any YAML error (that way words each of them)."""


_STR, _BOOL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:bool"
_NUMBER_TAGS = frozenset({"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"})
_NULL = "tag:yaml.org,2002:null"


def _built_from_events(text: str, name: str):
    """The value of a rule file as _Builder gives it from the composed tree, built in one pass over
    libyaml's events, with _Loader's bounds checked on the way; _Unusual for anything but a plain
    file (no alias, no tag, no value refused, within every bound), which the composer's way then reads,
    so that every message and its order stay that way's. One pass instead of three (the bounds' scan,
    libyaml's composer, the walk of its nodes)."""
    if not yaml.__with_libyaml__ or len(text) > MAX_CHARS:
        raise _Unusual
    loader = yaml.CSafeLoader(text)
    try:
        return _from_events(loader, name)
    except yaml.YAMLError:
        raise _Unusual from None
    finally:
        loader.dispose()


def _from_events(loader, name: str):
    get, resolve, scalar_kind = loader.get_event, loader.resolve, yaml.ScalarNode
    scalar, mapping, sequence = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
    ends = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    tags: dict[tuple, str] = {}  # a plain scalar's tag, by its text (a file repeats the same words)
    stack: list = []  # the open mappings and lists: [container, pending key or None, the key's place]
    nodes, root, done = 0, None, False
    while True:
        event = get()
        kind = event.__class__
        if kind is scalar or kind is mapping or kind is sequence:
            nodes += 1
            if len(stack) >= MAX_DEPTH or nodes > MAX_NODES or event.tag is not None or event.anchor is not None or done:
                raise _Unusual
            mark = event.start_mark
            loc = _new_loc(Loc)  # Loc(name, line, col), its fields set as its __init__ sets them, without the call
            fields = loc.__dict__
            fields["file"], fields["line"], fields["col"] = name, mark.line + 1, mark.column + 1
            if kind is scalar:
                text = event.value
                implicit = event.implicit
                tag = (tags.get(text) or _plain_tag(tags, text, resolve, scalar_kind, implicit)) if implicit[0] else _STR
                if tag == _STR:  # the common case, here: a string and its place
                    value = LStr(text)
                    value.loc = loc
                    value.style = event.style or None
                else:
                    value = _scalar_value(event, loc, tags, resolve, scalar_kind)
            else:
                if kind is mapping:
                    value = LDict()
                else:
                    value = LList()
                value.loc = loc
                if stack and stack[-1][0].__class__ is LDict and stack[-1][1] is None:
                    raise _Unusual  # a mapping or a list as a key
                stack.append([value, None, None])
                continue
        elif kind in ends:
            value, _, _ = stack.pop()
            loc = value.loc
        elif kind is yaml.DocumentEndEvent:
            done = True  # a second document is the composer's to refuse
            continue
        elif kind is yaml.StreamEndEvent:
            return root
        elif kind is yaml.AliasEvent:
            raise _Unusual
        else:  # the stream's and document's start
            continue
        if not stack:
            root = value
            continue
        frame = stack[-1]
        into = frame[0]
        if into.__class__ is LList:
            into.append(value)
            into.locs.append(loc)
        elif frame[1] is None:  # a key
            if value.__class__ is not LStr or value in into or not value.isprintable():  # (hidden_char's test)
                raise _Unusual
            frame[1], frame[2] = value, loc
        else:
            key = frame[1]
            into[key] = value
            into.key_locs[key] = frame[2]
            into.val_locs[key] = loc
            frame[1] = None


_new_loc = object.__new__


def _plain_tag(tags: dict, text: str, resolve, scalar_kind, implicit) -> str:
    """A plain scalar's tag, as the composer asks the resolver for it, kept by its text."""
    tag = tags[text] = resolve(scalar_kind, text, implicit)
    return tag


def _scalar_value(event, loc: Loc, tags: dict, resolve, scalar_kind):
    """A scalar's value as _Builder.scalar gives it (_Unusual for one it refuses)."""
    text = event.value
    implicit = event.implicit
    if implicit[0]:  # plain: its tag is the resolver's, as the composer asks it
        tag = tags.get(text)
        if tag is None:
            tag = tags[text] = resolve(scalar_kind, text, implicit)
    else:
        tag = _STR
    if tag == _STR:
        s = LStr(text)
        s.loc = loc
        s.style = event.style or None
        return s
    if tag == _NULL:
        return None
    if tag == _BOOL and text.lower() not in YAML11_BOOLS:
        return text.lower() == "true"
    if tag in _NUMBER_TAGS:
        value = from_text(text, lambda _: _constructed(tag, text))
        if value is not None:
            return value
    raise _Unusual


def _constructed(tag: str, text: str):
    node = yaml.ScalarNode(tag, text)
    return (yaml.SafeLoader.construct_yaml_int if tag.endswith(":int") else yaml.SafeLoader.construct_yaml_float)(
        _CONSTRUCTOR, node)


def load_text(text: str, name: str) -> LDict:
    refuse_hidden(text, name)
    try:
        data = _built_from_events(text, name)
    except _Unusual:
        data = None
    if isinstance(data, LDict):
        return data
    node, shared = _composed(text, name)
    if node is None:
        raise RuleError.at(Loc(name, 1, 1), Msg("file_empty"), Msg("rule_file_starts_game_2"))
    builder = _Builder(name, text)
    if shared or len(text) > MAX_CHARS:  # a tree without aliases is within the bounds the composer checked
        builder.measure(node)  # before building anything: an alias bomb is refused at once
    data = builder.build(node)
    if not isinstance(data, LDict):
        raise builder.fail(node, Msg("rule_file_must_mapping"),
                           Msg("start_file_game_extends"))
    return data


def load_value(text: str, name: str):
    """One value written in YAML (a --set's list), with the bounds and checks of a rule file."""
    node, shared = _composed(text, name)
    if node is None:
        return None
    builder = _Builder(name, text)
    if shared or len(text) > MAX_CHARS:
        builder.measure(node)
    return builder.build(node)


def compose(text: str, name: str):
    """The YAML node tree of a text, or a RuleError at the place of what is wrong."""
    return _composed(text, name)[0]


def _composed(text: str, name: str):
    """compose's node tree, and whether it may share nodes (see _compose)."""
    refuse_hidden(text, name)
    try:
        node, shared = _compose(text)
    except _Tagged as exc:  # refused before anything is built from it
        loc = Loc(name, exc.mark.line + 1, exc.mark.column + 1)
        raise RuleError.at(loc, Msg("yaml_tag_not_allowed", tag_exc_tag=_tag(exc.tag)),
                           Msg("rule_files_are_plain"), _line(text, loc.line)) from None
    except _TooMany as exc:
        loc = Loc(name, exc.mark.line + 1, exc.mark.column + 1)
        raise RuleError.at(loc, Msg("file_has_more_than", MAX_NODES=MAX_NODES), Msg("rule_files_are_small"),
                           _line(text, loc.line)) from None
    except _TooDeep as exc:
        loc = Loc(name, exc.mark.line + 1, exc.mark.column + 1)
        raise RuleError.at(loc, Msg("mappings_lists_are_nested", MAX_DEPTH=MAX_DEPTH),
                           Msg("rule_file_needs_few"), _line(text, loc.line)) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(name, mark.line + 1, mark.column + 1) if mark else Loc(name, 1, 1)
        tab_trouble = "\t" in _line(text, loc.line) or "\\t" in str(exc) or "tab" in str(exc).lower()
        hint = Msg("yaml_indents_spaces_never") if tab_trouble else Msg("check_indentation_quotes_around")
        raise RuleError.at(loc, Msg("not_valid_yaml", value=_yaml_words(exc.problem or exc.context)), hint,
                           _line(text, loc.line)) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses: its place, from its position
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise RuleError.at(Loc(name, line, col), Msg("not_valid_yaml_character", character=exc.character),
                           Msg("remove_it"), _line(text, line)) from None
    except yaml.YAMLError as exc:
        raise RuleError.at(Loc(name, 1, 1), Msg("not_valid_yaml_2", exc=exc),
                           Msg("check_indentation_quotes")) from None
    return node, shared


def _line(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


class _Builder:
    def __init__(self, name: str, text: str):
        self.name = name
        self.text = text

    def loc(self, node) -> Loc:
        return Loc(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node, message: str, hint: str = "") -> RuleError:
        loc = self.loc(node)
        return RuleError.at(loc, message, hint, _line(self.text, loc.line))

    def measure(self, node) -> None:
        """What the node tree becomes once every alias (*name) is expanded: how many values, how
        much text, how deep. Each node is measured once (aliases share nodes), so a few lines that
        would expand to billions of values are measured in microseconds and refused before building.
        An alias inside its own anchor (`&a [*a]`) makes a loop, refused too."""
        sizes: dict[int, tuple[int, int, int]] = {}
        busy: set[int] = set()

        def visit(n) -> tuple[int, int, int]:
            key = id(n)
            if key in sizes:
                return sizes[key]
            if key in busy:
                raise self.fail(n, Msg("yaml_alias_name_used"),
                                Msg("rule_files_are_plain_2"))
            busy.add(key)
            if isinstance(n, yaml.MappingNode):
                parts = [visit(x) for pair in n.value for x in pair]
            elif isinstance(n, yaml.SequenceNode):
                parts = [visit(x) for x in n.value]
            else:
                parts = [(0, len(n.value), 0)]
            busy.discard(key)
            values = 1 + sum(p[0] for p in parts)
            chars = sum(p[1] for p in parts)
            depth = 1 + max((p[2] for p in parts), default=0)
            if values > MAX_NODES:
                raise self.fail(n, Msg("expands_more_than_values", MAX_NODES=MAX_NODES),
                                Msg("use_fewer_yaml_aliases"))
            if chars > MAX_CHARS:
                raise self.fail(n, Msg("expands_more_than_characters", MAX_CHARS=MAX_CHARS),
                                Msg("use_fewer_yaml_aliases_2"))
            if depth > MAX_DEPTH:
                raise self.fail(n, Msg("aliases_expanded_nested_more", MAX_DEPTH=MAX_DEPTH),
                                Msg("use_fewer_yaml_aliases_3"))
            sizes[key] = (values, chars, depth)
            return sizes[key]
        visit(node)

    def build(self, node, loc: Loc | None = None):
        """The value of a node, placed at `loc` (its own place, when the caller has it already)."""
        loc = loc or self.loc(node)
        if isinstance(node, yaml.MappingNode):
            self.plain_tag(node, "map")
            return self.mapping(node, loc)
        if isinstance(node, yaml.SequenceNode):
            self.plain_tag(node, "seq")
            out = LList()
            out.loc = loc
            for item in node.value:
                item_loc = self.loc(item)
                out.append(self.build(item, item_loc))
                out.locs.append(item_loc)
            return out
        return self.scalar(node, loc)

    def plain_tag(self, node, kind: str) -> None:
        if node.tag != f"tag:yaml.org,2002:{kind}":
            raise self.fail(node, Msg("yaml_tag_not_allowed_2", tag_node_tag=_tag(node.tag)),
                            Msg("rule_files_are_plain"))

    def mapping(self, node, loc: Loc):
        out = LDict()
        out.loc = loc
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(key_node, Msg("yaml_merge_keys_are"), Msg("write_keys_out"))
            key_loc = self.loc(key_node)
            key = self.build(key_node, key_loc)
            if not isinstance(key, str):
                raise self.fail(key_node,
                                Msg("key_read_by_yaml", value=key_node.value, name__=type(key).__name__, key=key),
                                Msg("quote_key", value=key_node.value))
            hidden = hidden_char(key)  # a name (of a zone, a move, a param ...) shows as what it is
            if hidden is not None:
                raise self.fail(key_node, Msg("key_holds_character_does", key=key, hidden=hidden),
                                Msg("names_are_letters_digits"))
            if key in out:
                first = out.key_loc(key)
                raise self.fail(key_node, Msg("written_twice_mapping_first", key=key, line=first.line),
                                Msg("keep_one_them_yaml"))
            value_loc = self.loc(value_node)
            out[key] = self.build(value_node, value_loc)
            out.key_locs[key] = key_loc
            out.val_locs[key] = value_loc
        return out

    def scalar(self, node, loc: Loc | None = None):
        tag = node.tag
        if tag == "tag:yaml.org,2002:str":
            s = LStr(node.value)
            s.loc = loc or self.loc(node)
            s.style = node.style or None  # libyaml's composer gives '' for a plain scalar, PyYAML's None
            return s
        if tag == "tag:yaml.org,2002:bool":
            if node.value.lower() in YAML11_BOOLS:
                raise self.fail(node, Msg("yaml_reads_boolean", value=node.value),
                                Msg("write_true_false_quote", value=node.value))
            return node.value.lower() == "true"
        if tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"):
            return self.number(node)
        if tag == "tag:yaml.org,2002:null":
            return None
        # no tag is written (those are refused while composing): YAML 1.1 read plain text as
        # something else, such as 2024-01-31 as a date
        kind = {"timestamp": "a date", "value": "a value marker", "binary": "binary data"}.get(
            tag.rsplit(":", 1)[-1], _tag(tag))
        raise self.fail(node, Msg("yaml_reads", value=node.value, kind=kind), Msg("quote_it", value=node.value))

    def number(self, node):
        """A number of the file, within the one range a game's numbers keep (interpreter/numbers.py):
        never NaN (`.nan` != itself, a record holding it never replays), infinity (`.inf`, or a float
        literal too long to be finite) nor an integer of thousands of digits."""
        construct = (yaml.SafeLoader.construct_yaml_int if node.tag.endswith(":int")
                     else yaml.SafeLoader.construct_yaml_float)
        value = from_text(node.value, lambda _: construct(_CONSTRUCTOR, node))
        if value is None:
            shown = node.value if len(node.value) <= 20 else node.value[:17] + "..."
            raise self.fail(node, Msg("not_number_game_can_2", shown=shown, RANGE_TEXT=RANGE_TEXT),
                            Msg("write_number_such_within"))
        return value


def _tag(tag: str) -> str:
    """A tag as it was written: `!!python/object`, not `tag:yaml.org,2002:python/object`."""
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


_CONSTRUCTOR = yaml.SafeLoader("")
