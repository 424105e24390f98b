// Deadline: an AscendCL timeout in milliseconds (-1 waits forever, 0 does not wait, > 0
// waits that long) turned into a point in steady time.
//
// Owns: the one place where tdt timeouts are validated and converted. Owner: runtime/tdt.
// Thread safety: a value type. Failure: Parse rejects timeouts below -1 (kInvalidParam).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>

#include "base/status.h"

namespace asim::tdt {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  // -1: forever; 0: now; > 0: now + timeout_ms. Anything else is kInvalidParam.
  static Status Parse(int32_t timeout_ms, Deadline* out);
  static Deadline Forever() { return Deadline(-1); }
  static Deadline Now() { return Deadline(0); }

  int32_t timeout_ms() const { return timeout_ms_; }
  bool forever() const { return timeout_ms_ < 0; }

  // Waits on `cv` until `ready()` holds or the deadline passes; returns ready().
  template <typename Pred>
  bool Wait(std::condition_variable& cv, std::unique_lock<std::mutex>& lock, Pred ready) const {
    if (forever()) {
      cv.wait(lock, ready);
      return true;
    }
    return cv.wait_until(lock, until_, ready);
  }

  // "without waiting" / "after waiting 20 ms", for messages.
  std::string Describe() const;

 private:
  explicit Deadline(int32_t timeout_ms);

  int32_t timeout_ms_;
  Clock::time_point until_;
};

}  // namespace asim::tdt
