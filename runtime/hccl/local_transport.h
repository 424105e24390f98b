// LocalTransport: the ranks of one process (HcclCommInitAll, or a one-rank communicator) meet in
// a shared LocalGroup and read each other's device memory directly (the simulator's memory is
// this process's).
//
// Owns: LocalGroup (shared by the group's transports through shared_ptr): the rounds of
// collectives in flight and the point-to-point mailboxes. Thread safety: all members are
// thread-safe (one mutex and condition variable per group). Failure: see transport.h; a rank
// that called Leave() makes every wait that needs it fail at once.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "runtime/hccl/transport.h"

namespace asim::hccl {

class LocalGroup {
 public:
  explicit LocalGroup(uint32_t size) : size_(size), left_(size, false) {}
  uint32_t size() const { return size_; }

  Status Exchange(uint32_t rank, uint64_t seq, const Contribution& mine, std::vector<View>* all,
                  Clock::time_point deadline);
  Status Release(uint32_t rank, uint64_t seq, Clock::time_point deadline);
  Status Send(uint32_t from, uint32_t to, const void* data, size_t bytes, Clock::time_point deadline);
  Status Recv(uint32_t to, uint32_t from, void* data, size_t bytes, Clock::time_point deadline);
  void Leave(uint32_t rank);

 private:
  struct Round {
    std::vector<Contribution> contributions;
    std::vector<bool> arrived;
    uint32_t arrived_count = 0;
    uint32_t released_count = 0;
  };
  struct Message {
    const void* data = nullptr;
    size_t bytes = 0;
    bool done = false;
    Status result;  // set by the receiver
  };
  // Waits (lock held) until `ready` or the deadline; `missing` names the ranks still awaited
  // for the error message. Fails early when an awaited rank left.
  template <typename Ready, typename Missing>
  Status WaitFor(std::unique_lock<std::mutex>& lock, Clock::time_point deadline, const char* what, Ready ready,
                 Missing missing);

  const uint32_t size_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<bool> left_;
  std::map<uint64_t, Round> rounds_;
  std::map<std::pair<uint32_t, uint32_t>, std::deque<std::shared_ptr<Message>>> mailboxes_;  // (from, to)
};

class LocalTransport final : public Transport {
 public:
  LocalTransport(std::shared_ptr<LocalGroup> group, uint32_t rank) : group_(std::move(group)), rank_(rank) {}
  uint32_t rank() const override { return rank_; }
  uint32_t size() const override { return group_->size(); }
  Status Exchange(uint64_t seq, const Contribution& mine, std::vector<View>* all, Clock::time_point deadline) override {
    return group_->Exchange(rank_, seq, mine, all, deadline);
  }
  Status Release(uint64_t seq, Clock::time_point deadline) override { return group_->Release(rank_, seq, deadline); }
  Status Send(uint32_t peer, const void* data, size_t bytes, Clock::time_point deadline) override {
    return group_->Send(rank_, peer, data, bytes, deadline);
  }
  Status Recv(uint32_t peer, void* data, size_t bytes, Clock::time_point deadline) override {
    return group_->Recv(rank_, peer, data, bytes, deadline);
  }
  void Leave() override { group_->Leave(rank_); }

 private:
  std::shared_ptr<LocalGroup> group_;
  const uint32_t rank_;
};

}  // namespace asim::hccl
