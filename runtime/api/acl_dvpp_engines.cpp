// acl/ops/acl_dvpp.h engines: DVPP memory, channels, the JPEG/PNG queries and the JPEGD,
// JPEGE, PNGD and VPC calls. Each shim resolves its descriptor handles, snapshots them into
// the engine's plain form and calls runtime/dvpp/engine (dvpp_ops.h), which validates against
// the hardware's rules and submits the work on the stream.
#include <cstring>
#include <string>
#include <vector>

#include "runtime/api/acl_dvpp_handles.h"
#include "runtime/api/runtime_context.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/dvpp/engine/dvpp_memory.h"
#include "runtime/dvpp/engine/dvpp_ops.h"
#include "runtime/dvpp/engine/dvpp_rules.h"
#include "runtime/dvpp/engine/dvpp_task.h"

namespace asim::api {

uint32_t DvppMaxInterpolation() {
  sim::SocSpec spec;
  if (!dvpp::CurrentSocSpec(asim::api::Ctx().core(), &spec).ok()) return 4;
  return dvpp::rules::MaxInterpolation(spec);
}

}  // namespace asim::api

namespace asim::api {

Status Channel(const acldvppChannelDesc* handle, std::shared_ptr<acldvppChannelDesc>* out) {
  return FindDvppHandle(asim::api::ChannelDescs(), handle, "channelDesc", out);
}

Status Picture(const acldvppPicDesc* handle, const char* arg, dvpp::PictureDesc* out) {
  std::shared_ptr<acldvppPicDesc> pic;
  ASIM_RETURN_IF_ERROR(FindDvppHandle(asim::api::PicDescs(), handle, arg, &pic));
  *out = pic->desc;
  out->LoadGeometry();  // what a decoder task wrote back since the last setter
  return Status::Ok();
}

Status VpcChannelAndPictures(const acldvppChannelDesc* channelDesc, const acldvppPicDesc* inputDesc,
                             const acldvppPicDesc* outputDesc, std::shared_ptr<acldvppChannelDesc>* channel,
                             dvpp::PictureDesc* in, dvpp::PictureDesc* out) {
  ASIM_RETURN_IF_ERROR(Channel(channelDesc, channel));
  ASIM_RETURN_IF_ERROR(Picture(inputDesc, "inputDesc", in));
  return Picture(outputDesc, "outputDesc", out);
}

Status Roi(const acldvppRoiConfig* handle, const char* arg, dvpp::Rect* out) {
  std::shared_ptr<acldvppRoiConfig> roi;
  ASIM_RETURN_IF_ERROR(FindDvppHandle(asim::api::RoiConfigs(), handle, arg, &roi));
  *out = roi->rect;
  return Status::Ok();
}

// NULL resizeConfig: the default algorithm (interpolation 0).
Status Interpolation(const acldvppResizeConfig* handle, uint32_t* out) {
  *out = 0;
  if (handle == nullptr) return Status::Ok();
  std::shared_ptr<acldvppResizeConfig> config;
  ASIM_RETURN_IF_ERROR(FindDvppHandle(asim::api::ResizeConfigs(), handle, "resizeConfig", &config));
  *out = config->interpolation;
  return Status::Ok();
}

// The items of a batch VPC call: roiNums[i] crops of source picture i, written to consecutive
// destination pictures (and paste areas).
Status CollectBatch(acldvppBatchPicDesc* srcBatchPicDescs, const uint32_t* roiNums, uint32_t size,
                    acldvppBatchPicDesc* dstBatchPicDescs, acldvppRoiConfig* cropAreas[],
                    acldvppRoiConfig* pasteAreas[], bool paste_required, const acldvppResizeConfig* resizeConfig,
                    std::vector<dvpp::VpcItem>* items) {
  std::shared_ptr<acldvppBatchPicDesc> src, dst;
  ASIM_RETURN_IF_ERROR(FindDvppHandle(asim::api::BatchPicDescs(), srcBatchPicDescs, "srcBatchPicDescs", &src));
  ASIM_RETURN_IF_ERROR(FindDvppHandle(asim::api::BatchPicDescs(), dstBatchPicDescs, "dstBatchPicDescs", &dst));
  if (roiNums == nullptr) return Status(err::kInvalidParam, "roiNums is NULL");
  if (cropAreas == nullptr) return Status(err::kInvalidParam, "cropAreas is NULL");
  if (paste_required && pasteAreas == nullptr) return Status(err::kInvalidParam, "pasteAreas is NULL");
  if (size == 0 || size > src->pictures.size()) {
    return Status(err::kInvalidParam, "size " + std::to_string(size) + " must be in [1, " +
                                          std::to_string(src->pictures.size()) + "] (the source batch's pictures)");
  }
  uint64_t total = 0;
  for (uint32_t i = 0; i < size; ++i) {
    if (roiNums[i] == 0 || roiNums[i] > 65535) {
      return Status(err::kInvalidParam, "roiNums[" + std::to_string(i) + "] is " + std::to_string(roiNums[i]) +
                                            ": each source picture has 1 to 65535 crop areas");
    }
    total += roiNums[i];
  }
  if (total > dvpp::rules::kBatchRoiMax) {
    return Status(err::kInvalidParam, "the roiNums add up to " + std::to_string(total) + " crop areas, more than " +
                                          std::to_string(dvpp::rules::kBatchRoiMax) + " per call");
  }
  if (total > dst->pictures.size()) {
    return Status(err::kInvalidParam, "the roiNums add up to " + std::to_string(total) +
                                          " crop areas but dstBatchPicDescs holds " +
                                          std::to_string(dst->pictures.size()) + " pictures");
  }
  uint32_t interpolation = 0;
  ASIM_RETURN_IF_ERROR(Interpolation(resizeConfig, &interpolation));
  size_t k = 0;
  for (uint32_t i = 0; i < size; ++i) {
    for (uint32_t j = 0; j < roiNums[i]; ++j, ++k) {
      dvpp::VpcItem item;
      const std::string crop_name = "cropAreas[" + std::to_string(k) + "]";
      ASIM_RETURN_IF_ERROR(Picture(src->pictures[i], "srcBatchPicDescs picture", &item.in));
      ASIM_RETURN_IF_ERROR(Picture(dst->pictures[k], "dstBatchPicDescs picture", &item.out));
      ASIM_RETURN_IF_ERROR(Roi(cropAreas[k], crop_name.c_str(), &item.crop));
      if (paste_required) {
        const std::string paste_name = "pasteAreas[" + std::to_string(k) + "]";
        ASIM_RETURN_IF_ERROR(Roi(pasteAreas[k], paste_name.c_str(), &item.paste));
        item.has_paste = true;
      }
      item.interpolation = interpolation;
      items->push_back(item);
    }
  }
  return Status::Ok();
}

}  // namespace asim::api

