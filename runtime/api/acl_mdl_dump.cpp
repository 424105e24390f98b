// acl_mdl.h dump control (aclmdlInitDump, aclmdlSetDump, aclmdlFinalizeDump) and acl_dump.h
// (acldumpRegCallback / acldumpUnregCallback) over runtime/dump's DumpManager.
//
// Errors follow the real runtime: ACL_ERROR_UNINITIALIZE before aclInit; with a dump section
// in aclInit's acl.json the three aclmdl*Dump functions return ACL_ERROR_DUMP_ALREADY_RUN;
// SetDump / FinalizeDump without InitDump return ACL_ERROR_DUMP_NOT_RUN; InitDump twice
// ACL_ERROR_REPEAT_INITIALIZE; an unreadable or malformed file ACL_ERROR_INVALID_FILE /
// ACL_ERROR_PARSE_FILE; a configuration that cannot be used ACL_ERROR_INVALID_DUMP_CONFIG.
// acldumpRegCallback: the callback must not be NULL and flag must be 0 (the only value
// AscendCL supports: the data goes to the callback and is not written to files).
#include <algorithm>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "acl/acl_dump.h"
#include "acl/acl_mdl.h"
#include "runtime/api/api_guard.h"
#include "runtime/dump/dump_manager.h"

static_assert(asim::dump::kErrDumpAlreadyRun == ACL_ERROR_DUMP_ALREADY_RUN);
static_assert(asim::dump::kErrDumpNotRun == ACL_ERROR_DUMP_NOT_RUN);

namespace {

asim::dump::DumpManager& Dumps() {
  return asim::dump::DumpManager::Get();
}

using Callback = int32_t (*)(const acldumpChunk*, int32_t);

// Adapts the writer's sink to acldumpChunk messages.
asim::dump::DumpSink ChunkSink(Callback callback) {
  return [callback](const std::string& path, std::span<const uint8_t> chunk, uint64_t offset, bool last) -> int32_t {
    const size_t total = sizeof(acldumpChunk) + chunk.size();
    std::vector<uint64_t> storage((total + sizeof(uint64_t) - 1) / sizeof(uint64_t));
    auto* message = reinterpret_cast<acldumpChunk*>(storage.data());
    const size_t n = std::min(path.size(), sizeof(message->fileName) - 1);
    std::memcpy(message->fileName, path.data(), n);
    message->fileName[n] = '\0';
    message->bufLen = static_cast<uint32_t>(chunk.size());
    message->isLastChunk = last ? 1u : 0u;
    message->offset = static_cast<int64_t>(offset);
    message->flag = 0;
    if (!chunk.empty()) std::memcpy(message->dataBuf, chunk.data(), chunk.size());
    return callback(message, static_cast<int32_t>(total));
  };
}

}  // namespace

extern "C" {

aclError aclmdlInitDump() {
  ACL_API_BEGIN("aclmdlInitDump");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Dumps().InitDump());
  ACL_API_END();
}

aclError aclmdlSetDump(const char* dumpCfgPath) {
  ACL_API_BEGIN("aclmdlSetDump");
  ACL_API_REQUIRE_INIT();
  // The state checks come before the NULL check, as in AscendCL (DumpManager::SetDump).
  ACL_API_RETURN(Dumps().SetDump(dumpCfgPath));
  ACL_API_END();
}

aclError aclmdlFinalizeDump() {
  ACL_API_BEGIN("aclmdlFinalizeDump");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Dumps().FinalizeDump());
  ACL_API_END();
}

aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t), int32_t flag) {
  ACL_API_BEGIN("acldumpRegCallback");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(messageCallback);
  if (flag != 0) {
    ACL_API_FAIL(asim::err::kInvalidParam,
                 "flag " + std::to_string(flag) + " is not supported: only 0 (data to the callback, no files) is");
  }
  Dumps().SetCallback(ChunkSink(messageCallback));
  return ACL_SUCCESS;
  ACL_API_END();
}

void acldumpUnregCallback() {
  asim::api::Guarded("acldumpUnregCallback", 0, [] {
    Dumps().SetCallback(nullptr);
    return 0;
  });
}

}  // extern "C"
