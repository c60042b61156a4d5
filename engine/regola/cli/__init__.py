"""The `regola` command line."""
