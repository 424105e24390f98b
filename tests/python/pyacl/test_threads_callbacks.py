"""Report threads and host callbacks from Python, and the GIL released around blocking calls."""
import threading
import time

import numpy as np

from conftest import ACL_SUCCESS, model_path, to_device


class ReportLoop:
    """The public samples' pattern: a native thread from acl.util.start_thread looping on
    acl.rt.process_report, subscribed to the stream."""

    def __init__(self, acl, context, stream):
        self.acl = acl
        self.stream = stream
        self.running = True
        self.tid, ret = acl.util.start_thread(self._loop, [context, 20])
        assert ret == ACL_SUCCESS
        assert acl.rt.subscribe_report(self.tid, stream) == ACL_SUCCESS

    def _loop(self, args):
        context, timeout = args
        self.acl.rt.set_context(context)
        while self.running:
            self.acl.rt.process_report(timeout)

    def stop(self):
        assert self.acl.rt.unsubscribe_report(self.tid, self.stream) == ACL_SUCCESS
        self.running = False
        assert self.acl.util.stop_thread(self.tid) == ACL_SUCCESS


def test_launch_callback_runs_python_with_user_data(acl, device):
    loop = ReportLoop(acl, device["context"], device["stream"])
    seen = []

    def callback(user_data):
        seen.append((user_data, threading.get_ident()))

    for i in range(5):
        assert acl.rt.launch_callback(callback, {"frame": i}, 1, device["stream"]) == ACL_SUCCESS
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    loop.stop()
    assert [d["frame"] for d, _ in seen] == [0, 1, 2, 3, 4]
    assert all(tid == loop.tid for _, tid in seen)  # on the report thread (its pthread id)


def test_callback_exception_does_not_crash(acl, device, capfd):
    loop = ReportLoop(acl, device["context"], device["stream"])

    def bad(_):
        raise RuntimeError("raised inside a host callback")

    assert acl.rt.launch_callback(bad, None, 0, device["stream"]) == ACL_SUCCESS
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    loop.stop()
    assert "raised inside a host callback" in capfd.readouterr().err


def test_launch_without_subscriber_fails(acl, device):
    assert acl.rt.launch_callback(lambda _: None, None, 1, device["stream"]) != ACL_SUCCESS
    assert "aclrtSubscribeReport" in acl.get_recent_err_msg()


def test_gil_released_while_synchronizing(acl, device):
    """A blocking callback waits for an Event that a Python thread sets while the main thread is
    inside synchronize_stream: that only finishes if synchronize releases the GIL."""
    loop = ReportLoop(acl, device["context"], device["stream"])
    gate = threading.Event()
    done = []

    def blocking(_):
        done.append(gate.wait(10))

    assert acl.rt.launch_callback(blocking, None, 1, device["stream"]) == ACL_SUCCESS
    setter = threading.Timer(0.2, gate.set)
    setter.start()
    start = time.monotonic()
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    assert time.monotonic() - start < 8
    setter.join()
    loop.stop()
    assert done == [True]


def test_python_threads_execute_concurrently(acl, device):
    model_id, ret = acl.mdl.load_from_file(model_path("add_relu"))
    assert ret == ACL_SUCCESS
    errors = []

    def worker(seed):
        try:
            assert acl.rt.set_context(device["context"]) == ACL_SUCCESS
            stream, ret = acl.rt.create_stream()
            assert ret == ACL_SUCCESS
            x = np.full((2, 3, 4, 5), seed, dtype=np.float32)
            y = np.full((2, 3, 4, 5), -1.0, dtype=np.float32)
            bufs = []
            ins = acl.mdl.create_dataset()
            for arr in (x, y):
                ptr, size = to_device(acl, arr)
                b = acl.create_data_buffer(ptr, size)
                acl.mdl.add_dataset_buffer(ins, b)
                bufs.append((ptr, b))
            outs = acl.mdl.create_dataset()
            optr, ret = acl.rt.malloc(480, 0)
            ob = acl.create_data_buffer(optr, 480)
            acl.mdl.add_dataset_buffer(outs, ob)
            bufs.append((optr, ob))
            for _ in range(20):
                assert acl.mdl.execute_async(model_id, ins, outs, stream) == ACL_SUCCESS
                assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
            host = np.zeros(120, dtype=np.float32)
            assert acl.rt.memcpy(acl.util.numpy_to_ptr(host), 480, optr, 480, 2) == ACL_SUCCESS
            assert np.all(host == max(seed - 1.0, 0.0)), seed
            for ptr, b in bufs:
                acl.destroy_data_buffer(b)
                acl.rt.free(ptr)
            acl.mdl.destroy_dataset(ins)
            acl.mdl.destroy_dataset(outs)
            assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
        except Exception as e:  # noqa: BLE001 (reported by the main thread)
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(float(s),)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    assert acl.mdl.unload(model_id) == ACL_SUCCESS


def test_stop_thread_of_unknown_id(acl):
    assert acl.util.stop_thread(12345) != ACL_SUCCESS


# A program that ends while another thread is inside pyACL: the interpreter ends that thread when
# it next takes the GIL (an unwind through the binding), and the process must exit normally. Each
# script runs a few times in its own interpreter: whether the thread is inside a call at the exit
# is a matter of timing.
EXIT_DURING_A_CALL = r'''
import threading, time
import numpy as np
import acl
assert acl.init() == 0 and acl.rt.set_device(0) == 0
context, _ = acl.rt.create_context(0)
src = np.arange(4096, dtype=np.uint8)
dev, _ = acl.rt.malloc(4096, 0)
def loop():
    acl.rt.set_context(context)
    while True:  # a background copy loop, never joined
        acl.rt.memcpy(dev, 4096, acl.util.numpy_to_ptr(src), 4096, 1)
threading.Thread(target=loop, daemon=True).start()
time.sleep(0.3)
print("main ends", flush=True)
'''

EXIT_WITH_CALLBACKS_QUEUED = r'''
import time
import acl
assert acl.init() == 0 and acl.rt.set_device(0) == 0
context, _ = acl.rt.create_context(0)
stream, _ = acl.rt.create_stream()
def report_loop(args):
    acl.rt.set_context(args[0])
    while True:
        acl.rt.process_report(100)
tid, ret = acl.util.start_thread(report_loop, [context])
assert ret == 0 and acl.rt.subscribe_report(tid, stream) == 0
def on_done(user_data):
    time.sleep(0.01)  # post-processing of one result
for k in range(100):  # blocking callbacks, most still queued when the script ends
    assert acl.rt.launch_callback(on_done, k, 1, stream) == 0
print("main ends", flush=True)
'''


def run_to_exit(script):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)


def assert_exited_normally(r):
    # The report thread may log aclrtProcessReport's "not subscribed" before the main thread
    # subscribes it (the samples' own race); what must not appear is a crash or an abort.
    assert r.returncode == 0, r.stderr
    for crash in ("Fatal Python error", "terminate called", "FATAL", "Segmentation"):
        assert crash not in r.stderr, r.stderr
    assert "main ends" in r.stdout


def test_program_ends_while_a_thread_is_inside_a_call():
    for _ in range(3):
        assert_exited_normally(run_to_exit(EXIT_DURING_A_CALL))


def test_program_ends_with_callbacks_queued_for_a_report_thread():
    for _ in range(3):
        assert_exited_normally(run_to_exit(EXIT_WITH_CALLBACKS_QUEUED))
