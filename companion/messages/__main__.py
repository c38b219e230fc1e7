"""``python -m companion.messages check | convert EN.py FR.py``: :mod:`companion.messages.catalogues`."""

import sys

from companion.messages.catalogues import main

if __name__ == "__main__":
    sys.exit(main())
