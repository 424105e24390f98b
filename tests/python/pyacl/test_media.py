"""acl.media through pyACL as the public Python DVPP samples use it: JPEGD of the shipped
picture, a batch crop (lists of ROI handles, (dst, ret) back), JPEGE with the in/out size passed
by address (bytes_to_ptr), as the samples do."""
import os

import numpy as np

from conftest import ACL_SUCCESS

PIXEL_FORMAT_YUV_SEMIPLANAR_420 = 1
IMAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "samples",
                     "resnet50_classification", "data", "house_320x240.jpg")


def align(v, a):
    return (v + a - 1) // a * a


def pic_desc(acl, ptr, size, w, h, ws, hs):
    d = acl.media.dvpp_create_pic_desc()
    assert d != 0
    for setter, value in ((acl.media.dvpp_set_pic_desc_data, ptr), (acl.media.dvpp_set_pic_desc_size, size),
                          (acl.media.dvpp_set_pic_desc_format, PIXEL_FORMAT_YUV_SEMIPLANAR_420),
                          (acl.media.dvpp_set_pic_desc_width, w), (acl.media.dvpp_set_pic_desc_height, h),
                          (acl.media.dvpp_set_pic_desc_width_stride, ws),
                          (acl.media.dvpp_set_pic_desc_height_stride, hs)):
        assert setter(d, value) == ACL_SUCCESS
    return d


def decode(acl, device, channel):
    jpeg = open(IMAGE, "rb").read()
    width, height, components, ret = acl.media.dvpp_jpeg_get_image_info(acl.util.bytes_to_ptr(jpeg), len(jpeg))
    assert ret == ACL_SUCCESS and (width, height) == (320, 240) and components == 3
    size, ret = acl.media.dvpp_jpeg_predict_dec_size(acl.util.bytes_to_ptr(jpeg), len(jpeg),
                                                     PIXEL_FORMAT_YUV_SEMIPLANAR_420)
    assert ret == ACL_SUCCESS and size >= 320 * 240 * 3 // 2
    jpeg_dev, ret = acl.media.dvpp_malloc(len(jpeg))
    assert ret == ACL_SUCCESS
    assert acl.rt.memcpy(jpeg_dev, len(jpeg), acl.util.bytes_to_ptr(jpeg), len(jpeg), 1) == ACL_SUCCESS
    out, ret = acl.media.dvpp_malloc(size)
    assert ret == ACL_SUCCESS
    desc = pic_desc(acl, out, size, width, height, align(width, 128), align(height, 16))
    assert acl.media.dvpp_jpeg_decode_async(channel, jpeg_dev, len(jpeg), desc, device["stream"]) == ACL_SUCCESS
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    assert acl.media.dvpp_get_pic_desc_ret_code(desc) == 0
    assert acl.media.dvpp_free(jpeg_dev) == ACL_SUCCESS
    return out, desc


