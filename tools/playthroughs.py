"""Write again OpenSpiel playthroughs of regola's games (tests/openspiel/playthroughs/), as OpenSpiel keeps
its own under integration_tests/playthroughs: one whole game per file, every observation, information
state, tensor and legal action at every step. A test replays each and compares line by line, so any
change to what the bridge shows a learning algorithm is seen in review.

    .venv/bin/python tools/playthroughs.py            # (re)write every file
    .venv/bin/python tools/playthroughs.py --new regola_cs(players=3)   # add one game
"""

from __future__ import annotations

import argparse
from pathlib import Path

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import regola.openspiel  # noqa: F401  (registers every pack with pyspiel)

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "openspiel" / "playthroughs"
SEED = 1234


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new", metavar="GAME", help="a game string to add a playthrough for")
    args = parser.parse_args()
    if not flags.FLAGS.is_parsed():  # the generator reads its own absl flags (their defaults)
        flags.FLAGS([parser.prog])
    if args.new:
        name = args.new.replace("(", "_").replace(")", "").replace("=", "").replace(",", "_")
        text = generate_playthrough.playthrough(args.new, None, alsologtostdout=False, seed=SEED)
        (FOLDER / f"{name}.txt").write_text(text, encoding="utf-8")
    else:
        generate_playthrough.update_path(str(FOLDER))


if __name__ == "__main__":
    main()
