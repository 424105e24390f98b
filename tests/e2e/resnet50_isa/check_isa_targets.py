#!/usr/bin/python3
"""The ResNet-50 classification sample on every vector target this host runs.

  check_isa_targets.py --sample <resnet50_classification> --acl-infer <acl_infer> --atc <atc>
                       --onnx resnet50.onnx --om310 resnet50.om --image house.jpg --work <dir>
                       [--emulate-cpu MODEL [--qemu qemu-x86_64-static] | --cpuid-mask WRAPPER]

The kernels are compiled for several vector targets and dispatched at run time
(kernels/framework/isa.h); ASCEND_SIM_ISA forces one. For each of avx512, avx2, neon and
scalar this script
  1. runs the sample (the public sample's fp16 model on Ascend310) and reads its top-5;
  2. runs acl_infer on the same model converted for Ascend910B2 with fp32 kept
     (must_keep_origin_dtype) on the sample's preprocessed fp32 input of the picture.
A target this CPU or build lacks must be refused by aclInit with a message naming the ones it
has (that refusal is checked, then the target is skipped). On the others: the same top-5
classes as on the best target, each score within 1e-3; the fp32 probabilities within 1e-5
(FMA on one target and not on another moves the last bits only). At least two targets must
run (x86-64 always has the portable fallback; aarch64 has NEON only, so one is enough there).

--emulate-cpu MODEL (x86-64 only): the host without AVX-512 that most users have, on this
machine. The same binaries (atc, the sample, acl_infer: built here, with no CPU-specific
flags) run under `qemu-x86_64-static -cpu MODEL` (e.g. Haswell-v4: AVX2 + FMA + F16C; qemu's
emulator has no AVX-512), which shows the library a CPU without AVX-512 through CPUID, and executes every
instruction itself: an AVX-512 instruction outside the dispatched kernels would stop the run
with SIGILL. Checked: aclInit refuses ASCEND_SIM_ISA=avx512 there; atc converts both models
there; with the target left to the library the sample and acl_infer, on those models, log
avx2, and their top-5 and fp32 probabilities equal the native avx2 run's (on the models
converted natively) within the limits above.
--cpuid-mask WRAPPER (x86-64 with CPUID faulting): the same checks with the binaries run under
tools/cpuid_mask's without_avx512 instead of qemu: AVX-512 hidden from CPUID on the real CPU,
as bench/resnet50/run.sh --without-avx512 times it (says nothing about SIGILL; exit 77, skipped,
when the host cannot mask).
Exit 0 when all of that holds.
"""
import argparse
import os
import platform
import re
import subprocess
import sys

import numpy as np

TARGETS = ("avx512", "avx2", "neon", "scalar")
MAX_ABS_FP32 = 1e-5
MAX_SCORE_DIFF = 1e-3


def run(cmd, isa, soc, emulator=()):
    env = dict(os.environ)
    if isa == "auto":
        env.pop("ASCEND_SIM_ISA", None)
    else:
        env["ASCEND_SIM_ISA"] = isa
    env["ASCEND_SIM_SOC_VERSION"] = soc
    env["ASCEND_GLOBAL_LOG_LEVEL"] = "1"  # info: the chosen target is logged
    env["ASCEND_SLOG_PRINT_TO_STDOUT"] = "1"
    return subprocess.run(list(emulator) + cmd, capture_output=True, text=True, env=env)


# atc's options per SoC besides the model's: the public sample's fp16 model for Ascend310, the
# fp32 cube kernels for Ascend910B2.
ATC_OPTIONS = {"Ascend310": ["--input_fp16_nodes=data"],
               "Ascend910B2": ["--precision_mode=must_keep_origin_dtype"]}


def convert(a, soc, out, emulator=()):
    """atc of the ONNX model for `soc` into out.om (under `emulator`, if any): its path, or None
    after printing why it failed."""
    r = subprocess.run(list(emulator) + [a.atc, "--model=" + a.onnx, "--framework=5", "--output=" + out,
                                         "--soc_version=" + soc, "--input_format=NCHW", "--output_type=FP32"]
                       + ATC_OPTIONS[soc], capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stdout + r.stderr)
        print("isa: FAILED: atc for %s%s" % (soc, " under " + " ".join(emulator) if emulator else ""))
        return None
    return out + ".om"


REFUSED = "refused"


def classify(a, om310, om910b, input_bin, isa, emulator=()):
    """The sample's top-5 and acl_infer's fp32 probabilities on one target ("auto": the
    library's choice, as the log names it). Returns (target, top-5, fp32) or REFUSED when
    aclInit refused the target; None after printing why it failed."""
    where = " under %s" % " ".join(emulator) if emulator else ""
    s = run([a.sample, "--model", om310, "--image", a.image, "--runs", "1"], isa, "Ascend310", emulator)
    if s.returncode != 0:
        text = s.stdout + s.stderr
        if "this CPU and build can run" in text:
            print("isa: %-6s not available%s (aclInit refused it, as it must): %s" %
                  (isa, where, re.search(r"this CPU and build can run [a-z0-9, ]+", text).group(0)))
            return REFUSED
        print(text)
        print("isa: %s%s: FAILED: the sample failed with exit code %d" % (isa, where, s.returncode))
        return None
    chosen = re.search(r"vector ISA: ([a-z0-9]+)", s.stdout)
    if chosen is None or (isa != "auto" and chosen.group(1) != isa):
        print(s.stdout)
        print("isa: %s%s: FAILED: the log does not say the kernels ran on %s" % (isa, where, isa))
        return None
    target = chosen.group(1)
    top5 = [(int(i), float(v)) for i, v in re.findall(r"top \d: index\[(\d+)\] value\[([-0-9.e]+)\]", s.stdout)]
    out = os.path.join(a.work, "out_%s%s.bin" % (isa, "_emulated" if emulator else ""))
    f = run([a.acl_infer, "--model", om910b, "--input", input_bin, "--output", out], isa, "Ascend910B2", emulator)
    if f.returncode != 0 or len(top5) < 5:
        print(s.stdout + f.stdout + f.stderr)
        print("isa: %s%s: FAILED: %s" % (isa, where, "acl_infer failed" if f.returncode else "no top-5 printed"))
        return None
    print("isa: %-6s%s ran on %s: top-5 %s" % (isa, where, target, " ".join("%d:%.6f" % p for p in top5[:5])))
    return target, top5[:5], np.fromfile(out, dtype=np.float32).astype(np.float64)


