# The joker rules of a Rules object (Rules.joker_spec: seven ints) as the C struct
# ofc_joker_rules (csrc/ofc_board.h), for the play and sim bindings (included in
# _play.pyx and _sim.pyx); None is a deck without jokers.

cdef int fill_joker_rules(object spec, ofc_joker_rules *jr) except -1:
    """Fill jr from spec (jokers, pool, five_kind, royalty middle, royalty bottom,
    resolution, natural_beats_wild), or all zeros (no jokers) for None."""
    if spec is None:
        memset(jr, 0, sizeof(ofc_joker_rules))
        return 0
    if not isinstance(spec, tuple) or len(spec) != 7:
        raise ValueError(f"a joker spec is a tuple of 7 ints (Rules.joker_spec), got {spec!r}")
    jr.jokers, jr.pool, jr.five_kind = spec[0], spec[1], spec[2]
    jr.five_kind_royalty[0], jr.five_kind_royalty[1] = spec[3], spec[4]
    jr.resolution, jr.natural_beats_wild = spec[5], spec[6]
    if not (0 <= jr.jokers <= 2 and 0 <= jr.pool <= 3 and 0 <= jr.five_kind <= 2
            and 0 <= jr.resolution <= 1):
        raise ValueError(f"bad joker spec {spec!r}")
    return 0
