"""Findings printed for people (grouped by file), for programs (JSON) and for GitHub Actions.

Colour only on a terminal and never when NO_COLOR is set (https://no-color.org): CI logs and
pre-commit output stay plain text.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import IO

from regola.check.findings import Finding

__all__ = ["exit_status", "render", "use_colour"]

_COLOURS = {"error": "\033[31m", "warning": "\033[33m", "info": "\033[36m", "dim": "\033[2m", "bold": "\033[1m"}
_RESET = "\033[0m"


def use_colour(stream: IO[str]) -> bool:
    """Colour for a terminal, unless NO_COLOR says otherwise (any non-empty value)."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def level(finding: Finding, strict: bool) -> str:
    """The severity this run gives a finding: --strict makes warnings errors."""
    return "error" if strict and finding.level == "warning" else finding.level


def exit_status(findings: Iterable[Finding], strict: bool) -> int:
    """0 when nothing is an error (warnings count only with --strict), else 1."""
    return 1 if any(level(f, strict) == "error" for f in findings) else 0


def _message(finding: Finding) -> str:
    return finding.message + (f" (in {finding.about})" if finding.about else "")


def _text(findings: list[Finding], strict: bool, colour: bool, summary: str) -> str:
    def paint(text: str, style: str) -> str:
        return f"{_COLOURS[style]}{text}{_RESET}" if colour else text

    lines: list[str] = []
    current: str | None = "\0"
    for f in findings:
        if f.file != current:
            current = f.file
            if lines:
                lines.append("")
            lines.append(paint(f.file or "(no file)", "bold"))
        where = f"{f.line}:{f.column}" if f.line is not None else "-"
        sev = level(f, strict)
        pointer = paint(f" [{f.pointer}]", "dim") if f.pointer else ""
        lines.append(f"  {where:>7}  {paint(sev, sev):<7} {f.code}  {_message(f)}{pointer}")
    counts = {sev: sum(1 for f in findings if level(f, strict) == sev) for sev in ("error", "warning", "info")}
    tally = ", ".join(f"{n} {sev}{'s' if n != 1 else ''}" for sev, n in counts.items())
    if lines:
        lines.append("")
    lines.append(f"{summary}: {tally}")
    return "\n".join(lines)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(findings: list[Finding], strict: bool) -> str:
    """Workflow commands: one ::error / ::warning / ::notice line per finding."""
    command = {"error": "error", "warning": "warning", "info": "notice"}
    lines = []
    for f in findings:
        props = []
        if f.file:
            props.append(f"file={_escape_property(f.file)}")
        if f.line is not None:
            props.append(f"line={f.line}")
        if f.column is not None:
            props.append(f"col={f.column}")
        props.append(f"title={_escape_property(f.code)}")
        pointer = f" [{f.pointer}]" if f.pointer else ""
        lines.append(f"::{command[level(f, strict)]} {','.join(props)}::{_escape_data(_message(f) + pointer)}")
    return "\n".join(lines)


def _json(findings: list[Finding], strict: bool, summary: str) -> str:
    items = []
    for f in findings:
        item = f.to_json()
        item["severity"] = level(f, strict)
        items.append(item)
    return json.dumps({"summary": summary, "findings": items}, ensure_ascii=False, indent=2)


def render(findings: list[Finding], fmt: str, strict: bool, colour: bool, summary: str) -> str:
    if fmt == "json":
        return _json(findings, strict, summary)
    if fmt == "github":
        return _github(findings, strict)
    return _text(findings, strict, colour, summary)
