"""The solve layer: the exact Fantasyland setting (the best 13 of 13-17
cards).  It builds on the board and hand layers."""
