from zalg.cli import main
import sys

sys.exit(main())
