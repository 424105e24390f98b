// FaultSpec parsing and printing (see fault_spec.h). Owner: runtime/config.
// Thread safety: pure functions. Failure: false and a message; outputs untouched.
#include "runtime/config/fault_spec.h"

#include <charconv>
#include <limits>

namespace asim::cfg {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

template <typename T>
bool ParseNumber(std::string_view text, T min, T max, T* out) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return false;
  if (value < min || value > max) return false;
  *out = value;
  return true;
}

bool TypeFromName(std::string_view name, FaultType* type) {
  for (FaultType t : {FaultType::kMalloc, FaultType::kModelExecute, FaultType::kTaskTimeout, FaultType::kChannelSend}) {
    if (name == FaultTypeName(t)) {
      *type = t;
      return true;
    }
  }
  return false;
}

}  // namespace

const char* FaultTypeName(FaultType type) {
  switch (type) {
    case FaultType::kMalloc: return "malloc";
    case FaultType::kModelExecute: return "model_execute";
    case FaultType::kTaskTimeout: return "task_timeout";
    case FaultType::kChannelSend: return "channel_send";
  }
  return "?";
}

bool MakeFault(std::string_view type, const std::vector<std::pair<std::string, std::string>>& keys, FaultSpec* out,
               std::string* error) {
  FaultSpec f;
  if (!TypeFromName(type, &f.type)) {
    *error = "unknown fault type \"" + std::string(type) +
             "\" (expected malloc, model_execute, task_timeout or channel_send)";
    return false;
  }
  bool has_model = false;
  const std::string where = "fault \"" + std::string(type) + "\": ";
  for (const auto& [key, value] : keys) {
    bool ok = true;
    if (key == "nth") {
      ok = ParseNumber<uint64_t>(value, 1, std::numeric_limits<uint64_t>::max(), &f.nth);
    } else if (key == "count") {
      ok = ParseNumber<uint64_t>(value, 0, std::numeric_limits<uint64_t>::max(), &f.count);
    } else if (key == "model" && f.type == FaultType::kModelExecute) {
      ok = ParseNumber<uint32_t>(value, 1, std::numeric_limits<uint32_t>::max(), &f.model_id);
      has_model = ok;
    } else if (key == "code" && (f.type == FaultType::kModelExecute || f.type == FaultType::kChannelSend)) {
      ok = ParseNumber<int32_t>(value, 1, std::numeric_limits<int32_t>::max(), &f.code);
    } else if (key == "channel" && f.type == FaultType::kChannelSend) {
      ok = !value.empty();
      f.channel = value;
    } else {
      *error = where + "unknown key \"" + key + "\"";
      return false;
    }
    if (!ok) {
      *error = where + "invalid value \"" + value + "\" for \"" + key + "\"";
      return false;
    }
  }
  if (f.type == FaultType::kModelExecute && !has_model) {
    *error = where + "needs model=<model id>";
    return false;
  }
  if (f.code == 0) {
    if (f.type == FaultType::kModelExecute) f.code = kDefaultModelExecuteFaultCode;
    if (f.type == FaultType::kChannelSend) f.code = kDefaultChannelSendFaultCode;
  }
  *out = std::move(f);
  return true;
}

bool ParseFaults(std::string_view text, std::vector<FaultSpec>* out, std::string* error) {
  std::vector<FaultSpec> faults;
  while (!text.empty()) {
    const size_t semi = text.find(';');
    std::string_view entry = Trim(text.substr(0, semi));
    text = semi == std::string_view::npos ? std::string_view() : text.substr(semi + 1);
    if (entry.empty()) continue;
    const size_t colon = entry.find(':');
    const std::string_view type = Trim(entry.substr(0, colon));
    std::vector<std::pair<std::string, std::string>> keys;
    std::string_view rest = colon == std::string_view::npos ? std::string_view() : entry.substr(colon + 1);
    while (!rest.empty()) {
      const size_t comma = rest.find(',');
      std::string_view kv = Trim(rest.substr(0, comma));
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      const size_t eq = kv.find('=');
      if (eq == std::string_view::npos) {
        *error = "fault \"" + std::string(entry) + "\": \"" + std::string(kv) + "\" is not key=value";
        return false;
      }
      keys.emplace_back(std::string(Trim(kv.substr(0, eq))), std::string(Trim(kv.substr(eq + 1))));
    }
    FaultSpec f;
    if (!MakeFault(type, keys, &f, error)) return false;
    faults.push_back(std::move(f));
  }
  *out = std::move(faults);
  return true;
}

std::string FaultText(const FaultSpec& f) {
  std::string s =
      std::string(FaultTypeName(f.type)) + ":nth=" + std::to_string(f.nth) + ",count=" + std::to_string(f.count);
  if (f.type == FaultType::kModelExecute) s += ",model=" + std::to_string(f.model_id);
  if (f.code != 0) s += ",code=" + std::to_string(f.code);
  if (!f.channel.empty()) s += ",channel=" + f.channel;
  return s;
}

}  // namespace asim::cfg
