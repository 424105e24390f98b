// OpObjects: the live objects behind acl_op.h's opaque aclopAttr and aclopHandle.
// Owns: one registry per kind. An aclopAttr is an OpAttr; an aclopHandle is a PreparedOp, a
// call with its descriptions copied at creation (aclopCreateHandle) and the single-op model it
// runs. The handle an application holds is the object's address (the API layer casts it and
// never defines the opaque structs), so a stale or foreign handle is simply not found.
// Who owns it: the RuntimeContext (runtime/api), one per process; the objects outlive
// aclFinalize, as AscendCL's host-side objects do.
// Thread safety: the registries are; one object is not (as in AscendCL, an application must
// not change one aclopAttr from two threads at once). Failure: lookups return nullptr.
#pragma once

#include <memory>

#include "runtime/core/handle_registry.h"
#include "runtime/op/op_attr.h"
#include "runtime/op/op_call.h"
#include "runtime/op/op_catalog.h"

namespace asim::op {

struct PreparedOp {
  OpCall call;
  std::shared_ptr<const OpModelEntry> entry;
};

struct OpObjects {
  rt::HandleRegistry<OpAttr> attrs;
  rt::HandleRegistry<PreparedOp> handles;
};

}  // namespace asim::op
