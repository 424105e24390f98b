"""A small numpy interpreter for the ONNX operators the model zoo emits.

Runs Conv, BatchNormalization, Relu, MaxPool, Add, GlobalAveragePool, Flatten, Gemm and Softmax
on NCHW tensors, in the dtype of the input (float64 for calibration, float32 for a reference
forward). It is a reference, not a fast path: Conv is im2col (a strided window view) followed
by one BLAS matrix product.

Used by make_resnet.py (BatchNorm statistics are measured on a calibration image through a
hook) and by the tests (a reference forward to compare the runtime against).
"""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from onnx import helper, numpy_helper


def _attrs(node):
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


def _pad_nchw(x, pads, value):
    top, left, bottom, right = pads[0], pads[1], pads[2], pads[3]
    if not any(pads):
        return x
    return np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)), constant_values=value)


def conv2d(x, w, b, strides, pads, group=1, dilations=(1, 1)):
    if group != 1 or tuple(dilations) != (1, 1):
        raise NotImplementedError("onnx_ref: Conv with group or dilation is not implemented")
    _, _, kh, kw = w.shape
    xp = _pad_nchw(x, pads, 0.0)
    if kh == 1 and kw == 1:
        win = xp[:, :, :: strides[0], :: strides[1]]
        y = np.tensordot(w[:, :, 0, 0], win, axes=([1], [1]))  # O,N,H,W
        y = y.transpose(1, 0, 2, 3)
    else:
        win = sliding_window_view(xp, (kh, kw), axis=(2, 3))[:, :, :: strides[0], :: strides[1]]
        y = np.tensordot(win, w, axes=([1, 4, 5], [1, 2, 3])).transpose(0, 3, 1, 2)
    if b is not None:
        y = y + b.reshape(1, -1, 1, 1)
    return np.ascontiguousarray(y, dtype=x.dtype)


def max_pool(x, kernel, strides, pads):
    xp = _pad_nchw(x, pads, -np.inf)
    win = sliding_window_view(xp, tuple(kernel), axis=(2, 3))[:, :, :: strides[0], :: strides[1]]
    return np.ascontiguousarray(win.max(axis=(4, 5)))


def batch_norm(x, scale, bias, mean, var, eps):
    shape = (1, -1, 1, 1)
    inv = (scale / np.sqrt(var + eps)).reshape(shape)
    return ((x - mean.reshape(shape)) * inv + bias.reshape(shape)).astype(x.dtype)


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def run(model, feeds, dtype=np.float32, bn_hook=None, keep=False):
    """Runs `model` (an onnx.ModelProto) on `feeds` {input name: array}.

    Returns {output name: array}, or every tensor when `keep` is true. `bn_hook(node, x,
    params)` is called before each BatchNormalization with its input and a dict of its
    initializer arrays (scale, bias, mean, var) and may replace them (calibration).
    """
    graph = model.graph
    params = {t.name: numpy_helper.to_array(t).astype(dtype) for t in graph.initializer}
    env = dict(params)
    for name, value in feeds.items():
        env[name] = np.asarray(value, dtype=dtype)
    for node in graph.node:
        a = _attrs(node)
        ins = [env[i] if i else None for i in node.input]
        op = node.op_type
        if op == "Conv":
            k = len(ins[1].shape) - 2
            out = conv2d(ins[0], ins[1], ins[2] if len(ins) > 2 else None, a.get("strides", [1] * k),
                         a.get("pads", [0] * 2 * k), a.get("group", 1), a.get("dilations", [1] * k))
        elif op == "BatchNormalization":
            if bn_hook is not None:
                keys = ("scale", "bias", "mean", "var")
                p = dict(zip(keys, ins[1:5]))
                bn_hook(node, ins[0], p)
                for key, name in zip(keys, node.input[1:5]):
                    env[name] = p[key].astype(dtype)
                ins[1:5] = [p[k] for k in keys]
            out = batch_norm(ins[0], *ins[1:5], a.get("epsilon", 1e-5))
        elif op == "Relu":
            out = np.maximum(ins[0], 0)
        elif op == "MaxPool":
            k = len(a["kernel_shape"])
            out = max_pool(ins[0], a["kernel_shape"], a.get("strides", [1] * k), a.get("pads", [0] * 2 * k))
        elif op == "Add":
            out = ins[0] + ins[1]
        elif op == "GlobalAveragePool":
            out = ins[0].mean(axis=(2, 3), keepdims=True)
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
