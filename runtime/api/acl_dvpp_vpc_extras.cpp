// acl/ops/acl_dvpp.h: LUT maps, border configs, histograms and the v200 VPC calls using them
// (acldvppVpcEqualizeHistAsync, acldvppVpcCalcHistAsync, acldvppVpcMakeBorderAsync,
// acldvppVpcBatchCropResizeMakeBorderAsync). On the v100 chips (310, 910) the Create
// functions return NULL and the calls ACL_ERROR_FEATURE_UNSUPPORTED, as CANN's do. A LUT map
// and a histogram have 3 dimensions (Y, U, V) of 256 entries; a new LUT map is the identity.
// Histogram data is written when the CalcHist task runs: read it after the stream synchronizes.
#include <cstring>
#include <string>
#include <vector>

#include "runtime/api/acl_dvpp_handles.h"
#include "runtime/api/runtime_context.h"
#include "runtime/dvpp/engine/dvpp_ops.h"
#include "runtime/dvpp/engine/dvpp_rules.h"
#include "runtime/dvpp/engine/dvpp_task.h"

namespace {

using asim::Status;
using asim::api::FindDvppHandle;
using asim::api::GetDvppField;
using asim::api::SetDvppField;
namespace err = asim::err;
namespace dvpp = asim::dvpp;

constexpr uint32_t kDims = 3, kEntries = 256;

// ACL_ERROR_FEATURE_UNSUPPORTED on the v100 chips, before the arguments are looked at (their
// handles cannot exist there: the Create functions return NULL).
Status RequireV200(const char* api) {
  asim::sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(dvpp::CurrentSocSpec(asim::api::Ctx().core(), &spec));
  if (!dvpp::rules::IsV200(spec)) return dvpp::rules::Unsupported(api, spec, "");
  return Status::Ok();
}

// Creates on v200 chips; NULL with ACL_ERROR_FEATURE_UNSUPPORTED recorded on v100.
template <typename T>
T* CreateV200(const char* api, asim::rt::HandleRegistry<T>& registry, void (*init)(T&)) {
  return asim::api::CreateDvppObject(api, registry, [&](T& object) {
    asim::sim::SocSpec spec;
    Status st = dvpp::CurrentSocSpec(asim::api::Ctx().core(), &spec);
    if (st.ok() && !dvpp::rules::IsV200(spec)) st = dvpp::rules::Unsupported(api, spec, "");
    if (!st.ok()) {
      asim::api::ToAclError(api, st);
      return false;
    }
    init(object);
    return true;
  });
}

template <typename T>
aclError Destroy(const char* api, asim::rt::HandleRegistry<T>& registry, const T* handle, const char* arg) {
  return SetDvppField(api, registry, handle, arg, [&](T&) {
    registry.Remove(handle);
    return Status::Ok();
  });
}

Status Dim(uint32_t dim) {
  if (dim < kDims) return Status::Ok();
  return Status(err::kInvalidParam, "dim " + std::to_string(dim) + " is out of range: there are 3 (Y, U, V)");
}

}  // namespace

// ---- acldvppLutMap -------------------------------------------------------------------------

acldvppLutMap* acldvppCreateLutMap() {
  return CreateV200<acldvppLutMap>("acldvppCreateLutMap", asim::api::LutMaps(), [](acldvppLutMap& lut) {
    for (auto& table : lut.tables) {
      for (uint32_t i = 0; i < kEntries; ++i) table[i] = static_cast<uint8_t>(i);
    }
  });
}

aclError acldvppDestroyLutMap(acldvppLutMap* lutMap) {
  return Destroy("acldvppDestroyLutMap", asim::api::LutMaps(), lutMap, "lutMap");
}

uint32_t acldvppGetLutMapDims(const acldvppLutMap* lutMap) {
  return GetDvppField<uint32_t>("acldvppGetLutMapDims", asim::api::LutMaps(), lutMap, "lutMap", 0u,
                                [](const acldvppLutMap&) { return kDims; });
}

aclError acldvppGetLutMapData(const acldvppLutMap* lutMap, uint32_t dim, uint8_t** data, uint32_t* len) {
  return SetDvppField("acldvppGetLutMapData", asim::api::LutMaps(), lutMap, "lutMap", [&](acldvppLutMap& lut) {
    if (data == nullptr || len == nullptr) return Status(err::kInvalidParam, "data and len must not be NULL");
    ASIM_RETURN_IF_ERROR(Dim(dim));
    *data = lut.tables[dim].data();
    *len = kEntries;
    return Status::Ok();
  });
}

// ---- acldvppBorderConfig -------------------------------------------------------------------

acldvppBorderConfig* acldvppCreateBorderConfig() {
  return CreateV200<acldvppBorderConfig>("acldvppCreateBorderConfig", asim::api::BorderConfigs(),
                                         [](acldvppBorderConfig&) {});
}

aclError acldvppDestroyBorderConfig(acldvppBorderConfig* borderConfig) {
  return Destroy("acldvppDestroyBorderConfig", asim::api::BorderConfigs(), borderConfig, "borderConfig");
}

