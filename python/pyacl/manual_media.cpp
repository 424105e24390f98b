// The hand-written bindings of acl.media: the video decoder's and encoder's callbacks, which
// are Python callables, vdec_send_frame / venc_send_frame, whose user data is any Python object
// handed back to the callback, and the batch VPC calls, whose ROI counts and areas are lists
// (they answer (dst_batch_desc, ret), as pyACL's do).
//
// Owns: the callable registered per channel description (replaced by a later registration, kept
// until the process ends otherwise: a description has no destroy hook here), and one PyCallback
// per frame in flight until its callback has run.
// Thread safety: the registry has a mutex and is touched with the GIL held; callbacks run on the
// channel's callback thread and take the GIL there.
// Failure: ret is the C API's aclError; a frame whose send fails drops its PyCallback at once.
#include <pybind11/pybind11.h>

#include <map>
#include <mutex>
#include <utility>

#include "acl/acl.h"
#include "acl/ops/acl_dvpp.h"
#include "python/pyacl/bindings.h"
#include "python/pyacl/list_args.h"
#include "python/pyacl/py_callback.h"

namespace py = pybind11;

namespace asim::pyacl {
namespace {

struct CallableRegistry {
  std::mutex mu;
  std::map<const void*, py::object> by_channel;  // channel description -> Python callable
};
CallableRegistry& Callables() {
  static auto* r = new CallableRegistry();  // its py::objects must not be released at exit
  return *r;
}

py::object CallableOf(const void* channel_desc) {
  std::lock_guard<std::mutex> lock(Callables().mu);
  auto it = Callables().by_channel.find(channel_desc);
  return it == Callables().by_channel.end() ? py::none() : it->second;
}

void VdecTrampoline(acldvppStreamDesc* input, acldvppPicDesc* output, void* user_data) {
  auto* cb = static_cast<PyCallback*>(user_data);
  if (cb == nullptr) return;
  cb->Call(reinterpret_cast<uintptr_t>(input), reinterpret_cast<uintptr_t>(output), cb->arg);
  PyCallback::Destroy(cb);
}

void VencTrampoline(acldvppPicDesc* input, acldvppStreamDesc* output, void* user_data) {
  auto* cb = static_cast<PyCallback*>(user_data);
  if (cb == nullptr) return;
  cb->Call(reinterpret_cast<uintptr_t>(input), reinterpret_cast<uintptr_t>(output), cb->arg);
  PyCallback::Destroy(cb);
}

// Sets the C callback of a VDEC / VENC channel to its trampoline and, when the C call
// succeeds, keeps `func` for the channel (the trampoline finds it by the channel).
template <typename Desc, typename Setter, typename Trampoline>
int SetChannelCallback(uintptr_t desc, py::function func, Setter setter, Trampoline trampoline) {
  aclError ret;
  {
    ReleasedGil nogil;
    ret = setter(reinterpret_cast<Desc*>(desc), trampoline);
  }
  if (ret == ACL_SUCCESS) {
    std::lock_guard<std::mutex> lock(Callables().mu);
    Callables().by_channel[reinterpret_cast<const void*>(desc)] = std::move(func);
  }
  return ret;
}

}  // namespace

void RegisterManualMedia(py::module_& m) {
  using Rois = std::vector<acldvppRoiConfig*>;
  // Every batch call: (channel, src batch, [roi counts], dst batch, [crop areas], ..., stream).
  struct BatchArgs {
    acldvppChannelDesc* channel;
    acldvppBatchPicDesc* src;
    std::vector<uint32_t> roi_nums;
    acldvppBatchPicDesc* dst;
    Rois crops;
  };
  auto batch_args = [](uintptr_t channel, uintptr_t src, py::object roi_nums, uintptr_t dst, py::object crops) {
    return BatchArgs{reinterpret_cast<acldvppChannelDesc*>(channel), reinterpret_cast<acldvppBatchPicDesc*>(src),
                     IntList<uint32_t>(roi_nums, "roi_nums"), reinterpret_cast<acldvppBatchPicDesc*>(dst),
                     HandleList<acldvppRoiConfig*>(crops, "crop_areas")};
  };
  auto nums = [](BatchArgs& a) { return a.roi_nums.empty() ? nullptr : a.roi_nums.data(); };
  auto rois = [](Rois& r) { return r.empty() ? nullptr : r.data(); };
  auto result = [](uintptr_t dst, aclError ret) { return py::make_tuple(dst, static_cast<int>(ret)); };
  // The C call reads sum(roi_nums) entries of each area list: a shorter list would be read past
  // its end, so the lists must match the counts (ACL_ERROR_INVALID_PARAM otherwise).
  auto lists_match = [](const BatchArgs& a, size_t other_list, bool has_other) {
    uint64_t total = 0;
    for (uint32_t n : a.roi_nums) total += n;
    return total == a.crops.size() && (!has_other || other_list == a.crops.size());
  };

  m.def(
      "dvpp_vpc_batch_crop_async",
      [=](uintptr_t channel, uintptr_t src, py::object roi_nums, uintptr_t dst, py::object crops, uintptr_t stream) {
        BatchArgs a = batch_args(channel, src, roi_nums, dst, crops);
        if (!lists_match(a, 0, false)) return result(dst, ACL_ERROR_INVALID_PARAM);
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldvppVpcBatchCropAsync(a.channel, a.src, nums(a), static_cast<uint32_t>(a.roi_nums.size()), a.dst,
                                         rois(a.crops), reinterpret_cast<aclrtStream>(stream));
        }
        return result(dst, ret);
      },
      py::arg("channel_desc"), py::arg("src_batch_desc"), py::arg("roi_nums"), py::arg("dst_batch_desc"),
      py::arg("crop_areas"), py::arg("stream"));

