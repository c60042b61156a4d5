"""The words `regola play` closes a game with: what was played, who won and why (the game's own
summary, in the chosen language), and what to try next.

A game says how its result reads with ``GameDefinition.standing`` (regola.text.present.Standing); a
game without one gets the ranking by seat. ``table`` lays out a standings table whose headers come from the catalogs.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from regola.cli.common import command_name
from regola.text.present import rule_line, sentence, summary, table
from regola.text.seats import seat_number

if TYPE_CHECKING:
    from regola.core.game import Game
    from regola.core.variant import Variant
    from regola.text.speech import Speech

__all__ = ["closing", "rule_line", "sentence", "standings", "table"]  # the helpers: regola.text.present


def _by_seat(game: Game, speech: Speech) -> list[str]:
    result = game.result() or []
    rows = [[speech.gettext("{rank}.", rank=r["rank"]), speech.number(r["seat"])] for r in result]
    return table([speech.gettext("rank"), speech.gettext("seat")], rows)


def standings(game: Game, speech: Speech) -> list[str]:
    """Who won, why and the standings, as the game's result reads (its Standing), or the ranking by seat."""
    hook = game.ruleset.definition.standing
    return summary(game, speech, hook()) if hook is not None else _by_seat(game, speech)


def _variant_ref(variant: Variant) -> str:
    """How a command names a variant so that it loads again: by id when it lies among the packs'
    variants, else by the file it came from."""
    source = variant.source
    if not source.endswith((".yaml", ".yml")) or (source.startswith("rulepacks/") and "/variants/" in source):
        return variant.id
    return shlex.quote(source)


def closing(game: Game, speech: Speech, players: int, seed: int, humans: list[int]) -> list[str]:
    """The whole closing summary of a finished (or stopped) game."""
    pack = game.ruleset.pack
    from regola.text.render import book_title

    variants = "".join(f" + {v.id}" for v in pack.variants)
    lines = [speech.gettext("{title} · pack {pack}{variants} · {players} players · seed {seed} · {decisions} decisions",
                            title=book_title(speech.catalog, pack), pack=pack.id, variants=variants, players=players,
                            seed=str(seed), decisions=len(game.history))]
    lines += standings(game, speech)
    lang = speech.language
    # the same game again needs the same variants: a pack's own variant by its id, any other file by
    # the path it was loaded from (its id would find nothing)
    chosen = "".join(f" --variant {_variant_ref(v)}" for v in pack.variants)
    regola = command_name()  # `regola`, or the path it was started by where that name is not on PATH
    again = f"{regola} play --pack {pack.id}{chosen} --players {players} --seed {seed} --lang {lang}"
    scoring = f"{regola} rules show scoring.winner --pack {pack.id}{chosen} --lang {lang}"
    render = f"{regola} rules render --pack {pack.id}{chosen} --lang {lang} -o rulebook/"
    if game.ruleset.definition.terminal is not None and not humans:
        lines.append(speech.gettext("Next: play a seat yourself against the same deal with `{command}`, or read "
                                    "the scoring rule with `{rule}`.", command=again + " --human 1", rule=scoring))
    elif humans:  # --human counts seats from 1, as every surface names them (regola.text.seats)
        lines.append(speech.gettext("Next: play the same deal again with `{command}`, or try another seed.",
                                    command=again + "".join(f" --human {seat_number(h)}" for h in humans)))
    else:
        lines.append(speech.gettext("Next: read the whole rulebook with `{command}`.", command=render))
    return lines
