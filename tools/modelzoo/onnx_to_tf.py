#!/usr/bin/python3
"""Converts a model-zoo ONNX model into its TensorFlow twin: a frozen GraphDef (.pb).

  onnx_to_tf.py --onnx resnet50.onnx --out dir/resnet50.pb [--batch N] [--batch-norm OP] [--protoc PATH]

writes dir/resnet50.pb: one binary GraphDef, as tf.io.write_graph(..., as_text=False) writes a
graph frozen by tf.compat.v1's freeze_graph (variables turned into Const nodes), that computes
exactly the ONNX model's function in TensorFlow's NHWC layout, so that a model read through
atc's TensorFlow importer can be checked against ONNX Runtime on the ONNX twin. No TensorFlow is
needed: the protobuf messages are built directly.

The graph:
  input       one Placeholder `input` (dtype DT_FLOAT, shape [N, H, W, C]: the ONNX input's
              NCHW [N, C, H, W] transposed; N from --batch, else the ONNX batch, else 1)
  weights     Const nodes (dtype, value: a TensorProto with tensor_shape and little-endian
              tensor_content; scalars in float_val / int_val, as TensorFlow writes them). A
              convolution's kernel is read through an Identity `<kernel>/read`, as in graphs
              frozen from tf.compat.v1 variables; every other Const is read directly
  output      the node computing an ONNX graph output is named after it (`prob`, so
              `--out_nodes=prob:0` names it); an output that no node computes (a Dropout's)
              gets an Identity of that name
  names       `<ONNX node name>/<TF op>` (`layer1.0.conv1/Conv2D`, `layer1.0.conv1/kernel`,
              `layer1.0.conv1/kernel/read`, `conv1/7x7_s2/BiasAdd`), characters TensorFlow does
              not allow in a node name replaced by `_`
  versions    producer 1205

Operators (anything else is refused, naming the node):
  Conv                -> Conv2D (T, data_format NHWC, strides/dilations [1, h, w, 1], padding,
                         use_cudnn_on_gpu, explicit_paddings []), kernel HWIO: ONNX [O, I, kh, kw]
                         -> [kh, kw, I, O]; a bias -> BiasAdd (NHWC). padding: VALID when the
                         pads are 0, SAME when they are TensorFlow's SAME pads for that input
                         size (begin = total / 2 rounded down), otherwise Pad (paddings Const
                         int32 [[0,0],[t,b],[l,r],[0,0]]) + VALID, as Keras' ZeroPadding2D
  Conv, group = C_in  -> DepthwiseConv2dNative, kernel [kh, kw, C, M] (ONNX weight [C*M, 1, kh,
                         kw]: output channel c*M + m is kernel[:, :, c, m]); other groups refused
  BatchNormalization  -> FusedBatchNormV3 (--batch-norm: FusedBatchNorm or FusedBatchNormV2
                         instead): x, scale, offset, mean, variance Consts; T, U (V2/V3),
                         epsilon, exponential_avg_factor 1, data_format NHWC, is_training false
  Relu                -> Relu
  Clip                -> Relu6 for Clip(0, 6), Relu for Clip(0, inf); other bounds refused
  Add                 -> AddV2, every second one Add (same shapes, no broadcasting)
  MaxPool             -> MaxPool (ksize/strides [1, h, w, 1]); ONNX pads and ceil_mode's extra
                         end row/column are SAME or VALID when those express them, else PadV2
                         (constant -3.4028235e38, the float32 lowest) + VALID. A last ceil_mode
                         window starting in the end padding, and pads >= the kernel, are refused
  AveragePool         -> AvgPool: SAME or VALID where the divisor agrees (TensorFlow's AvgPool
                         divides by the window's cells inside the input: ONNX count_include_pad=0,
                         or no pads); with count_include_pad=1 and pads, Pad (zeros) + VALID
                         (refused when a ceil_mode window reaches past the pads); anything
                         else is refused
  GlobalAveragePool   -> Mean (reduction_indices Const int32 [1, 2]); keep_dims false when only
                         Flattens read it (which then become nothing), else true
  Flatten(axis=1)     -> nothing after such a Mean, else Reshape (shape Const int32 [N, -1]).
                         NHWC flattens in (h, w, c) order, ONNX in (c, h, w): where H*W > 1 only
                         Gemms may read it, and their weight rows are permuted to match
  Gemm                -> MatMul (transB=1: the weight as stored, [N, K], transpose_b true;
                         transB=0: [K, N], transpose_b false) + BiasAdd; alpha = beta = 1, transA = 0
  Softmax             -> Softmax (the last axis: ONNX's class axis of a 2-D input, or from
                         opset 13 the channel axis of a 4-D one)
  LRN                 -> LRN (odd size: depth_radius (size - 1) / 2, bias, alpha / size, beta)
  Concat              -> ConcatV2 (inputs..., axis Const int32: ONNX's channel axis 1 is 3; N, T, Tidx)
  Dropout, Identity   -> nothing (inference: the identity)

The Python classes come from the project's schema, tools/atc/tensorflow/tf_graph.proto (package
asim.tf; TensorFlow's field numbers), compiled with protoc into a temporary directory at run
time. The output is written with deterministic map order, so the same model gives the same
bytes. Prints one summary line.
"""
import argparse
import collections
import os
import re
import sys