aclError acldvppSetBorderConfigValue(acldvppBorderConfig* borderConfig, uint32_t index, double value) {
  return SetDvppField("acldvppSetBorderConfigValue", asim::api::BorderConfigs(), borderConfig, "borderConfig",
                      [&](acldvppBorderConfig& c) {
                        if (index >= 4) {
                          return Status(err::kInvalidParam, "index " + std::to_string(index) + " must be below 4");
                        }
                        c.border.value[index] = value;
                        return Status::Ok();
                      });
}

aclError acldvppSetBorderConfigBorderType(acldvppBorderConfig* borderConfig, acldvppBorderType borderType) {
  return SetDvppField("acldvppSetBorderConfigBorderType", asim::api::BorderConfigs(), borderConfig, "borderConfig",
                      [&](acldvppBorderConfig& c) {
                        const int32_t type = asim::api::RawEnum(borderType);
                        if (type < 0 || type > 3) {
                          return Status(err::kInvalidParam,
                                        "borderType " + std::to_string(type) + " is not an acldvppBorderType");
                        }
                        c.border.type = static_cast<dvpp::BorderType>(type);
                        return Status::Ok();
                      });
}

#define ASIM_BORDER_SIDE(Set, Get, field)                                                                             \
  aclError Set(acldvppBorderConfig* borderConfig, uint32_t value) {                                                   \
    return SetDvppField(#Set, asim::api::BorderConfigs(), borderConfig, "borderConfig", [&](acldvppBorderConfig& c) { \
      c.border.field = value;                                                                                         \
      return Status::Ok();                                                                                            \
    });                                                                                                               \
  }                                                                                                                   \
  uint32_t Get(const acldvppBorderConfig* borderConfig) {                                                             \
    return GetDvppField<uint32_t>(#Get, asim::api::BorderConfigs(), borderConfig, "borderConfig", 0u,                 \
                                  [](const acldvppBorderConfig& c) { return c.border.field; });                       \
  }
ASIM_BORDER_SIDE(acldvppSetBorderConfigTop, acldvppGetBorderConfigTop, top)
ASIM_BORDER_SIDE(acldvppSetBorderConfigBottom, acldvppGetBorderConfigBottom, bottom)
ASIM_BORDER_SIDE(acldvppSetBorderConfigLeft, acldvppGetBorderConfigLeft, left)
ASIM_BORDER_SIDE(acldvppSetBorderConfigRight, acldvppGetBorderConfigRight, right)
#undef ASIM_BORDER_SIDE

double acldvppGetBorderConfigValue(const acldvppBorderConfig* borderConfig, uint32_t index) {
  return GetDvppField<double>("acldvppGetBorderConfigValue", asim::api::BorderConfigs(), borderConfig, "borderConfig",
                              -1.0,
                              [&](const acldvppBorderConfig& c) { return index < 4 ? c.border.value[index] : -1.0; });
}

acldvppBorderType acldvppGetBorderConfigBorderType(const acldvppBorderConfig* borderConfig) {
  return GetDvppField<acldvppBorderType>(
      "acldvppGetBorderConfigBorderType", asim::api::BorderConfigs(), borderConfig, "borderConfig", BORDER_CONSTANT,
      [](const acldvppBorderConfig& c) { return static_cast<acldvppBorderType>(c.border.type); });
}

// ---- acldvppHist ---------------------------------------------------------------------------

acldvppHist* acldvppCreateHist() {
  return CreateV200<acldvppHist>("acldvppCreateHist", asim::api::Hists(), [](acldvppHist&) {});
}

aclError acldvppDestroyHist(acldvppHist* hist) {
  return Destroy("acldvppDestroyHist", asim::api::Hists(), hist, "hist");
}

uint32_t acldvppGetHistDims(acldvppHist* hist) {
  return GetDvppField<uint32_t>("acldvppGetHistDims", asim::api::Hists(), hist, "hist", 0u,
                                [](const acldvppHist&) { return kDims; });
}

aclError acldvppGetHistData(acldvppHist* hist, uint32_t dim, uint32_t** data, uint16_t* len) {
  return SetDvppField("acldvppGetHistData", asim::api::Hists(), hist, "hist", [&](acldvppHist& h) {
    if (data == nullptr || len == nullptr) return Status(err::kInvalidParam, "data and len must not be NULL");
    ASIM_RETURN_IF_ERROR(Dim(dim));
    *data = h.state->bins[dim].data();
    *len = static_cast<uint16_t>(kEntries);
    return Status::Ok();
  });
}

uint32_t acldvppGetHistRetCode(acldvppHist* hist) {
  return GetDvppField<uint32_t>("acldvppGetHistRetCode", asim::api::Hists(), hist, "hist", 0u,
                                [](const acldvppHist& h) { return h.state->ret_code.load(); });
}

aclError acldvppClearHist(acldvppHist* hist) {
  return SetDvppField("acldvppClearHist", asim::api::Hists(), hist, "hist", [](acldvppHist& h) {
    for (auto& bins : h.state->bins) bins.fill(0);
    h.state->ret_code.store(0);
    return Status::Ok();
  });
}

