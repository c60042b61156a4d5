"""The OpenAPI 3.1 document of ``/api/v1``, written as data.

It describes every reply the API gives, status by status, and schemathesis holds the running server
to it (tests/serve/test_schemathesis.py): a reply that drifts from this document fails the suite.
The pack ids and languages of the running server are filled in, so generated requests reach real rules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from regola.serve.replies import json_bytes

__all__ = ["document", "document_bytes"]

S = dict[str, Any]


def _str() -> S:
    return {"type": "string"}


def _nullable(kind: str) -> S:
    return {"type": [kind, "null"]}


def _list(items: S) -> S:
    return {"type": "array", "items": items}


def _object(properties: S, required: list[str] | None = None, extra: bool = False) -> S:
    return {"type": "object", "properties": properties, "required": list(properties) if required is None else required,
            "additionalProperties": extra}


def _ref(name: str) -> S:
    return {"$ref": f"#/components/schemas/{name}"}


PROBLEM_FIELDS: S = {"type": _str(), "title": _str(), "status": {"type": "integer"}, "detail": _str(),
                     "instance": _str()}

SCHEMAS: S = {
    "Problem": _object(PROBLEM_FIELDS, ["type", "title", "status", "detail"], extra=True),
    "Health": _object({"status": {"const": "ok"}, "packs": _list(_str()), "languages": _list(_str()),
                       "posted_variants": {"type": "integer", "minimum": 0}}),
    "VariantInfo": _object({"id": _str(), "title": _str(), "cites": _list(_str()), "content_hash": _str()}),
    "Pack": _object({"id": _str(), "game": _str(), "title": _str(), "language": _str(), "content_hash": _str(),
                     "languages": _list(_str()), "variants": _list(_ref("VariantInfo"))}),
    "Packs": _object({"packs": _list(_ref("Pack"))}),
    "DataValue": _object({"pointer": _str(), "value": {}, "changed": {"type": "boolean"}}),
    "Rule": _object({"id": _str(), "pack": _str(), "variant": _nullable("string"), "language": _str(),
                     "section": _str(), "title": _str(), "text": _str(), "cites": _list(_str()),
                     "text_cites": _list(_str()), "data": _list(_ref("DataValue"))}),
    "RuleEntry": _object({"id": _str(), "title": _str(), "section": _str(), "cites": _list(_str())}),
    "RuleIndex": _object({"pack": _str(), "variant": _nullable("string"), "language": _str(),
                          "rules": _list(_ref("RuleEntry"))}),
    "SearchResult": _object({"query": _list(_str()), "pack": _str(), "variant": _nullable("string"),
                             "language": _str(), "rules": _list(_ref("Rule"))}),
    "Section": _object({"pack": _str(), "variant": _nullable("string"), "language": _str(), "section": _str(),
                        "title": _str(), "rules": _list(_str()), "html": _str()}),
    "Flow": _object({"pack": _str(), "variant": _nullable("string"), "format": {"enum": ["mermaid", "dot"]},
                     "diagram": _str()}),
    "Finding": _object({"code": _str(), "message": _str(), "file": _nullable("string"), "line": _nullable("integer"),
                        "column": _nullable("integer"), "pointer": _nullable("string"),
                        "severity": {"enum": ["error", "warning", "info"]}, "about": _nullable("string")}),
    "CheckPassed": _object({
        "summary": _str(), "findings": _list(_ref("Finding")),
        "variant": _object({"id": _str(), "token": _str(), "base": _list(_str())}),
        "rulebooks": {"type": "object", "additionalProperties": _str()},
        "api": {"type": "object", "additionalProperties": _str()}}),
    "CheckFailed": {"allOf": [_ref("Problem"), {"type": "object", "required": ["findings"],
                                                "properties": {"summary": _str(),
                                                               "findings": _list(_ref("Finding"))}}]},
    "ReplayResult": _object({
        "complete": {"type": "boolean"}, "decisions": {"type": "integer", "minimum": 0},
        "warnings": _list(_str()),
        "result": _object({"pack": _str(), "variants": _list(_str()), "seed": {},
                           "decisions": {"type": "integer"}, "winner": _list({"type": "integer"}),
                           "players": _list({"type": "object"})}),
        "next": _object({"seat": {"type": "integer"}, "state": _str()})},
        ["complete", "decisions", "warnings", "result"]),
    "TableCreated": _object({"table": _str(), "seats": {"type": "object", "additionalProperties": _str()},
                             "spectator": _str(), "host": _str(), "hotseat": _str()},
                            ["table", "seats", "spectator", "host"]),
    "TableMessage": _object({"table": _str(), "game": _str(), "pack": _str(), "n": {"type": "integer"},
                             "seat": _nullable("integer"), "to_move": {"type": "integer"}, "over": {"type": "boolean"},
                             "view": {"type": "object"}, "events": _list({"type": "object"}),
                             "reset": {"type": "boolean"}, "seats": _list({"type": "object"})},
                            ["table", "game", "pack", "n", "to_move", "over", "view", "events"], extra=True),
    "TableRefused": {"allOf": [_ref("Problem"), {"type": "object", "required": ["rule", "text", "rulebook"],
                                                 "properties": {"rule": _str(), "text": _str(),
                                                                "rulebook": _str()}}]},
    "ReplayRefused": {"allOf": [_ref("Problem"), {"type": "object", "properties": {
        "line": _nullable("integer"), "rule": _nullable("string"), "field": _str()}}]},
}


def _problem(description: str, schema: str = "Problem") -> S:
    return {"description": description, "content": {"application/problem+json": {"schema": _ref(schema)}}}


def _ok(schema: str, description: str) -> S:
    return {"description": description, "content": {"application/json": {"schema": _ref(schema)}}}


CACHED = {"304": {"description": "Not Modified: the ETag given in If-None-Match is current"}}


#: what any request may meet: the per-client bound, and (for a posted variant's rules) a busy engine
BOUNDED = {"429": _problem("this client has too many requests under way (Retry-After says when to retry)"),
           "503": _problem("the engine is busy or the server is stopping (Retry-After says when to retry)")}


def _get(summary: str, schema: str, params: list[S], *, extra: S | None = None) -> S:
    responses = {"200": _ok(schema, summary), **CACHED, "404": _problem("no such pack, variant, language or entry"),
                 **BOUNDED}
    responses.update(extra or {})
    return {"get": {"summary": summary, "parameters": params, "responses": responses}}


def _table_paths(packs: list[str], body_problems: S) -> S:
    """The tables' operations (only on a server started with --tables or --db)."""
    token = {"name": "token", "in": "path", "required": True, "schema": _str(),
             "description": "a capability token: a seat, the spectators, the host or the hot-seat device"}
    since = {"name": "since", "in": "query", "required": False, "schema": {"type": "integer", "minimum": 0}}
    reveal = {"name": "reveal", "in": "query", "required": False, "schema": {"type": "integer", "minimum": 0}}
    lang = {"name": "lang", "in": "query", "required": False, "schema": _str()}
    unknown = {"404": _problem("no table answers to this token"), **BOUNDED}
    decision_body = {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "required": ["action", "n"],
        "properties": {"action": {"type": "array"}, "n": {"type": "integer", "minimum": 0},
                       "reveal": {"type": "integer", "minimum": 0}}}}}}
    move = {"name": "n", "in": "query", "required": True, "schema": {"type": "integer", "minimum": 0},
            "description": "the table's move number the take-back answers (the message's n)"}
    too_fast = {"429": _problem("this link decides faster than the server's rate (Retry-After)")}
    message = {"200": _ok("TableMessage", "what the token may see: the view, events since a line, legal actions")}
    refused = {"403": _problem("this token may not do that (a spectator deciding, a seat asking the record early)"),
               "409": _problem("the decision breaks a rule (its text in ?lang= and its rulebook link), or "
                               "answers a move the table is no longer at (nothing applied)", "TableRefused"),
               "422": _problem("a body that is not a decision")}
    return {
        "/api/v1/tables": {"post": {
            "summary": "make a table: {pack, variants, players, seats: ['human' | a bot spec], setup, hot_seat}",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "properties": {"pack": {"type": "string", "enum": packs},
                                                 "seats": _list(_str()), "players": {"type": "integer"}}}}}},
            "responses": {"201": {"description": "the table's private links (shown once)", "content": {
                "application/json": {"schema": _ref("TableCreated")}}}, **body_problems, **BOUNDED,
                "404": _problem("no such pack"), "422": _problem("a table that cannot be made as asked"),
                "429": _problem("this address holds its share of the open tables (Retry-After)"),
                "503": _problem("the server holds as many tables as it may (Retry-After)")}}},
        "/api/v1/tables/from-record": {"post": {
            "summary": "make a table that goes on from a saved game: the record (JSON Lines) as the body, "
                       "refereed first; its pack and variants are the record's; ?seats=human,greedy,… (default: "
                       "the record's)",
            "parameters": [{"name": "seats", "in": "query", "required": False, "schema": _str()},
                           {"name": "hot_seat", "in": "query", "required": False, "schema": _str()}],
            "requestBody": {"required": True, "content": {"application/x-ndjson": {"schema": _str()}}},
            "responses": {"201": {"description": "the table's private links (shown once)", "content": {
                "application/json": {"schema": _ref("TableCreated")}}}, **body_problems, **BOUNDED,
                "400": _problem("seats that are not a list of seat kinds"),
                "404": _problem("the record's pack is not served here"),
                "413": _problem("a record larger than the server takes"),
                "422": _problem("a record that breaks a rule, a finished game, or seats that do not fit it"),
                "429": _problem("this address holds its share of the open tables, or of the engine (Retry-After)"),
                "503": _problem("the server or its engine is full (Retry-After)")}}},
        "/api/v1/tables/{token}": {"get": {"summary": "the message of a token; with ?lang= each event says in "
                                           "words what was done (`said`)", "parameters": [token, since, reveal, lang],
                                           "responses": {**message, **unknown,
                                                         "400": _problem("a query value that is not a number")}}},
        "/api/v1/tables/{token}/decisions": {"post": {
            "summary": "decide: {action: [...], n, reveal}; n is the move the decision answers (the message's "
                       "n): a table at another move refuses it with 409 and applies nothing",
            "parameters": [token, lang], "requestBody": decision_body,
            "responses": {**message, **unknown, **refused, **body_problems, **too_fast}}},
        "/api/v1/tables/{token}/take-back": {"post": {
            "summary": "take the latest decision back as the pack's undo policy allows; ?n= the move it answers",
            "parameters": [token, reveal, lang, move], "responses": {
                **message, **unknown, **refused, **too_fast, "400": _problem("a query value that is not a number"),
                "422": _problem("no move number (?n=)")}}},
        "/api/v1/tables/{token}/record": {"get": {
            "summary": "the record so far (the host at any time, others once the game is over)",
            "parameters": [token], "responses": {
                "200": {"description": "JSON Lines", "content": {"application/x-ndjson": {"schema": _str()}}},
                **unknown, "403": _problem("the record is not yet yours")}}},
        "/api/v1/tables/{token}/events": {"get": {
            "summary": "server-sent events: an `update` each time the table moves (resume with Last-Event-ID)",
            "parameters": [token, since, reveal], "responses": {
                "200": {"description": "an event stream", "content": {"text/event-stream": {"schema": _str()}}},
                **unknown, "400": _problem("a query value that is not a number")}}},
    }