namespace {

using asim::Status;
using asim::api::Channel;
using asim::api::CollectBatch;
using asim::api::FindDvppHandle;
using asim::api::Interpolation;
using asim::api::Picture;
using asim::api::Roi;
using asim::api::VpcChannelAndPictures;
namespace err = asim::err;
namespace dvpp = asim::dvpp;

dvpp::Rect Whole(const dvpp::PictureDesc& pic) {
  return dvpp::Rect{0, pic.width == 0 ? 0 : pic.width - 1, 0, pic.height == 0 ? 0 : pic.height - 1};
}

// One picture in, one picture out: the five single-picture VPC calls.
aclError SingleVpc(const char* api, acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc,
                   acldvppPicDesc* outputDesc, const acldvppRoiConfig* cropArea, const acldvppRoiConfig* pasteArea,
                   const acldvppResizeConfig* resizeConfig, bool crop_required, bool paste_required, aclrtStream stream,
                   bool resize_required = false) {
  ACL_API_BEGIN(api);
  if (resize_required && resizeConfig == nullptr) ACL_API_FAIL(err::kInvalidParam, "resizeConfig is NULL");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<acldvppChannelDesc> channel;
  dvpp::VpcItem item;
  ACL_API_RETURN_IF_ERROR(VpcChannelAndPictures(channelDesc, inputDesc, outputDesc, &channel, &item.in, &item.out));
  if (crop_required) {
    ACL_API_RETURN_IF_ERROR(Roi(cropArea, "cropArea", &item.crop));
  } else {
    item.crop = Whole(item.in);
  }
  if (paste_required) {
    ACL_API_RETURN_IF_ERROR(Roi(pasteArea, "pasteArea", &item.paste));
    item.has_paste = true;
  }
  ACL_API_RETURN_IF_ERROR(Interpolation(resizeConfig, &item.interpolation));
  ACL_API_RETURN(dvpp::VpcCropResizePasteAsync(asim::api::Ctx().core(), api, channel->channel, {item}, stream));
  ACL_API_END();
}

aclError BatchVpc(const char* api, acldvppChannelDesc* channelDesc, acldvppBatchPicDesc* srcBatchPicDescs,
                  const uint32_t* roiNums, uint32_t size, acldvppBatchPicDesc* dstBatchPicDescs,
                  acldvppRoiConfig* cropAreas[], acldvppRoiConfig* pasteAreas[], bool paste_required,
                  const acldvppResizeConfig* resizeConfig, aclrtStream stream) {
  ACL_API_BEGIN(api);
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<acldvppChannelDesc> channel;
  ACL_API_RETURN_IF_ERROR(Channel(channelDesc, &channel));
  std::vector<dvpp::VpcItem> items;
  ACL_API_RETURN_IF_ERROR(CollectBatch(srcBatchPicDescs, roiNums, size, dstBatchPicDescs, cropAreas, pasteAreas,
                                       paste_required, resizeConfig, &items));
  ACL_API_RETURN(dvpp::VpcCropResizePasteAsync(asim::api::Ctx().core(), api, channel->channel, items, stream));
  ACL_API_END();
}

}  // namespace

