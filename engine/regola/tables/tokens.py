"""Capability tokens: whoever holds a seat's token plays that seat. Tokens are 192 random bits; the
store keeps only their SHA-256 digests, so neither the database nor a log line can give a seat away."""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["digest", "new_id", "new_token"]

TOKEN_BYTES = 24


def new_token() -> str:
    """A fresh token, URL-safe (32 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_id() -> str:
    """A table's public id (not a capability: knowing it grants nothing)."""
    return secrets.token_hex(6)


def digest(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
