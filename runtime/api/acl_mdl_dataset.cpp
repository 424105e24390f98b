// acl_mdl.h: datasets (aclmdlDataset), the lists of data buffers a model reads and writes.
//
// The dataset itself is model::Dataset (runtime/model/dataset.h): it refers to the
// application's aclDataBuffers (aclmdlDestroyDataset leaves them alone, as AscendCL does) and
// owns copies of the tensor descriptors set on it. Passing a NULL descriptor clears the entry
// (as the real aclmdlSetDatasetTensorDesc does).
//
// Errors: a NULL, destroyed or foreign dataset / buffer / descriptor handle, or an index at or
// past the buffer count, is ACL_ERROR_INVALID_PARAM with a message; the functions that do not
// return aclError give NULL / 0 and record the message for aclGetRecentErrMsg.
#include <memory>
#include <string>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/pointer_text.h"

namespace {

using asim::api::AsHandle;
using asim::api::Datasets;
using asim::api::TensorDescs;

std::string NotLive(const char* what, const void* handle, const char* creator) {
  return std::string(what) + " " + asim::rt::PointerText(handle) + " is not live (destroyed, or never created by " +
         creator + ")";
}

std::string IndexText(size_t index, size_t count) {
  return "index " + std::to_string(index) + " is out of range: the dataset has " + std::to_string(count) + " buffer(s)";
}

void Fail(const char* api, const std::string& message) {
  asim::api::SetRecentError(api, asim::err::kInvalidParam, message);
}

// The live dataset behind `handle`, or nullptr after recording why (non-aclError getters).
std::shared_ptr<asim::model::Dataset> FindOrRecord(const char* api, const aclmdlDataset* handle) {
  if (handle == nullptr) {
    Fail(api, "dataset must not be NULL");
    return nullptr;
  }
  auto dataset = Datasets().Find(handle);
  if (!dataset) Fail(api, NotLive("dataset", handle, "aclmdlCreateDataset"));
  return dataset;
}

}  // namespace

#define ACL_MDL_REQUIRE_DATASET(var, handle)                                                               \
  ACL_API_CHECK_NOT_NULL(handle);                                                                          \
  auto var = Datasets().Find(handle);                                                                      \
  do {                                                                                                     \
    if (!var) ACL_API_FAIL(asim::err::kInvalidParam, NotLive("dataset", (handle), "aclmdlCreateDataset")); \
  } while (0)

extern "C" {

aclmdlDataset* aclmdlCreateDataset() {
  ACLSIM_SCOPE_NAMED("aclmdlCreateDataset");
  return asim::api::Guarded<aclmdlDataset*>("aclmdlCreateDataset", nullptr, [] {
    auto* dataset = static_cast<aclmdlDataset*>(Datasets().Add(std::make_shared<asim::model::Dataset>()));
    asim::check::AfterCreate(asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kModelDataset,
                             dataset, "model dataset " + asim::check::PtrText(dataset));
    return dataset;
  });
}

aclError aclmdlDestroyDataset(const aclmdlDataset* dataset) {
  ACL_API_BEGIN("aclmdlDestroyDataset");
  ACLSIM_SCOPE();
  ACL_API_CHECK_NOT_NULL(dataset);
  std::shared_ptr<asim::model::Dataset> removed = Datasets().Remove(dataset);
  if (!removed) ACL_API_FAIL(asim::err::kInvalidParam, NotLive("dataset", dataset, "aclmdlCreateDataset"));
  asim::check::AfterDestroy(asim::api::Ctx().checks(), asim::check::ObjectKind::kModelDataset, dataset);
  // The buffers belong to the application; the descriptor copies belong to the dataset.
  removed->ReleaseDescs(TensorDescs());
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlAddDatasetBuffer(aclmdlDataset* dataset, aclDataBuffer* dataBuffer) {
  ACL_API_BEGIN("aclmdlAddDatasetBuffer");
  ACL_MDL_REQUIRE_DATASET(set, dataset);
  ACL_API_CHECK_NOT_NULL(dataBuffer);
  std::shared_ptr<asim::rt::DataBuffer> buffer = asim::api::DataBuffers().Find(dataBuffer);
  if (!buffer) ACL_API_FAIL(asim::err::kInvalidParam, NotLive("dataBuffer", dataBuffer, "aclCreateDataBuffer"));
  set->AddBuffer(buffer);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlSetDatasetTensorDesc(aclmdlDataset* dataset, aclTensorDesc* tensorDesc, size_t index) {
  ACL_API_BEGIN("aclmdlSetDatasetTensorDesc");
  ACL_MDL_REQUIRE_DATASET(set, dataset);
  if (index >= set->size()) ACL_API_FAIL(asim::err::kInvalidParam, IndexText(index, set->size()));
  std::shared_ptr<asim::TensorDesc> source;
  if (tensorDesc != nullptr) {
    source = TensorDescs().Find(tensorDesc);
    if (!source) ACL_API_FAIL(asim::err::kInvalidParam, NotLive("tensorDesc", tensorDesc, "aclCreateTensorDesc"));
  }
  ACL_API_RETURN(set->SetDesc(index, source.get(), TensorDescs()));
  ACL_API_END();
}

aclTensorDesc* aclmdlGetDatasetTensorDesc(const aclmdlDataset* dataset, size_t index) {
  constexpr const char* kApi = "aclmdlGetDatasetTensorDesc";
  return asim::api::Guarded<aclTensorDesc*>(kApi, nullptr, [&]() -> aclTensorDesc* {
    auto set = FindOrRecord(kApi, dataset);
    if (!set) return nullptr;
    if (index >= set->size()) {
      Fail(kApi, IndexText(index, set->size()));
      return nullptr;
    }
    return AsHandle<aclTensorDesc>(set->Desc(index));  // NULL: none set (not an error)
  });
}

size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset* dataset) {
  constexpr const char* kApi = "aclmdlGetDatasetNumBuffers";
  return asim::api::Guarded<size_t>(kApi, 0, [&]() -> size_t {
    auto set = FindOrRecord(kApi, dataset);
    return set ? set->size() : 0;
  });
}

aclDataBuffer* aclmdlGetDatasetBuffer(const aclmdlDataset* dataset, size_t index) {
  constexpr const char* kApi = "aclmdlGetDatasetBuffer";
  return asim::api::Guarded<aclDataBuffer*>(kApi, nullptr, [&]() -> aclDataBuffer* {
    auto set = FindOrRecord(kApi, dataset);
    if (!set) return nullptr;
    if (index >= set->size()) {
      Fail(kApi, IndexText(index, set->size()));
      return nullptr;
    }
    return AsHandle<aclDataBuffer>(set->BufferHandle(index));
  });
}

}  // extern "C"
