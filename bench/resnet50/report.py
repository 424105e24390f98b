#!/usr/bin/python3
"""Prints bench/resnet50/run.sh's table from the JSON lines its runs wrote.

  report.py <results dir> [--quick 0|1]

Reads atc.json (one line per conversion), ort_b<N>.json (tests/e2e/ort_compare/ort_run.js),
ours_b<N>.json and dev_<model>.json (resnet50_bench), load_start.txt / load_end.txt (uptime).
A measurement file holds one line per round (run.sh --rounds): its runs are pooled (the median
of every timed run of every round), the load time is the rounds' median, the RSS their maximum.
Published figures: /work/shared/docs/ascend_tools_hw.md section 6.
"""
import argparse
import glob
import json
import os
import platform
import re
from statistics import median

# (SoC, batch the figure is for, ms per batch, how it was published)
PUBLISHED = {
    "Ascend310": (1, 2.789, "2.789 ms bs1 (msame, ModelZoo ATC ResNet-50)"),
    "Ascend310P3": (64, 64 / 4250 * 1000, "4250 img/s bs64 (ModelZoo-PyTorch Resnet50_Pytorch_Infer)"),
    "Ascend910A": (None, None, "no inference figure; training 2115 img/s bs256 fwd+bwd mixed precision (MindSpore)"),
}


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def measurement(path):
    """One measurement's rounds pooled: the first round's fields, with median_ms / min_ms over
    every timed run, cpu_ms the rounds' mean, load_ms their median, max_rss_kb their maximum,
    runs the total and round_ms each round's own median."""
    rounds = load(path)
    m = dict(rounds[0])
    if "median_ms" in m:
        # Files from before times_ms was written: the median of the rounds' medians.
        times = [t for r in rounds for t in r.get("times_ms", [r["median_ms"]])]
        m.update(median_ms=median(times), min_ms=min(r["min_ms"] for r in rounds), runs=sum(r["runs"] for r in rounds),
                 cpu_ms=sum(r["cpu_ms"] for r in rounds) / len(rounds), round_ms=[r["median_ms"] for r in rounds])
    m.update(rounds=len(rounds), load_ms=median(r["load_ms"] for r in rounds),
             max_rss_kb=max(r["max_rss_kb"] for r in rounds))
    return m


def per_round(ours, ort):
    """Each round's ratio ours/ORT, e.g. "0.88 0.91 0.86"."""
    return " ".join("%.2f" % (u / o) for u, o in zip(ours["round_ms"], ort["round_ms"]))


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            return m.group(1).strip() if m else platform.processor()
    except OSError:
        return platform.processor()


