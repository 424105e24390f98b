#!/usr/bin/python3
"""A PyTorch-style streaming speech model (LSTMs inside If branches nested three deep) converted
by our atc, run through libascendcl (msame: aclmdlLoadFromFile + aclmdlExecute), against ONNX
Runtime (onnxruntime-node) on every path through the branches (issue 23, item 2).

  streaming_lstm.py --atc <atc> --msame <msame> --ort-dir <dir with node_modules> --work <dir>
                    [--soc Ascend910B2 --soc Ascend310]

The model (written here with onnx.helper, as torch.onnx.export lays out a scripted streaming
module: Constant nodes and Shape arithmetic inside the branches, the weights and the recurrent
state read from the enclosing scopes):

  If(first)                                 level 1
    then: xs = x * 0.5
          If(use_state)                     level 2
            then: If(fast)                  level 3
                    then: LSTM(xs, W_a, R_a, B_a, h0, c0)
                    else: LSTM(xs, W_b, R_b) from zeros of shape [1, Shape(xs)[1], H]
            else: Tanh(Squeeze(xs) @ Wm), h0, c0
    else: LSTM(x, W_b, R_b, B_b, h0, c0)

Outputs: y [T, H], h_n and c_n [1, 1, H]. The inputs x, h0, c0 are random; first, use_state and
fast are bool scalars, and the four cases below take every branch. Each case must match ONNX
Runtime within MAX_ABS on every output, on every --soc (atc with --precision_mode=
must_keep_origin_dtype). The streaming variant has a symbolic chunk length T (and the flags as
[1] tensors, which msame's --dymDims can name): atc --input_shape="x:-1,1,8;..."
--dynamic_dims="5;7", run at T = 7 (the captured x has the gear's dims inside every branch) on
the first two cases. Two more models put the LSTM in the other bodies: a chunk Loop whose
body slices x by the iteration number and runs If(use) { LSTM step from the carried state }
(both values of use), and a Scan whose body runs an LSTM step on each [B, I] slice. Exit 0 when
all hold; 1 with the reason otherwise.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import time

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

MAX_ABS = 1e-4
T, B, I, H = 5, 1, 8, 16
T_STREAM = 7  # the dynamic variant's second gear
HERE = os.path.dirname(os.path.abspath(__file__))
CASES = [  # (first, use_state, fast): every branch at every level
    (True, True, True),
    (True, True, False),
    (True, False, True),
    (False, True, True),
]


def f32(name, dims):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, dims)


def const(name, array):
    return helper.make_node("Constant", [], [name], name=name + "_node", value=numpy_helper.from_array(array, name))


def squeeze_y(y, out, prefix):
    """Y [T, 1, B, H] -> [T, H], as the exporter writes y.squeeze(1).squeeze(1)."""
    return [const(prefix + "_axes", np.array([1, 2], np.int64)),
            helper.make_node("Squeeze", [y, prefix + "_axes"], [out], name=prefix + "_squeeze")]


def branch(name, nodes, outputs):
    return helper.make_graph(nodes, name, [], [f32(outputs[0], [T, H]), f32(outputs[1], [1, B, H]),
                                               f32(outputs[2], [1, B, H])])


def make_model(path, rng):
    def w(*dims):
        return (rng.standard_normal(dims) * 0.3).astype(np.float32)

    inits = [numpy_helper.from_array(a, n) for n, a in [
        ("W_a", w(1, 4 * H, I)), ("R_a", w(1, 4 * H, H)), ("B_a", w(1, 8 * H)),
        ("W_b", w(1, 4 * H, I)), ("R_b", w(1, 4 * H, H)), ("B_b", w(1, 8 * H)), ("Wm", w(I, H))]]

    # Level 3: the LSTM with the carried state, or one from zeros shaped after the input.
    fast_then = branch("fast_then", [
        helper.make_node("LSTM", ["xs", "W_a", "R_a", "B_a", "", "h0", "c0"], ["ya", "ha", "ca"], name="lstm_a",
                         hidden_size=H),
        *squeeze_y("ya", "ya2", "sq_a")], ["ya2", "ha", "ca"])
    fast_else = branch("fast_else", [
        helper.make_node("Shape", ["xs"], ["xs_shape"], name="xs_shape_node"),
        const("one_idx", np.array(1, np.int64)),
        helper.make_node("Gather", ["xs_shape", "one_idx"], ["batch"], name="batch_node", axis=0),
        const("unsq_axes", np.array([0], np.int64)),
        helper.make_node("Unsqueeze", ["batch", "unsq_axes"], ["batch1"], name="batch_unsq"),
        const("dir1", np.array([1], np.int64)),
        const("hid", np.array([H], np.int64)),
        helper.make_node("Concat", ["dir1", "batch1", "hid"], ["zshape"], name="zshape_node", axis=0),
        helper.make_node("ConstantOfShape", ["zshape"], ["zeros"], name="zeros_node",
                         value=numpy_helper.from_array(np.zeros([1], np.float32))),
        helper.make_node("LSTM", ["xs", "W_b", "R_b", "", "", "zeros", "zeros"], ["yb", "hb", "cb"],
                         name="lstm_zero", hidden_size=H),
        *squeeze_y("yb", "yb2", "sq_b")], ["yb2", "hb", "cb"])
    # Level 2: the stateful path (level 3) or a stateless projection.
    state_then = branch("state_then", [
        helper.make_node("If", ["fast"], ["y3", "h3", "c3"], name="if_fast", then_branch=fast_then,
                         else_branch=fast_else)], ["y3", "h3", "c3"])
    state_else = branch("state_else", [
        const("sq1", np.array([1], np.int64)),
        helper.make_node("Squeeze", ["xs", "sq1"], ["x2d"], name="x2d_node"),
        helper.make_node("MatMul", ["x2d", "Wm"], ["proj"], name="proj_node"),
        helper.make_node("Tanh", ["proj"], ["yp"], name="tanh_node"),
        helper.make_node("Identity", ["h0"], ["hp"], name="hp_node"),
        helper.make_node("Identity", ["c0"], ["cp"], name="cp_node")], ["yp", "hp", "cp"])
    # Level 1.
    first_then = branch("first_then", [
        const("half", np.array(0.5, np.float32)),
        helper.make_node("Mul", ["x", "half"], ["xs"], name="scale"),
        helper.make_node("If", ["use_state"], ["y2", "h2", "c2"], name="if_state", then_branch=state_then,
                         else_branch=state_else)], ["y2", "h2", "c2"])
    first_else = branch("first_else", [
        helper.make_node("LSTM", ["x", "W_b", "R_b", "B_b", "", "h0", "c0"], ["yc", "hc", "cc"], name="lstm_b",
                         hidden_size=H),
        *squeeze_y("yc", "yc2", "sq_c")], ["yc2", "hc", "cc"])
    graph = helper.make_graph(
        [helper.make_node("If", ["first"], ["y", "h_n", "c_n"], name="if_first", then_branch=first_then,
                          else_branch=first_else)],
        "streaming_lstm",
        [f32("x", [T, B, I]), f32("h0", [1, B, H]), f32("c0", [1, B, H]),
         helper.make_tensor_value_info("first", TensorProto.BOOL, []),
         helper.make_tensor_value_info("use_state", TensorProto.BOOL, []),
         helper.make_tensor_value_info("fast", TensorProto.BOOL, [])],
        [f32("y", [T, H]), f32("h_n", [1, B, H]), f32("c_n", [1, B, H])], inits)
    model = helper.make_model(graph, producer_name="pytorch", producer_version="2.1.0",
                              opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, path)
    return model


def make_streaming_variant(model, path):
    """The same model with a symbolic chunk length (x [T, 1, I], y [T, H]) and [1] flags."""
    variant = onnx.ModelProto()
    variant.CopyFrom(model)
    variant.graph.input[0].type.tensor_type.shape.dim[0].dim_param = "T"

    def symbolic_y(graph):  # y [T, H] in the graph and in every branch
        graph.output[0].type.tensor_type.shape.dim[0].dim_param = "T"
        for node in graph.node:
            for attr in node.attribute:
                if attr.HasField("g"):
                    symbolic_y(attr.g)

    symbolic_y(variant.graph)
    for flag in variant.graph.input[3:]:
        flag.type.tensor_type.shape.dim.add().dim_value = 1
    onnx.checker.check_model(variant)
    onnx.save(variant, path)


def make_loop_model(path, rng):
    """A chunk loop: Loop over the T steps of x, each step's state through If(use) { LSTM on the
    step x[i:i+1] from the carried state } else { the carried state }; the body reads x, the
    weights and the flag from the enclosing graph."""
    def w(*dims):
        return numpy_helper.from_array((rng.standard_normal(dims) * 0.3).astype(np.float32))

    weights = [w(1, 4 * H, I), w(1, 4 * H, H)]
    weights[0].name, weights[1].name = "W_l", "R_l"
    use_then = helper.make_graph([
        helper.make_node("LSTM", ["step", "W_l", "R_l", "", "", "h_in", "c_in"], ["", "h_new", "c_new"],
                         name="lstm_step", hidden_size=H)], "use_then", [],
        [f32("h_new", [1, B, H]), f32("c_new", [1, B, H])])
    use_else = helper.make_graph([
        helper.make_node("Identity", ["h_in"], ["h_same"], name="h_same_node"),
        helper.make_node("Identity", ["c_in"], ["c_same"], name="c_same_node")], "use_else", [],
        [f32("h_same", [1, B, H]), f32("c_same", [1, B, H])])
    body = helper.make_graph([
        const("axis0", np.array([0], np.int64)),
        const("step_len", np.array([1], np.int64)),
        helper.make_node("Unsqueeze", ["i", "axis0"], ["start"], name="start_node"),
        helper.make_node("Add", ["start", "step_len"], ["end"], name="end_node"),
        helper.make_node("Slice", ["x", "start", "end", "axis0"], ["step"], name="step_node"),
        helper.make_node("If", ["use"], ["h_out", "c_out"], name="if_use", then_branch=use_then,
                         else_branch=use_else),
        helper.make_node("Identity", ["cond_in"], ["cond_out"], name="cond_node")], "chunk_body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond_in", TensorProto.BOOL, []), f32("h_in", [1, B, H]),
         f32("c_in", [1, B, H])],
        [helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []), f32("h_out", [1, B, H]),
         f32("c_out", [1, B, H])])
    inits = weights + [numpy_helper.from_array(np.array(T, np.int64), "M"),
                       numpy_helper.from_array(np.array(True), "keep_going")]
    graph = helper.make_graph(
        [helper.make_node("Loop", ["M", "keep_going", "h0", "c0"], ["h_n", "c_n"], name="chunks", body=body)],
        "chunk_loop",
        [f32("x", [T, B, I]), f32("h0", [1, B, H]), f32("c0", [1, B, H]),
         helper.make_tensor_value_info("use", TensorProto.BOOL, [])],
        [f32("h_n", [1, B, H]), f32("c_n", [1, B, H])], inits)
    model = helper.make_model(graph, producer_name="pytorch", opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, path)


def make_scan_model(path, rng):
    """Scan over the T steps of x: the body unsqueezes its [B, I] slice and runs an LSTM step
    with the state and the outer-scope weights; outputs the final state and every step's h."""
    def w(*dims):
        return numpy_helper.from_array((rng.standard_normal(dims) * 0.3).astype(np.float32))

    weights = [w(1, 4 * H, I), w(1, 4 * H, H), w(1, 8 * H)]
    for t, name in zip(weights, ("W_s", "R_s", "B_s")):
        t.name = name
    body = helper.make_graph([
        const("axis0", np.array([0], np.int64)),
        helper.make_node("Unsqueeze", ["x_t", "axis0"], ["x_t3"], name="x_t3_node"),
        helper.make_node("LSTM", ["x_t3", "W_s", "R_s", "B_s", "", "h", "c"], ["", "h2", "c2"], name="lstm_scan",
                         hidden_size=H),
        helper.make_node("Identity", ["h2"], ["h_t"], name="h_t_node")], "scan_body",
        [f32("h", [1, B, H]), f32("c", [1, B, H]), f32("x_t", [B, I])],
        [f32("h2", [1, B, H]), f32("c2", [1, B, H]), f32("h_t", [1, B, H])])
    graph = helper.make_graph(
        [helper.make_node("Scan", ["h0", "c0", "x"], ["h_n", "c_n", "h_all"], name="scan", body=body,
                          num_scan_inputs=1)],
        "scan_lstm", [f32("x", [T, B, I]), f32("h0", [1, B, H]), f32("c0", [1, B, H])],
        [f32("h_n", [1, B, H]), f32("c_n", [1, B, H]), f32("h_all", [T, 1, B, H])], weights)
    model = helper.make_model(graph, producer_name="pytorch", opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, path)


