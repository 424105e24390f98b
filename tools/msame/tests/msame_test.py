#!/usr/bin/env python3
"""msame end to end, one ctest per case, on the generated test models (make_test_models).

  msame_test.py <case> --msame <msame> --ref <msame_ref> --maker <make_test_models> --work <dir>
                [--atc <atc>]   (data_dependent only)

Cases:
  bin_exact   .bin inputs, --outfmt BIN: every output equals msame_ref's (aclmdlExecute) bit for
              bit, for fp32 / fp16 / multi-output models; and the model's expected values
  txt         --outfmt TXT: the values are msame's text ("%g" + " ", one line per row) of the
              BIN run's values
  npy         --outfmt NPY: np.load gives the output's dtype, dims and the BIN run's bytes
  npy_input   .npy inputs give the .bin inputs' outputs
  loop        --loop 3: three "Inference time" lines with the simulated device time, the averages
  directory   one directory per input with 2 file sets: 2 output sets named after the files,
              each equal to msame_ref on that set; the directory-mode averages
  no_input    zero-filled inputs: <model stem>_output_<i>.bin of the output's size
  dynamic     --dymBatch, --dymHW, --dymDims on the dynamic test models: the gear's outputs
  data_dependent  an ONNX NonZero model converted by atc: the output written with the dims the
              execution produced (aclmdlGetCurOutputDims), not the planned bound
  debug_help  --debug true prints the description; --help exits 0 and lists every option
  profiler    --profiler true: a PROF_* directory under <output>/profiler
  dump        --dump true: dump files under <output>/dump
  errors      every failure exits 1 with an [ERROR] line saying what and where, never a crash

Every msame run must also be free of sanitizer reports (the ASan build runs these tests).
Exit status 0 when the case passes, 1 with the reasons otherwise.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np

SANITIZER_MARKS = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer", "runtime error:")
NP_TYPES = {"DT_FLOAT": np.float32, "DT_FLOAT16": np.float16, "DT_INT64": np.int64, "DT_INT32": np.int32}


class Failure(Exception):
    pass


class Env:
    def __init__(self, args):
        self.msame = os.path.abspath(args.msame)
        self.ref = os.path.abspath(args.ref)
        self.work = os.path.abspath(args.work)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        self.models = os.path.join(self.work, "models")
        subprocess.run([os.path.abspath(args.maker), "--out", self.models, "--soc", "Ascend310"], check=True,
                       stdout=subprocess.DEVNULL)
        self.runs = 0
        self.atc = os.path.abspath(args.atc) if args.atc else None

    def model(self, name):
        return os.path.join(self.models, name + ".om")

    def manifest(self, name):
        with open(os.path.join(self.models, name + ".json")) as f:
            return json.load(f)

    def file(self, name):
        return os.path.join(self.models, name)

    def fresh(self, label):
        self.runs += 1
        path = os.path.join(self.work, "%02d_%s" % (self.runs, label))
        os.makedirs(path)
        return path

    def run(self, args, cwd=None, expect_ok=True):
        """Runs msame; returns (stdout, stderr). Checks the exit status and sanitizer silence."""
        cwd = cwd or self.fresh("run")
        p = subprocess.run([self.msame] + args, cwd=cwd, capture_output=True, text=True, timeout=240)
        where = "msame %s (in %s)" % (" ".join(args), cwd)
        for mark in SANITIZER_MARKS:
            if mark in p.stderr or mark in p.stdout:
                raise Failure("%s: sanitizer report:\n%s" % (where, p.stderr[-4000:]))
        if p.returncode < 0:
            raise Failure("%s: killed by signal %d\n%s" % (where, -p.returncode, p.stdout[-3000:]))
        if expect_ok and p.returncode != 0:
            raise Failure("%s: exit %d\n%s\n%s" % (where, p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
        if not expect_ok and p.returncode == 0:
            raise Failure("%s: exit 0, a failure was expected\n%s" % (where, p.stdout[-3000:]))
        return p.stdout, p.stderr

    def reference(self, name, inputs):
        """msame_ref's outputs (aclmdlExecute) for `inputs` (paths; [] = zero-filled)."""
        out = self.fresh("ref_" + name)
        subprocess.run([self.ref, self.model(name), out] + inputs, check=True, stdout=subprocess.DEVNULL)
        return [read(os.path.join(out, "ref_output_%d.bin" % i))
                for i in range(self.manifest(name)["output_count"])]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def run_dir(stdout, output_root):
    """The <output>/<YYYYMMDD_HHMMSS> directory msame printed and created."""
    dirs = [d for d in glob.glob(os.path.join(output_root, "*")) if os.path.isdir(d)]
    stamped = [d for d in dirs if re.fullmatch(r"\d{8}_\d{6}(_\d+)?", os.path.basename(d))]
    if len(stamped) != 1:
        raise Failure("expected one <YYYYMMDD_HHMMSS> directory under %s, found %s" % (output_root, dirs))
    if stamped[0] not in [line.strip() for line in stdout.splitlines()]:
        raise Failure("msame did not print the run directory %s:\n%s" % (stamped[0], stdout))
    return stamped[0]


