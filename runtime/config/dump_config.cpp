// DumpConfig helpers: value names, dump_step parsing and matching, dump_path checks.
// See dump_config.h for the contract.
//
// Owner: runtime/config. Thread safety: reentrant (CheckDumpPathUsable and
// ResolveDumpPath read the file system / cwd). Failure: kInvalidDumpConfig with a reason.
#include "runtime/config/dump_config.h"

#include <spdlog/fmt/fmt.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <filesystem>
#include <system_error>

namespace asim::cfg {
namespace {

Status Invalid(std::string message) {
  return {err::kInvalidDumpConfig, std::move(message)};
}

bool ParseStepNumber(std::string_view text, uint64_t* value) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

const char* DumpModeName(DumpMode mode) {
  switch (mode) {
    case DumpMode::kInput: return "input";
    case DumpMode::kOutput: return "output";
    case DumpMode::kAll: return "all";
  }
  return "?";
}

const char* DumpLevelName(DumpLevel level) {
  switch (level) {
    case DumpLevel::kOp: return "op";
    case DumpLevel::kKernel: return "kernel";
    case DumpLevel::kAll: return "all";
  }
  return "?";
}

const char* DumpDataName(DumpData data) {
  switch (data) {
    case DumpData::kTensor: return "tensor";
    case DumpData::kStats: return "stats";
  }
  return "?";
}

Status ParseDumpStep(std::string_view text, std::vector<DumpStepRange>* ranges) {
  if (text.empty()) return Invalid("dump_step is empty");
  std::vector<DumpStepRange> parsed;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t bar = text.find('|', start);
    const std::string_view item =
        text.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start);
    DumpStepRange range;
    const size_t dash = item.find('-');
    bool ok = false;
    if (dash == std::string_view::npos) {
      ok = ParseStepNumber(item, &range.first);
      range.last = range.first;
    } else {
      ok = ParseStepNumber(item.substr(0, dash), &range.first) && ParseStepNumber(item.substr(dash + 1), &range.last);
    }
    if (!ok) {
      return Invalid(
          fmt::format("dump_step \"{}\": item \"{}\" is not a step number or a range a-b (expected "
                      "e.g. \"0|3-5|10\")",
                      text, item));
    }
    if (range.first > range.last) {
      return Invalid(fmt::format("dump_step \"{}\": range \"{}\" ends before it starts", text, item));
    }
    parsed.push_back(range);
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  *ranges = std::move(parsed);
  return Status::Ok();
}

bool DumpStepSelected(std::span<const DumpStepRange> ranges, uint64_t step) {
  if (ranges.empty()) return true;
  for (const DumpStepRange& r : ranges) {
    if (step >= r.first && step <= r.last) return true;
  }
  return false;
}

std::string ResolveDumpPath(std::string_view path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(std::filesystem::path(path), ec);
  if (ec) return std::string(path);
  return p.lexically_normal().string();
}

Status CheckDumpPathUsable(std::string_view path) {
  if (path.empty()) return Invalid("dump_path is empty");
  const std::string p(path);
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) {
    const int error = errno;
    return Invalid(
        fmt::format("dump_path '{}' cannot be used: {}", p, std::error_code(error, std::generic_category()).message()));
  }
  if (!S_ISDIR(st.st_mode)) {
    return Invalid(fmt::format("dump_path '{}' is not a directory", p));
  }
  if (::access(p.c_str(), W_OK | X_OK) != 0) {
    const int error = errno;
    return Invalid(fmt::format("dump_path '{}' is not writable: {}", p,
                               std::error_code(error, std::generic_category()).message()));
  }
  return Status::Ok();
}

}  // namespace asim::cfg
