"""JSON Schema (draft 2020-12) validation with findings a rule-pack author can act on.

Every ``*.schema.json`` under the schemas folder is registered by its ``$id``, so schemas refer to each
other by ``$id``. A finding names the JSON pointer of the offending value and says, in plain words, what
was expected and what was found. A schema may give any subschema an ``x-expected`` annotation (e.g.
``"x-expected": "a JSON pointer like /city/cost_track"``) to replace a regular expression nobody reads.
"""

from __future__ import annotations

import json
import numbers
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, ValidationError, best_match
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

try:  # jsonschema's own equality and uniqueness, so the fast check agrees with it exactly
    from jsonschema._utils import equal as _js_equal
    from jsonschema._utils import uniq as _js_uniq
except ImportError:  # pragma: no cover - a future jsonschema: the fast check is simply off
    _js_equal = _js_uniq = None

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
        self._checks: dict[str, Callable[[Any], bool] | None] = {}

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
        """Whether ``instance`` is valid: exactly jsonschema's answer, several times faster.

        A pack is nearly always valid, and jsonschema spends most of a cold pack load proving it. So
        the schema is also compiled into plain Python predicates that mirror jsonschema's keyword
        code; only when they say "invalid" (or the schema uses a keyword they do not cover) does
        jsonschema run, and it alone produces the findings.
        """
        if schema_id not in self._checks:
            self.validator(schema_id)  # unknown ids fail here, with the list of known ones
            try:
                roots = {id(self.registry[uri].contents) for uri in self.files}
                self._checks[schema_id] = _Compiler(self.registry, roots).compile_id(schema_id)
            except Exception:  # _Unsupported, or a broken schema that jsonschema will explain
                self._checks[schema_id] = None
        check = self._checks[schema_id]
        if check is not None:
            try:
                return check(instance)
            except Exception:  # anything odd: let jsonschema decide and explain
                return False
        return not any(True for _ in self.validator(schema_id).iter_errors(instance))

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


# --- the fast validity check ----------------------------------------------------------------------
# Each keyword below mirrors jsonschema's implementation in jsonschema/_keywords.py (4.2x), so the
# compiled predicate is True exactly when Draft202012Validator finds no error. Anything not covered
# ($dynamicRef, unevaluated*, nested $id, unknown types) makes the whole schema fall back to jsonschema.

Check = Callable[[Any], bool]


class _Unsupported(Exception):
    """The schema uses something the fast check does not mirror."""


_ANNOTATIONS = frozenset({
    "$schema", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$comment", "$vocabulary",
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "format",
    "contentEncoding", "contentMediaType", "contentSchema", "then", "else", "minContains", "maxContains",
})


def _is_number(x: Any) -> bool:
    return isinstance(x, numbers.Number) and not isinstance(x, bool)


_TYPES: dict[str, Check] = {
    "array": lambda x: isinstance(x, list),
    "boolean": lambda x: isinstance(x, bool),
    "integer": lambda x: (
        (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, float) and x.is_integer())
    ),
    "null": lambda x: x is None,
    "number": _is_number,
    "object": lambda x: isinstance(x, dict),
    "string": lambda x: isinstance(x, str),
}


def _always(_: Any) -> bool:
    return True


def _never(_: Any) -> bool:
    return False


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda x: first(x) and second(x)
    return lambda x: all(check(x) for check in checks)


def _multiple_of(divisor: Any) -> Check:
    def check(x: Any) -> bool:
        if not _is_number(x):
            return True
        if isinstance(divisor, float):
            quotient = x / divisor
            try:
                failed = int(quotient) != quotient
            except OverflowError:
                failed = (Fraction(x) / Fraction(divisor)).denominator != 1
        else:
            failed = x % divisor
        return not failed

    return check


