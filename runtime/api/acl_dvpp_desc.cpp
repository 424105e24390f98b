// acl/ops/acl_dvpp.h descriptors: pictures, picture batches, ROIs, resize and JPEGE configs and
// bitstream descriptors. Plain data the application fills in; the engines read them when a
// call is made (acl_dvpp_engines.cpp). Creating and filling descriptors needs no aclInit,
// as in CANN. Setters validate only what a value alone can break (ROI values <= 65535); the
// engines check descriptors against each other and the hardware's rules.
#include <cstdint>
#include <string>

#include "runtime/api/acl_dvpp_handles.h"
#include "runtime/api/runtime_context.h"

namespace asim::api {

#define ASIM_DVPP_REGISTRY(Type, Name, member) \
  rt::HandleRegistry<Type>& Name() {           \
    return Ctx().dvpp_objects().member;        \
  }
ASIM_DVPP_REGISTRY(acldvppPicDesc, PicDescs, pics)
ASIM_DVPP_REGISTRY(acldvppBatchPicDesc, BatchPicDescs, batch_pics)
ASIM_DVPP_REGISTRY(acldvppRoiConfig, RoiConfigs, rois)
ASIM_DVPP_REGISTRY(acldvppResizeConfig, ResizeConfigs, resizes)
ASIM_DVPP_REGISTRY(acldvppJpegeConfig, JpegeConfigs, jpeges)
ASIM_DVPP_REGISTRY(acldvppChannelDesc, ChannelDescs, channels)
ASIM_DVPP_REGISTRY(acldvppStreamDesc, StreamDescs, streams)
ASIM_DVPP_REGISTRY(acldvppLutMap, LutMaps, luts)
ASIM_DVPP_REGISTRY(acldvppBorderConfig, BorderConfigs, borders)
ASIM_DVPP_REGISTRY(acldvppHist, Hists, hists)
#undef ASIM_DVPP_REGISTRY

}  // namespace asim::api

namespace {

using asim::Status;
using asim::api::GetDvppField;
using asim::api::SetDvppField;
namespace err = asim::err;
constexpr uint32_t kRoiMax = 65535;

Status RoiValue(const char* name, uint32_t value) {
  if (value <= kRoiMax) return Status::Ok();
  return Status(err::kInvalidParam,
                std::string(name) + " " + std::to_string(value) + " is larger than " + std::to_string(kRoiMax));
}

template <typename T>
aclError Destroy(const char* api, asim::rt::HandleRegistry<T>& registry, const T* handle, const char* arg) {
  return SetDvppField(api, registry, handle, arg, [&](T&) {
    registry.Remove(handle);
    return Status::Ok();
  });
}

}  // namespace

// ---- acldvppPicDesc ------------------------------------------------------------------------

acldvppPicDesc* acldvppCreatePicDesc() {
  return asim::api::CreateDvppObject("acldvppCreatePicDesc", asim::api::PicDescs(),
                                     [](acldvppPicDesc&) { return true; });
}

aclError acldvppDestroyPicDesc(acldvppPicDesc* picDesc) {
  constexpr char kApi[] = "acldvppDestroyPicDesc";
  return SetDvppField(kApi, asim::api::PicDescs(), picDesc, "picDesc", [&](acldvppPicDesc& pic) {
    if (pic.batch != nullptr) {
      return Status(err::kInvalidParam,
                    "picDesc belongs to a batch from acldvppCreateBatchPicDesc: destroy the batch "
                    "with acldvppDestroyBatchPicDesc");
    }
    asim::api::PicDescs().Remove(picDesc);
    return Status::Ok();
  });
}

#define ASIM_PIC_SETTER(Func, Type, field, expr)                                                     \
  aclError Func(acldvppPicDesc* picDesc, Type value) {                                               \
    return SetDvppField(#Func, asim::api::PicDescs(), picDesc, "picDesc", [&](acldvppPicDesc& pic) { \
      pic.desc.LoadGeometry();                                                                       \
      pic.desc.field = expr;                                                                         \
      pic.desc.StoreGeometry();                                                                      \
      return Status::Ok();                                                                           \
    });                                                                                              \
  }
