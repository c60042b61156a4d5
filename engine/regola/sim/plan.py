"""Which games a simulation plays: one seed per (root seed, game index) and a seat rotation.

A game's seed comes from a stable hash (SHA-256), not Python's salted ``hash()``, so game K of a
simulation is the same game on every machine, with every number of workers and on every backend.
Seats rotate game by game so that, over each block of N games with N players, every bot of the
lineup sits at every seat once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from regola.core.errors import RegolaError

#: what `compare` plays without --bots or --lineups: bots that err (greedy at temperature 0.5: its
#: second-best move now and then), bots that do not, and one seat that hears every kind of move through
#: the rules (probe: it plays what a house rule adds; docs/BOTS.md) among greedy ones. Here, beside the
#: seeds, so that the server's jobs read it without loading the statistics
DEFAULT_LINEUPS = ("greedy:temp=0.5", "greedy", "probe,greedy")


def game_seed(root: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with root seed ``root`` (63 bits: fits int64)."""
    digest = hashlib.sha256(f"regola-sim:{root}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def parse_players(text: str) -> tuple[int, ...]:
    """'4', '2-5' or '2,4' → the player counts, in the order games cycle through them."""
    out: list[int] = []
    try:
        for part in text.split(","):
            part = part.strip()
            if "-" in part:
                lo, hi = (int(x) for x in part.split("-", 1))
                if lo > hi:
                    raise ValueError
                out.extend(range(lo, hi + 1))
            elif part:
                out.append(int(part))
    except ValueError:
        raise RegolaError(f"--players {text!r}: give a count (4), a range (2-5) or a list (2,4)") from None
    if not out:
        raise RegolaError(f"--players {text!r}: no player count given")
    return tuple(dict.fromkeys(out))


def parse_bots(text: str) -> tuple[str, ...]:
    """'greedy:temp=0.5,top=2,random' → the lineup (a bot's options stay with it); the last bot fills
    the remaining seats."""
    from regola.bots.specs import split_bot_specs

    names = tuple(split_bot_specs(text))
    if not names:
        raise RegolaError("--bots: name at least one bot")
    return names


def lineup(bots: tuple[str, ...], players: int) -> tuple[str, ...]:
    if len(bots) > players:
        raise RegolaError(f"--bots names {len(bots)} seats but a game has {players} players")
    return bots + (bots[-1],) * (players - len(bots))


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its index in the simulation, players, seed and the bot of every seat."""

    index: int
    players: int
    seed: int
    rotation: int
    bots: tuple[str, ...]


def game_spec(index: int, root: int, players: tuple[int, ...], bots: tuple[str, ...]) -> GameSpec:
    """Game ``index``: player counts cycle game by game; the lineup rotates by one seat per cycle."""
    n = players[index % len(players)]
    rotation = (index // len(players)) % n
    line = lineup(bots, n)
    seated = tuple(line[(seat - rotation) % n] for seat in range(n))
    return GameSpec(index, n, game_seed(root, index), rotation, seated)


def balanced(games: int, players: tuple[int, ...]) -> bool:
    """True when every player count gets a whole number of full rotations."""
    per_count = [len(range(i, games, len(players))) for i in range(len(players))]
    return all(c % n == 0 for c, n in zip(per_count, players, strict=True))