class _Compiler:
    """Compiles a registered schema into nested closures (one per subschema, shared by $ref)."""

    def __init__(self, registry: Registry[Any], roots: set[int]) -> None:
        if _js_equal is None or _js_uniq is None:
            raise _Unsupported("jsonschema internals moved")
        self.registry = registry
        self.roots = roots  # id() of each registered schema document
        # Keyed by id() of the subschema: with no nested $id, a subschema has one base URI only.
        self.done: dict[int, Check] = {}
        self.pending: dict[int, list[Check]] = {}

    def compile_id(self, uri: str) -> Check:
        resolved = self.registry.resolver().lookup(uri)
        return self.compile(resolved.contents, resolved.resolver)

    def compile(self, schema: Any, resolver: Any) -> Check:
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise _Unsupported("a schema that is not an object")
        key = id(schema)
        if "$id" in schema and key not in self.roots:
            raise _Unsupported("nested $id")
        if key in self.done:
            return self.done[key]
        if key in self.pending:  # recursion through $ref: late-bound
            cell = self.pending[key]
            return lambda x: cell[0](x)
        cell: list[Check] = [_never]
        self.pending[key] = cell
        check = self._node(schema, resolver)
        cell[0] = check
        del self.pending[key]
        self.done[key] = check
        return check

    def _node(self, schema: dict[str, Any], resolver: Any) -> Check:
        sub = self.compile
        checks: list[Check] = []
        object_checks: list[Check] = []
        array_checks: list[Check] = []
        for keyword, value in schema.items():
            if keyword in _ANNOTATIONS:
                continue
            if keyword == "$ref":
                try:
                    resolved = resolver.lookup(value)
                except Unresolvable as exc:
                    raise _Unsupported(str(exc)) from None
                checks.append(sub(resolved.contents, resolved.resolver))
            elif keyword == "type":
                names = [value] if isinstance(value, str) else list(value)
                if any(name not in _TYPES for name in names):
                    raise _Unsupported(f"type {value}")
                tests = [_TYPES[name] for name in names]
                checks.append(tests[0] if len(tests) == 1 else (lambda x, t=tests: any(f(x) for f in t)))
            elif keyword == "enum":
                choices = list(value)
                if choices and all(isinstance(c, str) for c in choices):
                    allowed = frozenset(choices)
                    checks.append(lambda x, a=allowed: isinstance(x, str) and x in a)
                else:
                    checks.append(lambda x, c=choices: any(_js_equal(e, x) for e in c))
            elif keyword == "const":
                checks.append(lambda x, c=value: bool(_js_equal(x, c)))
            elif keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                checks.append(_bound(keyword, value))
            elif keyword == "multipleOf":
                checks.append(_multiple_of(value))
            elif keyword == "minLength":
                checks.append(lambda x, n=value: not isinstance(x, str) or len(x) >= n)
            elif keyword == "maxLength":
                checks.append(lambda x, n=value: not isinstance(x, str) or len(x) <= n)
            elif keyword == "pattern":
                search = re.compile(value).search
                checks.append(lambda x, s=search: not isinstance(x, str) or s(x) is not None)
            elif keyword in ("properties", "patternProperties", "additionalProperties", "propertyNames",
                             "required", "minProperties", "maxProperties", "dependentRequired",
                             "dependentSchemas"):
                object_checks.append(self._object_keyword(keyword, value, schema, resolver))
            elif keyword in ("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"):
                array_checks.append(self._array_keyword(keyword, value, schema, resolver))
            elif keyword == "allOf":
                checks.append(_all([sub(s, resolver) for s in value]))
            elif keyword == "anyOf":
                options = [sub(s, resolver) for s in value]
                checks.append(lambda x, o=options: any(f(x) for f in o))
            elif keyword == "oneOf":
                options = [sub(s, resolver) for s in value]
                checks.append(lambda x, o=options: sum(1 for f in o if f(x)) == 1)
            elif keyword == "not":
                negated = sub(value, resolver)
                checks.append(lambda x, n=negated: not n(x))
            elif keyword == "if":
                condition = sub(value, resolver)
                then = sub(schema["then"], resolver) if "then" in schema else _always
                otherwise = sub(schema["else"], resolver) if "else" in schema else _always
                checks.append(lambda x, c=condition, t=then, o=otherwise: t(x) if c(x) else o(x))
            elif keyword in Draft202012Validator.VALIDATORS:
                raise _Unsupported(keyword)  # $dynamicRef, unevaluated*: jsonschema does it
            # any other keyword is unknown to jsonschema too, which ignores it
        if object_checks:
            inner = _all(object_checks)
            checks.append(lambda x, f=inner: not isinstance(x, dict) or f(x))
        if array_checks:
            inner = _all(array_checks)
            checks.append(lambda x, f=inner: not isinstance(x, list) or f(x))
        return _all(checks)

    def _object_keyword(self, keyword: str, value: Any, schema: dict[str, Any], resolver: Any) -> Check:
        """A check on a dict (the caller has made sure the instance is one)."""
        sub = self.compile
        if keyword == "properties":
            props = [(name, sub(s, resolver)) for name, s in value.items()]
            return lambda d: all(f(d[name]) for name, f in props if name in d)
        if keyword == "patternProperties":
            patterns = [(re.compile(p).search, sub(s, resolver)) for p, s in value.items()]
            return lambda d: all(f(v) for search, f in patterns for k, v in d.items() if search(k))
        if keyword == "additionalProperties":
            known = frozenset(schema.get("properties", {}))
            joined = "|".join(schema.get("patternProperties", {}))
            search = re.compile(joined).search if joined else None

            def extras(d: dict[str, Any]) -> list[str]:
                return [k for k in d if k not in known and not (search is not None and search(k))]

            if isinstance(value, dict):
                extra = sub(value, resolver)
                return lambda d: all(extra(d[k]) for k in extras(d))
            if not value:
                return lambda d: not extras(d)
            return _always
        if keyword == "propertyNames":
            names = sub(value, resolver)
            return lambda d: all(names(k) for k in d)
        if keyword == "required":
            required = list(value)
            return lambda d: all(name in d for name in required)
        if keyword == "minProperties":
            return lambda d, n=value: len(d) >= n
        if keyword == "maxProperties":
            return lambda d, n=value: len(d) <= n
        if keyword == "dependentRequired":
            pairs = list(value.items())
            return lambda d: all(each in d for name, needs in pairs if name in d for each in needs)
        # dependentSchemas
        dependents = [(name, sub(s, resolver)) for name, s in value.items()]
        return lambda d: all(f(d) for name, f in dependents if name in d)

    def _array_keyword(self, keyword: str, value: Any, schema: dict[str, Any], resolver: Any) -> Check:
        """A check on a list (the caller has made sure the instance is one)."""
        if keyword == "items":
            prefix = len(schema.get("prefixItems", []))
            if value is False:
                return lambda a: len(a) <= prefix
            item = self.compile(value, resolver)
            if prefix == 0:
                return lambda a: all(item(x) for x in a)
            return lambda a: all(item(x) for x in a[prefix:])
        if keyword == "prefixItems":
            firsts = [self.compile(s, resolver) for s in value]
            return lambda a: all(f(x) for f, x in zip(firsts, a, strict=False))
        if keyword == "minItems":
            return lambda a, n=value: len(a) >= n
        if keyword == "maxItems":
            return lambda a, n=value: len(a) <= n
        if keyword == "uniqueItems":
            if not value:
                return _always
            return lambda a: bool(_js_uniq(a))
        # contains (with minContains / maxContains, as jsonschema counts them)
        match = self.compile(value, resolver)
        low = schema.get("minContains", 1)
        high = schema.get("maxContains")

        def contains(a: list[Any]) -> bool:
            limit = len(a) if high is None else high
            matches = 0
            for x in a:
                if match(x):
                    matches += 1
                    if matches > limit:
                        return False
            return matches >= low

        return contains


def _bound(keyword: str, limit: Any) -> Check:
    if keyword == "minimum":
        return lambda x: not _is_number(x) or not x < limit
    if keyword == "maximum":
        return lambda x: not _is_number(x) or not x > limit
    if keyword == "exclusiveMinimum":
        return lambda x: not _is_number(x) or not x <= limit
    return lambda x: not _is_number(x) or not x >= limit
