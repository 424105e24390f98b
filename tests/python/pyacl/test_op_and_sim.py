"""Single operators through acl.op (lists of descriptions and buffers), and the simulator's
testing extensions (acl.sim): memcheck findings seen from Python."""
import numpy as np

from conftest import ACL_SUCCESS, from_device, to_device

ACL_FLOAT = 0
ACL_FORMAT_ND = 2
ACLSIM_FINDING_DOUBLE_FREE = 3
ACLSIM_MEMCHECK_ERROR = 1


def test_execute_v2_add(acl, device):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    y = np.full((3, 4), 0.5, dtype=np.float32)
    descs = [acl.create_tensor_desc(ACL_FLOAT, [3, 4], ACL_FORMAT_ND) for _ in range(3)]
    px, sx = to_device(acl, x)
    py, sy = to_device(acl, y)
    pz, ret = acl.rt.malloc(48, 0)
    assert ret == ACL_SUCCESS
    bufs = [acl.create_data_buffer(px, sx), acl.create_data_buffer(py, sy), acl.create_data_buffer(pz, 48)]
    attr = acl.op.create_attr()
    # As on the real runtime, a single op runs after it is compiled (or loaded from atc's output).
    assert acl.op.compile("Add", descs[:2], descs[2:], attr, 0, 0, None) == ACL_SUCCESS, acl.get_recent_err_msg()
    ret = acl.op.execute_v2("Add", descs[:2], bufs[:2], descs[2:], bufs[2:], attr, device["stream"])
    assert ret == ACL_SUCCESS, acl.get_recent_err_msg()
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    assert np.array_equal(from_device(acl, pz, 48).view(np.float32).reshape(3, 4), x + y)
    acl.op.destroy_attr(attr)
    for b in bufs:
        assert acl.destroy_data_buffer(b) == ACL_SUCCESS
    for d in descs:
        acl.destroy_tensor_desc(d)
    for p in (px, py, pz):
        assert acl.rt.free(p) == ACL_SUCCESS


def test_handle_and_cast(acl, device):
    x = np.array([1.5, -2.25, 3.0, 0.0], dtype=np.float32)
    src = acl.create_tensor_desc(ACL_FLOAT, [4], ACL_FORMAT_ND)
    dst = acl.create_tensor_desc(1, [4], ACL_FORMAT_ND)  # ACL_FLOAT16
    px, sx = to_device(acl, x)
    ph, ret = acl.rt.malloc(8, 0)
    assert ret == ACL_SUCCESS
    bx, bh = acl.create_data_buffer(px, sx), acl.create_data_buffer(ph, 8)
    cast_attr = acl.op.create_attr()
    assert acl.op.set_attr_int(cast_attr, "dst_type", 1) == ACL_SUCCESS
    assert acl.op.compile("Cast", [src], [dst], cast_attr, 0, 0, None) == ACL_SUCCESS, acl.get_recent_err_msg()
    acl.op.destroy_attr(cast_attr)
    assert acl.op.cast(src, bx, dst, bh, 0, device["stream"]) == ACL_SUCCESS, acl.get_recent_err_msg()
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    assert np.array_equal(from_device(acl, ph, 8).view(np.float16), x.astype(np.float16))
    assert acl.op.compile("Relu", [src], [src], 0, 0, 0, None) == ACL_SUCCESS, acl.get_recent_err_msg()
    handle, ret = acl.op.create_handle("Relu", [src], [src], 0)
    assert ret == ACL_SUCCESS and handle != 0, acl.get_recent_err_msg()
    py_, ret = acl.rt.malloc(16, 0)
    by = acl.create_data_buffer(py_, 16)
    assert acl.op.execute_with_handle(handle, [bx], [by], device["stream"]) == ACL_SUCCESS
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    assert np.array_equal(from_device(acl, py_, 16).view(np.float32), np.maximum(x, 0))
    acl.op.destroy_handle(handle)
    for b in (bx, bh, by):
        assert acl.destroy_data_buffer(b) == ACL_SUCCESS
    for p in (px, ph, py_):
        assert acl.rt.free(p) == ACL_SUCCESS
    acl.destroy_tensor_desc(src)
    acl.destroy_tensor_desc(dst)


def test_compile_and_execute(acl, device):
    x = np.array([-1.0, 2.0, -3.0, 4.0], dtype=np.float32)
    desc = acl.create_tensor_desc(ACL_FLOAT, [4], ACL_FORMAT_ND)
    px, sx = to_device(acl, x)
    pz, ret = acl.rt.malloc(16, 0)
    bx, bz = acl.create_data_buffer(px, sx), acl.create_data_buffer(pz, 16)
    ret = acl.op.compile_and_execute("Abs", [desc], [bx], [desc], [bz], 0, 0, 0, None, device["stream"])
    assert ret == ACL_SUCCESS, acl.get_recent_err_msg()
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    assert np.array_equal(from_device(acl, pz, 16).view(np.float32), np.abs(x))
    for b in (bx, bz):
        assert acl.destroy_data_buffer(b) == ACL_SUCCESS
    for p in (px, pz):
        assert acl.rt.free(p) == ACL_SUCCESS
    acl.destroy_tensor_desc(desc)


def test_list_attributes(acl):
    attr = acl.op.create_attr()
    assert acl.op.set_attr_list_int(attr, "axes", [0, 2, 3]) == ACL_SUCCESS
    assert acl.op.set_attr_list_float(attr, "scales", [0.5, 2.0]) == ACL_SUCCESS
    assert acl.op.set_attr_list_bool(attr, "flags", [True, False]) == ACL_SUCCESS
    assert acl.op.set_attr_list_string(attr, "names", ["a", "bc"]) == ACL_SUCCESS
    assert acl.op.set_attr_list_list_int(attr, "pads", [[1, 2], [3]]) == ACL_SUCCESS
    assert acl.op.set_attr_list_data_type(attr, "types", [0, 1]) == ACL_SUCCESS
    assert acl.op.set_attr_bool(attr, "keep", True) == ACL_SUCCESS
    assert acl.op.set_attr_string(attr, "mode", "x") == ACL_SUCCESS
    acl.op.destroy_attr(attr)


def test_memcheck_findings_from_python(acl, device):
    assert acl.sim.set_memcheck(ACLSIM_MEMCHECK_ERROR) == ACL_SUCCESS
    assert acl.sim.reset_findings() == ACL_SUCCESS
    ptr, ret = acl.rt.malloc(64, 0)
    assert ret == ACL_SUCCESS
    assert acl.rt.free(ptr) == ACL_SUCCESS
    assert acl.rt.free(ptr) != ACL_SUCCESS
    assert acl.sim.get_finding_count(ACLSIM_FINDING_DOUBLE_FREE) == 1
    assert "double" in acl.sim.get_last_finding().lower()
    assert acl.sim.reset_findings() == ACL_SUCCESS
    assert acl.sim.get_finding_count(0) == 0


def test_vector_isa_reported(acl, device):
    assert acl.sim.get_vector_isa() in ("avx512", "avx2", "neon", "sve", "scalar", "sse4", "emu128", "avx3")
