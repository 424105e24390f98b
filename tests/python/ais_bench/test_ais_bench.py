"""python3 -m ais_bench on the test models: summary, outputs (names, formats, values), inputs
(files, .npy, directories, generated), dynamic gears, errors."""
import glob
import json
import os
import re
import subprocess

import numpy as np
import pytest

from conftest import ais_bench, case_file, close, manifest, model, only_dir

SUMMARY = re.compile(r"NPU_compute_time \(ms\): min = ([\d.e-]+), max = ([\d.e-]+), mean = ([\d.e-]+)")


def test_pure_inference_prints_the_summary(tmp_path):
    rc, out = ais_bench("--model", model("add_relu"), "--loop", 4, "--output", tmp_path)
    assert rc == 0, out
    for line in ("[INFO] acl init success", "[INFO] load model", "[INFO] try get model batchsize:2",
                 "[INFO] warm up 1 done", "-----------------Performance Summary------------------",
                 "throughput 1000*batchsize.mean(2)/NPU_compute_time.mean(", "[INFO] end to finalize acl"):
        assert line in out, line
    m = SUMMARY.search(out)
    assert m and 0 < float(m.group(1)) <= float(m.group(3)) <= float(m.group(2))
    assert "H2D_latency" not in out  # only with --display_all_summary
    run_dir = only_dir(tmp_path)
    assert os.listdir(run_dir) == ["pure_infer_data_0.bin"]
    assert os.path.getsize(os.path.join(run_dir, "pure_infer_data_0.bin")) == 480
    summary = json.load(open(glob.glob(os.path.join(tmp_path, "*_summary.json"))[0]))
    assert summary["inferences"] == 4 and summary["throughput"] > 0
    assert set(summary["NPU_compute_time"]) == {"min", "max", "mean", "median", "percentile(99%)"}


def test_display_all_summary(tmp_path):
    rc, out = ais_bench("--model", model("add_relu"), "--display_all_summary", "True")
    assert rc == 0, out
    assert "H2D_latency (ms): min = " in out and "D2H_latency (ms): min = " in out


def test_outputs_equal_the_reference(tmp_path):
    m = manifest("add_relu")
    case = m["cases"][0]
    inputs = ",".join(case_file(s["file"]) for s in case["inputs"])
    rc, out = ais_bench("--model", model("add_relu"), "--input", inputs, "--output", tmp_path,
                        "--output_dirname", "run")
    assert rc == 0, out
    got = np.fromfile(os.path.join(tmp_path, "run", "add_relu.input0_0.bin"), dtype=np.float32)
    want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=np.float32)
    assert close(got, want, m["tolerance"])


@pytest.mark.parametrize("fmt", ["NPY", "TXT"])
def test_output_formats(tmp_path, fmt):
    m = manifest("add_relu")
    case = m["cases"][0]
    inputs = ",".join(case_file(s["file"]) for s in case["inputs"])
    rc, out = ais_bench("--model", model("add_relu"), "--input", inputs, "--output", tmp_path,
                        "--output_dirname", "run", "--outfmt", fmt)
    assert rc == 0, out
    want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=np.float32).reshape(2, 3, 4, 5)
    if fmt == "NPY":
        got = np.load(os.path.join(tmp_path, "run", "add_relu.input0_0.npy"))
        assert got.shape == (2, 3, 4, 5) and got.dtype == np.float32
    else:
        got = np.loadtxt(os.path.join(tmp_path, "run", "add_relu.input0_0.txt"), dtype=np.float32).reshape(2, 3, 4, 5)
    assert close(got, want, m["tolerance"])


def test_npy_inputs_and_directories(tmp_path):
    m = manifest("add_relu")
    case = m["cases"][0]
    x = np.fromfile(case_file(case["inputs"][0]["file"]), dtype=np.float32).reshape(2, 3, 4, 5)
    y = np.fromfile(case_file(case["inputs"][1]["file"]), dtype=np.float32).reshape(2, 3, 4, 5)
    dx, dy = tmp_path / "x", tmp_path / "y"
    dx.mkdir()
    dy.mkdir()
    np.save(dx / "a.npy", x)
    np.save(dy / "a.npy", y)
    np.save(dx / "b.npy", -x)
    np.save(dy / "b.npy", -y)
    out_root = tmp_path / "out"
    rc, out = ais_bench("--model", model("add_relu"), "--input", "{},{}".format(dx, dy), "--output", out_root,
                        "--output_dirname", "run")
    assert rc == 0, out
    a = np.fromfile(out_root / "run" / "a_0.bin", dtype=np.float32).reshape(2, 3, 4, 5)
    b = np.fromfile(out_root / "run" / "b_0.bin", dtype=np.float32).reshape(2, 3, 4, 5)
    assert close(a, np.maximum(x + y, 0), m["tolerance"])
    assert close(b, np.maximum(-x - y, 0), m["tolerance"])


