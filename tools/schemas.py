#!/usr/bin/env python3
"""Write ``schemas/mechanics.schema.json`` with each formed mechanic's part taken from its record.

    python tools/schemas.py           # rewrite the file
    python tools/schemas.py --check   # exit 1, saying so, when the committed file is not what it must be

The records are ``regola.mechanics.forms.Mechanic`` s (``regola.mechanics.schema.FORMED``); the rest of the
file is written by hand. The test suite runs the check.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from regola.mechanics.schema import generated, path, render

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    target = path(ROOT)
    text = target.read_text(encoding="utf-8")
    wanted = render(generated(json.loads(text)))
    if "--check" in argv:
        if text != wanted:
            print(f"{target.relative_to(ROOT)} is not what the form records say: run python tools/schemas.py",
                  file=sys.stderr)
            return 1
        return 0
    if text != wanted:
        target.write_text(wanted, encoding="utf-8")
        print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
