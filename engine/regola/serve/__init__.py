"""`regola serve`: the rule reference over HTTP — a versioned JSON API and a web rulebook.

One Starlette application (``app.create_app``) run by uvicorn. Packs and variants are loaded and
validated once at start (``library``); every reply is built by the engines the command line uses
(text binding and rendering, `regola check`, record replay), never by a second copy of them.
"""
