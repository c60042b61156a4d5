"""Decision handlers bound to flow states (one module per phase)."""
