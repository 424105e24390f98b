#!/usr/bin/python3
"""ResNet-50 on the simulated device vs ONNX Runtime (onnxruntime-node, CPU, fp32).

  ort_compare.py --atc <atc> --sample <resnet50_classification> --acl-infer <acl_infer>
                 --ort-dir <dir with node_modules> --onnx resnet50.onnx --om310 resnet50.om
                 --image house.jpg --work <dir> [--extra-depth 18 ...]

--onnx/--om310 are the batch-1 ResNet-50 and its conversion with the public sample's options
(Ascend310, --input_fp16_nodes=data --output_type=FP32): the samples' resnet50_models fixture.

1. atc converts the same ONNX for Ascend910B2 (fp32 cube) with --precision_mode=
   must_keep_origin_dtype and fp32 input.
2. The classification sample (on Ascend910B2, that model) writes its preprocessed fp32 input
   of the shipped picture (--dump-input): the input of every run below.
3. ONNX Runtime (tests/e2e/ort_compare/ort_run.js, 2 intra-op threads) runs the ONNX.
4. acl_infer runs (a) the fp32 model on Ascend910B2: max abs error <= 1e-4 on the
   probabilities; (b) the fp16 model on Ascend310 (input converted to fp16): cosine similarity
   >= 0.999 and the same top-1.
--extra-depth D repeats 3-4 for a generated ResNet-D on the same input (ResNet-18's basic blocks).
--caffe repeats 4 for the Caffe twin of the ResNet-50 (tools/modelzoo/onnx_to_caffe.py: the same
weights as prototxt + caffemodel), converted with the public Caffe sample's atc command line
verbatim (fp16, Ascend310, --out_nodes=prob:0) and for Ascend910B2 fp32, against ORT on the
ONNX twin; and the classification sample, unchanged, must print the same top-5 classes with the
Caffe-converted model as with the ONNX-converted one. It also does (a) and (b) for the Caffe
twins of GoogLeNet and MobileNet v2 (tools/modelzoo/make_googlenet.py, make_mobilenet_v2.py)
against ORT on their ONNX.
--tf does the same for the TensorFlow twins (tools/modelzoo/onnx_to_tf.py: frozen NHWC GraphDefs
with the same weights, the input the NHWC transpose of the same picture): ResNet-50 (Placeholder
named as tf.compat.v1 names it) with the sample-style fp16 command line (--framework=3
--input_fp16_nodes=Placeholder --output_type=FP32 --out_nodes=prob:0) and fp32; the public
dynamic-dims command line (--input_shape="Placeholder:-1,-1,-1,3" --dynamic_dims=... --input_format=ND)
run at the 1x224x224 gear against ORT and at the 1x200x200 gear against tools/modelzoo/tf_ref.py
(numpy, fp32) on the .pb itself; MobileNet v2 with a TF MobileNet sample's command line
(--input_shape="input:1,224,224,3" --input_format=NHWC) and GoogLeNet (LRN, ceil pooling as
SAME windows) in fp16 and fp32.
Exit 0 when both hold; 1 with the reason otherwise (a missing onnxruntime-node is a failure).
"""
import argparse
import os
import re
import subprocess
import sys
import time

import numpy as np

MAX_ABS_FP32 = 1e-4
MIN_COSINE_FP16 = 0.999
HERE = os.path.dirname(os.path.abspath(__file__))
MAKE_RESNET = os.path.join(HERE, "..", "..", "..", "tools", "modelzoo", "make_resnet.py")
ONNX_TO_CAFFE = os.path.join(HERE, "..", "..", "..", "tools", "modelzoo", "onnx_to_caffe.py")
ONNX_TO_TF = os.path.join(HERE, "..", "..", "..", "tools", "modelzoo", "onnx_to_tf.py")


def run(cmd, env=None, what=None):
    start = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    took = time.monotonic() - start
    if r.returncode != 0:
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        raise RuntimeError("%s failed (exit %d): %s" % (what or cmd[0], r.returncode, " ".join(cmd)))
    print("ort_compare: %s: %.1f s" % (what or os.path.basename(cmd[0]), took))
    return r.stdout


def soc_env(soc):
    env = dict(os.environ)
    env["ASCEND_SIM_SOC_VERSION"] = soc
    return env


def top5(p):
    return " ".join("%d:%.6f" % (i, p[i]) for i in np.argsort(-p)[:5])


