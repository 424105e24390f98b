// acl_mdl.h: model descriptions (aclmdlDesc) — creation, filling (from a loaded model, a
// file or a buffer) and the per-tensor queries: counts, sizes, names, formats, data types,
// name <-> index and node attributes. The dims queries are in acl_mdl_desc_dims.cpp.
//
// A description holds a shared, immutable ModelInfo snapshot, so the strings it hands out
// (names, attribute text) stay valid while the description lives and is not refilled.
// As in AscendCL: an unfilled description reads as a model with no inputs or outputs; the
// name getters return "" (not NULL) on a bad argument; format / data type getters return
// ACL_FORMAT_UNDEFINED / ACL_DT_UNDEFINED; size getters 0. Every such failure also records
// a message for aclGetRecentErrMsg. aclmdlGetDesc clears the description before filling it
// and passes the model manager's error through (unknown or unloaded model id).
// aclmdlGetTensorRealName is with the dims queries (it undoes their conversion names).
// aclmdlGetOpAttr answers any attribute of a node of the model (AscendCL only answers
// ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES; other names give NULL there).
#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_mdl_desc_internal.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/core/pointer_text.h"
#include "runtime/model/model_manager.h"

namespace asim::api::mdl {

Status FindDesc(const aclmdlDesc* handle, std::shared_ptr<model::ModelDescription>* out) {
  if (handle == nullptr) return Status(err::kInvalidParam, "modelDesc must not be NULL");
  *out = ModelDescs().Find(handle);
  if (!*out) {
    return Status(err::kInvalidParam, "modelDesc " + rt::PointerText(handle) +
                                          " is not live (destroyed, or never created by aclmdlCreateDesc)");
  }
  return Status::Ok();
}

Status FillDims(const model::NamedDims& dims, aclmdlIODims* out) {
  if (dims.dims.size() > ACL_MAX_DIM_CNT) {
    return Status(ACL_ERROR_STORAGE_OVER_LIMIT, "the tensor has " + std::to_string(dims.dims.size()) +
                                                    " dims, more than ACL_MAX_DIM_CNT (" +
                                                    std::to_string(ACL_MAX_DIM_CNT) + ")");
  }
  const size_t n = std::min(dims.name.size(), sizeof(out->name) - 1);
  std::memcpy(out->name, dims.name.data(), n);
  out->name[n] = '\0';
  out->dimCount = dims.dims.size();
  for (size_t i = 0; i < dims.dims.size(); ++i) out->dims[i] = dims.dims[i];
  return Status::Ok();
}

}  // namespace asim::api::mdl

namespace {

using asim::Status;
using asim::api::ModelDescs;
using asim::api::mdl::FindDesc;
using asim::model::ModelDescription;
using asim::model::ModelManager;

void Record(const char* api, const Status& st) {
  asim::api::SetRecentError(api, st.code(), st.message());
}

// Runs `body(desc)` for a getter that does not return aclError: a bad handle records the
// error and gives `fallback`.
template <typename T, typename Body>
T WithDesc(const char* api, const aclmdlDesc* handle, T fallback, Body&& body) {
  return asim::api::Guarded<T>(api, fallback, [&]() -> T {
    std::shared_ptr<ModelDescription> desc;
    Status st = FindDesc(handle, &desc);
    if (!st.ok()) {
      Record(api, st);
      return fallback;
    }
    return body(*desc);
  });
}

// The io entry `index` of inputs (input=true) or outputs, or nullptr after recording why.
const asim::om::IoDesc* IoAt(const char* api, const ModelDescription& desc, bool input, size_t index) {
  const auto& list = input ? desc.inputs() : desc.outputs();
  Status st = ModelDescription::CheckIndex(input ? "input" : "output", index, list.size());
  if (!st.ok()) {
    Record(api, st);
    return nullptr;
  }
  return &list[index];
}

aclError Fill(const char* api, aclmdlDesc* handle, uint32_t model_id, bool loaded,
              const std::function<Status(std::shared_ptr<const asim::model::ModelInfo>*)>& source) {
  std::shared_ptr<ModelDescription> desc;
  Status st = FindDesc(handle, &desc);
  if (st.ok()) {
    desc->Clear();
    std::shared_ptr<const asim::model::ModelInfo> info;
    st = source(&info);
    if (st.ok() && !info) st = Status(asim::err::kInternalError, "the model manager returned no description");
    if (st.ok()) {
      desc->Fill(std::move(info), model_id, loaded);
    }
  }
  return asim::api::ToAclError(api, st);
}

}  // namespace

