"""Who sees what: per part of a player's holdings (money, hand, prestige cards), ``public`` (everyone)
or ``owner`` (its player only). The game's view, its search
bots' information states and the OpenSpiel observation all ask here, so a house rule that opens a part
("everyone's gulden are public") changes each of them at once. A spectator is nobody's owner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["AUDIENCES", "Visibility"]

AUDIENCES = ("public", "owner")


@dataclass(frozen=True)
class Visibility:
    parts: Mapping[str, str]  # part -> audience

    def sees(self, part: str, own: bool) -> bool:
        """Whether a seat sees ``part`` of a player's holdings (``own``: that player's own)."""
        audience = self.parts[part]
        return audience == "public" or (own and audience == "owner")

    def hides(self, part: str) -> bool:
        """Whether some seat does not see ``part`` of another player (what search must guess)."""
        return self.parts[part] != "public"
