// MpiTransport: ranks in different processes (or hosts) exchange through Open MPI, one
// simulated device per process.
//
// Owns: the communicator's MPI communicator (split from MPI_COMM_WORLD by the root info's id,
// keyed by HCCL rank) and the receive buffers of the collective in flight. MPI is initialised
// (MPI_THREAD_MULTIPLE) by the first communicator if the application has not done it, and
// then finalised at exit. Every wait polls non-blocking MPI calls against the deadline, so a
// peer that never joins gives a timeout, not a hang.
// Thread safety: one call at a time per transport (its stream orders them); MPI itself is
// called under a per-transport mutex. Failure: Status (err::kRtTaskTimeout on timeout, the MPI
// error string otherwise); after a timeout the transport is broken and every later call fails.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/hccl/transport.h"

namespace asim::hccl {

class MpiTransport final : public Transport {
 public:
  // Collective over MPI_COMM_WORLD: every process of the job calls it (with its own id).
  static Status Create(uint64_t group_id, uint32_t n_ranks, uint32_t rank, std::unique_ptr<Transport>* out);
  ~MpiTransport() override;

  uint32_t rank() const override { return rank_; }
  uint32_t size() const override { return size_; }
  Status Exchange(uint64_t seq, const Contribution& mine, std::vector<View>* all, Clock::time_point deadline) override;
  Status Release(uint64_t seq, Clock::time_point deadline) override;
  Status Send(uint32_t peer, const void* data, size_t bytes, Clock::time_point deadline) override;
  Status Recv(uint32_t peer, void* data, size_t bytes, Clock::time_point deadline) override;
  void Leave() override {}

 private:
  struct Impl;
  MpiTransport(std::unique_ptr<Impl> impl, uint32_t rank, uint32_t size);
  std::unique_ptr<Impl> impl_;
  const uint32_t rank_;
  const uint32_t size_;
};

}  // namespace asim::hccl
