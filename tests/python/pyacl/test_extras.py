"""The hand-written bindings beyond the samples' set: exception and dump callbacks, stream
configuration handles, dims ranges, the .om partition sizes, value ranges, compile options."""
import json
import os

import numpy as np

from conftest import ACL_SUCCESS, from_device, make_dataset, model_manifest, model_path, read_case_file, to_device


def test_exception_callback_sees_a_failed_task(acl, device):
    seen = []

    def callback(info):
        seen.append((acl.rt.get_error_code_from_exception_info(info), acl.rt.get_device_id_from_exception_info(info)))

    assert acl.rt.set_exception_info_callback(callback) == ACL_SUCCESS
    assert acl.sim.inject_stream_task_timeout(device["stream"], 1) == ACL_SUCCESS
    a, _ = acl.rt.malloc(64, 0)
    b, _ = acl.rt.malloc(64, 0)
    assert acl.rt.memcpy_async(a, 64, b, 64, 3, device["stream"]) == ACL_SUCCESS
    ret = acl.rt.synchronize_stream(device["stream"])
    assert ret != ACL_SUCCESS
    assert seen == [(ret, 0)]
    assert acl.rt.set_exception_info_callback(None) == ACL_SUCCESS
    for p in (a, b):
        assert acl.rt.free(p) == ACL_SUCCESS


def test_stream_config_handle_and_create_stream_v2(acl, device):
    handle = acl.rt.create_stream_config_handle()
    assert handle != 0
    stream, ret = acl.rt.create_stream_v2(handle)
    assert ret == ACL_SUCCESS and stream != 0
    assert acl.rt.synchronize_stream(stream) == ACL_SUCCESS
    assert acl.rt.destroy_stream(stream) == ACL_SUCCESS
    assert acl.rt.destroy_stream_config_handle(handle) == ACL_SUCCESS
    assert acl.rt.destroy_stream_config_handle(handle) != ACL_SUCCESS  # destroyed twice


def test_dims_range_and_om_partition_sizes(acl, device):
    model_id, ret = acl.mdl.load_from_file(model_path("add_relu"))
    assert ret == ACL_SUCCESS
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    rng, ret = acl.mdl.get_input_dims_range(desc, 0)
    assert ret == ACL_SUCCESS
    assert rng == {"rangeCount": 4, "range": [[2, 2], [3, 3], [4, 4], [5, 5]]}
    sizes, ret = acl.mdl.query_exe_om_desc(model_path("add_relu"))
    work, _, ret2 = acl.mdl.query_size(model_path("add_relu"))
    assert ret == ACL_SUCCESS and ret2 == ACL_SUCCESS and sizes["workSize"] == work
    assert acl.mdl.query_exe_om_desc("/nonexistent.om")[1] != ACL_SUCCESS
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS


def test_value_range_and_compile_options(acl, device):
    desc = acl.create_tensor_desc(3, [2], 2)  # ACL_INT32, ND
    assert acl.set_tensor_value_range(desc, [[0, 5], [1, 3]]) == ACL_SUCCESS
    assert acl.set_tensor_shape_range(desc, [[1, 4]]) == ACL_SUCCESS
    import pytest
    with pytest.raises(ValueError, match="min, max"):
        acl.set_tensor_value_range(desc, [[0, 1, 2]])
    acl.destroy_tensor_desc(desc)
    value, ret = acl.get_compileopt(0)
    assert ret == ACL_SUCCESS and isinstance(value, str)


