"""Fixtures of the pyACL suites (tests/python/pyacl): each ctest runs one pytest case in its own
interpreter (tests/python/CMakeLists.txt), so aclInit / aclFinalize happen once per case.

The module `acl` is imported inside the fixtures, not at collection: the cases are collected
when CMake configures, before the module exists. Environment: PYTHONPATH has the built module,
ASIM_TEST_MODELS_DIR the test models (tests/support/test_models), ASIM_PYACL_MANUAL the
manual-bindings list, ASIM_PYACL_BOUND the file `apigen pyacl --list` wrote.
"""
import json
import os

import numpy as np
import pytest

ACL_SUCCESS = 0
ACL_ERROR_INVALID_PARAM = 100000
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2
NPY_FLOAT32 = 11


@pytest.fixture
def acl():
    import acl as module
    return module


@pytest.fixture
def device(acl):
    """aclInit + device 0 + a context and a stream; everything is released and checked after."""
    assert acl.init() == ACL_SUCCESS
    assert acl.rt.set_device(0) == ACL_SUCCESS
    context, ret = acl.rt.create_context(0)
    assert ret == ACL_SUCCESS
    stream, ret = acl.rt.create_stream()
    assert ret == ACL_SUCCESS
    yield {"context": context, "stream": stream}
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
    assert acl.rt.destroy_context(context) == ACL_SUCCESS
    assert acl.rt.reset_device(0) == ACL_SUCCESS
    assert acl.finalize() == ACL_SUCCESS


def models_dir():
    d = os.environ.get("ASIM_TEST_MODELS_DIR")
    if not d or not os.path.isdir(d):
        pytest.fail("ASIM_TEST_MODELS_DIR is not set to the test models directory")
    return d


def model_manifest(name):
    with open(os.path.join(models_dir(), name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def model_path(name):
    return os.path.join(models_dir(), name + ".om")


def read_case_file(name):
    return np.fromfile(os.path.join(models_dir(), name), dtype=np.uint8)


def to_device(acl, array):
    """Copies a numpy array into new device memory; returns (device pointer, size)."""
    data = np.ascontiguousarray(array)
    ptr, ret = acl.rt.malloc(max(1, data.nbytes), ACL_MEM_MALLOC_HUGE_FIRST)
    assert ret == ACL_SUCCESS
    assert acl.rt.memcpy(ptr, data.nbytes, acl.util.numpy_to_ptr(data), data.nbytes,
                         ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS
    return ptr, data.nbytes


def make_dataset(acl, arrays_or_sizes, buffers):
    """A model dataset of device buffers: numpy arrays are copied in, ints allocate that many
    bytes. Appends (pointer, data buffer) of each to `buffers` for the caller to release."""
    ds = acl.mdl.create_dataset()
    for item in arrays_or_sizes:
        if isinstance(item, int):
            ptr, ret = acl.rt.malloc(item, ACL_MEM_MALLOC_HUGE_FIRST)
            assert ret == ACL_SUCCESS
            size = item
        else:
            ptr, size = to_device(acl, item)
        buf = acl.create_data_buffer(ptr, size)
        _, ret = acl.mdl.add_dataset_buffer(ds, buf)
        assert ret == ACL_SUCCESS
        buffers.append((ptr, buf))
    return ds


def from_device(acl, ptr, size):
    """The bytes of device memory as a uint8 numpy array (a copy)."""
    out = np.zeros(size, dtype=np.uint8)
    assert acl.rt.memcpy(acl.util.numpy_to_ptr(out), size, ptr, size, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS
    return out
