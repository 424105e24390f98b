"""`python3 -m ais_bench ...`: see ais_bench.cli."""
import sys

from ais_bench.cli import main

sys.exit(main())
