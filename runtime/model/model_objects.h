// ModelObjects: the live objects behind acl_mdl.h's opaque handles — datasets, model
// descriptions, dynamic AIPP parameter sets, load and execution configurations.
// Owns: one registry per kind; the handle an application holds is the object's address (the
// API layer casts it, and never defines the opaque structs), so a stale, foreign or
// never-created handle is simply not found.
// Who owns it: the RuntimeContext (runtime/api), one per process; the objects outlive
// aclFinalize, as AscendCL's host-side objects do.
// Thread safety: the registries are; one object is not (see each object's header).
// Failure: lookups return nullptr for handles that are not live.
#pragma once

#include "runtime/core/handle_registry.h"
#include "runtime/model/dataset.h"
#include "runtime/model/dynamic_aipp.h"
#include "runtime/model/model_configs.h"
#include "runtime/model/model_description.h"

namespace asim::model {

struct ModelObjects {
  rt::HandleRegistry<Dataset> datasets;
  rt::HandleRegistry<ModelDescription> descriptions;
  rt::HandleRegistry<AippParams> aipp_sets;
  rt::HandleRegistry<LoadConfig> load_configs;
  rt::HandleRegistry<ExecConfig> exec_configs;
};

}  // namespace asim::model
