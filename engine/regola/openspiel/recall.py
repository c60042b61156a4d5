"""What a seat saw, as short fingerprints: the lines of its perfect-recall trail (regola.openspiel.bridge)
and the yardstick a resampled history is held to (regola.openspiel.resample)."""

from __future__ import annotations

import hashlib
import json

from regola.core.game import Game


def view_text(game: Game, seat: int) -> str:
    """The seat's whole view as JSON with sorted keys, without what is drawn from the rest of it (a board's
    picture: the same information): equal texts, equal views."""
    return json.dumps(game.view(seat, plain=True), sort_keys=True, ensure_ascii=False, default=list)


def digest(text: str) -> str:
    """A short fingerprint of a view (BLAKE2b, 96 bits): the trail keeps what the seat saw without its text."""
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def seen(game: Game, seat: int) -> str:
    """The fingerprint of what ``seat`` sees of ``game`` now."""
    return digest(view_text(game, seat))


#: a fingerprint as tensor entries: its 96 bits in pieces of 24, each a float32 holds exactly
PIECES, PIECE_BITS = 4, 24


def fingerprint_numbers(fingerprint: str) -> list[float]:
    """A fingerprint (24 hexadecimal digits) as ``PIECES`` numbers in [0, 1), every bit kept."""
    width = PIECE_BITS // 4
    return [int(fingerprint[i * width:(i + 1) * width], 16) / (1 << PIECE_BITS) for i in range(PIECES)]