def test_dynamic_batch_gears(tmp_path):
    m = manifest("dynamic_batch")
    for n, case in enumerate(c for c in m["cases"] if c["gear"]):
        inputs = ",".join(case_file(s["file"]) for s in case["inputs"])
        out = tmp_path / str(n)
        rc, log = ais_bench("--model", model("dynamic_batch"), "--input", inputs, "--dymBatch", case["gear"][0],
                            "--output", out, "--output_dirname", "run")
        assert rc == 0, log
        assert "batchsize:{}".format(case["gear"][0]) in log
        stem = os.path.splitext(os.path.basename(case["inputs"][0]["file"]))[0]
        got = np.fromfile(out / "run" / (stem + "_0.bin"), dtype=np.float32)
        want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=np.float32)
        assert got.size == want.size and close(got, want, m["tolerance"])


def test_dynamic_dims(tmp_path):
    m = manifest("dynamic_dims")
    names = [i["name"] for i in m["inputs"] if i["name"] != "ascend_mbatch_shape_data"]
    for n, case in enumerate(c for c in m["cases"] if c["gear"]):
        inputs = ",".join(case_file(s["file"]) for s in case["inputs"])
        dims = ";".join("{}:{}".format(name, ",".join(str(d) for d in s["dims"]))
                        for name, s in zip(names, case["inputs"]))
        out = tmp_path / str(n)
        rc, log = ais_bench("--model", model("dynamic_dims"), "--input", inputs, "--dymDims", dims,
                            "--output", out, "--output_dirname", "run")
        assert rc == 0, log
        stem = os.path.splitext(os.path.basename(case["inputs"][0]["file"]))[0]
        got = np.fromfile(out / "run" / (stem + "_0.bin"), dtype=np.float32)
        want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=np.float32)
        assert got.size == want.size and close(got, want, m["tolerance"])


def test_dynamic_hw(tmp_path):
    m = manifest("dynamic_hw")
    for n, case in enumerate(c for c in m["cases"] if c["gear"]):
        inputs = ",".join(case_file(s["file"]) for s in case["inputs"])
        out = tmp_path / str(n)
        rc, log = ais_bench("--model", model("dynamic_hw"), "--input", inputs,
                            "--dymHW", "{},{}".format(*case["gear"][:2]), "--output", out, "--output_dirname", "run")
        assert rc == 0, log
        stem = os.path.splitext(os.path.basename(case["inputs"][0]["file"]))[0]
        got = np.fromfile(out / "run" / (stem + "_0.bin"), dtype=np.float32)
        want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=np.float32)
        assert got.size == want.size and close(got, want, m["tolerance"])


def test_same_outputs_as_msame(tmp_path):
    """ais_bench (Python, pyACL) and msame (C++, the C API) give the same bytes."""
    msame = os.environ.get("ASIM_MSAME")
    if not msame:
        pytest.fail("ASIM_MSAME is not set: msame is part of the build")
    case = manifest("small_cnn")["cases"][0]
    inputs = ",".join(case_file(s["file"]) for s in case["inputs"])
    rc, out = ais_bench("--model", model("small_cnn"), "--input", inputs, "--output", tmp_path / "ais",
                        "--output_dirname", "run")
    assert rc == 0, out
    r = subprocess.run([msame, "--model", model("small_cnn"), "--input", inputs, "--output", str(tmp_path / "msame"),
                        "--outfmt", "BIN"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    ours = sorted(glob.glob(str(tmp_path / "ais" / "run" / "*.bin")))
    theirs = sorted(glob.glob(str(tmp_path / "msame" / "**" / "*.bin"), recursive=True))
    assert len(ours) == len(theirs) >= 1
    for a, b in zip(ours, theirs):
        assert open(a, "rb").read() == open(b, "rb").read(), (a, b)


def test_wrong_input_size_is_an_error(tmp_path):
    bad = tmp_path / "short.bin"
    bad.write_bytes(b"\0" * 100)
    rc, out = ais_bench("--model", model("add_relu"), "--input", "{},{}".format(bad, bad))
    assert rc == 1 and "[ERROR]" in out and "100 bytes" in out and "480" in out


def test_input_count_mismatch_is_an_error(tmp_path):
    rc, out = ais_bench("--model", model("add_relu"), "--input", case_file("add_relu.input0.bin"))
    assert rc == 1 and "[ERROR] --input has 1 entries but the model has 2 inputs" in out


def test_missing_model_is_an_error(tmp_path):
    rc, out = ais_bench("--model", tmp_path / "none.om")
    assert rc == 1 and "[ERROR] model file" in out


def test_dynamic_option_on_a_static_model_is_an_error():
    rc, out = ais_bench("--model", model("add_relu"), "--dymBatch", 4)
    assert rc == 1 and "[ERROR]" in out and "ascend_mbatch_shape_data" in out
    assert "end to finalize acl" in out  # everything released on the way out


def test_conflicting_dynamic_options():
    rc, out = ais_bench("--model", model("dynamic_batch"), "--dymBatch", 1, "--dymHW", "4,4")
    assert rc == 1 and "cannot be combined" in out


def test_bad_option_values():
    rc, out = ais_bench("--model", model("add_relu"), "--loop", 0)
    assert rc == 2 and "positive integer" in out
    rc, out = ais_bench("--model", model("add_relu"), "--outfmt", "CSV")
    assert rc == 2
    rc, out = ais_bench("--model", model("dynamic_dims"), "--dymDims", "x:1,a")
    assert rc == 1 and "not an integer" in out
