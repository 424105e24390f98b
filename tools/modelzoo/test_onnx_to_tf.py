#!/usr/bin/python3
"""Tests of onnx_to_tf.py and tf_ref.py: ONNX models become frozen TensorFlow GraphDefs whose
numpy forward (tf_ref.run, NHWC, TensorFlow's op semantics, decoding the .pb from the wire
format itself) equals the ONNX model's reference forward (onnx_ref.run) on the same input
transposed to NHWC.

- Small hand-made models cover every mapping: Conv with VALID / SAME / explicit Pad (symmetric,
  asymmetric, auto_pad), bias, depthwise (multiplier 1 and 2), BatchNormalization (V3, V2, v1),
  Relu, Clip -> Relu6 / Relu, Add / AddV2, MaxPool with SAME / ceil_mode / PadV2, AvgPool SAME
  and count_include_pad (Pad + VALID), LRN, Concat, GlobalAveragePool -> Mean (keep_dims both
  ways), Flatten (nothing, Reshape, Reshape with the Gemm's rows permuted), Gemm with transB 0
  and 1, Softmax, Dropout (also as the graph output: an Identity `prob`). Every ONNX value is
  compared, not only the output, in float64 (to 1e-9) and float32 (1e-4).
- ResNet-50, GoogLeNet and MobileNet v2 from the generators, converted through the command
  line: the frozen-graph structure (Placeholder `input` NHWC, Const + Identity `/read` for
  convolution kernels, other Consts read directly, `prob` the output Softmax, producer 1205,
  the op counts) and the forward against onnx_ref to 1e-4 on the probabilities.
- Refused models name the node; tf_ref's kernels against loops written from TensorFlow's
  definitions (SAME padding, dilation, AvgPool's divisor, LRN); onnx_to_tf's generated protobuf
  classes and tf_ref's own wire decoder read the same graph.

Run: /usr/bin/python3 -B -m unittest -v test_onnx_to_tf (from tools/modelzoo).
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
import make_resnet  # noqa: E402
import onnx_ref  # noqa: E402
import onnx_to_tf  # noqa: E402
import tf_ref  # noqa: E402
import zoo_builder  # noqa: E402
from test_onnx_to_caffe import mini_googlenet, one_node_model  # noqa: E402

F32_LOWEST = float(np.finfo(np.float32).min)


# ---- helpers -------------------------------------------------------------------------------------

def nhwc(x):
    return np.ascontiguousarray(np.asarray(x).transpose(0, 2, 3, 1))


def as_onnx(array, value):
    """A TensorFlow tensor (tf_ref's) holding onnx_to_tf Value `value`, in the ONNX layout."""
    if value.layout == "nhwc":
        return array.transpose(0, 3, 1, 2)
    if value.layout == "squeezed":
        return array.reshape(value.shape)
    if value.layout == "flat_hwc":
        c, h, w = value.chw
        return array.reshape(-1, h, w, c).transpose(0, 3, 1, 2).reshape(value.shape)
    return array


def node_map(graph_def):
    return {n.name: n for n in graph_def.node}


def ops_count(graph_def):
    ops = [n.op for n in graph_def.node]
    return {t: ops.count(t) for t in set(ops)}


def const_array(node):
    """A Const NodeDef's value through tf_ref's decoder of the TensorProto bytes."""
    return tf_ref._tensor(node.attr["value"].tensor.SerializeToString())


class Compare:
    """Mixed into a TestCase: converts a model and checks tf_ref against onnx_ref on every value."""

    def check_all_values(self, model, x, converter=None, tol64=1e-9, tol32=1e-4, **kw):
        conv = converter or onnx_to_tf.Converter(model, **kw)
        gd = conv.convert() if converter is None else conv.gd
        data = onnx_to_tf.serialize(gd)
        input_name = [i.name for i in model.graph.input if i.name not in {t.name for t in model.graph.initializer}][0]
        for dtype, tol in ((np.float64, tol64), (np.float32, tol32)):
            ref = onnx_ref.run(model, {input_name: x}, dtype=dtype, keep=True)
            got = tf_ref.run(data, {"input": nhwc(x) if x.ndim == 4 else x}, dtype=dtype)
            checked = 0
            for name, value in conv.values.items():
                if name == input_name:
                    continue
                tf_value = as_onnx(got[value.tf.split(":")[0]], value)
                self.assertEqual(tf_value.shape, ref[name].shape, name)
                scale = max(1.0, float(np.abs(ref[name]).max()))
                self.assertLess(float(np.abs(tf_value - ref[name]).max()) / scale, tol, (name, value, dtype))
                checked += 1
            self.assertEqual(checked, len({o for n in model.graph.node for o in n.output if o}))
        return gd, ref, got


# ---- hand-made models ----------------------------------------------------------------------------

class ModelBuilder:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.inits, self.nodes = [], []

    def const(self, name, arr):
        self.inits.append(numpy_helper.from_array(np.asarray(arr, dtype=np.float32), name))
        return name

    def op(self, op_type, name, ins, **attrs):
        self.nodes.append(helper.make_node(op_type, ins, [name], name=name, **attrs))
        return name

    def conv(self, name, x, cin, cout, k, stride=1, pads=None, group=1, bias=True, **attrs):
        fan_in = cin // group * k * k
        w = self.const(name + ".w", self.rng.standard_normal((cout, cin // group, k, k)) * np.sqrt(2.0 / fan_in))
        ins = [x, w] + ([self.const(name + ".b", self.rng.normal(0, 0.3, cout))] if bias else [])
        if pads is not None:
            attrs["pads"] = pads
        return self.op("Conv", name, ins, kernel_shape=[k, k], strides=[stride] * 2, group=group, **attrs)

    def bn(self, name, x, c):
        r = self.rng
        return self.op("BatchNormalization", name,
                       [x, self.const(name + ".g", r.uniform(0.5, 2.5, c)),
                        self.const(name + ".b", r.normal(0, 0.5, c)), self.const(name + ".m", r.normal(0, 0.5, c)),
                        self.const(name + ".v", r.uniform(0.5, 2.0, c))],
                       epsilon=1e-3)

    def model(self, name, in_shape, out_shape, opset=13):
        graph = helper.make_graph(self.nodes, name,
                                  [helper.make_tensor_value_info("data", TensorProto.FLOAT, in_shape)],
                                  [helper.make_tensor_value_info("prob", TensorProto.FLOAT, out_shape)], self.inits)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
        onnx.checker.check_model(model)
        return model


def mini_mobilenet(seed=1):
    """Input [N, 3, 32, 32]: conv 3x3/2 pad 1 (explicit Pad: SAME would pad 0, 1) + BN + ReLU6;
    depthwise 3x3/1 pad 1 (SAME) + BN + ReLU6; 1x1 project + BN + Add (residual); depthwise
    3x3/2 multiplier 2 with bias (Pad); Clip(0, inf) (Relu); a second residual Add; conv 3x3/2
    pads [0, 0, 1, 1] (SAME); conv 3x3 pads [0, 0, 2, 2] (asymmetric: Pad); AveragePool
    3x3/2 pads [0, 0, 1, 1] (SAME, count_include_pad 0); MaxPool 3x3/2 pad 1 ceil_mode (PadV2,
    the last window partial); a 1x1 conv; GlobalAveragePool + Flatten (Mean, keep_dims false; the Flatten
    disappears); Gemm transB=1; Softmax `prob`."""
    b = ModelBuilder(seed)
    relu6 = [b.const("relu6.min", np.array(0.0)), b.const("relu6.max", np.array(6.0))]
    x = b.bn("stem/bn", b.conv("stem", "data", 3, 8, 3, 2, [1] * 4, bias=False), 8)
    x = b.op("Clip", "stem/relu6", [x] + relu6)
    y = b.bn("dw1/bn", b.conv("dw1", x, 8, 8, 3, 1, [1] * 4, group=8, bias=False), 8)
    y = b.op("Clip", "dw1/relu6", [y] + relu6)
    y = b.bn("pw1/bn", b.conv("pw1", y, 8, 8, 1, bias=False), 8)
    x = b.op("Add", "block1/add", [x, y])  # 8 x 16 x 16
    x = b.conv("dw2", x, 8, 16, 3, 2, [1] * 4, group=8)  # multiplier 2, bias -> 16 x 8 x 8
    x = b.op("Clip", "dw2/relu", [x, "relu6.min"])  # Clip(0, inf)
    y = b.conv("pw2", x, 16, 16, 1, bias=False)
    x = b.op("Add", "block2/add", [y, x])
    x = b.op("Relu", "s3/relu", [b.conv("s3", x, 16, 16, 3, 2, [0, 0, 1, 1])])  # 8 -> 4: SAME's (0, 1)
    x = b.conv("asym", x, 16, 12, 3, 1, [0, 0, 2, 2])  # 4 -> 4, SAME would pad (1, 1)
    x = b.op("AveragePool", "ap", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[0, 0, 1, 1])  # 4 -> 2
    x = b.op("MaxPool", "mp", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1], ceil_mode=1)  # 2 -> 2
    x = b.op("Relu", "mp/relu", [x])
    x = b.op("Flatten", "flatten", [b.op("GlobalAveragePool", "gap", [b.conv("c4", x, 12, 12, 1)])], axis=1)
    x = b.op("Gemm", "fc", [x, b.const("fc.w", b.rng.standard_normal((10, 12))),
                            b.const("fc.b", b.rng.normal(0, 1, 10))], transB=1)
    b.nodes.append(helper.make_node("Softmax", [x], ["prob"], name="softmax", axis=1))
    return b.model("mini_mobilenet", ["N", 3, 32, 32], ["N", 10])


def mini_flatten(seed=2):
    """Input [N, 2, 6, 5]: conv 3x3 pad 1 (SAME) + Relu, LRN size 3, MaxPool 2x2/2 ceil_mode
    (6x5 -> 3x3: SAME), a count_include_pad AveragePool 3x3/1 pad 1 (Pad + VALID), Concat of
    both, Flatten of [N, 8, 3, 3] (a Reshape in (h, w, c) order: the Gemm's rows are permuted),
    Gemm transB=0, Gemm transB=1, Softmax, and a Dropout as the graph output `prob` (an
    Identity named prob)."""
    b = ModelBuilder(seed)
    x = b.op("Relu", "c1/relu", [b.conv("c1", "data", 2, 4, 3, 1, [1] * 4)])
    x = b.op("LRN", "norm", [x], size=3, alpha=0.3, beta=0.75, bias=1.5)
    p = b.op("MaxPool", "pool", [x], kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1)
    a = b.op("AveragePool", "avg", [p], kernel_shape=[3, 3], strides=[1, 1], pads=[1, 1, 1, 1], count_include_pad=1)
    x = b.op("Concat", "cat", [p, a], axis=1)
    x = b.op("Flatten", "flat", [x], axis=1)
    x = b.op("Gemm", "fc1", [x, b.const("fc1.w", b.rng.standard_normal((72, 6)) * 0.3),
                             b.const("fc1.b", b.rng.normal(0, 1, 6))])
    x = b.op("Gemm", "fc2", [x, b.const("fc2.w", b.rng.standard_normal((5, 6))),
                             b.const("fc2.b", b.rng.normal(0, 1, 5))], transB=1)
    x = b.op("Softmax", "sm", [x], axis=1)
    b.nodes.append(helper.make_node("Dropout", [x], ["prob"], name="drop"))
    return b.model("mini_flatten", ["N", 2, 6, 5], ["N", 5])


# ---- the tests -----------------------------------------------------------------------------------

class SmallModelsTest(Compare, unittest.TestCase):
    def test_googlenet_style(self):
        model = mini_googlenet()
        x = np.random.default_rng(6).uniform(-2, 2, (2, 3, 35, 35))
        gd, ref, got = self.check_all_values(model, x, batch=2, tol64=1e-7)  # LRN's alpha / size is a float32 attr
        nodes = node_map(gd)
        self.assertEqual(list(nodes["input"].attr["shape"].shape.dim[i].size for i in range(4)), [2, 35, 35, 3])
        # 35 with pad 3, 7x7/2: TensorFlow's SAME pads 3 and 3 too
        self.assertEqual(nodes["conv1/Conv2D"].attr["padding"].s, b"SAME")
        self.assertEqual(nodes["pool1/MaxPool"].attr["padding"].s, b"SAME")  # ceil_mode: SAME's (0, 1)
        self.assertEqual(list(nodes["pool1/MaxPool"].attr["ksize"].list.i), [1, 3, 3, 1])
        lrn = nodes["norm1/LRN"].attr
        self.assertEqual((lrn["depth_radius"].i, lrn["bias"].f, lrn["beta"].f), (2, 2.0, 0.75))
        self.assertAlmostEqual(lrn["alpha"].f, 0.05 / 5, places=9)
        self.assertEqual(nodes["inc/avg/AvgPool"].attr["padding"].s, b"VALID")  # count_include_pad: Pad + VALID
        self.assertEqual(nodes["inc/avg/AvgPool"].input, ["inc/avg/Pad"])
        self.assertEqual(nodes["inc/pool/MaxPool"].attr["padding"].s, b"SAME")
        self.assertEqual(nodes["pool2/AvgPool"].attr["padding"].s, b"VALID")
        cat = nodes["inc/output/ConcatV2"]
        self.assertEqual(list(cat.input), ["inc/1x1/relu/Relu", "inc/3x3/relu/Relu", "inc/pool_proj/relu/Relu",
                                           "inc/avg_proj/BiasAdd", "inc/output/axis"])
        self.assertEqual(nodes["inc/3x3/relu/Relu"].input, ["inc/3x3/BiasAdd"])  # the unnamed node: its output
        self.assertEqual((cat.attr["N"].i, int(const_array(nodes["inc/output/axis"]))), (4, 3))
        self.assertTrue(nodes["gap/Mean"].attr["keep_dims"].b)  # read by the Dropout, not a Flatten
        self.assertEqual(list(nodes["flat/Reshape"].input), ["gap/Mean", "flat/shape"])  # the Dropout is no node
        self.assertEqual(const_array(nodes["flat/shape"]).tolist(), [2, -1])
        self.assertEqual(list(nodes["fc/MatMul"].input), ["flat/Reshape", "fc/kernel"])
        self.assertFalse(nodes["fc/MatMul"].attr["transpose_b"].b)  # transB=0: [K, N] as stored
        last = gd.node[-1]
        self.assertEqual((last.name, last.op, list(last.input)), ("prob", "Softmax", ["fc/BiasAdd"]))
        self.assertLess(float(np.abs(got["prob"] - ref["prob"]).max()), 1e-4)
        self.assertGreater(float(np.abs(ref["norm1"] - ref["pool1"]).max()), 0.1)  # the LRN does something

    def test_mobilenet_style(self):
        model = mini_mobilenet()
        x = np.random.default_rng(7).uniform(-3, 3, (1, 3, 32, 32))
        for bn in onnx_to_tf.BATCH_NORM_OPS:
            gd, ref, got = self.check_all_values(model, x, batch_norm=bn)
            self.assertEqual(ops_count(gd)[bn], 3)
        nodes = node_map(gd)
        self.assertEqual(ops_count(gd), {"Placeholder": 1, "Const": 32, "Identity": 8, "Conv2D": 6,
                                         "DepthwiseConv2dNative": 2, "FusedBatchNorm": 3, "BiasAdd": 5, "Relu6": 2,
                                         "Relu": 3, "AddV2": 1, "Add": 1, "Pad": 3, "PadV2": 1, "MaxPool": 1,
                                         "AvgPool": 1, "Mean": 1, "MatMul": 1, "Softmax": 1})
        self.assertNotIn("U", nodes["stem/bn/FusedBatchNorm"].attr)  # v1 has no U
        self.assertEqual(list(nodes["stem/Conv2D"].input), ["stem/Pad", "stem/kernel/read"])
        self.assertEqual(const_array(nodes["stem/paddings"]).tolist(), [[0, 0], [1, 1], [1, 1], [0, 0]])
        self.assertEqual(nodes["dw1/DepthwiseConv2dNative"].attr["padding"].s, b"SAME")
        w = numpy_helper.to_array({t.name: t for t in model.graph.initializer}["dw2.w"])  # [16, 1, 3, 3]
        k = const_array(nodes["dw2/depthwise_kernel"])
        self.assertEqual(k.shape, (3, 3, 8, 2))
        np.testing.assert_array_equal(k[:, :, 5, 1], w[5 * 2 + 1, 0])  # out channel c*M + m
        self.assertEqual(list(nodes["dw2/DepthwiseConv2dNative"].input), ["dw2/Pad", "dw2/depthwise_kernel/read"])
        self.assertEqual(list(nodes["dw2/DepthwiseConv2dNative"].attr["strides"].list.i), [1, 2, 2, 1])
        self.assertEqual(nodes["dw2/relu/Relu"].op, "Relu")  # Clip(0, inf)
        self.assertEqual((nodes["block1/add/AddV2"].op, nodes["block2/add/Add"].op), ("AddV2", "Add"))
        self.assertEqual(nodes["s3/Conv2D"].attr["padding"].s, b"SAME")
        self.assertEqual(const_array(nodes["asym/paddings"]).tolist(), [[0, 0], [0, 2], [0, 2], [0, 0]])
        pad = nodes["mp/PadV2"]
        self.assertEqual(const_array(nodes[pad.input[2]]).tolist(), F32_LOWEST)
        self.assertEqual(nodes[pad.input[2]].attr["value"].tensor.float_val, [F32_LOWEST])  # a scalar: float_val
        self.assertEqual(const_array(nodes[pad.input[1]]).tolist(), [[0, 0], [1, 2], [1, 2], [0, 0]])  # ceil: + 1
        self.assertEqual(nodes["ap/AvgPool"].attr["padding"].s, b"SAME")
        self.assertFalse(nodes["gap/Mean"].attr["keep_dims"].b)
        self.assertEqual(const_array(nodes["gap/reduction_indices"]).tolist(), [1, 2])
        self.assertEqual(list(nodes["fc/MatMul"].input), ["gap/Mean", "fc/kernel"])  # no Reshape
        self.assertTrue(nodes["fc/MatMul"].attr["transpose_b"].b)
        self.assertEqual(const_array(nodes["fc/kernel"]).shape, (10, 12))
        self.assertEqual(gd.node[-1].name, "prob")
        self.assertGreater(float(np.abs(ref["stem/bn"]).max()), 6.0)  # the ReLU6 clips

    def test_flatten_permutation_and_output_identity(self):
        model = mini_flatten()
        x = np.random.default_rng(8).standard_normal((3, 2, 6, 5))
        gd, ref, got = self.check_all_values(model, x, batch=3, tol64=1e-7)
        nodes = node_map(gd)
        self.assertEqual(nodes["pool/MaxPool"].attr["padding"].s, b"SAME")  # 6x5 -> 3x3
        self.assertEqual(list(nodes["avg/AvgPool"].input), ["avg/Pad"])
        self.assertEqual(const_array(nodes["flat/shape"]).tolist(), [3, -1])
        # the weight rows follow NHWC's (h, w, c) order
        w = numpy_helper.to_array({t.name: t for t in model.graph.initializer}["fc1.w"])
        k = const_array(nodes["fc1/kernel"])
        self.assertEqual(k.shape, (72, 6))
        np.testing.assert_array_equal(k[(1 * 3 + 2) * 8 + 5], w[5 * 9 + 1 * 3 + 2])  # h=1, w=2, c=5
        last = gd.node[-1]
        self.assertEqual((last.name, last.op, list(last.input)), ("prob", "Identity", ["sm/Softmax"]))
        self.assertLess(float(np.abs(got["prob"] - ref["prob"]).max()), 1e-4)

    def test_auto_pad(self):
        # auto_pad (which onnx_ref does not read) gives the graph its explicit pads give
        w = numpy_helper.from_array(np.ones((4, 4, 3, 3), np.float32), "w")
        for auto, pads, padding in (("SAME_UPPER", [0, 0, 1, 1], b"SAME"), ("SAME_LOWER", [1, 1, 0, 0], b"VALID"),
                                    ("VALID", [0, 0, 0, 0], b"VALID")):
            graphs = [onnx_to_tf.convert(one_node_model(
                helper.make_node("Conv", ["x", "w"], ["y"], name="c", strides=[2, 2], **attrs), [1, 4, 8, 8], [w]))
                for attrs in ({"auto_pad": auto}, {"pads": pads})]
            self.assertEqual(onnx_to_tf.serialize(graphs[0]), onnx_to_tf.serialize(graphs[1]), auto)
            self.assertEqual(node_map(graphs[0])["y"].attr["padding"].s, padding, auto)
            self.assertEqual("c/Pad" in node_map(graphs[0]), auto == "SAME_LOWER")

    def test_symbolic_batch_defaults_to_one(self):
        gd = onnx_to_tf.convert(mini_flatten())
        nodes = node_map(gd)
        self.assertEqual([d.size for d in nodes["input"].attr["shape"].shape.dim], [1, 6, 5, 2])
        self.assertEqual(const_array(nodes["flat/shape"]).tolist(), [1, -1])

    def test_refusals(self):
        w = numpy_helper.from_array(np.ones((4, 2, 3, 3), np.float32), "w")
        cases = [
            (helper.make_node("Sigmoid", ["x"], ["y"], name="gate"), (), "'gate' (Sigmoid)"),
            (helper.make_node("Conv", ["x", "w"], ["y"], name="grouped", group=2), (w,), "not depthwise"),
            # 8 -> 4 with pads (1, 1): SAME would pad (0, 1), and AvgPool cannot count them
            (helper.make_node("AveragePool", ["x"], ["y"], name="avg", kernel_shape=[3, 3], strides=[2, 2],
                              pads=[1, 1, 1, 1]), (), "SAME cannot express"),
            (helper.make_node("AveragePool", ["x"], ["y"], name="avg2", kernel_shape=[3, 3], strides=[2, 2],
                              pads=[1, 1, 1, 1], ceil_mode=1, count_include_pad=1), (), "reaching past them"),
            (helper.make_node("MaxPool", ["x"], ["y"], name="mp", kernel_shape=[2, 2], strides=[2, 2],
                              pads=[1, 1, 1, 1], ceil_mode=1), (), "ambiguous"),
            (helper.make_node("LRN", ["x"], ["y"], name="n", size=4), (), "even size"),
            (helper.make_node("Clip", ["x", "lo", "hi"], ["y"], name="clip"),
             (numpy_helper.from_array(np.array(1.0, np.float32), "lo"),
              numpy_helper.from_array(np.array(5.0, np.float32), "hi")), "Clip(min=1.0, max=5.0)"),
            (helper.make_node("Add", ["x", "b"], ["y"], name="bias_add"),
             (numpy_helper.from_array(np.ones(1, np.float32), "b"),), "'bias_add' (Add)"),
            (helper.make_node("Flatten", ["x"], ["y"], name="flat"), (), "only Gemms may read it"),
        ]
        for node, inits, message in cases:
            with self.assertRaises(onnx_to_tf.Refused, msg=node.name) as cm:
                onnx_to_tf.convert(one_node_model(node, [1, 4, 9, 9] if node.name == "mp" else [1, 4, 8, 8], inits))
            self.assertIn(message, str(cm.exception))
            self.assertIn("'%s'" % node.name, str(cm.exception))

    def test_command_line_refusal(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "sigmoid.onnx")
            onnx.save(one_node_model(helper.make_node("Sigmoid", ["x"], ["y"], name="gate"), [1, 3, 4, 4]), bad)
            out = os.path.join(tmp, "bad.pb")
            r = subprocess.run([sys.executable, "-B", os.path.join(HERE, "onnx_to_tf.py"), "--onnx", bad, "--out", out],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
            self.assertIn("onnx_to_tf: node 'gate' (Sigmoid)", r.stderr)
            self.assertFalse(os.path.exists(out))


class GeneratedModel(Compare):
    """Mixed into a TestCase: generates a zoo model (batch 1) and converts it through main()."""
    generator = None  # the make_* module
    name = None
    args = ()  # the generator's extra arguments
    convert_args = ()  # onnx_to_tf's extra arguments ...
    convert_kw = {}  # ... and the same as convert()'s keywords
    logits = None  # the ONNX value before the Softmax ...
    logits_tf = None  # ... and its TensorFlow node

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.onnx_path = os.path.join(cls.tmp.name, cls.name + ".onnx")
        with redirect_stdout(io.StringIO()):
            assert cls.generator.main(list(cls.args) + ["--batch", "1", "--out", cls.onnx_path]) == 0
        cls.model = onnx.load(cls.onnx_path)
        cls.pb_path = os.path.join(cls.tmp.name, "tf", cls.name + ".pb")
        out = io.StringIO()
        with redirect_stdout(out):
            rc = onnx_to_tf.main(["--onnx", cls.onnx_path, "--out", cls.pb_path] + list(cls.convert_args))
        cls.summary = out.getvalue()
        assert rc == 0, cls.summary
        with open(cls.pb_path, "rb") as f:
            cls.data = f.read()
        cls.gd = onnx_to_tf.tf_pb2().GraphDef()
        cls.gd.ParseFromString(cls.data)
        cls.nodes = node_map(cls.gd)
        cls.inits = {t.name: numpy_helper.to_array(t) for t in cls.model.graph.initializer}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_frozen_graph_structure(self):
        gd, nodes = self.gd, self.nodes
        self.assertEqual(gd.versions.producer, 1205)
        self.assertEqual(len(nodes), len(gd.node))  # unique names
        first = gd.node[0]
        self.assertEqual((first.name, first.op, first.attr["dtype"].type), ("input", "Placeholder", 1))
        self.assertEqual([d.size for d in first.attr["shape"].shape.dim], [1, 224, 224, 3])
        for node in gd.node:
            for i in node.input:
                self.assertIn(i.split(":")[0], nodes, node.name)
            if node.op in ("Conv2D", "DepthwiseConv2dNative"):
                read = nodes[node.input[1]]  # the kernel through <const>/read
                self.assertEqual((read.op, read.name, nodes[read.input[0]].op), ("Identity", read.input[0] + "/read",
                                                                                   "Const"), node.name)
                self.assertEqual(node.attr["data_format"].s, b"NHWC")
                self.assertIn(node.attr["padding"].s, (b"SAME", b"VALID"))
            elif node.op == "Identity":
                self.assertTrue(node.name.endswith("/read") and nodes[node.input[0]].op == "Const", node.name)
            elif node.op.startswith("FusedBatchNorm"):
                self.assertEqual([nodes[i].op for i in node.input[1:]], ["Const"] * 4)  # read directly
                self.assertFalse(node.attr["is_training"].b)
                self.assertEqual(node.attr["data_format"].s, b"NHWC")
            elif node.op == "Const":
                t = node.attr["value"].tensor
                self.assertEqual(t.dtype, node.attr["dtype"].type)
                size = int(np.prod([d.size for d in t.tensor_shape.dim]))
                if t.tensor_shape.dim:
                    self.assertEqual(len(t.tensor_content), 4 * size, node.name)
        last = gd.node[-1]
        self.assertEqual((last.name, last.op), ("prob", "Softmax"))
        self.assertEqual(list(nodes["prob"].input), [self.logits_tf])
        self.assertRegex(self.summary, r"^%s: %d nodes -> %d TensorFlow nodes \("
                         % (self.name, len(self.model.graph.node), len(gd.node)))

    def test_wire_decoders_agree(self):
        # the protoc-generated classes and tf_ref's own decoder read the same graph
        parsed, producer = tf_ref.parse(self.data)
        self.assertEqual(producer, 1205)
        self.assertEqual([(n.name, n.op, list(n.input), sorted(n.attr)) for n in self.gd.node],
                         [(n.name, n.op, n.inputs, sorted(n.attr)) for n in parsed])
        for node, mine in zip(self.gd.node, parsed):
            for key, av in node.attr.items():
                which = av.WhichOneof("value")
                if which == "list":
                    self.assertEqual(list(av.list.i), mine.attr[key], (node.name, key))
                elif which == "tensor":
                    self.assertEqual(mine.attr[key].shape, tuple(d.size for d in av.tensor.tensor_shape.dim))
                elif which == "s":
                    self.assertEqual(av.s.decode(), mine.attr[key])
                elif which in ("i", "b", "type"):
                    self.assertEqual(getattr(av, which), mine.attr[key], (node.name, key))
                elif which == "f":
                    self.assertEqual(np.float32(av.f), np.float32(mine.attr[key]))

    def test_deterministic(self):
        self.assertEqual(onnx_to_tf.serialize(onnx_to_tf.convert(self.model, **self.convert_kw)), self.data)

    def test_forward_matches_onnx(self):
        for x in (zoo_builder.calibration_image(0), np.random.default_rng(9).uniform(-120, 130, (1, 3, 224, 224))):
            ref = onnx_ref.run(self.model, {"data": x}, dtype=np.float32, keep=True)
            got = tf_ref.run(self.data, {"input": nhwc(x)}, outputs=["prob", self.logits_tf])
            self.assertEqual(got["prob"].shape, (1, 1000))
            self.assertLess(float(np.abs(got[self.logits_tf] - ref[self.logits]).max()), 1e-3)
            self.assertLess(float(np.abs(got["prob"] - ref["prob"]).max()), 1e-4)
        self.assertGreater(float(ref["prob"].max()), 2.0 / 1000)  # not flat: the comparison means something


class ResNet50Test(GeneratedModel, unittest.TestCase):
    generator = make_resnet
    name = "resnet50"
    args = ("--depth", "50")
    convert_kw = {}
    logits = "fc"
    logits_tf = "fc/BiasAdd"

    def test_ops(self):
        self.assertEqual(ops_count(self.gd),
                         {"Placeholder": 1, "Const": 274, "Identity": 53, "Conv2D": 53, "FusedBatchNormV3": 53,
                          "Relu": 49, "AddV2": 8, "Add": 8, "Pad": 4, "PadV2": 1, "MaxPool": 1, "Mean": 1, "MatMul": 1,
                          "BiasAdd": 1, "Softmax": 1})
        self.assertIn("(274 Const, 53 Conv2D, 53 FusedBatchNormV3, 53 Identity, 49 Relu, 8 Add, 8 AddV2, 4 Pad, "
                      "1 BiasAdd, 1 MatMul, 1 MaxPool, 1 Mean, 1 PadV2, 1 Placeholder, 1 Softmax), 274 Const nodes "
                      "holding 25610153 float32 values", self.summary)  # weights + BN statistics + PadV2's value

    def test_layout_and_padding(self):
        n = self.nodes
        np.testing.assert_array_equal(const_array(n["conv1/kernel"]), self.inits["conv1.weight"].transpose(2, 3, 1, 0))
        self.assertEqual(const_array(n["conv1/kernel"]).shape, (7, 7, 3, 64))
        # 7x7/2 pad 3 at 224: SAME would pad (2, 3): Keras' ZeroPadding2D + VALID
        self.assertEqual(list(n["conv1/Conv2D"].input), ["conv1/Pad", "conv1/kernel/read"])
        self.assertEqual(const_array(n["conv1/paddings"]).tolist(), [[0, 0], [3, 3], [3, 3], [0, 0]])
        self.assertEqual(n["conv1/Conv2D"].attr["padding"].s, b"VALID")
        self.assertEqual(list(n["conv1/Conv2D"].attr["strides"].list.i), [1, 2, 2, 1])
        self.assertEqual(list(n["conv1/Conv2D"].attr["dilations"].list.i), [1, 1, 1, 1])
        self.assertEqual(list(n["bn1/FusedBatchNormV3"].input),
                         ["conv1/Conv2D", "bn1/gamma", "bn1/beta", "bn1/moving_mean", "bn1/moving_variance"])
        bn = n["bn1/FusedBatchNormV3"].attr
        self.assertEqual((bn["T"].type, bn["U"].type, bn["exponential_avg_factor"].f), (1, 1, 1.0))
        self.assertAlmostEqual(bn["epsilon"].f, 1e-5, places=9)
        np.testing.assert_array_equal(const_array(n["bn1/moving_variance"]), self.inits["bn1.running_var"])
        self.assertEqual(list(n["relu/Relu"].input), ["bn1/FusedBatchNormV3"])  # output 0 by name
        self.assertEqual(n["maxpool/PadV2"].op, "PadV2")
        self.assertEqual(list(n["maxpool/MaxPool"].input), ["maxpool/PadV2"])
        self.assertEqual(n["layer1.0.conv2/Conv2D"].attr["padding"].s, b"SAME")  # 3x3/1 pad 1
        self.assertEqual(list(n["layer2.0.conv2/Conv2D"].input), ["layer2.0.conv2/Pad", "layer2.0.conv2/kernel/read"])
        self.assertEqual(n["layer2.0.downsample.0/Conv2D"].attr["padding"].s, b"VALID")  # 1x1/2
        self.assertFalse(n["avgpool/Mean"].attr["keep_dims"].b)
        self.assertEqual(list(n["fc/MatMul"].input), ["avgpool/Mean", "fc/kernel"])  # the Flatten is no node
        np.testing.assert_array_equal(const_array(n["fc/kernel"]), self.inits["fc.weight"])  # [N, K], transpose_b
        self.assertTrue(n["fc/MatMul"].attr["transpose_b"].b)
        self.assertEqual(list(n["layer1.0.add/AddV2"].input), ["layer1.0.bn3/FusedBatchNormV3",
                                                               "layer1.0.downsample.1/FusedBatchNormV3"])


class GoogLeNetTest(GeneratedModel, unittest.TestCase):
    generator = make_googlenet
    name = "googlenet"
    convert_kw = {}
    logits = "loss3/classifier"
    logits_tf = "loss3/classifier/BiasAdd"

    def test_ops(self):
        self.assertEqual(ops_count(self.gd),
                         {"Placeholder": 1, "Const": 127, "Identity": 57, "Conv2D": 57, "BiasAdd": 58, "Relu": 57,
                          "MaxPool": 13, "LRN": 2, "ConcatV2": 9, "AvgPool": 1, "Pad": 1, "Reshape": 1, "MatMul": 1,
                          "Softmax": 1})

    def test_pooling_lrn_concat(self):
        n = self.nodes
        for pool in ("pool1/3x3_s2", "pool2/3x3_s2", "pool3/3x3_s2", "pool4/3x3_s2", "inception_4a/pool"):
            self.assertEqual(n[pool + "/MaxPool"].attr["padding"].s, b"SAME", pool)  # ceil_mode / pad 1: SAME
        self.assertEqual(list(n["pool1/3x3_s2/MaxPool"].attr["strides"].list.i), [1, 2, 2, 1])
        self.assertEqual(n["pool5/7x7_s1/AvgPool"].attr["padding"].s, b"VALID")
        self.assertEqual(list(n["pool5/flatten/Reshape"].input), ["pool5/7x7_s1/AvgPool", "pool5/flatten/shape"])
        lrn = n["pool1/norm1/LRN"].attr
        self.assertEqual((lrn["depth_radius"].i, lrn["bias"].f, lrn["beta"].f), (2, 1.0, 0.75))
        self.assertAlmostEqual(lrn["alpha"].f, 1e-4 / 5, delta=1e-12)
        self.assertEqual(list(n["inception_3a/output/ConcatV2"].input),
                         ["inception_3a/relu_1x1/Relu", "inception_3a/relu_3x3/Relu", "inception_3a/relu_5x5/Relu",
                          "inception_3a/relu_pool_proj/Relu", "inception_3a/output/axis"])
        self.assertEqual(const_array(n["conv1/7x7_s2/bias"]).tolist(), self.inits["conv1/7x7_s2.bias"].tolist())

    def test_every_value_matches_onnx(self):
        x = zoo_builder.calibration_image(0)
        conv = onnx_to_tf.Converter(self.model)
        conv.convert()
        self.check_all_values(self.model, x, converter=conv, tol64=1e-7)


class MobileNetV2Test(GeneratedModel, unittest.TestCase):
    generator = make_mobilenet_v2
    name = "mobilenet_v2"
    convert_args = ("--batch-norm", "FusedBatchNorm")  # the v1 op, so that the zoo has both
    convert_kw = {"batch_norm": "FusedBatchNorm"}
    logits = "classifier.1"
    logits_tf = "classifier.1/BiasAdd"

    def test_ops(self):
        self.assertEqual(ops_count(self.gd),
                         {"Placeholder": 1, "Const": 268, "Identity": 52, "Conv2D": 35, "DepthwiseConv2dNative": 17,
                          "FusedBatchNorm": 52, "Relu6": 35, "AddV2": 5, "Add": 5, "Pad": 5, "Mean": 1, "MatMul": 1,
                          "BiasAdd": 1, "Softmax": 1})

    def test_depthwise(self):
        n = self.nodes
        dw = n["features.2.conv.1.0/DepthwiseConv2dNative"]
        self.assertEqual(list(dw.input), ["features.2.conv.1.0/Pad", "features.2.conv.1.0/depthwise_kernel/read"])
        self.assertEqual(list(dw.attr["strides"].list.i), [1, 2, 2, 1])
        k = const_array(n["features.2.conv.1.0/depthwise_kernel"])
        w = self.inits["features.2.conv.1.0.weight"]  # [96, 1, 3, 3]
        self.assertEqual(k.shape, (3, 3, 96, 1))
        np.testing.assert_array_equal(k[:, :, :, 0], w[:, 0].transpose(1, 2, 0))
        self.assertEqual(n["features.3.conv.1.0/DepthwiseConv2dNative"].attr["padding"].s, b"SAME")
        self.assertNotIn("U", n["features.0.1/FusedBatchNorm"].attr)
        self.assertEqual(list(n["features.0.2/Relu6"].input), ["features.0.1/FusedBatchNorm"])

    def test_every_value_matches_onnx(self):
        x = zoo_builder.calibration_image(0)
        conv = onnx_to_tf.Converter(self.model, batch_norm="FusedBatchNorm")
        conv.convert()
        self.check_all_values(self.model, x, converter=conv, tol32=1e-3)  # float32 over 52 layers: 1e-3 of 6


# ---- tf_ref's kernels against loops from TensorFlow's definitions ----------------------------------

def same_or_valid(padding, length, k_eff, s):
    if padding == "VALID":
        return 0, (length - k_eff) // s + 1
    out = -(-length // s)
    return max((out - 1) * s + k_eff - length, 0) // 2, out


class TfRefKernelTest(unittest.TestCase):
    """tf_ref's vectorised NHWC kernels against output-element loops."""

    def node(self, op, **attr):
        return tf_ref.Node("n", op, [], attr)

    def test_conv2d_and_depthwise(self):
        rng = np.random.default_rng(21)
        x = rng.standard_normal((2, 9, 8, 3))
        for padding, s, d in (("SAME", (2, 2), (1, 1)), ("VALID", (1, 2), (2, 1)), ("SAME", (1, 1), (2, 2)),
                              ("SAME", (3, 2), (1, 1))):
            f = rng.standard_normal((3, 2, 3, 4))
            attr = dict(padding=padding, strides=[1, s[0], s[1], 1], dilations=[1, d[0], d[1], 1], data_format="NHWC")
            got = tf_ref.conv2d(self.node("Conv2D", **attr), x, f)
            got_dw = tf_ref.depthwise_conv2d(self.node("DepthwiseConv2dNative", **attr), x, f[:, :, :, :2])
            kh, kw = f.shape[:2]
            (ph, oh), (pw, ow) = (same_or_valid(padding, x.shape[1], d[0] * (kh - 1) + 1, s[0]),
                                  same_or_valid(padding, x.shape[2], d[1] * (kw - 1) + 1, s[1]))
            want = np.zeros((2, oh, ow, 4))
            want_dw = np.zeros((2, oh, ow, 3, 2))
            for i in range(oh):
                for j in range(ow):
                    for a in range(kh):
                        for b in range(kw):
                            y, z = i * s[0] - ph + a * d[0], j * s[1] - pw + b * d[1]
                            if 0 <= y < x.shape[1] and 0 <= z < x.shape[2]:
                                want[:, i, j] += x[:, y, z] @ f[a, b]
                                want_dw[:, i, j] += x[:, y, z, :, None] * f[a, b, :, :2]
            self.assertEqual(got.shape, want.shape, attr)
            self.assertLess(float(np.abs(got - want).max()), 1e-12, attr)
            self.assertLess(float(np.abs(got_dw - want_dw.reshape(2, oh, ow, 6)).max()), 1e-12, attr)
        explicit = self.node("Conv2D", padding="EXPLICIT", explicit_paddings=[0, 0, 1, 2, 0, 1, 0, 0],
                             strides=[1, 1, 1, 1])
        f = rng.standard_normal((3, 3, 3, 2))
        xp = np.pad(x, ((0, 0), (1, 2), (0, 1), (0, 0)))
        np.testing.assert_allclose(tf_ref.conv2d(explicit, x, f),
                                   tf_ref.conv2d(self.node("Conv2D", padding="VALID"), xp, f), rtol=0, atol=1e-12)

    def test_pools(self):
        x = np.random.default_rng(22).standard_normal((2, 7, 6, 3))
        for padding, k, s in (("SAME", (3, 3), (2, 2)), ("SAME", (2, 3), (2, 1)), ("VALID", (3, 2), (2, 2)),
                              ("SAME", (7, 6), (1, 1))):
            attr = dict(padding=padding, ksize=[1, k[0], k[1], 1], strides=[1, s[0], s[1], 1])
            (ph, oh), (pw, ow) = same_or_valid(padding, 7, k[0], s[0]), same_or_valid(padding, 6, k[1], s[1])
            want_max, want_avg = np.empty((2, oh, ow, 3)), np.empty((2, oh, ow, 3))
            for i in range(oh):
                for j in range(ow):
                    y0, z0 = i * s[0] - ph, j * s[1] - pw
                    win = x[:, max(y0, 0):y0 + k[0], max(z0, 0):z0 + k[1]]  # the cells inside the input
                    want_max[:, i, j] = win.max(axis=(1, 2))
                    want_avg[:, i, j] = win.mean(axis=(1, 2))
            self.assertLess(float(np.abs(tf_ref.pool(self.node("MaxPool", **attr), x, False) - want_max).max()), 1e-12)
            self.assertLess(float(np.abs(tf_ref.pool(self.node("AvgPool", **attr), x, True) - want_avg).max()), 1e-12)

    def test_lrn(self):
        x = np.random.default_rng(23).standard_normal((2, 3, 4, 7)) * 3
        for r, bias, alpha, beta in ((2, 1.0, 1e-4 / 5, 0.75), (1, 2.0, 0.2, 0.5), (0, 1.0, 1.0, 1.0),
                                     (5, 1.0, 0.1, 0.75)):
            got = tf_ref.lrn(self.node("LRN", depth_radius=r, bias=bias, alpha=alpha, beta=beta), x)
            want = np.empty_like(x)
            for d in range(7):
                sq = (x[..., max(0, d - r):d + r + 1] ** 2).sum(axis=-1)
                want[..., d] = x[..., d] / (bias + alpha * sq) ** beta
            self.assertLess(float(np.abs(got - want).max()), 1e-12, r)

    def test_tensor_values(self):
        # TensorFlow's splat (a *_val shorter than the shape), scalars and packed / unpacked fields
        pb2 = onnx_to_tf.tf_pb2()
        t = pb2.TensorProto(dtype=pb2.DT_FLOAT, float_val=[1.5])
        t.tensor_shape.dim.add().size = 3
        self.assertEqual(tf_ref._tensor(t.SerializeToString()).tolist(), [1.5, 1.5, 1.5])
        t = pb2.TensorProto(dtype=pb2.DT_INT32, int_val=[-1, 7])
        t.tensor_shape.dim.add().size = 2
        self.assertEqual(tf_ref._tensor(t.SerializeToString()).tolist(), [-1, 7])
        # DT_INT32, shape [2], int_val as two unpacked varints
        self.assertEqual(tf_ref._tensor(b"\x08\x03\x12\x04\x12\x02\x08\x02\x38\x05\x38\x09").tolist(), [5, 9])
        t = pb2.TensorProto(dtype=pb2.DT_INT64, int64_val=[-(1 << 40)])
        self.assertEqual(tf_ref._tensor(t.SerializeToString()).tolist(), -(1 << 40))


if __name__ == "__main__":
    unittest.main()
