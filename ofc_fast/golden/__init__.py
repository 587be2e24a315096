"""Hand-checked golden vectors, one JSON file per rules preset and ``jokers.json``
(boards with jokers under each joker convention); format: README.md here.

Read them with ``importlib.resources.files("ofc_fast.golden")``.
"""
