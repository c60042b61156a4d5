"""Random numbers by purpose and by moment, so that one kind of chance never shifts another.

A game of a simulation is played under two sets of rules (the base pack and a variant) from the
same seed; the comparison is fair only if chance does not drift between them. A single generator per
seat drifts: as soon as the variant offers one more choice somewhere, every later draw of that seat
lands on another decision. Here each purpose (a seat's random bot, a softened bot's noise, …) has its
own stream, and inside it the draws of a *moment* of the game (a visit of a flow state, see
``regola.core.play``) depend only on the seed, the purpose, the moment and how many draws that
moment has made: a difference in round 3 leaves the draws of round 4 as they were.

Each moment starts from its own state, SplitMix64's mixing function (Steele, Lea and Flood 2014) applied
to the purpose's key and the moment (Mersenne Twister costs ~5 µs to seed, too much to re-seed at every
moment); the draws within a moment step a 64-bit linear congruential generator (Knuth's MMIX constants)
and use its high bits only, one multiplication per draw, since the play loop draws once per decision.
It is for bots and simulations, never for secrets.
"""

from __future__ import annotations

import hashlib
import zlib

__all__ = ["Stream", "moment_key", "stream_key"]

_MASK = (1 << 64) - 1
_MULTIPLIER, _INCREMENT = 6364136223846793005, 1442695040888963407


def _mix(z: int) -> int:
    """SplitMix64's finalizer: every input bit reaches every output bit."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def stream_key(*parts: object) -> int:
    """A stable 64-bit key for a purpose (SHA-256, never Python's salted ``hash``)."""
    text = "regola-stream:" + "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def moment_key(flow_state: str, visit: int) -> int:
    """The moment of a game: the ``visit``-th time its flow entered the state named ``flow_state``."""
    return (zlib.crc32(flow_state.encode()) << 24) ^ visit


class Stream:
    """Draws for one purpose. ``at(moment)`` moves to a moment (a no-op when it is the current one);
    without moments (None) it is an ordinary sequential generator."""

    __slots__ = ("_moment", "_state", "key")

    def __init__(self, *purpose: object) -> None:
        self.key = stream_key(*purpose)
        self._moment: int | None = None
        self._state = _mix(self.key)

    def seed(self, *purpose: object) -> None:
        """Start again from another purpose key (what ``random.Random.seed`` is to a generator)."""
        self.key = stream_key(*purpose)
        self._moment = None
        self._state = _mix(self.key)

    def at(self, moment: int | None) -> Stream:
        if moment is not None and moment != self._moment:
            self._moment = moment
            self._state = _mix(self.key ^ _mix(moment & _MASK))
        return self

    def bits64(self) -> int:
        self._state = state = (self._state * _MULTIPLIER + _INCREMENT) & _MASK
        return state

    def below(self, n: int) -> int:
        """A whole number in [0, n) from the high bits (Lemire's multiply-shift: bias below n / 2**64)."""
        self._state = state = (self._state * _MULTIPLIER + _INCREMENT) & _MASK
        return (state * n) >> 64

    def random(self) -> float:
        """A float in [0, 1) (the top 53 bits)."""
        return (self.bits64() >> 11) * (1.0 / (1 << 53))
