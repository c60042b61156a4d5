"""The check daemon: `regola check` served by a process that has already imported everything.

A check of one edited variant takes ~35 ms of work and ~250 ms of interpreter start and imports
(PyYAML, jsonschema-rs, transitions, the compiled-rules dataclasses). The console command therefore
first asks a daemon of the same installation to run it (``client``, standard library only, ~30 ms),
and falls back to running it in-process, starting a daemon for the next run, when none answers.
The daemon (``server``) runs the very same ``regola.cli.main.main``, handed to it by ``regola daemon
run`` (the daemon sits below the command line and never imports it), with the client's arguments,
working folder and environment, so its output and exit status are those of an in-process run.

- ``address``: where this installation's daemon listens, and whether the machine allows one;
- ``client``: ask the daemon to run a command, or start one;
- ``server``: the serving loop, and when the daemon must stop (idle, its code changed).
"""
