// AllocationInfo: the description of one live (or recently freed) allocation.
//
// Owns: the value type shared by DeviceMemory, HostMemory and FreedHistory, and the
// wording used to name an allocation or an address in error messages, so that every
// memory error reads the same. Owner: device_sim/memory.
// Thread safety: value type and pure functions. Failure: none (std::bad_alloc only).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "device_sim/memory/mem_kind.h"

namespace asim::sim {

struct AllocationInfo {
  uint64_t addr = 0;     // first byte, as the caller sees it (device address for DeviceMemory)
  size_t requested = 0;  // bytes asked for
  size_t reserved = 0;   // bytes set aside (requested rounded up to the page granularity)
  PageKind page = PageKind::kNormal;
  uint64_t serial = 0;  // 1, 2, 3 ... in allocation order, per registry
  std::string origin;   // who allocated it ("aclrtMalloc", "model 3 weights", ...)
};

// "0x12c000000000".
std::string HexAddress(uint64_t addr);

// "allocation #5 [0x12c000000000, 0x12c000000400) of 1000 bytes (1024 reserved, normal pages)
// from 'aclrtMalloc'".
std::string DescribeAllocation(const AllocationInfo& info);

// "[0x12c000000000, 0x12c000000400), 1000 bytes (1024 reserved, normal pages) from
// 'aclrtMalloc'": the same without the serial, for messages that already named it.
std::string RangeSizeAndOrigin(const AllocationInfo& info);

// "1000 bytes (1024 reserved, normal pages) from 'aclrtMalloc'".
std::string SizeAndOrigin(const AllocationInfo& info);

// "0x12c000000000+16": an address relative to an allocation's start.
std::string BasePlusOffset(const AllocationInfo& info, uint64_t addr);

}  // namespace asim::sim
