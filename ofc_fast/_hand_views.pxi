# One hand's state (struct ofc_game) as Python sees it: the views that HandState
# (_play.pyx) and Completions (_sim.pyx) both give, in one home.  Included by both
# after their declarations of ofc_game and ofc_game_set.

cdef object _held_of(const ofc_game *g):
    return np.array([g.held[i] for i in range(g.nheld)], dtype=np.uint8)


cdef object _boards_of(const ofc_game *g):
    return np.array([[g.board[p][i] for i in range(13)] for p in range(g.players)], dtype=np.uint8)


cdef object _discards_of(const ofc_game *g, int seat):
    return np.array([g.discards[seat][i] for i in range(g.ndiscards[seat])], dtype=np.uint8)


cdef int _set_board_of(ofc_game *g, const uint8_t[::1] board) except? -1000:
    if board.shape[0] != 13:
        raise ValueError("set_board: 13 cards")
    return ofc_game_set(g, &board[0])
