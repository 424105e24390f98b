"""What the model zoo's generators share (make_resnet.py, make_googlenet.py, make_mobilenet_v2.py).

- Builder: collects a graph's nodes and initializers, draws the weights from one seeded numpy
  generator in the order the layers are added (so the same seed gives the same bytes), counts
  the parameters (torchvision's parameters(): weights, biases, BN gamma/beta; BN running
  statistics apart as buffers; constants such as Clip bounds not at all), and adds the layers
  the generators have in common: He-normal Conv (fan_out, as torchvision), BatchNormalization
  with random gamma/beta and placeholder statistics, the fc (Gemm) classifier, the Softmax, and
  the ModelProto around them (input `data` [N,3,224,224], output `prob` [N,1000]).
- calibration_image(): the synthetic, mean-subtracted BGR image the weights are calibrated on,
  with calibrate_batchnorm() (every BN's running statistics measured on it by a float64
  onnx_ref forward, then perturbed) and store() (calibrated tensors back into the initializers).
- The command line (--batch, --out, --seed, --opset) and report(): the parameter line, the
  stats line of the calibration image's logits, and the check that they are not degenerate.
"""
import argparse
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import onnx_ref

NUM_CLASSES = 1000
BGR_MEAN = (104.0, 117.0, 123.0)  # the public ResNet-50 sample's mean subtraction
IMAGE = [3, 224, 224]


