// acl_mdl.h: load, unload and size queries of offline models (aclmdlLoad*, aclmdlUnload,
// aclmdlQuerySize*, aclmdlQueryExeOMDesc, aclmdlLoadWithConfig).
#include <cstring>
#include <string>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/runtime.h"
#include "runtime/model/model_manager.h"

namespace {

asim::model::ModelManager& Models() {
  return asim::api::Ctx().models();
}

// The calling thread's current device: models load there.
std::shared_ptr<asim::rt::DeviceContext> CurrentDevice(asim::Status* st) {
  std::shared_ptr<asim::rt::DeviceContext> device;
  *st = asim::api::Ctx().core().CurrentDevice(&device);
  return device;
}

asim::Status LoadFile(const char* path, const asim::model::LoadMemory& memory, uint32_t* model_id) {
  asim::Status st;
  auto device = CurrentDevice(&st);
  if (!st.ok()) return st;
  return Models().LoadFromFile(path, device, memory, model_id);
}

asim::Status LoadMem(const char* api, const void* data, size_t size, const asim::model::LoadMemory& memory,
                     uint32_t* model_id) {
  ASIM_RETURN_IF_ERROR(asim::api::Ctx().core().CheckHostReadable(api, "model", data, size));
  asim::Status st;
  auto device = CurrentDevice(&st);
  if (!st.ok()) return st;
  return Models().LoadFromMem(data, size, device, memory, model_id);
}

asim::model::LoadMemory Memory(void* work, size_t work_size, void* weight, size_t weight_size) {
  asim::model::LoadMemory m;
  m.work = work;
  m.work_size = work_size;
  m.weight = weight;
  m.weight_size = weight_size;
  return m;
}

// Records a loaded model for memcheck's leak report.
asim::Status Loaded(asim::Status st, const uint32_t* model_id) {
  if (st.ok()) {
    std::string what = "model " + std::to_string(*model_id);
    std::shared_ptr<const asim::model::ModelInfo> info;
    if (Models().GetInfo(*model_id, &info).ok() && info) what += " '" + info->name + "'";
    asim::check::AfterCreate(asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kModel,
                             reinterpret_cast<const void*>(uintptr_t{*model_id}), what);
  }
  return st;
}

}  // namespace