def run(cmd, env=None, what=None):
    start = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        raise RuntimeError("%s failed (exit %d): %s" % (what or cmd[0], r.returncode, " ".join(cmd)))
    print("streaming_lstm: %s: %.1f s" % (what or os.path.basename(cmd[0]), time.monotonic() - start))
    return r.stdout


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--atc", required=True)
    p.add_argument("--msame", required=True)
    p.add_argument("--ort-dir", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--soc", action="append")
    a = p.parse_args()
    socs = a.soc or ["Ascend910B2", "Ascend310"]
    if not os.path.isdir(os.path.join(a.ort_dir, "node_modules", "onnxruntime-node")):
        print("streaming_lstm: FAILED: onnxruntime-node is not installed in %s (e2e.ort_compare.install_ort "
              "installs it)" % a.ort_dir)
        return 1
    os.makedirs(a.work, exist_ok=True)
    rng = np.random.default_rng(23)
    model = os.path.join(a.work, "streaming_lstm.onnx")
    proto = make_model(model, rng)
    streaming = os.path.join(a.work, "streaming_lstm_dynamic.onnx")
    make_streaming_variant(proto, streaming)
    x = rng.standard_normal([T, B, I]).astype(np.float32)
    h0 = (rng.standard_normal([1, B, H]) * 0.5).astype(np.float32)
    c0 = (rng.standard_normal([1, B, H]) * 0.5).astype(np.float32)
    node_env = dict(os.environ)
    node_env["NODE_PATH"] = os.path.join(a.ort_dir, "node_modules")
    oms = {}
    for soc in socs:
        out = os.path.join(a.work, "streaming_lstm_" + soc)
        run([a.atc, "--model=" + model, "--framework=5", "--output=" + out, "--soc_version=" + soc,
             "--precision_mode=must_keep_origin_dtype"], what="atc " + soc)
        oms[soc] = out + ".om"
        run([a.atc, "--model=" + streaming, "--framework=5", "--output=" + out + "_dynamic", "--soc_version=" + soc,
             "--precision_mode=must_keep_origin_dtype", "--input_format=ND",
             "--input_shape=x:-1,%d,%d;h0:1,%d,%d;c0:1,%d,%d;first:1;use_state:1;fast:1" % (B, I, B, H, B, H),
             "--dynamic_dims=%d;%d" % (T, T_STREAM)], what="atc dynamic_dims " + soc)
    loop = os.path.join(a.work, "chunk_loop.onnx")
    make_loop_model(loop, rng)
    scan = os.path.join(a.work, "scan_lstm.onnx")
    make_scan_model(scan, rng)
    for soc in socs:
        for path, suffix in ((loop, "_loop"), (scan, "_scan")):
            run([a.atc, "--model=" + path, "--framework=5", "--output=" + oms[soc].replace(".om", suffix),
                 "--soc_version=" + soc, "--precision_mode=must_keep_origin_dtype"], what="atc %s %s" % (suffix, soc))
    x_stream = rng.standard_normal([T_STREAM, B, I]).astype(np.float32)
    failures = []
    # (tag, ONNX model, suffix of its .om, inputs, dynamic dims)
    runs = []
    for case in CASES:
        runs.append(("first%d_state%d_fast%d" % case, model, "", [("x", x), ("h0", h0), ("c0", c0)] + [
            (n, np.array(v, np.bool_)) for n, v in zip(("first", "use_state", "fast"), case)], False))
    for case in CASES[:2]:
        runs.append(("first%d_state%d_fast%d_T%d" % (case + (T_STREAM,)), streaming, "_dynamic",
                     [("x", x_stream), ("h0", h0), ("c0", c0)] + [
                         (n, np.full([1], v, np.bool_)) for n, v in zip(("first", "use_state", "fast"), case)], True))
    for use in (True, False):
        runs.append(("loop_use%d" % use, loop, "_loop", [("x", x), ("h0", h0), ("c0", c0),
                                                          ("use", np.array(use, np.bool_))], False))
    runs.append(("scan", scan, "_scan", [("x", x), ("h0", h0), ("c0", c0)], False))
    for tag, onnx_path, suffix, inputs, dynamic in runs:
        cdir = os.path.join(a.work, tag)
        os.makedirs(cdir, exist_ok=True)
        feeds = []
        for name, arr in inputs:
            arr.tofile(os.path.join(cdir, name + ".bin"))
            np.save(os.path.join(cdir, name + ".npy"), arr)
            feeds.append({"name": name, "type": "bool" if arr.dtype == np.bool_ else "float32",
                          "dims": list(arr.shape), "file": os.path.join(cdir, name + ".bin")})
        with open(os.path.join(cdir, "feeds.json"), "w") as f:
            json.dump({"model": onnx_path, "inputs": feeds}, f)
        run(["node", os.path.join(HERE, "ort_feeds.js"), "--feeds", os.path.join(cdir, "feeds.json"), "--out",
             os.path.join(cdir, "ort")], env=node_env, what="onnxruntime-node " + tag)
        with open(os.path.join(cdir, "ort", "outputs.json")) as f:
            listing = json.load(f)
        ref = [np.fromfile(o["file"], np.float32).reshape(o["dims"]) for o in listing]
        for soc, om in oms.items():
            odir = os.path.join(cdir, soc)
            shutil.rmtree(odir, ignore_errors=True)  # msame adds a timestamped directory per run
            env = dict(os.environ)
            env["ASCEND_SIM_SOC_VERSION"] = soc
            cmd = [a.msame, "--model", om.replace(".om", suffix + ".om"), "--input",
                   ",".join(os.path.join(cdir, n + ".npy") for n, _ in inputs), "--output", odir, "--outfmt", "NPY"]
            if dynamic:
                cmd += ["--dymDims", ";".join("%s:%s" % (n, ",".join(str(d) for d in arr.shape)) for n, arr in inputs)]
            run(cmd, env=env, what="msame %s %s" % (soc, tag))
            got = sorted(glob.glob(os.path.join(odir, "*", "*_output_*.npy")),
                         key=lambda s: int(s.rsplit("_", 1)[1].split(".")[0]))
            if len(got) != len(ref):
                failures.append("%s %s: %d outputs, ONNX Runtime %d" % (soc, tag, len(got), len(ref)))
                continue
            for k, (path, r) in enumerate(zip(got, ref)):
                ours = np.load(path).astype(np.float32).reshape(-1)
                if ours.size != r.size:
                    failures.append("%s %s output %d: %d elements, ONNX Runtime %d" % (soc, tag, k, ours.size, r.size))
                    continue
                err = float(np.max(np.abs(ours - r.reshape(-1))))
                print("streaming_lstm: %s %s output %d (%s): max abs error %.3g" % (soc, tag, k, listing[k]["name"],
                                                                                     err))
                if not err <= MAX_ABS:
                    failures.append("%s %s output %d: max abs error %.3g > %g" % (soc, tag, k, err, MAX_ABS))
    if failures:
        print("streaming_lstm: FAILED:\n  " + "\n  ".join(failures))
        return 1
    print("streaming_lstm: every branch of every case (and the Loop / Scan bodies) matches ONNX Runtime within %g "
          "on %s" % (MAX_ABS, ", ".join(socs)))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:
        print("streaming_lstm: FAILED: %s" % e)
        sys.exit(1)
