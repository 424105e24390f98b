#!/usr/bin/python3
"""Converts a model-zoo ONNX model into its Caffe twin: a deploy .prototxt and a .caffemodel.

  onnx_to_caffe.py --onnx resnet50.onnx --out dir/resnet50 [--batch N] [--no-inplace] [--protoc PATH]

writes dir/resnet50.prototxt (protobuf text, deploy style: `input:` + `input_shape`, then the
layers) and dir/resnet50.caffemodel (binary NetParameter: the same layers with their blobs,
float32) that compute exactly the ONNX model's function, so that a model read through atc's
Caffe importer can be checked against ONNX Runtime on the ONNX twin.

Operators (anything else is refused, naming the node):
  Conv                -> Convolution (symmetric pads only; weight [O, C/g, kh, kw], bias [O];
                         group, so depthwise too, and dilation carried over)
  BatchNormalization  -> BatchNorm (use_global_stats, eps; mean, var, factor) + Scale (gamma, beta)
  Relu                -> ReLU
  Clip                -> ReLU6 for Clip(0, 6) (the Caffe MobileNet-v2 ports' layer, no parameters;
                         atc reads it as Clip 0..6), ReLU for Clip(0, inf); other bounds are
                         refused. The bounds must be constants (initializers, or attributes
                         before opset 11)
  MaxPool/AveragePool -> Pooling MAX/AVE (ONNX floor rounding -> round_mode: FLOOR where the
                         sizes differ; ceil_mode=1 -> Caffe's default CEIL, refused when a last
                         window would start in the end padding; AVE only where both agree on
                         the divisor)
  GlobalAverage/MaxPool -> Pooling global_pooling
  Add, Sum            -> Eltwise SUM (same shapes, no broadcasting)
  Flatten(axis=1)     -> nothing when only Gemms read it (InnerProduct flattens), else Flatten
  Gemm                -> InnerProduct (alpha = beta = 1, transA = 0; transB = 0 is transposed)
  Softmax             -> Softmax (one axis)
  LRN                 -> LRN ACROSS_CHANNELS (odd size)
  Concat, Dropout     -> Concat, Dropout (inference: the identity)

Layers are named after their ONNX node (node.name, else its first output); the layer that
produces a graph output is named after that output (`prob`), so `--out_nodes=prob:0` names it.
Tops are the ONNX value names. By default BatchNorm, Scale, ReLU and ReLU6 run in place, as in
Caffe's ResNet prototxts, whenever nothing else reads the value they rewrite; --no-inplace
gives every layer its own top. A BatchNormalization becomes two layers, `<node>` and
`<node>.scale`. The first BatchNorm stores the moving-average factor 0.5 with mean and
variance multiplied by it (Caffe divides them by the factor at inference; every other BatchNorm
stores 1), so an importer's handling of the factor is exercised; 0.5 is a power of two, so the
stored statistics are exact.

The Python classes come from the project's schema, tools/atc/caffe/caffe.proto, compiled with
protoc into a temporary directory at run time. Prints one summary line.
"""
import argparse
import collections
import os
import sys

import numpy as np
import onnx
from onnx import numpy_helper

import twin_common

HERE = os.path.dirname(os.path.abspath(__file__))
PROTO_DIR = os.path.normpath(os.path.join(HERE, "..", "atc", "caffe"))
FIRST_BN_FACTOR = 0.5  # the moving-average factor written for the first BatchNorm (see above)



Refused = twin_common.Refused


def caffe_pb2(protoc=None):
    """Compiles tools/atc/caffe/caffe.proto with protoc (once per process) and returns the module."""
    return twin_common.compile_proto(PROTO_DIR, "caffe.proto", "asim_caffe_pb2", protoc)


def _varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def blob_proto(pb2, array):
    """BlobProto { shape { dim ... } data: [...] } with float32 data.

    The packed data field (5) is encoded here and parsed by protobuf: much faster than
    extending a repeated field element by element for tens of millions of values."""
    array = np.asarray(array)
    b = pb2.BlobProto()
    b.shape.dim.extend(int(d) for d in array.shape)
    raw = np.ascontiguousarray(array, dtype="<f4").tobytes()
    if raw:
        b.MergeFromString(b"\x2a" + _varint(len(raw)) + raw)
    return b


_attrs = twin_common.attrs


