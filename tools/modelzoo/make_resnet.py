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

The Builder, the calibration image, the BN calibration and the printed lines are zoo_builder's,
shared with make_googlenet.py and make_mobilenet_v2.py.
"""
import sys

import numpy as np

import zoo_builder

STAGES = {
    18: ("basic", [2, 2, 2, 2]),
    34: ("basic", [3, 4, 6, 3]),
    50: ("bottleneck", [3, 4, 6, 3]),
    101: ("bottleneck", [3, 4, 23, 3]),
    152: ("bottleneck", [3, 8, 36, 3]),
}


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
    b = zoo_builder.Builder(np.random.default_rng(seed))
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
    b.softmax(b.fc("fc", x, cin))
    doc = "ResNet-%d v1.5 with random weights (seed %d): the classes mean nothing" % (depth, seed)
    return b.model("resnet%d" % depth, batch, opset, doc), b.trainable, b.buffers


def calibrate(model, seed):
    """Sets every BN's running mean/var from a float64 forward, perturbed; returns the logits."""
    env = zoo_builder.calibrate_batchnorm(model, seed)
    return env["fc"], env["prob"]


def main(argv):
    ap = zoo_builder.arg_parser(__doc__)
    ap.add_argument("--depth", type=int, choices=sorted(STAGES), default=50)
    args = zoo_builder.parse_args(ap, argv)
    model, trainable, buffers = build(args.depth, args.batch, args.opset, args.seed)
    logits, prob = calibrate(model, args.seed)
    return zoo_builder.report("make_resnet", "resnet%d" % args.depth, model, args, trainable, buffers, logits, prob)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