def host_isa():
    """The host's vector extensions, from /proc/cpuinfo's flags (x86) or Features (arm)."""
    try:
        with open("/proc/cpuinfo") as f:
            text = f.read()
    except OSError:
        return platform.machine()
    m = re.search(r"^(flags|Features)\s*:\s*(.*)$", text, re.M)
    flags = set(m.group(2).split()) if m else set()
    have = [name for name, need in (("AVX-512", {"avx512f", "avx512bw", "avx512dq", "avx512vl"}),
                                    ("AVX2", {"avx2"}), ("FMA", {"fma"}), ("F16C", {"f16c"}),
                                    ("NEON", {"asimd"}), ("SVE", {"sve"})) if need <= flags]
    text = "%s (%s)" % (platform.machine(), ", ".join(have) if have else "no SIMD extensions found")
    if os.environ.get("ASIM_CPUID_MASKED"):
        text += (", AVX-512 HIDDEN from CPUID (run.sh --without-avx512, tools/cpuid_mask): both sides chose"
                 " their code as on a CPU without AVX-512")
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--quick", default="0")
    a = ap.parse_args()
    r = lambda name: os.path.join(a.results, name)  # noqa: E731
    loads = [open(r(f)).read().strip().split("load average:")[-1].strip() for f in ("load_start.txt", "load_end.txt")]
    print()
    print("ResNet-50 v1.5 (tools/modelzoo, 25.56 M parameters, seeded random weights)")
    print("host: %s, %d logical CPUs; load average (1/5/15 min) before timing %s, at end %s" %
          (cpu_name(), os.cpu_count(), loads[0], loads[1]))
    if a.quick == "1":
        print("QUICK RUN (--quick: 1 run, no warm-up, batch 1 only): a smoke test, not a measurement")

    print("\natc conversion (wall time, includes reading the model and writing the .om):")
    for c in load(r("atc.json")):
        extra = ""
        if "peak_rss_mb" in c:
            source = "frozen .pb" if c["name"].startswith("tf_") else "caffemodel"
            extra = "  peak RSS %d MB (%.1fx the %d MB %s)" % (
                c["peak_rss_mb"], c["peak_rss_mb"] / max(c["weights_mb"], 1), c["weights_mb"], source)
        print("  %-20s %-12s %7.2f s%s" % (c["name"], c["soc"], c["seconds"], extra))

    ort_files = sorted(glob.glob(r("ort_b*.json")), key=lambda p: int(re.search(r"_b(\d+)", p).group(1)))
    first = measurement(ort_files[0])
    ours_first = measurement(r("ours_b%d.json" % first["output_dims"][0]))
    print("\nhost latency per batch, median of %d runs (%d interleaved round(s), a process each: %d warm-ups, "
          "%d runs), each side in its own process:" % (first["runs"], first["rounds"], ours_first["warmup"],
                                                       first["runs"] // first["rounds"]))
    print("  ORT  = onnxruntime-node %s, CPU execution provider, %d intra-op threads, fp32" %
          (first["ort_version"], first["threads"]))
    print("  ours = libascendcl aclmdlExecute, %s fp32 (atc --precision_mode=must_keep_origin_dtype), all cores" %
          ours_first["soc"])
    print("  host ISA %s; our kernels ran on the %s target (kernels/framework/isa.h)" %
          (host_isa(), ours_first.get("isa", "?")))
    head = ("batch", "ORT ms", "ours ms", "ours/ORT", "ORT img/s", "ours img/s", "ORT CPU ms", "ours CPU ms")
    print("  " + " ".join("%11s" % h for h in head) + "  ours/ORT per round")
    pairs = []
    for path in ort_files:
        o = measurement(path)
        b = o["output_dims"][0]
        u = measurement(r("ours_b%d.json" % b))
        pairs.append((b, o, u))
        row = (b, "%.2f" % o["median_ms"], "%.2f" % u["median_ms"], "%.2f" % (u["median_ms"] / o["median_ms"]),
               "%.1f" % (b * 1000 / o["median_ms"]), "%.1f" % (b * 1000 / u["median_ms"]), "%.1f" % o["cpu_ms"],
               "%.1f" % u["cpu_ms"])
        print("  " + " ".join("%11s" % v for v in row) + "  " + per_round(u, o))
    print("  (CPU ms: mean user+system CPU time of the process per run, all threads, thread-pool spinning included)")
    if os.path.exists(r("ort1t_b1.json")):
        o1, u1 = measurement(r("ort1t_b1.json")), measurement(r("ours1t_b1.json"))
        u16 = measurement(r("ours16_b1.json"))
        o2 = next(o for b, o, _ in pairs if b == 1)
        print("\nbatch 1, other paths (median ms; ratio to ORT in the same conditions):")
        print("  one thread each (taskset -c 0; ORT 1 intra-op thread): ORT %.2f, ours fp32 %.2f: ours/ORT %.2f "
              "(per round %s)" % (o1["median_ms"], u1["median_ms"], u1["median_ms"] / o1["median_ms"], per_round(u1, o1)))
        print("  the sample's fp16 model (Ascend310, --input_fp16_nodes, fp16 storage): ours %.2f against ORT fp32 "
              "%.2f: %.2f (per round %s)" % (u16["median_ms"], o2["median_ms"], u16["median_ms"] / o2["median_ms"],
                                             per_round(u16, o2)))
    conv = r("conv_bench.txt")
    if os.path.exists(conv):
        text = open(conv).read()
        limit = re.search(r"^FMA limit: .*$", text, re.M)
        total = re.search(r"^\s+AI Core.*% of the FMA limit.*$", text, re.M)
        print("\nbench/conv, ResNet-50's convolutions at batch 1 through the AI Core fp32 kernel:")
        target = re.search(r"^kernels' vector target: .*$", text, re.M)
        print("  " + (target.group(0) if target else "(no target line)"))
        print("  " + (limit.group(0) if limit else "(no FMA limit line)"))
        print("  " + (total.group(0).strip() if total else "(no total line)"))
    print("\nmodel load (ORT InferenceSession.create / aclmdlLoadFromFile) and peak RSS of each process:")
    head = ("batch", "ORT load ms", "ours load ms", "ORT RSS MB", "ours RSS MB")
    print("  " + " ".join("%12s" % h for h in head))
    for b, o, u in pairs:
        row = (b, "%.0f" % o["load_ms"], "%.0f" % u["load_ms"], "%.0f" % (o["max_rss_kb"] / 1024),
               "%.0f" % (u["max_rss_kb"] / 1024))
        print("  " + " ".join("%12s" % v for v in row))

    print("\nsimulated device time per batch (aclrtEventElapsedTime around aclmdlExecuteAsync):")
    print("  %-12s %-5s %5s %10s %10s  %s" % ("SoC", "mode", "batch", "sim ms", "sim img/s", "published"))
    rows = [(load(p)[0], "fp16") for p in sorted(glob.glob(r("dev_*.json")))]
    rows += [(measurement(p), "fp32") for p in sorted(glob.glob(r("ours_b*.json")))]
    for d, mode in rows:
        b, ms = d["batch"], d["sim_ms"]
        pub = PUBLISHED.get(d["soc"]) if mode == "fp16" else None
        note = ""
        if pub is not None:
            pb, pms, text = pub
            note = text
            if pms is not None and pb == b:
                note += ": sim time / published %.2f" % (ms / pms)
            elif pms is not None:
                note += " (published at bs%d, simulated at bs%d: not comparable)" % (pb, b)
        print("  %-12s %-5s %5d %10.3f %10.1f  %s" % (d["soc"], mode, b, ms, b * 1000 / ms, note))
    print("\nweights are random: classes mean nothing; the timing does not depend on them")


if __name__ == "__main__":
    main()
