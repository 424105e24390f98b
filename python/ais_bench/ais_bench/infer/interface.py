"""The interface API of ais_bench (`from ais_bench.infer.interface import InferSession`), on the
simulated NPU through pyACL.

InferSession(device_id, model_path, acl_json_path=None, debug=False, loop=1) loads an .om and
runs it on numpy arrays: infer(feeds, mode, custom_sizes, out_array) for one set of inputs
(modes 'static', 'dymbatch', 'dymhw', 'dymdims', 'dymshape': the gear or shape is taken from
the arrays' shapes), infer_pipeline for several sets, infer_iteration for outputs fed back as
inputs. get_inputs() / get_outputs() describe the data inputs and the outputs (name, shape,
datatype, format, size, realsize). summary().exec_time_list holds the simulated device time (ms)
of every execution in order (sumary() is the older name). MemorySummary holds the simulated
H2D / D2H copy times of the process. The real tool's device tensors (aclruntime.Tensor) do not
exist here: out_array=False also returns numpy arrays. Errors raise RuntimeError.
See docs/python.md ("ais_bench").
"""
import atexit
import enum

import numpy as np

import acl

from ais_bench import session as core

MODES = ("static", "dymbatch", "dymhw", "dymdims", "dymshape")


class dtype(enum.IntEnum):  # noqa: N801 - the real aclruntime.dtype's name
    """aclruntime.dtype: the data type of a model input or output (values as aclDataType)."""
    float32 = 0
    float16 = 1
    int8 = 2
    int32 = 3
    uint8 = 4
    int16 = 6
    uint16 = 7
    uint32 = 8
    int64 = 9
    uint64 = 10
    double64 = 11
    bool = 12

    def __str__(self):
        return "dtype." + self.name


NUMPY_OF_DTYPE = {dtype.float32: np.float32, dtype.float16: np.float16, dtype.int8: np.int8, dtype.int32: np.int32,
                  dtype.uint8: np.uint8, dtype.int16: np.int16, dtype.uint16: np.uint16, dtype.uint32: np.uint32,
                  dtype.int64: np.int64, dtype.uint64: np.uint64, dtype.double64: np.float64, dtype.bool: np.bool_}


def _dtype_of(acl_dtype):
    try:
        return dtype(acl_dtype)
    except ValueError:
        return acl_dtype


class TensorDesc:
    """aclruntime.tensor_desc: one input or output of the model."""

    def __init__(self, name, datatype, fmt, shape, size, realsize):
        self.name = name
        self.datatype = datatype
        self.format = fmt
        self.shape = shape
        self.size = size
        self.realsize = realsize

    def __repr__(self):
        return "tensor_desc(name={!r}, shape={}, datatype={}, format={}, size={}, realsize={})".format(
            self.name, self.shape, self.datatype, self.format, self.size, self.realsize)


class InferSummary:
    """What summary() returns: exec_time_list, the simulated device milliseconds of every
    execution since the session was made or reset_summaryinfo() was called."""

    def __init__(self, exec_time_list):
        self.exec_time_list = exec_time_list


class MemorySummary:
    """The simulated host-to-device and device-to-host copy times (ms) of the process, one entry
    per inference, in order."""
    h2d_time_list = []
    d2h_time_list = []

    @staticmethod
    def get_h2d_time_list():
        return list(MemorySummary.h2d_time_list)

    @staticmethod
    def get_d2h_time_list():
        return list(MemorySummary.d2h_time_list)

    # The older names.
    get_H2D_time_list = get_h2d_time_list
    get_D2H_time_list = get_d2h_time_list

    @staticmethod
    def reset():
        del MemorySummary.h2d_time_list[:]
        del MemorySummary.d2h_time_list[:]


def _to_array(feed):
    """One feed (numpy array, numpy scalar, torch tensor) -> a C-contiguous numpy array."""
    if isinstance(feed, np.ndarray):
        arr = feed
    elif isinstance(feed, np.generic):
        arr = np.array(feed).reshape(1)
    elif hasattr(feed, "numpy") and hasattr(feed, "is_contiguous"):  # torch.Tensor
        if hasattr(feed, "detach"):
            feed = feed.detach()
        if hasattr(feed, "cpu"):
            feed = feed.cpu()
        arr = feed.numpy()
    else:
        raise RuntimeError("type:{} invalid".format(type(feed)))
    return np.ascontiguousarray(arr)


def _parse_dims(text, what):
    from ais_bench.cli import parse_dims_list
    try:
        return parse_dims_list(text, what)
    except ValueError as e:
        raise RuntimeError(str(e))


