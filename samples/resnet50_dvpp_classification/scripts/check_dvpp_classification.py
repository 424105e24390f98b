#!/usr/bin/python3
"""Runs resnet50_dvpp_classification and checks its top-5 against the float path.

  check_dvpp_classification.py --sample <binary> --model resnet50_aipp.om --onnx resnet50.onnx
                               --image x.jpg --aipp aipp_resnet50.cfg

The sample writes the VPC's 224x224 NV12 picture (--dump-input). Here the AIPP of the config
is applied to it in numpy (integer CSC, >> 8, clamp, then (x - mean - min) * var_reci, in the
documented order) and tools/modelzoo/onnx_ref.py runs the ONNX model in float32 on the result:
the float path on the same picture. The sample's top-1 must be the same class and each printed
top-5 score within 0.01 of the reference probability of that class. Exit 1 on failure.
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


def read_aipp(path):
    fields = {}
    for line in open(path):
        line = line.split("#")[0].strip()
        m = re.match(r"(\w+)\s*:\s*(\S+)", line)
        if m:
            fields[m.group(1)] = m.group(2)
    return fields


def aipp_nv12(nv12, w, h, cfg):
    y = nv12[: w * h].reshape(h, w).astype(np.int64)
    uv = nv12[w * h: w * h * 3 // 2].reshape(h // 2, w // 2, 2).astype(np.int64)
    u = np.repeat(np.repeat(uv[:, :, 0], 2, axis=0), 2, axis=1)
    v = np.repeat(np.repeat(uv[:, :, 1], 2, axis=0), 2, axis=1)
    yuv = [y, u, v]
    m = [[int(cfg["matrix_r%dc%d" % (r, c)]) for c in range(3)] for r in range(3)]
    ib = [int(cfg.get("input_bias_%d" % i, 0)) for i in range(3)]
    ob = [int(cfg.get("output_bias_%d" % i, 0)) for i in range(3)]
    out = np.zeros((1, 3, h, w), dtype=np.float32)
    for r in range(3):
        acc = sum(m[r][c] * (yuv[c] - ib[c]) for c in range(3))
        rgb = np.clip(np.floor_divide(acc, 256) + ob[r], 0, 255)
        mean = float(cfg.get("mean_chn_%d" % r, 0))
        mn = float(cfg.get("min_chn_%d" % r, 0))
        var = float(cfg.get("var_reci_chn_%d" % r, 1))
        out[0, r] = ((rgb.astype(np.float32) - mean) - mn) * var
    return out


def main():
    ap = argparse.ArgumentParser()
    for name in ("--sample", "--model", "--onnx", "--image", "--aipp"):
        ap.add_argument(name, required=True)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dump = os.path.join(tmp, "input.nv12")
        r = subprocess.run([args.sample, "--model", args.model, "--image", args.image, "--dump-input", dump],
                           capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        if r.returncode != 0:
            print("check: the sample failed with exit code %d" % r.returncode)
            return 1
        nv12 = np.fromfile(dump, dtype=np.uint8)
    x = aipp_nv12(nv12, 224, 224, read_aipp(args.aipp))
    prob = onnx_ref.run(onnx.load(args.onnx), {"data": x})["prob"][0]
    printed = [(int(i), float(v)) for i, v in re.findall(r"top \d: index\[(\d+)\] value\[([-0-9.e]+)\]", r.stdout)]
    ref_top = [int(i) for i in np.argsort(-prob)[:5]]
    print("check: float-path top-5 %s" % " ".join("%d:%.6f" % (i, prob[i]) for i in ref_top))
    ok = len(printed) >= 5 and printed[0][0] == ref_top[0]
    ok = ok and all(abs(v - prob[i]) <= 0.01 for i, v in printed[:5])
    for line in ("jpegd success", "vpc resize success", "execute sample success"):
        if line not in r.stdout:
            print("check: missing the line '%s'" % line)
            ok = False
    print("check: %s" % ("ok, the DVPP + AIPP path agrees with the float path" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
