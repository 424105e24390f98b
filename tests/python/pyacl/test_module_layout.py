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


# Every pyACL function the public Python samples call (161 names: ../shared/docs/ascendcl_api.md
# section 9.2, counted over the samples repository).
SAMPLE_FUNCTIONS = [
    "acl.app_log", "acl.create_data_buffer", "acl.create_tensor_desc", "acl.data_type_size",
    "acl.destroy_data_buffer", "acl.destroy_tensor_desc", "acl.finalize", "acl.get_data_buffer_addr",
    "acl.get_data_buffer_size", "acl.get_data_buffer_size_v2", "acl.get_soc_name", "acl.get_tensor_desc_size",
    "acl.init", "acl.mdl.add_dataset_buffer", "acl.mdl.create_dataset", "acl.mdl.create_desc",
    "acl.mdl.destroy_dataset", "acl.mdl.destroy_desc", "acl.mdl.execute", "acl.mdl.execute_async",
    "acl.mdl.get_cur_output_dims", "acl.mdl.get_dataset_buffer", "acl.mdl.get_dataset_num_buffers",
    "acl.mdl.get_desc", "acl.mdl.get_dynamic_batch", "acl.mdl.get_dynamic_hw",
    "acl.mdl.get_input_index_by_name", "acl.mdl.get_input_size_by_index", "acl.mdl.get_num_inputs",
    "acl.mdl.get_num_outputs", "acl.mdl.get_output_data_type", "acl.mdl.get_output_dims",
    "acl.mdl.get_output_size_by_index", "acl.mdl.load_from_file", "acl.mdl.load_from_mem",
    "acl.mdl.set_dynamic_batch_size", "acl.mdl.set_dynamic_hw_size", "acl.mdl.unload",
    "acl.media.dvpp_create_batch_pic_desc", "acl.media.dvpp_create_channel",
    "acl.media.dvpp_create_channel_desc", "acl.media.dvpp_create_jpege_config",
    "acl.media.dvpp_create_pic_desc", "acl.media.dvpp_create_resize_config",
    "acl.media.dvpp_create_roi_config", "acl.media.dvpp_create_stream_desc",
    "acl.media.dvpp_destroy_batch_pic_desc", "acl.media.dvpp_destroy_channel",
    "acl.media.dvpp_destroy_channel_desc", "acl.media.dvpp_destroy_jpege_config",
    "acl.media.dvpp_destroy_pic_desc", "acl.media.dvpp_destroy_resize_config",
    "acl.media.dvpp_destroy_roi_config", "acl.media.dvpp_destroy_stream_desc", "acl.media.dvpp_free",
    "acl.media.dvpp_get_pic_desc", "acl.media.dvpp_get_pic_desc_data", "acl.media.dvpp_get_pic_desc_height",
    "acl.media.dvpp_get_pic_desc_ret_code", "acl.media.dvpp_get_pic_desc_size",
    "acl.media.dvpp_get_pic_desc_width", "acl.media.dvpp_get_stream_desc_data",
    "acl.media.dvpp_get_stream_desc_ret_code", "acl.media.dvpp_get_stream_desc_size",
    "acl.media.dvpp_jpeg_decode_async", "acl.media.dvpp_jpeg_encode_async",
    "acl.media.dvpp_jpeg_get_image_info", "acl.media.dvpp_jpeg_predict_dec_size",
    "acl.media.dvpp_jpeg_predict_enc_size", "acl.media.dvpp_malloc", "acl.media.dvpp_set_jpege_config_level",
    "acl.media.dvpp_set_pic_desc_data", "acl.media.dvpp_set_pic_desc_format",
    "acl.media.dvpp_set_pic_desc_height", "acl.media.dvpp_set_pic_desc_height_stride",
    "acl.media.dvpp_set_pic_desc_size", "acl.media.dvpp_set_pic_desc_width",
    "acl.media.dvpp_set_pic_desc_width_stride", "acl.media.dvpp_set_stream_desc_data",
    "acl.media.dvpp_set_stream_desc_eos", "acl.media.dvpp_set_stream_desc_format",
    "acl.media.dvpp_set_stream_desc_ret_code", "acl.media.dvpp_set_stream_desc_size",
    "acl.media.dvpp_set_stream_desc_timestamp", "acl.media.dvpp_vpc_batch_crop_and_paste_async",
    "acl.media.dvpp_vpc_batch_crop_async", "acl.media.dvpp_vpc_crop_and_paste_async",
    "acl.media.dvpp_vpc_crop_async", "acl.media.dvpp_vpc_resize_async", "acl.media.vdec_create_channel",
    "acl.media.vdec_create_channel_desc", "acl.media.vdec_create_frame_config",
    "acl.media.vdec_destroy_channel", "acl.media.vdec_destroy_channel_desc",
    "acl.media.vdec_destroy_frame_config", "acl.media.vdec_get_channel_desc_out_mode",
    "acl.media.vdec_send_frame", "acl.media.vdec_set_channel_desc_callback",
    "acl.media.vdec_set_channel_desc_channel_id", "acl.media.vdec_set_channel_desc_entype",
    "acl.media.vdec_set_channel_desc_out_mode", "acl.media.vdec_set_channel_desc_out_pic_format",
    "acl.media.vdec_set_channel_desc_thread_id", "acl.media.venc_create_channel",
    "acl.media.venc_create_channel_desc", "acl.media.venc_create_frame_config",
    "acl.media.venc_destroy_channel", "acl.media.venc_destroy_channel_desc",
    "acl.media.venc_destroy_frame_config", "acl.media.venc_get_frame_config_eos",
    "acl.media.venc_get_frame_config_force_i_frame", "acl.media.venc_send_frame",
    "acl.media.venc_set_channel_desc_callback", "acl.media.venc_set_channel_desc_entype",
    "acl.media.venc_set_channel_desc_key_frame_interval", "acl.media.venc_set_channel_desc_pic_format",
    "acl.media.venc_set_channel_desc_pic_height", "acl.media.venc_set_channel_desc_pic_width",
    "acl.media.venc_set_channel_desc_thread_id", "acl.media.venc_set_frame_config_eos",
    "acl.media.venc_set_frame_config_force_i_frame", "acl.op.cast", "acl.op.create_attr",
    "acl.op.create_handle", "acl.op.destroy_attr", "acl.op.destroy_handle", "acl.op.execute_v2",
    "acl.op.execute_with_handle", "acl.op.set_attr_bool", "acl.op.set_model_dir", "acl.rt.create_context",
    "acl.rt.create_stream", "acl.rt.destroy_context", "acl.rt.destroy_stream", "acl.rt.free",
    "acl.rt.free_host", "acl.rt.get_context", "acl.rt.get_mem_info", "acl.rt.get_run_mode",
    "acl.rt.launch_callback", "acl.rt.malloc", "acl.rt.malloc_host", "acl.rt.memcpy", "acl.rt.memcpy_async",
    "acl.rt.memset", "acl.rt.memset_async", "acl.rt.process_report", "acl.rt.reset_device",
    "acl.rt.set_context", "acl.rt.set_device", "acl.rt.subscribe_report", "acl.rt.synchronize_stream",
    "acl.rt.unsubscribe_report", "acl.set_tensor_const", "acl.util.bytes_to_ptr",
    "acl.util.numpy_contiguous_to_ptr", "acl.util.numpy_to_ptr", "acl.util.ptr_to_bytes",
    "acl.util.ptr_to_numpy", "acl.util.start_thread", "acl.util.stop_thread",
]


def test_every_function_the_public_samples_call(acl):
    assert len(SAMPLE_FUNCTIONS) == 161
    missing = []
    for dotted in SAMPLE_FUNCTIONS:
        try:
            if not callable(_resolve(acl, dotted)):
                missing.append(dotted)
        except AttributeError:
            missing.append(dotted)
    assert not missing


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
