"""Schema findings in plain words: what was expected and what was found, for a rule-pack author.

python-jsonschema explains every failure with its keyword, instance, schema and path; this module turns
each such error into a SchemaFinding a person who never read the JSON Schema spec can act on. A schema
may give any subschema an ``x-expected`` annotation (e.g. ``"x-expected": "a JSON pointer like
/city/cost_track"``) to replace a regular expression nobody reads. jsonschema is imported only when a
document has errors to explain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from regola.core.schemas import SchemaFinding, json_pointer

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = ["describe", "expected", "show"]

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
            phrase += _count(schema, "minProperties", "maxProperties", "entry", plural="entries") + _fields(schema)
        phrases.append(phrase)
    return _words(phrases)


def _fields(schema: dict[str, Any]) -> str:
    """' with 'a', 'b' and without 'c'': the fields a mapping's form requires, and those it forbids (two forms
    that differ only by which field they hold read apart)."""
    said = ""
    required = schema.get("required")
    if isinstance(required, list) and required:
        said += " with " + _words([show(name) for name in required], "and")
    forbidden = schema.get("not")
    if isinstance(forbidden, dict) and isinstance(forbidden.get("required"), list) and forbidden["required"]:
        said += (" but" if said else "") + " without " + _words([show(name) for name in forbidden["required"]], "or")
    return said


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


def _did_you_mean(name: str, error: ValidationError) -> str:
    """'; did you mean 'x'?' when a known field is a near spelling of ``name`` (difflib's ratio)."""
    import difflib

    schema = error.schema if isinstance(error.schema, dict) else {}
    present = error.instance if isinstance(error.instance, dict) else {}
    known = [key for key in schema.get("properties", {}) if key not in present]
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _allowed(error: ValidationError) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    names = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    parts = [", ".join(names)] if names else []
    parts += [f"names matching {p}" for p in patterns]
    return "; ".join(parts) or "none"


def _finding(error: ValidationError, message: str, wanted: str, path: Sequence[str | int] | None = None,
             validator: str | None = None) -> SchemaFinding:
    pointer = json_pointer(error.absolute_path if path is None else path)
    return SchemaFinding(pointer, message, wanted, validator or str(error.validator))


def describe(error: ValidationError, room: int = 1 << 30) -> list[SchemaFinding]:
    """Plain-words findings for one jsonschema error (several for several unknown fields), at most
    ``room`` of them worded (the rest of a long list of unknown fields are counted, not worded)."""
    from jsonschema.exceptions import best_match

    keyword = error.validator
    instance = error.instance
    schema = error.schema
    got = show(instance)

    if keyword in ("oneOf", "anyOf"):
        best = best_match([error])
        if best is not None and best is not error:
            return describe(best, room)
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
            worded = [_finding(error, f"unknown field '{name}'{_did_you_mean(name, error)} (allowed: {allowed})",
                               f"one of the fields: {allowed}", path=[*base, name]) for name in unknown[:room]]
            if len(unknown) > room:  # a mapping of 50,000 stray keys: its first ones say it
                worded.append(_finding(error, f"and {len(unknown) - room:,} more unknown fields here",
                                       f"one of the fields: {allowed}"))
            return worded
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
        count = max(len(instance), getattr(instance, "length", 0))  # a long list's copy keeps its first items
        return [_finding(error, f"expected {wanted}, got {count} item{'s' if count != 1 else ''}", wanted)]

    if keyword in ("minProperties", "maxProperties") and isinstance(instance, dict):
        wanted = expected({"type": "object", keyword: error.validator_value})
        count = len(instance)
        return [_finding(error, f"expected {wanted}, got {count} entr{'ies' if count != 1 else 'y'}", wanted)]

    if keyword == "items" and isinstance(instance, list):  # only `items: false` fails by itself
        wanted = expected({"type": "array", "maxItems": len(schema.get("prefixItems", []))})
        count = max(len(instance), getattr(instance, "length", 0))
        return [_finding(error, f"expected {wanted}, got {count} items", wanted)]

    if keyword in ("minContains", "maxContains"):
        bound = "at least" if keyword == "minContains" else "at most"
        wanted = f"a list with {bound} {error.validator_value} items that are {expected(schema.get('contains'))}"
        return [_finding(error, f"expected {wanted}", wanted)]

    if keyword == "contains":
        wanted = f"a list containing {expected(error.validator_value)}"
        return [_finding(error, f"expected {wanted}", wanted)]

    if keyword == "not":
        refused = error.validator_value
        if isinstance(instance, dict) and isinstance(refused, dict) and set(refused) == {"required"} \
                and len(refused["required"]) == 1 and refused["required"][0] in instance:
            # a field one form takes and another does not: said at the field, naming the form
            name = str(refused["required"][0])
            form = f"kind {show(instance['kind'])}" if "kind" in instance else "this value"
            return [_finding(error, f"{form} takes no field '{name}'", f"no field '{name}'",
                             path=[*error.absolute_path, name])]
        return [_finding(error, f"{got} is not allowed here", f"not {expected(refused)}")]

    if keyword in ("type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                   "multipleOf", "pattern", "minLength", "maxLength", "format"):
        wanted = expected(schema)
        return [_finding(error, f"expected {wanted}, got {got}", wanted)]

    if keyword is None or schema is False:
        return [_finding(error, f"{got} is not allowed here", "nothing", validator="false")]

    return [_finding(error, error.message, expected(schema))]
