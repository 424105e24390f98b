"""acl.util's numpy and bytes helpers: addresses, views and copies, every npy_type."""
import numpy as np
import pytest

from conftest import ACL_SUCCESS

NPY = {0: np.bool_, 1: np.int8, 2: np.uint8, 3: np.int16, 4: np.uint16, 5: np.int32, 6: np.uint32,
       7: np.int64, 8: np.uint64, 11: np.float32, 12: np.float64, 23: np.float16}


@pytest.mark.parametrize("npy_type", sorted(NPY))
def test_round_trip_through_device(acl, device, npy_type):
    dtype = NPY[npy_type]
    src = (np.arange(24) % 2 == 1) if dtype is np.bool_ else np.arange(24).astype(dtype)
    src = src.reshape(2, 3, 4)
    dev, ret = acl.rt.malloc(src.nbytes, 0)
    assert ret == ACL_SUCCESS
    assert acl.rt.memcpy(dev, src.nbytes, acl.util.numpy_to_ptr(src), src.nbytes, 1) == ACL_SUCCESS
    host, ret = acl.rt.malloc_host(src.nbytes)
    assert ret == ACL_SUCCESS
    assert acl.rt.memcpy(host, src.nbytes, dev, src.nbytes, 2) == ACL_SUCCESS
    view = acl.util.ptr_to_numpy(host, (2, 3, 4), npy_type)
    assert view.dtype == np.dtype(dtype) and view.shape == (2, 3, 4)
    assert np.array_equal(view, src)
    assert acl.util.ptr_to_bytes(host, src.nbytes) == src.tobytes()
    assert acl.rt.free_host(host) == ACL_SUCCESS
    assert acl.rt.free(dev) == ACL_SUCCESS


def test_ptr_to_numpy_is_a_view(acl):
    a = np.zeros(8, dtype=np.int32)
    v = acl.util.ptr_to_numpy(acl.util.numpy_to_ptr(a), (8,), 5)
    v[3] = 42
    assert a[3] == 42


def test_bytes_to_ptr_points_into_the_bytes(acl):
    raw = np.array([1, 2, 3, 4], dtype=np.int32).tobytes()
    ptr = acl.util.bytes_to_ptr(raw)
    assert acl.util.ptr_to_bytes(ptr, len(raw)) == raw
    # pyACL samples pass it as an in/out argument and read the bytes after: it is the storage.
    view = acl.util.ptr_to_numpy(ptr, (4,), 5)
    view[0] = 9
    assert np.frombuffer(raw, dtype=np.int32)[0] == 9


def test_numpy_contiguous_to_ptr(acl):
    a = np.arange(16, dtype=np.float32).reshape(4, 4).T  # not C-contiguous
    ptr, contiguous = acl.util.numpy_contiguous_to_ptr(a)
    assert contiguous.flags["C_CONTIGUOUS"]
    assert np.array_equal(acl.util.ptr_to_numpy(ptr, (4, 4), 11), a)


def test_numpy_to_ptr_needs_a_buffer(acl):
    with pytest.raises(TypeError):
        acl.util.numpy_to_ptr([1, 2, 3])


def test_zero_sizes(acl):
    assert acl.util.ptr_to_bytes(0, 0) == b""
    assert acl.util.ptr_to_numpy(0, (0,), 11).size == 0
