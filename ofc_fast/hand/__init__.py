"""The hand layer: card codes and text, the strength of one 3- or 5-card hand
(and deuce-to-seven lowball), the best hands among subsets, and front doors
shaped like other evaluators (``compat``).  It knows nothing of boards."""
