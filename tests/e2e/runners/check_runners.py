#!/usr/bin/python3
"""msame and ais_bench on the modelzoo ResNet-50 give aclmdlExecute's output bit for bit
(ctest e2e.runners.resnet50).

  check_runners.py --msame <msame> --c-loop <c_execute_loop> --python /usr/bin/python3
                   --site-packages <dir> --pyacl <dir> --model resnet50.om --cpp-sample <binary>
                   --image house.jpg --work DIR

For zero-filled inputs (the issue's command lines: `msame --model resnet50.om --output out
--outfmt TXT --loop 10` and `python3 -m ais_bench --model resnet50.om --loop 10 --output ...`) and
for a real picture's input (the C++ sample's --dump-input): the reference is c_execute_loop
(plain aclmdlExecute, public API); msame's BIN and ais_bench's BIN outputs must be the same bytes,
and msame's TXT values the reference's to the 6 significant digits msame prints. Exit 1 on any
difference.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys

import numpy as np


def run(cmd, env=None):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=env, timeout=900)
    if r.returncode != 0:
        sys.stdout.write(r.stdout + r.stderr)
        raise SystemExit("check: %s exited with %d" % (" ".join(str(c) for c in cmd[:3]), r.returncode))
    return r.stdout


def one(pattern):
    found = sorted(glob.glob(pattern, recursive=True))
    if len(found) != 1:
        raise SystemExit("check: expected one file for %s, found %s" % (pattern, found))
    return found[0]


def main():
    ap = argparse.ArgumentParser()
    for flag in ("--msame", "--c-loop", "--python", "--site-packages", "--pyacl", "--model", "--cpp-sample",
                 "--image", "--work"):
        ap.add_argument(flag, required=True)
    args = ap.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    args.input = os.path.join(args.work, "picture.bin")
    run([args.cpp_sample, "--model", args.model, "--image", args.image, "--runs", 1, "--dump-input", args.input])
    env = dict(os.environ, PYTHONPATH=args.pyacl + ":" + args.site_packages, PYTHONDONTWRITEBYTECODE="1")
    ok = True
    for label, input_file in (("zero inputs", None), ("picture input", args.input)):
        work = os.path.join(args.work, "zero" if input_file is None else "picture")
        os.makedirs(work)
        ref_path = os.path.join(work, "ref.bin")
        cmd = [args.c_loop, "--model", args.model, "--iterations", 1, "--warmup", 0, "--write-output", ref_path]
        if input_file:
            cmd += ["--input", input_file]
        run(cmd)
        ref = open(ref_path, "rb").read()
        with_input = ["--input", input_file] if input_file else []

        out = run([args.msame, "--model", args.model, "--output", os.path.join(work, "msame_txt"), "--outfmt", "TXT",
                   "--loop", 10] + with_input)
        if out.count("Inference time") < 10 and out.count("inference time") < 10:
            print("check: msame printed fewer than 10 inference lines")
            ok = False
        txt = np.array(open(one(os.path.join(work, "msame_txt", "*", "*_output_0.txt"))).read().split(), dtype=np.float64)
        want = np.frombuffer(ref, dtype=np.float32).astype(np.float64)
        if txt.size != want.size or not np.allclose(txt, want, rtol=1e-5, atol=1e-12):
            print("check: %s: msame TXT values differ from aclmdlExecute's" % label)
            ok = False

        run([args.msame, "--model", args.model, "--output", os.path.join(work, "msame_bin"), "--outfmt", "BIN",
             "--loop", 10] + with_input)
        if open(one(os.path.join(work, "msame_bin", "*", "*_output_0.bin")), "rb").read() != ref:
            print("check: %s: msame BIN output is not aclmdlExecute's bytes" % label)
            ok = False

        out = run([args.python, "-B", "-m", "ais_bench", "--model", args.model, "--loop", 10, "--output",
                   os.path.join(work, "ais"), "--output_dirname", "run"] + with_input, env)
        if "NPU_compute_time (ms)" not in out:
            print("check: ais_bench printed no summary")
            ok = False
        if open(one(os.path.join(work, "ais", "run", "*_0.bin")), "rb").read() != ref:
            print("check: %s: ais_bench output is not aclmdlExecute's bytes" % label)
            ok = False
        print("check: %s: msame TXT/BIN and ais_bench %s" % (label, "match aclmdlExecute" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
