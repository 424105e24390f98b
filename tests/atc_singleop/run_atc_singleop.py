#!/usr/bin/env python3
"""Runs the built `atc --singleop` on description files and checks what it writes and says.

Success cases: the public gemm sample's file plus Add, Conv2D (list_int attrs) and an int8
GEMM; one .om per op named {index}_{op}_{dtype_format_dims...}.om, the console lists them.
Failure cases: bad JSON, an unknown op, a bad dtype, a missing key, an output that does not
match the op: exit status 255, "ATC run failed", the code, the file name, the op index and
the key in the message, and no output directory left behind.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what)


def tensor(shape, dtype, fmt="ND"):
    return {"format": fmt, "shape": shape, "type": dtype}


GEMM = {
    "op": "GEMM",
    "input_desc": [tensor([16, 16], "float16"), tensor([16, 16], "float16"), tensor([16, 16], "float16"),
                   tensor([], "float16"), tensor([], "float16")],
    "output_desc": [tensor([16, 16], "float16")],
    "attr": [{"name": "transpose_a", "type": "bool", "value": False},
             {"name": "transpose_b", "type": "bool", "value": False}],
}
ADD = {"op": "Add", "input_desc": [tensor([2, 8], "float"), tensor([2, 8], "float")],
       "output_desc": [tensor([2, 8], "float")]}
CONV = {
    "op": "Conv2D",
    "input_desc": [tensor([1, 3, 8, 8], "float16", "NCHW"), tensor([4, 3, 3, 3], "float16", "NCHW")],
    "output_desc": [tensor([1, 4, 8, 8], "float16", "NCHW")],
    "attr": [{"name": "strides", "type": "list_int", "value": [1, 1, 1, 1]},
             {"name": "pads", "type": "list_int", "value": [1, 1, 1, 1]},
             {"name": "dilations", "type": "list_int", "value": [1, 1, 1, 1]}],
}
S8GEMM = {
    "op": "GEMM",
    "input_desc": [tensor([4, 32], "int8"), tensor([32, 16], "int8"), tensor([4, 16], "int32"),
                   tensor([], "int32"), tensor([], "int32")],
    "output_desc": [tensor([4, 16], "int32")],
    "attr": [{"name": "transpose_a", "type": "bool", "value": False},
             {"name": "transpose_b", "type": "bool", "value": False}],
}


def run(atc, work, name, content, extra=None):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(content if isinstance(content, str) else json.dumps(content, indent=1))
    out_dir = os.path.join(work, name + ".out")
    shutil.rmtree(out_dir, ignore_errors=True)
    args = [atc, "--singleop=" + path, "--output=" + out_dir] + (["--soc_version=Ascend310"] if extra is None else extra)
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
    return p.returncode, p.stdout, out_dir


def expect_failure(atc, work, name, content, needles, extra=None):
    rc, out, out_dir = run(atc, work, name, content, extra)
    check(rc == 255, f"{name}: exit status {rc}, want 255\n{out}")
    check("ATC run failed" in out, f"{name}: no 'ATC run failed'\n{out}")
    for n in needles:
        check(n in out, f"{name}: message lacks {n!r}\n{out}")
    check(not os.path.exists(out_dir) or not os.listdir(out_dir), f"{name}: files left in {out_dir}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--atc", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)

    rc, out, out_dir = run(a.atc, a.work, "ops.json", [GEMM, ADD, CONV, S8GEMM])
    check(rc == 0, f"ops.json: exit status {rc}\n{out}")
    want = [
        "0_GEMM_1_2_16_16_1_2_16_16_1_2_16_16_1_2_1_2_1_2_16_16.om",
        "1_Add_0_2_2_8_0_2_2_8_0_2_2_8.om",
        "2_Conv2D_1_0_1_3_8_8_1_0_4_3_3_3_1_0_1_4_8_8.om",
        "3_GEMM_2_2_4_32_2_2_32_16_3_2_4_16_3_2_3_2_3_2_4_16.om",
    ]
    have = sorted(os.listdir(out_dir)) if os.path.isdir(out_dir) else []
    check(have == sorted(want), f"ops.json wrote {have}, want {want}")
    for w in want:
        check(w in out, f"ops.json: console does not name {w}\n{out}")
        path = os.path.join(out_dir, w)
        check(os.path.isfile(path) and os.path.getsize(path) > 0, f"{w} is empty")
    check("4 op models written" in out, f"ops.json: no summary line\n{out}")
    check("ATC run success" in out, f"ops.json: no success line\n{out}")

    bad_type = json.loads(json.dumps([ADD, GEMM]))
    bad_type[1]["input_desc"][3]["type"] = "half16"
    expect_failure(a.atc, a.work, "bad_type.json", bad_type,
                   ["E10001", "bad_type.json op 1 'GEMM'", "input_desc[3].type", "'half16' is not a tensor type"])
    unknown = json.loads(json.dumps([ADD, GEMM]))
    unknown[0]["op"] = "NoSuchOp"
    expect_failure(a.atc, a.work, "unknown.json", unknown, ["EZ3003", "unknown.json op 0", "NoSuchOp"])
    expect_failure(a.atc, a.work, "broken.json", '[{"op": "Add",', ["E19005", "broken.json", "byte"])
    expect_failure(a.atc, a.work, "object.json", ADD, ["E10001", "object.json", "top level must be a non-empty array"])
    missing = json.loads(json.dumps([GEMM]))
    del missing[0]["output_desc"]
    expect_failure(a.atc, a.work, "missing.json", missing, ["missing.json op 0 'GEMM'", "missing key 'output_desc'"])
    bad_attr = json.loads(json.dumps([GEMM]))
    bad_attr[0]["attr"][1]["value"] = "no"
    expect_failure(a.atc, a.work, "bad_attr.json", bad_attr,
                   ["bad_attr.json op 0 'GEMM'", "attr[1] 'transpose_b'.value: must be true or false"])
    mismatch = json.loads(json.dumps([ADD]))
    mismatch[0]["output_desc"][0]["type"] = "float16"
    expect_failure(a.atc, a.work, "mismatch.json", mismatch,
                   ["mismatch.json op 0", "output_desc[0] is float16 [2,8] but the op produces float [2,8]"])
    expect_failure(a.atc, a.work, "nosoc.json", [ADD], ["E10004: Value for [--soc_version] is empty."], extra=[])
    expect_failure(a.atc, a.work, "badsoc.json", [ADD], ["parameter [--soc_version]", "Ascend999"],
                   extra=["--soc_version=Ascend999"])
    rc, out, _ = run(a.atc, a.work, "missing_file.json", "[]")
    check(rc == 255 and "non-empty array" in out, f"empty array accepted\n{out}")

    print(f"atc --singleop: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
