// The registries of the API's handles, in the RuntimeContext's object tables.
#include "runtime/api/acl_objects.h"

#include "runtime/api/runtime_context.h"

namespace asim::api {

rt::HandleRegistry<rt::DataBuffer>& DataBuffers() {
  return Ctx().io().buffers;
}
rt::HandleRegistry<TensorDesc>& TensorDescs() {
  return Ctx().io().descs;
}
rt::HandleRegistry<model::Dataset>& Datasets() {
  return Ctx().model_objects().datasets;
}
rt::HandleRegistry<model::ModelDescription>& ModelDescs() {
  return Ctx().model_objects().descriptions;
}
rt::HandleRegistry<model::AippParams>& AippSets() {
  return Ctx().model_objects().aipp_sets;
}
rt::HandleRegistry<model::LoadConfig>& ModelConfigs() {
  return Ctx().model_objects().load_configs;
}
rt::HandleRegistry<model::ExecConfig>& ExecConfigs() {
  return Ctx().model_objects().exec_configs;
}

}  // namespace asim::api