ASIM_PIC_SETTER(acldvppSetPicDescData, void*, data, value)
ASIM_PIC_SETTER(acldvppSetPicDescSize, uint32_t, size, value)
ASIM_PIC_SETTER(acldvppSetPicDescFormat, acldvppPixelFormat, format, static_cast<uint32_t>(asim::api::RawEnum(value)))
ASIM_PIC_SETTER(acldvppSetPicDescWidth, uint32_t, width, value)
ASIM_PIC_SETTER(acldvppSetPicDescHeight, uint32_t, height, value)
ASIM_PIC_SETTER(acldvppSetPicDescWidthStride, uint32_t, width_stride, value)
ASIM_PIC_SETTER(acldvppSetPicDescHeightStride, uint32_t, height_stride, value)
#undef ASIM_PIC_SETTER

aclError acldvppSetPicDescRetCode(acldvppPicDesc* picDesc, uint32_t retCode) {
  return SetDvppField("acldvppSetPicDescRetCode", asim::api::PicDescs(), picDesc, "picDesc", [&](acldvppPicDesc& pic) {
    pic.desc.ret_code->store(retCode);
    return Status::Ok();
  });
}

#define ASIM_PIC_GETTER(Func, Type, expr)                                                             \
  Type Func(const acldvppPicDesc* picDesc) {                                                          \
    return GetDvppField<Type>(#Func, asim::api::PicDescs(), picDesc, "picDesc", static_cast<Type>(0), \
                              [](const acldvppPicDesc& pic) -> Type { return expr; });                \
  }
ASIM_PIC_GETTER(acldvppGetPicDescData, void*, pic.desc.data)
ASIM_PIC_GETTER(acldvppGetPicDescSize, uint32_t, pic.desc.size)
ASIM_PIC_GETTER(acldvppGetPicDescFormat, acldvppPixelFormat, static_cast<acldvppPixelFormat>(pic.desc.format))
ASIM_PIC_GETTER(acldvppGetPicDescWidth, uint32_t, pic.desc.geometry->width.load())
ASIM_PIC_GETTER(acldvppGetPicDescHeight, uint32_t, pic.desc.geometry->height.load())
ASIM_PIC_GETTER(acldvppGetPicDescWidthStride, uint32_t, pic.desc.geometry->width_stride.load())
ASIM_PIC_GETTER(acldvppGetPicDescHeightStride, uint32_t, pic.desc.geometry->height_stride.load())
ASIM_PIC_GETTER(acldvppGetPicDescRetCode, uint32_t, pic.desc.ret_code->load())
#undef ASIM_PIC_GETTER

// ---- acldvppBatchPicDesc -------------------------------------------------------------------

acldvppBatchPicDesc* acldvppCreateBatchPicDesc(uint32_t batchSize) {
  constexpr char kApi[] = "acldvppCreateBatchPicDesc";
  return asim::api::Guarded<acldvppBatchPicDesc*>(kApi, nullptr, [&]() -> acldvppBatchPicDesc* {
    if (batchSize == 0) {
      asim::api::ToAclError(kApi, Status(err::kInvalidParam, "batchSize is 0: a batch holds at least one picture"));
      return nullptr;
    }
    auto batch = std::make_shared<acldvppBatchPicDesc>();
    std::vector<std::shared_ptr<acldvppPicDesc>> pictures(batchSize);
    for (auto& pic : pictures) {
      pic = std::make_shared<acldvppPicDesc>();
      pic->batch = batch.get();
    }
    for (auto& pic : pictures) batch->pictures.push_back(static_cast<acldvppPicDesc*>(asim::api::PicDescs().Add(pic)));
    return static_cast<acldvppBatchPicDesc*>(asim::api::BatchPicDescs().Add(std::move(batch)));
  });
}

acldvppPicDesc* acldvppGetPicDesc(acldvppBatchPicDesc* batchPicDesc, uint32_t index) {
  constexpr char kApi[] = "acldvppGetPicDesc";
  return GetDvppField<acldvppPicDesc*>(
      kApi, asim::api::BatchPicDescs(), batchPicDesc, "batchPicDesc", nullptr,
      [&](const acldvppBatchPicDesc& batch) -> acldvppPicDesc* {
        if (index >= batch.pictures.size()) {
          asim::api::ToAclError(
              kApi, Status(err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the batch holds " +
                                                   std::to_string(batch.pictures.size()) + " pictures"));
          return nullptr;
        }
        return batch.pictures[index];
      });
}