def expect(condition, message):
    if not condition:
        raise Failure(message)


def primary_inputs(env, name):
    m = env.manifest(name)
    case = m["cases"][m["primary_case"]]
    return [env.file(i["file"]) for i in case["inputs"]], case


def check_close(actual, expected_path, dtype, tol, what):
    a = np.frombuffer(actual, dtype=dtype).astype(np.float64)
    e = np.frombuffer(read(expected_path), dtype=dtype).astype(np.float64)
    expect(a.shape == e.shape, "%s: %d values, expected %d" % (what, a.size, e.size))
    bad = np.abs(a - e) > tol["atol"] + tol["rtol"] * np.abs(e)
    expect(not bad.any(), "%s: %d values differ from the expected (first at %d: %r vs %r)" %
           (what, int(bad.sum()), int(np.argmax(bad)), a[np.argmax(bad)], e[np.argmax(bad)]))


def run_bin(env, name, inputs, extra=()):
    out = env.fresh("out_" + name)
    stdout, _ = env.run(["--model", env.model(name), "--input", ",".join(inputs), "--output", out,
                         "--outfmt", "BIN"] + list(extra))
    d = run_dir(stdout, out)
    stem = os.path.splitext(os.path.basename(env.model(name)))[0]
    return [read(os.path.join(d, "%s_output_%d.bin" % (stem, i))) for i in range(env.manifest(name)["output_count"])]


# ---- cases ---------------------------------------------------------------------------------

def case_bin_exact(env):
    for name in ("add_relu", "matmul_bias", "conv_relu", "small_cnn", "multi_output", "conv_fp32_aicpu"):
        inputs, case = primary_inputs(env, name)
        got = run_bin(env, name, inputs)
        ref = env.reference(name, inputs)
        m = env.manifest(name)
        for i, (g, r) in enumerate(zip(got, ref)):
            expect(g == r, "%s output %d: msame's BIN (%d bytes) differs from aclmdlExecute's (%d bytes)" %
                   (name, i, len(g), len(r)))
            o = case["outputs"][i]
            check_close(g, env.file(o["file"]), NP_TYPES[o["dtype"]], m["tolerance"], "%s output %d" % (name, i))


def txt_expected(values, dims):
    row = dims[-1] if len(dims) >= 2 else 0
    text = []
    for i, v in enumerate(values.tolist()):
        text.append("%g " % v)
        if row and (i + 1) % row == 0:
            text.append("\n")
    return "".join(text)