  m.def(
      "dvpp_vpc_batch_crop_and_paste_async",
      [=](uintptr_t channel, uintptr_t src, py::object roi_nums, uintptr_t dst, py::object crops, py::object pastes,
          uintptr_t stream) {
        BatchArgs a = batch_args(channel, src, roi_nums, dst, crops);
        Rois p = HandleList<acldvppRoiConfig*>(pastes, "paste_areas");
        if (!lists_match(a, p.size(), true)) return result(dst, ACL_ERROR_INVALID_PARAM);
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldvppVpcBatchCropAndPasteAsync(a.channel, a.src, nums(a), static_cast<uint32_t>(a.roi_nums.size()),
                                                 a.dst, rois(a.crops), rois(p), reinterpret_cast<aclrtStream>(stream));
        }
        return result(dst, ret);
      },
      py::arg("channel_desc"), py::arg("src_batch_desc"), py::arg("roi_nums"), py::arg("dst_batch_desc"),
      py::arg("crop_areas"), py::arg("paste_areas"), py::arg("stream"));

  m.def(
      "dvpp_vpc_batch_crop_resize_async",
      [=](uintptr_t channel, uintptr_t src, py::object roi_nums, uintptr_t dst, py::object crops, uintptr_t resize,
          uintptr_t stream) {
        BatchArgs a = batch_args(channel, src, roi_nums, dst, crops);
        if (!lists_match(a, 0, false)) return result(dst, ACL_ERROR_INVALID_PARAM);
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldvppVpcBatchCropResizeAsync(a.channel, a.src, nums(a), static_cast<uint32_t>(a.roi_nums.size()),
                                               a.dst, rois(a.crops), reinterpret_cast<acldvppResizeConfig*>(resize),
                                               reinterpret_cast<aclrtStream>(stream));
        }
        return result(dst, ret);
      },
      py::arg("channel_desc"), py::arg("src_batch_desc"), py::arg("roi_nums"), py::arg("dst_batch_desc"),
      py::arg("crop_areas"), py::arg("resize_config"), py::arg("stream"));

  m.def(
      "dvpp_vpc_batch_crop_resize_paste_async",
      [=](uintptr_t channel, uintptr_t src, py::object roi_nums, uintptr_t dst, py::object crops, py::object pastes,
          uintptr_t resize, uintptr_t stream) {
        BatchArgs a = batch_args(channel, src, roi_nums, dst, crops);
        Rois p = HandleList<acldvppRoiConfig*>(pastes, "paste_areas");
        if (!lists_match(a, p.size(), true)) return result(dst, ACL_ERROR_INVALID_PARAM);
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldvppVpcBatchCropResizePasteAsync(
              a.channel, a.src, nums(a), static_cast<uint32_t>(a.roi_nums.size()), a.dst, rois(a.crops), rois(p),
              reinterpret_cast<acldvppResizeConfig*>(resize), reinterpret_cast<aclrtStream>(stream));
        }
        return result(dst, ret);
      },
      py::arg("channel_desc"), py::arg("src_batch_desc"), py::arg("roi_nums"), py::arg("dst_batch_desc"),
      py::arg("crop_areas"), py::arg("paste_areas"), py::arg("resize_config"), py::arg("stream"));

  m.def(
      "dvpp_vpc_batch_crop_resize_make_border_async",
      [=](uintptr_t channel, uintptr_t src, py::object roi_nums, uintptr_t dst, py::object crops, py::object borders,
          uintptr_t resize, uintptr_t stream) {
        BatchArgs a = batch_args(channel, src, roi_nums, dst, crops);
        std::vector<acldvppBorderConfig*> b = HandleList<acldvppBorderConfig*>(borders, "border_configs");
        if (!lists_match(a, b.size(), true)) return result(dst, ACL_ERROR_INVALID_PARAM);
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldvppVpcBatchCropResizeMakeBorderAsync(
              a.channel, a.src, nums(a), static_cast<uint32_t>(a.roi_nums.size()), a.dst, rois(a.crops),
              b.empty() ? nullptr : b.data(), reinterpret_cast<acldvppResizeConfig*>(resize),
              reinterpret_cast<aclrtStream>(stream));
        }
        return result(dst, ret);
      },
      py::arg("channel_desc"), py::arg("src_batch_desc"), py::arg("roi_nums"), py::arg("dst_batch_desc"),
      py::arg("crop_areas"), py::arg("border_configs"), py::arg("resize_config"), py::arg("stream"));

  // acl.media.vdec_set_channel_desc_callback(channel_desc, func) -> ret;
  // func(input_stream_desc, output_pic_desc, user_data) runs once per decoded frame.
  m.def(
      "vdec_set_channel_desc_callback",
      [](uintptr_t desc, py::function func) {
        return SetChannelCallback<aclvdecChannelDesc>(desc, std::move(func), aclvdecSetChannelDescCallback,
                                                      VdecTrampoline);
      },
      py::arg("channel_desc"), py::arg("callback"));

  m.def(
      "venc_set_channel_desc_callback",
      [](uintptr_t desc, py::function func) {
        return SetChannelCallback<aclvencChannelDesc>(desc, std::move(func), aclvencSetChannelDescCallback,
                                                      VencTrampoline);
      },
      py::arg("channel_desc"), py::arg("callback"));

  // acl.media.dvpp_get_lut_map_data(lut_map, dim) -> (data address, len, ret)
  m.def(
      "dvpp_get_lut_map_data",
      [](uintptr_t lut, uint32_t dim) {
        uint8_t* data = nullptr;
        uint32_t len = 0;
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldvppGetLutMapData(reinterpret_cast<const acldvppLutMap*>(lut), dim, &data, &len);
        }
        return py::make_tuple(reinterpret_cast<uintptr_t>(data), len, static_cast<int>(ret));
      },
      py::arg("lut_map"), py::arg("dim"));
  // acl.media.dvpp_get_hist_data(hist, dim) -> (data address, len, ret)
  m.def(
      "dvpp_get_hist_data",
      [](uintptr_t hist, uint32_t dim) {
        uint32_t* data = nullptr;
        uint16_t len = 0;
        aclError ret;
        {
          ReleasedGil nogil;
          ret = acldvppGetHistData(reinterpret_cast<acldvppHist*>(hist), dim, &data, &len);
        }
        return py::make_tuple(reinterpret_cast<uintptr_t>(data), len, static_cast<int>(ret));
      },
      py::arg("hist"), py::arg("dim"));

  // acl.media.vdec_send_frame(channel_desc, input, output, frame_config, user_data) -> ret
  m.def(
      "vdec_send_frame",
      [](uintptr_t channel, uintptr_t input, uintptr_t output, uintptr_t config, py::object user_data) -> int {
        py::object fn = CallableOf(reinterpret_cast<const void*>(channel));
        PyCallback* cb = fn.is_none() ? nullptr : new PyCallback{fn, user_data};
        aclError ret;
        {
          ReleasedGil nogil;
          ret = aclvdecSendFrame(reinterpret_cast<aclvdecChannelDesc*>(channel),
                                 reinterpret_cast<acldvppStreamDesc*>(input), reinterpret_cast<acldvppPicDesc*>(output),
                                 reinterpret_cast<aclvdecFrameConfig*>(config), cb);
        }
        if (ret != ACL_SUCCESS) delete cb;
        return ret;
      },
      py::arg("channel_desc"), py::arg("input"), py::arg("output"), py::arg("config"), py::arg("user_data"));

  // acl.media.venc_send_frame(channel_desc, input, reserve, frame_config, user_data) -> ret
  m.def(
      "venc_send_frame",
      [](uintptr_t channel, uintptr_t input, uintptr_t reserve, uintptr_t config, py::object user_data) -> int {
        py::object fn = CallableOf(reinterpret_cast<const void*>(channel));
        PyCallback* cb = fn.is_none() ? nullptr : new PyCallback{fn, user_data};
        aclError ret;
        {
          ReleasedGil nogil;
          ret =
              aclvencSendFrame(reinterpret_cast<aclvencChannelDesc*>(channel), reinterpret_cast<acldvppPicDesc*>(input),
                               reinterpret_cast<void*>(reserve), reinterpret_cast<aclvencFrameConfig*>(config), cb);
        }
        if (ret != ACL_SUCCESS) delete cb;
        return ret;
      },
      py::arg("channel_desc"), py::arg("input"), py::arg("reserve"), py::arg("config"), py::arg("user_data"));
}

}  // namespace asim::pyacl