def main():
    ap = argparse.ArgumentParser()
    for opt in ("atc", "sample", "acl-infer", "ort-dir", "onnx", "om310", "image", "work"):
        ap.add_argument("--" + opt, required=True)
    ap.add_argument("--extra-depth", type=int, action="append", default=[],
                    help="also compare a generated ResNet of this depth (18, 34, ...) on the same input")
    ap.add_argument("--caffe", action="store_true", help="also compare the Caffe twin of the ResNet-50")
    ap.add_argument("--tf", action="store_true", help="also compare the TensorFlow twins")
    a = ap.parse_args()
    ort_pkg = os.path.join(a.ort_dir, "node_modules", "onnxruntime-node")
    if not os.path.isdir(ort_pkg):
        print("ort_compare: FAILED: onnxruntime-node is not installed in %s (the test e2e.ort_compare.install_ort "
              "runs tests/e2e/ort_compare/install_ort.sh, which needs node, npm and the npm registry)" % a.ort_dir)
        return 1
    for path in (a.onnx, a.om310):
        if not os.path.isfile(path):
            print("ort_compare: FAILED: %s is missing (made by the samples' resnet50_models fixture, "
                  "ctest -R sample.resnet50.make_models)" % path)
            return 1
    os.makedirs(a.work, exist_ok=True)
    w = lambda name: os.path.join(a.work, name)  # noqa: E731

    om910b = convert_fp32(a.atc, a.onnx, w("resnet50_fp32_910b2"))
    run([a.sample, "--model", om910b, "--image", a.image, "--runs", "1", "--dump-input", w("input.bin")],
        env=soc_env("Ascend910B2"), what="resnet50_classification --dump-input (fp32)")
    x = np.fromfile(w("input.bin"), dtype=np.float32)
    if x.size != 3 * 224 * 224:
        print("ort_compare: FAILED: the dumped input has %d floats, expected 3x224x224" % x.size)
        return 1
    ok = compare(a, "resnet50", a.onnx, om910b, a.om310, w)
    if a.caffe:
        ok = compare_caffe(a, w) and ok
        for gen in ("make_googlenet.py", "make_mobilenet_v2.py"):
            ok = compare_caffe_zoo(a, gen, w) and ok
    if a.tf:
        x.reshape(1, 3, 224, 224).transpose(0, 2, 3, 1).tofile(w("input_nhwc.bin"))
        ok = compare_tf(a, w) and ok
        for gen in ("make_mobilenet_v2.py", "make_googlenet.py"):
            ok = compare_tf_zoo(a, gen, w) and ok
    for depth in a.extra_depth:
        name = "resnet%d" % depth
        onnx = w(name + ".onnx")
        run([sys.executable, "-B", MAKE_RESNET, "--depth", str(depth), "--batch", "1", "--out", onnx],
            what="make_resnet.py --depth %d" % depth)
        om310 = w(name + "_fp16_310")
        run([a.atc, "--model=" + onnx, "--framework=5", "--output=" + om310, "--soc_version=Ascend310",
             "--input_format=NCHW", "--input_fp16_nodes=data", "--output_type=FP32"], what="atc fp16 Ascend310")
        ok = compare(a, name, onnx, convert_fp32(a.atc, onnx, w(name + "_fp32_910b2")), om310 + ".om", w) and ok
    return 0 if ok else 1


def convert_fp32(atc, onnx, out):
    """atc for Ascend910B2, must_keep_origin_dtype, fp32 in and out; returns the .om path."""
    run([atc, "--model=" + onnx, "--framework=5", "--output=" + out, "--soc_version=Ascend910B2",
         "--input_format=NCHW", "--precision_mode=must_keep_origin_dtype", "--output_type=FP32"],
        what="atc must_keep_origin_dtype Ascend910B2")
    return out + ".om"


