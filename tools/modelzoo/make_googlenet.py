#!/usr/bin/python3
"""Writes GoogLeNet (Inception v1, the BVLC Caffe layout) as ONNX with seeded random weights.

  make_googlenet.py --batch N|-1 --out googlenet.onnx [--seed S] [--opset 11..17]

Layout as BVLC Caffe's models/bvlc_googlenet/deploy.prototxt: conv1/7x7_s2 (64, 7x7/2 pad 3) +
ReLU, pool1/3x3_s2 (MaxPool 3x3/2, Caffe's CEIL rounding: ONNX ceil_mode=1 without pads),
pool1/norm1 (LRN size 5, alpha 1e-4, beta 0.75), conv2/3x3_reduce (64, 1x1), conv2/3x3 (192,
3x3 pad 1), conv2/norm2, pool2/3x3_s2, inception 3a 3b, pool3/3x3_s2, inception 4a..4e,
pool4/3x3_s2, inception 5a 5b, pool5/7x7_s1 (AveragePool 7x7), pool5/drop_7x7_s1 (Dropout 0.4,
the identity at inference), pool5/flatten (Flatten; Caffe's InnerProduct flattens by itself),
loss3/classifier (Gemm, 1000 classes), prob (Softmax). An
inception module is 1x1 / 3x3_reduce + 3x3 / 5x5_reduce + 5x5 / pool (MaxPool 3x3/1 pad 1) +
pool_proj, each convolution followed by a ReLU, concatenated on channels (`<module>/output`).
Every convolution has a bias and there is no BatchNorm, as in BVLC GoogLeNet; no auxiliary
classifiers (deploy). Input `data` [N,3,224,224] fp32, output `prob` [N,1000]; --batch -1
makes N symbolic. Node names are the BVLC layer names ("inception_3a/1x1",
"inception_3a/relu_1x1", ...), initializers "<layer>.weight" / "<layer>.bias" (and from opset
12 the Dropout ratio "pool5/drop_7x7_s1.ratio", not a parameter).

Weights are random and deterministic from --seed. Without BatchNorm nothing keeps the
activations in range, so the convolutions are calibrated instead: a float64 forward of the
synthetic calibration image (zoo_builder's) goes layer by layer, and each convolution's weights
(drawn He normal, fan_out) are multiplied by the one factor that gives its output, before the bias,
the standard deviation TARGET_STD on that image (1; LRN_INPUT_STD = 32 for conv1/7x7_s2 and
conv2/3x3, which feed the LRNs, so that the LRNs normalise by several percent instead of 1e-5);
the bias is then TARGET * N(0.2, 0.2) (BVLC fills biases with 0.2). The classifier is He-normal
on its 1024 inputs. The predicted classes mean nothing. Prints the parameter count (BVLC's
6,998,552), a logits stats line and a line on the activations' range and the LRNs' effect.

The Builder base and the calibration image are zoo_builder's; the reference forward (the
calibration's, and test_more_models.py's) is onnx_ref.run, with a hook on each Conv.
"""
import sys

import numpy as np
from onnx import helper

import onnx_ref
import zoo_builder

# module: 1x1, 3x3 reduce, 3x3, 5x5 reduce, 5x5, pool proj (BVLC deploy.prototxt num_output)
INCEPTION = [
    ("inception_3a", 64, 96, 128, 16, 32, 32),
    ("inception_3b", 128, 128, 192, 32, 96, 64),
    "pool3/3x3_s2",
    ("inception_4a", 192, 96, 208, 16, 48, 64),
    ("inception_4b", 160, 112, 224, 24, 64, 64),
    ("inception_4c", 128, 128, 256, 24, 64, 64),
    ("inception_4d", 112, 144, 288, 32, 64, 64),
    ("inception_4e", 256, 160, 320, 32, 128, 128),
    "pool4/3x3_s2",
    ("inception_5a", 256, 160, 320, 32, 128, 128),
    ("inception_5b", 384, 192, 384, 48, 128, 128),
]
TARGET_STD = 1.0  # every convolution's output std (before the bias) on the calibration image ...
LRN_INPUT_STD = 32.0  # ... but for the two whose ReLU output reaches an LRN
LRN_FED = ("conv1/7x7_s2", "conv2/3x3")
DROPOUT_RATIO = 0.4


class Builder(zoo_builder.Builder):
    """zoo_builder's, plus GoogLeNet's layers."""

    def conv_relu(self, name, relu, x, cin, cout, k, stride=1, pad=0):
        """Conv `name` (weight, bias) + Relu `relu`. The weights are placeholders in scale: He
        normal (fan_out) until calibrate() rescales them; the bias holds N(0.2, 0.2), multiplied
        by the layer's target std at calibration."""
        return self.op("Relu", relu, [self.conv(name, x, cin, cout, k, stride, pad, bias=(0.2, 0.2))])

    def max_pool(self, name, x, k, stride, pad=0, ceil=False):
        attrs = dict(kernel_shape=[k, k], strides=[stride] * 2, pads=[pad] * 4)
        if ceil:
            attrs["ceil_mode"] = 1
        return self.op("MaxPool", name, [x], **attrs)

    def lrn(self, name, x):
        return self.op("LRN", name, [x], size=5, alpha=1e-4, beta=0.75, bias=1.0)


