"""The board layer: the row geometry, the rules as data, complete and partial
boards (fouls, royalties, Fantasyland), pairwise scoring of a deal, and
matches of hands.
It builds on the hand layer only."""