aclError acldvppDestroyBatchPicDesc(acldvppBatchPicDesc* batchPicDesc) {
  return SetDvppField("acldvppDestroyBatchPicDesc", asim::api::BatchPicDescs(), batchPicDesc, "batchPicDesc",
                      [&](acldvppBatchPicDesc& batch) {
                        for (acldvppPicDesc* pic : batch.pictures) asim::api::PicDescs().Remove(pic);
                        asim::api::BatchPicDescs().Remove(batchPicDesc);
                        return Status::Ok();
                      });
}

// ---- acldvppRoiConfig ----------------------------------------------------------------------

acldvppRoiConfig* acldvppCreateRoiConfig(uint32_t left, uint32_t right, uint32_t top, uint32_t bottom) {
  constexpr char kApi[] = "acldvppCreateRoiConfig";
  return asim::api::CreateDvppObject(kApi, asim::api::RoiConfigs(), [&](acldvppRoiConfig& roi) {
    for (auto [name, value] : {std::pair{"left", left}, {"right", right}, {"top", top}, {"bottom", bottom}}) {
      Status st = RoiValue(name, value);
      if (!st.ok()) {
        asim::api::ToAclError(kApi, st);
        return false;
      }
    }
    roi.rect = {left, right, top, bottom};
    return true;
  });
}

aclError acldvppDestroyRoiConfig(acldvppRoiConfig* roiConfig) {
  return Destroy("acldvppDestroyRoiConfig", asim::api::RoiConfigs(), roiConfig, "roiConfig");
}

#define ASIM_ROI_SETTER(Func, field)                                                                   \
  aclError Func(acldvppRoiConfig* config, uint32_t value) {                                            \
    return SetDvppField(#Func, asim::api::RoiConfigs(), config, "config", [&](acldvppRoiConfig& roi) { \
      ASIM_RETURN_IF_ERROR(RoiValue(#field, value));                                                   \
      roi.rect.field = value;                                                                          \
      return Status::Ok();                                                                             \
    });                                                                                                \
  }
ASIM_ROI_SETTER(acldvppSetRoiConfigLeft, left)
ASIM_ROI_SETTER(acldvppSetRoiConfigRight, right)
ASIM_ROI_SETTER(acldvppSetRoiConfigTop, top)
ASIM_ROI_SETTER(acldvppSetRoiConfigBottom, bottom)
#undef ASIM_ROI_SETTER

aclError acldvppSetRoiConfig(acldvppRoiConfig* config, uint32_t left, uint32_t right, uint32_t top, uint32_t bottom) {
  return SetDvppField("acldvppSetRoiConfig", asim::api::RoiConfigs(), config, "config", [&](acldvppRoiConfig& roi) {
    ASIM_RETURN_IF_ERROR(RoiValue("left", left));
    ASIM_RETURN_IF_ERROR(RoiValue("right", right));
    ASIM_RETURN_IF_ERROR(RoiValue("top", top));
    ASIM_RETURN_IF_ERROR(RoiValue("bottom", bottom));
    roi.rect = {left, right, top, bottom};
    return Status::Ok();
  });
}

// ---- acldvppResizeConfig / acldvppJpegeConfig ------------------------------------------------

acldvppResizeConfig* acldvppCreateResizeConfig() {
  return asim::api::CreateDvppObject("acldvppCreateResizeConfig", asim::api::ResizeConfigs(),
                                     [](acldvppResizeConfig&) { return true; });
}

aclError acldvppDestroyResizeConfig(acldvppResizeConfig* resizeConfig) {
  return Destroy("acldvppDestroyResizeConfig", asim::api::ResizeConfigs(), resizeConfig, "resizeConfig");
}

aclError acldvppSetResizeConfigInterpolation(acldvppResizeConfig* resizeConfig, uint32_t interpolation) {
  // The largest value the chip takes: 4 on v100 chips (310, 910), 2 on v200 (310P, 910B).
  return SetDvppField("acldvppSetResizeConfigInterpolation", asim::api::ResizeConfigs(), resizeConfig, "resizeConfig",
                      [&](acldvppResizeConfig& config) {
                        const uint32_t limit = asim::api::DvppMaxInterpolation();
                        if (interpolation > limit) {
                          return Status(err::kInvalidParam, "interpolation " + std::to_string(interpolation) +
                                                                " is outside [0, " + std::to_string(limit) + "]");
                        }
                        config.interpolation = interpolation;
                        return Status::Ok();
                      });
}

uint32_t acldvppGetResizeConfigInterpolation(const acldvppResizeConfig* resizeConfig) {
  return GetDvppField<uint32_t>("acldvppGetResizeConfigInterpolation", asim::api::ResizeConfigs(), resizeConfig,
                                "resizeConfig", 0u,
                                [](const acldvppResizeConfig& config) { return config.interpolation; });
}

acldvppJpegeConfig* acldvppCreateJpegeConfig() {
  return asim::api::CreateDvppObject("acldvppCreateJpegeConfig", asim::api::JpegeConfigs(),
                                     [](acldvppJpegeConfig&) { return true; });
}

aclError acldvppDestroyJpegeConfig(acldvppJpegeConfig* jpegeConfig) {
  return Destroy("acldvppDestroyJpegeConfig", asim::api::JpegeConfigs(), jpegeConfig, "jpegeConfig");
}

aclError acldvppSetJpegeConfigLevel(acldvppJpegeConfig* jpegeConfig, uint32_t level) {
  // Stored as given, as CANN does; acldvppJpegEncodeAsync checks the range for the chip.
  return SetDvppField("acldvppSetJpegeConfigLevel", asim::api::JpegeConfigs(), jpegeConfig, "jpegeConfig",
                      [&](acldvppJpegeConfig& config) {
                        config.level = level;
                        return Status::Ok();
                      });
}

uint32_t acldvppGetJpegeConfigLevel(const acldvppJpegeConfig* jpegeConfig) {
  return GetDvppField<uint32_t>("acldvppGetJpegeConfigLevel", asim::api::JpegeConfigs(), jpegeConfig, "jpegeConfig", 0u,
                                [](const acldvppJpegeConfig& config) { return config.level; });
}

// ---- acldvppStreamDesc (bitstreams: the VDEC/VENC side, plain data here) -------------------

acldvppStreamDesc* acldvppCreateStreamDesc() {
  return asim::api::CreateDvppObject("acldvppCreateStreamDesc", asim::api::StreamDescs(),
                                     [](acldvppStreamDesc&) { return true; });
}

aclError acldvppDestroyStreamDesc(acldvppStreamDesc* streamDesc) {
  return Destroy("acldvppDestroyStreamDesc", asim::api::StreamDescs(), streamDesc, "streamDesc");
}

#define ASIM_STREAM_SETTER(Func, Type, field, expr)                                                               \
  aclError Func(acldvppStreamDesc* streamDesc, Type value) {                                                      \
    return SetDvppField(#Func, asim::api::StreamDescs(), streamDesc, "streamDesc", [&](acldvppStreamDesc& desc) { \
      desc.field = expr;                                                                                          \
      return Status::Ok();                                                                                        \
    });                                                                                                           \
  }
