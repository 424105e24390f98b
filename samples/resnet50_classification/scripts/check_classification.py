#!/usr/bin/python3
"""Runs resnet50_classification and checks its top-5 against the numpy reference forward.

  check_classification.py --sample <binary> --model resnet50.om --onnx resnet50.onnx --image x.jpg [--runs N]
                          [--emulator <program>]

--emulator runs the sample through that program (qemu-user for the aarch64 cross build's test).

The sample writes its preprocessed input (--dump-input); tools/modelzoo/onnx_ref.py runs the
ONNX model in float32 on exactly that input. The top-1 must be the same class and each printed
top-5 score within 0.01 of the reference probability of that class (the sample's model runs in
fp16). Also requires the host wall time and the simulated device time lines. Exit 1 on failure.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
import onnx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools", "modelzoo"))
import onnx_ref  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--onnx", required=True)
    ap.add_argument("--image", required=True)
    ap.add_argument("--runs", default="3")
    ap.add_argument("--emulator", default="")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dump = os.path.join(tmp, "input.bin")
        prefix = [args.emulator] if args.emulator else []
        r = subprocess.run(prefix + [args.sample, "--model", args.model, "--image", args.image, "--runs", args.runs,
                            "--dump-input", dump], capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        if r.returncode != 0:
            print("check: the sample failed with exit code %d" % r.returncode)
            return 1
        model = onnx.load(args.onnx)
        dims = [d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim]
        x = np.fromfile(dump, dtype=np.float16).astype(np.float32).reshape(dims)[:1]
    prob = onnx_ref.run(model, {"data": x})["prob"][0]
    found = re.findall(r"top \d: index\[(\d+)\] value\[([-0-9.e]+)\]", r.stdout)
    printed = [(int(i), float(v)) for i, v in found]
    ref_top = [int(i) for i in np.argsort(-prob)[:5]]
    print("check: reference top-5 %s" % " ".join("%d:%.6f" % (i, prob[i]) for i in ref_top))
    ok = len(printed) >= 5 and printed[0][0] == ref_top[0]
    ok = ok and all(abs(v - prob[i]) <= 0.01 for i, v in printed[:5])
    wanted = ("host wall time per inference", "simulated Ascend310 device time per inference (batch",
              "weights are random")
    for line in wanted:
        if line not in r.stdout:
            print("check: missing the line '%s'" % line)
            ok = False
    print("check: %s" % ("ok, the sample's top-5 agrees with the numpy reference" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
