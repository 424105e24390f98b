// Helpers shared by the acl_dvpp_*.cpp shims: looking up a descriptor handle with a message
// that names the argument, and the create / destroy / set / get shapes every descriptor
// function has.
//
// Owns: nothing. Thread safety: as the registries. Failure: a handle that is NULL or not live
// gives err::kInvalidParam (a getter then returns its documented fallback, 0 or NULL).
#pragma once

#include <memory>
#include <new>
#include <string>
#include <vector>

#include "runtime/api/acl_dvpp_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/core/pointer_text.h"

namespace asim::api {

template <typename T>
Status FindDvppHandle(rt::HandleRegistry<T>& registry, const void* handle, const char* arg, std::shared_ptr<T>* out) {
  if (handle == nullptr) return Status(err::kInvalidParam, std::string(arg) + " is NULL");
  *out = registry.Find(handle);
  if (!*out) {
    return Status(err::kInvalidParam,
                  std::string(arg) + " " + rt::PointerText(handle) + " is not live (destroyed, or never created)");
  }
  return Status::Ok();
}

// A create function: a new object registered, or NULL (bad_alloc recorded).
template <typename T, typename Init>
T* CreateDvppObject(const char* api, rt::HandleRegistry<T>& registry, Init&& init) {
  return Guarded<T*>(api, nullptr, [&]() -> T* {
    auto object = std::make_shared<T>();
    if (!init(*object)) return nullptr;
    return static_cast<T*>(registry.Add(std::move(object)));
  });
}

// Runs `set(object)` (returning Status) on the live object behind `handle`.
template <typename T, typename Set>
int SetDvppField(const char* api, rt::HandleRegistry<T>& registry, const void* handle, const char* arg, Set&& set) {
  return GuardedError(api, [&]() {
    std::shared_ptr<T> object;
    Status st = FindDvppHandle(registry, handle, arg, &object);
    if (st.ok()) st = set(*object);
    return ToAclError(api, st);
  });
}

// `get(object)` of the live object behind `handle`, or `fallback` with the error recorded.
template <typename R, typename T, typename Get>
R GetDvppField(const char* api, rt::HandleRegistry<T>& registry, const void* handle, const char* arg, R fallback,
               Get&& get) {
  return Guarded<R>(api, fallback, [&]() -> R {
    std::shared_ptr<T> object;
    Status st = FindDvppHandle(registry, handle, arg, &object);
    if (!st.ok()) {
      ToAclError(api, st);
      return fallback;
    }
    return get(*object);
  });
}

}  // namespace asim::api

namespace asim::api {

// The live descriptor behind a handle, in the engine's plain form (acl_dvpp_engines.cpp).
Status Channel(const acldvppChannelDesc* handle, std::shared_ptr<acldvppChannelDesc>* out);
Status Picture(const acldvppPicDesc* handle, const char* arg, dvpp::PictureDesc* out);
// The channel and the two pictures of a one-picture-in, one-picture-out VPC call, looked up in
// that order (channelDesc, inputDesc, outputDesc): the first failure is returned.
Status VpcChannelAndPictures(const acldvppChannelDesc* channelDesc, const acldvppPicDesc* inputDesc,
                             const acldvppPicDesc* outputDesc, std::shared_ptr<acldvppChannelDesc>* channel,
                             dvpp::PictureDesc* in, dvpp::PictureDesc* out);
Status Roi(const acldvppRoiConfig* handle, const char* arg, dvpp::Rect* out);
// NULL resizeConfig: interpolation 0.
Status Interpolation(const acldvppResizeConfig* handle, uint32_t* out);
// The items of a batch VPC call: roiNums[i] crops of source picture i, written to consecutive
// destination pictures (and paste areas); every count and handle checked.
Status CollectBatch(acldvppBatchPicDesc* srcBatchPicDescs, const uint32_t* roiNums, uint32_t size,
                    acldvppBatchPicDesc* dstBatchPicDescs, acldvppRoiConfig* cropAreas[],
                    acldvppRoiConfig* pasteAreas[], bool paste_required, const acldvppResizeConfig* resizeConfig,
                    std::vector<dvpp::VpcItem>* items);

// The largest acldvppResizeConfig interpolation value of the current device's chip (of the
// configured SoC before a device is open; 4, the v100's, before aclInit).
uint32_t DvppMaxInterpolation();
}  // namespace asim::api
