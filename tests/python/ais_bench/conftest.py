"""Helpers of the ais_bench suite: run `python3 -m ais_bench` as a user does and read what it
wrote. Environment as for tests/python/pyacl (PYTHONPATH has acl.so and site-packages with
the ais_bench package; ASIM_TEST_MODELS_DIR; ASIM_MSAME when msame is built)."""
import glob
import json
import os
import subprocess
import sys

import numpy as np
import pytest


def models_dir():
    d = os.environ.get("ASIM_TEST_MODELS_DIR")
    if not d or not os.path.isdir(d):
        pytest.fail("ASIM_TEST_MODELS_DIR is not set to the test models directory")
    return d


def model(name):
    return os.path.join(models_dir(), name + ".om")


def manifest(name):
    with open(os.path.join(models_dir(), name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def case_file(name):
    return os.path.join(models_dir(), name)


def ais_bench(*args):
    """Runs ais_bench; returns (exit status, stdout + stderr)."""
    r = subprocess.run([sys.executable, "-B", "-m", "ais_bench"] + [str(a) for a in args],
                       capture_output=True, text=True, timeout=600)
    return r.returncode, r.stdout + r.stderr


def only_dir(path):
    dirs = [d for d in glob.glob(os.path.join(path, "*")) if os.path.isdir(d)]
    assert len(dirs) == 1, dirs
    return dirs[0]


def close(got, want, tolerance):
    return np.all(np.abs(got - want) <= tolerance["atol"] + tolerance["rtol"] * np.abs(want))