class InferSession:
    """One .om on one simulated device (single process)."""

    def __init__(self, device_id: int, model_path: str, acl_json_path: str = None, debug: bool = False,
                 loop: int = 1):
        if int(loop) < 1:
            raise RuntimeError("loop must be at least 1, not {}".format(loop))
        self.device_id = device_id
        self.model_path = model_path
        self.acl_json_path = acl_json_path
        self.debug = debug
        self.loop = int(loop)
        self._exec_times = []
        self.session = core.InferSession(device_id, model_path, acl_json_path)
        self.outputs_names = [t.name for t in self.session.outputs]
        self.intensors_desc = self.get_inputs()
        self.outtensors_desc = self.get_outputs()
        if debug:
            for i, t in enumerate(self.intensors_desc):
                print("[DEBUG] input {}: {}".format(i, t))
            for i, t in enumerate(self.outtensors_desc):
                print("[DEBUG] output {}: {}".format(i, t))

    # ---- model information ----------------------------------------------------------------
    def get_inputs(self):
        """The data inputs (not atc's dynamic-gear tensor), as tensor_desc."""
        s = self.session
        return [TensorDesc(t.name, _dtype_of(t.dtype), t.format, list(t.dims), t.size, s.real_size(i))
                for i, t in s.data_input_indexes()]

    def get_outputs(self):
        return [TensorDesc(t.name, _dtype_of(t.dtype), t.format, list(t.dims), t.size, t.size)
                for t in self.session.outputs]

    def _is_dynamic(self):
        s = self.session
        return any(t.name == core.DYNAMIC_TENSOR_NAME or any(d < 0 for d in t.dims) for t in s.inputs)

    # ---- settings ---------------------------------------------------------------------------
    def set_loop_count(self, loop):
        if int(loop) < 1:
            raise RuntimeError("loop must be at least 1, not {}".format(loop))
        self.loop = int(loop)

    def set_staticbatch(self):
        self.session.cur_dims = {}

    def set_dynamic_batchsize(self, dym_batch):
        self.session.activate()
        self.session.set_dynamic_batch(int(dym_batch))

    def set_dynamic_hw(self, h: int, w: int):
        """The image-size gear: height, then width (as --dymHW "H,W")."""
        self.session.activate()
        self.session.set_dynamic_hw(int(h), int(w))

    def set_dynamic_dims(self, dym_dims: str):
        """"name:d0,d1;name2:..." -> the dims gear."""
        self.session.activate()
        self.session.set_dynamic_dims(_parse_dims(dym_dims, "dym_dims"))

    def set_dynamic_shape(self, dym_shape: str):
        """"name:d0,d1;name2:..." -> the input shapes of a dynamic-shape model."""
        self.session.activate()
        self.session.set_dynamic_shape(_parse_dims(dym_shape, "dym_shape"))

    def set_custom_outsize(self, custom_sizes):
        """Output buffer sizes in bytes (dynamic-shape models), one per output."""
        self.session.activate()
        self.session.set_output_sizes([int(n) for n in custom_sizes])

    def get_max_dym_batchsize(self):
        info, ret = acl.mdl.get_dynamic_batch(self.session.desc)
        core.check("acl.mdl.get_dynamic_batch", ret)
        batches = info.get("batch", [])
        return max(batches) if batches else -1

    # ---- inference ----------------------------------------------------------------------------
    def _prepare(self, mode, arrays, custom_sizes):
        """Sets the gear / shapes of `mode` from the arrays' shapes; returns whether the arrays
        must fill the inputs exactly."""
        if mode not in MODES:
            raise RuntimeError('wrong infer_mode:{}, only support "static","dymbatch","dymhw","dymdims",'
                               '"dymshape"'.format(mode))
        shapes = [list(a.shape) for a in arrays]
        descs = self.get_inputs()
        if mode != "static" and len(shapes) != len(descs):
            raise RuntimeError("input datas and intensors nums not matched!")
        s = self.session
        if mode == "static":
            return True
        if mode == "dymbatch":
            for desc, shape in zip(descs, shapes):
                for j, dim in enumerate(shape):
                    if j < len(desc.shape) and desc.shape[j] < 0:
                        s.set_dynamic_batch(int(dim))
                        return False
                    if j >= len(desc.shape) or desc.shape[j] != dim:
                        raise RuntimeError("input datas and intensors dim not matched!")
            raise RuntimeError("not a dymbatch model!")
        if mode == "dymhw":
            for desc, shape in zip(descs, shapes):
                if len(desc.shape) >= 4 and len(shape) >= 4 and desc.shape[2] < 0 and desc.shape[3] < 0:
                    s.set_dynamic_hw(int(shape[2]), int(shape[3]))
                    return False
            raise RuntimeError("not a dymhw model!")
        dims = {desc.name: [int(d) for d in shape] for desc, shape in zip(descs, shapes)}
        if mode == "dymdims":
            s.set_dynamic_dims(dims)
            return False
        if isinstance(custom_sizes, int):
            custom_sizes = [custom_sizes] * len(s.outputs)
        elif not isinstance(custom_sizes, list):
            raise RuntimeError("custom_sizes:{} type:{} invalid".format(custom_sizes, type(custom_sizes)))
        s.set_dynamic_shape(dims)
        s.set_output_sizes(custom_sizes)
        return False

    def _execute(self, arrays, exact):
        s = self.session
        h2d = s.set_inputs([a.tobytes() for a in arrays], exact)
        for _ in range(self.loop):
            ms, _ = s.run()
            self._exec_times.append(ms)
        outputs, d2h = s.get_outputs()
        MemorySummary.h2d_time_list.append(h2d)
        MemorySummary.d2h_time_list.append(d2h)
        arrays = []
        for (raw, dims), t in zip(outputs, s.outputs):
            arr = np.frombuffer(raw, dtype=NUMPY_OF_DTYPE.get(_dtype_of(t.dtype), np.uint8)).copy()
            if dims and all(d >= 0 for d in dims) and int(np.prod(dims, dtype=np.int64)) == arr.size:
                arr = arr.reshape(dims)
            arrays.append(arr)
        return arrays

    def _arrays(self, feeds):
        if isinstance(feeds, dict):
            try:
                feeds = [feeds[d.name] for d in self.get_inputs()]
            except KeyError as e:
                raise RuntimeError("feeds has no array for input {}".format(e))
        if isinstance(feeds, (np.ndarray, np.generic)) or hasattr(feeds, "is_contiguous"):
            feeds = [feeds]
        return [_to_array(f) for f in feeds]

    def run(self, feeds, out_array=False):
        """Runs on the feeds as the gear / shapes set before (set_dynamic_*); returns the outputs
        as numpy arrays."""
        self.session.activate()
        return self._execute(self._arrays(feeds), exact=not self._is_dynamic())

    def infer(self, feeds, mode="static", custom_sizes=100000, out_array=True):
        """One inference on feeds (a list of arrays in get_inputs() order, or a dict by input
        name); returns the outputs as a list of numpy arrays (also for out_array=False)."""
        arrays = self._arrays(feeds)
        self.session.activate()
        exact = self._prepare(mode, arrays, custom_sizes)
        return self._execute(arrays, exact)

    def infer_pipeline(self, feeds_list, mode="static", custom_sizes=100000):
        """infer() on each feeds of feeds_list, in order; returns [outputs of each feeds]."""
        return [self.infer(feeds, mode, custom_sizes) for feeds in feeds_list]

    def infer_iteration(self, feeds, in_out_list=None, iteration_times=1, mode="static", custom_sizes=100000,
                        mem_copy=True):
        """iteration_times inferences; before each one after the first, input i takes output
        in_out_list[i] of the previous one (-1: keeps its feed). Returns the last outputs."""
        in_out_list = list(in_out_list or [])
        if len(in_out_list) != len(self.get_inputs()):
            raise RuntimeError("inputs' amount and length of in_out_list not matched!")
        arrays = self._arrays(feeds)
        outputs = self.infer(arrays, mode, custom_sizes)
        for _ in range(int(iteration_times) - 1):
            arrays = [arrays[i] if src < 0 else outputs[src] for i, src in enumerate(in_out_list)]
            outputs = self.infer(arrays, mode, custom_sizes)
        return outputs

    # ---- performance ----------------------------------------------------------------------------
    def summary(self):
        return InferSummary(list(self._exec_times))

    sumary = summary  # the older (misspelled) name

    def reset_summaryinfo(self):
        del self._exec_times[:]

    reset_sumaryinfo = reset_summaryinfo

    # ---- release ------------------------------------------------------------------------------
    def free_resource(self):
        """Releases the model, its buffers, stream, context and device; acl.finalize when no
        other session of the process is alive."""
        self.session.free()

    @staticmethod
    def finalize():
        """Releases every session of the process and finalizes AscendCL."""
        for s in list(core._acl_users):
            s.free()


atexit.register(InferSession.finalize)
