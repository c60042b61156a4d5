"""One module per part of the flow: setup, auction (phase A), actions (phase B), rounds and scoring."""
