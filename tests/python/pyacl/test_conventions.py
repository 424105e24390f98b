"""pyACL's return conventions: ret alone, (outputs..., ret), plain values, dicts for structs."""
import numpy as np

from conftest import ACL_SUCCESS, model_path, to_device


def test_init_forms(acl):
    assert acl.init() == ACL_SUCCESS
    assert acl.finalize() == ACL_SUCCESS


def test_init_with_empty_string(acl):
    assert acl.init("") == ACL_SUCCESS
    assert acl.finalize() == ACL_SUCCESS


def test_status_only_and_out_parameters(acl, device):
    ptr, ret = acl.rt.malloc(256, 0)
    assert ret == ACL_SUCCESS and isinstance(ptr, int) and ptr != 0
    free, total, ret = acl.rt.get_mem_info(0)
    assert ret == ACL_SUCCESS and 0 < free <= total
    run_mode, ret = acl.rt.get_run_mode()
    assert ret == ACL_SUCCESS and run_mode in (0, 1)
    count, ret = acl.rt.get_device_count()
    assert ret == ACL_SUCCESS and count >= 1
    dev, ret = acl.rt.get_device()
    assert (dev, ret) == (0, ACL_SUCCESS)
    ctx, ret = acl.rt.get_context()
    assert ret == ACL_SUCCESS and ctx == device["context"]
    assert acl.rt.set_context(ctx) == ACL_SUCCESS
    assert acl.rt.memset(ptr, 256, 7, 256) == ACL_SUCCESS
    assert acl.rt.free(ptr) == ACL_SUCCESS


def test_version_and_soc(acl, device):
    major, minor, patch, ret = acl.get_version()
    assert ret == ACL_SUCCESS and (major, minor) >= (1, 0)
    assert isinstance(acl.get_soc_name(), str) and acl.get_soc_name().startswith("Ascend")


def test_cann_attributes_and_device_capability(acl, device):
    attrs, ret = acl.get_cann_attribute_list()
    assert ret == ACL_SUCCESS and 2 in attrs  # ACL_CANN_ATTR_JIT_COMPILE: on every SoC
    for attr in (0, 1, 2):  # INF_NAN, BF16, JIT_COMPILE
        value, ret = acl.get_cann_attribute(attr)
        assert ret == ACL_SUCCESS and value == (1 if attr in attrs else 0)
    assert acl.get_cann_attribute(7)[1] == 100000  # ACL_ERROR_INVALID_PARAM
    ai_cores, ret = acl.get_device_capability(0, 0)  # ACL_DEVICE_INFO_AI_CORE_NUM
    assert ret == ACL_SUCCESS and ai_cores >= 1
    l2, ret = acl.get_device_capability(0, 2)  # ACL_DEVICE_INFO_L2_SIZE
    assert ret == ACL_SUCCESS and l2 >= 1 << 20


def test_value_returning_functions(acl, device):
    buf = acl.create_data_buffer(0, 0)
    assert isinstance(buf, int) and buf != 0
    assert acl.get_data_buffer_size_v2(buf) == 0
    assert acl.get_data_buffer_addr(buf) == 0
    assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
    assert acl.data_type_size(1) == 2  # ACL_FLOAT16
    desc = acl.create_tensor_desc(0, [2, 3, 4], 2)
    assert desc != 0
    assert acl.get_tensor_desc_size(desc) == 2 * 3 * 4 * 4
    assert acl.get_tensor_desc_num_dims(desc) == 3
    dim, ret = acl.get_tensor_desc_dim_v2(desc, 1)
    assert (dim, ret) == (3, ACL_SUCCESS)
    assert acl.set_tensor_shape(desc, [5, 6]) == ACL_SUCCESS
    assert acl.get_tensor_desc_element_count(desc) == 30
    assert acl.destroy_tensor_desc(desc) is None  # a void C function returns None


def test_float16_helpers(acl):
    h = acl.float_to_float16(1.5)
    assert isinstance(h, int) and h == 0x3E00
    assert acl.float16_to_float(h) == 1.5


def test_model_description_dicts(acl, device):
    model_id, ret = acl.mdl.load_from_file(model_path("add_relu"))
    assert ret == ACL_SUCCESS
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    assert acl.mdl.get_num_inputs(desc) == 2 and acl.mdl.get_num_outputs(desc) == 1
    dims, ret = acl.mdl.get_input_dims(desc, 0)
    assert ret == ACL_SUCCESS
    assert dims == {"name": "x", "dimCount": 4, "dims": [2, 3, 4, 5]}
    out_dims, ret = acl.mdl.get_output_dims(desc, 0)
    assert ret == ACL_SUCCESS and out_dims["dims"] == [2, 3, 4, 5]
    index, ret = acl.mdl.get_input_index_by_name(desc, "y")
    assert (index, ret) == (1, ACL_SUCCESS)
    assert acl.mdl.get_input_name_by_index(desc, 1) == "y"
    assert acl.mdl.get_input_size_by_index(desc, 0) == 480
    work, weight, ret = acl.mdl.query_size(model_path("add_relu"))
    assert ret == ACL_SUCCESS and work > 0 and weight >= 0
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS


