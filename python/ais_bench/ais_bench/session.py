"""InferSession: one model on one simulated device through pyACL, with the timing ais_bench
reports. Owns the context, stream, model, datasets and buffers it creates, and frees them in
free() (also on every failure path of __init__). Not thread-safe: one session per thread.
Several sessions may live in one process: acl.init runs for the first and acl.finalize after the
last is freed; activate() makes a session's context current before it is used.
Failures raise SessionError with pyACL's ret and acl.get_recent_err_msg()."""
import time

import numpy as np

import acl

ACL_SUCCESS = 0
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2
ACL_ERROR_REPEAT_INITIALIZE = 100002
NPY_UINT8 = 2
DYNAMIC_TENSOR_NAME = "ascend_mbatch_shape_data"

# Sessions of this process that hold acl.init (the last one freed calls acl.finalize).
_acl_users = []


class SessionError(RuntimeError):
    """A failed pyACL call or a misuse of the session (a RuntimeError, as the real aclruntime's)."""


def check(what, ret):
    if ret != ACL_SUCCESS:
        raise SessionError("{} failed, ret {}: {}".format(what, ret, acl.get_recent_err_msg()))


class TensorInfo:
    def __init__(self, name, size, dtype, dims, fmt):
        self.name = name
        self.size = size
        self.dtype = dtype
        self.dims = dims
        self.format = fmt