import numpy as np
import onnx
from onnx import numpy_helper

import twin_common

HERE = os.path.dirname(os.path.abspath(__file__))
PROTO_DIR = os.path.normpath(os.path.join(HERE, "..", "atc", "tensorflow"))
PRODUCER = 1205  # GraphDef versions.producer (TensorFlow 2.11's TF_GRAPH_DEF_VERSION)
FLOAT_LOWEST = float(np.finfo(np.float32).min)  # -3.4028235e38: MaxPool's explicit padding value
BATCH_NORM_OPS = ("FusedBatchNormV3", "FusedBatchNormV2", "FusedBatchNorm")
NHWC_AXIS = (0, 3, 1, 2)  # ONNX NCHW axis -> TensorFlow NHWC axis



Refused = twin_common.Refused


def tf_pb2(protoc=None):
    """Compiles tools/atc/tensorflow/tf_graph.proto with protoc (once per process) and returns the module."""
    return twin_common.compile_proto(PROTO_DIR, "tf_graph.proto", "asim_tf_graph_pb2", protoc)


class DType(int):
    """An attr value that is a DataType (AttrValue.type), not an integer (AttrValue.i)."""


class Shape(tuple):
    """An attr value that is a TensorShapeProto (AttrValue.shape)."""


# An ONNX value as a TensorFlow tensor. shape is the ONNX shape; layout says how the tensor
# holds it: "nhwc" (4-D, transposed to NHWC), "plain" (the same shape and order), "squeezed"
# (ONNX [N, C, 1, 1] held as [N, C]: a Mean without keep_dims), "flat_hwc" (an ONNX Flatten of
# [N, C, H, W] held as [N, H*W*C] in (h, w, c) order; chw gives (C, H, W)).
Value = collections.namedtuple("Value", "tf shape layout chw", defaults=(None,))


_attrs = twin_common.attrs


def tf_node_name(name):
    """`name` with every character TensorFlow's [A-Za-z0-9.][A-Za-z0-9_.\\-/>]* does not allow replaced by _."""
    name = re.sub(r"[^A-Za-z0-9_.\-/>]", "_", name)
    if not name or not re.match(r"[A-Za-z0-9.]", name):
        name = "n" + name
    return name