def case_txt(env):
    for name in ("add_relu", "conv_relu", "multi_output"):
        inputs, case = primary_inputs(env, name)
        binary = run_bin(env, name, inputs)
        out = env.fresh("txt_" + name)
        stdout, _ = env.run(["--model", env.model(name), "--input", ",".join(inputs), "--output", out,
                             "--outfmt", "TXT"])
        d = run_dir(stdout, out)
        for i, o in enumerate(case["outputs"]):
            with open(os.path.join(d, "%s_output_%d.txt" % (name, i))) as f:
                text = f.read()
            values = np.frombuffer(binary[i], dtype=NP_TYPES[o["dtype"]]).astype(np.float64)
            expect(text == txt_expected(values, o["dims"]),
                   "%s output %d: the TXT file is not msame's text of the values:\n%s" % (name, i, text[:300]))
            rows = [line.split() for line in text.splitlines()]
            expect(len(rows) == int(np.prod(o["dims"][:-1])) and all(len(r) == o["dims"][-1] for r in rows),
                   "%s output %d: %d rows, expected %d of %d values" %
                   (name, i, len(rows), int(np.prod(o["dims"][:-1])), o["dims"][-1]))
            parsed = np.array([float(x) for r in rows for x in r])
            expect(np.allclose(parsed, values, rtol=1e-5, atol=1e-6),
                   "%s output %d: TXT values differ from the BIN values" % (name, i))


def case_npy(env):
    for name in ("add_relu", "conv_relu", "multi_output", "small_cnn"):
        inputs, case = primary_inputs(env, name)
        binary = run_bin(env, name, inputs)
        out = env.fresh("npy_" + name)
        stdout, _ = env.run(["--model", env.model(name), "--input", ",".join(inputs), "--output", out,
                             "--outfmt", "NPY"])
        d = run_dir(stdout, out)
        for i, o in enumerate(case["outputs"]):
            arr = np.load(os.path.join(d, "%s_output_%d.npy" % (name, i)))
            expect(arr.dtype == NP_TYPES[o["dtype"]], "%s output %d: np.load dtype %s, expected %s" %
                   (name, i, arr.dtype, np.dtype(NP_TYPES[o["dtype"]])))
            expect(list(arr.shape) == o["dims"], "%s output %d: shape %s, expected %s" % (name, i, arr.shape, o["dims"]))
            expect(arr.tobytes() == binary[i], "%s output %d: the NPY data differs from the BIN output" % (name, i))


def case_npy_input(env):
    for name in ("add_relu", "conv_relu"):
        inputs, case = primary_inputs(env, name)
        binary = run_bin(env, name, inputs)
        npys = []
        folder = env.fresh("npy_inputs_" + name)
        for k, (path, info) in enumerate(zip(inputs, case["inputs"])):
            arr = np.frombuffer(read(path), dtype=NP_TYPES[info["dtype"]]).reshape(info["dims"])
            npys.append(os.path.join(folder, "in%d.npy" % k))
            np.save(npys[-1], arr)
        got = run_bin(env, name, npys)
        expect(got == binary, "%s: the outputs of .npy inputs differ from those of the same .bin inputs" % name)


LINE_RE = re.compile(r"^Inference time: ([0-9.e+-]+)ms \(simulated device: ([0-9.e+-]+) ms\)$")


def case_loop(env):
    inputs, _ = primary_inputs(env, "small_cnn")
    out = env.fresh("loop")
    stdout, _ = env.run(["--model", env.model("small_cnn"), "--input", ",".join(inputs), "--output", out,
                         "--loop", "3"])
    lines = stdout.splitlines()
    timed = [LINE_RE.match(l) for l in lines if l.startswith("Inference time:")]
    expect(len(timed) == 3 and all(timed), "--loop 3: expected 3 timed lines, got:\n%s" % stdout)
    expect(all(float(m.group(2)) > 0 for m in timed), "simulated device times must be > 0:\n%s" % stdout)
    expect(len(set(m.group(2) for m in timed)) == 1, "the simulated time of one model is deterministic:\n%s" % stdout)
    for pattern in (r"^Inference average time: [0-9.]+ ms$", r"^Inference average time without first time: [0-9.]+ ms$",
                    r"^Simulated device average time: [0-9.]+ ms$"):
        expect(any(re.match(pattern, l) for l in lines), "missing a line matching %r:\n%s" % (pattern, stdout))
    for info in ("[INFO] acl init success", "[INFO] open device 0 success", "[INFO] create model description success",
                 "[INFO] output data success", "[INFO] unload model success, model Id is 1",
                 "[INFO] Execute sample success", "[INFO] end to finalize acl"):
        expect(info in lines, "missing %r:\n%s" % (info, stdout))
    expect(len([l for l in lines if l == "[INFO] model execute success"]) == 3, "3 x 'model execute success'")
    # --loop 1: no "without first time" line.
    stdout, _ = env.run(["--model", env.model("small_cnn"), "--input", ",".join(inputs)])
    expect("without first time" not in stdout and "Inference average time: " in stdout, "--loop 1:\n%s" % stdout)