def compare(a, name, onnx, om910b, om310, w, ort_name=None, ours_input="input.bin"):
    """ORT vs ours (a) fp32 on Ascend910B2 and (b) fp16 on Ascend310, on work/input.bin.
    ort_name: reuse that model's ORT output instead of running ORT again; ours_input: the
    file our models read (the NHWC transpose for a TensorFlow model)."""
    if ort_name is None:
        node_env = dict(os.environ)
        node_env["NODE_PATH"] = os.path.join(a.ort_dir, "node_modules")
        print("ort_compare: " + run(["node", os.path.join(HERE, "ort_run.js"), "--model", onnx, "--input",
                                     w("input.bin"), "--output", w(name + "_ort.bin"), "--threads", "2"],
                                    env=node_env, what="onnxruntime-node").strip())
    run([a.acl_infer, "--model", om910b, "--input", w(ours_input), "--output", w(name + "_ours_fp32.bin")],
        env=soc_env("Ascend910B2"), what="aclmdlExecute fp32 on Ascend910B2")
    run([a.acl_infer, "--model", om310, "--input", w(ours_input), "--output", w(name + "_ours_fp16.bin")],
        env=soc_env("Ascend310"), what="aclmdlExecute fp16 on Ascend310")
    ort = np.fromfile(w((ort_name or name) + "_ort.bin"), dtype=np.float32).astype(np.float64)
    ours32 = np.fromfile(w(name + "_ours_fp32.bin"), dtype=np.float32).astype(np.float64)
    ours16 = np.fromfile(w(name + "_ours_fp16.bin"), dtype=np.float32).astype(np.float64)
    if not (ort.size == ours32.size == ours16.size == 1000):
        print("ort_compare: %s FAILED: output sizes ORT %d, fp32 %d, fp16 %d (want 1000)" %
              (name, ort.size, ours32.size, ours16.size))
        return False
    max_abs = float(np.max(np.abs(ours32 - ort)))
    cos = float(np.dot(ours16, ort) / (np.linalg.norm(ours16) * np.linalg.norm(ort)))
    max_abs16 = float(np.max(np.abs(ours16 - ort)))
    print("ort_compare: %s ORT fp32            top-5 %s" % (name, top5(ort)))
    print("ort_compare: %s ours fp32 (910B2)   top-5 %s" % (name, top5(ours32)))
    print("ort_compare: %s ours fp16 (310)     top-5 %s" % (name, top5(ours16)))
    print("ort_compare: weights are random (tools/modelzoo): the class indices mean nothing")
    ok32 = max_abs <= MAX_ABS_FP32 and int(np.argmax(ours32)) == int(np.argmax(ort))
    ok16 = cos >= MIN_COSINE_FP16 and int(np.argmax(ours16)) == int(np.argmax(ort))
    print("ort_compare: %s (a) must_keep_origin_dtype, Ascend910B2: max abs error %.3g (limit %g): %s" %
          (name, max_abs, MAX_ABS_FP32, "ok" if ok32 else "FAILED"))
    print("ort_compare: %s (b) fp16 sample options, Ascend310: cosine %.6f (limit %g), max abs error %.3g, "
          "top-1 %d vs ORT %d: %s" % (name, cos, MIN_COSINE_FP16, max_abs16, int(np.argmax(ours16)),
                                      int(np.argmax(ort)), "ok" if ok16 else "FAILED"))
    return ok32 and ok16


def sample_top5(a, om, what):
    """The classification sample's top-5 class indices of the shipped picture."""
    out = run([a.sample, "--model", om, "--image", a.image, "--runs", "1"], env=soc_env("Ascend310"), what=what)
    return [int(m) for m in re.findall(r"top [1-5]: index\[(\d+)\]", out)]


def compare_caffe(a, w):
    """The Caffe twin of the ResNet-50: atc --framework=0 with the public sample's command line."""
    caffe_dir = w("caffe_model")
    os.makedirs(caffe_dir, exist_ok=True)
    proto, weights = os.path.join(caffe_dir, "resnet50.prototxt"), os.path.join(caffe_dir, "resnet50.caffemodel")
    run([sys.executable, "-B", ONNX_TO_CAFFE, "--onnx", a.onnx, "--out", os.path.join(caffe_dir, "resnet50")],
        what="onnx_to_caffe.py (the Caffe twin)")
    om310 = w("model/resnet50_caffe")
    os.makedirs(os.path.dirname(om310), exist_ok=True)
    # The public sample's README, verbatim apart from the paths.
    run([a.atc, "--model=" + proto, "--weight=" + weights, "--framework=0", "--output=" + om310,
         "--soc_version=Ascend310", "--input_format=NCHW", "--input_fp16_nodes=data", "--output_type=FP32",
         "--out_nodes=prob:0"], what="atc --framework=0 (the Caffe sample's command line)")
    om910b = w("resnet50_caffe_fp32_910b2")
    run([a.atc, "--model=" + proto, "--weight=" + weights, "--framework=0", "--output=" + om910b,
         "--soc_version=Ascend910B2", "--input_format=NCHW", "--precision_mode=must_keep_origin_dtype",
         "--output_type=FP32"], what="atc --framework=0 must_keep_origin_dtype Ascend910B2")
    ok = compare(a, "resnet50_caffe", a.onnx, om910b + ".om", om310 + ".om", w, ort_name="resnet50")
    onnx_top5 = sample_top5(a, a.om310, "resnet50_classification (ONNX-converted model)")
    caffe_top5 = sample_top5(a, om310 + ".om", "resnet50_classification (Caffe-converted model)")
    same = len(onnx_top5) == 5 and onnx_top5 == caffe_top5
    print("ort_compare: the sample's top-5 with the ONNX model %s, with the Caffe model %s: %s" %
          (onnx_top5, caffe_top5, "ok" if same else "FAILED"))
    return ok and same


