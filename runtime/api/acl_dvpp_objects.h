// The definitions behind acl_dvpp.h's opaque descriptors (pictures, batches, ROIs, resize and
// JPEGE configs, channels, bitstreams, LUT maps, border configs, histograms) and the registries that tell live handles
// from stale ones.
//
// Owns: the object layouts; the registries are DvppObjects, a member of the RuntimeContext;
// the shims in acl_dvpp_*.cpp create and destroy the objects.
// The engine-side state lives in runtime/dvpp/engine/picture_desc.h.
// Thread safety: the registries are thread-safe; one descriptor is not synchronized (as in
// AscendCL, an application must not change a descriptor from two threads at once).
// Failure: lookups return nullptr for handles that are not live.
#pragma once

#ifndef ENABLE_DVPP_INTERFACE
#define ENABLE_DVPP_INTERFACE
#endif

#include <cstdint>
#include <memory>
#include <vector>

#include "acl/ops/acl_dvpp.h"
#include "runtime/core/handle_registry.h"
#include "runtime/dvpp/engine/picture_desc.h"
#include "runtime/dvpp/make_border.h"

struct acldvppPicDesc {
  asim::dvpp::PictureDesc desc;
  const acldvppBatchPicDesc* batch = nullptr;  // set for the pictures a batch owns
};

struct acldvppBatchPicDesc {
  std::vector<acldvppPicDesc*> pictures;  // live handles in PicDescs(), owned by this batch
};

struct acldvppRoiConfig {
  asim::dvpp::Rect rect;
};

struct acldvppResizeConfig {
  uint32_t interpolation = 0;
};

struct acldvppJpegeConfig {
  // 100: the best quality; valid on every chip (level 0, "as good as 100", is v100 only).
  uint32_t level = 100;
};

struct acldvppChannelDesc {
  asim::dvpp::ChannelState channel;
};

struct acldvppStreamDesc {
  void* data = nullptr;
  uint32_t size = 0;
  uint32_t format = 0;  // acldvppStreamFormat
  uint64_t timestamp = 0;
  uint8_t eos = 0;
  uint32_t ret_code = 0;
};

// v200 chips only (the v100's Create functions return NULL, as CANN's do).
struct acldvppLutMap {
  asim::dvpp::LutMap tables{};  // identity when created
};

struct acldvppBorderConfig {
  asim::dvpp::Border border;
};

struct acldvppHist {
  std::shared_ptr<asim::dvpp::HistState> state = std::make_shared<asim::dvpp::HistState>();
};

namespace asim::api {

// The registries, one per descriptor kind: a member of the RuntimeContext (dvpp_objects()).
struct DvppObjects {
  rt::HandleRegistry<acldvppPicDesc> pics;
  rt::HandleRegistry<acldvppBatchPicDesc> batch_pics;
  rt::HandleRegistry<acldvppRoiConfig> rois;
  rt::HandleRegistry<acldvppResizeConfig> resizes;
  rt::HandleRegistry<acldvppJpegeConfig> jpeges;
  rt::HandleRegistry<acldvppChannelDesc> channels;
  rt::HandleRegistry<acldvppStreamDesc> streams;
  rt::HandleRegistry<acldvppLutMap> luts;
  rt::HandleRegistry<acldvppBorderConfig> borders;
  rt::HandleRegistry<acldvppHist> hists;
};

rt::HandleRegistry<acldvppPicDesc>& PicDescs();
rt::HandleRegistry<acldvppBatchPicDesc>& BatchPicDescs();
rt::HandleRegistry<acldvppRoiConfig>& RoiConfigs();
rt::HandleRegistry<acldvppResizeConfig>& ResizeConfigs();
rt::HandleRegistry<acldvppJpegeConfig>& JpegeConfigs();
rt::HandleRegistry<acldvppChannelDesc>& ChannelDescs();
rt::HandleRegistry<acldvppStreamDesc>& StreamDescs();
rt::HandleRegistry<acldvppLutMap>& LutMaps();
rt::HandleRegistry<acldvppBorderConfig>& BorderConfigs();
rt::HandleRegistry<acldvppHist>& Hists();

}  // namespace asim::api
