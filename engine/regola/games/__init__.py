"""Game modules: each one the mechanics of one game, parameterized by its rule packs."""
