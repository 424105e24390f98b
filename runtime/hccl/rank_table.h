// RankTable: the HCCL rank table file (HcclCommInitClusterInfo), version "1.0" schema:
//   {"version": "1.0", "server_count": "N", "status": "completed",
//    "server_list": [{"server_id": "...", "device": [{"device_id": "0", "device_ip": "...",
//                                                      "rank_id": "0"}, ...]}, ...]}
// (numbers are strings, as in the files HCCL reads; docs/hccl.md). Ranks must be 0..n-1 once
// each; a device id appears once per server.
//
// Owns: the parsed table. Thread safety: pure function. Failure: err::kInvalidFile when the file
// cannot be read, err::kInvalidParam with the offending field otherwise.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"

namespace asim::hccl {

struct RankEntry {
  uint32_t rank = 0;
  int32_t device_id = 0;
  uint32_t server_index = 0;
  std::string server_id;
  std::string device_ip;
};

struct RankTable {
  std::vector<RankEntry> ranks;  // index = rank id
  uint32_t server_count = 0;
  uint64_t id = 0;  // identifies the communicator: a hash of the file's content
};

Status ParseRankTable(const std::string& text, const std::string& source, RankTable* out);
Status LoadRankTable(const std::string& path, RankTable* out);

}  // namespace asim::hccl
