"""Game-agnostic engine: packs, variants, schemas, flow, game driver, records, bots."""
