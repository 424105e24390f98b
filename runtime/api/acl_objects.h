// The handles of acl_base.h (aclDataBuffer, aclTensorDesc) and acl_mdl.h (aclmdlDataset,
// aclmdlDesc, aclmdlAIPP, aclmdlConfigHandle, aclmdlExecConfigHandle) and the live objects
// behind them.
//
// Owns: nothing. The objects belong to the modules that define them (rt::DataBuffer and
// TensorDesc in rt::IoObjects, the model objects in model::ModelObjects), all owned by the
// RuntimeContext. A handle is the object's address: the opaque structs of the public headers
// are never defined, and AsObject / AsHandle convert between the two at the API boundary.
// The registries tell live handles from stale ones.
// Thread safety: the registries are thread-safe; one object is not synchronized (as in
// AscendCL, an application must not mutate a buffer, descriptor or dataset from two threads
// at once). Failure: lookups return nullptr for handles that are not live.
#pragma once

#include <cstddef>

#include "acl/acl_base.h"
#include "acl/acl_mdl.h"
#include "base/tensor_desc.h"
#include "runtime/core/io_objects.h"
#include "runtime/model/model_objects.h"

namespace asim::api {

// The object behind a handle, and the handle of an object; no lookup (see the registries).
template <typename Object, typename Handle>
Object* AsObject(const Handle* handle) {
  return reinterpret_cast<Object*>(const_cast<Handle*>(handle));
}
template <typename Handle, typename Object>
Handle* AsHandle(Object* object) {
  return reinterpret_cast<Handle*>(object);
}

// aclDataBuffer -> rt::DataBuffer, aclTensorDesc -> TensorDesc.
inline rt::DataBuffer* BufferOf(const aclDataBuffer* handle) {
  return AsObject<rt::DataBuffer>(handle);
}
inline TensorDesc* DescOf(const aclTensorDesc* handle) {
  return AsObject<TensorDesc>(handle);
}

rt::HandleRegistry<rt::DataBuffer>& DataBuffers();
rt::HandleRegistry<TensorDesc>& TensorDescs();
rt::HandleRegistry<model::Dataset>& Datasets();
rt::HandleRegistry<model::ModelDescription>& ModelDescs();
rt::HandleRegistry<model::AippParams>& AippSets();
rt::HandleRegistry<model::LoadConfig>& ModelConfigs();
rt::HandleRegistry<model::ExecConfig>& ExecConfigs();

// Contiguous descriptor arrays handed out by aclmdlCreateAndGetOpDesc (acl_mdl_dump.cpp;
// rt::TensorDescArrays): the element `index` of the array starting at `base` (nullptr when
// there is none), and the release of a whole array by its first element (false when `base`
// starts no array).
aclTensorDesc* TensorDescArrayElement(const aclTensorDesc* base, size_t index);
bool DestroyTensorDescArray(const aclTensorDesc* base);

}  // namespace asim::api
