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


# ---- new CLI options -----------------------------------------------------------------------------
def test_input_files_are_batched_and_outputs_split(tmp_path):
    """Files smaller than the input make one batch (input size / file size of them, the last batch
    padded), and each output is split back into one file per input file."""
    dx, dy = tmp_path / "x", tmp_path / "y"
    dx.mkdir()
    dy.mkdir()
    for k in range(3):
        np.full((1, 3, 4, 5), k + 1, np.float32).tofile(dx / "s{}.bin".format(k))
        np.full((1, 3, 4, 5), -0.5, np.float32).tofile(dy / "s{}.bin".format(k))
    rc, out = ais_bench("--model", model("add_relu"), "--input", "{},{}".format(dx, dy), "--output", tmp_path / "out",
                        "--output_dirname", "run", "--outfmt", "NPY")
    assert rc == 0, out
    assert "filesperbatch:2 runcount:2" in out
    assert sorted(os.listdir(tmp_path / "out" / "run")) == ["s0_0.npy", "s1_0.npy", "s2_0.npy"]
    for k in range(3):
        got = np.load(tmp_path / "out" / "run" / "s{}_0.npy".format(k))
        assert got.shape == (1, 3, 4, 5) and np.allclose(got, k + 0.5)
    rc, out = ais_bench("--model", model("add_relu"), "--input", "{},{}".format(dx, dy), "--output", tmp_path / "o2",
                        "--output_batchsize_axis", 1)
    assert rc == 1 and "[ERROR] save out files error" in out and "--output_batchsize_axis 1" in out


def test_auto_set_dymdims_mode(tmp_path):
    m = manifest("dynamic_dims")
    dx, dy = tmp_path / "x", tmp_path / "y"
    dx.mkdir()
    dy.mkdir()
    cases = [c for c in m["cases"] if c["gear"]]
    for k, case in enumerate(cases):
        for d, s in zip((dx, dy), case["inputs"]):
            np.save(d / "c{}.npy".format(k), np.fromfile(case_file(s["file"]), dtype=np.float32).reshape(s["dims"]))
    rc, out = ais_bench("--model", model("dynamic_dims"), "--input", "{},{}".format(dx, dy), "--output", tmp_path,
                        "--output_dirname", "run", "--auto_set_dymdims_mode", "true", "--outfmt", "NPY")
    assert rc == 0, out
    for k, case in enumerate(cases):
        got = np.load(tmp_path / "run" / "c{}_0.npy".format(k))
        want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=np.float32)
        assert list(got.shape) == case["outputs"][0]["dims"] and close(got.ravel(), want, m["tolerance"])
    bins = ",".join(case_file(s["file"]) for s in cases[0]["inputs"])
    rc, out = ais_bench("--model", model("dynamic_dims"), "--input", bins, "--auto_set_dymdims_mode", 1)
    assert rc == 1 and "take .npy inputs" in out


def test_profiler_and_dump(tmp_path):
    rc, out = ais_bench("--model", model("add_relu"), "--profiler", 1, "--output", tmp_path / "p")
    assert rc == 0, out
    assert json.load(open(tmp_path / "p" / "acl.json"))["profiler"]["switch"] == "on"
    assert glob.glob(str(tmp_path / "p" / "profiler" / "PROF_*" / "mindstudio_profiler_output"))
    rc, out = ais_bench("--model", model("add_relu"), "--dump", 1, "--output", tmp_path / "d")
    assert rc == 0, out
    assert glob.glob(str(tmp_path / "d" / "dump" / "*" / "0" / "add_relu" / "*" / "*" / "Relu.*"))
    rc, out = ais_bench("--model", model("add_relu"), "--dump", 1)
    assert rc == 1 and "need --output" in out
    rc, out = ais_bench("--model", model("add_relu"), "--dump", 1, "--profiler", 1, "--output", tmp_path / "x")
    assert rc == 1 and "cannot both be true" in out


def test_options_accepted_without_effect():
    rc, out = ais_bench("-m", model("add_relu"), "--run_mode", "tensor", "--infer_queue_count", 5, "--threads", 2,
                        "--pipeline", 1, "--energy_consumption", 1, "--npu_id", 1, "--warmup-count", 0,
                        "--auto_set_dymshape_mode", 0, "--dymShape_range", "x:1~2", "--debug", 1)
    assert rc == 0, out
    for option in ("--run_mode", "--infer_queue_count", "--threads", "--pipeline", "--energy_consumption",
                   "--npu_id", "--dymShape_range"):
        assert "[INFO] {} has no effect in the simulator".format(option) in out, option
    assert "warm up" not in out and "NPU_compute_time" in out
    rc, out = ais_bench("--model", model("add_relu"), "--run_mode", "bogus")
    assert rc == 2


