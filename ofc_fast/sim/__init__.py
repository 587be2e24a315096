"""The sim layer: Monte Carlo over the engine: rollouts of partial boards,
the ranking of placements, the one-call search, the review of played
hands, self-play runs and their Dask versions.  It
builds on the play layer and those below."""