extern "C" {

aclError aclmdlLoadFromFile(const char* modelPath, uint32_t* modelId) {
  ACL_API_BEGIN("aclmdlLoadFromFile");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(modelPath);
  ACL_API_CHECK_NOT_NULL(modelId);
  ACL_API_RETURN(Loaded(LoadFile(modelPath, {}, modelId), modelId));
  ACL_API_END();
}

aclError aclmdlLoadFromMem(const void* model, size_t modelSize, uint32_t* modelId) {
  ACL_API_BEGIN("aclmdlLoadFromMem");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(model);
  ACL_API_CHECK_NOT_NULL(modelId);
  ACL_API_RETURN(Loaded(LoadMem(kApi, model, modelSize, {}, modelId), modelId));
  ACL_API_END();
}

aclError aclmdlLoadFromFileWithMem(const char* modelPath, uint32_t* modelId, void* workPtr, size_t workSize,
                                   void* weightPtr, size_t weightSize) {
  ACL_API_BEGIN("aclmdlLoadFromFileWithMem");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(modelPath);
  ACL_API_CHECK_NOT_NULL(modelId);
  ACL_API_RETURN(Loaded(LoadFile(modelPath, Memory(workPtr, workSize, weightPtr, weightSize), modelId), modelId));
  ACL_API_END();
}

aclError aclmdlLoadFromMemWithMem(const void* model, size_t modelSize, uint32_t* modelId, void* workPtr,
                                  size_t workSize, void* weightPtr, size_t weightSize) {
  ACL_API_BEGIN("aclmdlLoadFromMemWithMem");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(model);
  ACL_API_CHECK_NOT_NULL(modelId);
  ACL_API_RETURN(
      Loaded(LoadMem(kApi, model, modelSize, Memory(workPtr, workSize, weightPtr, weightSize), modelId), modelId));
  ACL_API_END();
}

aclError aclmdlUnload(uint32_t modelId) {
  ACL_API_BEGIN("aclmdlUnload");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::Status st = Models().Unload(modelId);
  if (st.ok())
    asim::check::AfterDestroy(asim::api::Ctx().checks(), asim::check::ObjectKind::kModel,
                              reinterpret_cast<const void*>(uintptr_t{modelId}));
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclmdlQuerySize(const char* fileName, size_t* workSize, size_t* weightSize) {
  ACL_API_BEGIN("aclmdlQuerySize");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(fileName);
  ACL_API_CHECK_NOT_NULL(workSize);
  ACL_API_CHECK_NOT_NULL(weightSize);
  ACL_API_RETURN(asim::model::ModelManager::QuerySizeFromFile(fileName, workSize, weightSize));
  ACL_API_END();
}

aclError aclmdlQuerySizeFromMem(const void* model, size_t modelSize, size_t* workSize, size_t* weightSize) {
  ACL_API_BEGIN("aclmdlQuerySizeFromMem");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(model);
  ACL_API_CHECK_NOT_NULL(workSize);
  ACL_API_CHECK_NOT_NULL(weightSize);
  ACL_API_RETURN_IF_ERROR(asim::api::Ctx().core().CheckHostReadable(kApi, "model", model, modelSize));
  ACL_API_RETURN(asim::model::ModelManager::QuerySizeFromMem(model, modelSize, workSize, weightSize));
  ACL_API_END();
}

aclError aclmdlQueryExeOMDesc(const char* fileName, aclmdlExeOMDesc* mdlPartitionSize) {
  ACL_API_BEGIN("aclmdlQueryExeOMDesc");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(fileName);
  ACL_API_CHECK_NOT_NULL(mdlPartitionSize);
  asim::model::PartitionSizes sizes;
  asim::Status st = asim::model::ModelManager::QueryPartitions(fileName, &sizes);
  if (!st.ok()) ACL_API_RETURN(st);
  std::memset(mdlPartitionSize, 0, sizeof(*mdlPartitionSize));
  mdlPartitionSize->workSize = sizes.work_size;
  mdlPartitionSize->weightSize = sizes.weight_size;
  mdlPartitionSize->modelDescSize = sizes.model_desc_size;
  // Our tasks are kernel calls bound at load: no kernel binaries or task images to size.
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlLoadWithConfig(const aclmdlConfigHandle* handle, uint32_t* modelId) {
  ACL_API_BEGIN("aclmdlLoadWithConfig");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(handle);
  ACL_API_CHECK_NOT_NULL(modelId);
  auto config = asim::api::ModelConfigs().Find(handle);
  if (!config) ACL_API_FAIL(ACL_ERROR_INVALID_PARAM, "handle is not a live aclmdlConfigHandle");
  const asim::model::LoadConfig& c = *config;
  const bool from_file = c.load_type == ACL_MDL_LOAD_FROM_FILE || c.load_type == ACL_MDL_LOAD_FROM_FILE_WITH_MEM;
  const bool from_mem = c.load_type == ACL_MDL_LOAD_FROM_MEM || c.load_type == ACL_MDL_LOAD_FROM_MEM_WITH_MEM;
  if (c.load_type == ACL_MDL_LOAD_FROM_FILE_WITH_Q || c.load_type == ACL_MDL_LOAD_FROM_MEM_WITH_Q) {
    ACL_API_FAIL(ACL_ERROR_API_NOT_SUPPORT, "queue-fed models (ACL_MDL_LOAD_FROM_*_WITH_Q) are not simulated");
  }
  if (!from_file && !from_mem) {
    ACL_API_FAIL(ACL_ERROR_INVALID_PARAM, "the config handle has no valid ACL_MDL_LOAD_TYPE_SIZET (set " +
                                              std::to_string(c.load_type) +
                                              "; use ACL_MDL_LOAD_FROM_FILE, _FILE_WITH_MEM, _MEM or _MEM_WITH_MEM)");
  }
  const bool with_mem = c.load_type == ACL_MDL_LOAD_FROM_FILE_WITH_MEM || c.load_type == ACL_MDL_LOAD_FROM_MEM_WITH_MEM;
  asim::model::LoadMemory memory;
  if (with_mem) memory = Memory(c.work_addr, c.work_size, c.weight_addr, c.weight_size);
  if (from_file) {
    if (c.path.empty()) ACL_API_FAIL(ACL_ERROR_INVALID_PARAM, "the config handle has no ACL_MDL_PATH_PTR");
    ACL_API_RETURN(Loaded(LoadFile(c.path.c_str(), memory, modelId), modelId));
  }
  if (c.mem_addr == nullptr || c.mem_size == 0) {
    ACL_API_FAIL(ACL_ERROR_INVALID_PARAM, "the config handle has no ACL_MDL_MEM_ADDR_PTR / ACL_MDL_MEM_SIZET");
  }
  ACL_API_RETURN(Loaded(LoadMem(kApi, c.mem_addr, c.mem_size, memory, modelId), modelId));
  ACL_API_END();
}

}  // extern "C"