def compare_caffe_zoo(a, generator, w):
    """A generated model's Caffe twin (GoogLeNet: LRN and Caffe's ceil pooling; MobileNet v2:
    depthwise convolutions and ReLU6) converted by atc --framework=0, against ORT on the ONNX."""
    name = generator[len("make_"):-len(".py")]
    onnx = w(name + ".onnx")
    run([sys.executable, "-B", os.path.join(os.path.dirname(MAKE_RESNET), generator), "--batch", "1", "--out", onnx],
        what=generator)
    caffe = w(os.path.join("caffe_model", name))
    run([sys.executable, "-B", ONNX_TO_CAFFE, "--onnx", onnx, "--out", caffe], what="onnx_to_caffe.py " + name)
    common = ["--model=" + caffe + ".prototxt", "--weight=" + caffe + ".caffemodel", "--framework=0",
              "--input_format=NCHW", "--output_type=FP32"]
    om310, om910b = w(name + "_caffe_fp16_310"), w(name + "_caffe_fp32_910b2")
    run([a.atc] + common + ["--output=" + om310, "--soc_version=Ascend310", "--input_fp16_nodes=data"],
        what="atc --framework=0 fp16 Ascend310 " + name)
    run([a.atc] + common + ["--output=" + om910b, "--soc_version=Ascend910B2",
                            "--precision_mode=must_keep_origin_dtype"], what="atc --framework=0 fp32 Ascend910B2 " + name)
    return compare(a, name + "_caffe", onnx, om910b + ".om", om310 + ".om", w)


def fp16_check(name, ours, ref, what):
    """Cosine >= MIN_COSINE_FP16 and the same top-1 (an fp16 run against an fp32 reference)."""
    if ours.size != ref.size or ours.size == 0:
        print("ort_compare: %s FAILED: %d output values, the reference has %d" % (name, ours.size, ref.size))
        return False
    cos = float(np.dot(ours, ref) / (np.linalg.norm(ours) * np.linalg.norm(ref)))
    ok = cos >= MIN_COSINE_FP16 and int(np.argmax(ours)) == int(np.argmax(ref))
    print("ort_compare: %s vs %s: cosine %.6f (limit %g), max abs error %.3g, top-1 %d vs %d: %s" %
          (name, what, cos, MIN_COSINE_FP16, float(np.max(np.abs(ours - ref))), int(np.argmax(ours)),
           int(np.argmax(ref)), "ok" if ok else "FAILED"))
    return ok


