"""Hand-checked golden vectors, one JSON file per rules preset (format: README.md here).

Read them with ``importlib.resources.files("ofc_fast.golden")``.
"""
