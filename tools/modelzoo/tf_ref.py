"""A small numpy interpreter for frozen TensorFlow GraphDefs: the reference forward of onnx_to_tf's twins.

  import tf_ref
  outs = tf_ref.run(open("resnet50.pb", "rb").read(), {"input": nhwc_array})  # {node name: array}

The binary GraphDef is decoded here from the protobuf wire format by TensorFlow's field numbers
(GraphDef, NodeDef, AttrValue with its ListValue, TensorProto, TensorShapeProto, VersionDef),
without the classes protoc generates from tools/atc/tensorflow/tf_graph.proto: a second,
independent reader of what onnx_to_tf.py writes. Needs numpy only.

Runs, on NHWC tensors (data_format NHWC only), in the Consts' dtype (float32), or with
`dtype=np.float64` every float tensor in float64:
  Placeholder, Const, Identity (control inputs, "^node", are ignored)
  Conv2D, DepthwiseConv2dNative  padding SAME / VALID / EXPLICIT, strides, dilations; im2col
                                 (kh * kw strided slices) and one matrix product for Conv2D,
                                 kh * kw multiply-adds for the depthwise one
  BiasAdd, FusedBatchNorm / V2 / V3 (is_training false; output 0 normalised, 1..4 the
  statistics), Relu, Relu6, MaxPool, AvgPool (SAME: the divisor counts the window's cells
  inside the input), Mean, Reshape, MatMul (transpose_a / transpose_b), Softmax (last axis),
  LRN (over the last axis), ConcatV2, Pad, PadV2, Add, AddV2, Sub, Mul, Squeeze
The math is written here for NHWC from TensorFlow's op definitions; nothing is shared with
onnx_ref.py, the ONNX reference it is compared against.
"""
import collections

import numpy as np

# DataType numbers (types.proto) -> numpy
DTYPES = {1: np.float32, 2: np.float64, 3: np.int32, 4: np.uint8, 5: np.int16, 6: np.int8, 9: np.int64,
          10: np.bool_, 17: np.uint16, 19: np.float16, 22: np.uint32, 23: np.uint64}
VALUE_FIELD = {1: 5, 2: 6, 3: 7, 4: 7, 5: 7, 6: 7, 17: 7, 9: 10, 10: 11, 19: 13, 22: 16, 23: 17}  # dtype -> *_val

Node = collections.namedtuple("Node", "name op inputs attr")


# ---- the wire format ---------------------------------------------------------------------------

def _varint(buf, pos):
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7


def _fields(buf):
    """(field number, wire type, value) of each field of a message: an int for a varint, a
    memoryview for the others (8, length-delimited or 4 bytes)."""
    buf = memoryview(buf)
    pos, end = 0, len(buf)
    while pos < end:
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 2:
            n, pos = _varint(buf, pos)
            value, pos = buf[pos:pos + n], pos + n
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ValueError("tf_ref: wire type %d (field %d) is not a proto3 one" % (wire, number))
        if pos > end:
            raise ValueError("tf_ref: truncated message")
        yield number, wire, value


