// The simulated duration of a collective: the algorithm HCCL would choose for its size and rank
// count, over the chip's links (HCCS inside a server, RoCE between servers). docs/hccl.md and
// docs/cost_model.md give the formulas and where the link figures come from.
//
// Owns: nothing. Thread safety: pure functions. Failure: none (a zero bandwidth gives 0).
#pragma once

#include <cstdint>
#include <string>

namespace asim::hccl {

enum class OpKind : uint32_t {
  kAllReduce = 1,
  kBroadcast,
  kAllGather,
  kReduceScatter,
  kAlltoAll,
  kAlltoAllV,
  kSend,
  kRecv,
  kBarrier,
};
const char* OpName(OpKind kind);  // "HcclAllReduce" ...
// The OP Type profiling shows, after msprof's communication op names: "hcom_allReduce_" ...
const char* OpType(OpKind kind);

struct Links {
  uint32_t devices_per_server = 8;
  double hccs_gbps = 0, hccs_latency_us = 0;
  double roce_gbps = 0, roce_latency_us = 0;
};

enum class Algorithm { kRing, kHalvingDoubling, kMesh, kPointToPoint, kHierarchical };
const char* AlgorithmName(Algorithm a);

struct Cost {
  Algorithm algorithm = Algorithm::kRing;
  double seconds = 0;
};

// bytes: the per-rank payload as HCCL counts it (all-reduce, broadcast: the buffer; all-gather:
// the input; reduce-scatter: the output chunk times the rank count; all-to-all: what one rank
// sends in all; send/recv: the message,
// costed as inside one server: PeerCost places the two ranks).
Cost CollectiveCost(OpKind kind, uint64_t bytes, uint32_t ranks, const Links& links);
// A send / recv between `rank` and `peer`: over HCCS when both are on one server (ranks are
// placed on servers in rank order, devices_per_server each), over RoCE otherwise.
Cost PeerCost(OpKind kind, uint64_t bytes, uint32_t rank, uint32_t peer, const Links& links);

}  // namespace asim::hccl
