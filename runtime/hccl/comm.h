// Comm: one rank of a communicator, and the collective operations it runs as stream tasks.
//
// Owns: CommState (shared by the HcclComm handle and every task in flight, so that a task
// outlives HcclCommDestroy safely): rank, size, device, transport and the collective sequence
// counter. Op: one operation's arguments, resolved to simulator pointers at enqueue time.
// Execute() is the task's payload: exchange through the transport (with each rank's simulated
// start, so that every rank's task ends at the latest start plus the algorithm's time), check
// that every rank called the same operation with the same arguments, compute this rank's
// result and write it.
// Thread safety: Enqueue may be called from any thread; Execute runs on the stream's worker.
// Failure: Execute returns a Status (the stream's error): err::kRtParamInvalid when the ranks'
// arguments disagree, err::kRtTaskTimeout when a peer does not join within HCCL_EXEC_TIMEOUT
// (peers that joined are waited for while they compute, up to 600 s).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/status.h"
#include "runtime/hccl/link_cost.h"
#include "runtime/hccl/reduce.h"
#include "runtime/hccl/transport.h"

namespace asim::hccl {

struct CommState {
  uint32_t rank = 0;
  uint32_t size = 0;
  int32_t device = 0;
  std::shared_ptr<Transport> transport;
  std::atomic<uint64_t> next_seq{0};
};

struct Op {
  OpKind kind = OpKind::kAllReduce;
  DataType dtype = DataType::kInt8;
  ReduceOp reduce = ReduceOp::kSum;
  uint64_t count = 0;    // elements: the buffer (all-reduce, broadcast, send/recv), the input
                         // (all-gather), the output (reduce-scatter)
  uint32_t root = 0;     // broadcast root; send/recv peer
  void* send = nullptr;  // simulator pointers (runtime hooks' translate)
  uint64_t send_bytes = 0;
  void* recv = nullptr;
  uint64_t recv_bytes = 0;
  // All-to-all: send counts, send displacements, receive counts, receive displacements
  // (elements), `size` of each.
  std::vector<uint64_t> a2a;
};

// Seconds HCCL_EXEC_TIMEOUT allows a collective to wait for its peers (default 1836, as HCCL's).
double ExecTimeoutSeconds();

// The task payload. start_ps: the task's simulated start on this rank's device; *end_ps (set
// by the caller to start + the algorithm's duration) becomes, for the collectives that meet
// every rank (not send/recv), the latest rank's start plus the duration, on every rank alike.
Status Execute(const std::shared_ptr<CommState>& comm, const Op& op, uint64_t seq, uint64_t start_ps, uint64_t* end_ps);

}  // namespace asim::hccl