def _signed(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def _varints(wire, value):
    """A repeated integer field's element(s): packed (one length-delimited run) or one varint."""
    if wire == 0:
        return [_signed(value)]
    out, pos = [], 0
    while pos < len(value):
        v, pos = _varint(value, pos)
        out.append(_signed(v))
    return out


def _fixed(wire, value, dtype):
    """A repeated float / double field's element(s), packed or not."""
    return np.frombuffer(value, dtype=dtype).tolist()


def _shape(buf):
    """TensorShapeProto -> list of dims, or None for an unknown rank."""
    dims, unknown = [], False
    for number, wire, value in _fields(buf):
        if number == 2:  # Dim
            size = 0
            for n2, _, v2 in _fields(value):
                if n2 == 1:
                    size = _signed(v2)
            dims.append(size)
        elif number == 3:
            unknown = bool(value)
    return None if unknown else dims


def _tensor(buf):
    """TensorProto -> numpy array (tensor_content, or the *_val field padded with its last element)."""
    dtype, shape, content, vals = 0, [], None, collections.defaultdict(list)
    for number, wire, value in _fields(buf):
        if number == 1:
            dtype = value
        elif number == 2:
            shape = _shape(value) or []
        elif number == 4:
            content = value
        elif number in (5, 6):
            vals[number] += _fixed(wire, value, "<f4" if number == 5 else "<f8")
        elif number in (7, 10, 11, 13, 16, 17):
            vals[number] += _varints(wire, value)
    if dtype not in DTYPES:
        raise NotImplementedError("tf_ref: tensor dtype %d is not supported" % dtype)
    np_dtype = np.dtype(DTYPES[dtype])
    count = int(np.prod(shape)) if shape else 1
    if content is not None and len(content):
        array = np.frombuffer(content, dtype=np_dtype.newbyteorder("<")).astype(np_dtype)
    else:
        v = vals.get(VALUE_FIELD.get(dtype), [])
        if dtype == 19:
            v = np.array(v, np.uint16).view(np.float16)
        array = np.array(v, dtype=np_dtype)
        if array.size == 0:
            array = np.zeros(count, np_dtype)
        elif array.size < count:  # TensorFlow's splat: the last value fills the rest
            array = np.concatenate([array, np.full(count - array.size, array[-1], np_dtype)])
    if array.size != count:
        raise ValueError("tf_ref: tensor of shape %s holds %d values" % (shape, array.size))
    return array.reshape(shape)


def _list(buf):
    out = []
    for number, wire, value in _fields(buf):
        if number == 2:
            out.append(bytes(value).decode("utf-8", "replace"))
        elif number in (3, 5, 6):
            out += [bool(v) for v in _varints(wire, value)] if number == 5 else _varints(wire, value)
        elif number == 4:
            out += _fixed(wire, value, "<f4")
        elif number == 7:
            out.append(_shape(value))
        elif number == 8:
            out.append(_tensor(value))
    return out


def _attr_value(buf):
    for number, wire, value in _fields(buf):
        if number == 1:
            return _list(value)
        if number == 2:
            return bytes(value).decode("utf-8", "replace")
        if number == 3:
            return _signed(value)
        if number == 4:
            return float(np.frombuffer(value, "<f4")[0])
        if number == 5:
            return bool(value)
        if number == 6:
            return value  # a DataType number
        if number == 7:
            return _shape(value)
        if number == 8:
            return _tensor(value)
    return None


def _node(buf):
    name, op, inputs, attr = "", "", [], {}
    for number, _, value in _fields(buf):
        if number == 1:
            name = bytes(value).decode()
        elif number == 2:
            op = bytes(value).decode()
        elif number == 3:
            inputs.append(bytes(value).decode())
        elif number == 5:
            key, av = "", None
            for n2, _, v2 in _fields(value):
                if n2 == 1:
                    key = bytes(v2).decode()
                elif n2 == 2:
                    av = _attr_value(v2)
            attr[key] = av
    return Node(name, op, inputs, attr)


def parse(data):
    """(nodes, producer) of a binary GraphDef; each node a Node(name, op, inputs, attr) with the
    attrs as Python values (a string, int, float, bool, DataType number, list of dims, numpy array,
    or a list of those)."""
    nodes, producer = [], 0
    for number, _, value in _fields(data):
        if number == 1:
            nodes.append(_node(value))
        elif number == 4:
            for n2, _, v2 in _fields(value):
                if n2 == 1:
                    producer = _signed(v2)
    return nodes, producer


# ---- the ops -----------------------------------------------------------------------------------

def _nhwc(node):
    fmt = node.attr.get("data_format", "NHWC")
    if fmt != "NHWC":
        raise NotImplementedError("tf_ref: node %r (%s): data_format %s (NHWC only)" % (node.name, node.op, fmt))


def _spatial_pads(node, in_hw, k_eff, strides):
    """((top, bottom), (left, right)) for padding SAME (begin = total / 2 rounded down), VALID or EXPLICIT."""
    padding = node.attr.get("padding")
    if padding == "VALID":
        return (0, 0), (0, 0)
    if padding == "SAME":
        out = []
        for length, k, s in zip(in_hw, k_eff, strides):
            total = max((-(-length // s) - 1) * s + k - length, 0)
            out.append((total // 2, total - total // 2))
        return tuple(out)
    if padding == "EXPLICIT":
        p = node.attr["explicit_paddings"]
        return (p[2], p[3]), (p[4], p[5])
    raise NotImplementedError("tf_ref: node %r (%s): padding %r" % (node.name, node.op, padding))


def _window_geometry(node, x, kh, kw, strides, dilations, pad_value):
    """The padded input and (oh, ow) of a kh x kw window sliding with `strides` and `dilations`."""
    k_eff = (dilations[0] * (kh - 1) + 1, dilations[1] * (kw - 1) + 1)
    (t, b), (l, r) = _spatial_pads(node, x.shape[1:3], k_eff, strides)
    xp = np.pad(x, ((0, 0), (t, b), (l, r), (0, 0)), constant_values=pad_value) if t or b or l or r else x
    oh = (xp.shape[1] - k_eff[0]) // strides[0] + 1
    ow = (xp.shape[2] - k_eff[1]) // strides[1] + 1
    if oh <= 0 or ow <= 0:
        raise ValueError("tf_ref: node %r (%s): empty output" % (node.name, node.op))
    return xp, oh, ow


def _tap(xp, i, j, oh, ow, strides, dilations):
    """xp[:, i*dh + y*sh, j*dw + x*sw, :] for every output position (y, x): one kernel tap."""
    (sh, sw), (dh, dw) = strides, dilations
    return xp[:, i * dh: i * dh + (oh - 1) * sh + 1: sh, j * dw: j * dw + (ow - 1) * sw + 1: sw, :]


def _hw(node, key, default=(1, 1, 1, 1)):
    v = list(node.attr.get(key, default))
    if len(v) != 4 or v[0] != 1 or v[3] != 1:
        raise NotImplementedError("tf_ref: node %r (%s): %s %s (only [1, h, w, 1])" % (node.name, node.op, key, v))
    return v[1], v[2]


def conv2d(node, x, f):
    """Conv2D, NHWC input, HWIO filter."""
    _nhwc(node)
    kh, kw, ci, co = f.shape
    if x.shape[3] != ci:
        raise ValueError("tf_ref: node %r: input channels %d, filter %s" % (node.name, x.shape[3], f.shape))
    strides, dilations = _hw(node, "strides"), _hw(node, "dilations")
    xp, oh, ow = _window_geometry(node, x, kh, kw, strides, dilations, 0)
    n = x.shape[0]
    cols = np.empty((n, oh, ow, kh, kw, ci), dtype=x.dtype)  # im2col, in the filter's (h, w, i) order
    for i in range(kh):
        for j in range(kw):
            cols[:, :, :, i, j, :] = _tap(xp, i, j, oh, ow, strides, dilations)
    y = cols.reshape(n * oh * ow, kh * kw * ci) @ f.reshape(kh * kw * ci, co).astype(x.dtype)
    return y.reshape(n, oh, ow, co)


def depthwise_conv2d(node, x, f):
    """DepthwiseConv2dNative: filter [kh, kw, C, M]; output channel c * M + m."""
    _nhwc(node)
    kh, kw, c, m = f.shape
    if x.shape[3] != c:
        raise ValueError("tf_ref: node %r: input channels %d, filter %s" % (node.name, x.shape[3], f.shape))
    strides, dilations = _hw(node, "strides"), _hw(node, "dilations")
    xp, oh, ow = _window_geometry(node, x, kh, kw, strides, dilations, 0)
    f = f.astype(x.dtype)
    acc = np.zeros((x.shape[0], oh, ow, c, m), dtype=x.dtype)
    for i in range(kh):
        for j in range(kw):
            acc += _tap(xp, i, j, oh, ow, strides, dilations)[..., None] * f[i, j]
    return acc.reshape(x.shape[0], oh, ow, c * m)


def pool(node, x, average):
    """MaxPool / AvgPool: SAME pads max with -inf and averages over the cells inside the input."""
    _nhwc(node)
    kh, kw = _hw(node, "ksize")
    strides = _hw(node, "strides")
    xp, oh, ow = _window_geometry(node, x, kh, kw, strides, (1, 1), 0 if average else -np.inf)
    taps = (_tap(xp, i, j, oh, ow, strides, (1, 1)) for i in range(kh) for j in range(kw))
    if not average:
        out = next(taps).copy()
        for t in taps:
            np.maximum(out, t, out=out)
        return out
    total = sum(taps)
    ones = np.ones((1,) + x.shape[1:3] + (1,), dtype=x.dtype)
    onesp, _, _ = _window_geometry(node, ones, kh, kw, strides, (1, 1), 0)
    count = sum(_tap(onesp, i, j, oh, ow, strides, (1, 1)) for i in range(kh) for j in range(kw))
    return total / count


def lrn(node, x):
    """LRN over the last axis: x / (bias + alpha * sum of squares over d-r..d+r) ** beta."""
    r = node.attr.get("depth_radius", 5)
    bias, alpha, beta = node.attr.get("bias", 1.0), node.attr.get("alpha", 1.0), node.attr.get("beta", 0.5)
    sq = np.pad(x * x, [(0, 0)] * (x.ndim - 1) + [(r, r)])
    c = x.shape[-1]
    acc = sum(sq[..., i:i + c] for i in range(2 * r + 1))
    return x / (x.dtype.type(bias) + x.dtype.type(alpha) * acc) ** x.dtype.type(beta)


def fused_batch_norm(node, x, scale, offset, mean, var):
    _nhwc(node)
    if node.attr.get("is_training", True):
        raise NotImplementedError("tf_ref: node %r (%s): is_training true" % (node.name, node.op))
    eps = x.dtype.type(node.attr.get("epsilon", 1e-4))
    inv = scale / np.sqrt(var + eps)
    y = (x - mean) * inv + offset
    return [y, mean, var, mean, var, np.zeros(0, x.dtype)]


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _bias_add(node, x, b):
    fmt = node.attr.get("data_format", "NHWC")
    if fmt == "NCHW" and x.ndim > 2:
        return x + b.reshape((-1,) + (1,) * (x.ndim - 2))
    return x + b


def _squeeze(node, x):
    dims = node.attr.get("squeeze_dims") or []
    return np.squeeze(x, axis=tuple(d % x.ndim for d in dims)) if dims else np.squeeze(x)


def _concat(node, *ins):
    n = node.attr.get("N", len(ins) - 1)
    if n != len(ins) - 1:
        raise ValueError("tf_ref: node %r: N=%d with %d inputs" % (node.name, n, len(ins)))
    return np.concatenate(ins[:-1], axis=int(ins[-1]))


def _mean(node, x, axes):
    axes = np.asarray(axes).reshape(-1)
    return x.mean(axis=tuple(int(a) % x.ndim for a in axes), keepdims=bool(node.attr.get("keep_dims", False)))


def _matmul(node, a, b):
    a = a.T if node.attr.get("transpose_a") else a
    b = b.T if node.attr.get("transpose_b") else b
    return a @ b.astype(a.dtype)


OPS = {
    "Identity": lambda node, x: x,
    "Conv2D": conv2d,
    "DepthwiseConv2dNative": depthwise_conv2d,
    "BiasAdd": _bias_add,
    "FusedBatchNorm": fused_batch_norm,
    "FusedBatchNormV2": fused_batch_norm,
    "FusedBatchNormV3": fused_batch_norm,
    "Relu": lambda node, x: np.maximum(x, x.dtype.type(0)),
    "Relu6": lambda node, x: np.minimum(np.maximum(x, x.dtype.type(0)), x.dtype.type(6)),
    "MaxPool": lambda node, x: pool(node, x, False),
    "AvgPool": lambda node, x: pool(node, x, True),
    "Mean": _mean,
    "Reshape": lambda node, x, shape: x.reshape([int(d) for d in np.asarray(shape).reshape(-1)]),
    "MatMul": _matmul,
    "Softmax": lambda node, x: softmax(x),
    "LRN": lrn,
    "ConcatV2": _concat,
    "Pad": lambda node, x, p: np.pad(x, np.asarray(p, np.int64).tolist()),
    "PadV2": lambda node, x, p, c: np.pad(x, np.asarray(p, np.int64).tolist(), constant_values=c),
    "Add": lambda node, a, b: a + b,
    "AddV2": lambda node, a, b: a + b,
    "Sub": lambda node, a, b: a - b,
    "Mul": lambda node, a, b: a * b,
    "Squeeze": _squeeze,
}


def _source(name):
    """(node, output index) of an input string "node" or "node:k"."""
    node, _, k = name.partition(":")
    return node, int(k) if k else 0


def run(graphdef, feeds, outputs=None, dtype=None):
    """Runs a frozen GraphDef (binary bytes, or parse()'s node list) on `feeds` {Placeholder name
    (or "name:0"): array}.

    Returns {node name: its output 0} for every node, or, when `outputs` lists names ("node" or
    "node:k"), {each: its value}, evaluating only what they need. `dtype` (e.g. np.float64): the
    dtype float Consts and feeds are cast to; by default the graph's own (float32).
    """
    nodes = parse(graphdef)[0] if isinstance(graphdef, (bytes, bytearray, memoryview)) else graphdef
    by_name = {}
    for node in nodes:
        if node.name in by_name:
            raise ValueError("tf_ref: two nodes named %r" % node.name)
        by_name[node.name] = node
    feeds = {_source(k)[0]: v for k, v in feeds.items()}
    wanted = [_source(o)[0] for o in outputs] if outputs is not None else [n.name for n in nodes]
    # evaluation order: a depth-first topological sort of what `wanted` needs (iterative: deep graphs)
    order, state = [], {}
    for root in wanted:
        stack = [(root, False)]
        while stack:
            name, done = stack.pop()
            if done:
                state[name] = 2
                order.append(name)
                continue
            if state.get(name) == 2:
                continue
            if state.get(name) == 1:
                raise ValueError("tf_ref: the graph has a cycle through %r" % name)
            if name not in by_name:
                raise ValueError("tf_ref: no node named %r" % name)
            state[name] = 1
            stack.append((name, True))
            for i in reversed(by_name[name].inputs):
                if not i.startswith("^"):
                    src = _source(i)[0]
                    if state.get(src) != 2:
                        stack.append((src, False))
    env = {}
    for name in order:
        node = by_name[name]
        ins = []
        for i in node.inputs:
            if i.startswith("^"):
                continue
            src, k = _source(i)
            values = env[src]
            if k >= len(values):
                raise ValueError("tf_ref: node %r reads %r: %r has %d outputs" % (name, i, src, len(values)))
            ins.append(values[k])
        if node.op == "Placeholder":
            if name not in feeds:
                raise ValueError("tf_ref: no feed for Placeholder %r" % name)
            x = np.asarray(feeds[name])
            want = np.dtype(DTYPES.get(node.attr.get("dtype"), np.float32))
            if want.kind == "f" and dtype is not None:
                want = np.dtype(dtype)
            shape = node.attr.get("shape")
            if shape is not None and (len(shape) != x.ndim or any(d >= 0 and d != s for d, s in zip(shape, x.shape))):
                raise ValueError("tf_ref: feed %r has shape %s, the Placeholder %s" % (name, list(x.shape), shape))
            out = [x.astype(want)]
        elif node.op == "Const":
            v = node.attr["value"]
            out = [v.astype(dtype) if dtype is not None and v.dtype.kind == "f" else v]
        elif node.op in OPS:
            try:
                y = OPS[node.op](node, *ins)
            except TypeError as e:
                raise ValueError("tf_ref: node %r (%s) with %d inputs: %s" % (name, node.op, len(ins), e)) from e
            out = y if isinstance(y, list) else [y]
            out = [np.asarray(o) for o in out]
            if ins and ins[0].dtype.kind == "f":  # keep the data's float dtype
                out = [o.astype(ins[0].dtype, copy=False) if o.dtype.kind == "f" else o for o in out]
        else:
            raise NotImplementedError("tf_ref: node %r: op %s is not implemented" % (name, node.op))
        env[name] = out
    if outputs is not None:
        return {o: env[_source(o)[0]][_source(o)[1]] for o in outputs}
    return {name: values[0] for name, values in env.items()}
