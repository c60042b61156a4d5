"""``schemas/mechanics.schema.json``, with each formed mechanic's part written from its record.

The mechanics whose form data chooses (``FORMED``) are stated by their records (regola.mechanics.forms);
the parts, piles, awards, end conditions and visibility by the modules that compile them (``schema()``
of parts.py, awards.py, ending.py, visibility.py, from the constants their compile steps read), and the
declared moves by moves.py, each operation from its class (regola.mechanics.operations). Only the file's
frame (its title, ``$defs`` of a measure and a citation) is kept as committed. ``generated`` returns the
file as it must read, and ``tools/schemas.py`` writes it; a test fails when the committed file differs,
so a form or bound changed in its module and not in the schema cannot land.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from regola.mechanics import awards, ending, moves, parts, visibility
from regola.mechanics.auction import AUCTION
from regola.mechanics.draft import DEAL
from regola.mechanics.forms import Mechanic
from regola.mechanics.seating import TURN_ORDER
from regola.mechanics.start import START

__all__ = ["CLAIMABLE", "FORMED", "RULE_FORM", "generated", "render", "rule_form"]

#: every mechanic whose form a pack chooses, by its block name
FORMED: dict[str, Mechanic] = {m.name: m for m in (START, TURN_ORDER, DEAL, AUCTION)}
#: the mechanics an index rule's text may say it holds under a form of (``form:`` in rules.yaml)
CLAIMABLE: dict[str, Mechanic] = {m.name: m for m in (START, DEAL, AUCTION)}
#: where mechanics.schema.json keeps the forms a rule may claim (the game schemas refer to it)
RULE_FORM = "rule_form"


def rule_form() -> dict[str, Any]:
    """The schema of a rule's ``form``: one of the claimable forms and shapes, or a list of them."""
    names = list(dict.fromkeys(name for m in CLAIMABLE.values() for name in m.signatures()))
    return {"oneOf": [{"enum": names},
                      {"type": "array", "items": {"enum": names}, "minItems": 1, "maxItems": 8, "uniqueItems": True}],
            "description": "the form or forms of the mechanic at data[0] (regola.mechanics) this rule's text holds "
                           "under ('open' covers every raise rule, 'open/exactly' only that one; 'sealed/any' a "
                           "sealed bid of any sum, 'sealed/listed' one of the bids listed in `bids`); when the pack "
                           "or a variant chooses another form, the library's words for that form stand in for the "
                           "first such rule of the mechanic and the others are left out"}


#: every other part of the block, by its name, from the module that compiles it
WRITTEN: dict[str, Callable[[], dict[str, Any]]] = {
    "parts": parts.schema, "awards": awards.schema, "end": ending.schema, "visibility": visibility.schema,
    "provenance": lambda: {"type": "object", "description": "which values of this block no source states "
                           "('reconstructed'), by their place in it"},
    "piles": parts.piles_schema, "moves": moves.schema,
}


def generated(committed: dict[str, Any]) -> dict[str, Any]:
    """``committed`` (the schema as read) with every property of the block written from its module, in the
    place it holds (a new one last)."""
    written = {**{name: m.schema for name, m in FORMED.items()}, **WRITTEN}
    properties = {name: written[name]() for name in committed["properties"] if name in written}
    properties.update({name: write() for name, write in written.items() if name not in properties})
    defs = {**committed.get("$defs", {}), RULE_FORM: rule_form()}
    return {**committed, "properties": properties, "$defs": defs}


def render(schema: dict[str, Any]) -> str:
    """The file's text: two-space JSON, keys in their order, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def path(home: Path) -> Path:
    return home / "schemas" / "mechanics.schema.json"
