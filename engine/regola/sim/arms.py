"""An arm of a simulation: the base pack with a stack of variants, loaded and hashed once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from regola.bots.specs import make_bot
from regola.core.errors import RegolaError
from regola.core.game import Ruleset
from regola.core.pack import Pack, load_pack


@dataclass(frozen=True)
class Arm:
    name: str
    pack: Pack

    @property
    def variants(self) -> list[str]:
        return [v.id for v in self.pack.variants]

    @property
    def content_hash(self) -> str:
        return self.pack.content_hash

    def describe(self) -> dict[str, object]:
        return {"name": self.name, "pack": self.pack.id, "variants": self.variants,
                "content_hash": self.content_hash}


def load_arm(name: str, pack: str, variants: Sequence[str]) -> Arm:
    """Loads and validates (a variant that fails validation is a PackError naming file and line)."""
    return Arm(name, load_pack(pack, variants=list(variants)))


def check_arm(arm: Arm, players: tuple[int, ...], setup: str, bots: tuple[str, ...]) -> None:
    """Everything a game of this arm would refuse, said before a single game is played."""
    ruleset = Ruleset(arm.pack)
    lo, hi = ruleset.players_range()
    for n in players:
        if not lo <= n <= hi:
            raise RegolaError(f"--players {n}: pack {arm.pack.id} ({arm.name}) takes {lo} to {hi} players")
    modes = ruleset.definition.setup_modes(ruleset.rules)
    if setup not in modes:
        raise RegolaError(f"--setup {setup!r}: pack {arm.pack.id} knows {', '.join(modes)}")
    for seat, bot in enumerate(bots):  # a bot's name and options are refused here, not in a worker
        make_bot(bot, seat, 0, ruleset)