def _same_pads(length, k_eff, stride):
    """TensorFlow's SAME padding (begin, end) of one spatial axis."""
    out = -(-length // stride)
    total = max((out - 1) * stride + k_eff - length, 0)
    return total // 2, total - total // 2


def padding_mode(pads, spatial, k_eff, strides):
    """"VALID", "SAME" or None (explicit padding needed) for ONNX pads [top, left, bottom, right]."""
    if not any(pads):
        return "VALID"
    same = [_same_pads(spatial[i], k_eff[i], strides[i]) for i in range(2)]
    if (pads[0], pads[2]) == same[0] and (pads[1], pads[3]) == same[1]:
        return "SAME"
    return None


class Converter(twin_common.TwinConverter):
    TOOL = "onnx_to_tf"
    TWIN = "TensorFlow"

    def __init__(self, model, batch=None, batch_norm="FusedBatchNormV3", pb2=None, input_name="input"):
        if batch_norm not in BATCH_NORM_OPS:
            raise Refused("onnx_to_tf: --batch-norm %r is not one of %s" % (batch_norm, ", ".join(BATCH_NORM_OPS)))
        self.model = model
        self.graph = model.graph
        self.pb2 = pb2 or tf_pb2()
        self.batch = batch
        self.batch_norm = batch_norm
        self.input_name = input_name
        self.opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 1)
        self.inits = {t.name: t for t in self.graph.initializer}
        self.outputs = [o.name for o in self.graph.output]
        self.output_names = {o: tf_node_name(o) for o in self.outputs}
        self.gd = self.pb2.GraphDef()
        self.gd.versions.producer = PRODUCER
        self.values = {}  # ONNX value -> Value
        self.names = set()  # TF node names taken
        self.readers = collections.defaultdict(list)  # ONNX value -> the nodes reading it
        self.adds = 0
        self.node = None
        self.dt_float = DType(self.pb2.DT_FLOAT)
        self.dt_int32 = DType(self.pb2.DT_INT32)

    # ---- helpers -------------------------------------------------------------------------------

    def value(self, name, layouts=("nhwc",)):
        """The Value of an ONNX tensor read as a node input, in one of `layouts`."""
        if not name:
            self.refuse("an empty (omitted) input where a tensor is required")
        if name in self.inits:
            self.refuse("input %r is a constant (initializer); this operator takes computed tensors only" % name)
        if name not in self.values:
            self.refuse("input %r is produced by no earlier node (graph not topologically sorted?)" % name)
        v = self.values[name]
        if v.layout not in layouts:
            what = {"nhwc": "a 4-D NCHW tensor", "plain": "a tensor of rank %d" % len(v.shape),
                    "squeezed": "the output of a GlobalAveragePool that only Flattens read",
                    "flat_hwc": "a Flatten of a 4-D tensor with H*W > 1, which only a Gemm may read"}[v.layout]
            self.refuse("input %r is %s %s; this operator takes %s"
                        % (name, what, list(v.shape), " or ".join({"nhwc": "4-D NCHW tensors", "plain": "2-D tensors",
                                                                   "squeezed": "[N, C, 1, 1] tensors",
                                                                   "flat_hwc": "flattened tensors"}[x]
                                                                  for x in layouts)))
        return v

    def unique(self, base):
        """A node name not taken yet (nor reserved for a graph output): `base`, else `base`_1, ..."""
        base = tf_node_name(base)
        reserved = set(self.output_names.values())
        name, i = base, 1
        while name in self.names or name in reserved:
            name = "%s_%d" % (base, i)
            i += 1
        self.names.add(name)
        return name

    @property
    def scope(self):
        n = self.node
        return tf_node_name(n.name or n.output[0])

    def result_name(self, op):
        """The name of the node computing the ONNX node's output: the graph output's name when it is
        one, else <scope>/<op>."""
        out = self.node.output[0]
        if out in self.output_names:
            name = self.output_names[out]
            if name in self.names:
                self.refuse("two nodes would be named after the graph output %r" % out)
            self.names.add(name)
            return name
        return self.unique(self.scope + "/" + op)

    def add(self, name, op, inputs, **attrs):
        """Appends NodeDef `name` (already unique) and returns the name."""
        node = self.gd.node.add()
        node.name = name
        node.op = op
        node.input.extend(inputs)
        for key, v in attrs.items():
            av = node.attr[key]
            if isinstance(v, bool):
                av.b = v
            elif isinstance(v, DType):
                av.type = int(v)
            elif isinstance(v, int):
                av.i = v
            elif isinstance(v, float):
                av.f = v
            elif isinstance(v, str):
                av.s = v.encode()
            elif isinstance(v, Shape):
                av.shape.dim.extend(self.pb2.TensorShapeProto.Dim(size=int(d)) for d in v)
            elif isinstance(v, (list, tuple)):
                av.list.SetInParent()  # an empty list is a list too
                av.list.i.extend(int(i) for i in v)
            elif isinstance(v, self.pb2.TensorProto):
                av.tensor.CopyFrom(v)
            else:
                raise TypeError("attr %s=%r" % (key, v))
        return name

    def tensor_proto(self, array):
        array = np.asarray(array)
        t = self.pb2.TensorProto()
        if array.dtype == np.float32:
            t.dtype, field = self.pb2.DT_FLOAT, "float_val"
        elif array.dtype == np.int32:
            t.dtype, field = self.pb2.DT_INT32, "int_val"
        else:
            raise TypeError(array.dtype)
        t.tensor_shape.dim.extend(self.pb2.TensorShapeProto.Dim(size=int(d)) for d in array.shape)
        if array.ndim == 0:
            getattr(t, field).append(array.item())  # scalars as TensorFlow writes them
        else:
            t.tensor_content = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<")).tobytes()
        return t

    def const(self, base, array):
        """A Const node `base` (made unique) holding `array` (float32 or int32); returns its name."""
        array = np.asarray(array)
        dtype = self.dt_float if array.dtype == np.float32 else self.dt_int32
        return self.add(self.unique(base), "Const", [], dtype=dtype, value=self.tensor_proto(array))

    def kernel(self, base, array):
        """A convolution kernel: Const `base` read through Identity `base`/read."""
        k = self.const(base, array)
        return self.add(self.unique(k + "/read"), "Identity", [k], T=self.dt_float)

    def pad(self, x, pads, lowest=False):
        """Pad (zeros) or PadV2 (the float32 lowest) of NHWC `x` by ONNX pads [t, l, b, r]."""
        paddings = np.array([[0, 0], [pads[0], pads[2]], [pads[1], pads[3]], [0, 0]], np.int32)
        p = self.const(self.scope + "/paddings", paddings)
        if lowest:
            c = self.const(self.scope + "/constant_values", np.float32(FLOAT_LOWEST))
            return self.add(self.unique(self.scope + "/PadV2"), "PadV2", [x, p, c], T=self.dt_float,
                            Tpaddings=self.dt_int32)
        return self.add(self.unique(self.scope + "/Pad"), "Pad", [x, p], T=self.dt_float, Tpaddings=self.dt_int32)

    def bind(self, name, tf, shape, layout, chw=None):
        self.values[name] = Value(tf, tuple(int(d) for d in shape), layout, chw)

    def single_output(self):
        n = self.node
        for extra in n.output[1:]:
            if extra and (self.readers.get(extra) or extra in self.outputs):
                self.refuse("its optional output %r is used; the TensorFlow twin computes the first output only"
                            % extra)
        return n.output[0]

    def onnx_pads(self, a, spatial, k_eff, strides):
        """ONNX pads [top, left, bottom, right] from pads / auto_pad (2-D), or a refusal."""
        auto = a.get("auto_pad", b"NOTSET")
        auto = auto.decode() if isinstance(auto, bytes) else auto
        if auto in ("NOTSET", ""):
            pads = [int(p) for p in a.get("pads", (0, 0, 0, 0))]
        elif auto == "VALID":
            pads = [0, 0, 0, 0]
        elif auto in ("SAME_UPPER", "SAME_LOWER"):
            pads = [0, 0, 0, 0]
            for i in range(2):
                small, big = _same_pads(spatial[i], k_eff[i], strides[i])
                pads[i], pads[i + 2] = (small, big) if auto == "SAME_UPPER" else (big, small)
        else:
            self.refuse("auto_pad %r is not supported" % auto)
        if len(pads) != 4:
            self.refuse("pads %s: only 2-D is supported" % pads)
        if min(pads) < 0:
            self.refuse("negative pads %s" % pads)
        return pads

    # ---- the graph -----------------------------------------------------------------------------

    def convert(self):
        g = self.graph
        for n in g.node:
            for i in n.input:
                if i:
                    self.readers[i].append(n)
        inputs = [vi for vi in g.input if vi.name not in self.inits]  # IR < 4 lists initializers too
        if len(inputs) != 1:
            raise Refused("onnx_to_tf: the graph has %d inputs (%s); the TensorFlow twin has one Placeholder `input`"
                          % (len(inputs), ", ".join(vi.name for vi in inputs) or "none"))
        vi = inputs[0]
        tt = vi.type.tensor_type
        if tt.elem_type != onnx.TensorProto.FLOAT:
            raise Refused("onnx_to_tf: input %r is %s; only float32 inputs are supported"
                          % (vi.name, onnx.TensorProto.DataType.Name(tt.elem_type)))
        dims = []
        for k, d in enumerate(tt.shape.dim):
            if d.HasField("dim_value") and d.dim_value > 0:
                dims.append(self.batch if (k == 0 and self.batch) else d.dim_value)
            elif k == 0:
                dims.append(self.batch or 1)
            else:
                raise Refused("onnx_to_tf: input %r has a symbolic dimension %d (%r); only the batch may be symbolic"
                              % (vi.name, k, d.dim_param))
        if len(dims) not in (2, 4):
            raise Refused("onnx_to_tf: input %r has rank %d; only NCHW (4-D) and 2-D inputs are supported"
                          % (vi.name, len(dims)))
        for out in self.outputs:
            if out in self.inits or out == vi.name:
                raise Refused("onnx_to_tf: graph output %r is a constant or the input" % out)
        layout = "nhwc" if len(dims) == 4 else "plain"
        tf_dims = [dims[i] for i in (0, 2, 3, 1)] if layout == "nhwc" else dims
        self.names.add(self.input_name)
        self.add(self.input_name, "Placeholder", [], dtype=self.dt_float, shape=Shape(tf_dims))
        self.bind(vi.name, self.input_name, dims, layout)

        for n in g.node:
            self.node = n
            if n.domain not in ("", "ai.onnx"):
                self.refuse("operator domain %r is not supported" % n.domain)
            handler = getattr(self, "op_" + n.op_type, None)
            if handler is None:
                self.refuse("operator %s has no TensorFlow equivalent in this converter (supported: %s)"
                            % (n.op_type, ", ".join(sorted(k[3:] for k in dir(self) if k.startswith("op_")))))
            handler(n, _attrs(n))
        self.node = None
        for out in self.outputs:
            if out not in self.values:
                raise Refused("onnx_to_tf: graph output %r is computed by no node" % out)
            name = self.output_names[out]
            if name not in self.names:  # an output no node computes itself (a Dropout's): an Identity
                self.names.add(name)
                self.add(name, "Identity", [self.values[out].tf], T=self.dt_float)
                self.values[out] = self.values[out]._replace(tf=name)
        return self.gd

    # ---- operators -----------------------------------------------------------------------------

    def op_Conv(self, n, a):
        v = self.value(n.input[0])
        w = self.weight(n.input[1], "weight")
        b = self.weight(n.input[2], "bias") if len(n.input) > 2 and n.input[2] else None
        if w.ndim != 4:
            self.refuse("only 2-D convolution (4-D weight and input) is supported, got weight %s" % (w.shape,))
        o, cg, kh, kw = w.shape
        nb, c, h, wd = v.shape
        group = a.get("group", 1)
        if tuple(a.get("kernel_shape", (kh, kw))) != (kh, kw):
            self.refuse("kernel_shape %s disagrees with the weight %s" % (a["kernel_shape"], w.shape))
        if c != cg * group or o % group:
            self.refuse("input channels %d, weight %s and group %d do not match" % (c, w.shape, group))
        depthwise = group > 1
        if depthwise and not (group == c and cg == 1):
            self.refuse("grouped convolution (group %d of %d input channels) is not depthwise; TensorFlow's "
                        "DepthwiseConv2dNative needs group = input channels" % (group, c))
        sh, sw = (int(s) for s in a.get("strides", (1, 1)))
        dh, dw = (int(d) for d in a.get("dilations", (1, 1)))
        k_eff = (dh * (kh - 1) + 1, dw * (kw - 1) + 1)
        pads = self.onnx_pads(a, (h, wd), k_eff, (sh, sw))
        oh = (h + pads[0] + pads[2] - k_eff[0]) // sh + 1
        ow = (wd + pads[1] + pads[3] - k_eff[1]) // sw + 1
        if oh <= 0 or ow <= 0:
            self.refuse("the output would be empty")
        out = self.single_output()
        if b is not None and b.size != o:
            self.refuse("bias has %d values for %d output channels" % (b.size, o))
        x = v.tf
        padding = padding_mode(pads, (h, wd), k_eff, (sh, sw))
        if padding is None:
            x = self.pad(x, pads)  # Keras' ZeroPadding2D + a VALID convolution
            padding = "VALID"
        common = dict(T=self.dt_float, data_format="NHWC", strides=[1, sh, sw, 1], dilations=[1, dh, dw, 1],
                      padding=padding, explicit_paddings=[])
        if depthwise:
            k = self.kernel(self.scope + "/depthwise_kernel",
                            w.reshape(c, o // c, kh, kw).transpose(2, 3, 0, 1))  # [kh, kw, C, M]
            op = "DepthwiseConv2dNative"
        else:
            k = self.kernel(self.scope + "/kernel", w.transpose(2, 3, 1, 0))  # HWIO
            op = "Conv2D"
            common["use_cudnn_on_gpu"] = True
        y = self.add(self.result_name(op) if b is None else self.unique(self.scope + "/" + op), op, [x, k], **common)
        if b is not None:
            bias = self.const(self.scope + "/bias", b.reshape(o))
            y = self.add(self.result_name("BiasAdd"), "BiasAdd", [y, bias], T=self.dt_float, data_format="NHWC")
        self.bind(out, y, (nb, o, oh, ow), "nhwc")

    def op_BatchNormalization(self, n, a):
        if a.get("training_mode", 0):
            self.refuse("training_mode=1 normalises with the batch's own statistics")
        if a.get("spatial", 1) != 1:
            self.refuse("spatial=0 (per-element statistics) has no TensorFlow equivalent")
        v = self.value(n.input[0])
        c = v.shape[1]
        arrays = []
        for k, what in ((1, "scale"), (2, "bias"), (3, "mean"), (4, "var")):
            arr = self.weight(n.input[k], what)
            if arr.size != c:
                self.refuse("%s has %d values for %d channels" % (what, arr.size, c))
            arrays.append(arr.reshape(c))
        out = self.single_output()
        consts = [self.const(self.scope + "/" + part, arr)
                  for part, arr in zip(("gamma", "beta", "moving_mean", "moving_variance"), arrays)]
        op = self.batch_norm
        attrs = dict(T=self.dt_float, epsilon=float(a.get("epsilon", 1e-5)), exponential_avg_factor=1.0,
                     data_format="NHWC", is_training=False)
        if op != "FusedBatchNorm":
            attrs["U"] = self.dt_float
        y = self.add(self.result_name(op), op, [v.tf] + consts, **attrs)
        self.bind(out, y, v.shape, "nhwc")  # consumers read output 0: the node's name

    def unary(self, op, layouts=("nhwc", "plain", "squeezed", "flat_hwc")):
        v = self.value(self.node.input[0], layouts)
        out = self.single_output()
        y = self.add(self.result_name(op), op, [v.tf], T=self.dt_float)
        self.values[out] = v._replace(tf=y)
        return y

    def op_Relu(self, n, a):
        self.unary("Relu")

    def op_Clip(self, n, a):
        lo, hi = self.clip_bound(n, a, 1, "min"), self.clip_bound(n, a, 2, "max")
        if lo == 0.0 and hi == 6.0:
            self.unary("Relu6")
        elif lo == 0.0 and hi is None:
            self.unary("Relu")
        else:
            self.refuse("Clip(min=%s, max=%s): only Clip(0, 6) (Relu6) and Clip(0, inf) (Relu) are converted"
                        % (lo, hi))

    def op_Add(self, n, a):
        if len(n.input) != 2:
            self.refuse("%d inputs (Add takes 2)" % len(n.input))
        x, y = (self.value(i, ("nhwc", "plain", "squeezed", "flat_hwc")) for i in n.input)
        if x.shape != y.shape or x.layout != y.layout or x.chw != y.chw:
            self.refuse("inputs of different shapes %s and %s (broadcasting is not converted)"
                        % (list(x.shape), list(y.shape)))
        out = self.single_output()
        op = "AddV2" if self.adds % 2 == 0 else "Add"  # both: TF 1 graphs have Add, TF 2 graphs AddV2
        self.adds += 1
        z = self.add(self.result_name(op), op, [x.tf, y.tf], T=self.dt_float)
        self.values[out] = x._replace(tf=z)

    def pool(self, n, a, average):
        v = self.value(n.input[0])
        nb, c, h, w = v.shape
        if len(a.get("kernel_shape", ())) != 2:
            self.refuse("kernel_shape %s: only 2-D pooling is supported" % (a.get("kernel_shape"),))
        kh, kw = (int(k) for k in a["kernel_shape"])
        sh, sw = (int(s) for s in a.get("strides", (1, 1)))
        if tuple(a.get("dilations", (1, 1))) != (1, 1):
            self.refuse("dilated pooling has no TensorFlow equivalent")
        pads = self.onnx_pads(a, (h, w), (kh, kw), (sh, sw))
        if pads[0] >= kh or pads[2] >= kh or pads[1] >= kw or pads[3] >= kw:
            self.refuse("pads %s not smaller than the kernel (%d, %d)" % (pads, kh, kw))
        ceil = bool(a.get("ceil_mode", 0))
        full = list(pads)  # pads plus what ceil_mode's last window reaches past the end pad
        outs = []
        for i, (length, k, s) in enumerate(((h, kh, sh), (w, kw, sw))):
            pb, pe = pads[i], pads[i + 2]
            span = length + pb + pe - k
            if span < 0:
                self.refuse("the kernel is larger than the padded input")
            out = (-(-span // s) if ceil else span // s) + 1
            if ceil and (out - 1) * s >= length + pb:
                self.refuse("ceil_mode=1 with a last window that starts in the end padding (ambiguous size)")
            full[i + 2] = pe + max(0, (out - 1) * s + k - (length + pb + pe))
            outs.append(out)
        out = self.single_output()
        x = v.tf
        padding = padding_mode(full, (h, w), (kh, kw), (sh, sw))
        if not average:
            if padding is None:
                x = self.pad(x, full, lowest=True)
                padding = "VALID"
        elif a.get("count_include_pad", 0) and any(pads):
            # ONNX divides by the window's cells in the input and the pads: zeros padded explicitly
            if full != pads:
                self.refuse("AveragePool with count_include_pad=1, pads and a ceil_mode window reaching past them: "
                            "the divisor of that window has no TensorFlow equivalent")
            x = self.pad(x, pads)
            padding = "VALID"
        elif padding is None:
            self.refuse("AveragePool with pads %s%s that TensorFlow's SAME cannot express (TensorFlow's AvgPool "
                        "divides by the window's cells inside the input only with SAME)"
                        % (pads, " (with ceil_mode: %s)" % full if full != pads else ""))
        op = "AvgPool" if average else "MaxPool"
        y = self.add(self.result_name(op), op, [x], T=self.dt_float, ksize=[1, kh, kw, 1], strides=[1, sh, sw, 1],
                     padding=padding, data_format="NHWC")
        self.bind(out, y, (nb, c, outs[0], outs[1]), "nhwc")

    def op_MaxPool(self, n, a):
        self.pool(n, a, average=False)

    def op_AveragePool(self, n, a):
        self.pool(n, a, average=True)

    def op_GlobalAveragePool(self, n, a):
        v = self.value(n.input[0])
        out = self.single_output()
        readers = self.readers.get(out, [])
        squeeze = (bool(readers) and out not in self.outputs
                   and all(m.op_type == "Flatten" and _attrs(m).get("axis", 1) in (1, -3) for m in readers))
        axes = self.const(self.scope + "/reduction_indices", np.array([1, 2], np.int32))
        y = self.add(self.result_name("Mean"), "Mean", [v.tf, axes], T=self.dt_float, Tidx=self.dt_int32,
                     keep_dims=not squeeze)
        self.bind(out, y, (v.shape[0], v.shape[1], 1, 1), "squeezed" if squeeze else "nhwc")

    def op_Flatten(self, n, a):
        v = self.value(n.input[0], ("nhwc", "plain", "squeezed"))
        axis = a.get("axis", 1)
        if axis < 0:
            axis += len(v.shape)
        if axis != 1:
            self.refuse("axis=%d (only axis 1, [N, everything else], is converted)" % a.get("axis", 1))
        out = self.single_output()
        shape = (v.shape[0], int(np.prod(v.shape[1:])))
        if v.layout != "nhwc":
            self.bind(out, v.tf, shape, "plain")  # [N, C] already: nothing to do
            return
        nb, c, h, w = v.shape
        layout, chw = "plain", None
        if h * w > 1:
            readers = self.readers.get(out, [])
            if out in self.outputs or not readers or any(m.op_type != "Gemm" for m in readers):
                self.refuse("a Flatten of %s (H*W > 1) is in (h, w, c) order in NHWC; only Gemms may read it "
                            "(their weights are permuted to match)" % list(v.shape))
            layout, chw = "flat_hwc", (c, h, w)
        shape_const = self.const(self.scope + "/shape", np.array([nb, -1], np.int32))
        y = self.add(self.result_name("Reshape"), "Reshape", [v.tf, shape_const], T=self.dt_float,
                     Tshape=self.dt_int32)
        self.bind(out, y, shape, layout, chw)

    def op_Gemm(self, n, a):
        if a.get("transA", 0):
            self.refuse("transA=1 is not converted")
        if a.get("alpha", 1.0) != 1.0 or a.get("beta", 1.0) != 1.0:
            self.refuse("alpha=%g beta=%g (only 1, 1 is converted exactly)" % (a.get("alpha", 1.0), a.get("beta", 1.0)))
        v = self.value(n.input[0], ("plain", "flat_hwc"))
        if len(v.shape) != 2:
            self.refuse("input %s is not 2-D" % (list(v.shape),))
        w = self.weight(n.input[1], "B")
        if w.ndim != 2:
            self.refuse("B %s is not 2-D" % (w.shape,))
        trans_b = bool(a.get("transB", 0))
        wkn = w.T if trans_b else w  # [K, N]
        k, nout = wkn.shape
        if v.shape[1] != k:
            self.refuse("input %s and B [K=%d, N=%d] do not match" % (list(v.shape), k, nout))
        if v.layout == "flat_hwc":  # rows from ONNX's (c, h, w) order to NHWC's (h, w, c)
            c, h, wd = v.chw
            wkn = wkn.reshape(c, h, wd, nout).transpose(1, 2, 0, 3).reshape(k, nout)
        bias = None
        if len(n.input) > 2 and n.input[2]:
            cb = self.weight(n.input[2], "C")
            if cb.shape not in ((), (1,), (nout,), (1, nout)):
                self.refuse("C %s is not a row bias [N] (BiasAdd adds one bias per output)" % (cb.shape,))
            bias = np.ascontiguousarray(np.broadcast_to(cb.reshape(-1), (nout,)), dtype=np.float32)
        out = self.single_output()
        kern = self.const(self.scope + "/kernel", np.ascontiguousarray(wkn.T if trans_b else wkn))
        y = self.add(self.result_name("MatMul") if bias is None else self.unique(self.scope + "/MatMul"), "MatMul",
                     [v.tf, kern], T=self.dt_float, transpose_a=False, transpose_b=trans_b)
        if bias is not None:
            b = self.const(self.scope + "/bias", bias)
            y = self.add(self.result_name("BiasAdd"), "BiasAdd", [y, b], T=self.dt_float, data_format="NHWC")
        self.bind(out, y, (v.shape[0], nout), "plain")

    def op_Softmax(self, n, a):
        v = self.value(n.input[0], ("plain", "nhwc"))
        rank = len(v.shape)
        axis = a.get("axis", -1 if self.opset >= 13 else 1)
        if axis < 0:
            axis += rank
        if v.layout == "plain" and axis != rank - 1:
            self.refuse("axis %d of a %d-D input: TensorFlow's Softmax normalises the last axis" % (axis, rank))
        if v.layout == "nhwc" and (axis != 1 or self.opset < 13):
            self.refuse("axis %d of a 4-D input at opset %d: only the channel axis (opset 13+) is the last axis in "
                        "NHWC" % (axis, self.opset))
        self.unary("Softmax", (v.layout,))

    def op_LRN(self, n, a):
        v = self.value(n.input[0])
        if "size" not in a:
            self.refuse("no size attribute")
        size = int(a["size"])
        if size % 2 == 0:
            self.refuse("even size %d (TensorFlow's LRN window, 2 * depth_radius + 1, is odd)" % size)
        out = self.single_output()
        y = self.add(self.result_name("LRN"), "LRN", [v.tf], T=self.dt_float, depth_radius=(size - 1) // 2,
                     bias=float(a.get("bias", 1.0)), alpha=float(a.get("alpha", 1e-4)) / size,
                     beta=float(a.get("beta", 0.75)))
        self.bind(out, y, v.shape, "nhwc")

    def op_Concat(self, n, a):
        ins = [self.value(i, ("nhwc", "plain")) for i in n.input]
        layout, rank = ins[0].layout, len(ins[0].shape)
        if "axis" not in a:
            self.refuse("no axis attribute")
        axis = a["axis"] + (rank if a["axis"] < 0 else 0)
        shape = list(ins[0].shape)
        for v in ins[1:]:
            if (v.layout != layout or len(v.shape) != rank
                    or any(v.shape[d] != shape[d] for d in range(rank) if d != axis)):
                self.refuse("inputs %s do not match outside axis %d" % ([list(v.shape) for v in ins], axis))
            shape[axis] += v.shape[axis]
        out = self.single_output()
        tf_axis = NHWC_AXIS[axis] if layout == "nhwc" else axis
        ax = self.const(self.scope + "/axis", np.int32(tf_axis))
        y = self.add(self.result_name("ConcatV2"), "ConcatV2", [v.tf for v in ins] + [ax], N=len(ins), T=self.dt_float,
                     Tidx=self.dt_int32)
        self.bind(out, y, shape, layout)

    def op_Dropout(self, n, a):
        if len(n.input) > 2 and n.input[2]:
            t = self.inits.get(n.input[2])
            if t is None or numpy_helper.to_array(t).any():
                self.refuse("training_mode is not a constant false")
        v = self.value(n.input[0], ("nhwc", "plain", "squeezed", "flat_hwc"))
        self.values[self.single_output()] = v  # inference: the identity, no node

    def op_Identity(self, n, a):
        self.op_Dropout(n, a)


def convert(model, batch=None, batch_norm="FusedBatchNormV3", protoc=None, input_name="input"):
    """Returns the GraphDef of the TensorFlow twin of `model`."""
    return Converter(model, batch=batch, batch_norm=batch_norm, pb2=tf_pb2(protoc), input_name=input_name).convert()


def serialize(graph_def):
    """The .pb bytes (map entries in key order: the same graph gives the same bytes)."""
    return graph_def.SerializeToString(deterministic=True)


def write(graph_def, out):
    """Writes the binary GraphDef to `out`; returns its size in bytes."""
    parent = os.path.dirname(os.path.abspath(out))
    os.makedirs(parent, exist_ok=True)
    data = serialize(graph_def)
    with open(out, "wb") as f:
        f.write(data)
    return len(data)


def summary(graph_def):
    """(node count by op, Const nodes, float32 values in the Consts)."""
    ops = collections.Counter(node.op for node in graph_def.node)
    consts = [node for node in graph_def.node if node.op == "Const"]
    values = sum(len(c.attr["value"].tensor.tensor_content) // 4 + len(c.attr["value"].tensor.float_val)
                 for c in consts if c.attr["value"].tensor.dtype == tf_pb2().DT_FLOAT)
    return ops, len(consts), values


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--onnx", required=True, help="the ONNX model")
    ap.add_argument("--out", required=True, help="the frozen GraphDef to write (binary .pb)")
    ap.add_argument("--batch", type=int, default=None, help="batch size for a symbolic (or to override the) batch")
    ap.add_argument("--batch-norm", default="FusedBatchNormV3", choices=BATCH_NORM_OPS,
                    help="the op BatchNormalization becomes (default FusedBatchNormV3)")
    ap.add_argument("--protoc", default=None, help="protoc to compile tf_graph.proto with (default: PATH)")
    ap.add_argument("--input-name", default="input",
                    help="the Placeholder's name (default input; tf.compat.v1.placeholder() without a name gives "
                         "Placeholder)")
    args = ap.parse_args(argv)
    if args.batch is not None and args.batch <= 0:
        ap.error("--batch must be positive")
    model = onnx.load(args.onnx)
    try:
        gd = convert(model, batch=args.batch, batch_norm=args.batch_norm, protoc=args.protoc,
                     input_name=args.input_name)
    except Refused as e:
        print(str(e) if str(e).startswith("onnx_to_tf") else "onnx_to_tf: " + str(e), file=sys.stderr)
        return 1
    size = write(gd, args.out)
    ops, consts, values = summary(gd)
    print("%s: %d nodes -> %d TensorFlow nodes (%s), %d Const nodes holding %d float32 values (%.2f M) -> %s (%d bytes)"
          % (model.graph.name or os.path.basename(args.onnx), len(model.graph.node), len(gd.node),
             ", ".join("%d %s" % (c, t) for t, c in sorted(ops.items(), key=lambda kv: (-kv[1], kv[0]))),
             consts, values, values / 1e6, args.out, size))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