def document(packs: list[str], languages: list[str], tables: bool = False) -> S:
    pack = {"name": "pack", "in": "path", "required": True, "schema": {"type": "string", "enum": packs}}
    variant = {"name": "variant", "in": "query", "required": False,
               "description": "a variant id of the pack, or the token a passing variant check returned",
               "schema": _str()}
    lang = {"name": "lang", "in": "query", "required": False, "schema": _str(),
            "description": f"language of the rule text (e.g. {', '.join(languages)}; any tag Babel reads)",
            "examples": {code: {"value": code} for code in languages}}
    accept_language = {"name": "Accept-Language", "in": "header", "required": False,
                       "description": "used when ?lang= is absent (quality values honoured)",
                       "schema": {"type": "string", "pattern": "^[A-Za-z0-9*,;=. _-]{0,100}$"}}
    text = [pack, variant, lang, accept_language]
    bad = {"422": _problem("a query value the endpoint cannot use")}
    body_problems = {"400": _problem("a malformed request (e.g. Content-Length), or a body cut off"),
                     "408": _problem("the body did not arrive within the body deadline"),
                     "413": _problem("the body (or one record line) is larger than the limit"),
                     "415": _problem("a Content-Type the endpoint does not read")}
    doc: S = {
        "openapi": "3.1.0",
        "info": {"title": "regola rule reference", "version": "1.0.0",
                 "description": "Rules of board games as data: packs, variants, rule text in several languages, "
                                "variant checks and game-record replays. Errors are RFC 9457 problem details."},
        "servers": [{"url": "/"}],
        "paths": {
            "/healthz": _get("liveness and what is loaded", "Health", []),
            "/api/v1/packs": _get("every pack with its variants", "Packs", []),
            "/api/v1/packs/{pack}/rules": _get("the rule index of a pack", "RuleIndex", text),
            "/api/v1/packs/{pack}/rules/{rule_id}": _get(
                "one rule: text, citations, the data it is bound to", "Rule",
                [*text, {"name": "rule_id", "in": "path", "required": True, "schema": _str()}]),
            "/api/v1/packs/{pack}/search": _get(
                "rules holding every word (case and accents ignored)", "SearchResult",
                [*text, {"name": "q", "in": "query", "required": True, "schema": _str()}], extra=bad),
            "/api/v1/packs/{pack}/rulebook/{section}": _get(
                "one rendered rulebook section", "Section",
                [*text, {"name": "section", "in": "path", "required": True, "schema": _str()}]),
            "/api/v1/packs/{pack}/flow": _get(
                "the flow diagram of a pack", "Flow",
                [pack, variant, {"name": "format", "in": "query", "required": False,
                                 "schema": {"type": "string", "enum": ["mermaid", "dot"]}}], extra=bad),
            "/api/v1/variants/check": {"post": {
                "summary": "check a variant overlay as `regola check` does; a link to its rulebook when it passes",
                "requestBody": {"required": True, "content": {
                    "application/yaml": {"schema": _str()}, "application/json": {"schema": {"type": "object"}}}},
                "responses": {"200": _ok("CheckPassed", "the variant passes: findings (if any) and links"),
                              **body_problems, **BOUNDED,
                              "422": _problem("the variant fails the check, or the body is not YAML/JSON",
                                              "CheckFailed")}}},
            "/api/v1/records/replay": {"post": {
                "summary": "referee a game record (JSON Lines)",
                "requestBody": {"required": True, "content": {"application/x-ndjson": {"schema": _str()}}},
                "responses": {"200": _ok("ReplayResult", "every line is legal: the outcome"), **body_problems,
                              **BOUNDED,
                              "422": _problem("the line and rule the record breaks", "ReplayRefused")}}},
        },
        "components": {"schemas": SCHEMAS},
    }
    if tables:
        doc["paths"].update(_table_paths(packs, body_problems))
    return doc


@lru_cache(maxsize=4)
def _cached(packs: tuple[str, ...], languages: tuple[str, ...], tables: bool) -> bytes:
    return json_bytes(document(list(packs), list(languages), tables))


def document_bytes(packs: list[str], languages: list[str], tables: bool = False) -> bytes:
    return _cached(tuple(packs), tuple(languages), tables)
