"""``python -m ofc_fast.cli``: the ``ofc-fast`` command without its console script."""
import sys

from . import main

sys.exit(main())