extern "C" {

aclmdlDesc* aclmdlCreateDesc() {
  return asim::api::Guarded<aclmdlDesc*>("aclmdlCreateDesc", nullptr, [] {
    return static_cast<aclmdlDesc*>(ModelDescs().Add(std::make_shared<ModelDescription>()));
  });
}

aclError aclmdlDestroyDesc(aclmdlDesc* modelDesc) {
  ACL_API_BEGIN("aclmdlDestroyDesc");
  ACL_API_CHECK_NOT_NULL(modelDesc);
  if (!ModelDescs().Remove(modelDesc)) {
    ACL_API_FAIL(asim::err::kInvalidParam, "modelDesc " + asim::rt::PointerText(modelDesc) +
                                               " is not live (destroyed twice, or never created by aclmdlCreateDesc)");
  }
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlGetDesc(aclmdlDesc* modelDesc, uint32_t modelId) {
  ACL_API_BEGIN("aclmdlGetDesc");
  ACL_API_CHECK_NOT_NULL(modelDesc);
  return Fill(kApi, modelDesc, modelId, /*loaded=*/true,
              [&](auto* info) { return asim::api::Ctx().models().GetInfo(modelId, info); });
  ACL_API_END();
}

aclError aclmdlGetDescFromFile(aclmdlDesc* modelDesc, const char* modelPath) {
  ACL_API_BEGIN("aclmdlGetDescFromFile");
  ACL_API_CHECK_NOT_NULL(modelDesc);
  ACL_API_CHECK_NOT_NULL(modelPath);
  return Fill(kApi, modelDesc, 0, /*loaded=*/false,
              [&](auto* info) { return ModelManager::InfoFromFile(modelPath, info); });
  ACL_API_END();
}

aclError aclmdlGetDescFromMem(aclmdlDesc* modelDesc, const void* model, size_t modelSize) {
  ACL_API_BEGIN("aclmdlGetDescFromMem");
  ACL_API_CHECK_NOT_NULL(modelDesc);
  ACL_API_CHECK_NOT_NULL(model);
  if (modelSize == 0) ACL_API_FAIL(asim::err::kInvalidParam, "modelSize must not be 0");
  ACL_API_RETURN_IF_ERROR(asim::api::Ctx().core().CheckHostReadable(kApi, "model", model, modelSize));
  return Fill(kApi, modelDesc, 0, /*loaded=*/false,
              [&](auto* info) { return ModelManager::InfoFromMem(model, modelSize, info); });
  ACL_API_END();
}

size_t aclmdlGetNumInputs(aclmdlDesc* modelDesc) {
  return WithDesc<size_t>("aclmdlGetNumInputs", modelDesc, 0,
                          [](const ModelDescription& d) { return d.inputs().size(); });
}

size_t aclmdlGetNumOutputs(aclmdlDesc* modelDesc) {
  return WithDesc<size_t>("aclmdlGetNumOutputs", modelDesc, 0,
                          [](const ModelDescription& d) { return d.outputs().size(); });
}

size_t aclmdlGetInputSizeByIndex(aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetInputSizeByIndex";
  return WithDesc<size_t>(kApi, modelDesc, 0, [&](const ModelDescription& d) -> size_t {
    const auto* io = IoAt(kApi, d, true, index);
    return io ? static_cast<size_t>(io->size) : 0;
  });
}

size_t aclmdlGetOutputSizeByIndex(aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetOutputSizeByIndex";
  return WithDesc<size_t>(kApi, modelDesc, 0, [&](const ModelDescription& d) -> size_t {
    const auto* io = IoAt(kApi, d, false, index);
    return io ? static_cast<size_t>(io->size) : 0;
  });
}

const char* aclmdlGetInputNameByIndex(const aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetInputNameByIndex";
  return WithDesc<const char*>(kApi, modelDesc, "", [&](const ModelDescription& d) -> const char* {
    const auto* io = IoAt(kApi, d, true, index);
    return io ? io->name.c_str() : "";
  });
}

const char* aclmdlGetOutputNameByIndex(const aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetOutputNameByIndex";
  return WithDesc<const char*>(kApi, modelDesc, "", [&](const ModelDescription& d) -> const char* {
    const auto* io = IoAt(kApi, d, false, index);
    return io ? io->name.c_str() : "";
  });
}

aclFormat aclmdlGetInputFormat(const aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetInputFormat";
  return WithDesc<aclFormat>(kApi, modelDesc, ACL_FORMAT_UNDEFINED, [&](const ModelDescription& d) {
    const auto* io = IoAt(kApi, d, true, index);
    return io ? static_cast<aclFormat>(io->format) : ACL_FORMAT_UNDEFINED;
  });
}

aclFormat aclmdlGetOutputFormat(const aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetOutputFormat";
  return WithDesc<aclFormat>(kApi, modelDesc, ACL_FORMAT_UNDEFINED, [&](const ModelDescription& d) {
    const auto* io = IoAt(kApi, d, false, index);
    return io ? static_cast<aclFormat>(io->format) : ACL_FORMAT_UNDEFINED;
  });
}

aclDataType aclmdlGetInputDataType(const aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetInputDataType";
  return WithDesc<aclDataType>(kApi, modelDesc, ACL_DT_UNDEFINED, [&](const ModelDescription& d) {
    const auto* io = IoAt(kApi, d, true, index);
    return io ? static_cast<aclDataType>(io->dtype) : ACL_DT_UNDEFINED;
  });
}

aclDataType aclmdlGetOutputDataType(const aclmdlDesc* modelDesc, size_t index) {
  constexpr const char* kApi = "aclmdlGetOutputDataType";
  return WithDesc<aclDataType>(kApi, modelDesc, ACL_DT_UNDEFINED, [&](const ModelDescription& d) {
    const auto* io = IoAt(kApi, d, false, index);
    return io ? static_cast<aclDataType>(io->dtype) : ACL_DT_UNDEFINED;
  });
}

}  // extern "C"

namespace {

aclError IndexByName(const char* api, const aclmdlDesc* modelDesc, const char* name, size_t* index, bool input) {
  std::shared_ptr<ModelDescription> desc;
  Status st = FindDesc(modelDesc, &desc);
  if (st.ok() && name == nullptr) st = Status(asim::err::kInvalidParam, "name must not be NULL");
  if (st.ok() && index == nullptr) st = Status(asim::err::kInvalidParam, "index must not be NULL");
  if (st.ok()) {
    const auto& list = input ? desc->inputs() : desc->outputs();
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i].name == name) {
        *index = i;
        return ACL_SUCCESS;
      }
    }
    st = Status(asim::err::kInvalidParam,
                std::string("the model has no ") + (input ? "input" : "output") + " named \"" + name + "\"");
  }
  return asim::api::ToAclError(api, st);
}

}  // namespace

