"""`POST /api/v1/records/replay`: referee a game record with ``core.record.replay``.

Whatever a record holds, the outcome is a result or one 422 naming the line and the rule it breaks:
the engine's RecordError / RegolaError say so themselves, and any other exception raised while
reading a stranger's record is turned into the same shape (it is bad input, not a server fault).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regola.core.errors import RecordError, RegolaError
from regola.serve.replies import Problem
from regola.serve.workspace import Workspace

__all__ = ["refereed", "replay_record"]

BODY_NAME = "body"


def _refused(detail: str, line: int | None = None, rule: str | None = None, field: str | None = None) -> Problem:
    if field:
        return Problem(422, "Unprocessable Content", detail, line=line, rule=rule, field=field)
    return Problem(422, "Unprocessable Content", detail, line=line, rule=rule)


def replay_record(home: Path, workspace: Workspace, raw: bytes, job: str = "") -> dict[str, Any]:
    """The replayed game's outcome (blocking: an engine worker runs it)."""
    from regola.core import limits
    from regola.core.record import replay
    from regola.core.results import result_json
    from regola.serve.bodies import text_of

    longest = limits.current().record_line_bytes
    if len(raw) > longest:
        for number, line in enumerate(raw.split(b"\n"), start=1):
            if len(line) > longest:
                raise Problem(413, "Content Too Large", f"body:{number}: a line longer than {longest} bytes",
                              limit=longest, line=number)
    text_of(raw, "body")

    with workspace.file(raw, "record", ".jsonl", job) as path:
        names = (str(path), path.name)

        def clean(text: str) -> str:
            for name in names:
                text = text.replace(name, BODY_NAME)
            return text

        try:
            rep = replay(path, home)
        except RecordError as err:
            field = getattr(err, "field", None)
            said = (f"field '{field}': " if field else "") + err.message
            raise _refused(clean(f"{BODY_NAME}:{err.line}: {said}" if err.line else said), err.line, err.rule,
                           field) from None
        except RegolaError as err:
            raise _refused(clean(str(err))) from None
        except Exception as exc:  # bad input the engine did not foresee: still the client's error
            raise _refused(f"the record cannot be refereed ({type(exc).__name__}: {clean(str(exc))[:200]})") from None
        game = rep.game
        out: dict[str, Any] = {"complete": game.is_terminal(), "decisions": rep.decisions,
                               "warnings": [clean(w) for w in rep.warnings], "result": result_json(game)}
        if not game.is_terminal():
            out["next"] = {"seat": game.current_player(), "state": game.state.flow_state}
        return out


async def refereed(request: Any, raw: bytes) -> dict[str, Any]:
    """``replay_record`` of ``raw`` in an engine worker, under the workers' time, memory and per-client
    bounds; the record's workspace file is discarded afterwards whatever happened."""
    import secrets

    from regola.serve.context import client_of, engine_of, library_of

    workspace, job = request.app.state.workspace, secrets.token_hex(8)
    try:
        return dict(await engine_of(request).run(client_of(request), replay_record, library_of(request).home,
                                                 workspace, raw, job))
    finally:
        workspace.discard(raw, "record", ".jsonl", job)