def compare_tf(a, w):
    """The TensorFlow twin of the ResNet-50 (atc --framework=3), static and with dynamic dims."""
    tf_dir = w("tf_model")
    os.makedirs(tf_dir, exist_ok=True)
    pb = os.path.join(tf_dir, "resnet50.pb")
    run([sys.executable, "-B", ONNX_TO_TF, "--onnx", a.onnx, "--out", pb, "--input-name", "Placeholder"],
        what="onnx_to_tf.py (the TensorFlow twin)")
    om310 = w("model/resnet50_tf")
    os.makedirs(os.path.dirname(om310), exist_ok=True)
    run([a.atc, "--model=" + pb, "--framework=3", "--output=" + om310, "--soc_version=Ascend310",
         "--input_fp16_nodes=Placeholder", "--output_type=FP32", "--out_nodes=prob:0"],
        what="atc --framework=3 fp16 Ascend310")
    om910b = w("resnet50_tf_fp32_910b2")
    run([a.atc, "--model=" + pb, "--framework=3", "--output=" + om910b, "--soc_version=Ascend910B2",
         "--precision_mode=must_keep_origin_dtype", "--output_type=FP32"], what="atc --framework=3 fp32 Ascend910B2")
    ok = compare(a, "resnet50_tf", a.onnx, om910b + ".om", om310 + ".om", w, ort_name="resnet50",
                 ours_input="input_nhwc.bin")
    # The public dynamic-dims command line: every dim but the channels set per gear at run time.
    dyn = w("model/resnet50_tf_dynamic_dims")
    run([a.atc, "--model=" + pb, "--framework=3", "--output=" + dyn, "--soc_version=Ascend310",
         "--input_shape=Placeholder:-1,-1,-1,3", "--dynamic_dims=1,224,224;2,224,224;1,200,200", "--input_format=ND",
         "--output_type=FP32"], what="atc --framework=3 --dynamic_dims")
    run([a.acl_infer, "--model", dyn + ".om", "--input", w("input_nhwc.bin"), "--output", w("tf_dyn_224.bin"),
         "--dynamic-dims", "1,224,224"], env=soc_env("Ascend310"), what="aclmdlExecute gear 1,224,224")
    ort = np.fromfile(w("resnet50_ort.bin"), dtype=np.float32).astype(np.float64)
    ok = fp16_check("resnet50_tf dynamic dims gear 1,224,224", np.fromfile(w("tf_dyn_224.bin"), dtype=np.float32)
                    .astype(np.float64), ort, "ORT") and ok
    x = np.fromfile(w("input_nhwc.bin"), dtype=np.float32).reshape(1, 224, 224, 3)
    small = np.ascontiguousarray(x[:, 10:210, 12:212, :])  # a 200x200 crop of the same picture
    small.tofile(w("input_nhwc_200.bin"))
    run([a.acl_infer, "--model", dyn + ".om", "--input", w("input_nhwc_200.bin"), "--output", w("tf_dyn_200.bin"),
         "--dynamic-dims", "1,200,200"], env=soc_env("Ascend310"), what="aclmdlExecute gear 1,200,200")
    sys.path.insert(0, os.path.dirname(ONNX_TO_TF))
    import tf_ref  # noqa: E402 (tools/modelzoo, numpy only)
    with open(pb, "rb") as f:
        nodes = tf_ref.parse(f.read())[0]
    for node in nodes:  # what --input_shape=Placeholder:-1,-1,-1,3 tells atc
        if node.name == "Placeholder":
            node.attr["shape"] = [-1, -1, -1, 3]
    ref = tf_ref.run(nodes, {"Placeholder": small}, outputs=["prob"])["prob"]
    ok = fp16_check("resnet50_tf dynamic dims gear 1,200,200", np.fromfile(w("tf_dyn_200.bin"), dtype=np.float32)
                    .astype(np.float64), np.asarray(ref, dtype=np.float64).ravel(), "tf_ref.py") and ok
    return ok


def compare_tf_zoo(a, generator, w):
    """A generated model's TensorFlow twin converted by atc --framework=3, against ORT on the ONNX."""
    name = generator[len("make_"):-len(".py")]
    onnx = w(name + ".onnx")
    run([sys.executable, "-B", os.path.join(os.path.dirname(MAKE_RESNET), generator), "--batch", "1", "--out", onnx],
        what=generator)
    pb = w(os.path.join("tf_model", name + ".pb"))
    extra = ["--batch-norm", "FusedBatchNorm"] if name == "mobilenet_v2" else []
    run([sys.executable, "-B", ONNX_TO_TF, "--onnx", onnx, "--out", pb] + extra, what="onnx_to_tf.py " + name)
    om310, om910b = w(name + "_tf_fp16_310"), w(name + "_tf_fp32_910b2")
    # A TF MobileNet sample's command line (NHWC input named in --input_shape).
    run([a.atc, "--model=" + pb, "--framework=3", "--output=" + om310, "--soc_version=Ascend310",
         "--input_shape=input:1,224,224,3", "--input_format=NHWC", "--output_type=FP32", "--out_nodes=prob:0"],
        what="atc --framework=3 fp16 Ascend310 " + name)
    run([a.atc, "--model=" + pb, "--framework=3", "--output=" + om910b, "--soc_version=Ascend910B2",
         "--precision_mode=must_keep_origin_dtype", "--output_type=FP32"], what="atc --framework=3 fp32 Ascend910B2 " + name)
    return compare(a, name + "_tf", onnx, om910b + ".om", om310 + ".om", w, ours_input="input_nhwc.bin")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:
        print("ort_compare: FAILED: %s" % e)
        sys.exit(1)
