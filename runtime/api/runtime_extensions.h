// RegisterRuntimeExtensions: the explicit list of modules that join the runtime's lifecycle
// (runtime/core/extension.h). Called by aclInit before the runtime initialises; idempotent.
// Thread safety: safe from any thread (std::call_once). Failure: none.
#pragma once

namespace asim::api {

void RegisterRuntimeExtensions();

}  // namespace asim::api
