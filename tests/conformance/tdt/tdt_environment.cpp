// The process environment of conformance_tdt: aclInit with two simulated devices, device 0
// set on the main thread, aclFinalize at the end.
// PUBLIC API ONLY. Owner: tests/conformance/tdt.
#include "conformance_util.h"

namespace {
[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment(R"({"sim": {"device_count": "2"}})"));
}  // namespace
