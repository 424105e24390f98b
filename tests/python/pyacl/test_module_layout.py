"""The module's layout: pyACL's submodules, every bound function under its pyACL name."""
import os
import sys

import pytest

SUBMODULES = ["rt", "mdl", "op", "media", "prof", "blas", "tdt", "fv", "util", "sim"]


def _bound_list():
    path = os.environ.get("ASIM_PYACL_BOUND")
    if not path or not os.path.exists(path):
        pytest.fail("ASIM_PYACL_BOUND does not name the binding list")
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[1].startswith("acl"):
                rows.append((parts[0], parts[1]))
    return rows


def _resolve(acl, dotted):
    obj = acl
    for part in dotted.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def test_submodules_exist_and_import_by_name(acl):
    for name in SUBMODULES:
        assert hasattr(acl, name), name
        assert sys.modules["acl." + name] is getattr(acl, name)
    import acl.rt  # noqa: F401  (import by dotted name works as with the real module)
    from acl import mdl
    assert mdl is acl.mdl


def test_every_bound_function_is_callable(acl):
    rows = _bound_list()
    assert len(rows) > 500
    missing = [py for _, py in rows if not callable(_resolve(acl, py))]
    assert not missing


def test_names_follow_pyacl_rule(acl):
    names = dict(_bound_list())
    assert names["aclrtMalloc"] == "acl.rt.malloc"
    assert names["aclmdlGetInputSizeByIndex"] == "acl.mdl.get_input_size_by_index"
    assert names["acldvppVpcResizeAsync"] == "acl.media.dvpp_vpc_resize_async"
    assert names["aclvdecSendFrame"] == "acl.media.vdec_send_frame"
    assert names["aclopExecuteV2"] == "acl.op.execute_v2"
    assert names["aclprofCreateConfig"] == "acl.prof.create_config"
    assert names["aclblasGemmEx"] == "acl.blas.gemm_ex"
    assert names["aclCreateDataBuffer"] == "acl.create_data_buffer"
    assert names["aclrtSetCurrentContext"] == "acl.rt.set_context"
    assert names["aclrtGetCurrentContext"] == "acl.rt.get_context"
    assert names["aclrtGetSocName"] == "acl.get_soc_name"
    assert names["aclrtGetVersion"] == "acl.get_version"
    assert names["aclopExecWithHandle"] == "acl.op.execute_with_handle"
    assert names["aclmdlSetAIPPCscParams"] == "acl.mdl.set_aipp_csc_params"
    assert names["aclmdlGetDynamicHW"] == "acl.mdl.get_dynamic_hw"
    assert names["aclvdecSetChannelDescEnType"] == "acl.media.vdec_set_channel_desc_entype"
    assert names["aclrtUnSubscribeReport"] == "acl.rt.unsubscribe_report"
    assert names["aclrtMemcpy2dAsync"] == "acl.rt.memcpy2d_async"
    assert names["aclFloat16ToFloat"] == "acl.float16_to_float"
    assert names["aclGetTensorDescDimV2"] == "acl.get_tensor_desc_dim_v2"
    assert names["aclsimGetVectorIsa"] == "acl.sim.get_vector_isa"


def test_legacy_alias(acl):
    assert acl.prof.model_un_subscribe is acl.prof.model_unsubscribe


def test_samples_pyacl_functions_present(acl):
    # The pyACL functions the public Python samples call (ascendcl_api.md section 9.2), a sample.
    for dotted in ["acl.init", "acl.finalize", "acl.create_data_buffer", "acl.get_data_buffer_size_v2",
                   "acl.rt.malloc_host", "acl.rt.get_run_mode", "acl.rt.process_report", "acl.rt.launch_callback",
                   "acl.mdl.load_from_mem", "acl.mdl.get_cur_output_dims", "acl.mdl.set_dynamic_hw_size",
                   "acl.op.cast", "acl.op.set_attr_bool", "acl.op.create_handle", "acl.op.destroy_handle",
                   "acl.media.dvpp_jpeg_decode_async", "acl.media.dvpp_vpc_crop_and_paste_async",
                   "acl.media.vdec_set_channel_desc_out_mode", "acl.media.venc_get_frame_config_force_i_frame",
                   "acl.media.dvpp_set_stream_desc_ret_code", "acl.util.start_thread", "acl.util.stop_thread",
                   "acl.util.numpy_contiguous_to_ptr"]:
        assert callable(_resolve(acl, dotted)), dotted
