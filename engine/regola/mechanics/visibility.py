"""Who sees what, per component: each part of a player's holdings (money, hand, prestige cards) is
``public`` (everyone) or ``owner`` (its player only); each of the game's piles (``mechanics.piles``) is
``hidden`` (face down: nobody sees its cards until they are drawn, as printed) or ``public`` (face up:
everyone sees its cards in order from the top) or shows its top N cards (``{top: N}``: everyone sees
those, in order; the rest lie face down), where the game can lay a pile so. The game's view, its search
bots' information states and
the OpenSpiel observation ask here, so a house rule that opens a part ("everyone's gulden are public")
or a pile ("the invention pile lies face up") changes each of them at once. A spectator is nobody's
owner. No holding is ``hidden`` (its player decides with it) and no pile has an ``owner``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from regola.i18n import N_
from regola.mechanics.forms import NAME_PATTERN

__all__ = ["HELD_AUDIENCES", "HELD_WORDS", "PILE_AUDIENCES", "PILE_WORDS", "Visibility"]

#: who may see a part of a player's holdings, and a pile of the game; each with its label (a msgid)
HELD_AUDIENCES = ("public", "owner")
HELD_WORDS = (N_("everyone"), N_("its owner only"))
PILE_AUDIENCES = ("hidden", "public")
PILE_WORDS = (N_("face down"), N_("face up"))
#: the most parts and piles a block may name, and the most cards a pile may show on its top
MOST_PARTS, MOST_PILES, MOST_ON_TOP = 32, 16, 20


def schema() -> dict[str, Any]:
    """The schema of ``mechanics.visibility`` (``tools/schemas.py`` writes it into schemas/mechanics.schema.json)."""
    top = {"type": "object", "additionalProperties": False, "required": ["top"],
           "properties": {"top": {"type": "integer", "minimum": 1, "maximum": MOST_ON_TOP,
                                  "description": "how many cards from the top lie face up, in order"}}}
    piles = {"type": "object", "maxProperties": MOST_PILES, "propertyNames": {"pattern": NAME_PATTERN},
             "additionalProperties": {"oneOf": [{"enum": list(PILE_AUDIENCES)}, top]},
             "description": "how each of the pack's piles (mechanics.piles) lies: hidden (face down: nobody sees "
             "its cards until they are drawn; a pile not listed), public (face up: everyone sees its cards in order "
             "from the top) or {top: N} (everyone sees its top N cards in order, the rest face down; where the "
             "game can lay a pile so)"}
    return {"type": "object", "maxProperties": MOST_PARTS, "propertyNames": {"pattern": NAME_PATTERN},
            "properties": {"piles": piles}, "additionalProperties": {"enum": list(HELD_AUDIENCES)},
            "description": "who sees each part of a player's holdings the game names (money, hand, prestige "
            "cards...): public (everyone) or owner (that player only); under piles, whether each pile lies face "
            "down (hidden) or face up (public); the views, the search bots' information and OpenSpiel's "
            "observations follow it"}


@dataclass(frozen=True)
class Visibility:
    parts: Mapping[str, str]  # part -> audience (HELD_AUDIENCES)
    piles: Mapping[str, str] = field(default_factory=dict)  # pile -> audience (PILE_AUDIENCES); unlisted: hidden
    tops: Mapping[str, int] = field(default_factory=dict)  # pile -> how many cards from the top lie face up

    def sees(self, part: str, own: bool) -> bool:
        """Whether a seat sees ``part`` of a player's holdings (``own``: that player's own)."""
        audience = self.parts[part]
        return audience == "public" or (own and audience == "owner")

    def hides(self, part: str) -> bool:
        """Whether some seat does not see ``part`` of another player (what search must guess)."""
        return self.parts[part] != "public"

    def open_pile(self, pile: str) -> bool:
        """Whether everyone sees the cards of ``pile`` in order (face up)."""
        return self.piles.get(pile) == "public"

    def shown_on_top(self, pile: str) -> int:
        """How many cards from the top of ``pile`` everyone sees, in order (0: none; a face-up pile: all,
        which the caller counts)."""
        return self.tops.get(pile, 0)
