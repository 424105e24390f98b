"""ais_bench.infer: the Python interface of the real tool's package (ais_bench.infer.interface:
InferSession, MemorySummary), on the simulated NPU. See docs/python.md ("ais_bench")."""
