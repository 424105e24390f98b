#!/usr/bin/env python3
"""msprof end to end: runs the msprof command on prof_app (a public-API application) over the
generated test models and checks the PROF_* directories it leaves.

  msprof_e2e.py <case> --msprof M --app A --models DIR --work DIR [--lstm-maker L]
                [--atc ATC --modelzoo DIR]

Cases: collect, export, determinism, lstm, compare, errors, resnet50. Exit 0 on success,
1 with the failed check, 77 (ctest SKIP) when a prerequisite is missing.
"""
import argparse
import csv
import glob
import io
import os
import shutil
import subprocess
import sys

SKIP = 77


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def run(cmd, expect=0, **kw):
    print("$ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    print(p.stdout)
    if expect is not None and p.returncode != expect:
        fail("%s exited with %d (expected %d)" % (cmd[0], p.returncode, expect))
    return p


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def prof_dirs(out):
    return sorted(glob.glob(os.path.join(out, "PROF_*")))


def deliverable(prof, prefix, ext=".csv"):
    files = sorted(glob.glob(os.path.join(prof, "mindstudio_profiler_output", prefix + "_*" + ext)))
    files = [f for f in files if os.path.basename(f)[len(prefix) + 1:-len(ext)].isdigit()]
    return files[-1] if files else None


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]


def us_to_ns(text):
    text = text.strip()
    whole, _, frac = text.partition(".")
    return int(whole) * 1000 + int((frac + "000")[:3])


def profile(args, out, model, executions=1, extra=()):
    run([args.msprof, "--output=" + out, "--aicpu=on"] + list(extra) +
        ["--application=%s %s %d" % (args.app, model, executions)])
    dirs = prof_dirs(out)
    check(len(dirs) >= 1, "no PROF_* directory in " + out)
    return dirs[-1]


def check_model_run(prof, executions, expect_aicpu):
    """op_summary: one row per task of every execution, durations > 0, durations plus waits
    of each execution = its simulated time (step_trace); the AI CPU rows as expected."""
    header, ops = read_csv(deliverable(prof, "op_summary"))
    check(header[:4] == ["Device_id", "Model ID", "Task ID", "Stream ID"], "op_summary header " + str(header[:4]))
    check(len(ops) > 0 and len(ops) % executions == 0, "op_summary rows %d for %d executions" % (len(ops), executions))
    per = len(ops) // executions
    _, steps = read_csv(deliverable(prof, "step_trace"))
    check(len(steps) == executions, "step_trace rows %d" % len(steps))
    for e in range(executions):
        rows = ops[e * per:(e + 1) * per]
        total = 0
        for i, r in enumerate(rows):
            dur = us_to_ns(r["Task Duration(us)"])
            check(dur > 0, "zero duration: " + r["Op Name"])
            total += dur + (us_to_ns(r["Task Wait Time(us)"]) if i else 0)
        it = us_to_ns(steps[e]["Iteration Time(us)"])
        check(abs(total - it) <= per, "execution %d: durations+waits %d ns != iteration %d ns" % (e, total, it))
        print("execution %d: %d tasks, %.3f us simulated" % (e + 1, per, it / 1000.0))
    aicpu = [r for r in ops if r["Task Type"] == "AI_CPU"]
    check(bool(aicpu) == expect_aicpu, "AI_CPU rows: %d" % len(aicpu))
    return ops


def case_collect(args):
    out = fresh(os.path.join(args.work, "collect"))
    prof = profile(args, out, os.path.join(args.models, "small_cnn.om"), 2)
    for prefix in ("op_summary", "op_statistic", "api_statistic", "task_time", "step_trace"):
        check(deliverable(prof, prefix), "missing " + prefix)
    check(deliverable(prof, "msprof", ".json"), "missing the timeline")
    check(os.path.exists(os.path.join(prof, "mindstudio_profiler_output", "msprof_report.html")), "no HTML report")
    check_model_run(prof, 2, expect_aicpu=False)


def case_export(args):
    out = fresh(os.path.join(args.work, "export"))
    prof = profile(args, out, os.path.join(args.models, "conv_relu.om"), 2)
    before = open(deliverable(prof, "op_summary")).read()
    shutil.rmtree(os.path.join(prof, "mindstudio_profiler_output"))
    p = run([args.msprof, "--export=on", "--output=" + prof])
    check("Slowest ops" in p.stdout, "no analysis printed")
    check(open(deliverable(prof, "op_summary")).read() == before, "re-exported op_summary differs")
    # The parent directory works too, and the model / iteration filters.
    run([args.msprof, "--export=on", "--output=" + out, "--iteration-id=2"])
    _, ops = read_csv(deliverable(prof, "op_summary"))
    check(len(ops) > 0 and all(r["Model ID"] == "1" for r in ops), "filtered export")
    _, steps = read_csv(deliverable(prof, "step_trace"))
    check(len(steps) == 1 and steps[0]["Iteration ID"] == "2", "iteration filter: %s" % steps)
    p = run([args.msprof, "--summary", "--output=" + out])
    check("Model executions" in p.stdout, "--summary prints the analysis")


