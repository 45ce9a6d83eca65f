"""95% intervals the strength benchmarks print (bots.py, moonlighter_expert.py,
moonshell_solo.py, shifting_stones_solo.py import them: run as scripts, this
folder is on their path)."""

from __future__ import annotations

import math
import statistics

Z = 1.96


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval of a win rate ``wins / n``."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def median_interval(values: list[float]) -> tuple[float, float]:
    """The order statistics around the median that hold it 95% of the time."""
    ordered = sorted(values)
    n = len(ordered)
    half = Z * math.sqrt(n) / 2
    low = max(0, math.floor(n / 2 - half))
    high = min(n - 1, math.ceil(n / 2 + half) - 1)
    return ordered[low], ordered[high]


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half
