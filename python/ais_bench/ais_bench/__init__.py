"""ais_bench on the simulated Ascend NPU: the model-inference benchmark CANN users run on a new
.om (`python3 -m ais_bench --model x.om ...`), written on pyACL (`import acl`).

NPU_compute_time is the simulated device time of each execution (events on the stream around
acl.mdl.execute_async), H2D/D2H latency the simulated time of the copies: what the chip would
take, from the cost model. The host's own time per inference is reported next to it.
See docs/python.md ("ais_bench").
"""
__version__ = "0.1.0"