def case_directory(env):
    name = "add_relu"
    inputs, _ = primary_inputs(env, name)
    root = env.fresh("dirs")
    dirs = [os.path.join(root, "in%d" % k) for k in range(len(inputs))]
    for k, path in enumerate(inputs):
        os.makedirs(dirs[k])
        data = np.frombuffer(read(path), dtype=np.float32)
        (data).tofile(os.path.join(dirs[k], "a.bin"))
        (data * -2.0 + 0.5).astype(np.float32).tofile(os.path.join(dirs[k], "b.bin"))
    with open(os.path.join(dirs[0], "notes.txt"), "w") as f:  # not an input file: skipped
        f.write("x")
    out = env.fresh("dir_out")
    stdout, _ = env.run(["--model", env.model(name), "--input", ",".join(dirs), "--output", out, "--loop", "5"])
    d = run_dir(stdout, out)
    expect(sorted(os.listdir(d)) == ["a_output_0.bin", "b_output_0.bin"],
           "expected a_output_0.bin and b_output_0.bin, got %s" % sorted(os.listdir(d)))
    for stem in ("a", "b"):
        ref = env.reference(name, [os.path.join(x, stem + ".bin") for x in dirs])
        expect(read(os.path.join(d, stem + "_output_0.bin")) == ref[0], "file set %s differs from aclmdlExecute" % stem)
    lines = stdout.splitlines()
    expect(len([l for l in lines if LINE_RE.match(l)]) == 2, "2 file sets -> 2 inferences (--loop ignored):\n" + stdout)
    expect(any(re.match(r"^Inference average time : [0-9.]+ ms$", l) for l in lines), "directory averages:\n" + stdout)
    expect(any(l.startswith("[WARN] --loop 5 is ignored") for l in lines), "--loop warning:\n" + stdout)
    # Different names, same counts: matched by sorted position.
    os.rename(os.path.join(dirs[1], "a.bin"), os.path.join(dirs[1], "c.bin"))
    os.rename(os.path.join(dirs[1], "b.bin"), os.path.join(dirs[1], "d.bin"))
    out = env.fresh("dir_out_pos")
    stdout, _ = env.run(["--model", env.model(name), "--input", ",".join(dirs), "--output", out])
    d = run_dir(stdout, out)
    expect(sorted(os.listdir(d)) == ["a_output_0.bin", "b_output_0.bin"], "positional: %s" % os.listdir(d))
    expect("sorted position" in stdout, "positional matching is announced:\n" + stdout)


def case_no_input(env):
    for name in ("add_relu", "multi_output", "small_cnn"):
        out = env.fresh("zero_" + name)
        stdout, _ = env.run(["--model", env.model(name), "--output", out])
        d = run_dir(stdout, out)
        m = env.manifest(name)
        ref = env.reference(name, [])
        for i, o in enumerate(m["outputs"]):
            data = read(os.path.join(d, "%s_output_%d.bin" % (name, i)))
            expect(len(data) == o["size"], "%s output %d: %d bytes, expected %d" % (name, i, len(data), o["size"]))
            expect(data == ref[i], "%s output %d differs from aclmdlExecute on zero inputs" % (name, i))
    # Relu(0 + 0) = 0.
    out = env.fresh("zero_check")
    stdout, _ = env.run(["--model", env.model("add_relu"), "--output", out])
    expect(not any(read(os.path.join(run_dir(stdout, out), "add_relu_output_0.bin"))), "add_relu(0, 0) is not 0")
    # Two runs into one root in the same second: two run directories (the second with "_1").
    out = env.fresh("same_root")
    env.run(["--model", env.model("add_relu"), "--output", out])
    env.run(["--model", env.model("add_relu"), "--output", out])
    runs = sorted(os.listdir(out))
    expect(len(runs) == 2 and all(os.path.isfile(os.path.join(out, r, "add_relu_output_0.bin")) for r in runs),
           "two runs into one output root: %s" % runs)
    # No --output: runs, writes nothing.
    cwd = env.fresh("no_output")
    stdout, _ = env.run(["--model", env.model("add_relu")], cwd=cwd)
    expect(os.listdir(cwd) == [] and "outputs are not written" in stdout, "no --output:\n" + stdout)


