#!/usr/bin/python3
"""Writes MobileNet v2 (torchvision layout, width 1.0, 224) as ONNX with seeded random weights.

  make_mobilenet_v2.py --batch N|-1 --out mobilenet_v2.onnx [--seed S] [--opset 11..17]

Layout as torchvision.models.mobilenet_v2(): features.0 conv 3x3/2 pad 1 (32) + BN + ReLU6,
seventeen inverted residual blocks features.1..17 (expansion t, output channels c, repeats n,
first stride s: 1,16,1,1 / 6,24,2,2 / 6,32,3,2 / 6,64,4,2 / 6,96,3,1 / 6,160,3,2 / 6,320,1,1;
a block is 1x1 expand + BN + ReLU6 (not when t = 1), 3x3 depthwise (group = channels, pad 1,
the block's stride) + BN + ReLU6, 1x1 project + BN, and an Add of its input when the stride is 1
and the channels do not change), features.18 1x1 (1280) + BN + ReLU6, GlobalAveragePool,
Flatten, classifier.1 (Gemm, 1000 classes; torchvision's classifier.0 Dropout acts in training
only and is omitted), Softmax. Convolutions have no bias. ReLU6 is Clip(min 0, max 6), the
bounds as constant inputs (shared initializers `relu6.min` / `relu6.max`). Input `data`
[N,3,224,224] fp32, output `prob` [N,1000]; --batch -1 makes N symbolic. Node and initializer
names follow torchvision's state dict ("features.2.conv.1.0" the depthwise conv of block 2,
"features.2.conv.1.1.running_mean", "classifier.1.weight", ...); the Clips are named after
torchvision's ReLU6 modules ("features.2.conv.0.2"), the Adds "features.N.add".

Weights are random and deterministic from --seed: He-normal convolutions (fan_out = output
channels per group x k x k, i.e. 9 for a depthwise 3x3), He-normal classifier. BatchNorm gamma
~ U(0.5, 2.5) (wider than make_resnet's U(0.5, 1.5), so that ReLU6's upper bound does work:
about 0.3% of the ReLU6 inputs are above 6 on the calibration image, and a plain ReLU in its
place moves the logits by about 20), beta ~ N(0, 0.25); the running statistics are measured on
the synthetic calibration image (zoo_builder's, float64 forward) and perturbed as make_resnet
does. The predicted classes mean nothing. Prints the parameter count (torchvision's 3,504,872),
a logits stats line and the share of ReLU6 inputs clipped at 6.

The Builder base, the calibration image and the BN calibration are zoo_builder's; the reference
forward (the calibration's, and test_more_models.py's) is onnx_ref.run.
"""
import sys

import numpy as np

import zoo_builder

# expansion t, output channels c, repeats n, first stride s (torchvision inverted_residual_setting)
SETTING = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]
LAST_CHANNELS = 1280


class Builder(zoo_builder.Builder):
    """zoo_builder's, with a wider BN gamma, the shared ReLU6 bounds and MobileNet's layers."""

    BN_GAMMA = (0.5, 2.5)  # wider than make_resnet's (0.5, 1.5): ReLU6's upper bound does work

    def __init__(self, rng):
        super().__init__(rng)
        self.init("relu6.min", np.array(0.0), kind=None)
        self.init("relu6.max", np.array(6.0), kind=None)

    def relu6(self, name, x):
        return self.op("Clip", name, [x, "relu6.min", "relu6.max"])

    def conv_bn_relu6(self, prefix, x, cin, cout, k, stride, group=1):
        """torchvision's Conv2dNormActivation: <prefix>.0 conv, .1 BN, .2 ReLU6."""
        y = self.bn(prefix + ".1", self.conv(prefix + ".0", x, cin, cout, k, stride, group=group), cout)
        return self.relu6(prefix + ".2", y)


def inverted_residual(b, prefix, x, cin, cout, stride, t):
    hidden = cin * t
    i = 0
    y = x
    if t != 1:
        y = b.conv_bn_relu6("%s.conv.%d" % (prefix, i), y, cin, hidden, 1, 1)
        i += 1
    y = b.conv_bn_relu6("%s.conv.%d" % (prefix, i), y, hidden, hidden, 3, stride, group=hidden)
    y = b.conv("%s.conv.%d" % (prefix, i + 1), y, hidden, cout, 1, 1)
    y = b.bn("%s.conv.%d" % (prefix, i + 2), y, cout)
    if stride == 1 and cin == cout:
        y = b.op("Add", prefix + ".add", [x, y])
    return y


def build(batch, opset, seed):
    b = Builder(np.random.default_rng(seed))
    x = b.conv_bn_relu6("features.0", "data", 3, 32, 3, 2)
    cin, index = 32, 1
    for t, c, n, s in SETTING:
        for i in range(n):
            x = inverted_residual(b, "features.%d" % index, x, cin, c, s if i == 0 else 1, t)
            cin, index = c, index + 1
    x = b.conv_bn_relu6("features.%d" % index, x, cin, LAST_CHANNELS, 1, 1)
    x = b.op("GlobalAveragePool", "pool", [x])
    x = b.op("Flatten", "flatten", [x], axis=1)
    b.softmax(b.fc("classifier.1", x, LAST_CHANNELS))
    doc = "MobileNet v2 with random weights (seed %d): the classes mean nothing" % seed
    return b.model("mobilenet_v2", batch, opset, doc), b.trainable, b.buffers


def calibrate(model, seed):
    """Sets every BN's running mean/var from a float64 forward, perturbed as make_resnet does;
    returns the logits, the probabilities and the fraction of ReLU6 inputs above 6."""
    clipped = [0, 0]

    def clip_hook(node, x, p):
        clipped[0] += int((x > 6).sum())
        clipped[1] += x.size

    env = zoo_builder.calibrate_batchnorm(model, seed, clip_hook=clip_hook)
    return env["classifier.1"], env["prob"], clipped[0] / max(clipped[1], 1)


def main(argv):
    args = zoo_builder.parse_args(zoo_builder.arg_parser(__doc__), argv)
    model, trainable, buffers = build(args.batch, args.opset, args.seed)
    logits, prob, clipped = calibrate(model, args.seed)
    note = "ReLU6: %.2f%% of its inputs are above 6 and clipped" % (100.0 * clipped)
    return zoo_builder.report("make_mobilenet_v2", "mobilenet_v2", model, args, trainable, buffers, logits, prob,
                              [note])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