class Builder:
    """Collects nodes and initializers; draws weights from one seeded generator in order."""

    BN_GAMMA = (0.5, 1.5)  # BatchNorm gamma ~ U(BN_GAMMA); beta ~ N(0, 0.25)

    def __init__(self, rng):
        self.rng = rng
        self.nodes = []
        self.inits = []
        self.trainable = 0  # conv/fc weights and biases, BN gamma/beta (torchvision parameters())
        self.buffers = 0  # BN running mean/var

    def init(self, name, array, kind="trainable"):
        """Adds initializer `name` (as float32) counted as `kind`: "trainable", "buffer" or None."""
        array = np.array(array, dtype=np.float32, order="C")
        self.inits.append(numpy_helper.from_array(array, name))
        if kind == "trainable":
            self.trainable += array.size
        elif kind == "buffer":
            self.buffers += array.size

    def op(self, op_type, name, inputs, **attrs):
        """Adds node `name` whose one output is also called `name`; returns that name."""
        self.nodes.append(helper.make_node(op_type, inputs, [name], name=name, **attrs))
        return name

    def conv(self, name, x, cin, cout, k, stride=1, pad=None, group=1, bias=None):
        """Conv `name` (k x k, `group` groups; pad (k - 1) / 2 unless given): weight `name`.weight
        He normal with fan_out = cout / group * k * k (torchvision's), then, when `bias` is a
        (mean, std) pair, `name`.bias ~ N(mean, std)."""
        std = np.sqrt(2.0 / (cout // group * k * k))
        self.init(name + ".weight", self.rng.standard_normal((cout, cin // group, k, k)) * std)
        inputs = [x, name + ".weight"]
        if bias is not None:
            self.init(name + ".bias", self.rng.normal(bias[0], bias[1], cout))
            inputs.append(name + ".bias")
        pad = (k - 1) // 2 if pad is None else pad
        return self.op("Conv", name, inputs, kernel_shape=[k, k], strides=[stride] * 2, pads=[pad] * 4,
                       dilations=[1, 1], group=group)

    def bn(self, name, x, c):
        """BatchNormalization `name`: gamma, beta drawn here; the running mean/var are the
        placeholders 0 and 1 until calibrate_batchnorm() measures them."""
        self.init(name + ".weight", self.rng.uniform(self.BN_GAMMA[0], self.BN_GAMMA[1], c))
        self.init(name + ".bias", self.rng.normal(0.0, 0.25, c))
        self.init(name + ".running_mean", np.zeros(c), kind="buffer")
        self.init(name + ".running_var", np.ones(c), kind="buffer")
        ins = [x] + [name + s for s in (".weight", ".bias", ".running_mean", ".running_var")]
        return self.op("BatchNormalization", name, ins, epsilon=1e-5, momentum=0.9)

    def fc(self, name, x, cin):
        """Gemm `name` to NUM_CLASSES: weight He normal on its `cin` inputs, bias U(-1, 1) / sqrt(cin)."""
        self.init(name + ".weight", self.rng.standard_normal((NUM_CLASSES, cin)) * np.sqrt(2.0 / cin))
        self.init(name + ".bias", self.rng.uniform(-1.0, 1.0, NUM_CLASSES) / np.sqrt(cin))
        return self.op("Gemm", name, [x, name + ".weight", name + ".bias"], alpha=1.0, beta=1.0, transB=1)

    def softmax(self, x, name="softmax"):
        """Softmax over the classes into the graph output `prob`."""
        self.nodes.append(helper.make_node("Softmax", [x], ["prob"], name=name, axis=1))
        return "prob"

    def model(self, graph_name, batch, opset, doc):
        """The ModelProto: input `data` [batch,3,224,224], output `prob` [batch,1000] (batch -1:
        the symbolic N)."""
        n = "N" if batch < 0 else batch
        graph = helper.make_graph(
            self.nodes, graph_name,
            [helper.make_tensor_value_info("data", TensorProto.FLOAT, [n] + IMAGE)],
            [helper.make_tensor_value_info("prob", TensorProto.FLOAT, [n, NUM_CLASSES])],
            self.inits)
        return helper.make_model(graph, producer_name="ascend-sim tools/modelzoo", producer_version="1",
                                 opset_imports=[helper.make_opsetid("", opset)], doc_string=doc)


def calibration_image(seed):
    """A smooth synthetic BGR image, mean-subtracted like the sample's input: [1,3,224,224]."""
    rng = np.random.default_rng([seed, 2])
    coarse = rng.uniform(0, 255, (3, 8, 8))
    img = np.kron(coarse, np.ones((28, 28))) + rng.normal(0, 20, (3, 224, 224))
    img = np.clip(img, 0, 255) - np.array(BGR_MEAN).reshape(3, 1, 1)
    return img[None]


def store(model, env, names):
    """Copies env[name] (as float32) into every initializer of `model` whose name `names` accepts."""
    for t in model.graph.initializer:
        if names(t.name):
            t.CopyFrom(numpy_helper.from_array(env[t.name].astype(np.float32), t.name))


def calibrate_batchnorm(model, seed, **hooks):
    """Sets every BN's running mean/var from a float64 onnx_ref forward of the calibration image:
    the measured per-channel statistics, perturbed (mean + 0.1 sigma N(0, 1), var * exp(0.2
    N(0, 1))). `hooks` go to onnx_ref.run as well. Returns every tensor of that forward."""
    rng = np.random.default_rng([seed, 1])

    def bn_hook(node, x, p):
        m = x.mean(axis=(0, 2, 3))
        v = np.maximum(x.var(axis=(0, 2, 3)), 1e-3)
        # Not the exact statistics: real BN layers see slightly different data at inference.
        p["mean"] = m + 0.1 * np.sqrt(v) * rng.standard_normal(m.shape)
        p["var"] = v * np.exp(0.2 * rng.standard_normal(v.shape))

    env = onnx_ref.run(model, {"data": calibration_image(seed)}, dtype=np.float64, bn_hook=bn_hook, keep=True,
                       **hooks)
    store(model, env, lambda name: name.endswith((".running_mean", ".running_var")))
    return env


def arg_parser(doc):
    """--batch, --out, --seed, --opset; the description is `doc`'s first paragraph."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--batch", type=int, default=1, help="batch size, or -1 for a symbolic N")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opset", type=int, choices=range(11, 18), default=13, metavar="11..17")
    return ap


def parse_args(ap, argv):
    args = ap.parse_args(argv)
    if args.batch == 0 or args.batch < -1:
        ap.error("--batch must be positive or -1")
    return args


def report(tool, name, model, args, trainable, buffers, logits, prob, notes=()):
    """Checks and saves `model` to args.out, prints the parameter line, the stats line of the
    calibration image's logits, `notes` and the random-weights warning; returns the exit status
    (1, with a message from `tool`, when the logits are NaN or all equal)."""
    onnx.checker.check_model(model)
    onnx.save(model, args.out)
    statistics = "; plus %d BatchNorm running statistics" % buffers if buffers else ""
    top = np.argsort(-prob[0])[:5]
    print("%s: %d parameters (%.2f M%s), %d nodes, opset %d, batch %s, seed %d -> %s"
          % (name, trainable, trainable / 1e6, statistics, len(model.graph.node), args.opset,
             "N" if args.batch < 0 else args.batch, args.seed, args.out))
    print("stats on the calibration image: logits min %.3f max %.3f mean %.3f std %.3f, nan %d; "
          "top-1 class %d prob %.4f; top-5 %s" % (logits.min(), logits.max(), logits.mean(), logits.std(),
                                                 int(np.isnan(logits).sum()), top[0], prob[0, top[0]],
                                                 " ".join(str(i) for i in top)))
    for line in notes:
        print(line)
    print("weights are random: the predicted classes mean nothing")
    if not np.isfinite(logits).all() or logits.std() < 1e-3:
        print("%s: degenerate logits (NaN or all equal)" % tool, file=sys.stderr)
        return 1
    return 0
