"""`regola check`: rule-pack consistency for CI, pre-commit and editors.

Schemas, references, game invariants, the flow graph, text catalogs and the agreement between packs
of one game, each reported with a stable code, a severity and file:line:column. docs/CHECK.md
describes every code.
"""

from __future__ import annotations

from regola.check.findings import CODES, Finding
from regola.check.load import UsageError
from regola.check.runner import Result, check_document, run

__all__ = ["CODES", "Finding", "Result", "UsageError", "check_document", "run"]
