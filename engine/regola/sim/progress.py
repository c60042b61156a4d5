"""A progress bar with games/s and ETA on a terminal (rich); nothing at all when not a terminal."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any


class Progress:
    def __init__(self, total: int, done: int, label: str, enabled: bool | None = None) -> None:
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.total, self.done, self.label = total, done, label
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> Progress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                ProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as RichProgress
            from rich.text import Text

            class Speed(ProgressColumn):
                def render(self, task: Any) -> Text:
                    return Text(f"{task.speed:,.1f} games/s" if task.speed else "… games/s")

            self._bar = RichProgress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Speed(),
                                     TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                                     console=Console(stderr=True), transient=False)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=self.total, completed=self.done)
        return self

    def advance(self, games: int) -> None:
        self.done += games
        if self._bar is not None:
            self._bar.update(self._task, advance=games)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(kind, exc, tb)
