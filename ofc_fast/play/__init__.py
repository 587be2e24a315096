"""The play layer: seeded dealing, the game engine (``Game``, its actions
and hand histories) and the built-in policies.  It builds on the solve,
board and hand layers."""
