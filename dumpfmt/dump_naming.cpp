// Dump directory and file names. See dump_naming.h.
#include "dumpfmt/dump_naming.h"

#include <spdlog/fmt/fmt.h>

#include <charconv>
#include <ctime>
#include <vector>

namespace asim::dump {
namespace {

std::vector<std::string_view> Split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t pos = text.find(sep, start);
    if (pos == std::string_view::npos) {
      out.push_back(text.substr(start));
      return out;
    }
    out.push_back(text.substr(start, pos - start));
    start = pos + 1;
  }
}

template <typename T>
bool ParseNumber(std::string_view text, T* value) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size();
}

std::string Join(std::string_view a, std::string_view b) {
  std::string out(a);
  if (!out.empty() && out.back() != '/') out += '/';
  out += b;
  return out;
}

}  // namespace

std::string SanitizeDumpName(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c == '.' || c == '/' || c == '\\' || c == ' ') c = '_';
  }
  return out;
}

std::string DumpFileName(std::string_view op_type, std::string_view op_name, uint64_t task_id, uint32_t stream_id,
                         uint64_t timestamp_us) {
  return fmt::format("{}.{}.{}.{}.{}", SanitizeDumpName(op_type), SanitizeDumpName(op_name), task_id, stream_id,
                     timestamp_us);
}

bool ParseDumpFileName(std::string_view file_name, DumpFileNameParts* parts) {
  const auto fields = Split(file_name, '.');
  if (fields.size() != 5 || fields[0].empty() || fields[1].empty()) return false;
  DumpFileNameParts p;
  p.op_type = std::string(fields[0]);
  p.op_name = std::string(fields[1]);
  if (!ParseNumber(fields[2], &p.task_id) || !ParseNumber(fields[3], &p.stream_id) ||
      !ParseNumber(fields[4], &p.timestamp)) {
    return false;
  }
  *parts = std::move(p);
  return true;
}

std::string DumpTimeDirName(std::chrono::system_clock::time_point when) {
  const std::time_t t = std::chrono::system_clock::to_time_t(when);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  const size_t n = std::strftime(buf, sizeof(buf), "%Y%m%d%H%M%S", &tm);
  return std::string(buf, n);
}

std::string ModelDumpDir(std::string_view dump_path, std::string_view time_dir, uint32_t device_id,
                         std::string_view model_name, uint32_t model_id, uint64_t data_index) {
  return Join(dump_path,
              fmt::format("{}/{}/{}/{}/{}", time_dir, device_id, SanitizeDumpName(model_name), model_id, data_index));
}

std::string SingleOpDumpDir(std::string_view dump_path, std::string_view time_dir, uint32_t device_id) {
  return Join(dump_path, fmt::format("{}/{}", time_dir, device_id));
}

std::string NpyFileName(std::string_view dump_file_name, bool input, size_t index) {
  return fmt::format("{}.{}.{}.npy", dump_file_name, input ? "input" : "output", index);
}

bool ParseNpyFileName(std::string_view npy_name, NpyFileNameParts* parts) {
  if (!npy_name.ends_with(".npy")) return false;
  const auto fields = Split(npy_name.substr(0, npy_name.size() - 4), '.');
  if (fields.size() != 7) return false;
  NpyFileNameParts p;
  const std::string file = fmt::format("{}.{}.{}.{}.{}", fields[0], fields[1], fields[2], fields[3], fields[4]);
  if (!ParseDumpFileName(file, &p.file)) return false;
  if (fields[5] == "input") {
    p.input = true;
  } else if (fields[5] != "output") {
    return false;
  }
  if (!ParseNumber(fields[6], &p.index)) return false;
  *parts = std::move(p);
  return true;
}

std::string GroundTruthNpyName(std::string_view op_name, size_t output_index, uint64_t timestamp_us) {
  return fmt::format("{}.{}.{}.npy", SanitizeDumpName(op_name), output_index, timestamp_us);
}

bool ParseGroundTruthNpyName(std::string_view npy_name, GroundTruthNameParts* parts) {
  if (!npy_name.ends_with(".npy")) return false;
  const auto fields = Split(npy_name.substr(0, npy_name.size() - 4), '.');
  if (fields.size() < 3) return false;
  GroundTruthNameParts p;
  const size_t n = fields.size();
  if (!ParseNumber(fields[n - 1], &p.timestamp) || !ParseNumber(fields[n - 2], &p.output_index)) return false;
  for (size_t i = 0; i + 2 < n; ++i) {
    if (i > 0) p.op_name += '.';
    p.op_name += fields[i];
  }
  if (p.op_name.empty()) return false;
  *parts = std::move(p);
  return true;
}

}  // namespace asim::dump
