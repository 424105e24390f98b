// Collective cost model (link_cost.h).
//
// With n ranks, S bytes, per-step latency a and per-device bandwidth B of the link class used:
//   ring all-reduce              2(n-1)a + 2(n-1)/n * S/B   (reduce-scatter + all-gather rings)
//   halving-doubling all-reduce  2 log2(n) a + 2(n-1)/n * S/B (power-of-two n, small messages)
//   all-gather / reduce-scatter  (n-1)a + (n-1)/n * S/B
//   broadcast                    pipelined ring: (n-1)a + S/B; small: log2(n)(a + S/B)
//   all-to-all                   (n-1)a + (n-1)/n * S/B
//   send / recv                  a + S/B
//   barrier                      2 log2(n) a
// A communicator larger than one server is hierarchical: the intra-server phases over HCCS and
// the inter-server all-reduce of one server's share over RoCE (the figures of the slower level
// dominate; the sum is taken).
#include "runtime/hccl/link_cost.h"

#include <cmath>

namespace asim::hccl {
namespace {

constexpr uint64_t kSmallMessage = 1u << 20;  // below 1 MiB latency dominates: halving-doubling

bool PowerOfTwo(uint32_t n) {
  return n != 0 && (n & (n - 1)) == 0;
}

double Log2Ceil(uint32_t n) {
  return n <= 1 ? 0.0 : std::ceil(std::log2(static_cast<double>(n)));
}

// One level (all ranks on one link class).
Cost Flat(OpKind kind, double s, uint32_t n, double gbps, double lat_us) {
  Cost c;
  const double a = lat_us * 1e-6;
  const double b = gbps * 1e9;
  if (n <= 1 || b <= 0) return c;
  const double frac = static_cast<double>(n - 1) / n;
  switch (kind) {
    case OpKind::kAllReduce:
      if (s < kSmallMessage && PowerOfTwo(n)) {
        c.algorithm = Algorithm::kHalvingDoubling;
        c.seconds = 2 * Log2Ceil(n) * a + 2 * frac * s / b;
      } else {
        c.algorithm = Algorithm::kRing;
        c.seconds = 2 * (n - 1) * a + 2 * frac * s / b;
      }
      break;
    case OpKind::kAllGather:
    case OpKind::kReduceScatter:
      c.algorithm = Algorithm::kRing;
      c.seconds = (n - 1) * a + frac * s / b;
      break;
    case OpKind::kBroadcast:
      if (s < kSmallMessage) {
        c.algorithm = Algorithm::kHalvingDoubling;
        c.seconds = Log2Ceil(n) * (a + s / b);
      } else {
        c.algorithm = Algorithm::kRing;
        c.seconds = (n - 1) * a + s / b;
      }
      break;
    case OpKind::kAlltoAll:
    case OpKind::kAlltoAllV:
      c.algorithm = Algorithm::kMesh;
      c.seconds = (n - 1) * a + frac * s / b;
      break;
    case OpKind::kSend:
    case OpKind::kRecv:
      c.algorithm = Algorithm::kPointToPoint;
      c.seconds = a + s / b;
      break;
    case OpKind::kBarrier:
      c.algorithm = Algorithm::kHalvingDoubling;
      c.seconds = 2 * Log2Ceil(n) * a;
      break;
  }
  return c;
}

}  // namespace

const char* OpName(OpKind kind) {
  switch (kind) {
    case OpKind::kAllReduce: return "HcclAllReduce";
    case OpKind::kBroadcast: return "HcclBroadcast";
    case OpKind::kAllGather: return "HcclAllGather";
    case OpKind::kReduceScatter: return "HcclReduceScatter";
    case OpKind::kAlltoAll: return "HcclAlltoAll";
    case OpKind::kAlltoAllV: return "HcclAlltoAllV";
    case OpKind::kSend: return "HcclSend";
    case OpKind::kRecv: return "HcclRecv";
    case OpKind::kBarrier: return "HcclBarrier";
  }
  return "Hccl";
}

const char* OpType(OpKind kind) {
  switch (kind) {
    case OpKind::kAllReduce: return "hcom_allReduce_";
    case OpKind::kBroadcast: return "hcom_broadcast_";
    case OpKind::kAllGather: return "hcom_allGather_";
    case OpKind::kReduceScatter: return "hcom_reduceScatter_";
    case OpKind::kAlltoAll: return "hcom_alltoall_";
    case OpKind::kAlltoAllV: return "hcom_alltoallv_";
    case OpKind::kSend: return "hcom_send_";
    case OpKind::kRecv: return "hcom_receive_";
    case OpKind::kBarrier: return "hcom_barrier_";
  }
  return "hcom_";
}

const char* AlgorithmName(Algorithm a) {
  switch (a) {
    case Algorithm::kRing: return "ring";
    case Algorithm::kHalvingDoubling: return "halving-doubling";
    case Algorithm::kMesh: return "mesh";
    case Algorithm::kPointToPoint: return "point-to-point";
    case Algorithm::kHierarchical: return "hierarchical";
  }
  return "unknown";
}

Cost CollectiveCost(OpKind kind, uint64_t bytes, uint32_t ranks, const Links& links) {
  const double s = static_cast<double>(bytes);
  const uint32_t per_server = links.devices_per_server == 0 ? 8 : links.devices_per_server;
  if (kind == OpKind::kSend || kind == OpKind::kRecv) return Flat(kind, s, 2, links.hccs_gbps, links.hccs_latency_us);
  if (ranks <= per_server) return Flat(kind, s, ranks, links.hccs_gbps, links.hccs_latency_us);
  // Hierarchical: inside each server over HCCS, then between the servers over RoCE.
  const uint32_t servers = (ranks + per_server - 1) / per_server;
  Cost intra = Flat(kind, s, per_server, links.hccs_gbps, links.hccs_latency_us);
  // Between servers each device carries its 1/per_server share of the data (all-reduce,
  // reduce-scatter, all-gather) or the whole of it (broadcast, all-to-all, barrier).
  const bool sharded = kind == OpKind::kAllReduce || kind == OpKind::kAllGather || kind == OpKind::kReduceScatter;
  Cost inter = Flat(kind, sharded ? s / per_server : s, servers, links.roce_gbps, links.roce_latency_us);
  Cost c;
  c.algorithm = Algorithm::kHierarchical;
  c.seconds = intra.seconds + inter.seconds;
  return c;
}

Cost PeerCost(OpKind kind, uint64_t bytes, uint32_t rank, uint32_t peer, const Links& links) {
  const uint32_t per_server = links.devices_per_server == 0 ? 8 : links.devices_per_server;
  const double s = static_cast<double>(bytes);
  return rank / per_server == peer / per_server ? Flat(kind, s, 2, links.hccs_gbps, links.hccs_latency_us)
                                                : Flat(kind, s, 2, links.roce_gbps, links.roce_latency_us);
}

}  // namespace asim::hccl
