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

#include "base/tensor_desc.h"
#include "runtime/core/handle_registry.h"

namespace asim::rt {

// aclCreateDataBuffer: an address and a size the application owns.
struct DataBuffer {
  void* data = nullptr;
  size_t size = 0;
};

struct IoObjects {
  HandleRegistry<DataBuffer> buffers;
  HandleRegistry<TensorDesc> descs;
};

}  // namespace asim::rt
