#!/usr/bin/python3
"""Generates ONNX's backend test cases (node tests and the 'simple' model tests) from the
generators python3-onnx ships (onnx.backend.test.case), without network access.

Usage: gen_node_tests.py <output dir>
Writes <output dir>/<test name>/model.onnx and test_data_set_0/{input,output}_<i>.pb (the
layout of ONNX's onnx/backend/test/data), plus <output dir>/manifest.json: one entry per
test with its kind, the op it tests, its tolerances and whether every input and output is
a plain tensor. Needs /usr/bin/python3 with python3-onnx and python3-numpy (Debian).
The generators of ONNX 1.12 use numpy aliases that numpy >= 1.24 removed (np.float ...);
they are restored before the import.
"""
import json
import os
import shutil
import sys
import warnings

import numpy as np

for _alias, _type in (("float", float), ("int", int), ("bool", bool), ("object", object), ("complex", complex),
                      ("str", str)):
    if _alias not in np.__dict__:
        setattr(np, _alias, _type)
warnings.simplefilter("ignore")

import onnx  # noqa: E402
import onnx.backend.test.case.model as model_test  # noqa: E402
import onnx.backend.test.case.node as node_test  # noqa: E402
from onnx import numpy_helper  # noqa: E402


def is_tensor(value_info):
    return value_info.type.HasField("tensor_type")


def main(out_dir):
    np.random.seed(0)
    cases = node_test.collect_testcases(None) + [c for c in model_test.collect_testcases() if c.kind != "real"]
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    base_op = {}
    for case in cases:
        if case.kind == "node" and len(case.model.graph.node) == 1:
            base_op[case.name] = case.model.graph.node[0].op_type
    manifest = {}
    for case in cases:
        case_dir = os.path.join(out_dir, case.name)
        if os.path.isdir(case_dir):  # a few names repeat: the last one wins, as in ONNX's own data
            shutil.rmtree(case_dir)
        os.makedirs(os.path.join(case_dir, "test_data_set_0"))
        with open(os.path.join(case_dir, "model.onnx"), "wb") as f:
            f.write(case.model.SerializeToString())
        graph = case.model.graph
        name = case.name[:-len("_expanded")] if case.name.endswith("_expanded") else case.name
        op = base_op.get(name, graph.node[0].op_type if len(graph.node) == 1 else "(model)")
        tensors_only = all(is_tensor(v) for v in list(graph.input) + list(graph.output))
        inputs, outputs = case.data_sets[0]
        if tensors_only:
            for j, value in enumerate(inputs):
                with open(os.path.join(case_dir, "test_data_set_0", "input_%d.pb" % j), "wb") as f:
                    f.write(numpy_helper.from_array(np.asarray(value), graph.input[j].name).SerializeToString())
            for j, value in enumerate(outputs):
                with open(os.path.join(case_dir, "test_data_set_0", "output_%d.pb" % j), "wb") as f:
                    f.write(numpy_helper.from_array(np.asarray(value), graph.output[j].name).SerializeToString())
        manifest[case.name] = {
            "name": case.name,
            "kind": case.kind,
            "op": op,
            "expanded": case.name.endswith("_expanded"),
            "rtol": case.rtol,
            "atol": case.atol,
            "tensors_only": tensors_only,
            "inputs": len(inputs),
            "outputs": len(outputs),
        }
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(sorted(manifest.values(), key=lambda e: e["name"]), f, indent=1)
    print("generated %d ONNX backend test cases into %s" % (len(manifest), out_dir))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
