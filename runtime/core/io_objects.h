// The application's data buffers and tensor descriptions (acl_base.h's aclDataBuffer and
// aclTensorDesc), which models, single ops and the dump all take.
//
// Owns: the objects and the registries that tell live handles from stale ones. The handle an
// application holds is the object's address: the API layer casts it back (acl_objects.h) and
// never defines the opaque structs. Datasets (runtime/model/dataset.h) hold the buffers they
// list by weak reference, so a buffer destroyed while still listed is detected, not read.
// Who owns it: the RuntimeContext (runtime/api), one per process.
// Thread safety: the registries are thread-safe; one object is not synchronized (as in
// AscendCL, an application must not mutate a buffer or a descriptor from two threads at once).
// Failure: lookups return nullptr for handles that are not live.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "base/tensor_desc.h"
#include "runtime/core/handle_registry.h"

namespace asim::rt {

// aclCreateDataBuffer: an address and a size the application owns.
struct DataBuffer {
  void* data = nullptr;
  size_t size = 0;
};

// Contiguous arrays of descriptions handed out as one handle (aclmdlCreateAndGetOpDesc), by
// their first element; every element is also registered on its own in IoObjects::descs.
class TensorDescArrays {
 public:
  // Registers the `count` elements of `items` in `descs` and the array by its first element.
  TensorDesc* Add(std::shared_ptr<TensorDesc[]> items, size_t count, HandleRegistry<TensorDesc>& descs) {
    for (size_t i = 0; i < count; ++i) descs.Add(std::shared_ptr<TensorDesc>(items, &items[i]));
    TensorDesc* base = count == 0 ? nullptr : &items[0];
    std::lock_guard<std::mutex> lock(mutex_);
    if (base != nullptr) arrays_[base] = Array{std::move(items), count};
    return base;
  }
  // Element `index` of the array starting at `base`, or nullptr when there is none.
  TensorDesc* Element(const void* base, size_t index) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = arrays_.find(base);
    return it == arrays_.end() || index >= it->second.count ? nullptr : &it->second.items[index];
  }
  // Unregisters the whole array starting at `base`; false when `base` starts none.
  bool Remove(const void* base, HandleRegistry<TensorDesc>& descs) {
    Array array;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = arrays_.find(base);
      if (it == arrays_.end()) return false;
      array = std::move(it->second);
      arrays_.erase(it);
    }
    for (size_t i = 0; i < array.count; ++i) (void)descs.Remove(&array.items[i]);
    return true;
  }

 private:
  struct Array {
    std::shared_ptr<TensorDesc[]> items;
    size_t count = 0;
  };
  mutable std::mutex mutex_;
  std::unordered_map<const void*, Array> arrays_;
};

struct IoObjects {
  HandleRegistry<DataBuffer> buffers;
  HandleRegistry<TensorDesc> descs;
  TensorDescArrays desc_arrays;
};

}  // namespace asim::rt