extern "C" {

aclError aclmdlGetInputIndexByName(const aclmdlDesc* modelDesc, const char* name, size_t* index) {
  ACL_API_BEGIN("aclmdlGetInputIndexByName");
  return IndexByName(kApi, modelDesc, name, index, /*input=*/true);
  ACL_API_END();
}

aclError aclmdlGetOutputIndexByName(const aclmdlDesc* modelDesc, const char* name, size_t* index) {
  ACL_API_BEGIN("aclmdlGetOutputIndexByName");
  return IndexByName(kApi, modelDesc, name, index, /*input=*/false);
  ACL_API_END();
}

const char* aclmdlGetOpAttr(aclmdlDesc* modelDesc, const char* opName, const char* attr) {
  constexpr const char* kApi = "aclmdlGetOpAttr";
  return WithDesc<const char*>(kApi, modelDesc, nullptr, [&](const ModelDescription& d) -> const char* {
    Status st;
    if (opName == nullptr) st = Status(asim::err::kInvalidParam, "opName must not be NULL");
    if (st.ok() && attr == nullptr) st = Status(asim::err::kInvalidParam, "attr must not be NULL");
    if (st.ok() && !d.info()) st = Status(asim::err::kInvalidParam, "modelDesc has not been filled (aclmdlGetDesc)");
    if (st.ok()) {
      auto node = d.info()->op_attrs.find(opName);
      if (node == d.info()->op_attrs.end()) {
        st = Status(asim::err::kInvalidParam, std::string("the model has no node named \"") + opName + "\"");
      } else {
        auto value = node->second.find(attr);
        if (value != node->second.end()) return value->second.c_str();
        st = Status(asim::err::kInvalidParam, std::string("node \"") + opName + "\" has no attribute \"" + attr + "\"");
      }
    }
    Record(kApi, st);
    return nullptr;
  });
}

}  // extern "C"
