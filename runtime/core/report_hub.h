// ReportHub: aclrtSubscribeReport / aclrtLaunchCallback / aclrtProcessReport.
//
// Owns: which report thread serves which stream, and one queue of pending callbacks per
// report thread. A callback task on a stream, when the stream reaches it, hands the
// callback to the subscribed thread's queue; the application's report thread runs it inside
// aclrtProcessReport. With ACL_CALLBACK_BLOCK the stream waits until the callback returned;
// with NO_BLOCK it goes on at once.
// Thread safety: all members are thread-safe. Failure: documented AscendCL codes
// (REPEAT_SUBSCRIBE, STREAM_NOT_SUBSCRIBE, THREAD_NOT_SUBSCRIBE, WAIT_CALLBACK_TIMEOUT).
// Liveness: unsubscribing (or finalizing) runs callbacks still queued for the stream on the
// calling thread, so a blocked stream can never be left waiting forever.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

#include "base/status.h"

namespace asim::rt {

class ReportHub {
 public:
  using Callback = void (*)(void*);

  Status Subscribe(uint64_t thread_id, const void* stream);
  Status Unsubscribe(uint64_t thread_id, const void* stream);
  // Drops every subscription of `stream` (stream destroyed), running queued callbacks.
  void ForgetStream(const void* stream);
  // Returns kStreamNotSubscribe when nobody serves `stream`.
  Status SubscriberOf(const void* stream, uint64_t* thread_id) const;

  // Runs on the stream worker: queues the callback for the report thread, then waits for it
  // to complete when `block` is set.
  Status Deliver(const void* stream, Callback fn, void* user_data, bool block);

  // Runs one queued callback for the calling thread. timeout_ms < 0 waits forever.
  // kThreadNotSubscribe when the thread has (or, while waiting, loses) no subscription.
  Status Process(uint64_t calling_thread, int32_t timeout_ms);

  void Clear();  // aclFinalize: runs every queued callback inline, drops subscriptions

 private:
  struct Item {
    Callback fn = nullptr;
    void* user_data = nullptr;
    const void* stream = nullptr;
    bool done = false;
  };
  struct Queue {
    std::deque<std::shared_ptr<Item>> items;
    int subscriptions = 0;
  };
  void RunItem(const std::shared_ptr<Item>& item);
  // Caller holds mutex_; returns the items removed (to run outside the lock).
  std::deque<std::shared_ptr<Item>> TakeItemsOfStreamLocked(const void* stream);

  mutable std::mutex mutex_;
  std::condition_variable cv_;  // queue non-empty / item done
  std::map<const void*, uint64_t> stream_to_thread_;
  std::map<uint64_t, Queue> queues_;
};

}  // namespace asim::rt
