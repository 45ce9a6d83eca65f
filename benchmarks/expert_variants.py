"""Any game's expert among greedy bots, paired: versions of its Spec on the same games (issue #21).

    python benchmarks/expert_variants.py GAME [--players 4] [--games N] [--seed S]
        [--start K] [--think-iterations N] [--save FILE] [--against FILE ...]
        [--variants current greedy scale=12 horizon=20,bias=2.0 ...]

The games, the variants (``current``, ``greedy``, ``FIELD=VALUE`` changes of the
game's ``EXPERT``, a tail ``@N`` the variant's own iterations) and what is printed:
``paired.py``.  ``animal_splash_expert.py`` and ``moonshell_expert.py`` are this
with the game's own variants and its points by source.
"""

from __future__ import annotations

import paired

if __name__ == "__main__":
    paired.main(__doc__)
