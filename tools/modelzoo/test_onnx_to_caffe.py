#!/usr/bin/python3
"""Tests of onnx_to_caffe.py: a ResNet-18 from make_resnet.py and a small GoogLeNet-style graph
(LRN, Concat, Dropout, ceil-mode MaxPool, AveragePool) become Caffe twins whose numpy forward,
with Caffe's own semantics (caffe_forward, written here and used by test_more_models.py too:
BatchNorm's factor division, Scale, grouped Convolution one group at a time, pooling sizes with
round_mode and AVE's divisor, Eltwise, InnerProduct, LRN, Concat, ReLU6, Softmax), equals the
ONNX model's reference forward (onnx_ref.run).

onnx_pool and onnx_lrn are ONNX's pooling and LRN written as plain loops from the operator
definitions, to check onnx_ref's vectorised kernels against (here, and node by node on
GoogLeNet in test_more_models.py).

Run: /usr/bin/python3 -B -m unittest -v test_onnx_to_caffe (from tools/modelzoo).
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
from google.protobuf import text_format
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_resnet  # noqa: E402
import onnx_ref  # noqa: E402
import onnx_to_caffe  # noqa: E402


# ---- Caffe's forward, in numpy -------------------------------------------------------------------

def blob_arrays(weights):
    """{layer name: [arrays]} from a caffemodel NetParameter."""
    out = {}
    for layer in weights.layer:
        arrays = []
        for b in layer.blobs:
            a = np.fromiter(b.data, dtype=np.float32, count=len(b.data))
            arrays.append(a.reshape(tuple(b.shape.dim)))
        out[layer.name] = arrays
    return out


def caffe_pool_size(h, k, s, p, ceil):
    n = h + 2 * p - k
    out = (-(-n // s) if ceil else n // s) + 1
    if p > 0 and (out - 1) * s >= h + p:
        out -= 1
    return out


def caffe_pooling(x, p, pb2):
    """BVLC PoolingLayer::Forward_cpu (MAX, AVE), with round_mode and global_pooling."""
    n, c, h, w = x.shape
    if p.global_pooling:
        kh, kw, sh, sw, ph, pw = h, w, 1, 1, 0, 0
    else:
        kh = p.kernel_size if p.HasField("kernel_size") else p.kernel_h
        kw = p.kernel_size if p.HasField("kernel_size") else p.kernel_w
        sh = p.stride_h if p.HasField("stride_h") else p.stride
        sw = p.stride_w if p.HasField("stride_w") else p.stride
        ph = p.pad_h if p.HasField("pad_h") else p.pad
        pw = p.pad_w if p.HasField("pad_w") else p.pad
    ceil = p.round_mode == pb2.PoolingParameter.CEIL
    oh, ow = caffe_pool_size(h, kh, sh, ph, ceil), caffe_pool_size(w, kw, sw, pw, ceil)
    y = np.empty((n, c, oh, ow), dtype=x.dtype)
    for i in range(oh):
        hs = i * sh - ph
        he = min(hs + kh, h + ph)
        for j in range(ow):
            ws = j * sw - pw
            we = min(ws + kw, w + pw)
            win = x[:, :, max(hs, 0):min(he, h), max(ws, 0):min(we, w)]
            if p.pool == pb2.PoolingParameter.MAX:
                y[:, :, i, j] = win.max(axis=(2, 3))
            else:  # Caffe divides by the window clipped to the padded input, pads counted
                y[:, :, i, j] = win.sum(axis=(2, 3)) / ((he - hs) * (we - ws))
    return y


def caffe_lrn(x, p):
    size, alpha, beta, k = p.local_size, p.alpha, p.beta, p.k
    pre = (size - 1) // 2
    sq = np.pad(x * x, ((0, 0), (pre, size - 1 - pre), (0, 0), (0, 0)))
    acc = sum(sq[:, i:i + x.shape[1]] for i in range(size))
    return x * (k + alpha / size * acc) ** -beta


def pair(repeated, p, h_field, w_field, default):
    """A ConvolutionParameter's (h, w): one repeated value for both, two, or the _h/_w fields."""
    values = list(repeated)
    if len(values) == 1:
        return (values[0], values[0])
    if len(values) == 2:
        return tuple(values)
    if h_field and p.HasField(h_field):
        return (getattr(p, h_field), getattr(p, w_field))
    return (default, default)


