#!/usr/bin/python3
"""Tests of make_googlenet.py and make_mobilenet_v2.py and of their Caffe twins.

Each generator, at batch 1: the same seed gives the same bytes, onnx.checker passes, the input
and output are `data` [1,3,224,224] and `prob` [1,1000], the parameter count is the original's
(BVLC GoogLeNet 6,998,552; torchvision mobilenet_v2 3,504,872), the layout (node names,
operator counts, pooling attributes) is the reference one, and the probabilities sum to 1 and are
neither flat nor one-hot. Then onnx_to_caffe.py converts each, and test_onnx_to_caffe's numpy
forward with Caffe's semantics (caffe_forward: ReLU6, grouped convolution one group at a time)
matches the reference forward (onnx_ref.run) to 1e-4 on the probabilities. On GoogLeNet every
pooling (ceil mode, average) and LRN node of onnx_ref's forward is also checked against
test_onnx_to_caffe's loops written from the ONNX definitions, and onnx_ref's grouped
convolution against Caffe's one-group-at-a-time one.

Run: /usr/bin/python3 -B -m unittest -v test_more_models (from tools/modelzoo).
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
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_googlenet  # noqa: E402
import make_mobilenet_v2  # noqa: E402
import onnx_ref  # noqa: E402
import onnx_to_caffe  # noqa: E402
import zoo_builder  # noqa: E402
from test_onnx_to_caffe import caffe_convolution, caffe_forward, load_caffe, onnx_lrn, onnx_pool  # noqa: E402


def parameters(model):
    """Weights and biases (conv, BN gamma/beta, fc): not BN statistics nor scalar constants."""
    return sum(int(np.prod(t.dims)) for t in model.graph.initializer if t.name.endswith((".weight", ".bias")))


class GeneratedModel:
    """Mixed into a TestCase: generates the model once (batch 1) and converts it to Caffe."""
    generator = None  # the make_* module
    name = None
    params = None

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.tmp.name, cls.name + ".onnx")
        out = io.StringIO()
        with redirect_stdout(out):
            rc = cls.generator.main(["--batch", "1", "--out", cls.path])
        cls.log = out.getvalue()
        assert rc == 0, cls.log
        cls.model = onnx.load(cls.path)
        cls.nodes = {n.name: n for n in cls.model.graph.node}
        cls.prefix = os.path.join(cls.tmp.name, "caffe", cls.name)
        out = io.StringIO()
        with redirect_stdout(out):
            rc = onnx_to_caffe.main(["--onnx", cls.path, "--out", cls.prefix])
        cls.summary = out.getvalue()
        assert rc == 0, cls.summary
        cls.deploy, cls.weights = load_caffe(cls.prefix)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def attrs(self, name):
        return {a.name: helper.get_attribute_value(a) for a in self.nodes[name].attribute}

    def test_deterministic(self):
        path = os.path.join(self.tmp.name, "again.onnx")
        with redirect_stdout(io.StringIO()):
            self.assertEqual(self.generator.main(["--batch", "1", "--out", path]), 0)
        with open(path, "rb") as a, open(self.path, "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_checker_and_io(self):
        onnx.checker.check_model(self.path)
        (inp,), (out,) = self.model.graph.input, self.model.graph.output
        self.assertEqual((inp.name, out.name), ("data", "prob"))
        self.assertEqual([d.dim_value for d in inp.type.tensor_type.shape.dim], [1, 3, 224, 224])
        self.assertEqual([d.dim_value for d in out.type.tensor_type.shape.dim], [1, 1000])
        self.assertEqual(self.model.opset_import[0].version, 13)

    def test_parameter_count(self):
        self.assertEqual(parameters(self.model), self.params)
        self.assertIn("%s: %d parameters" % (self.name, self.params), self.log)
        self.assertIn("stats on the calibration image: logits min", self.log)

    def test_symbolic_batch_and_opsets(self):
        # build() alone (no calibration): cheap. Opset 11 keeps Dropout's ratio attribute.
        for batch, opset in ((-1, 11), (2, 12), (1, 17)):
            model = self.generator.build(batch, opset, 0)[0]
            onnx.checker.check_model(model)
            dims = [d.dim_param or d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim]
            self.assertEqual(dims, ["N" if batch < 0 else batch, 3, 224, 224])
            self.assertEqual(parameters(model), self.params)

    def reference(self, x, dtype=np.float32):
        return onnx_ref.run(self.model, {"data": x}, dtype=dtype, keep=True)

    def test_output_on_calibration_image(self):
        env = self.reference(zoo_builder.calibration_image(0))
        prob, logits = env["prob"], env[self.logits]
        self.assertEqual(prob.shape, (1, 1000))
        self.assertTrue(np.isfinite(prob).all())
        self.assertAlmostEqual(float(prob.sum()), 1.0, places=5)
        self.assertGreater(float(logits.std()), 0.3)  # not flat
        self.assertGreater(float(prob.max()), 5.0 / 1000)
        self.assertLess(float(prob.max()), 0.5)  # not one-hot
        self.assertGreaterEqual(int((prob > 1e-3).sum()), 100)

    def test_command_line(self):
        r = subprocess.run([sys.executable, "-B", os.path.join(HERE, self.generator.__name__ + ".py"), "--batch", "0",
                            "--out", os.path.join(self.tmp.name, "cli.onnx")], capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("--batch", r.stderr)

    def check_caffe_twin(self, x):
        ref = self.reference(x)
        got = caffe_forward(self.deploy, self.weights, {"data": x})
        self.assertEqual(got["prob"].shape, (1, 1000))
        self.assertLess(float(np.abs(got[self.logits] - ref[self.logits]).max()), 1e-3)
        self.assertLess(float(np.abs(got["prob"] - ref["prob"]).max()), 1e-4)
        self.assertGreater(float(ref["prob"].max()), 2.0 / 1000)  # not flat: the comparison means something
        return ref, got

    def test_caffe_twin_forward(self):
        self.check_caffe_twin(np.random.default_rng(7).uniform(-120, 130, (1, 3, 224, 224)))

    def test_caffe_twin_files(self):
        d = self.deploy
        self.assertEqual(list(d.input), ["data"])
        self.assertEqual([list(s.dim) for s in d.input_shape], [[1, 3, 224, 224]])
        self.assertTrue(all(len(layer.blobs) == 0 for layer in d.layer))
        self.assertEqual([layer.name for layer in d.layer], [layer.name for layer in self.weights.layer])
        self.assertEqual(len({layer.name for layer in d.layer}), len(d.layer))
        last = d.layer[-1]
        self.assertEqual((last.name, last.type, list(last.top)), ("prob", "Softmax", ["prob"]))


class GoogLeNetTest(GeneratedModel, unittest.TestCase):
    generator = make_googlenet
    name = "googlenet"
    params = 6998552  # BVLC bvlc_googlenet deploy (no auxiliary classifiers)
    logits = "loss3/classifier"

    def test_layout(self):
        ops = [n.op_type for n in self.model.graph.node]
        self.assertEqual({t: ops.count(t) for t in set(ops)},
                         {"Conv": 57, "Relu": 57, "MaxPool": 13, "LRN": 2, "Concat": 9, "AveragePool": 1, "Dropout": 1,
                          "Flatten": 1, "Gemm": 1, "Softmax": 1})
        for name in ("conv1/7x7_s2", "conv1/relu_7x7", "pool1/norm1", "conv2/3x3_reduce", "conv2/norm2",
                     "inception_3a/1x1", "inception_3a/relu_5x5", "inception_4e/pool_proj", "inception_5b/output",
                     "pool5/7x7_s1", "pool5/drop_7x7_s1", "loss3/classifier", "prob"):
            self.assertIn(name, self.nodes)
        for pool in ("pool1/3x3_s2", "pool2/3x3_s2", "pool3/3x3_s2", "pool4/3x3_s2"):
            self.assertEqual(self.attrs(pool), {"kernel_shape": [3, 3], "strides": [2, 2], "pads": [0] * 4,
                                                "ceil_mode": 1})
        self.assertEqual(self.attrs("inception_4a/pool")["pads"], [1] * 4)
        self.assertEqual(self.attrs("pool1/norm1"), {"size": 5, "alpha": np.float32(1e-4), "beta": 0.75, "bias": 1.0})
        inits = {t.name: numpy_helper.to_array(t) for t in self.model.graph.initializer}
        self.assertEqual(inits["inception_4d/3x3.weight"].shape, (288, 144, 3, 3))
        self.assertEqual(inits["inception_5b/5x5.bias"].shape, (128,))
        self.assertEqual(inits["loss3/classifier.weight"].shape, (1000, 1024))
        self.assertAlmostEqual(float(inits["pool5/drop_7x7_s1.ratio"]), 0.4, places=6)

    def test_calibrated_scales(self):
        env = self.reference(zoo_builder.calibration_image(0), dtype=np.float64)
        shapes = {n: env[n].shape for n in ("pool1/3x3_s2", "pool2/3x3_s2", "pool3/3x3_s2", "pool4/3x3_s2",
                                            "inception_5b/output", "pool5/7x7_s1")}
        self.assertEqual(shapes, {"pool1/3x3_s2": (1, 64, 56, 56), "pool2/3x3_s2": (1, 192, 28, 28),
                                  "pool3/3x3_s2": (1, 480, 14, 14), "pool4/3x3_s2": (1, 832, 7, 7),
                                  "inception_5b/output": (1, 1024, 7, 7), "pool5/7x7_s1": (1, 1024, 1, 1)})
        for n in self.model.graph.node:
            if n.op_type == "Conv":
                y = env[n.output[0]] - env[n.input[2]].reshape(1, -1, 1, 1)  # before the bias
                target = make_googlenet.LRN_INPUT_STD if n.name in make_googlenet.LRN_FED else make_googlenet.TARGET_STD
                self.assertAlmostEqual(float(y.std()) / target, 1.0, delta=1e-4, msg=n.name)
        self.assertLess(max(float(env[o].max()) for o in env if o.endswith("/output")), 20)
        # the LRNs really normalise: by more than 2%
        self.assertLess(float(np.abs(env["pool1/norm1"]).sum() / np.abs(env["pool1/3x3_s2"]).sum()), 0.98)
        self.assertLess(float(np.abs(env["conv2/norm2"]).sum() / np.abs(env["conv2/relu_3x3"]).sum()), 0.98)

    def test_pool_and_lrn_nodes_are_onnx_semantics(self):
        # onnx_ref's ceil-mode MaxPools, AveragePool and LRNs, each on its input in the forward,
        # against test_onnx_to_caffe's loops
        env = self.reference(np.random.default_rng(8).uniform(-120, 130, (1, 3, 224, 224)), dtype=np.float64)
        checked = []
        for n in self.model.graph.node:
            if n.op_type in ("MaxPool", "AveragePool", "LRN"):
                x, a = env[n.input[0]], self.attrs(n.name)
                want = onnx_lrn(x, a) if n.op_type == "LRN" else onnx_pool(x, a, n.op_type == "AveragePool")
                self.assertEqual(env[n.output[0]].shape, want.shape, n.name)
                self.assertLess(float(np.abs(env[n.output[0]] - want).max()), 1e-9, n.name)
                checked.append(n.op_type)
        self.assertEqual({t: checked.count(t) for t in set(checked)}, {"MaxPool": 13, "AveragePool": 1, "LRN": 2})

    def test_caffe_layers(self):
        self.assertRegex(self.summary, r"142 layers \(57 Convolution, 57 ReLU, 14 Pooling, 9 Concat, 2 LRN, 1 Dropout, "
                                       r"1 InnerProduct, 1 Softmax\), 116 blobs, 6998552 parameters")
        layer = {x.name: x for x in self.deploy.layer}
        pb2 = onnx_to_caffe.caffe_pb2()
        for name in ("pool1/3x3_s2", "pool4/3x3_s2", "inception_3a/pool", "pool5/7x7_s1"):
            self.assertFalse(layer[name].pooling_param.HasField("round_mode"), name)  # Caffe's default CEIL
        p = layer["pool5/7x7_s1"].pooling_param
        self.assertEqual((p.pool, p.kernel_size, p.stride, p.pad, p.global_pooling), (pb2.PoolingParameter.AVE, 7, 1, 0,
                                                                                      False))
        p = layer["inception_3a/pool"].pooling_param
        self.assertEqual((p.pool, p.kernel_size, p.stride, p.pad), (pb2.PoolingParameter.MAX, 3, 1, 1))
        self.assertEqual(list(layer["inception_3a/output"].bottom),
                         ["inception_3a/1x1", "inception_3a/3x3", "inception_3a/5x5", "inception_3a/pool_proj"])
        relu = layer["inception_3a/relu_1x1"]
        self.assertEqual(list(relu.top), list(relu.bottom))  # in place, as in BVLC's prototxt
        self.assertEqual(list(layer["loss3/classifier"].bottom), ["pool5/drop_7x7_s1"])
        self.assertEqual(layer["pool1/norm1"].lrn_param.local_size, 5)

    def test_caffe_twin_on_calibration_image(self):
        ref, got = self.check_caffe_twin(zoo_builder.calibration_image(0))
        self.assertEqual(got["pool1/3x3_s2"].shape, (1, 64, 56, 56))


class MobileNetV2Test(GeneratedModel, unittest.TestCase):
    generator = make_mobilenet_v2
    name = "mobilenet_v2"
    params = 3504872  # torchvision mobilenet_v2
    logits = "classifier.1"

    def test_layout(self):
        ops = [n.op_type for n in self.model.graph.node]
        self.assertEqual({t: ops.count(t) for t in set(ops)},
                         {"Conv": 52, "BatchNormalization": 52, "Clip": 35, "Add": 10, "GlobalAveragePool": 1,
                          "Flatten": 1, "Gemm": 1, "Softmax": 1})
        depthwise = [n for n in self.model.graph.node if n.op_type == "Conv" and self.attrs(n.name)["group"] > 1]
        self.assertEqual(len(depthwise), 17)
        self.assertEqual(depthwise[0].name, "features.1.conv.0.0")
        a = self.attrs("features.14.conv.1.0")
        self.assertEqual((a["group"], a["strides"], a["pads"]), (576, [2, 2], [1] * 4))
        inits = {t.name: numpy_helper.to_array(t) for t in self.model.graph.initializer}
        self.assertEqual(inits["features.14.conv.1.0.weight"].shape, (576, 1, 3, 3))
        self.assertEqual(inits["features.18.0.weight"].shape, (1280, 320, 1, 1))
        self.assertEqual(inits["classifier.1.weight"].shape, (1000, 1280))
        self.assertEqual((float(inits["relu6.min"]), float(inits["relu6.max"])), (0.0, 6.0))
        self.assertEqual(list(self.nodes["features.0.2"].input), ["features.0.1", "relu6.min", "relu6.max"])
        self.assertEqual(list(self.nodes["features.3.add"].input), ["features.2.conv.3", "features.3.conv.3"])
        adds = [n.name for n in self.model.graph.node if n.op_type == "Add"]
        self.assertEqual(adds, ["features.%d.add" % i for i in (3, 5, 6, 8, 9, 10, 12, 13, 15, 16)])
        self.assertFalse(np.allclose(inits["features.5.conv.1.1.running_var"], 1.0))
        self.assertFalse(np.allclose(inits["features.5.conv.1.1.running_mean"], 0.0))
        self.assertIn("ReLU6:", self.log)

    def test_grouped_conv(self):
        rng = np.random.default_rng(9)
        x = rng.standard_normal((2, 6, 9, 9))
        for group, cout, stride, pad in ((1, 4, 1, 1), (3, 6, 2, 1), (6, 6, 2, 1), (6, 12, 1, 0)):
            w = rng.standard_normal((cout, 6 // group, 3, 3))
            b = rng.standard_normal(cout)
            got = onnx_ref.conv2d(x, w, b, [stride] * 2, [pad] * 4, group)
            want = caffe_convolution(x, w, b, (stride, stride), (pad, pad), group, (1, 1))
            self.assertEqual(got.shape, want.shape)
            self.assertLess(float(np.abs(got - want).max()), 1e-12, (group, cout))

    def test_relu6_does_work(self):
        # the upper bound is reached on the calibration image: ReLU in its place changes the output
        x = zoo_builder.calibration_image(0)
        env = self.reference(x, dtype=np.float64)
        clips = [n for n in self.model.graph.node if n.op_type == "Clip"]
        above = sum(int((env[n.input[0]] > 6).sum()) for n in clips)
        self.assertGreater(above, 1000)
        relu = onnx.ModelProto()
        relu.CopyFrom(self.model)
        for t in relu.graph.initializer:
            if t.name == "relu6.max":
                t.CopyFrom(numpy_helper.from_array(np.array(np.inf, np.float32), t.name))
        other = onnx_ref.run(relu, {"data": x}, dtype=np.float64)
        self.assertGreater(float(np.abs(other["prob"] - env["prob"]).max()), 1e-3)

    def test_caffe_layers(self):
        self.assertRegex(self.summary, r"204 layers \(52 BatchNorm, 52 Convolution, 52 Scale, 35 ReLU6, 10 Eltwise, "
                                       r"1 InnerProduct, 1 Pooling, 1 Softmax\), 314 blobs, 3539036 parameters")
        # 3539036 = parameters (3504872) + BN mean/var (34112) + one factor per BN (52)
        self.assertEqual(sum(len(b.data) for x in self.weights.layer for b in x.blobs), 3504872 + 34112 + 52)
        layer = {x.name: x for x in self.deploy.layer}
        dw = layer["features.2.conv.1.0"].convolution_param
        self.assertEqual((dw.num_output, dw.group, list(dw.kernel_size), list(dw.stride), list(dw.pad), dw.bias_term),
                         (96, 96, [3], [2], [1], False))
        stored = {x.name: x for x in self.weights.layer}
        self.assertEqual([list(b.shape.dim) for b in stored["features.2.conv.1.0"].blobs], [[96, 1, 3, 3]])
        r6 = layer["features.2.conv.1.2"]
        self.assertEqual((r6.type, list(r6.bottom), list(r6.top)), ("ReLU6", ["features.2.conv.1.0"],
                                                                     ["features.2.conv.1.0"]))
        self.assertEqual(len(r6.ListFields()), 4)  # name, type, bottom, top: no parameters
        self.assertEqual(list(layer["features.3.add"].bottom), ["features.2.conv.2", "features.3.conv.2"])
        self.assertTrue(layer["pool"].pooling_param.global_pooling)

    def test_caffe_twin_no_inplace_opset11(self):
        model = onnx.ModelProto()
        model.CopyFrom(self.model)
        model.opset_import[0].version = 11  # Clip-11 takes its bounds as inputs too
        onnx.checker.check_model(model)
        net = onnx_to_caffe.convert(model, inplace=False)
        for layer in net.layer:
            self.assertFalse(set(layer.top) & set(layer.bottom), layer.name)
        x = np.random.default_rng(10).uniform(-120, 130, (1, 3, 224, 224))
        ref = onnx_ref.run(model, {"data": x}, dtype=np.float32)
        got = caffe_forward(net, net, {"data": x})
        self.assertLess(float(np.abs(got["prob"] - ref["prob"]).max()), 1e-4)


class ClipConversionTest(unittest.TestCase):
    """onnx_to_caffe.py's Clip: (0, 6) -> ReLU6, (0, inf) -> ReLU, anything else refused."""

    def clip_model(self, bounds, opset=13, attrs=None):
        inits = [numpy_helper.from_array(np.array(v, np.float32), n) for n, v in bounds if v is not None]
        ins = ["x"] + [n if v is not None else "" for n, v in bounds]
        while ins[-1] == "":
            ins.pop()
        node = helper.make_node("Clip", ins, ["y"], name="clip", **(attrs or {}))
        graph = helper.make_graph([node], "clip", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 4, 4])],
                                  [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])

    def layer_type(self, model):
        net = onnx_to_caffe.convert(model)
        self.assertEqual(len(net.layer), 1)
        return net.layer[0].type

    def test_types(self):
        self.assertEqual(self.layer_type(self.clip_model([("lo", 0.0), ("hi", 6.0)])), "ReLU6")
        self.assertEqual(self.layer_type(self.clip_model([("lo", 0.0), ("hi", np.inf)])), "ReLU")
        self.assertEqual(self.layer_type(self.clip_model([("lo", 0.0)])), "ReLU")
        self.assertEqual(self.layer_type(self.clip_model([("lo", 0.0), ("hi", 6.0)], opset=11)), "ReLU6")
        self.assertEqual(self.layer_type(self.clip_model([], opset=6, attrs={"min": 0.0, "max": 6.0})), "ReLU6")
        self.assertEqual(self.layer_type(self.clip_model([], opset=6, attrs={"min": 0.0})), "ReLU")

    def test_refusals(self):
        cases = [
            (self.clip_model([("lo", 0.0), ("hi", 5.0)]), "Clip(min=0.0, max=5.0)"),
            (self.clip_model([("lo", -1.0), ("hi", 6.0)]), "Clip(min=-1.0, max=6.0)"),
            (self.clip_model([("lo", None), ("hi", 6.0)]), "Clip(min=None, max=6.0)"),
            (self.clip_model([], opset=6, attrs={"max": 6.0}), "Clip(min=None"),
            (self.clip_model([("lo", [0.0, 0.0]), ("hi", 6.0)]), "not a scalar"),
        ]
        for model, message in cases:
            with self.assertRaises(onnx_to_caffe.Refused) as cm:
                onnx_to_caffe.convert(model)
            self.assertIn("'clip' (Clip)", str(cm.exception))
            self.assertIn(message, str(cm.exception))
        computed = self.clip_model([("lo", 0.0)])
        computed.graph.node[0].input.append("x")  # a computed upper bound
        with self.assertRaises(onnx_to_caffe.Refused) as cm:
            onnx_to_caffe.convert(computed)
        self.assertIn("must be an initializer", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
