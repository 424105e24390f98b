#!/usr/bin/python3
"""Ground truth for dump_compare: runs an ONNX model on the host with every intermediate
tensor kept and saves each node output as {op_name}.{output_index}.{timestamp}.npy, the way
framework-side dumps are named (op names sanitised as in dump file names: '.', '/', '\\' and
' ' become '_').

The model runs in float32 either in ONNX Runtime (--engine ort: onnxruntime-node's CPU
engine through tests/e2e/ort_compare/ort_run.js, every node output added to the graph's
outputs; --ort-dir is where tests/e2e/ort_compare/install_ort.sh installed it) or in
tools/modelzoo/onnx_ref.py's numpy interpreter (--engine numpy, the default: the operators of
the model zoo's ResNets, GoogLeNet and MobileNet v2: Conv (grouped too), BatchNormalization,
Relu, Clip, MaxPool, AveragePool, LRN, Concat, Dropout, Add, GlobalAveragePool, Flatten, Gemm,
Softmax). The input comes from a .npy file (--input), from the raw bytes an
application wrote (--input-raw, e.g. resnet50_classification --dump-input; --raw-dtype), or
from a dump2npy directory (--input-from-dump: the earliest dumped operator input with the
model input's shape); either way exactly what the device computed on.

  onnx_golden.py --model resnet50.onnx --input-from-dump npy_dir --out golden_dir
  onnx_golden.py --engine ort --ort-dir build/ort_node --model resnet50.onnx --input x.npy --out golden_dir

Needs Debian's python3-numpy and python3-onnx (/usr/bin/python3). Exit status: 0 on success,
1 on errors (printed).
"""
import argparse
import os
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "modelzoo"))
import onnx_ref  # noqa: E402

ORT_RUN = os.path.join(HERE, "..", "..", "tests", "e2e", "ort_compare", "ort_run.js")
NUMPY_OF_ORT = {"float32": np.float32, "float16": np.float16, "float64": np.float64, "int64": np.int64,
                "int32": np.int32, "int8": np.int8, "uint8": np.uint8, "bool": np.bool_}

DUMP_NPY = re.compile(r"^[^.]+\.[^.]+\.(\d+)\.(\d+)\.(\d+)\.input\.(\d+)\.npy$")


def sanitize(name):
    return re.sub(r"[./\\ ]", "_", name)


def input_shape(model):
    dims = model.graph.input[0].type.tensor_type.shape.dim
    return tuple(d.dim_value for d in dims)


def input_from_dump(directory, shape):
    """The earliest dumped input tensor of `shape` in a dump2npy directory."""
    best = None
    for name in os.listdir(directory):
        m = DUMP_NPY.match(name)
        if not m:
            continue
        key = (int(m.group(3)), int(m.group(1)))  # timestamp, task id
        if best is not None and key >= best[0]:
            continue
        array = np.load(os.path.join(directory, name), mmap_mode="r")
        if tuple(array.shape) == shape:
            best = (key, name)
    if best is None:
        raise SystemExit("onnx_golden: no dumped input of shape %s in %s (dump with dump_mode 'all' or 'input')"
                         % (list(shape), directory))
    print("onnx_golden: input from %s" % best[1])
    return np.load(os.path.join(directory, best[1]))


def run_ort(model, x, ort_dir):
    """Every node output of `model` on input x, computed by ONNX Runtime: {tensor name: array}."""
    inferred = onnx.shape_inference.infer_shapes(model)
    types = {v.name: v.type for v in list(inferred.graph.value_info) + list(inferred.graph.output)}
    outputs = {o.name for o in model.graph.output}
    for node in model.graph.node:
        for tensor in node.output:
            if not tensor or tensor in outputs:
                continue
            info = onnx.ValueInfoProto(name=tensor)
            if tensor in types:
                info.type.CopyFrom(types[tensor])
            else:
                info.type.tensor_type.elem_type = onnx.TensorProto.FLOAT
            model.graph.output.append(info)
            outputs.add(tensor)
    work = tempfile.mkdtemp(prefix="onnx_golden_")
    try:
        path = os.path.join(work, "all_outputs.onnx")
        onnx.save(model, path)
        x.astype("<f4").tofile(os.path.join(work, "input.bin"))
        env = dict(os.environ)
        env["NODE_PATH"] = os.path.join(ort_dir, "node_modules") + os.pathsep + env.get("NODE_PATH", "")
        cmd = ["node", ORT_RUN, "--model", path, "--input", os.path.join(work, "input.bin"),
               "--all-outputs", os.path.join(work, "out")]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit("onnx_golden: ONNX Runtime failed (%s): %s" % (" ".join(cmd), done.stderr.strip()))
        print("onnx_golden: ONNX Runtime %s" % done.stdout.strip())
        result = {}
        with open(os.path.join(work, "out", "outputs.json")) as f:
            listing = json.load(f)
        for entry in listing:
            dtype = NUMPY_OF_ORT.get(entry["type"])
            if dtype is None:
                continue  # strings and other types have no dump counterpart
            data = np.fromfile(os.path.join(work, "out", entry["file"]), dtype=np.dtype(dtype).newbyteorder("<"))
            result[entry["name"]] = data.reshape(entry["dims"])
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="the ONNX model")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--input", help=".npy file with the model's (first) input")
    group.add_argument("--input-raw", help="raw little-endian input bytes (the model input's shape)")
    group.add_argument("--input-from-dump", help="a dump2npy directory to take the input from")
    parser.add_argument("--raw-dtype", default="float16", help="element type of --input-raw (default float16)")
    parser.add_argument("--out", required=True, help="output directory (created if missing)")
    parser.add_argument("--engine", choices=("numpy", "ort"), default="numpy",
                        help="numpy: the model zoo's interpreter (default); ort: ONNX Runtime (onnxruntime-node)")
    parser.add_argument("--ort-dir", default="", help="with --engine ort: where onnxruntime-node is installed")
    args = parser.parse_args()

    model = onnx.load(args.model)
    shape = input_shape(model)
    if args.input:
        x = np.load(args.input)
    elif args.input_raw:
        x = np.fromfile(args.input_raw, dtype=np.dtype(args.raw_dtype).newbyteorder("<"))
        if x.size != int(np.prod(shape)):
            raise SystemExit("onnx_golden: %s holds %d elements, the model input %s needs %d"
                             % (args.input_raw, x.size, list(shape), int(np.prod(shape))))
        x = x.reshape(shape)
    else:
        x = input_from_dump(args.input_from_dump, shape)
    if tuple(x.shape) != shape:
        raise SystemExit("onnx_golden: the input has shape %s, the model wants %s" % (list(x.shape), list(shape)))
    if args.engine == "ort":
        env = run_ort(model, x.astype(np.float32), args.ort_dir)
    else:
        env = onnx_ref.run(model, {model.graph.input[0].name: x.astype(np.float32)}, dtype=np.float32, keep=True)
    os.makedirs(args.out, exist_ok=True)
    stamp = int(time.time() * 1e6)
    count = 0
    for node in model.graph.node:
        op = sanitize(node.name or node.output[0])
        for index, tensor in enumerate(node.output):
            if tensor and tensor in env:
                np.save(os.path.join(args.out, "%s.%d.%d.npy" % (op, index, stamp)), env[tensor])
                count += 1
    print("onnx_golden: %d tensors of %d nodes (%s) -> %s" % (count, len(model.graph.node), args.engine, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
