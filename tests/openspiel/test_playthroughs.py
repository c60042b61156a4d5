"""OpenSpiel playthroughs of regola's games (tests/openspiel/playthroughs/, written by
tools/playthroughs.py): each is replayed with OpenSpiel's own generator and must come out line for line,
so a change to any observation, information state, tensor, legal action or return is seen in review."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
absl_flags = pytest.importorskip("absl.flags")
generate_playthrough = pytest.importorskip("open_spiel.python.algorithms.generate_playthrough")

import regola.openspiel  # noqa: E402,F401  (registers every pack)

FOLDER = Path(__file__).parent / "playthroughs"
FILES = sorted(FOLDER.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_playthrough_replays_line_for_line(path: Path) -> None:
    if not absl_flags.FLAGS.is_parsed():
        absl_flags.FLAGS(["pytest"])
    original, again = generate_playthrough.replay(str(path))
    first = next((i for i, (a, b) in enumerate(zip(original.splitlines(), again.splitlines(), strict=False))
                  if a != b), None)
    assert first is None and original == again, (
        f"{path.name} differs from line {first}: rerun tools/playthroughs.py if the change is meant")


def test_there_is_a_playthrough_of_each_game() -> None:
    assert {p.name.split("_players")[0] for p in FILES} == {"regola_cs", "regola_pl"}
