// Deadline: timeout validation and conversion (see deadline.h).
#include "runtime/tdt/deadline.h"

namespace asim::tdt {

Deadline::Deadline(int32_t timeout_ms)
    : timeout_ms_(timeout_ms), until_(Clock::now() + std::chrono::milliseconds(timeout_ms < 0 ? 0 : timeout_ms)) {}

Status Deadline::Parse(int32_t timeout_ms, Deadline* out) {
  if (timeout_ms < -1) {
    return Status(err::kInvalidParam, "timeout " + std::to_string(timeout_ms) +
                                          " ms is invalid: use -1 (wait forever), 0 (do not wait) or a positive "
                                          "number of milliseconds");
  }
  *out = Deadline(timeout_ms);
  return Status::Ok();
}

std::string Deadline::Describe() const {
  if (timeout_ms_ == 0) return "without waiting (timeout 0)";
  if (timeout_ms_ < 0) return "while waiting forever";
  return "after waiting " + std::to_string(timeout_ms_) + " ms";
}

}  // namespace asim::tdt
