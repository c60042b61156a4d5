"""Tables: games people play through the server, seat by seat (docs/TABLES.md).

A table is one game of a pack with its variants, player count and setup, each seat a person or a bot.
Each person holds an unguessable capability token for their seat; a spectator token sees the public
view, a host token may download the whole record at any time. Every accepted decision is stored as it
happens, as a line of the project's record format (``core/record.py``), so a table survives a restart.

    spec.py      what a table is made of (pack, variants, players, setup, seats), checked against limits
    tokens.py    capability tokens: made here, stored only as digests
    hidden.py    what another seat may know of a decision (a sealed bid, a drawn card stay hidden)
    undo.py      the pack's take-back policy (its ``undo`` data) followed decision by decision
    table.py     one table: a seat's decision refereed by the engine, chance outcomes, take-backs, record
    messages.py  what each audience receives: a seat's view, the public view, events since a number
    bots.py      bots thinking in worker processes with a time bound
    store/       SQLite (default, WAL) and PostgreSQL storage of tables and their record lines
    hall.py      the tables of one server: create, find by token, act, restore at start, limits
    replay.py    positions at every step of any record, forwards and backwards
    words.py     names from the rule catalogs, every other word from regola.i18n (domain "tables")
    boards.py    the board of a game drawn as SVG by the drawing its definition names
"""