def compare(name, result, ref_name, ref):
    """True when `result` classifies as `ref` (same top-5 classes, scores and fp32 within limits)."""
    _, top, fp32 = result
    _, ref_top, ref_fp32 = ref
    same = [i for i, _ in top] == [i for i, _ in ref_top]
    score = max(abs(v - w) for (_, v), (_, w) in zip(top, ref_top))
    max_abs = float(np.max(np.abs(fp32 - ref_fp32))) if fp32.size == ref_fp32.size else float("inf")
    good = same and score <= MAX_SCORE_DIFF and max_abs <= MAX_ABS_FP32
    print("isa: %s vs %s: top-5 classes %s, max score difference %.3g (limit %g), fp32 max abs %.3g "
          "(limit %g): %s" % (name, ref_name, "equal" if same else "DIFFER", score, MAX_SCORE_DIFF, max_abs,
                              MAX_ABS_FP32, "ok" if good else "FAILED"))
    return good


def emulated_host(a, om910b, input_bin, emulator):
    """The --emulate-cpu / --cpuid-mask check (see the module comment). True when it holds."""
    native = classify(a, a.om310, om910b, input_bin, "avx2")
    if native in (None, REFUSED):
        print("isa: FAILED: the native avx2 run, the emulated host's reference, did not run")
        return False
    if classify(a, a.om310, om910b, input_bin, "avx512", emulator) != REFUSED:
        print("isa: FAILED: aclInit did not refuse avx512 on a CPU without AVX-512")
        return False
    # Both models converted there too: atc prepares filters for the vector target it runs on.
    emulated_om = {soc: convert(a, soc, os.path.join(a.work, "emulated_%s" % soc), emulator)
                   for soc in ATC_OPTIONS}
    if None in emulated_om.values():
        return False
    print("isa: atc under %s converted both models" % " ".join(emulator))
    emulated = classify(a, emulated_om["Ascend310"], emulated_om["Ascend910B2"], input_bin, "auto", emulator)
    if emulated in (None, REFUSED):
        return False
    if emulated[0] != "avx2":
        print("isa: FAILED: on a CPU with AVX2 and without AVX-512 the library chose %s, not avx2" % emulated[0])
        return False
    return compare("auto (%s)" % " ".join(emulator), emulated, "avx2 (native)", native)


def main():
    ap = argparse.ArgumentParser()
    for opt in ("sample", "acl-infer", "atc", "onnx", "om310", "image", "work"):
        ap.add_argument("--" + opt, required=True)
    ap.add_argument("--emulate-cpu")
    ap.add_argument("--qemu", default="qemu-x86_64-static")
    ap.add_argument("--cpuid-mask")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    om910b = convert(a, "Ascend910B2", os.path.join(a.work, "resnet50_fp32_910b2"))
    if om910b is None:
        return 1
    # The fp32 input of the picture, as the sample preprocesses it for the fp32 model.
    input_bin = os.path.join(a.work, "input.bin")
    d = run([a.sample, "--model", om910b, "--image", a.image, "--runs", "1", "--dump-input", input_bin],
            "auto", "Ascend910B2")
    if d.returncode != 0:
        print(d.stdout + d.stderr)
        print("isa: FAILED: the sample could not write the fp32 input")
        return 1
    if a.emulate_cpu or a.cpuid_mask:
        if a.cpuid_mask:
            probe = subprocess.run([a.cpuid_mask, "true"], capture_output=True, text=True)
            if probe.returncode == 77:
                print("isa: skipped: %s" % probe.stderr.strip())
                return 77
            emulator, label = (a.cpuid_mask,), "AVX-512 hidden from CPUID"
        else:
            emulator, label = (a.qemu, "-cpu", a.emulate_cpu), "emulated " + a.emulate_cpu
        ok = emulated_host(a, om910b, input_bin, emulator)
        print("isa: %s" % ("ok, a CPU without AVX-512 (%s) runs the library on avx2 with the same "
                           "classification" % label if ok else "FAILED"))
        return 0 if ok else 1
    results = {}
    ok = True
    for isa in TARGETS:
        result = classify(a, a.om310, om910b, input_bin, isa)
        if result is None:
            ok = False
        elif result != REFUSED:
            results[isa] = result
    if not results:
        print("isa: FAILED: no target ran")
        return 1
    best = next(iter(results))
    for isa, result in results.items():
        if isa != best:
            ok = compare(isa, result, best, results[best]) and ok
    need = 1 if platform.machine() in ("aarch64", "arm64") else 2
    if len(results) < need:
        print("isa: FAILED: only %d target(s) ran (%s), at least %d expected" % (len(results), ", ".join(results), need))
        ok = False
    print("isa: %s" % ("ok, every target this host runs gives the same classification" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