// ---- the VPC calls -------------------------------------------------------------------------

aclError acldvppVpcCalcHistAsync(acldvppChannelDesc* channelDesc, acldvppPicDesc* srcPicDesc, acldvppHist* hist,
                                 void* reserve, aclrtStream stream) {
  ACL_API_BEGIN("acldvppVpcCalcHistAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(RequireV200("acldvppVpcCalcHistAsync"));
  (void)reserve;
  std::shared_ptr<acldvppChannelDesc> channel;
  ACL_API_RETURN_IF_ERROR(asim::api::Channel(channelDesc, &channel));
  dvpp::PictureDesc in;
  ACL_API_RETURN_IF_ERROR(asim::api::Picture(srcPicDesc, "srcPicDesc", &in));
  std::shared_ptr<acldvppHist> h;
  ACL_API_RETURN_IF_ERROR(FindDvppHandle(asim::api::Hists(), hist, "hist", &h));
  ACL_API_RETURN(dvpp::VpcCalcHistAsync(asim::api::Ctx().core(), channel->channel, in, h->state, stream));
  ACL_API_END();
}

aclError acldvppVpcEqualizeHistAsync(const acldvppChannelDesc* channelDesc, const acldvppPicDesc* inputDesc,
                                     acldvppPicDesc* outputDesc, const acldvppLutMap* lutMap, aclrtStream stream) {
  ACL_API_BEGIN("acldvppVpcEqualizeHistAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(RequireV200("acldvppVpcEqualizeHistAsync"));
  std::shared_ptr<acldvppChannelDesc> channel;
  dvpp::PictureDesc in, out;
  ACL_API_RETURN_IF_ERROR(asim::api::VpcChannelAndPictures(channelDesc, inputDesc, outputDesc, &channel, &in, &out));
  std::shared_ptr<acldvppLutMap> lut;
  ACL_API_RETURN_IF_ERROR(FindDvppHandle(asim::api::LutMaps(), lutMap, "lutMap", &lut));
  ACL_API_RETURN(dvpp::VpcEqualizeHistAsync(asim::api::Ctx().core(), channel->channel, in, out, lut->tables, stream));
  ACL_API_END();
}

aclError acldvppVpcMakeBorderAsync(const acldvppChannelDesc* channelDesc, const acldvppPicDesc* inputDesc,
                                   acldvppPicDesc* outputDesc, const acldvppBorderConfig* borderConfig,
                                   aclrtStream stream) {
  ACL_API_BEGIN("acldvppVpcMakeBorderAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(RequireV200("acldvppVpcMakeBorderAsync"));
  std::shared_ptr<acldvppChannelDesc> channel;
  dvpp::PictureDesc in, out;
  ACL_API_RETURN_IF_ERROR(asim::api::VpcChannelAndPictures(channelDesc, inputDesc, outputDesc, &channel, &in, &out));
  std::shared_ptr<acldvppBorderConfig> border;
  ACL_API_RETURN_IF_ERROR(FindDvppHandle(asim::api::BorderConfigs(), borderConfig, "borderConfig", &border));
  ACL_API_RETURN(dvpp::VpcMakeBorderAsync(asim::api::Ctx().core(), channel->channel, in, out, border->border, stream));
  ACL_API_END();
}

aclError acldvppVpcBatchCropResizeMakeBorderAsync(acldvppChannelDesc* channelDesc,
                                                  acldvppBatchPicDesc* srcBatchPicDescs, uint32_t* roiNums,
                                                  uint32_t size, acldvppBatchPicDesc* dstBatchPicDescs,
                                                  acldvppRoiConfig* cropAreas[], acldvppBorderConfig* borderCfgs[],
                                                  acldvppResizeConfig* resizeConfig, aclrtStream stream) {
  ACL_API_BEGIN("acldvppVpcBatchCropResizeMakeBorderAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(RequireV200("acldvppVpcBatchCropResizeMakeBorderAsync"));
  std::shared_ptr<acldvppChannelDesc> channel;
  ACL_API_RETURN_IF_ERROR(asim::api::Channel(channelDesc, &channel));
  ACL_API_CHECK_NOT_NULL(borderCfgs);
  std::vector<dvpp::VpcItem> items;
  ACL_API_RETURN_IF_ERROR(asim::api::CollectBatch(srcBatchPicDescs, roiNums, size, dstBatchPicDescs, cropAreas, nullptr,
                                                  false, resizeConfig, &items));
  std::vector<dvpp::Border> borders;
  for (size_t k = 0; k < items.size(); ++k) {
    std::shared_ptr<acldvppBorderConfig> border;
    const std::string name = "borderCfgs[" + std::to_string(k) + "]";
    ACL_API_RETURN_IF_ERROR(FindDvppHandle(asim::api::BorderConfigs(), borderCfgs[k], name.c_str(), &border));
    borders.push_back(border->border);
  }
  ACL_API_RETURN(
      dvpp::VpcBatchCropResizeMakeBorderAsync(asim::api::Ctx().core(), channel->channel, items, borders, stream));
  ACL_API_END();
}
