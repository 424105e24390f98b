"""A small numpy interpreter for the ONNX operators the model zoo emits: the one reference forward.

Runs, on NCHW tensors in the dtype of the input (float64 for calibration, float32 for a
reference forward):
  Conv                grouped too (depthwise: group = channels); no dilation
  BatchNormalization  inference (running statistics)
  Relu, Clip          Clip's bounds as inputs (opset 11+) or attributes (before 11)
  MaxPool             ceil_mode (a partial last window), pads
  AveragePool         ceil_mode, pads, count_include_pad (divisor: the window clipped to the
                      input, or with count_include_pad to the padded input, as ONNX Runtime)
  GlobalAveragePool, LRN (across channels), Add, Concat, Dropout (inference: the identity),
  Flatten, Gemm, Softmax
It is a reference, not a fast path: Conv is im2col (a strided window view) followed by one BLAS
matrix product (an einsum over the groups for a grouped Conv).

Used by the generators (make_resnet.py, make_googlenet.py, make_mobilenet_v2.py: BatchNorm
statistics, convolution scales and ReLU6 clipping are measured on a calibration image through
hooks), by the tests (the reference forward the Caffe twins and the runtime are compared
against), tools/dump/onnx_golden.py and samples/resnet50_classification.
"""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from onnx import helper, numpy_helper

# The inputs a hook of run() sees, by name, after the data input: {name: array} it may replace.
HOOKED_INPUTS = {
    "Conv": ("weight", "bias"),
    "BatchNormalization": ("scale", "bias", "mean", "var"),
    "Clip": ("min", "max"),
}


def _attrs(node):
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


def _pad_nchw(x, pads, value):
    top, left, bottom, right = pads[0], pads[1], pads[2], pads[3]
    if not any(pads):
        return x
    return np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)), constant_values=value)


def _windows(x, kernel, strides):
    """[N, C, OH, OW, kh, kw]: every (strided) kernel window of an NCHW tensor, a view."""
    return sliding_window_view(x, tuple(kernel), axis=(2, 3))[:, :, :: strides[0], :: strides[1]]


