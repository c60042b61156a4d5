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
            )
            from rich.progress import Progress as RichProgress
            from rich.text import Text

            start = self.done

            class Rate(ProgressColumn):
                """Games/s and ETA over this whole run: batches arrive in bursts, so a short window would jump."""

                def render(self, task: Any) -> Text:
                    played = task.completed - start
                    if not task.elapsed or played <= 0:
                        return Text("… games/s")
                    rate = played / task.elapsed
                    left = max(0.0, (task.total - task.completed) / rate)
                    return Text(f"{rate:,.1f} games/s · ETA {int(left) // 60}:{int(left) % 60:02d}")

            self._bar = RichProgress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(),
                                     TimeElapsedColumn(), console=Console(stderr=True), transient=False)
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