def test_dump_callback_receives_the_files(acl, tmp_path):
    dump = tmp_path / "dump"
    dump.mkdir()  # as on CANN, dump_path must exist
    cfg = tmp_path / "acl.json"
    cfg.write_text(json.dumps({"dump": {"dump_path": str(dump),
                                        "dump_list": [{"model_name": "conv_relu", "layer": ["relu1"]}]}}))
    assert acl.init(str(cfg)) == ACL_SUCCESS
    assert acl.rt.set_device(0) == ACL_SUCCESS
    received = {}

    def on_chunk(chunk, length):
        assert length >= chunk["bufLen"]
        received.setdefault(chunk["fileName"], bytearray()).extend(chunk["dataBuf"])
        return 0

    assert acl.mdl.dump_reg_callback(on_chunk, 1) != ACL_SUCCESS  # flag must be 0
    assert acl.mdl.dump_reg_callback(on_chunk, 0) == ACL_SUCCESS
    manifest = model_manifest("conv_relu")
    case = manifest["cases"][0]
    model_id, ret = acl.mdl.load_from_file(model_path("conv_relu"))
    assert ret == ACL_SUCCESS
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    bufs = []
    ins, outs = acl.mdl.create_dataset(), acl.mdl.create_dataset()
    ptr, size = to_device(acl, read_case_file(case["inputs"][0]["file"]))
    bufs.append((ptr, acl.create_data_buffer(ptr, size)))
    acl.mdl.add_dataset_buffer(ins, bufs[-1][1])
    osize = acl.mdl.get_output_size_by_index(desc, 0)
    optr, ret = acl.rt.malloc(osize, 0)
    bufs.append((optr, acl.create_data_buffer(optr, osize)))
    acl.mdl.add_dataset_buffer(outs, bufs[-1][1])
    assert acl.mdl.execute(model_id, ins, outs) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS
    acl.mdl.dump_unreg_callback()
    assert len(received) == 1
    name = next(iter(received))
    assert name.startswith(str(dump)) and "relu1" in name and len(received[name]) > 0
    assert not any(p.is_file() for p in dump.rglob("*"))  # the callback got them, not the disk
    for p, b in bufs:
        acl.destroy_data_buffer(b)
        acl.rt.free(p)
    acl.mdl.destroy_dataset(ins)
    acl.mdl.destroy_dataset(outs)
    acl.mdl.destroy_desc(desc)
    assert acl.rt.reset_device(0) == ACL_SUCCESS
    assert acl.finalize() == ACL_SUCCESS


def test_update_params_with_lists(acl, device):
    desc = acl.create_tensor_desc(0, [4], 2)
    ret = acl.op.update_params("Relu", [desc], [desc], 0)
    assert isinstance(ret, int)  # ACL_SUCCESS or the C API's refusal, never a crash
    acl.destroy_tensor_desc(desc)


def test_profiling_init_and_subscription_as_pyacl_documents(acl, device, tmp_path):
    """acl.prof.init takes the path alone; create_subscribe_config the pipe's write end as an int;
    unsubscribing closes it, so the reader's loop ends at end of file (the CANN sample's)."""
    assert acl.prof.init(str(tmp_path)) == ACL_SUCCESS
    assert acl.prof.finalize() == ACL_SUCCESS
    read_end, write_end = os.pipe()
    config = acl.prof.create_subscribe_config(1, 0xFF, write_end)  # ACL_AICORE_NONE
    assert config != 0
    model_id, ret = acl.mdl.load_from_file(model_path("add_relu"))
    assert ret == ACL_SUCCESS
    assert acl.prof.model_subscribe(model_id, config) == ACL_SUCCESS
    manifest = model_manifest("add_relu")
    case = manifest["cases"][manifest["primary_case"]]
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    buffers = []
    inputs = make_dataset(acl, [read_case_file(spec["file"]) for spec in case["inputs"]], buffers)
    outputs = make_dataset(acl, [acl.mdl.get_output_size_by_index(desc, i) for i in range(len(case["outputs"]))],
                           buffers)
    assert acl.mdl.execute(model_id, inputs, outputs) == ACL_SUCCESS
    assert acl.prof.model_unsubscribe(model_id) == ACL_SUCCESS
    data = b""
    while True:  # ends only if unsubscribing closed the write end
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        data += chunk
    os.close(read_end)
    record_size, ret = acl.prof.get_op_desc_size()
    assert ret == ACL_SUCCESS
    assert len(data) > 0 and len(data) % record_size == 0
    assert acl.prof.destroy_subscribe_config(config) == ACL_SUCCESS
    for ptr, buf in buffers:
        assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
        assert acl.rt.free(ptr) == ACL_SUCCESS
    for ds in (inputs, outputs):
        assert acl.mdl.destroy_dataset(ds) == ACL_SUCCESS
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS
