// Formatting of addresses and allocations for memory error messages (see allocation_info.h).
// Owner: device_sim/memory. Thread safety: pure functions. Failure: none.
#include "device_sim/memory/allocation_info.h"

#include <cstdio>

namespace asim::sim {

std::string HexAddress(uint64_t addr) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(addr));
  return buf;
}

std::string SizeAndOrigin(const AllocationInfo& info) {
  std::string s = std::to_string(info.requested) + " bytes (" + std::to_string(info.reserved) + " reserved, " +
                  std::string(PageKindName(info.page)) + " pages)";
  if (!info.origin.empty()) s += " from '" + info.origin + "'";
  return s;
}

namespace {
std::string Range(const AllocationInfo& info) {
  return "[" + HexAddress(info.addr) + ", " + HexAddress(info.addr + info.reserved) + ")";
}
}  // namespace

std::string DescribeAllocation(const AllocationInfo& info) {
  return "allocation #" + std::to_string(info.serial) + " " + Range(info) + " of " + SizeAndOrigin(info);
}

std::string RangeSizeAndOrigin(const AllocationInfo& info) {
  return Range(info) + ", " + SizeAndOrigin(info);
}

std::string BasePlusOffset(const AllocationInfo& info, uint64_t addr) {
  return HexAddress(info.addr) + "+" + std::to_string(addr - info.addr);
}

}  // namespace asim::sim
