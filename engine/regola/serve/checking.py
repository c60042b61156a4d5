"""`POST /api/v1/variants/check`: a house rule checked by the very code of `regola check`.

The body is held to the loaders' bounds, written to the private workspace as a variant file and
handed to ``regola.check.run``; the findings are its JSON report (``regola check --format json``),
with the temporary file named ``body``. All of it runs in an engine worker (``workers``); the server
keeps a variant that passes (bounded) under its content address, so its rulebook has a link.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError
from regola.core.variant import Variant
from regola.serve.replies import Problem
from regola.serve.workspace import Workspace

__all__ = ["BODY_NAME", "JSON_TYPE", "CheckOutcome", "check_variant"]

JSON_TYPE = "application/json"

BODY_NAME = "body"


class CheckOutcome:
    """The check's JSON report; the variant when it passed (the server keeps it and names its token)."""

    def __init__(self, report: dict[str, Any], variant: Variant | None = None) -> None:
        self.report, self.variant = report, variant

    @property
    def passed(self) -> bool:
        return self.variant is not None


def _rename(report: dict[str, Any], shown: set[str]) -> dict[str, Any]:
    for finding in report["findings"]:
        if finding.get("file") in shown:
            finding["file"] = BODY_NAME
        for key in ("message", "about"):
            text = finding.get(key)
            if isinstance(text, str):
                for name in shown:
                    text = text.replace(name, BODY_NAME)
                finding[key] = text
    return report


def check_variant(home: Path, workspace: Workspace, raw: bytes, kind: str, job: str = "") -> CheckOutcome:
    """Run the check on the body (blocking: an engine worker runs it)."""
    from regola.check import UsageError, run
    from regola.check.report import exit_status, render
    from regola.core.variant import variant_from_dict
    from regola.core.yamlio import display_path, load_yaml
    from regola.serve import bodies
    from regola.serve.yamlguard import guard_yaml

    if kind == JSON_TYPE:
        if not isinstance(bodies.json_value(raw, "body"), dict):
            raise Problem(422, "Unprocessable Content", "body: a variant is a JSON object")
    else:
        guard_yaml(bodies.text_of(raw, "body"))
    with workspace.file(raw, "variant", ".yaml", job) as path:
        try:
            result = run([path], home)
        except UsageError:  # YAML, but not a variant (no `variant:` mapping): what `check` says of a load fault
            finding = {"code": "LOAD", "message": "not a variant: the document has no 'variant' mapping",
                       "file": BODY_NAME, "line": 1, "column": 1, "pointer": "", "severity": "error", "about": None}
            return CheckOutcome({"summary": "checked 0 variant(s)", "findings": [finding]})
        shown = {display_path(path, home), str(path), path.name}
        summary = f"checked {len(result.variants)} variant(s)"
        report = _rename(json.loads(render(result.findings, "json", False, False, summary)), shown)
        if exit_status(result.findings, strict=False) != 0:
            return CheckOutcome(report)
        try:
            variant = variant_from_dict(load_yaml(Path(path), name=BODY_NAME), BODY_NAME, home)
        except RegolaError as err:  # the check passed, so this is not expected; report it, never crash
            report["findings"].append({"code": "LOAD", "message": str(err), "file": BODY_NAME, "line": None,
                                       "column": None, "pointer": None, "severity": "error", "about": None})
            return CheckOutcome(report)
    return CheckOutcome(report, variant)
