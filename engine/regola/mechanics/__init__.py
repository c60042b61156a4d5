"""The mechanics library: forms of a rule that a pack chooses by name and parameterizes in data.

A game's rules compile the pack's ``mechanics`` block through this package; the game itself supplies
only what is its own: how to count each *measure* (a number per player: money, prestige, inventions)
and how to give a *resource*. Each form is a documented term (cf. Ludii's ludemes):

- ``awards`` (:mod:`.awards`): scoring and catch-up terms — at a declared moment (round start, round
  end, game end), to each player or to whoever has the fewest or most of a measure, an amount of a
  resource given by a safe expression over the measures (:mod:`.expressions`);
- ``end`` (:mod:`.ending`): further ways the game ends — after the round, or the turn, in which a
  measure reaches a threshold or a pile runs out (the pack's round count stays the latest end);
- ``start_player`` (:mod:`.start`): who starts each round — the pack's own holder rule, rotation by a
  step, or the fewest or most of a measure with a tie rule;
- ``turn_order`` (:mod:`.seating`): which way play goes, clockwise or counter-clockwise;
- ``auction`` (:mod:`.auction`): how a lot is sold — sealed bids, an open auction with its raise rule,
  a Dutch (falling-price) offer or a fixed price — with the tie rules of :mod:`.ties`;
- ``deal`` (:mod:`.draft`): how a hand is made at setup — keep some of the cards dealt, draft them, or
  take them in turn from an open display refilled from the pile;
- ``visibility`` (:mod:`.visibility`): who sees each part of a player's holdings.

The words for each form, in every shipped language, are in :mod:`regola.text.mechanics` (gettext
domain ``regola``); the JSON Schema of the block is ``schemas/mechanics.schema.json``.
"""

from __future__ import annotations

from regola.mechanics.compile import Mechanics, compile_mechanics

__all__ = ["Mechanics", "compile_mechanics"]
