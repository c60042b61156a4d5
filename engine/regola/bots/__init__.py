"""Game-agnostic bots beyond the core's random one: search bots that work for any game offering
search hooks (regola.core.search)."""
