"""Actions in plain (English) words, for the terminal's chrome and for logs. Localized wording of
actions comes from the text catalogs (regola.text)."""

from __future__ import annotations

from typing import Any

from regola.games.maestro_leonardo.state import State

# verb -> template over the action tuple `a` (a[0] is the verb)
TEMPLATES = {
    "pass": "pass",
    "start": "start invention {a[2]} in lab {a[1]}",
    "abort": "abort the work in lab {a[1]}",
    "place": "place {a[2]} apprentice(s) in {a[1]}",
    "master": "place the master in {a[1]}",
    "leonardo": "give Leonardo to seat {a[1]}",
    "space": "take council space {a[1]}",
    "withdraw": "take the people back from the council",
    "move": "move an apprentice of seat {a[1]} from {a[2]} to {a[3]}",
    "decline": "do not use the space",
    "bid": "bid {a[1]}",
    "auction_first": "auction invention {a[1]} first",
}


def _materials(state: State, counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {m}" for m, n in zip(state.rules.materials, counts, strict=True) if n)


def describe(state: State, action: tuple[Any, ...]) -> str:
    verb = action[0]
    if verb in TEMPLATES:
        return TEMPLATES[verb].format(a=action)
    if verb == "order":
        return "put the deck top back as " + ", ".join(str(c) for c in action[1])
    if verb == "buy":
        return f"buy 1 {state.rules.materials[action[1]]}"
    if verb == "act":
        if len(action) == 1:
            return "take the action"
        return f"upgrade: {action[1]}" + (f" (lab {action[2]})" if action[2] >= 0 else "")
    if verb == "favor":
        lab = f" on lab {action[2]}" if action[2] >= 0 else ""
        mats = _materials(state, action[3])
        return f"favor {action[1]}{lab}" + (f" + {mats}" if mats else "")
    if verb == "exchange":
        return f"exchange {_materials(state, action[1])} for {_materials(state, action[2])}"
    if verb == "deal":
        return f"deal the deck ({len(action[1])} cards)"
    return " ".join(str(a) for a in action)
