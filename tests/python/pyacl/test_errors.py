"""Misuse through pyACL never crashes the interpreter: the C API's error code, or TypeError
where the arguments' Python types are wrong (as pyACL's argument parsing raises it)."""
import numpy as np
import pytest

from conftest import ACL_ERROR_INVALID_PARAM, ACL_SUCCESS

ACL_ERROR_UNINITIALIZE = 100001
ACL_ERROR_REPEAT_INITIALIZE = 100002
ACL_ERROR_INVALID_RESOURCE_HANDLE = 200005


def test_before_init(acl):
    ptr, ret = acl.rt.malloc(16, 0)
    assert ret == ACL_ERROR_UNINITIALIZE and ptr == 0


def test_repeat_init(acl, device):
    assert acl.init() == ACL_ERROR_REPEAT_INITIALIZE


def test_stale_and_made_up_handles(acl, device):
    assert acl.destroy_data_buffer(0xDEADBEEF) == ACL_ERROR_INVALID_RESOURCE_HANDLE
    assert acl.mdl.get_num_inputs(0xDEAD) == 0
    buf = acl.create_data_buffer(0, 0)
    assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
    assert acl.destroy_data_buffer(buf) != ACL_SUCCESS  # destroyed twice
    assert acl.rt.synchronize_stream(0x1234) != ACL_SUCCESS
    assert acl.mdl.unload(4242) != ACL_SUCCESS
    assert "not" in acl.get_recent_err_msg()


def test_bad_host_pointers_in_copies(acl, device):
    ptr, ret = acl.rt.malloc(64, 0)
    assert ret == ACL_SUCCESS
    assert acl.rt.memcpy(ptr, 64, 0x1000, 64, 1) == ACL_ERROR_INVALID_PARAM
    assert "mapped host memory" in acl.get_recent_err_msg()
    assert acl.rt.memcpy(0x2000, 64, ptr, 64, 2) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.memset(0x3000, 64, 0, 64) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.memcpy(ptr, 64, 0, 64, 1) == ACL_ERROR_INVALID_PARAM  # NULL
    assert acl.rt.free(ptr) == ACL_SUCCESS


def test_count_larger_than_destination(acl, device):
    ptr, ret = acl.rt.malloc(64, 0)
    assert ret == ACL_SUCCESS
    host = np.zeros(128, dtype=np.uint8)
    assert acl.rt.memcpy(ptr, 64, acl.util.numpy_to_ptr(host), 128, 1) == ACL_ERROR_INVALID_PARAM
    assert acl.rt.free(ptr) == ACL_SUCCESS


def test_wrong_python_types_raise_type_error(acl, device):
    with pytest.raises(TypeError):
        acl.rt.malloc("16", 0)
    with pytest.raises(TypeError):
        acl.rt.malloc(-1, 0)  # size_t
    with pytest.raises(TypeError):
        acl.rt.malloc(1 << 70, 0)  # out of range
    with pytest.raises(TypeError):
        acl.rt.free(None)
    with pytest.raises(TypeError):
        acl.mdl.load_from_file(42)
    with pytest.raises(TypeError):
        acl.create_tensor_desc(0, ["a"], 2)
    with pytest.raises(TypeError):
        acl.rt.set_device()


def test_util_refuses_unreadable_addresses(acl, device):
    dev, ret = acl.rt.malloc(64, 0)
    assert ret == ACL_SUCCESS
    with pytest.raises(ValueError, match="not readable host memory"):
        acl.util.ptr_to_bytes(dev, 16)
    with pytest.raises(ValueError, match="not readable host memory"):
        acl.util.ptr_to_numpy(dev, (4,), 11)
    with pytest.raises(ValueError):
        acl.util.ptr_to_bytes(0x10, 8)
    with pytest.raises(ValueError, match="npy_type"):
        acl.util.ptr_to_numpy(acl.util.numpy_to_ptr(np.zeros(4)), (4,), 99)
    assert acl.rt.free(dev) == ACL_SUCCESS


def test_missing_model_file(acl, device):
    model_id, ret = acl.mdl.load_from_file("/nonexistent/model.om")
    assert ret != ACL_SUCCESS
    assert "model.om" in acl.get_recent_err_msg()


def test_execute_with_destroyed_dataset(acl, device):
    from conftest import model_path
    model_id, ret = acl.mdl.load_from_file(model_path("add_relu"))
    assert ret == ACL_SUCCESS
    ds = acl.mdl.create_dataset()
    assert acl.mdl.destroy_dataset(ds) == ACL_SUCCESS
    assert acl.mdl.execute(model_id, ds, ds) != ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS
