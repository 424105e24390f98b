#!/usr/bin/python3
"""Test of onnx_golden.py: a two-node ONNX model (Conv -> Relu) gives one .npy per node
output, named {op}.{index}.{timestamp}.npy with op names sanitised, holding the float32
reference values; the input from raw fp16 bytes and from a dump2npy directory.

Run: /usr/bin/python3 -m unittest -v test_onnx_golden (from tools/dump), or through ctest.
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "onnx_golden.py")


def make_model(path):
    w = np.arange(2 * 3 * 1 * 1, dtype=np.float32).reshape(2, 3, 1, 1) - 2.0
    nodes = [
        helper.make_node("Conv", ["x", "w"], ["c"], name="/block.0/conv"),
        helper.make_node("Relu", ["c"], ["y"], name="relu 1"),
    ]
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 2, 2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 2, 2, 2])],
        initializer=[numpy_helper.from_array(w, "w")])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)
    return w


class OnnxGoldenTest(unittest.TestCase):
    def test_every_node_output_is_saved(self):
        with tempfile.TemporaryDirectory() as tmp:
            model = os.path.join(tmp, "m.onnx")
            w = make_model(model)
            x = (np.arange(12, dtype=np.float16).reshape(1, 3, 2, 2) - 6) / 4
            raw = os.path.join(tmp, "input.bin")
            x.tofile(raw)
            out = os.path.join(tmp, "golden")
            subprocess.run([sys.executable, SCRIPT, "--model", model, "--input-raw", raw, "--out", out],
                           check=True, capture_output=True)
            names = sorted(os.listdir(out))
            self.assertEqual(len(names), 2)
            self.assertRegex(names[0], r"^_block_0_conv\.0\.\d{16}\.npy$")
            self.assertRegex(names[1], r"^relu_1\.0\.\d{16}\.npy$")
            conv = np.einsum("oc,nchw->nohw", w[:, :, 0, 0], x.astype(np.float32))
            np.testing.assert_allclose(np.load(os.path.join(out, names[0])), conv, rtol=1e-6)
            np.testing.assert_allclose(np.load(os.path.join(out, names[1])), np.maximum(conv, 0), rtol=1e-6)

    def test_input_from_a_dump2npy_directory(self):
        with tempfile.TemporaryDirectory() as tmp:
            model = os.path.join(tmp, "m.onnx")
            make_model(model)
            npy = os.path.join(tmp, "npy")
            os.makedirs(npy)
            x = np.ones((1, 3, 2, 2), dtype=np.float16)
            np.save(os.path.join(npy, "TransData.t.5.1.1700000000000002.input.0.npy"), x * 2)
            np.save(os.path.join(npy, "TransData.t.4.1.1700000000000001.input.0.npy"), x)
            np.save(os.path.join(npy, "Conv.c.3.1.1700000000000000.input.1.npy"), np.zeros((2, 3, 1, 1)))
            out = os.path.join(tmp, "golden")
            run = subprocess.run([sys.executable, SCRIPT, "--model", model, "--input-from-dump", npy, "--out", out],
                                 check=True, capture_output=True, text=True)
            self.assertIn("TransData.t.4.1.1700000000000001.input.0.npy", run.stdout)

    def test_a_wrong_input_size_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            model = os.path.join(tmp, "m.onnx")
            make_model(model)
            raw = os.path.join(tmp, "input.bin")
            np.zeros(5, dtype=np.float16).tofile(raw)
            run = subprocess.run([sys.executable, SCRIPT, "--model", model, "--input-raw", raw, "--out", tmp],
                                 capture_output=True, text=True)
            self.assertNotEqual(run.returncode, 0)
            self.assertIn("needs 12", run.stderr)


if __name__ == "__main__":
    unittest.main()