// ---- memory --------------------------------------------------------------------------------

// Memcheck sees DVPP buffers as the application asked for them (its size, not the padded
// block DVPP allocates) and checks their frees like aclrtFree's.
aclError acldvppMalloc(void** devPtr, size_t size) {
  ACL_API_BEGIN("acldvppMalloc");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeMalloc(asim::api::Ctx().checks(), kApi, size));
  const asim::Status st = dvpp::DvppMalloc(asim::api::Ctx().core(), devPtr, size);
  if (st.ok()) asim::check::AfterMalloc(asim::api::Ctx().checks(), *devPtr, size);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError acldvppFree(void* devPtr) {
  ACL_API_BEGIN("acldvppFree");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeFree(asim::api::Ctx().checks(), kApi, devPtr, /*host_api=*/false));
  const asim::Status st = dvpp::DvppFree(asim::api::Ctx().core(), devPtr);
  if (st.ok()) asim::check::AfterFree(asim::api::Ctx().checks(), devPtr);
  ACL_API_RETURN(st);
  ACL_API_END();
}

// ---- channels ------------------------------------------------------------------------------

acldvppChannelDesc* acldvppCreateChannelDesc() {
  return asim::api::CreateDvppObject("acldvppCreateChannelDesc", asim::api::ChannelDescs(),
                                     [](acldvppChannelDesc&) { return true; });
}

