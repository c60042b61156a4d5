"""Actions in plain (English) words, for the terminal and for logs. Localized texts come from the packs."""

from __future__ import annotations

from typing import Any

from regola.games.maestro_leonardo.state import State


def describe(state: State, action: tuple[Any, ...]) -> str:
    rules = state.rules
    verb = action[0]
    if verb == "pass":
        return "pass"
    if verb == "start":
        return f"start invention {action[2]} in lab {action[1]}"
    if verb == "abort":
        return f"abort the work in lab {action[1]}"
    if verb == "place":
        return f"place {action[2]} apprentice(s) in {action[1]}"
    if verb == "master":
        return f"place the master in {action[1]}"
    if verb == "leonardo":
        return f"give Leonardo to seat {action[1]}"
    if verb == "space":
        return f"take council space {action[1]}"
    if verb == "withdraw":
        return "take the people back from the council"
    if verb == "move":
        return f"move an apprentice of seat {action[1]} from {action[2]} to {action[3]}"
    if verb == "order":
        return "put the deck top back as " + ", ".join(str(c) for c in action[1])
    if verb == "buy":
        return f"buy 1 {rules.materials[action[1]]}"
    if verb == "decline":
        return "do not use the space"
    if verb == "act":
        return "take the action" if len(action) == 1 else f"upgrade: {action[1]}" + (
            f" (lab {action[2]})" if action[2] >= 0 else "")
    if verb == "favor":
        mats = ", ".join(f"{n} {m}" for m, n in zip(rules.materials, action[3], strict=True) if n)
        lab = f" on lab {action[2]}" if action[2] >= 0 else ""
        return f"favor {action[1]}{lab}" + (f" + {mats}" if mats else "")
    if verb == "bid":
        return f"bid {action[1]}"
    if verb == "auction_first":
        return f"auction invention {action[1]} first"
    if verb == "exchange":
        give = ", ".join(f"{n} {m}" for m, n in zip(rules.materials, action[1], strict=True) if n)
        take = ", ".join(f"{n} {m}" for m, n in zip(rules.materials, action[2], strict=True) if n)
        return f"exchange {give} for {take}"
    if verb == "deal":
        return f"deal the deck ({len(action[1])} cards)"
    return " ".join(str(a) for a in action)
