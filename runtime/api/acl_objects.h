// The definitions behind acl_base.h's opaque aclDataBuffer and aclTensorDesc, and the
// registries that tell live handles from stale ones.
//
// Owns: the object layout only; objects are created and destroyed by the acl_base shims
// (and later by the model/op shims that hand out descriptors).
// Thread safety: the registries are thread-safe; one object is not synchronized (as in
// AscendCL, an application must not mutate a descriptor from two threads at once).
// Failure: lookups return nullptr for handles that are not live.
#pragma once

#include <cstddef>

#include "base/tensor_desc.h"
#include "runtime/core/handle_registry.h"

struct aclDataBuffer {
  void* data = nullptr;
  size_t size = 0;
};

struct aclTensorDesc {
  asim::TensorDesc desc;
};

namespace asim::api {

rt::HandleRegistry<aclDataBuffer>& DataBuffers();
rt::HandleRegistry<aclTensorDesc>& TensorDescs();

// Contiguous descriptor arrays handed out by aclmdlCreateAndGetOpDesc (acl_mdl_dump.cpp);
// every element is also a live handle in TensorDescs(). The element `index` of the array
// starting at `base` (nullptr when there is none), and the release of a whole array by its
// first element (false when `base` starts no array).
aclTensorDesc* TensorDescArrayElement(const aclTensorDesc* base, size_t index);
bool DestroyTensorDescArray(const aclTensorDesc* base);

}  // namespace asim::api
