"""``schemas/mechanics.schema.json``, with each formed mechanic's part written from its record.

The mechanics whose form data chooses (``FORMED``) are stated by their records (regola.mechanics.forms);
the rest of the file (parts, awards, end conditions, visibility, moves) is written by hand. ``generated``
returns the file as it must read, and ``tools/schemas.py`` writes it; a test fails when the committed
file differs, so a form changed in its record and not in the schema cannot land.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from regola.mechanics.auction import AUCTION
from regola.mechanics.draft import DEAL
from regola.mechanics.forms import Mechanic
from regola.mechanics.seating import TURN_ORDER
from regola.mechanics.start import START

__all__ = ["FORMED", "generated", "render"]

#: every mechanic whose form a pack chooses, by its block name
FORMED: dict[str, Mechanic] = {m.name: m for m in (START, TURN_ORDER, DEAL, AUCTION)}


def generated(committed: dict[str, Any]) -> dict[str, Any]:
    """``committed`` (the schema as read) with each formed mechanic's property written from its record, in
    the place it holds."""
    properties = dict(committed["properties"])
    for name, mechanic in FORMED.items():
        properties[name] = mechanic.schema()
    return {**committed, "properties": properties}


def render(schema: dict[str, Any]) -> str:
    """The file's text: two-space JSON, keys in their order, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def path(home: Path) -> Path:
    return home / "schemas" / "mechanics.schema.json"
