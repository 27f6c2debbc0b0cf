"""`python -m translations`: see `translations.cli`."""

import sys

from translations.cli import main

sys.exit(main())
