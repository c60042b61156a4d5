"""Names that come from outside: a request, a form field, a record header, a posted body.

Such a name is only ever looked up among names already known (the packs and variants a server serves,
the house rules posted to it); it is never joined to a folder, opened, or resolved as a path. This
module checks its form before any lookup, so a value like ``/etc/passwd``, ``../x``, ``~``,
``file://…`` or ``%2F`` is refused before anything could read a file, and the refusal neither echoes
the value nor names anything on the server's disk.

The command line is another matter: there a person names their own files on purpose, and
``core.pack.load_pack`` takes paths. Everything that serves strangers resolves through here instead.
"""

from __future__ import annotations

import re

from regola.core.errors import RegolaError

__all__ = ["ID", "NameRefused", "outside_id"]

#: the schema's id (pack-meta.schema.json#/$defs/id: lowercase letters, digits, '-', '_', '.'), at most
#: 64 characters; posted house rules' tokens ('sha256-' and 32 hex digits) have the same form
ID = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")


class NameRefused(RegolaError):
    """A name from outside that is not an id; the message says what was expected, not what came."""


def outside_id(value: object, what: str) -> str:
    """``value`` when it has an id's form, else NameRefused naming ``what`` (e.g. "variants[0]").

    '..' and a '.yaml' ending are refused too: an id never holds them, and the command line's
    resolver would read either as a path.
    """
    if (isinstance(value, str) and ID.fullmatch(value) and ".." not in value
            and not value.endswith((".yaml", ".yml", ".json"))):
        return value
    raise NameRefused(f"{what}: an id is expected (lowercase letters, digits, '-', '_' or '.', at most 64; "
                      "never a path or a file name)")
