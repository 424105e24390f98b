#!/usr/bin/python3
"""pyACL overhead per acl.mdl.execute against the C call (issue: < 20 us on a 1-op model).

  overhead.py --atc <atc> --c-loop <c_execute_loop> --pyacl <dir of acl.so> [--work DIR]
              [--iterations N] [--rounds R]

Makes a one-operator ONNX model (Relu on [1, 16]), converts it with atc for Ascend310, then in
R alternating rounds times N calls of aclmdlExecute in C (c_execute_loop) and N calls of
acl.mdl.execute in Python (each in its own process, same datasets: zeroed device buffers),
and prints the medians and the per-call difference. Also times a status-only binding
(acl.rt.get_device) to show the binding layer's own cost. Exit 1 if anything fails to run;
the figure is reported, not asserted (benchmarks measure, tests check).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

PY_LOOP = r'''
import sys, time, acl
model, iterations, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
assert acl.init() == 0 and acl.rt.set_device(0) == 0
model_id, ret = acl.mdl.load_from_file(model); assert ret == 0
desc = acl.mdl.create_desc(); assert acl.mdl.get_desc(desc, model_id) == 0
def dataset(n, size_of):
    ds = acl.mdl.create_dataset()
    for i in range(n):
        size = size_of(desc, i)
        p, ret = acl.rt.malloc(size, 0); assert ret == 0
        assert acl.rt.memset(p, size, 0, size) == 0
        acl.mdl.add_dataset_buffer(ds, acl.create_data_buffer(p, size))
    return ds
ins = dataset(acl.mdl.get_num_inputs(desc), acl.mdl.get_input_size_by_index)
outs = dataset(acl.mdl.get_num_outputs(desc), acl.mdl.get_output_size_by_index)
execute = acl.mdl.execute
for _ in range(warmup):
    assert execute(model_id, ins, outs) == 0
clock = time.perf_counter
samples = []
for _ in range(iterations):
    t0 = clock(); ret = execute(model_id, ins, outs); t1 = clock()
    samples.append((t1 - t0) * 1e6)
assert ret == 0
samples.sort()
calls = []
get_device = acl.rt.get_device
for _ in range(iterations):
    t0 = clock(); get_device(); t1 = clock()
    calls.append((t1 - t0) * 1e6)
calls.sort()
print("py_execute_us median=%.3f min=%.3f get_device_us median=%.3f" % (
    samples[len(samples) // 2], samples[0], calls[len(calls) // 2]))
'''


def make_model(work, atc):
    import onnx
    from onnx import TensorProto, helper
    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "one_op",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 16])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 16])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx_path = os.path.join(work, "one_op.onnx")
    onnx.save(model, onnx_path)
    out = os.path.join(work, "one_op")
    subprocess.run([atc, "--model=" + onnx_path, "--framework=5", "--output=" + out, "--soc_version=Ascend310"],
                   check=True, capture_output=True)
    return out + ".om"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--atc", required=True)
    ap.add_argument("--c-loop", required=True)
    ap.add_argument("--pyacl", required=True)
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--work")
    ap.add_argument("--iterations", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="pyacl_overhead_")
    os.makedirs(work, exist_ok=True)
    om = make_model(work, args.atc)
    env = dict(os.environ, PYTHONPATH=args.pyacl, PYTHONDONTWRITEBYTECODE="1")
    warmup = str(max(1, args.iterations // 10))
    c_med, py_med, gd_med = [], [], []
    for _ in range(args.rounds):
        c = subprocess.run([args.c_loop, "--model", om, "--iterations", str(args.iterations), "--warmup", warmup],
                           capture_output=True, text=True, check=True).stdout
        p = subprocess.run([args.python, "-c", PY_LOOP, om, str(args.iterations), warmup], env=env,
                           capture_output=True, text=True, check=True).stdout
        c_med.append(float(re.search(r"c_execute_us median=([\d.]+)", c).group(1)))
        m = re.search(r"py_execute_us median=([\d.]+) .* get_device_us median=([\d.]+)", p)
        py_med.append(float(m.group(1)))
        gd_med.append(float(m.group(2)))
    c, py, gd = statistics.median(c_med), statistics.median(py_med), statistics.median(gd_med)
    print("pyACL overhead, 1-op model (Relu [1,16], Ascend310), %d rounds x %d calls, medians:" % (
        args.rounds, args.iterations))
    print("  aclmdlExecute (C)        %8.2f us/call   rounds: %s" % (c, ", ".join("%.2f" % v for v in c_med)))
    print("  acl.mdl.execute (Python) %8.2f us/call   rounds: %s" % (py, ", ".join("%.2f" % v for v in py_med)))
    print("  overhead                 %8.2f us/call (goal < 20 us)" % (py - c))
    print("  acl.rt.get_device        %8.2f us/call (a status-only binding, whole round trip)" % gd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
