#!/usr/bin/python3
"""Runs the Python ResNet-50 sample and checks it (ctest sample.python.resnet50_classification).

  check_python_sample.py --python /usr/bin/python3 --pyacl <dir of acl.so> --script classify.py
                         --cpp-sample <resnet50_classification> --model resnet50.om
                         --onnx resnet50.onnx --image house.jpg

1. The C++ sample and the Python sample (--decoder stb: the same pixels) on the shipped image
   print the same top-5, index and value, and their preprocessed inputs are identical bytes.
2. The Python sample as the public one runs it (Pillow decode) agrees with the numpy reference
   forward on its own input: the same top-1, each top-5 score within 0.01 (the model is fp16).
Exit 1 on failure.
"""
import argparse
import filecmp
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
import onnx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools", "modelzoo"))
import onnx_ref  # noqa: E402

TOP = re.compile(r"top (\d): index\[(\d+)\] value\[([-0-9.e]+)\]")


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    if r.returncode != 0:
        raise SystemExit("check: %s failed with exit code %d" % (os.path.basename(cmd[1] if cmd[0].endswith("python3")
                                                                                  else cmd[0]), r.returncode))
    return r.stdout


def main():
    ap = argparse.ArgumentParser()
    for flag in ("--python", "--pyacl", "--script", "--cpp-sample", "--model", "--onnx", "--image"):
        ap.add_argument(flag, required=True)
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=args.pyacl, PYTHONDONTWRITEBYTECODE="1")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        cpp_in, py_in, pil_in = (os.path.join(tmp, n) for n in ("cpp.bin", "py.bin", "pil.bin"))
        cpp = run([args.cpp_sample, "--model", args.model, "--image", args.image, "--runs", "1",
                   "--dump-input", cpp_in])
        py = run([args.python, args.script, "--model", args.model, "--image", args.image, "--decoder", "stb",
                  "--dump-input", py_in], env)
        cpp_top, py_top = TOP.findall(cpp), TOP.findall(py)
        if len(py_top) != 5 or py_top != cpp_top[:5]:
            print("check: the Python sample's top-5 %s differs from the C++ sample's %s" % (py_top, cpp_top[:5]))
            ok = False
        if not filecmp.cmp(cpp_in, py_in, shallow=False):
            print("check: the two samples' preprocessed inputs differ")
            ok = False
        pil = run([args.python, args.script, "--model", args.model, "--image", args.image,
                   "--dump-input", pil_in], env)
        model = onnx.load(args.onnx)
        x = np.fromfile(pil_in, dtype=np.float16).astype(np.float32).reshape(1, 3, 224, 224)
    prob = onnx_ref.run(model, {"data": x})["prob"][0]
    printed = [(int(i), float(v)) for _, i, v in TOP.findall(pil)]
    ref_top = [int(i) for i in np.argsort(-prob)[:5]]
    print("check: reference top-5 on the Pillow input %s" % " ".join("%d:%.6f" % (i, prob[i]) for i in ref_top))
    if len(printed) != 5 or printed[0][0] != ref_top[0] or any(abs(v - prob[i]) > 0.01 for i, v in printed):
        print("check: the Python sample (Pillow) disagrees with the numpy reference")
        ok = False
    for line in ("host wall time per inference", "simulated Ascend310 device time per inference"):
        if line not in pil:
            print("check: missing the line '%s'" % line)
            ok = False
    print("check: %s" % ("ok: same top-5 as the C++ sample, and the reference's on Pillow's input" if ok
                         else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
