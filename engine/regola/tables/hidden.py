"""What another seat may know of a decision. The views hide hands, sealed bids, lab targets and the deck
order; the decision that put them there must not say them either. Which verbs have private arguments,
and how many leading arguments stay public (the lab a work starts in is seen, the invention is not), is
the game's to say from the pack's forms (``GameDefinition.secrets``: a house rule that opens the hands
opens the purchases too). Chance outcomes (a shuffled deck) are never told."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regola.core.game import Ruleset

__all__ = ["hidden_for", "seen"]


def hidden_for(ruleset: Ruleset) -> dict[str, int]:
    """The private verbs of a ruleset's game as its pack's forms make them: verb -> public arguments."""
    secrets = ruleset.definition.secrets
    return dict(secrets(ruleset.rules)) if secrets is not None else {}


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
