"""`python -m crescent`: see `crescent.cli`."""

import sys

from crescent.cli import main

sys.exit(main())
