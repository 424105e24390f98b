#!/usr/bin/env python3
"""The headless-browser check of msprof's timeline and HTML report.

Profiles prof_app (small_cnn, then lstm_net so that AI Core and AI CPU tasks both appear)
with msprof, loads the timeline msprof_*.json in headless Chromium through timeline_viewer.html
(which parses it and draws the tracks), reads the rendered DOM, checks the expected tracks and
events are there, and saves screenshots of the timeline and of msprof_report.html into
--artefacts (timeline.png, report.png, and the pages). Exit 77 (skip) without Chromium.

  browser_check.py --chromium PATH --viewer timeline_viewer.html --artefacts DIR
                   --msprof M --app A --models DIR --work DIR --lstm-maker L
"""
import argparse
import glob
import html
import os
import re
import shutil
import subprocess
import sys

SKIP = 77


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def run(cmd, **kw):
    print("$ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        print(p.stdout + p.stderr)
        fail("%s exited with %d" % (cmd[0], p.returncode))
    return p.stdout


def chromium(args, *extra):
    # --no-sandbox: CI runs as root; the profile directory keeps runs independent.
    return [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=" + os.path.join(args.artefacts, "chromium-profile"),
            "--virtual-time-budget=10000"] + list(extra)


def main():
    ap = argparse.ArgumentParser()
    for opt in ("--chromium", "--viewer", "--artefacts", "--msprof", "--app", "--models", "--work", "--lstm-maker"):
        ap.add_argument(opt, default="")
    args = ap.parse_args()
    if not args.chromium or not os.path.exists(args.chromium):
        print("chromium not found (apt-get install chromium): skipping")
        sys.exit(SKIP)
    if not os.path.exists(os.path.join(args.models, "small_cnn.om")):
        print("test models not generated: skipping")
        sys.exit(SKIP)
    shutil.rmtree(args.artefacts, ignore_errors=True)
    os.makedirs(args.artefacts)
    out = os.path.join(args.work, "browser")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    lstm = os.path.join(out, "lstm_net.om")
    run([args.lstm_maker, lstm])
    run([args.msprof, "--output=" + out, "--aicpu=on",
         "--application=%s %s 2" % (args.app, os.path.join(args.models, "small_cnn.om"))])
    run([args.msprof, "--output=" + out, "--aicpu=on", "--application=%s %s 1" % (args.app, lstm)])
    profs = sorted(glob.glob(os.path.join(out, "PROF_*")))
    if len(profs) != 2:
        fail("expected two PROF_* directories, got %s" % profs)

    # 1. The timeline of the small CNN through the viewer page.
    timeline = glob.glob(os.path.join(profs[0], "mindstudio_profiler_output", "msprof_*.json"))[0]
    page = os.path.join(args.artefacts, "timeline.html")
    shutil.copy(args.viewer, page)
    with open(timeline) as f, open(os.path.join(args.artefacts, "trace.js"), "w") as js:
        js.write("window.TRACE = " + f.read() + ";\n")
    dom = run(chromium(args, "--dump-dom", "file://" + page))
    status = re.search(r'<div id="status">([^<]*)</div>', dom)
    print("viewer status: " + (status.group(1) if status else "(none)"))
    if not status or not status.group(1).startswith("OK"):
        fail("the viewer did not render the timeline")
    tracks = [html.unescape(t) for t in re.findall(r'<li data-process="[^"]*" data-thread="[^"]*">([^<]*)</li>', dom)]
    for t in tracks:
        print("  track: " + t)
    processes = {html.unescape(p) for p in re.findall(r'data-process="([^"]*)"', dom)}
    threads = {html.unescape(t) for t in re.findall(r'data-thread="([^"]*)"', dom)}
    for p in ("CANN", "Ascend Hardware", "Overlap Analysis"):
        if p not in processes:
            fail("track process %r not rendered (got %s)" % (p, sorted(processes)))
    if not any(t.startswith("Stream ") for t in threads) or not any(t.startswith("Thread ") for t in threads):
        fail("no Stream / Thread tracks: %s" % sorted(threads))
    text = " ".join(tracks)
    for name in ("AscendCL@aclmdlExecute", "conv1", "softmax", "MEMSET", "Computing"):
        if name not in text:
            fail("event %r not rendered" % name)
    shot = os.path.join(args.artefacts, "timeline.png")
    run(chromium(args, "--window-size=1600,1000", "--screenshot=" + shot, "file://" + page))
    if not os.path.exists(shot) or os.path.getsize(shot) < 5000:
        fail("no timeline screenshot")

    # 2. The LSTM timeline: AI CPU tasks on the hardware track.
    timeline2 = glob.glob(os.path.join(profs[1], "mindstudio_profiler_output", "msprof_*.json"))[0]
    with open(timeline2) as f, open(os.path.join(args.artefacts, "trace.js"), "w") as js:
        js.write("window.TRACE = " + f.read() + ";\n")
    dom2 = run(chromium(args, "--dump-dom", "file://" + page))
    if "lstm" not in dom2 or "relu_in" not in dom2:
        fail("the LSTM model's AI CPU and AI Core tasks are not rendered")
    run(chromium(args, "--window-size=1600,700", "--screenshot=" + os.path.join(args.artefacts, "timeline_lstm.png"),
                 "file://" + page))

    # 3. The HTML report: op bars, engine split, roofline, op table.
    for i, prof in enumerate(profs):
        report = os.path.join(prof, "mindstudio_profiler_output", "msprof_report.html")
        dom = run(chromium(args, "--dump-dom", "file://" + report))
        for element in ('id="op-bars"', 'id="engine-split"', 'id="roofline"', 'id="ops"', "<rect"):
            if element not in dom:
                fail("report %s lacks %s" % (report, element))
        if i == 0 and 'class="op"' not in dom:
            fail("the roofline has no op points")
        if i == 1 and "AI_CPU" not in dom:
            fail("the LSTM report shows no AI CPU time")
        shot = os.path.join(args.artefacts, "report%s.png" % ("" if i == 0 else "_lstm"))
        run(chromium(args, "--window-size=1200,1700", "--screenshot=" + shot, "file://" + report))
        shutil.copy(report, os.path.join(args.artefacts, os.path.basename(shot).replace(".png", ".html")))
    print("screenshots in " + args.artefacts)
    print("PASS: browser")


if __name__ == "__main__":
    main()
