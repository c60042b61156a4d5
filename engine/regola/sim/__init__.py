"""Simulations of many games: seeds and seating (plan), arms (pack + variants), workers, backends,
the Parquet store, statistics and reports. Used by `regola simulate` and `regola compare`.

Nothing here names a game: per-game numbers come from the game's optional ``metrics`` hook and the
verbs of its actions.
"""
