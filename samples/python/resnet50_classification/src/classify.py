#!/usr/bin/python3
"""ResNet-50 image classification with pyACL, written as the public Python samples are
(Ascend/samples python/level2_simple_inference/1_classification/resnet50_imagenet_classification):
resources, model and datasets through `import acl`, numpy preprocessing, acl.mdl.execute, top-5.

  python3 classify.py --model resnet50.om --image picture.jpg [--runs N] [--acl-json acl.json]
                      [--decoder pil|stb] [--input-bin preprocessed.bin] [--dump-input out.bin]
                      [--device 0]

--input-bin feeds an already preprocessed input (e.g. the C++ sample's --dump-input) instead of
decoding --image; --dump-input writes the input this script computed.
"""
import argparse
import os
import sys
import time

import numpy as np

import acl
from constants import (ACL_SUCCESS, ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEMCPY_HOST_TO_DEVICE,
                       ACL_MEMCPY_DEVICE_TO_HOST, ACL_MEMCPY_DEVICE_TO_DEVICE, ACL_HOST, ACL_FLOAT16,
                       NPY_FLOAT32)


def check_ret(message, ret):
    if ret != ACL_SUCCESS:
        raise Exception("{} failed ret={}: {}".format(message, ret, acl.get_recent_err_msg()))


def decode_resize_stb(input_path, size):
    """Decode and resize with Debian's libstb (stbi_load + stbir_resize_uint8), through ctypes:
    the pixels the C++ sample computes, so both samples see the same input."""
    import ctypes
    import ctypes.util
    stb = ctypes.CDLL(ctypes.util.find_library("stb") or "libstb.so")
    stb.stbi_load.restype = ctypes.POINTER(ctypes.c_ubyte)
    stb.stbi_load.argtypes = [ctypes.c_char_p] + [ctypes.POINTER(ctypes.c_int)] * 3 + [ctypes.c_int]
    stb.stbir_resize_uint8.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                       ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    stb.stbi_image_free.argtypes = [ctypes.c_void_p]
    w, h, c = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    pixels = stb.stbi_load(input_path.encode(), ctypes.byref(w), ctypes.byref(h), ctypes.byref(c), 3)
    if not pixels:
        raise Exception("stbi_load could not decode {}".format(input_path))
    try:
        out = np.empty((size, size, 3), dtype=np.uint8)
        if (w.value, h.value) == (size, size):
            ctypes.memmove(out.ctypes.data, pixels, out.nbytes)
        elif not stb.stbir_resize_uint8(pixels, w.value, h.value, 0, out.ctypes.data, size, size, 0, 3):
            raise Exception("stbir_resize_uint8 failed")
    finally:
        stb.stbi_image_free(pixels)
    return out


def transfer_pic(input_path, decoder="pil"):
    """As the public sample's preprocessing: resize to 256x256, centre-crop 224x224, RGB -> BGR,
    subtract the mean (B 104, G 117, R 123), NCHW, float16. decoder "pil" (the public sample's
    Pillow) or "stb" (the C++ sample's libstb, for identical pixels)."""
    if decoder == "stb":
        img = decode_resize_stb(input_path, 256)
    else:
        from PIL import Image
        with Image.open(input_path) as image_file:
            image_file = image_file.convert("RGB").resize((256, 256))
            img = np.array(image_file)
    height, width = img.shape[0], img.shape[1]
    h_off = (height - 224) // 2
    w_off = (width - 224) // 2
    crop_img = img[h_off:h_off + 224, w_off:w_off + 224, :]
    img = crop_img[:, :, ::-1]  # rgb to bgr
    shape = img.shape
    img = img.astype("float16")
    img[:, :, 0] -= 104
    img[:, :, 1] -= 117
    img[:, :, 2] -= 123
    img = img.reshape([1] + list(shape))
    return img.transpose([0, 3, 1, 2]).copy()


