"""A move a game declares secret (GameDefinition.secrets) must not show on the open board: two legal moves
that share the verb and the open arguments leave the public view the same, until the round of such moves
closes and the rules show its outcome (sealed bids opened). A seat may still learn one privately (the
draft packet it is handed). The tables' words, the OpenSpiel resample and the terminal trust that list; a
move whose effect everyone sees (a material taken from an open shop) does not belong on it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.step import SPECTATOR

FORMS = [("cs", 3, ()), ("cs", 2, ("ml-open-deck",)), ("de", 4, ()), ("pl", 3, ()),
         ("pl", 3, ("pf-sealed-auction",)), ("pl", 3, ("pf-profession-draft",)), ("pl", 4, ("muse-and-princess",))]


#: secret moves made in turn and shown together once all are in: the last one opens the round (the sealed
#: bids of the sealed auction forms, R7 and the pf-sealed-auction house rule)
OPENED_TOGETHER = {"seal", "bid"}


def _opens_the_round(game: Game, verb: object) -> bool:
    """Whether the move just made was the last of a round of sealed moves, so the rules now show them."""
    return verb in OPENED_TOGETHER and (game.is_terminal() or game.current_player() == CHANCE
                                        or all(move[0] != verb for move in game.legal_actions()))


@pytest.mark.parametrize(("pack", "players", "variants"), FORMS)
def test_a_secret_move_changes_no_other_seats_view(pack: str, players: int, variants: tuple[str, ...]) -> None:
    ruleset = Ruleset(load_pack(pack, variants=list(variants)))
    secrets = ruleset.definition.secrets(ruleset.rules)  # type: ignore[misc]
    setup = ruleset.definition.setup_modes(ruleset.rules)[0]
    compared: Counter[str] = Counter()
    for seed in range(3):
        game = Game.new(ruleset, players, seed, setup)
        rng = random.Random(seed)
        while not game.is_terminal():
            if game.current_player() == CHANCE:
                game.apply(game.sample_chance())
                continue
            legal = list(game.legal_actions())
            alike: dict[tuple[object, ...], list[tuple[object, ...]]] = {}
            for move in legal:
                if move[0] in secrets:
                    alike.setdefault(tuple(move[: 1 + secrets[move[0]]]), []).append(move)
            for shown, moves in alike.items():
                if len(moves) > 1:
                    one, other = (game.clone(), game.clone())
                    a, b = rng.sample(moves, 2)
                    one.apply(a)
                    other.apply(b)
                    if _opens_the_round(one, shown[0]) or _opens_the_round(other, shown[0]):
                        continue
                    public = [ruleset.definition.view(g.state, SPECTATOR) for g in (one, other)]
                    assert public[0] == public[1], (shown, a, b)
                    compared[str(shown[0])] += 1
            game.apply(legal[rng.randrange(len(legal))])
    assert compared, f"no two look-alike secret moves met in {pack} {variants}: the test saw nothing"
