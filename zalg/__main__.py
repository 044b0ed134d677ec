"""``python -m zalg``: the algebra's own commands (``info``)."""
import sys

from zalg.tools.commands import main

sys.exit(main())