class Net(object):
    def __init__(self, device_id, model_path, acl_json):
        self.device_id = device_id
        self.model_path = model_path
        self.acl_json = acl_json
        self.context = None
        self.stream = None
        self.model_id = None
        self.model_desc = None
        self.input_dataset = None
        self.output_dataset = None
        self.input_buffers = []
        self.output_buffers = []
        self.run_mode = None

    def init_resource(self):
        print("[INFO]  init resource stage:")
        check_ret("acl.init", acl.init(self.acl_json))
        check_ret("acl.rt.set_device", acl.rt.set_device(self.device_id))
        self.context, ret = acl.rt.create_context(self.device_id)
        check_ret("acl.rt.create_context", ret)
        self.stream, ret = acl.rt.create_stream()
        check_ret("acl.rt.create_stream", ret)
        self.run_mode, ret = acl.rt.get_run_mode()
        check_ret("acl.rt.get_run_mode", ret)
        print("[INFO]  init resource success")

        self.model_id, ret = acl.mdl.load_from_file(self.model_path)
        check_ret("acl.mdl.load_from_file", ret)
        self.model_desc = acl.mdl.create_desc()
        check_ret("acl.mdl.get_desc", acl.mdl.get_desc(self.model_desc, self.model_id))
        print("[INFO]  load model {} success".format(self.model_path))
        self._gen_datasets()

    def _gen_datasets(self):
        self.input_dataset = self._gen_dataset(acl.mdl.get_num_inputs(self.model_desc),
                                               acl.mdl.get_input_size_by_index, self.input_buffers)
        self.output_dataset = self._gen_dataset(acl.mdl.get_num_outputs(self.model_desc),
                                                acl.mdl.get_output_size_by_index, self.output_buffers)

    def _gen_dataset(self, count, size_by_index, buffers):
        """A dataset of `count` device buffers sized by the model; (ptr, size, buffer) go to buffers."""
        dataset = acl.mdl.create_dataset()
        for i in range(count):
            size = size_by_index(self.model_desc, i)
            ptr, ret = acl.rt.malloc(size, ACL_MEM_MALLOC_HUGE_FIRST)
            check_ret("acl.rt.malloc", ret)
            buf = acl.create_data_buffer(ptr, size)
            _, ret = acl.mdl.add_dataset_buffer(dataset, buf)
            check_ret("acl.mdl.add_dataset_buffer", ret)
            buffers.append((ptr, size, buf))
        return dataset

    def input_info(self):
        dims, ret = acl.mdl.get_input_dims(self.model_desc, 0)
        check_ret("acl.mdl.get_input_dims", ret)
        return dims

    def _copy_in(self, data):
        ptr, size, _ = self.input_buffers[0]
        if data.nbytes > size:
            raise Exception("input of {} bytes exceeds the model input's {} bytes".format(data.nbytes, size))
        batch = size // data.nbytes
        data = np.ascontiguousarray(np.concatenate([data] * batch)) if batch > 1 else np.ascontiguousarray(data)
        kind = ACL_MEMCPY_HOST_TO_DEVICE if self.run_mode == ACL_HOST else ACL_MEMCPY_DEVICE_TO_DEVICE
        if "bytes_to_ptr" in dir(acl.util):
            raw = data.tobytes()
            check_ret("acl.rt.memcpy", acl.rt.memcpy(ptr, size, acl.util.bytes_to_ptr(raw), data.nbytes, kind))
        else:
            check_ret("acl.rt.memcpy", acl.rt.memcpy(ptr, size, acl.util.numpy_to_ptr(data), data.nbytes, kind))

    def run(self, data, runs):
        self._copy_in(data)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            check_ret("acl.mdl.execute", acl.mdl.execute(self.model_id, self.input_dataset, self.output_dataset))
            times.append((time.perf_counter() - start) * 1000.0)
        return self._get_result(), times

    def device_time_ms(self):
        start, ret = acl.rt.create_event()
        check_ret("acl.rt.create_event", ret)
        end, ret = acl.rt.create_event()
        check_ret("acl.rt.create_event", ret)
        check_ret("acl.rt.record_event", acl.rt.record_event(start, self.stream))
        check_ret("acl.mdl.execute_async",
                  acl.mdl.execute_async(self.model_id, self.input_dataset, self.output_dataset, self.stream))
        check_ret("acl.rt.record_event", acl.rt.record_event(end, self.stream))
        check_ret("acl.rt.synchronize_stream", acl.rt.synchronize_stream(self.stream))
        ms, ret = acl.rt.event_elapsed_time(start, end)
        check_ret("acl.rt.event_elapsed_time", ret)
        acl.rt.destroy_event(start)
        acl.rt.destroy_event(end)
        return ms

    def _get_result(self):
        ptr, size, _ = self.output_buffers[0]
        host, ret = acl.rt.malloc_host(size)
        check_ret("acl.rt.malloc_host", ret)
        check_ret("acl.rt.memcpy", acl.rt.memcpy(host, size, ptr, size, ACL_MEMCPY_DEVICE_TO_HOST))
        result = acl.util.ptr_to_numpy(host, (size // 4,), NPY_FLOAT32).copy()
        check_ret("acl.rt.free_host", acl.rt.free_host(host))
        return result

    def release_resource(self):
        print("[INFO]  release resource stage:")
        for dataset, buffers in ((self.input_dataset, self.input_buffers), (self.output_dataset, self.output_buffers)):
            for ptr, _, buf in buffers:
                acl.destroy_data_buffer(buf)
                acl.rt.free(ptr)
            if dataset:
                acl.mdl.destroy_dataset(dataset)
        if self.model_id is not None:
            check_ret("acl.mdl.unload", acl.mdl.unload(self.model_id))
        if self.model_desc:
            acl.mdl.destroy_desc(self.model_desc)
        if self.stream:
            check_ret("acl.rt.destroy_stream", acl.rt.destroy_stream(self.stream))
        if self.context:
            check_ret("acl.rt.destroy_context", acl.rt.destroy_context(self.context))
        check_ret("acl.rt.reset_device", acl.rt.reset_device(self.device_id))
        check_ret("acl.finalize", acl.finalize())
        print("[INFO]  release resource success")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True)
    ap.add_argument("--image", help="a JPEG/PNG picture")
    ap.add_argument("--input-bin", help="a preprocessed fp16 NCHW input instead of --image")
    ap.add_argument("--dump-input", help="write the preprocessed input here")
    ap.add_argument("--decoder", choices=("pil", "stb"), default="pil",
                    help="pil: Pillow, as the public Python sample; stb: libstb, the C++ sample's pixels")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--device", type=int, default=0)
    ap.add_argument("--acl-json", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "acl.json"))
    args = ap.parse_args()
    if not args.image and not args.input_bin:
        ap.error("one of --image and --input-bin is required")
    if not os.path.exists(args.model):
        print("[ERROR] model file '{}' not found: convert one with atc first (see README.md)".format(args.model))
        return 1

    net = Net(args.device, args.model, args.acl_json if os.path.exists(args.acl_json) else None)
    try:
        net.init_resource()
        dims = net.input_info()
        if args.input_bin:
            data = np.fromfile(args.input_bin, dtype=np.float16)
            per_image = int(np.prod(dims["dims"][1:]))
            data = data[:per_image].reshape([1] + list(dims["dims"][1:]))
            print("[INFO]  input {}: {} fp16 values".format(args.input_bin, data.size))
        else:
            data = transfer_pic(args.image, args.decoder)
            print("[INFO]  image {}: decoded ({}), resized (256x256), centre-cropped 224x224, BGR minus mean, "
                  "NCHW fp16".format(args.image, args.decoder))
        if args.dump_input:
            data.tofile(args.dump_input)
        result, times = net.run(data, args.runs)
        per_image = result.size // max(1, dims["dims"][0])
        prob = result[:per_image]
        top_k = prob.argsort()[-1:-6:-1]
        print("======== top5 inference results: =============")
        for n, idx in enumerate(top_k):
            print("[INFO]  top {}: index[{}] value[{:.6f}]".format(n + 1, idx, prob[idx]))
        print("[INFO]  the model's weights are random (tools/modelzoo): the class indices mean nothing")
        times.sort()
        print("[INFO]  host wall time per inference (batch {}, acl.mdl.execute, {} runs): median {:.3f} ms"
              .format(dims["dims"][0], len(times), times[len(times) // 2]))
        print("[INFO]  simulated {} device time per inference (batch {}): {:.3f} ms".format(
            acl.get_soc_name(), dims["dims"][0], net.device_time_ms()))
    except Exception as e:
        print("[ERROR] {}".format(e))
        net.release_resource()
        return 1
    net.release_resource()
    return 0


if __name__ == "__main__":
    sys.exit(main())