# ---- the interface API: from ais_bench.infer.interface import InferSession ----------------------------
def reference_inputs(name, case_index=0):
    m = manifest(name)
    case = m["cases"][case_index]
    arrays = [np.fromfile(case_file(s["file"]), dtype=np.float32).reshape(s["dims"]) for s in case["inputs"]]
    return m, case, arrays


def test_interface_static_model():
    from ais_bench.infer.interface import InferSession

    m, case, (x, y) = reference_inputs("add_relu")
    session = InferSession(0, model("add_relu"), loop=2)
    try:
        inputs, outputs = session.get_inputs(), session.get_outputs()
        assert [i.name for i in inputs] == ["x", "y"] and [o.name for o in outputs] == ["out"]
        assert inputs[0].shape == [2, 3, 4, 5] and inputs[0].size == inputs[0].realsize == 480
        assert inputs[0].datatype.name == "float32" and str(inputs[0].datatype) == "dtype.float32"
        assert int(inputs[0].datatype) == 0 and isinstance(inputs[0].format, int)
        for n in range(3):
            got = session.infer([x, y], mode="static")
            assert len(got) == 1 and got[0].shape == (2, 3, 4, 5) and got[0].dtype == np.float32
            want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=np.float32).reshape(2, 3, 4, 5)
            assert close(got[0], want, m["tolerance"])
        times = session.summary().exec_time_list
        assert len(times) == 6 and all(t > 0 for t in times)  # 3 inferences x loop 2
        assert session.sumary().exec_time_list == times
        assert np.array_equal(session.infer({"y": y, "x": x})[0], got[0])  # a dict by input name
        session.reset_summaryinfo()
        assert session.summary().exec_time_list == []
        with pytest.raises(RuntimeError, match="240 bytes"):
            session.infer([x[:1], y[:1]])
        with pytest.raises(RuntimeError, match="wrong infer_mode"):
            session.infer([x, y], mode="dynamic")
        with pytest.raises(RuntimeError, match="invalid"):
            session.infer([x.tolist(), y])
    finally:
        session.free_resource()


def test_interface_dynamic_models():
    from ais_bench.infer.interface import InferSession

    for name, mode in (("dynamic_batch", "dymbatch"), ("dynamic_dims", "dymdims"), ("dynamic_hw", "dymhw")):
        m = manifest(name)
        session = InferSession(0, model(name))
        try:
            assert all(i.name != "ascend_mbatch_shape_data" for i in session.get_inputs())
            for case in (c for c in m["cases"] if c["gear"]):
                dtype = np.float16 if case["inputs"][0]["dtype"] == "DT_FLOAT16" else np.float32
                feeds = [np.fromfile(case_file(s["file"]), dtype=dtype).reshape(s["dims"]) for s in case["inputs"]]
                got = session.infer(feeds, mode=mode)
                assert list(got[0].shape) == case["outputs"][0]["dims"], (name, case["gear"])
                want = np.fromfile(case_file(case["outputs"][0]["file"]), dtype=dtype)
                assert close(got[0].ravel(), want, m["tolerance"]), (name, case["gear"])
                assert session.get_inputs()[0].realsize == case["inputs"][0]["size"]
        finally:
            session.free_resource()


def test_interface_pipeline_iteration_and_two_sessions():
    from ais_bench.infer.interface import InferSession, MemorySummary

    m, case, (x, y) = reference_inputs("add_relu")
    first = InferSession(0, model("add_relu"))
    second = InferSession(0, model("small_cnn"))
    try:
        MemorySummary.reset()
        results = first.infer_pipeline([[x, y], [-x, -y], [y, x]], mode="static")
        assert len(results) == 3 and len(first.summary().exec_time_list) == 3
        assert close(results[1][0], np.maximum(-x - y, 0), m["tolerance"])
        assert len(MemorySummary.get_h2d_time_list()) == 3 and len(MemorySummary.get_d2h_time_list()) == 3
        img = np.fromfile(case_file("small_cnn.input0.bin"), dtype=np.float16).reshape(1, 3, 16, 16)
        probs = second.infer([img])[0]
        assert probs.shape == (1, 10) and abs(float(probs.sum()) - 1) < 1e-3
        # input 0 takes output 0 of the previous inference, input 1 keeps its feed
        got = first.infer_iteration([x, y], in_out_list=[0, -1], iteration_times=3)
        want = np.maximum(np.maximum(np.maximum(x + y, 0) + y, 0) + y, 0)
        assert close(got[0], want, m["tolerance"])
        with pytest.raises(RuntimeError, match="in_out_list"):
            first.infer_iteration([x, y], in_out_list=[0])
        first.free_resource()
        assert np.array_equal(second.infer([img])[0], probs)  # the other session still works
    finally:
        first.free_resource()
        second.free_resource()
        InferSession.finalize()