aclError acldvppDestroyChannelDesc(acldvppChannelDesc* channelDesc) {
  return asim::api::SetDvppField("acldvppDestroyChannelDesc", asim::api::ChannelDescs(), channelDesc, "channelDesc",
                                 [&](acldvppChannelDesc& desc) {
                                   if (desc.channel.created) {
                                     return Status(err::kInvalidParam, "channelDesc still has channel " +
                                                                           std::to_string(desc.channel.channel_id) +
                                                                           ": call acldvppDestroyChannel first");
                                   }
                                   asim::api::ChannelDescs().Remove(channelDesc);
                                   return Status::Ok();
                                 });
}

aclError acldvppCreateChannel(acldvppChannelDesc* channelDesc) {
  ACL_API_BEGIN("acldvppCreateChannel");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<acldvppChannelDesc> desc;
  ACL_API_RETURN_IF_ERROR(Channel(channelDesc, &desc));
  ACL_API_RETURN(dvpp::CreateChannel(asim::api::Ctx().core(), &desc->channel));
  ACL_API_END();
}

aclError acldvppDestroyChannel(acldvppChannelDesc* channelDesc) {
  ACL_API_BEGIN("acldvppDestroyChannel");
  std::shared_ptr<acldvppChannelDesc> desc;
  ACL_API_RETURN_IF_ERROR(Channel(channelDesc, &desc));
  ACL_API_RETURN(dvpp::DestroyChannel(&desc->channel));
  ACL_API_END();
}

uint64_t acldvppGetChannelDescChannelId(const acldvppChannelDesc* channelDesc) {
  return asim::api::GetDvppField<uint64_t>("acldvppGetChannelDescChannelId", asim::api::ChannelDescs(), channelDesc,
                                           "channelDesc", uint64_t{0},
                                           [](const acldvppChannelDesc& desc) { return desc.channel.channel_id; });
}

namespace {

// Sets a channel's engine mode (acldvppSetChannelDescMode, or acldvppSetChannelDescParam with
// ACL_DVPP_MODE_UINT32): only the v200 chips' channels serve a subset of the engines, and only
// before the channel is created.
Status SetChannelMode(const char* api, acldvppChannelDesc& desc, uint32_t mode) {
  asim::sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(dvpp::CurrentSocSpec(asim::api::Ctx().core(), &spec));
  if (!dvpp::rules::IsV200(spec)) return dvpp::rules::Unsupported(api, spec, ": channels serve every engine");
  if (mode == 0 || mode > 7) {
    return Status(err::kInvalidParam, "mode " + std::to_string(mode) +
                                          " must combine DVPP_CHNMODE_VPC (1), DVPP_CHNMODE_JPEGD (2) "
                                          "and DVPP_CHNMODE_JPEGE (4)");
  }
  if (desc.channel.created) {
    return Status(err::kInvalidParam, "channelDesc already has a channel: set the mode before acldvppCreateChannel");
  }
  desc.channel.mode = mode;
  return Status::Ok();
}

}  // namespace

aclError acldvppSetChannelDescMode(acldvppChannelDesc* channelDesc, uint32_t mode) {
  constexpr char kApi[] = "acldvppSetChannelDescMode";
  return asim::api::SetDvppField(kApi, asim::api::ChannelDescs(), channelDesc, "channelDesc",
                                 [&](acldvppChannelDesc& desc) { return SetChannelMode(kApi, desc, mode); });
}

namespace {

// The value slot and byte size of a channel parameter.
Status ChannelParam(acldvppChannelDesc& desc, int32_t type, void** slot, size_t* bytes) {
  auto& c = desc.channel;
  switch (type) {
    case ACL_DVPP_CSC_MATRIX_UINT32:
      *slot = &c.csc_matrix;
      *bytes = 4;
      return Status::Ok();
    case ACL_DVPP_MODE_UINT32:
      *slot = &c.mode;
      *bytes = 4;
      return Status::Ok();
    case ACL_DVPP_CHANNEL_ID_UINT64:
      *slot = &c.channel_id;
      *bytes = 8;
      return Status::Ok();
    case ACL_DVPP_CHANNEL_HEIGHT_UINT32:
      *slot = &c.height;
      *bytes = 4;
      return Status::Ok();
    case ACL_DVPP_CHANNEL_WIDTH_UINT32:
      *slot = &c.width;
      *bytes = 4;
      return Status::Ok();
    case ACL_DVPP_JPEGD_PRECISION_MODE_ENUM:
      *slot = &c.jpegd_precision_mode;
      *bytes = 4;
      return Status::Ok();
  }
  return Status(err::kInvalidParam, "paramType " + std::to_string(type) + " is not an acldvppChannelDescParamType");
}

}  // namespace

