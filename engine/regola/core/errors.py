"""Errors a user may see. Each carries what is needed to print one clear line, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass, field


class RegolaError(Exception):
    """Base of every error regola reports to a user."""


class Problems(RegolaError):
    """Several problems found at once (a translated file's every fault): each is one line of its own, and a
    face prints each on a line (``lines``), never joined into one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))

    def lines(self) -> list[str]:
        return self.problems


@dataclass
class PackError(RegolaError):
    """A rule pack, variant or text catalog is broken. Names the file, line and field."""

    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None  # JSON pointer of the offending value, e.g. "/city/cost_track/2"
    code: str = "pack"

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        at = f" at {self.field}" if self.field else ""
        if not self.file:
            return f"{self.message}{at}"
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}{at}"


@dataclass
class IllegalAction(RegolaError):
    """An action that the rules forbid here. The game state is left exactly as it was."""

    rule: str  # the rule ID of the pack that the action breaks
    message: str
    action: object = None
    details: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"illegal action {self.action!r}: {self.message} [rule {self.rule}]"


@dataclass
class RecordError(RegolaError):
    """A game record is unreadable or re-executes into an illegal action."""

    message: str
    file: str | None = None
    line: int | None = None
    rule: str | None = None

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "<record>"
        if self.line is not None:
            where += f":{self.line}"
        rule = f" [rule {self.rule}]" if self.rule else ""
        return f"{where}: {self.message}{rule}"


def one_line(text: str) -> str:
    """``text`` as one printable line: a control character that came from the input (a newline in a
    field name of a record, say) is shown escaped, so an error stays the one line it promises."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