class InferSession:
    def __init__(self, device_id, model_path, acl_json_path=None, log=print, output_sizes=None):
        self.device_id = device_id
        self.log = log
        self.context = self.stream = self.desc = None
        self.model_id = None
        self.inputs, self.outputs = [], []
        self.in_dataset = self.out_dataset = None
        self._in_buffers, self._out_buffers = [], []  # (device pointer, data buffer, bytes)
        self.cur_dims = {}  # data input index -> the dims the current gear / shape gives it
        self._host_staging = {}
        self._initialized = False
        self._device_set = False
        try:
            self._open(model_path, acl_json_path, output_sizes)
        except Exception:
            self.free()
            raise

    # ---- set-up -------------------------------------------------------------------------
    def _open(self, model_path, acl_json_path, output_sizes):
        if not _acl_users:
            check("acl.init", acl.init(acl_json_path))
            self.log("[INFO] acl init success")
        elif acl_json_path:
            self.log("[WARNING] acl is already initialized in this process: {} is not read".format(acl_json_path))
        _acl_users.append(self)
        self._initialized = True
        check("acl.rt.set_device", acl.rt.set_device(self.device_id))
        self._device_set = True
        self.log("[INFO] open device {} success".format(self.device_id))
        self.context, ret = acl.rt.create_context(self.device_id)
        check("acl.rt.create_context", ret)
        self.stream, ret = acl.rt.create_stream()
        check("acl.rt.create_stream", ret)
        self.model_id, ret = acl.mdl.load_from_file(model_path)
        check("acl.mdl.load_from_file({})".format(model_path), ret)
        self.log("[INFO] load model {} success".format(model_path))
        self.desc = acl.mdl.create_desc()
        check("acl.mdl.get_desc", acl.mdl.get_desc(self.desc, self.model_id))
        self.log("[INFO] create model description success")
        for i in range(acl.mdl.get_num_inputs(self.desc)):
            dims, ret = acl.mdl.get_input_dims(self.desc, i)
            check("acl.mdl.get_input_dims", ret)
            self.inputs.append(TensorInfo(dims["name"], acl.mdl.get_input_size_by_index(self.desc, i),
                                          acl.mdl.get_input_data_type(self.desc, i), dims["dims"],
                                          acl.mdl.get_input_format(self.desc, i)))
        for i in range(acl.mdl.get_num_outputs(self.desc)):
            dims, ret = acl.mdl.get_output_dims(self.desc, i)
            check("acl.mdl.get_output_dims", ret)
            size = acl.mdl.get_output_size_by_index(self.desc, i)
            if output_sizes and i < len(output_sizes) and output_sizes[i] > 0:
                size = output_sizes[i]
            self.outputs.append(TensorInfo(dims["name"], size, acl.mdl.get_output_data_type(self.desc, i),
                                           dims["dims"], acl.mdl.get_output_format(self.desc, i)))
        self.in_dataset = self._dataset([t.size for t in self.inputs], self._in_buffers)
        self.out_dataset = self._dataset([t.size for t in self.outputs], self._out_buffers)

    def _dataset(self, sizes, buffers):
        ds = acl.mdl.create_dataset()
        for size in sizes:
            ptr, ret = acl.rt.malloc(max(size, 1), ACL_MEM_MALLOC_HUGE_FIRST)
            check("acl.rt.malloc({})".format(size), ret)
            check("acl.rt.memset", acl.rt.memset(ptr, max(size, 1), 0, max(size, 1)))
            buf = acl.create_data_buffer(ptr, size)
            buffers.append((ptr, buf, size))
            _, ret = acl.mdl.add_dataset_buffer(ds, buf)
            check("acl.mdl.add_dataset_buffer", ret)
        return ds

    @staticmethod
    def _free_dataset(ds, buffers):
        for ptr, buf, _ in buffers:
            acl.destroy_data_buffer(buf)
            acl.rt.free(ptr)
        del buffers[:]
        if ds:
            acl.mdl.destroy_dataset(ds)

    def set_output_sizes(self, sizes):
        """Gives output i a device buffer of sizes[i] bytes (dynamic-shape models, whose outputs
        the model cannot size: --outputSize, custom_sizes)."""
        if len(sizes) < len(self.outputs):
            sizes = list(sizes) + [t.size for t in self.outputs[len(sizes):]]
        sizes = [int(s) if int(s) > 0 else t.size for s, t in zip(sizes, self.outputs)]
        if sizes == [size for _, _, size in self._out_buffers]:
            return
        self._free_dataset(self.out_dataset, self._out_buffers)
        self.out_dataset = None
        for t, size in zip(self.outputs, sizes):
            t.size = size
        self.out_dataset = self._dataset(sizes, self._out_buffers)

    def ensure_input_capacity(self, nbytes):
        """Grows the device buffers of the data inputs to hold nbytes[i] (dynamic-shape inputs
        bigger than the model's size; set_dynamic_shape calls it). Rebuilds the input dataset,
        which drops the tensor descriptions and gear set on it before."""
        sizes = [size for _, _, size in self._in_buffers]
        grow = False
        for (i, _), n in zip(self.data_input_indexes(), nbytes):
            if n > sizes[i]:
                sizes[i] = n
                grow = True
        if not grow:
            return
        self._free_dataset(self.in_dataset, self._in_buffers)
        self.in_dataset = None
        self.in_dataset = self._dataset(sizes, self._in_buffers)

    def activate(self):
        """Makes the session's context the thread's current one (several sessions in a thread)."""
        check("acl.rt.set_context", acl.rt.set_context(self.context))

    def data_input_indexes(self):
        return [(i, t) for i, t in enumerate(self.inputs) if t.name != DYNAMIC_TENSOR_NAME]

    def real_size(self, index):
        """Bytes input `index` takes for the current gear or shape (its size for static dims)."""
        t = self.inputs[index]
        dims = self.cur_dims.get(index, t.dims)
        elem = acl.data_type_size(t.dtype)
        if elem <= 0 or not dims or any(d < 0 for d in dims):
            return t.size
        return int(np.prod(dims, dtype=np.int64)) * elem

    def _resolve_dims(self, resolve):
        """cur_dims of every data input: resolve(position, dim) for each negative dim."""
        self.cur_dims = {}
        for i, t in self.data_input_indexes():
            if any(d < 0 for d in t.dims):
                self.cur_dims[i] = [resolve(j, d) if d < 0 else d for j, d in enumerate(t.dims)]

    @property
    def data_inputs(self):
        """The inputs a user feeds (not the dynamic-gear tensor atc adds)."""
        return [t for t in self.inputs if t.name != DYNAMIC_TENSOR_NAME]

    def dynamic_index(self):
        for i, t in enumerate(self.inputs):
            if t.name == DYNAMIC_TENSOR_NAME:
                return i
        raise SessionError("the model has no dynamic batch / image size / dims input ({})".format(DYNAMIC_TENSOR_NAME))

    # ---- dynamic gears and shapes ---------------------------------------------------------
    def set_dynamic_batch(self, batch):
        check("acl.mdl.set_dynamic_batch_size",
              acl.mdl.set_dynamic_batch_size(self.model_id, self.in_dataset, self.dynamic_index(), batch))
        self._resolve_dims(lambda j, d: batch)

    def set_dynamic_hw(self, height, width):
        check("acl.mdl.set_dynamic_hw_size",
              acl.mdl.set_dynamic_hw_size(self.model_id, self.in_dataset, self.dynamic_index(), height, width))
        self._resolve_dims(lambda j, d: height if j == 2 else width if j == 3 else d)

    def set_dynamic_dims(self, dims_by_name):
        all_dims = []
        for t in self.data_inputs:
            if t.name not in dims_by_name:
                raise SessionError("--dymDims names no dims for input '{}'".format(t.name))
            all_dims += dims_by_name[t.name]
        dims = {"name": "", "dimCount": len(all_dims), "dims": all_dims}
        check("acl.mdl.set_input_dynamic_dims",
              acl.mdl.set_input_dynamic_dims(self.model_id, self.in_dataset, self.dynamic_index(), dims))
        self.cur_dims = {i: list(dims_by_name[t.name]) for i, t in self.data_input_indexes()}

    def set_dynamic_shape(self, dims_by_name):
        needed = []
        for i, t in self.data_input_indexes():
            dims = dims_by_name.get(t.name)
            elem = acl.data_type_size(t.dtype)
            needed.append(int(np.prod(dims, dtype=np.int64)) * elem if dims and elem > 0 else 0)
        self.ensure_input_capacity(needed)
        self.cur_dims = {}
        for i, t in enumerate(self.inputs):
            if t.name not in dims_by_name:
                continue
            self.cur_dims[i] = list(dims_by_name[t.name])
            desc = acl.create_tensor_desc(t.dtype, dims_by_name[t.name], t.format)
            if desc == 0:
                raise SessionError("acl.create_tensor_desc for input '{}' failed: {}".format(
                    t.name, acl.get_recent_err_msg()))
            _, ret = acl.mdl.set_dataset_tensor_desc(self.in_dataset, desc, i)
            check("acl.mdl.set_dataset_tensor_desc", ret)

    # ---- copies and execution ---------------------------------------------------------------
    def _staging(self, size):
        ptr = self._host_staging.get(size)
        if ptr is None:
            ptr, ret = acl.rt.malloc_host(max(size, 1))
            check("acl.rt.malloc_host", ret)
            self._host_staging[size] = ptr
        return ptr

    def _timed_async(self, submit):
        """Runs submit() between two events on the stream; returns the simulated milliseconds."""
        start, ret = acl.rt.create_event()
        check("acl.rt.create_event", ret)
        end, ret = acl.rt.create_event()
        check("acl.rt.create_event", ret)
        try:
            check("acl.rt.record_event", acl.rt.record_event(start, self.stream))
            submit()
            check("acl.rt.record_event", acl.rt.record_event(end, self.stream))
            check("acl.rt.synchronize_stream", acl.rt.synchronize_stream(self.stream))
            ms, ret = acl.rt.event_elapsed_time(start, end)
            check("acl.rt.event_elapsed_time", ret)
            return ms
        finally:
            acl.rt.destroy_event(start)
            acl.rt.destroy_event(end)

    def set_inputs(self, blobs, exact):
        """Copies each blob (bytes) into the data input of the same order; returns the simulated
        H2D milliseconds. exact: the blob must fill the input (static models)."""
        data_inputs = self.data_input_indexes()
        if len(blobs) != len(data_inputs):
            raise SessionError("{} inputs given, the model has {}".format(len(blobs), len(data_inputs)))
        total = 0.0
        for (i, t), blob in zip(data_inputs, blobs):
            dev, _, capacity = self._in_buffers[i]
            if len(blob) > capacity or (exact and len(blob) != t.size):
                raise SessionError("input {} ('{}') is {} bytes but the model input takes {}".format(
                    i, t.name, len(blob), t.size if exact else capacity))
            if not blob:
                continue
            host = self._staging(capacity)
            acl.util.ptr_to_numpy(host, (len(blob),), NPY_UINT8)[:] = np.frombuffer(blob, dtype=np.uint8)
            total += self._timed_async(lambda dev=dev, host=host, n=len(blob), size=capacity: check(
                "acl.rt.memcpy_async", acl.rt.memcpy_async(dev, size, host, n, ACL_MEMCPY_HOST_TO_DEVICE, self.stream)))
        return total

    def run(self):
        """One execution: (simulated NPU milliseconds, host wall milliseconds)."""
        t0 = time.perf_counter()
        ms = self._timed_async(lambda: check(
            "acl.mdl.execute_async", acl.mdl.execute_async(self.model_id, self.in_dataset, self.out_dataset, self.stream)))
        return ms, (time.perf_counter() - t0) * 1000.0

    def get_outputs(self):
        """[(bytes, dims)] of every output (the current dims for dynamic models) and the simulated
        D2H milliseconds."""
        results, total = [], 0.0
        for i, t in enumerate(self.outputs):
            dims, ret = acl.mdl.get_cur_output_dims(self.desc, i)
            dims = dims["dims"] if ret == ACL_SUCCESS else t.dims
            dev, buf, _ = self._out_buffers[i]
            size = min(acl.get_data_buffer_size_v2(buf), t.size)
            n = size
            elem = acl.data_type_size(t.dtype)
            if elem > 0 and dims and all(d >= 0 for d in dims):
                n = min(size, int(np.prod(dims)) * elem)
            host = self._staging(t.size)
            total += self._timed_async(lambda dev=dev, host=host, n=n: check(
                "acl.rt.memcpy_async", acl.rt.memcpy_async(host, n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST, self.stream)))
            results.append((acl.util.ptr_to_bytes(host, n), dims))
        return results, total

    # ---- tear-down ---------------------------------------------------------------------------
    def free(self):
        if self.context:
            acl.rt.set_context(self.context)  # another session's may be current
        for ptr in self._host_staging.values():
            acl.rt.free_host(ptr)
        self._host_staging = {}
        self._free_dataset(self.in_dataset, self._in_buffers)
        self._free_dataset(self.out_dataset, self._out_buffers)
        self.in_dataset = self.out_dataset = None
        if self.model_id is not None:
            if acl.mdl.unload(self.model_id) == ACL_SUCCESS:
                self.log("[INFO] unload model success, model Id is {}".format(self.model_id))
            self.model_id = None
        if self.desc:
            acl.mdl.destroy_desc(self.desc)
            self.desc = None
        if self.stream:
            acl.rt.destroy_stream(self.stream)
            self.stream = None
        if self.context:
            acl.rt.destroy_context(self.context)
            self.context = None
            self.log("[INFO] end to destroy context")
        if self._device_set:
            acl.rt.reset_device(self.device_id)
            self._device_set = False
            self.log("[INFO] end to reset device is {}".format(self.device_id))
        if self._initialized:
            self._initialized = False
            if self in _acl_users:
                _acl_users.remove(self)
            if not _acl_users:
                acl.finalize()
                self.log("[INFO] end to finalize acl")
