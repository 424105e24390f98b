#include "runtime/core/report_hub.h"

#include <chrono>

#include "runtime/core/pointer_text.h"

namespace asim::rt {

Status ReportHub::Subscribe(uint64_t thread_id, const void* stream) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = stream_to_thread_.find(stream);
  if (it != stream_to_thread_.end()) {
    return Status(err::kRepeatSubscribe, "stream " + PointerText(stream) + " is already subscribed by report thread " +
                                             std::to_string(it->second));
  }
  stream_to_thread_[stream] = thread_id;
  ++queues_[thread_id].subscriptions;
  return Status::Ok();
}

std::deque<std::shared_ptr<ReportHub::Item>> ReportHub::TakeItemsOfStreamLocked(const void* stream) {
  std::deque<std::shared_ptr<Item>> taken;
  for (auto& [tid, queue] : queues_) {
    for (auto it = queue.items.begin(); it != queue.items.end();) {
      if ((*it)->stream == stream) {
        taken.push_back(*it);
        it = queue.items.erase(it);
      } else {
        ++it;
      }
    }
  }
  return taken;
}

Status ReportHub::Unsubscribe(uint64_t thread_id, const void* stream) {
  std::deque<std::shared_ptr<Item>> leftover;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = stream_to_thread_.find(stream);
    if (it == stream_to_thread_.end()) {
      return Status(err::kStreamNotSubscribe,
                    "stream " + PointerText(stream) + " is not subscribed by any report thread");
    }
    if (it->second != thread_id) {
      return Status(err::kInvalidParam, "stream " + PointerText(stream) + " is subscribed by thread " +
                                            std::to_string(it->second) + ", not by thread " +
                                            std::to_string(thread_id));
    }
    stream_to_thread_.erase(it);
    leftover = TakeItemsOfStreamLocked(stream);
    auto q = queues_.find(thread_id);
    if (q != queues_.end() && --q->second.subscriptions <= 0 && q->second.items.empty()) queues_.erase(q);
  }
  // A report thread blocked in Process may just have lost its last subscription.
  cv_.notify_all();
  for (auto& item : leftover) RunItem(item);
  return Status::Ok();
}

void ReportHub::ForgetStream(const void* stream) {
  std::deque<std::shared_ptr<Item>> leftover;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = stream_to_thread_.find(stream);
    if (it == stream_to_thread_.end()) return;
    uint64_t tid = it->second;
    stream_to_thread_.erase(it);
    leftover = TakeItemsOfStreamLocked(stream);
    auto q = queues_.find(tid);
    if (q != queues_.end() && --q->second.subscriptions <= 0 && q->second.items.empty()) queues_.erase(q);
  }
  cv_.notify_all();  // see Unsubscribe
  for (auto& item : leftover) RunItem(item);
}

Status ReportHub::SubscriberOf(const void* stream, uint64_t* thread_id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = stream_to_thread_.find(stream);
  if (it == stream_to_thread_.end()) {
    return Status(err::kStreamNotSubscribe,
                  "stream " + PointerText(stream) +
                      " has no report thread: call aclrtSubscribeReport before aclrtLaunchCallback");
  }
  *thread_id = it->second;
  return Status::Ok();
}

void ReportHub::RunItem(const std::shared_ptr<Item>& item) {
  // Marks the item done however the callback leaves: also when it ends the thread (a Python
  // callback run while the interpreter finalizes ends its thread by unwinding through here), so
  // the stream that waits for a blocking callback is not left waiting forever.
  struct MarkDone {
    ReportHub* hub;
    Item* item;
    ~MarkDone() {
      {
        std::lock_guard<std::mutex> lock(hub->mutex_);
        item->done = true;
      }
      hub->cv_.notify_all();
    }
  } mark_done{this, item.get()};
  if (item->fn != nullptr) item->fn(item->user_data);
}

Status ReportHub::Deliver(const void* stream, Callback fn, void* user_data, bool block) {
  auto item = std::make_shared<Item>();
  item->fn = fn;
  item->user_data = user_data;
  item->stream = stream;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    auto it = stream_to_thread_.find(stream);
    if (it == stream_to_thread_.end()) {
      // The subscription went away after launch: run it here rather than lose it.
      lock.unlock();
      RunItem(item);
      return Status::Ok();
    }
    queues_[it->second].items.push_back(item);
  }
  cv_.notify_all();
  if (block) {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [&] { return item->done; });
  }
  return Status::Ok();
}

Status ReportHub::Process(uint64_t calling_thread, int32_t timeout_ms) {
  std::shared_ptr<Item> item;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    auto find_queue = [&]() -> Queue* {
      auto q = queues_.find(calling_thread);
      return q == queues_.end() ? nullptr : &q->second;
    };
    if (find_queue() == nullptr || find_queue()->subscriptions <= 0) {
      return Status(err::kThreadNotSubscribe, "thread " + std::to_string(calling_thread) +
                                                  " is not subscribed to any stream (call aclrtSubscribeReport first)");
    }
    auto ready = [&] {
      Queue* q = find_queue();
      return q == nullptr || !q->items.empty() || q->subscriptions <= 0;
    };
    if (timeout_ms < 0) {
      cv_.wait(lock, ready);
    } else {
      cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms), ready);
    }
    Queue* q = find_queue();
    if (q == nullptr || (q->items.empty() && q->subscriptions <= 0)) {
      return Status(err::kThreadNotSubscribe, "thread " + std::to_string(calling_thread) +
                                                  " was unsubscribed from its last stream while waiting");
    }
    if (q->items.empty()) {
      return Status(err::kWaitCallbackTimeout, "no callback arrived within " + std::to_string(timeout_ms) + " ms");
    }
    item = q->items.front();
    q->items.pop_front();
  }
  RunItem(item);
  return Status::Ok();
}

void ReportHub::Clear() {
  std::deque<std::shared_ptr<Item>> leftover;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [tid, queue] : queues_) {
      for (auto& item : queue.items) leftover.push_back(item);
    }
    queues_.clear();
    stream_to_thread_.clear();
  }
  for (auto& item : leftover) RunItem(item);
  cv_.notify_all();
}

}  // namespace asim::rt
