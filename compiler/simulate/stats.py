"""The statistics a balance report needs: intervals, tests between two runs, and sample sizes.

Rates get Wilson score intervals (good near 0 and 1, where win rates of rare cards sit); means get
Student t intervals; two runs are compared by a two-proportion z test (rates) and Welch's t test
(means); `games_needed` is the usual normal-approximation power calculation for two proportions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float
    n: int

    def as_dict(self, digits: int = 4) -> dict:
        return {
            "value": round(self.value, digits),
            "low": round(self.low, digits),
            "high": round(self.high, digits),
            "n": self.n,
        }


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """A rate with its 95% Wilson score interval (shared wins count as fractions)."""
    if n <= 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends (no rounding dust)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


def mean_interval(n: int, total: float, total_sq: float) -> Estimate:
    """A mean with its 95% t interval, from the count, sum and sum of squares (what SQL gives)."""
    if n <= 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = total / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    from scipy.special import stdtrit  # (scipy.stats would cost a second and a half to import)

    half = float(stdtrit(n - 1, 0.975)) * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def two_proportions(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value of a pooled two-proportion z test (1.0 when it cannot tell)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (x1 / n1 - x2 / n2) / se
    return 2 * (1 - NormalDist().cdf(abs(z)))


def welch(n1: int, s1: float, ss1: float, n2: int, s2: float, ss2: float) -> float:
    """Two-sided p-value of Welch's t test from counts, sums and sums of squares."""
    if n1 < 2 or n2 < 2:
        return 1.0
    m1, m2 = s1 / n1, s2 / n2
    v1 = max(0.0, (ss1 - n1 * m1 * m1) / (n1 - 1))
    v2 = max(0.0, (ss2 - n2 * m2 * m2) / (n2 - 1))
    se2 = v1 / n1 + v2 / n2
    if se2 == 0:
        return 1.0 if m1 == m2 else 0.0
    t = (m1 - m2) / math.sqrt(se2)
    df = se2 * se2 / ((v1 / n1) ** 2 / (n1 - 1) + (v2 / n2) ** 2 / (n2 - 1)) if v1 and v2 else max(n1, n2) - 1
    from scipy.special import stdtr

    return float(2 * stdtr(df, -abs(t)))


def games_needed(p: float, difference: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Games per variant to tell a win rate p from p + difference (two-sided test at alpha, with
    the given power), by the normal approximation for two proportions."""
    p1, p2 = min(max(p, 1e-6), 1 - 1e-6), min(max(p + difference, 1e-6), 1 - 1e-6)
    if difference == 0:
        return 0
    za, zb = NormalDist().inv_cdf(1 - alpha / 2), NormalDist().inv_cdf(power)
    bar = (p1 + p2) / 2
    n = (za * math.sqrt(2 * bar * (1 - bar)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / (p1 - p2) ** 2
    return math.ceil(n)


def paired(n: int, total: float, total_sq: float) -> tuple[float, float, float, float]:
    """A paired comparison from the per-game differences' count, sum and sum of squares: the mean
    difference, its 95% t interval and the two-sided p-value of the paired t test. Games that play
    the same under both card sets differ by 0: a difference nothing changed is exactly 0, p = 1."""
    if n <= 0:
        return 0.0, 0.0, 0.0, 1.0
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    if var == 0:
        return mean, mean, mean, 1.0 if mean == 0 else 0.0
    from scipy.special import stdtr, stdtrit

    se = math.sqrt(var / n)
    half = float(stdtrit(n - 1, 0.975)) * se
    return mean, mean - half, mean + half, float(2 * stdtr(n - 1, -abs(mean / se)))


def paired_games_needed(n: int, total: float, total_sq: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Games (pairs) needed to tell the observed mean difference at alpha with the given power, at
    the spread of the differences observed: ((z_a/2 + z_b) * sd / difference)^2."""
    if n < 2 or total == 0:
        return 0
    mean = total / n
    sd = math.sqrt(max(0.0, (total_sq - n * mean * mean) / (n - 1)))
    za, zb = NormalDist().inv_cdf(1 - alpha / 2), NormalDist().inv_cdf(power)
    return max(2, math.ceil(((za + zb) * sd / mean) ** 2))


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjustment: p-values that stay valid when many differences are tested at once."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted = [1.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