def test_jpegd_batch_crop_and_jpege(acl, device):
    channel_desc = acl.media.dvpp_create_channel_desc()
    assert acl.media.dvpp_create_channel(channel_desc) == ACL_SUCCESS
    decoded, dec_desc = decode(acl, device, channel_desc)
    host = np.zeros(acl.media.dvpp_get_pic_desc_size(dec_desc), dtype=np.uint8)
    assert acl.rt.memcpy(acl.util.numpy_to_ptr(host), host.nbytes, decoded, host.nbytes, 2) == ACL_SUCCESS
    assert 20 < host[:320].mean() < 235  # a picture, not zeros

    # Batch crop: one source picture, two 64x64 crops (lists of ROI handles).
    src_batch = acl.media.dvpp_create_batch_pic_desc(1)
    dst_batch = acl.media.dvpp_create_batch_pic_desc(2)
    src = acl.media.dvpp_get_pic_desc(src_batch, 0)
    for setter, value in ((acl.media.dvpp_set_pic_desc_data, decoded),
                          (acl.media.dvpp_set_pic_desc_size, acl.media.dvpp_get_pic_desc_size(dec_desc)),
                          (acl.media.dvpp_set_pic_desc_format, PIXEL_FORMAT_YUV_SEMIPLANAR_420),
                          (acl.media.dvpp_set_pic_desc_width, 320), (acl.media.dvpp_set_pic_desc_height, 240),
                          (acl.media.dvpp_set_pic_desc_width_stride, 384),
                          (acl.media.dvpp_set_pic_desc_height_stride, 240)):
        assert setter(src, value) == ACL_SUCCESS
    outs, rois = [], []
    for i in range(2):
        size = 64 * 64 * 3 // 2
        ptr, ret = acl.media.dvpp_malloc(size)
        assert ret == ACL_SUCCESS
        outs.append(ptr)
        d = acl.media.dvpp_get_pic_desc(dst_batch, i)
        for setter, value in ((acl.media.dvpp_set_pic_desc_data, ptr), (acl.media.dvpp_set_pic_desc_size, size),
                              (acl.media.dvpp_set_pic_desc_format, PIXEL_FORMAT_YUV_SEMIPLANAR_420),
                              (acl.media.dvpp_set_pic_desc_width, 64), (acl.media.dvpp_set_pic_desc_height, 64),
                              (acl.media.dvpp_set_pic_desc_width_stride, 64),
                              (acl.media.dvpp_set_pic_desc_height_stride, 64)):
            assert setter(d, value) == ACL_SUCCESS
        rois.append(acl.media.dvpp_create_roi_config(i * 64, i * 64 + 63, 0, 63))
    dst, ret = acl.media.dvpp_vpc_batch_crop_async(channel_desc, src_batch, [2], dst_batch, rois, device["stream"])
    assert ret == ACL_SUCCESS, acl.get_recent_err_msg()
    assert dst == dst_batch
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    crop = np.zeros(64, dtype=np.uint8)
    assert acl.rt.memcpy(acl.util.numpy_to_ptr(crop), 64, outs[0], 64, 2) == ACL_SUCCESS
    assert np.array_equal(crop, host[:64])  # first row of the first crop = the picture's first 64 Y values

    # JPEGE with the size in/out by address, as the samples pass it.
    config = acl.media.dvpp_create_jpege_config()
    assert acl.media.dvpp_set_jpege_config_level(config, 100) == ACL_SUCCESS
    d0 = acl.media.dvpp_get_pic_desc(dst_batch, 0)
    max_size, ret = acl.media.dvpp_jpeg_predict_enc_size(d0, config)
    assert ret == ACL_SUCCESS and max_size > 0
    enc, ret = acl.media.dvpp_malloc(max_size)
    assert ret == ACL_SUCCESS
    size_bytes = np.array([max_size], dtype=np.int32).tobytes()
    ret = acl.media.dvpp_jpeg_encode_async(channel_desc, d0, enc, acl.util.bytes_to_ptr(size_bytes), config,
                                           device["stream"])
    assert ret == ACL_SUCCESS, acl.get_recent_err_msg()
    assert acl.rt.synchronize_stream(device["stream"]) == ACL_SUCCESS
    written = int(np.frombuffer(size_bytes, dtype=np.int32)[0])
    assert 0 < written <= max_size
    head = np.zeros(2, dtype=np.uint8)
    assert acl.rt.memcpy(acl.util.numpy_to_ptr(head), 2, enc, 2, 2) == ACL_SUCCESS
    assert head.tolist() == [0xFF, 0xD8]  # a JPEG

    for r in rois:
        assert acl.media.dvpp_destroy_roi_config(r) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_jpege_config(config) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_batch_pic_desc(src_batch) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_batch_pic_desc(dst_batch) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_pic_desc(dec_desc) == ACL_SUCCESS
    for p in outs + [decoded, enc]:
        assert acl.media.dvpp_free(p) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_channel(channel_desc) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_channel_desc(channel_desc) == ACL_SUCCESS


def test_batch_crop_argument_errors(acl, device):
    channel_desc = acl.media.dvpp_create_channel_desc()
    assert acl.media.dvpp_create_channel(channel_desc) == ACL_SUCCESS
    src_batch = acl.media.dvpp_create_batch_pic_desc(1)
    dst_batch = acl.media.dvpp_create_batch_pic_desc(1)
    roi = acl.media.dvpp_create_roi_config(0, 63, 0, 63)
    # The ROI counts say 2 crops but one area is given: refused before C reads past the list.
    _, ret = acl.media.dvpp_vpc_batch_crop_async(channel_desc, src_batch, [2], dst_batch, [roi], device["stream"])
    assert ret == 100000
    # Counts and list agree, but the source picture has no data: the C API's own refusal.
    _, ret = acl.media.dvpp_vpc_batch_crop_async(channel_desc, src_batch, [1], dst_batch, [roi], device["stream"])
    assert ret != ACL_SUCCESS
    _, ret = acl.media.dvpp_vpc_batch_crop_async(channel_desc, 0xBAD0, [1], dst_batch, [0xBAD1], device["stream"])
    assert ret != ACL_SUCCESS
    import pytest
    with pytest.raises(TypeError):
        acl.media.dvpp_vpc_batch_crop_async(channel_desc, src_batch, ["x"], dst_batch, [roi], device["stream"])
    assert acl.media.dvpp_destroy_roi_config(roi) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_batch_pic_desc(src_batch) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_batch_pic_desc(dst_batch) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_channel(channel_desc) == ACL_SUCCESS
    assert acl.media.dvpp_destroy_channel_desc(channel_desc) == ACL_SUCCESS
