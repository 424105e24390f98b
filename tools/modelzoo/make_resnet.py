#!/usr/bin/python3
"""Writes a ResNet v1.5 (torchvision layout) as ONNX with seeded random weights.

  make_resnet.py --depth {18,34,50,101,152} --batch N|-1 --out resnet50.onnx [--seed S] [--opset 11..17]

Layout as torchvision.models.resnetNN: conv1 7x7/2 pad 3 (no bias) + bn1 + relu, maxpool
3x3/2 pad 1, four stages (basic blocks for 18/34, bottlenecks with the stride on the 3x3 conv
for 50/101/152), 1x1 conv + BN downsample where the shape changes, GlobalAveragePool, Flatten,
fc (Gemm, 1000 classes), Softmax. Input `data` [N,3,224,224] fp32, output `prob` [N,1000];
--batch -1 makes N symbolic. Node and initializer names follow torchvision's state dict
("layer1.0.conv1", "layer1.0.bn1.running_mean", "fc.weight", ...).

Weights are random and deterministic from --seed: He-normal convolutions (fan_out, as
torchvision), He-normal fc. BatchNorm statistics are not the trivial (0, 1): they are measured
on a synthetic calibration image (a float64 forward with onnx_ref) and then perturbed, and
gamma/beta are random, so every BN does real work while activations stay O(1) through 150+
layers. The predicted classes mean nothing. Prints the parameter count and a logits stats line.
"""
import argparse
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import onnx_ref

STAGES = {
    18: ("basic", [2, 2, 2, 2]),
    34: ("basic", [3, 4, 6, 3]),
    50: ("bottleneck", [3, 4, 6, 3]),
    101: ("bottleneck", [3, 4, 23, 3]),
    152: ("bottleneck", [3, 8, 36, 3]),
}
NUM_CLASSES = 1000
BGR_MEAN = (104.0, 117.0, 123.0)  # the public ResNet-50 sample's mean subtraction


class Builder:
    """Collects nodes and initializers; draws weights from one seeded generator in order."""

    def __init__(self, rng):
        self.rng = rng
        self.nodes = []
        self.inits = []
        self.trainable = 0  # conv/fc weights and biases, BN gamma/beta (torchvision parameters())
        self.buffers = 0  # BN running mean/var

    def _init(self, name, array, trainable=True):
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(array, dtype=np.float32), name))
        if trainable:
            self.trainable += array.size
        else:
            self.buffers += array.size

    def conv(self, name, x, cin, cout, k, stride, pad):
        std = np.sqrt(2.0 / (cout * k * k))
        self._init(name + ".weight", self.rng.standard_normal((cout, cin, k, k)) * std)
        self.nodes.append(helper.make_node(
            "Conv", [x, name + ".weight"], [name], name=name, kernel_shape=[k, k],
            strides=[stride, stride], pads=[pad] * 4, dilations=[1, 1], group=1))
        return name

    def bn(self, name, x, c):
        # gamma/beta drawn here; running mean/var are placeholders replaced by calibration.
        self._init(name + ".weight", self.rng.uniform(0.5, 1.5, c))
        self._init(name + ".bias", self.rng.normal(0.0, 0.25, c))
        self._init(name + ".running_mean", np.zeros(c), trainable=False)
        self._init(name + ".running_var", np.ones(c), trainable=False)
        ins = [x] + [name + s for s in (".weight", ".bias", ".running_mean", ".running_var")]
        self.nodes.append(helper.make_node("BatchNormalization", ins, [name], name=name, epsilon=1e-5, momentum=0.9))
        return name

    def op(self, op_type, name, inputs, **attrs):
        self.nodes.append(helper.make_node(op_type, inputs, [name], name=name, **attrs))
        return name


def conv_bn(b, prefix, i, x, cin, cout, k, stride, pad):
    """conv<i> + bn<i> of a block."""
    return b.bn("%s.bn%d" % (prefix, i), b.conv("%s.conv%d" % (prefix, i), x, cin, cout, k, stride, pad), cout)


def basic_block(b, prefix, x, cin, planes, stride):
    y = b.op("Relu", prefix + ".relu1", [conv_bn(b, prefix, 1, x, cin, planes, 3, stride, 1)])
    return conv_bn(b, prefix, 2, y, planes, planes, 3, 1, 1), planes


def bottleneck(b, prefix, x, cin, planes, stride):
    y = b.op("Relu", prefix + ".relu1", [conv_bn(b, prefix, 1, x, cin, planes, 1, 1, 0)])
    y = b.op("Relu", prefix + ".relu2", [conv_bn(b, prefix, 2, y, planes, planes, 3, stride, 1)])
    return conv_bn(b, prefix, 3, y, planes, planes * 4, 1, 1, 0), planes * 4


