"""`POST /api/v1/variants/check`: a house rule checked by the very code of `regola check`.

The body is written to the private workspace as a variant file and handed to ``regola.check.run``;
the findings are its JSON report (``regola check --format json``), with the temporary file named
``body``. A variant that passes is kept (bounded) under its content address, so its rulebook has a
link.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError
from regola.serve.library import Library
from regola.serve.workspace import Workspace

__all__ = ["BODY_NAME", "CheckOutcome", "check_variant"]

BODY_NAME = "body"


class CheckOutcome:
    def __init__(self, report: dict[str, Any], passed: bool, token: str | None, bases: list[str],
                 variant_id: str | None) -> None:
        self.report, self.passed, self.token, self.bases, self.variant_id = report, passed, token, bases, variant_id


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


def check_variant(library: Library, workspace: Workspace, raw: bytes) -> CheckOutcome:
    """Run the check on the body (blocking: call it from a worker thread, one at a time)."""
    from regola.check import UsageError, run
    from regola.check.report import exit_status, render
    from regola.core.variant import variant_from_dict
    from regola.core.yamlio import display_path, load_yaml

    with workspace.file(raw, "variant", ".yaml") as path:
        try:
            result = run([path], library.home)
        except UsageError:  # YAML, but not a variant (no `variant:` mapping): what `check` says of a load fault
            finding = {"code": "LOAD", "message": "not a variant: the document has no 'variant' mapping",
                       "file": BODY_NAME, "line": 1, "column": 1, "pointer": "", "severity": "error", "about": None}
            return CheckOutcome({"summary": "checked 0 variant(s)", "findings": [finding]}, False, None, [], None)
        shown = {display_path(path, library.home), str(path), path.name}
        summary = f"checked {len(result.variants)} variant(s)"
        report = _rename(json.loads(render(result.findings, "json", False, False, summary)), shown)
        if exit_status(result.findings, strict=False) != 0:
            return CheckOutcome(report, False, None, [], None)
        try:
            variant = variant_from_dict(load_yaml(Path(path), name=BODY_NAME), BODY_NAME, library.home)
        except RegolaError as err:  # the check passed, so this is not expected; report it, never crash
            report["findings"].append({"code": "LOAD", "message": str(err), "file": BODY_NAME, "line": None,
                                       "column": None, "pointer": None, "severity": "error", "about": None})
            return CheckOutcome(report, False, None, [], None)
    bases = [b for b in variant.base if b in library.packs]
    token = library.keep_posted(variant)
    return CheckOutcome(report, True, token, bases, variant.id)
