#!/usr/bin/env python3
"""The simulator against the published Ascend ResNet figures (ascend_tools_hw.md section 6),
through the whole tool chain: tools/modelzoo makes the ResNet (batch 1 ONNX), our atc converts
it the way the published run did (--input_shape for the batch; AIPP and --enable_small_channel
where the publication used them), and resnet50_bench measures the simulated device time of one
aclmdlExecuteAsync between events on the chip. Prints one table (docs/cost_model.md keeps it).

  published.py --atc ATC --bench RESNET50_BENCH --work DIR [--points a,b] [--check] [--keep-models]
               [--python PY] [--aipp CFG] [--onnx-dir DIR]

--points: names from POINTS (default: all). --check: exit 1 when a point is outside its band
(+-10% for the calibration point, +-15% for the others, issue 18 part 4). --onnx-dir: where the
batch-1 ONNX files are (made there when missing; resnet50.onnx of the samples' fixture is used
as is). --keep-models: keep the .om files (by default each is removed once measured)."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
AIPP_CFG = os.path.join(ROOT, "samples", "resnet50_dvpp_classification", "aipp_resnet50.cfg")

# name, depth, soc, batch, published ms per batch, band, atc options beyond the fp16 default, source
POINTS = [
    ("r50_310p3_b64", 50, "Ascend310P3", 64, 64 / 4250 * 1000, 0.10, ["aipp", "small_channel"],
     "4250 img/s, ModelZoo-PyTorch Resnet50_Pytorch_Infer (AIPP, --enable_small_channel=1)"),
    ("r50_310_b1", 50, "Ascend310", 1, 2.789, 0.15, ["aipp"],
     "2.789 ms, msame, ModelZoo ATC ResNet-50 (Caffe, with AIPP)"),
    ("r18_310p3_b1", 18, "Ascend310P3", 1, 1000 / 2864.96, 0.15, [], "2864.96 img/s, Resnet18_for_PyTorch"),
    ("r18_310p3_b64", 18, "Ascend310P3", 64, 64 / 9816.71 * 1000, 0.15, [], "9816.71 img/s, Resnet18_for_PyTorch"),
    ("r34_310p3_b1", 34, "Ascend310P3", 1, 1000 / 1775.08, 0.15, [], "1775.08 img/s, contrib ResNet34"),
    ("r34_310p3_b64", 34, "Ascend310P3", 64, 64 / 5082.96 * 1000, 0.15, [], "5082.96 img/s, contrib ResNet34"),
    ("r101_310p3_b1", 101, "Ascend310P3", 1, 1000 / 971.9, 0.15, [], "971.9 img/s, ResNet101 README"),
    ("r101_310p3_b8", 101, "Ascend310P3", 8, 8 / 2547.9 * 1000, 0.15, [], "2547.9 img/s, ResNet101 README"),
    ("r101_310_b1", 101, "Ascend310", 1, 1000 / 247.898, 0.15, [],
     "247.898 img/s per chip, contrib ResNet101 (benchmark Interface throughputRate)"),
    ("r152_310p3_b1", 152, "Ascend310P3", 1, 1000 / 722.79, 0.15, [], "722.79 img/s, contrib ResNet152"),
    ("r152_310p3_b64", 152, "Ascend310P3", 64, 64 / 1487.53 * 1000, 0.15, [], "1487.53 img/s, contrib ResNet152"),
]


def run(cmd, env=None, log=None):
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.stdout.write(p.stdout)
        raise SystemExit("published.py: failed (%d): %s" % (p.returncode, " ".join(cmd)))
    if log:
        with open(log, "w") as f:
            f.write(p.stdout)
    return p.stdout


def onnx_for(depth, args):
    path = os.path.join(args.onnx_dir, "resnet%d.onnx" % depth)
    if not os.path.exists(path):
        run([args.python, "-B", os.path.join(ROOT, "tools", "modelzoo", "make_resnet.py"), "--depth", str(depth),
             "--batch", "1", "--out", path])
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--atc", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--onnx-dir", default="")
    ap.add_argument("--points", default="")
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--aipp", default=AIPP_CFG)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--keep-models", action="store_true",
                    help="keep each point's .om (by default removed once measured: with the prepared filters "
                         "the eleven of them take 3.3 GB, which CI's disk should not carry)")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    args.onnx_dir = args.onnx_dir or args.work
    os.makedirs(args.onnx_dir, exist_ok=True)
    wanted = [p for p in args.points.split(",") if p]
    unknown = [w for w in wanted if w not in [p[0] for p in POINTS]]
    if unknown:
        raise SystemExit("published.py: unknown points %s (known: %s)" % (unknown, ", ".join(p[0] for p in POINTS)))
    rows, failures = [], []
    for name, depth, soc, batch, published, band, extras, source in POINTS:
        if wanted and name not in wanted:
            continue
        om = os.path.join(args.work, name)
        cmd = [args.atc, "--model=" + onnx_for(depth, args), "--framework=5", "--output=" + om, "--soc_version=" + soc,
               "--input_format=NCHW", "--input_shape=data:%d,3,224,224" % batch, "--output_type=FP32"]
        if "aipp" in extras:
            cmd.append("--insert_op_conf=" + args.aipp)
        if "small_channel" in extras:
            cmd.append("--enable_small_channel=1")
        run(cmd, log=om + ".atc.log")
        env = dict(os.environ, ASCEND_SIM_SOC_VERSION=soc)
        out = run([args.bench, "--model", om + ".om", "--warmup", "0", "--runs", "0", "--device-runs", "1"], env=env)
        if not args.keep_models:
            os.remove(om + ".om")
        result = json.loads(out.strip().splitlines()[-1])
        sim = result["sim_ms"]
        ratio = sim / published
        ok = abs(ratio - 1) <= band + 1e-9
        rows.append((name, soc, batch, "+".join(extras) or "-", sim, published, ratio, band, ok, source))
        if not ok:
            failures.append(name)
        print("published.py: %s: simulated %.3f ms, published %.3f ms, ratio %.3f" % (name, sim, published, ratio),
              flush=True)
    print("\n| point | SoC | batch | atc extras | simulated ms | published ms | sim / published | band | source |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, soc, batch, extras, sim, published, ratio, band, ok, source in rows:
        print("| %s | %s | %d | %s | %.3f | %.3f | %.3f%s | +-%d%% | %s |" %
              (name, soc, batch, extras, sim, published, ratio, "" if ok else " (outside)", round(band * 100), source))
    if args.check and failures:
        print("published.py: outside the band: " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
