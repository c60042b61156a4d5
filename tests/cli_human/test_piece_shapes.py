"""Issue 30 item 4: while a person places a piece of Princes of Florence at the terminal, the board draws
the piece in every orientation, numbered as the placement options number them, so 'orientation 3' is
something to look at, not to imagine."""

from __future__ import annotations

import random

import pytest
from tests.tables.helpers import new_table, plain

from regola.text.speech import speech_for


def _drawn(lines: list[str]) -> list[set[tuple[int, int]]]:
    """The drawings under the heading, read back into cells per orientation: a line of numbers heads a
    row of drawings (the piece's name before the first number), each drawing in the columns from its number
    to the next one's."""
    shapes: list[set[tuple[int, int]]] = []
    block: list[str] = []

    def flush() -> None:
        starts = [k for k, ch in enumerate(block[0]) if ch.isdigit() and (k == 0 or block[0][k - 1] == " ")]
        for i, start in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else None
            shapes.append({(c, r) for r, row in enumerate(block[1:]) for c, ch in enumerate(row[start:end])
                           if ch == "X"})

    for line in lines:
        if "X" not in line and any(ch.isdigit() for ch in line):
            if block:
                flush()
            block = [line]
        elif block and "X" in line:
            block.append(line)
        else:
            break
    if block:
        flush()
    return shapes


@pytest.mark.parametrize(("lang", "width"), [("en", 80), ("de", 24)])
def test_a_piece_to_place_is_drawn_in_every_orientation(lang: str, width: int) -> None:
    table = new_table("pl", 3, secret=2)
    rng = random.Random(5)
    hook = table.ruleset.definition.terminal()
    speech = speech_for(table.ruleset.pack, lang)
    shown = 0
    while not table.is_over() and shown < 6:
        state = table.game.state
        pending = state.step.get("pending") if isinstance(state.step, dict) else None
        if pending and pending.get("kind") == "place" and "piece" in pending:
            lines = hook.board(state, table.to_move(), speech, width)
            piece = str(pending["piece"])
            kind = "landscapes" if piece in state.landscapes else "buildings"
            heading = speech.gettext("{piece}, orientations:", piece=speech.name(kind, piece))
            row = next(k for k, line in enumerate(lines) if heading in line)
            column = lines[row].index(heading)  # beside the principality's grid, or below it on a narrow screen
            expected = [set(shape) for shape in state.rules.principality.orientations(piece)]
            assert _drawn([line[column:] for line in lines[row + 1:]]) == expected
            assert all(len(line) <= width for line in lines[row + 1:]), lines[row:]  # (the heading wraps as text)
            shown += 1
        table.decide(table.to_move(), plain(rng.choice(table.game.legal_actions())))
    assert shown
