// LocalGroup: rendezvous of the ranks of one process (local_transport.h).
#include "runtime/hccl/local_transport.h"

#include <cstring>
#include <string>

namespace asim::hccl {
namespace {

std::string RankList(const std::vector<uint32_t>& ranks) {
  std::string s;
  for (uint32_t r : ranks) s += (s.empty() ? "" : ", ") + std::to_string(r);
  return s;
}

}  // namespace

template <typename Ready, typename Missing>
Status LocalGroup::WaitFor(std::unique_lock<std::mutex>& lock, Clock::time_point deadline, const char* what,
                           Ready ready, Missing missing) {
  while (!ready()) {
    const std::vector<uint32_t> awaited = missing();
    for (uint32_t r : awaited) {
      if (left_[r]) {
        return Status(err::kRtTaskTimeout, std::string(what) + ": rank " + std::to_string(r) +
                                               " left the communicator (HcclCommDestroy) without joining");
      }
    }
    if (cv_.wait_until(lock, deadline) == std::cv_status::timeout && !ready()) {
      return Status(err::kRtTaskTimeout,
                    std::string(what) + ": timed out (HCCL_EXEC_TIMEOUT) waiting for rank(s) " + RankList(missing()));
    }
  }
  return Status::Ok();
}

Status LocalGroup::Exchange(uint32_t rank, uint64_t seq, const Contribution& mine, std::vector<View>* all,
                            Clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  Round& round = rounds_[seq];
  if (round.arrived.empty()) {
    round.arrived.assign(size_, false);
    round.contributions.resize(size_);
  }
  round.contributions[rank] = mine;
  round.arrived[rank] = true;
  ++round.arrived_count;
  cv_.notify_all();
  Status st = WaitFor(
      lock, deadline, "collective", [&] { return round.arrived_count == size_; },
      [&] {
        std::vector<uint32_t> m;
        for (uint32_t r = 0; r < size_; ++r)
          if (!round.arrived[r]) m.push_back(r);
        return m;
      });
  if (!st.ok()) {
    // This rank gives up: forget its contribution so that a late peer does not read it.
    round.arrived[rank] = false;
    --round.arrived_count;
    if (round.arrived_count == 0) rounds_.erase(seq);
    return st;
  }
  all->assign(size_, View{});
  for (uint32_t r = 0; r < size_; ++r) {
    const Contribution& c = round.contributions[r];
    (*all)[r] =
        View{static_cast<const uint8_t*>(c.meta), c.meta_bytes, static_cast<const uint8_t*>(c.data), c.data_bytes};
  }
  return Status::Ok();
}

Status LocalGroup::Release(uint32_t /*rank*/, uint64_t seq, Clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto it = rounds_.find(seq);
  if (it == rounds_.end()) return Status(err::kInternalError, "collective round " + std::to_string(seq) + " is gone");
  Round& round = it->second;
  ++round.released_count;
  cv_.notify_all();
  // Peers still read this rank's buffers until they release too.
  Status st = WaitFor(
      lock, deadline, "collective (release)", [&] { return round.released_count >= size_; },
      [] { return std::vector<uint32_t>{}; });
  if (--round.arrived_count == 0) rounds_.erase(seq);
  return st;
}

Status LocalGroup::Send(uint32_t from, uint32_t to, const void* data, size_t bytes, Clock::time_point deadline) {
  auto msg = std::make_shared<Message>();
  msg->data = data;
  msg->bytes = bytes;
  std::unique_lock<std::mutex> lock(mutex_);
  mailboxes_[{from, to}].push_back(msg);
  cv_.notify_all();
  Status st = WaitFor(
      lock, deadline, "HcclSend", [&] { return msg->done; }, [&] { return std::vector<uint32_t>{to}; });
  if (!st.ok()) {
    auto& box = mailboxes_[{from, to}];
    for (auto it = box.begin(); it != box.end(); ++it) {
      if (*it == msg) {
        box.erase(it);
        break;
      }
    }
    return st;
  }
  return msg->result;
}

Status LocalGroup::Recv(uint32_t to, uint32_t from, void* data, size_t bytes, Clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto& box = mailboxes_[{from, to}];
  ASIM_RETURN_IF_ERROR(WaitFor(
      lock, deadline, "HcclRecv", [&] { return !box.empty(); }, [&] { return std::vector<uint32_t>{from}; }));
  std::shared_ptr<Message> msg = box.front();
  box.pop_front();
  if (msg->bytes != bytes) {
    msg->result = Status(err::kRtParamInvalid, "HcclSend from rank " + std::to_string(from) + " sends " +
                                                   std::to_string(msg->bytes) + " bytes, HcclRecv on rank " +
                                                   std::to_string(to) + " expects " + std::to_string(bytes));
  } else if (bytes != 0) {
    std::memcpy(data, msg->data, bytes);
  }
  msg->done = true;
  cv_.notify_all();
  return msg->result;
}

void LocalGroup::Leave(uint32_t rank) {
  std::lock_guard<std::mutex> lock(mutex_);
  left_[rank] = true;
  cv_.notify_all();
}

}  // namespace asim::hccl
