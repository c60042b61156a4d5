"""The deal of Maestro Leonardo (001 §3) as single card draws with their probabilities (regola.core.chance).

``setup.build_deck`` shuffles each tier's pile, takes the advanced setup's removed cards off the piles,
then builds the deck bottom layer first: each layer is its fixed cards, a number of cards from some
tiers' piles (or all that is left of them), shuffled. The same distribution, one card at a time:

* a removed card: uniform among the cards left in its tier's pile;
* the next position of a layer (bottom up): a fixed card of the layer not yet placed with chance
  1/S, a card of tier T with chance (T's slots left in the layer / S) / (cards left in T's pile),
  where S is the layer's slots left. (A shuffled layer is a uniform arrangement of a uniform pick,
  so filling it position by position this way gives every arrangement its chance.)
"""

from __future__ import annotations

from typing import Any

from regola.core.chance import ChanceModel, Draws
from regola.core.step import Action
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import State
from regola.games.maestro_leonardo.steps.setup import deal_pool


def domain(rules: Rules) -> tuple[Any, ...]:
    return rules.card_ids


class LayeredDeal(Draws):
    def __init__(self, state: State) -> None:
        rules = state.rules
        super().__init__(domain(rules))
        self.rules = rules
        fixed = {c for layer in rules.deck_layers for c in layer.cards}
        pool = deal_pool(rules, state)
        self.piles: dict[str, list[int]] = {t: [c for c in pool if c not in fixed and rules.cards[c].tier == t]
                                            for t in rules.tiers}
        self.removals = [tier for tier, count in rules.adv_removed.get(state.n, ()) for _ in range(count)] \
            if state.setup == "advanced" else []
        self.removed: list[int] = []
        self.bottom_up: list[int] = []
        self.layer = -1
        self.fixed_left: list[int] = []
        self.slots: dict[str, int] = {}
        self._next_layer()

    def _next_layer(self) -> None:
        """Open the next layer that has a slot (bottom up), or finish."""
        layers = self.rules.deck_layers
        while self.layer + 1 < len(layers):
            self.layer += 1
            layer = layers[self.layer]
            self.fixed_left = list(layer.cards)
            self.slots = dict(layer.add)
            for tier in layer.rest:  # the rest of a tier's pile, whatever is left of it after the adds
                self.slots[tier] = len(self.piles[tier])
            if self._size():
                return
        self.layer = len(layers)

    def _size(self) -> int:
        return len(self.fixed_left) + sum(self.slots.values())

    def done(self) -> bool:
        return len(self.removed) == len(self.removals) and self.layer >= len(self.rules.deck_layers)

    def _options(self) -> dict[Any, float]:
        if len(self.removed) < len(self.removals):
            pile = self.piles[self.removals[len(self.removed)]]
            return {c: 1.0 / len(pile) for c in pile}
        if self.done():
            return {}
        size = self._size()
        out = {c: 1.0 / size for c in self.fixed_left}
        for tier, slots in self.slots.items():
            pile = self.piles[tier]
            if slots and pile:
                for c in pile:
                    out[c] = slots / size / len(pile)
        return out

    def _take(self, card: int) -> None:
        tier = self.rules.cards[card].tier
        if len(self.removed) < len(self.removals):
            self.piles[tier].remove(card)
            self.removed.append(card)
            return
        if card in self.fixed_left:
            self.fixed_left.remove(card)
        else:
            self.piles[tier].remove(card)
            self.slots[tier] -= 1
        self.bottom_up.append(card)
        if not self._size():
            self._next_layer()

    def outcome(self) -> Action:
        if not self.done():
            raise ValueError("the deal is not complete yet")
        return ("deal", tuple(self.bottom_up[::-1]), tuple(self.removed))

    def text(self, outcome: int) -> str:
        return f"card {self.domain[outcome]}"


def start(state: State, step: str) -> Draws:
    if step != "deal":
        raise ValueError(f"Maestro Leonardo has no chance step {step!r}")
    return LayeredDeal(state)


def most(rules: Rules, players: int, step: str) -> int:
    """The deal draws each card of the catalogue at most once (a removed card or a place in the deck)."""
    return len(rules.card_ids)


MODEL = ChanceModel(domain=domain, start=start, most=most)
