#!/usr/bin/python3
"""Tests of the model zoo: ResNet-18/50 generation, parameter counts, the ONNX checker,
torchvision names, symbolic batch, determinism, the numpy reference forward, the test image.

Run: /usr/bin/python3 -m unittest -v test_modelzoo (from tools/modelzoo), or through ctest.
"""
import io
import os
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

import numpy as np
import onnx
from onnx import numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_resnet  # noqa: E402
import make_test_image  # noqa: E402
import onnx_ref  # noqa: E402


def trainable_parameters(model):
    return sum(int(np.prod(t.dims)) for t in model.graph.initializer
               if not t.name.endswith((".running_mean", ".running_var")))


class ModelZooTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.models = {}
        cls.logs = {}
        for depth, batch in ((18, 1), (50, -1)):
            path = os.path.join(cls.tmp.name, "resnet%d.onnx" % depth)
            out = io.StringIO()
            with redirect_stdout(out):
                rc = make_resnet.main(["--depth", str(depth), "--batch", str(batch), "--out", path])
            assert rc == 0, out.getvalue()
            cls.models[depth] = path
            cls.logs[depth] = out.getvalue()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_resnet50_parameter_count(self):
        model = onnx.load(self.models[50])
        count = trainable_parameters(model)
        self.assertGreaterEqual(count, 25.5e6)
        self.assertLessEqual(count, 25.6e6)
        self.assertEqual(count, 25557032)  # torchvision resnet50
        self.assertIn("25557032 parameters", self.logs[50])

    def test_resnet18_parameter_count(self):
        self.assertEqual(trainable_parameters(onnx.load(self.models[18])), 11689512)  # torchvision resnet18

    def test_checker_and_io(self):
        for depth, path in self.models.items():
            onnx.checker.check_model(path)
            model = onnx.load(path)
            (inp,), (out,) = model.graph.input, model.graph.output
            self.assertEqual((inp.name, out.name), ("data", "prob"))
            dims = [d.dim_param or d.dim_value for d in inp.type.tensor_type.shape.dim]
            odims = [d.dim_param or d.dim_value for d in out.type.tensor_type.shape.dim]
            batch = "N" if depth == 50 else 1
            self.assertEqual(dims, [batch, 3, 224, 224])
            self.assertEqual(odims, [batch, 1000])

    def test_torchvision_layout(self):
        model = onnx.load(self.models[50])
        names = [n.name for n in model.graph.node]
        for name in ("conv1", "bn1", "maxpool", "layer1.0.conv1", "layer1.0.downsample.0", "layer4.2.conv3",
                     "avgpool", "fc", "softmax"):
            self.assertIn(name, names)
        node = {n.name: n for n in model.graph.node}
        strides = {a.name: list(a.ints) for a in node["layer2.0.conv2"].attribute}["strides"]
        self.assertEqual(strides, [2, 2])  # v1.5: the stride is on the 3x3 conv
        self.assertEqual(sum(n.op_type == "Conv" for n in model.graph.node), 53)
        self.assertEqual(sum(n.op_type == "BatchNormalization" for n in model.graph.node), 53)
        inits = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
        var = inits["layer3.1.bn2.running_var"]
        self.assertFalse(np.allclose(var, 1.0))  # non-trivial statistics
        self.assertFalse(np.allclose(inits["layer3.1.bn2.running_mean"], 0.0))
        self.assertTrue((var > 0).all())

    def test_deterministic(self):
        path = os.path.join(self.tmp.name, "again.onnx")
        with redirect_stdout(io.StringIO()):
            make_resnet.main(["--depth", "18", "--batch", "1", "--out", path])
        with open(path, "rb") as a, open(self.models[18], "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_reference_forward_resnet18(self):
        model = onnx.load(self.models[18])
        x = np.random.default_rng(3).uniform(-120, 130, (1, 3, 64, 64))  # small input: GAP makes it legal
        p32 = onnx_ref.run(model, {"data": x}, dtype=np.float32)["prob"]
        p64 = onnx_ref.run(model, {"data": x}, dtype=np.float64)["prob"]
        self.assertEqual(p32.shape, (1, 1000))
        self.assertTrue(np.isfinite(p32).all())
        self.assertAlmostEqual(float(p32.sum()), 1.0, places=4)
        self.assertLess(float(np.abs(p32 - p64).max()), 1e-5)
        self.assertGreater(float(p32.max()), 2.0 / 1000)  # not a flat distribution

    def test_test_image(self):
        path = os.path.join(self.tmp.name, "picture.jpg")
        with redirect_stdout(io.StringIO()):
            make_test_image.main(["--out", path])
        with open(path, "rb") as f:
            data = f.read()
        self.assertEqual(data[:2], b"\xff\xd8")
        self.assertLess(len(data), 60 * 1024)

    def test_command_line(self):
        path = os.path.join(self.tmp.name, "cli.onnx")
        r = subprocess.run([sys.executable, os.path.join(HERE, "make_resnet.py"), "--depth", "18", "--batch", "0",
                            "--out", path], capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("--batch", r.stderr)


if __name__ == "__main__":
    unittest.main()
