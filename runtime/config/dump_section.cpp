// Parser of the acl.json "dump" section. See sections.h and dump_config.h.
//
// Owns: the dump schema rules: value domains of every key, the dump_list entry layout, and
// the cross-key rules (dump_path required for model, single-op, overflow and watcher
// dumps; opname_range needs model_name; model names unique; blacklists at most 100).
// Owner: runtime/config. Thread safety: reentrant.
// Failure: kInvalidDumpConfig naming the key (JSON pointer) and the value.
#include <spdlog/fmt/fmt.h>

#include <array>
#include <set>

#include "base/log.h"
#include "runtime/config/sections.h"

namespace asim::cfg::detail {
namespace {

constexpr std::array<std::string_view, 3> kModes = {"input", "output", "all"};
constexpr std::array<DumpMode, 3> kModeValues = {DumpMode::kInput, DumpMode::kOutput, DumpMode::kAll};
constexpr std::array<std::string_view, 3> kLevels = {"op", "kernel", "all"};
constexpr std::array<DumpLevel, 3> kLevelValues = {DumpLevel::kOp, DumpLevel::kKernel, DumpLevel::kAll};
constexpr std::array<std::string_view, 2> kDataKinds = {"tensor", "stats"};
constexpr std::array<DumpData, 2> kDataValues = {DumpData::kTensor, DumpData::kStats};

// "input0", "output12" ...
bool IsTensorPosition(std::string_view pos) {
  std::string_view digits;
  if (pos.starts_with("input")) {
    digits = pos.substr(5);
  } else if (pos.starts_with("output")) {
    digits = pos.substr(6);
  } else {
    return false;
  }
  if (digits.empty()) return false;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

Status ParseBlacklist(const Json& value, const Where& at, std::vector<DumpBlacklistEntry>* out) {
  if (!value.is_array()) {
    return at.Error(fmt::format("must be an array of {{\"name\", \"pos\"}} objects, got {}", Describe(value)));
  }
  if (value.size() > kMaxDumpBlacklistEntries) {
    return at.Error(fmt::format("has {} entries, more than the limit of {}", value.size(), kMaxDumpBlacklistEntries));
  }
  std::vector<DumpBlacklistEntry> entries;
  for (size_t i = 0; i < value.size(); ++i) {
    const Where item_at = at.Index(i);
    ASIM_RETURN_IF_ERROR(RequireObject(value[i], item_at));
    DumpBlacklistEntry entry;
    bool has_name = false;
    for (const auto& [key, member] : value[i].items()) {
      const Where member_at = item_at.Key(key);
      if (key == "name") {
        ASIM_RETURN_IF_ERROR(ReadString(member, member_at, &entry.name));
        has_name = !entry.name.empty();
      } else if (key == "pos") {
        ASIM_RETURN_IF_ERROR(ReadStringArray(member, member_at, &entry.pos));
        for (size_t p = 0; p < entry.pos.size(); ++p) {
          if (!IsTensorPosition(entry.pos[p])) {
            return member_at.Index(p).Error(
                fmt::format("\"{}\" is not a tensor position like \"input0\" or \"output1\"", entry.pos[p]));
          }
        }
      } else {
        member_at.Ignored("unknown key");
      }
    }
    if (!has_name) return item_at.Key("name").Error("missing or empty");
    entries.push_back(std::move(entry));
  }
  *out = std::move(entries);
  return Status::Ok();
}

Status ParseRanges(const Json& value, const Where& at, std::vector<DumpOpRange>* out) {
  if (!value.is_array()) {
    return at.Error(fmt::format("must be an array of {{\"begin\", \"end\"}} objects, got {}", Describe(value)));
  }
  std::vector<DumpOpRange> ranges;
  for (size_t i = 0; i < value.size(); ++i) {
    const Where item_at = at.Index(i);
    ASIM_RETURN_IF_ERROR(RequireObject(value[i], item_at));
    DumpOpRange range;
    for (const auto& [key, member] : value[i].items()) {
      if (key == "begin") {
        ASIM_RETURN_IF_ERROR(ReadString(member, item_at.Key(key), &range.begin));
      } else if (key == "end") {
        ASIM_RETURN_IF_ERROR(ReadString(member, item_at.Key(key), &range.end));
      } else {
        item_at.Key(key).Ignored("unknown key");
      }
    }
    if (range.begin.empty()) return item_at.Key("begin").Error("missing or empty");
    if (range.end.empty()) return item_at.Key("end").Error("missing or empty");
    ranges.push_back(std::move(range));
  }
  *out = std::move(ranges);
  return Status::Ok();
}

Status ParseModelEntry(const Json& value, const Where& at, DumpModelEntry* out) {
  ASIM_RETURN_IF_ERROR(RequireObject(value, at));
  DumpModelEntry entry;
  for (const auto& [key, member] : value.items()) {
    const Where member_at = at.Key(key);
    if (key == "model_name") {
      ASIM_RETURN_IF_ERROR(ReadString(member, member_at, &entry.model_name));
    } else if (key == "layer") {
      ASIM_RETURN_IF_ERROR(ReadStringArray(member, member_at, &entry.layers));
    } else if (key == "optype_blacklist") {
      ASIM_RETURN_IF_ERROR(ParseBlacklist(member, member_at, &entry.optype_blacklist));
    } else if (key == "opname_blacklist") {
      ASIM_RETURN_IF_ERROR(ParseBlacklist(member, member_at, &entry.opname_blacklist));
    } else if (key == "opname_range") {
      ASIM_RETURN_IF_ERROR(ParseRanges(member, member_at, &entry.opname_ranges));
    } else if (key == "watcher_nodes") {
      ASIM_RETURN_IF_ERROR(ReadStringArray(member, member_at, &entry.watcher_nodes));
    } else {
      member_at.Ignored("unknown key");
    }
  }
  if (!entry.opname_ranges.empty() && entry.model_name.empty()) {
    return at.Key("model_name").Error("is required when opname_range is given");
  }
  *out = std::move(entry);
  return Status::Ok();
}

Status ParseDumpList(const Json& value, const Where& at, std::vector<DumpModelEntry>* out) {
  if (!value.is_array()) {
    return at.Error(fmt::format("must be an array of model entries, got {}", Describe(value)));
  }
  std::vector<DumpModelEntry> entries;
  std::set<std::string> names;
  for (size_t i = 0; i < value.size(); ++i) {
    DumpModelEntry entry;
    ASIM_RETURN_IF_ERROR(ParseModelEntry(value[i], at.Index(i), &entry));
    if (!entry.model_name.empty() && !names.insert(entry.model_name).second) {
      return at.Index(i)
          .Key("model_name")
          .Error(fmt::format("model \"{}\" appears more than once in dump_list", entry.model_name));
    }
    entries.push_back(std::move(entry));
  }
  *out = std::move(entries);
  return Status::Ok();
}

Status ParseStep(const Json& value, const Where& at, DumpConfig* dump) {
  std::string text;
  ASIM_RETURN_IF_ERROR(ReadText(value, at, &text));
  const Status parsed = ParseDumpStep(text, &dump->dump_steps);
  if (!parsed.ok()) return at.Error(parsed.message());
  dump->dump_step = std::move(text);
  return Status::Ok();
}

Status ParseKey(const std::string& key, const Json& value, const Where& at, DumpConfig* dump) {
  size_t index = 0;
  if (key == "dump_path") {
    ASIM_RETURN_IF_ERROR(ReadString(value, at, &dump->dump_path));
    if (dump->dump_path.size() >= kMaxDumpPathLength) {
      return at.Error(
          fmt::format("is {} characters long; the limit is {}", dump->dump_path.size(), kMaxDumpPathLength - 1));
    }
  } else if (key == "dump_list") {
    ASIM_RETURN_IF_ERROR(ParseDumpList(value, at, &dump->dump_list));
    dump->has_dump_list = true;
  } else if (key == "dump_mode") {
    ASIM_RETURN_IF_ERROR(ReadChoice(value, at, kModes, &index));
    dump->dump_mode = kModeValues[index];
  } else if (key == "dump_level") {
    ASIM_RETURN_IF_ERROR(ReadChoice(value, at, kLevels, &index));
    dump->dump_level = kLevelValues[index];
  } else if (key == "dump_op_switch") {
    ASIM_RETURN_IF_ERROR(ReadSwitch(value, at, &dump->dump_op_switch));
  } else if (key == "dump_step") {
    ASIM_RETURN_IF_ERROR(ParseStep(value, at, dump));
  } else if (key == "dump_data") {
    ASIM_RETURN_IF_ERROR(ReadChoice(value, at, kDataKinds, &index));
    dump->dump_data = kDataValues[index];
  } else if (key == "dump_stats") {
    ASIM_RETURN_IF_ERROR(ReadList(value, at, kDumpStatsNames, &dump->dump_stats));
  } else if (key == "dump_debug") {
    ASIM_RETURN_IF_ERROR(ReadSwitch(value, at, &dump->dump_debug));
  } else if (key == "dump_scene") {
    ASIM_RETURN_IF_ERROR(ReadChoice(value, at, kDumpScenes, &index));
    dump->dump_scene = std::string(kDumpScenes[index]);
  } else if (key == "dump_kernel_data") {
    ASIM_RETURN_IF_ERROR(ReadList(value, at, kDumpKernelDataItems, &dump->dump_kernel_data));
  } else {
    at.Ignored("unknown key");
  }
  return Status::Ok();
}

}  // namespace

Status ParseDumpSection(const Json& value, const Where& at, DumpConfig* out) {
  ASIM_RETURN_IF_ERROR(RequireObject(value, at));
  DumpConfig dump;
  dump.present = true;
  for (const auto& [key, member] : value.items()) {
    ASIM_RETURN_IF_ERROR(ParseKey(key, member, at.Key(key), &dump));
  }

  const bool watcher = dump.dump_scene == "watcher";
  if (dump.dump_path.empty() && (dump.has_dump_list || dump.dump_op_switch || dump.dump_debug || watcher)) {
    const char* why = dump.dump_debug       ? "dump_debug is on"
                      : dump.has_dump_list  ? "dump_list is given"
                      : dump.dump_op_switch ? "dump_op_switch is on"
                                            : "dump_scene is \"watcher\"";
    return at.Key("dump_path").Error(fmt::format("missing or empty, but {}", why));
  }
  if (dump.dump_debug && (!dump.dump_list.empty() || dump.dump_op_switch)) {
    ASIM_LOG_WARN(
        "[ACL] {}: {}: dump_debug (overflow dump) is on together with a model or "
        "single-op dump; the documentation says they cannot be combined",
        at.source(), at.pointer());
  }
  if (!dump.dump_stats.empty() && dump.dump_data != DumpData::kStats) {
    at.Key("dump_stats").Ignored("only used with dump_data \"stats\"");
  }
  *out = std::move(dump);
  return Status::Ok();
}

}  // namespace asim::cfg::detail
