"""JSON Schema (draft 2020-12) validation with findings a rule-pack author can act on.

Every ``*.schema.json`` under the schemas folder is registered by its ``$id``, so schemas refer to each
other by ``$id``. A finding names the JSON pointer of the offending value and says, in plain words, what
was expected and what was found. A schema may give any subschema an ``x-expected`` annotation (e.g.
``"x-expected": "a JSON pointer like /city/cost_track"``) to replace a regular expression nobody reads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from regola.core.errors import PackError

__all__ = ["SCHEMA_BASE", "SchemaFinding", "SchemaSet", "escape_token", "schema_id", "schema_set"]

SCHEMA_BASE = "https://regola.dev/schemas/"


def schema_id(name: str) -> str:
    """The ``$id`` of a schema of this project by its file stem, e.g. 'pack-meta'."""
    return f"{SCHEMA_BASE}{name}.schema.json"


def escape_token(token: str | int) -> str:
    """One JSON pointer reference token (RFC 6901)."""
    return str(token).replace("~", "~0").replace("/", "~1")


def _pointer(path: Iterable[str | int]) -> str:
    return "".join("/" + escape_token(token) for token in path)


@dataclass(frozen=True)
class SchemaFinding:
    """One thing wrong with a document: where (JSON pointer), what, what was expected, which keyword."""

    pointer: str
    message: str
    expected: str
    validator: str


class SchemaSet:
    """The schemas of one folder, in one ``referencing.Registry``; validators compiled once each."""

    def __init__(self, schemas_dir: Path) -> None:
        self.dir = Path(schemas_dir)
        self.files: dict[str, Path] = {}
        resources: list[tuple[str, Resource[Any]]] = []
        for path in sorted(self.dir.rglob("*.schema.json")) if self.dir.is_dir() else []:
            contents = _read_json(path)
            uri = contents.get("$id") if isinstance(contents, dict) else None
            if not isinstance(uri, str) or not uri:
                uri = SCHEMA_BASE + path.name
            if uri in self.files:
                raise PackError(f"two schemas have the $id {uri}: {self.files[uri]} and this one",
                                file=str(path), field="/$id")
            self.files[uri] = path
            resources.append((uri, Resource.from_contents(contents, default_specification=DRAFT202012)))
        # Not crawled up front: referencing finds anchors and nested resources when first looked up.
        self.registry: Registry[Any] = Registry().with_resources(resources)
        self._validators: dict[str, Draft202012Validator] = {}

    def has(self, schema_id: str) -> bool:
        return schema_id in self.files

    def validator(self, schema_id: str) -> Draft202012Validator:
        """The jsonschema validator of a schema, built once; it produces the findings."""
        cached = self._validators.get(schema_id)
        if cached is not None:
            return cached
        if schema_id not in self.files:
            known = ", ".join(sorted(self.files)) or "none"
            raise PackError(f"no schema with $id {schema_id} (known: {known})", file=str(self.dir))
        # Format checking stays off. The schema is not checked against the metaschema here: that
        # costs more than validating a whole pack, so check() does it only when validation breaks.
        validator = Draft202012Validator(self.registry[schema_id].contents, registry=self.registry)
        self._validators[schema_id] = validator
        return validator

    def check(self, schema_id: str) -> None:
        """Raise a PackError if the schema itself is not a valid draft 2020-12 schema."""
        try:
            Draft202012Validator.check_schema(self.registry[schema_id].contents)
        except SchemaError as exc:
            raise PackError(f"the schema itself is invalid: {exc.message}", file=str(self.files[schema_id]),
                            field=_pointer(exc.absolute_path)) from None

    def is_valid(self, instance: Any, schema_id: str) -> bool:
        """Whether ``instance`` is valid (jsonschema's answer; ~20 ms for a whole cs pack)."""
        return bool(self.validator(schema_id).is_valid(instance))

    def validate(self, instance: Any, schema_id: str) -> list[SchemaFinding]:
        """Every finding of ``instance`` against the schema ``schema_id``, sorted by pointer."""
        if self.is_valid(instance, schema_id):
            return []
        findings: list[SchemaFinding] = []
        try:
            for error in self.validator(schema_id).iter_errors(instance):
                findings.extend(_describe(error))
        except PackError:
            raise
        except Exception as exc:  # a broken schema (bad $ref, wrong keyword type): say which file
            self.check(schema_id)
            raise PackError(f"the schema cannot be used: {exc}", file=str(self.files[schema_id])) from None
        findings.sort(key=lambda finding: (_sort_key(finding.pointer), finding.message))
        return findings


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
    # List indexes sort as numbers, so /a/2 comes before /a/10.
    return tuple((0, int(t), "") if t.isdigit() else (1, 0, t) for t in pointer.split("/")[1:])


_stamps: dict[Path, tuple[tuple[object, ...], SchemaSet]] = {}


def _dir_stamp(schemas_dir: Path) -> tuple[object, ...]:
    try:
        files = sorted(schemas_dir.rglob("*.schema.json"))
        return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    except OSError:
        return ()


def schema_set(schemas_dir: Path) -> SchemaSet:
    """The SchemaSet of a folder, rebuilt only when a schema file there changes."""
    key = Path(schemas_dir).resolve()
    stamp = _dir_stamp(key)
    cached = _stamps.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    schemas = SchemaSet(key)
    _stamps[key] = (stamp, schemas)
    return schemas


# --- findings in plain words -------------------------------------------------------------------

_TYPE_WORDS = {
    "integer": "an integer",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "null",
}


def show(value: Any) -> str:
    """A value as the YAML author wrote it, kept short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}…'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return str(value)


def _words(values: Sequence[str], conjunction: str = "or") -> str:
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + f" {conjunction} " + values[-1]


def _bounds(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f" from {show(low)} to {show(high)}"
    parts = []
    for keyword, sign in (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"),
                          ("exclusiveMaximum", "<")):
        if isinstance(schema.get(keyword), int | float):
            parts.append(f"{sign} {show(schema[keyword])}")
    if isinstance(schema.get("multipleOf"), int | float):
        parts.append(f"a multiple of {show(schema['multipleOf'])}")
    return (" " + " and ".join(parts)) if parts else ""


def expected(schema: Any) -> str:
    """What a subschema accepts, in words ('an integer ≥ 0', "one of 'a', 'b'", 'a list of …')."""
    if schema is True:
        return "anything"
    if schema is False or not isinstance(schema, dict):
        return "nothing (this value is not allowed here)"
    if isinstance(schema.get("x-expected"), str):
        return str(schema["x-expected"])
    if "const" in schema:
        return show(schema["const"])
    if isinstance(schema.get("enum"), list):
        values = [show(v) for v in schema["enum"]]
        if len(values) > 15:
            values = [*values[:15], "…"]
        return values[0] if len(values) == 1 else "one of " + ", ".join(values)
    types = schema.get("type")
    type_list = [types] if isinstance(types, str) else list(types) if isinstance(types, list) else []
    if not type_list:
        if any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")):
            type_list = ["number"]
        elif any(k in schema for k in ("properties", "required", "additionalProperties")):
            type_list = ["object"]
        elif any(k in schema for k in ("items", "minItems", "maxItems", "prefixItems")):
            type_list = ["array"]
        elif any(k in schema for k in ("pattern", "minLength", "maxLength")):
            type_list = ["string"]
    if not type_list:
        for keyword in ("oneOf", "anyOf"):
            if isinstance(schema.get(keyword), list):
                return _words([expected(sub) for sub in schema[keyword]])
        if isinstance(schema.get("$ref"), str):
            return "a value of the form " + schema["$ref"].rsplit("/", 1)[-1]
        return "a different value"
    phrases = []
    for name in type_list:
        phrase = _TYPE_WORDS.get(name, name)
        if name in ("integer", "number"):
            phrase += _bounds(schema)
        elif name == "string":
            if "pattern" in schema:
                phrase += f" matching {schema['pattern']}"
            phrase += _count(schema, "minLength", "maxLength", "character")
        elif name == "array":
            phrase += _count(schema, "minItems", "maxItems", "item")
        elif name == "object":
            phrase += _count(schema, "minProperties", "maxProperties", "entry", plural="entries")
        phrases.append(phrase)
    return _words(phrases)


def _count(schema: dict[str, Any], low_key: str, high_key: str, noun: str, plural: str | None = None) -> str:
    low, high = schema.get(low_key), schema.get(high_key)

    def n(count: int) -> str:
        return f"{count} {noun if count == 1 else plural or noun + 's'}"

    if isinstance(low, int) and isinstance(high, int):
        return f" of exactly {n(low)}" if low == high else f" of {low} to {n(high)}"
    if isinstance(low, int) and low > 0:
        return f" of at least {n(low)}" if not (low == 1 and noun != "character") else " (not empty)"
    if isinstance(high, int):
        return f" of at most {n(high)}"
    return ""


def _unknown_fields(error: ValidationError) -> list[str]:
    schema, instance = error.schema, error.instance
    if not isinstance(schema, dict) or not isinstance(instance, dict):
        return []
    known = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    return [key for key in instance if key not in known and not any(re.search(p, key) for p in patterns)]


def _allowed(error: ValidationError) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    names = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    parts = [", ".join(names)] if names else []
    parts += [f"names matching {p}" for p in patterns]
    return "; ".join(parts) or "none"


def _finding(error: ValidationError, message: str, wanted: str, path: Sequence[str | int] | None = None,
             validator: str | None = None) -> SchemaFinding:
    pointer = _pointer(error.absolute_path if path is None else path)
    return SchemaFinding(pointer, message, wanted, validator or str(error.validator))


def _describe(error: ValidationError) -> list[SchemaFinding]:
    """Plain-words findings for one jsonschema error (several for several unknown fields)."""
    keyword = error.validator
    instance = error.instance
    schema = error.schema
    got = show(instance)

    if keyword in ("oneOf", "anyOf"):
        best = best_match([error])
        if best is not None and best is not error:
            return _describe(best)
        if keyword == "oneOf" and not error.context:
            return [_finding(error, f"{got} fits more than one of the allowed forms; it must fit exactly one",
                             "exactly one of the allowed forms")]
        # No branch stands out: list what each would accept (as resolved, so $ref shows its target).
        forms: dict[int, str] = {}
        for sub in error.context:
            branch = sub.relative_schema_path[0] if sub.relative_schema_path else None
            if isinstance(branch, int) and not sub.relative_path and branch not in forms:
                forms[branch] = expected(sub.schema)
        options = error.validator_value if isinstance(error.validator_value, list) else []
        wanted = _words([forms.get(i) or expected(option) for i, option in enumerate(options)]) or "another value"
        return [_finding(error, f"expected {wanted}, got {got}", wanted)]

    if keyword == "required":
        missing = [name for name in error.validator_value
                   if isinstance(instance, dict) and name not in instance
                   and error.message.startswith(repr(name))]
        name = missing[0] if missing else error.message.split("'")[1] if "'" in error.message else "?"
        return [_finding(error, f"missing required field '{name}'", f"a field '{name}'")]

    if keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(instance, dict):
        unknown = _unknown_fields(error) if keyword == "additionalProperties" else re.findall(
            r"'((?:[^'\\]|\\.)*)'", error.message.split("(", 1)[-1])
        allowed = _allowed(error)
        if unknown:
            base = list(error.absolute_path)
            return [_finding(error, f"unknown field '{name}' (allowed: {allowed})",
                             f"one of the fields: {allowed}", path=[*base, name]) for name in unknown]
        return [_finding(error, f"unknown fields (allowed: {allowed})", f"one of the fields: {allowed}")]

    if keyword == "propertyNames":
        return [_finding(error, f"the field name {got} is not allowed here", "another field name")]

    if keyword == "dependentRequired":
        return [_finding(error, error.message.replace("is a dependency of", "is required together with"),
                         "the fields required together")]

    if keyword == "uniqueItems" and isinstance(instance, list):
        seen: list[Any] = []
        for item in instance:
            if item in seen:
                return [_finding(error, f"the list repeats {show(item)}; each entry may appear only once",
                                 "a list without repeats")]
            seen.append(item)

    if keyword in ("minItems", "maxItems") and isinstance(instance, list):
        wanted = expected({"type": "array", keyword: error.validator_value})
        count = len(instance)
        return [_finding(error, f"expected {wanted}, got {count} item{'s' if count != 1 else ''}", wanted)]

    if keyword in ("minProperties", "maxProperties") and isinstance(instance, dict):
        wanted = expected({"type": "object", keyword: error.validator_value})
        count = len(instance)
        return [_finding(error, f"expected {wanted}, got {count} entr{'ies' if count != 1 else 'y'}", wanted)]

    if keyword == "items" and isinstance(instance, list):  # only `items: false` fails by itself
        wanted = expected({"type": "array", "maxItems": len(schema.get("prefixItems", []))})
        return [_finding(error, f"expected {wanted}, got {len(instance)} items", wanted)]

    if keyword in ("minContains", "maxContains"):
        bound = "at least" if keyword == "minContains" else "at most"
        wanted = f"a list with {bound} {error.validator_value} items that are {expected(schema.get('contains'))}"
        return [_finding(error, f"expected {wanted}", wanted)]

    if keyword == "contains":
        wanted = f"a list containing {expected(error.validator_value)}"
        return [_finding(error, f"expected {wanted}", wanted)]

    if keyword == "not":
        return [_finding(error, f"{got} is not allowed here", f"not {expected(error.validator_value)}")]

    if keyword in ("type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                   "multipleOf", "pattern", "minLength", "maxLength", "format"):
        wanted = expected(schema)
        return [_finding(error, f"expected {wanted}, got {got}", wanted)]

    if keyword is None or schema is False:
        return [_finding(error, f"{got} is not allowed here", "nothing", validator="false")]

    return [_finding(error, error.message, expected(schema))]