def load_caffe(prefix):
    """(deploy, weights) NetParameters from `prefix`.prototxt and `prefix`.caffemodel."""
    pb2 = onnx_to_caffe.caffe_pb2()
    deploy, weights = pb2.NetParameter(), pb2.NetParameter()
    with open(prefix + ".prototxt") as f:
        text_format.Parse(f.read(), deploy)
    with open(prefix + ".caffemodel", "rb") as f:
        weights.ParseFromString(f.read())
    return deploy, weights


def caffe_convolution(x, w, b, stride, pad, group, dilation):
    """Caffe's Convolution, group by group as ConvolutionLayer does: onnx_ref.conv2d (one group)
    on each group's input channels and weights, concatenated. `stride`, `pad`, `dilation`: (h, w)."""
    cg, og = w.shape[1], w.shape[0] // group
    outs = [onnx_ref.conv2d(np.ascontiguousarray(x[:, g * cg:(g + 1) * cg]), w[g * og:(g + 1) * og],
                            None if b is None else b[g * og:(g + 1) * og], stride, tuple(pad) * 2, 1, dilation)
            for g in range(group)]
    return np.concatenate(outs, axis=1)


def caffe_forward(deploy, weights, feeds, dtype=np.float32):
    """Runs the deploy NetParameter layer by layer (blobs from the caffemodel by layer name);
    in-place layers simply overwrite their blob. Returns every blob's last value."""
    pb2 = onnx_to_caffe.caffe_pb2()
    params = {name: [a.astype(dtype) for a in arrays] for name, arrays in blob_arrays(weights).items()}
    env = {name: np.asarray(feeds[name], dtype=dtype) for name in deploy.input}
    for layer in deploy.layer:
        x = [env[b] for b in layer.bottom]
        blobs = params.get(layer.name, [])
        t = layer.type
        if t == "Convolution":
            p = layer.convolution_param
            kernel = pair(p.kernel_size, p, "kernel_h", "kernel_w", None)
            stride = pair(p.stride, p, "stride_h", "stride_w", 1)
            pad = pair(p.pad, p, "pad_h", "pad_w", 0)
            assert blobs[0].shape[2:] == kernel, (layer.name, blobs[0].shape, kernel)
            y = caffe_convolution(x[0], blobs[0], blobs[1] if p.bias_term else None, stride, pad, p.group,
                                  pair(p.dilation, p, None, None, 1))
        elif t == "BatchNorm":
            p = layer.batch_norm_param
            assert p.use_global_stats
            factor = blobs[2][0]
            sf = 0 if factor == 0 else 1 / factor  # BatchNormLayer::Forward_cpu
            mean, var = blobs[0] * dtype(sf), blobs[1] * dtype(sf)
            y = (x[0] - mean.reshape(1, -1, 1, 1)) / np.sqrt(var.reshape(1, -1, 1, 1) + dtype(p.eps))
        elif t == "Scale":
            assert layer.scale_param.bias_term and layer.scale_param.axis == 1
            y = x[0] * blobs[0].reshape(1, -1, 1, 1) + blobs[1].reshape(1, -1, 1, 1)
        elif t == "ReLU":
            y = np.maximum(x[0], 0)
        elif t == "ReLU6":
            y = np.minimum(np.maximum(x[0], dtype(0)), dtype(6))
        elif t == "Pooling":
            y = caffe_pooling(x[0], layer.pooling_param, pb2)
        elif t == "Eltwise":
            assert layer.eltwise_param.operation == pb2.EltwiseParameter.SUM and not layer.eltwise_param.coeff
            y = sum(x[1:], x[0])
        elif t == "InnerProduct":
            p = layer.inner_product_param
            assert p.axis == 1 and not p.transpose
            y = x[0].reshape(x[0].shape[0], -1) @ blobs[0].T
            if p.bias_term:
                y = y + blobs[1]
        elif t == "Softmax":
            y = onnx_ref.softmax(x[0], layer.softmax_param.axis)
        elif t == "LRN":
            assert layer.lrn_param.norm_region == pb2.LRNParameter.ACROSS_CHANNELS
            y = caffe_lrn(x[0], layer.lrn_param)
        elif t == "Concat":
            y = np.concatenate(x, axis=layer.concat_param.axis)
        elif t == "Dropout":
            y = x[0]  # TEST phase
        elif t == "Flatten":
            y = x[0].reshape(x[0].shape[0], -1)
        else:
            raise NotImplementedError(t)
        env[layer.top[0]] = np.asarray(y, dtype=dtype)
    return env


