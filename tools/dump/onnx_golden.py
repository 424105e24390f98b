#!/usr/bin/python3
"""Ground truth for dump_compare: runs an ONNX model on the host with every intermediate
tensor kept and saves each node output as {op_name}.{output_index}.{timestamp}.npy, the way
framework-side dumps are named (op names sanitised as in dump file names: '.', '/', '\\' and
' ' become '_').

The model runs in float32 in tools/modelzoo/onnx_ref.py's numpy interpreter (the operators of
the model zoo's ResNets: Conv, BatchNormalization, Relu, MaxPool, Add, GlobalAveragePool,
Flatten, Gemm, Softmax). The input comes from a .npy file (--input), from the raw bytes an
application wrote (--input-raw, e.g. resnet50_classification --dump-input; --raw-dtype), or
from a dump2npy directory (--input-from-dump: the earliest dumped operator input with the
model input's shape); either way exactly what the device computed on.

  onnx_golden.py --model resnet50.onnx --input-from-dump npy_dir --out golden_dir

Needs Debian's python3-numpy and python3-onnx (/usr/bin/python3). Exit status: 0 on success,
1 on errors (printed).
"""
import argparse
import os
import re
import sys
import time

import numpy as np
import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "modelzoo"))
import onnx_ref  # noqa: E402

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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="the ONNX model")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--input", help=".npy file with the model's (first) input")
    group.add_argument("--input-raw", help="raw little-endian input bytes (the model input's shape)")
    group.add_argument("--input-from-dump", help="a dump2npy directory to take the input from")
    parser.add_argument("--raw-dtype", default="float16", help="element type of --input-raw (default float16)")
    parser.add_argument("--out", required=True, help="output directory (created if missing)")
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
    print("onnx_golden: %d tensors of %d nodes -> %s" % (count, len(model.graph.node), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
