// MetricGroup names. See metric_group.h.
#include "profdata/metric_group.h"

#include <array>

namespace asim::profdata {
namespace {

struct GroupName {
  std::string_view name;
  MetricGroup group;
};

// The first entry of each group is its canonical name.
constexpr std::array<GroupName, 11> kGroupNames = {{
    {"ArithmeticUtilization", MetricGroup::kArithmeticUtilization},
    {"PipeUtilization", MetricGroup::kPipeUtilization},
    {"Memory", MetricGroup::kMemory},
    {"MemoryL0", MetricGroup::kMemoryL0},
    {"ResourceConflictRatio", MetricGroup::kResourceConflictRatio},
    {"MemoryUB", MetricGroup::kMemoryUB},
    {"L2Cache", MetricGroup::kL2Cache},
    {"PipelineExecuteUtilization", MetricGroup::kPipeExecuteUtilization},
    {"PipeExecuteUtilization", MetricGroup::kPipeExecuteUtilization},
    {"MemoryAccess", MetricGroup::kMemoryAccess},
    {"None", MetricGroup::kNone},
}};

}  // namespace

std::optional<MetricGroup> MetricGroupFromName(std::string_view name) {
  for (const GroupName& g : kGroupNames) {
    if (g.name == name) return g.group;
  }
  return std::nullopt;
}

const char* MetricGroupName(MetricGroup group) {
  for (const GroupName& g : kGroupNames) {
    if (g.group == group) return g.name.data();  // literals: NUL-terminated
  }
  return "None";
}

}  // namespace asim::profdata