def case_dynamic(env):
    options = {
        "dynamic_batch": lambda gear, m: ["--dymBatch", str(gear[0])],
        "dynamic_hw": lambda gear, m: ["--dymHW", "%d,%d" % tuple(gear)],
        "dynamic_dims": lambda gear, m: ["--dymDims", ";".join(
            "%s:%s" % (i["name"], ",".join(str(v) for v in c["dims"]))
            for i, c in zip(m["inputs"], m["cases"][m["gears"].index(gear)]["inputs"]))],
    }
    for name, make in options.items():
        m = env.manifest(name)
        for case in m["cases"]:
            inputs = [env.file(i["file"]) for i in case["inputs"]]
            extra = make(case["gear"], m)
            for fmt in ("BIN", "NPY"):
                out = env.fresh("%s_%s" % (name, fmt))
                stdout, _ = env.run(["--model", env.model(name), "--input", ",".join(inputs), "--output", out,
                                     "--outfmt", fmt] + extra)
                d = run_dir(stdout, out)
                for i, o in enumerate(case["outputs"]):
                    path = os.path.join(d, "%s_output_%d.%s" % (name, i, fmt.lower()))
                    if fmt == "BIN":
                        data = read(path)
                        expect(len(data) == o["size"], "%s %s output %d: %d bytes, the gear's output is %d" %
                               (name, extra, i, len(data), o["size"]))
                        check_close(data, env.file(o["file"]), NP_TYPES[o["dtype"]], m["tolerance"],
                                    "%s %s output %d" % (name, extra, i))
                    else:
                        arr = np.load(path)
                        expect(list(arr.shape) == o["dims"], "%s %s: NPY shape %s, the gear's %s" %
                               (name, extra, arr.shape, o["dims"]))
        # Zero-filled inputs with a gear work too.
        env.run(["--model", env.model(name)] + make(m["cases"][0]["gear"], m))


def case_data_dependent(env):
    import onnx
    from onnx import TensorProto, helper
    if env.atc is None:
        raise Failure("data_dependent needs --atc")
    work = env.fresh("nonzero")
    graph = helper.make_graph([helper.make_node("NonZero", ["x"], ["idx"])], "nonzero",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 4])],
                              [helper.make_tensor_value_info("idx", TensorProto.INT64, [2, "n"])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), os.path.join(work, "nz.onnx"))
    subprocess.run([env.atc, "--framework=5", "--model=nz.onnx", "--output=nz", "--soc_version=Ascend310"], cwd=work,
                   check=True, stdout=subprocess.DEVNULL)
    x = np.array([[0, 1, 0, 2], [3, 0, 0, 0], [0, 0, 4, 0]], dtype=np.float32)
    np.save(os.path.join(work, "x.npy"), x)
    expected = np.array(np.nonzero(x), dtype=np.int64)
    for fmt in ("NPY", "BIN", "TXT"):
        out = env.fresh("nonzero_" + fmt)
        stdout, _ = env.run(["--model", os.path.join(work, "nz.om"), "--input", os.path.join(work, "x.npy"),
                             "--output", out, "--outfmt", fmt])
        path = os.path.join(run_dir(stdout, out), "nz_output_0." + fmt.lower())
        if fmt == "NPY":
            got = np.load(path)
            expect(got.dtype == np.int64 and np.array_equal(got, expected), "NonZero NPY: %r" % got)
        elif fmt == "BIN":
            expect(read(path) == expected.tobytes(), "NonZero BIN: %d bytes, expected %d (2 x nnz int64)" %
                   (len(read(path)), expected.nbytes))
        else:
            with open(path) as f:
                expect(f.read() == "0 0 1 2 \n1 3 0 2 \n", "NonZero TXT")