aclError acldvppSetChannelDescParam(acldvppChannelDesc* channelDesc, acldvppChannelDescParamType paramType,
                                    size_t length, const void* param) {
  return asim::api::SetDvppField(
      "acldvppSetChannelDescParam", asim::api::ChannelDescs(), channelDesc, "channelDesc",
      [&](acldvppChannelDesc& desc) {
        const int32_t type = asim::api::RawEnum(paramType);
        if (param == nullptr) return Status(err::kInvalidParam, "param is NULL");
        if (type == ACL_DVPP_CHANNEL_ID_UINT64) {
          return Status(err::kInvalidParam, "ACL_DVPP_CHANNEL_ID_UINT64 is assigned by acldvppCreateChannel");
        }
        void* slot = nullptr;
        size_t bytes = 0;
        ASIM_RETURN_IF_ERROR(ChannelParam(desc, type, &slot, &bytes));
        if (length != bytes) {
          return Status(err::kInvalidParam, "length " + std::to_string(length) + " must be " + std::to_string(bytes) +
                                                " for paramType " + std::to_string(type));
        }
        uint32_t value = 0;
        std::memcpy(&value, param, sizeof(value));
        if (type == ACL_DVPP_CSC_MATRIX_UINT32 && value > ACL_DVPP_CSC_MATRIX_BT2020_NARROW) {
          return Status(err::kInvalidParam, "csc matrix " + std::to_string(value) + " is not an acldvppCscMatrix");
        }
        if (type == ACL_DVPP_MODE_UINT32) return SetChannelMode("acldvppSetChannelDescParam", desc, value);
        std::memcpy(slot, &value, sizeof(value));
        return Status::Ok();
      });
}

aclError acldvppGetChannelDescParam(const acldvppChannelDesc* channelDesc, acldvppChannelDescParamType paramType,
                                    size_t length, size_t* paramRetSize, void* param) {
  return asim::api::SetDvppField(
      "acldvppGetChannelDescParam", asim::api::ChannelDescs(), channelDesc, "channelDesc",
      [&](acldvppChannelDesc& desc) {
        if (param == nullptr) return Status(err::kInvalidParam, "param is NULL");
        if (paramRetSize == nullptr) return Status(err::kInvalidParam, "paramRetSize is NULL");
        void* slot = nullptr;
        size_t bytes = 0;
        ASIM_RETURN_IF_ERROR(ChannelParam(desc, asim::api::RawEnum(paramType), &slot, &bytes));
        if (length < bytes) {
          return Status(err::kInvalidParam, "length " + std::to_string(length) + " is smaller than the parameter's " +
                                                std::to_string(bytes) + " bytes");
        }
        std::memcpy(param, slot, bytes);
        *paramRetSize = bytes;
        return Status::Ok();
      });
}

// ---- JPEG / PNG ----------------------------------------------------------------------------

namespace {

// The picture a JPEG/PNG information or size call parses on the host: device memory (a JPEG
// copied to acldvppMalloc memory for the decoder) and unmapped addresses fail with a message
// instead of crashing the application. NULL is left to the parser's own check.
Status CheckPictureReadable(const char* api, const void* data, uint32_t size) {
  if (data == nullptr) return Status::Ok();
  return asim::api::Ctx().core().CheckHostReadable(api, "data", data, size);
}

}  // namespace

