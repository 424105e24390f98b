"""Latency statistics as ais_bench's summary prints them (min, max, mean, median, percentile)."""


class Stats:
    """min / max / mean / median / percentile(scale%) of a list of milliseconds; all 0 when empty.
    The percentile interpolates linearly between ranks, as numpy.percentile does by default."""

    def __init__(self, values, scale=99):
        self.values = sorted(float(v) for v in values)
        self.scale = scale
        n = len(self.values)
        if n == 0:
            self.min = self.max = self.mean = self.median = self.percentile = 0.0
            return
        self.min = self.values[0]
        self.max = self.values[-1]
        self.mean = sum(self.values) / n
        self.median = self._rank(50)
        self.percentile = self._rank(scale)

    def _rank(self, q):
        pos = (len(self.values) - 1) * q / 100.0
        lo = int(pos)
        hi = min(lo + 1, len(self.values) - 1)
        return self.values[lo] + (self.values[hi] - self.values[lo]) * (pos - lo)

    def as_dict(self):
        return {"min": self.min, "max": self.max, "mean": self.mean, "median": self.median,
                "percentile({}%)".format(self.scale): self.percentile}

    def line(self, name):
        return "{} (ms): min = {}, max = {}, mean = {}, median = {}, percentile({}%) = {}".format(
            name, self.min, self.max, self.mean, self.median, self.scale, self.percentile)
