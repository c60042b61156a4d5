"""JSON Schema (draft 2020-12) validation with findings a rule-pack author can act on.

Every ``*.schema.json`` under the schemas folder is registered by its ``$id``, so schemas refer to each
other by ``$id``. Two validators share the work:

- **jsonschema-rs** answers "is this document valid?": it compiles a schema in ~4 ms and checks a whole
  pack in under 1 ms, and importing it costs a third of what python-jsonschema's import does. Every
  load of a pack or variant asks this question, and the answer is almost always yes.
- **python-jsonschema** explains a "no": its errors carry the failing subschema and its context, from
  which ``schema_words`` writes findings in plain words. It is imported only then.

A finding names the JSON pointer of the offending value and says what was expected and what was found.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regola import paths
from regola.core.errors import PackError

if TYPE_CHECKING:
    import jsonschema_rs
    from jsonschema import Draft202012Validator
    from referencing import Registry

__all__ = ["SCHEMA_BASE", "SchemaFinding", "SchemaSet", "admitted_values", "bounded", "escape_token", "json_pointer",
           "schema_id", "schema_set"]

SCHEMA_BASE = "https://regola.dev/schemas/"


def schema_id(name: str) -> str:
    """The ``$id`` of a schema of this project by its file stem, e.g. 'pack-meta'."""
    return f"{SCHEMA_BASE}{name}.schema.json"


def escape_token(token: str | int) -> str:
    """One JSON pointer reference token (RFC 6901)."""
    return str(token).replace("~", "~0").replace("/", "~1")


def json_pointer(path: Iterable[str | int]) -> str:
    """A JSON pointer from raw reference tokens, each escaped as RFC 6901 wants."""
    return "".join("/" + escape_token(token) for token in path)


#: schema findings worded and located per document; past it they are counted in one more finding
MAX_FINDINGS = 200


@dataclass(frozen=True)
class SchemaFinding:
    """One thing wrong with a document: where (JSON pointer), what, what was expected, which keyword."""

    pointer: str
    message: str
    expected: str
    validator: str


class SchemaSet:
    """The schemas of one folder by ``$id``; each validator is compiled once, when first needed."""

    def __init__(self, schemas_dir: Path) -> None:
        self.dir = Path(schemas_dir)
        self.files: dict[str, Path] = {}
        self.contents: dict[str, Any] = {}
        for path in sorted(self.dir.rglob("*.schema.json")) if self.dir.is_dir() else []:
            contents = _read_json(path)
            uri = contents.get("$id") if isinstance(contents, dict) else None
            if not isinstance(uri, str) or not uri:
                uri = SCHEMA_BASE + path.name
            if uri in self.files:
                raise PackError(f"two schemas have the $id {uri}: {self.files[uri]} and this one",
                                file=str(path), field="/$id")
            self.files[uri] = path
            self.contents[uri] = contents
        self._fast: dict[str, jsonschema_rs.Validator | None] = {}
        self._fast_registry: jsonschema_rs.Registry | None = None
        self._explainers: dict[str, Draft202012Validator] = {}
        self._registry: Registry[Any] | None = None

    def has(self, schema_id: str) -> bool:
        return schema_id in self.files

    def _known(self, schema_id: str) -> None:
        if schema_id not in self.files:
            known = ", ".join(sorted(self.files)) or "none"
            raise PackError(f"no schema with $id {schema_id} (known: {known})", file=str(self.dir))

    def fast_validator(self, schema_id: str) -> jsonschema_rs.Validator | None:
        """The jsonschema-rs validator of a schema; None when it cannot compile it (the explainer will say why)."""
        if schema_id in self._fast:
            return self._fast[schema_id]
        self._known(schema_id)
        import jsonschema_rs

        try:
            if self._fast_registry is None:
                self._fast_registry = jsonschema_rs.Registry(list(self.contents.items()))
            validator = jsonschema_rs.validator_for(self.contents[schema_id], registry=self._fast_registry,
                                                    validate_formats=False)
        except Exception:  # a broken schema: the slow path reports it with its file
            validator = None
        self._fast[schema_id] = validator
        return validator

    def validator(self, schema_id: str) -> Draft202012Validator:
        """The python-jsonschema validator of a schema, built once; it explains what is wrong."""
        cached = self._explainers.get(schema_id)
        if cached is not None:
            return cached
        self._known(schema_id)
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        if self._registry is None:
            # Not crawled up front: referencing finds anchors and nested resources when first looked up.
            self._registry = Registry().with_resources(
                (uri, Resource.from_contents(contents, default_specification=DRAFT202012))
                for uri, contents in self.contents.items())
        # Format checking stays off, as in the fast validator. The schema is not checked against the
        # metaschema here: check() does that only when validation breaks.
        validator = Draft202012Validator(self.contents[schema_id], registry=self._registry)
        self._explainers[schema_id] = validator
        return validator

    def check(self, schema_id: str) -> None:
        """Raise a PackError if the schema itself is not a valid draft 2020-12 schema."""
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError

        self._known(schema_id)
        try:
            Draft202012Validator.check_schema(self.contents[schema_id])
        except SchemaError as exc:
            raise PackError(f"the schema itself is invalid: {exc.message}", file=str(self.files[schema_id]),
                            field=json_pointer(exc.absolute_path)) from None

    def is_valid(self, instance: Any, schema_id: str) -> bool:
        """Whether ``instance`` is valid (jsonschema-rs: < 1 ms for a whole cs pack)."""
        fast = self.fast_validator(schema_id)
        if fast is None:
            return bool(self.validator(schema_id).is_valid(instance))
        try:
            return bool(fast.is_valid(instance))
        except ValueError:  # a value JSON cannot hold (the YAML loader lets none through; a caller might)
            return bool(self.validator(schema_id).is_valid(instance))

    def validate(self, instance: Any, schema_id: str) -> list[SchemaFinding]:
        """Every finding of ``instance`` against the schema ``schema_id``, sorted by pointer."""
        findings: list[SchemaFinding] = []
        try:
            if self.is_valid(instance, schema_id):
                return []
            from regola.core.schema_words import describe

            # python-jsonschema writes repr(value) into every error message: of a copy whose repr is short
            omitted = 0
            for error in self.validator(schema_id).iter_errors(bounded(instance)):
                room = MAX_FINDINGS - len(findings)
                if room <= 0:  # counted, not worded or located: a 1 MiB file of errors costs little
                    omitted += 1
                    continue
                findings.extend(describe(error, room))
            if omitted:
                findings.append(SchemaFinding("", f"and {omitted:,} more schema errors (the first {MAX_FINDINGS} "
                                              "are shown)", "a valid document", "schema"))
        except PackError:
            raise
        except Exception as exc:  # a broken schema (bad $ref, wrong keyword type): say which file
            self.check(schema_id)
            raise PackError(f"the schema cannot be used: {exc}", file=str(self.files[schema_id])) from None
        if not findings:  # the two validators disagree: report what the fast one saw, never "valid"
            findings = self._fast_findings(instance, schema_id)
        findings.sort(key=lambda finding: (_sort_key(finding.pointer), finding.message))
        return findings

    def _fast_findings(self, instance: Any, schema_id: str) -> list[SchemaFinding]:
        fast = self.fast_validator(schema_id)
        assert fast is not None
        return [SchemaFinding(json_pointer(error.instance_path), _cut(error.message), "a valid value", "schema")
                for error in fast.iter_errors(instance)]


#: characters of a value that an error message may show
SHOWN_CHARS = 60


def _cut(text: str) -> str:
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


class _Text(str):
    __slots__ = ()

    def __repr__(self) -> str:
        return _cut(str.__repr__(self))


class _Mapping(dict):  # type: ignore[type-arg]
    __slots__ = ()

    def __repr__(self) -> str:
        return f"a mapping of {len(self)} entries"


class _List(list):  # type: ignore[type-arg]
    __slots__ = ("length",)

    def __init__(self, length: int = 0) -> None:
        super().__init__()
        self.length = length

    def __repr__(self) -> str:
        return f"a list of {max(self.length, len(self))} items"


#: items of a long list that the wording copy keeps (its ``length`` says how many it had): python-jsonschema
#: walks every item it is given (87,000 items: 1.7 s) to word what the fast validator found. Above every
#: maxItems of the schemas, so a list too long is still worded as one; an error past these items is
#: reported by the fast validator's words instead (``validate``)
WORDED_ITEMS = 5000


def bounded(value: Any) -> Any:
    """A copy of JSON-shaped data whose repr() is short at every level (what jsonschema's messages show).

    The copy keeps shared parts shared (YAML aliases), so it costs the size of what was parsed, never
    of what the aliases would expand to. Types test as before: a _Mapping is a dict, a _Text a str.
    """
    made: dict[int, Any] = {}
    todo: list[tuple[Any, Any]] = []

    def copy(item: Any) -> Any:
        kind = type(item)
        if kind is str:
            return _Text(item) if len(item) > SHOWN_CHARS else item
        if kind is not dict and kind is not list:
            return item
        known = made.get(id(item))
        if known is None:
            known = made[id(item)] = _Mapping() if kind is dict else _List(len(item))
            todo.append((item, known))
        return known

    top = copy(value)
    while todo:  # without recursion: depth is the loader's to bound, not this copy's
        source, target = todo.pop()
        if type(source) is dict:
            for key, item in source.items():
                target[key] = copy(item)
        else:
            target.extend(copy(item) for item in source[:WORDED_ITEMS])
    return top


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PackError(f"cannot read the schema: {exc.strerror or exc}", file=str(path)) from None
    except json.JSONDecodeError as exc:
        raise PackError(f"the schema is not valid JSON: {exc.msg}", file=str(path),
                        line=exc.lineno, column=exc.colno) from None
    except UnicodeDecodeError:
        raise PackError("the schema is not UTF-8 text", file=str(path)) from None


def _sort_key(pointer: str) -> tuple[tuple[int, int, str], ...]:
    # List indexes sort as numbers, so /a/2 comes before /a/10: by length, then digit by digit (never
    # int(): a key of thousands of digits from a hostile file would raise)
    return tuple((0, len(t.lstrip("0")), t) if t.isdigit() else (1, 0, t) for t in pointer.split("/")[1:])


_stamps: dict[Path, tuple[tuple[object, ...], SchemaSet]] = {}


def _dir_stamp(schemas_dir: Path) -> tuple[object, ...]:
    try:
        files = sorted(schemas_dir.rglob("*.schema.json"))
        return tuple((str(p), *_mtime_size(p)) for p in files)
    except OSError:
        return ()


def _mtime_size(path: Path) -> tuple[int, int]:
    stat = os.stat(path)
    return stat.st_mtime_ns, stat.st_size


def schema_set(schemas_dir: Path) -> SchemaSet:
    """The SchemaSet of a folder, rebuilt only when a schema file there changes. A home's ``schemas/``
    folder that holds no schema stands for regola's own (``paths.schemas_for``)."""
    folder = Path(schemas_dir)
    if folder.name == "schemas":
        folder = paths.schemas_for(folder.parent)
    key = folder.resolve()
    stamp = _dir_stamp(key)
    cached = _stamps.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    schemas = SchemaSet(key)
    _stamps[key] = (stamp, schemas)
    return schemas


def admitted_values(schemas: SchemaSet, uri: str, pointer: str) -> tuple[Any, ...] | None:
    """Every value the schema ``uri`` admits at ``pointer`` of a document when it names them all (an
    ``enum``, a ``const``, or a boolean), else None. Follows ``properties``, ``items`` and
    ``additionalProperties`` and the ``$ref`` of another schema of the set; a text that words each
    admitted value (``format: select``) is checked against this."""
    node: Any = schemas.contents.get(uri)
    for token in [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]:
        while isinstance(node, dict) and "$ref" in node and node["$ref"] in schemas.contents:
            node = schemas.contents[node["$ref"]]
        if not isinstance(node, dict):
            return None
        if token in node.get("properties", {}):
            node = node["properties"][token]
        elif token.isdigit() and isinstance(node.get("items"), dict):
            node = node["items"]
        elif isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return None
    while isinstance(node, dict) and "$ref" in node and node["$ref"] in schemas.contents:
        node = schemas.contents[node["$ref"]]
    if not isinstance(node, dict):
        return None
    if "enum" in node:
        return tuple(node["enum"])
    if "const" in node:
        return (node["const"],)
    if node.get("type") == "boolean":
        return (True, False)
    return None