def inception(b, prefix, x, cin, n1, n3r, n3, n5r, n5, npool):
    y1 = b.conv_relu(prefix + "/1x1", prefix + "/relu_1x1", x, cin, n1, 1)
    y3 = b.conv_relu(prefix + "/3x3_reduce", prefix + "/relu_3x3_reduce", x, cin, n3r, 1)
    y3 = b.conv_relu(prefix + "/3x3", prefix + "/relu_3x3", y3, n3r, n3, 3, 1, 1)
    y5 = b.conv_relu(prefix + "/5x5_reduce", prefix + "/relu_5x5_reduce", x, cin, n5r, 1)
    y5 = b.conv_relu(prefix + "/5x5", prefix + "/relu_5x5", y5, n5r, n5, 5, 1, 2)
    yp = b.max_pool(prefix + "/pool", x, 3, 1, 1)  # floor and ceil agree at stride 1 pad 1
    yp = b.conv_relu(prefix + "/pool_proj", prefix + "/relu_pool_proj", yp, cin, npool, 1)
    return b.op("Concat", prefix + "/output", [y1, y3, y5, yp], axis=1), n1 + n3 + n5 + npool


def build(batch, opset, seed):
    b = Builder(np.random.default_rng(seed))
    x = b.conv_relu("conv1/7x7_s2", "conv1/relu_7x7", "data", 3, 64, 7, 2, 3)
    x = b.lrn("pool1/norm1", b.max_pool("pool1/3x3_s2", x, 3, 2, ceil=True))
    x = b.conv_relu("conv2/3x3_reduce", "conv2/relu_3x3_reduce", x, 64, 64, 1)
    x = b.conv_relu("conv2/3x3", "conv2/relu_3x3", x, 64, 192, 3, 1, 1)
    x = b.max_pool("pool2/3x3_s2", b.lrn("conv2/norm2", x), 3, 2, ceil=True)
    cin = 192
    for spec in INCEPTION:
        if isinstance(spec, str):
            x = b.max_pool(spec, x, 3, 2, ceil=True)
        else:
            x, cin = inception(b, spec[0], x, cin, *spec[1:])
    x = b.op("AveragePool", "pool5/7x7_s1", [x], kernel_shape=[7, 7], strides=[1, 1], pads=[0] * 4)
    if opset >= 12:  # the ratio became an input in opset 12
        b.init("pool5/drop_7x7_s1.ratio", np.array(DROPOUT_RATIO), kind=None)
        x = b.op("Dropout", "pool5/drop_7x7_s1", [x, "pool5/drop_7x7_s1.ratio"])
    else:
        x = b.op("Dropout", "pool5/drop_7x7_s1", [x], ratio=DROPOUT_RATIO)
    x = b.op("Flatten", "pool5/flatten", [x], axis=1)  # Caffe's InnerProduct flattens its bottom itself
    b.softmax(b.fc("loss3/classifier", x, cin), name="prob")
    doc = "GoogLeNet (BVLC layout) with random weights (seed %d): the classes mean nothing" % seed
    return b.model("googlenet", batch, opset, doc), b.trainable


def calibrate(model, seed):
    """Scales every convolution (see the module doc) on a float64 forward of the calibration
    image and writes the weights and biases back; returns the logits, the probabilities and
    every tensor of that forward."""
    measured = set()

    def hook(node, x, p):
        target = LRN_INPUT_STD if node.name in LRN_FED else TARGET_STD
        a = {at.name: helper.get_attribute_value(at) for at in node.attribute}
        y = onnx_ref.conv2d(x, p["weight"], None, a["strides"], a["pads"])
        p["weight"] = p["weight"] * (target / max(float(y.std()), 1e-12))
        p["bias"] = p["bias"] * target
        measured.add(node.name)

    env = onnx_ref.run(model, {"data": zoo_builder.calibration_image(seed)}, dtype=np.float64, conv_hook=hook,
                       keep=True)
    zoo_builder.store(model, env, lambda name: name.rsplit(".", 1)[0] in measured)
    return env["loss3/classifier"], env["prob"], env


def main(argv):
    args = zoo_builder.parse_args(zoo_builder.arg_parser(__doc__), argv)
    model, params = build(args.batch, args.opset, args.seed)
    logits, prob, env = calibrate(model, args.seed)
    relus = [n.output[0] for n in model.graph.node if n.op_type == "Relu"]
    peak = max(float(np.abs(env[r]).max()) for r in relus)
    shrink = [float(np.abs(env[n]).sum() / max(float(np.abs(env[src]).sum()), 1e-30))
              for n, src in (("pool1/norm1", "pool1/3x3_s2"), ("conv2/norm2", "conv2/relu_3x3"))]
    note = ("activations: largest ReLU output %.1f; the LRNs keep %.3f and %.3f of their input's magnitude"
            % (peak, shrink[0], shrink[1]))
    return zoo_builder.report("make_googlenet", "googlenet", model, args, params, 0, logits, prob, [note])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
