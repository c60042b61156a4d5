"""A posted YAML body held to the loader's bounds before the check sees it.

The body is read by the project's own flat loader (``core.yamlio.parse_text``: libyaml's events,
composed without recursion, refused at the line where it passes a bound of ``core.limits``: nesting,
alias uses, values with aliases expanded). A body past a bound is one 422 naming it; a plain syntax
error is left to the check, which reports it as a finding at its line and column. Runs in an engine
worker (``workers``), never on the event loop.
"""

from __future__ import annotations

from regola.core.errors import PackError
from regola.serve.replies import Problem

__all__ = ["guard_yaml"]


def guard_yaml(text: str) -> None:
    """422 when the YAML nests past the depth bound, uses too many aliases or expands past the node bound."""
    from regola.core.yamlio import parse_text

    try:
        parse_text(text, "body")
    except PackError as err:
        if err.code == "limit":
            where = f":{err.line}" if err.line is not None else ""
            raise Problem(422, "Unprocessable Content", f"body{where}: {err.message}", line=err.line) from None