def case_determinism(args):
    model = os.path.join(args.models, "small_cnn.om")
    a = profile(args, fresh(os.path.join(args.work, "det_a")), model, 3, ["--aic-metrics=Memory"])
    b = profile(args, fresh(os.path.join(args.work, "det_b")), model, 3, ["--aic-metrics=Memory"])
    for prefix in ("op_summary", "op_statistic", "task_time", "step_trace"):
        fa, fb = open(deliverable(a, prefix)).read(), open(deliverable(b, prefix)).read()
        check(fa == fb, prefix + " differs between two runs of the same program")
        print("%s: identical (%d bytes)" % (prefix, len(fa)))


def case_lstm(args):
    om = os.path.join(fresh(os.path.join(args.work, "lstm_model")), "lstm_net.om")
    run([args.lstm_maker, om])
    out = fresh(os.path.join(args.work, "lstm"))
    p = run([args.msprof, "--output=" + out, "--aicpu=on", "--application=%s %s 2" % (args.app, om)])
    check("AI CPU ops: 1" in p.stdout, "the AI CPU section lists the LSTM")
    check("no AI Core kernel for op type LSTM" in p.stdout, "the LSTM's reason")
    prof = prof_dirs(out)[-1]
    check_model_run(prof, 2, expect_aicpu=True)
    _, cpu = read_csv(deliverable(prof, "aicpu"))
    check([r["Node"] for r in cpu] == ["lstm", "lstm"], "aicpu rows " + str(cpu))


def case_compare(args):
    model = os.path.join(args.models, "small_cnn.om")
    base = profile(args, fresh(os.path.join(args.work, "cmp_base")), model, 1)
    cur = profile(args, fresh(os.path.join(args.work, "cmp_cur")), model, 2)
    p = run([args.msprof, "--analyze=on", "--output=" + cur, "--baseline=" + base])
    check("Comparison of" in p.stdout and "conv1" in p.stdout, "comparison printed")
    om = os.path.join(fresh(os.path.join(args.work, "cmp_lstm_model")), "lstm_net.om")
    run([args.lstm_maker, om])
    other = profile(args, fresh(os.path.join(args.work, "cmp_other")), om, 1)
    p = run([args.msprof, "--analyze=on", "--output=" + cur, "--baseline=" + other], expect=1)
    check("refusing to compare" in p.stdout, "different models are refused")


def case_errors(args):
    work = fresh(os.path.join(args.work, "errors"))
    check("nothing to do" in run([args.msprof, "--output=" + work], expect=1).stdout, "no application")
    check("not a PROF_" in run([args.msprof, "--export=on", "--output=" + work], expect=1).stdout, "empty export")
    check("unknown AI Core metric group" in run([args.msprof, "--aic-metrics=Bogus", "--output=" + work, args.app],
                                                expect=1).stdout, "bad metric group")
    check("not supported" in run([args.msprof, "--type=db", "--export=on", "--output=" + work], expect=1).stdout,
          "--type=db")
    # The application's own failure is passed through (prof_app without a model exits 1).
    p = run([args.msprof, "--output=" + work, "--application=" + args.app], expect=1)
    check("exited with code 1" in p.stdout, "application failure reported")
    p = run([args.msprof, "--output=" + work, "--application=/no/such/app"], expect=127)
    check("cannot run" in p.stdout, "missing application reported")
    check("--application" in run([args.msprof, "--help"]).stdout, "help")


def case_resnet50(args):
    if not args.atc or not os.path.exists(args.atc) or not args.modelzoo:
        print("atc or tools/modelzoo not available: skipping")
        sys.exit(SKIP)
    try:
        import onnx  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        print("python3-onnx / numpy not installed: skipping")
        sys.exit(SKIP)
    work = os.path.join(args.work, "resnet50")
    os.makedirs(work, exist_ok=True)
    onnx_path, om = os.path.join(work, "resnet50.onnx"), os.path.join(work, "resnet50.om")
    if not os.path.exists(om):
        run([sys.executable, os.path.join(args.modelzoo, "make_resnet.py"), "--depth", "50", "--batch", "1", "--out",
             onnx_path])
        run([args.atc, "--model=resnet50.onnx", "--framework=5", "--output=resnet50", "--soc_version=Ascend310",
             "--input_format=NCHW", "--input_fp16_nodes=data", "--output_type=FP32"], cwd=work)
    out = fresh(os.path.join(work, "profiling"))
    p = run([args.msprof, "--output=" + out, "--aicpu=on", "--application=%s %s 2" % (args.app, om)])
    check("AI CPU ops: none" in p.stdout, "ResNet-50 has no AI CPU op")
    ops = check_model_run(prof_dirs(out)[-1], 2, expect_aicpu=False)
    check(len(ops) // 2 > 50, "ResNet-50 tasks per execution: %d" % (len(ops) // 2))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case")
    ap.add_argument("--msprof", required=True)
    ap.add_argument("--app", required=True)
    ap.add_argument("--models", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--lstm-maker")
    ap.add_argument("--atc")
    ap.add_argument("--modelzoo")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(args.models, "small_cnn.om")):
        print("test models not generated: skipping")
        sys.exit(SKIP)
    os.makedirs(args.work, exist_ok=True)
    globals()["case_" + args.case](args)
    print("PASS: " + args.case)


if __name__ == "__main__":
    main()
