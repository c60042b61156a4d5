"""Lab primitives shared by the workshop (001 §8 B) and the advanced-setup favors (001 appendix)."""

from __future__ import annotations

from regola.games.maestro_leonardo.rules import Rules, Upgrade
from regola.games.maestro_leonardo.state import Lab, Player


def robots_owned(p: Player) -> int:
    return sum(lab.robots for lab in p.labs)


def free_robot_space(rules: Rules, lab: Lab) -> int:
    return rules.lab_sides[(lab.kind, lab.side)].robot_spaces - lab.robots


def free_spaces(rules: Rules, lab: Lab) -> int:
    """Spaces a master or apprentice may still take: any space not held by a figure (001 §7)."""
    return rules.lab_sides[(lab.kind, lab.side)].spaces - lab.robots - lab.apprentices - (1 if lab.master else 0)


def upgrade_targets(rules: Rules, p: Player, up: Upgrade, require_idle: bool = True) -> list[int]:
    """Lab indexes an upgrade may apply to (take_lab yields [-1] when possible): idle labs only."""
    if up.effect == "flip_lab":
        return [i for i, lab in enumerate(p.labs)
                if lab.kind == up.kind and lab.side == up.side_from and (lab.target is None or not require_idle)]
    if up.effect == "take_lab":
        if len(p.labs) < rules.limit_labs and all(lab.kind != up.kind for lab in p.labs):
            return [-1]
        return []
    if up.effect == "install_robot":
        if p.robot_supply <= 0 or robots_owned(p) >= rules.limit_robots:
            return []
        return [i for i, lab in enumerate(p.labs)
                if (lab.target is None or not require_idle) and free_robot_space(rules, lab) > 0]
    raise ValueError(f"unknown upgrade effect {up.effect}")


def apply_upgrade(p: Player, up: Upgrade, lab_index: int) -> None:
    if up.effect == "flip_lab":
        p.labs[lab_index].side = up.side_to or ""
    elif up.effect == "take_lab":
        p.labs.append(Lab(up.kind or "", up.side_to or ""))
    else:  # install_robot: fixed in that lab for the rest of the game (F7, F8)
        p.labs[lab_index].robots += 1
        p.robot_supply -= 1
