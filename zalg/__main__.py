"""``python -m zalg``: the algebra's own commands (``info``)."""
import sys

from zalg.commands import main

sys.exit(main())