def _unique(base, taken):
    """`base` unless `taken(base)`, else the first of `base`_1, `base`_2, ... not taken."""
    name, i = base, 1
    while taken(name):
        name = "%s_%d" % (base, i)
        i += 1
    return name


def _caffe_pool_size(h, k, s, p, ceil):
    """BVLC PoolingLayer::Reshape: rounded up (CEIL) or down (FLOOR), then the last window
    must start inside the image or its left/top pad."""
    n = h + 2 * p - k
    out = (-(-n // s) if ceil else n // s) + 1
    if p > 0 and (out - 1) * s >= h + p:
        out -= 1
    return out


class Converter(twin_common.TwinConverter):
    TOOL = "onnx_to_caffe"
    TWIN = "Caffe"

    def __init__(self, model, batch=None, inplace=True, pb2=None):
        self.model = model
        self.graph = model.graph
        self.pb2 = pb2 or caffe_pb2()
        self.inplace = inplace
        self.batch = batch
        self.opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 1)
        self.inits = {t.name: t for t in self.graph.initializer}
        self.outputs = [o.name for o in self.graph.output]
        self.net = self.pb2.NetParameter()
        self.shapes = {}  # ONNX value -> shape
        self.blob = {}  # ONNX value -> the Caffe blob that holds it
        self.blob_values = collections.defaultdict(set)  # Caffe blob -> ONNX values it holds
        self.remaining = collections.Counter()  # ONNX value -> readers not converted yet
        self.layer_names = set()
        self.blob_names = set()
        self.bn_count = 0
        self.node = None

    # ---- helpers -------------------------------------------------------------------------------

    def value(self, name):
        """The Caffe blob and shape of an ONNX value read as a layer input."""
        if not name:
            self.refuse("an empty (omitted) input where a tensor is required")
        if name in self.inits:
            self.refuse("input %r is a constant (initializer); this operator takes computed tensors only" % name)
        if name not in self.blob:
            self.refuse("input %r is produced by no earlier node (graph not topologically sorted?)" % name)
        return self.blob[name], self.shapes[name]

    def layer_name(self, base, produces=None):
        """A unique layer name: `base`, or the graph output's name for the layer producing it."""
        if produces in self.outputs:
            if produces in self.layer_names:
                self.refuse("two layers would be named after the graph output %r" % produces)
            self.layer_names.add(produces)
            return produces
        name = _unique(base, lambda n: n in self.layer_names or n in self.outputs)
        self.layer_names.add(name)
        return name

    def fresh_blob(self, base):
        name = _unique(base, lambda n: n in self.blob_names or n in self.all_values)
        self.blob_names.add(name)
        return name

    def can_rewrite(self, value, result):
        """True when the layer reading `value` and computing `result` may write into value's blob
        (in place): nothing else reads `value` (or a value sharing its blob) later, and neither is a
        graph input or output."""
        if (not self.inplace or self.remaining[value] != 1 or value in self.outputs or value in self.graph_inputs
                or result in self.outputs):
            return False
        for other in self.blob_values[self.blob[value]]:
            if other != value and (self.remaining[other] > 0 or other in self.outputs):
                return False
        return True

    def bind(self, value, blob, shape):
        self.blob[value] = blob
        self.blob_values[blob].add(value)
        self.shapes[value] = tuple(int(d) for d in shape)

    def add_layer(self, name, type_, bottoms, tops, blobs=()):
        layer = self.net.layer.add()
        layer.name = name
        layer.type = type_
        layer.bottom.extend(bottoms)
        layer.top.extend(tops)
        for array in blobs:
            layer.blobs.append(blob_proto(self.pb2, array))
        return layer

    def single_output(self):
        n = self.node
        for extra in n.output[1:]:
            if extra and (self.remaining.get(extra, 0) > 0 or extra in self.outputs):
                self.refuse("its optional output %r is used; the Caffe layer has one top" % extra)
        return n.output[0]

    def simple(self, type_, out_shape, inplace_ok=False):
        """A one-bottom, one-top layer named after the node; returns the LayerParameter."""
        n = self.node
        out = self.single_output()
        bottom, _ = self.value(n.input[0])
        top = bottom if inplace_ok and self.can_rewrite(n.input[0], out) else self.fresh_value_blob(out)
        layer = self.add_layer(self.layer_name(n.name or out, out), type_, [bottom], [top])
        self.bind(out, top, out_shape)
        return layer

    def fresh_value_blob(self, value):
        # Tops are the ONNX value names (unique in a valid ONNX graph).
        self.blob_names.add(value)
        return value

    # ---- the graph -----------------------------------------------------------------------------

    def convert(self):
        g = self.graph
        self.all_values = set(self.inits) | {i.name for i in g.input} | {o for n in g.node for o in n.output}
        for n in g.node:
            for i in n.input:
                if i:
                    self.remaining[i] += 1
        self.net.name = g.name or "net"
        self.graph_inputs = []
        for vi in g.input:
            if vi.name in self.inits:
                continue  # IR < 4: initializers are listed as inputs too
            tt = vi.type.tensor_type
            if tt.elem_type != onnx.TensorProto.FLOAT:
                raise Refused("onnx_to_caffe: input %r is %s; only float32 inputs are supported"
                              % (vi.name, onnx.TensorProto.DataType.Name(tt.elem_type)))
            dims = []
            for k, d in enumerate(tt.shape.dim):
                if d.HasField("dim_value") and d.dim_value > 0:
                    dims.append(self.batch if (k == 0 and self.batch) else d.dim_value)
                elif k == 0:
                    dims.append(self.batch or 1)
                else:
                    raise Refused("onnx_to_caffe: input %r has a symbolic dimension %d (%r); only the batch may be "
                                  "symbolic" % (vi.name, k, d.dim_param))
            self.graph_inputs.append(vi.name)
            self.net.input.append(vi.name)
            self.net.input_shape.add().dim.extend(dims)
            self.blob_names.add(vi.name)
            self.bind(vi.name, vi.name, dims)
        if not self.graph_inputs:
            raise Refused("onnx_to_caffe: the graph has no input")
        for out in self.outputs:
            if out in self.inits or out in self.graph_inputs:
                raise Refused("onnx_to_caffe: graph output %r is a constant or an input" % out)

        for n in g.node:
            self.node = n
            if n.domain not in ("", "ai.onnx"):
                self.refuse("operator domain %r is not supported" % n.domain)
            handler = getattr(self, "op_" + n.op_type, None)
            if handler is None:
                self.refuse("operator %s has no Caffe equivalent in this converter (supported: %s)"
                            % (n.op_type, ", ".join(sorted(k[3:] for k in dir(self) if k.startswith("op_")))))
            handler(n, _attrs(n))
            for i in n.input:
                if i:
                    self.remaining[i] -= 1
        self.node = None
        for out in self.outputs:
            if self.blob.get(out) != out:
                raise Refused("onnx_to_caffe: graph output %r did not end up in a blob of its own name" % out)
        return self.net

    # ---- operators -----------------------------------------------------------------------------

    def op_Conv(self, n, a):
        x, xs = self.value(n.input[0])
        w = self.weight(n.input[1], "weight")
        b = self.weight(n.input[2], "bias") if len(n.input) > 2 and n.input[2] else None
        if w.ndim != 4 or len(xs) != 4:
            self.refuse("only 2-D convolution (4-D weight and input) is supported, got weight %s" % (w.shape,))
        o, cg, kh, kw = w.shape
        group = a.get("group", 1)
        if tuple(a.get("kernel_shape", (kh, kw))) != (kh, kw):
            self.refuse("kernel_shape %s disagrees with the weight %s" % (a["kernel_shape"], w.shape))
        if xs[1] != cg * group or o % group:
            self.refuse("input channels %d, weight %s and group %d do not match" % (xs[1], w.shape, group))
        sh, sw = a.get("strides", (1, 1))
        dh, dw = a.get("dilations", (1, 1))
        pads = self.pads(a, xs[2:], (kh, kw), (sh, sw), (dh, dw))
        ph, pw = pads
        oh = (xs[2] + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
        ow = (xs[3] + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
        if oh <= 0 or ow <= 0:
            self.refuse("the output would be empty")
        out = self.single_output()
        top = self.fresh_value_blob(out)
        blobs = [w] if b is None else [w, b.reshape(o)]
        layer = self.add_layer(self.layer_name(n.name or out, out), "Convolution", [x], [top], blobs)
        p = layer.convolution_param
        p.num_output = o
        if b is None:
            p.bias_term = False
        if ph == pw:
            if ph:
                p.pad.append(ph)
        else:
            p.pad_h, p.pad_w = ph, pw
        if kh == kw:
            p.kernel_size.append(kh)
        else:
            p.kernel_h, p.kernel_w = kh, kw
        if sh == sw:
            p.stride.append(sh)
        else:
            p.stride_h, p.stride_w = sh, sw
        if (dh, dw) != (1, 1):
            p.dilation.extend([dh] if dh == dw else [dh, dw])
        if group != 1:
            p.group = group
        self.bind(out, top, (xs[0], o, oh, ow))

    def pads(self, a, spatial, kernel, strides, dilations):
        """Symmetric (pad_h, pad_w) from pads / auto_pad, or a refusal."""
        auto = a.get("auto_pad", b"NOTSET")
        auto = auto.decode() if isinstance(auto, bytes) else auto
        if auto in ("NOTSET", ""):
            pads = list(a.get("pads", (0, 0, 0, 0)))
        elif auto == "VALID":
            pads = [0, 0, 0, 0]
        elif auto in ("SAME_UPPER", "SAME_LOWER"):
            pads = [0, 0, 0, 0]
            for i in range(2):
                out = -(-spatial[i] // strides[i])
                total = max(0, (out - 1) * strides[i] + dilations[i] * (kernel[i] - 1) + 1 - spatial[i])
                small, big = total // 2, total - total // 2
                pads[i], pads[i + 2] = (small, big) if auto == "SAME_UPPER" else (big, small)
        else:
            self.refuse("auto_pad %r is not supported" % auto)
        if len(pads) != 4:
            self.refuse("pads %s: only 2-D is supported" % pads)
        if pads[0] != pads[2] or pads[1] != pads[3]:
            self.refuse("asymmetric pads %s (begin != end); Caffe pads both sides alike" % pads)
        if min(pads) < 0:
            self.refuse("negative pads %s" % pads)
        return pads[0], pads[1]

    def op_BatchNormalization(self, n, a):
        if a.get("training_mode", 0):
            self.refuse("training_mode=1 normalises with the batch's own statistics")
        if a.get("spatial", 1) != 1:
            self.refuse("spatial=0 (per-element statistics) has no Caffe equivalent")
        x, xs = self.value(n.input[0])
        if len(xs) < 2:
            self.refuse("the input %s has no channel axis" % (xs,))
        c = xs[1]
        gamma, beta, mean, var = (self.weight(n.input[k], w) for k, w in
                                  ((1, "scale"), (2, "bias"), (3, "mean"), (4, "var")))
        for arr, what in ((gamma, "scale"), (beta, "bias"), (mean, "mean"), (var, "var")):
            if arr.size != c:
                self.refuse("%s has %d values for %d channels" % (what, arr.size, c))
        out = self.single_output()
        factor = FIRST_BN_FACTOR if self.bn_count == 0 else 1.0
        self.bn_count += 1
        eps = a.get("epsilon", 1e-5)
        base = n.name or out
        if self.can_rewrite(n.input[0], out):
            mid = top = x  # Caffe ResNet style: BatchNorm and Scale rewrite the conv's blob
        elif self.inplace:
            mid = top = self.fresh_value_blob(out)  # BatchNorm to a top of its own, Scale in place on it
        else:
            mid, top = self.fresh_blob(out + ".normalized"), self.fresh_value_blob(out)
        bn = self.add_layer(self.layer_name(base), "BatchNorm", [x], [mid],
                            [mean.reshape(c) * np.float32(factor), var.reshape(c) * np.float32(factor),
                             np.array([factor], np.float32)])
        bn.batch_norm_param.use_global_stats = True
        bn.batch_norm_param.eps = eps
        scale = self.add_layer(self.layer_name(base + ".scale", out), "Scale", [mid], [top],
                               [gamma.reshape(c), beta.reshape(c)])
        scale.scale_param.bias_term = True
        self.bind(out, top, xs)

    def op_Relu(self, n, a):
        self.simple("ReLU", self.value(n.input[0])[1], inplace_ok=True)

    def op_Clip(self, n, a):
        lo, hi = self.clip_bound(n, a, 1, "min"), self.clip_bound(n, a, 2, "max")
        if lo == 0.0 and hi == 6.0:
            type_ = "ReLU6"  # the Caffe MobileNet-v2 ports' layer (no parameters)
        elif lo == 0.0 and hi is None:
            type_ = "ReLU"
        else:
            self.refuse("Clip(min=%s, max=%s): only Clip(0, 6) (ReLU6) and Clip(0, inf) (ReLU) have a Caffe layer"
                        % (lo, hi))
        self.simple(type_, self.value(n.input[0])[1], inplace_ok=True)

    def pool(self, n, a, average):
        x, xs = self.value(n.input[0])
        if len(xs) != 4:
            self.refuse("only 2-D pooling (4-D input) is supported")
        if len(a.get("kernel_shape", ())) != 2:
            self.refuse("kernel_shape %s: only 2-D pooling is supported" % (a.get("kernel_shape"),))
        kh, kw = a["kernel_shape"]
        sh, sw = a.get("strides", (1, 1))
        if tuple(a.get("dilations", (1, 1))) != (1, 1):
            self.refuse("dilated pooling has no Caffe equivalent")
        ph, pw = self.pads(a, xs[2:], (kh, kw), (sh, sw), (1, 1))
        if ph >= kh or pw >= kw:
            self.refuse("pads (%d, %d) not smaller than the kernel (%d, %d)" % (ph, pw, kh, kw))
        ceil = bool(a.get("ceil_mode", 0))
        sizes = []
        for h, k, s, p in ((xs[2], kh, sh, ph), (xs[3], kw, sw, pw)):
            if h + 2 * p < k:
                self.refuse("the kernel is larger than the padded input")
            span = h + 2 * p - k
            floor_out, ceil_out = span // s + 1, -(-span // s) + 1
            if ceil and (ceil_out - 1) * s >= h + p:
                # ONNX Runtime versions differ on whether such a window (starting in the end
                # padding) exists; Caffe drops it. Not a case to compare on.
                self.refuse("ceil_mode=1 with a last window that starts in the end padding (ambiguous size)")
            onnx_out = ceil_out if ceil else floor_out
            if average and (onnx_out - 1) * s + k > h + 2 * p:
                # a partial last window: Caffe divides by its part inside input + pads
                if p or a.get("count_include_pad", 0):
                    self.refuse("AveragePool with ceil_mode=1, a partial last window and pads or count_include_pad=1: "
                                "the divisor of that window is not the same in Caffe")
            sizes.append((onnx_out, _caffe_pool_size(h, k, s, p, True), _caffe_pool_size(h, k, s, p, False)))
        if average and (ph or pw) and not a.get("count_include_pad", 0):
            self.refuse("AveragePool with count_include_pad=0 and non-zero pads: Caffe's AVE always counts the pad")
        want = [s[0] for s in sizes]
        if [s[1] for s in sizes] == want:
            round_floor = False  # Caffe's default CEIL gives the same size
        elif [s[2] for s in sizes] == want and not ceil:
            round_floor = True
        else:
            self.refuse("no Caffe rounding gives ONNX's output size %s" % want)
        layer = self.simple("Pooling", (xs[0], xs[1], want[0], want[1]))
        p = layer.pooling_param
        p.pool = p.AVE if average else p.MAX
        if kh == kw:
            p.kernel_size = kh
        else:
            p.kernel_h, p.kernel_w = kh, kw
        if sh == sw:
            p.stride = sh
        else:
            p.stride_h, p.stride_w = sh, sw
        if ph == pw:
            if ph:
                p.pad = ph
        else:
            p.pad_h, p.pad_w = ph, pw
        if round_floor:
            p.round_mode = p.FLOOR

    def op_MaxPool(self, n, a):
        self.pool(n, a, average=False)

    def op_AveragePool(self, n, a):
        self.pool(n, a, average=True)

    def global_pool(self, n, average):
        xs = self.value(n.input[0])[1]
        if len(xs) != 4:
            self.refuse("only 4-D inputs are supported")
        layer = self.simple("Pooling", (xs[0], xs[1], 1, 1))
        layer.pooling_param.pool = layer.pooling_param.AVE if average else layer.pooling_param.MAX
        layer.pooling_param.global_pooling = True

    def op_GlobalAveragePool(self, n, a):
        self.global_pool(n, True)

    def op_GlobalMaxPool(self, n, a):
        self.global_pool(n, False)

    def op_Add(self, n, a):
        ins = [self.value(i) for i in n.input]
        shapes = {s for _, s in ins}
        if len(shapes) != 1:
            self.refuse("inputs of different shapes %s (broadcasting has no Eltwise equivalent)"
                        % [s for _, s in ins])
        out = self.single_output()
        top = self.fresh_value_blob(out)
        layer = self.add_layer(self.layer_name(n.name or out, out), "Eltwise", [b for b, _ in ins], [top])
        layer.eltwise_param.operation = layer.eltwise_param.SUM
        self.bind(out, top, ins[0][1])

    op_Sum = op_Add

    def op_Flatten(self, n, a):
        axis = a.get("axis", 1)
        x, xs = self.value(n.input[0])
        if axis < 0:
            axis += len(xs)
        out = self.single_output()
        shape = (int(np.prod(xs[:axis])), int(np.prod(xs[axis:])))
        readers = [m for m in self.graph.node if out in m.input]
        if axis == 1 and readers and all(m.op_type == "Gemm" for m in readers) and out not in self.outputs:
            self.blob[out] = x  # InnerProduct flattens its bottom itself: no layer
            self.blob_values[x].add(out)
            self.shapes[out] = shape
            return
        if axis != 1:
            self.refuse("axis=%d (Caffe's Flatten here keeps axis 0 and flattens the rest: axis=1 only)" % axis)
        self.simple("Flatten", shape)  # axis 1 and end_axis -1 are Caffe's defaults

    def op_Gemm(self, n, a):
        if a.get("transA", 0):
            self.refuse("transA=1 has no InnerProduct equivalent")
        if a.get("alpha", 1.0) != 1.0 or a.get("beta", 1.0) != 1.0:
            self.refuse("alpha=%g beta=%g (only 1, 1 is converted exactly)" % (a.get("alpha", 1.0), a.get("beta", 1.0)))
        x, xs = self.value(n.input[0])
        if n.input[0] in self.shapes and len(self.shapes[n.input[0]]) != 2:
            self.refuse("input %s is not 2-D" % (self.shapes[n.input[0]],))
        w = self.weight(n.input[1], "B")
        if w.ndim != 2:
            self.refuse("B %s is not 2-D" % (w.shape,))
        if not a.get("transB", 0):
            w = np.ascontiguousarray(w.T)  # InnerProduct stores [N, K]
        nout, k = w.shape
        if xs[1] != k:
            self.refuse("input %s and B [N=%d, K=%d] do not match" % (xs, nout, k))
        bias = None
        if len(n.input) > 2 and n.input[2]:
            c = self.weight(n.input[2], "C")
            if c.shape not in ((), (1,), (nout,), (1, nout)):
                self.refuse("C %s is not a row bias [N] (InnerProduct adds one bias per output)" % (c.shape,))
            bias = np.ascontiguousarray(np.broadcast_to(c.reshape(-1), (nout,)), dtype=np.float32)
        out = self.single_output()
        top = self.fresh_value_blob(out)
        layer = self.add_layer(self.layer_name(n.name or out, out), "InnerProduct", [x], [top],
                               [w] if bias is None else [w, bias])
        layer.inner_product_param.num_output = nout
        if bias is None:
            layer.inner_product_param.bias_term = False
        self.bind(out, top, (xs[0], nout))

    def op_Softmax(self, n, a):
        xs = self.value(n.input[0])[1]
        rank = len(xs)
        axis = a.get("axis", -1 if self.opset >= 13 else 1)
        if axis < 0:
            axis += rank
        if not 0 <= axis < rank:
            self.refuse("axis %d out of range for a %d-D input" % (a.get("axis"), rank))
        if self.opset < 13 and axis != rank - 1:
            self.refuse("opset %d Softmax with axis %d on a %d-D input flattens axes %d.. together; Caffe's "
                        "Softmax normalises over one axis" % (self.opset, axis, rank, axis))
        layer = self.simple("Softmax", xs)
        if axis != 1:
            layer.softmax_param.axis = axis

    def op_LRN(self, n, a):
        xs = self.value(n.input[0])[1]
        if "size" not in a:
            self.refuse("no size attribute")
        size = a["size"]
        if size % 2 == 0:
            self.refuse("even size %d (Caffe's local_size must be odd)" % size)
        if len(xs) != 4:
            self.refuse("only 4-D inputs are supported")
        layer = self.simple("LRN", xs)
        p = layer.lrn_param
        p.local_size = size
        p.alpha = a.get("alpha", 1e-4)
        p.beta = a.get("beta", 0.75)
        p.k = a.get("bias", 1.0)
        p.norm_region = p.ACROSS_CHANNELS

    def op_Concat(self, n, a):
        ins = [self.value(i) for i in n.input]
        rank = len(ins[0][1])
        if "axis" not in a:
            self.refuse("no axis attribute")
        axis = a["axis"]
        if axis < 0:
            axis += rank
        shape = list(ins[0][1])
        for _, s in ins[1:]:
            if len(s) != rank or any(s[d] != shape[d] for d in range(rank) if d != axis):
                self.refuse("inputs %s do not match outside axis %d" % ([s for _, s in ins], axis))
            shape[axis] += s[axis]
        out = self.single_output()
        top = self.fresh_value_blob(out)
        layer = self.add_layer(self.layer_name(n.name or out, out), "Concat", [b for b, _ in ins], [top])
        if axis != 1:
            layer.concat_param.axis = axis
        self.bind(out, top, shape)

    def op_Dropout(self, n, a):
        ratio = a.get("ratio", 0.5)
        if len(n.input) > 1 and n.input[1]:
            ratio = float(self.weight(n.input[1], "ratio").reshape(-1)[0])
        if len(n.input) > 2 and n.input[2]:
            t = self.inits.get(n.input[2])
            if t is None or numpy_helper.to_array(t).any():
                self.refuse("training_mode is not a constant false")
        layer = self.simple("Dropout", self.value(n.input[0])[1])
        layer.dropout_param.dropout_ratio = ratio


def convert(model, batch=None, inplace=True, protoc=None):
    """Returns the NetParameter (layers with their blobs) of the Caffe twin of `model`."""
    return Converter(model, batch=batch, inplace=inplace, pb2=caffe_pb2(protoc)).convert()


def deploy_text(net, source=None):
    """The deploy prototxt: `net` without blobs, in protobuf text format."""
    from google.protobuf import text_format
    bare = type(net)()
    bare.CopyFrom(net)
    for layer in bare.layer:
        del layer.blobs[:]
    head = "# Caffe twin written by tools/modelzoo/onnx_to_caffe.py%s\n" % (" from " + source if source else "")
    return head + text_format.MessageToString(bare)


def write(net, out, source=None):
    """Writes <out>.prototxt and <out>.caffemodel; returns their paths."""
    parent = os.path.dirname(os.path.abspath(out))
    os.makedirs(parent, exist_ok=True)
    prototxt, caffemodel = out + ".prototxt", out + ".caffemodel"
    with open(prototxt, "w") as f:
        f.write(deploy_text(net, source))
    with open(caffemodel, "wb") as f:
        f.write(net.SerializeToString())
    return prototxt, caffemodel


def summary(net):
    types = collections.Counter(layer.type for layer in net.layer)
    blobs = sum(len(layer.blobs) for layer in net.layer)
    params = sum(len(b.data) for layer in net.layer for b in layer.blobs)
    return types, blobs, params


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--onnx", required=True, help="the ONNX model")
    ap.add_argument("--out", required=True, help="output prefix: writes <out>.prototxt and <out>.caffemodel")
    ap.add_argument("--batch", type=int, default=None, help="batch size for a symbolic (or to override the) batch")
    ap.add_argument("--no-inplace", dest="inplace", action="store_false",
                    help="give BatchNorm, Scale, ReLU and ReLU6 their own tops instead of rewriting their input")
    ap.add_argument("--protoc", default=None, help="protoc to compile caffe.proto with (default: PATH)")
    args = ap.parse_args(argv)
    if args.batch is not None and args.batch <= 0:
        ap.error("--batch must be positive")
    model = onnx.load(args.onnx)
    try:
        net = convert(model, batch=args.batch, inplace=args.inplace, protoc=args.protoc)
    except Refused as e:
        print(str(e) if str(e).startswith("onnx_to_caffe") else "onnx_to_caffe: " + str(e), file=sys.stderr)
        return 1
    prototxt, caffemodel = write(net, args.out, os.path.basename(args.onnx))
    types, blobs, params = summary(net)
    print("%s: %d nodes -> %d layers (%s), %d blobs, %d parameters (%.2f M) -> %s (%d bytes), %s (%d bytes)"
          % (net.name, len(model.graph.node), len(net.layer),
             ", ".join("%d %s" % (c, t) for t, c in sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))),
             blobs, params, params / 1e6, prototxt, os.path.getsize(prototxt), caffemodel, os.path.getsize(caffemodel)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