aclError acldvppJpegGetImageInfo(const void* data, uint32_t size, uint32_t* width, uint32_t* height,
                                 int32_t* components) {
  ACL_API_BEGIN("acldvppJpegGetImageInfo");
  ACL_API_RETURN_IF_ERROR(CheckPictureReadable(kApi, data, size));
  ACL_API_RETURN(dvpp::JpegImageInfo(data, size, width, height, components, nullptr));
  ACL_API_END();
}

aclError acldvppJpegGetImageInfoV2(const void* data, uint32_t size, uint32_t* width, uint32_t* height,
                                   int32_t* components, acldvppJpegFormat* format) {
  ACL_API_BEGIN("acldvppJpegGetImageInfoV2");
  ACL_API_RETURN_IF_ERROR(CheckPictureReadable(kApi, data, size));
  int32_t subsampling = 0;
  const Status st = dvpp::JpegImageInfo(data, size, width, height, components, &subsampling);
  if (format != nullptr && (st.ok() || st.code() == err::kUnsupportedJpeg)) {
    *format = static_cast<acldvppJpegFormat>(subsampling);
  }
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError acldvppJpegPredictEncSize(const acldvppPicDesc* inputDesc, const acldvppJpegeConfig* config, uint32_t* size) {
  ACL_API_BEGIN("acldvppJpegPredictEncSize");
  ACL_API_REQUIRE_INIT();
  dvpp::PictureDesc in;
  ACL_API_RETURN_IF_ERROR(Picture(inputDesc, "inputDesc", &in));
  std::shared_ptr<acldvppJpegeConfig> jpege;
  ACL_API_RETURN_IF_ERROR(FindDvppHandle(asim::api::JpegeConfigs(), config, "config", &jpege));
  ACL_API_RETURN(dvpp::JpegPredictEncSize(asim::api::Ctx().core(), in, jpege->level, size));
  ACL_API_END();
}

aclError acldvppJpegPredictDecSize(const void* data, uint32_t dataSize, acldvppPixelFormat outputPixelFormat,
                                   uint32_t* decSize) {
  ACL_API_BEGIN("acldvppJpegPredictDecSize");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(CheckPictureReadable(kApi, data, dataSize));
  ACL_API_RETURN(dvpp::JpegPredictDecSize(asim::api::Ctx().core(), data, dataSize,
                                          asim::api::RawEnum(outputPixelFormat), decSize));
  ACL_API_END();
}

aclError acldvppPngGetImageInfo(const void* data, uint32_t dataSize, uint32_t* width, uint32_t* height,
                                int32_t* components) {
  ACL_API_BEGIN("acldvppPngGetImageInfo");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(CheckPictureReadable(kApi, data, dataSize));
  ACL_API_RETURN(dvpp::PngImageInfo(asim::api::Ctx().core(), data, dataSize, width, height, components));
  ACL_API_END();
}

aclError acldvppPngPredictDecSize(const void* data, uint32_t dataSize, acldvppPixelFormat outputPixelFormat,
                                  uint32_t* decSize) {
  ACL_API_BEGIN("acldvppPngPredictDecSize");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(CheckPictureReadable(kApi, data, dataSize));
  ACL_API_RETURN(
      dvpp::PngPredictDecSize(asim::api::Ctx().core(), data, dataSize, asim::api::RawEnum(outputPixelFormat), decSize));
  ACL_API_END();
}

aclError acldvppJpegDecodeAsync(acldvppChannelDesc* channelDesc, const void* data, uint32_t size,
                                acldvppPicDesc* outputDesc, aclrtStream stream) {
  ACL_API_BEGIN("acldvppJpegDecodeAsync");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<acldvppChannelDesc> channel;
  ACL_API_RETURN_IF_ERROR(Channel(channelDesc, &channel));
  dvpp::PictureDesc out;
  ACL_API_RETURN_IF_ERROR(Picture(outputDesc, "outputDesc", &out));
  ACL_API_RETURN(dvpp::JpegDecodeAsync(asim::api::Ctx().core(), channel->channel, data, size, out, stream));
  ACL_API_END();
}

aclError acldvppJpegEncodeAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc, const void* data,
                                uint32_t* size, acldvppJpegeConfig* config, aclrtStream stream) {
  ACL_API_BEGIN("acldvppJpegEncodeAsync");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<acldvppChannelDesc> channel;
  ACL_API_RETURN_IF_ERROR(Channel(channelDesc, &channel));
  dvpp::PictureDesc in;
  ACL_API_RETURN_IF_ERROR(Picture(inputDesc, "inputDesc", &in));
  std::shared_ptr<acldvppJpegeConfig> jpege;
  ACL_API_RETURN_IF_ERROR(FindDvppHandle(asim::api::JpegeConfigs(), config, "config", &jpege));
  ACL_API_RETURN(dvpp::JpegEncodeAsync(asim::api::Ctx().core(), channel->channel, in, const_cast<void*>(data), size,
                                       jpege->level, stream));
  ACL_API_END();
}