def conv2d(x, w, b, strides, pads, group=1, dilations=(1, 1)):
    """ONNX Conv, 2-D: x [N, C, H, W], w [O, C/group, kh, kw], b [O] or None, pads
    [top, left, bottom, right]."""
    if tuple(dilations) != (1, 1):
        raise NotImplementedError("onnx_ref: Conv with dilation is not implemented")
    _, _, kh, kw = w.shape
    xp = _pad_nchw(x, pads, 0.0)
    if group != 1:  # per group, windows x weights
        n = x.shape[0]
        o, cg = w.shape[:2]
        win = _windows(xp, (kh, kw), strides)
        oh, ow = win.shape[2:4]
        win = win.reshape(n, group, cg, oh, ow, kh, kw)
        y = np.einsum("ngchwij,gocij->ngohw", win, w.reshape(group, o // group, cg, kh, kw), optimize=True)
        y = y.reshape(n, o, oh, ow)
    elif kh == 1 and kw == 1:
        win = xp[:, :, :: strides[0], :: strides[1]]
        y = np.tensordot(w[:, :, 0, 0], win, axes=([1], [1]))  # O,N,H,W
        y = y.transpose(1, 0, 2, 3)
    else:
        y = np.tensordot(_windows(xp, (kh, kw), strides), w, axes=([1, 4, 5], [1, 2, 3])).transpose(0, 3, 1, 2)
    if b is not None:
        y = y + b.reshape(1, -1, 1, 1)
    return np.ascontiguousarray(y, dtype=x.dtype)


def _pool_pads(x, kernel, strides, pads, ceil):
    """[top, left, bottom, right] that make every window whole: `pads`, plus at the end, with
    ceil_mode, what a partial last window reaches past the padded input."""
    ends = []
    for length, k, s, pb, pe in ((x.shape[2], kernel[0], strides[0], pads[0], pads[2]),
                                 (x.shape[3], kernel[1], strides[1], pads[1], pads[3])):
        span = length + pb + pe - k
        out = (-(-span // s) if ceil else span // s) + 1
        ends.append(pe + max(0, (out - 1) * s + k - (length + pb + pe)))
    return [pads[0], pads[1], ends[0], ends[1]]


def max_pool(x, kernel, strides, pads, ceil=False):
    """ONNX MaxPool, 2-D, no dilation; `ceil` is ceil_mode."""
    xp = _pad_nchw(x, _pool_pads(x, kernel, strides, pads, ceil), -np.inf)
    return np.ascontiguousarray(_windows(xp, kernel, strides).max(axis=(4, 5)))


def avg_pool(x, kernel, strides, pads, ceil=False, count_include_pad=False):
    """ONNX AveragePool, 2-D: the window's sum over the cells it covers in the input (or, with
    count_include_pad, in the input and `pads`; never the part a ceil_mode window reaches beyond
    them)."""
    whole = _pool_pads(x, kernel, strides, pads, ceil)
    sums = _windows(_pad_nchw(x, whole, 0.0), kernel, strides).sum(axis=(4, 5))
    h, w = x.shape[2:]
    mask = np.zeros((1, 1, h + whole[0] + whole[2], w + whole[1] + whole[3]), dtype=x.dtype)
    if count_include_pad:
        mask[:, :, : pads[0] + h + pads[2], : pads[1] + w + pads[3]] = 1
    else:
        mask[:, :, pads[0]: pads[0] + h, pads[1]: pads[1] + w] = 1
    count = _windows(mask, kernel, strides).sum(axis=(4, 5))
    return np.ascontiguousarray(sums / count, dtype=x.dtype)


def lrn(x, size, alpha, beta, bias):
    """ONNX LRN: x / (bias + alpha / size * sum of squares over channels c - (size-1)/2 ..
    c + ceil((size-1)/2)) ** beta."""
    lo, hi = (size - 1) // 2, -(-(size - 1) // 2)
    sq = np.pad(x * x, ((0, 0), (lo, hi), (0, 0), (0, 0)))
    acc = sum(sq[:, i:i + x.shape[1]] for i in range(size))
    return (x / (bias + alpha / size * acc) ** beta).astype(x.dtype)


def batch_norm(x, scale, bias, mean, var, eps):
    shape = (1, -1, 1, 1)
    inv = (scale / np.sqrt(var + eps)).reshape(shape)
    return ((x - mean.reshape(shape)) * inv + bias.reshape(shape)).astype(x.dtype)


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def run(model, feeds, dtype=np.float32, bn_hook=None, keep=False, conv_hook=None, clip_hook=None):
    """Runs `model` (an onnx.ModelProto) on `feeds` {input name: array}.

    Returns {output name: array}, or every tensor (initializers included) when `keep` is true.
    The hooks see a node before it runs: `bn_hook` each BatchNormalization, `conv_hook` each
    Conv, `clip_hook` each Clip, called as hook(node, x, params) with the node's data input x
    and a dict of its other inputs by HOOKED_INPUTS' names (BatchNormalization: scale, bias,
    mean, var; Conv: weight and, when it has one, bias; Clip: min, max, those it has). A hook
    may replace the arrays in `params` (calibration); the node and every later reader of those
    tensors, and the returned tensors, then see the new values.
    """
    graph = model.graph
    hooks = {"BatchNormalization": bn_hook, "Conv": conv_hook, "Clip": clip_hook}
    env = {t.name: numpy_helper.to_array(t).astype(dtype) for t in graph.initializer}
    for name, value in feeds.items():
        env[name] = np.asarray(value, dtype=dtype)
    for node in graph.node:
        a = _attrs(node)
        ins = [env[i] if i else None for i in node.input]
        op = node.op_type
        if hooks.get(op) is not None:
            p = {key: v for key, v in zip(HOOKED_INPUTS[op], ins[1:]) if v is not None}
            hooks[op](node, ins[0], p)
            for i, (key, name) in enumerate(zip(HOOKED_INPUTS[op], node.input[1:]), 1):
                if name:
                    env[name] = ins[i] = np.asarray(p[key], dtype=dtype)
        if op == "Conv":
            k = len(ins[1].shape) - 2
            out = conv2d(ins[0], ins[1], ins[2] if len(ins) > 2 else None, a.get("strides", [1] * k),
                         a.get("pads", [0] * 2 * k), a.get("group", 1), a.get("dilations", [1] * k))
        elif op == "BatchNormalization":
            out = batch_norm(ins[0], *ins[1:5], a.get("epsilon", 1e-5))
        elif op == "Relu":
            out = np.maximum(ins[0], 0)
        elif op == "Clip":
            lo = ins[1] if len(ins) > 1 and ins[1] is not None else a.get("min", -np.inf)
            hi = ins[2] if len(ins) > 2 and ins[2] is not None else a.get("max", np.inf)
            out = np.minimum(np.maximum(ins[0], lo), hi)
        elif op in ("MaxPool", "AveragePool"):
            k = len(a["kernel_shape"])
            args = (ins[0], a["kernel_shape"], a.get("strides", [1] * k), a.get("pads", [0] * 2 * k),
                    a.get("ceil_mode", 0))
            out = max_pool(*args) if op == "MaxPool" else avg_pool(*args, a.get("count_include_pad", 0))
        elif op == "GlobalAveragePool":
            out = ins[0].mean(axis=(2, 3), keepdims=True)
        elif op == "LRN":
            out = lrn(ins[0], a["size"], a.get("alpha", 1e-4), a.get("beta", 0.75), a.get("bias", 1.0))
        elif op == "Add":
            out = ins[0] + ins[1]
        elif op == "Concat":
            out = np.concatenate(ins, axis=a["axis"])
        elif op == "Dropout":
            out = ins[0]
        elif op == "Flatten":
            axis = a.get("axis", 1)
            out = ins[0].reshape(int(np.prod(ins[0].shape[:axis])), -1)
        elif op == "Gemm":
            x = ins[0].T if a.get("transA", 0) else ins[0]
            w = ins[1].T if a.get("transB", 0) else ins[1]
            out = a.get("alpha", 1.0) * (x @ w)
            if len(ins) > 2 and ins[2] is not None:
                out = out + a.get("beta", 1.0) * ins[2]
        elif op == "Softmax":
            out = softmax(ins[0], a.get("axis", -1 if model.opset_import[0].version >= 13 else 1))
        else:
            raise NotImplementedError("onnx_ref: operator %s is not implemented" % op)
        env[node.output[0]] = np.asarray(out, dtype=dtype)
    if keep:
        return env
    return {o.name: env[o.name] for o in graph.output}