def build(depth, batch, opset, seed):
    kind, counts = STAGES[depth]
    block = basic_block if kind == "basic" else bottleneck
    b = Builder(np.random.default_rng(seed))
    x = b.op("Relu", "relu", [b.bn("bn1", b.conv("conv1", "data", 3, 64, 7, 2, 3), 64)])
    x = b.op("MaxPool", "maxpool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    cin = 64
    for stage, count in enumerate(counts):
        planes = 64 << stage
        for i in range(count):
            prefix = "layer%d.%d" % (stage + 1, i)
            stride = 2 if (stage > 0 and i == 0) else 1
            y, cout = block(b, prefix, x, cin, planes, stride)
            identity = x
            if stride != 1 or cin != cout:
                ds = b.conv(prefix + ".downsample.0", x, cin, cout, 1, stride, 0)
                identity = b.bn(prefix + ".downsample.1", ds, cout)
            x = b.op("Relu", prefix + ".relu", [b.op("Add", prefix + ".add", [y, identity])])
            cin = cout
    x = b.op("GlobalAveragePool", "avgpool", [x])
    x = b.op("Flatten", "flatten", [x], axis=1)
    b._init("fc.weight", b.rng.standard_normal((NUM_CLASSES, cin)) * np.sqrt(2.0 / cin))
    b._init("fc.bias", b.rng.uniform(-1.0, 1.0, NUM_CLASSES) / np.sqrt(cin))
    x = b.op("Gemm", "fc", [x, "fc.weight", "fc.bias"], alpha=1.0, beta=1.0, transB=1)
    b.nodes.append(helper.make_node("Softmax", [x], ["prob"], name="softmax", axis=1))

    n = "N" if batch < 0 else batch
    graph = helper.make_graph(
        b.nodes, "resnet%d" % depth,
        [helper.make_tensor_value_info("data", TensorProto.FLOAT, [n, 3, 224, 224])],
        [helper.make_tensor_value_info("prob", TensorProto.FLOAT, [n, NUM_CLASSES])],
        b.inits)
    doc = "ResNet-%d v1.5 with random weights (seed %d): the classes mean nothing" % (depth, seed)
    model = helper.make_model(graph, producer_name="ascend-sim tools/modelzoo", producer_version="1",
                              opset_imports=[helper.make_opsetid("", opset)], doc_string=doc)
    return model, b.trainable, b.buffers


def calibration_image(seed):
    """A smooth synthetic BGR image, mean-subtracted like the sample's input: [1,3,224,224]."""
    rng = np.random.default_rng([seed, 2])
    coarse = rng.uniform(0, 255, (3, 8, 8))
    img = np.kron(coarse, np.ones((28, 28))) + rng.normal(0, 20, (3, 224, 224))
    img = np.clip(img, 0, 255) - np.array(BGR_MEAN).reshape(3, 1, 1)
    return img[None]


def calibrate(model, seed):
    """Sets every BN's running mean/var from a float64 forward, perturbed; returns the logits."""
    rng = np.random.default_rng([seed, 1])

    def hook(node, x, p):
        m = x.mean(axis=(0, 2, 3))
        v = np.maximum(x.var(axis=(0, 2, 3)), 1e-3)
        # Not the exact statistics: real BN layers see slightly different data at inference.
        p["mean"] = m + 0.1 * np.sqrt(v) * rng.standard_normal(m.shape)
        p["var"] = v * np.exp(0.2 * rng.standard_normal(v.shape))

    env = onnx_ref.run(model, {"data": calibration_image(seed)}, dtype=np.float64, bn_hook=hook, keep=True)
    stats = {}
    for t in model.graph.initializer:
        if t.name.endswith(".running_mean") or t.name.endswith(".running_var"):
            stats[t.name] = t
    for name, t in stats.items():
        t.CopyFrom(numpy_helper.from_array(env[name].astype(np.float32), name))
    return env["fc"], env["prob"]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, choices=sorted(STAGES), default=50)
    ap.add_argument("--batch", type=int, default=1, help="batch size, or -1 for a symbolic N")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opset", type=int, choices=range(11, 18), default=13, metavar="11..17")
    args = ap.parse_args(argv)
    if args.batch == 0 or args.batch < -1:
        ap.error("--batch must be positive or -1")

    model, trainable, buffers = build(args.depth, args.batch, args.opset, args.seed)
    logits, prob = calibrate(model, args.seed)
    onnx.checker.check_model(model)
    onnx.save(model, args.out)

    top = np.argsort(-prob[0])[:5]
    print("resnet%d: %d parameters (%.2f M; plus %d BatchNorm running statistics), %d nodes, opset %d, "
          "batch %s, seed %d -> %s" % (args.depth, trainable, trainable / 1e6, buffers, len(model.graph.node),
                                       args.opset, "N" if args.batch < 0 else args.batch, args.seed, args.out))
    print("stats on the calibration image: logits min %.3f max %.3f mean %.3f std %.3f, nan %d; "
          "top-1 class %d prob %.4f; top-5 %s" % (logits.min(), logits.max(), logits.mean(), logits.std(),
                                                 int(np.isnan(logits).sum()), top[0], prob[0, top[0]],
                                                 " ".join(str(i) for i in top)))
    print("weights are random: the predicted classes mean nothing")
    if not np.isfinite(logits).all() or logits.std() < 1e-3:
        print("make_resnet: degenerate logits (NaN or all equal)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
