// The process environment of conformance_mdl: aclInit, device 0 set on the main thread,
// aclFinalize at the end.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include "conformance_util.h"

namespace {
[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());
}  // namespace
