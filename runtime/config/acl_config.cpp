// ParseAclConfigFile / ParseAclConfigString / ParseDumpConfigFile: the whole document.
// See acl_config.h for the contract.
//
// Owns: the top-level keys (dump, profiler, max_opqueue_num, err_msg_mode, defaultDevice,
// StackSize, sim; known CANN keys the simulator does not use are accepted and ignored).
// Owner: runtime/config. Thread safety: reentrant.
// Failure: see acl_config.h; allocation failure gives kBadAlloc. No exception escapes.
// Errors are returned, not logged: the API shim records and logs them (SetRecentError).
#include "runtime/config/acl_config.h"

#include <spdlog/fmt/fmt.h>

#include <array>
#include <limits>
#include <new>

#include "base/json_release.h"
#include "runtime/config/json_document.h"
#include "runtime/config/sections.h"

namespace asim::cfg {
namespace {

using detail::Json;
using detail::Where;

// Keys of newer CANN that have no meaning on the simulator.
constexpr std::array<std::string_view, 3> kUnusedTopLevelKeys = {"acl_graph", "simt_printf_fifo_size",
                                                                 "simd_printf_fifo_size_per_core"};

Status ParseErrMsgMode(const Json& value, const Where& at, bool* process_wide) {
  int64_t mode = 0;
  ASIM_RETURN_IF_ERROR(detail::ReadInteger(value, at, 0, 1, &mode));
  *process_wide = mode == 1;
  return Status::Ok();
}

Status ParseDefaultDevice(const Json& value, const Where& at, std::optional<int32_t>* device) {
  ASIM_RETURN_IF_ERROR(detail::RequireObject(value, at));
  for (const auto& [key, member] : value.items()) {
    if (key == "default_device") {
      int64_t id = 0;
      ASIM_RETURN_IF_ERROR(detail::ReadInteger(member, at.Key(key), 0, std::numeric_limits<int32_t>::max(), &id));
      *device = static_cast<int32_t>(id);
    } else {
      at.Key(key).Ignored("unknown key");
    }
  }
  return Status::Ok();
}

Status ParseStackSize(const Json& value, const Where& at, uint64_t* aicore_stack_size) {
  ASIM_RETURN_IF_ERROR(detail::RequireObject(value, at));
  for (const auto& [key, member] : value.items()) {
    const Where key_at = at.Key(key);
    if (key == "aicore_stack_size") {
      int64_t bytes = 0;
      ASIM_RETURN_IF_ERROR(
          detail::ReadInteger(member, key_at, kMinAicoreStackSize, std::numeric_limits<int64_t>::max(), &bytes));
      if (static_cast<uint64_t>(bytes) % kStackSizeGranule != 0) {
        return key_at.Error(fmt::format("{} is not a multiple of {} (16K)", bytes, kStackSizeGranule));
      }
      *aicore_stack_size = static_cast<uint64_t>(bytes);
    } else if (key == "simt_stack_size" || key == "simt_divergence_stack_size") {
      key_at.Ignored("not used by the simulator");
    } else {
      key_at.Ignored("unknown key");
    }
  }
  return Status::Ok();
}

Status ParseTopLevelKey(const std::string& key, const Json& value, const Where& root, AclConfig* config) {
  const Where at = root.Key(key);
  if (key == "dump") {
    return detail::ParseDumpSection(value, at.WithCode(err::kInvalidDumpConfig), &config->dump);
  }
  if (key == "profiler") {
    return detail::ParseProfilerSection(value, at.WithCode(err::kInvalidProfilingConfig), &config->profiler);
  }
  if (key == "max_opqueue_num") {
    return detail::ReadInteger(value, at.WithCode(err::kInvalidMaxOpQueueNumConfig), 1,
                               std::numeric_limits<int64_t>::max(), &config->max_opqueue_num);
  }
  if (key == "err_msg_mode") return ParseErrMsgMode(value, at, &config->err_msg_process_wide);
  if (key == "defaultDevice") return ParseDefaultDevice(value, at, &config->default_device);
  if (key == "StackSize") return ParseStackSize(value, at, &config->aicore_stack_size);
  if (key == "sim") return detail::ParseSimSection(value, at, &config->sim);
  for (std::string_view unused : kUnusedTopLevelKeys) {
    if (key == unused) {
      at.Ignored("not used by the simulator");
      return Status::Ok();
    }
  }
  at.Ignored("unknown key");
  return Status::Ok();
}

Status ParseDocument(std::string_view text, std::string_view source, AclConfig* out) {
  Json document;
  const JsonReleaser<Json> release_document(&document);  // destroyed without allocating
  ASIM_RETURN_IF_ERROR(detail::ParseConfigText(text, source, &document));
  AclConfig config;
  config.source_path = std::string(source);
  const Where root(source, err::kFileAttrInvalid);
  for (const auto& [key, value] : document.items()) {
    ASIM_RETURN_IF_ERROR(ParseTopLevelKey(key, value, root, &config));
  }
  *out = std::move(config);
  return Status::Ok();
}

// Runs `body`, turning the exceptions it may raise into a Status.
template <typename Body>
Status Guarded(std::string_view source, Body&& body) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return {err::kBadAlloc, fmt::format("{}: out of memory while parsing", source)};
  } catch (const std::exception& e) {
    return {err::kParseFile, fmt::format("{}: cannot parse: {}", source, e.what())};
  }
}

}  // namespace

Status ParseAclConfigString(std::string_view json, std::string_view source_name, AclConfig* out) {
  return Guarded(source_name, [&] { return ParseDocument(json, source_name, out); });
}

Status ParseAclConfigFile(const char* path, AclConfig* out) {
  if (path == nullptr || *path == '\0') {
    *out = AclConfig();
    return Status::Ok();
  }
  return Guarded(path, [&] {
    std::string text;
    ASIM_RETURN_IF_ERROR(detail::ReadConfigFile(path, &text));
    return ParseDocument(text, path, out);
  });
}

Status ParseDumpConfigFile(const char* path, DumpConfig* out) {
  if (path == nullptr || *path == '\0') {
    return {err::kInvalidParam, "dump config path is null or empty"};
  }
  return Guarded(path, [&] {
    std::string text;
    ASIM_RETURN_IF_ERROR(detail::ReadConfigFile(path, &text));
    Json document;
    const JsonReleaser<Json> release_document(&document);
    ASIM_RETURN_IF_ERROR(detail::ParseConfigText(text, path, &document));
    DumpConfig dump;
    const auto it = document.find("dump");
    if (it != document.end()) {
      const Where at = Where(path, err::kInvalidDumpConfig).Key("dump");
      ASIM_RETURN_IF_ERROR(detail::ParseDumpSection(*it, at, &dump));
    }
    *out = std::move(dump);
    return Status::Ok();
  });
}

}  // namespace asim::cfg