def test_add_dataset_buffer_returns_dataset_and_ret(acl, device):
    ds = acl.mdl.create_dataset()
    ptr, size = to_device(acl, np.zeros(4, dtype=np.float32))
    buf = acl.create_data_buffer(ptr, size)
    same, ret = acl.mdl.add_dataset_buffer(ds, buf)
    assert ret == ACL_SUCCESS and same == ds
    assert acl.mdl.get_dataset_num_buffers(ds) == 1
    assert acl.mdl.get_dataset_buffer(ds, 0) == buf
    assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
    assert acl.mdl.destroy_dataset(ds) == ACL_SUCCESS
    assert acl.rt.free(ptr) == ACL_SUCCESS


def test_set_dataset_tensor_desc_returns_dataset_and_ret(acl, device):
    ds = acl.mdl.create_dataset()
    ptr, size = to_device(acl, np.zeros(4, dtype=np.float32))
    buf = acl.create_data_buffer(ptr, size)
    _, ret = acl.mdl.add_dataset_buffer(ds, buf)
    assert ret == ACL_SUCCESS
    desc = acl.create_tensor_desc(0, [4], 2)  # ACL_FLOAT, [4], ACL_FORMAT_ND
    same, ret = acl.mdl.set_dataset_tensor_desc(ds, desc, 0)
    assert ret == ACL_SUCCESS and same == ds
    assert acl.mdl.get_dataset_tensor_desc(ds, 0) != 0  # the dataset keeps its own copy
    acl.destroy_tensor_desc(desc)
    assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
    assert acl.mdl.destroy_dataset(ds) == ACL_SUCCESS
    assert acl.rt.free(ptr) == ACL_SUCCESS


def test_dynamic_batch_dict(acl, device):
    model_id, ret = acl.mdl.load_from_file(model_path("dynamic_batch"))
    assert ret == ACL_SUCCESS
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    batch, ret = acl.mdl.get_dynamic_batch(desc)
    assert ret == ACL_SUCCESS
    assert batch["batchCount"] == len(batch["batch"]) and batch["batchCount"] >= 2
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS


def test_dynamic_hw_dict(acl, device):
    model_id, ret = acl.mdl.load_from_file(model_path("dynamic_hw"))
    assert ret == ACL_SUCCESS
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    hw, ret = acl.mdl.get_dynamic_hw(desc, 0)
    assert ret == ACL_SUCCESS
    assert hw["hwCount"] == len(hw["hw"]) >= 2
    assert all(len(pair) == 2 and pair[0] > 0 and pair[1] > 0 for pair in hw["hw"])
    # index -1 (reserved), as pyACL's documentation and deployment code pass it
    hw_minus1, ret = acl.mdl.get_dynamic_hw(desc, -1)
    assert ret == ACL_SUCCESS and hw_minus1 == hw
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS


def test_dynamic_dims_gears_with_the_reserved_index(acl, device):
    # acl.mdl.get_input_dynamic_dims(model_desc, -1, gear_count), as documented: the index is
    # reserved and the C API wants (size_t)-1.
    model_id, ret = acl.mdl.load_from_file(model_path("dynamic_dims"))
    assert ret == ACL_SUCCESS
    desc = acl.mdl.create_desc()
    assert acl.mdl.get_desc(desc, model_id) == ACL_SUCCESS
    count, ret = acl.mdl.get_input_dynamic_gear_count(desc, -1)
    assert ret == ACL_SUCCESS and count == 3
    gears, ret = acl.mdl.get_input_dynamic_dims(desc, -1, count)
    assert ret == ACL_SUCCESS
    assert [g["dims"] for g in gears] == [[1, 16, 1, 16], [3, 16, 3, 16], [8, 16, 8, 16]]
    _, ret = acl.mdl.get_input_dynamic_gear_count(desc, 0)
    assert ret != ACL_SUCCESS  # not the reserved value: the API's own error, no TypeError
    assert acl.mdl.destroy_desc(desc) == ACL_SUCCESS
    assert acl.mdl.unload(model_id) == ACL_SUCCESS
