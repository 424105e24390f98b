// Transport: how the ranks of one communicator meet for a collective and exchange data.
//
// A collective is one Exchange (every rank contributes a small metadata block and its data and
// sees every rank's), the rank's own computation over what it sees, and one Release (after
// which the views are invalid and peers may reuse their buffers). Point-to-point operations go
// through Send/Recv. Two implementations: LocalTransport (ranks in this process read each
// other's device memory directly) and MpiTransport (ranks in different processes, Open MPI).
// Collectives are matched by their per-communicator sequence number: the n-th collective call
// of every rank meets the n-th of the others, as in HCCL.
// Thread safety: a Transport is used by its rank's stream workers; one call at a time per
// rank (the stream orders them). Failure: a Status; a peer that does not join before the
// deadline gives err::kRtTaskTimeout, a peer that left (HcclCommDestroy, process exit) an error.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/status.h"

namespace asim::hccl {

using Clock = std::chrono::steady_clock;

struct Contribution {
  const void* meta = nullptr;
  size_t meta_bytes = 0;
  const void* data = nullptr;  // may be null when data_bytes is 0
  size_t data_bytes = 0;
};

struct View {
  const uint8_t* meta = nullptr;
  size_t meta_bytes = 0;
  const uint8_t* data = nullptr;
  size_t data_bytes = 0;
};

class Transport {
 public:
  virtual ~Transport() = default;
  virtual uint32_t rank() const = 0;
  virtual uint32_t size() const = 0;
  // all->size() == size(); (*all)[rank()] is this rank's own contribution.
  virtual Status Exchange(uint64_t seq, const Contribution& mine, std::vector<View>* all,
                          Clock::time_point deadline) = 0;
  virtual Status Release(uint64_t seq, Clock::time_point deadline) = 0;
  // Messages between a pair of ranks arrive in the order they were sent.
  virtual Status Send(uint32_t peer, const void* data, size_t bytes, Clock::time_point deadline) = 0;
  // Fails when the matching Send carries a different number of bytes.
  virtual Status Recv(uint32_t peer, void* data, size_t bytes, Clock::time_point deadline) = 0;
  // This rank leaves (HcclCommDestroy): peers waiting for it fail instead of waiting.
  virtual void Leave() = 0;
};

}  // namespace asim::hccl
