"""Models through pyACL: load (file, memory), datasets, execute (sync and async), the dynamic
batch gear, outputs equal to the test models' references."""
import numpy as np

from conftest import ACL_SUCCESS, from_device, make_dataset, model_manifest, model_path, models_dir, read_case_file


class Model:
    def __init__(self, acl, name, model_id):
        self.acl = acl
        self.name = name
        self.model_id = model_id
        self.desc = acl.mdl.create_desc()
        assert acl.mdl.get_desc(self.desc, model_id) == ACL_SUCCESS
        self.buffers = []

    def dataset(self, arrays_or_sizes):
        return make_dataset(self.acl, arrays_or_sizes, self.buffers)

    def release(self, *datasets):
        acl = self.acl
        for ptr, buf in self.buffers:
            assert acl.destroy_data_buffer(buf) == ACL_SUCCESS
            assert acl.rt.free(ptr) == ACL_SUCCESS
        for ds in datasets:
            assert acl.mdl.destroy_dataset(ds) == ACL_SUCCESS
        assert acl.mdl.destroy_desc(self.desc) == ACL_SUCCESS
        assert acl.mdl.unload(self.model_id) == ACL_SUCCESS


def _check_outputs(acl, outputs, case, tolerance):
    for i, spec in enumerate(case["outputs"]):
        buf = acl.mdl.get_dataset_buffer(outputs, i)
        got = from_device(acl, acl.get_data_buffer_addr(buf), spec["size"]).view(np.float32)
        want = read_case_file(spec["file"]).view(np.float32)
        assert np.all(np.abs(got - want) <= tolerance["atol"] + tolerance["rtol"] * np.abs(want)), spec["file"]


def _run_primary_case(acl, device, name, load):
    manifest = model_manifest(name)
    case = manifest["cases"][manifest["primary_case"]]
    model = Model(acl, name, load())
    inputs = model.dataset([read_case_file(spec["file"]) for spec in case["inputs"]])
    outputs = model.dataset([acl.mdl.get_output_size_by_index(model.desc, i) for i in range(len(case["outputs"]))])
    assert acl.mdl.execute(model.model_id, inputs, outputs) == ACL_SUCCESS
    _check_outputs(acl, outputs, case, manifest["tolerance"])
    assert acl.mdl.execute_async(model.model_id, inputs, outputs, device["stream"]) == ACL_SUCCESS
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    _check_outputs(acl, outputs, case, manifest["tolerance"])
    model.release(inputs, outputs)


def test_add_relu_from_file(acl, device):
    def load():
        model_id, ret = acl.mdl.load_from_file(model_path("add_relu"))
        assert ret == ACL_SUCCESS
        return model_id
    _run_primary_case(acl, device, "add_relu", load)


def test_small_cnn_from_memory(acl, device):
    data = open(model_path("small_cnn"), "rb").read()
    holder = bytes(data)

    def load():
        model_id, ret = acl.mdl.load_from_mem(acl.util.bytes_to_ptr(holder), len(holder))
        assert ret == ACL_SUCCESS
        return model_id
    _run_primary_case(acl, device, "small_cnn", load)


def test_multi_output(acl, device):
    def load():
        model_id, ret = acl.mdl.load_from_file(model_path("multi_output"))
        assert ret == ACL_SUCCESS
        return model_id
    _run_primary_case(acl, device, "multi_output", load)


def test_dynamic_batch_gears(acl, device):
    manifest = model_manifest("dynamic_batch")
    model_id, ret = acl.mdl.load_from_file(model_path("dynamic_batch"))
    assert ret == ACL_SUCCESS
    model = Model(acl, "dynamic_batch", model_id)
    index, ret = acl.mdl.get_input_index_by_name(model.desc, "ascend_mbatch_shape_data")
    assert ret == ACL_SUCCESS
    n_inputs = acl.mdl.get_num_inputs(model.desc)
    sizes = [acl.mdl.get_input_size_by_index(model.desc, i) for i in range(n_inputs)]
    inputs = model.dataset(sizes)
    outputs = model.dataset([acl.mdl.get_output_size_by_index(model.desc, 0)])
    for case in manifest["cases"]:
        if not case["gear"]:
            continue
        for i, spec in enumerate(case["inputs"]):
            data = read_case_file(spec["file"])
            ptr = acl.get_data_buffer_addr(acl.mdl.get_dataset_buffer(inputs, i))
            assert acl.rt.memcpy(ptr, sizes[i], acl.util.numpy_to_ptr(data), data.nbytes, 1) == ACL_SUCCESS
        assert acl.mdl.set_dynamic_batch_size(model_id, inputs, index, case["gear"][0]) == ACL_SUCCESS
        assert acl.mdl.execute(model_id, inputs, outputs) == ACL_SUCCESS
        dims, ret = acl.mdl.get_cur_output_dims(model.desc, 0)
        assert ret == ACL_SUCCESS and dims["dims"] == case["outputs"][0]["dims"]
        _check_outputs(acl, outputs, case, manifest["tolerance"])
    model.release(inputs, outputs)


def test_models_dir_has_the_ascend910b2_set(acl):
    import os
    assert os.path.exists(os.path.join(models_dir(), "Ascend910B2", "index.json"))