def case_debug_help(env):
    stdout, _ = env.run(["--model", env.model("multi_output"), "--debug", "true"])
    for line in ("[DEBUG] start print model description", "[DEBUG] NumInputs: 2", "[DEBUG] NumOutputs: 2",
                 "[DEBUG] the name of 0 input: x", "[DEBUG] the name of 1 output: relu", "2 8 ",
                 "[DEBUG] end print model description"):
        expect(line in stdout.splitlines(), "--debug: missing %r:\n%s" % (line, stdout))
    stdout, _ = env.run(["--model", env.model("dynamic_batch"), "--debug", "true", "--dymBatch", "1"])
    expect("[DEBUG] DynamicBatch:" in stdout and "1 2 4 " in stdout, "--debug on a dynamic batch model:\n" + stdout)
    stdout, _ = env.run(["--help"])
    for option in ("--model", "--input", "--output", "--outfmt", "--loop", "--device", "--debug", "--profiler",
                   "--dump", "--dymBatch", "--dymHW", "--dymDims", "--dymShape", "--outputSize"):
        expect(option in stdout, "--help does not list %s:\n%s" % (option, stdout))


def case_profiler(env):
    out = env.fresh("prof")
    inputs, _ = primary_inputs(env, "small_cnn")
    stdout, _ = env.run(["--model", env.model("small_cnn"), "--input", ",".join(inputs), "--output", out,
                         "--profiler", "true", "--loop", "2"])
    prof = glob.glob(os.path.join(out, "profiler", "PROF_*"))
    expect(len(prof) == 1, "expected one PROF_* directory in %s/profiler, found %s" % (out, prof))
    summaries = glob.glob(os.path.join(prof[0], "**", "op_summary*.csv"), recursive=True)
    expect(summaries, "no op_summary CSV under %s" % prof[0])
    with open(summaries[0]) as f:
        text = f.read()
    expect("Conv" in text, "the op summary does not list the model's Conv:\n%s" % text[:2000])
    run_dir(stdout, out)


def case_dump(env):
    out = env.fresh("dump")
    inputs, _ = primary_inputs(env, "add_relu")
    stdout, _ = env.run(["--model", env.model("add_relu"), "--input", ",".join(inputs), "--output", out,
                         "--dump", "true"])
    files = [f for f in glob.glob(os.path.join(out, "dump", "**", "*"), recursive=True)
             if os.path.isfile(f) and not f.endswith("acl.json")]
    expect(files, "no dump files under %s/dump:\n%s" % (out, stdout))
    expect(os.path.isfile(os.path.join(out, "dump", "acl.json")), "the dump configuration is kept in <output>/dump")
    run_dir(stdout, out)


