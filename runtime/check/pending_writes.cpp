// PendingWrites (see pending_writes.h). Owner: runtime/check.
// Thread safety: mutex_ guards everything. Failure: none.
#include "runtime/check/pending_writes.h"

#include <algorithm>

namespace asim::check {
namespace {

constexpr size_t kMaxWrites = 4096;

void Merge(PendingWrites::Clock* into, const PendingWrites::Clock& from) {
  for (const auto& [stream, seq] : from) {
    uint64_t& mine = (*into)[stream];
    mine = std::max(mine, seq);
  }
}

bool Overlaps(const PendingWrites::Write& w, uint64_t begin, uint64_t end) {
  return begin < w.end && w.begin < end;
}

}  // namespace

void PendingWrites::Add(const void* stream, int32_t device_id, uint64_t begin, uint64_t end, std::string what,
                        std::shared_ptr<const CallSite> site) {
  if (end <= begin) return;
  std::lock_guard<std::mutex> lock(mutex_);
  const uint64_t seq = ++streams_[stream].seq;
  if (writes_.size() >= kMaxWrites) writes_.erase(writes_.begin());
  writes_.push_back(Write{stream, device_id, seq, begin, end, std::move(what), std::move(site)});
}

PendingWrites::Clock PendingWrites::SnapshotLocked(const void* stream) const {
  auto it = streams_.find(stream);
  if (it == streams_.end()) return {};
  Clock c = it->second.knows;
  c[stream] = it->second.seq;
  return c;
}

PendingWrites::Clock PendingWrites::Snapshot(const void* stream) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return SnapshotLocked(stream);
}

void PendingWrites::Cover(const Clock& clock) {
  if (clock.empty()) return;
  std::lock_guard<std::mutex> lock(mutex_);
  writes_.erase(std::remove_if(writes_.begin(), writes_.end(),
                               [&](const Write& w) {
                                 auto it = clock.find(w.stream);
                                 return it != clock.end() && it->second >= w.seq;
                               }),
                writes_.end());
}

void PendingWrites::SyncDevice(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  writes_.erase(
      std::remove_if(writes_.begin(), writes_.end(), [&](const Write& w) { return w.device_id == device_id; }),
      writes_.end());
}

void PendingWrites::NoteRecord(const void* event, const void* stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  events_[event] = SnapshotLocked(stream);
}

void PendingWrites::SyncEvent(const void* event) {
  Clock clock;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = events_.find(event);
    if (it == events_.end()) return;
    clock = it->second;
  }
  Cover(clock);
}

void PendingWrites::NoteWait(const void* stream, const void* event) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = events_.find(event);
  if (it == events_.end()) return;
  Merge(&streams_[stream].knows, it->second);
}

void PendingWrites::ForgetStream(const void* stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  streams_.erase(stream);
  for (auto& [s, state] : streams_) state.knows.erase(stream);
  for (auto& [e, clock] : events_) clock.erase(stream);
  writes_.erase(std::remove_if(writes_.begin(), writes_.end(), [&](const Write& w) { return w.stream == stream; }),
                writes_.end());
}

void PendingWrites::ForgetEvent(const void* event) {
  std::lock_guard<std::mutex> lock(mutex_);
  events_.erase(event);
}

void PendingWrites::ForgetRange(uint64_t begin, uint64_t end) {
  std::lock_guard<std::mutex> lock(mutex_);
  writes_.erase(
      std::remove_if(writes_.begin(), writes_.end(), [&](const Write& w) { return w.begin >= begin && w.end <= end; }),
      writes_.end());
}

void PendingWrites::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  writes_.clear();
  streams_.clear();
  events_.clear();
}

std::optional<PendingWrites::Write> PendingWrites::FindUnsynced(uint64_t begin, uint64_t end) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const Write& w : writes_) {
    if (Overlaps(w, begin, end)) return w;
  }
  return std::nullopt;
}

std::optional<PendingWrites::Write> PendingWrites::FindUnordered(uint64_t begin, uint64_t end,
                                                                 const void* stream) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const Clock known = SnapshotLocked(stream);
  for (const Write& w : writes_) {
    if (!Overlaps(w, begin, end) || w.stream == stream) continue;
    auto it = known.find(w.stream);
    if (it == known.end() || it->second < w.seq) return w;
  }
  return std::nullopt;
}

size_t PendingWrites::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return writes_.size();
}

}  // namespace asim::check