aclError acldvppPngDecodeAsync(acldvppChannelDesc* channelDesc, const void* data, uint32_t size,
                               acldvppPicDesc* outputDesc, aclrtStream stream) {
  ACL_API_BEGIN("acldvppPngDecodeAsync");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<acldvppChannelDesc> channel;
  ACL_API_RETURN_IF_ERROR(Channel(channelDesc, &channel));
  dvpp::PictureDesc out;
  ACL_API_RETURN_IF_ERROR(Picture(outputDesc, "outputDesc", &out));
  ACL_API_RETURN(dvpp::PngDecodeAsync(asim::api::Ctx().core(), channel->channel, data, size, out, stream));
  ACL_API_END();
}

// ---- VPC -----------------------------------------------------------------------------------

aclError acldvppVpcResizeAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc, acldvppPicDesc* outputDesc,
                               acldvppResizeConfig* resizeConfig, aclrtStream stream) {
  return SingleVpc("acldvppVpcResizeAsync", channelDesc, inputDesc, outputDesc, nullptr, nullptr, resizeConfig, false,
                   false, stream, /*resize_required=*/true);
}

aclError acldvppVpcCropAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc, acldvppPicDesc* outputDesc,
                             acldvppRoiConfig* cropArea, aclrtStream stream) {
  return SingleVpc("acldvppVpcCropAsync", channelDesc, inputDesc, outputDesc, cropArea, nullptr, nullptr, true, false,
                   stream);
}

aclError acldvppVpcCropResizeAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc,
                                   acldvppPicDesc* outputDesc, acldvppRoiConfig* cropArea,
                                   acldvppResizeConfig* resizeConfig, aclrtStream stream) {
  return SingleVpc("acldvppVpcCropResizeAsync", channelDesc, inputDesc, outputDesc, cropArea, nullptr, resizeConfig,
                   true, false, stream);
}

aclError acldvppVpcCropAndPasteAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc,
                                     acldvppPicDesc* outputDesc, acldvppRoiConfig* cropArea,
                                     acldvppRoiConfig* pasteArea, aclrtStream stream) {
  return SingleVpc("acldvppVpcCropAndPasteAsync", channelDesc, inputDesc, outputDesc, cropArea, pasteArea, nullptr,
                   true, true, stream);
}

aclError acldvppVpcCropResizePasteAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc,
                                        acldvppPicDesc* outputDesc, acldvppRoiConfig* cropArea,
                                        acldvppRoiConfig* pasteArea, acldvppResizeConfig* resizeConfig,
                                        aclrtStream stream) {
  return SingleVpc("acldvppVpcCropResizePasteAsync", channelDesc, inputDesc, outputDesc, cropArea, pasteArea,
                   resizeConfig, true, true, stream);
}