def case_errors(env):
    work = env.fresh("error_files")
    small = os.path.join(work, "small.bin")
    with open(small, "wb") as f:
        f.write(b"\0" * 100)
    corrupt = os.path.join(work, "corrupt.om")
    with open(corrupt, "wb") as f:
        f.write(b"this is not an offline model" * 10)
    wrong_type = os.path.join(work, "f64.npy")
    np.save(wrong_type, np.zeros((2, 3, 4, 5), dtype=np.float64))
    inputs, _ = primary_inputs(env, "add_relu")
    add, dyn = env.model("add_relu"), env.model("dynamic_batch")
    both = ",".join(inputs)
    cases = [
        (["--model", "/nonexistent/x.om"], "does not exist"),
        (["--model", small], "not .om"),
        (["--model", corrupt], "load model from file failed, model file is " + corrupt),
        (["--input", both], "--model is required"),
        (["--model", add, "--input", small + "," + inputs[1]], "holds 100 bytes of data, the model input needs 480"),
        (["--model", add, "--input", inputs[0]], "--input gives 1 input but"),
        (["--model", add, "--input", inputs[0] + ",/nonexistent/y.bin"], "input 1: /nonexistent/y.bin doesn't exist"),
        (["--model", add, "--input", inputs[0] + "," + work], "mixes files and directories"),
        (["--model", add, "--input", wrong_type + "," + inputs[1]], "holds '<f8' but the model input is float32"),
        (["--model", add, "--outfmt", "XML"], "--outfmt must be BIN, TXT or NPY, got 'XML'"),
        (["--model", add, "--loop", "0"], "--loop must be an integer in [1, 100]"),
        (["--model", add, "--loop", "abc"], "--loop must be an integer in [1, 100]"),
        (["--model", add, "--device", "999"], "--device must be an integer in [0, 255]"),
        (["--model", add, "--device", "3"], "acl open device 3 failed"),
        (["--model", add, "--debug", "yes"], "--debug must be true or false"),
        (["--model", add, "--profiler", "true", "--dump", "true", "--output", work], "can not both be true"),
        (["--model", add, "--profiler", "true"], "--profiler true needs --output"),
        (["--model", add, "--unknown", "1"], "--unknown"),
        (["--model", add, "stray"], "stray"),
        (["--model", add, "--dymBatch", "2"], "the dynamic_batch_size parameter is not specified"),
        (["--model", add, "--dymHW", "16,16"], "the dynamic_image_size parameter is not specified"),
        (["--model", add, "--dymDims", "x:2,3,4,5;y:2,3,4,5"], "the dynamic_dims parameter is not specified"),
        (["--model", add, "--input", both, "--outputSize", "480", "--dymShape", "x:2,3,4,5;y:2,3,4,5"],
         "--dymShape applies to a model whose inputs have unknown dims"),
        (["--model", add, "--input", both, "--dymShape", "x:2,3,4,5;y:2,3,4,5"], "outputSize"),
        (["--model", add, "--dymBatch", "2", "--dymHW", "1,1"], "cannot be set at the same time"),
        (["--model", add, "--dymHW", "16"], "--dymHW must be two positive integers"),
        (["--model", add, "--dymDims", "x2,3"], "is not name:d0,d1"),
        (["--model", add, "--outputSize", "480,480"], "om has 1 output, but outputSize parameter give 2"),
        (["--model", add, "--input", both, "--outputSize", "4"], "execute model failed, modelId is 1"),
        (["--model", dyn, "--dymBatch", "3"], "the dymBatch parameter is not correct: 3"),
        (["--model", dyn], "please add the dymBatch parameter"),
        (["--model", env.model("dynamic_dims"), "--dymDims", "x:2,16;y:2,16"], "the dymDims parameter is not correct"),
        (["--model", env.model("dynamic_dims"), "--dymDims", "x:3,16;z:3,16"], "the model has no input 'z'"),
        (["--model", env.model("dynamic_dims")], "model has dynamic_dims, please add dymDims parameter"),
        (["--model", env.model("dynamic_hw"), "--dymHW", "20,20"], "the dymHW parameter is not correct"),
    ]
    problems = []
    for args, message in cases:
        try:
            stdout, stderr = env.run(args, expect_ok=False)
        except Failure as e:
            problems.append(str(e))
            continue
        errors = [l for l in (stdout + stderr).splitlines() if l.startswith("[ERROR]")]
        if not any(message in l for l in errors):
            problems.append("msame %s: no [ERROR] line with %r:\n%s%s" % (" ".join(args), message, stdout, stderr))
    if problems:
        raise Failure("\n\n".join(problems))


CASES = {name[len("case_"):]: fn for name, fn in globals().items() if name.startswith("case_")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("case", choices=sorted(CASES))
    parser.add_argument("--msame", required=True)
    parser.add_argument("--ref", required=True)
    parser.add_argument("--maker", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--atc")
    args = parser.parse_args()
    env = Env(args)
    try:
        CASES[args.case](env)
    except Failure as e:
        print("FAIL %s: %s" % (args.case, e))
        return 1
    print("PASS %s (%d msame / reference runs)" % (args.case, env.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
