"""What the twin writers share (onnx_to_caffe.py, onnx_to_tf.py): a model-zoo ONNX model's walk
turned into another framework's files.

- Refused: the model uses something the twin cannot express exactly (the message names the node).
- compile_proto(): one of the project's own .proto schemas compiled with protoc into a temporary
  directory (once per process) and imported.
- TwinConverter: the per-node helpers both converters use: refuse() naming the node, weight()
  (an initializer as float32), clip_bound() (Clip's bounds from attributes or constant inputs).
  A subclass sets TOOL ("onnx_to_tf") and TWIN ("TensorFlow") and has self.node, self.inits,
  self.opset.
"""
import importlib.util
import os
import shutil
import subprocess
import tempfile

import numpy as np
import onnx
from onnx import helper, numpy_helper


class Refused(Exception):
    """The model uses something the twin cannot express exactly."""


_modules = {}


def compile_proto(proto_dir, proto_file, module_name, protoc=None):
    """Compiles proto_dir/proto_file with protoc (once per process) and returns the module."""
    key = os.path.join(proto_dir, proto_file)
    if key in _modules:
        return _modules[key]
    protoc = protoc or os.environ.get("PROTOC") or shutil.which("protoc")
    if not protoc:
        raise Refused("protoc not found (install protobuf-compiler, or pass --protoc)")
    tmp = tempfile.mkdtemp(prefix="twin_proto_")
    try:
        r = subprocess.run([protoc, "--python_out=" + tmp, "-I", proto_dir, key], capture_output=True, text=True)
        if r.returncode != 0:
            raise Refused("%s failed (exit %d) on %s: %s" % (protoc, r.returncode, key, r.stderr.strip() or "no message"))
        generated = os.path.join(tmp, os.path.splitext(proto_file)[0] + "_pb2.py")
        spec = importlib.util.spec_from_file_location(module_name, generated)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    _modules[key] = module
    return module


def attrs(node):
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


class TwinConverter:
    TOOL = "onnx_to_twin"
    TWIN = "twin"

    def refuse(self, why):
        n = self.node
        where = "node %r (%s)" % (n.name or n.output[0], n.op_type) if n is not None else "the graph"
        raise Refused("%s: %s: %s" % (self.TOOL, where, why))

    def weight(self, name, what):
        if name not in self.inits:
            self.refuse("%s %r must be an initializer (a constant), not a computed value" % (what, name))
        t = self.inits[name]
        if t.data_type != onnx.TensorProto.FLOAT:
            self.refuse("%s %r is %s; the %s twin stores float32 only"
                        % (what, name, onnx.TensorProto.DataType.Name(t.data_type), self.TWIN))
        return numpy_helper.to_array(t).astype(np.float32)

    def clip_bound(self, n, a, index, attr):
        """Clip's lower (index 1) or upper (2) bound: a constant input from opset 11, an attribute
        before; None when absent (unbounded)."""
        if self.opset < 11:
            value = a.get(attr)
        elif len(n.input) > index and n.input[index]:
            t = self.weight(n.input[index], attr)
            if t.size != 1:
                self.refuse("%s %r is not a scalar (shape %s)" % (attr, n.input[index], t.shape))
            value = float(t.reshape(-1)[0])
        else:
            value = None
        if value is not None and abs(value) >= float(np.finfo(np.float32).max):
            return None  # Clip-6's defaults (the float extremes) and +-inf: no bound
        return value