ASIM_STREAM_SETTER(acldvppSetStreamDescData, void*, data, value)
ASIM_STREAM_SETTER(acldvppSetStreamDescSize, uint32_t, size, value)
ASIM_STREAM_SETTER(acldvppSetStreamDescTimestamp, uint64_t, timestamp, value)
ASIM_STREAM_SETTER(acldvppSetStreamDescEos, uint8_t, eos, value)
ASIM_STREAM_SETTER(acldvppSetStreamDescFormat, acldvppStreamFormat, format,
                   static_cast<uint32_t>(asim::api::RawEnum(value)))
ASIM_STREAM_SETTER(acldvppSetStreamDescRetCode, uint32_t, ret_code, value)
#undef ASIM_STREAM_SETTER

#define ASIM_STREAM_GETTER(Func, Type, expr)                                                                   \
  Type Func(const acldvppStreamDesc* streamDesc) {                                                             \
    return GetDvppField<Type>(#Func, asim::api::StreamDescs(), streamDesc, "streamDesc", static_cast<Type>(0), \
                              [](const acldvppStreamDesc& desc) -> Type { return expr; });                     \
  }
ASIM_STREAM_GETTER(acldvppGetStreamDescData, void*, desc.data)
ASIM_STREAM_GETTER(acldvppGetStreamDescSize, uint32_t, desc.size)
ASIM_STREAM_GETTER(acldvppGetStreamDescRetCode, uint32_t, desc.ret_code)
ASIM_STREAM_GETTER(acldvppGetStreamDescFormat, acldvppStreamFormat, static_cast<acldvppStreamFormat>(desc.format))
ASIM_STREAM_GETTER(acldvppGetStreamDescTimestamp, uint64_t, desc.timestamp)
ASIM_STREAM_GETTER(acldvppGetStreamDescEos, uint8_t, desc.eos)
#undef ASIM_STREAM_GETTER
