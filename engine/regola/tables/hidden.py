"""What another seat may know of a decision. The views hide hands, sealed bids, lab targets and the deck
order; the decision that put them there must not say them either. For each game, the verbs whose
arguments are private to the deciding seat, and how many leading arguments stay public (the lab a
work starts in is seen, the invention is not). Chance outcomes (a shuffled deck) are never told."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regola.core.pack import Pack

__all__ = ["HIDDEN", "hidden_for", "seen"]

#: game id -> verb -> how many leading arguments everyone may see (the rest are withheld)
HIDDEN: dict[str, dict[str, int]] = {
    "maestro-leonardo": {
        "start": 1,  # the lab is seen; the invention worked on is private (001 §6, R2)
        "favor": 1,  # the letter is seen; the materials go to a hidden hand (001 appendix)
        "buy": 0,  # the material goes to a hidden hand
        "exchange": 0,  # cards between a hidden hand and the market
        "order": 0,  # the deck's top as the council space let one seat arrange it (001 §8 A)
        "bid": 0,  # sealed bids (R7)
    },
    "princes-of-florence": {
        "keep": 0,  # the profession cards a player keeps are a hidden hand (004)
        "return": 0,
        "take": 0,  # the card taken from a drawn few
        "under": 0,  # the order the others go back under their pile (R17)
    },
}


def hidden_for(pack: Pack) -> dict[str, int]:
    """The private verbs of a pack's game as the pack's forms make them: a profession draft's packets
    are hands (mechanics.deal kind draft), so the card a player picks from one is theirs alone, where a
    pick from an open display is seen by everyone."""
    out = dict(HIDDEN.get(pack.game, {}))
    deal = (pack.data.get("mechanics") or {}).get("deal")
    if isinstance(deal, dict) and deal.get("kind") == "draft":
        out["pick"] = 0
    return out


def seen(hidden: Mapping[str, int], actor: int, action: list[Any], seat: int | None) -> list[Any] | None:
    """``action`` (JSON form) of ``actor`` as ``seat`` may know it, ``hidden`` the game's private verbs
    (``hidden_for``): whole for its own decisions, with private arguments withheld (None) for the
    others; None for a chance outcome nobody is told."""
    if actor < 0:
        return None
    if seat == actor:
        return action
    public = hidden.get(str(action[0]))
    if public is None:
        return action
    return [action[0], *action[1:1 + public], *([None] * max(0, len(action) - 1 - public))]