# ---- ONNX semantics as loops, to check onnx_ref's kernels against ---------------------------------

def onnx_pool(x, a, average):
    """ONNX MaxPool / AveragePool (node attributes `a`), window by window. AveragePool divides by
    the window's cells in the input, or with count_include_pad in the padded input (the cells a
    ceil_mode window reaches beyond the pads never count), as ONNX Runtime does."""
    n, c, h, w = x.shape
    (kh, kw), (sh, sw) = a["kernel_shape"], a.get("strides", (1, 1))
    pads, ceil, include = a.get("pads", (0, 0, 0, 0)), a.get("ceil_mode", 0), a.get("count_include_pad", 0)

    def size(length, k, s, pb, pe):
        span = length + pb + pe - k
        return (-(-span // s) if ceil else span // s) + 1

    oh, ow = size(h, kh, sh, pads[0], pads[2]), size(w, kw, sw, pads[1], pads[3])
    y = np.empty((n, c, oh, ow), dtype=x.dtype)
    for i in range(oh):
        hs = i * sh - pads[0]
        for j in range(ow):
            ws = j * sw - pads[1]
            win = x[:, :, max(hs, 0):min(hs + kh, h), max(ws, 0):min(ws + kw, w)]
            if average:
                padded = (min(hs + kh, h + pads[2]) - hs) * (min(ws + kw, w + pads[3]) - ws)
                y[:, :, i, j] = win.sum(axis=(2, 3)) / (padded if include else win.shape[2] * win.shape[3])
            else:
                y[:, :, i, j] = win.max(axis=(2, 3))
    return y


def onnx_lrn(x, a):
    """ONNX LRN (node attributes `a`), channel by channel."""
    size, alpha, beta, bias = a["size"], a.get("alpha", 1e-4), a.get("beta", 0.75), a.get("bias", 1.0)
    c = x.shape[1]
    out = np.empty_like(x)
    for ch in range(c):
        lo, hi = max(0, ch - (size - 1) // 2), min(c - 1, ch + -(-(size - 1) // 2))
        square_sum = (x[:, lo:hi + 1] ** 2).sum(axis=1)
        out[:, ch] = x[:, ch] / (bias + alpha / size * square_sum) ** beta
    return out


def mini_googlenet(seed=0):
    """conv 7x7/2 + ReLU, MaxPool 3x3/2 ceil_mode=1 (partial last window), LRN, a conv whose
    output feeds both a BatchNormalization and an Add (BN cannot run in place), an inception
    block (1x1, 3x3, MaxPool 3x3/1 pad 1 -> 1x1, AveragePool 3x3/1 pad 1 -> 1x1; Concat),
    AveragePool 2x2/2 (floor: round_mode FLOOR), GlobalAveragePool, Dropout, Flatten, Gemm
    with transB=0, Softmax `prob`. Input [1, 3, 35, 35]."""
    rng = np.random.default_rng(seed)
    inits, nodes = [], []

    def const(name, arr):
        inits.append(numpy_helper.from_array(np.asarray(arr, dtype=np.float32), name))
        return name

    def conv(name, x, cin, cout, k, stride=1, pad=0, unnamed=False):
        w = const(name + ".w", rng.standard_normal((cout, cin, k, k)) * np.sqrt(2.0 / (cin * k * k)))
        b = const(name + ".b", rng.normal(0, 0.1, cout))
        nodes.append(helper.make_node("Conv", [x, w, b], [name], name="" if unnamed else name, kernel_shape=[k, k],
                                      strides=[stride] * 2, pads=[pad] * 4))
        return name

    def op(op_type, name, ins, **attrs):
        nodes.append(helper.make_node(op_type, ins, [name], name=name, **attrs))
        return name

    x = op("Relu", "conv1/relu", [conv("conv1", "data", 3, 16, 7, 2, 3)])
    x = op("MaxPool", "pool1", [x], kernel_shape=[3, 3], strides=[2, 2], ceil_mode=1)  # 18 -> 9
    x = op("LRN", "norm1", [x], size=5, alpha=0.05, beta=0.75, bias=2.0)
    c2 = conv("conv2", x, 16, 16, 3, 1, 1)
    bn = op("BatchNormalization", "conv2/bn",
            [c2, const("bn.g", rng.uniform(0.5, 1.5, 16)), const("bn.b", rng.normal(0, 0.25, 16)),
             const("bn.m", rng.normal(0, 0.5, 16)), const("bn.v", rng.uniform(0.5, 2.0, 16))], epsilon=1e-3)
    x = op("Relu", "res/relu", [op("Add", "res", [bn, c2])])
    b1 = op("Relu", "inc/1x1/relu", [conv("inc/1x1", x, 16, 8, 1)])
    b2 = op("Relu", "inc/3x3/relu", [conv("inc/3x3", x, 16, 8, 3, 1, 1, unnamed=True)])
    p3 = op("MaxPool", "inc/pool", [x], kernel_shape=[3, 3], strides=[1, 1], pads=[1, 1, 1, 1])
    b3 = op("Relu", "inc/pool_proj/relu", [conv("inc/pool_proj", p3, 16, 8, 1)])
    p4 = op("AveragePool", "inc/avg", [x], kernel_shape=[3, 3], strides=[1, 1], pads=[1, 1, 1, 1],
            count_include_pad=1)
    b4 = conv("inc/avg_proj", p4, 16, 8, 1)
    x = op("Concat", "inc/output", [b1, b2, b3, b4], axis=1)
    x = op("AveragePool", "pool2", [x], kernel_shape=[2, 2], strides=[2, 2])  # 9 -> 4 (ceil would be 5)
    x = op("Dropout", "drop", [op("GlobalAveragePool", "gap", [x])], ratio=0.4)
    x = op("Flatten", "flat", [x], axis=1)
    x = op("Gemm", "fc", [x, const("fc.w", rng.standard_normal((32, 10)) * 0.5), const("fc.b", rng.normal(0, 1, 10))])
    nodes.append(helper.make_node("Softmax", [x], ["prob"], name="softmax", axis=1))
    graph = helper.make_graph(nodes, "mini_googlenet",
                              [helper.make_tensor_value_info("data", TensorProto.FLOAT, ["N", 3, 35, 35])],
                              [helper.make_tensor_value_info("prob", TensorProto.FLOAT, ["N", 10])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    onnx.checker.check_model(model)
    return model


def one_node_model(node, in_shape, inits=()):
    graph = helper.make_graph([node], "one", [helper.make_tensor_value_info(node.input[0], TensorProto.FLOAT, in_shape)],
                              [helper.make_tensor_value_info(node.output[0], TensorProto.FLOAT, None)], list(inits))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


# ---- the tests -----------------------------------------------------------------------------------

class OnnxToCaffeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.onnx_path = os.path.join(cls.tmp.name, "resnet18.onnx")
        with redirect_stdout(io.StringIO()):
            assert make_resnet.main(["--depth", "18", "--batch", "1", "--out", cls.onnx_path]) == 0
        cls.model = onnx.load(cls.onnx_path)
        cls.prefix = os.path.join(cls.tmp.name, "caffe", "resnet18")
        out = io.StringIO()
        with redirect_stdout(out):
            rc = onnx_to_caffe.main(["--onnx", cls.onnx_path, "--out", cls.prefix])
        assert rc == 0, out.getvalue()
        cls.summary = out.getvalue()
        cls.deploy, cls.weights = load_caffe(cls.prefix)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def convert(self, model, **kw):
        return onnx_to_caffe.convert(model, **kw)

    def test_header_and_files(self):
        d = self.deploy
        self.assertEqual(d.name, "resnet18")
        self.assertEqual(list(d.input), ["data"])
        self.assertEqual([list(s.dim) for s in d.input_shape], [[1, 3, 224, 224]])
        self.assertTrue(all(len(layer.blobs) == 0 for layer in d.layer))  # deploy: no weights
        self.assertEqual([layer.name for layer in d.layer], [layer.name for layer in self.weights.layer])
        self.assertEqual(len({layer.name for layer in d.layer}), len(d.layer))  # unique layer names
        self.assertRegex(self.summary, r"89 layers .*, 122 blobs, 11699132 parameters")
        # ResNet-18 parameters (11689512) + BN mean/var (9600) + one factor per BN (20)
        self.assertEqual(sum(len(b.data) for layer in self.weights.layer for b in layer.blobs), 11689512 + 9600 + 20)

    def test_layer_counts(self):
        types = [layer.type for layer in self.deploy.layer]
        expected = {"Convolution": 20, "BatchNorm": 20, "Scale": 20, "ReLU": 17, "Eltwise": 8, "Pooling": 2,
                    "InnerProduct": 1, "Softmax": 1}
        self.assertEqual({t: types.count(t) for t in set(types)}, expected)
        last = self.deploy.layer[-1]
        self.assertEqual((last.name, last.type, list(last.top), list(last.bottom)), ("prob", "Softmax", ["prob"], ["fc"]))
        fc = self.deploy.layer[-2]
        self.assertEqual((fc.name, list(fc.bottom)), ("fc", ["avgpool"]))  # the Flatten became nothing
        layer = {x.name: x for x in self.deploy.layer}
        self.assertEqual(layer["maxpool"].pooling_param.round_mode, onnx_to_caffe.caffe_pb2().PoolingParameter.FLOOR)
        self.assertTrue(layer["avgpool"].pooling_param.global_pooling)
        conv = layer["layer2.0.conv1"].convolution_param  # basic block: the stride is on conv1
        self.assertEqual((conv.num_output, list(conv.kernel_size), list(conv.stride), list(conv.pad), conv.bias_term),
                         (128, [3], [2], [1], False))

    def test_in_place(self):
        layer = {x.name: x for x in self.deploy.layer}
        for name in ("bn1", "bn1.scale", "relu"):
            self.assertEqual((list(layer[name].bottom), list(layer[name].top)), (["conv1"], ["conv1"]), name)
        self.assertEqual(list(layer["layer1.0.relu"].top), ["layer1.0.add"])
        self.assertEqual(list(layer["layer1.1.add"].bottom), ["layer1.1.conv2", "layer1.0.add"])
        self.assertEqual(list(layer["layer2.0.downsample.1"].top), ["layer2.0.downsample.0"])

    def test_blobs(self):
        inits = {t.name: numpy_helper.to_array(t) for t in self.model.graph.initializer}
        arrays = blob_arrays(self.weights)
        for layer in self.weights.layer:
            for b in layer.blobs:
                self.assertEqual(len(b.data), int(np.prod(b.shape.dim)), layer.name)
                self.assertEqual(len(b.diff), 0)
        np.testing.assert_array_equal(arrays["fc"][0], inits["fc.weight"])
        np.testing.assert_array_equal(arrays["fc"][1], inits["fc.bias"])
        np.testing.assert_array_equal(arrays["layer3.1.conv1"][0], inits["layer3.1.conv1.weight"])
        self.assertEqual([a.shape for a in arrays["layer3.1.conv1"]], [(256, 256, 3, 3)])
        # the first BatchNorm stores factor 0.5 with its statistics multiplied by it; the others 1
        mean, var, factor = arrays["bn1"]
        self.assertEqual(factor.tolist(), [0.5])
        np.testing.assert_array_equal(mean, inits["bn1.running_mean"] * np.float32(0.5))
        np.testing.assert_array_equal(var, inits["bn1.running_var"] * np.float32(0.5))
        mean, var, factor = arrays["layer4.1.bn2"]
        self.assertEqual(factor.tolist(), [1.0])
        np.testing.assert_array_equal(var, inits["layer4.1.bn2.running_var"])
        gamma, beta = arrays["layer4.1.bn2.scale"]
        np.testing.assert_array_equal(gamma, inits["layer4.1.bn2.weight"])
        np.testing.assert_array_equal(beta, inits["layer4.1.bn2.bias"])

    def test_forward_matches_onnx(self):
        x = np.random.default_rng(3).uniform(-120, 130, (1, 3, 224, 224))
        ref = onnx_ref.run(self.model, {"data": x}, dtype=np.float32, keep=True)
        got = caffe_forward(self.deploy, self.weights, {"data": x}, dtype=np.float32)
        self.assertEqual(got["prob"].shape, (1, 1000))
        self.assertEqual(got["maxpool"].shape, (1, 64, 56, 56))  # FLOOR: CEIL would give 57
        self.assertLess(float(np.abs(got["fc"] - ref["fc"]).max()), 1e-3)
        self.assertLess(float(np.abs(got["prob"] - ref["prob"]).max()), 1e-4)
        self.assertGreater(float(ref["prob"].max()), 2.0 / 1000)  # not flat: the comparison means something

    def test_odd_input_keeps_default_rounding_float64(self):
        # At 225 the max pool's ceil and floor sizes agree: no round_mode; float64 on both sides
        # shows the functions are the same up to rounding.
        model = onnx.ModelProto()
        model.CopyFrom(self.model)
        for d, v in zip(model.graph.input[0].type.tensor_type.shape.dim[2:], (225, 225)):
            d.dim_value = v
        net = self.convert(model)
        pool = {x.name: x for x in net.layer}["maxpool"].pooling_param
        self.assertFalse(pool.HasField("round_mode"))
        x = np.random.default_rng(4).uniform(-120, 130, (1, 3, 225, 225))
        ref = onnx_ref.run(model, {"data": x}, dtype=np.float64, keep=True)
        got = caffe_forward(net, net, {"data": x}, dtype=np.float64)
        self.assertEqual(got["maxpool"].shape, (1, 64, 57, 57))
        self.assertLess(float(np.abs(got["fc"] - ref["fc"]).max()), 1e-9)

    def test_no_inplace(self):
        net = self.convert(self.model, inplace=False)
        for layer in net.layer:
            self.assertFalse(set(layer.top) & set(layer.bottom), layer.name)
        self.assertEqual(len(net.layer), 89)
        tops = [t for layer in net.layer for t in layer.top]
        self.assertEqual(len(tops), len(set(tops)))  # every top written once
        x = np.random.default_rng(5).uniform(-120, 130, (1, 3, 224, 224))
        ref = onnx_ref.run(self.model, {"data": x}, dtype=np.float32)
        got = caffe_forward(net, net, {"data": x}, dtype=np.float32)
        self.assertLess(float(np.abs(got["prob"] - ref["prob"]).max()), 1e-4)

    def test_googlenet_style_graph(self):
        model = mini_googlenet()
        net = self.convert(model, batch=2)
        self.assertEqual([list(s.dim) for s in net.input_shape], [[2, 3, 35, 35]])
        layer = {x.name: x for x in net.layer}
        pb2 = onnx_to_caffe.caffe_pb2()
        self.assertFalse(layer["pool1"].pooling_param.HasField("round_mode"))  # ceil_mode=1: Caffe's CEIL
        self.assertEqual(layer["pool2"].pooling_param.round_mode, pb2.PoolingParameter.FLOOR)
        self.assertEqual(layer["inc/avg"].pooling_param.pool, pb2.PoolingParameter.AVE)
        self.assertEqual((layer["norm1"].lrn_param.local_size, layer["norm1"].lrn_param.k), (5, 2.0))
        self.assertEqual(list(layer["inc/output"].bottom), ["inc/1x1", "inc/3x3", "inc/pool_proj", "inc/avg_proj"])
        self.assertIn("inc/3x3", layer)  # an unnamed node takes its output's name
        self.assertAlmostEqual(layer["drop"].dropout_param.dropout_ratio, 0.4, places=6)
        # conv2 is read by the BN and the Add: the BN gets its own top, the Scale runs in place on it
        self.assertEqual((list(layer["conv2/bn"].top), list(layer["conv2/bn.scale"].top)), (["conv2/bn"], ["conv2/bn"]))
        self.assertEqual(list(layer["res/relu"].top), ["res"])
        self.assertEqual(list(layer["fc"].bottom), ["drop"])
        self.assertEqual(list(layer["fc"].blobs[0].shape.dim), [10, 32])  # transB=0: transposed
        self.assertEqual(net.layer[-1].name, "prob")
        x = np.random.default_rng(6).uniform(-2, 2, (2, 3, 35, 35))
        ref = onnx_ref.run(model, {"data": x}, dtype=np.float64, keep=True)
        for inplace in (True, False):
            net = self.convert(model, batch=2, inplace=inplace)
            got = caffe_forward(net, net, {"data": x}, dtype=np.float64)
            for name in ("pool1", "norm1", "inc/output", "pool2", "fc", "prob"):
                self.assertEqual(got[name].shape, ref[name].shape, name)
                self.assertLess(float(np.abs(got[name] - ref[name]).max()), 1e-9, name)
        self.assertGreater(float(np.abs(ref["norm1"] - ref["pool1"]).max()), 0.1)  # the LRN does something

    def test_refusals(self):
        w = numpy_helper.from_array(np.ones((4, 3, 3, 3), np.float32), "w")
        cases = [
            (helper.make_node("Sigmoid", ["x"], ["y"], name="gate"), (), "'gate' (Sigmoid)"),
            (helper.make_node("AveragePool", ["x"], ["y"], name="avg", kernel_shape=[3, 3], pads=[1, 1, 1, 1]), (),
             "count_include_pad=0"),
            (helper.make_node("Conv", ["x", "w"], ["y"], name="c", pads=[0, 0, 1, 1]), (w,), "asymmetric pads"),
            (helper.make_node("MaxPool", ["x"], ["y"], name="mp", kernel_shape=[2, 2], strides=[2, 2],
                              pads=[1, 1, 1, 1], ceil_mode=1), (), "ambiguous"),
            (helper.make_node("LRN", ["x"], ["y"], name="n", size=4), (), "odd"),
        ]
        for node, inits, message in cases:
            with self.assertRaises(onnx_to_caffe.Refused, msg=node.name) as cm:
                self.convert(one_node_model(node, [1, 3, 9, 9], inits))
            self.assertIn(message, str(cm.exception))
        add = helper.make_node("Add", ["x", "b"], ["y"], name="bias_add")
        with self.assertRaises(onnx_to_caffe.Refused) as cm:
            self.convert(one_node_model(add, [1, 3, 9, 9], [numpy_helper.from_array(np.ones(1, np.float32), "b")]))
        self.assertIn("'bias_add'", str(cm.exception))

    def test_command_line(self):
        bad = os.path.join(self.tmp.name, "sigmoid.onnx")
        onnx.save(one_node_model(helper.make_node("Sigmoid", ["x"], ["y"], name="gate"), [1, 3, 4, 4]), bad)
        r = subprocess.run([sys.executable, "-B", os.path.join(HERE, "onnx_to_caffe.py"), "--onnx", bad, "--out",
                            os.path.join(self.tmp.name, "bad")], capture_output=True, text=True)
        self.assertEqual(r.returncode, 1)
        self.assertIn("'gate' (Sigmoid)", r.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.tmp.name, "bad.prototxt")))


class OnnxRefKernelTest(unittest.TestCase):
    """onnx_ref's vectorised pooling and LRN against the loops above."""

    def test_pooling(self):
        x = np.random.default_rng(11).standard_normal((2, 3, 9, 8))
        cases = [  # kernel, strides, pads, ceil_mode, count_include_pad
            ((3, 3), (2, 2), (0, 0, 0, 0), 1, 0),  # a partial last window
            ((3, 3), (2, 2), (1, 1, 1, 1), 0, 0),
            ((3, 3), (1, 1), (1, 1, 1, 1), 0, 1),
            ((2, 3), (2, 2), (1, 0, 0, 1), 1, 0),
            ((3, 3), (2, 2), (1, 1, 1, 1), 1, 1),  # across W a window beyond the pads: not in the divisor
            ((9, 8), (1, 1), (0, 0, 0, 0), 0, 0),
        ]
        for kernel, strides, pads, ceil, include in cases:
            a = {"kernel_shape": kernel, "strides": strides, "pads": pads, "ceil_mode": ceil,
                 "count_include_pad": include}
            for average in (False, True):
                if average:
                    got = onnx_ref.avg_pool(x, kernel, strides, pads, ceil, include)
                else:
                    got = onnx_ref.max_pool(x, kernel, strides, pads, ceil)
                want = onnx_pool(x, a, average)
                self.assertEqual(got.shape, want.shape, (a, average))
                self.assertLess(float(np.abs(got - want).max()), 1e-12, (a, average))

    def test_lrn(self):
        x = np.random.default_rng(12).standard_normal((2, 7, 4, 5)) * 3
        for size, alpha, beta, bias in ((5, 1e-4, 0.75, 1.0), (3, 0.5, 0.5, 2.0), (4, 0.1, 0.75, 1.0), (1, 1.0, 1.0, 1.0)):
            a = {"size": size, "alpha": alpha, "beta": beta, "bias": bias}
            got = onnx_ref.lrn(x, size, alpha, beta, bias)
            self.assertLess(float(np.abs(got - onnx_lrn(x, a)).max()), 1e-12, a)


if __name__ == "__main__":
    unittest.main()