aclError acldvppVpcBatchCropAsync(acldvppChannelDesc* channelDesc, acldvppBatchPicDesc* srcBatchPicDescs,
                                  uint32_t* roiNums, uint32_t size, acldvppBatchPicDesc* dstBatchPicDescs,
                                  acldvppRoiConfig* cropAreas[], aclrtStream stream) {
  return BatchVpc("acldvppVpcBatchCropAsync", channelDesc, srcBatchPicDescs, roiNums, size, dstBatchPicDescs, cropAreas,
                  nullptr, false, nullptr, stream);
}

aclError acldvppVpcBatchCropResizeAsync(acldvppChannelDesc* channelDesc, acldvppBatchPicDesc* srcBatchPicDescs,
                                        uint32_t* roiNums, uint32_t size, acldvppBatchPicDesc* dstBatchPicDescs,
                                        acldvppRoiConfig* cropAreas[], acldvppResizeConfig* resizeConfig,
                                        aclrtStream stream) {
  return BatchVpc("acldvppVpcBatchCropResizeAsync", channelDesc, srcBatchPicDescs, roiNums, size, dstBatchPicDescs,
                  cropAreas, nullptr, false, resizeConfig, stream);
}

aclError acldvppVpcBatchCropAndPasteAsync(acldvppChannelDesc* channelDesc, acldvppBatchPicDesc* srcBatchPicDescs,
                                          uint32_t* roiNums, uint32_t size, acldvppBatchPicDesc* dstBatchPicDescs,
                                          acldvppRoiConfig* cropAreas[], acldvppRoiConfig* pasteAreas[],
                                          aclrtStream stream) {
  return BatchVpc("acldvppVpcBatchCropAndPasteAsync", channelDesc, srcBatchPicDescs, roiNums, size, dstBatchPicDescs,
                  cropAreas, pasteAreas, true, nullptr, stream);
}

aclError acldvppVpcBatchCropResizePasteAsync(acldvppChannelDesc* channelDesc, acldvppBatchPicDesc* srcBatchPicDescs,
                                             uint32_t* roiNums, uint32_t size, acldvppBatchPicDesc* dstBatchPicDescs,
                                             acldvppRoiConfig* cropAreas[], acldvppRoiConfig* pasteAreas[],
                                             acldvppResizeConfig* resizeConfig, aclrtStream stream) {
  return BatchVpc("acldvppVpcBatchCropResizePasteAsync", channelDesc, srcBatchPicDescs, roiNums, size, dstBatchPicDescs,
                  cropAreas, pasteAreas, true, resizeConfig, stream);
}

aclError acldvppVpcConvertColorAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc,
                                     acldvppPicDesc* outputDesc, aclrtStream stream) {
  ACL_API_BEGIN("acldvppVpcConvertColorAsync");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<acldvppChannelDesc> channel;
  dvpp::PictureDesc in, out;
  ACL_API_RETURN_IF_ERROR(VpcChannelAndPictures(channelDesc, inputDesc, outputDesc, &channel, &in, &out));
  ACL_API_RETURN(dvpp::VpcConvertColorAsync(asim::api::Ctx().core(), channel->channel, in, out, stream));
  ACL_API_END();
}

aclError acldvppVpcPyrDownAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* inputDesc, acldvppPicDesc* outputDesc,
                                void* reserve, aclrtStream stream) {
  ACL_API_BEGIN("acldvppVpcPyrDownAsync");
  ACL_API_REQUIRE_INIT();
  (void)reserve;
  std::shared_ptr<acldvppChannelDesc> channel;
  dvpp::PictureDesc in, out;
  ACL_API_RETURN_IF_ERROR(VpcChannelAndPictures(channelDesc, inputDesc, outputDesc, &channel, &in, &out));
  ACL_API_RETURN(dvpp::VpcPyrDownAsync(asim::api::Ctx().core(), channel->channel, in, out, stream));
  ACL_API_END();
}
